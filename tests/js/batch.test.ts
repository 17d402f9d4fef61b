// CollisionBatch: the 2D bulk narrow phase over arrays in WebAssembly memory. Its results must be collideMany's bit
// for bit (collideMany is checked against per-pair collide in api.test.ts), its arrays must keep their contents when
// it grows, its views must come back after the memory grows, and bad input must be named.
import { beforeAll, describe, expect, it } from 'vitest';
import { CollisionBatch, type SAT, type Shape } from '../../dist/index.js';
import { VARIANTS, errorCode as code, makeSample, randomXf, satFor, type Kind } from './helpers.js';
import { rng } from './reference.js';

const XF = 5;

const heapOf = (sat: SAT) => (sat as unknown as { _m: { HEAPU8: Uint8Array } })._m.HEAPU8;
const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);

/** Polygons, circles and capsules, random transforms within a few units of each other, and every pair of them. */
function scene(sat: SAT, seed: number, count = 24) {
  const r = rng(seed);
  const kinds: Kind[] = ['polygon', 'circle', 'capsule'];
  const samples = Array.from({ length: count }, (_, i) => makeSample(sat, kinds[i % 3], r));
  const shapes = samples.map((s) => s.shape);
  const transforms = () => {
    const xf = new Float32Array(count * XF);
    samples.forEach((s, i) => {
      const t = randomXf(r, 0, 0, 3, s.kind);
      xf.set([t.x, t.y, t.angle, t.scaleX, t.scaleY], i * XF);
    });
    return xf;
  };
  const pairs: number[] = [];
  for (let i = 0; i < count; ++i) for (let j = i + 1; j < count; ++j) pairs.push(i, j);
  return { shapes, transforms, pairs: Int32Array.from(pairs) };
}

describe.each(VARIANTS)('CollisionBatch (%s)', (variant) => {
  let s: SAT;
  beforeAll(async () => {
    s = await satFor(variant);
  });

  it('gives collideMany results bit for bit, cold and with caches over several frames', () => {
    const { shapes, transforms, pairs } = scene(s, 11);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes, np);
    expect(batch).toBeInstanceOf(CollisionBatch);
    expect([batch.shapeCount, batch.pairCapacity]).toEqual([shapes.length, np]);
    batch.pairs.set(pairs);
    const cache = new Uint32Array(np);
    let touchingFrames = 0;
    for (let frame = 0; frame < 4; ++frame) {
      const xf = transforms();
      batch.transforms.set(xf);
      const useCaches = frame > 0;
      const expected = s.collideMany(shapes, xf, pairs, useCaches ? { cache } : undefined);
      const heap = heapOf(s).buffer;
      const touching = batch.run(np, useCaches);
      expect(heapOf(s).buffer).toBe(heap); // a run never grows the memory: views stay valid
      expect(touching).toBe(expected.touching);
      expect(Array.from(batch.counts)).toEqual(Array.from(expected.counts));
      expect(bits(batch.normals)).toEqual(bits(expected.normals));
      expect(bits(batch.depths)).toEqual(bits(expected.depths));
      expect(bits(batch.points)).toEqual(bits(expected.points));
      expect(Array.from(batch.ids)).toEqual(Array.from(expected.ids));
      if (useCaches) expect(Array.from(batch.caches)).toEqual(Array.from(cache));
      touchingFrames += touching > 10 ? 1 : 0;
    }
    expect(touchingFrames).toBe(4);
    // Touching or not only: collideMany's overlapOnly answers, the other result arrays left as they were.
    const normals = Float32Array.from(batch.normals);
    batch.normals.fill(7);
    const xf = Float32Array.from(batch.transforms);
    const overlap = s.collideMany(shapes, xf, pairs, { overlapOnly: true });
    expect(batch.runOverlap()).toBe(overlap.touching);
    expect(Array.from(batch.counts)).toEqual(Array.from(overlap.counts.subarray(0, np)));
    expect(batch.normals.every((v) => v === 7)).toBe(true);
    expect(() => batch.manifold(0)).toThrow(/runOverlap/);
    batch.normals.set(normals);
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('runs a prefix of its pairs, and manifold(p) is what collide returns', () => {
    const { shapes, transforms, pairs } = scene(s, 12);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes, np);
    const xf = transforms();
    batch.transforms.set(xf);
    batch.pairs.set(pairs);
    batch.run();
    const all = Uint8Array.from(batch.counts);
    batch.counts.fill(9);
    const half = np >> 1;
    batch.run(half);
    expect(Array.from(batch.counts.subarray(0, half))).toEqual(Array.from(all.subarray(0, half)));
    expect(batch.counts.subarray(half).every((c) => c === 9)).toBe(true); // pairs past the count untouched
    const place = (i: number) => {
      const t = xf.subarray(i * XF, i * XF + XF);
      return { x: t[0], y: t[1], angle: t[2], scaleX: t[3], scaleY: t[4] };
    };
    let touching = 0;
    for (let p = 0; p < half; ++p) {
      const [i, j] = [pairs[2 * p], pairs[2 * p + 1]];
      const m = s.collide(shapes[i], place(i), shapes[j], place(j));
      expect(batch.manifold(p)).toEqual(m);
      touching += m ? 1 : 0;
    }
    expect(touching).toBeGreaterThan(5);
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('starts from (0, 0, 0, 1, 1) transforms and (0, 0) pairs; setTransform writes what a transform object says', () => {
    const box = s.box(2, 2), ball = s.circle(0.5);
    const batch = s.createBatch([box, ball], 2);
    expect(Array.from(batch.transforms)).toEqual([0, 0, 0, 1, 1, 0, 0, 0, 1, 1]);
    expect(Array.from(batch.pairs)).toEqual([0, 0, 0, 0]);
    batch.setTransform(1, { x: 1.25, y: 0, scaleX: 2, scaleY: 2 });
    expect(Array.from(batch.transforms.subarray(5))).toEqual([1.25, 0, 0, 2, 2]);
    batch.pairs.set([0, 1, 1, 0]);
    expect(batch.run()).toBe(2);
    const m = batch.manifold(0)!;
    expect(m).toEqual(s.collide(box, { x: 0, y: 0 }, ball, { x: 1.25, y: 0, scaleX: 2, scaleY: 2 }));
    expect(m.depth).toBeCloseTo(0.75, 5); // the ball's radius doubled by the scale, 1.25 from the box's side at x = 1
    batch.setShape(1, box);
    expect(batch.shapes).toEqual([box, box]);
    batch.dispose();
    box.dispose();
    ball.dispose();
  });

  it('keeps its contents when it grows, and its views come back after the memory grows', () => {
    const { shapes, transforms, pairs } = scene(s, 13);
    const np = pairs.length / 2;
    const batch = s.createBatch(shapes.slice(0, 12), np);
    batch.transforms.set(transforms().subarray(0, 12 * XF));
    const kept = pairs.map((k) => k % 12);
    batch.pairs.set(kept);
    batch.run(np, true);
    const before = {
      xf: Float32Array.from(batch.transforms),
      counts: Uint8Array.from(batch.counts),
      normals: Float32Array.from(batch.normals),
      depths: Float32Array.from(batch.depths),
      points: Float32Array.from(batch.points),
      ids: Uint32Array.from(batch.ids),
      caches: Uint32Array.from(batch.caches),
    };
    expect(before.caches.some((c) => c !== 0)).toBe(true);
    const old = batch.transforms;
    // Room for far more pairs than the memory holds now: the block moves and the memory grows.
    const heap = heapOf(s).buffer;
    batch.reservePairs(2_000_000);
    expect(heapOf(s).buffer).not.toBe(heap);
    // A view taken before the growth no longer reaches the module, as documented: detached in WebAssembly, a stale
    // copy in asm.js.
    expect(old.buffer).not.toBe(batch.transforms.buffer);
    if (variant !== 'asmjs') expect(old.length).toBe(0);
    expect(batch.pairCapacity).toBe(2_000_000);
    expect(bits(batch.transforms)).toEqual(bits(before.xf));
    expect(Array.from(batch.pairs.subarray(0, 2 * np))).toEqual(Array.from(kept));
    expect(batch.pairs.subarray(2 * np).every((k) => k === 0)).toBe(true);
    expect(Array.from(batch.counts.subarray(0, np))).toEqual(Array.from(before.counts));
    expect(batch.counts.subarray(np).every((k) => k === 0)).toBe(true);
    expect(bits(batch.normals.subarray(0, 2 * np))).toEqual(bits(before.normals));
    expect(bits(batch.depths.subarray(0, np))).toEqual(bits(before.depths));
    expect(bits(batch.points.subarray(0, 6 * np))).toEqual(bits(before.points));
    expect(Array.from(batch.ids.subarray(0, 2 * np))).toEqual(Array.from(before.ids));
    expect(Array.from(batch.caches.subarray(0, np))).toEqual(Array.from(before.caches));
    expect(batch.caches.subarray(np).every((k) => k === 0)).toBe(true);
    // More shapes: the first twelve transforms stay, the new ones are (0, 0, 0, 1, 1).
    batch.setShapes(shapes);
    expect(batch.shapeCount).toBe(shapes.length);
    expect(bits(batch.transforms.subarray(0, 12 * XF))).toEqual(bits(before.xf));
    expect(Array.from(batch.transforms.subarray(12 * XF, 13 * XF))).toEqual([0, 0, 0, 1, 1]);
    // The same pairs again give the same answers.
    batch.counts.fill(0);
    batch.run(np);
    expect(Array.from(batch.counts.subarray(0, np))).toEqual(Array.from(before.counts));
    batch.dispose();
    for (const x of shapes) x.dispose();
  });

  it('gives its memory back: create / run / dispose cycles do not grow the module memory', () => {
    const box = s.box(1, 1);
    const cycle = () => {
      const batch = s.createBatch([box, box], 20_000); // about 1 MB in the module
      batch.setTransform(1, { x: 0.5, y: 0 });
      batch.pairs.set([0, 1, 0, 1, 0, 1]);
      expect(batch.run(3)).toBe(3);
      batch.dispose();
    };
    cycle();
    const bytes = heapOf(s).length;
    for (let k = 0; k < 300; ++k) cycle(); // 300 MB if each cycle leaked its block
    expect(heapOf(s).length).toBe(bytes);
    box.dispose();
  });

  it('names bad input, and a disposed batch or shape', () => {
    const a = s.box(1, 1), b = s.circle(1);
    expect(code(() => s.createBatch([a, {} as Shape], 1))).toBe('InvalidArgument');
    expect(() => s.createBatch([a, {} as Shape], 1)).toThrow(/shapes\[1\] must be a Shape/);
    expect(code(() => s.createBatch([a], -1))).toBe('InvalidArgument');
    expect(code(() => s.createBatch([a], 1.5))).toBe('InvalidArgument');
    expect(code(() => s.createBatch('a' as never, 1))).toBe('InvalidArgument');
    const batch = s.createBatch([a, b], 3);
    batch.setTransform(1, { x: 0.5, y: 0 });
    batch.pairs.set([0, 1, 1, 0, 0, 2]);
    expect(() => batch.run()).toThrow(
      expect.objectContaining({ code: 'InvalidArgument', message: expect.stringMatching(/pairs\[5\] = 2 is not an index into shapes/) }),
    );
    expect(batch.run(2)).toBe(2); // the bad pair is past the count
    expect(code(() => batch.run(4))).toBe('InvalidArgument');
    expect(code(() => batch.run(-1))).toBe('InvalidArgument');
    expect(code(() => batch.run(2, 1 as never))).toBe('InvalidArgument');
    expect(code(() => batch.runOverlap(2, 'yes' as never))).toBe('InvalidArgument');
    batch.transforms[XF + 3] = Number.NaN;
    expect(() => batch.run(2)).toThrow(
      expect.objectContaining({ code: 'InvalidTransform', message: expect.stringMatching(/shapes\[1\] \(transforms\[5\.\.9\]\)/) }),
    );
    batch.transforms[XF + 3] = 1;
    batch.transforms[0] = 2e6; // beyond the coordinate limit
    expect(code(() => batch.run(2))).toBe('InvalidTransform');
    batch.transforms[0] = 0;
    expect(code(() => batch.setTransform(1, { x: 'no' } as never))).toBe('InvalidTransform');
    expect(code(() => batch.setTransform(2, { x: 0, y: 0 }))).toBe('InvalidArgument');
    expect(code(() => batch.setShape(0, 3 as never))).toBe('InvalidArgument');
    expect(code(() => batch.setShape(5, a))).toBe('InvalidArgument');
    expect(code(() => batch.manifold(3))).toBe('InvalidArgument');
    expect(code(() => batch.reservePairs(-2))).toBe('InvalidArgument');
    const gone = s.circle(1);
    batch.setShape(1, gone);
    gone.dispose();
    expect(() => batch.run(2)).toThrow(expect.objectContaining({ code: 'Disposed', message: expect.stringMatching(/shapes\[1\] was disposed/) }));
    expect(code(() => batch.setShape(1, gone))).toBe('Disposed');
    batch.setShape(1, b);
    expect(batch.run(2)).toBe(2);
    // A failed run leaves the batch usable, and nothing it held was lost.
    expect(Array.from(batch.pairs)).toEqual([0, 1, 1, 0, 0, 2]);
    batch.dispose();
    batch.dispose(); // twice is safe
    expect(code(() => batch.run())).toBe('Disposed');
    expect(code(() => batch.transforms)).toBe('Disposed');
    expect(code(() => batch.setShapes([a]))).toBe('Disposed');
    a.dispose();
    b.dispose();
  });

  it('shapes of another module are refused', async () => {
    const other = await satFor(variant === 'simd' ? 'baseline' : 'simd');
    const foreign = other.box(1, 1);
    expect(() => s.createBatch([foreign], 1)).toThrow(/another loaded sat-wasm module/);
    foreign.dispose();
  });
});
