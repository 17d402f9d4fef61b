// The binding layer's cost, side by side with another build of the package (the plain-export bindings, say):
// per-call `collide` from TypeScript and bulk `collideMany` on the seeded 3-12-gon pairs (polygon_pairs.mjs),
// instantiate time (loadSAT to the first query), module + glue size (gzip -9) and the 20k-body world frame.
//
//   node bench/js/bindings.mjs [--peer=<dir of a built package>] [--peer-name=plain] [--pairs=16384] [--rounds=9]
//                              [--scene=20000] [--frames=20] [--record]
//
// dist/ is measured in its default web build (SIMD, dynamic execution allowed) and, when it ships one, in its
// build without dynamic code generation (`loadSAT({ dynamicExecution: false })`). `--peer` adds a second built
// package (a dist/ copied aside before a change) in its default build; every contender runs in the same interleaved
// rounds, so the ratios compare like with like. --record writes the tables into bench/README.md between the
// "bindings" markers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median, polygonPairs, Rounds } from './polygon_pairs.mjs';
import { makeScene, step } from './scene_data.mjs';
import { peers, satShape, storedPolygons } from './scene_peers.mjs';
import { parseOptions } from './args.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const options = parseOptions();
const opt = (name, fallback) => (typeof options[name] === 'string' ? options[name] : fallback);
const PAIRS = Number(opt('pairs', 16384));
const ROUNDS = Number(opt('rounds', 9));
const SCENE = Number(opt('scene', 20000));
const FRAMES = Number(opt('frames', 20));
const LOADS = 15;
const RECORD = options.record === true;
const peerDir = opt('peer', null);

const packages = [{ name: 'this build', dir: join(root, 'dist') }];
if (peerDir) packages.push({ name: opt('peer-name', 'peer'), dir: resolve(peerDir) });
for (const p of packages) {
  if (!existsSync(join(p.dir, 'index.js'))) throw new Error(`${p.dir}/index.js not found (build the package first)`);
  p.loadSAT = (await import(pathToFileURL(join(p.dir, 'index.js')).href)).loadSAT;
  p.noDyn = existsSync(join(p.dir, 'wasm', 'sat-simd-nodyn.mjs'));
}

/** The builds measured: each package's default, and this build's no-dynamic-execution build. */
const builds = [];
for (const p of packages) {
  builds.push({ pkg: p, label: `${p.name}, simd`, options: { prefer: 'simd' }, files: ['sat-simd.wasm', 'sat-simd.mjs'] });
  if (p.noDyn && p === packages[0]) {
    builds.push({
      pkg: p,
      label: `${p.name}, simd, no dynamic execution`,
      options: { prefer: 'simd', dynamicExecution: false },
      files: ['sat-simd.wasm', 'sat-simd-nodyn.mjs'],
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Narrow phase: per call and bulk, all builds in the same rounds.
const { outlines, xfs } = polygonPairs(PAIRS);
const rounds = new Rounds(PAIRS);
let sink = 0;
for (const b of builds) {
  const sat = await b.pkg.loadSAT(b.options);
  const shapes = outlines.map((pts) => sat.hull(pts));
  const transforms = new Float32Array(xfs.flatMap((t) => [t.x, t.y, t.angle, 1, 1]));
  const pairs = new Int32Array(2 * PAIRS).map((_, i) => i);
  const handles = new Int32Array(shapes.map((s) => s.handle));
  let out = sat.collideMany(handles, transforms, pairs);
  b.touching = out.touching;
  b.bulk = rounds.add(() => {
    out = sat.collideMany(handles, transforms, pairs, { out });
  });
  b.perCall = rounds.add(() => {
    for (let k = 0; k < PAIRS; k++) {
      const m = sat.collide(shapes[2 * k], xfs[2 * k], shapes[2 * k + 1], xfs[2 * k + 1]);
      if (m !== null) sink += m.depth;
    }
  });
  const into = sat.createManifold();
  b.perCallInto = rounds.add(() => {
    for (let k = 0; k < PAIRS; k++) {
      if (sat.collideInto(shapes[2 * k], xfs[2 * k], shapes[2 * k + 1], xfs[2 * k + 1], into)) sink += into.depth;
    }
  });
}
rounds.run(ROUNDS);
if (!Number.isFinite(sink)) throw new Error('bad sink');
const touching = new Set(builds.map((b) => b.touching));
if (touching.size !== 1) throw new Error(`builds disagree on touching pairs: ${[...touching].join(', ')}`);

// ---------------------------------------------------------------------------------------------------------------
// Instantiate: loadSAT (glue already imported once; the .wasm read, compiled and instantiated each time) to the
// first collide, wall clock, median of LOADS loads per build.
for (const b of builds) {
  const times = [];
  for (let i = 0; i < LOADS + 1; i++) {
    const t0 = performance.now();
    const sat = await b.pkg.loadSAT(b.options);
    const a = sat.box(1, 1);
    const c = sat.circle(0.5);
    if (sat.collide(a, { x: 0, y: 0 }, c, { x: 0.9, y: 0 }) === null) throw new Error('first query missed');
    const t1 = performance.now();
    if (i > 0) times.push(t1 - t0); // the first load also imports the glue module
    a.dispose();
    c.dispose();
  }
  b.loadMs = median(times);
}

// ---------------------------------------------------------------------------------------------------------------
// The world scene (bench/js/scene.mjs's sat-wasm setup), each package's default build, frames interleaved.
const satPeer = peers.find((p) => p.name === 'sat-wasm');
const scenes = [];
for (const b of builds) {
  const sat = await b.pkg.loadSAT(b.options);
  const base = makeScene(SCENE);
  const shapes = base.polygons.map((p) => satShape(sat, p));
  const s = makeScene(SCENE);
  const run = await satPeer.setup(s, { sat, shapes, polygons: storedPolygons(shapes) });
  scenes.push({ b, s, run, cpu: [], pairs: 0 });
}
for (let f = 0; f < 10 + FRAMES; f++) {
  for (const sc of f % 2 === 0 ? scenes : [...scenes].reverse()) {
    step(sc.s);
    const c0 = process.cpuUsage();
    sc.pairs = sc.run.frame(sc.s);
    const c = process.cpuUsage(c0);
    if (f >= 10) sc.cpu.push((c.user + c.system) / 1000);
  }
}
for (const sc of scenes) sc.b.frameMs = median(sc.cpu);
const scenePairs = new Set(scenes.map((sc) => sc.pairs));
if (scenePairs.size !== 1) throw new Error(`builds disagree on the scene's pairs: ${[...scenePairs].join(', ')}`);

// ---------------------------------------------------------------------------------------------------------------
const gz = (dir, files) => files.reduce((s, f) => s + gzipSync(readFileSync(join(dir, 'wasm', f)), { level: 9 }).length, 0);
const sizeRows = [];
for (const p of packages) {
  for (const [what, files] of [
    ['simd', ['sat-simd.wasm', 'sat-simd.mjs']],
    ['simd, narrow phase only', ['sat-simd-narrow.wasm', 'sat-simd-narrow.mjs']],
    ['simd, no dynamic execution (same .wasm)', ['sat-simd.wasm', 'sat-simd-nodyn.mjs']],
    ['simd, narrow phase only, no dynamic execution (same .wasm)', ['sat-simd-narrow.wasm', 'sat-simd-narrow-nodyn.mjs']],
  ]) {
    if (files.every((f) => existsSync(join(p.dir, 'wasm', f)))) sizeRows.push({ what: `${p.name}, ${what}`, gzip: gz(p.dir, files) });
  }
}

const M = (v) => `${(v / 1e6).toFixed(2)} M`;
const ref = peerDir ? builds.find((b) => b.pkg !== packages[0]) : builds[0];
const lines = [];
lines.push(
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node ${process.versions.node}, ${os.platform()} ${os.arch()}; ` +
    `${new Date().toISOString().slice(0, 10)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}.`,
);
lines.push(
  `${PAIRS} polygon pairs (3-12-gons, ${builds[0].touching} touching); rates by CPU time, median of ${ROUNDS} interleaved rounds; ` +
    `"vs ${ref.label}" is the median of the per-round ratios. Instantiate: median of ${LOADS} loads, wall clock. ` +
    `Scene: ${SCENE} bodies, median CPU ms of ${FRAMES} frames after 10, builds interleaved frame by frame (${scenes[0].pairs} pairs in the last frame).`,
);
lines.push('');
lines.push(`| build | per-call \`collide\` | per-call \`collideInto\` | bulk \`collideMany\` | instantiate | ${SCENE / 1000}k scene frame |`);
lines.push('|---|---:|---:|---:|---:|---:|');
for (const b of builds) {
  const x = (key) => (b === ref ? '' : ` (${Rounds.ratio(b[key], ref[key]).toFixed(2)}x)`);
  lines.push(
    `| ${b.label} | ${M(b.perCall.rate)}/s${x('perCall')} | ${M(b.perCallInto.rate)}/s${x('perCallInto')} | ${M(b.bulk.rate)}/s${x('bulk')} | ` +
      `${b.loadMs.toFixed(1)} ms | ${b.frameMs.toFixed(2)} ms${b === ref ? '' : ` (${(b.frameMs / ref.frameMs).toFixed(3)}x)`} |`,
  );
}
lines.push('');
lines.push('| module + glue | gzip -9 |');
lines.push('|---|---:|');
for (const r of sizeRows) lines.push(`| ${r.what} | ${(r.gzip / 1024).toFixed(1)} KB |`);
const report = lines.join('\n');
console.log(report);

if (RECORD) {
  const file = join(root, 'bench/README.md');
  const begin = '<!-- bindings:begin (written by bench/js/bindings.mjs --record) -->';
  const end = '<!-- bindings:end -->';
  const block = `${begin}\n${report}\n${end}`;
  let text = readFileSync(file, 'utf8');
  if (text.includes(begin) && text.includes(end)) {
    text = text.slice(0, text.indexOf(begin)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n## Binding layer\n\nRun: \`node bench/js/bindings.mjs --record\`.\n\n${block}\n`;
  }
  writeFileSync(file, text);
  console.log(`recorded in ${file}`);
}
