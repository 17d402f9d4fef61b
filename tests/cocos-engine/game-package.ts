/**
 * What a Cocos build or the editor gives the extension's runtime loader, for the real-engine tests. The module is
 * not one of the extension's scripts: the builder hook (hooks.js) copies it into each game package. Here the real
 * hook writes a web build and an iOS native build into temporary folders, and the loader reads them the ways the
 * platforms offer: `fetch` beside the page (jsdom has none: one that reads the web build's folder), `jsb.fileUtils`
 * on native (reading the iOS build's data folder), and in the editor the module's BufferAsset, put into the real
 * `assetManager`'s cache as the editor's asset library would serve it.
 *
 * Each test file calls this from its `jest.mock('cc', ...)` factory, so it runs before the extension's modules load
 * (they start loading the module at once): `jest.mock('cc', () => require('./game-package').withGamePackage({...}))`.
 * `scripts/cocos-engine.mjs` passes the installed extension's folder in SAT_EXTENSION_DIR.
 */
import { mkdtempSync, readFileSync, existsSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

type CC = Record<string, any>;

const extension = process.env.SAT_EXTENSION_DIR;
if (!extension || !existsSync(path.join(extension, 'hooks.js'))) {
  throw new Error(`SAT_EXTENSION_DIR (${extension}) is not the installed extension: run the tests with scripts/cocos-engine.mjs`);
}
const hooks = require(path.join(extension, 'hooks.js'));
const quiet = { log() {} };

function build(platform: string): string {
  const dest = mkdtempSync(path.join(tmpdir(), `sat-game-${platform}-`));
  const native = platform === 'ios';
  const result = native ? { dest, paths: { dir: path.join(dest, 'data') } } : { dest };
  hooks.copyModule({ platform }, result, extension, quiet);
  hooks.copyModule3D({ platform }, result, extension, quiet);
  return native ? path.join(dest, 'data') : dest;
}

/** The bytes in an ArrayBuffer of the test's realm (jsdom's globals; Node's Buffer lives in the outer one). */
const exactBuffer = (b: Buffer): ArrayBuffer => new Uint8Array(b).buffer as ArrayBuffer;

/**
 * Installs the game package's files for the platform the test poses as, and returns the `cc` module. With
 * `platform: 'ios'` the engine's `sys` says iOS native (the asm.js path).
 */
export function withGamePackage(cc: CC, { platform = 'web-mobile' }: { platform?: 'web-mobile' | 'ios' } = {}): CC {
  const g = globalThis as Record<string, unknown>;
  const web = build('web-mobile');
  g.fetch = async (url: string) => {
    const file = path.join(web, String(url));
    const found = !/^[a-z]+:/i.test(String(url)) && existsSync(file);
    const bytes = found ? readFileSync(file) : Buffer.alloc(0);
    return { ok: found, status: found ? 200 : 404, arrayBuffer: async () => exactBuffer(bytes), text: async () => bytes.toString('utf8') };
  };
  const data = build('ios');
  g.jsb = {
    fileUtils: {
      isFileExist: (p: string) => existsSync(path.join(data, p)),
      getDataFromFile: (p: string) => exactBuffer(readFileSync(path.join(data, p))),
      getStringFromFile: (p: string) => readFileSync(path.join(data, p), 'utf8'),
    },
  };
  // the editor's asset library: the modules' BufferAssets (2D and 3D) under the UUIDs of their .meta files
  for (const bin of ['sat-baseline.bin', 'sat3d-baseline.bin']) {
    const meta = JSON.parse(readFileSync(path.join(extension!, `assets/lib/wasm/${bin}.meta`), 'utf8'));
    const asset = new cc.BufferAsset();
    asset._uuid = meta.uuid;
    asset._nativeAsset = exactBuffer(readFileSync(path.join(extension!, `assets/lib/wasm/${bin}`)));
    cc.assetManager.assets.add(meta.uuid, asset);
  }
  if (platform === 'ios') {
    cc.sys.isNative = true;
    cc.sys.os = cc.sys.OS.IOS;
    cc.sys.platform = cc.sys.Platform.IOS;
  }
  return cc;
}
