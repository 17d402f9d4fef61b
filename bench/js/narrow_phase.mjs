// Narrow phase in JavaScript, one run, same seeded pairs for every contender:
//   sat-wasm bulk (collideMany, CollisionBatch.run), sat-wasm per call (collide, collideInto), and SAT.js
//   (testPolygonPolygon).
// Also the gzip size of each build variant. Run after `node scripts/build-wasm.mjs`:
//   node bench/js/narrow_phase.mjs [--pairs=16384] [--rounds=15] [--vertices=32] [--record]
// --vertices=K: every polygon has K vertices (default: 3-12). --record writes the results (3-12-gons only) into
// bench/README.md between the "WASM narrow phase" markers.
//
// Pairs: polygon_pairs.mjs (as the native benchmark makes them; unit scale, which SAT.js also has).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { polygonPairs, Rounds } from './polygon_pairs.mjs';
import { parseOptions } from './args.mjs';

const require = createRequire(import.meta.url);
const SATJS = require('sat');
const root = fileURLToPath(new URL('../..', import.meta.url));
const { loadSAT } = await import(new URL('../../dist/index.js', import.meta.url).href);

const options = parseOptions();
const arg = (name, fallback) => (typeof options[name] === 'string' ? Number(options[name]) : fallback);
const PAIRS = arg('pairs', 16384);
const ROUNDS = arg('rounds', 9);
const VERTICES = arg('vertices', 0); // 0: 3-12
const RECORD = options.record === true && VERTICES === 0;
const GONS = VERTICES ? `${VERTICES}-gons` : '3-12-gons';

const { outlines, xfs } = polygonPairs(PAIRS, { vertices: VERTICES });

// ---------------------------------------------------------------------------------------------------------------
const rounds = new Rounds(PAIRS);
const contender = (fn) => rounds.add(fn);
function runRounds(reference) {
  rounds.run(ROUNDS);
  for (const c of rounds.contenders) c.ratio = Rounds.ratio(c, reference);
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
  // The same pairs from a CollisionBatch: transforms and pairs written once into WebAssembly memory (as a game
  // writes each frame's transforms there), results read in place.
  const batch = sat.createBatch(shapes, PAIRS);
  batch.transforms.set(transforms);
  batch.pairs.set(pairs);
  if (batch.run() !== touching) throw new Error('CollisionBatch and collideMany disagree on the touching pairs');
  const bulkBatch = contender(() => {
    batch.run();
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
    batch.dispose();
    for (const s of shapes) s.dispose();
    if (!Number.isFinite(sink)) throw new Error('bad sink');
  });
  return { variant, touching, bulk, bulkCached, bulkShapes, bulkOverlap, bulkBatch, perCall, perCallInto };
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
    'copied in; results copied out into typed arrays), or one `CollisionBatch.run` (transforms and pairs already in ' +
    'WebAssembly memory, results read there); per call = one `collide` / `collideInto` per pair from JS objects.',
);
lines.push('');
lines.push(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node ${process.versions.node}, ${os.platform()} ${os.arch()}; ${new Date().toISOString().slice(0, 10)}.`);
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
  lines.push(`| sat-wasm ${r.variant}, bulk \`CollisionBatch.run\` (arrays in WebAssembly memory, no copies) | ${M(r.bulkBatch.rate)} | ${X(r.bulkBatch.ratio)} |`);
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
