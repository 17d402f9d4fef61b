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
import { director, Director, EventTarget, Graphics, Node, System, Vec3, find, type IVec2Like, type Rect } from 'cc';
import { EDITOR } from 'cc/env';
import type { SAT, Shape, World } from '../lib/index.js';
import { ensureSATLoaded, loadState, onSATReady } from '../runtime/loader';
import { applyProjectPhysics, watchedMatrix } from '../runtime/groups';
import { ALL_GROUPS, SATBroadPhase, SATContactType, SATDrawFlags, SATRaycastType, broadPhaseName } from '../runtime/types';
import { _setColliderHost, type ColliderHost, type SATCollider, type SATContact } from '../components/SATCollider';
import { BodyTable } from './bodies';
import { ContactEvents, type Solver } from './events';
import { pushApartContacts } from './push-apart';
import { raycast, testAABB, testPoint, type SATRaycastResult } from './queries';
import { drawWorld } from './debug-draw';

export type { SATRaycastResult };

/** Name of the System registered with the director. */
export const SAT_SYSTEM_ID = 'sat-wasm.collision';

/** The defaults a scene without a SATCollisionManager node runs with. */
export const SYSTEM_DEFAULTS = {
  enable: true,
  debugDrawFlags: SATDrawFlags.None as number,
  pushApart: false,
  pushApartIterations: 4,
  broadPhase: SATBroadPhase.Grid,
};

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
  private _bodies: BodyTable | null = null;
  private _target = new EventTarget();
  private _events = new ContactEvents(this._target);
  private _colliders = new Set<SATCollider>();
  private _matrixVersion = 1;
  private _appliedMatrixVersion = 1;
  private _pushIterations = SYSTEM_DEFAULTS.pushApartIterations;
  private _broadPhase = SYSTEM_DEFAULTS.broadPhase;
  private _warned = new Set<string>();
  private _unitBox: Shape | null = null;

  private constructor() {
    super();
    this.collisionMatrix = watchedMatrix(() => this._matrixVersion++);
    this.readProjectSettings();
    onSATReady((sat) => this._makeWorld(sat));
    director.on(Director.EVENT_AFTER_DRAW, this._markLateMoves, this);
  }

  /**
   * Reads the physics groups and collision matrix from Project Settings (as PhysicsSystem2D does at start):
   * sets `groups`, adds them to SATGroup (the inspector's group list) and replaces `collisionMatrix`.
   */
  readProjectSettings(): void {
    applyProjectPhysics(this.groups, this.collisionMatrix);
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
    return this._bodies ? [...this._bodies.records.values()].map((r) => r.collider) : [];
  }

  // ---- events -------------------------------------------------------------------------------------------------

  /** Listen to the contact events: `(colliderA, colliderB, contact)`, the contact as A sees it. */
  on(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._target.on(type, callback, target);
  }
  once(type: string, callback: (a: SATCollider, b: SATCollider, contact: SATContact) => void, target?: unknown): void {
    this._target.once(type, callback, target);
  }
  off(type: string, callback?: (...args: any[]) => void, target?: unknown): void {
    this._target.off(type, callback, target);
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
    for (const other of c.touching) this._events.endPair(c, other);
    this._events.flush(null);
    this._bodies?.destroy(c);
    c._shapeDirty = true;
  }

  /** @internal */
  filterChanged(c: SATCollider): void {
    this._bodies?.setFilter(c);
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
    const bodies = this._bodies;
    if (!world || !bodies) {
      this._warnOnce('not-ready-step', '[sat-wasm] SATCollisionManager.step() called before the collision module is ready');
      return;
    }
    if (this._matrixVersion !== this._appliedMatrixVersion) {
      this._appliedMatrixVersion = this._matrixVersion;
      for (const c of this._colliders) c._filterDirty = true;
    }
    for (const c of this._colliders) {
      if (!bodies.sync(c)) for (const other of c.touching) this._events.endPair(c, other);
    }
    if (world.update().rejected > 0) bodies.reportRejected();
    this._events.collect(world, bodies);
    this._events.flush(this.pushApart ? this._solve : null);
    if (this.debugDrawFlags) this._drawDebug();
    else if (this.debugGraphics?.isValid) this.debugGraphics.clear();
  }

  private _solve: Solver = (solving, emit) => pushApartContacts(solving, this._bodies!, this._pushIterations, emit);

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

  /** Makes the world (again, after a broad-phase change: touching pairs end, bodies are re-made at the next update). */
  private _makeWorld(sat: SAT): void {
    if (this._world) {
      for (const c of [...this._colliders]) {
        for (const other of c.touching) this._events.endPair(c, other);
      }
      this._events.flush(null);
      for (const c of this._colliders) {
        this._bodies?.destroy(c);
        c._shapeDirty = true;
      }
      this._unitBox?.dispose();
      this._unitBox = null;
      this._world.dispose();
      this._world = null;
      this._bodies = null;
    }
    try {
      const world = sat.createWorld({ broadPhase: broadPhaseName(this._broadPhase) });
      this._bodies = new BodyTable(world, sat, (group) => this._maskOf(group), (c, message) => this._errorOnce(c, message));
      this._world = world;
      this._sat = sat;
    } catch (e) {
      console.error('[sat-wasm] the collision system could not create its world:', e);
    }
  }

  private _maskOf(group: number): number {
    const m = this.collisionMatrix[group];
    return m === undefined ? ALL_GROUPS : m >>> 0;
  }

  // ---- queries ------------------------------------------------------------------------------------------------

  /**
   * Colliders hit by the segment p1 -> p2 (world), as PhysicsSystem2D.raycast; `mask`: groups to hit. A ray
   * starting inside a collider does not hit it.
   */
  raycast(p1: IVec2Like, p2: IVec2Like, type: SATRaycastType = SATRaycastType.Closest, mask = ALL_GROUPS): SATRaycastResult[] {
    return this._readyFor('raycast') ? raycast(this._world!, this._bodies!, p1, p2, type, mask) : [];
  }

  /** Colliders containing the world point (as PhysicsSystem2D.testPoint). */
  testPoint(p: IVec2Like, mask = ALL_GROUPS): SATCollider[] {
    return this._readyFor('testPoint') ? testPoint(this._world!, this._bodies!, p, mask) : [];
  }

  /** Colliders whose shape overlaps the world rectangle (as PhysicsSystem2D.testAABB). */
  testAABB(rect: Rect, mask = ALL_GROUPS): SATCollider[] {
    if (!this._readyFor('testAABB')) return [];
    return testAABB(this._world!, this._bodies!, () => (this._unitBox ??= this._sat!.box(1, 1)), rect, mask);
  }

  private _readyFor(what: string): boolean {
    if (this._world) return true;
    const { state } = loadState();
    this._warnOnce(
      `not-ready-${what}`,
      state === 'failed'
        ? `[sat-wasm] SATCollisionManager.${what}: the collision module failed to load; returning no results`
        : `[sat-wasm] SATCollisionManager.${what} called before the collision module finished loading; returning no results ` +
            '(await SATCollisionManager.instance.ready first)',
    );
    return false;
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
    if (g) drawWorld(g, this.debugDrawFlags, this._world!, this._bodies!.records);
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

// Register with the director as soon as the extension's scripts load, so nobody has to place a node.
void SATCollisionSystem.instance;
