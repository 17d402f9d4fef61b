/** A box centred on `center` in the node frame, `size` its full extents in node units (as Cocos' BoxCollider). */
import { _decorator, Vec3 } from 'cc';
import { SATCollider3D, type LocalShape3 } from './SATCollider3D';

const { ccclass, property, menu } = _decorator;

@ccclass('SATBoxCollider3D')
@menu('sat-wasm/SATBoxCollider3D')
export class SATBoxCollider3D extends SATCollider3D {
  @property({ type: Vec3, tooltip: 'Full size along x, y and z in node units.' })
  get size(): Vec3 {
    return this._size;
  }
  set size(v: Vec3) {
    this._size = new Vec3(v.x, v.y, v.z);
    this._shapeDirty = true;
  }

  @property
  private _size = new Vec3(1, 1, 1);

  _className(): string {
    return 'SATBoxCollider3D';
  }

  _describe(): LocalShape3 | string {
    return { kind: 'box', hx: this._size.x / 2, hy: this._size.y / 2, hz: this._size.z / 2 };
  }
}
