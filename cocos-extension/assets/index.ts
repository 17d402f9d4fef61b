/**
 * sat-wasm for Cocos Creator: import what you need from 'db://sat-wasm/index'.
 *
 * ```ts
 * import { SATCollisionManager, SATBox, SATContactEvent } from 'db://sat-wasm/index';
 * ```
 */
export { SATCollider, SATContactEvent, type SATContact } from './components/SATCollider';
export { SATPolygon } from './components/SATPolygon';
export { SATBox } from './components/SATBox';
export { SATCircle } from './components/SATCircle';
export { SATCapsule } from './components/SATCapsule';
export {
  SATCollisionManager,
  SATDrawFlags,
  SATRaycastType,
  SAT_SYSTEM_ID,
  type SATRaycastResult,
} from './components/SATCollisionManager';
export { getSAT, ensureSATLoaded, loadState, onSATReady, chooseLoadPlan, type LoadPlan } from './runtime/loader';
