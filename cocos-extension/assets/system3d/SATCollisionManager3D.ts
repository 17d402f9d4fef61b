/**
 * The game's 3D collision world, in the spirit of Cocos' physics `PhysicsSystem`: one instance
 * (`SATCollisionManager3D.instance`), an engine System registered with the director as 'sat-wasm.collision3d',
 * so no scene node is needed. Every frame after all components' lateUpdate (System.postUpdate) it
 *   1. reads the world matrix of each 3D collider whose node moved, or whose shape changed,
 *   2. runs one 3D world update (dynamic AABB tree, SAT with a cache per pair) in WebAssembly,
 *   3. emits onCollisionEnter / onTriggerEnter, then the stays, then the exits: on itself as collider A sees the
 *      pair, then on both colliders,
 *   4. draws the debug layer through a camera's GeometryRenderer.
 *
 * The 3D module loads on first use (a 3D collider enabled, `ready`): see runtime/loader3d.ts.
 */
import { director, Director, EventTarget, geometry, System, Vec3, type GeometryRenderer } from 'cc';
import { EDITOR } from 'cc/env';
import type { SAT3D, World3 } from '../lib/3d.js';
import type { SATError } from '../lib/errors.js';
import { ensureSAT3DLoaded, load3DState, onSAT3DReady } from '../runtime/loader3d';
import { applyProjectPhysics, watchedMatrix } from '../runtime/groups';
import { ALL_GROUPS } from '../runtime/types';
import {
  _setColliderHost3D,
  SATCollisionEventType3D,
  type ColliderHost3D,
  type SATCollider3D,
  type SATCollisionCallback3D,
} from '../components3d/SATCollider3D';
import { BodyTable3 } from './bodies3d';
import { ContactEvents3 } from './events3d';
import { drawWorld3, SATDrawFlags3D, worldBounds } from './debug-draw3d';

/** Name of the System registered with the director. */
export const SAT_SYSTEM_3D_ID = 'sat-wasm.collision3d';

/** Rays longer than this are cut to it: the 3D world takes coordinates up to 1e6. */
export const MAX_RAY_DISTANCE_3D = 1e6;

/** A ray hit, shaped like Cocos' PhysicsRayResult. */
export class SATRaycastResult3D {
  collider: SATCollider3D | null = null;
  /** distance from the ray's origin */
  distance = 0;
  readonly hitPoint = new Vec3();
  /** the surface normal at the hit, facing the ray */
  readonly hitNormal = new Vec3();
}

export class SATCollisionManager3D extends System implements ColliderHost3D {
  static readonly ID = SAT_SYSTEM_3D_ID;
  private static _instance: SATCollisionManager3D | null = null;

  /** The game's 3D collision system (made and registered on first use). */
  static get instance(): SATCollisionManager3D {
    if (!SATCollisionManager3D._instance) {
      const s = new SATCollisionManager3D();
      SATCollisionManager3D._instance = s;
      director.registerSystem(SAT_SYSTEM_3D_ID, s, System.Priority.LOW);
      _setColliderHost3D(s);
    }
    return SATCollisionManager3D._instance;
  }

  /** Event names (Cocos' CollisionEventType and TriggerEventType strings). */
  static readonly EventType = SATCollisionEventType3D;

  /** Whether the world updates and emits events. */
  enable = true;

  /** Bits of SATDrawFlags3D, drawn through `debugRenderer` (the first scene camera's GeometryRenderer when not set). */
  debugDrawFlags = SATDrawFlags3D.None as number;
  /** Where debug drawing goes; null: the GeometryRenderer of the scene's first camera (made when it has none). */
  debugRenderer: GeometryRenderer | null = null;

  /**
   * collisionMatrix[groupValue] = mask of the groups it meets, as PhysicsSystem.collisionMatrix; filled from Project
   * Settings → Physics. Two colliders meet iff (matrix[a.group] & b.group) && (matrix[b.group] & a.group). A group
   * with no entry meets all groups. Writing an entry takes effect at the next update.
   */
  readonly collisionMatrix: Record<number, number>;
  /** The project's named physics groups (name -> group value). */
  readonly groups: Record<string, number> = {};

  /** Hits of the last `raycast`, closest first (one per collider), as PhysicsSystem.raycastResults. */
  readonly raycastResults: SATRaycastResult3D[] = [];
  /** The hit of the last successful `raycastClosest`, as PhysicsSystem.raycastClosestResult. */
  readonly raycastClosestResult = new SATRaycastResult3D();

  private _sat3: SAT3D | null = null;
  private _world: World3 | null = null;
  private _bodies: BodyTable3 | null = null;
  private _target = new EventTarget();
  private _events = new ContactEvents3(this._target);
  private _colliders = new Set<SATCollider3D>();
  private _matrixVersion = 1;
  private _appliedMatrixVersion = 1;
  private _warned = new Set<string>();
  private _resultPool: SATRaycastResult3D[] = [];

  private constructor() {
    super();
    this.collisionMatrix = watchedMatrix(() => this._matrixVersion++);
    this.readProjectSettings();
    onSAT3DReady((sat3) => this._makeWorld(sat3));
    director.on(Director.EVENT_AFTER_DRAW, this._markLateMoves, this);
  }

  /** Reads the physics groups and collision matrix from Project Settings (as PhysicsSystem does at start). */
  readProjectSettings(): void {
    applyProjectPhysics(this.groups, this.collisionMatrix);
  }

  /** Whether the 3D module is loaded. */
  get isReady(): boolean {
    return this._world !== null;
  }

  /** Starts loading the 3D module if needed; resolves when it is loaded (rejects if loading failed). */
  get ready(): Promise<void> {
    return ensureSAT3DLoaded().then(() => undefined);
  }

  /** The sat-wasm 3D world (null before ready). For advanced use; bodies belong to the colliders. */
  get world(): World3 | null {
    return this._world;
  }

  /** The loaded 3D API (null before ready). */
  get sat3(): SAT3D | null {
    return this._sat3;
  }

  /** Colliders in the world (with a body). */
  get colliders(): SATCollider3D[] {
    return this._bodies ? [...this._bodies.records.keys()] : [];
  }

  /** A collider's world bounds as of the last update (false when it has no body). */
  getWorldBounds(c: SATCollider3D, outMin: Vec3, outMax: Vec3): boolean {
    const rec = this._bodies?.records.get(c);
    if (!rec) return false;
    worldBounds(rec, outMin, outMax);
    return true;
  }

  // ---- events -------------------------------------------------------------------------------------------------

  /** Listen to every pair's events: `(event)`, the event as the pair's collider A sees it. */
  on(type: string, callback: SATCollisionCallback3D, target?: unknown): void {
    this._target.on(type, callback, target);
  }
  once(type: string, callback: SATCollisionCallback3D, target?: unknown): void {
    this._target.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._target.off(type, callback, target);
  }

  // ---- colliders (ColliderHost3D) -----------------------------------------------------------------------------

  /** @internal */
  add(c: SATCollider3D): void {
    this._colliders.add(c);
    c._transformDirty = true;
    if (this._world || EDITOR) return;
    const { state } = load3DState();
    if (state === 'idle') ensureSAT3DLoaded().catch(() => undefined);
    if (state === 'failed') this._warnOnce('failed-collider', `[sat-wasm] the 3D collision module failed to load: ${c.describeForLog()} will not collide`);
  }

  /** @internal Removes the collider's body and ends its pairs now (the exit events are emitted at once). */
  remove(c: SATCollider3D): void {
    if (!this._colliders.delete(c) && c._bodyId === 0) return;
    this._events.endAll(c);
    this._bodies?.destroy(c);
    c._shapeDirty = true;
  }

  /** @internal */
  filterChanged(c: SATCollider3D): void {
    this._bodies?.setFilter(c);
  }

  /** @internal */
  maskOf(group: number): number {
    const m = this.collisionMatrix[group];
    return m === undefined ? ALL_GROUPS : m >>> 0;
  }

  // ---- the frame ----------------------------------------------------------------------------------------------

  /** @internal System hook: after every component's lateUpdate. */
  postUpdate(_dt: number): void {
    if (EDITOR || !this.enable || !this._world) return;
    this.step();
  }

  /** Runs one collision update now (postUpdate does this every frame). */
  step(): void {
    const world = this._world, bodies = this._bodies;
    if (!world || !bodies) {
      this._warnOnce('not-ready-step', '[sat-wasm] SATCollisionManager3D.step() called before the 3D module is ready');
      return;
    }
    if (this._matrixVersion !== this._appliedMatrixVersion) {
      this._appliedMatrixVersion = this._matrixVersion;
      for (const c of this._colliders) bodies.setFilter(c);
    }
    for (const c of this._colliders) bodies.sync(c);
    if (world.update().rejected > 0) bodies.reportRejected();
    this._events.run(world, bodies);
    if (this.debugDrawFlags) this._drawDebug();
  }

  /** Nodes moved after this frame's update are read at the next one (the engine clears changed flags after drawing). */
  private _markLateMoves(): void {
    if (!this._world) return;
    for (const c of this._colliders) {
      if (c._bodyId !== 0 && c.node && c.node.hasChangedFlags !== 0) c._transformDirty = true;
    }
  }

  private _makeWorld(sat3: SAT3D): void {
    try {
      const world = sat3.createWorld({ timeStages: false });
      this._bodies = new BodyTable3(world, sat3, (g) => this.maskOf(g), (c, e) => this._errorOnce(c, e));
      this._world = world;
      this._sat3 = sat3;
    } catch (e) {
      console.error('[sat-wasm] the 3D collision system could not create its world:', e);
    }
  }

  // ---- queries ------------------------------------------------------------------------------------------------

  /**
   * Every collider the ray hits within `maxDistance` (its closest hit each), closest first, into
   * `raycastResults`; as PhysicsSystem.raycast. `mask`: groups to hit; `queryTrigger`: triggers too.
   * @returns whether anything was hit
   */
  raycast(ray: geometry.Ray, mask = ALL_GROUPS, maxDistance = MAX_RAY_DISTANCE_3D, queryTrigger = true): boolean {
    this.raycastResults.length = 0;
    if (!this._readyFor('raycast')) return false;
    const hits = this._world!.raycastAll(this._ray(ray, maxDistance), { group: ALL_GROUPS, mask: mask >>> 0, includeSensors: queryTrigger });
    for (const h of hits) {
      const rec = this._bodies!.byId.get(h.body);
      if (!rec) continue;
      const r = (this._resultPool[this.raycastResults.length] ??= new SATRaycastResult3D());
      this._fill(r, rec.collider, h, maxDistance);
      this.raycastResults.push(r);
    }
    return this.raycastResults.length > 0;
  }

  /** The closest hit into `raycastClosestResult`, as PhysicsSystem.raycastClosest. @returns whether anything was hit */
  raycastClosest(ray: geometry.Ray, mask = ALL_GROUPS, maxDistance = MAX_RAY_DISTANCE_3D, queryTrigger = true): boolean {
    if (!this._readyFor('raycastClosest')) return false;
    const h = this._world!.raycastClosest(this._ray(ray, maxDistance), { group: ALL_GROUPS, mask: mask >>> 0, includeSensors: queryTrigger });
    const rec = h ? this._bodies!.byId.get(h.body) : undefined;
    if (!h || !rec) return false;
    this._fill(this.raycastClosestResult, rec.collider, h, maxDistance);
    return true;
  }

  private _ray(ray: geometry.Ray, maxDistance: number) {
    const len = Math.min(Math.max(0, maxDistance), MAX_RAY_DISTANCE_3D);
    const d = ray.d, n = Math.hypot(d.x, d.y, d.z) || 1;
    return { origin: { x: ray.o.x, y: ray.o.y, z: ray.o.z }, translation: { x: (d.x / n) * len, y: (d.y / n) * len, z: (d.z / n) * len } };
  }

  private _fill(
    r: SATRaycastResult3D,
    c: SATCollider3D,
    h: { point: { x: number; y: number; z: number }; normal: { x: number; y: number; z: number }; fraction: number },
    maxDistance: number,
  ): void {
    r.collider = c;
    r.distance = h.fraction * Math.min(Math.max(0, maxDistance), MAX_RAY_DISTANCE_3D);
    r.hitPoint.set(h.point.x, h.point.y, h.point.z);
    r.hitNormal.set(h.normal.x, h.normal.y, h.normal.z);
  }

  private _readyFor(what: string): boolean {
    if (this._world) return true;
    const { state } = load3DState();
    if (state === 'idle') ensureSAT3DLoaded().catch(() => undefined);
    this._warnOnce(
      `not-ready-${what}`,
      `[sat-wasm] SATCollisionManager3D.${what} called before the 3D module finished loading; returning no results ` +
        '(await SATCollisionManager3D.instance.ready first)',
    );
    return false;
  }

  // ---- debug drawing ------------------------------------------------------------------------------------------

  /** The renderer debug drawing goes to: `debugRenderer`, else the scene's first camera's (made if needed). */
  findRenderer(): GeometryRenderer | null {
    if (this.debugRenderer) return this.debugRenderer;
    const cameras = director.getScene()?.renderScene?.cameras ?? [];
    for (const cam of cameras) {
      if (!cam.geometryRenderer) cam.initGeometryRenderer();
      if (cam.geometryRenderer) return cam.geometryRenderer;
    }
    return null;
  }

  private _drawDebug(): void {
    const r = this.findRenderer();
    if (r) drawWorld3(r, this.debugDrawFlags, this._world!, this._bodies!.records.values(), this._bodies!.byId);
    else this._warnOnce('no-renderer', '[sat-wasm] SATCollisionManager3D.debugDrawFlags: no camera with a GeometryRenderer to draw with');
  }

  // ---- messages -----------------------------------------------------------------------------------------------

  private _warnOnce(key: string, message: string): void {
    if (this._warned.has(key)) return;
    this._warned.add(key);
    console.warn(message);
  }

  private _errorOnce(c: SATCollider3D, e: SATError): void {
    const key = `${c.uuid ?? ''}|${e.message}`;
    if (this._warned.has(key)) return;
    this._warned.add(key);
    console.error(e.message);
  }
}

// Register with the director as soon as the extension's scripts load (the 3D module itself loads on first use).
void SATCollisionManager3D.instance;
