/** Enabling, disabling and destroying colliders, in and outside event handlers, and scene switches. */
import { director, Scene, Size, Vec2 } from 'cc';
import { box, manager, names, newScene, record, step } from './helpers';

describe('lifecycle', () => {
  test('disabling a touching collider emits end at once, once; enabling it again begins again', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    step();
    const rec = record(a, b);
    b.enabled = false;
    expect(rec.pairs()).toEqual(['end-contact A-B']); // before any frame
    expect(rec.log.filter((r) => r.source === 'collider:B')).toHaveLength(1);
    step(2);
    expect(rec.pairs()).toEqual(['end-contact A-B']);
    b.enabled = true;
    step();
    expect(rec.pairs()).toEqual(['end-contact A-B', 'begin-contact A-B']);
    rec.stop();
  });

  test('deactivating the node ends its contacts; reactivating begins them again', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    step();
    const rec = record(a);
    b.node.active = false;
    expect(rec.pairs()).toEqual(['end-contact A-B']);
    expect(names(manager().testPoint(new Vec2(60, 0)))).toEqual([]);
    b.node.active = true;
    step();
    expect(rec.pairs()).toEqual(['end-contact A-B', 'begin-contact A-B']);
    rec.stop();
  });

  test('destroying a touching node emits end in that frame and nothing afterwards', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    step();
    const rec = record(a);
    const before = manager().world!.bodyCount;
    b.node.destroy();
    step();
    expect(rec.pairs()).toEqual(['end-contact A-B']);
    expect(a.touching).toEqual([]);
    step(2);
    expect(rec.pairs()).toEqual(['end-contact A-B']);
    expect(manager().world!.bodyCount).toBe(before - 1);
    rec.stop();
  });

  test('a begin handler that disables a third collider: its pair ends once or is never heard of', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    const c = box(canvas, 'C', -50, 0);
    const rec = record();
    a.on('begin-contact', (_self, other) => {
      if (other === b) c.enabled = false;
    });
    step();
    const forC = rec.pairs().filter((e) => e.endsWith('A-C'));
    expect([['begin-contact A-C', 'end-contact A-C'], []]).toContainEqual(forC);
    expect(names(a.touching)).toEqual(['B']);
    step();
    expect(rec.pairs().filter((e) => e.endsWith('A-C'))).toEqual(forC);
    rec.stop();
  });

  test('destroying the other node inside its begin handler: one end, nothing after', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    a.once('begin-contact', (_s, other) => other.node.destroy());
    const rec = record(a);
    step(); // begin, and the handler destroys B: disabled at once, so its pair ends in the same frame
    step(2);
    expect(rec.pairs()).toEqual(['begin-contact A-B', 'end-contact A-B']);
    expect(b.isValid).toBe(false);
    expect(names(manager().testPoint(new Vec2(50, 0)))).toEqual(['A']);
    rec.stop();
  });

  test('disabling itself in a stay handler ends the pair once and stops its stays', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 50, 0);
    const rec = record(a);
    b.once('stay-contact', (self) => (self.enabled = false));
    step(4);
    expect(rec.pairs()).toEqual(['begin-contact A-B', 'stay-contact A-B', 'end-contact A-B']);
    rec.stop();
  });

  test('changing the shape rebuilds the body without a spurious end/begin', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 90, 0);
    step();
    const rec = record(a);
    b.size = new Size(120, 120); // still touching, deeper
    step();
    expect(rec.pairs()).toEqual(['stay-contact A-B']);
    expect(rec.log[0].depth).toBeCloseTo(20, 3);
    b.size = new Size(10, 10); // no longer touching
    step();
    expect(rec.pairs()).toEqual(['stay-contact A-B', 'end-contact A-B']);
    rec.stop();
  });

  test('shape, sensor and static edits keep the body and its touching pair', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 90, 0);
    step();
    const id = b._bodyId;
    const rec = record(a);
    b.size = new Size(120, 120);
    step();
    b.sensor = true;
    step();
    let sensorSeen: boolean | null = null;
    a.once('stay-contact', (_self: unknown, _other: unknown, c: { isSensor: boolean }) => (sensorSeen = c.isSensor));
    b.isStatic = true;
    step();
    expect(sensorSeen).toBe(true);
    expect(b._bodyId).toBe(id);
    expect(manager().world!.typeOf(id)).toBe('static');
    expect(rec.pairs()).toEqual(['stay-contact A-B', 'stay-contact A-B', 'stay-contact A-B']);
    rec.stop();
  });

  test('an edit to a refused shape ends the pair at once; a valid shape brings the body back', () => {
    const canvas = newScene();
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 90, 0);
      step();
      const rec = record(a);
      b.size = new Size(0, 120); // zero area: refused
      step();
      expect(b.inWorld).toBe(false);
      expect(rec.pairs()).toEqual(['end-contact A-B']);
      expect(err.mock.calls.map((c) => String(c[0])).some((m) => m.includes('SATBox on node "Canvas/B"'))).toBe(true);
      b.size = new Size(120, 120);
      step();
      expect(b.inWorld).toBe(true);
      expect(rec.pairs()).toEqual(['end-contact A-B', 'begin-contact A-B']);
      rec.stop();
    } finally {
      err.mockRestore();
    }
  });

  test('a scene switch empties the world; the old scene emits nothing afterwards', () => {
    const canvas = newScene('one');
    const a = box(canvas, 'A', 0, 0);
    box(canvas, 'B', 50, 0);
    box(canvas, 'C', 500, 0);
    step();
    expect(manager().world!.bodyCount).toBe(3);
    const rec = record();
    const onA: string[] = [];
    a.on('end-contact', () => onA.push('end'));
    director.runSceneImmediate(new Scene('two'));
    expect(manager().world!.bodyCount).toBe(0);
    expect(manager().colliders).toEqual([]);
    const ends = rec.pairs();
    expect(ends).toEqual(['end-contact A-B']); // the touching pair ends once, while its scene goes
    step(3);
    expect(rec.pairs()).toEqual(ends);
    expect(onA).toEqual(['end']);
    expect(manager().testPoint(new Vec2(0, 0))).toEqual([]);
    // the new scene works as usual
    const canvas2 = newScene('three');
    box(canvas2, 'D', 0, 0);
    box(canvas2, 'E', 50, 0);
    step();
    expect(rec.pairs()).toEqual([...ends, 'begin-contact D-E']);
    rec.stop();
  });

  test('many scene switches leave no bodies behind', () => {
    for (let i = 0; i < 20; i++) {
      const canvas = newScene(`s${i}`);
      for (let k = 0; k < 10; k++) box(canvas, `b${k}`, k * 30, 0, 40, 40);
      step();
      expect(manager().world!.bodyCount).toBe(10);
    }
    director.runSceneImmediate(new Scene('empty'));
    expect(manager().world!.bodyCount).toBe(0);
    expect(manager().world!.validate()).toBe(true);
  });
});
