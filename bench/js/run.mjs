// The JavaScript benchmarks by name, each in its own process (they load their own modules and peers):
//   node bench/js/run.mjs [scene] [narrow] [narrow-3d] [world3] [bindings] [-- flags passed to each]
// No name: all of them. `npm run bench` (scripts/bench.mjs) builds first and runs the same files by name.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = {
  scene: 'scene.mjs',
  narrow: 'narrow_phase.mjs',
  'narrow-3d': 'narrow_phase_3d.mjs',
  world3: 'world3_scene.mjs',
  bindings: 'bindings.mjs',
};
const argv = process.argv.slice(2);
const names = argv.filter((a) => !a.startsWith('-'));
const flags = argv.filter((a) => a.startsWith('-') && a !== '--');
const unknown = names.filter((n) => !(n in files));
if (unknown.length) {
  console.error(`run.mjs: unknown benchmark(s) ${unknown.join(', ')}; known: ${Object.keys(files).join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const name of names.length ? names : Object.keys(files)) {
  console.log(`\n==== ${name} (bench/js/${files[name]}) ====`);
  const r = spawnSync(process.execPath, [join(here, files[name]), ...flags], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
