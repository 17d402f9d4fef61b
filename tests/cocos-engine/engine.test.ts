/**
 * The components inside the real engine: one Jest file (one engine start) running the cases of each subject,
 * *.cases.ts. The editor and asm.js cases need other module mocks and have files of their own.
 */
jest.mock(
  'cc',
  () => require('./game-package').withGamePackage({ ...jest.requireActual('../../exports/base'), ...jest.requireActual('../../exports/2d') }),
  { virtual: true },
);
jest.mock('cc/env', () => jest.requireActual('../constants-for-test'), { virtual: true });

import { startEngine } from './helpers';
import './contacts.cases';
import './lifecycle.cases';
import './transforms.cases';
import './shapes.cases';
import './queries.cases';
import './manager.cases';
import './faults.cases';
import './oracle.cases';

beforeAll(startEngine);
