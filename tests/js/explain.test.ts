// sat.explain(): SAT step by step, through the built module, against the independent double-precision
// reference (reference.ts) and against sat.collide() on seeded random pairs of every shape kind, in every build.
import { describe, expect, it } from 'vitest';
import { SATError, loadSAT, type SAT, type Variant } from '../../dist/index.js';
import { VARIANTS, makeSample, placed, randomXf, satFor as fullSatFor, type Kind } from './helpers.js';
import { refCollide, rng, type RefShape } from './reference.js';

const KINDS: Kind[] = ['polygon', 'circle', 'capsule'];

// explain() ships in the narrow-phase-only flavour of each build.
const narrow = new Map<Variant, Promise<SAT>>();
function satFor(variant: Variant): Promise<SAT> {
  if (!narrow.has(variant)) narrow.set(variant, loadSAT({ prefer: variant, narrowPhaseOnly: true }));
  return narrow.get(variant)!;
}
const CASES = 600;

function faces(kind: Kind, vertexCount: number): number {
  return kind === 'polygon' ? vertexCount : kind === 'capsule' ? 2 : 0;
}

/** Projection interval of a placed reference shape on a unit axis (double precision). */
function interval(s: RefShape, n: { x: number; y: number }): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of s.core) {
    const d = n.x * x + n.y * y;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return [lo - s.radius, hi + s.radius];
}

describe.each(VARIANTS)('sat.explain (%s)', (variant) => {
  for (const ka of KINDS) {
    for (const kb of KINDS) {
      it(`${ka} vs ${kb}: one axis per face normal, intervals and answer agree with the reference and with collide()`, async () => {
        const sat: SAT = await satFor(variant);
        const rand = rng(0x5e7 + KINDS.indexOf(ka) * 3 + KINDS.indexOf(kb));
        let overlapping = 0;
        let apart = 0;
        for (let i = 0; i < CASES; i++) {
          const A = makeSample(sat, ka, rand);
          const B = makeSample(sat, kb, rand);
          const xa = randomXf(rand, 0, 0, 0, A.kind);
          const xb = randomXf(rand, 0, 0, 4, B.kind);
          const e = sat.explain(A.shape, xa, B.shape, xb);
          const ra = placed(A, xa);
          const rb = placed(B, xb);
          const size = Math.max(...ra.core.map(([x, y]) => Math.hypot(x, y)), ...rb.core.map(([x, y]) => Math.hypot(x, y))) + ra.radius + rb.radius;
          const nFaces = faces(ka, A.core.length) + faces(kb, B.core.length);
          expect(e.axes.length === nFaces || e.axes.length === nFaces + 1).toBe(true);
          expect(e.deciding).toBeGreaterThanOrEqual(0);
          expect(e.deciding).toBeLessThan(e.axes.length);
          for (const ax of e.axes.slice(0, nFaces)) {
            // The module's intervals are the shapes' projections, as the reference places them.
            const [minA, maxA] = interval(ra, ax.normal);
            const [minB, maxB] = interval(rb, ax.normal);
            expect(Math.abs(ax.minA - minA)).toBeLessThan(1e-4 * size);
            expect(Math.abs(ax.maxA - maxA)).toBeLessThan(1e-4 * size);
            expect(Math.abs(ax.minB - minB)).toBeLessThan(1e-4 * size);
            expect(Math.abs(ax.maxB - maxB)).toBeLessThan(1e-4 * size);
            expect(ax.separation).toBeCloseTo(ax.source === 'faceOfA' ? ax.minB - ax.maxA : ax.minA - ax.maxB, 5);
          }
          expect(e.axes[e.deciding].separation).toBeCloseTo(-e.depth, 3);
          const ref = refCollide(ra, rb);
          if (Math.abs(ref.depth) < 1e-3 * size) continue;
          const m = sat.collide(A.shape, xa, B.shape, xb);
          expect(e.overlap).toBe(ref.depth > 0);
          expect(e.overlap).toBe(m !== null);
          if (e.overlap) {
            overlapping++;
            expect(Math.abs(e.depth - ref.depth)).toBeLessThan(2e-4 * size);
            expect(e.normal.x * ref.normal[0] + e.normal.y * ref.normal[1]).toBeGreaterThan(0.999);
          } else {
            apart++;
            // Apart: the deciding axis shows a real gap.
            expect(e.axes[e.deciding].separation).toBeGreaterThan(0);
          }
          A.shape.dispose();
          B.shape.dispose();
        }
        expect(overlapping).toBeGreaterThan(CASES / 10);
        expect(apart).toBeGreaterThan(CASES / 10);
      });
    }
  }

  it('a stretched circle or capsule: the faces with exact projections, then the continuous axis deciding as collide()', async () => {
    const sat = await satFor(variant);
    const rand = rng(0xc0a7);
    let overlapping = 0;
    let apart = 0;
    for (let i = 0; i < 300; i++) {
      const ka = KINDS[Math.floor(rand() * 3)];
      const kb: Kind = rand() < 0.5 ? 'circle' : 'capsule';
      const A = makeSample(sat, ka, rand);
      const B = makeSample(sat, kb, rand);
      const xa = randomXf(rand, 0, 0, 0, A.kind);
      const r = Math.exp(rand() * Math.log(20));
      const xb = { ...randomXf(rand, 0, 0, 4), scaleX: rand() < 0.3 ? -r : r, scaleY: 1 / Math.sqrt(r) };
      const e = sat.explain(A.shape, xa, B.shape, xb);
      const nFaces = faces(ka, A.core.length) + faces(kb, B.core.length);
      expect(e.axes.length).toBe(nFaces + 1);
      expect(e.deciding).toBe(nFaces);
      const d = e.axes[e.deciding];
      expect(d.source).toBe('continuous');
      expect(d.index).toBe(-1);
      const size = e.tolerance / 1e-5; // the tolerance is 1e-5 of the pair's size
      expect(Math.abs(d.separation + e.depth)).toBeLessThan(2e-5 * size);
      for (const ax of e.axes.slice(0, nFaces)) expect(ax.separation).toBeLessThan(d.separation + 2e-5 * size);
      // The same answer as collide() (depth, normal).
      const m = sat.collide(A.shape, xa, B.shape, xb);
      expect(e.overlap).toBe(m !== null);
      if (m) {
        overlapping++;
        // The same search, in the frame of collide()'s working shape (a circle's partner when it has one).
        expect(Math.abs(e.depth - m.depth)).toBeLessThan(2e-5 * size);
        expect(e.normal.x * m.normal.x + e.normal.y * m.normal.y).toBeGreaterThan(0.99999);
      } else {
        apart++;
        expect(d.separation).toBeGreaterThan(-e.tolerance);
      }
      A.shape.dispose();
      B.shape.dispose();
    }
    expect(overlapping).toBeGreaterThan(30);
    expect(apart).toBeGreaterThan(30);
  });

  it('mirrored capsule pairs: the deciding separation is minus the depth to float rounding', async () => {
    const sat = await satFor(variant);
    const rand = rng(0x3141);
    let compared = 0;
    let worst = 0;
    for (let i = 0; i < 3000; i++) {
      const A = makeSample(sat, 'capsule', rand);
      const B = makeSample(sat, 'capsule', rand);
      const s = 0.5 + 2.5 * rand();
      const xa = { ...randomXf(rand, 0, 0, 0), scaleX: -s, scaleY: s };
      const xb = { ...randomXf(rand, 0, 0, 3), scaleX: s, scaleY: rand() < 0.5 ? -s : s };
      const e = sat.explain(A.shape, xa, B.shape, xb);
      A.shape.dispose();
      B.shape.dispose();
      if (!e.overlap) continue;
      compared++;
      const size = e.tolerance / 1e-5; // the tolerance is 1e-5 of the pair's size
      worst = Math.max(worst, Math.abs(e.axes[e.deciding].separation + e.depth) / size);
    }
    expect(compared).toBeGreaterThan(500);
    expect(worst).toBeLessThan(1e-5);
  });

  it('AABB pre-check, and the axis cache hitting on the next frame of a separated pair', async () => {
    const sat = await satFor(variant);
    const a = sat.box(2, 1);
    const b = sat.polygon([0, 0, 2, 0, 0, 1.5]);
    const far = sat.explain(a, { x: 0, y: 0 }, b, { x: 9, y: 0 });
    expect(far.aabbOverlap).toBe(false);
    expect(far.overlap).toBe(false);
    // Two 3.4 x 2.2 boxes, B turned 45 degrees: their bounding boxes overlap, the boxes do not. B's side facing A
    // has the normal n = -(1, 1) / sqrt 2 and lies 1.7 from B's centre; A's corner (1.7, 1.1) is the gap away.
    const box = sat.box(3.4, 2.2);
    const cache = { type: 0, index: 0 };
    const xb = { x: 3.0, y: 2.4, angle: Math.PI / 4 };
    const first = sat.explain(box, { x: 0, y: 0 }, box, xb, cache);
    expect(first.aabbOverlap).toBe(true);
    expect(first.overlap).toBe(false);
    expect(first.cacheHit).toBe(false);
    expect(cache.type).not.toBe(0);
    const gap = -(1.7 + 1.1) / Math.SQRT2 - (-(3.0 + 2.4) / Math.SQRT2 + 1.7);
    expect(first.axes[first.deciding]).toMatchObject({ source: 'faceOfB' });
    expect(first.axes[first.deciding].separation).toBeCloseTo(gap, 4);
    const second = sat.explain(box, { x: 0, y: 0 }, box, { ...xb, x: 3.03 }, cache);
    expect(second.cacheHit).toBe(true);
    expect(second.axes.length).toBe(8);
    box.dispose();
    // Overlapping: the deciding face is A's +x face, the MTV its normal.
    const on = sat.explain(a, { x: 0, y: 0 }, b, { x: 0.75, y: -0.2 });
    expect(on.overlap).toBe(true);
    expect(on.depth).toBeCloseTo(0.25, 5);
    expect(on.axes[on.deciding]).toMatchObject({ source: 'faceOfA' });
    expect(on.normal.x).toBeCloseTo(1, 5);
    a.dispose();
    b.dispose();
  });

  it('the full module says where explain() lives', async () => {
    const full = await fullSatFor(variant);
    const a = full.circle(1);
    try {
      full.explain(a, { x: 0, y: 0 }, a, { x: 0, y: 0 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SATError);
      expect((e as SATError).code).toBe('LoadFailed');
      expect((e as SATError).message).toContain('narrowPhaseOnly');
    }
    a.dispose();
  });

  it('refuses bad input with named errors', async () => {
    const sat = await satFor(variant);
    const a = sat.circle(1);
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        expect(e).toBeInstanceOf(SATError);
        return (e as SATError).code;
      }
      return 'no error';
    };
    expect(err(() => sat.explain(a, { x: NaN, y: 0 }, a, { x: 0, y: 0 }))).toBe('InvalidTransform');
    expect(err(() => sat.explain(a, { x: 0, y: 0 }, a, { x: 0, y: 0 }, { type: 7, index: 0 }))).toBe('InvalidArgument');
    expect(err(() => sat.explain(a, { x: 0, y: 0 }, a, { x: 0, y: 0 }, 'x' as never))).toBe('InvalidArgument');
    const gone = sat.circle(1);
    gone.dispose();
    expect(err(() => sat.explain(a, { x: 0, y: 0 }, gone, { x: 0, y: 0 }))).toBe('Disposed');
    a.dispose();
  });
});
