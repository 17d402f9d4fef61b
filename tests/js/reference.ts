// An independent double-precision reference for the narrow phase, written from the definitions rather than
// from the core's algorithms: every shape is a convex core point set swept by a radius (polygon: its vertices
// and 0; circle: its centre and r; capsule: its two centres and r). Two shapes overlap by
//   depth = R + (distance from the origin to the boundary of hull(coreB - coreA))   when the origin is inside,
//   depth = R - (distance from the origin to hull(coreB - coreA))                    when it is outside,
// with R = rA + rB: the Minkowski difference of the cores. Positive = overlapping, negative = separated.

export type P = [number, number];

export interface RefShape {
  /** world points of the convex core */
  core: P[];
  /** world radius */
  radius: number;
}

export interface Xf {
  x: number;
  y: number;
  angle: number;
  scaleX: number;
  scaleY: number;
}

/** Places a local shape (as the core defines transforms: scale, rotate, translate; radius * max |scale|). */
export function place(localCore: P[], localRadius: number, xf: Xf): RefShape {
  const c = Math.cos(xf.angle);
  const s = Math.sin(xf.angle);
  const core = localCore.map(([x, y]): P => {
    const sx = xf.scaleX * x;
    const sy = xf.scaleY * y;
    return [xf.x + c * sx - s * sy, xf.y + s * sx + c * sy];
  });
  return { core, radius: localRadius * Math.max(Math.abs(xf.scaleX), Math.abs(xf.scaleY)) };
}

function cross(o: P, a: P, b: P): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Convex hull, counter-clockwise, collinear points dropped (Andrew's monotone chain). */
export function convexHull(points: P[]): P[] {
  const pts = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const lower: P[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Closest point to the origin on segment ab. */
function closestOnSegment(a: P, b: P): P {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(a[0] * dx + a[1] * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return [a[0] + t * dx, a[1] + t * dy];
}

export interface RefResult {
  /** > 0 overlapping, < 0 separated (then -depth is the distance) */
  depth: number;
  /** unit, from A to B (the minimum translation direction for B) */
  normal: P;
}

/** Penetration depth (signed) and MTV direction of two placed shapes. */
export function refCollide(a: RefShape, b: RefShape): RefResult {
  const diff: P[] = [];
  for (const pb of b.core) for (const pa of a.core) diff.push([pb[0] - pa[0], pb[1] - pa[1]]);
  const hull = convexHull(diff);
  const R = a.radius + b.radius;
  if (hull.length >= 3) {
    // Inside test: the origin is inside iff it is left of every CCW edge.
    let inside = true;
    let bestH = Infinity;
    let bestN: P = [0, 0];
    for (let i = 0; i < hull.length; i++) {
      const p = hull[i];
      const q = hull[(i + 1) % hull.length];
      const ex = q[0] - p[0];
      const ey = q[1] - p[1];
      const len = Math.hypot(ex, ey);
      const n: P = [ey / len, -ex / len]; // outward for CCW
      const h = n[0] * p[0] + n[1] * p[1]; // distance from origin to the edge line (> 0 when inside)
      if (h < 0) inside = false;
      if (h < bestH) {
        bestH = h;
        bestN = n;
      }
    }
    if (inside) return { depth: R + bestH, normal: [-bestN[0], -bestN[1]] };
  }
  // Outside (or a degenerate difference: a point or a segment): distance to the hull boundary.
  let best: P = hull[0];
  let bestD = Math.hypot(best[0], best[1]);
  const m = hull.length;
  for (let i = 0; i < (m === 1 ? 1 : m); i++) {
    const c = m === 1 ? hull[0] : closestOnSegment(hull[i], hull[(i + 1) % m]);
    const d = Math.hypot(c[0], c[1]);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  const normal: P = bestD > 0 ? [best[0] / bestD, best[1] / bestD] : [1, 0];
  return { depth: R - bestD, normal };
}

/** Overlap of the two shapes along unit direction u (from A to B): h_A(u) + h_B(-u). */
export function overlapAlong(a: RefShape, b: RefShape, u: P): number {
  let ha = -Infinity;
  for (const p of a.core) ha = Math.max(ha, p[0] * u[0] + p[1] * u[1]);
  let hb = -Infinity;
  for (const p of b.core) hb = Math.max(hb, -(p[0] * u[0] + p[1] * u[1]));
  return ha + a.radius + hb + b.radius;
}

/** Distance from point p to a placed shape (0 inside). */
export function distanceToShape(s: RefShape, p: P): number {
  const local: P[] = s.core.map((q): P => [q[0] - p[0], q[1] - p[1]]);
  const hull = convexHull(local);
  if (hull.length >= 3) {
    let inside = true;
    for (let i = 0; i < hull.length; i++) if (cross(hull[i], hull[(i + 1) % hull.length], [0, 0]) < 0) inside = false;
    if (inside) return 0;
  }
  let best = Infinity;
  const m = hull.length;
  for (let i = 0; i < (m === 1 ? 1 : m); i++) {
    const c = m === 1 ? hull[0] : closestOnSegment(hull[i], hull[(i + 1) % m]);
    best = Math.min(best, Math.hypot(c[0], c[1]));
  }
  return Math.max(0, best - s.radius);
}

/** Signed distance of p to the shape boundary: negative inside. */
export function signedDistance(s: RefShape, p: P): number {
  const d = distanceToShape(s, p);
  if (d > 0) return d;
  // Inside: minus the depth of p, i.e. minus the refCollide depth of a zero-radius point against the shape.
  return -refCollide(s, { core: [p], radius: 0 }).depth;
}

/** First entry of the ray origin + t * translation (t in [0, maxFraction]) into a convex shape, or null. */
export function refRaycast(s: RefShape, origin: P, translation: P, maxFraction: number): number | null {
  if (signedDistance(s, origin) <= 0) return null; // starts inside or on: no hit
  // Boundary pieces: for a polygon (radius 0) the hull edges; for rounded shapes the core points' circles and
  // the hull edges pushed out by the radius. The first crossing of any piece is the entry.
  const hull = convexHull(s.core);
  let best = Infinity;
  const r = s.radius;
  const tryCircle = (c: P) => {
    const fx = origin[0] - c[0];
    const fy = origin[1] - c[1];
    const A = translation[0] ** 2 + translation[1] ** 2;
    const B = 2 * (fx * translation[0] + fy * translation[1]);
    const C = fx * fx + fy * fy - r * r;
    const disc = B * B - 4 * A * C;
    if (disc < 0 || A === 0) return;
    const t = (-B - Math.sqrt(disc)) / (2 * A);
    if (t >= 0 && t < best) best = t;
  };
  const trySegment = (p: P, q: P) => {
    // Intersection of the ray with segment pq.
    const ex = q[0] - p[0];
    const ey = q[1] - p[1];
    const den = translation[0] * ey - translation[1] * ex;
    if (den === 0) return;
    const wx = p[0] - origin[0];
    const wy = p[1] - origin[1];
    const t = (wx * ey - wy * ex) / den;
    const u = (wx * translation[1] - wy * translation[0]) / den;
    if (t >= 0 && u >= 0 && u <= 1 && t < best) best = t;
  };
  if (r > 0) for (const c of hull) tryCircle(c);
  const m = hull.length;
  if (m >= 2) {
    const edges = m === 2 ? [[0, 1], [1, 0]] : hull.map((_, i) => [i, (i + 1) % m]);
    for (const [i, j] of edges) {
      const p = hull[i];
      const q = hull[j];
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      const n: P = [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
      trySegment([p[0] + r * n[0], p[1] + r * n[1]], [q[0] + r * n[0], q[1] + r * n[1]]);
    }
  }
  return best <= maxFraction ? best : null;
}

/** Seeded generator (mulberry32): the same cases on every run and platform. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random convex n-gon: n sorted angles on an ellipse (points on an ellipse are in convex position). */
export function randomConvex(rand: () => number, n: number, size: number): number[] {
  const angles: number[] = [];
  for (let i = 0; i < n; i++) angles.push(rand() * Math.PI * 2);
  angles.sort((x, y) => x - y);
  const rx = size * (0.5 + rand());
  const ry = size * (0.5 + rand());
  const cx = (rand() - 0.5) * size * 0.5;
  const cy = (rand() - 0.5) * size * 0.5;
  const out: number[] = [];
  for (const t of angles) out.push(cx + rx * Math.cos(t), cy + ry * Math.sin(t));
  return out;
}
