// The JS world (bindings/ts/world.ts) against brute force: pairs and events on random moving scenes with adds,
// removes, teleports, filters and disabled bodies; hand-built event cases; queries against per-body narrow-phase
// calls. Run on every variant (simd, baseline, asm.js) and every broad phase.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_WORDS, SATError, matrixToTransform, type SAT, type Shape } from '../../dist/index.js';
import { VARIANTS, makeSample, satFor, type Kind } from './helpers.js';
import { rng } from './reference.js';

type BP = 'grid' | 'tree' | 'sap';
const BROAD_PHASES: BP[] = ['grid', 'tree', 'sap'];

interface Body {
  id: number;
  shape: Shape;
  type: 'static' | 'kinematic' | 'dynamic';
  x: number;
  y: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  vx: number;
  vy: number;
  va: number;
  group: number;
  mask: number;
  enabled: boolean;
}

const key = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
const f = Math.fround;

function pairsOf(arr: Uint32Array, count: number): Set<string> {
  const s = new Set<string>();
  for (let k = 0; k < count; k++) s.add(key(arr[2 * k], arr[2 * k + 1]));
  return s;
}

/** Frames per scene: asm.js is slower, so fewer frames there (still hundreds). */
const framesFor = (variant: string) => (variant === 'asmjs' ? 200 : 400);

describe.each(VARIANTS)('World (%s)', (variant) => {
  let sat: SAT;
  let shapes: Shape[];
  beforeAll(async () => {
    sat = await satFor(variant);
    const rand = rng(7);
    const kinds: Kind[] = ['polygon', 'polygon', 'polygon', 'circle', 'capsule'];
    shapes = [];
    for (let i = 0; i < 16; i++) shapes.push(makeSample(sat, kinds[i % kinds.length], rand).shape);
  });

  it.each(BROAD_PHASES)(
    '%s: pairs and events equal brute force over hundreds of frames with adds, removes, teleports, filters',
    (bp) => {
      const rand = rng(bp === 'grid' ? 11 : bp === 'tree' ? 12 : 13);
      // Pairs of two non-dynamic bodies are off by default: checked off on the grid, on elsewhere.
      const kinematicPairs = bp !== 'grid';
      const world = sat.createWorld({ broadPhase: bp, kinematicPairs });
      const half = 14;
      const bodies = new Map<number, Body>();
      const addBody = () => {
        const r = rand();
        const type = r < 0.12 ? 'static' : r < 0.25 ? 'kinematic' : 'dynamic';
        const scaled = rand() < 0.3;
        const b: Body = {
          id: 0,
          shape: shapes[Math.floor(rand() * shapes.length)],
          type,
          x: (rand() * 2 - 1) * half,
          y: (rand() * 2 - 1) * half,
          angle: rand() * 6.28,
          scaleX: scaled ? 0.6 + rand() : 1,
          scaleY: scaled ? 0.6 + rand() : 1,
          vx: type === 'static' ? 0 : (rand() - 0.5) * 0.6,
          vy: type === 'static' ? 0 : (rand() - 0.5) * 0.6,
          va: type === 'static' ? 0 : (rand() - 0.5) * 0.2,
          group: rand() < 0.2 ? 2 : 1,
          mask: rand() < 0.15 ? 1 : 0xffffffff,
          enabled: true,
        };
        b.id = world.add({ shape: b.shape, type, x: b.x, y: b.y, angle: b.angle, scaleX: b.scaleX, scaleY: b.scaleY, group: b.group, mask: b.mask });
        bodies.set(b.id, b);
      };
      for (let i = 0; i < 110; i++) addBody();
      let prev = new Set<string>();
      const frames = framesFor(variant);
      let checkedPairs = 0;
      let borderline = 0;
      for (let frame = 0; frame < frames; frame++) {
        const list = [...bodies.values()];
        const removedNow: number[] = [];
        // Changes between frames.
        if (rand() < 0.15) addBody();
        if (rand() < 0.12 && list.length > 20) {
          const victim = list[Math.floor(rand() * list.length)];
          world.remove(victim.id);
          bodies.delete(victim.id);
          removedNow.push(victim.id);
        }
        if (rand() < 0.1) {
          const b = list[Math.floor(rand() * list.length)];
          if (bodies.has(b.id)) {
            b.enabled = !b.enabled;
            world.setEnabled(b.id, b.enabled);
          }
        }
        if (rand() < 0.05) {
          const b = list[Math.floor(rand() * list.length)];
          if (bodies.has(b.id)) {
            b.group = rand() < 0.5 ? 1 : 2;
            b.mask = rand() < 0.5 ? 0xffffffff : 2;
            world.setFilter(b.id, b.group, b.mask);
          }
        }
        // Motion: most through the bulk buffer, some through setTransform, a few teleports.
        const t = world.transforms;
        for (const b of bodies.values()) {
          if (b.type === 'static') continue;
          if (rand() < 0.01) {
            b.x = (rand() * 2 - 1) * half;
            b.y = (rand() * 2 - 1) * half;
          } else {
            b.x += b.vx;
            b.y += b.vy;
            if ((b.x < -half && b.vx < 0) || (b.x > half && b.vx > 0)) b.vx = -b.vx;
            if ((b.y < -half && b.vy < 0) || (b.y > half && b.vy > 0)) b.vy = -b.vy;
          }
          b.angle += b.va;
          if (rand() < 0.1) {
            world.setTransform(b.id, b.x, b.y, b.angle, b.scaleX, b.scaleY);
          } else {
            const o = world.slotOf(b.id) * 5;
            t[o] = b.x;
            t[o + 1] = b.y;
            t[o + 2] = b.angle;
          }
        }
        const stats = world.update();
        expect(stats.rejected).toBe(0);
        // Brute force over every pair of live, enabled bodies.
        const alive = [...bodies.values()].filter((b) => b.enabled);
        const expected = new Set<string>();
        for (let i = 0; i < alive.length; i++) {
          const A = alive[i];
          const xa = { x: f(A.x), y: f(A.y), angle: f(A.angle), scaleX: A.scaleX, scaleY: A.scaleY };
          for (let j = i + 1; j < alive.length; j++) {
            const B = alive[j];
            if (A.type === 'static' && B.type === 'static') continue;
            if (!kinematicPairs && A.type !== 'dynamic' && B.type !== 'dynamic') continue;
            if (!(A.group & B.mask) || !(B.group & A.mask)) continue;
            const xb = { x: f(B.x), y: f(B.y), angle: f(B.angle), scaleX: B.scaleX, scaleY: B.scaleY };
            if (sat.overlaps(A.shape, xa, B.shape, xb)) expected.add(key(A.id, B.id));
          }
        }
        const ev = world.events;
        const begin = pairsOf(ev.begin, ev.beginCount);
        const stay = pairsOf(ev.stay, ev.stayCount);
        const end = pairsOf(ev.end, ev.endCount);
        const contacts = world.contacts;
        const got = new Set<string>();
        for (let k = 0; k < contacts.count; k++) got.add(key(contacts.u32[k * CONTACT_WORDS], contacts.u32[k * CONTACT_WORDS + 1]));
        expect(contacts.count).toBe(ev.beginCount + ev.stayCount);
        expect(got).toEqual(new Set([...begin, ...stay]));
        // Pairs equal brute force, but for pairs touching within round-off (world geometry is computed in world
        // space, sat.overlaps in A's frame).
        for (const k of new Set([...expected, ...got])) {
          if (expected.has(k) === got.has(k)) continue;
          const [ia, ib] = k.split(',').map(Number);
          const A = bodies.get(ia)!;
          const B = bodies.get(ib)!;
          const m = sat.collide(A.shape, A, B.shape, B);
          expect(m === null || m.depth < 1e-3, `frame ${frame}: pair ${k} world ${got.has(k)} brute ${expected.has(k)}`).toBe(true);
          borderline++;
        }
        checkedPairs += expected.size;
        // Events follow from the world's own touching sets: begin = new, stay = kept, end = lost.
        for (const k of begin) expect(prev.has(k)).toBe(false);
        for (const k of stay) expect(prev.has(k)).toBe(true);
        for (const k of prev) expect(got.has(k) || end.has(k), `frame ${frame}: ${k} vanished without end`).toBe(true);
        for (const k of end) {
          expect(prev.has(k)).toBe(true);
          expect(got.has(k)).toBe(false);
        }
        for (const id of removedNow) {
          for (const k of got) expect(k.split(',').map(Number)).not.toContain(id);
        }
        // A has the smaller slot in every event and contact.
        for (let k = 0; k < ev.beginCount; k++) expect(world.slotOf(ev.begin[2 * k])).toBeLessThan(world.slotOf(ev.begin[2 * k + 1]));
        prev = got;
        if (frame % 50 === 0) expect(world.validate()).toBe(true);
      }
      expect(checkedPairs).toBeGreaterThan(frames * 20); // the scene really has contacts
      expect(borderline).toBeLessThanOrEqual(Math.ceil(checkedPairs * 1e-4));
      world.dispose();
    },
  );

  it('setMatrix / matrixToTransform: rotation-scale matrices (mirrored too) decompose; skewed ones are refused', () => {
    const rand = rng(5);
    const xf = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1 };
    for (let i = 0; i < 200; i++) {
      const t = (rand() * 2 - 1) * Math.PI;
      const sx = 0.2 + 3 * rand();
      const sy = (rand() < 0.2 ? -1 : 1) * (0.2 + 3 * rand());
      const [a, b, c, d] = [Math.cos(t) * sx, Math.sin(t) * sx, -Math.sin(t) * sy, Math.cos(t) * sy];
      expect(matrixToTransform(a, b, c, d, 1, 2, xf)).toBe(true);
      expect(xf.angle).toBeCloseTo(t, 9);
      expect(xf.scaleX).toBeCloseTo(sx, 9);
      expect(xf.scaleY).toBeCloseTo(sy, 9);
      expect([xf.x, xf.y]).toEqual([1, 2]);
    }
    expect(matrixToTransform(1, 0, 0.3, 1, 0, 0, xf)).toBe(false); // skew
    expect(matrixToTransform(1, 0, 2, 0, 0, 0, xf)).toBe(false); // singular
    expect(matrixToTransform(NaN, 0, 0, 1, 0, 0, xf)).toBe(false);
    const world = sat.createWorld();
    const box = sat.box(2, 1);
    const id = world.add({ shape: box, x: 0, y: 0 });
    // 90 degrees, stretched 3x along the box's x axis, mirrored in y, at (5, 5).
    world.setMatrix(id, 0, 3, 1, 0, 5, 5);
    world.update();
    const got = world.getTransform(id);
    expect(got.angle).toBeCloseTo(Math.PI / 2, 6);
    expect(got.scaleX).toBeCloseTo(3, 6);
    expect(got.scaleY).toBeCloseTo(-1, 6);
    expect(world.queryPoint(5, 7.9)).toEqual([id]); // the box's local x runs along world y, half length 3
    expect(world.queryPoint(5.6, 5)).toEqual([]);
    expect(() => world.setMatrix(id, 1, 0, 0.5, 1, 0, 0)).toThrow(SATError);
    world.dispose();
    box.dispose();
  });

  it('events: begin once, stay while touching, end on separation, removal and disabling', () => {
    const world = sat.createWorld();
    const box = sat.box(2, 2);
    const a = world.add({ shape: box, x: 0, y: 0 });
    const b = world.add({ shape: box, x: 5, y: 0 });
    const begins: string[] = [];
    const stays: string[] = [];
    const ends: string[] = [];
    const frame = () => {
      world.update();
      begins.length = stays.length = ends.length = 0;
      world.events.forEachBegin((x, y) => begins.push(key(x, y)));
      world.events.forEachStay((x, y) => stays.push(key(x, y)));
      world.events.forEachEnd((x, y) => ends.push(key(x, y)));
    };
    frame();
    expect([begins, stays, ends]).toEqual([[], [], []]);
    world.setTransform(b, 1.5, 0);
    frame();
    expect([begins, stays, ends]).toEqual([[key(a, b)], [], []]);
    const c = world.contacts.toArray();
    expect(c).toHaveLength(1);
    expect(c[0].began).toBe(true);
    expect(c[0].normal.x).toBeCloseTo(1, 5);
    expect(c[0].depth).toBeCloseTo(0.5, 5);
    expect(c[0].points.length).toBe(2);
    frame();
    expect([begins, stays, ends]).toEqual([[], [key(a, b)], []]);
    expect(world.contacts.toArray()[0].began).toBe(false);
    frame(); // nothing moved: still stay
    expect(stays).toEqual([key(a, b)]);
    world.setTransform(b, 3, 0);
    frame();
    expect([begins, stays, ends]).toEqual([[], [], [key(a, b)]]);
    frame();
    expect([begins, stays, ends]).toEqual([[], [], []]);
    // Disable: end; enable: begin again.
    world.setTransform(b, 1, 0);
    frame();
    expect(begins).toEqual([key(a, b)]);
    world.setEnabled(b, false);
    frame();
    expect(ends).toEqual([key(a, b)]);
    expect(world.queryPoint(1.8, 0)).toEqual([]);
    world.setEnabled(b, true);
    frame();
    expect(begins).toEqual([key(a, b)]);
    // Filter change: end.
    world.setFilter(b, 2, 2);
    frame();
    expect(ends).toEqual([key(a, b)]);
    world.setFilter(b, 1, 0xffffffff);
    frame();
    expect(begins).toEqual([key(a, b)]);
    // Removal: end names the (now stale) id, at the next update.
    world.remove(b);
    expect(world.has(b)).toBe(false);
    frame();
    expect(ends).toEqual([key(a, b)]);
    frame();
    expect(ends).toEqual([]);
    // Static-static pairs are never reported; sensors are flagged.
    const s1 = world.add({ shape: box, x: 20, y: 0, type: 'static' });
    world.add({ shape: box, x: 20.5, y: 0, type: 'static' });
    frame();
    expect(begins).toEqual([]);
    const sensor = world.add({ shape: box, x: 20.2, y: 1, sensor: true });
    frame();
    expect(begins.length).toBe(2);
    for (const ct of world.contacts) expect(ct.sensor).toBe(true);
    expect(begins).toContain(key(s1, sensor));
    world.dispose();
    box.dispose();
  });

  it('compound bodies: shapes placed by offsets, one event per body pair, shape contacts', () => {
    const world = sat.createWorld();
    const box = sat.box(1, 1);
    // A dumbbell: two unit boxes 4 apart.
    const d = world.add({ shapes: [{ shape: box, offsetX: -2 }, { shape: box, offsetX: 2, angle: Math.PI / 4 }], x: 0, y: 0 });
    expect(world.shapeCountOf(d)).toBe(2);
    const probe = world.add({ shape: box, x: 0, y: 0 });
    world.update();
    expect(world.events.beginCount).toBe(0); // the gap between the two boxes
    world.setTransform(probe, 2.6, 0);
    world.update();
    expect(world.events.beginCount).toBe(1);
    const c = world.contacts;
    expect(c.shapeContactCount).toBeGreaterThanOrEqual(1);
    const sc = c.shapeContact(0);
    expect(sc.shapeA === 1 || sc.shapeB === 1).toBe(true);
    expect(world.queryPoint(-2, 0)).toEqual([d]);
    expect(world.queryPoint(0, 0)).toEqual([]);
    world.dispose();
    box.dispose();
  });

  it('concave bodies: decomposed, touching only where the outline is', () => {
    const world = sat.createWorld();
    // A U shape: a probe in the notch touches nothing.
    const u = world.addConcave([0, 0, 6, 0, 6, 6, 4, 6, 4, 2, 2, 2, 2, 6, 0, 6], { x: 0, y: 0, type: 'static' });
    expect(world.shapeCountOf(u)).toBeGreaterThanOrEqual(2);
    const ball = sat.circle(0.5);
    const p = world.add({ shape: ball, x: 3, y: 4 });
    world.update();
    expect(world.events.beginCount).toBe(0);
    world.setTransform(p, 3, 1.8);
    world.update();
    expect(world.events.beginCount).toBe(1);
    const [ct] = world.contacts.toArray();
    expect(ct.depth).toBeGreaterThan(0.2);
    expect(world.boundsOf(u)).toEqual({ lower: { x: 0, y: 0 }, upper: { x: 6, y: 6 } });
    world.dispose();
    ball.dispose();
  });

  it('push-apart leaves no overlap beyond the slop between dynamic bodies and statics', () => {
    const world = sat.createWorld({ pushApart: { iterations: 8, slop: 0.001 } });
    const box = sat.box(1, 1);
    const wall = world.add({ shape: sat.box(10, 1), x: 0, y: 0, type: 'static' });
    const ids = [0, 1, 2].map((i) => world.add({ shape: box, x: -1 + i * 0.8, y: 0.7 }));
    let st = world.update();
    for (let i = 0; i < 10 && st.residualPairs > 0; i++) st = world.update();
    expect(st.residualPairs).toBe(0);
    for (const id of ids) {
      const xf = world.getTransform(id);
      expect(xf.y).toBeGreaterThan(0.95); // pushed out of the wall, the wall did not move
    }
    expect(world.getTransform(wall).y).toBe(0);
    // The moved transforms are written back into the bulk buffer, so a game reads them from there.
    const t = world.transforms;
    for (const id of ids) expect(t[world.slotOf(id) * 5 + 1]).toBe(world.getTransform(id).y);
    world.dispose();
    box.dispose();
  });

  it('CCD: a fast bullet never passes a thin wall', () => {
    const world = sat.createWorld();
    world.add({ shape: sat.box(0.1, 20), x: 0, y: 0, type: 'static' });
    const bullet = world.add({ shape: sat.circle(0.1), x: -50, y: 0, bullet: true });
    world.update();
    const t = world.transforms; // the bulk path sweeps too
    t[world.slotOf(bullet) * 5] = 50;
    world.update();
    const cs = world.contacts.toArray();
    expect(cs).toHaveLength(1);
    expect(cs[0].swept).toBe(true);
    expect(cs[0].toi).toBeGreaterThan(0.45);
    expect(cs[0].toi).toBeLessThan(0.55);
    expect(world.getTransform(bullet).x).toBeLessThan(0.1);
    world.dispose();
  });

  it('queries equal brute force: point, AABB, shape, raycast closest and all, with filters', () => {
    const rand = rng(99);
    const world = sat.createWorld({ broadPhase: 'tree' });
    const placed: Array<{ id: number; shape: Shape; xf: { x: number; y: number; angle: number; scaleX: number; scaleY: number }; group: number; sensor: boolean }> = [];
    for (let i = 0; i < 150; i++) {
      const shape = shapes[Math.floor(rand() * shapes.length)];
      const xf = { x: f((rand() * 2 - 1) * 20), y: f((rand() * 2 - 1) * 20), angle: f(rand() * 6), scaleX: 1, scaleY: 1 };
      const group = rand() < 0.3 ? 2 : 1;
      const sensor = rand() < 0.1;
      const id = world.add({ shape, ...xf, group, sensor, type: rand() < 0.3 ? 'static' : 'dynamic' });
      placed.push({ id, shape, xf, group, sensor });
    }
    world.update();
    const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
    for (let q = 0; q < 200; q++) {
      const px = (rand() * 2 - 1) * 22;
      const py = (rand() * 2 - 1) * 22;
      const base = q % 3 === 0 ? { mask: 2 } : q % 3 === 1 ? { includeSensors: false } : undefined;
      // Every fourth query leaves out the bodies nearest to its point (the ones it would most likely report);
      // the queries in between run without, so ids left over from an earlier query would show.
      const near = [...placed].sort((a, b) => Math.hypot(a.xf.x - px, a.xf.y - py) - Math.hypot(b.xf.x - px, b.xf.y - py));
      const exclude = q % 4 === 3 ? near.slice(0, 3).map((p) => p.id) : undefined;
      const filter: { mask?: number; includeSensors?: boolean; exclude?: number[] } | undefined = exclude ? { ...base, exclude } : base;
      const pass = (p: (typeof placed)[number]) =>
        (filter?.mask === undefined || (p.group & filter.mask) !== 0) &&
        (filter?.includeSensors !== false || !p.sensor) &&
        !(filter?.exclude ?? []).includes(p.id);
      // point
      const expectPoint = placed.filter((p) => pass(p) && sat.containsPoint(p.shape, p.xf, { x: px, y: py })).map((p) => p.id);
      expect(sorted(world.queryPoint(px, py, filter))).toEqual(sorted(expectPoint));
      // AABB (body bounds)
      const w = rand() * 8;
      const h = rand() * 8;
      const expectBox = placed
        .filter((p) => {
          if (!pass(p)) return false;
          const b = world.boundsOf(p.id);
          return b.lower.x <= px + w && b.upper.x >= px && b.lower.y <= py + h && b.upper.y >= py;
        })
        .map((p) => p.id);
      expect(sorted(world.queryAABB(px, py, px + w, py + h, filter))).toEqual(sorted(expectBox));
      // shape
      const probe = shapes[q % shapes.length];
      const pxf = { x: px, y: py, angle: rand() };
      const expectShape = placed.filter((p) => pass(p) && sat.overlaps(probe, pxf, p.shape, p.xf)).map((p) => p.id);
      expect(sorted(world.queryShape(probe, pxf, filter))).toEqual(sorted(expectShape));
      // rays
      const ex = px + (rand() * 2 - 1) * 30;
      const ey = py + (rand() * 2 - 1) * 30;
      const ray = { origin: { x: px, y: py }, translation: { x: ex - px, y: ey - py } };
      // A ray starting inside a body hits it at fraction 0 (zero normal); else at its first surface crossing.
      const hits = placed
        .filter(pass)
        .map((p) => ({
          id: p.id,
          hit: sat.containsPoint(p.shape, p.xf, ray.origin) ? { fraction: 0 } : sat.raycast(p.shape, p.xf, ray),
        }))
        .filter((h) => h.hit !== null)
        .sort((a, b) => a.hit!.fraction - b.hit!.fraction);
      const all = world.raycastAll(px, py, ex, ey, filter);
      expect(sorted(all.map((h) => h.body))).toEqual(sorted(hits.map((h) => h.id)));
      for (let k = 1; k < all.length; k++) expect(all[k].fraction).toBeGreaterThanOrEqual(all[k - 1].fraction);
      const closest = world.raycast(px, py, ex, ey, filter);
      if (hits.length === 0) {
        expect(closest).toBeNull();
      } else {
        expect(closest).not.toBeNull();
        expect(closest!.fraction).toBeCloseTo(hits[0].hit!.fraction, 4);
        expect(Math.hypot(closest!.normal.x, closest!.normal.y)).toBeCloseTo(hits[0].hit!.fraction === 0 ? 0 : 1, 4);
      }
    }
    // The out array is filled in place.
    const out: number[] = [1, 2, 3, 4, 5, 6, 7, 8];
    const same = world.queryAABB(-100, -100, 100, 100, undefined, out);
    expect(same).toBe(out);
    expect(out.length).toBe(150);
    world.dispose();
  });
});
