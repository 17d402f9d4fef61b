/**
 * The 3D colliders' bodies: each enabled collider is one body of the world, made from its local shape with the
 * node's shear baked in (runtime/placement3d.ts), and moved by writing its slot of the world's transform buffer
 * when its node moved. A record keeps what debug drawing and bounds need in the body frame (a wireframe of the
 * hull or box, or the centres and radius of a sphere or capsule).
 */
import type { SAT3D, Shape3, World3 } from '../lib/3d.js';
import { SATError } from '../lib/errors.js';
import { newPlacement3, placementFromMatrix3, sameShear, shearPoints, type Placement3 } from '../runtime/placement3d';
import type { LocalShape3, SATCollider3D } from '../components3d/SATCollider3D';

/** What a body looks like in its body frame (shear and center applied, scale and rotation not). */
export type BodyGeometry3 =
  | { kind: 'mesh'; vertices: Float32Array; edges: Uint16Array }
  | { kind: 'sphere'; cx: number; cy: number; cz: number; radius: number }
  | { kind: 'capsule'; ax: number; ay: number; az: number; bx: number; by: number; bz: number; radius: number };

export interface BodyRecord3 {
  collider: SATCollider3D;
  id: number;
  geometry: BodyGeometry3;
  /** the placement last written to the world */
  placement: Placement3;
}

/** The 12 edges of a box whose corners are numbered by bits (x: 1, y: 2, z: 4). */
const BOX_EDGES = Uint16Array.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7]);

function boxCorners(hx: number, hy: number, hz: number, cx: number, cy: number, cz: number): Float32Array {
  const out = new Float32Array(24);
  for (let i = 0; i < 8; i++) {
    out[3 * i] = cx + (i & 1 ? hx : -hx);
    out[3 * i + 1] = cy + (i & 2 ? hy : -hy);
    out[3 * i + 2] = cz + (i & 4 ? hz : -hz);
  }
  return out;
}

/** Each undirected edge of a hull once, from its faces (index loops). */
function hullEdges(faces: number[][]): Uint16Array {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const f of faces) {
    for (let i = 0; i < f.length; i++) {
      const a = f[i], b = f[(i + 1) % f.length];
      const key = a < b ? a * 65536 + b : b * 65536 + a;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(a, b);
      }
    }
  }
  return Uint16Array.from(out);
}

/** A shape in the body frame and its geometry record, from a collider's local shape, center and the node's shear. */
export function makeBodyShape(
  sat3: SAT3D,
  local: LocalShape3,
  center: { x: number; y: number; z: number },
  p: Placement3,
): { shape: Shape3; geometry: BodyGeometry3 } {
  const c = [center.x, center.y, center.z];
  shearPoints(c, p.kxy, p.kxz, p.kyz);
  switch (local.kind) {
    case 'box': {
      if (!(local.hx > 0) || !(local.hy > 0) || !(local.hz > 0)) {
        const bad = [local.hx, local.hy, local.hz].some((v) => !Number.isFinite(v));
        throw new SATError(bad ? 'NonFinite' : 'ZeroVolume', `size must be positive and finite, got ${2 * local.hx} x ${2 * local.hy} x ${2 * local.hz}`);
      }
      const corners = boxCorners(local.hx, local.hy, local.hz, center.x, center.y, center.z);
      shearPoints(corners, p.kxy, p.kxz, p.kyz);
      const shape = p.kxy === 0 && p.kxz === 0 && p.kyz === 0 && c[0] === 0 && c[1] === 0 && c[2] === 0
        ? sat3.box(local.hx, local.hy, local.hz)
        : sat3.hull(corners);
      return { shape, geometry: { kind: 'mesh', vertices: corners, edges: BOX_EDGES } };
    }
    case 'sphere': {
      const shape = sat3.sphere(local.radius, { x: c[0], y: c[1], z: c[2] });
      return { shape, geometry: { kind: 'sphere', cx: c[0], cy: c[1], cz: c[2], radius: local.radius } };
    }
    case 'capsule': {
      const ends = [local.ax + center.x, local.ay + center.y, local.az + center.z, local.bx + center.x, local.by + center.y, local.bz + center.z];
      shearPoints(ends, p.kxy, p.kxz, p.kyz);
      const a = { x: ends[0], y: ends[1], z: ends[2] }, b = { x: ends[3], y: ends[4], z: ends[5] };
      const shape = sat3.capsule(a, b, local.radius);
      return { shape, geometry: { kind: 'capsule', ax: a.x, ay: a.y, az: a.z, bx: b.x, by: b.y, bz: b.z, radius: local.radius } };
    }
    case 'hull': {
      const points = Float32Array.from(local.points);
      for (let i = 0; i < points.length; i += 3) {
        points[i] += center.x, points[i + 1] += center.y, points[i + 2] += center.z;
      }
      shearPoints(points, p.kxy, p.kxz, p.kyz);
      const shape = sat3.hull(points, { maxVertices: local.maxVertices ?? 64 });
      const mesh = sat3.hullMesh(shape);
      return { shape, geometry: { kind: 'mesh', vertices: mesh.vertices, edges: hullEdges(mesh.faces) } };
    }
  }
}

/** Writes a placement into the world's transform buffer at a slot. */
function writePlacement(t: Float32Array, at: number, p: Placement3): void {
  t[at] = p.x, t[at + 1] = p.y, t[at + 2] = p.z;
  t[at + 3] = p.qx, t[at + 4] = p.qy, t[at + 5] = p.qz, t[at + 6] = p.qw;
  t[at + 7] = p.sx, t[at + 8] = p.sy, t[at + 9] = p.sz;
}

/** Bodies of the colliders in one world. */
export class BodyTable3 {
  readonly records = new Map<SATCollider3D, BodyRecord3>();
  readonly byId = new Map<number, BodyRecord3>();
  private readonly scratch = newPlacement3();

  constructor(
    readonly world: World3,
    private readonly sat3: SAT3D,
    private readonly maskOf: (group: number) => number,
    private readonly report: (c: SATCollider3D, e: SATError) => void,
  ) {}

  /**
   * Brings a collider's body up to date: made (again) when its shape, trigger flag or the node's shear changed,
   * moved when its node moved. Returns false when the collider has no valid body.
   */
  sync(c: SATCollider3D): boolean {
    const rec = this.records.get(c);
    const moved = c._transformDirty || c.node.hasChangedFlags !== 0;
    // a collider whose shape was refused is tried again only after a change of its shape or node
    if (!rec && c.error && !c._shapeDirty && !moved) return false;
    if (!rec || c._shapeDirty || moved) {
      const p = placementFromMatrix3(c.node.worldMatrix, this.scratch);
      if (!rec || c._shapeDirty || !sameShear(rec.placement, p.kxy, p.kxz, p.kyz)) return this.rebuild(c, p);
      Object.assign(rec.placement, p);
      const world = this.world;
      writePlacement(world.transforms, world.slotOf(rec.id) * world.transformStride, p);
    }
    c._transformDirty = false;
    return true;
  }

  private rebuild(c: SATCollider3D, p: Placement3): boolean {
    this.destroy(c);
    c._shapeDirty = false;
    c._transformDirty = false;
    let made: { shape: Shape3; geometry: BodyGeometry3 } | null = null;
    try {
      const local = c._describe();
      if (typeof local === 'string') throw new SATError('InvalidArgument', local);
      made = makeBodyShape(this.sat3, local, c.center, p);
      const id = this.world.createBody({
        shapes: made.shape,
        transform: { x: p.x, y: p.y, z: p.z, rotation: { x: p.qx, y: p.qy, z: p.qz, w: p.qw }, scale: { x: p.sx, y: p.sy, z: p.sz } },
        group: c.group,
        mask: this.maskOf(c.group),
        sensor: c.isTrigger,
      });
      const rec: BodyRecord3 = { collider: c, id, geometry: made.geometry, placement: { ...p } };
      this.records.set(c, rec);
      this.byId.set(id, rec);
      c._bodyId = id;
      c._setError(null);
      return true;
    } catch (e) {
      const err = e instanceof SATError ? e : new SATError('InvalidArgument', String((e as Error)?.message ?? e));
      const prefix = c.describeForLog();
      const named = err.message.startsWith(prefix) ? err : new SATError(err.code, `${prefix}: ${err.message}`);
      c._setError(named);
      this.report(c, named);
      return false;
    } finally {
      made?.shape.dispose(); // the world keeps its own copy
    }
  }

  destroy(c: SATCollider3D): void {
    const rec = this.records.get(c);
    if (!rec) return;
    this.records.delete(c);
    this.byId.delete(rec.id);
    if (this.world && this.world.isAlive(rec.id)) this.world.destroyBody(rec.id);
    c._bodyId = 0;
  }

  setFilter(c: SATCollider3D): void {
    const rec = this.records.get(c);
    if (rec) this.world.setFilter(rec.id, c.group, this.maskOf(c.group));
  }

  /** Colliders whose node's world transform the last update refused: a named error each. */
  reportRejected(): void {
    for (const { id, code } of this.world.rejected()) {
      const rec = this.byId.get(id);
      if (!rec) continue;
      const err = new SATError(code, `${rec.collider.describeForLog()}: its node's world transform is invalid (NaN, infinite or a collapsed scale); the collider stays where it was`);
      rec.collider._setError(err);
      this.report(rec.collider, err);
    }
  }
}
