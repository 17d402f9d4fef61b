/**
 * The components inside the real engine: one Jest file (one engine start) running the cases of each subject,
 * *.cases.ts. The editor and asm.js cases need other module mocks and have files of their own. `cc` also holds
 * the 3D exports (Mesh, Camera), primitives and the geometry renderer for the 3D cases.
 */
jest.mock(
  'cc',
  () =>
    require('./game-package').withGamePackage({
      ...jest.requireActual('../../exports/base'),
      ...jest.requireActual('../../exports/2d'),
      ...jest.requireActual('../../exports/3d'),
      ...jest.requireActual('../../exports/primitive'),
      ...jest.requireActual('../../exports/geometry-renderer'),
    }),
  { virtual: true },
);
jest.mock('cc/env', () => jest.requireActual('../constants-for-test'), { virtual: true });

import { startEngine } from './helpers';
import { startEngine3D } from './helpers3d';
import './contacts.cases';
import './lifecycle.cases';
import './transforms.cases';
import './shapes.cases';
import './queries.cases';
import './manager.cases';
import './faults.cases';
import './oracle.cases';
import './colliders3d.cases';
import './queries3d.cases';

beforeAll(async () => {
  await startEngine();
  await startEngine3D();
});
