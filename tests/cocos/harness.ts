// Scene helpers for the stand-in tests that need components (start-up order, a failed load): a fresh scene,
// boxes, frames, event recording. Everything else about the components runs inside the real engine.
import { Canvas, director, Node, Scene, Size, Vec2 } from 'cc';
import type { SATCollider, SATContact } from '../../cocos-extension/assets/components/SATCollider';
import { SATBox } from '../../cocos-extension/assets/components/SATBox';
import { SATCollisionManager } from '../../cocos-extension/assets/components/SATCollisionManager';

export const manager = () => SATCollisionManager.instance;

/** A new scene with a Canvas node at the origin; the old scene's nodes are destroyed. */
export function newScene(): { scene: Scene; canvas: Node } {
  const scene = new Scene('test');
  director.runSceneImmediate(scene);
  const canvas = new Node('Canvas');
  canvas.addComponent(Canvas);
  canvas.parent = scene;
  const m = manager();
  for (const key of Object.keys(m.collisionMatrix)) delete m.collisionMatrix[Number(key)];
  m.pushApart = false;
  m.debugDrawFlags = 0;
  m.enable = true;
  return { scene, canvas };
}

/** Runs one engine frame (update, lateUpdate, deferred destroy, systems' postUpdate: the manager's step). */
export function frame(n = 1): void {
  for (let i = 0; i < n; i++) director.tick(1 / 60);
}

export function box(parent: Node, name: string, x: number, y: number, w = 100, h = 100): SATBox {
  const node = new Node(name);
  node.parent = parent;
  node.setPosition(x, y);
  const c = node.addComponent(SATBox);
  c.size = new Size(w, h);
  return c;
}

export interface Recorded {
  source: string;
  type: string;
  self: string;
  other: string;
  normal: { x: number; y: number };
  depth: number;
  points: Array<{ x: number; y: number }>;
}

const TYPES = ['begin-contact', 'stay-contact', 'end-contact'];

/** Records events of the manager and of the given colliders (and their nodes), copying each contact. */
export function record(...colliders: SATCollider[]): { log: Recorded[]; stop: () => void } {
  const log: Recorded[] = [];
  const offs: Array<() => void> = [];
  const copy = (source: string, type: string, self: SATCollider, other: SATCollider, c: SATContact): Recorded => ({
    source,
    type,
    self: self.node.name,
    other: other.node.name,
    normal: { x: c.normal.x, y: c.normal.y },
    depth: c.depth,
    points: c.points.map((p: Vec2) => ({ x: p.x, y: p.y })),
  });
  for (const type of TYPES) {
    const onManager = (a: SATCollider, b: SATCollider, c: SATContact) => log.push(copy('manager', type, a, b, c));
    manager().on(type, onManager);
    offs.push(() => manager().off(type, onManager));
    for (const col of colliders) {
      const onCollider = (s: SATCollider, o: SATCollider, c: SATContact) => log.push(copy(`collider:${col.node.name}`, type, s, o, c));
      const onNode = (s: SATCollider, o: SATCollider, c: SATContact) => log.push(copy(`node:${col.node.name}`, type, s, o, c));
      col.on(type, onCollider);
      col.node.on(type, onNode);
      offs.push(() => col.off(type, onCollider));
    }
  }
  return { log, stop: () => offs.forEach((f) => f()) };
}

/**
 * Just the manager's events, as 'type a-b' strings with the two names sorted: which collider is A is the world's
 * choice (the body with the smaller slot), not something a game can rely on.
 */
export function managerEvents(log: Recorded[]): string[] {
  return log.filter((r) => r.source === 'manager').map((r) => `${r.type} ${[r.self, r.other].sort().join('-')}`);
}
