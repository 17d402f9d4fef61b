// Concave outlines for the SAT scene. The package splits a concave outline into convex parts inside a world
// (world.addConcave), but has no public call that returns those parts as shapes for the narrow-phase functions.
// So the outline is first given to a small world (the library validates it with its own named errors, e.g.
// SelfIntersecting, and says how many parts it makes), then split here by ear clipping + merging for drawing and
// for sat.collide() on each part.
import type { SAT, Shape, Vec2 } from 'sat-wasm';

export function decomposeOutline(sat: SAT, outline: Vec2[]): { parts: Shape[]; how: string } {
  // A future sat.decompose(outline) -> Shape[] is used as soon as the package has it.
  const decompose = (sat as unknown as { decompose?: (points: Vec2[]) => Shape[] }).decompose;
  if (typeof decompose === 'function') return { parts: decompose.call(sat, outline), how: 'split by sat.decompose()' };
  const world = sat.createWorld();
  let libraryParts = 0;
  try {
    const id = world.addConcave(outline, { x: 0, y: 0, type: 'static' });
    libraryParts = world.shapeCountOf(id);
  } finally {
    world.dispose();
  }
  const polys = earClipMerge(outline);
  return {
    parts: polys.map((p) => sat.polygon(p)),
    how: `split by the demo; world.addConcave makes ${libraryParts}`,
  };
}

const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

function earClipMerge(input: Vec2[]): Vec2[][] {
  let pts = input.slice();
  let area = 0;
  for (let i = 0; i < pts.length; i++) area += cross({ x: 0, y: 0 }, pts[i], pts[(i + 1) % pts.length]);
  if (area < 0) pts = pts.reverse();
  const idx = pts.map((_, i) => i);
  const tris: number[][] = [];
  let guard = 0;
  while (idx.length > 3 && guard++ < 10000) {
    let clipped = false;
    for (let k = 0; k < idx.length; k++) {
      const i0 = idx[(k + idx.length - 1) % idx.length];
      const i1 = idx[k];
      const i2 = idx[(k + 1) % idx.length];
      if (cross(pts[i0], pts[i1], pts[i2]) <= 1e-9) continue;
      const inside = idx.some((j) => j !== i0 && j !== i1 && j !== i2 && cross(pts[i0], pts[i1], pts[j]) >= 0 && cross(pts[i1], pts[i2], pts[j]) >= 0 && cross(pts[i2], pts[i0], pts[j]) >= 0);
      if (inside) continue;
      tris.push([i0, i1, i2]);
      idx.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) throw new Error('outline is not a simple polygon (it crosses itself)');
  }
  tris.push(idx.slice());
  // Merge neighbours while the union stays convex.
  const polys = tris.map((t) => t.slice());
  let merged = true;
  while (merged) {
    merged = false;
    outer: for (let a = 0; a < polys.length; a++) {
      for (let b = a + 1; b < polys.length; b++) {
        const u = union(polys[a], polys[b]);
        if (u && isConvex(u.map((i) => pts[i]))) {
          polys[a] = u;
          polys.splice(b, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return polys.map((p) => p.map((i) => pts[i]));
}

/** Two CCW index polygons sharing an edge (i, j) in A and (j, i) in B: their union, else null. */
function union(a: number[], b: number[]): number[] | null {
  for (let i = 0; i < a.length; i++) {
    const p = a[i];
    const q = a[(i + 1) % a.length];
    const k = b.findIndex((v, m) => v === q && b[(m + 1) % b.length] === p);
    if (k < 0) continue;
    const out: number[] = [];
    for (let m = 0; m < a.length; m++) out.push(a[(i + 1 + m) % a.length]);
    // out = q ... p (all of A starting after p); then B from after p to before q
    for (let m = 2; m < b.length; m++) out.push(b[(k + m) % b.length]);
    return out;
  }
  return null;
}

function isConvex(poly: Vec2[]): boolean {
  for (let i = 0; i < poly.length; i++) {
    if (cross(poly[i], poly[(i + 1) % poly.length], poly[(i + 2) % poly.length]) < -1e-9) return false;
  }
  return true;
}
