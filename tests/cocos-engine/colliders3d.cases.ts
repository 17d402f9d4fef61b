/**
 * The 3D colliders inside the engine: each kind against the `sat-wasm/3d` narrow phase run directly on world-space
 * shapes (helpers3d.ts), enter / stay / exit and the trigger variants, node transforms with parents and non-uniform
 * scale, and named errors for bad input.
 */
import { Mesh, Quat, settings, Settings, utils, primitives, Vec3 } from 'cc';
// the physics framework's index needs terrain, which the harness leaves out: the system's own file
import { PhysicsSystem } from '../../cocos/physics/framework/physics-system';
import { SATConvexCollider3D, SATGroup, SATSphereCollider3D, type SATCollider3D } from './ext/index';
import { step } from './helpers';
import {
  box3,
  capsule3,
  convex3,
  manager3,
  newScene3,
  node3,
  oracleCollide,
  randomRotation,
  record3,
  rng,
  sat3,
  sphere3,
  touchingPairs,
} from './helpers3d';

const TETRA: Array<[number, number, number]> = [
  [0.6, 0, 0],
  [-0.3, 0.5, 0.1],
  [-0.3, -0.5, 0.1],
  [0, 0, 0.7],
  [0.05, 0.05, -0.5],
];

/** Compares the manager's touching pairs and each pair's depth and normal with the oracle. Borderline pairs are skipped. */
function expectMatchesOracle(colliders: SATCollider3D[]): number {
  const expected: string[] = [];
  const borderline = new Set<string>();
  for (let i = 0; i < colliders.length; i++) {
    for (let j = i + 1; j < colliders.length; j++) {
      const a = colliders[i], b = colliders[j];
      const key = [a.node.name, b.node.name].sort().join('-');
      const m = oracleCollide(a, b);
      if (m && m.depth > 2e-3) expected.push(key);
      else if (m) borderline.add(key);
    }
  }
  const got = touchingPairs(colliders).filter((k) => !borderline.has(k));
  expect(got).toEqual(expected.sort());
  return expected.length;
}

describe('colliders3d', () => {
  test('each collider kind against the 3D narrow phase on random rotated scenes', () => {
    const r = rng(7);
    let touching = 0;
    for (let scene = 0; scene < 6; scene++) {
      const root = newScene3();
      const colliders: SATCollider3D[] = [];
      for (let i = 0; i < 16; i++) {
        const p: [number, number, number] = [r() * 3, r() * 3, r() * 3];
        const kind = i % 4;
        const name = `${['box', 'sphere', 'capsule', 'convex'][kind]}${i}`;
        const c =
          kind === 0 ? box3(root, name, p, [0.4 + r(), 0.4 + r(), 0.4 + r()])
          : kind === 1 ? sphere3(root, name, p, 0.2 + r() * 0.5)
          : kind === 2 ? capsule3(root, name, p, 0.15 + r() * 0.3, 0.3 + r())
          : convex3(root, name, p, TETRA);
        c.node.setRotation(randomRotation(r));
        colliders.push(c);
      }
      step();
      touching += expectMatchesOracle(colliders);
    }
    expect(touching).toBeGreaterThan(20); // the scenes are dense enough to test something
  });

  test('depth and normal of a pair equal the narrow phase, the normal from self towards other', () => {
    const root = newScene3();
    const a = box3(root, 'A', [0, 0, 0], [1, 1, 1]);
    const b = sphere3(root, 'B', [0.9, 0.1, 0], 0.5);
    const rec = record3(a, b);
    step();
    const m = oracleCollide(a, b)!;
    const onA = rec.log.find((e) => e.source === 'collider:A')!;
    const onB = rec.log.find((e) => e.source === 'collider:B')!;
    expect(onA.type).toBe('onCollisionEnter');
    expect(onA.depth).toBeCloseTo(m.depth, 4);
    expect(onA.normal.x).toBeCloseTo(m.normal.x, 4);
    expect(onA.normal.y).toBeCloseTo(m.normal.y, 4);
    expect(onB.normal.x).toBeCloseTo(-m.normal.x, 4); // B sees the reverse
    expect(onA.contacts.length).toBeGreaterThan(0);
    for (const c of onA.contacts) {
      // contact points lie in the overlap: inside the box (x <= 0.5) and the sphere's reach
      expect(c.x).toBeLessThanOrEqual(0.5 + 1e-3);
      expect(Math.hypot(c.x - 0.9, c.y - 0.1, c.z)).toBeLessThanOrEqual(0.5 + 1e-3);
    }
    rec.stop();
  });

  test('enter, stay, exit on the manager, then self, then other; exit has no contacts', () => {
    const root = newScene3();
    const a = box3(root, 'A', [0, 0, 0]);
    const b = box3(root, 'B', [0.8, 0, 0]);
    const rec = record3(a, b);
    step();
    step();
    b.node.setPosition(3, 0, 0);
    step();
    step();
    expect(rec.pairs()).toEqual(['onCollisionEnter A-B', 'onCollisionStay A-B', 'onCollisionExit A-B']);
    expect(rec.log.slice(0, 3).map((e) => `${e.source} ${e.self}`)).toEqual(['manager A', 'collider:A A', 'collider:B B']);
    const exit = rec.log.filter((e) => e.type === 'onCollisionExit');
    expect(exit.every((e) => e.contacts.length === 0 && e.depth === 0)).toBe(true);
    expect(a.touching).toEqual([]);
    rec.stop();
  });

  test('a trigger on either side turns the events into onTriggerEnter / Stay / Exit', () => {
    const root = newScene3();
    const a = sphere3(root, 'A', [0, 0, 0], 0.5);
    const b = capsule3(root, 'B', [0.6, 0, 0], 0.25, 1);
    b.isTrigger = true;
    const rec = record3(a, b);
    step();
    step();
    b.node.setPosition(0, 5, 0);
    step();
    expect(rec.pairs()).toEqual(['onTriggerEnter A-B', 'onTriggerStay A-B', 'onTriggerExit A-B']);
    expect(rec.log.every((e) => e.isTrigger)).toBe(true);
    expect(rec.log.some((e) => e.type.startsWith('onCollision'))).toBe(false);
    // isTrigger switched while touching: the old kind exits, the new kind enters, then stays
    b.node.setPosition(0.6, 0, 0);
    step();
    b.isTrigger = false;
    step();
    step();
    expect(rec.pairs().slice(3)).toEqual(['onTriggerEnter A-B', 'onTriggerExit A-B', 'onCollisionEnter A-B', 'onCollisionStay A-B']);
    const switched = rec.log.filter((e) => e.source === 'manager').slice(4, 6);
    expect(switched.map((e) => e.isTrigger)).toEqual([true, false]);
    rec.stop();
  });

  test('disabling or destroying a touching collider emits its exit at once', () => {
    const root = newScene3();
    const a = box3(root, 'A', [0, 0, 0]);
    const b = box3(root, 'B', [0.5, 0, 0]);
    const c = box3(root, 'C', [-0.6, 0, 0]); // touches A, not B
    const rec = record3(a, b, c);
    step();
    b.enabled = false;
    expect(rec.pairs().slice(-1)).toEqual(['onCollisionExit A-B']);
    c.node.destroy();
    expect(rec.pairs().slice(-1)).toEqual(['onCollisionExit A-C']);
    step(2);
    expect(rec.pairs().filter((p) => p.includes('Exit'))).toHaveLength(2);
    expect(a.touching).toEqual([]);
    b.enabled = true;
    step();
    expect(rec.pairs().slice(-1)).toEqual(['onCollisionEnter A-B']);
    rec.stop();
  });

  test('colliders on the same node never meet each other (one body in Cocos), but each meets other nodes', () => {
    const root = newScene3();
    const a = box3(root, 'A', [0, 0, 0]);
    const a2 = a.node.addComponent(SATSphereCollider3D);
    a2.radius = 0.6;
    const b = sphere3(root, 'B', [1, 0, 0], 0.5);
    const rec = record3(a, a2, b);
    step();
    const seen = rec.log.filter((e) => e.source === 'manager').map((e) => `${e.type} ${[`${e.self}:${e.selfKind}`, `${e.other}:${e.otherKind}`].sort().join(' ')}`);
    expect(seen.sort()).toEqual([
      'onCollisionEnter A:SATBoxCollider3D B:SATSphereCollider3D',
      'onCollisionEnter A:SATSphereCollider3D B:SATSphereCollider3D',
    ]);
    expect(a.touching).toEqual([b]);
    rec.stop();
  });

  test('group and mask: the collision matrix decides which groups meet, at the next update', () => {
    const root = newScene3();
    const m = manager3();
    const a = box3(root, 'A', [0, 0, 0]);
    const b = box3(root, 'B', [0.5, 0, 0]);
    b.group = 2;
    step();
    expect(touchingPairs([a, b])).toEqual(['A-B']); // no entries: every group meets every group
    m.collisionMatrix[1] = 1; // group 1 meets only group 1
    expect(a.getMask()).toBe(1);
    expect(b.getMask()).toBe(0xffffffff);
    step();
    expect(touchingPairs([a, b])).toEqual([]);
    m.collisionMatrix[1] = 1 | 2;
    m.collisionMatrix[2] = 1;
    step();
    expect(touchingPairs([a, b])).toEqual(['A-B']);
    b.group = 4; // group 4: no entry, meets all; but group 1's row does not include 4
    step();
    expect(touchingPairs([a, b])).toEqual([]);
  });

  test('groups and the collision matrix come from Project Settings as the engine\'s PhysicsSystem reads them', () => {
    const groups = [{ name: 'PLAYER', index: 1 }, { name: 'ENEMY', index: 2 }];
    const matrix = { 0: 0b111, 1: 0b101, 2: 0b011 }; // by bit index: PLAYER does not meet PLAYER, ENEMY not ENEMY
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionGroups', groups);
    settings.overrideSettings(Settings.Category.PHYSICS, 'collisionMatrix', matrix);
    try {
      PhysicsSystem.constructAndRegister(); // no backend in the harness: the system only reads its settings
      PhysicsSystem.instance.resetConfiguration();
      const root = newScene3(); // (it empties the matrix: read the settings after it)
      const m = manager3();
      m.readProjectSettings();
      const cocos = PhysicsSystem.instance.collisionMatrix as unknown as Record<number, number>;
      for (const bit of [1, 2, 4]) expect([bit, m.collisionMatrix[bit]]).toEqual([bit, cocos[bit]]);
      expect(m.groups).toEqual({ PLAYER: 2, ENEMY: 4 });
      for (const name of ['DEFAULT', 'PLAYER', 'ENEMY']) {
        expect([name, SATGroup[name]]).toEqual([name, (PhysicsSystem.PhysicsGroup as Record<string, number>)[name]]);
      }
      const p1 = box3(root, 'P1', [0, 0, 0]), p2 = box3(root, 'P2', [0.5, 0, 0]), e1 = box3(root, 'E1', [0, 0.5, 0]), d = box3(root, 'D', [0, 0, 0.5]);
      p1.group = p2.group = SATGroup.PLAYER;
      e1.group = SATGroup.ENEMY;
      for (const c of [p1, e1, d]) expect([c.node.name, c.getMask()]).toEqual([c.node.name, cocos[c.group]]); // as Collider.getMask()
      step();
      expect(touchingPairs([p1, p2, e1, d])).toEqual(['D-E1', 'D-P1', 'D-P2', 'E1-P1', 'E1-P2']); // no PLAYER-PLAYER pair
    } finally {
      settings.overrideSettings(Settings.Category.PHYSICS, 'collisionGroups', []);
      settings.overrideSettings(Settings.Category.PHYSICS, 'collisionMatrix', {});
      manager3().readProjectSettings();
    }
  });

  test('follows parents: position, rotation and non-uniform scale, sheared children included', () => {
    const r = rng(11);
    let touching = 0;
    for (let scene = 0; scene < 5; scene++) {
      const root = newScene3();
      const parent = node3(root, 'P', r(), r(), r());
      parent.setScale(0.5 + r() * 1.5, 0.5 + r() * 1.5, 0.5 + r() * 1.5);
      parent.setRotation(randomRotation(r));
      const colliders: SATCollider3D[] = [];
      for (let i = 0; i < 10; i++) {
        const p: [number, number, number] = [r() * 2, r() * 2, r() * 2];
        // rotated children of a non-uniformly scaled parent: their world matrices shear
        const c = i % 2 === 0 ? box3(parent, `box${i}`, p, [0.5 + r(), 0.5 + r(), 0.5 + r()]) : convex3(parent, `convex${i}`, p, TETRA);
        c.node.setRotation(randomRotation(r));
        c.node.setScale(0.7 + r(), 0.7 + r(), r() < 0.2 ? -1 : 1); // some mirrored
        c.center = new Vec3(r() * 0.2, 0, 0);
        colliders.push(c);
      }
      step();
      touching += expectMatchesOracle(colliders);
      // move the parent: every child follows
      parent.setPosition(parent.position.x + 0.3, parent.position.y, parent.position.z);
      parent.setRotation(randomRotation(r));
      step();
      touching += expectMatchesOracle(colliders);
    }
    expect(touching).toBeGreaterThan(10);
  });

  test('a sphere and a capsule under a uniformly scaled, rotated parent', () => {
    const root = newScene3();
    const parent = node3(root, 'P', 1, 2, 3);
    parent.setScale(2, 2, 2);
    parent.setRotation(Quat.fromEuler(new Quat(), 0, 0, 90));
    const s = sphere3(parent, 'S', [0, 0, 0], 0.5);
    const c = capsule3(parent, 'C', [0.6, 0, 0], 0.25, 1); // y axis capsule, along world -x after the parent's turn
    step();
    const m = oracleCollide(s, c)!;
    expect(m).not.toBeNull();
    expect(touchingPairs([s, c])).toEqual(['C-S']);
    const b = new Vec3(), t = new Vec3();
    expect(manager3().getWorldBounds(s, b, t)).toBe(true);
    expect([b.x, b.y, b.z, t.x, t.y, t.z].map((v) => +v.toFixed(4))).toEqual([0, 1, 2, 2, 3, 4]); // centre (1,2,3), radius 1
  });

  test('a convex collider from a Mesh asset: the hull of its vertices', () => {
    const root = newScene3();
    const mesh = utils.MeshUtils.createMesh(primitives.box({ width: 1, height: 2, length: 1 }));
    const a = node3(root, 'A', 0, 0, 0).addComponent(SATConvexCollider3D);
    a.mesh = mesh;
    const b = box3(root, 'B', [0, 1.4, 0], [1, 1, 1]); // overlaps the 2-high box by 0.1
    const rec = record3(a, b);
    step();
    expect(a.error).toBeNull();
    expect(a.inWorld).toBe(true);
    const enter = rec.log.find((e) => e.source === 'collider:A')!;
    expect(enter.depth).toBeCloseTo(0.1, 4);
    expect(enter.normal.y).toBeCloseTo(1, 4);
    rec.stop();
  });

  test('bad input gets a named error and no body: empty mesh, NaN, coplanar points, negative radius, a node scaled to 0', () => {
    const root = newScene3();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const empty = node3(root, 'Empty').addComponent(SATConvexCollider3D);
      empty.mesh = new Mesh();
      const nan = convex3(root, 'NaN', [0, 0, 0], [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
      nan.points[3].z = Number.NaN; // (Vec3's constructor turns NaN into 0)
      nan.apply();
      const flat = convex3(root, 'Flat', [0, 0, 0], [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]);
      const sphere = sphere3(root, 'Ball', [0, 0, 0], -1);
      const moved = box3(root, 'Moved', [0, 0, 0]);
      step();
      expect(moved.inWorld).toBe(true);
      moved.node.setScale(0, 1, 1); // (the engine turns a NaN position into 0: a collapsed scale is what gets through)
      step();
      const codes = [empty, nan, flat, sphere, moved].map((c) => [c.node.name, c.error?.code]);
      expect(codes).toEqual([
        ['Empty', 'TooFewPoints'],
        ['NaN', 'NonFinite'],
        ['Flat', 'Coplanar'],
        ['Ball', 'InvalidRadius'],
        ['Moved', 'InvalidTransform'],
      ]);
      expect([empty, nan, flat, sphere].map((c) => c.inWorld)).toEqual([false, false, false, false]);
      expect(empty.error!.message).toContain('SATConvexCollider3D on node "Root/Empty"');
      expect(spy.mock.calls.map((c) => String(c[0])).join('\n')).toContain('SATConvexCollider3D on node "Root/NaN"');
      // fixed input makes the body at the next update
      nan.points = TETRA.map((p) => new Vec3(...p));
      step();
      expect(nan.error).toBeNull();
      expect(nan.inWorld).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  test('the module and the world are the 3D ones, with no shapes left behind by the colliders', () => {
    const root = newScene3();
    const before = sat3().liveShapes;
    const cs = [box3(root, 'A', [0, 0, 0]), convex3(root, 'B', [3, 0, 0], TETRA), sphere3(root, 'C', [6, 0, 0])];
    step();
    cs[1].apply();
    step();
    expect(sat3().liveShapes).toBe(before); // shapes are copied into the world and freed
    expect(manager3().world!.bodyCount).toBe(3);
    expect(manager3().world!.validate()).toBe(true);
  });
});
