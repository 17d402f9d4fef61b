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
  it('registers hooks.js for every platform, and a brotli option for WeChat mini-games', () => {
    for (const config of [builder.configs['*'], builder.configs.wechatgame]) {
      expect(path.resolve(ext, config.hooks)).toBe(path.join(ext, 'hooks.js'));
    }
    expect(builder.configs.wechatgame.options.brotli.default).toBe(true);
    expect(typeof hooks.onAfterBuild).toBe('function');
    expect(hooks.throwError).toBe(true);
  });

  it('names the same game-package paths as the runtime loader', () => {
    const loader = readFileSync(path.join(ext, 'assets/runtime/loader.ts'), 'utf8');
    const files = /export const FILES = \{\s*wasm: '([^']+)',\s*asmjs: '([^']+)',/.exec(loader)!;
    expect([hooks.BUILD_FILES.wasm.target, hooks.BUILD_FILES.asmjs.target]).toEqual([files[1], files[2]]);
    // and the editor's BufferAsset UUID is the .meta's
    const meta = JSON.parse(readFileSync(path.join(ext, 'assets/lib/wasm/sat-baseline.bin.meta'), 'utf8'));
    expect(loader).toContain(`MODULE_ASSET_UUID = '${meta.uuid}'`);
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
    hooks.copyModule({ platform: 'wechatgame' }, { dest }, ext, quiet);
    const out = hooks.copyModule({ platform: 'wechatgame', packages: { 'sat-wasm': { brotli: false } } }, { dest }, ext, quiet);
    expect(out).toBe(path.join(dest, 'sat-wasm/sat-baseline.wasm'));
    expect(readFileSync(out)).toEqual(wasm);
    expect(existsSync(path.join(dest, 'sat-wasm/sat-baseline.wasm.br'))).toBe(false);
  });

  it('puts the .wasm beside index.html in web builds', async () => {
    for (const platform of ['web-mobile', 'web-desktop']) {
      const dest = fakeBuild();
      await hooks.onAfterBuild({ platform, packages: {} }, { dest });
      expect(readFileSync(path.join(dest, 'sat-wasm/sat-baseline.wasm'))).toEqual(wasm);
      expect(existsSync(path.join(dest, 'sat-wasm/sat-asmjs.js'))).toBe(false);
    }
  });

  it('puts the .wasm into the data folder of native builds, and the asm.js script (only) into iOS ones', () => {
    const asmjs = readFileSync(path.join(ext, 'native/sat-asmjs.js'));
    for (const platform of ['android', 'windows', 'mac', 'ios']) {
      const dest = fakeBuild();
      const data = path.join(dest, 'data');
      const out = hooks.copyModule({ platform }, { dest, paths: { dir: data } }, ext, quiet);
      const ios = platform === 'ios';
      expect(out).toBe(path.join(data, ios ? 'sat-wasm/sat-asmjs.js' : 'sat-wasm/sat-baseline.wasm'));
      expect(readFileSync(out)).toEqual(ios ? asmjs : wasm);
      expect(existsSync(path.join(data, ios ? 'sat-wasm/sat-baseline.wasm' : 'sat-wasm/sat-asmjs.js'))).toBe(false);
    }
    // a result without paths: <dest>/data
    const dest = fakeBuild();
    expect(hooks.copyModule({ platform: 'android' }, { dest }, ext, quiet)).toBe(path.join(dest, 'data/sat-wasm/sat-baseline.wasm'));
  });

  it('ships the asm.js glue as a classic script that defines createSATModule', () => {
    const text = readFileSync(path.join(ext, 'native/sat-asmjs.js'), 'utf8');
    expect(text).not.toMatch(/^\s*(export|import)\b/m);
    expect(typeof new Function(`${text}\nreturn createSATModule;`)()).toBe('function');
  });

  it('fails with a clear message when the extension lacks its module', () => {
    const dest = fakeBuild();
    const empty = mkdtempSync(path.join(tmpdir(), 'sat-ext-'));
    dirs.push(empty);
    expect(() => hooks.copyModule({ platform: 'wechatgame' }, { dest }, empty, quiet)).toThrow(/sat-baseline\.wasm is missing/);
  });
});

describe('the 3D module in builds', () => {
  const wasm3 = readFileSync(path.join(ext, 'native/sat3d-baseline.wasm'));
  /** A project folder with the given files under assets/. */
  function fakeProject(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'sat-project-'));
    dirs.push(dir);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, 'assets', rel)), { recursive: true });
      writeFileSync(path.join(dir, 'assets', rel), text);
    }
    return dir;
  }
  const boxMeta = JSON.parse(readFileSync(path.join(ext, 'assets/components3d/SATBoxCollider3D.ts.meta'), 'utf8'));

  it('names the same game-package paths and editor asset as the 3D runtime loader', () => {
    const loader = readFileSync(path.join(ext, 'assets/runtime/loader3d.ts'), 'utf8');
    const files = /export const FILES_3D = \{\s*wasm: '([^']+)',\s*asmjs: '([^']+)',/.exec(loader)!;
    expect([hooks.BUILD_FILES_3D.wasm.target, hooks.BUILD_FILES_3D.asmjs.target]).toEqual([files[1], files[2]]);
    const meta = JSON.parse(readFileSync(path.join(ext, 'assets/lib/wasm/sat3d-baseline.bin.meta'), 'utf8'));
    expect(loader).toContain(`MODULE_3D_ASSET_UUID = '${meta.uuid}'`);
  });

  it('compresses UUIDs as the engine decodes them', () => {
    // the example of the engine's decodeUuid (cocos/core/utils/decode-uuid.ts)
    expect(hooks.compressUuid('fc991dd7-0033-4b80-9d41-c8a86a702e59', 2)).toBe('fcmR3XADNLgJ1ByKhqcC5Z');
    expect(hooks.compressUuid(boxMeta.uuid, 5)).toHaveLength(23);
    expect(hooks.compressUuid(boxMeta.uuid, 5).slice(0, 5)).toBe(boxMeta.uuid.slice(0, 5));
  });

  it("auto: copied when a scene, a prefab or a script uses a 3D component, not for a 2D-only project", () => {
    const id = hooks.compressUuid(boxMeta.uuid, 5);
    const scene = fakeProject({ 'level/main.scene': `[{"__type__": "cc.Node"}, {"__type__": "${id}", "_size": {}}]`, 'game.ts': 'export {}' });
    const prefab = fakeProject({ 'crate.prefab': '[{"__type__": "SATSphereCollider3D"}]' });
    const script = fakeProject({ 'src/player.ts': "import { SATCapsuleCollider3D } from 'db://sat-wasm/index';" });
    const only2d = fakeProject({
      'main.scene': '[{"__type__": "cc.Node"}, {"__type__": "SATBox"}]',
      'player.ts': "import { SATBox, SATCollisionManager } from 'db://sat-wasm/index'; // SATBoxCollider3Dx is not a name",
    });
    expect(path.basename(hooks.projectUses3D(scene, ext))).toBe('main.scene');
    expect(path.basename(hooks.projectUses3D(prefab, ext))).toBe('crate.prefab');
    expect(path.basename(hooks.projectUses3D(script, ext))).toBe('player.ts');
    expect(hooks.projectUses3D(only2d, ext)).toBeNull();
    const auto = { platform: 'web-mobile', packages: {} };
    expect(hooks.wants3D(auto, scene, ext).copy).toBe(true);
    expect(hooks.wants3D(auto, only2d, ext)).toEqual({ copy: false, why: 'no scene, prefab or script of the project uses a 3D collider' });
    expect(hooks.wants3D({ platform: 'web-mobile', packages: { 'sat-wasm': { module3d: 'always' } } }, only2d, ext).copy).toBe(true);
    expect(hooks.wants3D({ platform: 'web-mobile', packages: { 'sat-wasm': { module3d: 'never' } } }, scene, ext).copy).toBe(false);
    expect(hooks.wants3D(auto, undefined, ext).copy).toBe(true); // no project folder: copied, to be safe
    expect(builder.configs['*'].options.module3d.default).toBe('auto');
    expect(builder.configs.wechatgame.options.module3d).toBe(builder.configs['*'].options.module3d);
  });

  it('copies the 3D file each platform needs beside the 2D one', () => {
    const asmjs3 = readFileSync(path.join(ext, 'native/sat3d-asmjs.js'));
    for (const platform of ['web-mobile', 'wechatgame', 'android', 'ios']) {
      const dest = fakeBuild();
      const native = platform === 'android' || platform === 'ios';
      const result = native ? { dest, paths: { dir: path.join(dest, 'data') } } : { dest };
      const out = hooks.copyModule3D({ platform, packages: {} }, result, ext, quiet);
      const bytes = readFileSync(out);
      if (platform === 'wechatgame') expect(brotliDecompressSync(bytes)).toEqual(wasm3);
      else expect(bytes).toEqual(platform === 'ios' ? asmjs3 : wasm3);
      expect(path.relative(dest, out)).toBe(
        { 'web-mobile': 'sat-wasm/sat3d-baseline.wasm', wechatgame: 'sat-wasm/sat3d-baseline.wasm.br', android: 'data/sat-wasm/sat3d-baseline.wasm', ios: 'data/sat-wasm/sat3d-asmjs.js' }[platform],
      );
    }
    const text = asmjs3.toString('utf8');
    expect(text).not.toMatch(/^\s*(export|import)\b/m);
    expect(typeof new Function(`${text}\nreturn createSATModule;`)()).toBe('function');
  });
});
