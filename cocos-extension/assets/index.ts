/**
 * sat-wasm for Cocos Creator: import what you need from 'db://sat-wasm/index'.
 *
 * ```ts
 * import { SATCollisionManager, SATBox, SATContactType } from 'db://sat-wasm/index';
 * ```
 */
export { SATCollider, type SATContact, type SATWorldManifold, type SATContactCallback } from './components/SATCollider';
export { SATPolygon } from './components/SATPolygon';
export { SATBox } from './components/SATBox';
export { SATCircle } from './components/SATCircle';
export { SATCapsule } from './components/SATCapsule';
export { SATCollisionManager } from './components/SATCollisionManager';
export { SATCollisionSystem, SAT_SYSTEM_ID, SYSTEM_DEFAULTS, type SATRaycastResult } from './system/SATCollisionSystem';
export { SATBroadPhase, SATContactEvent, SATContactType, SATDrawFlags, SATRaycastType } from './runtime/types';
export { SATGroup } from './runtime/groups';
export { getSAT, ensureSATLoaded, loadState, onSATReady, chooseLoadPlan, type LoadPlan } from './runtime/loader';
