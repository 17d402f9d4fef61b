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

import { Vec2 } from 'cc';
import { getSAT, SATRaycastType } from './ext/index';
import { box, capsule, circle, manager, names, newScene, polygon, record, startEngine, step } from './helpers';

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
