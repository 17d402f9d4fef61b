// `npm run bench`: builds and runs the benchmarks listed in `benchmarks`, in order.
//   npm run bench                                  every benchmark
//   npm run bench -- narrowphase world             only those (by name)
//   npm run bench -- --benchmark_repetitions=5     flags starting with --benchmark_ go to the Google Benchmark
//                                                  programs; other --flags go to the JavaScript benchmarks
//
// To add a benchmark, append { name, what, when?, run: async ({ gbench, js }) => ok } to the list
// (gbench / js are the pass-through flags above).
import { banner, builds, exists, repoPath, run } from './lib.mjs';
import { buildStep } from './build.mjs';

const nativeProgram = (program, args) => async () => {
  await buildStep('native');
  return (await run(repoPath(builds.native.dir, 'bench', program), args)).ok;
};

const benchmarks = [
  {
    name: 'narrowphase',
    what: 'C++ narrow phase, Google Benchmark (bench/cpp/bench_narrowphase.cpp, Release)',
    run: ({ gbench }) => nativeProgram('bench_narrowphase', gbench)(),
  },
  {
    name: 'world',
    what: 'C++ world update on seeded scenes per broad phase (bench/cpp/bench_world.cpp, Release)',
    when: () => exists('bench/cpp/bench_world.cpp'),
    run: () => nativeProgram('bench_world', [])(),
  },
  {
    name: 'world-threads',
    what: 'C++ world update on 1 and 2 threads (World::setThreads), 20,000 and 100,000 bodies, grid, 5 interleaved rounds of wall-clock medians (bench/cpp/bench_world.cpp)',
    when: () => exists('bench/cpp/bench_world.cpp'),
    run: () => nativeProgram('bench_world', ['60', '20000', '100000', 'grid', 'threads=1', 'threads=2', 'rounds=5'])(),
  },
  {
    name: 'js-threads',
    what: 'world update in JavaScript: the single-thread SIMD build against the threaded one (loadSAT({ threads: 2 })), 20,000 and 100,000 bodies, interleaved rounds of wall-clock medians (bench/js/threads.mjs)',
    when: () => exists('bench/js/threads.mjs'),
    run: async ({ js }) => {
      await buildStep('wasm');
      return (await run(process.execPath, ['bench/js/threads.mjs', ...js])).ok;
    },
  },
  {
    name: 'js-narrowphase',
    what: 'narrow phase in JavaScript: sat-wasm against SAT.js (bench/js/narrow_phase.mjs)',
    when: () => exists('bench/js/narrow_phase.mjs'),
    run: async ({ js }) => {
      await buildStep('wasm');
      return (await run(process.execPath, ['bench/js/narrow_phase.mjs', ...js])).ok;
    },
  },
  {
    name: '3d',
    what: 'C++ 3D narrow phase and quickhull, Google Benchmark (bench/cpp/bench_3d.cpp, Release)',
    when: () => exists('bench/cpp/bench_3d.cpp'),
    run: ({ gbench }) => nativeProgram('bench_3d', gbench)(),
  },
  {
    name: 'js-3d',
    what: '3D narrow phase in JavaScript: sat-wasm/3d against cannon-es and Rapier3D (bench/js/narrow_phase_3d.mjs)',
    when: () => exists('bench/js/narrow_phase_3d.mjs'),
    run: async ({ js }) => {
      await buildStep('wasm');
      return (await run(process.execPath, ['bench/js/narrow_phase_3d.mjs', ...js])).ok;
    },
  },
  {
    name: 'world3',
    what: 'C++ 3D world: frame time of moving hulls (bench/cpp/bench_world3.cpp, Release)',
    when: () => exists('bench/cpp/bench_world3.cpp'),
    run: ({ gbench }) => nativeProgram('bench_world3', gbench)(),
  },
  {
    name: 'js-world3',
    what: '3D world scene in JavaScript: sat-wasm/3d World3 (bulk path) against cannon-es and Rapier3D, collision only (bench/js/world3_scene.mjs)',
    when: () => exists('bench/js/world3_scene.mjs'),
    run: async ({ js }) => {
      await buildStep('wasm');
      return (await run(process.execPath, ['bench/js/world3_scene.mjs', ...js])).ok;
    },
  },
  {
    name: 'scene',
    what: 'world scene in JavaScript: sat-wasm World (bulk path) against plain-JS SAP+SAT, SAT.js, Matter.js, check2d, Rapier2D, box2d-wasm, Planck.js, the native build and a naive native grid + SAT; then scaling per broad phase (bench/js/scene.mjs)',
    when: () => exists('bench/js/scene.mjs'),
    run: async ({ js }) => {
      await buildStep('wasm');
      await buildStep('native'); // bench_world, the native build of the same scene
      return (await run(process.execPath, ['bench/js/scene.mjs', ...js])).ok;
    },
  },
];

async function main() {
  const argv = process.argv.slice(2);
  const names = argv.filter((a) => !a.startsWith('-'));
  const gbench = argv.filter((a) => a.startsWith('--benchmark_'));
  const js = argv.filter((a) => a.startsWith('-') && !a.startsWith('--benchmark_'));
  const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`bench: unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`);
    return 1;
  }
  const failed = [];
  for (const b of benchmarks) {
    if (names.length && !names.includes(b.name)) continue;
    if (b.when && !b.when()) {
      console.log(`bench: skipping '${b.name}' (not present yet)`);
      continue;
    }
    banner(`bench ${b.name}: ${b.what}`);
    try {
      if (!(await b.run({ gbench, js }))) failed.push(b.name);
    } catch (err) {
      console.error(`bench: ${b.name}: ${err.message}`);
      failed.push(b.name);
    }
  }
  if (failed.length) console.error(`bench: FAILED: ${failed.join(', ')}`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
