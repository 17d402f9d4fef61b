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
import { SATBox, SATCapsule, SATCircle, SATCollisionManager, SATPolygon, type SATCollider } from './ext/index';
import { colliderMakers, type Seen } from './makers';

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

const makers = colliderMakers({ Node, Size, Vec2, SATBox, SATCircle, SATCapsule, SATPolygon, manager });

export const node = (parent: Node, name: string, x = 0, y = 0): Node => makers.node(parent, name, x, y) as unknown as Node;
export const box: (parent: Node, name: string, x: number, y: number, w?: number, h?: number) => SATBox = makers.box;
export const circle: (parent: Node, name: string, x: number, y: number, r?: number) => SATCircle = makers.circle;
export const capsule: (parent: Node, name: string, x: number, y: number, radius: number, height: number) => SATCapsule = makers.capsule;
export const polygon: (parent: Node, name: string, x: number, y: number, points: Array<[number, number]>) => SATPolygon = makers.polygon;

export function withUITransform(n: Node, w: number, h: number, ax = 0.5, ay = 0.5): UITransform {
  const ui = n.getComponent(UITransform) ?? n.addComponent(UITransform);
  ui.setContentSize(w, h);
  ui.setAnchorPoint(ax, ay);
  return ui;
}

export const EVENTS = ['begin-contact', 'stay-contact', 'end-contact', 'pre-solve', 'post-solve'] as const;
export type { Seen };

/** Records the manager's events, and those of the given colliders and their nodes (see makers.ts). */
export const record = (...colliders: SATCollider[]) => makers.record(EVENTS, ...colliders);

/** Node names of colliders, for readable comparisons (a component's own diff is thousands of lines). */
export const names = (cs: ReadonlyArray<{ node: Node | null }>) => cs.map((c) => c.node?.name ?? '(destroyed)');
