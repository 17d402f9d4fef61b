// The package's API beyond the reference checks: hand-built cases, lifetimes, the allocation-free and bulk
// paths, memory growth, and the loader's options.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, chooseVariant, hasSIMD, loadSAT, type SAT } from '../../dist/index.js';
import { VARIANTS, makeSample, randomXf, satFor, type Kind } from './helpers.js';
import { rng } from './reference.js';

const ID = { x: 0, y: 0 };
const distWasm = (file: string) => fileURLToPath(new URL(`../../dist/wasm/${file}`, import.meta.url));

describe.each(VARIANTS)('API (%s)', (variant) => {
  let sat: SAT;
  beforeAll(async () => {
    sat = await satFor(variant);
  });

  it('reports its variant', () => {
    expect(sat.variant).toBe(variant);
  });

  it('hand-built cases: boxes side by side, touching, contained, identical, apart', () => {
    const a = sat.box(2, 2);
    const b = sat.box(2, 2);
    const m = sat.collide(a, ID, b, { x: 1.5, y: 0.25 })!;
    expect(m.normal.x).toBeCloseTo(1, 6);
    expect(m.normal.y).toBeCloseTo(0, 6);
    expect(m.depth).toBeCloseTo(0.5, 6);
    expect(m.contacts).toHaveLength(2);
    for (const c of m.contacts) {
      expect(c.x).toBeCloseTo(0.75, 5);
      expect(c.depth).toBeCloseTo(0.5, 5);
    }
    expect(m.contacts[0].id).not.toBe(m.contacts[1].id);
    // Touching exactly counts as touching with depth ~ 0.
    const t = sat.collide(a, ID, b, { x: 2, y: 0 });
    expect(t).not.toBeNull();
    expect(Math.abs(t!.depth)).toBeLessThan(1e-5);
    // Apart.
    expect(sat.collide(a, ID, b, { x: 2.01, y: 0 })).toBeNull();
    expect(sat.overlaps(a, ID, b, { x: 2.01, y: 0 })).toBe(false);
    expect(sat.distance(a, ID, b, { x: 2.5, y: 0 }).distance).toBeCloseTo(0.5, 6);
    // Identical placement: a full overlap along some axis.
    const same = sat.collide(a, ID, b, ID)!;
    expect(same.depth).toBeCloseTo(2, 5);
    // Contained circle.
    const c = sat.circle(0.25);
    const inside = sat.collide(a, ID, c, { x: 0.5, y: 0 })!;
    expect(inside.normal.x).toBeCloseTo(1, 5);
    expect(inside.depth).toBeCloseTo(0.75, 5);
    // Rotation and scale: a box rotated 90 degrees and stretched.
    const r = sat.collide(a, { x: 0, y: 0, angle: Math.PI / 2, scaleX: 3 }, c, { x: 0, y: 3.1 })!;
    expect(r.normal.y).toBeCloseTo(1, 5);
    expect(r.depth).toBeCloseTo(0.15, 5);
    for (const s of [a, b, c]) s.dispose();
  });

  it('normal points from A to B: swapping A and B negates it', () => {
    const a = sat.polygon([0, 0, 2, 0, 1, 1.5]);
    const b = sat.capsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.3);
    const ab = sat.collide(a, ID, b, { x: 1, y: 1.6, angle: 0.3 })!;
    const ba = sat.collide(b, { x: 1, y: 1.6, angle: 0.3 }, a, ID)!;
    expect(ab.normal.y).toBeGreaterThan(0);
    expect(ba.normal.x).toBeCloseTo(-ab.normal.x, 5);
    expect(ba.normal.y).toBeCloseTo(-ab.normal.y, 5);
    expect(ba.depth).toBeCloseTo(ab.depth, 5);
    a.dispose();
    b.dispose();
  });

  it('shape inspection: kind, vertices (CCW whatever the input winding), normals, area, bounds', () => {
    const cw = sat.polygon([{ x: 0, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 0 }, { x: 0, y: 0 }]);
    expect(cw.kind).toBe('polygon');
    expect(cw.vertexCount).toBe(4);
    expect(cw.area).toBeCloseTo(1, 6);
    const v = cw.vertices;
    let signed = 0;
    for (let i = 0; i < v.length; i++) {
      const p = v[i];
      const q = v[(i + 1) % v.length];
      signed += p.x * q.y - q.x * p.y;
    }
    expect(signed).toBeGreaterThan(0);
    expect(cw.normals).toHaveLength(4);
    expect(cw.centroid.x).toBeCloseTo(0.5, 6);
    expect(cw.localBounds).toEqual({ lower: { x: 0, y: 0 }, upper: { x: 1, y: 1 } });
    const wb = cw.bounds({ x: 10, y: 0, angle: Math.PI });
    expect(wb.lower.x).toBeCloseTo(9, 5);
    expect(wb.upper.x).toBeCloseTo(10, 5);
    const c = sat.circle(2, { x: 1, y: 0 });
    expect(c.kind).toBe('circle');
    expect(c.radius).toBe(2);
    expect(c.vertices).toEqual([{ x: 1, y: 0 }]);
    expect(c.normals).toEqual([]);
    const cap = sat.capsule({ x: 0, y: 0 }, { x: 2, y: 0 }, 0.5);
    expect(cap.kind).toBe('capsule');
    expect(cap.vertices).toEqual([{ x: 0, y: 0 }, { x: 2, y: 0 }]);
    const bx = sat.box(4, 2, { center: { x: 1, y: 1 }, angle: 0 });
    expect(bx.localBounds).toEqual({ lower: { x: -1, y: 0 }, upper: { x: 3, y: 2 } });
    // Collinear and duplicate points are cleaned.
    const cleaned = sat.polygon([0, 0, 1, 0, 2, 0, 2, 2, 2, 2, 0, 2]);
    expect(cleaned.vertexCount).toBe(4);
    for (const s of [cw, c, cap, bx, cleaned]) s.dispose();
  });

  it('decompose splits a concave outline into convex parts that tile it', () => {
    // An L and a comb (concave), in clockwise order; and a convex square (one part).
    const L = [0, 0, 0, 3, 1, 3, 1, 1, 3, 1, 3, 0];
    const comb = [0, 0, 5, 0, 5, 3, 4, 3, 4, 1, 3, 1, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3];
    const area = (pts: number[]) => {
      let a = 0;
      for (let i = 0; i < pts.length; i += 2) {
        const j = (i + 2) % pts.length;
        a += pts[i] * pts[j + 1] - pts[j] * pts[i + 1];
      }
      return Math.abs(a) / 2;
    };
    const inside = (pts: number[], x: number, y: number) => {
      let c = false;
      for (let i = 0, j = pts.length - 2; i < pts.length; j = i, i += 2) {
        const xi = pts[i], yi = pts[i + 1], xj = pts[j], yj = pts[j + 1];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
      }
      return c;
    };
    const rand = rng(5);
    for (const outline of [L, comb]) {
      expect(() => sat.polygon(outline)).toThrow(SATError);
      const parts = sat.decompose(outline);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.reduce((s, p) => s + p.area, 0)).toBeCloseTo(area(outline), 4);
      for (let k = 0; k < 2000; k++) {
        const x = rand() * 6 - 0.5;
        const y = rand() * 4 - 0.5;
        const hits = parts.filter((p) => sat.containsPoint(p, ID, { x, y })).length;
        if (inside(outline, x, y)) expect(hits, `${x},${y}`).toBeGreaterThan(0);
        else expect(hits, `${x},${y}`).toBe(0);
      }
      for (const p of parts) p.dispose();
    }
    const square = sat.decompose([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]);
    expect(square).toHaveLength(1);
    expect(square[0].area).toBeCloseTo(1, 6);
    square[0].dispose();
    const before = sat.liveShapes;
    expect(() => sat.decompose([0, 0, 2, 2, 2, 0, 0, 2])).toThrow(/SelfIntersecting/);
    expect(() => sat.decompose([0, 0, 1, 0])).toThrow(/TooFewPoints/);
    expect(() => sat.decompose([0, 0, 1, 0, NaN, 1])).toThrow(/points\[4\]/);
    expect(sat.liveShapes).toBe(before);
  });

  it('dispose frees the shape in the module, is idempotent, and handles are not reused for live shapes', () => {
    const before = sat.liveShapes;
    const shapes = Array.from({ length: 100 }, (_, i) => sat.circle(1 + i));
    expect(sat.liveShapes).toBe(before + 100);
    const handles = new Set(shapes.map((s) => s.handle));
    expect(handles.size).toBe(100);
    const first = shapes[0].handle;
    for (const s of shapes) s.dispose();
    for (const s of shapes) s.dispose();
    expect(sat.liveShapes).toBe(before);
    const again = sat.circle(1);
    expect(again.handle).not.toBe(first); // same slot, new generation
    expect(() => shapes[0].handle).toThrow(SATError);
    again.dispose();
  });

  it('collideInto fills the same object and agrees with collide', () => {
    const out = sat.createManifold();
    const contacts = out.contacts;
    const normal = out.normal;
    const rand = rng(7);
    const kinds: Kind[] = ['polygon', 'circle', 'capsule'];
    const samples = Array.from({ length: 30 }, (_, i) => makeSample(sat, kinds[i % 3], rand));
    for (let k = 0; k < 2000; k++) {
      const a = samples[Math.floor(rand() * samples.length)];
      const b = samples[Math.floor(rand() * samples.length)];
      const xfA = randomXf(rand, 0, 0, 1);
      const xfB = randomXf(rand, 0, 0, 3);
      const m = sat.collide(a.shape, xfA, b.shape, xfB);
      const touching = sat.collideInto(a.shape, xfA, b.shape, xfB, out);
      expect(out.contacts).toBe(contacts);
      expect(out.normal).toBe(normal);
      expect(touching).toBe(m !== null);
      expect(out.touching).toBe(touching);
      if (!m) {
        expect(out.contactCount).toBe(0);
        expect(out.depth).toBe(0);
        continue;
      }
      expect(out.contactCount).toBe(m.contacts.length);
      expect(out.normal).toEqual(m.normal);
      expect(out.depth).toBe(m.depth);
      expect(out.contacts.slice(0, out.contactCount)).toEqual(m.contacts);
    }
    for (const s of samples) s.shape.dispose();
  });

  it('collideMany: transforms per shape (angles two at a time) and per pair (one at a time) agree bit for bit', () => {
    // Each pair: a 4 x 4 box at the origin and an off-centre circle whose transform puts its centre near the box's
    // right face, so the contact depends on every bit of the circle's rotation. Angles from small to 1e8.
    const rand = rng(12);
    const box = sat.box(4, 4);
    const circle = sat.circle(0.6, { x: 1.5, y: 0.3 });
    const n = 4001;
    const transforms = new Float32Array(5 * 2 * n);
    const perPair = new Float32Array(10 * n);
    const pairs = new Int32Array(2 * n);
    for (let k = 0; k < n; k++) {
      const angle = Math.fround((rand() - 0.5) * [7, 2e3, 2e8][k % 3]);
      const c = Math.cos(angle), s = Math.sin(angle);
      const tx = 2.3 + 0.2 * rand(), ty = 3.6 * (rand() - 0.5);
      const row = [0, 0, 0, 1, 1, tx - (c * 1.5 - s * 0.3), ty - (s * 1.5 + c * 0.3), angle, 1, 1];
      transforms.set(row, 10 * k);
      perPair.set(row, 10 * k);
      pairs[2 * k] = 2 * k;
      pairs[2 * k + 1] = 2 * k + 1;
    }
    const shapes = Array.from({ length: 2 * n }, (_, i) => (i % 2 === 0 ? box : circle));
    const byShape = sat.collideMany(shapes, transforms, pairs);
    const byPair = sat.collideMany(shapes, perPair, pairs, { transformsPer: 'pair' });
    expect(byShape.touching).toBeGreaterThan(n / 2);
    expect(Array.from(byShape.counts)).toEqual(Array.from(byPair.counts));
    expect(byShape.normals).toEqual(byPair.normals);
    expect(byShape.depths).toEqual(byPair.depths);
    expect(byShape.points).toEqual(byPair.points);
    box.dispose();
    circle.dispose();
  });

  it('collideMany gives exactly the per-call results, per shape and per pair, and reuses its output', () => {
    const rand = rng(11);
    const kinds: Kind[] = ['polygon', 'circle', 'capsule'];
    const samples = Array.from({ length: 60 }, (_, i) => makeSample(sat, kinds[i % 3], rand));
    const shapes = samples.map((s) => s.shape);
    const xfs = samples.map(() => randomXf(rand, 0, 0, 4));
    const transforms = new Float32Array(xfs.flatMap((t) => [t.x, t.y, t.angle, t.scaleX, t.scaleY]));
    const pairs = new Int32Array(2 * 3000);
    for (let i = 0; i < pairs.length; i++) pairs[i] = Math.floor(rand() * shapes.length);
    const r = sat.collideMany(shapes, transforms, pairs);
    expect(r.pairCount).toBe(3000);
    let touching = 0;
    const perPair = new Float32Array(3000 * 10);
    for (let k = 0; k < 3000; k++) {
      const ia = pairs[2 * k];
      const ib = pairs[2 * k + 1];
      perPair.set(transforms.subarray(5 * ia, 5 * ia + 5), 10 * k);
      perPair.set(transforms.subarray(5 * ib, 5 * ib + 5), 10 * k + 5);
      const f = (o: number) => ({ x: transforms[o], y: transforms[o + 1], angle: transforms[o + 2], scaleX: transforms[o + 3], scaleY: transforms[o + 4] });
      const m = sat.collide(shapes[ia], f(5 * ia), shapes[ib], f(5 * ib));
      expect(r.counts[k]).toBe(m ? m.contacts.length : 0);
      if (!m) continue;
      touching++;
      expect([r.normals[2 * k], r.normals[2 * k + 1]]).toEqual([m.normal.x, m.normal.y]);
      expect(r.depths[k]).toBe(m.depth);
      m.contacts.forEach((c, i) => {
        expect([r.points[6 * k + 3 * i], r.points[6 * k + 3 * i + 1], r.points[6 * k + 3 * i + 2]]).toEqual([c.x, c.y, c.depth]);
        expect(r.ids[2 * k + i]).toBe(c.id);
      });
    }
    expect(r.touching).toBe(touching);
    expect(touching).toBeGreaterThan(100);
    // Per-pair transforms give the same answers; passing `out` refills the same arrays.
    const counts = r.counts;
    const again = sat.collideMany(shapes, perPair, pairs, { transformsPer: 'pair', out: r });
    expect(again).toBe(r);
    expect(again.counts).toBe(counts);
    expect(again.touching).toBe(touching);
    // Overlap only.
    const o = sat.collideMany(shapes, Array.from(transforms), Array.from(pairs), { overlapOnly: true });
    for (let k = 0; k < 3000; k++) expect(o.counts[k]).toBe(counts[k] > 0 ? 1 : 0);
    // An axis cache changes no result: fresh, kept across calls, or filled with garbage.
    for (const cache of [new Uint32Array(3000), null, new Uint32Array(3000).map(() => Math.floor(rand() * 2 ** 32))]) {
      const c = cache ?? new Uint32Array(3000);
      for (let round = 0; round < 2; round++) {
        const withCache = sat.collideMany(shapes, transforms, pairs, { cache: c });
        expect(Array.from(withCache.counts)).toEqual(Array.from(counts));
        expect(withCache.depths).toEqual(r.depths);
        expect(withCache.normals).toEqual(r.normals);
        expect(withCache.points).toEqual(r.points);
      }
      expect(c.some((v) => v !== 0)).toBe(true);
    }
    expect(() => sat.collideMany(shapes, transforms, pairs, { cache: new Uint32Array(10) })).toThrow(/options\.cache/);
    // Shapes given as an Int32Array of handles: the same answers; a stale handle is named.
    const handles = new Int32Array(shapes.map((s) => s.handle));
    const byHandle = sat.collideMany(handles, transforms, pairs);
    expect(Array.from(byHandle.counts)).toEqual(Array.from(counts));
    const stale = sat.circle(1);
    const bad = handles.slice();
    bad[7] = stale.handle;
    stale.dispose();
    expect(() => sat.collideMany(bad, transforms, pairs)).toThrow(/shapes\[7\] is not the handle of a live shape/);
    // Pairs of handles (shapes = null) with per-pair transforms: the same answers; a stale handle is named.
    const handlePairs = new Int32Array(pairs.length);
    for (let i = 0; i < pairs.length; i++) handlePairs[i] = shapes[pairs[i]].handle;
    const hp = sat.collideMany(null, perPair, handlePairs);
    expect(Array.from(hp.counts)).toEqual(Array.from(counts));
    expect(hp.depths).toEqual(r.depths);
    expect(() => sat.collideMany(null, transforms, handlePairs, { transformsPer: 'shape' })).toThrow(/per pair/);
    const gone = sat.circle(1);
    const staleHandle = gone.handle;
    gone.dispose();
    const badPairs = handlePairs.slice();
    badPairs[5] = staleHandle;
    expect(() => sat.collideMany(null, perPair, badPairs)).toThrow(/pairs\[5\] = \d+ is not the handle of a live shape/);
    // Empty input.
    expect(sat.collideMany([], [], []).pairCount).toBe(0);
    for (const s of shapes) s.dispose();
  });

  it('keeps working when the WebAssembly memory grows (views are re-taken)', () => {
    const box = sat.box(2, 2);
    const ball = sat.circle(0.5);
    const big = new Float64Array(2 * 400_000);
    const rand = rng(3);
    for (let i = 0; i < big.length; i++) big[i] = rand() * 100;
    // A large hull input and a large bulk call both force growth of the module's memory.
    const hull = sat.hull(big);
    expect(hull.vertexCount).toBeGreaterThan(3);
    const n = 200_000;
    const pairs = new Int32Array(2 * n).fill(0);
    for (let k = 0; k < n; k++) pairs[2 * k + 1] = 1;
    const r = sat.collideMany([box, ball], [0, 0, 0, 1, 1, 1.25, 0, 0, 1, 1], pairs);
    expect(r.touching).toBe(n);
    expect(r.depths[n - 1]).toBeCloseTo(0.25, 5);
    const m = sat.collide(box, ID, ball, { x: 1.25, y: 0 })!;
    expect(m.depth).toBeCloseTo(0.25, 5);
    expect(hull.vertices.length).toBe(hull.vertexCount);
    for (const s of [box, ball, hull]) s.dispose();
  });
});

describe('loadSAT options', () => {
  it('feature detection picks SIMD in Node 20, and prefer falls back sensibly', () => {
    expect(hasSIMD()).toBe(true);
    expect(chooseVariant()).toBe('simd');
    expect(chooseVariant({ prefer: 'baseline' })).toBe('baseline');
    expect(chooseVariant({ prefer: 'asmjs' })).toBe('asmjs');
    expect(chooseVariant({ prefer: 'baseline', wasmBinary: new Uint8Array(8) })).toBe('baseline');
    expect(chooseVariant({ wasmBinary: new Uint8Array(8) })).toBe('simd');
    const saved = globalThis.WebAssembly;
    try {
      (globalThis as { WebAssembly?: unknown }).WebAssembly = undefined;
      expect(chooseVariant()).toBe('asmjs');
      expect(chooseVariant({ prefer: 'simd' })).toBe('asmjs');
      // An instantiate hook with an explicit choice is trusted (WeChat's WXWebAssembly).
      expect(chooseVariant({ prefer: 'simd', instantiateWasm: () => ({}) })).toBe('simd');
    } finally {
      globalThis.WebAssembly = saved;
    }
  });

  it('an instantiateWasm hook that fails (fail(), a throw, a rejected promise) rejects loadSAT with LoadFailed', async () => {
    const bad = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1]); // a truncated module: instantiation rejects
    const viaFail = loadSAT({
      instantiateWasm(imports, _receive, fail) {
        WebAssembly.instantiate(bad, imports).then(() => {}, fail);
        return {};
      },
    });
    await expect(viaFail).rejects.toMatchObject({ code: 'LoadFailed' });
    await expect(
      loadSAT({
        instantiateWasm() {
          throw new Error('no WXWebAssembly here');
        },
      }),
    ).rejects.toMatchObject({ code: 'LoadFailed', message: expect.stringContaining('no WXWebAssembly here') });
    await expect(
      loadSAT({
        prefer: 'baseline',
        instantiateWasm: () => Promise.reject(new Error('file missing')),
      }),
    ).rejects.toMatchObject({ code: 'LoadFailed', message: expect.stringContaining('file missing') });
    // A promise-returning hook that succeeds still loads.
    const bytes = readFileSync(distWasm('sat-baseline.wasm'));
    const ok = await loadSAT({
      prefer: 'baseline',
      instantiateWasm: (imports, receive) => WebAssembly.instantiate(bytes, imports).then((r) => receive(r.instance, r.module)),
    });
    expect(ok.overlaps(ok.circle(1), ID, ok.circle(1), { x: 1.5, y: 0 })).toBe(true);
  });

  it('loads from caller-provided bytes (wasmBinary), an instantiateWasm hook and a locateFile path', async () => {
    const bytes = readFileSync(distWasm('sat-baseline.wasm'));
    const a = await loadSAT({ prefer: 'baseline', wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
    expect(a.variant).toBe('baseline');
    expect(a.overlaps(a.circle(1), ID, a.circle(1), { x: 1.5, y: 0 })).toBe(true);

    let called = 0;
    const simdBytes = readFileSync(distWasm('sat-simd.wasm'));
    const b = await loadSAT({
      instantiateWasm(imports, receive, fail) {
        called++;
        WebAssembly.instantiate(simdBytes, imports).then((r) => receive(r.instance, r.module), fail);
        return {};
      },
    });
    expect(called).toBe(1);
    expect(b.variant).toBe('simd');
    expect(b.collide(b.box(1, 1), ID, b.box(1, 1), { x: 0.9, y: 0 })!.depth).toBeCloseTo(0.1, 5);

    const located: string[] = [];
    const c = await loadSAT({
      prefer: 'baseline',
      locateFile: (file, variant) => {
        located.push(`${variant}:${file}`);
        return distWasm(file);
      },
    });
    expect(located).toEqual(['baseline:sat-baseline.wasm']);
    expect(c.variant).toBe('baseline');

    await expect(loadSAT({ locateFile: () => '/nonexistent/sat-simd.wasm' })).rejects.toMatchObject({ code: 'LoadFailed' });
  });

  it('without WebAssembly (iOS native) loadSAT picks the asm.js build by itself', () => {
    const script = `
      delete globalThis.WebAssembly;
      const { loadSAT } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)});
      const sat = await loadSAT();
      const m = sat.collide(sat.box(2, 1), { x: 0, y: 0 }, sat.circle(0.5), { x: 1.2, y: 0 });
      console.log(JSON.stringify({ variant: sat.variant, depth: m.depth }));
    `;
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(out.variant).toBe('asmjs');
    expect(out.depth).toBeCloseTo(0.3, 5);
  });

  it('narrowPhaseOnly loads the smaller flavour of every build: all queries and batches, no World', async () => {
    for (const prefer of ['simd', 'baseline', 'asmjs'] as const) {
      const sat = await loadSAT({ prefer, narrowPhaseOnly: true });
      expect(sat.variant).toBe(prefer);
      const box = sat.box(2, 2);
      const ball = sat.circle(0.5);
      expect(sat.collide(box, ID, ball, { x: 1.25, y: 0 })!.depth).toBeCloseTo(0.25, 5);
      const parts = sat.decompose([0, 0, 0, 3, 1, 3, 1, 1, 3, 1, 3, 0]);
      const r = sat.collideMany(null, new Float32Array(10).fill(1), [parts[0].handle, ball.handle]);
      expect(r.pairCount).toBe(1);
      const batch = sat.createBatch([box, ball], 1);
      batch.setTransform(1, { x: 1.25, y: 0 });
      batch.pairs.set([0, 1]);
      expect(batch.run()).toBe(1);
      expect(batch.depths[0]).toBeCloseTo(0.25, 5);
      batch.dispose();
      expect(() => sat.createWorld()).toThrow(expect.objectContaining({ code: 'LoadFailed' }));
    }
    const full = readFileSync(distWasm('sat-simd.wasm')).length;
    const narrow = readFileSync(distWasm('sat-simd-narrow.wasm')).length;
    expect(narrow).toBeLessThan(full);
    await expect(loadSAT({ narrowPhaseOnly: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('the FinalizationRegistry frees collision batches that were never disposed (node --expose-gc)', () => {
    // 200 batches of about 1 MB each, dropped without dispose(): freed, their blocks are reused and the memory
    // stays small; leaked, it would pass 200 MB.
    const script = `
      const { loadSAT } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)});
      const sat = await loadSAT();
      const box = sat.box(1, 1);
      for (let i = 0; i < 200; i++) {
        sat.createBatch([box, box], 20000).run(1);
        if (i % 5 === 4) { globalThis.gc(); await new Promise((r) => setTimeout(r, 0)); }
      }
      console.log(JSON.stringify({ megabytes: sat._m.HEAPU8.length / 2 ** 20 }));
    `;
    const res = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    const { megabytes } = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(megabytes).toBeLessThan(64);
  });

  it('each load is an independent module', async () => {
    const a = await loadSAT();
    const b = await loadSAT();
    const s = a.circle(1);
    expect(a.liveShapes).toBe(1);
    expect(b.liveShapes).toBe(0);
    s.dispose();
  });

  it('the FinalizationRegistry frees shapes that were never disposed (node --expose-gc)', () => {
    const script = `
      const { loadSAT } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)});
      const sat = await loadSAT();
      (() => { for (let i = 0; i < 2000; i++) sat.circle(1); })();
      const made = sat.liveShapes;
      for (let i = 0; i < 50 && sat.liveShapes > 0; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
      console.log(JSON.stringify({ made, left: sat.liveShapes }));
    `;
    const res = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(0);
    const { made, left } = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(made).toBe(2000);
    expect(left).toBeLessThan(100);
  });
});

describe('determinism across builds', () => {
  it('simd, baseline and asm.js give bit-identical results on the same inputs', async () => {
    const results: Float32Array[] = [];
    for (const variant of VARIANTS) {
      const sat = await satFor(variant);
      const rand = rng(99);
      const kinds: Kind[] = ['polygon', 'circle', 'capsule'];
      const samples = Array.from({ length: 90 }, (_, i) => makeSample(sat, kinds[i % 3], rand));
      const xfs = samples.map(() => randomXf(rand, 0, 0, 3));
      const transforms = new Float32Array(xfs.flatMap((t) => [t.x, t.y, t.angle, t.scaleX, t.scaleY]));
      const pairs = new Int32Array(2 * 4000).map(() => Math.floor(rand() * samples.length));
      const r = sat.collideMany(samples.map((s) => s.shape), transforms, pairs);
      const d = new Float32Array(4000 * 3);
      for (let k = 0; k < 4000; k++) {
        const a = pairs[2 * k];
        const b = pairs[2 * k + 1];
        const dist = sat.distance(samples[a].shape, xfs[a], samples[b].shape, xfs[b]);
        d.set([dist.distance, dist.pointA.x, dist.pointB.y], 3 * k);
      }
      const all = new Float32Array(r.normals.length + r.depths.length + r.points.length + d.length);
      all.set(r.normals, 0);
      all.set(r.depths, r.normals.length);
      all.set(r.points, r.normals.length + r.depths.length);
      all.set(d, r.normals.length + r.depths.length + r.points.length);
      results.push(all);
      for (const s of samples) s.shape.dispose();
    }
    for (let i = 1; i < results.length; i++) {
      const a = new Uint32Array(results[0].buffer);
      const b = new Uint32Array(results[i].buffer);
      let differ = 0;
      for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) differ++;
      expect(differ, `${VARIANTS[i]} vs ${VARIANTS[0]}: words that differ`).toBe(0);
    }
  });
});
