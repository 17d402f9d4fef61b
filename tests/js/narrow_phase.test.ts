// The narrow phase and queries through the built module, checked against the independent double-precision
// reference (reference.ts) on seeded random cases: 10,000 per shape pair, for every build variant.
import { describe, expect, it } from 'vitest';
import type { SAT } from '../../dist/index.js';
import { VARIANTS, makeSample, placed, randomXf, satFor, type Kind, type Sample } from './helpers.js';
import { distanceToShape, overlapAlong, refCollide, refRaycast, rng, signedDistance, type P } from './reference.js';

const CASES = 10_000;
const POOL = 64;
/** Depth agreement: the core computes in float32 on coordinates up to ~10. */
const TOL = 2e-4;
/** Cases whose reference depth is within this of 0 (touching) are not asked to agree on touching or not. */
const BAND = 4e-4;

const PAIRS: [Kind, Kind][] = [
  ['polygon', 'polygon'],
  ['polygon', 'circle'],
  ['circle', 'polygon'],
  ['circle', 'circle'],
  ['capsule', 'capsule'],
  ['capsule', 'circle'],
  ['circle', 'capsule'],
  ['capsule', 'polygon'],
  ['polygon', 'capsule'],
];

function pool(sat: SAT, kind: Kind, seed: number): Sample[] {
  const rand = rng(seed);
  return Array.from({ length: POOL }, () => makeSample(sat, kind, rand));
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

describe.each(VARIANTS)('narrow phase against the reference (%s)', (variant) => {
  for (const [kindA, kindB] of PAIRS) {
    it(`collide / overlaps / distance agree with the reference: ${kindA} vs ${kindB}, ${CASES} cases`, async () => {
      const sat = await satFor(variant);
      const seed = hash(`${kindA}-${kindB}`);
      const poolA = pool(sat, kindA, seed);
      const poolB = pool(sat, kindB, seed + 1);
      const rand = rng(seed + 2);
      const failures: string[] = [];
      let touching = 0;
      let apart = 0;
      for (let k = 0; k < CASES && failures.length < 5; k++) {
        const a = poolA[Math.floor(rand() * POOL)];
        const b = poolB[Math.floor(rand() * POOL)];
        const xfA = randomXf(rand, 0, 0, 1, a.kind);
        const xfB = randomXf(rand, xfA.x, xfA.y, 4, b.kind);
        const ra = placed(a, xfA);
        const rb = placed(b, xfB);
        const ref = refCollide(ra, rb);
        const m = sat.collide(a.shape, xfA, b.shape, xfB);
        const overlaps = sat.overlaps(a.shape, xfA, b.shape, xfB);
        const where = `case ${k}: A=${JSON.stringify(xfA)} B=${JSON.stringify(xfB)} ref depth ${ref.depth}`;
        if (overlaps !== (m !== null)) failures.push(`${where}: overlaps() = ${overlaps} but collide() = ${JSON.stringify(m)}`);
        if (ref.depth > BAND) {
          touching++;
          if (!m) {
            failures.push(`${where}: expected a contact, got null`);
            continue;
          }
          const n: P = [m.normal.x, m.normal.y];
          if (Math.abs(Math.hypot(n[0], n[1]) - 1) > 1e-4) failures.push(`${where}: normal not unit ${n}`);
          if (Math.abs(m.depth - ref.depth) > TOL) failures.push(`${where}: depth ${m.depth}`);
          // The normal must be a minimum translation direction: the overlap along it equals the depth.
          const along = overlapAlong(ra, rb, n);
          if (Math.abs(along - m.depth) > TOL) failures.push(`${where}: overlap along the normal ${along} != depth ${m.depth}`);
          if (m.contacts.length < 1 || m.contacts.length > 2) failures.push(`${where}: ${m.contacts.length} contacts`);
          for (const c of m.contacts) {
            const p: P = [c.x, c.y];
            const slack = m.depth + TOL;
            if (distanceToShape(ra, p) > slack || distanceToShape(rb, p) > slack) {
              failures.push(`${where}: contact ${JSON.stringify(c)} is not between the shapes`);
            }
            if (c.depth > m.depth + TOL || c.depth < -TOL) failures.push(`${where}: contact depth ${c.depth} vs ${m.depth}`);
          }
        } else if (ref.depth < -BAND) {
          apart++;
          if (m) failures.push(`${where}: expected null, got ${JSON.stringify(m)}`);
          const d = sat.distance(a.shape, xfA, b.shape, xfB);
          if (Math.abs(d.distance + ref.depth) > TOL) failures.push(`${where}: distance ${d.distance}`);
        }
      }
      expect(failures).toEqual([]);
      // The generator must really exercise both outcomes.
      expect(touching).toBeGreaterThan(CASES / 10);
      expect(apart).toBeGreaterThan(CASES / 10);
    });
  }

  it('raycast and containsPoint agree with the reference on every kind, 10,000 cases each', async () => {
    const sat = await satFor(variant);
    const failures: string[] = [];
    for (const kind of ['polygon', 'circle', 'capsule'] as Kind[]) {
      const samples = pool(sat, kind, hash(`ray-${kind}`));
      const rand = rng(hash(`ray-cases-${kind}`));
      let hits = 0;
      for (let k = 0; k < CASES && failures.length < 5; k++) {
        const s = samples[Math.floor(rand() * POOL)];
        const xf = randomXf(rand, 0, 0, 1, s.kind);
        const shape = placed(s, xf);
        const origin: P = [Math.fround((rand() - 0.5) * 12), Math.fround((rand() - 0.5) * 12)];
        const translation: P = [Math.fround((rand() - 0.5) * 16), Math.fround((rand() - 0.5) * 16)];
        const where = `${kind} case ${k}: xf=${JSON.stringify(xf)} origin=${origin} translation=${translation}`;
        // containsPoint, away from the boundary
        const sd = signedDistance(shape, origin);
        const inside = sat.containsPoint(s.shape, xf, { x: origin[0], y: origin[1] });
        if (sd < -TOL && !inside) failures.push(`${where}: point inside (sd ${sd}) reported outside`);
        if (sd > TOL && inside) failures.push(`${where}: point outside (sd ${sd}) reported inside`);
        // raycast, skipping rays that start on the boundary or graze it
        if (Math.abs(sd) < TOL) continue;
        const ref = refRaycast(shape, origin, translation, 1);
        const hit = sat.raycast(s.shape, xf, {
          origin: { x: origin[0], y: origin[1] },
          translation: { x: translation[0], y: translation[1] },
        });
        const len = Math.hypot(translation[0], translation[1]);
        if (ref === null) {
          // A miss may be a graze in float32: accept a hit only if it is right on the boundary.
          if (hit && Math.abs(signedDistance(shape, [hit.point.x, hit.point.y])) > TOL) {
            failures.push(`${where}: expected a miss, got ${JSON.stringify(hit)}`);
          }
          continue;
        }
        if (!hit) {
          // The reference hit may itself be a graze (entering and leaving within the tolerance).
          const mid: P = [origin[0] + (ref + 1e-3 / len) * translation[0], origin[1] + (ref + 1e-3 / len) * translation[1]];
          if (ref < 0.999 && signedDistance(shape, mid) < -TOL) failures.push(`${where}: expected a hit at ${ref}, got a miss`);
          continue;
        }
        hits++;
        if (Math.abs(hit.fraction - ref) * len > TOL) failures.push(`${where}: fraction ${hit.fraction} vs ${ref}`);
        const p: P = [hit.point.x, hit.point.y];
        if (Math.abs(signedDistance(shape, p)) > TOL) failures.push(`${where}: hit point not on the boundary`);
        const n: P = [hit.normal.x, hit.normal.y];
        if (Math.abs(Math.hypot(n[0], n[1]) - 1) > 1e-4) failures.push(`${where}: normal not unit`);
        if (n[0] * translation[0] + n[1] * translation[1] > 1e-6) failures.push(`${where}: normal does not face the ray`);
      }
      expect(hits, `${kind}: rays that hit`).toBeGreaterThan(CASES / 20);
    }
    expect(failures).toEqual([]);
  });
});

describe.each(VARIANTS)('narrow phase at extreme scales and on slivers (%s)', (variant) => {
  for (const scale of [1e-3, 1e3]) {
    it(`collide agrees with the reference with everything scaled by ${scale} (2,000 cases per pair kind)`, async () => {
      const sat = await satFor(variant);
      const failures: string[] = [];
      for (const [kindA, kindB] of PAIRS) {
        const seed = hash(`scaled-${scale}-${kindA}-${kindB}`);
        const poolA = pool(sat, kindA, seed);
        const poolB = pool(sat, kindB, seed + 1);
        const rand = rng(seed + 2);
        for (let k = 0; k < 2000 && failures.length < 5; k++) {
          const a = poolA[Math.floor(rand() * POOL)];
          const b = poolB[Math.floor(rand() * POOL)];
          const base = randomXf(rand, 0, 0, 1, a.kind);
          const other = randomXf(rand, base.x, base.y, 4, b.kind);
          // Scale the whole scene: positions and the shapes (through the transform's scale).
          const xfA = { ...base, x: base.x * scale, y: base.y * scale, scaleX: base.scaleX * scale, scaleY: base.scaleY * scale };
          const xfB = { ...other, x: other.x * scale, y: other.y * scale, scaleX: other.scaleX * scale, scaleY: other.scaleY * scale };
          const ref = refCollide(placed(a, xfA), placed(b, xfB));
          const m = sat.collide(a.shape, xfA, b.shape, xfB);
          const where = `${kindA}/${kindB} case ${k}: ref depth ${ref.depth}`;
          if (ref.depth > BAND * scale) {
            if (!m) failures.push(`${where}: expected a contact, got null`);
            else if (Math.abs(m.depth - ref.depth) > TOL * scale) failures.push(`${where}: depth ${m.depth}`);
          } else if (ref.depth < -BAND * scale && m) {
            failures.push(`${where}: expected null, got depth ${m.depth}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('slivers: long thin polygons and capsules against each other', async () => {
    const sat = await satFor(variant);
    const rand = rng(hash('slivers'));
    const failures: string[] = [];
    const slivers: Sample[] = [];
    for (let i = 0; i < 32; i++) {
      const len = 2 + 8 * rand();
      const thick = 0.01 + 0.05 * rand();
      const shape = sat.polygon([-len / 2, -thick / 2, len / 2, -thick / 2, len / 2 + thick, 0, len / 2, thick / 2, -len / 2, thick / 2]);
      slivers.push({ shape, kind: 'polygon', core: shape.vertices.map((v): P => [v.x, v.y]), radius: 0 });
      const cap = sat.capsule({ x: -len / 2, y: 0 }, { x: len / 2, y: 0 }, thick);
      slivers.push({ shape: cap, kind: 'capsule', core: cap.vertices.map((v): P => [v.x, v.y]), radius: cap.radius });
    }
    let touching = 0;
    for (let k = 0; k < 5000 && failures.length < 5; k++) {
      const a = slivers[Math.floor(rand() * slivers.length)];
      const b = slivers[Math.floor(rand() * slivers.length)];
      const xfA = { x: 0, y: 0, angle: (rand() - 0.5) * Math.PI, scaleX: 1, scaleY: 1 };
      const xfB = { x: (rand() - 0.5) * 4, y: (rand() - 0.5) * 0.5, angle: (rand() - 0.5) * Math.PI, scaleX: 1, scaleY: 1 };
      const ref = refCollide(placed(a, xfA), placed(b, xfB));
      const m = sat.collide(a.shape, xfA, b.shape, xfB);
      const where = `${a.kind}/${b.kind} case ${k}: A=${JSON.stringify(xfA)} B=${JSON.stringify(xfB)} ref depth ${ref.depth}`;
      if (ref.depth > BAND) {
        touching++;
        if (!m) failures.push(`${where}: expected a contact, got null`);
        else if (Math.abs(m.depth - ref.depth) > TOL) failures.push(`${where}: depth ${m.depth}`);
      } else if (ref.depth < -BAND && m) {
        failures.push(`${where}: expected null, got depth ${m.depth}`);
      }
    }
    expect(failures).toEqual([]);
    expect(touching).toBeGreaterThan(500);
    for (const s of slivers) s.shape.dispose();
  });
});
