// tsc --noEmit of every TypeScript file of the extension against @cocos/creator-types (plus the declared cc/env),
// with a Cocos Creator 3.8 project's compiler settings (tests/cocos/tsconfig.json); and the README's usage example
// compiled the way a user project sees it (imports from db://sat-wasm/...).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function runTsc(project: string): string {
  const r = spawnSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
  return `${r.stdout}${r.stderr}${r.status === 0 ? '' : `(exit ${r.status})`}`;
}

it('the extension type-checks against @cocos/creator-types', () => {
  expect(runTsc('tests/cocos/tsconfig.json')).toBe('');
});

it("the README's usage example type-checks in a user project", () => {
  const readme = readFileSync(path.join(root, 'cocos-extension/README.md'), 'utf8');
  const usage = readme.slice(readme.indexOf('## Usage'));
  const example = /```ts\n([\s\S]*?)```/.exec(usage)![1];
  expect(example).toContain("from 'db://sat-wasm/index'");
  const dir = mkdtempSync(path.join(tmpdir(), 'sat-cocos-example-'));
  try {
    writeFileSync(path.join(dir, 'Example.ts'), example);
    const base = JSON.parse(readFileSync(path.join(root, 'tests/cocos/tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
    const config = {
      compilerOptions: {
        ...base.compilerOptions,
        baseUrl: dir,
        paths: { 'db://sat-wasm/*': [path.join(root, 'cocos-extension/assets/*')] },
      },
      files: [
        path.join(root, 'node_modules/@cocos/creator-types/engine/cc.d.ts'),
        path.join(root, 'tests/cocos/types/cc-env.d.ts'),
        path.join(dir, 'Example.ts'),
      ],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
    expect(runTsc(path.join(dir, 'tsconfig.json'))).toBe('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
