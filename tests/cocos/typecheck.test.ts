// tsc --noEmit of every TypeScript file of the extension against @cocos/creator-types (plus the declared cc/env),
// with a Cocos Creator 3.8 project's compiler settings (tests/cocos/tsconfig.json).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('the extension type-checks against @cocos/creator-types', () => {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', 'tests/cocos/tsconfig.json', '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
});
