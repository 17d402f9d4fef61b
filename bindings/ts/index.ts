/**
 * sat-wasm: Separating Axis Theorem collision detection for web games, compiled from C++ to WebAssembly.
 *
 * ```ts
 * import { loadSAT } from 'sat-wasm';
 * const sat = await loadSAT();
 * const box = sat.box(2, 1);
 * const ball = sat.circle(0.5);
 * const hit = sat.collide(box, { x: 0, y: 0 }, ball, { x: 1.2, y: 0.1 });
 * if (hit) console.log(hit.normal, hit.depth, hit.contacts);
 * ```
 * @packageDocumentation
 */
export { loadSAT, hasSIMD, hasWebAssembly, chooseVariant, allowsCodeGeneration, type LoadOptions } from './loader.js';
export { SAT, Shape, type ShapeKind, type Variant } from './api.js';
export { CollisionBatch } from './batch.js';
export { SATError, type SATErrorCode } from './errors.js';
export type { AxisCache, AxisSource, ExplainedAxis, Explanation } from './explain.js';
export {
  World,
  matrixToTransform,
  CONTACT_WORDS,
  ContactFlags,
  ContactWord,
  SHAPE_CONTACT_WORDS,
  TRANSFORM_STRIDE,
  type BodyDef,
  type BodyOptions,
  type ChainOptions,
  type BodyShape,
  type BodyType,
  type BroadPhase,
  type ContactView,
  type PairCallback,
  type PartCallback,
  type PairFilter,
  type PushApartOptions,
  type QueryFilter,
  type RejectedBody,
  type SetTransformOptions,
  type WorldContact,
  type WorldDistance,
  type WorldShapeOverlap,
  type WorldContacts,
  type WorldEvents,
  type WorldOptions,
  type WorldRayHit,
  type WorldShapeContact,
  type WorldStats,
} from './world.js';
export type {
  AABB,
  CollideManyOptions,
  CollideManyResult,
  Contact,
  DistanceResult,
  Manifold,
  ManifoldResult,
  PointsInput,
  Ray,
  RaycastHit,
  Transform,
  Vec2,
} from './types.js';
