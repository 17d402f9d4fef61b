/**
 * Push-apart response over one frame's contacts: Gauss-Seidel over the pairs, each visit moving both bodies
 * along the pair's normal, split by inverse mass (static bodies have none), until the pair's remaining depth is
 * within the slop. Bodies only translate, so a pair's depth along its normal falls by exactly the relative
 * motion along it; no pair is re-collided. Runs in TypeScript (not in the world's update) so that handlers can
 * disable a contact in begin-contact / pre-solve before anything moves.
 */
import type { Node } from 'cc';
import { SATContactType } from '../runtime/types';
import type { BodyTable } from './bodies';
import type { PairContact } from './contacts';
import type { PairEmitter } from './events';

/** A body taking part: its inverse mass and the displacement accumulated this frame. */
export interface PushBody {
  invMass: number;
  pushX: number;
  pushY: number;
}

/** A touching pair: unit normal from a to b, penetration depth. */
export interface PushPair {
  a: PushBody;
  b: PushBody;
  nx: number;
  ny: number;
  depth: number;
}

/** Overlap left alone (and allowed to remain), in world units; as the world's push-apart. */
export const PUSH_SLOP = 0.001;

/** Accumulates each body's displacement in pushX / pushY (callers zero them first). */
export function solvePushApart(pairs: ReadonlyArray<PushPair>, iterations: number, slop = PUSH_SLOP): void {
  for (let iter = 0; iter < iterations; iter++) {
    let moved = false;
    for (const p of pairs) {
      const wSum = p.a.invMass + p.b.invMass;
      if (!(wSum > 0)) continue;
      const relative = (p.b.pushX - p.a.pushX) * p.nx + (p.b.pushY - p.a.pushY) * p.ny;
      const depth = p.depth - relative;
      if (!(depth - slop > 0)) continue;
      const corr = depth - 0.5 * slop;
      const ka = (corr * p.a.invMass) / wSum;
      const kb = (corr * p.b.invMass) / wSum;
      p.a.pushX -= ka * p.nx;
      p.a.pushY -= ka * p.ny;
      p.b.pushX += kb * p.nx;
      p.b.pushY += kb * p.ny;
      moved = true;
    }
    if (!moved) break;
  }
}

// ---- over the frame's contacts ----------------------------------------------------------------------------------

/** A pair still touches as this view knows it (a handler may have ended it). */
const stillTouching = (ct: PairContact) => ct.pair.touching && ct.selfCollider._touching?.get(ct.otherCollider) === ct;
const viewOfB = (ct: PairContact) => ct.otherCollider._touching!.get(ct.selfCollider)!;

/**
 * The push-apart step of a frame: pre-solve for each touching non-sensor pair (A's views in `solving`), the push
 * of those neither disabled nor disabledOnce, nodes moved, then post-solve for the pairs pushed.
 */
export function pushApartContacts(solving: PairContact[], bodies: BodyTable, iterations: number, emit: PairEmitter): void {
  for (const ct of solving) {
    if (stillTouching(ct)) emit(SATContactType.PRE_SOLVE, ct.selfCollider, ct.otherCollider, ct, viewOfB(ct));
  }
  for (const record of bodies.records.values()) record.pushX = record.pushY = 0;
  const pairs: PushPair[] = [];
  const pushed: PairContact[] = [];
  for (const ct of solving) {
    if (!stillTouching(ct) || ct.disabled || ct.disabledOnce) continue;
    const a = bodies.records.get(ct.selfCollider._bodyId);
    const b = bodies.records.get(ct.otherCollider._bodyId);
    if (!a || !b) continue;
    pairs.push({ a, b, nx: ct.normal.x, ny: ct.normal.y, depth: ct.depth });
    pushed.push(ct);
  }
  solvePushApart(pairs, iterations);
  moveNodes(bodies);
  for (const ct of pushed) {
    if (stillTouching(ct)) emit(SATContactType.POST_SOLVE, ct.selfCollider, ct.otherCollider, ct, viewOfB(ct));
  }
}

/**
 * Moves the nodes of pushed bodies. A node with several colliders moves by the mean push of its pushed
 * colliders: pushes between colliders of one node cancel out, pushes from outside carry the node.
 */
function moveNodes(bodies: BodyTable): void {
  const sums = new Map<Node, { dx: number; dy: number; n: number }>();
  for (const record of bodies.records.values()) {
    if (record.pushX === 0 && record.pushY === 0) continue;
    const node = record.collider.node;
    const sum = sums.get(node);
    if (sum) {
      sum.dx += record.pushX;
      sum.dy += record.pushY;
      sum.n++;
    } else {
      sums.set(node, { dx: record.pushX, dy: record.pushY, n: 1 });
    }
  }
  for (const [node, sum] of sums) {
    const dx = sum.dx / sum.n;
    const dy = sum.dy / sum.n;
    if (Math.abs(dx) < 1e-7 && Math.abs(dy) < 1e-7) continue;
    const wp = node.worldPosition;
    node.setWorldPosition(wp.x + dx, wp.y + dy, wp.z);
  }
}
