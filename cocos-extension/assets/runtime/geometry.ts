/**
 * What a collider describes (its shape in the node frame) and how that becomes sat-wasm shapes. No collision
 * geometry here: sat-wasm validates, hulls and decomposes; this only places points (offset, then the node's
 * shear, see transform.ts) and picks the maker.
 */
import type { BodyShape, SAT, Shape } from '../lib/index.js';

/** A collider's shape in its node's frame (node units, before the node's scale). */
export type LocalGeometry =
  | { kind: 'polygon'; points: Array<{ x: number; y: number }>; decompose: boolean }
  | { kind: 'circle'; center: { x: number; y: number }; radius: number }
  | { kind: 'capsule'; center1: { x: number; y: number }; center2: { x: number; y: number }; radius: number };

/** Moves the geometry by `offset` and shears it (x += shear * y): a new object. */
export function placeGeometry(g: LocalGeometry, offsetX: number, offsetY: number, shear: number): LocalGeometry {
  const place = (p: { x: number; y: number }) => {
    const x = p.x + offsetX;
    const y = p.y + offsetY;
    return { x: x + shear * y, y };
  };
  switch (g.kind) {
    case 'polygon':
      return { kind: 'polygon', points: g.points.map(place), decompose: g.decompose };
    case 'circle':
      return { kind: 'circle', center: place(g.center), radius: g.radius };
    case 'capsule':
      return { kind: 'capsule', center1: place(g.center1), center2: place(g.center2), radius: g.radius };
  }
}

/**
 * Makes the body geometry for world.add: either `{ shape }` (convex) or `{ concave: points }` (a polygon the
 * world decomposes). The caller owns (and disposes) the returned shape. Throws sat-wasm's SATError for bad input.
 */
export function makeBodyGeometry(sat: SAT, g: LocalGeometry): { shape: Shape; concave?: undefined } | { concave: number[]; shape?: undefined } {
  switch (g.kind) {
    case 'polygon': {
      const flat: number[] = [];
      for (const p of g.points) flat.push(p.x, p.y);
      if (g.decompose) return { concave: flat };
      return { shape: sat.polygon(flat) };
    }
    case 'circle':
      return { shape: sat.circle(g.radius, g.center) };
    case 'capsule':
      return { shape: sat.capsule(g.center1, g.center2, g.radius) };
  }
}

export type { BodyShape };
