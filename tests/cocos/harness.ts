// Scene helpers for the stand-in tests that need components (start-up order, a failed load): a fresh scene,
// boxes, frames, event recording (makers shared with the real-engine tests: tests/cocos-engine/makers.ts).
// Everything else about the components runs inside the real engine.
import { Canvas, director, Node, Scene, Size, Vec2 } from 'cc';
import type { SATCollider } from '../../cocos-extension/assets/components/SATCollider';
import { colliderMakers } from '../cocos-engine/makers';
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

const makers = colliderMakers({ Node, Size, Vec2, SATBox, manager });

export const box: (parent: Node, name: string, x: number, y: number, w?: number, h?: number) => SATBox = makers.box;

/**
 * Records begin / stay / end of the manager and of the given colliders (and their nodes), copying each contact;
 * `pairs()` gives the manager's events as 'type a-b' with the names sorted.
 */
export const record = (...colliders: SATCollider[]) => makers.record(['begin-contact', 'stay-contact', 'end-contact'], ...colliders);

