/**
 * Shared set-up of the real-engine tests. Each test file starts with the two `jest.mock` lines for `cc` and
 * `cc/env` (they must be in the test file itself), then imports from here.
 *
 * Frames: `step()` is one `game.step()`, a whole `director.tick`: start, update, lateUpdate, deferred destroys,
 * systems' postUpdate (the collision system), BEFORE_DRAW, rendering, AFTER_DRAW, then the engine resets every
 * node's changed flags.
 */
import { director, game, Canvas, Node, Scene, Size, Vec2, UITransform } from 'cc';
import { Batcher2D } from '../../cocos/2d/renderer/batcher-2d';
import { SATBox, SATCapsule, SATCircle, SATCollisionManager, SATPolygon, type SATCollider, type SATContact } from './ext/index';

jest.setTimeout(30_000);

export const manager = () => SATCollisionManager.instance;

/**
 * For beforeAll: a 2D batcher on the root (Canvas needs one), the module loaded, then the game loop paused. The
 * engine's test constants say PREVIEW, so the module comes as the editor and preview load it: its BufferAsset through
 * assetManager, which completes on a later frame; the loop must run until then.
 */
export async function startEngine(): Promise<void> {
  const root = director.root as unknown as { _batcher$: Batcher2D | null };
  if (!root._batcher$) root._batcher$ = new Batcher2D(director.root!);
  await manager().ready;
  game.pause(); // from here on only step() advances frames
}

export function step(frames = 1): void {
  for (let i = 0; i < frames; i++) game.step();
}

/** A fresh scene with a Canvas; the manager's settings back to their defaults. */
export function newScene(name = 'sat-test'): Node {
  director.runSceneImmediate(new Scene(name));
  const m = manager();
  for (const key of Object.keys(m.collisionMatrix)) delete m.collisionMatrix[Number(key)];
  m.pushApart = false;
  m.debugDrawFlags = 0;
  m.enable = true;
  m.pushApartIterations = 4;
  m.debugGraphics = null;
  const canvas = new Node('Canvas');
  canvas.addComponent(Canvas);
  canvas.parent = director.getScene();
  return canvas;
}

export function node(parent: Node, name: string, x = 0, y = 0): Node {
  const n = new Node(name);
  n.parent = parent;
  n.setPosition(x, y);
  return n;
}

export function box(parent: Node, name: string, x: number, y: number, w = 100, h = 100): SATBox {
  const c = node(parent, name, x, y).addComponent(SATBox);
  c.size = new Size(w, h);
  return c;
}

export function circle(parent: Node, name: string, x: number, y: number, r = 10): SATCircle {
  const c = node(parent, name, x, y).addComponent(SATCircle);
  c.radius = r;
  return c;
}

export function capsule(parent: Node, name: string, x: number, y: number, radius: number, height: number): SATCapsule {
  const c = node(parent, name, x, y).addComponent(SATCapsule);
  c.radius = radius;
  c.height = height;
  return c;
}

export function polygon(parent: Node, name: string, x: number, y: number, points: Array<[number, number]>): SATPolygon {
  const c = node(parent, name, x, y).addComponent(SATPolygon);
  c.points = points.map(([px, py]) => new Vec2(px, py));
  return c;
}

export function withUITransform(n: Node, w: number, h: number, ax = 0.5, ay = 0.5): UITransform {
  const ui = n.getComponent(UITransform) ?? n.addComponent(UITransform);
  ui.setContentSize(w, h);
  ui.setAnchorPoint(ax, ay);
  return ui;
}

export const EVENTS = ['begin-contact', 'stay-contact', 'end-contact', 'pre-solve', 'post-solve'] as const;

/** A copy of what a handler saw (contacts are reused objects). */
export interface Seen {
  source: string;
  type: string;
  self: string;
  other: string;
  normal: { x: number; y: number };
  depth: number;
  points: Array<{ x: number; y: number }>;
}

function copy(source: string, type: string, self: SATCollider, other: SATCollider, c: SATContact): Seen {
  return {
    source,
    type,
    self: self.node.name,
    other: other.node.name,
    normal: { x: c.normal.x, y: c.normal.y },
    depth: c.depth,
    points: c.points.map((p: Vec2) => ({ x: p.x, y: p.y })),
  };
}

/** Records the manager's events, and those of the given colliders and their nodes. */
export function record(...colliders: SATCollider[]): { log: Seen[]; pairs: () => string[]; stop: () => void } {
  const log: Seen[] = [];
  const offs: Array<() => void> = [];
  for (const type of EVENTS) {
    const onManager = (a: SATCollider, b: SATCollider, c: SATContact) => log.push(copy('manager', type, a, b, c));
    manager().on(type, onManager);
    offs.push(() => manager().off(type, onManager));
    for (const col of colliders) {
      const name = col.node.name;
      const onCollider = (s: SATCollider, o: SATCollider, c: SATContact) => log.push(copy(`collider:${name}`, type, s, o, c));
      const onNode = (s: SATCollider, o: SATCollider, c: SATContact) => log.push(copy(`node:${name}`, type, s, o, c));
      col.on(type, onCollider);
      col.node.on(type, onNode);
      offs.push(() => col.off(type, onCollider));
    }
  }
  // 'type A-B' with the names sorted: which collider is A is the world's choice
  const pairs = () => log.filter((r) => r.source === 'manager').map((r) => `${r.type} ${[r.self, r.other].sort().join('-')}`);
  return { log, pairs, stop: () => offs.forEach((f) => f()) };
}

/** Node names of colliders, for readable comparisons (a component's own diff is thousands of lines). */
export const names = (cs: ReadonlyArray<{ node: Node | null }>) => cs.map((c) => c.node?.name ?? '(destroyed)');
