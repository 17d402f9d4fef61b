// The seeded scene of bench_world, generated exactly as bench/cpp/bench_world.cpp does (std::mt19937 seeded 42,
// std::uniform_real_distribution<float>(0, 1) as libstdc++ computes it, float arithmetic), so that the JavaScript
// libraries and the native benchmark see the same bodies and the same frames (cosf vs Math.cos may differ in the
// last bit of a vertex). N random convex 3-8-gons, radius 0.5-1.5, area per body 2.6 (each overlaps about 2-3
// others), random velocities, bouncing off the bounds.
const f = Math.fround;

/** std::mt19937 (32-bit Mersenne Twister). */
export function mt19937(seed) {
  const mt = new Uint32Array(624);
  mt[0] = seed >>> 0;
  for (let i = 1; i < 624; i++) {
    const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
  }
  let index = 624;
  return function next() {
    if (index >= 624) {
      for (let i = 0; i < 624; i++) {
        const y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7fffffff);
        mt[i] = mt[(i + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      index = 0;
    }
    let y = mt[index++];
    y ^= y >>> 11;
    y = (y ^ ((y << 7) & 0x9d2c5680)) >>> 0;
    y = (y ^ ((y << 15) & 0xefc60000)) >>> 0;
    y ^= y >>> 18;
    return y >>> 0;
  };
}

/** libstdc++'s uniform_real_distribution<float>(0, 1) over mt19937: float(u) / 2^32, kept below 1. */
export function uniform01(seed) {
  const next = mt19937(seed);
  return () => {
    const r = f(f(next()) / 4294967296);
    return r >= 1 ? 0.99999994 : r;
  };
}

/**
 * The scene: `polygons[i]` local vertices (flat, counter-clockwise as generated), positions, angles and velocities
 * in Float32Arrays (so that every step rounds to float like the C++).
 */
export function makeScene(n, seed = 42) {
  const u01 = uniform01(seed);
  const areaPerBody = f(2.6);
  const half = f(0.5 * f(Math.sqrt(f(areaPerBody * n))));
  const scene = {
    n,
    half,
    polygons: [],
    x: new Float32Array(n),
    y: new Float32Array(n),
    angle: new Float32Array(n),
    vx: new Float32Array(n),
    vy: new Float32Array(n),
    va: new Float32Array(n),
  };
  const TWO_PI = f(6.2831853);
  for (let i = 0; i < n; i++) {
    const count = 3 + Math.trunc(f(u01() * 6));
    const r = f(0.5 + u01());
    const pts = [];
    for (let k = 0; k < count; k++) {
      const a = f(f(TWO_PI * f(k + f(f(0.8) * u01()))) / count);
      const rk = f(r * f(f(0.7) + f(f(0.3) * u01())));
      pts.push(f(rk * f(Math.cos(a))), f(rk * f(Math.sin(a))));
    }
    scene.polygons.push({ points: pts, radius: r });
    scene.x[i] = f(f(f(2 * u01()) - 1) * half);
    scene.y[i] = f(f(f(2 * u01()) - 1) * half);
    scene.angle[i] = f(TWO_PI * u01());
    const speed = f(f(0.02) + f(f(0.1) * u01()));
    const dir = f(TWO_PI * u01());
    scene.vx[i] = f(speed * f(Math.cos(dir)));
    scene.vy[i] = f(speed * f(Math.sin(dir)));
    scene.va[i] = f(f(0.04) * f(u01() - 0.5));
  }
  return scene;
}

/** One frame of motion (the C++ step()). */
export function step(s) {
  const { x, y, angle, vx, vy, va, half, n } = s;
  for (let i = 0; i < n; i++) {
    x[i] += vx[i];
    y[i] += vy[i];
    angle[i] += va[i];
    if ((x[i] < -half && vx[i] < 0) || (x[i] > half && vx[i] > 0)) vx[i] = -vx[i];
    if ((y[i] < -half && vy[i] < 0) || (y[i] > half && vy[i] > 0)) vy[i] = -vy[i];
  }
}

/**
 * Adds body i of the scene to a sat-wasm World with shapes[i] at its pose (plus `options`, e.g. a mask); returns
 * each body's offset in `world.transforms` (slot times the stride), for writePoses.
 */
export function addBodies(world, shapes, s, stride, options = {}) {
  const offsets = new Int32Array(s.n);
  for (let i = 0; i < s.n; i++) {
    offsets[i] = world.slotOf(world.add({ shape: shapes[i], x: s.x[i], y: s.y[i], angle: s.angle[i], ...options })) * stride;
  }
  return offsets;
}

/** Writes every body's pose into a World's bulk transform buffer (the offsets from addBodies). */
export function writePoses(t, offsets, s) {
  const { x, y, angle, n } = s;
  for (let i = 0; i < n; i++) {
    const o = offsets[i];
    t[o] = x[i];
    t[o + 1] = y[i];
    t[o + 2] = angle[i];
  }
}

/**
 * Brute-force touching-pair count, independent of every world: world AABBs of the bodies (from their vertices), a
 * sort on x and a sweep as the only pruning (it cannot miss a pair: boxes that overlap overlap on x), then
 * `sat.collideMany(..., { overlapOnly: true })` (the narrow phase alone) on every box-overlapping pair.
 * `polygons[i]`: body i's local vertices as stored (flat), `handles`: their shape handles.
 */
export function bruteForcePairs(sat, s, handles, polygons) {
  const n = s.n;
  const minX = new Float64Array(n);
  const maxX = new Float64Array(n);
  const minY = new Float64Array(n);
  const maxY = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = Math.cos(s.angle[i]);
    const sn = Math.sin(s.angle[i]);
    const pts = polygons[i]; // the stored vertices (a refused outline became a box)
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let k = 0; k < pts.length; k += 2) {
      const wx = s.x[i] + c * pts[k] - sn * pts[k + 1];
      const wy = s.y[i] + sn * pts[k] + c * pts[k + 1];
      if (wx < x0) x0 = wx;
      if (wx > x1) x1 = wx;
      if (wy < y0) y0 = wy;
      if (wy > y1) y1 = wy;
    }
    // A small margin: float vs double rounding must not drop a touching pair; the narrow phase decides.
    minX[i] = x0 - 1e-3;
    maxX[i] = x1 + 1e-3;
    minY[i] = y0 - 1e-3;
    maxY[i] = y1 + 1e-3;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => minX[a] - minX[b]);
  const pairs = [];
  for (let p = 0; p < n; p++) {
    const i = order[p];
    for (let q = p + 1; q < n; q++) {
      const j = order[q];
      if (minX[j] > maxX[i]) break;
      if (minY[j] > maxY[i] || minY[i] > maxY[j]) continue;
      pairs.push(i, j);
    }
  }
  const xf = new Float32Array(5 * n);
  for (let i = 0; i < n; i++) {
    xf[5 * i] = s.x[i];
    xf[5 * i + 1] = s.y[i];
    xf[5 * i + 2] = s.angle[i];
    xf[5 * i + 3] = 1;
    xf[5 * i + 4] = 1;
  }
  const r = sat.collideMany(handles, xf, new Int32Array(pairs), { overlapOnly: true });
  return r.touching;
}
