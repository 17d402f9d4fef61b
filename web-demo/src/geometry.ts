// Drawing helpers of the SAT scene: convex pieces placed in world space, and where a piece's extreme points lie
// along an axis (to draw guides to the projection bars). Every number the scene shows comes from the module
// (sat.explain, sat.collide); this file only places the picture.
import type { Shape, Transform, Vec2 } from 'sat-wasm';

/** A convex piece placed in the world: a polygon, or a segment swept by a radius (circle: p = q; capsule). */
export type Piece =
  | { kind: 'poly'; verts: Vec2[]; normals: Vec2[] }
  | { kind: 'round'; p: Vec2; q: Vec2; r: number };

export interface Axis {
  /** unit direction (world) */
  dir: Vec2;
  /** short name for labels and the panel, e.g. "A1" */
  name: string;
  /** what it comes from, e.g. "edge normal of A" */
  source: string;
  /** which shape it belongs to ('A' or 'B') */
  owner: 'A' | 'B';
  /** where to draw its marker: start point (world) */
  at: Vec2;
  /** projection intervals and the push-out distance along the axis (negative = gap), see axisOverlap */
  minA: number;
  maxA: number;
  minB: number;
  maxB: number;
  overlap: number;
}

export function transformPoint(xf: Transform, p: Vec2): Vec2 {
  const c = Math.cos(xf.angle ?? 0);
  const s = Math.sin(xf.angle ?? 0);
  const x = p.x * (xf.scaleX ?? 1);
  const y = p.y * (xf.scaleY ?? 1);
  return { x: xf.x + c * x - s * y, y: xf.y + s * x + c * y };
}

export function rotate(v: Vec2, angle: number): Vec2 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * v.x - s * v.y, y: s * v.x + c * v.y };
}

/** A library shape placed at xf, as a world-space piece (uniform scale 1 in this demo). */
export function placePiece(shape: Shape, xf: Transform): Piece {
  const verts = shape.vertices.map((v) => transformPoint(xf, v));
  if (shape.kind === 'polygon') {
    const normals = shape.normals.map((n) => rotate(n, xf.angle ?? 0));
    return { kind: 'poly', verts, normals };
  }
  const p = verts[0];
  const q = verts[1] ?? verts[0];
  return { kind: 'round', p, q, r: shape.radius };
}

const dot = (a: Vec2, b: Vec2) => a.x * b.x + a.y * b.y;

/** Projection interval of a piece on a unit axis. */
export function project(piece: Piece, axis: Vec2): [number, number] {
  if (piece.kind === 'poly') {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of piece.verts) {
      const d = dot(v, axis);
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    return [lo, hi];
  }
  const a = dot(piece.p, axis);
  const b = dot(piece.q, axis);
  return [Math.min(a, b) - piece.r, Math.max(a, b) + piece.r];
}

/** The support points of a piece on a unit axis (lowest, highest), for drawing projection guides. */
export function supportPoints(piece: Piece, axis: Vec2): [Vec2, Vec2] {
  if (piece.kind === 'poly') {
    let lo = piece.verts[0];
    let hi = piece.verts[0];
    for (const v of piece.verts) {
      if (dot(v, axis) < dot(lo, axis)) lo = v;
      if (dot(v, axis) > dot(hi, axis)) hi = v;
    }
    return [lo, hi];
  }
  const lo = dot(piece.p, axis) <= dot(piece.q, axis) ? piece.p : piece.q;
  const hi = lo === piece.p ? piece.q : piece.p;
  return [
    { x: lo.x - axis.x * piece.r, y: lo.y - axis.y * piece.r },
    { x: hi.x + axis.x * piece.r, y: hi.y + axis.y * piece.r },
  ];
}

function centerOf(piece: Piece): Vec2 {
  if (piece.kind === 'round') return { x: (piece.p.x + piece.q.x) / 2, y: (piece.p.y + piece.q.y) / 2 };
  let x = 0;
  let y = 0;
  for (const v of piece.verts) {
    x += v.x;
    y += v.y;
  }
  return { x: x / piece.verts.length, y: y / piece.verts.length };
}

export { centerOf, dot };
