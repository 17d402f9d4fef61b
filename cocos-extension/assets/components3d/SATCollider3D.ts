/**
 * Base of the 3D colliders (SATBoxCollider3D, SATSphereCollider3D, SATCapsuleCollider3D, SATConvexCollider3D),
 * in the spirit of Cocos' physics `Collider`: `center`, `isTrigger`, a physics group (Project Settings → Physics)
 * whose mask comes from the collision matrix, and the events `onCollisionEnter` / `onCollisionStay` /
 * `onCollisionExit` (neither collider a trigger) and `onTriggerEnter` / `onTriggerStay` / `onTriggerExit` (either
 * one a trigger), each with one {@link SATCollisionEvent3D}. Each enabled collider is one body in the 3D collision
 * system's world (system3d/SATCollisionManager3D.ts), placed at its node's world transform.
 *
 * The system registers itself as the colliders' host when it starts: colliders do not import it.
 */
import { _decorator, CCBoolean, Component, EventTarget, Vec3 } from 'cc';
import { SATGroup } from '../runtime/groups';
import type { SATError } from '../lib/errors.js';

const { ccclass, property } = _decorator;

/** The event names, as Cocos' physics `CollisionEventType` and `TriggerEventType`. */
export const SATCollisionEventType3D = {
  COLLISION_ENTER: 'onCollisionEnter',
  COLLISION_STAY: 'onCollisionStay',
  COLLISION_EXIT: 'onCollisionExit',
  TRIGGER_ENTER: 'onTriggerEnter',
  TRIGGER_STAY: 'onTriggerStay',
  TRIGGER_EXIT: 'onTriggerExit',
} as const;

/** One contact point, as seen from `selfCollider` (shaped after `IContactEquation`'s world accessors). */
export interface SATContact3D {
  /** world point midway between the two surfaces */
  readonly point: Vec3;
  /** unit normal from self towards other (world); moving other by normal * depth separates the pair */
  readonly normal: Vec3;
  /** penetration at this point (world units) */
  readonly depth: number;
  /** the point on self's surface */
  getWorldPointOnA(out: Vec3): Vec3;
  /** the point on other's surface */
  getWorldPointOnB(out: Vec3): Vec3;
  /** the normal on self (towards other) */
  getWorldNormalOnA(out: Vec3): Vec3;
  /** the normal on other (towards self) */
  getWorldNormalOnB(out: Vec3): Vec3;
}

/**
 * What a handler receives, shaped like Cocos' `ICollisionEvent` (`type`, `selfCollider`, `otherCollider`,
 * `contacts`) plus the pair's minimum translation (`normal`, `depth`). Trigger events carry the same fields. The
 * object is reused while the pair touches: copy what you keep beyond the handler.
 */
export interface SATCollisionEvent3D {
  readonly type: string;
  readonly selfCollider: SATCollider3D;
  readonly otherCollider: SATCollider3D;
  /** one to four contact points (none in the exit events) */
  readonly contacts: readonly SATContact3D[];
  /** unit normal from self towards other: the deciding axis of the separating-axis test */
  readonly normal: Vec3;
  /** penetration depth along `normal` (0 in the exit events) */
  readonly depth: number;
  /** whether either collider is a trigger */
  readonly isTrigger: boolean;
}

export type SATCollisionCallback3D = (event: SATCollisionEvent3D) => void;

/** A shape in the node frame, before `center`. */
export type LocalShape3 =
  | { kind: 'box'; hx: number; hy: number; hz: number }
  | { kind: 'sphere'; radius: number }
  | { kind: 'capsule'; ax: number; ay: number; az: number; bx: number; by: number; bz: number; radius: number }
  | { kind: 'hull'; points: Float32Array; maxVertices?: number };

/** What the 3D collision system does for colliders (it sets itself as the host when it starts). */
export interface ColliderHost3D {
  add(c: SATCollider3D): void;
  remove(c: SATCollider3D): void;
  filterChanged(c: SATCollider3D): void;
  maskOf(group: number): number;
}

let host: ColliderHost3D | null = null;
const waiting = new Set<SATCollider3D>();

/** @internal Called once by the 3D collision system; colliders enabled before it existed join now. */
export function _setColliderHost3D(h: ColliderHost3D): void {
  host = h;
  for (const c of waiting) h.add(c);
  waiting.clear();
}

let nextKey = 1;

@ccclass('SATCollider3D')
export class SATCollider3D extends Component {
  @property({ type: SATGroup, tooltip: 'Physics group (Project Settings → Physics). The collision matrix says which groups meet.' })
  get group(): number {
    return this._group;
  }
  set group(v: number) {
    if (v === this._group) return;
    this._group = v >>> 0;
    host?.filterChanged(this);
  }

  @property({ type: CCBoolean, tooltip: 'A trigger reports onTrigger* events instead of onCollision*.' })
  get isTrigger(): boolean {
    return this._isTrigger;
  }
  set isTrigger(v: boolean) {
    if (v === this._isTrigger) return;
    this._isTrigger = v;
    this._shapeDirty = true;
  }

  @property({ type: Vec3, tooltip: 'Centre of the shape in the node frame (node units: scaled and rotated with the node).' })
  get center(): Vec3 {
    return this._center;
  }
  set center(v: Vec3) {
    this._center = new Vec3(v.x, v.y, v.z);
    this._shapeDirty = true;
  }

  @property
  protected _group = 1;
  @property
  protected _isTrigger = false;
  @property
  protected _center = new Vec3();

  /** As Cocos' Collider.getGroup(). */
  getGroup(): number {
    return this._group;
  }
  /** As Cocos' Collider.setGroup(). */
  setGroup(v: number): void {
    this.group = v;
  }
  /** The groups this collider meets: the collision matrix's row of its group (every group when it has none). */
  getMask(): number {
    return host ? host.maskOf(this._group) : 0xffffffff;
  }

  // ---- state the collision system keeps (not for users) -------------------------------------------------------
  /** @internal stable number of this collider (pair keys) */
  readonly _key = nextKey++;
  /** @internal body id in the world, 0 when none */
  _bodyId = 0;
  /** @internal the body must be made again (shape, center, trigger changed) */
  _shapeDirty = true;
  /** @internal the node must be read again even if it did not move */
  _transformDirty = true;
  /** @internal colliders touching this one (null once destroyed) */
  _touching: Set<SATCollider3D> | null = new Set();

  private _events: EventTarget | null = new EventTarget();
  private _error: SATError | null = null;

  /** Whether this collider is in the world (the module is loaded and its shape is valid). */
  get inWorld(): boolean {
    return this._bodyId !== 0;
  }

  /** Colliders touching this one as of the last update. */
  get touching(): SATCollider3D[] {
    return this._touching ? [...this._touching] : [];
  }

  /**
   * Why the last attempt to make this collider's shape failed (a `SATError` with a `code` such as `TooFewPoints`,
   * `NonFinite`, `Coplanar`, `InvalidRadius`), or null. The message names the component and node.
   */
  get error(): SATError | null {
    return this._error;
  }
  /** @internal */
  _setError(e: SATError | null): void {
    this._error = e;
  }

  /** Makes the shape again at the next update (after editing geometry in place). */
  apply(): void {
    this._shapeDirty = true;
  }

  /** Listen to the collision and trigger events (see SATCollisionEventType3D). */
  on(type: string, callback: SATCollisionCallback3D, target?: unknown): void {
    this._events?.on(type, callback, target);
  }
  once(type: string, callback: SATCollisionCallback3D, target?: unknown): void {
    this._events?.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._events?.off(type, callback, target);
  }
  /** @internal */
  _emit(event: SATCollisionEvent3D): void {
    this._events?.emit(event.type, event);
  }

  /**
   * The shape in the node frame (before `center`), or a message saying why there is none. May throw a SATError.
   * @internal implemented by each collider
   */
  _describe(): LocalShape3 | string {
    return `${this._className()} does not describe a shape`;
  }

  /** @internal the component's name for messages (constructor names do not survive minification) */
  _className(): string {
    return 'SATCollider3D';
  }

  /** The name used in messages: `SATBoxCollider3D on node "Level/Crate"`. */
  describeForLog(): string {
    const path: string[] = [];
    for (let n = this.node; n; n = n.parent as typeof n) path.unshift(n.name);
    return `${this._className()} on node "${path.slice(1).join('/') || this.node?.name}"`;
  }

  protected onEnable(): void {
    this._transformDirty = true;
    if (host) host.add(this);
    else waiting.add(this);
  }

  protected onDisable(): void {
    waiting.delete(this);
    host?.remove(this);
  }

  protected onDestroy(): void {
    waiting.delete(this);
    host?.remove(this);
    this._events = null;
  }
}
