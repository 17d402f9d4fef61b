/**
 * Set-up of the 3D real-engine cases: a fresh scene, 3D colliders, event recording, and the oracle — the
 * `sat-wasm/3d` narrow phase called directly on shapes placed by the test's own numbers, or on hulls of world
 * points the engine's world matrices give (no world, no broad phase, no matrix decomposition of the extension).
 */
import { director, game, Mat4, Node, Quat, Scene, Vec3 } from 'cc';
import {
  SATBoxCollider3D,
  SATCapsuleCollider3D,
  SATCollisionManager3D,
  SATConvexCollider3D,
  SATSphereCollider3D,
  type SATCollider3D,
  type SATCollisionEvent3D,
} from './ext/index';
import type { SAT3D, Shape3 } from './ext/lib/3d.js';

export const manager3 = () => SATCollisionManager3D.instance;
export const sat3 = (): SAT3D => manager3().sat3!;

/** A fresh scene (no Canvas); the 3D manager's settings back to their defaults. */
export function newScene3(name = 'sat-3d'): Node {
  director.runSceneImmediate(new Scene(name));
  const m = manager3();
  for (const key of Object.keys(m.collisionMatrix)) delete m.collisionMatrix[Number(key)];
  m.enable = true;
  m.debugDrawFlags = 0;
  m.debugRenderer = null;
  const root = new Node('Root');
  root.parent = director.getScene();
  return root;
}

export function node3(parent: Node, name: string, x = 0, y = 0, z = 0): Node {
  const n = new Node(name);
  n.parent = parent;
  n.setPosition(x, y, z);
  return n;
}

export function box3(parent: Node, name: string, p: [number, number, number], size: [number, number, number] = [1, 1, 1]): SATBoxCollider3D {
  const c = node3(parent, name, ...p).addComponent(SATBoxCollider3D);
  c.size = new Vec3(...size);
  return c;
}

export function sphere3(parent: Node, name: string, p: [number, number, number], radius = 0.5): SATSphereCollider3D {
  const c = node3(parent, name, ...p).addComponent(SATSphereCollider3D);
  c.radius = radius;
  return c;
}

export function capsule3(parent: Node, name: string, p: [number, number, number], radius = 0.25, cylinderHeight = 1): SATCapsuleCollider3D {
  const c = node3(parent, name, ...p).addComponent(SATCapsuleCollider3D);
  c.radius = radius;
  c.cylinderHeight = cylinderHeight;
  return c;
}

export function convex3(parent: Node, name: string, p: [number, number, number], points: Array<[number, number, number]>): SATConvexCollider3D {
  const c = node3(parent, name, ...p).addComponent(SATConvexCollider3D);
  c.points = points.map((q) => new Vec3(...q));
  return c;
}

/** A copy of what a handler saw (event objects are reused). */
export interface Seen3 {
  source: string;
  type: string;
  self: string;
  other: string;
  /** the components' class names (two colliders may share a node) */
  selfKind: string;
  otherKind: string;
  normal: { x: number; y: number; z: number };
  depth: number;
  isTrigger: boolean;
  contacts: Array<{ x: number; y: number; z: number; depth: number }>;
}

export const EVENTS_3D = ['onCollisionEnter', 'onCollisionStay', 'onCollisionExit', 'onTriggerEnter', 'onTriggerStay', 'onTriggerExit'];

/** Records the 3D manager's events and those of the given colliders. */
export function record3(...colliders: SATCollider3D[]): { log: Seen3[]; pairs: () => string[]; stop: () => void } {
  const log: Seen3[] = [];
  const offs: Array<() => void> = [];
  const copy = (source: string, e: SATCollisionEvent3D): Seen3 => ({
    source,
    type: e.type,
    self: e.selfCollider.node.name,
    other: e.otherCollider.node.name,
    selfKind: e.selfCollider._className(),
    otherKind: e.otherCollider._className(),
    normal: { x: e.normal.x, y: e.normal.y, z: e.normal.z },
    depth: e.depth,
    isTrigger: e.isTrigger,
    contacts: e.contacts.map((c) => ({ x: c.point.x, y: c.point.y, z: c.point.z, depth: c.depth })),
  });
  for (const type of EVENTS_3D) {
    const onManager = (e: SATCollisionEvent3D) => log.push(copy('manager', e));
    manager3().on(type, onManager);
    offs.push(() => manager3().off(type, onManager));
    for (const c of colliders) {
      const name = c.node.name;
      const on = (e: SATCollisionEvent3D) => log.push(copy(`collider:${name}`, e));
      c.on(type, on);
      offs.push(() => c.off(type, on));
    }
  }
  const pairs = () => log.filter((r) => r.source === 'manager').map((r) => `${r.type} ${[r.self, r.other].sort().join('-')}`);
  return { log, pairs, stop: () => offs.forEach((f) => f()) };
}

// ---- the oracle -------------------------------------------------------------------------------------------------

/** World points of a box collider's corners, through the engine's world matrix (shear included). */
export function worldBoxCorners(c: SATBoxCollider3D): number[] {
  const m: Mat4 = c.node.worldMatrix;
  const out: number[] = [];
  const v = new Vec3();
  for (let i = 0; i < 8; i++) {
    v.set(c.center.x + ((i & 1 ? 1 : -1) * c.size.x) / 2, c.center.y + ((i & 2 ? 1 : -1) * c.size.y) / 2, c.center.z + ((i & 4 ? 1 : -1) * c.size.z) / 2);
    Vec3.transformMat4(v, v, m);
    out.push(v.x, v.y, v.z);
  }
  return out;
}

/** World points of a convex collider's point list, through the engine's world matrix. */
export function worldConvexPoints(c: SATConvexCollider3D): number[] {
  const m: Mat4 = c.node.worldMatrix;
  const out: number[] = [];
  const v = new Vec3();
  for (const p of c.points) {
    v.set(p.x + c.center.x, p.y + c.center.y, p.z + c.center.z);
    Vec3.transformMat4(v, v, m);
    out.push(v.x, v.y, v.z);
  }
  return out;
}

const ORIGIN = { x: 0, y: 0, z: 0 };

/**
 * The oracle's shape of a collider in world space, at the identity transform: boxes and hulls as hulls of their world
 * points; spheres and capsules from the node's world position, rotation and largest |world scale| (nodes under
 * these have no shear in the tests).
 */
export function oracleShape(c: SATCollider3D): Shape3 {
  const s = sat3();
  if (c instanceof SATBoxCollider3D) return s.hull(worldBoxCorners(c));
  if (c instanceof SATConvexCollider3D) return s.hull(worldConvexPoints(c));
  const ws = c.node.worldScale;
  const k = Math.max(Math.abs(ws.x), Math.abs(ws.y), Math.abs(ws.z));
  const at = (x: number, y: number, z: number) => {
    const v = new Vec3(x + c.center.x, y + c.center.y, z + c.center.z);
    Vec3.transformMat4(v, v, c.node.worldMatrix);
    return { x: v.x, y: v.y, z: v.z };
  };
  if (c instanceof SATSphereCollider3D) return s.sphere(c.radius * k, at(0, 0, 0));
  const cap = c as SATCapsuleCollider3D;
  const h = cap.cylinderHeight / 2, d = cap.direction;
  const a = at(d === 0 ? -h : 0, d === 1 ? -h : 0, d === 2 ? -h : 0), b = at(d === 0 ? h : 0, d === 1 ? h : 0, d === 2 ? h : 0);
  return s.capsule(a, b, cap.radius * k);
}

/** The oracle's answer for two colliders: null when apart, else depth and the unit normal from a to b. */
export function oracleCollide(a: SATCollider3D, b: SATCollider3D): { depth: number; normal: { x: number; y: number; z: number } } | null {
  const sa = oracleShape(a), sb = oracleShape(b);
  try {
    const m = sat3().collide(sa, ORIGIN, sb, ORIGIN);
    return m && { depth: m.depth, normal: m.normal };
  } finally {
    sa.dispose();
    sb.dispose();
  }
}

/** Pairs of colliders touching as of the last update, as sorted 'A-B' names. */
export function touchingPairs(colliders: SATCollider3D[]): string[] {
  const out = new Set<string>();
  for (const c of colliders) for (const o of c.touching) out.add([c.node.name, o.node.name].sort().join('-'));
  return [...out].sort();
}

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomRotation(r: () => number): Quat {
  const q = new Quat();
  Quat.fromEuler(q, r() * 360 - 180, r() * 360 - 180, r() * 360 - 180);
  return q;
}

/** For beforeAll, after startEngine: the 3D module loaded (it loads on first use: this is the first use). */
export async function startEngine3D(): Promise<void> {
  const m = manager3();
  const loading = m.ready;
  // the editor's plan loads the module's BufferAsset, which completes on a later frame
  for (let i = 0; i < 200 && !m.isReady; i++) {
    game.step();
    await new Promise((r) => setTimeout(r, 5));
  }
  await loading;
}
