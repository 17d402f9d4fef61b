// `npm test`: builds everything (the steps of scripts/build.mjs), runs every test suite that exists, and ends
// with one line summing them all:
//   N passed, N failed
// That line is the last thing printed (CI reads it). The exit code is non-zero when anything failed.
//
// Suites are the entries of `suites` below. To add one, append
//   { id, name, when: () => exists('tests/x'), run: async () => ({ passed, failed, notes }) }
// using the helpers gtestSuite() / vitestSuite() where they fit. A suite that throws (its build failed, its
// runner crashed, it produced no results) counts as 1 failed, and the remaining suites still run. A suite
// whose `when` is false is listed as "not present" and counts nothing: it is never counted as passed. A suite
// whose run returns `{ skipped: reason }` (something it needs is not on this machine) is listed with the reason
// and counts nothing.
//
// `node scripts/test.mjs native js` (or `npm test -- native js`) runs only the suites with those ids.
import { readFileSync, readdirSync, rmSync, mkdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { banner, builds, cmakeBuild, exists, repoPath, run } from './lib.mjs';
import { buildAll, buildStep } from './build.mjs';

const resultsDir = 'build/test-results';

const suites = [
  {
    // Every step of `npm run build`, so that `npm test` also proves that everything builds. A failed step counts
    // 1 failed; a suite that needs it fails too, with its own message. Nothing is counted as passed here.
    id: 'build',
    name: 'Every build step (scripts/build.mjs)',
    when: () => true,
    run: async () => {
      const failed = await buildAll();
      return { passed: 0, failed: failed.length, notes: failed.map((name) => `build step '${name}' failed`) };
    },
  },
  {
    id: 'native',
    name: 'C++ GoogleTest (native, Release)',
    when: () => exists('tests/cpp/CMakeLists.txt'),
    run: async () => {
      // The whole native build (library, tests, benchmarks, examples). If some other target breaks it, still
      // build and run the tests alone, and count the broken build as one more failure.
      let buildError = null;
      try {
        await buildStep('native');
      } catch (err) {
        buildError = err;
        banner('build native: the sat_tests target alone');
        await cmakeBuild(builds.native, { targets: ['sat_tests'] });
      }
      const r = await gtestSuite('native', builds.native);
      if (buildError) {
        r.failed += 1;
        r.notes.push(`the full native build failed (${buildError.message}); ran the tests built alone`);
      }
      return r;
    },
  },
  {
    id: 'asan',
    name: 'C++ GoogleTest (AddressSanitizer + UndefinedBehaviorSanitizer)',
    when: () => exists('tests/cpp/CMakeLists.txt'),
    run: async () => {
      banner('build asan: C++ library and tests with sanitizers (build/asan)');
      await cmakeBuild(builds.asan);
      return gtestSuite('asan', builds.asan, {
        env: {
          ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0:strict_string_checks=1',
          UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
        },
      });
    },
  },
  {
    id: 'js',
    name: 'JavaScript package (Vitest, WASM in Node)',
    when: () => exists('tests/js'),
    run: () => vitestSuite('js', 'tests/js', { needs: ['wasm'] }),
  },
  {
    // The same suite where code generation from strings is refused (WeChat mini-games): loadSAT must pick the
    // builds without dynamic execution by itself (tests/js/vitest.nodyn.config.ts).
    id: 'js-nodyn',
    name: 'JavaScript package under node --disallow-code-generation-from-strings (Vitest)',
    when: () => exists('tests/js/vitest.nodyn.config.ts'),
    run: () => vitestSuite('js-nodyn', 'tests/js', { needs: ['wasm'], config: 'tests/js/vitest.nodyn.config.ts' }),
  },
  {
    // tsc against @cocos/creator-types (typecheck.test.ts) and the components on a cc stand-in, on the WebAssembly
    // and asm.js builds; they use the extension as the 'cocos' build step assembles it.
    id: 'cocos',
    name: 'Cocos Creator extension (type check and components, Vitest)',
    when: () => exists('tests/cocos'),
    run: () => vitestSuite('cocos', 'tests/cocos', { needs: ['wasm', 'cocos'] }),
  },
  {
    // The components inside the real cocos-engine 3.8.5 runtime (Jest), see scripts/cocos-engine.mjs. Without the
    // engine test harness the suite says why and how to provide it, and counts nothing.
    id: 'cocos-engine',
    name: 'Cocos Creator extension inside cocos-engine 3.8.5 (Jest)',
    when: () => exists('tests/cocos-engine'),
    run: async () => {
      await buildStep('wasm');
      await buildStep('cocos');
      const { realEngineSuite } = await import('./cocos-engine.mjs');
      return realEngineSuite(repoPath(resultsDir, 'cocos-engine-jest.json'));
    },
  },
  {
    // The demo in Debian's Chromium (playwright-core): tests/e2e/run.mjs starts its own Vite server, writes a JSON
    // report ({ passed, failed, tests: [{ name, status, error }] }) and screenshots to test-results/e2e/.
    id: 'e2e',
    name: 'Browser end-to-end (Chromium)',
    when: () => exists('tests/e2e/run.mjs'),
    run: async () => {
      await buildStep('wasm');
      const report = repoPath(resultsDir, 'e2e.json');
      rmSync(report, { force: true });
      banner('run e2e: node tests/e2e/run.mjs');
      const res = await run(process.execPath, ['tests/e2e/run.mjs', '--report', report]);
      if (!existsSync(report)) throw new Error(`tests/e2e/run.mjs wrote no report (exit code ${res.code})`);
      const r = JSON.parse(readFileSync(report, 'utf8'));
      const notes = r.tests.filter((t) => t.status === 'failed').map((t) => `${t.name}: ${String(t.error).split('\n')[0]}`);
      if (!res.ok && r.failed === 0) {
        r.failed = 1;
        notes.push(`tests/e2e/run.mjs exited with code ${res.code} without a failed test`);
      }
      if (r.passed + r.failed === 0) throw new Error('tests/e2e/run.mjs ran no tests');
      notes.push(`screenshots in ${r.artifacts}/`);
      return { passed: r.passed, failed: r.failed, notes };
    },
  },
  {
    // libFuzzer targets (fuzz/): each runs a short fixed number of executions from its seed corpus and counts as one
    // test (a crash, sanitizer report or leak fails it). Long runs: `npm run fuzz` (docs/fuzzing.md).
    id: 'fuzz',
    name: 'libFuzzer targets, short fixed runs (clang, ASan + UBSan + LeakSanitizer)',
    when: () => exists('fuzz/CMakeLists.txt'),
    run: async () => (await import('./fuzz.mjs')).fuzzSuite(),
  },
];

// ---------------------------------------------------------------------------------------------------------------
// GoogleTest: every executable named *_tests in <build>/tests/cpp, run with JSON output.

const sanitizerReport =
  /ERROR: (AddressSanitizer|LeakSanitizer|MemorySanitizer|ThreadSanitizer)|runtime error:|SUMMARY: \w+Sanitizer/;

// Each executable runs as GoogleTest shards (GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX), one per core, side by side;
// their logs are printed one after the other when all have finished, and their counts added.
const gtestShards = Math.max(1, Math.min(4, availableParallelism()));

async function gtestSuite(id, build, { env = {} } = {}) {
  const binDir = repoPath(build.dir, 'tests/cpp');
  const binaries = existsSync(binDir)
    ? readdirSync(binDir)
        .filter((f) => /_tests$/.test(f))
        .map((f) => path.join(binDir, f))
        .filter((f) => statSync(f).isFile() && (statSync(f).mode & 0o111) !== 0)
    : [];
  if (binaries.length === 0) throw new Error(`no test executable (*_tests) was built in ${build.dir}/tests/cpp`);

  const total = { passed: 0, failed: 0, notes: [] };
  for (const bin of binaries) {
    const name = path.basename(bin);
    banner(`run ${id}: ${name} (${gtestShards} shard${gtestShards > 1 ? 's' : ''} side by side)`);
    const shards = await Promise.all(
      Array.from({ length: gtestShards }, (_, k) => gtestShard(id, bin, k, { ...process.env, ...env })),
    );
    for (const { label, res, jsonFile } of shards) {
      console.log(`---- ${label} ----`);
      process.stdout.write(res.output);
      const counts = existsSync(jsonFile) ? countGtestJson(jsonFile) : countGtestLog(res.output);
      if (!existsSync(jsonFile)) counts.notes.push(`${label} wrote no results (crashed?), counted from its log`);
      // A crash, a sanitizer report or a non-zero exit with no failed test is one more failure.
      const exitNote = res.signal ? `killed by ${res.signal}` : `exit code ${res.code}`;
      if (sanitizerReport.test(res.output)) {
        counts.failed += 1;
        counts.notes.push(`${label}: sanitizer report (see the log above)`);
      } else if (!res.ok && (counts.failed === 0 || !existsSync(jsonFile))) {
        counts.failed += 1;
        counts.notes.push(`${label}: ${exitNote} without a failed test`);
      }
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.notes.push(...counts.notes);
    }
  }
  if (total.passed + total.failed === 0) throw new Error('GoogleTest ran no tests');
  return total;
}

async function gtestShard(id, bin, index, env) {
  const name = path.basename(bin);
  const label = gtestShards > 1 ? `${name} shard ${index + 1}/${gtestShards}` : name;
  const jsonFile = repoPath(resultsDir, `${id}-${name}-${index}.json`);
  rmSync(jsonFile, { force: true });
  const shardEnv = { ...env, GTEST_TOTAL_SHARDS: String(gtestShards), GTEST_SHARD_INDEX: String(index) };
  const res = await run(bin, [`--gtest_output=json:${jsonFile}`, '--gtest_color=no'], {
    env: shardEnv,
    capture: true,
    echo: gtestShards === 1,
  });
  return { label, res, jsonFile };
}

function countGtestJson(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const out = { passed: 0, failed: 0, skipped: 0, notes: [] };
  for (const suite of report.testsuites ?? []) {
    for (const t of suite.testsuite ?? []) {
      if (t.failures?.length) out.failed += 1;
      else if (t.status === 'NOTRUN' || t.result === 'SKIPPED' || t.result === 'SUPPRESSED') out.skipped += 1;
      else out.passed += 1;
    }
  }
  if (out.skipped) out.notes.push(`${out.skipped} skipped or disabled (not counted)`);
  return out;
}

/** Fallback when the binary died before writing JSON: count the per-test result lines it printed. */
function countGtestLog(log) {
  const passed = (log.match(/^\[ {7}OK \] /gm) ?? []).length;
  const failedNames = new Set();
  for (const m of log.matchAll(/^\[ {2}FAILED {2}\] (\S+\.\S+)/gm)) failedNames.add(m[1]);
  return { passed, failed: failedNames.size, notes: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Vitest: the tests under `dir`, with `dir`/vitest.config.* when present (else the root config), JSON report.

async function vitestSuite(id, dir, { needs = [], config: configFile } = {}) {
  for (const step of needs) await buildStep(step);
  const jsonFile = repoPath(resultsDir, `${id}-vitest.json`);
  rmSync(jsonFile, { force: true });
  const config =
    configFile ??
    ['ts', 'mts', 'js', 'mjs'].map((ext) => `${dir}/vitest.config.${ext}`).find((f) => exists(f));
  const args = ['--no', 'vitest', 'run', '--dir', dir, '--reporter=default', '--reporter=json'];
  args.push(`--outputFile.json=${jsonFile}`);
  if (config) args.push('--config', config);
  banner(`run ${id}: vitest ${dir}`);
  const res = await run('npx', args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
  if (!existsSync(jsonFile)) throw new Error(`vitest wrote no report (exit code ${res.code})`);

  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const out = { passed: 0, failed: 0, notes: [] };
  let skipped = 0;
  for (const file of report.testResults ?? []) {
    let failedHere = 0;
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'passed') out.passed += 1;
      else if (a.status === 'failed') failedHere += 1;
      else skipped += 1;
    }
    if (file.status === 'failed' && failedHere === 0) {
      failedHere = 1;  // the file itself failed (import error, error outside a test)
      out.notes.push(`${path.relative(repoPath(), file.name)} failed to run: ${(file.message ?? '').split('\n')[0]}`);
    }
    out.failed += failedHere;
  }
  if (skipped) out.notes.push(`${skipped} skipped or todo (not counted)`);
  if (out.passed + out.failed === 0) throw new Error(`vitest found no tests in ${dir}`);
  if (!res.ok && out.failed === 0) {
    out.failed = 1;
    out.notes.push(`vitest exited with code ${res.code} without a failed test (unhandled error?)`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  mkdirSync(repoPath(resultsDir), { recursive: true });
  const only = process.argv.slice(2);
  const unknown = only.filter((id) => !suites.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`test: unknown suite id(s): ${unknown.join(', ')}; known: ${suites.map((s) => s.id).join(', ')}`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  const results = [];
  for (const suite of suites) {
    if (only.length && !only.includes(suite.id)) continue;
    if (!suite.when()) {
      results.push({ suite, present: false });
      continue;
    }
    banner(`suite ${suite.id}: ${suite.name}`);
    const started = Date.now();
    let r;
    try {
      r = await suite.run();
    } catch (err) {
      r = { passed: 0, failed: 1, notes: [`suite did not complete: ${err.message}`] };
    }
    r.seconds = (Date.now() - started) / 1000;
    results.push({ suite, present: true, ...r });
    if (r.skipped) console.log(`[${suite.id}] skipped (nothing counted): ${r.skipped}`);
    else console.log(`[${suite.id}] ${r.passed} passed, ${r.failed} failed${r.notes?.length ? ` (${r.notes.join('; ')})` : ''}`);
  }

  banner('summary');
  let passed = 0;
  let failed = 0;
  for (const r of results) {
    if (!r.present) {
      console.log(`  ${r.suite.id.padEnd(12)} not present (nothing counted): ${r.suite.name}`);
      continue;
    }
    if (r.skipped) {
      console.log(`  ${r.suite.id.padEnd(12)} skipped (nothing counted): ${r.suite.name}`);
      console.log(`            ${r.skipped}`);
      continue;
    }
    passed += r.passed;
    failed += r.failed;
    const mark = r.failed ? 'FAIL' : 'ok  ';
    console.log(
      `  ${r.suite.id.padEnd(12)} ${mark} ${r.passed} passed, ${r.failed} failed in ${r.seconds.toFixed(1)} s: ${r.suite.name}`,
    );
    for (const note of r.notes ?? []) console.log(`            ${note}`);
  }
  if (passed + failed === 0) {
    console.log('  no suite ran: counted as a failure');
    failed = 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
