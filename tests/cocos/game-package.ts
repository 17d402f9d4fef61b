// The game packages a Cocos build makes, for the component and loader tests: the extension's real builder hook
// (hooks.js) writes a web build and an iOS native build into temporary folders, and the two ways the runtime
// loader reads them are served from there: `fetch` of a relative path (as a browser fetches beside index.html) and
// `jsb.fileUtils` (as Cocos' native runtime reads its data folder). Loaded as a Vitest setup file.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hooks = createRequire(import.meta.url)(path.join(root, 'cocos-extension/hooks.js'));
const quiet = { log() {} };

/** Runs the builder hook for a platform into a new folder; returns the folder the game reads its files from. */
export function buildGamePackage(platform: string): string {
  const dest = mkdtempSync(path.join(tmpdir(), `sat-game-${platform}-`));
  packages.push(dest);
  const native = platform === 'ios' || platform === 'android';
  hooks.copyModule({ platform }, native ? { dest, paths: { dir: path.join(dest, 'data') } } : { dest }, path.join(root, 'cocos-extension'), quiet);
  return native ? path.join(dest, 'data') : dest;
}
const packages: string[] = [];
afterAll(() => packages.forEach((d) => rmSync(d, { recursive: true, force: true })));

const web = buildGamePackage('web-mobile');
const ios = buildGamePackage('ios');
const android = buildGamePackage('android');
/** Where `jsb.fileUtils` reads: the iOS package unless a test points it elsewhere. */
export const nativeRoot = { dir: ios, ios, android };

const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (/^[a-z]+:/i.test(url)) return realFetch(input, init);
  const file = path.join(web, url);
  if (!existsSync(file)) return new Response('not found', { status: 404 });
  return new Response(readFileSync(file), { status: 200, headers: { 'Content-Type': 'application/wasm' } });
}) as typeof fetch;

(globalThis as Record<string, unknown>).jsb = {
  fileUtils: {
    isFileExist: (p: string) => existsSync(path.join(nativeRoot.dir, p)),
    getDataFromFile: (p: string) => {
      const b = readFileSync(path.join(nativeRoot.dir, p));
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    },
    getStringFromFile: (p: string) => readFileSync(path.join(nativeRoot.dir, p), 'utf8'),
  },
};
