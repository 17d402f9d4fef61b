/**
 * Names and numbers shared by the colliders, the collision system and the manager component, with the values of
 * their PhysicsSystem2D counterparts where they mean the same (ERaycast2DType, EPhysics2DDrawFlags, Contact2DType).
 */
import { BitMask, Enum } from 'cc';

/**
 * What debug drawing shows. `Shape` and `Aabb` have the values of EPhysics2DDrawFlags; `Contact` and `Mtv` use
 * bits that EPhysics2DDrawFlags leaves free, so a Cocos flag value never turns on something else here.
 */
export enum SATDrawFlags {
  None = 0,
  /** collider outlines (white; static cyan, sensors yellow) */
  Shape = 0x0001,
  /** world bounds (blue) */
  Aabb = 0x0004,
  /** contact points (red) */
  Contact = 0x0100,
  /** the minimum translation vector at the first contact point (green) */
  Mtv = 0x0200,
  All = 0x0001 | 0x0004 | 0x0100 | 0x0200,
}
BitMask(SATDrawFlags);

/** Which hits a raycast returns; the values of ERaycast2DType. */
export enum SATRaycastType {
  /** the closest hit */
  Closest = 0,
  /** some hit (here: the closest, which costs no more) */
  Any = 1,
  /** the closest hit on each collider hit, closest first */
  AllClosest = 2,
  /** every collider hit, closest first; one hit per collider (its closest), as AllClosest */
  All = 3,
}
Enum(SATRaycastType);

/**
 * Event names. BEGIN_CONTACT, END_CONTACT, PRE_SOLVE and POST_SOLVE are Contact2DType's strings, so
 * `collider.on(Contact2DType.BEGIN_CONTACT, ...)` works unchanged; STAY_CONTACT is every frame while touching.
 * PRE_SOLVE / POST_SOLVE are emitted around push-apart (only while it is on), for pairs it would move.
 */
export const SATContactType = {
  BEGIN_CONTACT: 'begin-contact',
  STAY_CONTACT: 'stay-contact',
  END_CONTACT: 'end-contact',
  PRE_SOLVE: 'pre-solve',
  POST_SOLVE: 'post-solve',
} as const;

/** Earlier name of SATContactType. */
export const SATContactEvent = SATContactType;

/** The world's broad phase (see the sat-wasm world docs): grid by default, tree when few colliders move. */
export enum SATBroadPhase {
  Grid = 0,
  Tree = 1,
  SweepAndPrune = 2,
}
Enum(SATBroadPhase);

export const broadPhaseName = (b: SATBroadPhase): 'grid' | 'tree' | 'sap' =>
  b === SATBroadPhase.Tree ? 'tree' : b === SATBroadPhase.SweepAndPrune ? 'sap' : 'grid';

/** Mask of a group with no collision matrix entry, and of queries without one: every group. */
export const ALL_GROUPS = 0xffffffff;
