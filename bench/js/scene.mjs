// World benchmark in JavaScript: the seeded scene of bench/cpp/bench_world.cpp (scene_data.mjs makes the
// same bodies and frames) through sat-wasm's World (bulk path) and through Matter.js, check2d (detect-collisions),
// Rapier2D, box2d-wasm and Planck.js, in one run, each library and N in a Node process of its own; then the native
// build of the same C++ (bench_world) for the same frames. Per frame and library: move every body, update, collect every touching pair with normal and depth.
//
//   node bench/js/scene.mjs [--frames=30] [--sizes=1000,5000,20000] [--only=sat-wasm,Matter.js] [--no-native]
//                           [--scaling=20000,100000] [--no-scaling] [--naive-rounds=5] [--no-write]
//
// Then the scaling part: sat-wasm's World with each broad phase (grid, sap, tree) at the --scaling sizes, median
// and p90 CPU ms per frame, the cost ratio between the sizes, and the bytes per body the same World code holds
// natively (World::memory(), printed by bench_world for the same scene).
//
// Prints median ms/frame (wall clock and CPU time of the measuring process) per library and N, the ratios against
// sat-wasm, and each library's pair count against a brute-force count on the first and last timed frame. Writes
// bench/world-scene.json and the chart bench/world-scene.svg (unless --no-write). A library that cannot run here
// is listed with the reason; no number is made up for it.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addBodies, bruteForcePairs, makeScene, step, writePoses } from './scene_data.mjs';
import { parseOptions } from './args.mjs';
import { peers, satShape, storedPolygons } from './scene_peers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = parseOptions();
const FRAMES = Number(args.frames ?? 30);
const WARMUP = 10; // as bench_world.cpp: timed frames are frames 10 .. 10 + FRAMES - 1 of the sequence
const SIZES = String(args.sizes ?? '1000,5000,20000').split(',').map(Number);
const ONLY = args.only ? String(args.only).split(',') : null;
const SCALING = args['no-scaling'] ? [] : String(args.scaling ?? '20000,100000').split(',').map(Number);

const { loadSAT, TRANSFORM_STRIDE } = await import(join(root, 'dist/index.js'));
const sat = await loadSAT({ prefer: 'simd' });

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
/** The JS heap in use after a full collection (bytes). */
function jsHeap() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function median(a) {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[s.length >> 1] : NaN;
}

function p90(a) {
  const s = [...a].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length * 0.9)] : NaN;
}

function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The native benchmark (bench_world): same scene and frames. Per broad phase ('grid', 'tree', 'sap', and 'naive',
 * the plain native grid + SAT program) and N: median wall and CPU ms, p90 wall ms, pairs, brute-force pairs (grid
 * and naive) and the World's bytes per body.
 */
function runNative(sizes, phases) {
  const bin = join(root, 'build/native/bench/bench_world');
  if (!existsSync(bin)) return { error: 'build/native/bench/bench_world is not built (npm run bench builds it: `npm run bench -- world`)' };
  const r = spawnSync(bin, [String(FRAMES), ...sizes.map(String), ...phases], { encoding: 'utf8', timeout: 1_200_000 });
  if (r.status !== 0) return { error: `bench_world exited with ${r.status}: ${r.stderr?.slice(0, 200)}` };
  const out = {};
  for (const line of r.stdout.split('\n')) {
    const m = line.match(/^(\d+)\s+(\w+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+|-)\s+([\d.]+|-)\s+([\d.]+|-)/);
    if (!m) continue;
    out[`${m[2]}:${m[1]}`] = {
      wallMs: Number(m[3]),
      cpuMs: Number(m[4]),
      p90WallMs: Number(m[5]),
      pairs: Number(m[6]),
      brute: m[7] === '-' ? null : Number(m[7]),
      bytesPerBody: m[9] === '-' ? null : Number(m[9]),
    };
  }
  return { results: out, raw: r.stdout };
}

/**
 * One library at one N, measured in this process: 10 warm-up frames, then FRAMES timed frames. The row printed
 * and returned: { n, name, what, wallMs, cpuMs, pairs: [first, last], brute: [first, last] } or { ..., error }.
 */
async function measurePeer(peer, n) {
  // The shapes as sat-wasm stores them: every library gets these vertices (cleaned, counter-clockwise).
  const base = makeScene(n);
  const shapes = base.polygons.map((p) => satShape(sat, p));
  const handles = new Int32Array(shapes.map((s) => s.handle));
  const polygons = storedPolygons(shapes);
  // Brute-force counts on the first and last timed frame.
  const brute = [];
  {
    const s = makeScene(n);
    for (let f = 0; f < WARMUP + FRAMES; f++) {
      step(s);
      if (f === WARMUP || f === WARMUP + FRAMES - 1) brute.push(bruteForcePairs(sat, s, handles, polygons));
    }
  }
  const row = { n, name: peer.name, what: peer.what };
  let run;
  try {
    if (peer.pkg) {
      try {
        await import(peer.pkg).catch(() => import(join(root, 'node_modules', peer.pkg)));
      } catch {
        throw new Error(`package ${peer.pkg} is not installed (npm install)`);
      }
    }
    const s = makeScene(n);
    run = await peer.setup(s, { sat, shapes, polygons });
    const wall = [];
    const cpu = [];
    row.pairs = [];
    // sat-wasm's promise that the bulk path allocates nothing per frame: the JS heap after a full GC at the start
    // and at the end of the timed frames, and the garbage collections that ran during them.
    const heapCheck = peer.name === 'sat-wasm';
    let heapStart = 0;
    let gcs = 0;
    const observer = heapCheck ? new PerformanceObserver((list) => (gcs += list.getEntries().length)) : null;
    for (let f = 0; f < WARMUP + FRAMES; f++) {
      if (heapCheck && f === WARMUP) {
        heapStart = jsHeap();
        observer.observe({ entryTypes: ['gc'] });
      }
      step(s);
      const t0 = performance.now();
      const c0 = cpuMs();
      const count = run.frame(s);
      const c1 = cpuMs();
      const t1 = performance.now();
      if (f >= WARMUP) {
        wall.push(t1 - t0);
        cpu.push(c1 - c0);
      }
      if (f === WARMUP || f === WARMUP + FRAMES - 1) row.pairs.push(count);
    }
    if (heapCheck) {
      observer.disconnect();
      const gcsDuring = gcs;
      row.jsHeapGrowthBytes = jsHeap() - heapStart;
      row.gcsDuringTimedFrames = gcsDuring;
      console.log(
        `${peer.name.padEnd(11)} JS heap after a full GC: ${row.jsHeapGrowthBytes >= 0 ? '+' : ''}${row.jsHeapGrowthBytes} bytes over the ${FRAMES} timed frames; garbage collections during them: ${gcsDuring} (the scene's own stepping included)`,
      );
    }
    row.wallMs = median(wall);
    row.cpuMs = median(cpu);
    row.brute = brute;
    if (!Number.isFinite(run.checksum)) throw new Error('checksum is not finite');
    console.log(
      `${peer.name.padEnd(11)} median ${row.wallMs.toFixed(2).padStart(9)} ms wall ${row.cpuMs.toFixed(2).padStart(9)} ms cpu   pairs ${row.pairs.join('/')} (brute force ${brute.join('/')})`,
    );
  } catch (e) {
    row.error = e instanceof Error ? e.message : String(e);
    console.log(`${peer.name.padEnd(11)} cannot run here: ${row.error}`);
  } finally {
    try {
      run?.dispose();
    } catch {
      /* ignore */
    }
    for (const s of shapes) s.dispose();
  }
  return row;
}

/**
 * Runs `--child=<spec>` of this script in a fresh Node process and returns the row it measured: each library (and
 * each scaling row) gets a process of its own, so no library runs beside another's garbage collection or
 * background WebAssembly compilation, and each starts from an empty heap.
 */
function inChild(spec, extra = []) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), `--child=${spec}`, `--frames=${FRAMES}`, ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    timeout: 1_800_000,
  });
  let row = null;
  for (const line of (r.stdout ?? '').split('\n')) {
    if (line.startsWith(RESULT)) row = JSON.parse(line.slice(RESULT.length));
    else if (line) console.log(line);
  }
  if (!row) throw new Error(`child ${spec} exited with ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().slice(-300)}`);
  return row;
}
const RESULT = 'RESULT ';

if (args.child) {
  // One measurement in this process: `peer:<name>:<n>` or `scaling:<broad phase>:<n>`.
  const [kind, what, n] = String(args.child).split(':');
  const row =
    kind === 'peer' ? await measurePeer(peers.find((p) => p.name === what), Number(n)) : measureScaling(what, Number(n));
  console.log(RESULT + JSON.stringify(row));
  process.exit(0);
}

const results = []; // { n, name, wallMs, cpuMs, pairs: [first, last], brute: [first, last], error? }

for (const n of SIZES) {
  console.log(`\n== N = ${n}: ${FRAMES} timed frames after ${WARMUP} warm-up frames, each library in a process of its own ==`);
  for (const peer of peers) {
    if (ONLY && !ONLY.includes(peer.name)) continue;
    try {
      results.push(inChild(`peer:${peer.name}:${n}`));
    } catch (e) {
      results.push({ n, name: peer.name, what: peer.what, error: e.message });
      console.log(`${peer.name.padEnd(11)} cannot run here: ${e.message}`);
    }
  }
}

// The native build of the same code, same frames, and the plain native grid + SAT program.
if (!args['no-native'] && (!ONLY || ONLY.includes('native'))) {
  console.log('\n== native C++ (build/native/bench/bench_world: the World with the grid, and the naive grid + SAT) ==');
  const native = runNative(SIZES, ['grid', 'naive']);
  const kinds = [
    ['grid', 'native C++', 'bench/cpp/bench_world.cpp, the same World code built natively (g++ -O3), grid broad phase'],
    ['naive', 'naive C++', 'bench/cpp/bench_world.cpp `naive`: a plain native program (g++ -O3), uniform grid of std::vector cells rebuilt per frame + SAT over both polygons\' edge normals (normal and depth, no contact points, no pair cache or events)'],
  ];
  for (const [kind, name, what] of kinds) {
    for (const n of SIZES) {
      const r = native.results?.[`${kind}:${n}`];
      const row = { n, name, what };
      if (r) {
        Object.assign(row, { wallMs: r.wallMs, cpuMs: r.cpuMs, pairs: [r.pairs], brute: [r.brute] });
        console.log(`${name.padEnd(11)} N=${n} median ${r.wallMs.toFixed(2)} ms wall ${r.cpuMs.toFixed(2)} ms cpu   pairs ${r.pairs} (brute force ${r.brute})`);
      } else {
        row.error = native.error ?? 'no result line';
        console.log(`${name.padEnd(11)} N=${n} cannot run here: ${row.error}`);
      }
      results.push(row);
    }
  }
}

// sat-wasm against the naive native program at the largest size, in alternating rounds: on a shared VM the same
// frame reads up to 1.8x slower for a minute at a time (both programs; seen at 20,000 bodies: 11-21 ms for sat-wasm),
// so the targets' frame time and ratio are medians over rounds, each a fresh sat-wasm process and a bench_world
// naive run (the order reversed every other round).
let naiveRounds = null;
const NAIVE_ROUNDS = Number(args['naive-rounds'] ?? 5);
if (!args['no-native'] && NAIVE_ROUNDS > 0 && (!ONLY || (ONLY.includes('native') && ONLY.includes('sat-wasm')))) {
  const n = SIZES.at(-1);
  console.log(`\n== sat-wasm / naive C++ at N = ${n}, ${NAIVE_ROUNDS} alternating rounds ==`);
  naiveRounds = { n, rounds: [] };
  for (let round = 0; round < NAIVE_ROUNDS; round++) {
    const measure = {
      ours: () => inChild(`peer:sat-wasm:${n}`).cpuMs,
      naive: () => runNative([n], ['naive']).results?.[`naive:${n}`]?.cpuMs ?? NaN,
    };
    const order = round % 2 === 0 ? ['ours', 'naive'] : ['naive', 'ours'];
    const ms = {};
    for (const k of order) ms[k] = measure[k]();
    naiveRounds.rounds.push({ satWasmMs: ms.ours, naiveMs: ms.naive, ratio: ms.ours / ms.naive });
    console.log(`round ${round + 1}: sat-wasm ${ms.ours.toFixed(2)} ms, naive C++ ${ms.naive.toFixed(2)} ms, ratio ${(ms.ours / ms.naive).toFixed(2)}`);
  }
  naiveRounds.medianRatio = median(naiveRounds.rounds.map((r) => r.ratio));
  naiveRounds.medianSatWasmMs = median(naiveRounds.rounds.map((r) => r.satWasmMs));
  console.log(`median of the per-round ratios: ${naiveRounds.medianRatio.toFixed(2)}; sat-wasm's median over the rounds: ${naiveRounds.medianSatWasmMs.toFixed(2)} ms`);
}

// Scaling: sat-wasm's World per broad phase at the SCALING sizes (CPU ms per frame, median and p90), and the same
// World's bytes per body natively.
const scaling = [];
if (SCALING.length) {
  console.log(`\n== Scaling: sat-wasm World per broad phase, N = ${SCALING.join(', ')} (${FRAMES} timed frames) ==`);
  for (const n of SCALING) for (const bp of ['grid', 'sap', 'tree']) scaling.push(inChild(`scaling:${bp}:${n}`));
  if (!args['no-native']) {
    const native = runNative(SCALING, ['grid', 'sap', 'tree']);
    for (const row of scaling) {
      const r = native.results?.[`${row.broadPhase}:${row.n}`];
      if (r) Object.assign(row, { bytesPerBody: r.bytesPerBody, nativeCpuMs: r.cpuMs });
    }
  }
  console.log('\nbroad phase | ' + SCALING.map((n) => `N=${n} median / p90 ms`).join(' | ') + ` | ${SCALING.at(-1)} / ${SCALING[0]} | bytes/body (native World::memory)`);
  for (const bp of ['grid', 'sap', 'tree']) {
    const rows = SCALING.map((n) => scaling.find((r) => r.n === n && r.broadPhase === bp));
    const ratio = rows.at(-1).cpuMs / rows[0].cpuMs;
    console.log(`${bp.padEnd(11)} | ${rows.map((r) => `${r.cpuMs.toFixed(2)} / ${r.p90CpuMs.toFixed(2)}`).join(' | ')} | ${ratio.toFixed(2)}x | ${rows.map((r) => r.bytesPerBody ?? 'n/a').join(' / ')}`);
  }
}

// Summary: ratios against sat-wasm on CPU time (the machine may be shared: CPU time is what the frame cost).
console.log('\n== Summary: median ms/frame (CPU time; wall clock in brackets), ratio = library / sat-wasm ==');
const names = [...new Set(results.map((r) => r.name))];
const header = ['library', ...SIZES.map((n) => `N=${n}`)];
console.log(header.map((h, i) => (i === 0 ? h.padEnd(12) : h.padStart(28))).join(''));
for (const name of names) {
  const cells = SIZES.map((n) => {
    const r = results.find((x) => x.n === n && x.name === name);
    const ours = results.find((x) => x.n === n && x.name === 'sat-wasm');
    if (!r || r.error) return 'n/a';
    const ratio = ours && !ours.error ? ` x${(r.cpuMs / ours.cpuMs).toFixed(1)}` : '';
    return `${r.cpuMs.toFixed(2)} (${r.wallMs.toFixed(1)})${ratio}`;
  });
  console.log(name.padEnd(12) + cells.map((c) => c.padStart(28)).join(''));
}
// The targets at the largest size: sat-wasm's frame time and its speed-up over each peer (peer time / sat-wasm time;
// for the naive native program: sat-wasm time / its time, at most 0.9).
{
  const n = SIZES.at(-1);
  const cpuOf = (name) => {
    const r = results.find((x) => x.n === n && x.name === name);
    return r && !r.error ? r.cpuMs : NaN;
  };
  const ours = cpuOf('sat-wasm');
  const checks = [
    naiveRounds
      ? [`sat-wasm ms/frame at N=${n} (median of ${naiveRounds.rounds.length} processes)`, naiveRounds.medianSatWasmMs, '<=', 6]
      : [`sat-wasm ms/frame at N=${n}`, ours, '<=', 6],
    ['Matter.js / sat-wasm', cpuOf('Matter.js') / ours, '>=', 35],
    ['box2d-wasm / sat-wasm', cpuOf('box2d-wasm') / ours, '>=', 22],
    ['JS SAP+SAT / sat-wasm', cpuOf('JS SAP+SAT') / ours, '>=', 4.5],
    naiveRounds
      ? [`sat-wasm / naive C++ (median of ${naiveRounds.rounds.length} alternating rounds)`, naiveRounds.medianRatio, '<=', 0.9]
      : ['sat-wasm / naive C++', ours / cpuOf('naive C++'), '<=', 0.9],
  ];
  // The scaling targets, from the scaling rows of this run: cost from the first to the last scaling size, p90 over
  // the median at the last, the tree against the grid at the last, and the native World's bytes per body.
  if (SCALING.length > 1) {
    const [first, last] = [SCALING[0], SCALING.at(-1)];
    const row = (bp, size) => scaling.find((r) => r.broadPhase === bp && r.n === size);
    for (const bp of ['grid', 'sap', 'tree']) {
      checks.push([`${bp}: cost at N=${last} / N=${first}`, row(bp, last).cpuMs / row(bp, first).cpuMs, '<=', 5.5]);
      checks.push([`${bp}: p90 / median at N=${last}`, row(bp, last).p90CpuMs / row(bp, last).cpuMs, '<=', 1.3]);
    }
    checks.push([`tree / grid at N=${last}`, row('tree', last).cpuMs / row('grid', last).cpuMs, '<=', 1.5]);
    for (const bp of ['grid', 'sap', 'tree']) {
      checks.push([`${bp}: bytes per body at N=${last} (native World::memory)`, row(bp, last).bytesPerBody ?? NaN, '<=', 400]);
    }
  }
  console.log(`\nTargets (peer ratios at N=${n}; scaling rows as named):`);
  for (const [what, value, op, target] of checks) {
    const met = op === '<=' ? value <= target : value >= target;
    console.log(`  ${what}: ${Number.isFinite(value) ? value.toFixed(2) : 'n/a'} (target ${op} ${target}): ${Number.isFinite(value) ? (met ? 'met' : `missed by ${(op === '<=' ? value / target : target / value).toFixed(2)}x`) : 'not measured'}`);
  }
}

const pairLines = results
  .filter((r) => !r.error && r.brute)
  .map((r) => {
    const agree = r.pairs.every((p, i) => p === r.brute[i]);
    return `${r.name} N=${r.n}: ${r.pairs.join('/')} vs brute ${r.brute.join('/')} ${agree ? 'agree' : `differ by ${r.pairs.map((p, i) => p - r.brute[i]).join('/')}`}`;
  });
console.log('\nPair counts (first/last timed frame):');
for (const l of pairLines) console.log(`  ${l}`);

const meta = {
  date: new Date().toISOString(),
  machine: `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}, Node ${process.version}`,
  loadavg: os.loadavg().map((x) => x.toFixed(2)).join(' '),
  frames: FRAMES,
  warmup: WARMUP,
};
console.log(`\n${meta.machine}; load average ${meta.loadavg}; ${meta.date}`);

if (!args['no-write']) {
  writeFileSync(join(root, 'bench/world-scene.json'), JSON.stringify({ meta, results, scaling, naiveRounds }, null, 1) + '\n');
  writeFileSync(join(root, 'bench/world-scene.svg'), chart(results, SIZES, meta));
  console.log('wrote bench/world-scene.json and bench/world-scene.svg');
}

/** sat-wasm's World with one broad phase at N bodies, measured in this process: median and p90 CPU ms per frame. */
function measureScaling(bp, n) {
  const s = makeScene(n);
  const shapes = s.polygons.map((p) => satShape(sat, p));
  const world = sat.createWorld({ broadPhase: bp, capacity: n });
  const slot = addBodies(world, shapes, s, TRANSFORM_STRIDE);
  world.update();
  const cpu = [];
  let pairs = 0;
  for (let f = 0; f < WARMUP + FRAMES; f++) {
    step(s);
    const c0 = cpuMs();
    writePoses(world.transforms, slot, s);
    world.update();
    const c = world.contacts;
    let sum = 0;
    for (let k = 0, o = 0; k < c.count; k++, o += 16) sum += c.f32[o + 2] + c.f32[o + 4];
    const c1 = cpuMs();
    if (!Number.isFinite(sum)) throw new Error('contacts are not finite');
    pairs = c.count;
    if (f >= WARMUP) cpu.push(c1 - c0);
  }
  world.dispose();
  for (const sh of shapes) sh.dispose();
  const row = { n, broadPhase: bp, cpuMs: median(cpu), p90CpuMs: p90(cpu), pairs };
  console.log(`${bp.padEnd(5)} N=${String(n).padStart(6)}  median ${row.cpuMs.toFixed(2)} ms  p90 ${row.p90CpuMs.toFixed(2)} ms (p90/median ${(row.p90CpuMs / row.cpuMs).toFixed(2)})  pairs ${pairs}`);
  return row;
}

/** A grouped bar chart, log scale, CPU ms per frame per library and N. */
function chart(rows, sizes, meta) {
  const libs = [...new Set(rows.map((r) => r.name))];
  const colors = ['#d62728', '#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#7f7f7f', '#e377c2'];
  const W = 860;
  const H = 420;
  const left = 70;
  const right = 190;
  const top = 50;
  const bottom = 60;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const values = rows.filter((r) => !r.error).map((r) => r.cpuMs);
  const lo = Math.pow(10, Math.floor(Math.log10(Math.max(0.01, Math.min(...values)))));
  const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...values))));
  const yOf = (v) => top + plotH - (Math.log10(v / lo) / Math.log10(hi / lo)) * plotH;
  const groupW = plotW / sizes.length;
  const barW = Math.min(22, (groupW - 20) / libs.length);
  const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">\n`;
  svg += `<rect width="${W}" height="${H}" fill="white"/>\n`;
  svg += `<text x="${left}" y="22" font-size="15" font-weight="bold">World scene: median CPU ms per frame (log scale; lower is better)</text>\n`;
  svg += `<text x="${left}" y="40" fill="#555">move N bodies, update, collect every touching pair with normal and depth · ${esc(meta.date.slice(0, 10))}</text>\n`;
  for (let e = Math.log10(lo); e <= Math.log10(hi); e++) {
    const v = Math.pow(10, e);
    const y = yOf(v);
    svg += `<line x1="${left}" x2="${left + plotW}" y1="${y}" y2="${y}" stroke="#ddd"/>`;
    svg += `<text x="${left - 6}" y="${y + 4}" text-anchor="end">${v >= 1 ? v : v.toFixed(2)}</text>\n`;
  }
  sizes.forEach((n, g) => {
    const x0 = left + g * groupW + (groupW - barW * libs.length) / 2;
    libs.forEach((lib, i) => {
      const r = rows.find((x) => x.n === n && x.name === lib);
      const x = x0 + i * barW;
      if (!r || r.error) {
        svg += `<text x="${x + barW / 2}" y="${top + plotH - 4}" text-anchor="middle" font-size="9" fill="#999">n/a</text>`;
        return;
      }
      const y = yOf(r.cpuMs);
      svg += `<rect x="${x}" y="${y}" width="${barW - 2}" height="${top + plotH - y}" fill="${colors[i % colors.length]}"><title>${esc(lib)} N=${n}: ${r.cpuMs.toFixed(2)} ms</title></rect>`;
      svg += `<text x="${x + (barW - 2) / 2}" y="${y - 3}" text-anchor="middle" font-size="8">${r.cpuMs < 10 ? r.cpuMs.toFixed(1) : Math.round(r.cpuMs)}</text>\n`;
    });
    svg += `<text x="${left + g * groupW + groupW / 2}" y="${top + plotH + 20}" text-anchor="middle" font-weight="bold">N = ${n.toLocaleString('en-US')}</text>\n`;
  });
  svg += `<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" stroke="#333"/><line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" stroke="#333"/>\n`;
  svg += `<text transform="translate(18 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">ms / frame (CPU)</text>\n`;
  libs.forEach((lib, i) => {
    const y = top + 10 + i * 20;
    svg += `<rect x="${left + plotW + 20}" y="${y - 10}" width="12" height="12" fill="${colors[i % colors.length]}"/><text x="${left + plotW + 38}" y="${y}">${esc(lib)}</text>\n`;
  });
  svg += `<text x="${left}" y="${H - 12}" fill="#555" font-size="10">${esc(meta.machine)}</text>\n`;
  svg += '</svg>\n';
  return svg;
}
