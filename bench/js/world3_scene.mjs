// 3D world scene in JavaScript (sat-wasm/3d World3, the bulk path), one run: N moving convex hulls (8-20 vertices,
// 64 distinct shapes) bouncing in a box, every body moved and turned every frame, as bench/cpp/bench_world3.cpp.
// A frame = write every transform into world.transforms, then world.update(). Reports the mean frame time and the
// stage split the world measures. Run after `node scripts/build-wasm.mjs`:
//   node bench/js/world3_scene.mjs [--bodies=5000] [--frames=200] [--warmup=30] [--prefer=simd|baseline|asmjs]
import os from 'node:os';

const { load3D } = await import(new URL('../../dist/3d.js', import.meta.url).href);
const arg = (name, fallback) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a ? a.split('=')[1] : fallback;
};
const BODIES = Number(arg('bodies', 5000));
const FRAMES = Number(arg('frames', 200));
const WARMUP = Number(arg('warmup', 30));
const PREFER = arg('prefer', undefined);

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = rng(2024);
const uni = (lo, hi) => lo + (hi - lo) * r();
const normalize = (q) => {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
};
const mul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];

const sat3 = await load3D(PREFER ? { prefer: PREFER } : {});
const hulls = [];
while (hulls.length < 64) {
  const n = 8 + Math.floor(r() * 13), pts = [];
  for (let i = 0; i < n; ++i) {
    const v = [uni(-1, 1), uni(-1, 1), uni(-1, 1)], l = Math.hypot(...v), s = uni(0.5, 0.9) / l;
    pts.push(v[0] * s, v[1] * s, v[2] * s);
  }
  try {
    hulls.push(sat3.hull(pts));
  } catch {
    // a degenerate cloud: draw another
  }
}
const half = 0.5 * Math.cbrt(40 * BODIES);
const world = sat3.createWorld({ capacity: BODIES });
const p = new Float64Array(3 * BODIES), v = new Float64Array(3 * BODIES), q = [], spin = [], slot = new Int32Array(BODIES);
for (let i = 0; i < BODIES; ++i) {
  for (let k = 0; k < 3; ++k) (p[3 * i + k] = uni(-half, half)), (v[3 * i + k] = uni(-0.05, 0.05));
  q.push(normalize([uni(-1, 1), uni(-1, 1), uni(-1, 1), uni(-1, 1)]));
  const axis = [uni(-1, 1), uni(-1, 1), uni(-1, 1)], l = Math.hypot(...axis), h = 0.5 * uni(0, 0.03);
  spin.push([(Math.sin(h) * axis[0]) / l, (Math.sin(h) * axis[1]) / l, (Math.sin(h) * axis[2]) / l, Math.cos(h)]);
  const [x, y, z] = [p[3 * i], p[3 * i + 1], p[3 * i + 2]];
  const id = world.createBody({ shapes: hulls[Math.floor(r() * 64)], transform: { x, y, z, rotation: { x: q[i][0], y: q[i][1], z: q[i][2], w: q[i][3] } } });
  slot[i] = world.slotOf(id);
}
const stride = world.transformStride;
function frame() {
  const t = world.transforms;
  for (let i = 0; i < BODIES; ++i) {
    for (let k = 0; k < 3; ++k) {
      p[3 * i + k] += v[3 * i + k];
      if (Math.abs(p[3 * i + k]) > half) v[3 * i + k] = -v[3 * i + k];
    }
    q[i] = normalize(mul(spin[i], q[i]));
    const o = slot[i] * stride;
    t[o] = p[3 * i], t[o + 1] = p[3 * i + 1], t[o + 2] = p[3 * i + 2];
    t[o + 3] = q[i][0], t[o + 4] = q[i][1], t[o + 5] = q[i][2], t[o + 6] = q[i][3];
  }
  return world.update();
}
for (let f = 0; f < WARMUP; ++f) frame();
const sum = { frame: 0, sync: 0, broad: 0, narrow: 0, events: 0, touching: 0, candidates: 0 };
for (let f = 0; f < FRAMES; ++f) {
  const t0 = performance.now();
  const s = frame();
  sum.frame += performance.now() - t0;
  sum.sync += s.syncMs, sum.broad += s.broadMs, sum.narrow += s.narrowMs, sum.events += s.eventsMs;
  sum.touching += s.touchingPairs, sum.candidates += s.candidatePairs;
}
const avg = (x) => (x / FRAMES).toFixed(2);
console.log(`world3 scene: ${BODIES} moving hulls, ${FRAMES} frames, ${sat3.variant} build, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}`);
console.log(`frame ${avg(sum.frame)} ms (JS motion + transforms + update); update stages: sync ${avg(sum.sync)}, broad ${avg(sum.broad)}, narrow ${avg(sum.narrow)}, events ${avg(sum.events)} ms`);
console.log(`touching pairs ${avg(sum.touching)}, candidate pairs ${avg(sum.candidates)} per frame`);
world.dispose();
for (const h of hulls) h.dispose();
