/**
 * Base of the sat-wasm colliders (SATPolygon, SATBox, SATCircle, SATCapsule). Like Cocos' Collider2D: a group,
 * a sensor flag, an offset and a tag, `worldAABB` and `apply()`, plus a push-apart mass or static flag. Each
 * enabled collider is one body in the collision system's world, placed at its node's world transform.
 *
 * Events (also emitted on the node, and on the manager with (colliderA, colliderB, contact)):
 * `'begin-contact'`, `'stay-contact'`, `'end-contact'` (and `'pre-solve'` / `'post-solve'` around push-apart),
 * with `(self, other, contact)`; see SATContact and SATContactType.
 *
 * The collision system (system/SATCollisionSystem.ts) registers itself here as the colliders' host when it
 * starts: colliders do not import it, so imports run one way (system -> colliders).
 */
import { _decorator, CCBoolean, CCFloat, CCInteger, CCObject, Color, Component, EventTarget, Graphics, Node, Rect, Vec2 } from 'cc';
import { EDITOR } from 'cc/env';
import { SATGroup } from '../runtime/groups';
import { placeGeometry, type LocalGeometry } from '../runtime/geometry';
import { IDENTITY_PLACEMENT, strokeGeometry } from '../runtime/outline';

const { ccclass, property, executeInEditMode } = _decorator;

/** A contact's world manifold, as IPhysics2DWorldManifold. */
export interface SATWorldManifold {
  /** world contact points (1 or 2; none once the pair ended) */
  points: Vec2[];
  /** signed distance at each point: negative when penetrating (-depth), as Box2D */
  separations: number[];
  /** unit normal from colliderA towards colliderB */
  normal: Vec2;
}

/**
 * A contact as one collider sees it, shaped like Cocos' IPhysics2DContact (colliderA / colliderB,
 * getWorldManifold(), disabled / disabledOnce) plus the minimum translation vector as seen from `selfCollider`.
 * The same object is reused while the pair touches: copy what you keep beyond the handler.
 */
export interface SATContact {
  /** the pair's first collider (the same on both colliders' views) */
  readonly colliderA: SATCollider;
  /** the pair's second collider */
  readonly colliderB: SATCollider;
  /** Push-apart leaves a disabled pair alone while it touches (set it in begin-contact or pre-solve). */
  disabled: boolean;
  /** Push-apart leaves the pair alone this frame only. */
  disabledOnce: boolean;
  /** points, separations and the normal A -> B, in world units */
  getWorldManifold(): SATWorldManifold;
  /** whether the pair touches (false in end-contact) */
  isTouching(): boolean;

  /** the collider receiving the event */
  readonly selfCollider: SATCollider;
  /** the other collider */
  readonly otherCollider: SATCollider;
  /** unit normal from self towards other (world); moving other by normal * depth separates them */
  readonly normal: Vec2;
  /** penetration depth in world units (> 0 overlapping); 0 in end-contact */
  readonly depth: number;
  /** world contact points, 1 or 2 (none in end-contact) */
  readonly points: Vec2[];
  /** penetration at each point */
  readonly pointDepths: number[];
  /** whether either collider is a sensor */
  readonly isSensor: boolean;
}

export type SATContactCallback = (self: SATCollider, other: SATCollider, contact: SATContact) => void;

/** What the collision system does for colliders (it sets itself as the host when it starts). */
export interface ColliderHost {
  add(c: SATCollider): void;
  remove(c: SATCollider): void;
  /** the group changed: re-filter now */
  filterChanged(c: SATCollider): void;
  /** world bounds as of the last update; false when the collider has no body */
  boundsOf(c: SATCollider, out: Rect): boolean;
}

let host: ColliderHost | null = null;
const waiting = new Set<SATCollider>();

/** @internal Called once by the collision system; colliders enabled before it existed join now. */
export function _setColliderHost(h: ColliderHost): void {
  host = h;
  for (const c of waiting) h.add(c);
  waiting.clear();
}

@ccclass('SATCollider')
@executeInEditMode
export class SATCollider extends Component {
  @property({ type: SATGroup, tooltip: 'Physics group (Project Settings → Physics). The collision matrix says which groups meet.' })
  get group(): number {
    return this._group;
  }
  set group(v: number) {
    if (v === this._group) return;
    this._group = v >>> 0;
    this._filterDirty = true;
    if (this._bodyId !== 0) host?.filterChanged(this);
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
    this._mass = v;
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

  // ---- state the collision system keeps (not for users) -------------------------------------------------------
  /** @internal body id in the world, 0 when none */
  _bodyId = 0;
  /** @internal the shape must be made again (geometry or offset changed) */
  _shapeDirty = true;
  /** @internal the body must be made again (sensor / static changed) */
  _bodyDirty = false;
  /** @internal group changed */
  _filterDirty = false;
  /** @internal the node must be read again even if it did not move (just enabled, rebuilt, moved late) */
  _transformDirty = true;
  /** @internal the last attempt to make the body failed (reported in the console) */
  _failed = false;
  /** @internal colliders touching this one, with the contact as this one sees it (null once destroyed) */
  _touching: Map<SATCollider, SATContact> | null = new Map();
  /** @internal the geometry the body was made from (local, offset and shear applied), for debug drawing */
  _geometry: LocalGeometry | null = null;

  private _events: EventTarget | null = new EventTarget();
  private _aabb = new Rect();
  private _outline: Graphics | null = null;

  /** Whether this collider is in the world (the module is loaded and its shape is valid). */
  get inWorld(): boolean {
    return this._bodyId !== 0;
  }

  /** Colliders touching this one as of the last update. */
  get touching(): SATCollider[] {
    return this._touching ? [...this._touching.keys()] : [];
  }

  /** World bounds as of the last update (as Collider2D.worldAABB); empty when not in the world. */
  get worldAABB(): Readonly<Rect> {
    if (!host || !this._touching || !host.boundsOf(this, this._aabb)) this._aabb.set(0, 0, 0, 0);
    return this._aabb;
  }

  /** Apply geometry changes made without the setters (e.g. editing `points` in place), as Collider2D.apply(). */
  apply(): void {
    this._shapeDirty = true;
  }

  /**
   * Listen to 'begin-contact' / 'stay-contact' / 'end-contact' / 'pre-solve' / 'post-solve' (Contact2DType's
   * names work): `(self, other, contact)`. On a destroyed collider on / once / off do nothing (as Collider2D):
   * other components may unsubscribe in their own onDestroy, after the engine has cleared this one.
   */
  on(type: string, callback: SATContactCallback, target?: unknown): void {
    this._events?.on(type, callback, target);
  }
  once(type: string, callback: SATContactCallback, target?: unknown): void {
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

  /** Local points (offset applied) mapped by the node's world matrix, skew included. */
  protected _toWorld(points: ReadonlyArray<{ x: number; y: number }>): Vec2[] {
    const m = this.node.worldMatrix;
    const ox = this._offset.x, oy = this._offset.y;
    return points.map((p) => {
      const x = p.x + ox, y = p.y + oy;
      return new Vec2(m.m00 * x + m.m04 * y + m.m12, m.m01 * x + m.m05 * y + m.m13);
    });
  }

  protected onEnable(): void {
    this._transformDirty = true;
    if (host) host.add(this);
    else waiting.add(this);
  }

  protected onDisable(): void {
    waiting.delete(this);
    host?.remove(this);
    this._removeOutline();
  }

  protected onDestroy(): void {
    waiting.delete(this);
    host?.remove(this);
    this._removeOutline();
    this._events = null;
  }

  // ---- the outline in the editor's scene view ------------------------------------------------------------------

  /**
   * Draws the collider into a Graphics on a hidden child node that the scene never saves: in the node's frame,
   * so the node's transform (skew included) places it.
   * @internal
   */
  _drawOutline(): void {
    const g = this._outlineGraphics();
    if (!g) return;
    g.clear();
    const described = this._describe();
    if (typeof described === 'string') return;
    g.strokeColor = this._sensor ? Color.YELLOW : Color.GREEN;
    g.lineWidth = 2;
    strokeGeometry(g, placeGeometry(described, this._offset.x, this._offset.y, 0), IDENTITY_PLACEMENT);
  }

  /** @internal the editor outline's Graphics (null when none was made) */
  get _outlineGraphicsForTests(): Graphics | null {
    return this._outline;
  }

  private _outlineGraphics(): Graphics | null {
    if (this._outline?.isValid) return this._outline;
    if (!this.node) return null;
    const child = new Node('SAT_OUTLINE');
    child._objFlags |= CCObject.Flags.DontSave | CCObject.Flags.HideInHierarchy | CCObject.Flags.LockedInEditor;
    child.layer = this.node.layer;
    child.parent = this.node;
    this._outline = child.addComponent(Graphics);
    return this._outline;
  }

  private _removeOutline(): void {
    if (this._outline?.isValid) this._outline.node.destroy();
    this._outline = null;
  }
}

// The outline is redrawn every editor frame (shape, offset and sensor edits show at once). Only in the editor:
// at run time a collider has no update() for the engine to call.
if (EDITOR) {
  (SATCollider.prototype as unknown as { update: () => void }).update = function (this: SATCollider) {
    this._drawOutline();
  };
}
