// Cost of a JavaScript pair filter (World.setPairFilter) on the seeded scene of bench_world / scene.mjs: the same
// frames run without a filter, with one that admits every pair, with one that vetoes a third of them (by id), and,
// for the cost of one call, with one that vetoes every pair against masks that exclude every pair (the same broad
// phase and no narrow phase in both, so the difference is the calls), in interleaved rounds; per round the median
// CPU time per update() of each, then the median over rounds.
//
//   node bench/js/pair_filter.mjs [--n=20000] [--frames=30] [--rounds=5]
import { loadSAT, TRANSFORM_STRIDE } from '../../dist/index.js';
import { addBodies, makeScene, step, writePoses } from './scene_data.mjs';
import { satShape } from './scene_peers.mjs';
import { parseOptions } from './args.mjs';

const options = parseOptions();
const arg = (name, fallback) => (typeof options[name] === 'string' ? Number(options[name]) : fallback);
const N = arg('n', 20000);
const FRAMES = arg('frames', 30);
const ROUNDS = arg('rounds', 5);
const WARMUP = 10;

const cpuMs = () => Number(process.cpuUsage().user + process.cpuUsage().system) / 1000;
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const sat = await loadSAT({ prefer: 'simd' });

/** One run of the scene: returns the median ms per update() and the filter calls per frame. */
function run(kind) {
  const scene = makeScene(N);
  const shapes = scene.polygons.map((p) => satShape(sat, p));
  const world = sat.createWorld({ broadPhase: 'grid', capacity: N });
  const mask = kind === 'mask' ? 0 : 0xffffffff; // mask 0: no pair passes group / mask
  const slot = addBodies(world, shapes, scene, TRANSFORM_STRIDE, { mask });
  let calls = 0;
  if (kind === 'admit') world.setPairFilter(() => (++calls, true));
  if (kind === 'veto') world.setPairFilter((a, b) => (++calls, (a + b) % 3 !== 0));
  if (kind === 'vetoAll') world.setPairFilter(() => (++calls, false));
  world.update();
  const times = [];
  let counted = 0;
  for (let f = 0; f < WARMUP + FRAMES; f++) {
    step(scene);
    writePoses(world.transforms, slot, scene);
    if (f === WARMUP) calls = 0;
    const c0 = cpuMs();
    world.update();
    const c1 = cpuMs();
    if (f >= WARMUP) {
      times.push(c1 - c0);
      counted++;
    }
  }
  const contacts = world.contacts.count;
  world.dispose();
  for (const s of shapes) s.dispose();
  return { ms: median(times), callsPerFrame: calls / counted, contacts };
}

const kinds = ['none', 'admit', 'veto', 'mask', 'vetoAll'];
const results = Object.fromEntries(kinds.map((k) => [k, []]));
let calls = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const k of kinds) {
    const res = run(k);
    results[k].push(res.ms);
    calls[k] = res;
  }
}
console.log(`pair filter, N = ${N}, ${FRAMES} frames x ${ROUNDS} interleaved rounds, median CPU ms per update():`);
for (const k of kinds) {
  console.log(`  ${k.padEnd(7)} ${median(results[k]).toFixed(2)} ms, ${calls[k].callsPerFrame.toFixed(0)} filter calls per frame, ${calls[k].contacts} contacts`);
}
const perRound = results.vetoAll.map((v, r) => ((v - results.mask[r]) * 1e6) / calls.vetoAll.callsPerFrame);
console.log(`  one call: ${median(perRound).toFixed(0)} ns (median over rounds of (vetoAll - mask) / calls)`);
