/** A circle collider centred on the node (plus `offset`). Under non-uniform scale the radius takes the larger scale. */
import { _decorator, CCFloat, Vec2 } from 'cc';
import { SATCollider } from './SATCollider';
import type { LocalGeometry } from '../runtime/geometry';

const { ccclass, property, menu, executeInEditMode } = _decorator;

@ccclass('SATCircle')
@menu('sat-wasm/SATCircle')
@executeInEditMode
export class SATCircle extends SATCollider {
  @property({ type: CCFloat, min: 0, tooltip: 'Radius in node units.' })
  get radius(): number {
    return this._radius;
  }
  set radius(v: number) {
    if (v === this._radius) return;
    this._radius = v;
    this._shapeDirty = true;
  }

  @property
  private _radius = 50;

  /** The centre in world coordinates, now (as CircleCollider2D.worldPosition). */
  get worldPosition(): Readonly<Vec2> {
    return this._toWorld([{ x: 0, y: 0 }])[0];
  }

  /** The radius in world units, now: scaled by the node's larger scale, as the collision test does. */
  get worldRadius(): number {
    const m = this.node.worldMatrix;
    return this._radius * Math.max(Math.hypot(m.m00, m.m01), Math.hypot(m.m04, m.m05));
  }

  _className(): string {
    return 'SATCircle';
  }

  _describe(): LocalGeometry | string {
    if (!(this._radius > 0)) return `radius must be positive, got ${this._radius}`;
    return { kind: 'circle', center: { x: 0, y: 0 }, radius: this._radius };
  }
}
