// `npm run bench`: builds and runs every benchmark in `benchmarks`, in order. Extra arguments go to each
// benchmark program, e.g. `npm run bench -- --benchmark_repetitions=5 --benchmark_report_aggregates_only=true`.
//
// To add a benchmark, append { name, what, when?, run: async (args) => ok } to the list.
import { banner, builds, exists, repoPath, run } from './lib.mjs';
import { buildStep } from './build.mjs';

const benchmarks = [
  {
    name: 'native',
    what: 'C++ narrow phase, Google Benchmark (build/native, Release)',
    run: async (args) => {
      await buildStep('native');
      return (await run(repoPath(builds.native.dir, 'bench/bench_narrowphase'), args)).ok;
    },
  },
  {
    // The peer comparison in JS (sat-wasm against SAT.js, detect-collisions, Matter.js, Rapier2D, Planck).
    name: 'js',
    what: 'JavaScript/WASM comparison (bench/js/run.mjs)',
    when: () => exists('bench/js/run.mjs'),
    run: async (args) => {
      await buildStep('wasm');
      return (await run(process.execPath, ['bench/js/run.mjs', ...args])).ok;
    },
  },
];

async function main() {
  const args = process.argv.slice(2);
  const failed = [];
  for (const b of benchmarks) {
    if (b.when && !b.when()) {
      console.log(`bench: skipping '${b.name}' (not present yet)`);
      continue;
    }
    banner(`bench ${b.name}: ${b.what}`);
    try {
      if (!(await b.run(args))) failed.push(b.name);
    } catch (err) {
      console.error(`bench: ${b.name}: ${err.message}`);
      failed.push(b.name);
    }
  }
  if (failed.length) console.error(`bench: FAILED: ${failed.join(', ')}`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
