/**
 * A polygon collider. Its points are edited in the inspector (node units), generated once from the node's sprite
 * or UITransform (`generatePoints()`, or "Regenerate Points" in the inspector), or followed from the UITransform
 * box when `useUITransform` is ticked. A concave outline is split into convex parts when `decomposeConcave` is
 * ticked; otherwise it is refused with a console error naming the node (no silent hull).
 */
import { _decorator, CCBoolean, Node, Sprite, UITransform, Vec2 } from 'cc';
import { SATCollider } from './SATCollider';
import type { LocalGeometry } from '../runtime/geometry';

const { ccclass, property, menu, executeInEditMode } = _decorator;

@ccclass('SATPolygon')
@menu('sat-wasm/SATPolygon')
@executeInEditMode
export class SATPolygon extends SATCollider {
  @property({ type: [Vec2], tooltip: 'Outline in node units, either winding; at least 3 points.' })
  get points(): Vec2[] {
    return this._points;
  }
  set points(v: Vec2[]) {
    this._points = v.map((p) => new Vec2(p.x, p.y));
    this._shapeDirty = true;
  }

  @property({ type: CCBoolean, tooltip: "Use the node's UITransform box (content size and anchor) instead of the points." })
  get useUITransform(): boolean {
    return this._useUITransform;
  }
  set useUITransform(v: boolean) {
    if (v === this._useUITransform) return;
    this._useUITransform = v;
    this._shapeDirty = true;
    this._watchSize();
  }

  @property({ type: CCBoolean, tooltip: 'Split a concave outline into convex parts (else a concave outline is an error).' })
  get decomposeConcave(): boolean {
    return this._decomposeConcave;
  }
  set decomposeConcave(v: boolean) {
    if (v === this._decomposeConcave) return;
    this._decomposeConcave = v;
    this._shapeDirty = true;
  }

  @property({
    type: CCBoolean,
    displayName: 'Regenerate Points',
    tooltip: "Tick to set the points from the node's sprite (its opaque, trimmed rectangle) or else its UITransform box.",
  })
  get regeneratePoints(): boolean {
    return false;
  }
  set regeneratePoints(v: boolean) {
    if (v) this.generatePoints();
  }

  /** The outline in world coordinates, now (as PolygonCollider2D.worldPoints). */
  get worldPoints(): readonly Readonly<Vec2>[] {
    const g = this._describe();
    return typeof g === 'string' || g.kind !== 'polygon' ? [] : this._toWorld(g.points);
  }

  /**
   * Sets `points` from the node's Sprite (the sprite frame's trimmed rectangle: its opaque part, placed as the
   * sprite draws it) or, without a sprite frame, from the UITransform box. Returns false (and changes nothing)
   * when the node has neither.
   */
  generatePoints(): boolean {
    const ui = this.node.getComponent(UITransform);
    if (!ui) return false;
    const { width, height } = ui.contentSize;
    const cx = (0.5 - ui.anchorPoint.x) * width;
    const cy = (0.5 - ui.anchorPoint.y) * height;
    let hw = width / 2, hh = height / 2, x = cx, y = cy;
    const sprite = this.node.getComponent(Sprite);
    const frame = sprite?.spriteFrame;
    if (frame && sprite && !sprite.trim && frame.originalSize.width > 0 && frame.originalSize.height > 0) {
      // untrimmed drawing: the whole original image fills the box, its opaque rectangle sits at frame.offset
      const sx = width / frame.originalSize.width;
      const sy = height / frame.originalSize.height;
      const rw = frame.rotated ? frame.rect.height : frame.rect.width;
      const rh = frame.rotated ? frame.rect.width : frame.rect.height;
      hw = (rw * sx) / 2;
      hh = (rh * sy) / 2;
      x = cx + frame.offset.x * sx;
      y = cy + frame.offset.y * sy;
    }
    if (!(hw > 0) || !(hh > 0)) return false;
    this.points = [new Vec2(x - hw, y - hh), new Vec2(x + hw, y - hh), new Vec2(x + hw, y + hh), new Vec2(x - hw, y + hh)];
    return true;
  }

  @property
  private _points: Vec2[] = [new Vec2(-50, -50), new Vec2(50, -50), new Vec2(50, 50), new Vec2(-50, 50)];
  @property
  private _useUITransform = false;
  @property
  private _decomposeConcave = false;

  private _watching: Node | null = null;

  _className(): string {
    return 'SATPolygon';
  }

  _describe(): LocalGeometry | string {
    if (this._useUITransform) {
      const ui = this.node.getComponent(UITransform);
      if (!ui) return 'useUITransform is ticked but the node has no UITransform';
      const { width, height } = ui.contentSize;
      const x0 = -ui.anchorPoint.x * width;
      const y0 = -ui.anchorPoint.y * height;
      return {
        kind: 'polygon',
        decompose: false,
        points: [
          { x: x0, y: y0 },
          { x: x0 + width, y: y0 },
          { x: x0 + width, y: y0 + height },
          { x: x0, y: y0 + height },
        ],
      };
    }
    if (this._points.length < 3) return `needs at least 3 points, has ${this._points.length}`;
    return { kind: 'polygon', decompose: this._decomposeConcave, points: this._points.map((p) => ({ x: p.x, y: p.y })) };
  }

  protected onEnable(): void {
    this._watchSize();
    super.onEnable();
  }

  protected onDisable(): void {
    this._unwatchSize();
    super.onDisable();
  }

  private _onSizeChanged(): void {
    if (this._useUITransform) this._shapeDirty = true;
  }

  private _watchSize(): void {
    this._unwatchSize();
    if (!this._useUITransform || !this.node) return;
    this.node.on(Node.EventType.SIZE_CHANGED, this._onSizeChanged, this);
    this.node.on(Node.EventType.ANCHOR_CHANGED, this._onSizeChanged, this);
    this._watching = this.node;
  }

  private _unwatchSize(): void {
    if (!this._watching) return;
    this._watching.off(Node.EventType.SIZE_CHANGED, this._onSizeChanged, this);
    this._watching.off(Node.EventType.ANCHOR_CHANGED, this._onSizeChanged, this);
    this._watching = null;
  }
}
