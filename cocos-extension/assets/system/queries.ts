/** Raycasts and point / box queries of the world, answered as colliders (PhysicsSystem2D's shapes of results). */
import { Vec2, type IVec2Like, type Rect } from 'cc';
import type { Shape, World, WorldRayHit } from '../lib/index.js';
import { ALL_GROUPS, SATRaycastType } from '../runtime/types';
import type { SATCollider } from '../components/SATCollider';
import type { BodyTable } from './bodies';

/** One raycast hit, as RaycastResult2D. */
export interface SATRaycastResult {
  collider: SATCollider;
  /** the convex part of the collider hit (a decomposed concave polygon has several) */
  fixtureIndex: number;
  /** world hit point */
  point: Vec2;
  /** unit surface normal at the hit, facing the ray */
  normal: Vec2;
  /** point = p1 + fraction * (p2 - p1) */
  fraction: number;
}

/** Queries see every group the mask names (each body's own matrix entry still applies, see QueryFilter). */
const filterFor = (mask: number) => ({ group: ALL_GROUPS, mask: mask >>> 0 });

export function raycast(world: World, bodies: BodyTable, p1: IVec2Like, p2: IVec2Like, type: SATRaycastType, mask: number): SATRaycastResult[] {
  const hits: WorldRayHit[] = [];
  if (type === SATRaycastType.All || type === SATRaycastType.AllClosest) hits.push(...world.raycastAll(p1.x, p1.y, p2.x, p2.y, filterFor(mask)));
  else {
    const hit = world.raycast(p1.x, p1.y, p2.x, p2.y, filterFor(mask));
    if (hit) hits.push(hit);
  }
  const out: SATRaycastResult[] = [];
  for (const h of hits) {
    const collider = bodies.colliderOf(h.body);
    if (!collider) continue;
    out.push({ collider, fixtureIndex: h.shape, point: new Vec2(h.point.x, h.point.y), normal: new Vec2(h.normal.x, h.normal.y), fraction: h.fraction });
  }
  return out;
}

export function testPoint(world: World, bodies: BodyTable, p: IVec2Like, mask: number): SATCollider[] {
  return colliders(bodies, world.queryPoint(p.x, p.y, filterFor(mask)));
}

/**
 * Colliders whose shape overlaps the rectangle: `unitBox` (a 1 x 1 box) scaled to it. A degenerate rectangle is
 * a point or a segment, where its bounds are exact.
 */
export function testAABB(world: World, bodies: BodyTable, unitBox: () => Shape, rect: Rect, mask: number): SATCollider[] {
  if (!(rect.width > 0 && rect.height > 0)) {
    return colliders(bodies, world.queryAABB(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, filterFor(mask)));
  }
  const xf = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, angle: 0, scaleX: rect.width, scaleY: rect.height };
  return colliders(bodies, world.queryShape(unitBox(), xf, filterFor(mask)));
}

function colliders(bodies: BodyTable, ids: number[]): SATCollider[] {
  const out: SATCollider[] = [];
  for (const id of ids) {
    const c = bodies.colliderOf(id);
    if (c) out.push(c);
  }
  return out;
}
