// The world's contract through the public TypeScript API, case by case: contacts in event order, sensor changes,
// rays that start inside (concave) bodies, queries between add() and update() in every broad phase, the
// push-apart residual, ids never reissued, getTransform into the caller's object, teleports, pairs of non-dynamic
// bodies and the stage times. Each case is a regression test of a fault found from outside, or pins an option.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_WORDS, ContactFlags, ContactWord, type SAT, type Shape } from '../../dist/index.js';
import { VARIANTS, errorCode as code, satFor } from './helpers.js';
import { rng } from './reference.js';

type BP = 'grid' | 'tree' | 'sap';
const BROAD_PHASES: BP[] = ['grid', 'tree', 'sap'];


describe.each(VARIANTS)('World contract (%s)', (variant) => {
  let sat: SAT;
  let unit: Shape;
  beforeAll(async () => {
    sat = await satFor(variant);
    unit = sat.box(2, 2); // a 2 x 2 square centred on the body origin
  });

  it.each(BROAD_PHASES)('%s: contacts are the begins then the stays, each in the events\' (pair) order', (bp) => {
    const rand = rng(21);
    const world = sat.createWorld({ broadPhase: bp });
    const circle = sat.circle(0.6);
    const movers: Array<{ id: number; x: number; y: number; vx: number; vy: number }> = [];
    for (let i = 0; i < 120; i++) {
      const x = (rand() * 2 - 1) * 9;
      const y = (rand() * 2 - 1) * 9;
      const type = i % 10 === 0 ? 'static' : 'dynamic';
      const id = world.add({ shape: i % 2 ? circle : unit, x, y, type });
      if (type === 'dynamic') movers.push({ id, x, y, vx: (rand() * 2 - 1) * 0.2, vy: (rand() * 2 - 1) * 0.2 });
    }
    let interleaved = 0;
    let begins = 0;
    for (let frame = 0; frame < 100; frame++) {
      const t = world.transforms;
      for (const m of movers) {
        m.x += m.vx;
        m.y += m.vy;
        if (Math.abs(m.x) > 9) m.vx = -m.vx;
        if (Math.abs(m.y) > 9) m.vy = -m.vy;
        const o = world.slotOf(m.id) * 5;
        t[o] = m.x;
        t[o + 1] = m.y;
      }
      world.update();
      const ev = world.events;
      const c = world.contacts;
      expect(c.count).toBe(ev.beginCount + ev.stayCount);
      const slotKey = (a: number, b: number) => world.slotOf(a) * 2 ** 21 + world.slotOf(b);
      for (let i = 0; i < c.count; i++) {
        const o = i * CONTACT_WORDS;
        const began = i < ev.beginCount;
        const pairs = began ? ev.begin : ev.stay;
        const k = began ? i : i - ev.beginCount;
        expect(c.u32[o + ContactWord.A]).toBe(pairs[2 * k]);
        expect(c.u32[o + ContactWord.B]).toBe(pairs[2 * k + 1]);
        expect(((c.u32[o + ContactWord.INFO] >>> 8) & ContactFlags.BEGAN) !== 0).toBe(began);
      }
      for (let k = 1; k < ev.beginCount; k++) {
        expect(slotKey(ev.begin[2 * k - 2], ev.begin[2 * k - 1])).toBeLessThan(slotKey(ev.begin[2 * k], ev.begin[2 * k + 1]));
      }
      for (let k = 1; k < ev.stayCount; k++) {
        expect(slotKey(ev.stay[2 * k - 2], ev.stay[2 * k - 1])).toBeLessThan(slotKey(ev.stay[2 * k], ev.stay[2 * k + 1]));
      }
      // The order the old code gave wrongly: a begin whose pair sorts after the first stay's.
      if (ev.beginCount > 0 && ev.stayCount > 0) {
        const lastBegin = slotKey(ev.begin[2 * ev.beginCount - 2], ev.begin[2 * ev.beginCount - 1]);
        if (lastBegin > slotKey(ev.stay[0], ev.stay[1])) interleaved++;
      }
      begins += ev.beginCount;
    }
    expect(begins).toBeGreaterThan(50);
    expect(interleaved).toBeGreaterThan(5);
    world.dispose();
    circle.dispose();
  });

  it('setSensor() changes the sensor flag of a contact already touching at the next update', () => {
    const world = sat.createWorld();
    const a = world.add({ shape: unit, x: 0, y: 0 });
    const b = world.add({ shape: unit, x: 1.5, y: 0 });
    world.update();
    expect(world.contacts.toArray()[0].sensor).toBe(false);
    world.setSensor(b, true);
    world.update();
    expect(world.events.stayCount).toBe(1);
    expect(world.events.beginCount).toBe(0);
    expect(world.contacts.toArray()[0].sensor).toBe(true);
    world.setSensor(b, false);
    world.update();
    expect(world.contacts.toArray()[0].sensor).toBe(false);
    expect(world.has(a)).toBe(true);
    world.dispose();
  });

  it.each(BROAD_PHASES)('%s: a ray from inside a concave body hits it at fraction 0, never on a seam', (bp) => {
    const world = sat.createWorld({ broadPhase: bp });
    const l = world.addConcave([0, 0, 4, 0, 4, 1, 1, 1, 1, 4, 0, 4], { x: 0, y: 0, type: 'static' });
    expect(world.shapeCountOf(l)).toBeGreaterThan(1);
    world.update();
    const hit = world.raycast(0.1, 1.2, 3.9, 0.1);
    expect(hit).not.toBeNull();
    expect(hit!.body).toBe(l);
    expect(hit!.fraction).toBe(0);
    expect(hit!.point.x).toBeCloseTo(0.1, 6);
    expect(hit!.point.y).toBeCloseTo(1.2, 6);
    expect(hit!.normal).toEqual({ x: 0, y: 0 });
    const all = world.raycastAll(0.1, 1.2, 3.9, 0.1);
    expect(all.length).toBe(1);
    expect(all[0].fraction).toBe(0);
    // From outside: the outline, not a seam.
    const outside = world.raycast(3, 3, 3, 0)!;
    expect(outside.point.y).toBeCloseTo(1, 5);
    expect(outside.normal.y).toBeCloseTo(1, 5);
    world.dispose();
  });

  it('queries between add() and update() see new bodies alike in every broad phase, as brute force does', () => {
    const rand = rng(5);
    const worlds = BROAD_PHASES.map((bp) => sat.createWorld({ broadPhase: bp }));
    const placed: Array<{ x: number; y: number; type: 'static' | 'kinematic' | 'dynamic' }> = [];
    const add = (type: 'static' | 'kinematic' | 'dynamic') => {
      const x = Math.fround((rand() * 2 - 1) * 20);
      const y = Math.fround((rand() * 2 - 1) * 20);
      placed.push({ x, y, type });
      const ids = worlds.map((w) => w.add({ shape: unit, x, y, type }));
      expect(new Set(ids).size).toBe(1); // the same id in every world
    };
    for (let i = 0; i < 60; i++) add(i % 5 === 0 ? 'static' : 'dynamic');
    for (const w of worlds) w.update();
    for (let i = 0; i < 40; i++) add((['dynamic', 'kinematic', 'static'] as const)[i % 3]);
    const ids = Array.from({ length: placed.length }, (_, i) => i + 1);
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    let found = 0;
    for (let q = 0; q < 200; q++) {
      const near = placed[q % placed.length];
      const px = q % 2 ? near.x + (rand() - 0.5) : (rand() * 2 - 1) * 21;
      const py = q % 2 ? near.y + (rand() - 0.5) : (rand() * 2 - 1) * 21;
      const h = rand() * 3;
      // Axis-aligned 2 x 2 squares: the oracle is interval arithmetic.
      const inPoint = ids.filter((id, i) => Math.abs(placed[i].x - px) <= 1 && Math.abs(placed[i].y - py) <= 1);
      const inBox = ids.filter((id, i) => Math.abs(placed[i].x - px) <= 1 + h && Math.abs(placed[i].y - py) <= 1 + h);
      found += inPoint.length;
      const ex = px + (rand() * 2 - 1) * 20;
      const ey = py + (rand() * 2 - 1) * 20;
      const rays = worlds.map((w) => w.raycastAll(px, py, ex, ey).map((hit) => hit.body));
      for (const w of worlds) {
        expect(sorted(w.queryPoint(px, py))).toEqual(inPoint);
        expect(sorted(w.queryAABB(px - h, py - h, px + h, py + h))).toEqual(inBox);
        for (const id of inPoint) expect(w.raycastAll(px, py, ex, ey).some((hit) => hit.body === id && hit.fraction === 0)).toBe(true);
      }
      expect(sorted(rays[1])).toEqual(sorted(rays[0]));
      expect(sorted(rays[2])).toEqual(sorted(rays[0]));
    }
    expect(found).toBeGreaterThan(50);
    for (const w of worlds) w.dispose();
  });

  it.each(BROAD_PHASES)('%s: the push-apart residual counts an overlap the push itself created', (bp) => {
    const world = sat.createWorld({ broadPhase: bp, treeMargin: 0, pushApart: { iterations: 1, slop: 0 } });
    world.add({ shape: unit, x: 0, y: 0, type: 'static' });
    const b = world.add({ shape: unit, x: 1.5, y: 0 }); // 0.5 into the wall
    const c = world.add({ shape: unit, x: 3.6, y: 0 }); // 0.1 clear of b
    const stats = world.update();
    const tb = world.getTransform(b);
    const tc = world.getTransform(c);
    const m = sat.collide(unit, tb, unit, tc);
    expect(m).not.toBeNull(); // b was pushed into c
    expect(stats.residualPairs).toBe(1);
    expect(stats.residualDepth).toBeCloseTo(m!.depth, 5);
    world.dispose();
  });

  it('ids are never reissued, over thousands of add/remove cycles on one slot; statuses are exact', () => {
    const world = sat.createWorld();
    const keep = world.add({ shape: unit, x: 0, y: 0 });
    const issued = new Set<number>([keep]);
    let first = 0;
    let slot = -1;
    for (let cycle = 0; cycle < 5000; cycle++) {
      const id = world.add({ shape: unit, x: 10, y: 0 });
      expect(issued.has(id)).toBe(false);
      issued.add(id);
      if (cycle === 0) {
        first = id;
        slot = world.slotOf(id);
      }
      if (world.slotOf(id) !== slot) throw new Error(`slot changed at cycle ${cycle}`);
      world.remove(id);
      world.update();
    }
    expect(code(() => world.slotOf(first))).toBe('RemovedBody');
    expect(world.has(first)).toBe(false);
    const last = Math.max(...issued);
    expect(code(() => world.setTransform(last + 1, 0, 0))).toBe('UnknownBody');
    expect(code(() => world.setTransform(last + 1 + 2 ** 20, 0, 0))).toBe('UnknownBody');
    expect(code(() => world.setTransform(last, 0, 0))).toBe('RemovedBody');
    expect(world.has(keep)).toBe(true);
    expect(world.validate()).toBe(true);
    world.dispose();
  });

  it('getTransform(id, out) fills the caller\'s object with the angle as set; setTransform({...}, {teleport})', () => {
    const world = sat.createWorld();
    const id = world.add({ shape: unit, x: 1, y: 2, angle: 7.25, scaleX: -2 });
    const out = { x: 0, y: 0, angle: 0, scaleX: 0, scaleY: 0, extra: 'kept' };
    expect(world.getTransform(id, out)).toBe(out);
    expect(out).toEqual({ x: 1, y: 2, angle: 7.25, scaleX: -2, scaleY: 1, extra: 'kept' });
    world.setTransform(id, { x: 3, y: 4, angle: -10 });
    world.update();
    world.getTransform(id, out);
    expect(out.angle).toBe(-10);
    expect(out.scaleX).toBe(1);
    expect(code(() => world.getTransform(id, 5 as never))).toBe('InvalidArgument');
    expect(code(() => world.setTransform(id, { x: 0, y: 0 }, 'teleport' as never))).toBe('InvalidArgument');

    // A bullet teleported through a wall lands there; moved without the option it is stopped at the wall.
    for (const teleport of [false, true]) {
      const w = sat.createWorld();
      const dot = sat.circle(0.1);
      const bullet = w.add({ shape: dot, x: 0, y: 0, bullet: true });
      w.add({ shape: sat.box(0.1, 10), x: 2.5, y: 0, type: 'static' });
      w.update();
      w.setTransform(bullet, { x: 5, y: 0 }, { teleport });
      const stats = w.update();
      const x = w.getTransform(bullet).x;
      if (teleport) {
        expect(x).toBe(5);
        expect(stats.sweptBodies).toBe(0);
      } else {
        expect(x).toBeLessThan(2.5);
        expect(stats.sweptBodies).toBe(1);
      }
      w.dispose();
      dot.dispose();
    }
    world.dispose();
  });

  it('pairs of two non-dynamic bodies only with kinematicPairs; timeStages and the split stage times', () => {
    for (const kinematicPairs of [false, true]) {
      const world = sat.createWorld({ kinematicPairs });
      const ground = world.add({ shape: sat.box(10, 2), x: 0, y: 0, type: 'static' });
      const kin = world.add({ shape: unit, x: 0, y: 1.5, type: 'kinematic' });
      const dyn = world.add({ shape: unit, x: -1.5, y: 1.5 });
      world.update();
      const got = new Set<string>();
      world.events.forEachBegin((a, b) => got.add(`${a},${b}`));
      const want = new Set([`${ground},${dyn}`, `${kin},${dyn}`]);
      if (kinematicPairs) want.add(`${ground},${kin}`);
      expect(got).toEqual(want);
      world.dispose();
    }
    const timed = sat.createWorld();
    const untimed = sat.createWorld({ timeStages: false });
    for (const w of [timed, untimed]) for (let i = 0; i < 30; i++) w.add({ shape: unit, x: i * 1.5, y: 0 });
    const st = timed.update();
    for (const k of ['syncMs', 'broadMs', 'ccdMs', 'pairsMs', 'narrowMs', 'eventsMs', 'pushMs'] as const) {
      expect(st[k]).toBeGreaterThanOrEqual(0);
    }
    expect(st.ccdMs).toBeTypeOf('number');
    expect(st.eventsMs).toBeTypeOf('number');
    expect(st.totalMs).toBeCloseTo(st.syncMs + st.broadMs + st.ccdMs! + st.pairsMs + st.narrowMs + st.eventsMs! + st.pushMs, 6);
    expect(st.totalMs).toBeGreaterThan(0);
    const su = untimed.update();
    expect(su.totalMs).toBe(0);
    expect(su.contactCount).toBe(st.contactCount);
    expect(code(() => sat.createWorld({ timeStages: 1 as never }))).toBe('InvalidArgument');
    timed.dispose();
    untimed.dispose();
  });

  it('setShapes / setType / setScale edit in place: same id and user id, a pair still touching stays', () => {
    const world = sat.createWorld();
    const a = world.add({ shape: unit, x: 0, y: 0, userId: 42 });
    const b = world.add({ shape: unit, x: 1.5, y: 0 });
    world.update();
    expect(world.events.beginCount).toBe(1);
    const before = world.contacts.toArray()[0].depth;
    const big = sat.box(2.4, 2);
    const small = sat.box(0.5, 0.5);
    world.setShapes(a, [
      { shape: big, userData: 100 },
      { shape: small, offsetY: 3, userData: 101 },
    ]);
    expect(world.shapeCountOf(a)).toBe(2);
    expect(world.userIdOf(a)).toBe(42);
    expect(world.shapeUserDataOf(a, 1)).toBe(101);
    expect(code(() => world.shapeUserDataOf(a, 2))).toBe('InvalidArgument');
    expect(world.queryPoint(0, 3.1)).toEqual([a]); // queries see the new shapes at once
    world.update();
    expect([world.events.beginCount, world.events.stayCount, world.events.endCount]).toEqual([0, 1, 0]);
    const c = world.contacts.toArray()[0];
    expect(c.depth).toBeGreaterThan(before);
    expect([c.shapeA, c.shapeB]).toEqual([0, 0]); // the big part touches b
    // The same as a body made with those shapes from the start.
    const fresh = sat.createWorld();
    fresh.add({ shapes: [{ shape: big }, { shape: small, offsetY: 3 }], x: 0, y: 0 });
    fresh.add({ shape: unit, x: 1.5, y: 0 });
    fresh.update();
    expect(fresh.contacts.toArray()[0].depth).toBe(c.depth);
    fresh.dispose();
    // Shrunk away: end.
    world.setShapes(a, small);
    world.update();
    expect(world.events.endCount).toBe(1);
    expect(code(() => world.setShapes(a, [] as never))).toBe('InvalidArgument');
    expect(code(() => world.setShapes(b + 10, small))).toBe('UnknownBody');

    // setType: dynamic -> kinematic next to a static wall ends the pair (non-dynamic pairs are off by default);
    // back to dynamic begins it again; the wall made dynamic while touching is a stay.
    const w2 = sat.createWorld();
    const wall = w2.add({ shape: unit, x: 0, y: 0, type: 'static' });
    const box = w2.add({ shape: unit, x: 1.5, y: 0, userId: 9 });
    w2.update();
    w2.setType(box, 'kinematic');
    expect(w2.typeOf(box)).toBe('kinematic');
    w2.update();
    expect(w2.events.endCount).toBe(1);
    w2.setType(box, 'dynamic');
    w2.update();
    expect(w2.events.beginCount).toBe(1);
    w2.setType(wall, 'dynamic');
    w2.update();
    expect([w2.events.beginCount, w2.events.stayCount, w2.events.endCount]).toEqual([0, 1, 0]);
    expect(w2.userIdOf(box)).toBe(9);
    expect(code(() => w2.setType(box, 'ghost' as never))).toBe('InvalidArgument');
    // setScale keeps position and angle; the pair stays.
    w2.setTransform(box, 1.5, 0, 0.25);
    w2.update();
    w2.setScale(box, 1.5, 1.5);
    w2.update();
    expect(w2.getTransform(box)).toEqual({ x: 1.5, y: 0, angle: 0.25, scaleX: 1.5, scaleY: 1.5 });
    expect(w2.events.stayCount).toBe(1);
    expect(code(() => w2.setScale(box, 0, 1))).toBe('InvalidTransform');
    w2.dispose();
    world.dispose();
    big.dispose();
    small.dispose();
  });

  it('part events: each part pair of a compound body begins and ends on its own; the body pair once', () => {
    const world = sat.createWorld();
    const floor = world.add({ shape: sat.box(20, 2), x: 0, y: -1, type: 'static' }); // top face at y = 0
    // A character: part 0 its body (2 x 2 at the origin), part 1 a foot sensor-like box below it.
    const foot = sat.box(1, 0.5);
    const hero = world.add({ shapes: [{ shape: unit }, { shape: foot, offsetY: -1.5 }], x: 0, y: 5 });
    const parts = () => {
      const begin: number[][] = [];
      const end: number[][] = [];
      const ev = world.events;
      ev.forEachPartBegin((a, b, sa, sb, i) => begin.push(a === hero ? [b, sa, sb, i] : [a, sb, sa, i]));
      ev.forEachPartEnd((a, b, sa, sb, i) => end.push(a === hero ? [b, sa, sb, i] : [a, sb, sa, i]));
      expect([begin.length, end.length]).toEqual([ev.partBeginCount, ev.partEndCount]);
      return { begin, end, bodyBegin: ev.beginCount, bodyStay: ev.stayCount, bodyEnd: ev.endCount };
    };
    world.update();
    expect(parts()).toEqual({ begin: [], end: [], bodyBegin: 0, bodyStay: 0, bodyEnd: 0 });
    world.setTransform(hero, 0, 1.6); // the foot (bottom at y = -0.15) touches, the body (bottom at 0.6) does not
    world.update();
    expect(parts()).toEqual({ begin: [[floor, 1, 0, 0]], end: [], bodyBegin: 1, bodyStay: 0, bodyEnd: 0 });
    world.setTransform(hero, 0, 0.9); // both parts in the floor
    world.update();
    expect(parts()).toEqual({ begin: [[floor, 0, 0, 0]], end: [], bodyBegin: 0, bodyStay: 1, bodyEnd: 0 });
    world.update(); // nothing changes: no part events
    expect(parts()).toEqual({ begin: [], end: [], bodyBegin: 0, bodyStay: 1, bodyEnd: 0 });
    world.setTransform(hero, 0, 1.6);
    world.update();
    expect(parts()).toEqual({ begin: [], end: [[floor, 0, 0, 0]], bodyBegin: 0, bodyStay: 1, bodyEnd: 0 });
    world.setTransform(hero, 0, 0.9);
    world.update();
    world.remove(hero); // the body pair ends, and with it both part pairs
    world.update();
    const last = parts();
    expect(last.bodyEnd).toBe(1);
    expect(last.end).toEqual([[floor, 0, 0, 0], [floor, 1, 0, 1]]);
    // Two single-shape bodies: the part events are the body events, with parts 0 and 0.
    const ball = world.add({ shape: sat.circle(0.5), x: 0, y: 0.3 });
    world.update();
    expect(ball).not.toBe(hero);
    expect(parts()).toEqual({ begin: [[floor, 0, 0, 0]], end: [], bodyBegin: 1, bodyStay: 0, bodyEnd: 0 });
    expect(code(() => world.events.forEachPartBegin(null as unknown as () => void))).toBe('InvalidArgument');
    world.dispose();
    foot.dispose();
  });

  it('castShape, overlapShape and distance(a, b) agree with the per-shape queries', () => {
    const rand = rng(31);
    const world = sat.createWorld();
    const placed: Array<{ id: number; xf: { x: number; y: number; angle: number } }> = [];
    for (let i = 0; i < 60; i++) {
      const xf = { x: Math.fround((rand() * 2 - 1) * 15), y: Math.fround((rand() * 2 - 1) * 15), angle: Math.fround(rand() * 6) };
      placed.push({ id: world.add({ shape: unit, ...xf, type: i % 3 ? 'dynamic' : 'static' }), xf });
    }
    world.update();
    const probe = sat.box(1, 0.5);
    let overlapsSeen = 0;
    for (let q = 0; q < 80; q++) {
      const pxf = { x: (rand() * 2 - 1) * 15, y: (rand() * 2 - 1) * 15, angle: rand() * 6 };
      const got = world.overlapShape(probe, pxf);
      const want = placed.filter((p) => sat.overlaps(probe, pxf, unit, p.xf)).map((p) => p.id);
      expect(got.map((o) => o.body).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
      for (const o of got) {
        const m = sat.collide(probe, pxf, unit, placed[o.body - 1].xf)!;
        expect(o.depth).toBeCloseTo(Math.max(m.depth, 0), 5);
        expect(o.normal.x).toBeCloseTo(m.normal.x, 5);
      }
      overlapsSeen += got.length;
    }
    expect(overlapsSeen).toBeGreaterThan(5);
    // A unit box moved along x towards a lone box 5 units away (faces 1 apart after 3 units of travel).
    const lane = sat.createWorld();
    const target = lane.add({ shape: unit, x: 5, y: 100, type: 'static' });
    lane.update();
    const hit = lane.castShape(unit, { x: 0, y: 100 }, 10, 0)!;
    expect(hit.body).toBe(target);
    expect(hit.fraction).toBeCloseTo(0.3, 3);
    expect(hit.normal.x).toBeCloseTo(-1, 4);
    expect(lane.castShape(unit, { x: 0, y: 100 }, 2, 0)).toBeNull();
    expect(lane.castShape(unit, { x: 4, y: 100 }, 1, 0)!.fraction).toBe(0); // overlapping at the start
    expect(code(() => lane.castShape(unit, { x: 0, y: 100 }, NaN, 0))).toBe('InvalidArgument');
    // exclude: the shape cast from inside a body of its own passes through it and finds the one behind.
    const self = lane.add({ shape: unit, x: 0, y: 100 });
    lane.update();
    expect(lane.castShape(unit, { x: 0, y: 100 }, 10, 0)!.body).toBe(self);
    const past = lane.castShape(unit, { x: 0, y: 100 }, 10, 0, { exclude: [self] })!;
    expect(past.body).toBe(target);
    expect(past.fraction).toBeCloseTo(0.3, 3);
    expect(lane.castShape(unit, { x: 0, y: 100 }, 10, 0, { exclude: [self, target] })).toBeNull();
    expect(lane.overlapShape(unit, { x: 0.5, y: 100 }, { exclude: [self] })).toEqual([]);
    expect(lane.overlapShape(unit, { x: 0.5, y: 100 }).map((o) => o.body)).toEqual([self]);
    expect(lane.raycast(0, 100, 10, 100, { exclude: [self] })!.body).toBe(target);
    expect(lane.raycast(0, 100, 10, 100)!.body).toBe(self); // the exclude list of the query before is gone
    for (const bad of [[0], [-1], [1.5], ['1'], [2 ** 32], 7, 'x', null] as unknown[]) {
      expect(code(() => lane.raycast(0, 100, 10, 100, { exclude: bad as number[] }))).toBe('InvalidArgument');
    }
    lane.remove(self);
    // distance(a, b)
    const other = lane.add({ shape: unit, x: 5, y: 104, type: 'static' });
    lane.update();
    const d = lane.distance(target, other);
    expect(d.distance).toBeCloseTo(2, 5);
    expect(d.normal.y).toBeCloseTo(1, 5);
    const ref = sat.distance(unit, { x: 5, y: 100 }, unit, { x: 5, y: 104 });
    expect(d.distance).toBe(ref.distance);
    expect(code(() => lane.distance(target, 999))).toBe('UnknownBody');
    lane.dispose();
    world.dispose();
    probe.dispose();
  });

  it.each(BROAD_PHASES)('%s: a pair filter vetoes exactly the pairs it refuses; errors surface after update()', (bp) => {
    const rand = rng(8);
    const plain = sat.createWorld({ broadPhase: bp });
    const filtered = sat.createWorld({ broadPhase: bp });
    const refuse = (a: number, b: number) => (a + b) % 3 === 0;
    let calls = 0;
    let orderOk = true;
    filtered.setPairFilter((a, b) => {
      calls++;
      if (filtered.slotOf(a) >= filtered.slotOf(b)) orderOk = false;
      return !refuse(a, b);
    });
    const movers: Array<{ id: number; x: number; y: number }> = [];
    for (let i = 0; i < 100; i++) {
      const x = (rand() * 2 - 1) * 8;
      const y = (rand() * 2 - 1) * 8;
      const id = plain.add({ shape: unit, x, y });
      expect(filtered.add({ shape: unit, x, y })).toBe(id);
      movers.push({ id, x, y });
    }
    let compared = 0;
    for (let frame = 0; frame < 40; frame++) {
      for (const m of movers) {
        m.x += (rand() - 0.5) * 0.3;
        m.y += (rand() - 0.5) * 0.3;
        plain.setTransform(m.id, m.x, m.y);
        filtered.setTransform(m.id, m.x, m.y);
      }
      plain.update();
      filtered.update();
      const want = plain.contacts.toArray().filter((c) => !refuse(c.a, c.b)).map((c) => `${c.a},${c.b}`).sort();
      const got = filtered.contacts.toArray().map((c) => `${c.a},${c.b}`).sort();
      expect(got).toEqual(want);
      compared += want.length;
    }
    expect(compared).toBeGreaterThan(200);
    expect(calls).toBeGreaterThan(0);
    expect(orderOk).toBe(true);
    // Changing bodies from inside the filter is refused; an exception thrown by the filter surfaces after update().
    const boom = new Error('boom');
    let refused = 'no';
    filtered.setPairFilter(() => {
      refused = code(() => filtered.add({ shape: unit, x: 0, y: 0 }));
      throw boom;
    });
    expect(() => filtered.update()).toThrow(boom);
    expect(refused).toBe('InvalidArgument');
    expect(filtered.validate()).toBe(true);
    filtered.setPairFilter(null);
    filtered.update();
    plain.update();
    expect(filtered.contacts.count).toBe(plain.contacts.count);
    expect(code(() => filtered.setPairFilter(5 as never))).toBe('InvalidArgument');
    plain.dispose();
    filtered.dispose();
  });
});
