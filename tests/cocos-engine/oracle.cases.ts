/**
 * The engine's own PhysicsSystem2D with the builtin backend as an independent oracle, where both answer the same
 * question: which boxes, circles and polygons touch (begin / end), which colliders contain a point or overlap a
 * rectangle, a box's world corners and bounds, and the groups and collision matrix read from Project Settings.
 * Each node carries both a Cocos collider and the matching sat-wasm one.
 */
import { game, Game, Node, Rect, settings, Settings, Size, Vec2 } from 'cc';
import {
  BoxCollider2D, CircleCollider2D, Collider2D, Contact2DType, EPhysics2DDrawFlags, ERaycast2DType, PhysicsGroup2D, PhysicsSystem2D, PolygonCollider2D,
} from '../../exports/physics-2d-framework';
import '../../exports/physics-2d-builtin';
import { selector } from '../../cocos/physics-2d/framework/physics-selector';
import { SATBox, SATCircle, SATContactType, SATDrawFlags, SATGroup, SATPolygon, SATRaycastType, type SATCollider } from './ext/index';
import { manager, newScene, node, startEngine, step } from './helpers';

describe('oracle', () => {
  /** Project Settings → Physics as a project with two extra groups would have them. */
  const PROJECT_GROUPS = [{ name: 'PLAYER', index: 1 }, { name: 'ENEMY', index: 2 }];
  const PROJECT_MATRIX = { 0: 0b111, 1: 0b101, 2: 0b011 }; // by bit index: PLAYER does not meet PLAYER, ENEMY not ENEMY

  beforeAll(async () => {
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionGroups', PROJECT_GROUPS);
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionMatrix', PROJECT_MATRIX);
    game.emit(Game.EVENT_PRE_SUBSYSTEM_INIT);
    PhysicsSystem2D.constructAndRegister(); // reads the settings as it does at start
    await startEngine();
    manager().readProjectSettings();
  });

  afterAll(() => {
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionGroups', []);
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionMatrix', {});
    manager().readProjectSettings();
  });

  function scene(): Node {
    const canvas = newScene();
    manager().readProjectSettings(); // newScene() cleared the matrix
    selector.switchTo('builtin');
    return canvas;
  }

  /** A seeded generator, so that a failure can be replayed. */
  function random(seed: number): () => number {
    let s = seed >>> 0;
    return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  }

  type Kind = 'box' | 'circle' | 'polygon';
  const TRIANGLE = [new Vec2(-30, -20), new Vec2(35, -25), new Vec2(0, 40)];

  function both(parent: Node, name: string, kind: Kind, x: number, y: number, group = 1): { node: Node; cocos: Collider2D; sat: SATCollider } {
    const n = node(parent, name, x, y);
    let cocos: Collider2D;
    let sat: SATCollider;
    if (kind === 'box') {
      const c = n.addComponent(BoxCollider2D);
      c.size = new Size(60, 40);
      const s = n.addComponent(SATBox);
      s.size = new Size(60, 40);
      [cocos, sat] = [c, s];
    } else if (kind === 'circle') {
      const c = n.addComponent(CircleCollider2D);
      c.radius = 25;
      const s = n.addComponent(SATCircle);
      s.radius = 25;
      [cocos, sat] = [c, s];
    } else {
      const c = n.addComponent(PolygonCollider2D);
      c.points = TRIANGLE.map((p) => p.clone());
      const s = n.addComponent(SATPolygon);
      s.points = TRIANGLE;
      [cocos, sat] = [c, s];
    }
    cocos.group = group;
    sat.group = group;
    return { node: n, cocos, sat };
  }

  /** Tracks the touching pairs each side reports through its begin / end events. */
  function touchingPairs() {
    const cocos = new Set<string>();
    const sat = new Set<string>();
    const key = (a: { node: Node }, b: { node: Node }) => [a.node.name, b.node.name].sort().join('-');
    const cb = (a: Collider2D, b: Collider2D) => cocos.add(key(a, b));
    const ce = (a: Collider2D, b: Collider2D) => cocos.delete(key(a, b));
    const sb = (a: SATCollider, b: SATCollider) => sat.add(key(a, b));
    const se = (a: SATCollider, b: SATCollider) => sat.delete(key(a, b));
    PhysicsSystem2D.instance.on(Contact2DType.BEGIN_CONTACT, cb);
    PhysicsSystem2D.instance.on(Contact2DType.END_CONTACT, ce);
    manager().on(SATContactType.BEGIN_CONTACT, sb);
    manager().on(SATContactType.END_CONTACT, se);
    return {
      cocos: () => [...cocos].sort(),
      sat: () => [...sat].sort(),
      stop: () => {
        PhysicsSystem2D.instance.off(Contact2DType.BEGIN_CONTACT, cb);
        PhysicsSystem2D.instance.off(Contact2DType.END_CONTACT, ce);
        manager().off(SATContactType.BEGIN_CONTACT, sb);
        manager().off(SATContactType.END_CONTACT, se);
      },
    };
  }

  test('event names, raycast types and shared draw flags have the values of Contact2DType, ERaycast2DType, EPhysics2DDrawFlags', () => {
    expect(SATDrawFlags.Shape).toBe(EPhysics2DDrawFlags.Shape);
    expect(SATDrawFlags.Aabb).toBe(EPhysics2DDrawFlags.Aabb);
    // our own flags use bits EPhysics2DDrawFlags does not: a Cocos flag value turns on nothing else here
    const cocosBits = Object.values(EPhysics2DDrawFlags).filter((v): v is number => typeof v === 'number').reduce((a, b) => a | b, 0);
    expect((SATDrawFlags.Contact | SATDrawFlags.Mtv) & cocosBits).toBe(0);
    expect(SATContactType.BEGIN_CONTACT).toBe(Contact2DType.BEGIN_CONTACT);
    expect(SATContactType.END_CONTACT).toBe(Contact2DType.END_CONTACT);
    expect(SATContactType.PRE_SOLVE).toBe(Contact2DType.PRE_SOLVE);
    expect(SATContactType.POST_SOLVE).toBe(Contact2DType.POST_SOLVE);
    for (const name of ['Closest', 'Any', 'AllClosest', 'All'] as const) expect(SATRaycastType[name]).toBe(ERaycast2DType[name]);
  });

  test('groups and the collision matrix come from Project Settings as PhysicsSystem2D reads them', () => {
    const cocosMatrix = PhysicsSystem2D.instance.collisionMatrix as unknown as Record<number, number>;
    for (const bit of [1, 2, 4]) expect([bit, manager().collisionMatrix[bit]]).toEqual([bit, cocosMatrix[bit]]);
    expect(manager().groups).toEqual({ PLAYER: 2, ENEMY: 4 });
    for (const name of ['DEFAULT', 'PLAYER', 'ENEMY']) expect([name, SATGroup[name]]).toEqual([name, (PhysicsGroup2D as Record<string, number>)[name]]);
  });

  test('begin / end between boxes, circles and triangles moved at random, groups included, match the builtin backend', () => {
    const canvas = scene();
    const rand = random(20251202);
    const kinds: Kind[] = ['box', 'circle', 'polygon'];
    const items = Array.from({ length: 18 }, (_, i) =>
      both(canvas, `n${i}`, kinds[i % 3], rand() * 400, rand() * 300, [1, 2, 4][Math.floor(rand() * 3)]));
    const pairs = touchingPairs();
    let compared = 0;
    for (let round = 0; round < 25; round++) {
      for (const it of items) if (rand() < 0.5) it.node.setPosition(rand() * 400, rand() * 300);
      step(2);
      expect([round, pairs.sat()]).toEqual([round, pairs.cocos()]);
      compared += pairs.cocos().length;
    }
    expect(compared).toBeGreaterThan(25); // the scene did make contacts
    pairs.stop();
  });

  test('testPoint and testAABB return the builtin backend’s colliders, over random points and rectangles', () => {
    const canvas = scene();
    const rand = random(7);
    const kinds: Kind[] = ['box', 'circle', 'polygon'];
    for (let i = 0; i < 15; i++) {
      const it = both(canvas, `q${i}`, kinds[i % 3], rand() * 400, rand() * 300);
      it.node.angle = rand() * 360;
    }
    step(2);
    let hits = 0;
    const names = (cs: readonly { node: Node }[]) => cs.map((c) => c.node.name).sort();
    for (let i = 0; i < 300; i++) {
      const p = new Vec2(rand() * 420 - 10, rand() * 320 - 10);
      const expected = names(PhysicsSystem2D.instance.testPoint(p));
      expect([p.toString(), names(manager().testPoint(p))]).toEqual([p.toString(), expected]);
      hits += expected.length;
      const r = new Rect(rand() * 400, rand() * 300, 1 + rand() * 40, 1 + rand() * 40);
      expect([r.toString(), names(manager().testAABB(r))]).toEqual([r.toString(), names(PhysicsSystem2D.instance.testAABB(r))]);
    }
    expect(hits).toBeGreaterThan(30);
  });

  test('a box’s world corners and bounds match BoxCollider2D’s under parent rotation and scale', () => {
    const canvas = scene();
    const parent = node(canvas, 'parent', 30, -20);
    parent.angle = 33;
    parent.setScale(1.5, 0.75);
    const it = both(parent, 'B', 'box', 40, 10);
    it.node.angle = -12;
    step(2);
    const cocos = it.cocos as BoxCollider2D;
    const sat = it.sat as SATBox;
    const flat = (ps: readonly Readonly<Vec2>[]) => ps.flatMap((p) => [p.x, p.y]);
    const expected = flat(cocos.worldPoints);
    flat(sat.worldPoints).forEach((v, i) => expect(v).toBeCloseTo(expected[i], 3));
    const a = sat.worldAABB;
    const b = cocos.worldAABB;
    [a.x, a.y, a.width, a.height].forEach((v, i) => expect(v).toBeCloseTo([b.x, b.y, b.width, b.height][i], 2));
  });
});
