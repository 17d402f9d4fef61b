#!/usr/bin/env node
// Builds the Cocos Creator extension (step 'cocos' of scripts/build.mjs; needs the 'wasm' step's dist/).
//
// 1. Fills cocos-extension/assets/lib/ with the TypeScript package (dist/*.js and *.d.ts), files-cocos.js in place
//    of files.js, the baseline build's glue (dist/wasm/sat-baseline.mjs as lib/wasm/sat-baseline.js) and a
//    package.json saying "type": "module" (Cocos reads a .js asset as CommonJS without it). These scripts go into
//    every build. The module itself is not a script: cocos-extension/native/ gets sat-baseline.wasm and
//    sat-asmjs.js (the asm.js glue as a classic script), which the builder hook (hooks.js) copies into the builds
//    that need them; lib/wasm/sat-baseline.bin (a BufferAsset, referenced by nothing, so in no build) serves the
//    editor and its preview, where no build hook runs.
//    The 3D entry (3d.js, batch3.js, world3.js, files3-cocos.js as files3.js) and its baseline glue (lib/wasm/sat3d-baseline.js)
//    are scripts too; its module files (native/sat3d-baseline.wasm, native/sat3d-asmjs.js) are copied by the hook
//    only into builds of projects that use 3D colliders, and lib/wasm/sat3d-baseline.bin serves the editor.
//    Every asset needs a committed .meta (fixed UUID): a new file without one is an error.
// 2. Assembles the installable extension in build/cocos-extension/sat-wasm/ (the folder name users install
//    must equal package.json's name) and zips it to build/cocos-extension/sat-wasm-<version>.zip.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { repoPath } from './lib.mjs';

const ext = repoPath('cocos-extension');
const lib = path.join(ext, 'assets', 'lib');
const native = path.join(ext, 'native');
const dist = repoPath('dist');
const outRoot = repoPath('build', 'cocos-extension');

function fail(message) {
  console.error(`build-cocos: ${message}`);
  process.exit(1);
}

/** Writes a file only when its bytes change (keeps mtimes, and the editor's reimports, quiet). */
function writeIfChanged(file, data) {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  if (existsSync(file) && readFileSync(file).equals(bytes)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return true;
}

/** In the extension every script is .js: the glues are imported as './wasm/sat-baseline.js', './wasm/sat3d-baseline-nodyn.js' and so on. */
const renameGlue = (text) => text.replace(/(['"])\.\/wasm\/(sat(?:3d)?-baseline(?:-nodyn)?)\.mjs\1/g, '$1./wasm/$2.js$1');

// ---- 1. the package, the glue and the module files -------------------------------------------------------------

if (!existsSync(path.join(dist, 'index.js'))) fail('dist/index.js is missing: run the wasm build step first (npm run build)');
const written = new Set();
const put = (file, data) => {
  writeIfChanged(file, data);
  written.add(file);
};
for (const f of readdirSync(dist)) {
  // files.* and files3.* are npm's (files-cocos.* and files3-cocos.* take their names)
  if (!/\.(js|d\.ts)$/.test(f) || /^files3?\./.test(f)) continue;
  put(path.join(lib, f.replace(/^(files3?)-cocos\./, '$1.')), renameGlue(readFileSync(path.join(dist, f), 'utf8')));
}
put(path.join(lib, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
const distWasm = path.join(dist, 'wasm');
put(path.join(lib, 'wasm', 'sat-baseline.js'), readFileSync(path.join(distWasm, 'sat-baseline.mjs')));
put(path.join(lib, 'wasm', 'sat-baseline.d.ts'), readFileSync(path.join(distWasm, 'sat-baseline.d.mts')));
// The same module's glue without dynamic code generation (WeChat mini-games refuse `new Function`); same .wasm.
put(path.join(lib, 'wasm', 'sat-baseline-nodyn.js'), readFileSync(path.join(distWasm, 'sat-baseline-nodyn.mjs')));
put(path.join(lib, 'wasm', 'sat-baseline-nodyn.d.ts'), readFileSync(path.join(distWasm, 'sat-baseline-nodyn.d.mts')));

const wasmFile = path.join(distWasm, 'sat-baseline.wasm');
if (!existsSync(wasmFile)) fail('dist/wasm/sat-baseline.wasm is missing');
const wasm = readFileSync(wasmFile);
put(path.join(lib, 'wasm', 'sat-baseline.bin'), wasm);
writeIfChanged(path.join(native, 'sat-baseline.wasm'), wasm);
// The asm.js glue as a classic script that defines createSATModule (runtime/loader.ts evaluates it on iOS native).
const asmjs = readFileSync(path.join(distWasm, 'sat-asmjs.mjs'), 'utf8');
const exportLine = /^export default createSATModule;\s*$/m;
if ((asmjs.match(new RegExp(exportLine.source, 'gm')) ?? []).length !== 1 || /\bimport\b\s*[.(]/.test(asmjs)) {
  fail('dist/wasm/sat-asmjs.mjs: expected one "export default createSATModule;" line and no import: cannot make a classic script');
}
writeIfChanged(path.join(native, 'sat-asmjs.js'), asmjs.replace(exportLine, ''));

// The 3D module: the same files, named sat3d-* (its glue without dynamic code generation too).
put(path.join(lib, 'wasm', 'sat3d-baseline.js'), readFileSync(path.join(distWasm, 'sat3d-baseline.mjs')));
put(path.join(lib, 'wasm', 'sat3d-baseline.d.ts'), readFileSync(path.join(distWasm, 'sat3d-baseline.d.mts')));
put(path.join(lib, 'wasm', 'sat3d-baseline-nodyn.js'), readFileSync(path.join(distWasm, 'sat3d-baseline-nodyn.mjs')));
put(path.join(lib, 'wasm', 'sat3d-baseline-nodyn.d.ts'), readFileSync(path.join(distWasm, 'sat3d-baseline-nodyn.d.mts')));
const wasm3File = path.join(distWasm, 'sat3d-baseline.wasm');
if (!existsSync(wasm3File)) fail('dist/wasm/sat3d-baseline.wasm is missing');
const wasm3 = readFileSync(wasm3File);
put(path.join(lib, 'wasm', 'sat3d-baseline.bin'), wasm3);
writeIfChanged(path.join(native, 'sat3d-baseline.wasm'), wasm3);
const asmjs3 = readFileSync(path.join(distWasm, 'sat3d-asmjs.mjs'), 'utf8');
if ((asmjs3.match(new RegExp(exportLine.source, 'gm')) ?? []).length !== 1 || /\bimport\b\s*[.(]/.test(asmjs3)) {
  fail('dist/wasm/sat3d-asmjs.mjs: expected one "export default createSATModule;" line and no import: cannot make a classic script');
}
writeIfChanged(path.join(native, 'sat3d-asmjs.js'), asmjs3.replace(exportLine, ''));

// Files of an older package build that this one does not write.
for (const dir of [lib, path.join(lib, 'wasm')]) {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isFile() && !f.endsWith('.meta') && !written.has(p)) {
      rmSync(p);
      console.log(`build-cocos: removed stale ${path.relative(ext, p)}`);
    }
  }
}

// Every asset must have a .meta (a fixed UUID keeps references in user projects stable), and every .meta an asset.
const missing = [];
const orphans = [];
(function walk(dir) {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (f.endsWith('.meta')) {
      if (!existsSync(p.slice(0, -'.meta'.length))) orphans.push(path.relative(ext, p));
      continue;
    }
    if (!existsSync(`${p}.meta`)) missing.push(path.relative(ext, p));
    if (statSync(p).isDirectory()) walk(p);
  }
})(path.join(ext, 'assets'));
if (missing.length) {
  fail(
    `assets without a .meta: ${missing.join(', ')}. Add a .meta with a new fixed UUID for each ` +
      '(and the UUID to tests/cocos/meta-uuids.json).',
  );
}
if (orphans.length) fail(`.meta files without their asset: ${orphans.join(', ')}. Delete them (and their tests/cocos/meta-uuids.json rows).`);

// ---- 2. the installable folder and the zip ---------------------------------------------------------------------

const pkg = JSON.parse(readFileSync(path.join(ext, 'package.json'), 'utf8'));
const folder = path.join(outRoot, pkg.name);
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
for (const f of ['package.json', 'README.md', 'builder.js', 'hooks.js', 'assets', 'native']) {
  cpSync(path.join(ext, f), path.join(folder, f), { recursive: true });
}
const zipFile = path.join(outRoot, `${pkg.name}-${pkg.version}.zip`);
rmSync(zipFile, { force: true });
if (spawnSync('sh', ['-c', 'command -v zip'], { stdio: 'ignore' }).status === 0) {
  const r = spawnSync('zip', ['-q', '-r', '-X', zipFile, pkg.name], { cwd: outRoot, stdio: 'inherit' });
  if (r.status !== 0) fail(`zip exited with ${r.status}`);
} else {
  writeZip(zipFile, outRoot, pkg.name);
}
console.log(`build-cocos: ${path.relative(repoPath(), folder)}/ and ${path.relative(repoPath(), zipFile)} ready`);
reportPayload(folder);

// ---- what each platform's build carries -------------------------------------------------------------------------

/**
 * The extension's part of a game build, per platform: its scripts (every build compiles all of them, 2D and 3D;
 * the .ts ones measured as TypeScript's ES2015 output, about what Cocos' compiler makes of them) plus the module
 * files the builder hook adds (hooks.js): the 2D module always, the 3D module only for projects that use 3D
 * colliders. Printed, and written to build/cocos-extension/payload.json (read by tests/cocos/meta.test.ts).
 */
function reportPayload(installed) {
  const require = createRequire(import.meta.url);
  const ts = require(repoPath('node_modules/typescript'));
  const hooks = require(path.join(installed, 'hooks.js'));
  const scripts = [];
  (function walk(dir) {
    for (const f of readdirSync(dir).sort()) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.js')) scripts.push({ file: p, bytes: readFileSync(p) });
      else if (f.endsWith('.ts') && !f.endsWith('.d.ts')) {
        const out = ts.transpileModule(readFileSync(p, 'utf8'), {
          compilerOptions: { target: ts.ScriptTarget.ES2015, module: ts.ModuleKind.ES2015, experimentalDecorators: true, removeComments: true },
        }).outputText;
        scripts.push({ file: p, bytes: Buffer.from(out) });
      }
    }
  })(path.join(installed, 'assets'));
  const sum = (list) => ({
    kb: +(list.reduce((n, b) => n + b.length, 0) / 1024).toFixed(1),
    gzipKb: +(list.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0) / 1024).toFixed(1),
  });
  const scriptBytes = scripts.map((s) => s.bytes);
  const is3D = (file) => /[\\/](components3d|system3d)[\\/]|[\\/](loader3d|placement3d)\.ts$|[\\/](3d|batch3|world3|module3|files3|sat3d-baseline(-nodyn)?)\.js$/.test(file);
  const scripts3D = scripts.filter((s) => is3D(s.file)).map((s) => s.bytes);
  const platforms = {};
  for (const platform of ['web-mobile', 'wechatgame', 'android', 'ios']) {
    const dest = mkdtempSync(path.join(tmpdir(), 'sat-payload-'));
    try {
      const file = hooks.copyModule({ platform, packages: {} }, { dest }, installed, { log() {} });
      const file3 = hooks.copyModule3D({ platform, packages: {} }, { dest }, installed, { log() {} });
      const moduleFile = readFileSync(file);
      const module3File = readFileSync(file3);
      platforms[platform] = {
        moduleFile: path.relative(dest, file).split(path.sep).join('/'),
        module3dFile: path.relative(dest, file3).split(path.sep).join('/'),
        scripts: sum(scriptBytes),
        scripts3d: sum(scripts3D),
        module: sum([moduleFile]),
        module3d: sum([module3File]),
        total: sum([...scriptBytes, moduleFile]),
        total3d: sum([...scriptBytes, moduleFile, module3File]),
      };
    } finally {
      rmSync(dest, { recursive: true, force: true });
    }
  }
  writeFileSync(path.join(outRoot, 'payload.json'), `${JSON.stringify({ scripts: scripts.length, platforms }, null, 2)}\n`);
  for (const [platform, p] of Object.entries(platforms)) {
    console.log(
      `build-cocos: payload ${platform.padEnd(10)} ${String(p.total.kb).padStart(6)} KB (gzip ${p.total.gzipKb} KB): ` +
        `scripts ${p.scripts.kb} KB (3D ${p.scripts3d.kb} KB) + ${p.moduleFile} ${p.module.kb} KB`,
    );
    console.log(
      `build-cocos: payload ${platform.padEnd(10)} ${String(p.total3d.kb).padStart(6)} KB (gzip ${p.total3d.gzipKb} KB) with 3D: ` +
        `+ ${p.module3dFile} ${p.module3d.kb} KB (gzip ${p.module3d.gzipKb} KB)`,
    );
  }
}

// ---- a minimal zip writer (deflate), for machines without the zip command --------------------------------------

function crc32(buf) {
  let c = ~0;
  for (let i = 0; i < buf.length; i++) {
    c ^= buf[i];
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function writeZip(file, cwd, top) {
  const entries = [];
  (function walk(rel) {
    for (const f of readdirSync(path.join(cwd, rel)).sort()) {
      const r = `${rel}/${f}`;
      if (statSync(path.join(cwd, r)).isDirectory()) walk(r);
      else entries.push(r);
    }
  })(top);
  const chunks = [];
  const central = [];
  let offset = 0;
  for (const name of entries) {
    const data = readFileSync(path.join(cwd, name));
    const packed = deflateRawSync(data, { level: 9 });
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: reproducible
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt16LE(0, 12);
    head.writeUInt16LE(0x21, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(packed.length, 20);
    head.writeUInt32LE(data.length, 24);
    head.writeUInt16LE(nameBuf.length, 28);
    head.writeUInt32LE(offset, 42);
    central.push(head, nameBuf);
    chunks.push(local, nameBuf, packed);
    offset += local.length + nameBuf.length + packed.length;
  }
  const centralBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(file, Buffer.concat([...chunks, centralBuf, end]));
}
