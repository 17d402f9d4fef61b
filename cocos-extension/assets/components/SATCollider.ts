/**
 * Base of the sat-wasm colliders (SATPolygon, SATBox, SATCircle, SATCapsule). Like Cocos' Collider2D: a group bit,
 * a sensor flag, an offset and a tag, plus a push-apart mass or static flag. Each enabled collider is one body in
 * the SATCollisionManager's world, placed at its node's world transform.
 *
 * Events (also emitted on the node, and on the manager with (colliderA, colliderB, contact)):
 * `'begin-contact'`, `'stay-contact'`, `'end-contact'`, with `(self, other, contact)`; see SATContact.
 */
import { _decorator, CCBoolean, CCFloat, CCInteger, Component, EventTarget, Vec2 } from 'cc';
import { SATCollisionManager } from './SATCollisionManager';
import type { LocalGeometry } from '../runtime/geometry';

const { ccclass, property, executeInEditMode } = _decorator;

/** A contact as one collider sees it. The same object is reused while the pair touches: copy what you keep. */
export interface SATContact {
  /** the collider receiving the event */
  readonly selfCollider: SATCollider;
  /** the other collider */
  readonly otherCollider: SATCollider;
  /** unit normal from self towards other (world); moving other by normal * depth separates them */
  readonly normal: Vec2;
  /** penetration depth in world units (> 0 overlapping); 0 in end-contact */
  depth: number;
  /** world contact points, 1 or 2 (none in end-contact) */
  readonly points: Vec2[];
  /** penetration at each point */
  readonly pointDepths: number[];
  /** whether either collider is a sensor */
  isSensor: boolean;
}

/** The events a collider and the manager emit. */
export const SATContactEvent = {
  BEGIN_CONTACT: 'begin-contact',
  STAY_CONTACT: 'stay-contact',
  END_CONTACT: 'end-contact',
} as const;

@ccclass('SATCollider')
@executeInEditMode
export class SATCollider extends Component {
  @property({ type: CCInteger, tooltip: 'Group bit (1, 2, 4, ...), as PhysicsGroup2D. SATCollisionManager.collisionMatrix[group] says which groups it meets.' })
  get group(): number {
    return this._group;
  }
  set group(v: number) {
    if (v === this._group) return;
    this._group = v >>> 0;
    this._filterDirty = true;
  }

  @property({ type: CCBoolean, tooltip: 'A sensor reports contacts but is never pushed apart.' })
  get sensor(): boolean {
    return this._sensor;
  }
  set sensor(v: boolean) {
    if (v === this._sensor) return;
    this._sensor = v;
    this._bodyDirty = true;
  }

  @property({ type: Vec2, tooltip: 'Offset of the shape in the node frame (node units, before scale).' })
  get offset(): Vec2 {
    return this._offset;
  }
  set offset(v: Vec2) {
    this._offset = new Vec2(v.x, v.y);
    this._shapeDirty = true;
  }

  @property({ type: CCInteger, tooltip: 'Any number of yours, to tell colliders apart in event handlers.' })
  tag = 0;

  @property({ type: CCBoolean, tooltip: 'Push-apart: a static collider never moves and never meets other static colliders.' })
  get isStatic(): boolean {
    return this._static;
  }
  set isStatic(v: boolean) {
    if (v === this._static) return;
    this._static = v;
    this._bodyDirty = true;
  }

  @property({ type: CCFloat, min: 0.0001, tooltip: 'Push-apart weight (> 0): of two overlapping colliders, the lighter moves more.' })
  get mass(): number {
    return this._mass;
  }
  set mass(v: number) {
    if (v === this._mass) return;
    this._mass = v;
    this._massDirty = true;
  }

  @property
  protected _group = 1;
  @property
  protected _sensor = false;
  @property
  protected _offset = new Vec2();
  @property
  protected _static = false;
  @property
  protected _mass = 1;

  // ---- state the manager keeps (not for users) ----------------------------------------------------------------
  /** @internal body id in the manager's world, 0 when none */
  _bodyId = 0;
  /** @internal the shape must be made again (geometry or offset changed) */
  _shapeDirty = true;
  /** @internal the body must be made again (sensor / static changed) */
  _bodyDirty = false;
  /** @internal group or mask changed */
  _filterDirty = false;
  /** @internal mass changed */
  _massDirty = false;
  /** @internal the node must be read again even if it did not move (just enabled, rebuilt) */
  _transformDirty = true;
  /** @internal the last attempt to make the body failed (reported in the console) */
  _failed = false;
  /** @internal colliders touching this one, with the contact as this one sees it */
  readonly _touching = new Map<SATCollider, SATContact>();
  /** @internal the geometry the body was made from (local, offset and shear applied), for debug drawing */
  _geometry: LocalGeometry | null = null;

  private _events: EventTarget | null = new EventTarget();

  /** The manager (one per game). */
  get manager(): SATCollisionManager {
    return SATCollisionManager.instance;
  }

  /** Whether this collider is in the world (the module is loaded and its shape is valid). */
  get inWorld(): boolean {
    return this._bodyId !== 0;
  }

  /** Colliders touching this one as of the last update. */
  get touching(): SATCollider[] {
    return this._touching ? [...this._touching.keys()] : []; // null once destroyed (the engine nulls its fields)
  }

  /** Apply geometry changes made without the setters (e.g. editing `points` in place). */
  apply(): void {
    this._shapeDirty = true;
  }

  /**
   * Listen to 'begin-contact' / 'stay-contact' / 'end-contact': `(self, other, contact)`. On a destroyed collider
   * on / once / off do nothing (as Collider2D): other components may unsubscribe in their own onDestroy, after
   * the engine has cleared this one.
   */
  on(type: string, callback: (self: SATCollider, other: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events?.on(type, callback, target);
  }
  once(type: string, callback: (self: SATCollider, other: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events?.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._events?.off(type, callback, target);
  }
  /** @internal emits on the collider, then on its node */
  _emit(type: string, other: SATCollider, contact: SATContact): void {
    this._events?.emit(type, this, other, contact);
    if (this.node && this.node.isValid) this.node.emit(type, this, other, contact);
  }

  /**
   * The shape in the node frame, before offset and shear, or a message saying why there is none.
   * @internal implemented by each collider
   */
  _describe(): LocalGeometry | string {
    return `${this._className()} does not describe a shape`;
  }

  /** @internal the component's name for messages (constructor names do not survive minification) */
  _className(): string {
    return 'SATCollider';
  }

  /** The name used in messages: `SATBox on node "Player"`. */
  describeForLog(): string {
    const path: string[] = [];
    for (let n = this.node; n; n = n.parent as typeof n) path.unshift(n.name);
    return `${this._className()} on node "${path.slice(1).join('/') || this.node?.name}"`;
  }

  protected onEnable(): void {
    this._transformDirty = true;
    SATCollisionManager.instance._addCollider(this);
  }

  protected onDisable(): void {
    SATCollisionManager.instance._removeCollider(this);
  }

  protected onDestroy(): void {
    SATCollisionManager.instance._removeCollider(this);
    this._events = new EventTarget();
  }
}
