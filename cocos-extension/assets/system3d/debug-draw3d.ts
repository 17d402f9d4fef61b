/**
 * Debug drawing of the 3D world through a camera's GeometryRenderer (lines the engine draws for one frame):
 * hull and box wireframes, spheres and capsules, world bounds, contact points and, per touching pair, the deciding
 * axis (the contact normal: the separating-axis test's axis of least overlap) with the minimum translation along it.
 */
import { Color, geometry, Vec3, type GeometryRenderer } from 'cc';
import { applyPlacement } from '../runtime/placement3d';
import type { BodyRecord3 } from './bodies3d';
import type { World3 } from '../lib/3d.js';

/** What debug drawing shows: `Shape` and `Aabb` have EPhysicsDrawFlags' values (WIRE_FRAME, AABB). */
export enum SATDrawFlags3D {
  None = 0,
  /** hull, box, sphere and capsule wireframes (white; triggers yellow) */
  Shape = 0x0001,
  /** world bounds (blue) */
  Aabb = 0x0004,
  /** contact points (red crosses) and the normal at each (red, from A towards B) */
  Contact = 0x0100,
  /** per touching pair, the deciding axis through the contacts (magenta) and the minimum translation on it (green) */
  Axis = 0x0200,
  All = 0x0001 | 0x0004 | 0x0100 | 0x0200,
}

const SHAPE = new Color(255, 255, 255, 255);
const TRIGGER = new Color(255, 230, 0, 255);
const AABB = new Color(60, 140, 255, 255);
const CONTACT = new Color(255, 40, 40, 255);
const AXIS = new Color(255, 0, 255, 255);
const MTV = new Color(0, 220, 0, 255);

const v0 = new Vec3(), v1 = new Vec3(), lo = new Vec3(), hi = new Vec3();
/** Size of a contact's cross and length of its normal, world units. */
const CONTACT_SIZE = 0.1;
const NORMAL_LENGTH = 0.3;

/** A record's world bounds into lo / hi (exact for hulls and boxes: the corners' images). */
export function worldBounds(rec: BodyRecord3, outLo: Vec3, outHi: Vec3): void {
  const p = rec.placement, g = rec.geometry;
  outLo.set(Infinity, Infinity, Infinity);
  outHi.set(-Infinity, -Infinity, -Infinity);
  const grow = (x: number, y: number, z: number, r: number) => {
    applyPlacement(p, x, y, z, v0);
    outLo.set(Math.min(outLo.x, v0.x - r), Math.min(outLo.y, v0.y - r), Math.min(outLo.z, v0.z - r));
    outHi.set(Math.max(outHi.x, v0.x + r), Math.max(outHi.y, v0.y + r), Math.max(outHi.z, v0.z + r));
  };
  const scale = Math.max(Math.abs(p.sx), Math.abs(p.sy), Math.abs(p.sz));
  if (g.kind === 'mesh') {
    for (let i = 0; i < g.vertices.length; i += 3) grow(g.vertices[i], g.vertices[i + 1], g.vertices[i + 2], 0);
  } else if (g.kind === 'sphere') {
    grow(g.cx, g.cy, g.cz, g.radius * scale);
  } else {
    grow(g.ax, g.ay, g.az, g.radius * scale);
    grow(g.bx, g.by, g.bz, g.radius * scale);
  }
}

function drawShape(r: GeometryRenderer, rec: BodyRecord3): void {
  const p = rec.placement, g = rec.geometry;
  const color = rec.collider.isTrigger ? TRIGGER : SHAPE;
  const scale = Math.max(Math.abs(p.sx), Math.abs(p.sy), Math.abs(p.sz));
  if (g.kind === 'mesh') {
    const v = g.vertices;
    for (let i = 0; i < g.edges.length; i += 2) {
      const a = 3 * g.edges[i], b = 3 * g.edges[i + 1];
      applyPlacement(p, v[a], v[a + 1], v[a + 2], v0);
      applyPlacement(p, v[b], v[b + 1], v[b + 2], v1);
      r.addLine(v0, v1, color);
    }
  } else if (g.kind === 'sphere') {
    applyPlacement(p, g.cx, g.cy, g.cz, v0);
    r.addSphere(v0, g.radius * scale, color, 16, 8);
  } else {
    // two end spheres joined by the segment: the renderer's own capsule is fixed to the y axis
    applyPlacement(p, g.ax, g.ay, g.az, v0);
    applyPlacement(p, g.bx, g.by, g.bz, v1);
    r.addSphere(v0, g.radius * scale, color, 16, 8);
    r.addSphere(new Vec3(v1.x, v1.y, v1.z), g.radius * scale, color, 16, 8);
    r.addLine(v0, v1, color);
  }
}

/** Draws the last update's world. */
export function drawWorld3(r: GeometryRenderer, flags: number, world: World3, records: Iterable<BodyRecord3>, byId: ReadonlyMap<number, BodyRecord3>): void {
  for (const rec of records) {
    if (flags & SATDrawFlags3D.Shape) drawShape(r, rec);
    if (flags & SATDrawFlags3D.Aabb) {
      worldBounds(rec, lo, hi);
      r.addBoundingBox(boxOf(lo, hi), AABB);
    }
  }
  if (!(flags & (SATDrawFlags3D.Contact | SATDrawFlags3D.Axis))) return;
  const fr = world.frame, f = world.heapF32, u = world.heapU32;
  for (let i = 0; i < fr.contactCount; i++) {
    const c = fr.contacts + fr.contactWords * i;
    if (byId.get(u[c])?.collider.node === byId.get(u[c + 1])?.collider.node) continue; // one node's colliders do not meet
    const n = u[c + 6] & 0xff;
    const nx = f[c + 2], ny = f[c + 3], nz = f[c + 4], depth = f[c + 5];
    let mx = 0, my = 0, mz = 0, size = 0;
    for (let k = 0; k < n; k++) {
      const q = c + 8 + 5 * k;
      mx += f[q] / n, my += f[q + 1] / n, mz += f[q + 2] / n;
      if (flags & SATDrawFlags3D.Contact) {
        v0.set(f[q], f[q + 1], f[q + 2]);
        r.addCross(v0, CONTACT_SIZE, CONTACT);
        v1.set(v0.x + nx * NORMAL_LENGTH, v0.y + ny * NORMAL_LENGTH, v0.z + nz * NORMAL_LENGTH);
        r.addLine(v0, v1, CONTACT);
      }
    }
    if (flags & SATDrawFlags3D.Axis && n > 0) {
      // the axis as a line through the contacts' centre, long enough to see, and the MTV on it
      size = Math.max(1, depth * 4);
      v0.set(mx - nx * size, my - ny * size, mz - nz * size);
      v1.set(mx + nx * size, my + ny * size, mz + nz * size);
      r.addDashedLine(v0, v1, AXIS);
      v0.set(mx, my, mz);
      v1.set(mx + nx * depth, my + ny * depth, mz + nz * depth);
      r.addLine(v0, v1, MTV);
    }
  }
}

const box = geometry.AABB.create();
/** An AABB as GeometryRenderer.addBoundingBox takes it (centre and half extents). */
function boxOf(l: Vec3, h: Vec3): geometry.AABB {
  box.center.set((l.x + h.x) / 2, (l.y + h.y) / 2, (l.z + h.z) / 2);
  box.halfExtents.set((h.x - l.x) / 2, (h.y - l.y) / 2, (h.z - l.z) / 2);
  return box;
}
