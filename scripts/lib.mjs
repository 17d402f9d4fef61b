// Small helpers shared by the npm scripts (build, test, start, bench). No dependencies beyond Node.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Repository root (the parent of scripts/). Every script runs with it as the working directory. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Absolute path of a repository-relative path. */
export const repoPath = (...parts) => path.join(root, ...parts);

/** Parallel build jobs: SAT_JOBS, else the number of CPUs. */
export const jobs = Number(process.env.SAT_JOBS) || os.availableParallelism?.() || os.cpus().length || 2;

/** True when the module whose import.meta.url is given was run directly (`node scripts/x.mjs`). */
export const isMain = (metaUrl) => process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === metaUrl;

/** A section header in the output, easy to spot in a long log. */
export function banner(text) {
  console.log(`\n=== ${text} ===`);
}

/**
 * The environment for Emscripten tools: Debian's emcc needs Debian's node modules (acorn) on NODE_PATH
 * (see TOOLCHAIN.md). Pass it as `env` to every emcc / em++ / emcmake call.
 */
export function emscriptenEnv(extra = {}) {
  const nodePath = ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
  return { ...process.env, NODE_PATH: nodePath, ...extra };
}

/**
 * Runs a command with its output streamed to ours. Resolves (never rejects on a non-zero exit) to
 * { code, signal, ok, output }, where output holds the last `keep` characters of stdout+stderr when
 * `capture` is set (for scanning, e.g. for sanitizer reports). With `echo: false` a captured output is not
 * streamed (the caller prints it, e.g. when several commands run at once). Rejects only if the command cannot start.
 */
export function run(cmd, args = [], { cwd = root, env = process.env, capture = false, echo = true, keep = 1 << 20 } = {}) {
  console.log(`$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'] });
    let output = '';
    if (capture) {
      const take = (sink) => (chunk) => {
        if (echo) sink.write(chunk);
        output += chunk.toString();
        if (output.length > 2 * keep) output = output.slice(-keep);
      };
      child.stdout.on('data', take(process.stdout));
      child.stderr.on('data', take(process.stderr));
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (output.length > keep) output = output.slice(-keep);
      resolve({ code, signal, ok: code === 0, output });
    });
  });
}

/** Like run(), but throws when the command fails. */
export async function mustRun(cmd, args = [], opts = {}) {
  const result = await run(cmd, args, opts);
  if (!result.ok) {
    const how = result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`;
    throw new Error(`${cmd} ${args.join(' ')} failed (${how})`);
  }
  return result;
}

/** Native CMake build trees. Every script uses these, so a tree is configured one way only. */
export const builds = {
  /** Release build of the library, tests, benchmarks and examples. */
  native: { dir: 'build/native', buildType: 'Release', options: {} },
  /**
   * The tests again under AddressSanitizer + UndefinedBehaviorSanitizer (benchmarks are skipped by CMake).
   * -O1 -g without NDEBUG: asserts stay on, and it compiles in about 60% of the time -O2 takes.
   */
  asan: {
    dir: 'build/asan',
    buildType: 'RelWithDebInfo',
    options: { SAT_SANITIZE: 'ON', SAT_EXAMPLES: 'OFF', CMAKE_CXX_FLAGS_RELWITHDEBINFO: '-O1 -g' },
  },
};

/**
 * Configures (cheap when the cache exists) and builds a CMake tree from `builds`, or only `targets`.
 * Throws when configuring or building fails.
 */
export async function cmakeBuild({ dir, buildType, options = {} }, { targets = [] } = {}) {
  mkdirSync(repoPath(dir), { recursive: true });
  const defs = Object.entries({ CMAKE_BUILD_TYPE: buildType, ...options }).map(([k, v]) => `-D${k}=${v}`);
  await mustRun('cmake', ['-S', '.', '-B', dir, ...defs]);
  const targetArgs = targets.length ? ['--target', ...targets] : [];
  await mustRun('cmake', ['--build', dir, '-j', String(jobs), ...targetArgs]);
}

/** Whether a repository-relative path exists. */
export const exists = (relPath) => existsSync(repoPath(relPath));
