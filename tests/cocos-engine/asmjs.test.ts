/**
 * The asm.js path, as on iOS native (JavaScriptCore without WebAssembly): `sys` says iOS native and there is no
 * WebAssembly object when the extension loads; the loader picks the asm.js build by itself, reads the script the
 * builder hook put into the data folder through jsb.fileUtils, and the components work the same.
 */
const savedWebAssembly = globalThis.WebAssembly;
jest.mock(
  'cc',
  () => {
    // the factory runs on the first require of 'cc', before the extension's modules: hide WebAssembly from them
    Object.defineProperty(globalThis, 'WebAssembly', { value: undefined, configurable: true, writable: true });
    const cc = { ...jest.requireActual('../../exports/base'), ...jest.requireActual('../../exports/2d') };
    return require('./game-package').withGamePackage(cc, { platform: 'ios' });
  },
  { virtual: true },
);
jest.mock('cc/env', () => jest.requireActual('../constants-for-test'), { virtual: true });

import { geometry, Vec2 } from 'cc';
import { getSAT, SATRaycastType } from './ext/index';
import { box, capsule, circle, manager, names, newScene, polygon, record, startEngine, step } from './helpers';
import { box3, capsule3, manager3, newScene3, record3, sphere3, startEngine3D } from './helpers3d';

beforeAll(startEngine);
afterAll(() => Object.defineProperty(globalThis, 'WebAssembly', { value: savedWebAssembly, configurable: true, writable: true }));

test('the loader picked the asm.js build', () => {
  expect(typeof globalThis.WebAssembly).toBe('undefined');
  expect(getSAT()!.variant).toBe('asmjs');
});

test('contacts, depths and events are those of the WebAssembly build', () => {
  const canvas = newScene();
  const a = box(canvas, 'A', 0, 0, 100, 100);
  box(canvas, 'B', 90, 0, 100, 100);
  circle(canvas, 'ball', -200, 0, 20);
  capsule(canvas, 'pill', -165, 0, 20, 100);
  const vee = polygon(canvas, 'Vee', 0, 300, [[-50, -50], [50, -50], [50, 50], [0, 0], [-50, 50]]);
  vee.decomposeConcave = true;
  circle(canvas, 'horn', 40, 340, 5);
  circle(canvas, 'notch', 0, 340, 5);
  const rec = record(a);
  step();
  const depth = (pair: string) => rec.log.find((r) => r.source === 'manager' && [r.self, r.other].sort().join('-') === pair)!.depth;
  expect(rec.pairs().sort()).toEqual(['begin-contact A-B', 'begin-contact Vee-horn', 'begin-contact ball-pill']);
  expect(depth('A-B')).toBeCloseTo(10, 3);
  expect(depth('ball-pill')).toBeCloseTo(5, 3);
  const hit = manager().raycast(new Vec2(-500, 0), new Vec2(500, 0), SATRaycastType.Closest)[0];
  expect(hit.collider.node.name).toBe('ball');
  expect(hit.point.x).toBeCloseTo(-220, 3);
  expect(names(manager().testPoint(new Vec2(0, 330)))).toEqual([]);
  rec.stop();
});

test('the 3D module: the asm.js build read from the data folder, with the same answers as the WebAssembly build', async () => {
  await startEngine3D();
  expect(manager3().sat3!.variant).toBe('asmjs');
  const root = newScene3();
  const a = box3(root, 'A', [0, 0, 0]);
  sphere3(root, 'B', [0.9, 0, 0], 0.5);
  capsule3(root, 'C', [0, 3, 0], 0.5, 1);
  const rec = record3(a);
  step();
  expect(rec.pairs()).toEqual(['onCollisionEnter A-B']);
  expect(rec.log[0].depth).toBeCloseTo(0.1, 5); // the sphere's centre 0.4 from the face, radius 0.5
  const ray = new geometry.Ray(0, 10, 0, 0, -1, 0);
  expect(manager3().raycastClosest(ray)).toBe(true);
  expect(manager3().raycastClosestResult.collider!.node.name).toBe('C');
  expect(manager3().raycastClosestResult.distance).toBeCloseTo(10 - 4, 4); // cap top at 3 + 0.5 + 0.5
  rec.stop();
});
