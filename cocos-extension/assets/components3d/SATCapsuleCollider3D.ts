/**
 * A capsule centred on `center` (as Cocos' CapsuleCollider): a cylinder of `cylinderHeight` along `direction`
 * capped by two half spheres of `radius`. Under non-uniform scale the segment's ends stay exact and the radius
 * takes the largest |scale|.
 */
import { _decorator, CCFloat, Enum } from 'cc';
import { SATCollider3D, type LocalShape3 } from './SATCollider3D';

const { ccclass, property, menu } = _decorator;

/** The capsule's axis, as Cocos' EAxisDirection. */
export enum SATAxis3D {
  X_AXIS = 0,
  Y_AXIS = 1,
  Z_AXIS = 2,
}
Enum(SATAxis3D);

@ccclass('SATCapsuleCollider3D')
@menu('sat-wasm/SATCapsuleCollider3D')
export class SATCapsuleCollider3D extends SATCollider3D {
  @property({ type: CCFloat, tooltip: 'Radius of the caps and the cylinder, node units.' })
  get radius(): number {
    return this._radius;
  }
  set radius(v: number) {
    this._radius = v;
    this._shapeDirty = true;
  }

  @property({ type: CCFloat, tooltip: 'Length of the cylinder between the centres of the caps, node units.' })
  get cylinderHeight(): number {
    return this._cylinderHeight;
  }
  set cylinderHeight(v: number) {
    this._cylinderHeight = v;
    this._shapeDirty = true;
  }

  @property({ type: SATAxis3D, tooltip: 'The axis of the capsule in the node frame.' })
  get direction(): SATAxis3D {
    return this._direction;
  }
  set direction(v: SATAxis3D) {
    this._direction = v;
    this._shapeDirty = true;
  }

  @property
  private _radius = 0.5;
  @property
  private _cylinderHeight = 1;
  @property
  private _direction = SATAxis3D.Y_AXIS;

  _className(): string {
    return 'SATCapsuleCollider3D';
  }

  _describe(): LocalShape3 | string {
    const h = this._cylinderHeight / 2;
    const d = this._direction;
    return {
      kind: 'capsule',
      ax: d === SATAxis3D.X_AXIS ? -h : 0,
      ay: d === SATAxis3D.Y_AXIS ? -h : 0,
      az: d === SATAxis3D.Z_AXIS ? -h : 0,
      bx: d === SATAxis3D.X_AXIS ? h : 0,
      by: d === SATAxis3D.Y_AXIS ? h : 0,
      bz: d === SATAxis3D.Z_AXIS ? h : 0,
      radius: this._radius,
    };
  }
}
