/**
 * The game's collision world, in the spirit of PhysicsSystem2D: one instance (`SATCollisionSystem.instance`, also
 * `SATCollisionManager.instance`), an engine System registered with the director as 'sat-wasm.collision', so it
 * works with no manager node in the scene. Every frame after all components' lateUpdate (System.postUpdate) it
 *   1. reads the world matrix of each collider whose node moved (or was moved after the last update) or changed,
 *   2. runs one sat-wasm world update (broad phase, SAT, pair cache) in WebAssembly,
 *   3. emits begin-contact, then stay-contact; with push-apart on, pre-solve, the push, post-solve; then
 *      end-contact: each on itself (colliderA, colliderB, contact) and on both colliders and their nodes
 *      (self, other, contact),
 *   4. draws the debug layer.
 */
import { director, Director, EventTarget, Graphics, Node, System, Vec2, Vec3, find, type IVec2Like, type Rect } from 'cc';
import { EDITOR } from 'cc/env';
import type { SAT, Shape, World, ContactView, QueryFilter, WorldRayHit } from '../lib/index.js';
import { SATError } from '../lib/index.js';
import { ensureSATLoaded, loadState, onSATReady } from '../runtime/loader';
import { placementFromMatrix, type NodePlacement } from '../runtime/transform';
import { makeBodyGeometry, placeGeometry } from '../runtime/geometry';
import { readProjectPhysics, updateGroupEnum } from '../runtime/groups';
import { ALL_GROUPS, SATBroadPhase, SATContactType, SATDrawFlags, SATRaycastType, broadPhaseName } from '../runtime/types';
import { _setColliderHost, type ColliderHost, type SATCollider, type SATContact } from '../components/SATCollider';
import { endContact, EventQueue, fillContact, newPair, type PairContact } from './contacts';
import { solvePushApart, type PushPair } from './push-apart';
import { drawWorld } from './debug-draw';

/** Name of the System registered with the director. */
export const SAT_SYSTEM_ID = 'sat-wasm.collision';

/** One raycast hit, as RaycastResult2D. */
export interface SATRaycastResult {
  collider: SATCollider;
  /** the convex part of the collider hit (a decomposed concave polygon has several) */
  fixtureIndex: number;
  /** world hit point */
  point: Vec2;
  /** unit surface normal at the hit, facing the ray */
  normal: Vec2;
  /** point = p1 + fraction * (p2 - p1) */
  fraction: number;
}

/** The defaults a scene without a SATCollisionManager node runs with. */
export const SYSTEM_DEFAULTS = {
  enable: true,
  debugDrawFlags: SATDrawFlags.None as number,
  pushApart: false,
  pushApartIterations: 4,
  broadPhase: SATBroadPhase.Grid,
};

interface BodyRecord {
  collider: SATCollider;
  /** last transform written for the body */
  placement: NodePlacement;
  /** the shear the shape was made with */
  shear: number;
  /** the slot in world.transforms */
  slot: number;
  /** push-apart: 0 for static colliders and sensors */
  invMass: number;
  pushX: number;
  pushY: number;
}

export class SATCollisionSystem extends System implements ColliderHost {
  static readonly ID = SAT_SYSTEM_ID;
  private static _instance: SATCollisionSystem | null = null;

  /** The game's collision system (made and registered on first use). */
  static get instance(): SATCollisionSystem {
    if (!SATCollisionSystem._instance) {
      const s = new SATCollisionSystem();
      SATCollisionSystem._instance = s;
      director.registerSystem(SAT_SYSTEM_ID, s, System.Priority.LOW);
      _setColliderHost(s);
    }
    return SATCollisionSystem._instance;
  }

  /** Event names (Contact2DType's strings plus stay). */
  static readonly EventType = SATContactType;

  /** Whether the world updates and emits events. */
  enable = SYSTEM_DEFAULTS.enable;

  /** Push-apart: overlapping non-sensor colliders are moved apart (by mass; static ones never move). */
  pushApart = SYSTEM_DEFAULTS.pushApart;

  /** Push-apart relaxation iterations per frame (1..64). */
  get pushApartIterations(): number {
    return this._pushIterations;
  }
  set pushApartIterations(v: number) {
    this._pushIterations = Math.max(1, Math.min(64, Math.round(v) || 1));
  }

  /** The world's broad phase. Changing it makes a new world: touching pairs end now and begin again. */
  get broadPhase(): SATBroadPhase {
    return this._broadPhase;
  }
  set broadPhase(v: SATBroadPhase) {
    if (v === this._broadPhase) return;
    this._broadPhase = v;
    if (this._sat) this._makeWorld(this._sat);
  }

  /** Bits of SATDrawFlags; drawing goes to `debugGraphics` (made under the Canvas when not set). */
  debugDrawFlags: number = SYSTEM_DEFAULTS.debugDrawFlags;
  /** Where debug drawing goes. Drawn in world coordinates: keep its node at the world origin, unrotated. */
  debugGraphics: Graphics | null = null;

  /**
   * collisionMatrix[groupValue] = mask of the groups it meets, as PhysicsSystem2D.collisionMatrix; filled from
   * Project Settings at start. Two colliders meet iff (matrix[a.group] & b.group) && (matrix[b.group] & a.group).
   * A group with no entry meets all groups. Writing an entry takes effect at the next update.
   */
  readonly collisionMatrix: Record<number, number>;

  /** The project's named physics groups (name -> group value), as read from Project Settings. */
  readonly groups: Record<string, number> = {};

  private _sat: SAT | null = null;
  private _world: World | null = null;
  private _events = new EventTarget();
  private _colliders = new Set<SATCollider>();
  private _bodies = new Map<number, BodyRecord>();
  private _matrixVersion = 1;
  private _appliedMatrixVersion = 1;
  private _pushIterations = SYSTEM_DEFAULTS.pushApartIterations;
  private _broadPhase = SYSTEM_DEFAULTS.broadPhase;
  private _warned = new Set<string>();
  private _begins = new EventQueue();
  private _stays = new EventQueue();
  private _ends = new EventQueue();
  private _solving: PairContact[] = [];
  private _pushPairs: PushPair[] = [];
  private _flushing = false;
  private _scratch: NodePlacement = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1, shear: 0 };
  private _rebuilt: SATCollider[] = [];
  private _seen = new Map<SATCollider, Set<SATCollider>>();
  private _unitBox: Shape | null = null;

  private constructor() {
    super();
    const target: Record<number, number> = {};
    this.collisionMatrix = new Proxy(target, {
      set: (obj, key, value) => {
        (obj as Record<string | symbol, unknown>)[key] = value;
        this._matrixVersion++;
        return true;
      },
      deleteProperty: (obj, key) => {
        delete (obj as Record<string | symbol, unknown>)[key];
        this._matrixVersion++;
        return true;
      },
    });
    this.readProjectSettings();
    onSATReady((sat) => this._makeWorld(sat));
    director.on(Director.EVENT_AFTER_DRAW, this._markLateMoves, this);
  }

  /**
   * Reads the physics groups and collision matrix from Project Settings (as PhysicsSystem2D does at start):
   * sets `groups`, adds them to SATGroup (the inspector's group list) and replaces `collisionMatrix`.
   */
  readProjectSettings(): void {
    const project = readProjectPhysics();
    for (const key of Object.keys(this.groups)) delete this.groups[key];
    Object.assign(this.groups, project.groups);
    updateGroupEnum(project.groups);
    for (const key of Object.keys(this.collisionMatrix)) delete this.collisionMatrix[Number(key)];
    for (const group of Object.keys(project.matrix)) this.collisionMatrix[Number(group)] = project.matrix[Number(group)];
  }

  /** Whether the collision module is loaded (colliders join the world at the first update after that). */
  get isReady(): boolean {
    return this._world !== null;
  }

  /** Resolves when the collision module is loaded (rejects if loading failed). */
  get ready(): Promise<void> {
    return ensureSATLoaded().then(() => undefined);
  }

  /** The sat-wasm world (null before the module is ready). For advanced use; bodies belong to the colliders. */
  get world(): World | null {
    return this._world;
  }

  /** The loaded sat-wasm API (null before ready). */
  get sat(): SAT | null {
    return this._sat;
  }

  /** Colliders in the world (with a body), in no particular order. */
  get colliders(): SATCollider[] {
    return [...this._bodies.values()].map((r) => r.collider);
  }

  // ---- events -------------------------------------------------------------------------------------------------

  /** Listen to the contact events: `(colliderA, colliderB, contact)`, the contact as A sees it. */
  on(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events.on(type, callback, target);
  }
  once(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._events.off(type, callback, target);
  }

  // ---- colliders (ColliderHost) -------------------------------------------------------------------------------

  /** @internal */
  add(c: SATCollider): void {
    this._colliders.add(c);
    c._transformDirty = true;
    if (!this._world && !EDITOR) {
      const { state } = loadState();
      this._warnOnce(
        'not-ready-collider',
        state === 'failed'
          ? `[sat-wasm] the collision module failed to load: ${c.describeForLog()} will not collide (see the error above)`
          : `[sat-wasm] ${c.describeForLog()} was enabled before the collision module finished loading; ` +
              'colliders join the world at the first update after it is ready (await SATCollisionManager.instance.ready)',
      );
    }
  }

  /** @internal Removes the collider's body and ends its contacts at once (end-contact is emitted now). */
  remove(c: SATCollider): void {
    if (!this._colliders.delete(c) && c._bodyId === 0) return;
    for (const other of c.touching) this._endPair(c, other);
    this._flush(false);
    this._destroyBody(c);
    c._shapeDirty = true;
  }

  /** @internal */
  filterChanged(c: SATCollider): void {
    if (!this._world || c._bodyId === 0) return;
    c._filterDirty = false;
    this._world.setFilter(c._bodyId, c.group, this._maskOf(c.group));
  }

  /** @internal */
  boundsOf(c: SATCollider, out: Rect): boolean {
    if (!this._world || c._bodyId === 0) return false;
    const b = this._world.boundsOf(c._bodyId);
    out.set(b.lower.x, b.lower.y, b.upper.x - b.lower.x, b.upper.y - b.lower.y);
    return true;
  }

  // ---- the frame ----------------------------------------------------------------------------------------------

  /** @internal System hook: after every component's lateUpdate. */
  postUpdate(_dt: number): void {
    if (EDITOR || !this.enable) return;
    if (!this._world) {
      // Frames run, so the project is initialised: make sure loading started (it normally starts at project init).
      if (loadState().state === 'idle') ensureSATLoaded().catch(() => undefined);
      return;
    }
    this.step();
  }

  /** Runs one collision update now (postUpdate does this every frame). */
  step(): void {
    const world = this._world;
    if (!world) {
      this._warnOnce('not-ready-step', '[sat-wasm] SATCollisionManager.step() called before the collision module is ready');
      return;
    }
    if (this._matrixVersion !== this._appliedMatrixVersion) {
      this._appliedMatrixVersion = this._matrixVersion;
      for (const c of this._colliders) c._filterDirty = true;
    }
    this._rebuilt.length = 0;
    for (const c of this._colliders) this._sync(c);

    const stats = world.update();
    if (stats.rejected > 0) {
      for (const r of world.rejected()) {
        const record = this._bodies.get(r.id);
        if (!record) continue;
        this._errorOnce(
          record.collider,
          `[sat-wasm] ${record.collider.describeForLog()}: its world transform was refused (${r.code}: a zero or non-finite scale?); ` +
            'it keeps its last valid place',
        );
      }
    }
    this._collectEvents();
    this._flush(this.pushApart);
    if (this.debugDrawFlags) this._drawDebug();
    else if (this.debugGraphics?.isValid) this.debugGraphics.clear();
  }

  /**
   * Nodes moved after this frame's update (in contact handlers, BEFORE_DRAW listeners, later systems) would be
   * missed: the engine clears every node's changed flags right after AFTER_DRAW. A node whose flags are set here
   * is read again at the next update (a cached world matrix; its body moves only if the placement differs).
   */
  private _markLateMoves(): void {
    if (!this._world) return;
    for (const c of this._colliders) {
      if (c._bodyId !== 0 && c.node.hasChangedFlags !== 0) c._transformDirty = true;
    }
  }

  /** Makes the world (again, after a broad-phase change: every body is re-made at the next update). */
  private _makeWorld(sat: SAT): void {
    if (this._world) {
      for (const c of [...this._colliders]) {
        for (const other of c.touching) this._endPair(c, other);
      }
      this._flush(false);
      for (const c of this._colliders) {
        this._destroyBody(c);
        c._shapeDirty = true;
      }
      this._world.dispose();
      this._world = null;
    }
    try {
      this._world = sat.createWorld({ broadPhase: broadPhaseName(this._broadPhase) });
      this._sat = sat;
    } catch (e) {
      console.error('[sat-wasm] the collision system could not create its world:', e);
    }
  }

  /** Brings one collider's body up to date: made, filtered, placed. Reads the world matrix only if it moved. */
  private _sync(c: SATCollider): void {
    const world = this._world!;
    const node = c.node;
    // A collider whose body could not be made (bad shape, zero scale) is tried again only when something changed.
    if (c._bodyId === 0 && c._failed && !c._shapeDirty && !c._bodyDirty && !c._transformDirty && node.hasChangedFlags === 0) return;
    const moved = c._transformDirty || node.hasChangedFlags !== 0 || c._bodyId === 0;
    let placement: NodePlacement | null = null;
    if (moved) placement = placementFromMatrix(node.worldMatrix, this._scratch);
    const record = c._bodyId ? this._bodies.get(c._bodyId) : undefined;
    const shearChanged = !!record && !!placement && Math.abs(placement.shear - record.shear) > 1e-6;
    if (!record || c._shapeDirty || c._bodyDirty || shearChanged) {
      if (!placement) placement = placementFromMatrix(node.worldMatrix, this._scratch);
      const hadBody = c._bodyId !== 0;
      this._destroyBody(c);
      this._createBody(c, placement);
      if (hadBody) this._rebuilt.push(c);
      return;
    }
    if (c._filterDirty) this.filterChanged(c);
    record.invMass = c.isStatic || c.sensor || !(c.mass > 0) ? 0 : 1 / c.mass;
    if (placement) {
      c._transformDirty = false;
      const p = record.placement;
      if (p.x !== placement.x || p.y !== placement.y || p.angle !== placement.angle || p.scaleX !== placement.scaleX || p.scaleY !== placement.scaleY) {
        copyPlacement(p, placement);
        const t = world.transforms;
        const o = record.slot * 5;
        t[o] = p.x;
        t[o + 1] = p.y;
        t[o + 2] = p.angle;
        t[o + 3] = p.scaleX;
        t[o + 4] = p.scaleY;
      }
    }
  }

  private _createBody(c: SATCollider, placement: NodePlacement): void {
    const sat = this._sat!;
    const world = this._world!;
    c._shapeDirty = false;
    c._bodyDirty = false;
    c._filterDirty = false;
    c._transformDirty = false;
    c._geometry = null;
    c._failed = true; // until the body is made
    const described = c._describe();
    if (typeof described === 'string') {
      this._errorOnce(c, `[sat-wasm] ${c.describeForLog()}: ${described}`);
      return;
    }
    const geometry = placeGeometry(described, c.offset.x, c.offset.y, placement.shear);
    const options = {
      type: c.isStatic ? 'static' : 'dynamic',
      x: placement.x,
      y: placement.y,
      angle: placement.angle,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
      group: c.group,
      mask: this._maskOf(c.group),
      sensor: c.sensor,
    } as const;
    let shape: Shape | undefined;
    try {
      const made = makeBodyGeometry(sat, geometry);
      shape = made.shape;
      c._bodyId = made.shape ? world.add({ ...options, shape: made.shape }) : world.addConcave(made.concave!, options);
    } catch (e) {
      c._bodyId = 0;
      this._errorOnce(c, `[sat-wasm] ${c.describeForLog()}: ${explain(e, geometry.kind === 'polygon' && !geometry.decompose)}`);
      return;
    } finally {
      shape?.dispose();
    }
    c._geometry = geometry;
    c._failed = false;
    this._bodies.set(c._bodyId, {
      collider: c,
      placement: copyPlacement({ ...placement }, placement),
      shear: placement.shear,
      slot: world.slotOf(c._bodyId),
      invMass: c.isStatic || c.sensor || !(c.mass > 0) ? 0 : 1 / c.mass,
      pushX: 0,
      pushY: 0,
    });
  }

  private _destroyBody(c: SATCollider): void {
    if (c._bodyId === 0) return;
    this._bodies.delete(c._bodyId);
    if (this._world?.has(c._bodyId)) this._world.remove(c._bodyId);
    c._bodyId = 0;
  }

  private _maskOf(group: number): number {
    const m = this.collisionMatrix[group];
    return m === undefined ? ALL_GROUPS : m >>> 0;
  }

  // ---- events -------------------------------------------------------------------------------------------------

  /** Turns the world's contacts and end events into queued collider events. */
  private _collectEvents(): void {
    const world = this._world!;
    this._seen.clear();
    world.contacts.forEach(this._onContact);
    world.events.forEachEnd(this._onEnd);
    // A rebuilt body starts with no pairs in the world: touching partners it did not meet again have ended.
    for (const c of this._rebuilt) {
      for (const other of c.touching) {
        if (!this._seen.get(c)?.has(other)) this._endPair(c, other);
      }
    }
  }

  private _onContact = (view: ContactView): void => {
    const ra = this._bodies.get(view.a);
    const rb = this._bodies.get(view.b);
    if (!ra || !rb) return;
    const a = ra.collider, b = rb.collider;
    if (a.node === b.node) return; // colliders of one node never meet each other (as Collider2D)
    let forA = a._touching!.get(b) as PairContact | undefined;
    let queue = this._stays;
    if (!forA) {
      queue = this._begins;
      const [viewA, viewB] = newPair(a, b);
      forA = viewA;
      a._touching!.set(b, viewA);
      b._touching!.set(a, viewB);
    }
    const forB = b._touching!.get(a) as PairContact;
    fillContact(forA, forB, view.normalX, view.normalY, view.depth, view.sensor, view.pointCount, view);
    if (this._rebuilt.length) markSeen(this._seen, a, b);
    queue.push(a, b, forA, forB);
  };

  private _onEnd = (ida: number, idb: number): void => {
    const ra = this._bodies.get(ida);
    const rb = this._bodies.get(idb);
    if (!ra || !rb) return; // a body removed since: its end was emitted when its collider went away
    if (ra.collider._touching!.has(rb.collider)) this._endPair(ra.collider, rb.collider);
  };

  /** Queues end-contact for a touching pair and forgets it. */
  private _endPair(a: SATCollider, b: SATCollider): void {
    const forA = a._touching?.get(b) as PairContact | undefined;
    const forB = b._touching?.get(a) as PairContact | undefined;
    if (!forA || !forB) return;
    a._touching!.delete(b);
    b._touching!.delete(a);
    endContact(forA, forB);
    if (!forA.pair.announced) return; // its begin was never emitted (ended by a handler in the same frame)
    this._ends.push(a, b, forA, forB);
  }

  /**
   * Emits queued events: begins, stays, then (`solve`) pre-solve, push-apart and post-solve, then ends; each on
   * the system (A's view), then A, then B. Handlers may enable, disable or destroy colliders: ends that causes are
   * emitted in the same flush, and later events of pairs it ended are dropped.
   */
  private _flush(solve: boolean): void {
    if (this._flushing) return;
    this._flushing = true;
    const solving = this._solving;
    solving.length = 0;
    try {
      this._emitQueue(this._begins, SATContactType.BEGIN_CONTACT, solve);
      this._emitQueue(this._stays, SATContactType.STAY_CONTACT, solve);
      if (solve) this._solve(solving);
      this._emitQueue(this._ends, SATContactType.END_CONTACT, false);
    } finally {
      this._begins.clear();
      this._stays.clear();
      this._ends.clear();
      for (const ct of solving) ct.pair.disabledOnce = false;
      solving.length = 0;
      this._flushing = false;
    }
  }

  private _emitQueue(queue: EventQueue, type: string, collectSolving: boolean): void {
    for (let i = 0; i < queue.count; i++) {
      const e = queue.at(i);
      const a = e.a!, b = e.b!, forA = e.forA!, forB = e.forB!;
      if (type !== SATContactType.END_CONTACT && a._touching?.get(b) !== forA) continue; // ended by an earlier handler
      if (type === SATContactType.BEGIN_CONTACT) forA.pair.announced = true;
      this._emit(type, a, b, forA, forB);
      if (collectSolving && !forA.isSensor) this._solving.push(forA);
    }
  }

  private _emit(type: string, a: SATCollider, b: SATCollider, forA: SATContact, forB: SATContact): void {
    this._events.emit(type, a, b, forA);
    a._emit(type, b, forA);
    b._emit(type, a, forB);
  }

  /** pre-solve for each touching non-sensor pair, push-apart of those still enabled, post-solve for those. */
  private _solve(solving: PairContact[]): void {
    const still = (ct: PairContact) => ct.pair.touching && ct.selfCollider._touching?.get(ct.otherCollider) === ct;
    for (const ct of solving) {
      if (still(ct)) this._emit(SATContactType.PRE_SOLVE, ct.selfCollider, ct.otherCollider, ct, ct.otherCollider._touching!.get(ct.selfCollider)!);
    }
    const pairs = this._pushPairs;
    pairs.length = 0;
    for (const record of this._bodies.values()) record.pushX = record.pushY = 0;
    const pushed: PairContact[] = [];
    for (const ct of solving) {
      if (!still(ct) || ct.disabled || ct.disabledOnce) continue;
      const ra = this._bodies.get(ct.selfCollider._bodyId);
      const rb = this._bodies.get(ct.otherCollider._bodyId);
      if (!ra || !rb) continue;
      pairs.push({ a: ra, b: rb, nx: ct.normal.x, ny: ct.normal.y, depth: ct.depth });
      pushed.push(ct);
    }
    solvePushApart(pairs, this._pushIterations);
    this._moveNodes();
    for (const ct of pushed) {
      if (still(ct)) this._emit(SATContactType.POST_SOLVE, ct.selfCollider, ct.otherCollider, ct, ct.otherCollider._touching!.get(ct.selfCollider)!);
    }
  }

  /**
   * Moves the nodes of pushed bodies. A node with several colliders moves by the mean push of its pushed
   * colliders: pushes between colliders of one node cancel out, pushes from outside carry the node.
   */
  private _moveNodes(): void {
    const sums = new Map<Node, { dx: number; dy: number; n: number }>();
    for (const record of this._bodies.values()) {
      if (record.pushX === 0 && record.pushY === 0) continue;
      const node = record.collider.node;
      const sum = sums.get(node);
      if (sum) {
        sum.dx += record.pushX;
        sum.dy += record.pushY;
        sum.n++;
      } else {
        sums.set(node, { dx: record.pushX, dy: record.pushY, n: 1 });
      }
    }
    for (const [node, sum] of sums) {
      const dx = sum.dx / sum.n;
      const dy = sum.dy / sum.n;
      if (Math.abs(dx) < 1e-7 && Math.abs(dy) < 1e-7) continue;
      const wp = node.worldPosition;
      node.setWorldPosition(wp.x + dx, wp.y + dy, wp.z);
    }
  }

  // ---- queries ------------------------------------------------------------------------------------------------

  /**
   * Colliders hit by the segment p1 -> p2 (world), as PhysicsSystem2D.raycast. `mask`: groups to hit.
   * A ray starting inside a collider does not hit it.
   */
  raycast(p1: IVec2Like, p2: IVec2Like, type: SATRaycastType = SATRaycastType.Closest, mask = ALL_GROUPS): SATRaycastResult[] {
    const world = this._readyWorld('raycast');
    if (!world) return [];
    const filter: QueryFilter = { group: ALL_GROUPS, mask: mask >>> 0 };
    const hits: WorldRayHit[] = [];
    if (type === SATRaycastType.All || type === SATRaycastType.AllClosest) hits.push(...world.raycastAll(p1.x, p1.y, p2.x, p2.y, filter));
    else {
      const hit = world.raycast(p1.x, p1.y, p2.x, p2.y, filter);
      if (hit) hits.push(hit);
    }
    const out: SATRaycastResult[] = [];
    for (const h of hits) {
      const r = this._bodies.get(h.body);
      if (!r) continue;
      out.push({
        collider: r.collider,
        fixtureIndex: h.shape,
        point: new Vec2(h.point.x, h.point.y),
        normal: new Vec2(h.normal.x, h.normal.y),
        fraction: h.fraction,
      });
    }
    return out;
  }

  /** Colliders containing the world point (as PhysicsSystem2D.testPoint). */
  testPoint(p: IVec2Like, mask = ALL_GROUPS): SATCollider[] {
    const world = this._readyWorld('testPoint');
    if (!world) return [];
    return this._colliderList(world.queryPoint(p.x, p.y, { group: ALL_GROUPS, mask: mask >>> 0 }));
  }

  /** Colliders whose shape overlaps the world rectangle (as PhysicsSystem2D.testAABB). */
  testAABB(rect: Rect, mask = ALL_GROUPS): SATCollider[] {
    const world = this._readyWorld('testAABB');
    if (!world) return [];
    if (!(rect.width > 0 && rect.height > 0)) {
      // a degenerate rectangle is a point or a segment: its bounds are exact
      return this._colliderList(
        world.queryAABB(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, { group: ALL_GROUPS, mask: mask >>> 0 }),
      );
    }
    this._unitBox ??= this._sat!.box(1, 1); // full width and height 1, scaled to the rectangle
    const xf = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, angle: 0, scaleX: rect.width, scaleY: rect.height };
    return this._colliderList(world.queryShape(this._unitBox, xf, { group: ALL_GROUPS, mask: mask >>> 0 }));
  }

  private _colliderList(ids: number[]): SATCollider[] {
    const out: SATCollider[] = [];
    for (const id of ids) {
      const r = this._bodies.get(id);
      if (r) out.push(r.collider);
    }
    return out;
  }

  private _readyWorld(what: string): World | null {
    if (this._world) return this._world;
    const { state } = loadState();
    this._warnOnce(
      `not-ready-${what}`,
      state === 'failed'
        ? `[sat-wasm] SATCollisionManager.${what}: the collision module failed to load; returning no results`
        : `[sat-wasm] SATCollisionManager.${what} called before the collision module finished loading; returning no results ` +
            '(await SATCollisionManager.instance.ready first)',
    );
    return null;
  }

  // ---- debug drawing ------------------------------------------------------------------------------------------

  private _graphics(): Graphics | null {
    if (this.debugGraphics && this.debugGraphics.isValid) return this.debugGraphics;
    const scene = director.getScene();
    if (!scene) return null;
    const parent = find('Canvas') ?? scene;
    const node = new Node('SAT_DEBUG_DRAW');
    node.layer = parent.layer; // the Canvas camera's layer (UI_2D), so the drawing is seen
    node.parent = parent;
    node.setWorldPosition(Vec3.ZERO);
    this.debugGraphics = node.addComponent(Graphics);
    this.debugGraphics.lineWidth = 2;
    return this.debugGraphics;
  }

  private _drawDebug(): void {
    const g = this._graphics();
    if (g) drawWorld(g, this.debugDrawFlags, this._world!, this._bodies);
  }

  // ---- messages -----------------------------------------------------------------------------------------------

  private _warnOnce(key: string, message: string): void {
    if (this._warned.has(key)) return;
    this._warned.add(key);
    console.warn(message);
  }

  private _errorOnce(c: SATCollider, message: string): void {
    const key = `${c.uuid ?? ''}|${message}`;
    if (this._warned.has(key)) return;
    this._warned.add(key);
    console.error(message);
  }
}

// ---- helpers --------------------------------------------------------------------------------------------------

function copyPlacement(to: NodePlacement, from: NodePlacement): NodePlacement {
  to.x = from.x;
  to.y = from.y;
  to.angle = from.angle;
  to.scaleX = from.scaleX;
  to.scaleY = from.scaleY;
  to.shear = from.shear;
  return to;
}

function markSeen(seen: Map<SATCollider, Set<SATCollider>>, a: SATCollider, b: SATCollider): void {
  let s = seen.get(a);
  if (!s) seen.set(a, (s = new Set()));
  s.add(b);
  let t = seen.get(b);
  if (!t) seen.set(b, (t = new Set()));
  t.add(a);
}

/** A readable reason for a failed body, with the fix for a concave polygon. */
function explain(e: unknown, concaveHint: boolean): string {
  if (e instanceof SATError) {
    if (e.code === 'Concave' && concaveHint) {
      return 'the points make a concave outline. Tick "Decompose Concave" to split it into convex parts, or fix the points.';
    }
    return `${e.code}: ${e.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}

// Register with the director as soon as the extension's scripts load, so nobody has to place a node.
void SATCollisionSystem.instance;
