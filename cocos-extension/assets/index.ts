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

// 3D: the components and their system (the 3D module itself loads on first use; see the README's 3D section)
export {
  SATCollider3D,
  SATCollisionEventType3D,
  type SATCollisionEvent3D,
  type SATContact3D,
  type SATCollisionCallback3D,
} from './components3d/SATCollider3D';
export { SATBoxCollider3D } from './components3d/SATBoxCollider3D';
export { SATSphereCollider3D } from './components3d/SATSphereCollider3D';
export { SATCapsuleCollider3D, SATAxis3D } from './components3d/SATCapsuleCollider3D';
export { SATConvexCollider3D } from './components3d/SATConvexCollider3D';
export { SATCollisionManager3D, SATRaycastResult3D, SAT_SYSTEM_3D_ID, MAX_RAY_DISTANCE_3D } from './system3d/SATCollisionManager3D';
export { SATDrawFlags3D } from './system3d/debug-draw3d';
export { getSAT3D, ensureSAT3DLoaded, load3DState, onSAT3DReady } from './runtime/loader3d';
