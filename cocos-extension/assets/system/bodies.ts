/**
 * The colliders' bodies in the sat-wasm world: made from a collider's shape, re-made when its shape, sensor,
 * static flag or the node's shear changes, placed from the node's world matrix only when the node moved.
 */
import type { SAT, Shape, World } from '../lib/index.js';
import { SATError } from '../lib/index.js';
import { placementFromMatrix, type NodePlacement } from '../runtime/transform';
import { makeBodyGeometry, placeGeometry } from '../runtime/geometry';
import type { SATCollider } from '../components/SATCollider';

export interface BodyRecord {
  collider: SATCollider;
  /** push-apart: 0 for static colliders and sensors */
  invMass: number;
  /** push-apart: this frame's displacement */
  pushX: number;
  pushY: number;
  /** last transform written for the body */
  placement: NodePlacement;
  /** the shear the shape was made with */
  shear: number;
  /** the slot in world.transforms */
  slot: number;
}

/** Shears differing by less than this use the same shape. */
const SHEAR_TOLERANCE = 1e-6;

export class BodyTable {
  /** body id -> record */
  readonly records = new Map<number, BodyRecord>();
  /** colliders whose body was re-made by the last sync() (their pairs restart in the world) */
  readonly rebuilt: SATCollider[] = [];
  private _scratch: NodePlacement = { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1, shear: 0 };

  constructor(
    private readonly world: World,
    private readonly sat: SAT,
    /** the collision matrix entry of a group */
    private readonly maskOf: (group: number) => number,
    /** reports a collider's problem (once per message) */
    private readonly report: (c: SATCollider, message: string) => void,
  ) {}

  /** The collider owning a body, or undefined for a body removed since. */
  colliderOf(id: number): SATCollider | undefined {
    return this.records.get(id)?.collider;
  }

  /** Brings one collider's body up to date: made, filtered, placed. Reads the world matrix only if it moved. */
  sync(c: SATCollider): void {
    const node = c.node;
    // A collider whose body could not be made (bad shape, zero scale) is tried again only when something changed.
    if (c._bodyId === 0 && c._failed && !c._shapeDirty && !c._bodyDirty && !c._transformDirty && node.hasChangedFlags === 0) return;
    const moved = c._transformDirty || node.hasChangedFlags !== 0 || c._bodyId === 0;
    let placement: NodePlacement | null = null;
    if (moved) placement = placementFromMatrix(node.worldMatrix, this._scratch);
    const record = c._bodyId ? this.records.get(c._bodyId) : undefined;
    const shearChanged = !!record && !!placement && Math.abs(placement.shear - record.shear) > SHEAR_TOLERANCE;
    if (!record || c._shapeDirty || c._bodyDirty || shearChanged) {
      if (!placement) placement = placementFromMatrix(node.worldMatrix, this._scratch);
      const hadBody = c._bodyId !== 0;
      this.destroy(c);
      this.create(c, placement);
      if (hadBody) this.rebuilt.push(c);
      return;
    }
    if (c._filterDirty) this.setFilter(c);
    record.invMass = inverseMass(c);
    if (placement) {
      c._transformDirty = false;
      const p = record.placement;
      if (p.x !== placement.x || p.y !== placement.y || p.angle !== placement.angle || p.scaleX !== placement.scaleX || p.scaleY !== placement.scaleY) {
        copyPlacement(p, placement);
        const t = this.world.transforms;
        const o = record.slot * 5;
        t[o] = p.x;
        t[o + 1] = p.y;
        t[o + 2] = p.angle;
        t[o + 3] = p.scaleX;
        t[o + 4] = p.scaleY;
      }
    }
  }

  /** Applies the collider's group and its matrix entry now. */
  setFilter(c: SATCollider): void {
    c._filterDirty = false;
    if (c._bodyId !== 0) this.world.setFilter(c._bodyId, c.group, this.maskOf(c.group));
  }

  destroy(c: SATCollider): void {
    if (c._bodyId === 0) return;
    this.records.delete(c._bodyId);
    if (this.world.has(c._bodyId)) this.world.remove(c._bodyId);
    c._bodyId = 0;
  }

  /** Reports bodies whose transform the last update refused (they keep their last valid place). */
  reportRejected(): void {
    for (const r of this.world.rejected()) {
      const c = this.colliderOf(r.id);
      if (!c) continue;
      this.report(c, `[sat-wasm] ${c.describeForLog()}: its world transform was refused (${r.code}: a zero or non-finite scale?); it keeps its last valid place`);
    }
  }

  private create(c: SATCollider, placement: NodePlacement): void {
    c._shapeDirty = false;
    c._bodyDirty = false;
    c._filterDirty = false;
    c._transformDirty = false;
    c._geometry = null;
    c._failed = true; // until the body is made
    const described = c._describe();
    if (typeof described === 'string') {
      this.report(c, `[sat-wasm] ${c.describeForLog()}: ${described}`);
      return;
    }
    const geometry = placeGeometry(described, c.offset.x, c.offset.y, placement.shear);
    const options = {
      type: c.isStatic ? 'static' : 'dynamic',
      x: placement.x,
      y: placement.y,
      angle: placement.angle,
      scaleX: placement.scaleX,
      scaleY: placement.scaleY,
      group: c.group,
      mask: this.maskOf(c.group),
      sensor: c.sensor,
    } as const;
    let shape: Shape | undefined;
    try {
      const made = makeBodyGeometry(this.sat, geometry);
      shape = made.shape;
      c._bodyId = made.shape ? this.world.add({ ...options, shape: made.shape }) : this.world.addConcave(made.concave!, options);
    } catch (e) {
      c._bodyId = 0;
      this.report(c, `[sat-wasm] ${c.describeForLog()}: ${explain(e, geometry.kind === 'polygon' && !geometry.decompose)}`);
      return;
    } finally {
      shape?.dispose();
    }
    c._geometry = geometry;
    c._failed = false;
    this.records.set(c._bodyId, {
      collider: c,
      placement: copyPlacement({ ...placement }, placement),
      shear: placement.shear,
      slot: this.world.slotOf(c._bodyId),
      invMass: inverseMass(c),
      pushX: 0,
      pushY: 0,
    });
  }
}

/** Push-apart weight: static colliders and sensors never move. */
function inverseMass(c: SATCollider): number {
  return c.isStatic || c.sensor || !(c.mass > 0) ? 0 : 1 / c.mass;
}

function copyPlacement(to: NodePlacement, from: NodePlacement): NodePlacement {
  to.x = from.x;
  to.y = from.y;
  to.angle = from.angle;
  to.scaleX = from.scaleX;
  to.scaleY = from.scaleY;
  to.shear = from.shear;
  return to;
}

/** A readable reason for a failed body, with the fix for a concave polygon. */
function explain(e: unknown, concaveHint: boolean): string {
  if (e instanceof SATError) {
    if (e.code === 'Concave' && concaveHint) {
      return 'the points make a concave outline. Tick "Decompose Concave" to split it into convex parts, or fix the points.';
    }
    return `${e.code}: ${e.message}`;
  }
  return e instanceof Error ? e.message : String(e);
}
