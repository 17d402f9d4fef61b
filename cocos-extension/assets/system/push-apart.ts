/**
 * Push-apart response over one frame's contacts: Gauss-Seidel over the pairs, each visit moving both bodies
 * along the pair's normal, split by inverse mass (static bodies have none), until the pair's remaining depth is
 * within the slop. Bodies only translate, so a pair's depth along its normal falls by exactly the relative
 * motion along it; no pair is re-collided. Runs in TypeScript (not in the world's update) so that handlers can
 * disable a contact in begin-contact / pre-solve before anything moves.
 */

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
