/** The collider components' geometry: polygons (convex, concave, from UITransform or sprite), world points, bounds. */
import { Rect, Size, Sprite, SpriteFrame, Vec2 } from 'cc';
import { SATPolygon } from './ext/index';
import { box, circle, manager, names, newScene, node, polygon, record, step, withUITransform } from './helpers';

describe('shapes', () => {
  const concave: Array<[number, number]> = [[-50, -50], [50, -50], [50, 50], [0, 0], [-50, 50]];
  const round = (ps: readonly Readonly<Vec2>[]) => ps.map((p) => [Math.round(p.x * 1000) / 1000 + 0, Math.round(p.y * 1000) / 1000 + 0]);

  test('a concave outline is refused once, with a console error naming the node and the fix', () => {
    const canvas = newScene();
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const p = polygon(canvas, 'Spiky', 0, 0, concave);
      const describe = jest.spyOn(p, '_describe');
      box(canvas, 'probe', 40, 40, 10, 10);
      const rec = record(p);
      step(4);
      expect(p.inWorld).toBe(false);
      expect(describe).toHaveBeenCalledTimes(1); // not retried every frame
      const msgs = err.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('SATPolygon on node "Canvas/Spiky"'));
      expect(msgs).toHaveLength(1);
      expect(msgs[0]).toMatch(/concave/);
      expect(msgs[0]).toMatch(/Decompose Concave/);
      p.decomposeConcave = true; // fixed: it joins
      step();
      expect(p.inWorld).toBe(true);
      expect(rec.pairs()).toEqual(['begin-contact Spiky-probe']);
      rec.stop();
    } finally {
      err.mockRestore();
    }
  });

  test('a decomposed concave polygon keeps its notch empty', () => {
    const canvas = newScene();
    const p = polygon(canvas, 'Vee', 0, 0, concave);
    p.decomposeConcave = true;
    circle(canvas, 'inNotch', 0, 40, 5); // between the two horns
    circle(canvas, 'onHorn', 40, 40, 5);
    const rec = record(p);
    step();
    expect(rec.pairs()).toEqual(['begin-contact Vee-onHorn']);
    expect(names(manager().testPoint(new Vec2(0, 30)))).toEqual([]);
    expect(names(manager().testPoint(new Vec2(-40, 40)))).toEqual(['Vee']);
    rec.stop();
  });

  test("useUITransform takes the node's UITransform box (size and anchor) and follows its changes", () => {
    const canvas = newScene();
    const panel = node(canvas, 'Panel');
    const ui = withUITransform(panel, 200, 100, 0, 0); // box from (0,0) to (200,100)
    const p = panel.addComponent(SATPolygon);
    p.useUITransform = true;
    circle(canvas, 'probe', 190, 90, 5);
    circle(canvas, 'outside', -50, -50, 5);
    const rec = record(p);
    step();
    ui.setContentSize(100, 50);
    step();
    ui.setAnchorPoint(1, 1); // box from (-100,-50) to (0,0)
    step();
    expect(rec.pairs()).toEqual(['begin-contact Panel-probe', 'end-contact Panel-probe', 'begin-contact Panel-outside']);
    rec.stop();
  });

  test('generatePoints() takes the UITransform box, or the sprite frame’s opaque rectangle when untrimmed', () => {
    const canvas = newScene();
    const n = node(canvas, 'Hero');
    withUITransform(n, 80, 40, 0, 0);
    const p = n.addComponent(SATPolygon);
    expect(p.generatePoints()).toBe(true);
    expect(round(p.points)).toEqual([[0, 0], [80, 0], [80, 40], [0, 40]]);

    // a 100 x 100 image whose opaque part is 40 x 60, its centre 10 right of and 5 below the image centre
    const frame = new SpriteFrame();
    frame.reset({ originalSize: new Size(100, 100), rect: new Rect(0, 0, 40, 60), offset: new Vec2(10, -5), isRotate: false });
    const sprite = n.addComponent(Sprite);
    sprite.trim = false;
    sprite.sizeMode = Sprite.SizeMode.CUSTOM;
    sprite.spriteFrame = frame;
    withUITransform(n, 200, 100, 0.5, 0.5); // drawn at 2 x 1 scale, centred
    p.regeneratePoints = true; // the inspector's button
    expect(round(p.points)).toEqual([[-20, -35], [60, -35], [60, 25], [-20, 25]]);
    sprite.trim = true; // the trimmed rectangle fills the box
    p.generatePoints();
    expect(round(p.points)).toEqual([[-100, -50], [100, -50], [100, 50], [-100, 50]]);
    const bare = node(canvas, 'Bare').addComponent(SATPolygon);
    const before = round(bare.points);
    expect(bare.generatePoints()).toBe(false); // no UITransform: nothing changes
    expect(round(bare.points)).toEqual(before);
  });

  test('worldPoints, worldPosition / worldRadius and worldAABB follow the node', () => {
    const canvas = newScene();
    const b = box(canvas, 'B', 100, 50, 40, 20);
    b.node.setScale(2, 1);
    b.offset = new Vec2(5, 0);
    const c = circle(canvas, 'C', -100, 0, 10);
    c.node.setScale(1, 3);
    step();
    expect(round(b.worldPoints)).toEqual([[70, 40], [70, 60], [150, 60], [150, 40]]);
    expect(round([c.worldPosition])).toEqual([[-100, 0]]);
    expect(c.worldRadius).toBeCloseTo(30, 6);
    const aabb = b.worldAABB;
    expect([aabb.x, aabb.y, aabb.width, aabb.height].map((v) => Math.round(v))).toEqual([70, 40, 80, 20]);
    const off = box(canvas, 'Off', 0, 0, 0, 0);
    step();
    expect(off.inWorld).toBe(false);
    expect([off.worldAABB.width, off.worldAABB.height]).toEqual([0, 0]);
  });

  test("a polygon's worldPoints are its points through the node's world matrix, offset included", () => {
    const canvas = newScene();
    const parent = node(canvas, 'parent', 10, 20);
    parent.angle = 90;
    const p = polygon(parent, 'P', 100, 0, [[0, 0], [30, 0], [0, 10]]);
    p.offset = new Vec2(1, 2);
    // parent rotation 90: (x, y) -> (-y, x); node at (100, 0) in the parent -> (0, 100) + (10, 20)
    expect(round(p.worldPoints)).toEqual([[8, 121], [8, 151], [-2, 121]]);
  });

  test('apply() takes points edited in place', () => {
    const canvas = newScene();
    const p = polygon(canvas, 'P', 0, 0, [[-10, -10], [10, -10], [10, 10], [-10, 10]]);
    circle(canvas, 'probe', 40, 0, 5);
    const rec = record(p);
    step();
    p.points[1].x = 40;
    p.points[2].x = 40;
    step();
    expect(rec.pairs()).toEqual([]); // not seen without apply()
    p.apply();
    step();
    expect(rec.pairs()).toEqual(['begin-contact P-probe']);
    rec.stop();
  });
});
