/**
 * A sphere centred on `center` in the node frame (as Cocos' SphereCollider). Under non-uniform scale its centre
 * stays exact and its radius takes the largest |scale|.
 */
import { _decorator, CCFloat } from 'cc';
import { SATCollider3D, type LocalShape3 } from './SATCollider3D';

const { ccclass, property, menu } = _decorator;

@ccclass('SATSphereCollider3D')
@menu('sat-wasm/SATSphereCollider3D')
export class SATSphereCollider3D extends SATCollider3D {
  @property({ type: CCFloat, tooltip: 'Radius in node units.' })
  get radius(): number {
    return this._radius;
  }
  set radius(v: number) {
    this._radius = v;
    this._shapeDirty = true;
  }

  @property
  private _radius = 0.5;

  _className(): string {
    return 'SATSphereCollider3D';
  }

  _describe(): LocalShape3 | string {
    return { kind: 'sphere', radius: this._radius };
  }
}
