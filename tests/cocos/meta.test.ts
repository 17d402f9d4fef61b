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
    for (const f of ['README.md', 'builder.js', 'hooks.js', 'native/sat-baseline.wasm', 'assets/lib/index.js', 'assets/lib/wasm/sat-asmjs.js', 'assets/lib/wasm/sat-baseline-bytes.js', 'assets/components/SATCollisionManager.ts.meta']) {
      expect([f, existsSync(path.join(out, 'sat-wasm', f))]).toEqual([f, true]);
    }
    const zip = readFileSync(path.join(out, `sat-wasm-${pkg.version}.zip`));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('sat-wasm/assets/components/SATPolygon.ts.meta'))).toBe(true);
  });

  it('ships scripts that import the glue as .js (no .mjs left)', () => {
    const lib = path.join(out, 'sat-wasm/assets/lib');
    const loader = readFileSync(path.join(lib, 'loader.js'), 'utf8');
    expect(loader).toContain("'./wasm/sat-baseline.js'");
    expect(loader).not.toMatch(/\.mjs['"]/);
  });
});
