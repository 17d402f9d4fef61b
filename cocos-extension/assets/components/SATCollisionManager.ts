/**
 * The scene's collision world, in the spirit of PhysicsSystem2D: one instance (`SATCollisionManager.instance`),
 * a System registered with the director, so nobody has to place a node. Every frame after all components'
 * lateUpdate (System.postUpdate) it
 *   1. reads the world matrix of each collider whose node moved (node.hasChangedFlags) or changed,
 *   2. runs one sat-wasm world update (broad phase, SAT, pair cache, optional push-apart) in WebAssembly,
 *   3. emits 'begin-contact', 'stay-contact', 'end-contact' on itself (colliderA, colliderB, contact) and on both
 *      colliders and their nodes (self, other, contact), in that order: begins, then stays, then ends,
 *   4. moves pushed colliders' nodes and draws the debug layer.
 */
import { Color, director, Director, EventTarget, Graphics, Node, System, Vec2, Vec3, type Rect, type IVec2Like, find } from 'cc';
import { EDITOR } from 'cc/env';
import type { ContactView, SAT, Shape, World, WorldRayHit, QueryFilter } from '../lib/index.js';
import { SATError } from '../lib/index.js';
import { ensureSATLoaded, loadState, onSATReady } from '../runtime/loader';
import { placementFromMatrix, type NodePlacement } from '../runtime/transform';
import { makeBodyGeometry, placeGeometry } from '../runtime/geometry';
import type { SATCollider, SATContact } from './SATCollider';

/** What debug drawing shows. Shape and Aabb have the values of Cocos' EPhysics2DDrawFlags. */
export enum SATDrawFlags {
  None = 0,
  Shape = 1,
  Aabb = 4,
  Contact = 8,
  Mtv = 16,
  All = 1 | 4 | 8 | 16,
}

/** Which hits a raycast returns (as ERaycast2DType). */
export enum SATRaycastType {
  /** the closest hit */
  Closest = 0,
  /** every collider hit, closest first */
  All = 3,
}

/** One raycast hit. */
export interface SATRaycastResult {
  collider: SATCollider;
  /** world hit point */
  point: Vec2;
  /** unit surface normal at the hit, facing the ray */
  normal: Vec2;
  /** point = p1 + fraction * (p2 - p1) */
  fraction: number;
}

/** Mask for groups with no entry in the collision matrix: meet everything. */
const ALL_GROUPS = 0xffffffff;
/** Name of the System registered with the director. */
export const SAT_SYSTEM_ID = 'sat-wasm.collision';

interface BodyRecord {
  collider: SATCollider;
  /** last transform written for the body */
  placement: NodePlacement;
  /** the shear the shape was made with */
  shear: number;
  /** the slot in world.transforms */
  slot: number;
  /** group/mask applied */
  mask: number;
  type: 'static' | 'dynamic';
}

interface PendingEvent {
  a: SATCollider | null;
  b: SATCollider | null;
  /** the contact as A sees it */
  forA: SATContact | null;
  /** as B sees it */
  forB: SATContact | null;
}

/** Events waiting to be emitted, in records reused from frame to frame (no allocation in steady state). */
class EventQueue {
  private _items: PendingEvent[] = [];
  count = 0;
  push(a: SATCollider, b: SATCollider, forA: SATContact, forB: SATContact): void {
    let e = this._items[this.count];
    if (!e) this._items.push((e = { a: null, b: null, forA: null, forB: null }));
    e.a = a;
    e.b = b;
    e.forA = forA;
    e.forB = forB;
    this.count++;
  }
  at(i: number): PendingEvent {
    return this._items[i];
  }
  clear(): void {
    for (let i = 0; i < this.count; i++) {
      const e = this._items[i];
      e.a = e.b = null;
      e.forA = e.forB = null;
    }
    this.count = 0;
  }
}

export class SATCollisionManager extends System {
  private static _instance: SATCollisionManager | null = null;

  /** The game's manager (made and registered on first use). */
  static get instance(): SATCollisionManager {
    if (!SATCollisionManager._instance) {
      const m = new SATCollisionManager();
      SATCollisionManager._instance = m;
      director.registerSystem(SAT_SYSTEM_ID, m, System.Priority.LOW);
    }
    return SATCollisionManager._instance;
  }

  /** Event names, as SATContactEvent. */
  static readonly EventType = { BEGIN_CONTACT: 'begin-contact', STAY_CONTACT: 'stay-contact', END_CONTACT: 'end-contact' } as const;

  /** Whether the world updates and emits events. */
  enable = true;

  /** Push-apart: overlapping non-sensor colliders are moved apart (by mass; static ones never move). */
  get pushApart(): boolean {
    return this._pushApart;
  }
  set pushApart(v: boolean) {
    this._pushApart = v;
    this._world?.setPushApart({ enabled: v, iterations: this._pushIterations });
  }
  /** Push-apart relaxation iterations per frame (1..64). */
  get pushApartIterations(): number {
    return this._pushIterations;
  }
  set pushApartIterations(v: number) {
    this._pushIterations = v;
    this._world?.setPushApart({ enabled: this._pushApart, iterations: v });
  }

  /** Bits of SATDrawFlags; drawing goes to `debugGraphics` (made under the Canvas when not set). */
  debugDrawFlags: number = SATDrawFlags.None;
  /** Where debug drawing goes. Drawn in world coordinates: keep its node at the world origin, unrotated. */
  debugGraphics: Graphics | null = null;

  /**
   * collisionMatrix[groupBit] = bits of the groups it meets, as PhysicsSystem2D.collisionMatrix. Two colliders
   * meet iff (matrix[a.group] & b.group) && (matrix[b.group] & a.group). A group with no entry meets all groups.
   * Writing an entry takes effect at the next update.
   */
  readonly collisionMatrix: Record<number, number>;

  private _sat: SAT | null = null;
  private _world: World | null = null;
  private _events = new EventTarget();
  private _colliders = new Set<SATCollider>();
  private _bodies = new Map<number, BodyRecord>();
  private _matrixVersion = 1;
  private _appliedMatrixVersion = 1;
  private _pushApart = false;
  private _pushIterations = 4;
  private _warned = new Set<string>();
  private _begins = new EventQueue();
  private _stays = new EventQueue();
  private _ends = new EventQueue();
  private _flushing = false;
  private _scratch: NodePlacement = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1, shear: 0 };
  private _rebuilt: SATCollider[] = [];
  private _seen = new Map<SATCollider, Set<SATCollider>>();
  private _pushSums = new Map<Node, { dx: number; dy: number; n: number }>();
  /** contacts (A's view) whose begin-contact was emitted: an end is only emitted after its begin */
  private _announced = new WeakSet<SATContact>();

  constructor() {
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
    onSATReady((sat) => this._attach(sat));
    director.on(Director.EVENT_AFTER_DRAW, this._markLateMoves, this);
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

  /** Whether the collision module is loaded (colliders join the world at the first update after that). */
  get isReady(): boolean {
    return this._sat !== null;
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

  // ---- events -------------------------------------------------------------------------------------------------

  /** Listen to 'begin-contact' / 'stay-contact' / 'end-contact': `(colliderA, colliderB, contact)`, the contact as A sees it. */
  on(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events.on(type, callback, target);
  }
  once(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._events.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._events.off(type, callback, target);
  }

  // ---- colliders (called by SATCollider) ----------------------------------------------------------------------

  /** @internal */
  _addCollider(c: SATCollider): void {
    this._colliders.add(c);
    c._transformDirty = true;
    if (!this._sat && !EDITOR) {
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
  _removeCollider(c: SATCollider): void {
    if (!this._colliders.delete(c) && c._bodyId === 0) return;
    for (const other of [...c._touching.keys()]) this._endPair(c, other);
    this._flush();
    this._destroyBody(c);
    c._shapeDirty = true;
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

    if (this._pushApart) this._applyPush();
    this._collectEvents();
    this._flush();
    if (this.debugDrawFlags) this._drawDebug();
    else if (this.debugGraphics?.isValid) this.debugGraphics.clear();
  }

  private _attach(sat: SAT): void {
    try {
      this._world = sat.createWorld({ broadPhase: 'grid', pushApart: { enabled: this._pushApart, iterations: this._pushIterations } });
      this._sat = sat;
    } catch (e) {
      console.error('[sat-wasm] SATCollisionManager could not create its world:', e);
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
    if (c._filterDirty) {
      c._filterDirty = false;
      const mask = this._maskOf(c.group);
      world.setFilter(c._bodyId, c.group, mask);
      record.mask = mask;
    }
    if (c._massDirty) {
      c._massDirty = false;
      this._trySet(c, () => world.setMass(c._bodyId, c.mass));
    }
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
    c._massDirty = false;
    c._transformDirty = false;
    c._geometry = null;
    c._failed = true; // until the body is made
    const described = c._describe();
    if (typeof described === 'string') {
      this._errorOnce(c, `[sat-wasm] ${c.describeForLog()}: ${described}`);
      return;
    }
    const geometry = placeGeometry(described, c.offset.x, c.offset.y, placement.shear);
    const mask = this._maskOf(c.group);
    const type = c.isStatic ? 'static' : 'dynamic';
    const options = {
      type,
      x: placement.x,
      y: placement.y,
      angle: placement.angle,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
      group: c.group,
      mask,
      sensor: c.sensor,
      mass: c.mass > 0 ? c.mass : 1,
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
      mask,
      type,
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

  private _trySet(c: SATCollider, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this._errorOnce(c, `[sat-wasm] ${c.describeForLog()}: ${explain(e, false)}`);
    }
  }

  /**
   * Moves the nodes of bodies that push-apart moved, by the same world-space offset. A node with several colliders
   * moves by the mean offset of its pushed colliders: pushes between colliders of one node (the world does not
   * know they belong together) cancel out, pushes from outside carry the node.
   */
  private _applyPush(): void {
    const t = this._world!.transforms;
    const sums = this._pushSums;
    sums.clear();
    for (const record of this._bodies.values()) {
      if (record.type !== 'dynamic' || record.collider.sensor) continue;
      const o = record.slot * 5;
      const dx = t[o] - record.placement.x;
      const dy = t[o + 1] - record.placement.y;
      if (dx === 0 && dy === 0) continue;
      record.placement.x = t[o];
      record.placement.y = t[o + 1];
      record.collider._transformDirty = true; // re-placed from the node next frame if the node moved differently
      const node = record.collider.node;
      const sum = sums.get(node);
      if (sum) {
        sum.dx += dx;
        sum.dy += dy;
        sum.n++;
      } else {
        sums.set(node, { dx, dy, n: 1 });
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

  /** Turns the world's contacts and end events into queued collider events. */
  private _collectEvents(): void {
    const world = this._world!;
    this._seen.clear();
    world.contacts.forEach(this._onContact);
    world.events.forEachEnd(this._onEnd);
    // A rebuilt body starts with no pairs in the world: touching partners it did not meet again have ended.
    for (const c of this._rebuilt) {
      for (const other of [...c._touching.keys()]) {
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
    let forA = a._touching.get(b);
    let queue = this._stays;
    if (!forA) {
      queue = this._begins;
      forA = newContact(a, b);
      a._touching.set(b, forA);
      b._touching.set(a, newContact(b, a));
    }
    const forB = b._touching.get(a)!;
    fillContact(forA, forB, view.normalX, view.normalY, view.depth, view.sensor, view.pointCount, view);
    if (this._rebuilt.length) markSeen(this._seen, a, b);
    queue.push(a, b, forA, forB);
  };

  private _onEnd = (ida: number, idb: number): void => {
    const ra = this._bodies.get(ida);
    const rb = this._bodies.get(idb);
    if (!ra || !rb) return; // a body removed since: its end was emitted when its collider went away
    if (ra.collider._touching.has(rb.collider)) this._endPair(ra.collider, rb.collider);
  };

  /** Queues end-contact for a touching pair and forgets it. */
  private _endPair(a: SATCollider, b: SATCollider): void {
    const forA = a._touching.get(b);
    const forB = b._touching.get(a);
    if (!forA || !forB) return;
    a._touching.delete(b);
    b._touching.delete(a);
    if (!this._announced.has(forA)) return; // its begin was never emitted (ended by a handler in the same frame)
    this._announced.delete(forA);
    this._announced.delete(forB);
    for (const ct of [forA, forB]) {
      ct.depth = 0;
      ct.points.length = 0;
      ct.pointDepths.length = 0;
    }
    this._ends.push(a, b, forA, forB);
  }

  /**
   * Emits queued events, begins then stays then ends: each on the manager (A's view), then A, then B. Handlers
   * may enable, disable or destroy colliders: ends that causes are emitted in the same flush, and begin or stay
   * events of pairs it ended are dropped.
   */
  private _flush(): void {
    if (this._flushing) return;
    this._flushing = true;
    try {
      const { BEGIN_CONTACT, STAY_CONTACT, END_CONTACT } = SATCollisionManager.EventType;
      for (const [queue, type] of [[this._begins, BEGIN_CONTACT], [this._stays, STAY_CONTACT], [this._ends, END_CONTACT]] as const) {
        for (let i = 0; i < queue.count; i++) {
          const e = queue.at(i);
          const a = e.a!, b = e.b!, forA = e.forA!, forB = e.forB!;
          if (type !== END_CONTACT && a._touching.get(b) !== forA) continue; // ended by an earlier handler
          if (type === BEGIN_CONTACT) this._announced.add(forA).add(forB);
          this._events.emit(type, a, b, forA);
          a._emit(type, b, forA);
          b._emit(type, a, forB);
        }
      }
    } finally {
      this._begins.clear();
      this._stays.clear();
      this._ends.clear();
      this._flushing = false;
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
    if (type === SATRaycastType.All) hits.push(...world.raycastAll(p1.x, p1.y, p2.x, p2.y, filter));
    else {
      const hit = world.raycast(p1.x, p1.y, p2.x, p2.y, filter);
      if (hit) hits.push(hit);
    }
    const out: SATRaycastResult[] = [];
    for (const h of hits) {
      const r = this._bodies.get(h.body);
      if (!r) continue;
      out.push({ collider: r.collider, point: new Vec2(h.point.x, h.point.y), normal: new Vec2(h.normal.x, h.normal.y), fraction: h.fraction });
    }
    return out;
  }

  /** Colliders containing the world point (as PhysicsSystem2D.testPoint). */
  testPoint(p: IVec2Like, mask = ALL_GROUPS): SATCollider[] {
    const world = this._readyWorld('testPoint');
    if (!world) return [];
    return this._colliderList(world.queryPoint(p.x, p.y, { group: ALL_GROUPS, mask: mask >>> 0 }));
  }

  /** Colliders whose bounds overlap the world rectangle (as PhysicsSystem2D.testAABB). */
  testAABB(rect: Rect, mask = ALL_GROUPS): SATCollider[] {
    const world = this._readyWorld('testAABB');
    if (!world) return [];
    return this._colliderList(
      world.queryAABB(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, { group: ALL_GROUPS, mask: mask >>> 0 }),
    );
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
    if (!g) return;
    const flags = this.debugDrawFlags;
    g.clear();
    const world = this._world!;
    for (const record of this._bodies.values()) {
      const c = record.collider;
      if (flags & SATDrawFlags.Shape && c._geometry) {
        g.strokeColor = c.sensor ? Color.YELLOW : c.isStatic ? Color.CYAN : Color.WHITE;
        drawGeometry(g, c._geometry, record.placement);
      }
      if (flags & SATDrawFlags.Aabb) {
        const box = world.boundsOf(c._bodyId);
        g.strokeColor = Color.BLUE;
        g.rect(box.lower.x, box.lower.y, box.upper.x - box.lower.x, box.upper.y - box.lower.y);
        g.stroke();
      }
    }
    if (flags & (SATDrawFlags.Contact | SATDrawFlags.Mtv)) {
      for (const c of this._colliders) {
        for (const [other, ct] of c._touching) {
          if (c._bodyId === 0 || other._bodyId === 0 || c._bodyId > other._bodyId) continue; // each pair once
          if (flags & SATDrawFlags.Contact) {
            g.strokeColor = Color.RED;
            for (const p of ct.points) {
              g.circle(p.x, p.y, 3);
              g.stroke();
            }
          }
          if (flags & SATDrawFlags.Mtv && ct.points.length > 0) {
            const p = ct.points[0];
            g.strokeColor = Color.GREEN;
            g.moveTo(p.x, p.y);
            g.lineTo(p.x + ct.normal.x * ct.depth, p.y + ct.normal.y * ct.depth);
            g.stroke();
          }
        }
      }
    }
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

  /** @internal For tests: drops the world and every body (colliders must be disabled first). */
  _resetForTests(): void {
    this._world?.dispose();
    this._world = null;
    this._sat = null;
    this._bodies.clear();
    this._colliders.clear();
    this._begins.clear();
    this._stays.clear();
    this._ends.clear();
    this._warned.clear();
    onSATReady((sat) => this._attach(sat));
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

function newContact(self: SATCollider, other: SATCollider): SATContact {
  return {
    selfCollider: self,
    otherCollider: other,
    normal: new Vec2(),
    depth: 0,
    points: [],
    pointDepths: [],
    isSensor: self.sensor || other.sensor,
  };
}

interface PointSource {
  pointX(i: number): number;
  pointY(i: number): number;
  pointDepth(i: number): number;
}

/** Writes one world contact into both colliders' views (B's normal is A's reversed). */
function fillContact(forA: SATContact, forB: SATContact, nx: number, ny: number, depth: number, sensor: boolean, count: number, src: PointSource): void {
  forA.normal.set(nx, ny);
  forB.normal.set(-nx, -ny);
  forA.depth = forB.depth = depth;
  forA.isSensor = forB.isSensor = sensor;
  for (const ct of [forA, forB]) {
    while (ct.points.length < count) ct.points.push(new Vec2());
    ct.points.length = count;
    ct.pointDepths.length = count;
    for (let i = 0; i < count; i++) {
      ct.points[i].set(src.pointX(i), src.pointY(i));
      ct.pointDepths[i] = src.pointDepth(i);
    }
  }
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

/** Draws a collider's outline: local geometry mapped by the body transform (scale, rotate, translate). */
function drawGeometry(g: Graphics, geometry: NonNullable<SATCollider['_geometry']>, p: NodePlacement): void {
  const cos = Math.cos(p.angle), sin = Math.sin(p.angle);
  const wx = (x: number, y: number) => p.x + cos * p.scaleX * x - sin * p.scaleY * y;
  const wy = (x: number, y: number) => p.y + sin * p.scaleX * x + cos * p.scaleY * y;
  const radiusScale = Math.max(Math.abs(p.scaleX), Math.abs(p.scaleY));
  switch (geometry.kind) {
    case 'polygon': {
      const pts = geometry.points;
      g.moveTo(wx(pts[0].x, pts[0].y), wy(pts[0].x, pts[0].y));
      for (let i = 1; i < pts.length; i++) g.lineTo(wx(pts[i].x, pts[i].y), wy(pts[i].x, pts[i].y));
      g.close();
      g.stroke();
      break;
    }
    case 'circle':
      g.circle(wx(geometry.center.x, geometry.center.y), wy(geometry.center.x, geometry.center.y), geometry.radius * radiusScale);
      g.stroke();
      break;
    case 'capsule': {
      const { center1: a, center2: b } = geometry;
      const r = geometry.radius * radiusScale;
      const ax = wx(a.x, a.y), ay = wy(a.x, a.y), bx = wx(b.x, b.y), by = wy(b.x, b.y);
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const nx = (-(by - ay) / len) * r, ny = ((bx - ax) / len) * r;
      g.moveTo(ax + nx, ay + ny);
      g.lineTo(bx + nx, by + ny);
      g.moveTo(ax - nx, ay - ny);
      g.lineTo(bx - nx, by - ny);
      g.circle(ax, ay, r);
      g.circle(bx, by, r);
      g.stroke();
      break;
    }
  }
}

// Register with the director as soon as the extension's scripts load, so nobody has to place a node.
void SATCollisionManager.instance;
