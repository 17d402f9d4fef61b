/**
 * A node's world matrix as sat-wasm's transform (position, rotation, non-uniform scale) plus a shear.
 *
 * Any 2D linear map A factors as A = R(angle) * diag(scaleX, scaleY) * [[1, shear], [0, 1]] (a QR factorisation:
 * R is the rotation of A's x axis, the upper-triangular rest is scale times shear). sat-wasm bodies take angle and
 * scales; a shear is not a transform it supports, so colliders bake it into their local shape (x' = x + shear * y)
 * and rebuild the shape only when the shear changes. That is exact for polygons and for the centres of circles and
 * capsules; their radii are scaled by max(|scaleX|, |scaleY|), as sat-wasm does for non-uniform scale.
 */
import type { Mat4 } from 'cc';

/** The body transform and shape shear of one node. */
export interface NodePlacement {
  x: number;
  y: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  /** 0 unless the world matrix has skew (a skewed parent or UISkew) */
  shear: number;
}

/** Shears below this are treated as none (rounding of rotated, scaled parents). */
export const SHEAR_EPSILON = 1e-6;

/** Fills `out` from a Cocos world matrix (column-major: (m00, m01) is the image of the x axis). */
export function placementFromMatrix(m: Readonly<Mat4>, out: NodePlacement): NodePlacement {
  const ax = m.m00, ay = m.m01; // image of the x axis
  const bx = m.m04, by = m.m05; // image of the y axis
  const scaleX = Math.hypot(ax, ay);
  out.x = m.m12;
  out.y = m.m13;
  if (scaleX === 0) {
    // a collapsed x axis: no valid transform; let sat-wasm refuse it with its own message
    out.angle = 0;
    out.scaleX = 0;
    out.scaleY = Math.hypot(bx, by);
    out.shear = 0;
    return out;
  }
  const ux = ax / scaleX, uy = ay / scaleX;
  out.angle = Math.atan2(uy, ux);
  out.scaleX = scaleX;
  out.scaleY = ux * by - uy * bx; // signed: negative when the matrix mirrors
  const along = ux * bx + uy * by; // the y axis' component along the x axis
  const shear = along / scaleX;
  out.shear = Math.abs(shear) < SHEAR_EPSILON ? 0 : shear;
  return out;
}
