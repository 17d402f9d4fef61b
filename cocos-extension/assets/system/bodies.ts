/**
 * The colliders' bodies in the sat-wasm world: made from a collider's shape, edited in place (same body id, its
 * touching pairs kept by the world) when its shape, sensor, static flag or the node's shear changes, placed from
 * the node's world matrix only when the node moved.
 */
import type { SAT, Shape, World } from '../lib/index.js';
import { SATError, TRANSFORM_STRIDE } from '../lib/index.js';
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

  /**
   * Brings one collider's body up to date: made or edited, filtered, placed. Reads the world matrix only if it
   * moved. Returns false when the collider lost its body (its new shape was refused): the caller ends its pairs.
   */
  sync(c: SATCollider): boolean {
    const node = c.node;
    // A collider whose body could not be made (bad shape, zero scale) is tried again only when something changed.
    if (c._bodyId === 0 && c._failed && !c._shapeDirty && !c._bodyDirty && !c._transformDirty && node.hasChangedFlags === 0) return true;
    const moved = c._transformDirty || node.hasChangedFlags !== 0 || c._bodyId === 0;
    let placement: NodePlacement | null = null;
    if (moved) placement = placementFromMatrix(node.worldMatrix, this._scratch);
    const record = c._bodyId ? this.records.get(c._bodyId) : undefined;
    const shearChanged = !!record && !!placement && Math.abs(placement.shear - record.shear) > SHEAR_TOLERANCE;
    if (!record || c._shapeDirty || c._bodyDirty || shearChanged) {
      if (!placement) placement = placementFromMatrix(node.worldMatrix, this._scratch);
      if (record) return this.edit(c, record, placement);
      this.create(c, placement);
      return true;
    }
    if (c._filterDirty) this.setFilter(c);
    record.invMass = inverseMass(c);
    if (placement) {
      c._transformDirty = false;
      const p = record.placement;
      if (p.x !== placement.x || p.y !== placement.y || p.angle !== placement.angle || p.scaleX !== placement.scaleX || p.scaleY !== placement.scaleY) {
        copyPlacement(p, placement);
        const t = this.world.transforms;
        const o = record.slot * TRANSFORM_STRIDE;
        t[o] = p.x;
        t[o + 1] = p.y;
        t[o + 2] = p.angle;
        t[o + 3] = p.scaleX;
        t[o + 4] = p.scaleY;
      }
    }
    return true;
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

  /**
   * Gives an existing body the collider's current shape, type, sensor flag, filter and placement without removing
   * it: the world keeps its pairs (one that still touches reports stay). A refused shape removes the body.
   */
  private edit(c: SATCollider, record: BodyRecord, placement: NodePlacement): boolean {
    const id = c._bodyId;
    this.clearDirty(c);
    const described = c._describe();
    if (typeof described === 'string') {
      this.report(c, `[sat-wasm] ${c.describeForLog()}: ${described}`);
      this.lose(c);
      return false;
    }
    const geometry = placeGeometry(described, c.offset.x, c.offset.y, placement.shear);
    let parts: Shape[] = [];
    try {
      const made = makeBodyGeometry(this.sat, geometry);
      parts = made.shape ? [made.shape] : this.sat.decompose(made.concave!);
      this.world.setShapes(id, parts.map((shape) => ({ shape })));
    } catch (e) {
      this.report(c, `[sat-wasm] ${c.describeForLog()}: ${explain(e, geometry.kind === 'polygon' && !geometry.decompose)}`);
      this.lose(c);
      return false;
    } finally {
      for (const p of parts) p.dispose();
    }
    const type = c.isStatic ? 'static' : 'dynamic';
    if (this.world.typeOf(id) !== type) this.world.setType(id, type);
    this.world.setSensor(id, c.sensor);
    this.world.setFilter(id, c.group, this.maskOf(c.group));
    this.world.setTransform(id, placement.x, placement.y, placement.angle, placement.scaleX, placement.scaleY);
    copyPlacement(record.placement, placement);
    record.shear = placement.shear;
    record.invMass = inverseMass(c);
    c._geometry = geometry;
    return true;
  }

  /** A collider whose edited shape was refused: no body until its shape changes again. */
  private lose(c: SATCollider): void {
    this.destroy(c);
    c._geometry = null;
    c._failed = true;
  }

  private clearDirty(c: SATCollider): void {
    c._shapeDirty = false;
    c._bodyDirty = false;
    c._filterDirty = false;
    c._transformDirty = false;
  }

  private create(c: SATCollider, placement: NodePlacement): void {
    this.clearDirty(c);
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
