// Determinism of the 3D queries across builds: the pair set of tests/cpp/3d/test_determinism3.cpp (hulls, boxes,
// spheres, capsules; three frames of collideMany with SAT caches, then distance, overlaps and raycast), built the same
// way from the same double-precision inputs, gives the native checksum in the SIMD, baseline and asm.js builds.
// docs/determinism.md describes the set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load3D, type SAT3D, type Shape3, type Transform3, type Vec3 } from '../../dist/3d.js';
import { WordHash, xorshift32 } from './helpers.js';

/** Pinned in tests/cpp/3d/test_determinism3.cpp (kPairSetChecksum): the native build's answer. */
const PAIR_SET_CHECKSUM = 0x0ddd858b;

const SHAPES = 60;
const PAIRS = 4000;
const FRAMES = 3;
const QUERY_PAIRS = 400;
/** collideMany's manifold layout (docs/3d-api.md): normal xyz, depth, then 4 contacts of x, y, z, depth, id bits. */
const MANIFOLD_FLOATS = 24;

type Rng = ReturnType<typeof xorshift32>;

function unitVector(r: Rng): [number, number, number] {
  const x = r.range(-1, 1), y = r.range(-1, 1), z = r.range(-1, 1);
  const n = Math.sqrt(x * x + y * y + z * z);
  return n < 1e-3 ? [1, 0, 0] : [x / n, y / n, z / n];
}

/** Shape i: kinds in turn hull, hull, box, sphere, capsule (as the C++ test). */
function makeShape(sat3: SAT3D, r: Rng, i: number): Shape3 {
  switch (i % 5) {
    case 0:
    case 1: {
      const n = 6 + Math.floor(r.next() * 30);
      const sx = r.range(0.3, 1.5), sy = r.range(0.3, 1.5), sz = r.range(0.3, 1.5);
      const flat: number[] = [];
      for (let k = 0; k < n; ++k) {
        const x = r.range(-1, 1) * sx, y = r.range(-1, 1) * sy, z = r.range(-1, 1) * sz;
        flat.push(x, y, z);
      }
      return sat3.hull(flat);
    }
    case 2: {
      const hx = r.range(0.2, 1.2), hy = r.range(0.2, 1.2), hz = r.range(0.2, 1.2);
      return sat3.box(hx, hy, hz);
    }
    case 3:
      return sat3.sphere(r.range(0.2, 1.0));
    default: {
      const d = unitVector(r);
      const h = r.range(0.2, 1.0), radius = r.range(0.1, 0.5);
      return sat3.capsule({ x: d[0] * h, y: d[1] * h, z: d[2] * h }, { x: -d[0] * h, y: -d[1] * h, z: -d[2] * h }, radius);
    }
  }
}

interface Pose {
  p: [number, number, number];
  q: [number, number, number, number];
  s: [number, number, number];
}

function randomPose(r: Rng, shapeIndex: number, at: [number, number, number]): Pose {
  const qx = r.range(-1, 1), qy = r.range(-1, 1), qz = r.range(-1, 1), qw = r.range(-1, 1);
  const n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
  const q: Pose['q'] = n < 1e-3 ? [0, 0, 0, 1] : [qx / n, qy / n, qz / n, qw / n];
  const stretchable = shapeIndex % 5 < 3;
  const sx = r.range(0.5, 2.0), sy = r.range(0.5, 2.0), sz = r.range(0.5, 2.0);
  const mirror = r.next() < 0.125;
  const s: Pose['s'] = stretchable ? [mirror ? -sx : sx, sy, sz] : [1, 1, 1];
  return { p: [...at], q, s };
}

function toTransform(pose: Pose): Transform3 {
  return {
    x: pose.p[0], y: pose.p[1], z: pose.p[2],
    rotation: { x: pose.q[0], y: pose.q[1], z: pose.q[2], w: pose.q[3] },
    scale: { x: pose.s[0], y: pose.s[1], z: pose.s[2] },
  };
}

function writePose(out: Float32Array, at: number, pose: Pose): void {
  out.set([...pose.p, ...pose.q, ...pose.s], at);
}

interface PairSpec {
  a: number;
  b: number;
  poseA: Pose;
  poseB: Pose;
  step: [number, number, number];
}

function makePairs(r: Rng): PairSpec[] {
  const pairs: PairSpec[] = [];
  for (let p = 0; p < PAIRS; ++p) {
    const a = Math.floor(r.next() * SHAPES);
    const b = Math.floor(r.next() * SHAPES);
    const far = r.next() < 0.125 ? 1e4 : 0;
    const at: [number, number, number] = [far + r.range(-50, 50), r.range(-50, 50), far + r.range(-50, 50)];
    const poseA = randomPose(r, a, at);
    const dir = unitVector(r);
    const dist = r.range(0.2, 2.6);
    const poseB = randomPose(r, b, [at[0] + dir[0] * dist, at[1] + dir[1] * dist, at[2] + dir[2] * dist]);
    const step: [number, number, number] = [r.range(-0.05, 0.05), r.range(-0.05, 0.05), r.range(-0.05, 0.05)];
    pairs.push({ a, b, poseA, poseB, step });
  }
  return pairs;
}

function poseAt(pair: PairSpec, frame: number): Pose {
  return { ...pair.poseB, p: [0, 1, 2].map((k) => pair.poseB.p[k] + pair.step[k] * frame) as Pose['p'] };
}

interface SetResult {
  checksum: number;
  touching: number;
  rayHits: number;
}

function runPairSet(sat3: SAT3D): SetResult {
  const r = xorshift32(0x9e3779b9);
  const shapes: Shape3[] = [];
  for (let i = 0; i < SHAPES; ++i) shapes.push(makeShape(sat3, r, i));
  const pairs = makePairs(r);

  const bits = new Float32Array(1);
  const word = new Uint32Array(bits.buffer);
  const hash = new WordHash();
  const addFloat = (f: number): void => {
    bits[0] = f;
    hash.add(word[0]);
  };
  const addVec = (v: Vec3): void => {
    addFloat(v.x), addFloat(v.y), addFloat(v.z);
  };

  // Two instances per pair (A, then B), each the pair's shape under its own transform.
  const instances = pairs.flatMap((pair) => [shapes[pair.a], shapes[pair.b]]);
  const indices = Int32Array.from({ length: 2 * PAIRS }, (_, k) => k);
  const transforms = new Float32Array(instances.length * 10);
  const caches = new Uint32Array(PAIRS * 2);
  const result: SetResult = { checksum: 0, touching: 0, rayHits: 0 };
  for (let frame = 0; frame < FRAMES; ++frame) {
    pairs.forEach((pair, p) => {
      writePose(transforms, 20 * p, pair.poseA);
      writePose(transforms, 20 * p + 10, poseAt(pair, frame));
    });
    const { counts, manifolds, touching } = sat3.collideMany(instances, transforms, indices, caches);
    const u = new Uint32Array(manifolds.buffer, manifolds.byteOffset, manifolds.length);
    for (let p = 0; p < PAIRS; ++p) {
      const n = counts[p], m = p * MANIFOLD_FLOATS;
      hash.add(n);
      if (n > 0) {
        for (let k = 0; k < 4; ++k) hash.add(u[m + k]);  // normal, depth
        for (let i = 0; i < n; ++i) for (let k = 0; k < 5; ++k) hash.add(u[m + 4 + 5 * i + k]);
      }
      hash.add(caches[2 * p]);
      hash.add(caches[2 * p + 1]);
    }
    hash.add(touching);
    result.touching += touching;
  }
  for (let p = 0; p < QUERY_PAIRS; ++p) {
    const pair = pairs[p];
    const a = shapes[pair.a], b = shapes[pair.b];
    const xfA = toTransform(pair.poseA), xfB = toTransform(pair.poseB);
    const d = sat3.distance(a, xfA, b, xfB);
    addVec(d.pointA), addVec(d.pointB), addVec(d.normal), addFloat(d.distance);
    hash.add(sat3.overlaps(a, xfA, b, xfB) ? 1 : 0);
    const pa = pair.poseA.p, pb = pair.poseB.p;
    const hit = sat3.raycast(a, xfA, {
      origin: { x: 2 * pb[0] - pa[0], y: 2 * pb[1] - pa[1], z: 2 * pb[2] - pa[2] },
      translation: { x: 3 * (pa[0] - pb[0]), y: 3 * (pa[1] - pb[1]), z: 3 * (pa[2] - pb[2]) },
    });
    hash.add(hit ? 1 : 0);
    if (hit) {
      addVec(hit.point), addVec(hit.normal), addFloat(hit.fraction);
      result.rayHits++;
    }
  }
  for (const s of shapes) s.dispose();
  result.checksum = hash.value;
  return result;
}

describe.each(['simd', 'baseline', 'asmjs'] as const)('3D determinism (%s)', (variant) => {
  let sat3: SAT3D;
  beforeAll(async () => {
    sat3 = await load3D({ prefer: variant });
    expect(sat3.variant).toBe(variant);
  });
  afterAll(() => expect(sat3.liveShapes).toBe(0));

  it('the 4,000-pair set gives the native checksum, twice', () => {
    const first = runPairSet(sat3);
    const second = runPairSet(sat3);
    expect(second.checksum).toBe(first.checksum);
    expect(first.touching).toBeGreaterThan((FRAMES * PAIRS) / 5);
    expect(first.rayHits).toBeGreaterThan(QUERY_PAIRS / 2);
    expect(first.checksum.toString(16)).toBe(PAIR_SET_CHECKSUM.toString(16));
  });
});
