/**
 * Strokes a collider's outline into a Graphics: the local geometry mapped by a body transform (scale, rotate,
 * translate). Used by debug drawing (world coordinates) and by the editor outline (the node's own frame, identity
 * placement).
 */
import type { Graphics } from 'cc';
import type { LocalGeometry } from './geometry';
import type { NodePlacement } from './transform';

export const IDENTITY_PLACEMENT: Readonly<NodePlacement> = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1, shear: 0 };

export function strokeGeometry(g: Graphics, geometry: LocalGeometry, p: Readonly<NodePlacement>): void {
  const cos = Math.cos(p.angle), sin = Math.sin(p.angle);
  const wx = (x: number, y: number) => p.x + cos * p.scaleX * x - sin * p.scaleY * y;
  const wy = (x: number, y: number) => p.y + sin * p.scaleX * x + cos * p.scaleY * y;
  // sat-wasm scales radii by the larger scale under non-uniform scale; draw what it tests
  const radiusScale = Math.max(Math.abs(p.scaleX), Math.abs(p.scaleY));
  switch (geometry.kind) {
    case 'polygon': {
      const pts = geometry.points;
      g.moveTo(wx(pts[0].x, pts[0].y), wy(pts[0].x, pts[0].y));
      for (let i = 1; i < pts.length; i++) g.lineTo(wx(pts[i].x, pts[i].y), wy(pts[i].x, pts[i].y));
      g.close();
      g.stroke();
      break;
    }
    case 'circle':
      g.circle(wx(geometry.center.x, geometry.center.y), wy(geometry.center.x, geometry.center.y), geometry.radius * radiusScale);
      g.stroke();
      break;
    case 'capsule': {
      const { center1: a, center2: b } = geometry;
      const r = geometry.radius * radiusScale;
      const ax = wx(a.x, a.y), ay = wy(a.x, a.y), bx = wx(b.x, b.y), by = wy(b.x, b.y);
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const nx = (-(by - ay) / len) * r, ny = ((bx - ax) / len) * r;
      g.moveTo(ax + nx, ay + ny);
      g.lineTo(bx + nx, by + ny);
      g.moveTo(ax - nx, ay - ny);
      g.lineTo(bx - nx, by - ny);
      g.circle(ax, ay, r);
      g.circle(bx, by, r);
      g.stroke();
      break;
    }
  }
}
