// The package as users get it: `npm pack`, install the tarball into an empty folder with no network, and
// `import { loadSAT } from 'sat-wasm'` there, in JavaScript and type-checked TypeScript.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'sat-wasm-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack smoke test', () => {
  it('packs, installs offline into an empty folder, and runs a collide there (every variant)', () => {
    const packOut = execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
    const [info] = JSON.parse(packOut) as { filename: string; files: { path: string }[] }[];
    const files = info.files.map((f) => f.path);
    expect(files.filter((f) => f.includes('files-cocos'))).toEqual([]); // the Cocos extension's, not npm's
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/files.js', 'dist/wasm/sat-simd.d.mts', 'dist/wasm/sat-simd.mjs', 'dist/wasm/sat-simd.wasm', 'dist/wasm/sat-baseline.wasm', 'dist/wasm/sat-asmjs.mjs', 'dist/wasm/sat-simd-narrow.wasm', 'dist/wasm/sat-asmjs-narrow.mjs', 'dist/wasm/sat-simd-mt.mjs', 'dist/wasm/sat-simd-mt.wasm', 'dist/wasm/sat-simd-mt.worker.js', 'dist/wasm/sat-simd-mt.worker.cjs', 'package.json']) {
      expect(files).toContain(f);
    }
    expect(files.some((f) => f.startsWith('cpp/') || f.startsWith('tests/') || f.startsWith('build/'))).toBe(false);

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
    execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: join(work, 'npm-cache') },
    });
    writeFileSync(
      join(app, 'main.mjs'),
      `import { loadSAT, SATError } from 'sat-wasm';
       const out = {};
       for (const prefer of ['simd', 'baseline', 'asmjs']) {
         const sat = await loadSAT({ prefer });
         const m = sat.collide(sat.box(2, 1), { x: 0, y: 0 }, sat.circle(0.5), { x: 1.2, y: 0 });
         let code;
         try { sat.circle(-1); } catch (e) { code = e instanceof SATError ? e.code : 'wrong'; }
         out[prefer] = { variant: sat.variant, depth: m.depth, nx: m.normal.x, code };
       }
       const narrow = await loadSAT({ narrowPhaseOnly: true });
       out.narrow = narrow.overlaps(narrow.circle(1), { x: 0, y: 0 }, narrow.circle(1), { x: 1.5, y: 0 });
       // The threaded build from node_modules (a "type": "module" package: its worker script must be CommonJS).
       const mt = await loadSAT({ threads: 2 });
       const world = mt.createWorld();
       const box = mt.box(2, 2);
       world.add({ shape: box, x: 0, y: 0 });
       world.add({ shape: box, x: 1, y: 0 });
       world.update();
       out.threaded = { threads: mt.threads, begins: world.events.beginCount };
       console.log(JSON.stringify(out));`,
    );
    const result = JSON.parse(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }));
    expect(result.narrow).toBe(true);
    expect(result.threaded).toEqual({ threads: 2, begins: 1 });
    for (const v of ['simd', 'baseline', 'asmjs']) {
      expect(result[v].variant).toBe(v);
      expect(result[v].depth).toBeCloseTo(0.3, 5);
      expect(result[v].nx).toBe(1);
      expect(result[v].code).toBe('InvalidRadius');
    }

    // The types resolve through the exports map.
    writeFileSync(
      join(app, 'check.ts'),
      `import { loadSAT, type Manifold, type SAT } from 'sat-wasm';
       const sat: SAT = await loadSAT({ prefer: 'simd' });
       const m: Manifold | null = sat.collide(sat.circle(1), { x: 0, y: 0 }, sat.circle(1), { x: 1, y: 0 });
       export const depth: number | undefined = m?.depth;
       // the glue's declarations ship too (./wasm/* in the exports map) and must stand on their own
       import createSimd from 'sat-wasm/wasm/sat-simd.mjs';
       import createAsmjs from 'sat-wasm/wasm/sat-asmjs-narrow.mjs';
       import create3D from 'sat-wasm/wasm/sat3d-baseline.mjs';
       export const factories = [createSimd, createAsmjs, create3D];
       import { load3D, type SAT3D } from 'sat-wasm/3d';
       export const sat3: Promise<SAT3D> = load3D();`,
    );
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', 'check.ts'],
      { cwd: app, encoding: 'utf8' },
    );
  });
});
