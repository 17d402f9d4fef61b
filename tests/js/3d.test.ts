// The 3D package ('sat-wasm/3d'): hand-built cases, named errors for bad input, the bulk call against per-pair
// calls, lifetimes, and the hull maker cross-checked against a second implementation from npm (quickhull3d).
// Where the two hulls disagree, validity decides: a hull must be closed (every edge once in each direction),
// V - E + F = 2, planar and convex, and contain every input point.
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, load3D, type SAT3D, type Shape3 } from '../../dist/3d.js';
import { VARIANTS3, sat3For } from './helpers.js';
import { rng } from './reference.js';
// quickhull3d's main entry does not load as an ES module in Node; its bundled dist file does (and has no types).
// @ts-expect-error no declaration file for the bundled entry
import quickhullUntyped from '../../node_modules/quickhull3d/dist/quickhull3d.js';

const quickhull = quickhullUntyped as (points: number[][]) => number[][];

const ID = { x: 0, y: 0, z: 0 };

type P = [number, number, number];
const sub = (a: P, b: P): P => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: P, b: P) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: P, b: P): P => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Volume of a closed mesh by the divergence theorem (face fans). */
function volume(v: P[], faces: number[][]): number {
  let s = 0;
  for (const f of faces) for (let k = 1; k + 1 < f.length; ++k) s += dot(v[f[0]], cross(v[f[k]], v[f[k + 1]]));
  return s / 6;
}

/** Empty when the mesh is a valid convex hull of `points` within tol, else the first problem. */
function hullProblem(v: P[], faces: number[][], points: P[], tol: number): string {
  const directed = new Set<string>();
  const used = new Set<number>();
  for (const f of faces) {
    if (f.length < 3) return 'face with < 3 vertices';
    for (let k = 0; k < f.length; ++k) {
      const key = `${f[k]},${f[(k + 1) % f.length]}`;
      if (directed.has(key)) return 'edge used twice in one direction';
      directed.add(key);
      used.add(f[k]);
    }
  }
  for (const key of directed) {
    const [a, b] = key.split(',');
    if (!directed.has(`${b},${a}`)) return 'open edge (a hole)';
  }
  if (used.size - directed.size / 2 + faces.length !== 2) return 'Euler characteristic';
  for (const f of faces) {
    let n: P = [0, 0, 0];
    for (let k = 0; k < f.length; ++k) {
      const a = v[f[k]], b = v[f[(k + 1) % f.length]];
      n = [n[0] + (a[1] - b[1]) * (a[2] + b[2]), n[1] + (a[2] - b[2]) * (a[0] + b[0]), n[2] + (a[0] - b[0]) * (a[1] + b[1])];
    }
    const len = Math.hypot(...n);
    if (!(len > 0)) return 'zero-area face';
    n = [n[0] / len, n[1] / len, n[2] / len];
    const ds = f.map((i) => dot(n, v[i]));
    const hi = Math.max(...ds);
    if (hi - Math.min(...ds) > tol) return 'face not planar';
    for (const p of points) if (dot(n, p) - hi > tol) return 'a point outside (not convex or not containing)';
  }
  return '';
}

function cloud(r: () => number, kind: number): P[] {
  const pts: P[] = [];
  const n = 4 + Math.floor(r() * 150);
  for (let i = 0; i < n; ++i) {
    let p: P = [r() * 2 - 1, r() * 2 - 1, r() * 2 - 1];
    if (kind === 1) {
      const l = Math.hypot(...p);
      p = [p[0] / l, p[1] / l, p[2] / l];
    } else if (kind === 2) {
      p = [Math.sign(p[0]), Math.sign(p[1]), Math.sign(p[2])].map((c) => c + (r() - 0.5) * 2e-3) as P;
    } else if (kind === 3) {
      p = p.map((c) => Math.round(c * 2) / 2) as P; // lattice: many coplanar and duplicate points
    }
    pts.push(p.map((c) => Math.fround(c)) as P);
  }
  return pts;
}

describe.each(VARIANTS3)('3D (%s)', (variant) => {
  let s: SAT3D;
  beforeAll(async () => {
    s = await sat3For(variant);
  });

  it('stacked boxes: four contacts, depth and normal', () => {
    const b = s.box(1, 1, 1);
    const m = s.collide(b, ID, b, { x: 0.2, y: 0.1, z: 1.9 })!;
    expect(m.contacts).toHaveLength(4);
    expect(m.depth).toBeCloseTo(0.1, 5);
    expect(m.normal.z).toBeCloseTo(1, 6);
    for (const c of m.contacts) expect(c.z).toBeCloseTo(0.95, 5);
    expect(new Set(m.contacts.map((c) => c.id)).size).toBe(4);
    expect(s.collide(b, ID, b, { x: 0, y: 0, z: 2.5 })).toBeNull();
    expect(s.overlaps(b, ID, b, { x: 0, y: 0, z: 1.9 })).toBe(true);
    b.dispose();
  });

  it('rotation, scale, spheres, capsules, distance and ray casts', () => {
    const h = s.hull([-1, -1, -1, 1, -1, -1, -1, 1, -1, 1, 1, -1, -1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1]);
    const q = { x: 0, y: 0, z: Math.sin(Math.PI / 8), w: Math.cos(Math.PI / 8) }; // 45 degrees about z
    const ball = s.sphere(0.5);
    // The rotated cube's corner reaches sqrt(2) along x.
    const m = s.collide(h, { ...ID, rotation: q }, ball, { x: Math.SQRT2 + 0.4, y: 0, z: 0 })!;
    expect(m.depth).toBeCloseTo(0.1, 4);
    expect(m.normal.x).toBeCloseTo(1, 4);
    // Scaled by 2 along x: the face is at x = 2.
    const m2 = s.collide(h, { ...ID, scale: { x: 2, y: 1, z: 1 } }, ball, { x: 2.3, y: 0, z: 0 })!;
    expect(m2.depth).toBeCloseTo(0.2, 5);
    const cap = s.capsule({ x: 0, y: -1, z: 0 }, { x: 0, y: 1, z: 0 }, 0.25);
    const m3 = s.collide(h, ID, cap, { x: 1.2, y: 0, z: 0 })!;
    expect(m3.depth).toBeCloseTo(0.05, 5);
    expect(m3.contacts).toHaveLength(2); // lying flat on the face
    const d = s.distance(h, ID, ball, { x: 4, y: 0, z: 0 });
    expect(d.distance).toBeCloseTo(2.5, 5);
    expect(d.normal.x).toBeCloseTo(1, 6);
    const hit = s.raycast(h, ID, { origin: { x: -5, y: 0.5, z: 0 }, translation: { x: 10, y: 0, z: 0 } })!;
    expect(hit.fraction).toBeCloseTo(0.4, 6);
    expect(hit.normal.x).toBeCloseTo(-1, 6);
    expect(s.raycast(h, ID, { origin: { x: -5, y: 3, z: 0 }, translation: { x: 10, y: 0, z: 0 } })).toBeNull();
    for (const x of [h, ball, cap]) x.dispose();
  });

  it('bad input gets named errors', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SATError);
        return (e as SATError).code;
      }
      return 'no error';
    };
    expect(code(() => s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0]))).toBe('TooFewPoints');
    expect(code(() => s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]))).toBe('Coplanar');
    expect(code(() => s.hull([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]))).toBe('ZeroVolume');
    expect(code(() => s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, NaN]))).toBe('NonFinite');
    expect(code(() => s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2e6]))).toBe('OutOfRange');
    expect(code(() => s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], { maxVertices: 3 }))).toBe('InvalidArgument');
    expect(code(() => s.hull([0, 0, 0, 1]))).toBe('InvalidArgument');
    expect(code(() => s.hull('points' as never))).toBe('InvalidArgument');
    const ball: number[] = [];
    for (let i = 0; i < 100; ++i) {
      const z = -1 + (2 * (i + 0.5)) / 100, rr = Math.sqrt(1 - z * z), a = 2.39996 * i;
      ball.push(rr * Math.cos(a), rr * Math.sin(a), z);
    }
    expect(code(() => s.hull(ball))).toBe('TooManyPoints');
    const big = s.hull(ball, { maxVertices: 100 });
    expect(s.hullMesh(big).vertices.length).toBe(300);
    big.dispose();
    expect(code(() => s.box(1, 0, 1))).toBe('ZeroVolume');
    expect(code(() => s.sphere(0))).toBe('InvalidRadius');
    expect(code(() => s.capsule(ID, ID, 1))).toBe('ZeroLength');
    const b = s.box(1, 1, 1);
    expect(code(() => s.collide(b, { ...ID, rotation: { x: 0, y: 0, z: 0, w: 2 } }, b, ID))).toBe('InvalidTransform');
    expect(code(() => s.collide(b, { x: 0, y: 0 } as never, b, ID))).toBe('InvalidTransform');
    expect(code(() => s.collide(b, { ...ID, scale: 0 }, b, ID))).toBe('InvalidTransform');
    expect(code(() => s.collide({} as never, ID, b, ID))).toBe('InvalidArgument');
    b.dispose();
    expect(code(() => s.overlaps(b, ID, b, ID))).toBe('Disposed');
  });

  it('collideMany equals per-pair collide, and the cache never changes an answer', () => {
    const r = rng(7);
    const shapes: Shape3[] = [];
    for (let i = 0; i < 40; ++i) {
      const k = i % 4;
      shapes.push(
        k === 0 ? s.box(0.3 + r(), 0.3 + r(), 0.3 + r())
        : k === 1 ? s.sphere(0.3 + r())
        : k === 2 ? s.capsule({ x: 0, y: -0.5, z: 0 }, { x: 0, y: 0.5, z: 0 }, 0.3)
        : s.hull(Array.from({ length: 30 }, () => r() * 2 - 1)),
      );
    }
    const xf = new Float32Array(40 * 10);
    const xfs = shapes.map((_, i) => {
      let q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
      const l = Math.hypot(...q);
      q = q.map((c) => c / l);
      const t = { x: r() * 6, y: r() * 6, z: r() * 6, rotation: { x: q[0], y: q[1], z: q[2], w: q[3] } };
      xf.set([t.x, t.y, t.z, q[0], q[1], q[2], q[3], 1, 1, 1], i * 10);
      return t;
    });
    const pairs: number[] = [];
    for (let i = 0; i < 40; ++i) for (let j = i + 1; j < 40; ++j) pairs.push(i, j);
    const caches = new Uint32Array(pairs.length);
    const first = s.collideMany(shapes, xf, Int32Array.from(pairs), caches);
    const again = s.collideMany(shapes, xf, Int32Array.from(pairs), caches);
    expect(Array.from(again.counts)).toEqual(Array.from(first.counts));
    let touching = 0;
    for (let p = 0; p < pairs.length / 2; ++p) {
      const [i, j] = [pairs[2 * p], pairs[2 * p + 1]];
      const m = s.collide(shapes[i], xfs[i], shapes[j], xfs[j]);
      expect(first.counts[p]).toBe(m ? m.contacts.length : 0);
      if (m) {
        ++touching;
        expect(first.manifolds[p * 24 + 3]).toBeCloseTo(m.depth, 5);
      }
    }
    expect(first.touching).toBe(touching);
    expect(touching).toBeGreaterThan(20);
    // Into `out`: the same numbers written into the caller's arrays (here longer than needed, with stale values
    // past the pair count left alone), the same object returned; a short or malformed `out` is refused.
    const np = pairs.length / 2;
    const out = { counts: new Int32Array(np + 3).fill(-7), manifolds: new Float32Array(24 * np + 5).fill(-7), touching: 0 };
    const cold = s.collideMany(shapes, xf, Int32Array.from(pairs));
    expect(s.collideMany(shapes, xf, Int32Array.from(pairs), undefined, out)).toBe(out);
    expect(out.touching).toBe(cold.touching);
    expect(Array.from(out.counts.subarray(0, np))).toEqual(Array.from(cold.counts));
    expect(new Uint32Array(out.manifolds.buffer, 0, 24 * np)).toEqual(new Uint32Array(cold.manifolds.buffer));
    expect(Array.from(out.counts.subarray(np))).toEqual([-7, -7, -7]);
    expect(out.manifolds[24 * np]).toBe(-7);
    const short = { counts: new Int32Array(np), manifolds: new Float32Array(24 * np - 1), touching: 0 };
    expect(() => s.collideMany(shapes, xf, Int32Array.from(pairs), undefined, short)).toThrow(
      expect.objectContaining({ code: 'InvalidArgument', message: expect.stringMatching(/out must be \{counts: Int32Array/) }),
    );
    expect(() => s.collideMany(shapes, xf, Int32Array.from(pairs), undefined, { counts: [], manifolds: [] } as never)).toThrow(/out must be/);
    const bad = new Float32Array(xf);
    bad[3 * 10 + 6] = 3; // an unnormalized rotation on shape 3
    expect(() => s.collideMany(shapes, bad, Int32Array.from(pairs))).toThrow(/shapes\[3\]/);
    // A bad element of shapes is named by its index: not a shape, then a disposed one.
    const notShape = [...shapes];
    notShape[5] = { kind: 'box' } as unknown as Shape3;
    expect(() => s.collideMany(notShape, xf, Int32Array.from(pairs))).toThrow(/shapes\[5\] must be a Shape3/);
    const gone = s.box(1, 1, 1);
    gone.dispose();
    const withDisposed = [...shapes];
    withDisposed[7] = gone;
    expect(() => s.collideMany(withDisposed, xf, Int32Array.from(pairs))).toThrow(/shapes\[7\] was disposed/);
    for (const x of shapes) x.dispose();
  });

  it('releases every shape (no leaks)', () => {
    const before = s.liveShapes;
    const made = [s.box(1, 1, 1), s.sphere(1), s.hull([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1])];
    expect(s.liveShapes).toBe(before + 3);
    for (const x of made) x.dispose();
    made[0].dispose(); // twice is harmless
    expect(s.liveShapes).toBe(before);
  });
});

describe('3D hulls against quickhull3d (npm)', () => {
  it('the same hull on 400 clouds, or a proof that quickhull3d was wrong', async () => {
    const s = await load3D({ prefer: 'simd' });
    const r = rng(2026);
    let agreed = 0, theirsInvalid = 0;
    for (let t = 0; t < 400; ++t) {
      const pts = cloud(r, t % 4);
      const tol = 4e-5 * 2 + 1e-6; // 4 x our relative tolerance x the cloud's size (2), plus float rounding
      let ours: Shape3;
      try {
        ours = s.hull(pts.flat(), { maxVertices: 255 });
      } catch (e) {
        // Only a cloud of more than 255 hull vertices may be refused.
        expect((e as SATError).code).toBe('TooManyPoints');
        continue;
      }
      const mesh = s.hullMesh(ours);
      ours.dispose();
      const v: P[] = [];
      for (let i = 0; i < mesh.vertices.length; i += 3) v.push([mesh.vertices[i], mesh.vertices[i + 1], mesh.vertices[i + 2]]);
      expect(hullProblem(v, mesh.faces, pts, tol), `cloud ${t}: our hull`).toBe('');
      const theirFaces = quickhull(pts);
      const theirProblem = hullProblem(pts, theirFaces, pts, tol);
      const vo = volume(v, mesh.faces), vt = volume(pts, theirFaces);
      if (Math.abs(vo - vt) <= 1e-4 * 8) {
        ++agreed;
      } else {
        expect(theirProblem, `cloud ${t}: volumes ${vo} vs ${vt} differ while quickhull3d's hull is valid`).not.toBe('');
        ++theirsInvalid;
      }
    }
    console.log(`[ 3d hull cross-check ] ${agreed} clouds agree with quickhull3d; ${theirsInvalid} where quickhull3d's hull is invalid`);
    expect(agreed).toBeGreaterThan(300);
  });
});
