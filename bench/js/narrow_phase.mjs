// Narrow phase in JavaScript, one run, same seeded pairs for every contender:
//   sat-wasm bulk (collideMany), sat-wasm per call (collide, collideInto), and SAT.js (testPolygonPolygon).
// Also the gzip size of each build variant. Run after `node scripts/build-wasm.mjs`:
//   node bench/js/narrow_phase.mjs [--pairs=16384] [--rounds=15] [--vertices=32] [--record]
// --vertices=K: every polygon has K vertices (default: 3-12). --record writes the results (3-12-gons only) into
// bench/README.md between the "WASM narrow phase" markers.
//
// Pairs, as the native benchmark (bench/cpp/bench_narrowphase.cpp) makes them: seeded convex 3-12-gons on
// randomly stretched ellipses (bounding radius 0.5-2); A at a random position and rotation, B at a random rotation,
// placed uniformly where the two fattened AABBs overlap (as a broad phase hands pairs over); about half truly
// overlap. Unit scale (SAT.js has no scale). Every pair has its own two shapes and transforms.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import os from 'node:os';

const require = createRequire(import.meta.url);
const SATJS = require('sat');
const root = fileURLToPath(new URL('../..', import.meta.url));
const { loadSAT } = await import(new URL('../../dist/index.js', import.meta.url).href);

const arg = (name, fallback) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : fallback;
};
const PAIRS = arg('pairs', 16384);
const ROUNDS = arg('rounds', 9);
const VERTICES = arg('vertices', 0); // 0: 3-12
const RECORD = process.argv.includes('--record') && VERTICES === 0;
const GONS = VERTICES ? `${VERTICES}-gons` : '3-12-gons';

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

// ---------------------------------------------------------------------------------------------------------------
// The seeded scene.
const rand = rng(20240601);
function convexPolygon() {
  const n = VERTICES || 3 + Math.floor(rand() * 10);
  const size = 0.5 + 1.5 * rand();
  const stretch = 0.4 + 0.6 * rand();
  const base = rand() * 2 * Math.PI;
  const pts = [];
  for (let i = 0; i < n; i++) {
    const t = base + ((i + 0.2 + 0.6 * rand()) / n) * 2 * Math.PI;
    pts.push(size * Math.cos(t), size * stretch * Math.sin(t));
  }
  return pts;
}
function bounds(pts, x, y, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let lx = Infinity, ly = Infinity, ux = -Infinity, uy = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    const px = x + c * pts[i] - s * pts[i + 1];
    const py = y + s * pts[i] + c * pts[i + 1];
    lx = Math.min(lx, px); ly = Math.min(ly, py); ux = Math.max(ux, px); uy = Math.max(uy, py);
  }
  const fat = 0.1 * ((ux - lx) + (uy - ly));
  return [lx - fat, ly - fat, ux + fat, uy + fat];
}

const outlines = []; // 2 per pair
const xfs = []; // {x, y, angle} per shape
for (let k = 0; k < PAIRS; k++) {
  const a = convexPolygon();
  const b = convexPolygon();
  const xa = (rand() - 0.5) * 100, ya = (rand() - 0.5) * 100, aa = (rand() - 0.5) * 2 * Math.PI;
  const ab = (rand() - 0.5) * 2 * Math.PI;
  const [alx, aly, aux, auy] = bounds(a, xa, ya, aa);
  const [blx, bly, bux, buy] = bounds(b, 0, 0, ab);
  // B's origin anywhere its fattened box overlaps A's.
  const xb = alx - bux + rand() * ((aux - alx) + (bux - blx));
  const yb = aly - buy + rand() * ((auy - aly) + (buy - bly));
  outlines.push(a, b);
  xfs.push({ x: xa, y: ya, angle: aa }, { x: xb, y: yb, angle: ab });
}

// ---------------------------------------------------------------------------------------------------------------
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
/**
 * Rates by this process's CPU time (as Google Benchmark reports them), which stays meaningful when other work
 * shares the machine. Every contender is registered first (calibrated so that one round repeats its pass over all
 * pairs for at least ~100 ms of CPU time, the kernel accounting CPU time in ticks), then all contenders run round
 * by round, interleaved, in alternating order: a slow spell of this shared machine hits every contender of that
 * round alike. A contender's rate is the median over rounds; its ratio to SAT.js is the median of the per-round
 * ratios (each from two passes run seconds apart at most).
 */
function cpuMs() {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}
const contenders = [];
function contender(fn) {
  let reps = 1;
  for (;;) {
    const c0 = cpuMs();
    for (let i = 0; i < reps; i++) fn();
    if (cpuMs() - c0 >= 100) break;
    reps *= 2;
  }
  const c = { fn, reps, rates: [], rate: 0, ratio: 0 };
  contenders.push(c);
  return c;
}
function runRounds(reference) {
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of r % 2 === 0 ? contenders : [...contenders].reverse()) {
      const c0 = cpuMs();
      for (let i = 0; i < c.reps; i++) c.fn();
      c.rates.push((c.reps * PAIRS) / ((cpuMs() - c0) / 1000));
    }
  }
  for (const c of contenders) {
    c.rate = median(c.rates);
    c.ratio = median(c.rates.map((rate, r) => rate / reference.rates[r]));
  }
}

const results = [];
let checkTouching = null;
const cleanups = [];

async function benchVariant(variant) {
  const sat = await loadSAT({ prefer: variant });
  const shapes = outlines.map((pts) => sat.hull(pts));
  const transforms = new Float32Array(xfs.flatMap((t) => [t.x, t.y, t.angle, 1, 1]));
  const pairs = new Int32Array(2 * PAIRS).map((_, i) => i);
  const handles = new Int32Array(shapes.map((s) => s.handle));
  let out = sat.collideMany(handles, transforms, pairs);
  const touching = out.touching;
  const bulk = contender(() => {
    out = sat.collideMany(handles, transforms, pairs, { out });
  });
  const cache = new Uint32Array(PAIRS);
  const bulkCached = contender(() => {
    out = sat.collideMany(handles, transforms, pairs, { out, cache });
  });
  const bulkShapes = contender(() => {
    out = sat.collideMany(shapes, transforms, pairs, { out });
  });
  let overlapOut = sat.collideMany(handles, transforms, pairs, { overlapOnly: true });
  if (overlapOut.touching !== touching) throw new Error(`overlapOnly found ${overlapOut.touching} touching pairs, collideMany ${touching}`);
  const bulkOverlap = contender(() => {
    overlapOut = sat.collideMany(handles, transforms, pairs, { out: overlapOut, overlapOnly: true });
  });
  let sink = 0;
  const perCall = contender(() => {
    for (let k = 0; k < PAIRS; k++) {
      const m = sat.collide(shapes[2 * k], xfs[2 * k], shapes[2 * k + 1], xfs[2 * k + 1]);
      if (m !== null) sink += m.depth;
    }
  });
  const into = sat.createManifold();
  const perCallInto = contender(() => {
    for (let k = 0; k < PAIRS; k++) {
      if (sat.collideInto(shapes[2 * k], xfs[2 * k], shapes[2 * k + 1], xfs[2 * k + 1], into)) sink += into.depth;
    }
  });
  cleanups.push(() => {
    for (const s of shapes) s.dispose();
    if (!Number.isFinite(sink)) throw new Error('bad sink');
  });
  return { variant, touching, bulk, bulkCached, bulkShapes, bulkOverlap, perCall, perCallInto };
}

function benchSATjs() {
  const polys = outlines.map((pts, i) => {
    const points = [];
    for (let j = 0; j < pts.length; j += 2) points.push(new SATJS.Vector(pts[j], pts[j + 1]));
    const p = new SATJS.Polygon(new SATJS.Vector(xfs[i].x, xfs[i].y), points);
    p.setAngle(xfs[i].angle);
    return p;
  });
  const response = new SATJS.Response();
  let touching = 0;
  for (let k = 0; k < PAIRS; k++) {
    response.clear();
    if (SATJS.testPolygonPolygon(polys[2 * k], polys[2 * k + 1], response)) touching++;
  }
  let sink = 0;
  const run = contender(() => {
    for (let k = 0; k < PAIRS; k++) {
      response.clear();
      if (SATJS.testPolygonPolygon(polys[2 * k], polys[2 * k + 1], response)) sink += response.overlap;
    }
  });
  cleanups.push(() => {
    if (!Number.isFinite(sink)) throw new Error('bad sink');
  });
  return { touching, run };
}

function sizes() {
  const dir = `${root}/dist/wasm`;
  const gz = (f) => gzipSync(readFileSync(`${dir}/${f}`), { level: 9 }).length;
  const raw = (f) => readFileSync(`${dir}/${f}`).length;
  return [
    { variant: 'simd', files: ['sat-simd.wasm', 'sat-simd.mjs'] },
    { variant: 'baseline', files: ['sat-baseline.wasm', 'sat-baseline.mjs'] },
    { variant: 'asmjs', files: ['sat-asmjs.mjs'] },
    { variant: 'simd, narrow phase only (`narrowPhaseOnly: true`)', files: ['sat-simd-narrow.wasm', 'sat-simd-narrow.mjs'] },
    { variant: 'baseline, narrow phase only', files: ['sat-baseline-narrow.wasm', 'sat-baseline-narrow.mjs'] },
    { variant: 'asmjs, narrow phase only', files: ['sat-asmjs-narrow.mjs'] },
  ].filter(({ files }) => files.every((f) => existsSync(`${dir}/${f}`))).map(({ variant, files }) => ({
    variant,
    files: files.join(' + '),
    raw: files.reduce((s, f) => s + raw(f), 0),
    gzip: files.reduce((s, f) => s + gz(f), 0),
  }));
}


// ---------------------------------------------------------------------------------------------------------------
const satjs = benchSATjs();
for (const variant of ['simd', 'baseline', 'asmjs']) results.push(await benchVariant(variant));
runRounds(satjs.run);
for (const cleanup of cleanups) cleanup();
satjs.rate = satjs.run.rate;
checkTouching = results.map((r) => r.touching);

const M = (v) => `${(v / 1e6).toFixed(2)} M`;
const X = (v) => `${v.toFixed(1)}x`;
const lines = [];
lines.push(
  `Same seeded pairs for every contender, generated as in the native benchmark: convex ${GONS} on randomly ` +
    'stretched ellipses (bounding radius 0.5-2), A at a random position and rotation, B at a random rotation placed ' +
    `uniformly where the fattened AABBs overlap (${((100 * checkTouching[0]) / PAIRS).toFixed(0)}% truly overlap here); each pair has its own two shapes ` +
    'and transforms (unit scale: SAT.js has none). sat-wasm computes the full manifold (normal, depth, up to two ' +
    'contact points with feature ids); SAT.js `testPolygonPolygon` gives the MTV only, its polygons prepared ' +
    'once (`setAngle`) outside the timing. Bulk = one `collideMany` call for all pairs (transforms per shape, ' +
    'results copied out into typed arrays); per call = one `collide` / `collideInto` per pair from JS objects.',
);
lines.push('');
lines.push(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node ${process.versions.node}, ${os.platform()} ${os.arch()}.`);
lines.push(
  `Load average while running: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}. Rates by CPU time of the benchmark process; ` +
    `all contenders run in ${ROUNDS} interleaved rounds (alternating order); pairs/s is the median over rounds, "vs SAT.js" the ` +
    'median of the per-round ratios.',
);
lines.push(`${PAIRS} polygon pairs (${GONS}); touching pairs: sat-wasm ${checkTouching[0]}, SAT.js ${satjs.touching}.`);
lines.push('');
lines.push('| contender | pairs/s | vs SAT.js |');
lines.push('|---|---:|---:|');
for (const r of results) {
  lines.push(`| sat-wasm ${r.variant}, bulk \`collideMany\` (handles) | ${M(r.bulk.rate)} | ${X(r.bulk.ratio)} |`);
  lines.push(`| sat-wasm ${r.variant}, bulk \`collideMany\` (handles, axis cache kept across rounds) | ${M(r.bulkCached.rate)} | ${X(r.bulkCached.ratio)} |`);
  lines.push(`| sat-wasm ${r.variant}, bulk \`collideMany\` (Shape[]) | ${M(r.bulkShapes.rate)} | ${X(r.bulkShapes.ratio)} |`);
  lines.push(`| sat-wasm ${r.variant}, bulk \`collideMany\` (handles, \`overlapOnly\`: touching or not, no manifold) | ${M(r.bulkOverlap.rate)} | ${X(r.bulkOverlap.ratio)} |`);
  lines.push(`| sat-wasm ${r.variant}, per call \`collide\` | ${M(r.perCall.rate)} | ${X(r.perCall.ratio)} |`);
  lines.push(`| sat-wasm ${r.variant}, per call \`collideInto\` | ${M(r.perCallInto.rate)} | ${X(r.perCallInto.ratio)} |`);
}
lines.push(`| SAT.js 0.9 \`testPolygonPolygon\` | ${M(satjs.rate)} | 1.0x |`);
lines.push('');
lines.push('| variant | files | size | gzip |');
lines.push('|---|---|---:|---:|');
for (const s of sizes()) lines.push(`| ${s.variant} | ${s.files} | ${(s.raw / 1024).toFixed(1)} KB | ${(s.gzip / 1024).toFixed(1)} KB |`);

const simd = results[0];
const targets = [
  [`bulk >= 8 M pairs/s`, simd.bulk.rate >= 8e6],
  [`bulk >= 15x SAT.js`, simd.bulk.ratio >= 15],
  [`per-call collide >= 2x SAT.js`, simd.perCall.ratio >= 2],
  [`SIMD wasm + glue <= 60 KB gzipped (full module, with the World)`, sizes()[0].gzip <= 60 * 1024],
  [`the same for the narrow-phase-only flavour`, (sizes()[3]?.gzip ?? Infinity) <= 60 * 1024],
];
lines.push('');
lines.push(`Targets (SIMD build): ${targets.map(([t, ok]) => `${t}: ${ok ? 'met' : 'NOT met'}`).join('; ')}.`);
const report = lines.join('\n');
console.log(report);

if (RECORD) {
  const file = `${root}/bench/README.md`;
  const begin = '<!-- wasm-narrow-phase:begin (written by bench/js/narrow_phase.mjs --record) -->';
  const end = '<!-- wasm-narrow-phase:end -->';
  const block = `${begin}\n${report}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  if (text.includes(begin) && text.includes(end)) {
    text = text.slice(0, text.indexOf(begin)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n## WASM narrow phase\n\nRun: \`node bench/js/narrow_phase.mjs --record\` (after \`node scripts/build-wasm.mjs\`).\n\n${block}\n`;
  }
  writeFileSync(file, text);
  console.log(`recorded in ${file}`);
}
