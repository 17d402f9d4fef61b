// Circles and capsules under non-uniform scale through the public API, every build variant: sat.collide with a
// scaled transform and a world body given setScale are the exact ellipse / stretched capsule, checked against hand
// values and against an oracle written here from the definitions (support functions sampled densely in double).
import { describe, expect, it } from 'vitest';
import type { SAT } from '../../dist/index.js';
import { VARIANTS, satFor } from './helpers.js';
import { rng } from './reference.js';

type Xf = { x: number; y: number; angle: number; scaleX: number; scaleY: number };
type P = [number, number];

/** A placed shape as support function: core points plus the ellipse L * unit disc (L row-major). */
interface Oracle {
  pts: P[];
  l: [number, number, number, number];
}
function oracle(core: P[], radius: number, xf: Xf): Oracle {
  const f = Math.fround;
  const c = Math.cos(f(xf.angle));
  const s = Math.sin(f(xf.angle));
  const sx = f(xf.scaleX);
  const sy = f(xf.scaleY);
  const pts = core.map(([x, y]): P => [f(xf.x) + c * sx * x - s * sy * y, f(xf.y) + s * sx * x + c * sy * y]);
  return { pts, l: [radius * c * sx, -radius * s * sy, radius * s * sx, radius * c * sy] };
}
function support(o: Oracle, nx: number, ny: number): number {
  let best = -Infinity;
  for (const [x, y] of o.pts) best = Math.max(best, x * nx + y * ny);
  const [a, b, c, d] = o.l;
  return best + Math.hypot(a * nx + c * ny, b * nx + d * ny);
}
/** Minimum over directions of h_A(n) + h_B(-n): 20,000 angles, then a local refinement around the best. */
function oracleDepth(a: Oracle, b: Oracle): { depth: number; nx: number; ny: number } {
  const g = (t: number) => support(a, Math.cos(t), Math.sin(t)) + support(b, -Math.cos(t), -Math.sin(t));
  const N = 20000;
  let bestT = 0;
  let best = Infinity;
  for (let i = 0; i < N; i++) {
    const t = (2 * Math.PI * i) / N;
    const v = g(t);
    if (v < best) [best, bestT] = [v, t];
  }
  let lo = bestT - (2 * Math.PI) / N;
  let hi = bestT + (2 * Math.PI) / N;
  for (let it = 0; it < 60; it++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (g(m1) <= g(m2)) hi = m2;
    else lo = m1;
  }
  const t = 0.5 * (lo + hi);
  return { depth: Math.min(best, g(t)), nx: Math.cos(t), ny: Math.sin(t) };
}

/** A box, a circle and a capsule with their cores and radii as the oracle takes them. */
function oracleKinds(sat: SAT) {
  const capCore: P[] = [[Math.fround(-0.7), Math.fround(0.1)], [Math.fround(0.6), Math.fround(-0.2)]];
  return [
    { shape: sat.box(2, 1.2), core: [[-1, -0.6], [1, -0.6], [1, 0.6], [-1, 0.6]] as P[], radius: 0 },
    { shape: sat.circle(0.8), core: [[0, 0]] as P[], radius: Math.fround(0.8) },
    { shape: sat.capsule({ x: -0.7, y: 0.1 }, { x: 0.6, y: -0.2 }, 0.4), core: capCore, radius: Math.fround(0.4) },
  ];
}

/**
 * A random pair: A of any kind at the origin (a rounded A stretched half the time), B rounded and always stretched,
 * by ratios up to `ratio`, centred within `spread` of A; either may be mirrored on one axis.
 */
function stretchedPair(rand: () => number, kinds: ReturnType<typeof oracleKinds>, ratio: number, spread: number) {
  const a = kinds[Math.floor(rand() * 3)];
  const b = kinds[1 + Math.floor(rand() * 2)];
  const stretch = (): [number, number] => {
    const r = Math.exp(rand() * Math.log(ratio));
    return rand() < 0.5 ? [r, 1 / Math.sqrt(r)] : [1 / Math.sqrt(r), r];
  };
  const [sxa, sya] = a.radius > 0 && rand() < 0.5 ? stretch() : [1, 1];
  const [sxb, syb] = stretch();
  const xfA: Xf = { x: 0, y: 0, angle: rand() * 6.28, scaleX: rand() < 0.2 ? -sxa : sxa, scaleY: sya };
  const xfB: Xf = { x: (rand() - 0.5) * spread, y: (rand() - 0.5) * spread, angle: rand() * 6.28, scaleX: sxb, scaleY: rand() < 0.2 ? -syb : syb };
  return { a, b, xfA, xfB };
}

describe.each(VARIANTS)('ellipses and stretched capsules (%s)', (variant) => {
  it('sat.collide with a non-uniform scale: the semi-axis along the normal, not the enclosing radius', async () => {
    const sat: SAT = await satFor(variant);
    const wall = sat.box(20, 2); // half extents 10 x 1
    const disc = sat.circle(1);
    const at = { x: 0, y: 0, angle: 0 };
    // Semi-axes 3 (x) and 0.5 (y), centre 1.4 above the wall's centre: its bottom 0.1 into the top face.
    const m = sat.collide(wall, at, disc, { x: 0, y: 1.4, angle: 0, scaleX: 3, scaleY: 0.5 });
    expect(m).not.toBeNull();
    expect(m!.depth).toBeCloseTo(0.1, 5);
    expect(m!.normal.y).toBeCloseTo(1, 6);
    expect(m!.contacts.length).toBe(1);
    expect(m!.contacts[0].y).toBeCloseTo(0.95, 5);
    // Clear of the wall although its enclosing circle (radius 3) would reach into it.
    expect(sat.overlaps(wall, at, disc, { x: 0, y: 1.6, angle: 0, scaleX: 3, scaleY: 0.5 })).toBe(false);
    expect(sat.collide(wall, at, disc, { x: 0, y: 1.6, angle: 0, scaleX: 3, scaleY: 0.5 })).toBeNull();
    // A stretched capsule lying on the wall: two contact points, one under each cap.
    const cap = sat.capsule({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.5);
    const c = sat.collide(wall, at, cap, { x: 0, y: 1.2, angle: 0, scaleX: 2, scaleY: 0.5 });
    expect(c).not.toBeNull();
    expect(c!.depth).toBeCloseTo(0.05, 5);
    expect(c!.contacts.length).toBe(2);
    expect(Math.abs(c!.contacts[0].x - c!.contacts[1].x)).toBeCloseTo(4, 4);
    // Point and ray queries see the ellipse.
    const xf = { x: 0, y: 5, angle: 0, scaleX: 3, scaleY: 0.5 };
    expect(sat.containsPoint(disc, xf, { x: 2.9, y: 5 })).toBe(true);
    expect(sat.containsPoint(disc, xf, { x: 0, y: 5.6 })).toBe(false);
    const hit = sat.raycast(disc, xf, { origin: { x: 0, y: 10 }, translation: { x: 0, y: -10 } });
    expect(hit).not.toBeNull();
    expect(hit!.point.y).toBeCloseTo(5.5, 5);
    for (const s of [wall, disc, cap]) s.dispose();
  });

  it('sat.collide agrees with the support-function oracle on random stretched pairs', async () => {
    const sat: SAT = await satFor(variant);
    const rand = rng(0xe11);
    const kinds = oracleKinds(sat);
    let touching = 0;
    let apart = 0;
    const failures: string[] = [];
    for (let k = 0; k < 300 && failures.length < 5; k++) {
      const { a, b, xfA, xfB } = stretchedPair(rand, kinds, 10, 6);
      const oa = oracle(a.core, a.radius, xfA);
      const ob = oracle(b.core, b.radius, xfB);
      const ref = oracleDepth(oa, ob);
      const size = 6;
      const m = sat.collide(a.shape, xfA, b.shape, xfB);
      const where = `case ${k}: oracle depth ${ref.depth}`;
      if (ref.depth > 1e-3) {
        touching++;
        if (!m) failures.push(`${where}: expected a contact, got null`);
        else {
          if (Math.abs(m.depth - ref.depth) > 1e-4 * size) failures.push(`${where}: depth ${m.depth}`);
          // The normal is a minimum direction.
          const along = support(oa, m.normal.x, m.normal.y) + support(ob, -m.normal.x, -m.normal.y);
          if (along > ref.depth + 1e-4 * size) failures.push(`${where}: depth along the normal ${along}`);
        }
      } else if (ref.depth < -1e-3) {
        apart++;
        if (m) failures.push(`${where}: expected null, got depth ${m.depth}`);
      }
    }
    expect(failures).toEqual([]);
    expect(touching).toBeGreaterThan(30);
    expect(apart).toBeGreaterThan(30);
    for (const k of kinds) k.shape.dispose();
  });

  it('sat.distance agrees with the support-function oracle on random stretched pairs', async () => {
    const sat: SAT = await satFor(variant);
    const rand = rng(0xd15);
    const kinds = oracleKinds(sat);
    let apart = 0;
    let overlapping = 0;
    const failures: string[] = [];
    for (let k = 0; k < 300 && failures.length < 5; k++) {
      const { a, b, xfA, xfB } = stretchedPair(rand, kinds, 20, 12);
      const oa = oracle(a.core, a.radius, xfA);
      const ob = oracle(b.core, b.radius, xfB);
      const ref = oracleDepth(oa, ob);
      const size = 6;
      const d = sat.distance(a.shape, xfA, b.shape, xfB);
      const where = `case ${k}: oracle depth ${ref.depth}`;
      if (ref.depth < -1e-3) {
        apart++;
        // The largest separating-axis gap is a lower bound of the distance; the two points, on the boundaries
        // (support value along the normal), that far apart, an upper bound.
        if (Math.abs(d.distance + ref.depth) > 2e-5 * size) failures.push(`${where}: distance ${d.distance}`);
        const gap = Math.hypot(d.pointB.x - d.pointA.x, d.pointB.y - d.pointA.y);
        if (Math.abs(gap - d.distance) > 2e-5 * size) failures.push(`${where}: points ${gap} apart`);
        const n = d.normal;
        const onA = support(oa, n.x, n.y) - (d.pointA.x * n.x + d.pointA.y * n.y);
        const onB = support(ob, -n.x, -n.y) + (d.pointB.x * n.x + d.pointB.y * n.y);
        if (Math.abs(onA) > 2e-5 * size || Math.abs(onB) > 2e-5 * size) failures.push(`${where}: points off the boundaries ${onA} ${onB}`);
      } else if (ref.depth > 1e-3) {
        overlapping++;
        if (d.distance !== 0 || d.normal.x !== 0 || d.normal.y !== 0) failures.push(`${where}: overlapping, got ${d.distance}`);
      }
    }
    expect(failures).toEqual([]);
    expect(apart).toBeGreaterThan(100);
    expect(overlapping).toBeGreaterThan(10);
    for (const k of kinds) k.shape.dispose();
  });

  it('world distance and castShape measure the ellipse, not its enclosing circle', async () => {
    const sat: SAT = await satFor(variant);
    const world = sat.createWorld();
    const wall = sat.box(20, 2); // half extents 10 x 1
    const disc = sat.circle(1);
    const wallId = world.add({ shape: wall, x: 0, y: 0, type: 'static' });
    // Semi-axes 3 (x) and 0.5 (y), centre at y = 2: its bottom 0.5 above the wall's top face.
    const id = world.add({ shape: disc, x: 0, y: 2 });
    world.setScale(id, 3, 0.5);
    world.update();
    const d = world.distance(wallId, id);
    expect(d.distance).toBeCloseTo(0.5, 5);
    expect(d.normal.y).toBeCloseTo(1, 6);
    expect(d.pointB.y).toBeCloseTo(1.5, 5);
    // Cast straight down from (7, 4), clear of the body at x = 0: the ellipse's bottom (3.5) reaches the face after
    // 2.5 of the 4 units (its enclosing circle, radius 3, would stop it at once).
    const hit = world.castShape(disc, { x: 7, y: 4, angle: 0, scaleX: 3, scaleY: 0.5 }, 0, -4);
    expect(hit).not.toBeNull();
    expect(hit!.body).toBe(wallId);
    expect(hit!.fraction).toBeLessThanOrEqual(2.5 / 4 + 1e-6);
    expect(hit!.fraction).toBeGreaterThan(2.5 / 4 - 2e-4 * (20 + 6) / 4); // within 2e-4 of the two box sizes
    expect(hit!.normal.y).toBeCloseTo(1, 4);
    world.dispose();
    wall.dispose();
    disc.dispose();
  });

  it('a world body given setScale is the ellipse: contacts, events and queries', async () => {
    const sat: SAT = await satFor(variant);
    const world = sat.createWorld();
    const wall = sat.box(20, 2); // half extents 10 x 1
    const disc = sat.circle(1);
    world.add({ shape: wall, x: 0, y: 0, type: 'static' });
    const id = world.add({ shape: disc, x: 0, y: 1.6 });
    world.update();
    expect(world.events.beginCount).toBe(1); // the unit circle reaches 0.4 into the wall (top face y = 1)
    expect(world.contacts.toArray()[0].depth).toBeCloseTo(0.4, 5);
    // Flattened to semi-axes 3 x 0.5 its bottom is at 1.1: apart, although the enclosing circle would touch.
    world.setScale(id, 3, 0.5);
    world.update();
    expect(world.events.endCount).toBe(1);
    expect(world.contacts.count).toBe(0);
    expect(world.queryPoint(2.9, 1.6)).toEqual([id]);
    expect(world.queryPoint(0, 2.2)).toEqual([]);
    // Stood upright (0.5 x 3): its bottom at -1.4, 2.4 into the wall's top face.
    world.setScale(id, 0.5, 3);
    world.update();
    expect(world.events.beginCount).toBe(1);
    expect(world.contacts.toArray()[0].depth).toBeCloseTo(2.4, 4);
    world.dispose();
    wall.dispose();
    disc.dispose();
  });
});
