#!/usr/bin/env node
// Builds the WebAssembly / asm.js module in three variants from the same sources, then the TypeScript package.
//
//   node scripts/build-wasm.mjs                 all variants + TypeScript
//   node scripts/build-wasm.mjs simd asmjs      only these variants (+ TypeScript)
//   node scripts/build-wasm.mjs --no-ts         skip the TypeScript step
//   node scripts/build-wasm.mjs --force         reconfigure and rebuild everything
//
// Each variant is its own CMake build tree (build/wasm-<variant>, configured with emcmake), so rebuilding is
// incremental: make only recompiles changed sources, and outputs are copied into dist/wasm/ only when their
// bytes changed. Outputs: dist/wasm/sat-simd.{mjs,wasm}, sat-baseline.{mjs,wasm}, sat-asmjs.mjs (single file).
// Emscripten 3.1.6 (Debian) needs NODE_PATH=/usr/share/nodejs for acorn; it is set here for every call.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, statSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'wasm');

/** Compile flags per variant; every variant also gets the flags of the top-level sat_options target. */
// Each variant ships the full module (every bindings/*.cpp), the narrow-phase-only flavour (-narrow), the 3D module
// (sat3d-*, bindings/3d/*.cpp) and its narrow-phase-only flavour (sat3d-*-narrow, without World3); the WebAssembly
// variants also the glue of each of these without dynamic code generation (-nodyn.mjs, -narrow-nodyn.mjs: the same
// .wasm), which loadSAT and load3D pick where `new Function` is refused.
// -fno-unroll-loops: unrolled loops cost about 2 KB gzipped of the SIMD module and measured no faster (the hot
// loops run over a handful of vertices). -mbulk-memory (memory.copy / memory.fill instead of libc loops) only where
// SIMD is: every engine with WebAssembly SIMD has bulk memory. The per-file choices are in bindings/CMakeLists.txt.
const VARIANTS = {
  simd: {
    cxxFlags: '-msimd128 -mbulk-memory -flto -fno-unroll-loops',
    files: [
      'sat-simd.mjs',
      'sat-simd.wasm',
      'sat-simd-narrow.mjs',
      'sat-simd-narrow.wasm',
      'sat-simd-nodyn.mjs',
      'sat-simd-narrow-nodyn.mjs',
      'sat3d-simd.mjs',
      'sat3d-simd.wasm',
      'sat3d-simd-nodyn.mjs',
      'sat3d-simd-narrow.mjs',
      'sat3d-simd-narrow.wasm',
      'sat3d-simd-narrow-nodyn.mjs',
    ],
    noDyn: true,
  },
  baseline: {
    cxxFlags: '-flto -fno-unroll-loops',
    files: [
      'sat-baseline.mjs',
      'sat-baseline.wasm',
      'sat-baseline-narrow.mjs',
      'sat-baseline-narrow.wasm',
      'sat-baseline-nodyn.mjs',
      'sat-baseline-narrow-nodyn.mjs',
      'sat3d-baseline.mjs',
      'sat3d-baseline.wasm',
      'sat3d-baseline-nodyn.mjs',
      'sat3d-baseline-narrow.mjs',
      'sat3d-baseline-narrow.wasm',
      'sat3d-baseline-narrow-nodyn.mjs',
    ],
    noDyn: true,
  },
  asmjs: { cxxFlags: '-flto -fno-unroll-loops', files: ['sat-asmjs.mjs', 'sat-asmjs-narrow.mjs', 'sat3d-asmjs.mjs', 'sat3d-asmjs-narrow.mjs'] },
  // The threaded SIMD build, loaded only by loadSAT({ threads }): the full 2D module alone. Its pthread worker
  // script ships twice: `.worker.js` for browsers, `.worker.cjs` for Node (the script is CommonJS, and this
  // package's "type": "module" would make Node read a `.js` as an ES module).
  'simd-mt': {
    cxxFlags: '-msimd128 -mbulk-memory -pthread -flto -fno-unroll-loops',
    files: ['sat-simd-mt.mjs', 'sat-simd-mt.wasm', 'sat-simd-mt.worker.js'],
    extraCopies: [['sat-simd-mt.worker.js', 'sat-simd-mt.worker.cjs']],
    only: ['sat_wasm'],
  },
};

const args = process.argv.slice(2);
const force = args.includes('--force');
const skipTs = args.includes('--no-ts');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const name of wanted) {
  if (!(name in VARIANTS)) fail(`unknown variant "${name}" (expected one of ${Object.keys(VARIANTS).join(', ')})`);
}
const variants = wanted.length ? wanted : Object.keys(VARIANTS);

const env = {
  ...process.env,
  NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':'),
};

function fail(message) {
  console.error(`build-wasm: ${message}`);
  process.exit(1);
}

function run(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) fail(`${cmd}: ${result.error.message}`);
  if (result.status !== 0) fail(`${cmd} ${cmdArgs.join(' ')} exited with ${result.status}`);
}

function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { env }).status === 0;
}

if (!have('em++') || !have('emcmake')) {
  fail(
    'em++ / emcmake not found. On Debian/Ubuntu run `npm run setup` (apt-get install emscripten); elsewhere ' +
      'install emsdk (https://emscripten.org/docs/getting_started/downloads.html) and source emsdk_env.sh.',
  );
}

/**
 * Emscripten 3.1.6 writes one lazy wrapper per wasm export into the glue, each naming the export four times:
 *   var _sat_x=Module["_sat_x"]=function(){return(_sat_x=Module["_sat_x"]=Module["asm"]["g"]).apply(null,arguments)};
 * For sat-wasm's own plain exports (`_sat_*`, used only through `Module` by bindings/ts; the 3D module's) this
 * writes the same wrappers from one table instead: about 0.9 KB gzipped less glue, the same behaviour (bind on
 * first call, then the raw export). Glue without such exports (the Embind-bound 2D module) is left as it is. Fails
 * loudly when the glue does not look as expected (another Emscripten version).
 */
function compactExportWrappers(glue, file) {
  const wrapper =
    /var (_sat_\w+)=Module\["\1"\]=function\(\)\{return\(\1=Module\["\1"\]=Module\["asm"\]\["([\w$]+)"\]\)\.apply\(null,arguments\)\};/g;
  const table = [];
  const rest = glue.replace(wrapper, (_, name, exportName) => {
    table.push(`${name} ${exportName}`);
    return '';
  });
  if (table.length === 0) {
    if (!glue.includes('_embind_register_')) fail(`${file}: no export wrappers found; is this the Emscripten 3.1.6 glue?`);
    return glue;
  }
  for (const entry of table) {
    const name = entry.split(' ')[0];
    if (new RegExp(`\\b${name}\\b`).test(rest)) fail(`${file}: ${name} is used inside the glue; cannot compact it`);
  }
  const marker = 'var calledRun;';
  if (!rest.includes(marker)) fail(`${file}: "${marker}" not found; is this the Emscripten 3.1.6 glue?`);
  const compact =
    `"${table.join(' ')}".replace(/(\\S+) (\\S+)/g,function(_,n,e){Module[n]=function(){return(Module[n]=Module["asm"][e]).apply(null,arguments)}});`;
  return rest.replace(marker, () => compact + marker);
}

/**
 * The Embind glue of the 2D and 3D modules, minified (oxc, through rolldown, which Vite already installs): Emscripten
 * 3.1.6 minifies whitespace only without the Closure compiler, and Embind's runtime is most of the glue. Locals are
 * renamed and dead code dropped; property names stay (the glue and bindings/ts reach the module through them).
 * About 4 KB gzipped less per build.
 */
async function minifyGlue(glue, file) {
  const { minify } = await import('rolldown/experimental');
  // The clock functions keep their names: heap profiles (tests/js/world_bad_input.test.ts) attribute the boxed
  // number of each clock read to them.
  const out = await minify(file, glue, {
    compress: true,
    mangle: { toplevel: false, reserved: ['_emscripten_get_now', '_clock_gettime'] },
  });
  if (out.errors?.length) fail(`${file}: minify failed: ${out.errors.map((e) => e.message).join('; ')}`);
  return out.code;
}

/** Replaces `to` atomically (write then rename), so a test or server reading dist/ never sees half a file. */
async function copyIfChanged(from, to) {
  let bytes = readFileSync(from);
  if (to.endsWith('.mjs')) {
    let glue = compactExportWrappers(bytes.toString('utf8'), from);
    if (/\/sat(3d)?-(simd|baseline)[\w-]*\.mjs$/.test(to)) glue = await minifyGlue(glue, from);
    bytes = Buffer.from(glue);
  }
  if (existsSync(to) && readFileSync(to).equals(bytes)) return false;
  const tmp = `${to}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, to);
  return true;
}

// One build at a time per checkout: concurrent runs (two `npm test` at once) would share the CMake trees.
const lockDir = join(root, 'build', '.wasm-build.lock');
mkdirSync(join(root, 'build'), { recursive: true });
for (let waited = 0; ; waited += 1) {
  try {
    mkdirSync(lockDir);
    break;
  } catch {
    const age = existsSync(lockDir) ? Date.now() - statSync(lockDir).mtimeMs : 0;
    if (age > 15 * 60 * 1000) {
      rmSync(lockDir, { recursive: true, force: true }); // left by a killed run
      continue;
    }
    if (waited % 30 === 0) console.log('build-wasm: another build-wasm run holds build/.wasm-build.lock; waiting');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
}
const unlock = () => rmSync(lockDir, { recursive: true, force: true });
process.on('exit', unlock);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

mkdirSync(outDir, { recursive: true });
for (const name of variants) {
  const variant = VARIANTS[name];
  const buildDir = join(root, 'build', `wasm-${name}`);
  const stampFile = join(buildDir, 'sat-variant-flags.txt');
  const stamp = `${variant.cxxFlags}\n`;
  const configured =
    existsSync(join(buildDir, 'CMakeCache.txt')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (force || !configured) {
    console.log(`build-wasm: configuring ${name} in ${buildDir}`);
    run('emcmake', [
      'cmake',
      '-S',
      '.',
      '-B',
      buildDir,
      '-DCMAKE_BUILD_TYPE=Release',
      `-DSAT_WASM_VARIANT=${name}`,
      `-DCMAKE_CXX_FLAGS=${variant.cxxFlags}`,
      '-DCMAKE_EXE_LINKER_FLAGS=-flto',
      '-DSAT_TESTS=OFF',
      '-DSAT_BENCHMARKS=OFF',
      '-DSAT_EXAMPLES=OFF',
    ]);
    writeFileSync(stampFile, stamp);
  }
  console.log(`build-wasm: building ${name}`);
  // The full module, then the narrow-phase-only flavour. (Separate invocations: the first regenerates the build
  // files when a CMakeLists changed.)
  run('cmake', ['--build', buildDir, '--target', 'sat_wasm', '-j', '2']);
  if (variant.only) {
    await copyOutputs(variant, join(buildDir, 'bindings'));
    continue;
  }
  run('cmake', ['--build', buildDir, '--target', 'sat_wasm_narrow', '-j', '2']);
  if (variant.noDyn) run('cmake', ['--build', buildDir, '--target', 'sat_wasm_nodyn', 'sat_wasm_narrow_nodyn', '-j', '2']);
  // The 3D module (sat3d-<variant>) and its narrow-phase-only flavour, loaded only by 'sat-wasm/3d'.
  run('cmake', ['--build', buildDir, '--target', 'sat_wasm_3d', 'sat_wasm_3d_narrow', '-j', '2']);
  if (variant.noDyn) run('cmake', ['--build', buildDir, '--target', 'sat_wasm_3d_nodyn', 'sat_wasm_3d_narrow_nodyn', '-j', '2']);
  if (variant.noDyn) matchNoDynModules(buildDir, name);
  await copyOutputs(variant, join(buildDir, 'bindings'));
}

// A -nodyn glue ships with its default twin's .wasm, so the two links must have produced the same module. They
// differ only when sources changed between the two cmake invocations above (an edit during the build): then the
// default targets are linked again (their outputs removed first) from the objects the -nodyn ones used, and an
// edit during that too fails.
function matchNoDynModules(buildDir, name) {
  const binDir = join(buildDir, 'bindings');
  const pairs = [
    ['sat_wasm', `sat-${name}`],
    ['sat_wasm_narrow', `sat-${name}-narrow`],
    ['sat_wasm_3d', `sat3d-${name}`],
    ['sat_wasm_3d_narrow', `sat3d-${name}-narrow`],
  ];
  const differing = () =>
    pairs.filter(([, base]) => !readFileSync(join(binDir, `${base}.wasm`)).equals(readFileSync(join(binDir, `${base}-nodyn.wasm`))));
  let stale = differing();
  if (stale.length === 0) return;
  console.log(`build-wasm: sources changed during the build; linking ${stale.map(([t]) => t).join(', ')} again`);
  for (const [, base] of stale) for (const ext of ['wasm', 'mjs']) rmSync(join(binDir, `${base}.${ext}`), { force: true });
  run('cmake', ['--build', buildDir, '--target', ...stale.map(([t]) => t), '-j', '2']);
  stale = differing();
  if (stale.length > 0) {
    fail(`${stale.map(([, b]) => `${b}.wasm`).join(', ')} differ from their -nodyn links (sources still changing?): run the build again`);
  }
}

async function copyOutputs(variant, binDir) {
  const copies = [...variant.files.map((f) => [f, f]), ...(variant.extraCopies ?? [])];
  for (const [file, to] of copies) {
    const from = join(binDir, file);
    if (!existsSync(from)) fail(`expected output ${from} is missing`);
    if (await copyIfChanged(from, join(outDir, to))) console.log(`build-wasm: updated dist/wasm/${to}`);
  }
}

// The TypeScript package: bindings/ts -> dist/ (ESM + .d.ts). Skipped when no source is newer than the output.
if (!skipTs) {
  const tsDir = join(root, 'bindings', 'ts');
  const newest = (dir) =>
    Math.max(
      ...readdirSync(dir, { recursive: true })
        .map((f) => join(dir, String(f)))
        .filter((f) => statSync(f).isFile())
        .map((f) => statSync(f).mtimeMs),
    );
  const marker = join(root, 'dist', 'index.js');
  const config = join(root, 'tsconfig.build.json');
  const inputsTime = Math.max(newest(tsDir), statSync(config).mtimeMs);
  if (force || !existsSync(marker) || statSync(marker).mtimeMs < inputsTime) {
    console.log('build-wasm: compiling TypeScript (tsc -p tsconfig.build.json)');
    // Output of sources that no longer exist (a renamed module) would otherwise ship on.
    for (const f of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []) {
      const m = /^(.*)\.(js|d\.ts)$/.exec(f);
      if (m && !existsSync(join(tsDir, `${m[1]}.ts`))) rmSync(join(root, 'dist', f));
    }
    run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config]);
    // The glue's type declarations live beside the sources; tsc does not copy .d.mts files.
    for (const f of readdirSync(join(tsDir, 'wasm'))) {
      if (f.endsWith('.d.mts')) await copyIfChanged(join(tsDir, 'wasm', f), join(outDir, f));
    }
  } else {
    console.log('build-wasm: TypeScript up to date');
  }
}

for (const name of variants) {
  const sizes = VARIANTS[name].files.map((f) => {
    const bytes = readFileSync(join(outDir, f));
    return `${f} ${(bytes.length / 1024).toFixed(1)} KB (gzip ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB)`;
  });
  console.log(`build-wasm: ${name}: ${sizes.join(', ')}`);
}
