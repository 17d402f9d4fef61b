/** A rectangle collider centred on the node (plus `offset`), `size` in node units (as BoxCollider2D). */
import { _decorator, Size, Vec2 } from 'cc';
import { SATCollider } from './SATCollider';
import type { LocalGeometry } from '../runtime/geometry';

const { ccclass, property, menu, executeInEditMode } = _decorator;

@ccclass('SATBox')
@menu('sat-wasm/SATBox')
@executeInEditMode
export class SATBox extends SATCollider {
  @property({ type: Size, tooltip: 'Full width and height in node units.' })
  get size(): Size {
    return this._size;
  }
  set size(v: Size) {
    this._size = new Size(v.width, v.height);
    this._shapeDirty = true;
  }

  @property
  private _size = new Size(100, 100);

  /** The four corners in world coordinates, now, in BoxCollider2D.worldPoints' order: left-bottom, left-top, right-top, right-bottom. */
  get worldPoints(): readonly Readonly<Vec2>[] {
    const hw = this._size.width / 2;
    const hh = this._size.height / 2;
    return this._toWorld([{ x: -hw, y: -hh }, { x: -hw, y: hh }, { x: hw, y: hh }, { x: hw, y: -hh }]);
  }

  _className(): string {
    return 'SATBox';
  }

  _describe(): LocalGeometry | string {
    const hw = this._size.width / 2;
    const hh = this._size.height / 2;
    if (!(hw > 0) || !(hh > 0)) return `size must be positive, got ${this._size.width} x ${this._size.height}`;
    return {
      kind: 'polygon',
      decompose: false,
      points: [
        { x: -hw, y: -hh },
        { x: hw, y: -hh },
        { x: hw, y: hh },
        { x: -hw, y: hh },
      ],
    };
  }
}
