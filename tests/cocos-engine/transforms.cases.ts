/** Colliders follow their node's world transform: moves, parents, rotation, non-uniform scale, skew. */
import { _decorator, Component, Mat4, Node, TransformBit, Vec2 } from 'cc';
import { box, circle, manager, names, newScene, node, record, step } from './helpers';

describe('transforms', () => {
  test("a node's world matrix is read only in frames where it (or a parent) moved", () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 300, 0);
    step(2); // placed, then read once more (flagged at the end of the frame it was placed in)
    const reads = (n: Node) => jest.spyOn(n, 'worldMatrix', 'get');
    const readsA = reads(a.node);
    const readsB = reads(b.node);
    step(3);
    expect(readsA).not.toHaveBeenCalled();
    expect(readsB).not.toHaveBeenCalled();
    b.node.setPosition(290, 0);
    step();
    expect(readsA).not.toHaveBeenCalled();
    expect(readsB).toHaveBeenCalled();
    readsA.mockRestore();
    readsB.mockRestore();
  });

  test('follows a moving parent (the child did not move itself)', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const parent = node(canvas, 'parent', 500, 0);
    box(parent, 'B', 0, 0);
    const rec = record(a);
    step();
    expect(rec.log).toEqual([]);
    parent.setPosition(60, 0);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B']);
    expect(rec.log[0].depth).toBeCloseTo(40, 3);
    rec.stop();
  });

  test('takes rotation and non-uniform scale of parents', () => {
    const canvas = newScene();
    const parent = node(canvas, 'scaled');
    parent.setScale(2, 0.5);
    const a = box(parent, 'A', 0, 0, 100, 100); // world: 200 x 50
    circle(canvas, 'right', 105, 0, 10); // reaches x = 95 < 100: touches only if scaled by 2
    circle(canvas, 'top', 0, 40, 10); // reaches y = 30 > 25: apart only if scaled by 0.5
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-right']);
    expect(rec.log.find((r) => r.source === 'collider:A' && r.other === 'right')!.depth).toBeCloseTo(5, 3);
    parent.angle = 90; // now 50 wide, 200 tall
    step();
    expect(rec.pairs().slice(1).sort()).toEqual(['begin-contact A-top', 'end-contact A-right']);
    rec.stop();
  });

  test('a rotated collider answers point queries at its rotated corners', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 100, 20);
    a.node.angle = 45;
    step();
    const d = 40 * Math.SQRT1_2; // (40, 0) in the node frame
    expect(names(manager().testPoint(new Vec2(d, d)))).toEqual(['A']);
    expect(names(manager().testPoint(new Vec2(40, 0)))).toEqual([]);
  });

  /**
   * Cocos 3.8.5 has no skew on nodes (UISkew came in 3.8.6, which shears the world matrix). This gives one node a
   * sheared world matrix the way a skewed parent does: x' = x + tan(skewX) * y applied on top of the node's own
   * transform. `set()` changes the skew and flags the node as moved.
   */
  function skew(n: Node, skewX: number): { set: (deg: number) => void; restore: () => void } {
    const trs = Object.getOwnPropertyDescriptor(Node.prototype, 'worldMatrix')!.get!;
    const shear = new Mat4();
    const out = new Mat4();
    const set = (deg: number) => {
      shear.m04 = Math.tan((deg * Math.PI) / 180);
      n.invalidateChildren(TransformBit.TRS); // flags the node (its matrix changed), as a transform change does
    };
    set(skewX);
    const spy = jest.spyOn(n, 'worldMatrix', 'get').mockImplementation(() => Mat4.multiply(out, shear, trs.call(n) as Mat4));
    return { set, restore: () => spy.mockRestore() };
  }

  test('takes a skewed world matrix: the box becomes the parallelogram the matrix makes', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 100, 100);
    const sk = skew(a.node, 45); // corners (-100,-50) (0,-50) (100,50) (0,50)
    circle(canvas, 'upperRight', 80, 40, 5); // inside the parallelogram, outside the square
    circle(canvas, 'lowerRight', 40, -40, 5); // inside the square, outside the parallelogram
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-upperRight']);
    // the contact lies on the slanted right edge x = y + 50
    const c = rec.log.find((r) => r.source === 'collider:A')!;
    expect(c.normal.x).toBeCloseTo(Math.SQRT1_2, 3);
    expect(c.normal.y).toBeCloseTo(-Math.SQRT1_2, 3);
    expect(a.worldPoints.map((p) => [Math.round(p.x) + 0, Math.round(p.y) + 0])).toEqual([[-100, -50], [0, 50], [100, 50], [0, -50]]);
    rec.stop();
    sk.restore();
  });

  test('re-makes the shape when the skew changes, keeping the contact', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 100, 100);
    const sk = skew(a.node, 0);
    circle(canvas, 'probe', 70, 40, 25);
    const rec = record(a);
    step();
    sk.set(20);
    step();
    sk.set(-45); // top shifts left: the probe at the upper right is clear
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-probe', 'stay-contact A-probe', 'end-contact A-probe']);
    rec.stop();
    sk.restore();
  });

  test('a node rotating under a skew is re-made each frame and its contact stays a stay', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 100, 100);
    const sk = skew(a.node, 30);
    circle(canvas, 'probe', 0, 0, 20); // always inside A
    const rec = record(a);
    step();
    for (let i = 1; i <= 5; i++) {
      a.node.angle = i * 10;
      step();
    }
    expect(rec.pairs()).toEqual(['begin-contact A-probe', ...Array(5).fill('stay-contact A-probe')]);
    expect(manager().world!.bodyCount).toBe(2);
    rec.stop();
    sk.restore();
  });

  test('a collapsed (zero) scale is reported and the collider recovers with a valid one', () => {
    const canvas = newScene();
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const a = box(canvas, 'A', 0, 0);
      const flat = box(canvas, 'Flat', 50, 0);
      flat.node.setScale(0, 1);
      const rec = record(a);
      step(2);
      expect(flat.inWorld).toBe(false);
      expect(err.mock.calls.map((c) => String(c[0])).some((m) => m.includes('SATBox on node "Canvas/Flat"'))).toBe(true);
      flat.node.setScale(1, 1);
      step();
      expect(rec.pairs()).toEqual(['begin-contact A-Flat']);
      // a body already in the world keeps its last valid place when its node collapses
      err.mockClear();
      flat.node.setScale(1, 0);
      step();
      expect(err.mock.calls.map((c) => String(c[0])).some((m) => m.includes('"Canvas/Flat": its world transform was refused'))).toBe(true);
      expect(rec.pairs()).toEqual(['begin-contact A-Flat', 'stay-contact A-Flat']);
      rec.stop();
    } finally {
      err.mockRestore();
    }
  });

  test('applies the offset in the node frame (scaled with the node)', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0, 20, 20);
    a.node.setScale(2, 2);
    a.offset = new Vec2(100, 0); // world centre (200, 0), half size 20
    circle(canvas, 'probe', 225, 0, 10);
    const rec = record(a);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-probe']);
    expect(rec.log[0].depth).toBeCloseTo(5, 3);
    rec.stop();
  });

  test('sees moves made in lateUpdate of the same frame (the system runs after lateUpdate)', () => {
    const canvas = newScene();
    const a = box(canvas, 'A', 0, 0);
    const b = box(canvas, 'B', 500, 0);
    step();
    const rec = record(a);
    b.node.addComponent(LateMover);
    step();
    expect(rec.pairs()).toEqual(['begin-contact A-B']);
    expect(rec.log[0].depth).toBeCloseTo(40, 3);
    rec.stop();
  });

  @_decorator.ccclass('SatTestLateMover')
  class LateMover extends Component {
    lateUpdate(): void {
      this.node.setPosition(60, 0);
    }
  }
});
