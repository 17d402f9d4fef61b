/**
 * Loading as a web build does (not the editor or its preview): the module is the .wasm that the builder hook put
 * beside index.html, fetched (game-package.ts serves the hook's web build). The other test files run with the
 * engine's test constants, which say PREVIEW: they load the module's BufferAsset instead.
 */
jest.mock(
  'cc',
  () => require('./game-package').withGamePackage({ ...jest.requireActual('../../exports/base'), ...jest.requireActual('../../exports/2d') }),
  { virtual: true },
);
jest.mock('cc/env', () => ({ ...jest.requireActual('../constants-for-test'), PREVIEW: false, EDITOR: false }), { virtual: true });

import { chooseLoadPlan, currentPlatform, getSAT, loadWithPlan } from './ext/runtime/loader';
import { box, manager, newScene, record, startEngine, step } from './helpers';

const fetched: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  // startEngine awaits the load that began at import; record what a second load fetches
  globalThis.fetch = ((url: string) => (fetched.push(url), realFetch(url))) as typeof fetch;
  return startEngine();
});

test('a web build loads the fetched .wasm, and the components work', () => {
  expect(chooseLoadPlan()).toBe('web');
  expect(getSAT()!.variant).toBe('baseline');
  const canvas = newScene();
  const a = box(canvas, 'A', 0, 0, 100, 100);
  box(canvas, 'B', 90, 0, 100, 100);
  const rec = record(a);
  step();
  expect(rec.pairs()).toEqual(['begin-contact A-B']);
  rec.stop();
  expect(manager().isReady).toBe(true);
});

test('the plan fetches sat-wasm/sat-baseline.wasm beside the page', async () => {
  const sat = await loadWithPlan('web', currentPlatform());
  expect(fetched).toEqual(['sat-wasm/sat-baseline.wasm']);
  expect(sat.overlaps(sat.box(2, 2), { x: 0, y: 0 }, sat.circle(1), { x: 1.5, y: 0 })).toBe(true);
});
