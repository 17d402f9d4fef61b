// Segments and chains through the public API, in every build: sat.segment() against the capsule at a tiny radius
// and a double-precision reference, segment queries, world.addChain() (no snag on internal vertices, one-sided
// pass-through, loops, part indices in contacts and ray hits, queries), and the bad-input rows S01-S03 and
// C01-C08 of docs/bad-input.md (same ids as tests/cpp/test_segments.cpp and test_chain.cpp).
import { beforeAll, describe, expect, it } from 'vitest';
import type { SAT } from '../../dist/index.js';
import { VARIANTS, errorCode as code, satFor } from './helpers.js';
import { rng } from './reference.js';


/** A floor along y = 0 from x = 0 to x = n, listed right to left: its front faces up. */
function floor(n: number): number[] {
  const pts: number[] = [];
  for (let i = n; i >= 0; i--) pts.push(i, 0);
  return pts;
}

describe.each(VARIANTS)('segments and chains (%s)', (variant) => {
  let sat: SAT;
  beforeAll(async () => {
    sat = await satFor(variant);
  });

  it('a segment collides like a capsule of tiny radius, and like the reference point-segment distance', () => {
    const rand = rng(7);
    let touching = 0;
    for (let i = 0; i < 400; i++) {
      const p1 = { x: rand() * 2 - 1, y: rand() * 2 - 1 };
      const p2 = { x: p1.x + 0.3 + rand(), y: p1.y + rand() - 0.5 };
      const seg = sat.segment(p1, p2);
      const cap = sat.capsule(p1, p2, 1e-7);
      const r = 0.2 + rand() * 0.5;
      const circle = sat.circle(r);
      // Near the segment: from clearly apart to deep.
      const u = rand() * 1.4 - 0.2, off = (rand() * 2 - 1) * 1.5 * r, len = Math.hypot(p2.x - p1.x, p2.y - p1.y);
      const xf = {
        x: p1.x + u * (p2.x - p1.x) - (off * (p2.y - p1.y)) / len,
        y: p1.y + u * (p2.y - p1.y) + (off * (p2.x - p1.x)) / len,
      };
      const ms = sat.collide(seg, { x: 0, y: 0 }, circle, xf);
      const mc = sat.collide(cap, { x: 0, y: 0 }, circle, xf);
      // Reference in double: the circle's centre against the segment.
      const ex = p2.x - p1.x, ey = p2.y - p1.y;
      const t = Math.max(0, Math.min(1, ((xf.x - p1.x) * ex + (xf.y - p1.y) * ey) / (ex * ex + ey * ey)));
      const d = Math.hypot(xf.x - (p1.x + t * ex), xf.y - (p1.y + t * ey));
      const depth = r - d;
      if (Math.abs(depth) > 1e-4) {
        expect(ms !== null, `case ${i}`).toBe(depth > 0);
        expect(mc !== null).toBe(depth > 0);
      }
      if (ms && mc && depth > 1e-4) {
        touching++;
        expect(ms.depth).toBeCloseTo(depth, 5);
        expect(ms.normal.x).toBeCloseTo(mc.normal.x, 5);
        expect(ms.normal.y).toBeCloseTo(mc.normal.y, 5);
        expect(ms.contacts.map((c) => c.id)).toEqual(mc.contacts.map((c) => c.id));
      }
      const dist = sat.distance(seg, { x: 0, y: 0 }, circle, xf);
      expect(dist.distance).toBeCloseTo(Math.max(0, -depth), 5);
      expect(sat.containsPoint(seg, { x: 0, y: 0 }, p1)).toBe(false);
      seg.dispose();
      cap.dispose();
      circle.dispose();
    }
    expect(touching).toBeGreaterThan(50);
  });

  it('a segment reports its kind, points, bounds and no area; rays hit either face', () => {
    const seg = sat.segment({ x: -1, y: 0 }, { x: 1, y: 0 });
    expect(seg.kind).toBe('segment');
    expect(seg.vertices).toEqual([{ x: -1, y: 0 }, { x: 1, y: 0 }]);
    expect(seg.area).toBe(0);
    expect(seg.radius).toBe(0);
    const down = sat.raycast(seg, { x: 0, y: 0 }, { origin: { x: 0.5, y: 2 }, translation: { x: 0, y: -4 } });
    expect(down?.fraction).toBeCloseTo(0.5, 6);
    expect(down?.normal.x).toBeCloseTo(0, 9);
    expect(down?.normal.y).toBe(1);
    const up = sat.raycast(seg, { x: 0, y: 0 }, { origin: { x: 0.5, y: -2 }, translation: { x: 0, y: 4 } });
    expect(up?.normal.y).toBe(-1);
    expect(sat.raycast(seg, { x: 0, y: 0 }, { origin: { x: 2, y: 2 }, translation: { x: 0, y: -4 } })).toBeNull();
    const box = sat.box(1, 1);
    const m = sat.collide(seg, { x: 0, y: 0 }, box, { x: 0, y: 0.4 });
    expect(m?.normal.y).toBeCloseTo(1, 6);
    expect(m?.depth).toBeCloseTo(0.1, 5);
    seg.dispose();
    box.dispose();
  });

  it('S01-S03: segment makers refuse coincident, non-finite and out-of-range points', () => {
    expect(code(() => sat.segment({ x: 1, y: 1 }, { x: 1, y: 1 }))).toBe('Degenerate'); // S01
    expect(code(() => sat.segment({ x: NaN, y: 1 }, { x: 1, y: 1 }))).toBe('NonFinite'); // S02
    expect(code(() => sat.segment({ x: 0, y: 0 }, { x: 2e6, y: 1 }))).toBe('OutOfRange'); // S03
    expect(code(() => sat.segment({ x: 0, y: 0 }, 'x' as never))).toBe('InvalidArgument');
  });

  it('a box slid across every internal vertex of a chain floor keeps the floor normal; plain segments snag', () => {
    const world = sat.createWorld();
    const ground = world.addChain(floor(8), { type: 'static', x: 0, y: 0 });
    const box = sat.box(0.8, 0.5);
    const mover = world.add({ shape: box, x: 1, y: 0.24 });
    // The same floor as eight separate segment bodies.
    const plainWorld = sat.createWorld();
    const segs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const s = sat.segment({ x: i + 1, y: 0 }, { x: i, y: 0 });
      segs.push(plainWorld.add({ shape: s, type: 'static', x: 0, y: 0 }));
    }
    const plainMover = plainWorld.add({ shape: box, x: 1, y: 0.24 });
    let snags = 0;
    for (let step = 0; step <= 600; step++) {
      const x = 1 + 0.01 * step;
      world.setTransform(mover, x, 0.24);
      world.update();
      const cs = world.contacts.toArray();
      expect(cs.length, `x ${x}`).toBe(1);
      const c = cs[0];
      const sign = c.a === ground ? 1 : -1;
      expect(sign * c.normal.x).toBeCloseTo(0, 6);
      expect(sign * c.normal.y).toBeCloseTo(1, 6);
      expect(c.depth).toBeCloseTo(0.01, 3);
      // The part index is a segment under the box (part i runs from x = 8 - i to 7 - i).
      const part = c.a === ground ? c.shapeA : c.shapeB;
      expect(x + 0.4).toBeGreaterThanOrEqual(7 - part - 1e-4);
      expect(x - 0.4).toBeLessThanOrEqual(8 - part + 1e-4);
      plainWorld.setTransform(plainMover, x, 0.24);
      plainWorld.update();
      for (const pc of plainWorld.contacts.toArray()) if (Math.abs(pc.normal.x) > 0.5) snags++;
    }
    expect(snags).toBeGreaterThan(0);
    world.dispose();
    plainWorld.dispose();
    box.dispose();
  });

  it('an ellipse (a stretched circle) on a chain floor touches by its own lowest point, not its enclosing circle', () => {
    // A circle of radius 0.5 scaled (3, 1) is an ellipse with semi-axes 1.5 and 0.5. Turned by theta, its lowest
    // point lies sqrt((1.5 sin)^2 + (0.5 cos)^2) below its centre: the depth into the floor in closed form. The
    // enclosing circle (radius 1.5) would give depths about 1 larger.
    const world = sat.createWorld();
    const ground = world.addChain(floor(8), { type: 'static', x: 0, y: 0 });
    const circle = sat.circle(0.5);
    const e = world.add({ shape: circle, x: 2, y: 1, scaleX: 3, scaleY: 1 });
    const random = rng(7);
    for (let k = 0; k < 200; k++) {
      const theta = (random() - 0.5) * Math.PI;
      const reach = Math.hypot(1.5 * Math.sin(theta), 0.5 * Math.cos(theta));
      const depth = 0.005 + 0.04 * random();
      const x = 1.6 + 4.8 * random(); // across internal vertices of the floor
      world.setTransform(e, x, reach - depth, theta, 3, 1);
      world.update();
      const cs = world.contacts.toArray();
      expect(cs.length, `k ${k}`).toBe(1);
      const c = cs[0];
      const sign = c.a === ground ? 1 : -1;
      expect(sign * c.normal.x, `k ${k}`).toBeCloseTo(0, 4);
      expect(sign * c.normal.y, `k ${k}`).toBeCloseTo(1, 4);
      expect(Math.abs(c.depth - depth), `k ${k}: theta ${theta}`).toBeLessThan(2e-4);
    }
    // Lifted just clear of the floor: no contact.
    world.setTransform(e, 4, 0.5 + 0.01, 0, 3, 1);
    world.update();
    expect(world.contacts.toArray()).toEqual([]);
    world.dispose();
    circle.dispose();
  });

  it('one-sided chains let shapes through from behind; two-sided ones push them back out', () => {
    const world = sat.createWorld();
    const one = world.addChain(floor(4), { type: 'static', x: 0, y: 0, oneSided: true });
    const two = world.addChain(floor(4), { type: 'static', x: 0, y: 10 });
    const circle = sat.circle(0.3);
    const a = world.add({ shape: circle, x: 2, y: -0.25 }); // behind the one-sided floor
    const b = world.add({ shape: circle, x: 2, y: 9.75 }); // behind the two-sided floor
    world.update();
    const cs = world.contacts.toArray();
    expect(cs.some((c) => c.a === a || c.b === a)).toBe(false);
    const back = cs.find((c) => c.a === b || c.b === b)!;
    expect(back).toBeDefined();
    const sign = back.a === two ? 1 : -1;
    expect(sign * back.normal.y).toBeCloseTo(-1, 6);
    expect(back.depth).toBeCloseTo(0.05, 3);
    // From the front, both collide.
    world.setTransform(a, 2, 0.25);
    world.update();
    expect(world.contacts.toArray().some((c) => (c.a === a && c.b === one) || (c.a === one && c.b === a))).toBe(true);
    // Rays: a one-sided chain is hit only from the front.
    expect(world.raycast(2, -3, 2, -0.5)).toBeNull();
    const hit = world.raycast(2.5, 3, 2.5, -0.5, { mask: 0xffffffff })!;
    expect(hit.body).toBe(one);
    expect(hit.shape).toBe(1); // x = 2.5 lies on the part from 3 to 2
    expect(hit.normal.y).toBeCloseTo(1, 6);
    // No area: queryPoint never reports a chain.
    expect(world.queryPoint(2.5, 0)).toEqual([]);
    world.dispose();
    circle.dispose();
  });

  it('a loop collides on its front: a counter-clockwise loop outside, a clockwise one inside', () => {
    const world = sat.createWorld();
    const outside = world.addChain([0, 0, 4, 0, 4, 4, 0, 4], { type: 'static', x: 0, y: 0, loop: true, oneSided: true });
    const inside = world.addChain([10, 0, 10, 4, 14, 4, 14, 0], { type: 'static', x: 0, y: 0, loop: true, oneSided: true });
    expect(world.shapeCountOf(outside)).toBe(4);
    const circle = sat.circle(0.5);
    const out = world.add({ shape: circle, x: 4.4, y: 2 });
    const trapped = world.add({ shape: circle, x: 13.6, y: 2 });
    const passing = world.add({ shape: circle, x: 3.6, y: 2 }); // inside the outward-facing loop: passes
    world.update();
    const cs = world.contacts.toArray();
    const find = (x: number, y: number) => cs.find((c) => (c.a === x && c.b === y) || (c.a === y && c.b === x));
    const co = find(outside, out)!;
    expect((co.a === outside ? 1 : -1) * co.normal.x).toBeCloseTo(1, 6);
    const ci = find(inside, trapped)!;
    expect((ci.a === inside ? 1 : -1) * ci.normal.x).toBeCloseTo(-1, 6);
    expect(find(outside, passing)).toBeUndefined();
    world.dispose();
    circle.dispose();
  });

  it('rays against a random chain match a brute-force reference', () => {
    const rand = rng(99);
    let hits = 0;
    for (let trial = 0; trial < 30; trial++) {
      const world = sat.createWorld();
      const pts: number[] = [];
      const n = 3 + Math.floor(rand() * 8);
      for (let i = 0; i < n; i++) pts.push(i + rand() * 0.6 - 0.3, rand() * 3 - 1.5);
      const oneSided = trial % 2 === 0;
      const f32 = Float32Array.from(pts);
      const id = world.addChain(pts, { type: 'static', x: 0, y: 0, oneSided });
      for (let r = 0; r < 30; r++) {
        const ox = rand() * (n + 3) - 2, oy = rand() * 8 - 4, ex = ox + rand() * 12 - 6, ey = oy + rand() * 12 - 6;
        let best = Infinity, bestPart = -1;
        for (let k = 0; k + 1 < n; k++) {
          const px = f32[2 * k], py = f32[2 * k + 1], qx = f32[2 * k + 2], qy = f32[2 * k + 3];
          const nx = qy - py, ny = -(qx - px); // front (right-hand) normal, unnormalized
          const dx = ex - ox, dy = ey - oy;
          const den = nx * dx + ny * dy;
          if (den === 0 || (oneSided && den > 0)) continue;
          const t = (nx * (px - ox) + ny * (py - oy)) / den;
          if (t < 0 || t > 1) continue;
          const hx = ox + t * dx, hy = oy + t * dy;
          const u = ((hx - px) * (qx - px) + (hy - py) * (qy - py)) / ((qx - px) ** 2 + (qy - py) ** 2);
          if (u < 0 || u > 1) continue;
          if (t < best) {
            best = t;
            bestPart = k;
          }
        }
        const hit = world.raycast(ox, oy, ex, ey);
        // Skip rays that graze a vertex or end at a surface: either answer is right there.
        let nearVertex = false;
        for (let k = 0; k < n; k++) {
          const vx = f32[2 * k] - ox, vy = f32[2 * k + 1] - oy, dx = ex - ox, dy = ey - oy;
          const s = Math.max(0, Math.min(1, (vx * dx + vy * dy) / (dx * dx + dy * dy)));
          if (Math.hypot(vx - s * dx, vy - s * dy) < 1e-3) nearVertex = true;
        }
        if (nearVertex || Math.abs(best - 1) < 1e-3) continue;
        expect(hit !== null, `trial ${trial} ray ${r}`).toBe(best !== Infinity);
        if (!hit) continue;
        hits++;
        expect(hit.body).toBe(id);
        expect(hit.shape).toBe(bestPart);
        expect(hit.fraction).toBeCloseTo(best, 3);
      }
      world.dispose();
    }
    expect(hits).toBeGreaterThan(100);
  });

  it('segments are world bodies too: castShape, overlapShape and distance see them', () => {
    const world = sat.createWorld();
    const seg = sat.segment({ x: -2, y: 0 }, { x: 2, y: 0 });
    const wall = world.add({ shape: seg, type: 'static', x: 0, y: 0 });
    const box = sat.box(1, 1);
    const hit = world.castShape(box, { x: 0, y: 5 }, 0, -10)!;
    expect(hit.body).toBe(wall);
    expect(hit.fraction).toBeCloseTo(0.45, 3);
    const over = world.overlapShape(box, { x: 0, y: 0.3 });
    expect(over.length).toBe(1);
    expect(over[0].depth).toBeCloseTo(0.2, 4);
    const other = world.add({ shape: box, x: 0, y: 3 });
    expect(world.distance(wall, other).distance).toBeCloseTo(2.5, 4);
    world.dispose();
    seg.dispose();
    box.dispose();
  });

  it('C01-C08: addChain refuses bad chains with named errors and leaves the world as it was', () => {
    const world = sat.createWorld();
    const keep = world.add({ shape: sat.box(1, 1), x: 0, y: 0 });
    const def = { type: 'static' as const, x: 0, y: 0 };
    expect(code(() => world.addChain([0, 0], def))).toBe('TooFewPoints'); // C01
    expect(code(() => world.addChain([0, 0, 1, 0], { ...def, loop: true }))).toBe('TooFewPoints'); // C02
    expect(code(() => world.addChain([0, 0, 1, 0, 1, 0, 2, 0], def))).toBe('Degenerate'); // C03
    expect(code(() => world.addChain([0, 0, 1, 0, 1, 1, 0, 0], { ...def, loop: true }))).toBe('Degenerate'); // C04
    expect(code(() => world.addChain([0, 0, NaN, 0], def))).toBe('NonFinite'); // C05
    expect(code(() => world.addChain([0, 0, 2e6, 0], def))).toBe('OutOfRange'); // C06
    const many: number[] = [];
    for (let i = 0; i <= 16384; i++) many.push(i, 0);
    expect(code(() => world.addChain(many, def))).toBe('TooManyPoints'); // C07
    expect(code(() => world.addChain([0, 0, 1], def))).toBe('InvalidArgument'); // C08: odd-length flat array
    expect(code(() => world.addChain('abc' as never, def))).toBe('InvalidArgument'); // C08
    expect(code(() => world.addChain([0, 0, 1, 0], { ...def, loop: 'yes' as never }))).toBe('InvalidArgument');
    expect(world.bodyCount).toBe(1);
    expect(world.has(keep)).toBe(true);
    expect(world.validate()).toBe(true);
    world.dispose();
  });
});
