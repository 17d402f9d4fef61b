/** Contact events between the colliders: what is emitted, where, in which order, with which contact. */
import { Size } from 'cc';
import { SATContactType, type SATCollider, type SATContact } from './ext/index';
import { box, capsule, circle, newScene, polygon, record, step } from './helpers';

describe('contacts', () => {
  test('begin, stay and end with the normal self -> other, depth and world points', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 100, 100);
    const b = box(canvas, 'B', 90, 0, 100, 100);
    const rec = record(a, b);
    step();
    const begin = rec.log.find((r) => r.source === 'collider:A')!;
    expect(begin.type).toBe('begin-contact');
    expect(begin.self).toBe('A');
    expect(begin.normal.x).toBeCloseTo(1, 5);
    expect(begin.normal.y).toBeCloseTo(0, 5);
    expect(begin.depth).toBeCloseTo(10, 3);
    // the overlap is the strip 40 <= x <= 50: the two points are on its top and bottom edges
    expect(begin.points).toHaveLength(2);
    for (const p of begin.points) {
      expect(p.x).toBeGreaterThanOrEqual(39.9);
      expect(p.x).toBeLessThanOrEqual(50.1);
      expect(Math.abs(p.y)).toBeCloseTo(50, 3);
    }
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B', 'stay-contact A-B']);
    b.node.setPosition(300, 0);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B', 'stay-contact A-B', 'end-contact A-B']);
    const end = rec.log.filter((r) => r.source === 'collider:A').pop()!;
    expect(end.type).toBe('end-contact');
    expect(end.depth).toBe(0);
    expect(end.points).toEqual([]);
    step(2);
    expect(rec.pairs()).toHaveLength(3);
    rec.stop();
  });

  test('each event goes to the manager, then collider A and its node, then collider B and its node', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 0, 95);
    const rec = record(a, b);
    step();
    const [first, second] = rec.log[0].self === 'A' ? ['A', 'B'] : ['B', 'A'];
    expect(rec.log.map((r) => `${r.source} ${r.type} ${r.self}->${r.other}`)).toEqual([
      `manager begin-contact ${first}->${second}`,
      `collider:${first} begin-contact ${first}->${second}`,
      `node:${first} begin-contact ${first}->${second}`,
      `collider:${second} begin-contact ${second}->${first}`,
      `node:${second} begin-contact ${second}->${first}`,
    ]);
    const fromA = rec.log.find((r) => r.source === 'collider:A')!.normal;
    const fromB = rec.log.find((r) => r.source === 'collider:B')!.normal;
    expect(fromA.y).toBeCloseTo(1, 5);
    expect(fromB.y).toBeCloseTo(-1, 5);
    expect(rec.log[0].normal).toEqual(rec.log[1].normal); // the manager passes A's view
    expect(rec.log[1].depth).toBeCloseTo(5, 3);
    rec.stop();
  });

  test('a frame emits begins, then stays, then ends', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 90, 0);
    const c = box(canvas, 'C', -400, 0);
    step();
    const rec = record(a);
    b.node.setPosition(400, 0); // A-B ends
    c.node.setPosition(-95, -20); // A-C begins
    const d = box(canvas, 'D', 0, 90); // A-D begins, then stays
    step(2);
    const events = rec.pairs();
    expect(events.slice(0, 3).sort()).toEqual(['begin-contact A-C', 'begin-contact A-D', 'end-contact A-B']);
    expect(events.indexOf('end-contact A-B')).toBe(2);
    expect(events.slice(3).sort()).toEqual(['stay-contact A-C', 'stay-contact A-D']);
    expect(d.touching.map((x) => x.node.name)).toEqual(['A']);
    rec.stop();
  });

  test('circle-capsule and capsule-polygon depths are the hand-computed ones', () => {
    const canvas = newScene();
    circle(canvas, 'ball', 0, 0, 20);
    capsule(canvas, 'pill', 35, 0, 20, 100); // side of the pill at x = 15: 5 deep into the ball
    polygon(canvas, 'wedge', 35, 40, [[-30, 0], [30, 0], [0, 40]]); // its base at y = 40, over the pill's top cap
    const rec = record();
    step();
    const depths = Object.fromEntries(rec.log.map((r) => [[r.self, r.other].sort().join('-'), r.depth]));
    expect(Object.keys(depths).sort()).toEqual(['ball-pill', 'pill-wedge']);
    expect(depths['ball-pill']).toBeCloseTo(5, 3);
    expect(depths['pill-wedge']).toBeCloseTo(10, 3); // cap centre (35, 30), radius 20: top at 50, base at 40
    rec.stop();
  });

  test('bad sizes are refused with a message naming the node and the fix', () => {
    const canvas = newScene();
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const pill = capsule(canvas, 'Pill', 0, 0, 30, 50);
      const flat = box(canvas, 'Flat', 0, 0, 0, 10);
      step();
      const messages = err.mock.calls.map((c) => String(c[0]));
      expect(messages).toContain('[sat-wasm] SATCapsule on node "Canvas/Pill": height (50) must be more than twice the radius (30); use SATCircle for a circle');
      expect(messages).toContain('[sat-wasm] SATBox on node "Canvas/Flat": size must be positive, got 0 x 10');
      expect(pill.inWorld || flat.inWorld).toBe(false);
      flat.size = new Size(10, 10);
      step();
      expect(flat.inWorld).toBe(true);
    } finally {
      err.mockRestore();
    }
  });

  test('tag tells colliders apart in handlers', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    a.tag = 7;
    b.tag = 9;
    const tags: number[] = [];
    a.on('begin-contact', (self, other) => tags.push(self.tag, other.tag));
    step();
    expect(tags).toEqual([7, 9]);
  });

  test('sensors report contacts', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const s = box(canvas, 'S', 50, 0);
    s.sensor = true;
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-S']);
    expect(rec.log.find((r) => r.source === 'collider:A')).toBeDefined();
    let sensorFlag: boolean | null = null;
    a.once(SATContactType.STAY_CONTACT, (_s, _o, c) => (sensorFlag = c.isSensor));
    step();
    expect(sensorFlag).toBe(true);
    rec.stop();
  });

  test('the contact is shaped like IPhysics2DContact: colliderA/B, getWorldManifold(), isTouching()', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 0, 90);
    const seen: Array<{ self: string; A: string; B: string; normal: [number, number]; separations: number[]; points: number; touching: boolean }> = [];
    let kept: SATContact | null = null;
    const onB = (self: SATCollider, _o: SATCollider, c: SATContact) => {
      const m = c.getWorldManifold();
      seen.push({
        self: self.node.name,
        A: c.colliderA.node.name,
        B: c.colliderB.node.name,
        normal: [m.normal.x, m.normal.y],
        separations: m.separations,
        points: m.points.length,
        touching: c.isTouching(),
      });
      kept = c;
    };
    a.on('begin-contact', onB);
    b.on('begin-contact', onB);
    step();
    expect(seen).toHaveLength(2);
    // both views name the same A and B and give the same manifold: normal from A to B
    expect(seen[0].A).toBe(seen[1].A);
    expect(seen[0].B).toBe(seen[1].B);
    const sign = seen[0].A === 'A' ? 1 : -1; // A is below B: the normal A -> B points up
    for (const s of seen) {
      expect(s.normal[0]).toBeCloseTo(0, 5);
      expect(s.normal[1]).toBeCloseTo(sign, 5);
      expect(s.points).toBe(2);
      for (const sep of s.separations) expect(sep).toBeCloseTo(-10, 3);
      expect(s.touching).toBe(true);
    }
    b.node.setPosition(0, 500);
    step();
    expect(kept!.isTouching()).toBe(false);
    expect(kept!.getWorldManifold().points).toEqual([]);
  });

  test("Contact2DType's names work for begin and end; stay has its own", () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    box(canvas, 'B', 50, 0);
    const types: string[] = [];
    for (const t of [SATContactType.BEGIN_CONTACT, SATContactType.STAY_CONTACT, SATContactType.END_CONTACT]) a.on(t, () => types.push(t));
    step(2);
    a.node.setPosition(500, 0);
    step();
    expect(types).toEqual(['begin-contact', 'stay-contact', 'end-contact']);
  });
});
