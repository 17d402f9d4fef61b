// `npm run build`: builds everything that exists, step by step. Other scripts import buildStep() to build
// only what they need (each step runs at most once per process).
//
// To add a build step, append an entry to `steps` below:
//   { name, what, script: 'scripts/build-x.mjs' }   runs `node <script>` when that file exists, else skips
//   { name, what, run: async () => { ... } }         runs a function that throws on failure
// Steps run in list order; a later step may rely on the earlier ones.
import { banner, builds, cmakeBuild, exists, isMain, mustRun } from './lib.mjs';

export const steps = [
  {
    name: 'native',
    what: 'C++ library, GoogleTest suite, benchmarks and examples (build/native, Release)',
    run: () => cmakeBuild(builds.native),
  },
  {
    name: 'wasm',
    what: 'WebAssembly module and the TypeScript package',
    script: 'scripts/build-wasm.mjs',
  },
  {
    name: 'cocos',
    what: 'Cocos Creator extension (build/cocos-extension/sat-wasm/ and its zip)',
    script: 'scripts/build-cocos.mjs',
  },
  // Later issues add their steps here, for example:
  // { name: 'demo', what: 'browser demo', script: 'scripts/build-demo.mjs' },
];

const done = new Map();  // name -> Promise<'built' | 'skipped'>

/**
 * Runs one step by name, once per process. Resolves to 'built' or 'skipped' (its script does not exist yet);
 * throws when the step fails.
 */
export function buildStep(name) {
  const step = steps.find((s) => s.name === name);
  if (!step) throw new Error(`unknown build step '${name}'`);
  if (!done.has(name)) done.set(name, runStep(step));
  return done.get(name);
}

async function runStep(step) {
  if (step.script && !exists(step.script)) {
    console.log(`build: skipping '${step.name}' (${step.script} does not exist yet)`);
    return 'skipped';
  }
  banner(`build ${step.name}: ${step.what}`);
  if (step.script) await mustRun(process.execPath, [step.script]);
  else await step.run();
  return 'built';
}

/** Builds every step in order, carrying on past failures; returns the names of the steps that failed. */
export async function buildAll() {
  const failed = [];
  for (const step of steps) {
    try {
      await buildStep(step.name);
    } catch (err) {
      console.error(`build: step '${step.name}' failed: ${err.message}`);
      failed.push(step.name);
    }
  }
  return failed;
}

if (isMain(import.meta.url)) {
  const failed = await buildAll();
  if (failed.length) {
    console.error(`build: FAILED steps: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log('build: all steps done');
}
