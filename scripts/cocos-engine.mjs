#!/usr/bin/env node
// The real-engine tests (tests/cocos-engine/*.test.ts): the Cocos extension's components run in Jest inside the
// cocos-engine 3.8.5 runtime (jsdom, headless renderer), not on a hand-written `cc` stand-in.
//
//   node scripts/cocos-engine.mjs [-- <jest arguments>]     (after `npm run build`)
//   node scripts/cocos-engine.mjs -- tests/sat-wasm/faults.test.ts     (one file)
//
// The engine comes as a test-harness tarball (the engine's TypeScript sources and its Jest set-up, see
// tests/cocos-engine/README.md): SAT_COCOS_ENGINE_TARBALL=<file>, else ../shared/cocos-engine/ beside the repository.
// It is unpacked and its dependencies installed once into build/cocos-engine/ (redone when the tarball's sha256
// changes); Jest's transform cache is kept there too, so only the first run compiles the engine. Every run copies
// the built extension (build/cocos-extension/sat-wasm/assets) and the tests in afresh.
//
// scripts/test.mjs runs this as the suite 'cocos-engine' through realEngineSuite().
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { banner, isMain, repoPath, run } from './lib.mjs';

export const TARBALL_ENV = 'SAT_COCOS_ENGINE_TARBALL';
const defaultTarball = repoPath('..', 'shared', 'cocos-engine', 'cocos-engine-3.8.5-test-harness.tar.gz');
const cache = repoPath('build', 'cocos-engine');
const engine = path.join(cache, 'engine');
const extDir = repoPath('build', 'cocos-extension', 'sat-wasm', 'assets');
const testsDir = repoPath('tests', 'cocos-engine');

/** The tarball to use, or null with the reason when there is none. */
export function findTarball() {
  const given = process.env[TARBALL_ENV];
  const file = given ? path.resolve(given) : defaultTarball;
  if (existsSync(file)) return { file, reason: null };
  return {
    file: null,
    reason:
      `the engine test harness ${given ? `${file} (from ${TARBALL_ENV})` : `${path.relative(repoPath(), file)}`} is not there. ` +
      `To run these tests, set ${TARBALL_ENV}=<path of cocos-engine-3.8.5-test-harness.tar.gz>`,
  };
}

async function mustRun(cmd, args, cwd) {
  const t0 = Date.now();
  const r = await run(cmd, args, { cwd });
  if (!r.ok) throw new Error(`'${cmd} ${args.join(' ')}' failed (exit ${r.code ?? r.signal})`);
  console.log(`cocos-engine: ${cmd} ${args[0]} took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Unpacks and installs the engine unless the cache already holds this tarball. */
async function prepareEngine(tarball) {
  const sha = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  const stamp = path.join(engine, '.harness-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sha) return;
  rmSync(engine, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  await mustRun('tar', ['xzf', tarball, '-C', cache], cache);
  await mustRun('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], engine);
  await mustRun(process.execPath, ['scripts/build-debug-infos.js'], engine);
  writeFileSync(stamp, sha);
}

/**
 * The extension's scripts (its assets/ folder, without .meta files) and the tests into <engine>/tests/sat-wasm/.
 * The tests get the module's files the way builds do, from the installed extension's builder hook
 * (tests/cocos-engine/game-package.ts, told where the extension is by SAT_EXTENSION_DIR).
 */
function copyIn() {
  const target = path.join(engine, 'tests', 'sat-wasm');
  rmSync(target, { recursive: true, force: true });
  cpSync(extDir, path.join(target, 'ext'), { recursive: true, filter: (src) => !src.endsWith('.meta') });
  cpSync(testsDir, target, { recursive: true });
}

/**
 * Runs Jest on tests/sat-wasm of the engine tree (or on the test files named in `jestArgs`, as
 * tests/sat-wasm/<name>.test.ts); resolves to Jest's result.
 */
async function runJest(jestArgs) {
  const named = jestArgs.some((a) => a.startsWith('tests/sat-wasm/'));
  return run(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--cacheDirectory', path.join(cache, 'jest-cache'), ...(named ? [] : ['tests/sat-wasm']), ...jestArgs],
    { cwd: engine, env: { ...process.env, SAT_EXTENSION_DIR: path.dirname(extDir) } },
  );
}

function preconditions() {
  if (!existsSync(path.join(extDir, 'lib', 'index.js'))) {
    throw new Error(`${path.relative(repoPath(), extDir)}/lib/index.js is missing: the 'cocos' build step did not run`);
  }
}

/** The suite of scripts/test.mjs: { passed, failed, notes } or { skipped } when there is no engine. */
export async function realEngineSuite(resultsFile) {
  const { file, reason } = findTarball();
  if (!file) return { passed: 0, failed: 0, skipped: reason, notes: [] };
  preconditions();
  banner('cocos-engine: prepare the engine (once per tarball)');
  await prepareEngine(file);
  copyIn();
  rmSync(resultsFile, { force: true });
  banner('run cocos-engine: jest tests/sat-wasm (inside cocos-engine 3.8.5)');
  const res = await runJest(['--silent', '--json', `--outputFile=${resultsFile}`]);
  if (!existsSync(resultsFile)) throw new Error(`jest wrote no report (exit code ${res.code})`);
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const out = { passed: report.numPassedTests, failed: report.numFailedTests, notes: [] };
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).every((a) => a.status !== 'failed')) {
      out.failed += 1; // the file itself failed (import error, error outside a test)
      out.notes.push(`${path.basename(suite.name)} failed to run: ${(suite.message ?? '').split('\n').find((l) => l.trim()) ?? ''}`);
    }
  }
  const other = report.numPendingTests + report.numTodoTests;
  if (other) out.notes.push(`${other} skipped or todo (not counted)`);
  if (out.passed + out.failed === 0) throw new Error('jest ran no real-engine tests');
  if (!res.ok && out.failed === 0) {
    out.failed = 1;
    out.notes.push(`jest exited with code ${res.code} without a failed test`);
  }
  out.notes.unshift(`${out.passed + out.failed} real-engine tests ran in cocos-engine 3.8.5`);
  return out;
}

if (isMain(import.meta.url)) {
  const dash = process.argv.indexOf('--');
  const jestArgs = dash >= 0 ? process.argv.slice(dash + 1) : [];
  const { file, reason } = findTarball();
  if (!file) {
    console.log(`cocos-engine: skipped: ${reason}`);
    process.exit(0);
  }
  try {
    preconditions();
    await prepareEngine(file);
    copyIn();
    process.exit((await runJest(jestArgs)).code ?? 1);
  } catch (err) {
    console.error(`cocos-engine: ${err.message}`);
    process.exit(1);
  }
}
