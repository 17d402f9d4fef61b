/** Debug drawing of the collision world into a Graphics, in world coordinates (see SATDrawFlags). */
import { Color, type Graphics } from 'cc';
import type { World } from '../lib/index.js';
import type { SATCollider } from '../components/SATCollider';
import { strokeGeometry } from '../runtime/outline';
import type { NodePlacement } from '../runtime/transform';
import { SATDrawFlags } from '../runtime/types';

export interface DrawnBody {
  collider: SATCollider;
  placement: NodePlacement;
}

/** `bodies` is walked twice (outlines and bounds, then contacts over them). */
export function drawWorld(g: Graphics, flags: number, world: World, bodies: ReadonlyMap<number, DrawnBody>): void {
  g.clear();
  for (const { collider: c, placement } of bodies.values()) {
    if (flags & SATDrawFlags.Shape && c._geometry) {
      g.strokeColor = c.sensor ? Color.YELLOW : c.isStatic ? Color.CYAN : Color.WHITE;
      strokeGeometry(g, c._geometry, placement);
    }
    if (flags & SATDrawFlags.Aabb) {
      const box = world.boundsOf(c._bodyId);
      g.strokeColor = Color.BLUE;
      g.rect(box.lower.x, box.lower.y, box.upper.x - box.lower.x, box.upper.y - box.lower.y);
      g.stroke();
    }
  }
  if (!(flags & (SATDrawFlags.Contact | SATDrawFlags.Mtv))) return;
  for (const { collider: c } of bodies.values()) {
    for (const [other, ct] of c._touching ?? []) {
      if (other._bodyId === 0 || c._bodyId > other._bodyId) continue; // each pair once
      if (flags & SATDrawFlags.Contact) {
        g.strokeColor = Color.RED;
        for (const p of ct.points) {
          g.circle(p.x, p.y, 3);
          g.stroke();
        }
      }
      if (flags & SATDrawFlags.Mtv && ct.points.length > 0) {
        const p = ct.points[0];
        g.strokeColor = Color.GREEN;
        g.moveTo(p.x, p.y);
        g.lineTo(p.x + ct.normal.x * ct.depth, p.y + ct.normal.y * ct.depth);
        g.stroke();
      }
    }
  }
}
