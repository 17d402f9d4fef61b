/**
 * A capsule collider (a segment swept by a radius), upright along the node's y axis: `height` is the full height
 * including both caps, so the cap centres are at y = +-(height / 2 - radius).
 */
import { _decorator, CCFloat } from 'cc';
import { SATCollider } from './SATCollider';
import type { LocalGeometry } from '../runtime/geometry';

const { ccclass, property, menu, executeInEditMode } = _decorator;

@ccclass('SATCapsule')
@menu('sat-wasm/SATCapsule')
@executeInEditMode
export class SATCapsule extends SATCollider {
  @property({ type: CCFloat, min: 0, tooltip: 'Radius of the caps in node units.' })
  get radius(): number {
    return this._radius;
  }
  set radius(v: number) {
    if (v === this._radius) return;
    this._radius = v;
    this._shapeDirty = true;
  }

  @property({ type: CCFloat, min: 0, tooltip: 'Full height along the node y axis, caps included (> 2 * radius).' })
  get height(): number {
    return this._height;
  }
  set height(v: number) {
    if (v === this._height) return;
    this._height = v;
    this._shapeDirty = true;
  }

  @property
  private _radius = 25;
  @property
  private _height = 100;

  _className(): string {
    return 'SATCapsule';
  }

  _describe(): LocalGeometry | string {
    if (!(this._radius > 0)) return `radius must be positive, got ${this._radius}`;
    const half = this._height / 2 - this._radius;
    if (!(half > 0)) {
      return `height (${this._height}) must be more than twice the radius (${this._radius}); use SATCircle for a circle`;
    }
    return { kind: 'capsule', center1: { x: 0, y: -half }, center2: { x: 0, y: half }, radius: this._radius };
  }
}
