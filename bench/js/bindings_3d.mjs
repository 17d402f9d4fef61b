// The 3D module's binding layer, side by side with another build of the package (a dist/ copied aside before a
// change): per-call `collide` from TypeScript and bulk `collideMany` (cold and with the SAT caches kept) on seeded
// box-box and 20-vertex hull pairs, a World3 frame (hulls and boxes moved every frame), load3D to the first query,
// and module + glue size (gzip -9).
//
//   node bench/js/bindings_3d.mjs [--peer=<dir of a built package>] [--peer-name=peer] [--pairs=4096] [--rounds=9]
//                                 [--bodies=3000] [--frames=20]
//
// dist/ is measured in its default web build (SIMD) and, when it ships them, its build without dynamic code
// generation and its narrow-phase-only flavour (no World3: not in the world case); `--peer` adds the other package's default SIMD build. Every contender runs in the same interleaved
// rounds; rates are by CPU time, and the table gives medians and each contender's median ratio of time to this
// build's default one (> 1: slower).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cpuMs as cpu, median, rng } from './polygon_pairs.mjs';
import { parseOptions } from './args.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const options = parseOptions();
const opt = (name, fallback) => (typeof options[name] === 'string' ? options[name] : fallback);
const PAIRS = Number(opt('pairs', 4096));
const ROUNDS = Number(opt('rounds', 9));
const BODIES = Number(opt('bodies', 3000));
const FRAMES = Number(opt('frames', 20));
const peerDir = opt('peer', null);

const packages = [{ name: 'this build', dir: join(root, 'dist') }];
if (peerDir) packages.push({ name: opt('peer-name', 'peer'), dir: resolve(peerDir) });
const builds = [];
for (const p of packages) {
  if (!existsSync(join(p.dir, '3d.js'))) throw new Error(`${p.dir}/3d.js not found (build the package first)`);
  const { load3D } = await import(pathToFileURL(join(p.dir, '3d.js')).href);
  const wasm = 'sat3d-simd.wasm';
  builds.push({ label: `${p.name}, simd`, dir: p.dir, load: () => load3D({ prefer: 'simd' }), wasm, glue: 'sat3d-simd.mjs', hasWorld: true });
  if (p === packages[0] && existsSync(join(p.dir, 'wasm', 'sat3d-simd-nodyn.mjs'))) {
    builds.push({ label: `${p.name}, simd, no dynamic execution`, dir: p.dir, load: () => load3D({ prefer: 'simd', dynamicExecution: false }), wasm, glue: 'sat3d-simd-nodyn.mjs', hasWorld: true });
  }
  if (p === packages[0] && existsSync(join(p.dir, 'wasm', 'sat3d-simd-narrow.wasm'))) {
    builds.push({ label: `${p.name}, simd, narrow phase only`, dir: p.dir, load: () => load3D({ prefer: 'simd', narrowPhaseOnly: true }), wasm: 'sat3d-simd-narrow.wasm', glue: 'sat3d-simd-narrow.mjs', hasWorld: false });
  }
}

// Seeded pairs: B at a random direction 0.2..1.0 x 2.4 units from A (as bench/js/narrow_phase_3d.mjs).
const r = rng(20261202);
const quat = () => {
  const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
  const l = Math.hypot(...q);
  return { x: q[0] / l, y: q[1] / l, z: q[2] / l, w: q[3] / l };
};
const cloud = () => Array.from({ length: 20 }, () => {
  const u = r() * 2 - 1, t = r() * 2 * Math.PI, s = Math.sqrt(1 - u * u);
  return { x: s * Math.cos(t), y: s * Math.sin(t), z: u };
});
const clouds = Array.from({ length: 64 }, cloud);
const xfs = Array.from({ length: 2 * PAIRS }, (_, i) => {
  const d = { x: r() - 0.5, y: r() - 0.5, z: r() - 0.5 };
  const l = Math.hypot(d.x, d.y, d.z), k = (0.2 + 0.8 * r()) * 2.4 * (i & 1);
  return { x: (d.x / l) * k, y: (d.y / l) * k, z: (d.z / l) * k, rotation: quat() };
});
const flat = new Float32Array(20 * PAIRS);
xfs.forEach((x, i) => flat.set([x.x, x.y, x.z, x.rotation.x, x.rotation.y, x.rotation.z, x.rotation.w, 1, 1, 1], 10 * i));
const pairs = new Int32Array(2 * PAIRS).map((_, i) => i);

for (const b of builds) {
  b.sat3 = await b.load();
  b.box = b.sat3.box(0.5, 0.5, 0.5);
  b.hulls = clouds.map((c) => b.sat3.hull(c));
  b.rates = {};
}

const kinds = {
  box: (b) => Array.from({ length: 2 * PAIRS }, () => b.box),
  hull20: (b) => Array.from({ length: 2 * PAIRS }, (_, i) => b.hulls[i % 64]),
};
const cases = [];
for (const [kind, shapesOf] of Object.entries(kinds)) {
  cases.push({
    name: `${kind}, per call`,
    run(b) {
      const s = ((b.sets ??= {})[kind] ??= shapesOf(b)), sat3 = b.sat3;
      let n = 0;
      const t = cpu();
      for (let p = 0; p < PAIRS; ++p) if (sat3.collide(s[2 * p], xfs[2 * p], s[2 * p + 1], xfs[2 * p + 1])) ++n;
      return { ms: cpu() - t, n };
    },
  });
  for (const cached of [false, true]) {
    cases.push({
      name: `${kind}, bulk${cached ? ', cached' : ''}`,
      run(b) {
        const s = ((b.sets ??= {})[kind] ??= shapesOf(b));
        const caches = cached ? (b[`${kind}Caches`] ??= new Uint32Array(2 * PAIRS)) : undefined;
        const t = cpu();
        const out = b.sat3.collideMany(s, flat, pairs, caches);
        return { ms: cpu() - t, n: out.touching };
      },
    });
  }
}

// World3: BODIES bodies (20-vertex hulls and boxes) in a box, every body moved and turned every frame.
function makeWorld(b) {
  const wr = rng(7);
  const world = b.sat3.createWorld({ capacity: BODIES });
  const side = Math.cbrt(BODIES) * 1.6;
  for (let i = 0; i < BODIES; ++i) {
    world.createBody({ shapes: i % 3 === 0 ? b.box : b.hulls[i % 64], transform: { x: wr() * side, y: wr() * side, z: wr() * side } });
  }
  world.update();
  const v = Float32Array.from({ length: 3 * BODIES }, () => (wr() - 0.5) * 0.05);
  return { world, v, side, frame: 0 };
}
cases.push({
  name: `world3, ${BODIES} bodies, frame`,
  worldOnly: true,
  run(b) {
    const w = (b.world ??= makeWorld(b));
    let ms = 0, n = 0;
    for (let f = 0; f < FRAMES; ++f) {
      const xf = w.world.transforms, stride = w.world.transformStride;
      const a = ++w.frame * 0.01;
      for (let i = 0; i < BODIES; ++i) {
        const k = stride * i;
        for (let c = 0; c < 3; ++c) {
          xf[k + c] += w.v[3 * i + c];
          if (xf[k + c] < 0 || xf[k + c] > w.side) w.v[3 * i + c] = -w.v[3 * i + c];
        }
        xf[k + 3] = 0, xf[k + 4] = Math.sin(a + i), xf[k + 5] = 0, xf[k + 6] = Math.cos(a + i);
      }
      const t = cpu();
      n += w.world.update().touchingPairs;
      ms += cpu() - t;
    }
    return { ms: ms / FRAMES, n };
  },
});

const warm = 2;
for (let round = 0; round < ROUNDS + warm; ++round) {
  for (const c of cases) {
    const those = c.worldOnly ? builds.filter((b) => b.hasWorld) : builds;
    const order = round % 2 ? [...those].reverse() : those;  // interleaved, alternating order
    const counts = new Set();
    for (const b of order) {
      const { ms, n } = c.run(b);
      counts.add(n);
      if (round >= warm) (b.rates[c.name] ??= []).push(ms);
    }
    if (counts.size !== 1 && !c.name.startsWith('world3')) throw new Error(`${c.name}: the builds disagree (${[...counts]})`);
  }
}

const load = os.loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`3D binding layer, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}, load ${load}; ${PAIRS} pairs, ${ROUNDS} rounds`);
const head = ['case', ...builds.map((b) => b.label)];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
for (const c of cases) {
  const ref = builds[0].rates[c.name];
  const cells = builds.map((b) => {
    const v = b.rates[c.name];
    if (!v) return '-';
    const ratio = median(v.map((x, i) => x / ref[i]));
    const fig = c.name.startsWith('world3') ? `${median(v).toFixed(2)} ms` : `${((PAIRS / median(v)) / 1000).toFixed(2)} M/s`;
    return b === builds[0] ? fig : `${fig} (${ratio.toFixed(2)}x)`;
  });
  console.log(`| ${c.name} | ${cells.join(' | ')} |`);
}

// load3D to the first query (wall clock), and size.
const loads = builds.map(() => []);
for (let i = 0; i < 9; ++i) {
  for (const [k, b] of builds.entries()) {
    const t = performance.now();
    const s = await b.load();
    const box = s.box(1, 1, 1);
    s.overlaps(box, { x: 0, y: 0, z: 0 }, box, { x: 1, y: 0, z: 0 });
    loads[k].push(performance.now() - t);
  }
}
const gz = (f) => gzipSync(readFileSync(f), { level: 9 }).length / 1024;
for (const [k, b] of builds.entries()) {
  const wasm = gz(join(b.dir, 'wasm', b.wasm)), glue = gz(join(b.dir, 'wasm', b.glue));
  console.log(`${b.label}: load3D to first query ${median(loads[k]).toFixed(1)} ms; ${b.wasm} ${wasm.toFixed(1)} KB + ${b.glue} ${glue.toFixed(1)} KB = ${(wasm + glue).toFixed(1)} KB gzip -9`);
}
