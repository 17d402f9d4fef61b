/** Raycasts (ERaycast2DType's four kinds), point and box queries, group masks, and group changes. */
import { Rect, Vec2 } from 'cc';
import { SATRaycastType } from './ext/index';
import { box, circle, manager, names, newScene, polygon, record, step } from './helpers';

describe('queries', () => {
  test('raycast Closest / Any / AllClosest / All: RaycastResult2D fields, closest first', () => {
    const canvas = newScene();
    box(canvas, 'near', 100, 0, 20, 20);
    const far = circle(canvas, 'far', 300, 0, 10);
    box(canvas, 'off', 0, 300, 20, 20);
    step();
    const m = manager();
    const p1 = new Vec2(0, 0), p2 = new Vec2(500, 0);
    for (const type of [SATRaycastType.Closest, SATRaycastType.Any]) {
      const hits = m.raycast(p1, p2, type);
      expect(names(hits.map((h) => h.collider))).toEqual(['near']);
      expect(hits[0].point.x).toBeCloseTo(90, 3);
      expect(hits[0].point.y).toBeCloseTo(0, 5);
      expect(hits[0].normal.x).toBeCloseTo(-1, 5);
      expect(hits[0].fraction).toBeCloseTo(90 / 500, 5);
      expect(hits[0].fixtureIndex).toBe(0);
    }
    for (const type of [SATRaycastType.AllClosest, SATRaycastType.All]) {
      const hits = m.raycast(p1, p2, type);
      expect(names(hits.map((h) => h.collider))).toEqual(['near', 'far']);
      expect(hits[1].point.x).toBeCloseTo(290, 3);
      expect(hits[1].fraction).toBeCloseTo(290 / 500, 5);
    }
    expect(m.raycast(new Vec2(0, 100), new Vec2(500, 100), SATRaycastType.All)).toEqual([]);
    void far;
  });

  test('a raycast against a decomposed concave polygon names the part hit (fixtureIndex)', () => {
    const canvas = newScene();
    const vee = polygon(canvas, 'Vee', 0, 0, [[-50, -50], [50, -50], [50, 50], [0, 0], [-50, 50]]);
    vee.decomposeConcave = true;
    step();
    const left = manager().raycast(new Vec2(-40, 200), new Vec2(-40, -200))[0];
    const right = manager().raycast(new Vec2(40, 200), new Vec2(40, -200))[0];
    expect(left.point.y).toBeCloseTo(40, 3); // the left horn's slanted top edge: y = -x
    expect(right.point.y).toBeCloseTo(40, 3);
    expect(left.collider).toBe(vee);
    expect(new Set([left.fixtureIndex, right.fixtureIndex]).size).toBe(2); // two different convex parts
    // between the horns the ray reaches the notch's bottom at y = 0
    expect(manager().raycast(new Vec2(0, 200), new Vec2(0, -200))[0].point.y).toBeCloseTo(0, 3);
  });

  test('masks select groups for raycasts, testPoint and testAABB', () => {
    const canvas = newScene();
    box(canvas, 'one', 100, 0, 20, 20);
    const two = box(canvas, 'two', 300, 0, 20, 20);
    two.group = 2;
    step();
    const m = manager();
    expect(names(m.raycast(new Vec2(0, 0), new Vec2(500, 0), SATRaycastType.All, 2).map((h) => h.collider))).toEqual(['two']);
    expect(names(m.raycast(new Vec2(0, 0), new Vec2(500, 0), SATRaycastType.Closest, 1).map((h) => h.collider))).toEqual(['one']);
    expect(names(m.testPoint(new Vec2(305, 5)))).toEqual(['two']);
    expect(names(m.testPoint(new Vec2(305, 5), 1))).toEqual([]);
    expect(names(m.testPoint(new Vec2(200, 0)))).toEqual([]);
    expect(names(m.testAABB(new Rect(80, -50, 240, 100))).sort()).toEqual(['one', 'two']);
    expect(names(m.testAABB(new Rect(80, -50, 240, 100), 1))).toEqual(['one']);
    expect(names(m.testAABB(new Rect(100, 0, 0, 0)))).toEqual(['one']); // a degenerate rectangle is a point
  });

  test('a group change takes effect at once for queries and at the next update for pairs', () => {
    const canvas = newScene();
    const m = manager();
    m.collisionMatrix[1] = 1 | 2;
    m.collisionMatrix[2] = 1;
    m.collisionMatrix[4] = 4;
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    b.group = 2;
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B']);
    b.group = 4;
    expect(names(m.testPoint(new Vec2(90, 0), 2))).toEqual([]);
    expect(names(m.testPoint(new Vec2(90, 0), 4))).toEqual(['B']);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B', 'end-contact A-B']);
    // a group that meets no group at all (mask 0) is in no pair and, unlike PhysicsSystem2D.testPoint, no query
    m.collisionMatrix[4] = 0;
    step();
    expect(names(m.testPoint(new Vec2(90, 0)))).toEqual([]);
    rec.stop();
  });

  test('collisionMatrix[group] = mask filters pairs both ways; a group with no entry meets all', () => {
    const canvas = newScene();
    const m = manager();
    m.collisionMatrix[1] = 1; // group 1 meets only group 1
    m.collisionMatrix[2] = 1 | 2;
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    b.group = 2;
    const c = box(canvas, 'C', -50, 0);
    c.group = 8; // no entry
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual([]); // A refuses B; A refuses C (its own entry has no 8)
    m.collisionMatrix[1] = 1 | 2 | 8;
    step();
    expect(rec.pairs().sort()).toEqual(['begin-contact A-B', 'begin-contact A-C']);
    m.collisionMatrix[2] = 2; // one side refusing is enough
    step();
    expect(rec.pairs().slice(2).filter((e) => e.endsWith('A-B'))).toEqual(['end-contact A-B']);
    rec.stop();
  });
});
