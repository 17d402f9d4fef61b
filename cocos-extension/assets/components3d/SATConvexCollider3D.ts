/**
 * The convex hull of a `Mesh` asset's vertex positions (every sub-mesh) or of a point list, in node units around
 * `center`. The hull is computed when the collider's body is made (at the first update after it is enabled and
 * the module is loaded) and again after a change of `mesh` or `points` (or `apply()` after editing points in place).
 * Bad input is refused with a named error (`collider.error.code`, and a console error naming the node):
 * `TooFewPoints` (an empty mesh, fewer than 4 points), `NonFinite` (NaN or infinite), `Coplanar`, `ZeroVolume`,
 * `TooManyPoints` (a hull of more than `maxVertices`).
 */
import { _decorator, Asset, CCInteger, gfx, Mesh, Vec3 } from 'cc';
import { SATError } from '../lib/errors.js';
import { SATCollider3D, type LocalShape3 } from './SATCollider3D';

const { ccclass, property, menu } = _decorator;

// A project that leaves the engine's 3D module out (a 2D-only game) has no Mesh class: the property then takes any
// asset, so that this script still loads there.
const MeshType = (Mesh as typeof Mesh | undefined) ?? Asset;

@ccclass('SATConvexCollider3D')
@menu('sat-wasm/SATConvexCollider3D')
export class SATConvexCollider3D extends SATCollider3D {
  @property({ type: MeshType, tooltip: 'The mesh whose vertices make the hull (used when set; else the points).' })
  get mesh(): Mesh | null {
    return this._mesh;
  }
  set mesh(v: Mesh | null) {
    this._mesh = v;
    this._shapeDirty = true;
  }

  @property({ type: [Vec3], tooltip: 'Points of the hull in node units (used when no mesh is set).' })
  get points(): Vec3[] {
    return this._points;
  }
  set points(v: Vec3[]) {
    this._points = v.map((p) => new Vec3(p.x, p.y, p.z));
    this._shapeDirty = true;
  }

  @property({ type: CCInteger, min: 4, max: 255, tooltip: 'Most vertices the hull may have (4..255).' })
  get maxVertices(): number {
    return this._maxVertices;
  }
  set maxVertices(v: number) {
    this._maxVertices = v;
    this._shapeDirty = true;
  }

  @property
  private _mesh: Mesh | null = null;
  @property
  private _points: Vec3[] = [];
  @property
  private _maxVertices = 64;

  _className(): string {
    return 'SATConvexCollider3D';
  }

  /** The point cloud the hull is made from: the mesh's vertex positions, or the points. */
  cloud(): Float32Array {
    if (!this._mesh) {
      const out = new Float32Array(this._points.length * 3);
      this._points.forEach((p, i) => out.set([p.x, p.y, p.z], 3 * i));
      return out;
    }
    const parts: ArrayLike<number>[] = [];
    const count = this._mesh.struct?.primitives?.length ?? 0;
    for (let i = 0; i < count; i++) {
      const positions = this._mesh.readAttribute(i, gfx.AttributeName.ATTR_POSITION);
      if (positions && positions.length >= 3) parts.push(positions);
    }
    const out = new Float32Array(parts.reduce((n, p) => n + p.length - (p.length % 3), 0));
    let k = 0;
    for (const p of parts) {
      const n = p.length - (p.length % 3);
      for (let j = 0; j < n; j++) out[k++] = p[j];
    }
    return out;
  }

  _describe(): LocalShape3 | string {
    const points = this.cloud();
    if (points.length === 0) {
      const what = this._mesh ? `the mesh "${this._mesh.name}" has no vertex positions` : 'no mesh and no points are set';
      throw new SATError('TooFewPoints', `${this.describeForLog()}: ${what}`);
    }
    return { kind: 'hull', points, maxVertices: this._maxVertices };
  }
}
