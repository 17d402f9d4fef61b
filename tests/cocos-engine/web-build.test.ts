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
import { load3DWithPlan } from './ext/runtime/loader3d';
import { box, manager, newScene, record, startEngine, step } from './helpers';
import { box3, newScene3, record3, sphere3, startEngine3D } from './helpers3d';

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

test('the 3D module: the plan fetches sat-wasm/sat3d-baseline.wasm, and the 3D colliders work', async () => {
  fetched.length = 0;
  const sat3 = await load3DWithPlan('web', currentPlatform());
  expect(fetched).toEqual(['sat-wasm/sat3d-baseline.wasm']);
  expect(sat3.variant).toBe('baseline');
  expect(sat3.overlaps(sat3.box(1, 1, 1), { x: 0, y: 0, z: 0 }, sat3.sphere(1), { x: 1.5, y: 0, z: 0 })).toBe(true);
  await startEngine3D();
  const root = newScene3();
  const a = box3(root, 'A', [0, 0, 0]);
  sphere3(root, 'B', [0.9, 0, 0], 0.5);
  const rec = record3(a);
  step();
  expect(rec.pairs()).toEqual(['onCollisionEnter A-B']);
  expect(rec.log[0].depth).toBeCloseTo(0.1, 5); // the sphere's centre 0.4 from the face, radius 0.5
  rec.stop();
});
