// Each platform branch of the extension's loader (runtime/loader.ts): which plan a platform gets, and that the
// plan really loads the module from the game package the builder hook made (game-package.ts): web by fetch, Android
// and iOS native through jsb.fileUtils (iOS as asm.js), WeChat through a fake WXWebAssembly.
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sys } from 'cc';
import {
  chooseLoadPlan,
  currentPlatform,
  FILES,
  loadOptionsFor,
  loadWithPlan,
  WECHAT_WASM_PATH,
  type PlatformInfo,
} from '../../cocos-extension/assets/runtime/loader';
import { nativeRoot } from './game-package';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const hooks = require(path.join(root, 'cocos-extension/hooks.js'));
const RealWebAssembly = globalThis.WebAssembly;
const saved = { ...sys };
const g = globalThis as Record<string, unknown>;

afterEach(() => {
  Object.assign(sys, saved);
  g.WebAssembly = RealWebAssembly;
  delete g.WXWebAssembly;
  delete g.wx;
});

const platform = (p: Partial<PlatformInfo>): PlatformInfo => ({
  ...currentPlatform(),
  isNative: false,
  os: sys.OS.LINUX,
  platform: sys.Platform.DESKTOP_BROWSER,
  editor: false,
  webAssembly: RealWebAssembly,
  wxWebAssembly: null,
  ...p,
});
afterEach(() => {
  nativeRoot.dir = nativeRoot.ios;
});

describe('chooseLoadPlan', () => {
  it('picks web, native, editor, wechat and asm.js by platform', () => {
    expect(chooseLoadPlan(platform({}))).toBe('web');
    expect(chooseLoadPlan(platform({ platform: sys.Platform.MOBILE_BROWSER, os: sys.OS.IOS }))).toBe('web'); // iOS Safari has WebAssembly
    expect(chooseLoadPlan(platform({ isNative: true, os: sys.OS.ANDROID, platform: sys.Platform.ANDROID }))).toBe('native');
    expect(chooseLoadPlan(platform({ isNative: true, os: 'Windows', platform: 'WIN32' }))).toBe('native');
    expect(chooseLoadPlan(platform({ editor: true }))).toBe('editor');
    expect(chooseLoadPlan(platform({ isNative: true, os: sys.OS.IOS, platform: sys.Platform.IOS }))).toBe('asmjs');
    expect(chooseLoadPlan(platform({ isNative: true, os: sys.OS.ANDROID, webAssembly: null }))).toBe('asmjs');
    expect(chooseLoadPlan(platform({ webAssembly: null }))).toBe('web'); // and fails by name: see below
    expect(chooseLoadPlan(platform({ platform: sys.Platform.WECHAT_GAME, wxWebAssembly: {} }))).toBe('wechat');
    // WeChat without WXWebAssembly (base library older than 2.13): the web way, which names what is missing
    expect(chooseLoadPlan(platform({ platform: sys.Platform.WECHAT_GAME, webAssembly: null }))).toBe('web');
  });

  it('reads the running platform from cc.sys and the globals', () => {
    sys.isNative = true;
    sys.os = sys.OS.IOS;
    sys.platform = sys.Platform.IOS;
    expect(currentPlatform()).toMatchObject({ isNative: true, os: 'iOS', platform: 'IOS' });
    expect(chooseLoadPlan()).toBe('asmjs');
  });
});

describe('loading per platform', () => {
  it('web: the .wasm the hook put beside the page, fetched', async () => {
    const options = await loadOptionsFor('web', platform({}));
    expect(options.prefer).toBe('baseline');
    expect(Buffer.from(options.wasmBinary as ArrayBuffer)).toEqual(readFileSync(path.join(root, 'cocos-extension/native/sat-baseline.wasm')));
    const sat = await loadWithPlan('web', platform({}));
    expect(sat.variant).toBe('baseline');
    expect(sat.overlaps(sat.box(2, 2), { x: 0, y: 0 }, sat.circle(1), { x: 1.5, y: 0 })).toBe(true);
  });

  it('web: a build without the module file fails with a message naming the hook', async () => {
    const files = { bytes: (p: string) => currentPlatform().files.bytes(`missing/${p}`), text: async () => '' };
    await expect(loadWithPlan('web', platform({ files }))).rejects.toThrow(/cannot read missing\/sat-wasm\/sat-baseline\.wasm .*HTTP 404.*builder hook/);
  });

  it('web without WebAssembly: a clear error (asm.js ships to iOS native only)', async () => {
    await expect(loadWithPlan('web', platform({ webAssembly: null }))).rejects.toThrow(/no WebAssembly/);
  });

  it('Android native: the .wasm of the data folder, through jsb.fileUtils', async () => {
    sys.isNative = true;
    sys.os = sys.OS.ANDROID;
    sys.platform = sys.Platform.ANDROID;
    nativeRoot.dir = nativeRoot.android;
    expect(chooseLoadPlan()).toBe('native');
    const sat = await loadWithPlan(chooseLoadPlan());
    expect(sat.variant).toBe('baseline');
    expect(sat.createWorld().bodyCount).toBe(0);
    // the iOS package holds the asm.js script instead: reading the .wasm there fails by name
    nativeRoot.dir = nativeRoot.ios;
    await expect(loadWithPlan('native')).rejects.toThrow(/cannot read sat-wasm\/sat-baseline\.wasm .*no such file/);
  });

  it('iOS native: the asm.js build, its script read through jsb.fileUtils', async () => {
    sys.isNative = true;
    sys.os = sys.OS.IOS;
    sys.platform = sys.Platform.IOS;
    expect(chooseLoadPlan()).toBe('asmjs');
    const options = await loadOptionsFor('asmjs');
    expect(typeof options.moduleFactory).toBe('function');
    const sat = await loadWithPlan(chooseLoadPlan());
    expect(sat.variant).toBe('asmjs');
    expect(sat.collide(sat.box(2, 2), { x: 0, y: 0 }, sat.box(2, 2), { x: 1.5, y: 0 })!.depth).toBeCloseTo(0.5, 5);
    expect(existsSync(path.join(nativeRoot.ios, FILES.wasm))).toBe(false); // the .wasm is not in an iOS build
  });

  it('the editor and its preview: the BufferAsset by UUID (none in this stand-in: a clear error)', async () => {
    await expect(loadWithPlan('editor', platform({ editor: true }))).rejects.toThrow(/cannot load lib\/wasm\/sat-baseline\.bin/);
  });

  describe('WeChat: WXWebAssembly.instantiate on the file the builder hook copied', () => {
    const games: string[] = [];
    afterAll(() => games.forEach((d) => rmSync(d, { recursive: true, force: true })));

    /** A WeChat game folder built by the real hook, a fake wx file system and WXWebAssembly over it. */
    function fakeWeChat(brotli: boolean) {
      const dest = mkdtempSync(path.join(tmpdir(), 'sat-wechat-'));
      games.push(dest);
      hooks.copyModule({ platform: 'wechatgame', packages: { 'sat-wasm': { brotli } } }, { dest }, path.join(root, 'cocos-extension'), { log() {} });
      const paths: string[] = [];
      const wx = {
        getFileSystemManager: () => ({
          accessSync(p: string) {
            if (!existsSync(path.join(dest, p))) throw new Error(`no such file ${p}`);
          },
        }),
      };
      const WXWebAssembly = {
        // Like WeChat's: takes a package path (never bytes); decodes .br itself; no validate / RuntimeError.
        instantiate(p: string, imports: WebAssembly.Imports) {
          if (typeof p !== 'string') throw new TypeError('WXWebAssembly.instantiate takes a path');
          paths.push(p);
          let bytes = readFileSync(path.join(dest, p));
          if (p.endsWith('.br')) bytes = brotliDecompressSync(bytes);
          return RealWebAssembly.instantiate(bytes, imports);
        },
        Memory: RealWebAssembly.Memory,
        Table: RealWebAssembly.Table,
        Instance: RealWebAssembly.Instance,
        Module: RealWebAssembly.Module,
      };
      sys.platform = sys.Platform.WECHAT_GAME;
      sys.os = sys.OS.ANDROID;
      g.wx = wx;
      g.WXWebAssembly = WXWebAssembly;
      return { dest, paths };
    }

    it('loads the .wasm.br the hook wrote (default)', async () => {
      const { paths } = fakeWeChat(true);
      expect(chooseLoadPlan()).toBe('wechat');
      const sat = await loadWithPlan('wechat');
      expect(paths).toEqual([`${WECHAT_WASM_PATH}.br`]);
      expect(sat.variant).toBe('baseline');
      expect(sat.createWorld().bodyCount).toBe(0);
    });

    it('loads the plain .wasm when the build was made without brotli', async () => {
      const { paths } = fakeWeChat(false);
      await loadWithPlan('wechat');
      expect(paths).toEqual([WECHAT_WASM_PATH]);
    });

    it('falls back to the other file name when the file system cannot tell (no wx.getFileSystemManager)', async () => {
      const { paths } = fakeWeChat(false);
      delete g.wx;
      const sat = await loadWithPlan('wechat');
      expect(paths).toEqual([`${WECHAT_WASM_PATH}.br`, WECHAT_WASM_PATH]);
      expect(sat.variant).toBe('baseline');
    });

    it('fails with a clear error (instead of waiting forever) when the build has no module file', async () => {
      const { dest } = fakeWeChat(true);
      rmSync(path.join(dest, 'sat-wasm'), { recursive: true });
      await expect(loadWithPlan('wechat')).rejects.toThrow(/could not load sat-wasm\/sat-baseline\.wasm\.br or sat-wasm\/sat-baseline\.wasm .*builder hook/);
    });

    it("still loads WebAssembly (not asm.js) when the adapter set WebAssembly = WXWebAssembly, which lacks validate", async () => {
      const { paths } = fakeWeChat(true);
      g.WebAssembly = g.WXWebAssembly;
      const sat = await loadWithPlan('wechat', currentPlatform());
      expect(sat.variant).toBe('baseline');
      expect(paths).toHaveLength(1);
    });

    it('works where the game has no global WebAssembly object (installs one over WXWebAssembly)', async () => {
      const { paths } = fakeWeChat(true);
      g.WebAssembly = undefined;
      const info = currentPlatform();
      expect(info.webAssembly).toBeNull();
      expect(chooseLoadPlan(info)).toBe('wechat');
      const sat = await loadWithPlan('wechat', info);
      expect(sat.variant).toBe('baseline');
      expect(paths).toHaveLength(1);
      expect(typeof (globalThis.WebAssembly as unknown as { validate: unknown }).validate).toBe('function');
    });
  });
});
