// 3D narrow phase in JavaScript, one run, the same seeded pairs for every contender:
//   sat-wasm 3D bulk (collideMany: cold, no SAT cache; cached, the caches kept from round to round as a world keeps
//   them for pairs that barely move), the same pairs in a CollisionBatch3 (poses in WebAssembly memory, no copies)
//   and per call (collide), cannon-es (ConvexPolyhedron findSeparatingAxis +
//   clipAgainstHull, what its Narrowphase runs for convex pairs), Rapier3D (Shape.contactShape, one contact point)
//   and Jolt (TransformedShape.CollideShape with the closest-hit collector, one contact point; convex radius 0).
//   Box-box with manifold, 20-vertex hulls, and quickhull of 1,000 points (vs quickhull3d).
// Run after `node scripts/build-wasm.mjs`:   node bench/js/narrow_phase_3d.mjs [--pairs=4096] [--rounds=7] [--warmup=3]
// Prints each contender's median rate and the median ratio of its time to sat-wasm's cold bulk time (see runRounds).
// Times are this process's CPU time (process.cpuUsage), as bench/js/bindings_3d.mjs and Google Benchmark report
// them: on a machine shared with other work, wall-clock time stretches every interval longer than the scheduler's
// time slice by the load (a 20 ms round at load 15 on 2 cores reads several times slower than a 2 ms one), so the
// contenders with longer rounds would read slower than they run. The wall-clock rate is printed beside it.
// Pairs as in bench/cpp/bench_3d.cpp: A anywhere, B at a random direction and 0.2..1.0 x 2.4 units from it.
import os from 'node:os';
import * as CANNON from 'cannon-es';
import RAPIER from '@dimforge/rapier3d-compat';
import quickhull from '../../node_modules/quickhull3d/dist/quickhull3d.js';
import initJolt from 'jolt-physics/wasm-compat';
import { rng } from './polygon_pairs.mjs';
import { parseOptions } from './args.mjs';

const { load3D } = await import(new URL('../../dist/3d.js', import.meta.url).href);
const options = parseOptions();
const arg = (name, fallback) => (typeof options[name] === 'string' ? Number(options[name]) : fallback);
const PAIRS = arg('pairs', 4096);
const ROUNDS = arg('rounds', 7);

const r = rng(20261202);
const uni = (lo, hi) => lo + (hi - lo) * r();
function quat() {
  const g = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const q = [g(), g(), g(), g()];
  const l = Math.hypot(...q);
  return { x: q[0] / l, y: q[1] / l, z: q[2] / l, w: q[3] / l };
}
function unit() {
  const v = [uni(-1, 1), uni(-1, 1), uni(-1, 1)];
  const l = Math.hypot(...v);
  return v.map((c) => c / l);
}
function makePairs(count, shapes) {
  const pairs = [];
  for (let i = 0; i < count; ++i) {
    const a = Math.floor(r() * shapes), b = Math.floor(r() * shapes);
    const pa = { x: uni(-100, 100), y: uni(-100, 100), z: uni(-100, 100), rotation: quat() };
    const d = unit(), s = uni(0.2, 1.0) * 2.4;
    const pb = { x: pa.x + s * d[0], y: pa.y + s * d[1], z: pa.z + s * d[2], rotation: quat() };
    pairs.push({ a, b, pa, pb });
  }
  return pairs;
}

// Each contender first runs untimed for at least WARMUP seconds: V8 starts WebAssembly in its baseline compiler
// and swaps in optimized code from a background thread (on a busy 2-core machine that takes seconds), and JIT-
// compiles the JavaScript contenders likewise.
const WARMUP = arg('warmup', 3);
/** CPU seconds of this process so far. */
const cpuSeconds = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const wallSeconds = () => Number(process.hrtime.bigint()) / 1e9;
function timeIt(fn) {
  const start = cpuSeconds();
  while (cpuSeconds() - start < WARMUP) fn();
  const times = [];
  let result;
  for (let k = 0; k < ROUNDS; ++k) {
    const t0 = cpuSeconds();
    result = fn();
    times.push(cpuSeconds() - t0);
  }
  return { seconds: median(times), result };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// The contenders of one table are warmed up one by one, then timed in ROUNDS interleaved rounds (the order reversed
// every other round), so a change of load on this shared machine hits all of them alike. Per contender: the median
// CPU time (and wall-clock time), and the median over rounds of its CPU time over sat-wasm's cold bulk time in the
// same round.
const contender = (fn) => ({ fn, times: [], walls: [], result: undefined });
function runRounds(rows) {
  for (const [, c] of rows) {
    const start = cpuSeconds();
    while (cpuSeconds() - start < WARMUP) c.fn();
  }
  for (let k = 0; k < ROUNDS; ++k) {
    const order = k % 2 ? [...rows].reverse() : rows;
    for (const [, c] of order) {
      const w0 = wallSeconds(), t0 = cpuSeconds();
      c.result = c.fn();
      c.times.push(cpuSeconds() - t0);
      c.walls.push(wallSeconds() - w0);
    }
  }
}

const sat3 = await load3D({ prefer: 'simd' });
await RAPIER.init();
const Jolt = await initJolt();
// Jolt registers its shape-pair collision functions when a JoltInterface is made; the one-layer tables are only
// what that constructor requires. No body or physics step is involved in the queries below.
{
  const settings = new Jolt.JoltSettings();
  const pairs = new Jolt.ObjectLayerPairFilterTable(1);
  pairs.EnableCollision(0, 0);
  const layers = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
  layers.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = layers;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(layers, 1, pairs, 1);
  new Jolt.JoltInterface(settings);
}
const joltFilter = new Jolt.ShapeFilter(), joltSettings = new Jolt.CollideShapeSettings();
const joltCollector = new Jolt.CollideShapeClosestHitCollisionCollector();
const joltOrigin = new Jolt.RVec3(0, 0, 0), joltUnit = new Jolt.Vec3(1, 1, 1), joltUnitF = new Jolt.Float3(1, 1, 1);
const joltShape = (settings) => {
  const r = settings.Create();
  if (!r.IsValid()) throw new Error(`Jolt: ${r.GetError().c_str()}`);
  return r.Get();
};

function bench(label, satShapes, cannonShapes, rapierShapes, joltShapes, pairs) {
  const rows = [];
  // sat-wasm bulk.
  const xf = new Float32Array(pairs.length * 2 * 10);
  const list = [];
  const idx = new Int32Array(pairs.length * 2);
  pairs.forEach((p, i) => {
    for (const [k, t, s] of [[0, p.pa, p.a], [1, p.pb, p.b]]) {
      const o = (2 * i + k) * 10;
      xf.set([t.x, t.y, t.z, t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w, 1, 1, 1], o);
      list.push(satShapes[s]);
    }
    idx[2 * i] = 2 * i, idx[2 * i + 1] = 2 * i + 1;
  });
  // Results into arrays kept across calls (`out`), as a game's frame loop would keep them.
  const out = sat3.collideMany(list, xf, idx);
  const bulk = contender(() => sat3.collideMany(list, xf, idx, undefined, out).touching);
  rows.push(['sat-wasm 3D SIMD bulk, cold (collideMany, no cache)', bulk]);
  // CollisionBatch3: the same shapes, poses and pairs written once into the batch's views (a game writes its poses
  // there each frame instead of into a Float32Array of its own); a round is one run() over all pairs.
  const batch = sat3.createBatch(list, pairs.length);
  batch.transforms.set(xf);
  batch.pairs.set(idx);
  const batched = contender(() => batch.run());
  rows.push(['sat-wasm 3D SIMD batch, cold (CollisionBatch3, no copies)', batched]);
  const caches = new Uint32Array(pairs.length * 2);
  const cached = contender(() => sat3.collideMany(list, xf, idx, caches, out).touching);
  rows.push(['sat-wasm 3D SIMD bulk, cached (caches kept)', cached]);
  const per = contender(() => {
    let n = 0;
    for (const p of pairs) if (sat3.collide(satShapes[p.a], p.pa, satShapes[p.b], p.pb)) ++n;
    return n;
  });
  rows.push(['sat-wasm 3D per call (collide)', per]);
  // cannon-es: the convex-convex path of its Narrowphase.
  const cq = (q) => new CANNON.Quaternion(q.x, q.y, q.z, q.w);
  const cpairs = pairs.map((p) => [new CANNON.Vec3(p.pa.x, p.pa.y, p.pa.z), cq(p.pa.rotation), new CANNON.Vec3(p.pb.x, p.pb.y, p.pb.z), cq(p.pb.rotation)]);
  const cannon = contender(() => {
    let n = 0;
    const axis = new CANNON.Vec3();
    pairs.forEach((p, i) => {
      const [xa, qa, xb, qb] = cpairs[i];
      const ha = cannonShapes[p.a], hb = cannonShapes[p.b];
      if (ha.findSeparatingAxis(hb, xa, qa, xb, qb, axis)) {
        const res = [];
        ha.clipAgainstHull(xa, qa, hb, xb, qb, axis, -100, 100, res);
        if (res.length) ++n;
      }
    });
    return n;
  });
  rows.push(['cannon-es 0.20.0 (findSeparatingAxis + clipAgainstHull)', cannon]);
  const rpairs = pairs.map((p) => [{ x: p.pa.x, y: p.pa.y, z: p.pa.z }, p.pa.rotation, { x: p.pb.x, y: p.pb.y, z: p.pb.z }, p.pb.rotation]);
  const rapier = contender(() => {
    let n = 0;
    pairs.forEach((p, i) => {
      const [xa, qa, xb, qb] = rpairs[i];
      const c = rapierShapes[p.a].contactShape(xa, qa, rapierShapes[p.b], xb, qb, 0);
      if (c !== null && c.distance <= 0) ++n;
    });
    return n;
  });
  rows.push(['Rapier3D 0.21.0 (Shape.contactShape, 1 point)', rapier]);
  // Jolt: A as a TransformedShape, B by its centre-of-mass transform (both made once per pair, outside the timing,
  // as the other contenders' transforms are). Jolt places a shape by its centre of mass: the hull's origin is
  // moved there by the rotated offset.
  const comOf = (shape, t) => {
    const c = shape.GetCenterOfMass(), q = t.rotation;
    const v = [c.GetX(), c.GetY(), c.GetZ()];
    const u = [q.x, q.y, q.z];
    const cr = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const tt = cr(u, v).map((x) => 2 * x), w = cr(u, tt);
    return new Jolt.RVec3(t.x + v[0] + q.w * tt[0] + w[0], t.y + v[1] + q.w * tt[1] + w[1], t.z + v[2] + q.w * tt[2] + w[2]);
  };
  const jpairs = pairs.map((p) => {
    const ts = new Jolt.TransformedShape();
    ts.mShape = joltShapes[p.a];
    ts.mShapePositionCOM = comOf(joltShapes[p.a], p.pa);
    ts.mShapeRotation = new Jolt.Quat(p.pa.rotation.x, p.pa.rotation.y, p.pa.rotation.z, p.pa.rotation.w);
    ts.mShapeScale = joltUnitF;
    const q = new Jolt.Quat(p.pb.rotation.x, p.pb.rotation.y, p.pb.rotation.z, p.pb.rotation.w);
    return [ts, q, comOf(joltShapes[p.b], p.pb)];
  });
  const jolt = contender(() => {
    let n = 0;
    pairs.forEach((p, i) => {
      const [ts, qb, pb] = jpairs[i];
      // B's matrix is made in the loop: the binding returns it in one static object that the next call overwrites.
      const mb = Jolt.RMat44.prototype.sRotationTranslation(qb, pb);
      joltCollector.Reset();
      ts.CollideShape(joltShapes[p.b], joltUnit, mb, joltSettings, joltOrigin, joltCollector, joltFilter);
      if (joltCollector.HadHit()) ++n;
    });
    return n;
  });
  rows.push(['Jolt 1.1.0 (CollideShape, closest hit, 1 point)', jolt]);
  runRounds(rows);
  console.log(`\n${label}: ${pairs.length} pairs; medians of ${ROUNDS} interleaved rounds after ${WARMUP} CPU s of warm-up each`);
  for (const [name, c] of rows) {
    const rate = pairs.length / median(c.times) / 1e6, wall = pairs.length / median(c.walls) / 1e6;
    const r = median(c.times.map((t, k) => t / bulk.times[k]));
    const ratio = c === bulk ? '' : r >= 1 ? `  sat-wasm cold bulk is ${r.toFixed(1)}x faster` : `  ${(1 / r).toFixed(2)}x faster than sat-wasm cold bulk`;
    console.log(`  ${name.padEnd(58)} ${rate.toFixed(3).padStart(8)} M pairs/s CPU (wall ${wall.toFixed(3)})  touching ${String(c.result).padStart(5)}${ratio}`);
  }
}

// Boxes.
const boxes = [], cboxes = [], rboxes = [], jboxes = [];
for (let i = 0; i < 16; ++i) {
  const h = [uni(0.5, 1), uni(0.5, 1), uni(0.5, 1)];
  boxes.push(sat3.box(...h));
  cboxes.push(new CANNON.Box(new CANNON.Vec3(...h)).convexPolyhedronRepresentation);
  rboxes.push(new RAPIER.Cuboid(...h));
  jboxes.push(joltShape(new Jolt.BoxShapeSettings(new Jolt.Vec3(...h), 0)));
}
bench('Box-box with manifold', boxes, cboxes, rboxes, jboxes, makePairs(PAIRS, 16));

// 20-vertex hulls: points on stretched spheres; every contender gets the same hull.
const hulls = [], chulls = [], rhulls = [], jhulls = [];
while (hulls.length < 16) {
  const s = [uni(0.6, 1.2), uni(0.6, 1.2), uni(0.6, 1.2)];
  const pts = [];
  for (let i = 0; i < 20; ++i) {
    const d = unit();
    pts.push(Math.fround(d[0] * s[0]), Math.fround(d[1] * s[1]), Math.fround(d[2] * s[2]));
  }
  const h = sat3.hull(pts);
  const mesh = sat3.hullMesh(h);
  if (mesh.vertices.length !== 60) {
    h.dispose();
    continue;
  }
  hulls.push(h);
  const verts = [];
  for (let i = 0; i < 60; i += 3) verts.push(new CANNON.Vec3(mesh.vertices[i], mesh.vertices[i + 1], mesh.vertices[i + 2]));
  chulls.push(new CANNON.ConvexPolyhedron({ vertices: verts, faces: mesh.faces }));
  rhulls.push(new RAPIER.ConvexPolyhedron(mesh.vertices, null));
  const js = new Jolt.ConvexHullShapeSettings();
  for (let i = 0; i < 60; i += 3) js.mPoints.push_back(new Jolt.Vec3(mesh.vertices[i], mesh.vertices[i + 1], mesh.vertices[i + 2]));
  js.mMaxConvexRadius = 0;
  jhulls.push(joltShape(js));
}
bench('20-vertex hulls with manifold', hulls, chulls, rhulls, jhulls, makePairs(PAIRS, 16));

// Quickhull of 1,000 random points in a cube.
const cloud = [];
for (let i = 0; i < 1000; ++i) cloud.push([Math.fround(uni(-1, 1)), Math.fround(uni(-1, 1)), Math.fround(uni(-1, 1))]);
const flat = cloud.flat();
const ours = timeIt(() => {
  const h = sat3.hull(flat, { maxVertices: 255 });
  h.dispose();
  return 1;
});
const theirs = timeIt(() => quickhull(cloud).length);
console.log(`\nQuickhull, 1,000 points (CPU time): sat-wasm 3D ${(ours.seconds * 1e3).toFixed(3)} ms, quickhull3d 3.1.2 ${(theirs.seconds * 1e3).toFixed(3)} ms`);
console.log(`\n${os.cpus()[0].model}, ${os.cpus().length} cores, Node ${process.version}, load average at the end ${os.loadavg().map((x) => x.toFixed(1)).join(", ")}`);
