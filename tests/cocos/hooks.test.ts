// The builder contribution (builder.js + hooks.js) against a fake build output folder.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ext = path.join(root, 'cocos-extension');
const require = createRequire(import.meta.url);
const builder = require(path.join(ext, 'builder.js'));
const hooks = require(path.join(ext, 'hooks.js'));
const wasm = readFileSync(path.join(ext, 'native/sat-baseline.wasm'));
const quiet = { log() {} };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function fakeBuild(): string {
  const dest = mkdtempSync(path.join(tmpdir(), 'sat-build-'));
  dirs.push(dest);
  mkdirSync(path.join(dest, 'src'));
  writeFileSync(path.join(dest, 'game.js'), '// the game');
  return dest;
}

describe('builder contribution', () => {
  it('registers hooks.js for WeChat mini-games with a brotli option', () => {
    const config = builder.configs.wechatgame;
    expect(path.resolve(ext, config.hooks)).toBe(path.join(ext, 'hooks.js'));
    expect(config.options.brotli.default).toBe(true);
    expect(typeof hooks.onAfterBuild).toBe('function');
    expect(hooks.throwError).toBe(true);
  });

  it('copies the module as sat-wasm/sat-baseline.wasm.br into a WeChat build', async () => {
    const dest = fakeBuild();
    await hooks.onAfterBuild({ platform: 'wechatgame', packages: {} }, { dest });
    const br = path.join(dest, 'sat-wasm/sat-baseline.wasm.br');
    expect(existsSync(br)).toBe(true);
    expect(brotliDecompressSync(readFileSync(br))).toEqual(wasm);
    expect(readFileSync(br).length).toBeLessThan(wasm.length / 2);
    expect(readFileSync(path.join(dest, 'game.js'), 'utf8')).toBe('// the game'); // nothing else touched
  });

  it('copies the plain .wasm without brotli, and removes a .br of an earlier build', () => {
    const dest = fakeBuild();
    hooks.copyWasm({ platform: 'wechatgame' }, { dest }, ext, quiet);
    const out = hooks.copyWasm({ platform: 'wechatgame', packages: { 'sat-wasm': { brotli: false } } }, { dest }, ext, quiet);
    expect(out).toBe(path.join(dest, 'sat-wasm/sat-baseline.wasm'));
    expect(readFileSync(out)).toEqual(wasm);
    expect(existsSync(path.join(dest, 'sat-wasm/sat-baseline.wasm.br'))).toBe(false);
  });

  it('does nothing for web and native builds (their bytes ship in a script)', () => {
    for (const platform of ['web-mobile', 'web-desktop', 'android', 'ios']) {
      const dest = fakeBuild();
      expect(hooks.copyWasm({ platform }, { dest }, ext, quiet)).toBeNull();
      expect(existsSync(path.join(dest, 'sat-wasm'))).toBe(false);
    }
  });

  it('fails with a clear message when the extension lacks its module', () => {
    const dest = fakeBuild();
    const empty = mkdtempSync(path.join(tmpdir(), 'sat-ext-'));
    dirs.push(empty);
    expect(() => hooks.copyWasm({ platform: 'wechatgame' }, { dest }, empty, quiet)).toThrow(/sat-baseline\.wasm is missing/);
  });
});
