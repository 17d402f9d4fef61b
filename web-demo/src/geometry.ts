// The geometry the SAT scene draws to explain a result: convex pieces in world space, their candidate axes and
// the projections of both pieces on an axis. The library computes the actual answer (overlap, depth, normal,
// contacts); this file only re-derives the picture of how SAT reaches it.
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
const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
const len = (a: Vec2) => Math.hypot(a.x, a.y);
const norm = (a: Vec2): Vec2 => {
  const l = len(a);
  return l > 1e-9 ? { x: a.x / l, y: a.y / l } : { x: 1, y: 0 };
};

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

function closestOnSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  const t = l2 > 1e-12 ? Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2)) : 0;
  return { x: a.x + ab.x * t, y: a.y + ab.y * t };
}

/** Closest points of two segments (approximate by endpoint tests, exact unless they cross). */
function closestSegments(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2): [Vec2, Vec2] {
  const cands: [Vec2, Vec2][] = [
    [p1, closestOnSegment(p1, p2, q2)],
    [q1, closestOnSegment(q1, p2, q2)],
    [closestOnSegment(p2, p1, q1), p2],
    [closestOnSegment(q2, p1, q1), q2],
  ];
  let best = cands[0];
  for (const c of cands) if (len(sub(c[0], c[1])) < len(sub(best[0], best[1]))) best = c;
  return best;
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

/**
 * The candidate axes SAT tests for two convex pieces: every edge normal of a polygon; the side normal of a
 * capsule; and for round ends, the direction from the end's centre to the nearest feature of the other piece
 * (the axis a circle adds). Parallel duplicates are dropped (an axis and its opposite are the same test).
 */
/**
 * How far one interval must move along the axis to clear the other (the smaller of the two ways); negative is
 * the gap between them. With one interval inside the other this is more than the shared length, as SAT needs.
 */
export function axisOverlap(minA: number, maxA: number, minB: number, maxB: number): number {
  return Math.min(maxA - minB, maxB - minA);
}

export function candidateAxes(a: Piece, b: Piece): Axis[] {
  const raw: Omit<Axis, 'minA' | 'maxA' | 'minB' | 'maxB' | 'overlap'>[] = [];
  const addPieceAxes = (piece: Piece, other: Piece, owner: 'A' | 'B') => {
    if (piece.kind === 'poly') {
      piece.normals.forEach((n, i) => {
        const v0 = piece.verts[i];
        const v1 = piece.verts[(i + 1) % piece.verts.length];
        raw.push({ dir: n, name: `${owner}${i + 1}`, source: `normal of ${owner}'s edge ${i + 1}`, owner, at: { x: (v0.x + v1.x) / 2, y: (v0.y + v1.y) / 2 } });
      });
      return;
    }
    const seg = sub(piece.q, piece.p);
    if (len(seg) > 1e-6) {
      const n = norm({ x: -seg.y, y: seg.x });
      const mid = { x: (piece.p.x + piece.q.x) / 2 + n.x * piece.r, y: (piece.p.y + piece.q.y) / 2 + n.y * piece.r };
      raw.push({ dir: n, name: `${owner}side`, source: `side normal of ${owner}'s capsule`, owner, at: mid });
    }
    // Round ends: towards the nearest vertex (polygon) or nearest point of the other segment (round).
    const ends = len(seg) > 1e-6 ? [piece.p, piece.q] : [piece.p];
    ends.forEach((c, k) => {
      let target: Vec2;
      if (other.kind === 'poly') {
        target = other.verts[0];
        for (const v of other.verts) if (len(sub(v, c)) < len(sub(target, c))) target = v;
      } else {
        target = closestSegments(c, c, other.p, other.q)[1];
      }
      const d = sub(target, c);
      if (len(d) < 1e-6) return;
      const dir = norm(d);
      const what = other.kind === 'poly' ? 'nearest vertex' : 'nearest point';
      const suffix = ends.length > 1 ? `${k + 1}` : '';
      const short = ends.length > 1 ? `${owner}end${k + 1}` : `${owner}c`;
      const from = ends.length > 1 ? `${owner}'s round end ${suffix}` : `${owner}'s centre`;
      raw.push({ dir, name: short, source: `${from} to the ${what} of ${owner === 'A' ? 'B' : 'A'}`, owner, at: { x: c.x + dir.x * piece.r, y: c.y + dir.y * piece.r } });
    });
  };
  addPieceAxes(a, b, 'A');
  addPieceAxes(b, a, 'B');
  // Two round pieces facing each other through their centres: the centre line (covers circle vs circle).
  const axes: Axis[] = [];
  for (const r of raw) {
    const [minA, maxA] = project(a, r.dir);
    const [minB, maxB] = project(b, r.dir);
    const axis = { ...r, minA, maxA, minB, maxB, overlap: axisOverlap(minA, maxA, minB, maxB) };
    // Only truly parallel axes are the same test: nearly parallel ones can give different overlaps (keep the
    // smaller, which is the one SAT takes).
    const twin = axes.findIndex((x) => Math.abs(dot(x.dir, r.dir)) > 1 - 1e-9);
    if (twin < 0) axes.push(axis);
    else if (axis.overlap < axes[twin].overlap) axes[twin] = axis;
  }
  return axes;
}

export { centerOf, dot, sub, len, norm };
