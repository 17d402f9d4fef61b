// tsc --noEmit of every TypeScript file of the extension against @cocos/creator-types (plus the declared cc/env),
// with a Cocos Creator 3.8 project's compiler settings (tests/cocos/tsconfig.json); and the installed extension in a
// project laid out as Cocos 3.8 lays it out, with the README's usage example (imports from db://sat-wasm/...).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * A Cocos Creator 3.8 project as the editor lays it out for type checking: `temp/tsconfig.cocos.json` as the editor
 * generates it (ES2015 modules, strict, the engine's declarations in `types`, and a `paths` entry per mounted asset
 * database: `db://assets/*`, `db://internal/*` and, once the extension is enabled, `db://sat-wasm/*`), and the
 * project's own `tsconfig.json` from the 3.8 template, which extends it. No `include`: tsc checks every .ts file of
 * the project, the extension's shipped declarations among them, and without `skipLibCheck`.
 */
function cocosProject(strict: boolean | undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sat-cocos-project-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  cpSync(path.join(root, 'build/cocos-extension/sat-wasm'), path.join(dir, 'extensions/sat-wasm'), { recursive: true });
  mkdirSync(path.join(dir, 'internal'));
  write('temp/declarations/cc.d.ts', `/// <reference path=${JSON.stringify(path.join(root, 'node_modules/@cocos/creator-types/engine/cc.d.ts'))}/>\ndeclare const cc: never;\n`);
  write('temp/declarations/cc.env.d.ts', readFileSync(path.join(root, 'tests/cocos/types/cc-env.d.ts'), 'utf8'));
  write(
    'temp/tsconfig.cocos.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2015',
        module: 'ES2015',
        strict: true,
        types: ['./temp/declarations/cc', './temp/declarations/cc.env'],
        paths: {
          'db://internal/*': [path.join(dir, 'internal/*')],
          'db://assets/*': [path.join(dir, 'assets/*')],
          'db://sat-wasm/*': [path.join(dir, 'extensions/sat-wasm/assets/*')],
        },
        experimentalDecorators: true,
        isolatedModules: true,
        moduleResolution: 'node',
        noEmit: true,
        forceConsistentCasingInFileNames: true,
      },
    }),
  );
  const project: Record<string, unknown> = { extends: './temp/tsconfig.cocos.json' };
  if (strict !== undefined) project.compilerOptions = { strict };
  write('tsconfig.json', JSON.stringify(project));
  // The README's usage examples (2D and 3D), and a project script next to them (db://assets/ must keep resolving).
  const readme = readFileSync(path.join(root, 'cocos-extension/README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Usage')))![1];
  expect(example).toContain("from 'db://sat-wasm/index'");
  write('assets/scripts/Player.ts', example);
  const example3d = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## 3D')))![1];
  expect(example3d).toContain('SATCollisionManager3D');
  write('assets/scripts/Crate.ts', example3d);
  write('assets/scripts/Score.ts', "import { Player } from 'db://assets/scripts/Player';\nexport const playerClass: typeof Player = Player;\n");
  return dir;
}

/**
 * tsc's errors outside the engine's own declarations. @cocos/creator-types' cc.d.ts alone misses the WebGPU and
 * editor-only declarations that the editor's temp/declarations add, so its own files report errors here that a
 * real project does not have; every other file (the extension's scripts and .d.ts, the project's) must be clean.
 */
function projectErrors(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /error TS\d+/.test(line) && !/creator-types[\\/]engine[\\/]cc\.d\.ts\(/.test(line));
}

it.each([
  ['the template (strict: false)', false],
  ['strict: true', true],
] as const)("a Cocos 3.8 project with the extension type-checks: %s, the shipped .d.ts files included", (_name, strict) => {
  const dir = cocosProject(strict);
  try {
    expect(projectErrors(runTsc(path.join(dir, 'tsconfig.json')))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);

it("a user's own paths entry replaces Cocos' generated ones (the README warns against it)", () => {
  const dir = cocosProject(undefined);
  try {
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: './temp/tsconfig.cocos.json',
        compilerOptions: { paths: { 'db://sat-wasm/*': ['./extensions/sat-wasm/assets/*'] } },
      }),
    );
    expect(runTsc(path.join(dir, 'tsconfig.json'))).toMatch(/Cannot find module 'db:\/\/assets\/scripts\/Player'/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
