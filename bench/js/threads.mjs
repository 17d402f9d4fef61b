// The threaded build in JavaScript: the seeded scene of bench/cpp/bench_world.cpp (scene_data.mjs) through the
// single-thread SIMD build and the threaded one (loadSAT({ threads })), grid broad phase, per frame: move every body
// through the bulk buffer, update, read every contact's normal and depth. Rounds alternate between the builds
// (interleaved: on a shared machine only runs side by side compare), and each prints its wall-clock median; the
// summary is each build's median of its rounds' medians and the ratio to one thread. CPU time is not the measure:
// Node's process CPU time counts every thread. Every round checks that both builds found the same contacts
// (count and a checksum of their words).
//
//   node bench/js/threads.mjs [--frames=30] [--sizes=20000,100000] [--threads=2] [--rounds=5]
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addBodies, makeScene, step, writePoses } from './scene_data.mjs';
import { satShape } from './scene_peers.mjs';
import { parseOptions } from './args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = parseOptions();
const FRAMES = Number(args.frames ?? 30);
const WARMUP = 10;
const SIZES = String(args.sizes ?? '20000,100000').split(',').map(Number);
const THREADS = Number(args.threads ?? 2);
const ROUNDS = Number(args.rounds ?? 5);

const { loadSAT, TRANSFORM_STRIDE } = await import(join(root, 'dist/index.js'));
const builds = [
  { name: 'simd, 1 thread', sat: await loadSAT({ prefer: 'simd' }), threads: 1 },
  { name: `simd-mt, ${THREADS} threads`, sat: await loadSAT({ threads: THREADS }), threads: THREADS },
];

function median(a) {
  const s = [...a].sort((x, y) => x - y);
  return s[s.length >> 1];
}

/** One run of the scene: wall-clock median ms per frame, and the last frame's contact count and checksum. */
function run(sat, threads, n) {
  const s = makeScene(n);
  const shapes = s.polygons.map((p) => satShape(sat, p));
  const world = sat.createWorld({ broadPhase: 'grid', capacity: n, threads });
  const slot = addBodies(world, shapes, s, TRANSFORM_STRIDE);
  for (const sh of shapes) sh.dispose();
  world.update();
  const wall = [];
  let count = 0;
  let hash = 0;
  for (let f = 0; f < WARMUP + FRAMES; f++) {
    step(s);
    const t0 = performance.now();
    writePoses(world.transforms, slot, s);
    world.update();
    const c = world.contacts;
    let sum = 0;
    for (let k = 0, o = 0; k < c.count; k++, o += 16) sum += c.f32[o + 2] + c.f32[o + 4];
    const t1 = performance.now();
    if (!Number.isFinite(sum)) throw new Error('contacts are not finite');
    if (f >= WARMUP) wall.push(t1 - t0);
    count = c.count;
    hash = 2166136261;
    for (let i = 0; i < c.count * 16; i++) hash = Math.imul(hash ^ c.u32[i], 16777619) >>> 0;
  }
  world.dispose();
  return { ms: median(wall), count, hash };
}

console.log(`threads bench: ${FRAMES} timed frames, ${ROUNDS} interleaved rounds, grid; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const n of SIZES) {
  const medians = builds.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    const results = builds.map((b) => run(b.sat, b.threads, n));
    results.forEach((res, i) => medians[i].push(res.ms));
    const same = results.every((res) => res.count === results[0].count && res.hash === results[0].hash);
    if (!same) throw new Error(`N=${n}: the builds' contacts differ: ${JSON.stringify(results)}`);
    console.log(`N=${n} round ${r + 1}: ${results.map((res, i) => `${builds[i].name} ${res.ms.toFixed(2)} ms`).join(', ')}; ${results[0].count} contacts, identical`);
  }
  const base = median(medians[0]);
  for (let i = 0; i < builds.length; i++) {
    const m = median(medians[i]);
    console.log(`summary N=${n} ${builds[i].name}: median of ${ROUNDS} rounds' medians ${m.toFixed(2)} ms, ${(m / base).toFixed(3)}x one thread`);
  }
}
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
