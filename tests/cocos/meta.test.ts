// The extension as users install it: every asset has a .meta whose UUID is unique and never changes (user
// scenes reference components by these UUIDs), package.json is a valid Cocos 3.8 extension, and the build made
// the installable folder and zip.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ext = path.join(root, 'cocos-extension');
const assets = path.join(ext, 'assets');
const committed: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'tests/cocos/meta-uuids.json'), 'utf8'));

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (f.endsWith('.meta')) continue;
    const r = rel ? `${rel}/${f}` : f;
    out.push(r);
    if (statSync(path.join(dir, f)).isDirectory()) out.push(...walk(path.join(dir, f), r));
  }
  return out;
}

const readMeta = (rel: string) => JSON.parse(readFileSync(path.join(assets, `${rel}.meta`), 'utf8'));

describe('.meta files', () => {
  const entries = walk(assets);

  it('every asset and folder has one', () => {
    expect(entries.filter((e) => !existsSync(path.join(assets, `${e}.meta`)))).toEqual([]);
    expect(entries.length).toBeGreaterThan(20);
  });

  it('UUIDs are unique, well formed and the committed ones (stable across builds)', () => {
    const found: Record<string, string> = {};
    for (const e of entries) found[e] = readMeta(e).uuid;
    for (const u of Object.values(found)) expect(u).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(Object.values(found)).size).toBe(entries.length);
    expect(found).toEqual(committed);
  });

  it('metas carry the importer of their asset', () => {
    for (const e of entries) {
      const meta = readMeta(e);
      const expected = statSync(path.join(assets, e)).isDirectory()
        ? 'directory'
        : e.endsWith('.ts')
          ? 'typescript'
          : e.endsWith('.json')
            ? 'json'
            : e.endsWith('.bin')
              ? 'buffer'
              : 'javascript';
      expect([e, meta.importer]).toEqual([e, expected]);
      expect(meta.imported).toBe(true);
      if (expected === 'javascript') expect(meta.userData.isPlugin).toBe(false); // ES modules, not plugin scripts
    }
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8'));
  it('is a Cocos Creator 3.8 extension mounting ./assets read-only, with a builder contribution', () => {
    expect(pkg.package_version).toBe(2);
    expect(pkg.name).toBe('sat-wasm');
    expect(pkg.editor).toBe('>=3.8.0');
    expect(pkg.contributions['asset-db'].mount).toEqual({ path: './assets', readonly: true });
    expect(existsSync(path.join(ext, pkg.contributions.builder))).toBe(true);
    expect(pkg.type).toBeUndefined(); // builder.js and hooks.js are CommonJS for the editor
  });
});

describe('npm run build output', () => {
  const out = path.join(root, 'build/cocos-extension');
  it('is a folder named as the package, with the module inside, and a zip of it', () => {
    const pkg = JSON.parse(readFileSync(path.join(out, 'sat-wasm/package.json'), 'utf8'));
    expect(pkg.name).toBe('sat-wasm');
    for (const f of ['README.md', 'builder.js', 'hooks.js', 'native/sat-baseline.wasm', 'native/sat-asmjs.js', 'assets/lib/index.js', 'assets/lib/package.json', 'assets/lib/wasm/sat-baseline.js', 'assets/lib/wasm/sat-baseline.bin', 'assets/components/SATCollisionManager.ts.meta']) {
      expect([f, existsSync(path.join(out, 'sat-wasm', f))]).toEqual([f, true]);
    }
    const zip = readFileSync(path.join(out, `sat-wasm-${pkg.version}.zip`));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('sat-wasm/assets/components/SATPolygon.ts.meta'))).toBe(true);
  });

  it('measures what each platform carries: the scripts and the one module file its build needs', () => {
    const payload = JSON.parse(readFileSync(path.join(out, 'payload.json'), 'utf8'));
    const wasmKb = +(statSync(path.join(out, 'sat-wasm/native/sat-baseline.wasm')).size / 1024).toFixed(1);
    const asmjsKb = +(statSync(path.join(out, 'sat-wasm/native/sat-asmjs.js')).size / 1024).toFixed(1);
    expect(payload.platforms['web-mobile'].moduleFile).toBe('sat-wasm/sat-baseline.wasm');
    expect(payload.platforms.wechatgame.moduleFile).toBe('sat-wasm/sat-baseline.wasm.br');
    expect(payload.platforms.android.moduleFile).toBe('data/sat-wasm/sat-baseline.wasm');
    expect(payload.platforms.ios.moduleFile).toBe('data/sat-wasm/sat-asmjs.js');
    expect(payload.platforms['web-mobile'].module.kb).toBe(wasmKb);
    expect(payload.platforms.ios.module.kb).toBe(asmjsKb);
    // the scripts every build carries hold no build of either module
    const web = payload.platforms['web-mobile'];
    expect(web.scripts.kb - web.scripts3d.kb).toBeLessThan(Math.min(wasmKb, asmjsKb) * 2);
    expect(web.scripts3d.kb).toBeLessThan(web.module3d.kb);
    // the 3D module is a file of its own, added only to builds of projects that use it
    const wasm3Kb = +(statSync(path.join(out, 'sat-wasm/native/sat3d-baseline.wasm')).size / 1024).toFixed(1);
    expect(web.module3dFile).toBe('sat-wasm/sat3d-baseline.wasm');
    expect(web.module3d.kb).toBe(wasm3Kb);
    expect(payload.platforms.wechatgame.module3dFile).toBe('sat-wasm/sat3d-baseline.wasm.br');
    expect(payload.platforms.ios.module3dFile).toBe('data/sat-wasm/sat3d-asmjs.js');
    type Row = { scripts: { kb: number }; module: { kb: number }; module3d: { kb: number }; total: { kb: number }; total3d: { kb: number } };
    for (const p of Object.values(payload.platforms) as Row[]) {
      expect(p.total.kb).toBeCloseTo(p.scripts.kb + p.module.kb, 0);
      expect(p.total3d.kb).toBeCloseTo(p.total.kb + p.module3d.kb, 0);
    }
  });

  it('ships the baseline glue scripts (2D and 3D, each also without dynamic execution for WeChat), imported as .js (no .mjs left)', () => {
    const lib = path.join(out, 'sat-wasm/assets/lib');
    expect(readFileSync(path.join(lib, 'files.js'), 'utf8')).toContain("from './wasm/sat-baseline.js'");
    expect(readFileSync(path.join(lib, 'files.js'), 'utf8')).toContain("from './wasm/sat-baseline-nodyn.js'");
    expect(readFileSync(path.join(lib, 'files3.js'), 'utf8')).toContain("from './wasm/sat3d-baseline.js'");
    expect(readFileSync(path.join(lib, 'files3.js'), 'utf8')).toContain("from './wasm/sat3d-baseline-nodyn.js'");
    for (const f of readdirSync(lib).filter((f) => f.endsWith('.js'))) {
      expect([f, readFileSync(path.join(lib, f), 'utf8')]).not.toEqual([f, expect.stringMatching(/\.mjs['"]/)]);
    }
    expect(readdirSync(path.join(lib, 'wasm')).filter((f) => f.endsWith('.js'))).toEqual(['sat-baseline-nodyn.js', 'sat-baseline.js', 'sat3d-baseline-nodyn.js', 'sat3d-baseline.js']);
  });
});
