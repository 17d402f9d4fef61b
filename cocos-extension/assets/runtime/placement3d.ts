/**
 * A node's world matrix as the 3D world's transform (position, rotation, per-axis scale) plus a shear.
 *
 * The linear part L of any world matrix factors as L = R * diag(sx, sy, sz) * K with R a rotation and K unit
 * upper-triangular (a QR factorisation by Gram-Schmidt on L's columns: R's columns are the orthonormalised images
 * of the x, y and z axes). K is the identity unless a non-uniformly scaled parent has a rotated child: then the
 * world matrix shears, which a body transform cannot express, so colliders bake K into their local shape
 * (p' = K p) and rebuild it only when K changes. That is exact for hulls and boxes and for the centres of spheres
 * and capsules; their radii take the largest |scale|, as the 3D narrow phase does for non-uniform scale.
 */
import type { Mat4 } from 'cc';

/** The body transform and shape shear of one node. */
export interface Placement3 {
  x: number;
  y: number;
  z: number;
  /** rotation as a unit quaternion */
  qx: number;
  qy: number;
  qz: number;
  qw: number;
  /** per-axis scale; sz negative when the matrix mirrors */
  sx: number;
  sy: number;
  sz: number;
  /** K's entries: x' = x + kxy y + kxz z, y' = y + kyz z (all 0 without shear) */
  kxy: number;
  kxz: number;
  kyz: number;
}

/** Shears below this are treated as none (rounding of rotated, scaled parents). */
export const SHEAR_EPSILON_3D = 1e-5;

export const newPlacement3 = (): Placement3 => ({ x: 0, y: 0, z: 0, qx: 0, qy: 0, qz: 0, qw: 1, sx: 1, sy: 1, sz: 1, kxy: 0, kxz: 0, kyz: 0 });

/** Fills `out` from a Cocos world matrix (column-major: (m00, m01, m02) is the image of the x axis). */
export function placementFromMatrix3(m: Readonly<Mat4>, out: Placement3): Placement3 {
  out.x = m.m12;
  out.y = m.m13;
  out.z = m.m14;
  const c0x = m.m00, c0y = m.m01, c0z = m.m02;
  const c1x = m.m04, c1y = m.m05, c1z = m.m06;
  const c2x = m.m08, c2y = m.m09, c2z = m.m10;
  const sx = Math.hypot(c0x, c0y, c0z);
  if (!(sx > 0)) {
    // a collapsed axis: no valid transform; the world refuses it with its own status (InvalidTransform)
    out.qx = 0, out.qy = 0, out.qz = 0, out.qw = 1;
    out.sx = 0, out.sy = 0, out.sz = 0, out.kxy = 0, out.kxz = 0, out.kyz = 0;
    return out;
  }
  const ux = c0x / sx, uy = c0y / sx, uz = c0z / sx;
  const a01 = ux * c1x + uy * c1y + uz * c1z;
  let vx = c1x - a01 * ux, vy = c1y - a01 * uy, vz = c1z - a01 * uz;
  const sy = Math.hypot(vx, vy, vz);
  if (!(sy > 0)) {
    out.qx = 0, out.qy = 0, out.qz = 0, out.qw = 1;
    out.sx = sx, out.sy = 0, out.sz = 0, out.kxy = 0, out.kxz = 0, out.kyz = 0;
    return out;
  }
  vx /= sy, vy /= sy, vz /= sy;
  // the third axis of R: right-handed, so a mirroring matrix shows as a negative sz
  const wx = uy * vz - uz * vy, wy = uz * vx - ux * vz, wz = ux * vy - uy * vx;
  const a02 = ux * c2x + uy * c2y + uz * c2z;
  const a12 = vx * c2x + vy * c2y + vz * c2z;
  const sz = wx * c2x + wy * c2y + wz * c2z;
  out.sx = sx, out.sy = sy, out.sz = sz;
  const kxy = a01 / sx, kxz = a02 / sx, kyz = a12 / sy;
  out.kxy = Math.abs(kxy) < SHEAR_EPSILON_3D ? 0 : kxy;
  out.kxz = Math.abs(kxz) < SHEAR_EPSILON_3D ? 0 : kxz;
  out.kyz = Math.abs(kyz) < SHEAR_EPSILON_3D ? 0 : kyz;
  quatFromBasis(ux, uy, uz, vx, vy, vz, wx, wy, wz, out);
  return out;
}

/** The unit quaternion of the rotation whose columns are u, v, w (Shepperd's method: the largest pivot). */
function quatFromBasis(
  m00: number, m10: number, m20: number,
  m01: number, m11: number, m21: number,
  m02: number, m12: number, m22: number,
  out: Placement3,
): void {
  const trace = m00 + m11 + m22;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    w = 0.25 * s, x = (m21 - m12) / s, y = (m02 - m20) / s, z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m21 - m12) / s, x = 0.25 * s, y = (m01 + m10) / s, z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m02 - m20) / s, x = (m01 + m10) / s, y = 0.25 * s, z = (m12 + m21) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m10 - m01) / s, x = (m02 + m20) / s, y = (m12 + m21) / s, z = 0.25 * s;
  }
  // float rounding leaves |q| a few ulps from 1; the world checks |q|^2 within 1e-6
  const n = Math.hypot(x, y, z, w);
  out.qx = x / n, out.qy = y / n, out.qz = z / n, out.qw = w / n;
}

/** Whether two placements need different baked shapes. */
export function sameShear(a: Placement3, kxy: number, kxz: number, kyz: number): boolean {
  return a.kxy === kxy && a.kxz === kxz && a.kyz === kyz;
}

/** p' = K p, in place on a flat [x, y, z, ...] array. */
export function shearPoints(points: Float32Array | number[], kxy: number, kxz: number, kyz: number): void {
  if (kxy === 0 && kxz === 0 && kyz === 0) return;
  for (let i = 0; i < points.length; i += 3) {
    const y = points[i + 1], z = points[i + 2];
    points[i] += kxy * y + kxz * z;
    points[i + 1] += kyz * z;
  }
}

/** Maps a local point by the placement (scale, rotation, translation; the shear is already in the shape). */
export function applyPlacement(p: Placement3, x: number, y: number, z: number, out: { x: number; y: number; z: number }): void {
  const vx = x * p.sx, vy = y * p.sy, vz = z * p.sz;
  // v + 2 w (q x v) + 2 q x (q x v)
  const tx = 2 * (p.qy * vz - p.qz * vy), ty = 2 * (p.qz * vx - p.qx * vz), tz = 2 * (p.qx * vy - p.qy * vx);
  out.x = p.x + vx + p.qw * tx + (p.qy * tz - p.qz * ty);
  out.y = p.y + vy + p.qw * ty + (p.qz * tx - p.qx * tz);
  out.z = p.z + vz + p.qw * tz + (p.qx * ty - p.qy * tx);
}
