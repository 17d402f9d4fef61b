// The installable extension (build/cocos-extension/sat-wasm/) through Cocos Creator's own module loader,
// @cocos/creator-programming-mod-lo (the package the editor and its build pipeline use to decide a script's module
// format, resolve its imports and compile it to SystemJS). Starting from assets/index.ts, every module the
// extension's code reaches must load as an ES module, compile, and resolve its imports to files of the folder.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const installed = path.join(root, 'build/cocos-extension/sat-wasm');

interface Mod {
  type: 'esm' | 'commonjs' | 'json';
  systemjs(resolver?: (specifier: string) => string | undefined): Promise<unknown> | unknown;
}
interface ModLoLike {
  load(url: URL): Promise<Mod> | Mod;
  resolve(specifier: string, from: URL, fromType: Mod['type']): { isExternal: true } | { isExternal: false; url: URL };
  setExternals(externals: string[]): void;
  setAssetPrefixes(prefixes: string[]): void;
}
const { ModLo } = createRequire(import.meta.url)('@cocos/creator-programming-mod-lo') as {
  ModLo: new (options: { _compressUUID: (uuid: string) => string; _importMetaURLValid?: boolean }) => ModLoLike;
};

/** Loads the module graph from `<extension>/assets/index.ts` as Cocos does; returns each module's format. */
async function loadGraph(extension: string): Promise<Map<string, Mod['type']>> {
  const assets = path.join(extension, 'assets');
  // As in a build for a platform without import.meta.url (mini-games): Cocos then rewrites CommonJS ids itself.
  const modLo = new ModLo({ _compressUUID: (uuid) => uuid, _importMetaURLValid: false });
  modLo.setExternals(['cc', 'cc/env']);
  modLo.setAssetPrefixes([`${pathToFileURL(assets).href}/`]);
  const seen = new Map<string, Mod['type']>();
  const queue = [pathToFileURL(path.join(assets, 'index.ts'))];
  while (queue.length) {
    const url = queue.shift()!;
    const rel = path.relative(assets, fileURLToPath(url)).split(path.sep).join('/');
    if (seen.has(rel)) continue;
    const mod = await modLo.load(url);
    const specifiers: string[] = [];
    await mod.systemjs((specifier) => {
      specifiers.push(specifier);
      return undefined;
    });
    seen.set(rel, mod.type);
    for (const specifier of specifiers) {
      const resolved = modLo.resolve(specifier, url, mod.type);
      if (!resolved.isExternal) queue.push(resolved.url);
    }
  }
  return seen;
}

describe("Cocos Creator's module loader on the built extension", () => {
  it('loads every module the extension reaches as an ES module', async () => {
    const graph = await loadGraph(installed);
    for (const f of ['index.ts', 'components/SATCollisionManager.ts', 'runtime/loader.ts', 'lib/index.js', 'lib/loader.js', 'lib/world.js', 'lib/files.js', 'lib/wasm/sat-baseline.js']) {
      expect([f, graph.get(f)]).toEqual([f, 'esm']);
    }
    expect([...graph].filter(([, type]) => type !== 'esm')).toEqual([]);
  }, 120_000);

  it("fails without lib/package.json's \"type\": \"module\" (the check can fail)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sat-cocos-format-'));
    try {
      cpSync(installed, path.join(dir, 'sat-wasm'), { recursive: true });
      rmSync(path.join(dir, 'sat-wasm/assets/lib/package.json'));
      await expect(loadGraph(path.join(dir, 'sat-wasm'))).rejects.toThrow(/Unexpected (export|import) statement in CJS module/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// WeChat mini-games and some native runtimes have no `URL` global and no import.meta.url: nothing the extension
// ships may need either.
describe('the extension without URL and import.meta.url', () => {
  const lib = path.join(installed, 'assets/lib');

  it('ships no script that reads import.meta or constructs a URL', () => {
    const offenders: string[] = [];
    for (const f of readdirSync(lib, { recursive: true }).map(String)) {
      if (!f.endsWith('.js')) continue;
      const text = readFileSync(path.join(lib, f), 'utf8');
      if (/import\.meta|new URL\(/.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
    // the npm package does use them (bundlers follow new URL(..., import.meta.url)): the check sees them there
    expect(readFileSync(path.join(root, 'dist/files.js'), 'utf8')).toMatch(/new URL\(.*import\.meta\.url/);
  });

  it.each(['baseline', 'asmjs'] as const)('loads the %s build and answers a query with URL deleted', (prefer) => {
    // the module's files as the runtime loader passes them: the .wasm's bytes, or the asm.js script's factory
    const script = `
      delete globalThis.URL;
      const { readFileSync } = await import('node:fs');
      const { loadSAT } = await import(${JSON.stringify(pathToFileURL(path.join(lib, 'index.js')).href)});
      const native = ${JSON.stringify(path.join(installed, 'native'))};
      const options = ${JSON.stringify(prefer)} === 'asmjs'
        ? { prefer: 'asmjs', moduleFactory: new Function(readFileSync(native + '/sat-asmjs.js', 'utf8') + '\\nreturn createSATModule;')() }
        : { prefer: 'baseline', wasmBinary: readFileSync(native + '/sat-baseline.wasm') };
      const sat = await loadSAT(options);
      const a = sat.box(2, 2), b = sat.box(2, 2);
      const m = sat.collide(a, { x: 0, y: 0 }, b, { x: 1.5, y: 0 });
      console.log(JSON.stringify({ variant: sat.variant, url: typeof URL, depth: m.depth, nx: m.normal.x }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out).toEqual({ variant: prefer, url: 'undefined', depth: expect.closeTo(0.5, 5), nx: 1 });
  }, 60_000);

  it('names the way out when asked for a build whose glue the extension does not ship', () => {
    const script = `
      const { loadSAT } = await import(${JSON.stringify(pathToFileURL(path.join(lib, 'index.js')).href)});
      for (const options of [{ prefer: 'simd', wasmBinary: new Uint8Array(8) }, { prefer: 'asmjs' }, { prefer: 'baseline' }]) {
        try { await loadSAT(options); console.log('loaded'); } catch (e) { console.log(e.code + ': ' + e.message); }
      }
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^LoadFailed: .*ships only the baseline build's glue, not the simd build's/);
    expect(lines[1]).toMatch(/^LoadFailed: .*not the asmjs build's: use prefer: 'baseline', or pass options.moduleFactory/);
    expect(lines[2]).toMatch(/^LoadFailed: .*no default location .*pass options.wasmBinary/);
  }, 60_000);
});
