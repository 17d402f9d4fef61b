// The 3D world through the TypeScript API ('sat-wasm/3d'), against brute force through the same package's per-pair
// calls: touching pairs and begin / stay / end over random motion uploaded in one typed array, contacts, queries,
// determinism, bad input and lifetimes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, load3D, type BroadPhase3, type SAT3D, type Shape3, type World3, type World3Options } from '../../dist/3d.js';
import { rng } from './reference.js';

const VARIANTS3 = ['simd', 'baseline', 'asmjs'] as const;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
function jsHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

type Q = { x: number; y: number; z: number; w: number };
function randomQuat(r: () => number): Q {
  for (;;) {
    const q = [r() * 2 - 1, r() * 2 - 1, r() * 2 - 1, r() * 2 - 1];
    const n = Math.hypot(...q);
    if (n > 0.1 && n < 1) {
      // Rounded to float32 and normalized again so that |q|^2 stays within the core's 1e-6 of 1.
      const f = Float32Array.from(q.map((c) => c / n));
      return { x: f[0], y: f[1], z: f[2], w: f[3] };
    }
  }
}

function randomShape(sat3: SAT3D, r: () => number): Shape3 {
  const k = Math.floor(r() * 4), s = 0.4 + r();
  if (k === 0) return sat3.sphere(s * (0.3 + 0.7 * r()));
  if (k === 1) return sat3.capsule({ x: 0, y: -s * 0.5, z: 0 }, { x: 0, y: s * 0.5, z: 0 }, s * 0.3);
  if (k === 2) return sat3.box(s * (0.3 + r()), s * (0.3 + r()), s * (0.3 + r()));
  const pts: number[] = [];
  const n = 8 + Math.floor(r() * 13);
  for (let i = 0; i < 3 * n; ++i) pts.push(s * (r() * 2 - 1));
  return sat3.hull(pts);
}

interface Body {
  id: number;
  shape: Shape3;
  group: number;
  mask: number;
  sensor: boolean;
  isStatic: boolean;
  xf: { x: number; y: number; z: number; rotation: Q };
}

/** A random scene: bodies of one shape each at the body origin, so the per-pair calls see the same geometry. */
function makeScene(sat3: SAT3D, seed: number, count: number, extent: number, options: World3Options = {}) {
  const r = rng(seed);
  const world = sat3.createWorld(options);
  const bodies: Body[] = [];
  for (let i = 0; i < count; ++i) {
    const shape = randomShape(sat3, r);
    const group = 1 << Math.floor(r() * 3);
    const mask = r() < 0.25 ? ~group >>> 0 : 0xffffffff;
    const sensor = r() < 0.1, isStatic = r() < 0.2;
    const xf = { x: (r() * 2 - 1) * extent, y: (r() * 2 - 1) * extent, z: (r() * 2 - 1) * extent, rotation: randomQuat(r) };
    const id = world.createBody({ shapes: shape, type: isStatic ? 'static' : 'dynamic', group, mask, sensor, transform: xf });
    bodies.push({ id, shape, group, mask, sensor, isStatic, xf });
  }
  return { r, world, bodies };
}

const key = (a: number, b: number) => `${a}:${b}`;

function bruteForce(sat3: SAT3D, world: World3, bodies: Body[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < bodies.length; ++i) {
    for (let j = i + 1; j < bodies.length; ++j) {
      let a = bodies[i], b = bodies[j];
      if (a.isStatic && b.isStatic) continue;
      if (!(a.group & b.mask) || !(b.group & a.mask)) continue;
      if (world.slotOf(a.id) > world.slotOf(b.id)) [a, b] = [b, a];
      if (sat3.collide(a.shape, a.xf, b.shape, b.xf)) out.add(key(a.id, b.id));
    }
  }
  return out;
}

const dist = fileURLToPath(new URL('../../dist/wasm/sat3d-simd.wasm', import.meta.url));

describe.skipIf(!existsSync(dist))('World3 through the TypeScript API', () => {
  let sat3: SAT3D;
  beforeAll(async () => {
    sat3 = await load3D();
  });

  it.each(['tree', 'grid'] as BroadPhase3[])('touching pairs, events and contacts match brute force over random motion (one typed array per frame), %s broad phase', (broadPhase) => {
    for (const seed of [1, 2, 3]) {
      const { r, world, bodies } = makeScene(sat3, seed, 50, 5, { broadPhase });
      expect(world.broadPhase).toBe(broadPhase);
      let before = new Set<string>();
      const stride = world.transformStride;
      let checkedPairs = 0;
      for (let frame = 0; frame < 15; ++frame) {
        if (frame > 0) {
          const t = world.transforms;
          for (const b of bodies) {
            if (b.isStatic || r() < 0.3) continue;
            b.xf = { x: b.xf.x + (r() - 0.5) * 0.6, y: b.xf.y + (r() - 0.5) * 0.6, z: b.xf.z + (r() - 0.5) * 0.6, rotation: randomQuat(r) };
            const k = world.slotOf(b.id) * stride;
            t.set([b.xf.x, b.xf.y, b.xf.z, b.xf.rotation.x, b.xf.rotation.y, b.xf.rotation.z, b.xf.rotation.w, 1, 1, 1], k);
          }
        }
        const stats = world.update();
        expect(stats.rejected).toBe(0);
        const now = bruteForce(sat3, world, bodies);
        const begin = [...now].filter((p) => !before.has(p)).sort();
        const stay = [...now].filter((p) => before.has(p)).sort();
        const end = [...before].filter((p) => !now.has(p)).sort();
        expect(world.beginEvents().map(([a, b]) => key(a, b)).sort()).toEqual(begin);
        expect(world.stayEvents().map(([a, b]) => key(a, b)).sort()).toEqual(stay);
        expect(world.endEvents().map(([a, b]) => key(a, b)).sort()).toEqual(end);
        const contacts = world.contacts();
        expect(contacts.length).toBe(now.size);
        for (const c of contacts) {
          const a = bodies.find((b) => b.id === c.a)!, b = bodies.find((x) => x.id === c.b)!;
          const m = sat3.collide(a.shape, a.xf, b.shape, b.xf)!;
          expect(c.depth).toBeCloseTo(m.depth, 4);
          expect(c.points.length).toBe(m.contacts.length);
          expect(c.began).toBe(!before.has(key(c.a, c.b)));
          expect(c.sensor).toBe(a.sensor || b.sensor);
          ++checkedPairs;
        }
        // The allocation-free path reads the same numbers.
        const fr = world.frame, u = world.heapU32, f = world.heapF32;
        expect(fr.contactCount).toBe(contacts.length);
        contacts.forEach((c, i) => {
          expect(u[fr.contacts + fr.contactWords * i]).toBe(c.a);
          expect(f[fr.contacts + fr.contactWords * i + 5]).toBe(c.depth);
        });
        expect(world.validate()).toBe(true);
        before = now;
      }
      expect(checkedPairs).toBeGreaterThan(20);
      world.dispose();
      for (const b of bodies) b.shape.dispose();
    }
  });

  it.each(['tree', 'grid'] as BroadPhase3[])('queries match brute force, %s broad phase', (broadPhase) => {
    const { r, world, bodies } = makeScene(sat3, 9, 80, 6, { broadPhase });
    world.update();
    const probe = sat3.sphere(0.001);
    for (let q = 0; q < 60; ++q) {
      const ray = { origin: { x: (r() - 0.5) * 20, y: (r() - 0.5) * 20, z: (r() - 0.5) * 20 }, translation: { x: (r() - 0.5) * 30, y: (r() - 0.5) * 30, z: (r() - 0.5) * 30 } };
      const hits = bodies
        .map((b) => ({ b, h: sat3.raycast(b.shape, b.xf, ray) }))
        .filter((x) => x.h !== null)
        .sort((x, y) => x.h!.fraction - y.h!.fraction || world.slotOf(x.b.id) - world.slotOf(y.b.id));
      const all = world.raycastAll(ray);
      expect(all.map((h) => h.body)).toEqual(hits.map((x) => x.b.id));
      all.forEach((h, i) => expect(h.fraction).toBe(hits[i].h!.fraction));
      const closest = world.raycastClosest(ray);
      expect(closest?.body ?? null).toBe(hits[0]?.b.id ?? null);
      expect(world.raycastAny(ray) !== null).toBe(hits.length > 0);

      const c = { x: (r() - 0.5) * 12, y: (r() - 0.5) * 12, z: (r() - 0.5) * 12 };
      const radius = 0.2 + r() * 2;
      const ball = sat3.sphere(radius);
      const bySlot = (ids: number[]) => ids.sort((x, y) => world.slotOf(x) - world.slotOf(y));
      expect(world.querySphere(c, radius)).toEqual(bySlot(bodies.filter((b) => sat3.overlaps(b.shape, b.xf, ball, c)).map((b) => b.id)));
      expect(world.queryShape(ball, c)).toEqual(world.querySphere(c, radius));
      ball.dispose();
      // Points: the world's exact containment against overlap with a tiny ball (points near a surface skipped).
      const inside = new Set(world.queryPoint(c));
      for (const b of bodies) {
        const d = sat3.distance(b.shape, b.xf, probe, c).distance;
        if (d > 0.01) expect(inside.has(b.id)).toBe(false);
      }
    }
    probe.dispose();
    world.dispose();
    for (const b of bodies) b.shape.dispose();
  });

  it('same inputs give the same outputs', () => {
    const run = () => {
      const { r, world, bodies } = makeScene(sat3, 77, 60, 4);
      const out: number[] = [];
      world.setPushApart({ enabled: true });
      for (let f = 0; f < 10; ++f) {
        const t = world.transforms;
        for (const b of bodies) if (!b.isStatic) t[world.slotOf(b.id) * world.transformStride] += (r() - 0.5) * 0.5;
        world.update();
        const fr = world.frame;
        out.push(...world.heapU32.subarray(fr.contacts, fr.contacts + fr.contactWords * fr.contactCount));
      }
      out.push(...new Uint32Array(world.transforms.slice().buffer));
      world.dispose();
      for (const b of bodies) b.shape.dispose();
      return out;
    };
    const a = run(), b = run();
    expect(a.length).toBeGreaterThan(100);
    expect(a).toEqual(b);
  });

  it('push-apart moves dynamic bodies by inverse mass and leaves static ones', () => {
    const world = sat3.createWorld();
    const box = sat3.box(1, 1, 1);
    const a = world.createBody({ shapes: box, mass: 1 });
    const b = world.createBody({ shapes: box, mass: 3, transform: { x: 1.6, y: 0, z: 0 } });
    const s = world.createBody({ shapes: box, type: 'static', transform: { x: 0, y: -1.8, z: 0 } });
    world.setPushApart({ enabled: true, slop: 0 });
    world.update();
    expect(world.getTransform(a).x).toBeCloseTo(-0.3, 5);
    expect(world.getTransform(b).x).toBeCloseTo(1.7, 5);
    expect(world.getTransform(s).y).toBe(Math.fround(-1.8));
    expect(world.getTransform(a).y).toBeCloseTo(0.2, 5);
    world.dispose();
    box.dispose();
  });

  it('a bullet stops at a thin wall that a plain body jumps through; teleport skips the sweep', () => {
    const ball = sat3.sphere(0.1);
    const plate = sat3.box(0.005, 3, 3);
    for (const bullet of [false, true]) {
      const world = sat3.createWorld();
      const wall = world.createBody({ shapes: plate, type: 'static' });
      const id = world.createBody({ shapes: ball, bullet, transform: { x: -5, y: 0.2, z: 0 } });
      world.update();
      world.setTransform(id, { x: 5, y: 0.2, z: 0 });
      const stats = world.update();
      expect(stats.sweptBodies).toBe(bullet ? 1 : 0);
      const contacts = world.contacts();
      if (!bullet) {
        expect(contacts).toEqual([]);
        expect(world.getTransform(id).x).toBe(5);
      } else {
        expect(contacts).toHaveLength(1);
        const c = contacts[0];
        expect([c.a, c.b, c.began, c.swept, c.points.length]).toEqual([wall, id, true, true, 1]);
        expect(c.normal.x).toBeCloseTo(-1, 4); // from the wall (A) to the ball
        expect(c.depth).toBeLessThanOrEqual(0);
        // The sphere's centre stops one radius plus half the wall's thickness before x = 0.
        const x = world.getTransform(id).x;
        expect(x).toBeLessThanOrEqual(-0.105);
        expect(x).toBeGreaterThan(-0.106);
        expect(world.transforms[world.slotOf(id) * world.transformStride]).toBe(x); // the buffer holds the stopped pose
        // Back with teleport: no sweep, no contact.
        world.setTransform(id, { x: -5, y: 0.2, z: 0 }, { teleport: true });
        expect(world.update().sweptBodies).toBe(0);
        expect(world.contacts().some((k) => k.swept)).toBe(false);
      }
      world.dispose();
    }
    const world = sat3.createWorld();
    const s = world.createBody({ shapes: ball, type: 'static' });
    expect(() => world.setBullet(s, true)).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    expect(() => world.createBody({ shapes: ball, type: 'static', bullet: true })).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    expect(world.bodyCount).toBe(1);
    world.dispose();
    ball.dispose();
    plate.dispose();
  });

  it('setShapes rebuilds a hull in place: same id, a still-touching pair stays, the contact is the new shape\'s', () => {
    const r = rng(5);
    const cloud = (radius: number) => {
      const pts: number[] = [];
      for (let i = 0; i < 64; ++i) {
        const v = [r() * 2 - 1, r() * 2 - 1, r() * 2 - 1];
        const k = (radius * (0.9 + 0.1 * r())) / Math.hypot(...v);
        pts.push(v[0] * k, v[1] * k, v[2] * k);
      }
      return pts;
    };
    const slab = sat3.box(5, 0.5, 5);
    const rock = sat3.hull(cloud(0.5), { maxVertices: 255 });
    const world = sat3.createWorld();
    const floor = world.createBody({ shapes: slab, type: 'static', transform: { x: 0, y: -0.5, z: 0 } });
    const id = world.createBody({ shapes: rock, transform: { x: 0, y: 0.4, z: 0 } });
    world.update();
    expect(world.beginEvents()).toEqual([[floor, id]]);
    const grown = sat3.hull(cloud(0.55), { maxVertices: 255 });
    world.setShapes(id, grown);
    world.update();
    expect([world.beginEvents().length, world.endEvents().length, world.stayEvents().length]).toEqual([0, 0, 1]);
    const expected = sat3.collide(slab, { x: 0, y: -0.5, z: 0 }, grown, { x: 0, y: 0.4, z: 0 })!;
    const c = world.contacts()[0];
    expect(c.depth).toBe(expected.depth);
    expect(c.normal).toEqual(expected.normal);
    // A bad edit changes nothing.
    expect(() => world.setShapes(id, [])).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    world.update();
    expect(world.stayEvents().length).toBe(1);
    world.destroyBody(id);
    expect(() => world.setShapes(id, grown)).toThrow(expect.objectContaining({ code: 'RemovedBody' }));
    world.dispose();
    for (const s of [slab, rock, grown]) s.dispose();
  });

  it('bad input gets named errors and leaves the world usable', () => {
    const liveBefore = sat3.liveShapes;
    const world = sat3.createWorld();
    const box = sat3.box(1, 1, 1);
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SATError);
        return (e as SATError).code;
      }
      return 'no error';
    };
    expect(code(() => sat3.createWorld({ broadPhase: 'sap' as never }))).toBe('InvalidArgument');
    expect(code(() => sat3.createWorld({ broadPhase: 'grid', gridCellSize: -1 }))).toBe('InvalidArgument');
    expect(code(() => sat3.createWorld({ broadPhase: 'grid', gridCellSize: Infinity }))).toBe('InvalidArgument');
    const plain = sat3.createWorld();
    expect(plain.broadPhase).toBe('tree');
    plain.dispose();
    expect(code(() => world.createBody({ shapes: [] }))).toBe('InvalidArgument');
    expect(code(() => world.createBody({ shapes: box, mass: 0 }))).toBe('InvalidArgument');
    expect(code(() => world.createBody({ shapes: box, transform: { x: NaN, y: 0, z: 0 } }))).toBe('InvalidTransform');
    expect(code(() => world.createBody({ shapes: box, type: 'rigid' as never }))).toBe('InvalidArgument');
    expect(code(() => world.createBody({ shapes: {} as never }))).toBe('InvalidArgument');
    const id = world.createBody({ shapes: box, userId: 0xfedcba98 });
    expect(world.userId(id)).toBe(0xfedcba98);
    expect(code(() => world.setTransform(id, { x: 0, y: 0, z: 0, rotation: { x: 1, y: 1, z: 0, w: 0 } }))).toBe('InvalidTransform');
    expect(code(() => world.setTransform(id + 1, { x: 0, y: 0, z: 0 }))).toBe('UnknownBody');
    expect(code(() => world.querySphere({ x: 0, y: 0, z: 0 }, -1))).toBe('InvalidRadius');
    expect(code(() => world.queryPoint({ x: NaN, y: 0, z: 0 }))).toBe('NonFinite');
    // A NaN in the transform buffer is refused at update, reported and put back.
    world.transforms[world.slotOf(id) * world.transformStride + 1] = NaN;
    expect(world.update().rejected).toBe(1);
    expect(world.rejected()).toEqual([{ id, code: 'InvalidTransform' }]);
    expect(world.transforms[world.slotOf(id) * world.transformStride + 1]).toBe(0);
    world.destroyBody(id);
    expect(code(() => world.destroyBody(id))).toBe('RemovedBody');
    expect(world.isAlive(id)).toBe(false);
    const spare = sat3.box(1, 1, 1);
    spare.dispose();
    expect(code(() => world.createBody({ shapes: spare }))).toBe('Disposed');
    expect(world.validate()).toBe(true);
    world.dispose();
    expect(code(() => world.update())).toBe('Disposed');
    box.dispose();
    expect(sat3.liveShapes).toBe(liveBefore);
  });

  it('frames through the bulk path (transforms written, update, contacts read) do not grow the JS heap', () => {
    const box = sat3.box(0.6, 0.4, 0.5);
    const world = sat3.createWorld({ capacity: 500 });
    const slots: number[] = [];
    for (let i = 0; i < 500; i++) slots.push(world.slotOf(world.createBody({ shapes: box, transform: { x: i, y: 0, z: 0 } })) * world.transformStride);
    let seen = 0;
    const frame = (f: number): void => {
      const t = world.transforms;
      for (let i = 0; i < slots.length; i++) t[slots[i]] = i + 0.3 * Math.sin(0.05 * f + i);
      const stats = world.update();
      const fr = world.frame, u = world.heapU32, fl = world.heapF32;
      for (let k = 0; k < fr.contactCount; k++) seen += fl[fr.contacts + fr.contactWords * k + 5] + u[fr.contacts + fr.contactWords * k];
      seen += fr.beginCount + fr.endCount + stats.touchingPairs;
    };
    // Warm-up as in leaks.test.ts: arrays reach their high-water mark and V8 settles its code; then two windows,
    // so that growth per frame shows in both and a one-off in one only.
    for (let f = 0; f < 1000; f++) frame(f);
    const h0 = jsHeap();
    for (let f = 1000; f < 3000; f++) frame(f);
    const h1 = jsHeap();
    for (let f = 3000; f < 5000; f++) frame(f);
    const h2 = jsHeap();
    expect(seen).toBeGreaterThan(0);
    // One small object retained per frame (2,000 per window) would measure 64 KB or more.
    expect(Math.min(h1 - h0, h2 - h1)).toBeLessThan(32 * 1024);
    world.dispose();
    box.dispose();
  });

  it.each(VARIANTS3)('runs on the %s build', async (prefer) => {
    const s3 = await load3D({ prefer });
    const world = s3.createWorld();
    const ball = s3.sphere(1);
    const a = world.createBody({ shapes: ball });
    const b = world.createBody({ shapes: [{ shape: ball, offset: { x: 1.5, y: 0, z: 0 } }] });
    world.update();
    expect(world.beginEvents()).toEqual([[a, b]]);
    expect(world.contacts()[0].depth).toBeCloseTo(0.5, 5);
    world.dispose();
    ball.dispose();
  });
});
