#!/usr/bin/env node
// `npm run fuzz`: builds the libFuzzer targets (fuzz/, clang, -fsanitize=fuzzer,address,undefined) and runs each
// for a set time, starting from the seed corpus in fuzz/corpus/<target>.
//
//   npm run fuzz                          every target, 60 s each
//   npm run fuzz -- --time=600 world      one target for 10 minutes
//   npm run fuzz -- --runs=2000           a fixed number of executions per target (what `npm test` does)
//   npm run fuzz -- --keep-going          after a crash, save it and carry on until the time is up
//   npm run fuzz -- --skip-known          skip the checks of known, reported bugs (KNOWN_BUGS below)
//   SAT_FUZZ_TIME=300 npm run fuzz        the default time per target
//
// Inputs the fuzzer finds are kept in build/fuzz/corpus/<target> (so a second run continues where the first
// stopped); crashes go to build/fuzz/artifacts/<target>/ and are printed with the command that replays them.
// Every run appends a line to build/fuzz/runs.jsonl (target, date, executions, seconds, crashes): docs/fuzzing.md
// records the totals. The exit code is non-zero when a target crashed or failed to build.
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { banner, isMain, mustRun, repoPath, run, jobs } from './lib.mjs';

/** Every target: fuzz/fuzz_<name>.cpp. maxLen bounds an input (and so the cost of one execution). */
export const TARGETS = {
  makers: { maxLen: 512, what: 'shape makers fed arbitrary points' },
  narrowphase: { maxLen: 128, what: 'narrow phase on arbitrary shapes and transforms, against the reference' },
  world: { maxLen: 512, what: 'world operations against a brute-force model' },
  '3d': { maxLen: 512, what: '3D makers and narrow phase against the double-precision reference' },
};

/**
 * Known, reported bugs whose checks --skip-known turns off (passed to the targets as SAT_FUZZ_SKIP). Remove an
 * entry when the bug is fixed; docs/fuzzing.md lists them with their reproductions.
 */
export const KNOWN_BUGS = [];

const buildDir = 'build/fuzz';

/** Configures and builds the fuzz targets with clang. Throws when clang or libFuzzer is missing. */
export async function buildFuzzers() {
  const clang = process.env.SAT_FUZZ_CXX || 'clang++';
  mkdirSync(repoPath(buildDir), { recursive: true });
  await mustRun('cmake', ['-S', 'fuzz', '-B', buildDir, `-DCMAKE_CXX_COMPILER=${clang}`, '-DCMAKE_BUILD_TYPE=RelWithDebInfo']);
  await mustRun('cmake', ['--build', buildDir, '-j', String(jobs)]);
}

/**
 * Runs one target. `runs`: a fixed number of executions (deterministic seed); else `seconds` of fuzzing.
 * Returns { target, executions, seconds, crashed, artifacts, log }.
 */
export async function runTarget(target, { runs, seconds = 60, keepGoing = false, skipKnown = false, quiet = false } = {}) {
  const bin = repoPath(buildDir, `fuzz_${target}`);
  if (!existsSync(bin)) throw new Error(`${bin} was not built`);
  const seeds = repoPath('fuzz/corpus', target);
  const work = repoPath(buildDir, runs ? 'scratch' : 'corpus', target);
  const artifacts = repoPath(buildDir, 'artifacts', target) + path.sep;
  if (runs) rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(artifacts, { recursive: true });
  const env = {
    ...process.env,
    // LeakSanitizer is part of ASan here: leaks found at exit fail the run.
    ASAN_OPTIONS: process.env.ASAN_OPTIONS || 'detect_leaks=1:abort_on_error=0',
    UBSAN_OPTIONS: process.env.UBSAN_OPTIONS || 'print_stacktrace=1:halt_on_error=1',
  };
  if (skipKnown) env.SAT_FUZZ_SKIP = [process.env.SAT_FUZZ_SKIP, ...KNOWN_BUGS].filter(Boolean).join(',');

  const started = Date.now();
  const total = { target, executions: 0, seconds: 0, crashed: 0, artifacts: [], log: '' };
  for (;;) {
    const before = new Set(readdirSync(artifacts));
    const left = seconds - (Date.now() - started) / 1000;
    const args = [
      `-max_len=${TARGETS[target].maxLen}`,
      `-artifact_prefix=${artifacts}`,
      '-print_final_stats=1',
      '-timeout=20',
      '-rss_limit_mb=2048',
    ];
    if (runs) args.push(`-runs=${runs}`, '-seed=1');
    else args.push(`-max_total_time=${Math.max(1, Math.round(left))}`);
    if (quiet) args.push('-print_pcs=0', '-verbosity=0');
    args.push(work);
    if (existsSync(seeds)) args.push(seeds);
    const res = await run(bin, args, { env, capture: true, keep: 1 << 16 });
    const execs = Number(/stat::number_of_executed_units:\s*(\d+)/.exec(res.output)?.[1] ?? 0);
    total.executions += execs;
    total.log = res.output;
    const found = readdirSync(artifacts).filter((f) => !before.has(f));
    if (!res.ok) {
      total.crashed += 1;
      total.artifacts.push(...found.map((f) => path.join(artifacts, f)));
      if (!found.length) total.artifacts.push(`(no artifact; exit ${res.signal ?? res.code})`);
    }
    const elapsed = (Date.now() - started) / 1000;
    if (res.ok || !keepGoing || runs || elapsed >= seconds - 1) break;
    console.log(`fuzz: ${target} crashed after ${execs} executions; keeping the crash and carrying on`);
  }
  total.seconds = (Date.now() - started) / 1000;
  mkdirSync(repoPath(buildDir), { recursive: true });
  appendFileSync(
    repoPath(buildDir, 'runs.jsonl'),
    JSON.stringify({
      target,
      date: new Date().toISOString(),
      executions: total.executions,
      seconds: Math.round(total.seconds),
      crashes: total.crashed,
      mode: runs ? `runs=${runs}` : `time=${seconds}`,
      skipKnown,
    }) + '\n',
  );
  return total;
}

/** The `npm test` suite: every target for a short fixed number of executions; each target is one test. */
export async function fuzzSuite({ runs = Number(process.env.SAT_FUZZ_RUNS) || 0 } = {}) {
  banner('build fuzz: libFuzzer targets (clang, build/fuzz)');
  await buildFuzzers();
  const perTarget = { makers: 6000, narrowphase: 6000, world: 600, '3d': 3000 };
  const out = { passed: 0, failed: 0, notes: [] };
  for (const target of Object.keys(TARGETS)) {
    banner(`run fuzz: ${target} (${runs || perTarget[target]} executions)`);
    try {
      const r = await runTarget(target, { runs: runs || perTarget[target], quiet: true, skipKnown: true });
      if (r.crashed) {
        out.failed += 1;
        out.notes.push(`fuzz_${target} crashed: replay with build/fuzz/fuzz_${target} ${r.artifacts.join(' ')}`);
      } else {
        out.passed += 1;
      }
    } catch (err) {
      out.failed += 1;
      out.notes.push(`fuzz_${target}: ${err.message}`);
    }
  }
  return out;
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const seconds = Number(opt('time') ?? process.env.SAT_FUZZ_TIME ?? 60);
  const runs = opt('runs') ? Number(opt('runs')) : undefined;
  const keepGoing = args.includes('--keep-going');
  const skipKnown = args.includes('--skip-known');
  const wanted = args.filter((a) => !a.startsWith('--'));
  for (const t of wanted) {
    if (!(t in TARGETS)) {
      console.error(`fuzz: unknown target '${t}' (known: ${Object.keys(TARGETS).join(', ')})`);
      return 2;
    }
  }
  const targets = wanted.length ? wanted : Object.keys(TARGETS);
  if (!args.includes('--no-build')) await buildFuzzers();
  const results = [];
  for (const target of targets) {
    banner(`fuzz ${target}: ${TARGETS[target].what} (${runs ? `${runs} runs` : `${seconds} s`})`);
    results.push(await runTarget(target, { runs, seconds, keepGoing, skipKnown }));
  }
  banner('fuzz summary');
  for (const r of results) {
    console.log(
      `  ${r.target.padEnd(12)} ${r.crashed ? 'CRASH' : 'ok   '} ${r.executions} executions in ${r.seconds.toFixed(0)} s`,
    );
    for (const a of r.artifacts) console.log(`      replay: build/fuzz/fuzz_${r.target} ${a}`);
  }
  return results.some((r) => r.crashed) ? 1 : 0;
}

if (isMain(import.meta.url)) process.exitCode = await main();
