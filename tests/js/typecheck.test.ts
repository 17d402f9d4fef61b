// tsc --noEmit over tsconfig.json: the package sources, these tests and the benchmarks' TypeScript, strict. Vitest
// strips types without checking them, so a test could import a name the built declarations do not have and still
// run; this makes such drift fail. Run once, in the default suite (the no-dynamic-execution run skips it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { allowsCodeGeneration } from '../../dist/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

it.skipIf(!allowsCodeGeneration())('the package sources, the tests and the benchmarks type-check (tsconfig.json)', () => {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
  expect(`${r.stdout}${r.stderr}${r.status === 0 ? '' : `(exit ${r.status})`}`).toBe('');
}, 120_000);
