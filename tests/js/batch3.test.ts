// CollisionBatch3 ('sat-wasm/3d'): the bulk narrow phase over arrays in WebAssembly memory. Its results must be
// collideMany's bit for bit (collideMany is checked against per-pair collide in 3d.test.ts), its arrays must keep
// their contents when it grows, its views must come back after the memory grows, and bad input must be named.
import { beforeAll, describe, expect, it } from 'vitest';
import { CollisionBatch3, type SAT3D, type Shape3 } from '../../dist/3d.js';
import { VARIANTS3, errorCode as code, mixedShapes3, sat3For } from './helpers.js';
import { rng } from './reference.js';

const XF = 10;

const heapOf = (sat3: SAT3D) => (sat3 as unknown as { _m: { HEAPU8: Uint8Array } })._m.HEAPU8;
const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);

/** mixedShapes3's shapes, random poses within a few units of each other, and every pair of them. */
function scene(s: SAT3D, seed: number) {
  const r = rng(seed);
  const shapes = mixedShapes3(s, seed);
  const poses = () => {
    const xf = new Float32Array(shapes.length * XF);
    for (let i = 0; i < shapes.length; ++i) {
      const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
      const l = Math.hypot(...q);
      xf.set([r() * 5, r() * 5, r() * 5, q[0] / l, q[1] / l, q[2] / l, q[3] / l, 1, 1 + r(), 1], i * XF);
    }
    return xf;
  };
  const pairs: number[] = [];
  for (let i = 0; i < shapes.length; ++i) for (let j = i + 1; j < shapes.length; ++j) pairs.push(i, j);
  return { shapes, poses, pairs: Int32Array.from(pairs) };
}

describe.each(VARIANTS3)('CollisionBatch3 (%s)', (variant) => {
  let s: SAT3D;
  beforeAll(async () => {
    s = await sat3For(variant);
  });

  it('gives collideMany results bit for bit, cold and with caches over several frames', () => {
    const { shapes, poses, pairs } = scene(s, 11);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes, np);
    expect(batch).toBeInstanceOf(CollisionBatch3);
    expect([batch.shapeCount, batch.pairCapacity]).toEqual([shapes.length, np]);
    batch.pairs.set(pairs);
    const caches = new Uint32Array(2 * np);
    let touchingFrames = 0;
    for (let frame = 0; frame < 4; ++frame) {
      const xf = poses();
      batch.transforms.set(xf);
      const useCaches = frame > 0;
      const expected = s.collideMany(shapes, xf, pairs, useCaches ? caches : undefined);
      const heap = heapOf(s).buffer;
      const touching = batch.run(np, useCaches);
      expect(heapOf(s).buffer).toBe(heap); // a run never grows the memory: views stay valid
      expect(touching).toBe(expected.touching);
      expect(Array.from(batch.counts)).toEqual(Array.from(expected.counts));
      expect(bits(batch.manifolds)).toEqual(bits(expected.manifolds));
      if (useCaches) expect(Array.from(batch.caches)).toEqual(Array.from(caches));
      touchingFrames += touching > 10 ? 1 : 0;
    }
    expect(touchingFrames).toBe(4);
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('runs a prefix of its pairs, and manifold(p) is what collide returns', () => {
    const { shapes, poses, pairs } = scene(s, 12);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes, np);
    const xf = poses();
    batch.transforms.set(xf);
    batch.pairs.set(pairs);
    batch.run();
    const all = Int32Array.from(batch.counts);
    batch.counts.fill(-1);
    const half = np >> 1;
    batch.run(half);
    expect(Array.from(batch.counts.subarray(0, half))).toEqual(Array.from(all.subarray(0, half)));
    expect(Array.from(batch.counts.subarray(half)).every((c) => c === -1)).toBe(true); // pairs past the count untouched
    const pose = (i: number) => {
      const t = xf.subarray(i * XF, i * XF + XF);
      return { x: t[0], y: t[1], z: t[2], rotation: { x: t[3], y: t[4], z: t[5], w: t[6] }, scale: { x: t[7], y: t[8], z: t[9] } };
    };
    let touching = 0;
    for (let p = 0; p < half; ++p) {
      const [i, j] = [pairs[2 * p], pairs[2 * p + 1]];
      const m = s.collide(shapes[i], pose(i), shapes[j], pose(j));
      expect(batch.manifold(p)).toEqual(m);
      touching += m ? 1 : 0;
    }
    expect(touching).toBeGreaterThan(5);
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('starts from identity poses and (0, 0) pairs; setTransform writes what a transform object says', () => {
    const box = s.box(1, 2, 3), ball = s.sphere(0.5);
    const batch = s.createBatch([box, ball], 2);
    expect(Array.from(batch.transforms)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    expect(Array.from(batch.pairs)).toEqual([0, 0, 0, 0]);
    batch.setTransform(1, { x: 1.25, y: 0, z: 0, scale: 2 });
    expect(Array.from(batch.transforms.subarray(10))).toEqual([1.25, 0, 0, 0, 0, 0, 1, 2, 2, 2]);
    batch.pairs.set([0, 1, 1, 0]);
    expect(batch.run()).toBe(2);
    const m = batch.manifold(0)!;
    expect(m).toEqual(s.collide(box, { x: 0, y: 0, z: 0 }, ball, { x: 1.25, y: 0, z: 0, scale: 2 }));
    expect(m.depth).toBeCloseTo(0.75, 5); // the ball's radius doubled by the scale, 1.25 from the box's face at x = 1
    batch.setShape(1, box);
    expect(batch.shapes).toEqual([box, box]);
    batch.dispose();
    box.dispose();
    ball.dispose();
  });

  it('keeps its contents when it grows, and its views come back after the memory grows', () => {
    const { shapes, poses, pairs } = scene(s, 13);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes.slice(0, 12), np);
    batch.transforms.set(poses().subarray(0, 12 * XF));
    const kept = pairs.map((k) => k % 12);
    batch.pairs.set(kept);
    batch.run(np, true);
    const before = {
      xf: Float32Array.from(batch.transforms),
      counts: Int32Array.from(batch.counts),
      manifolds: Float32Array.from(batch.manifolds),
      caches: Uint32Array.from(batch.caches),
    };
    const old = batch.transforms;
    // Room for far more pairs than the initial memory holds: the block moves and the memory grows.
    const heap = heapOf(s).buffer;
    batch.reservePairs(400_000);
    expect(heapOf(s).buffer).not.toBe(heap);
    // A view taken before the growth no longer reaches the module, as documented: detached in WebAssembly, a stale
    // copy in asm.js.
    expect(old.buffer).not.toBe(batch.transforms.buffer);
    if (variant !== 'asmjs') expect(old.length).toBe(0);
    expect(batch.pairCapacity).toBe(400_000);
    expect(bits(batch.transforms)).toEqual(bits(before.xf));
    expect(Array.from(batch.pairs.subarray(0, 2 * np))).toEqual(Array.from(kept));
    expect(batch.pairs.subarray(2 * np).every((k) => k === 0)).toBe(true);
    expect(Array.from(batch.counts.subarray(0, np))).toEqual(Array.from(before.counts));
    expect(bits(batch.manifolds.subarray(0, 24 * np))).toEqual(bits(before.manifolds));
    expect(Array.from(batch.caches.subarray(0, 2 * np))).toEqual(Array.from(before.caches));
    expect(batch.caches.subarray(2 * np).every((k) => k === 0)).toBe(true);
    // More shapes: the first twelve poses stay, the new ones are the identity.
    batch.setShapes(shapes);
    expect(batch.shapeCount).toBe(shapes.length);
    expect(bits(batch.transforms.subarray(0, 12 * XF))).toEqual(bits(before.xf));
    expect(Array.from(batch.transforms.subarray(12 * XF, 13 * XF))).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
    // The same pairs again give the same answers.
    batch.counts.fill(0);
    batch.run(np);
    expect(Array.from(batch.counts.subarray(0, np))).toEqual(Array.from(before.counts));
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('gives its memory back: create / run / dispose cycles do not grow the module memory', () => {
    const box = s.box(1, 1, 1);
    const cycle = () => {
      const batch = s.createBatch([box, box], 5000); // about 400 KB in the module
      batch.setTransform(1, { x: 1.5, y: 0, z: 0 });
      batch.pairs.set([0, 1, 0, 1, 0, 1]);
      expect(batch.run(3)).toBe(3);
      batch.dispose();
    };
    cycle();
    const bytes = heapOf(s).length;
    for (let k = 0; k < 300; ++k) cycle(); // 120 MB if each cycle leaked its block
    expect(heapOf(s).length).toBe(bytes);
    box.dispose();
  });

  it('names bad input, and a disposed batch or shape', () => {
    const a = s.box(1, 1, 1), b = s.sphere(1);
    expect(code(() => s.createBatch([a, {} as Shape3], 1))).toBe('InvalidArgument');
    expect(() => s.createBatch([a, {} as Shape3], 1)).toThrow(/shapes\[1\] must be a Shape3/);
    expect(code(() => s.createBatch([a], -1))).toBe('InvalidArgument');
    expect(code(() => s.createBatch([a], 1.5))).toBe('InvalidArgument');
    expect(code(() => s.createBatch('a' as never, 1))).toBe('InvalidArgument');
    const batch = s.createBatch([a, b], 3);
    batch.pairs.set([0, 1, 1, 0, 0, 2]);
    expect(() => batch.run()).toThrow(expect.objectContaining({ code: 'InvalidArgument', message: expect.stringMatching(/pairs\[2\]/) }));
    expect(batch.run(2)).toBe(2); // the bad pair is past the count
    expect(code(() => batch.run(4))).toBe('InvalidArgument');
    expect(code(() => batch.run(-1))).toBe('InvalidArgument');
    expect(code(() => batch.run(2, 1 as never))).toBe('InvalidArgument');
    batch.transforms[XF + 4] = Number.NaN;
    expect(() => batch.run(2)).toThrow(expect.objectContaining({ code: 'InvalidTransform', message: expect.stringMatching(/shapes\[1\]/) }));
    expect(code(() => batch.setTransform(1, { x: 'no' } as never))).toBe('InvalidTransform');
    expect(code(() => batch.setTransform(2, { x: 0, y: 0, z: 0 }))).toBe('InvalidArgument');
    batch.setTransform(1, { x: 0.5, y: 0, z: 0 });
    expect(code(() => batch.setShape(0, 3 as never))).toBe('InvalidArgument');
    expect(code(() => batch.setShape(5, a))).toBe('InvalidArgument');
    expect(code(() => batch.manifold(3))).toBe('InvalidArgument');
    const gone = s.sphere(1);
    batch.setShape(1, gone);
    gone.dispose();
    expect(() => batch.run(2)).toThrow(expect.objectContaining({ code: 'Disposed', message: expect.stringMatching(/shapes\[1\] was disposed/) }));
    expect(code(() => batch.setShape(1, gone))).toBe('Disposed');
    batch.setShape(1, b);
    expect(batch.run(2)).toBe(2);
    batch.dispose();
    batch.dispose(); // twice is safe
    expect(code(() => batch.run())).toBe('Disposed');
    expect(code(() => batch.transforms)).toBe('Disposed');
    a.dispose();
    b.dispose();
  });
});
