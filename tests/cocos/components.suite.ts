// The component tests, run once per build by components.wasm.test.ts and components.asmjs.test.ts. Each test
// builds a fresh scene, ticks the stand-in director (which runs the manager's System.postUpdate) and checks the
// events, contacts and drawing against hand-computed geometry.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Component, director, game, Graphics, Node, Rect, Size, Vec2 } from 'cc';
import { SAT_SYSTEM_ID, SATCollisionManager, SATDrawFlags, SATRaycastType } from '../../cocos-extension/assets/components/SATCollisionManager';
import { SATPolygon } from '../../cocos-extension/assets/components/SATPolygon';
import { SATCapsule } from '../../cocos-extension/assets/components/SATCapsule';
import { SATCircle } from '../../cocos-extension/assets/components/SATCircle';
import { SATBox } from '../../cocos-extension/assets/components/SATBox';
import { getSAT, loadState } from '../../cocos-extension/assets/runtime/loader';
import { box, circle, frame, manager, managerEvents, newScene, record, withUITransform } from './harness';

export function defineComponentTests(expectedVariant: 'baseline' | 'asmjs'): void {
  const stops: Array<() => void> = [];
  const rec = (...args: Parameters<typeof record>) => {
    const r = record(...args);
    stops.push(r.stop);
    return r.log;
  };
  afterEach(() => {
    stops.splice(0).forEach((s) => s());
    vi.restoreAllMocks();
  });

  describe('before the module is ready', () => {
    it('says so: enabling a collider warns, queries warn and return nothing, nothing is emitted', () => {
      expect(loadState().state).toBe('idle'); // loading starts at project start, not at import
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { canvas } = newScene();
      const a = box(canvas, 'early', 0, 0);
      box(canvas, 'early2', 10, 0);
      const log = rec(a);
      frame(2);
      expect(log).toEqual([]);
      expect(manager().isReady).toBe(false);
      expect(manager().raycast(new Vec2(-500, 0), new Vec2(500, 0))).toEqual([]);
      expect(manager().testPoint(new Vec2(0, 0))).toEqual([]);
      const messages = warn.mock.calls.map((c) => String(c[0]));
      expect(messages.some((m) => m.includes('SATBox on node "Canvas/early"') && m.includes('before the collision module finished loading'))).toBe(true);
      expect(messages.some((m) => m.includes('SATCollisionManager.raycast called before the collision module finished loading'))).toBe(true);
    });

    it('loads at project start (game.onPostProjectInitDelegate) and then the early colliders join the world', async () => {
      await game.init(); // the engine awaits the delegate before the first scene
      expect(loadState().state).toBe('ready');
      expect(getSAT()!.variant).toBe(expectedVariant);
      expect(manager().isReady).toBe(true);
      const { canvas } = newScene();
      const a = box(canvas, 'late-a', 0, 0);
      box(canvas, 'late-b', 10, 0);
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact late-a-late-b']);
    });
  });

  describe('contacts', () => {
    it('begin, stay and end with normal A->B, depth and world points', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0, 100, 100);
      const b = box(canvas, 'B', 90, 0, 100, 100);
      const log = rec(a, b);
      frame();
      const begin = log.find((r) => r.source === 'collider:A')!;
      expect(begin.type).toBe('begin-contact');
      expect(begin.self).toBe('A');
      expect(begin.normal.x).toBeCloseTo(1, 5);
      expect(begin.normal.y).toBeCloseTo(0, 5);
      expect(begin.depth).toBeCloseTo(10, 3);
      expect(begin.points).toHaveLength(2);
      for (const p of begin.points) {
        expect(p.x).toBeGreaterThanOrEqual(39.9);
        expect(p.x).toBeLessThanOrEqual(50.1);
        expect(Math.abs(p.y)).toBeCloseTo(50, 3);
      }
      log.length = 0;
      frame();
      expect(managerEvents(log)).toEqual(['stay-contact A-B']);
      log.length = 0;
      b.node.setPosition(300, 0);
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
      const end = log.find((r) => r.source === 'collider:A')!;
      expect(end.depth).toBe(0);
      expect(end.points).toEqual([]);
      log.length = 0;
      frame();
      expect(log).toEqual([]);
    });

    it('emits on the manager, then collider A and its node, then collider B and its node, each seeing itself as self', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 0, 95);
      const log = rec(a, b);
      frame();
      const [first, second] = log[0].self === 'A' ? ['A', 'B'] : ['B', 'A'];
      expect(log.map((r) => `${r.source} ${r.type} ${r.self}->${r.other}`)).toEqual([
        `manager begin-contact ${first}->${second}`,
        `collider:${first} begin-contact ${first}->${second}`,
        `node:${first} begin-contact ${first}->${second}`,
        `collider:${second} begin-contact ${second}->${first}`,
        `node:${second} begin-contact ${second}->${first}`,
      ]);
      const fromA = log.find((r) => r.source === 'collider:A')!.normal;
      const fromB = log.find((r) => r.source === 'collider:B')!.normal;
      expect(fromA.y).toBeCloseTo(1, 5); // normal points from self to other
      expect(fromB.y).toBeCloseTo(-1, 5);
      expect(log[0].normal).toEqual(log[1].normal); // the manager passes the contact as its first collider sees it
      expect(log[1].depth).toBeCloseTo(5, 3);
    });

    it('orders a frame as begins, then stays, then ends', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 90, 0);
      const c = box(canvas, 'C', -400, 0);
      const log = rec(a, b, c);
      frame();
      log.length = 0;
      b.node.setPosition(400, 0); // A-B ends
      c.node.setPosition(-95, -20); // A-C begins (C stays clear of D)
      const d = box(canvas, 'D', 0, 90); // A-D begins, then stays
      frame();
      frame();
      const events = managerEvents(log);
      expect(events.slice(0, 3).sort()).toEqual(['begin-contact A-C', 'begin-contact A-D', 'end-contact A-B']);
      expect(events.indexOf('end-contact A-B')).toBe(2);
      expect(events.slice(3).sort()).toEqual(['stay-contact A-C', 'stay-contact A-D']);
      expect(d.touching.map((x) => x.node.name)).toEqual(['A']);
    });

    it('circles and capsules collide with the expected depth', () => {
      const { canvas } = newScene();
      const ball = circle(canvas, 'ball', 0, 0, 20);
      const node = new Node('pill');
      node.parent = canvas;
      node.setPosition(35, 0);
      const pill = node.addComponent(SATCapsule);
      pill.radius = 20;
      pill.height = 100;
      const log = rec(ball);
      frame();
      const e = log.find((r) => r.source === 'manager')!;
      expect(e.type).toBe('begin-contact');
      expect(e.depth).toBeCloseTo(5, 3);
      expect(Math.abs(e.normal.x)).toBeCloseTo(1, 5);
    });

    it('bad sizes are refused with a message naming the node and the fix', () => {
      const { canvas } = newScene();
      const err = vi.spyOn(console, 'error').mockImplementation(() => {});
      const node = new Node('Pill');
      node.parent = canvas;
      const pill = node.addComponent(SATCapsule);
      pill.radius = 30;
      pill.height = 50;
      const flat = box(canvas, 'Flat', 0, 0, 0, 10);
      frame();
      const messages = err.mock.calls.map((c) => String(c[0]));
      expect(messages).toContain('[sat-wasm] SATCapsule on node "Canvas/Pill": height (50) must be more than twice the radius (30); use SATCircle for a circle');
      expect(messages).toContain('[sat-wasm] SATBox on node "Canvas/Flat": size must be positive, got 0 x 10');
      expect(pill.inWorld || flat.inWorld).toBe(false);
    });

    it('sensors report contacts and are never pushed', () => {
      const { canvas } = newScene();
      manager().pushApart = true;
      const a = box(canvas, 'A', 0, 0);
      const s = box(canvas, 'S', 50, 0);
      s.sensor = true;
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-S']);
      expect(a.node.position.x).toBe(0);
      expect(s.node.position.x).toBe(50);
    });
  });

  describe('collision matrix', () => {
    it('collisionMatrix[group] = mask filters pairs both ways and applies at the next update', () => {
      const { canvas } = newScene();
      const m = manager();
      m.collisionMatrix[1] = 1; // group 1 meets only group 1
      m.collisionMatrix[2] = 1 | 2;
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      b.group = 2;
      const log = rec(a);
      frame();
      expect(log).toEqual([]);
      m.collisionMatrix[1] = 1 | 2;
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
      log.length = 0;
      m.collisionMatrix[2] = 2; // one side refusing is enough
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
    });

    it('a group with no entry meets every group; changing a group re-filters', () => {
      const { canvas } = newScene();
      const m = manager();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      b.group = 8;
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
      log.length = 0;
      m.collisionMatrix[4] = 4;
      b.group = 4;
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
    });
  });

  describe('enable, disable, destroy', () => {
    it('disabling a touching collider emits end at once; enabling it again begins again', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      const log = rec(a, b);
      frame();
      log.length = 0;
      b.enabled = false;
      expect(managerEvents(log)).toEqual(['end-contact A-B']); // before any frame
      expect(log.filter((r) => r.source === 'collider:B')).toHaveLength(1);
      log.length = 0;
      frame(2);
      expect(log).toEqual([]);
      b.enabled = true;
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
    });

    it('deactivating the node ends its contacts', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      const log = rec(a);
      frame();
      log.length = 0;
      b.node.active = false;
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
    });

    it('destroying a touching node emits end in that frame and nothing afterwards', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      const log = rec(a);
      frame();
      log.length = 0;
      b.node.destroy();
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
      expect(a.touching).toEqual([]);
      log.length = 0;
      frame(2);
      expect(log).toEqual([]);
      expect(manager().world!.bodyCount).toBe(1);
    });

    it('a handler that disables the other collider drops its pending events and ends the pair once', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      const c = box(canvas, 'C', -50, 0);
      const log = rec(a);
      a.on('begin-contact', (_self, other) => {
        if (other === b) c.enabled = false;
      });
      frame();
      const forC = managerEvents(log).filter((e) => e.endsWith('A-C'));
      // either C's begin came first (then it ends once), or C went away before anyone heard of it: no lone end
      expect([['begin-contact A-C', 'end-contact A-C'], []]).toContainEqual(forC);
      expect(a.touching.map((x) => x.node.name)).toEqual(['B']);
    });

    it('changing the shape rebuilds the body without a spurious end/begin', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 90, 0);
      const log = rec(a);
      frame();
      log.length = 0;
      b.size = new Size(120, 120); // still touching, deeper
      frame();
      expect(managerEvents(log)).toEqual(['stay-contact A-B']);
      expect(log[0].depth).toBeCloseTo(20, 3);
      log.length = 0;
      b.size = new Size(10, 10); // no longer touching
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-B']);
    });
  });

  describe('world transforms', () => {
    it('reads a node world matrix only when the node moved', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 300, 0);
      frame(2); // placed, then read once more: a node flagged at the end of a frame may have moved after the update
      const readsA = a.node.worldMatrixReads;
      const readsB = b.node.worldMatrixReads;
      frame(3);
      expect(a.node.worldMatrixReads).toBe(readsA);
      expect(b.node.worldMatrixReads).toBe(readsB);
      b.node.setPosition(290, 0);
      frame();
      expect(a.node.worldMatrixReads).toBe(readsA);
      expect(b.node.worldMatrixReads).toBeGreaterThan(readsB);
    });

    it('follows a moving parent (the child did not move itself)', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const parent = new Node('parent');
      parent.parent = canvas;
      parent.setPosition(500, 0);
      const b = box(parent, 'B', 0, 0);
      const log = rec(a);
      frame();
      expect(log).toEqual([]);
      parent.setPosition(60, 0);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
      expect(log[0].depth).toBeCloseTo(40, 3);
      void b;
    });

    it('takes rotation and non-uniform scale of parents', () => {
      const { canvas } = newScene();
      const parent = new Node('scaled');
      parent.parent = canvas;
      parent.setScale(2, 0.5);
      const a = box(parent, 'A', 0, 0, 100, 100); // world: 200 x 50
      const right = circle(canvas, 'right', 105, 0, 10); // reaches x = 95 < 100: touches only if scaled by 2
      const top = circle(canvas, 'top', 0, 40, 10); // reaches y = 30 > 25: apart only if scaled by 0.5
      const log = rec(a);
      frame();
      expect(managerEvents(log).sort()).toEqual(['begin-contact A-right']);
      expect(log.find((r) => r.source === 'collider:A' && r.other === 'right')!.depth).toBeCloseTo(5, 3);
      log.length = 0;
      parent.angle = 90; // now 50 wide, 200 tall
      frame();
      expect(managerEvents(log).sort()).toEqual(['begin-contact A-top', 'end-contact A-right']);
      void right;
      void top;
    });

    it('takes a skewed parent: the box becomes the parallelogram the matrix makes', () => {
      const { canvas } = newScene();
      const parent = new Node('skewed');
      parent.parent = canvas;
      parent.setSkew(45, 0); // x' = x + y: the top edge shifts right by its height
      const a = box(parent, 'A', 0, 0, 100, 100); // corners (-100,-50) (0,-50) (100,50) (0,50)
      const upperRight = circle(canvas, 'upperRight', 80, 40, 5); // inside the parallelogram, outside the square
      const lowerRight = circle(canvas, 'lowerRight', 40, -40, 5); // inside the square, outside the parallelogram
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-upperRight']);
      // the world points match the sheared geometry: the contact lies on the slanted right edge x = y + 50
      const c = log.find((r) => r.source === 'collider:A')!;
      expect(Math.abs(c.normal.x - Math.SQRT1_2)).toBeLessThan(1e-3);
      expect(c.normal.y).toBeCloseTo(-Math.SQRT1_2, 3);
      void upperRight;
      void lowerRight;
    });

    it('a collapsed (zero) scale is reported and the collider recovers with a valid one', () => {
      const { canvas } = newScene();
      const err = vi.spyOn(console, 'error').mockImplementation(() => {});
      const a = box(canvas, 'A', 0, 0);
      const flat = box(canvas, 'Flat', 50, 0);
      flat.node.setScale(0, 1);
      const log = rec(a);
      frame(2);
      expect(flat.inWorld).toBe(false);
      expect(err.mock.calls.map((c) => String(c[0])).some((m) => m.includes('SATBox on node "Canvas/Flat"'))).toBe(true);
      flat.node.setScale(1, 1);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-Flat']);
      // a body already in the world keeps its last valid place when its node collapses
      err.mockClear();
      flat.node.setScale(1, 0);
      frame();
      expect(err.mock.calls.map((c) => String(c[0])).some((m) => m.includes('"Canvas/Flat": its world transform was refused'))).toBe(true);
      expect(managerEvents(log)).toEqual(['begin-contact A-Flat', 'stay-contact A-Flat']);
    });

    it('re-makes the shape when the skew changes, keeping the contact', () => {
      const { canvas } = newScene();
      const parent = new Node('skewed');
      parent.parent = canvas;
      const a = box(parent, 'A', 0, 0, 100, 100);
      const probe = circle(canvas, 'probe', 70, 40, 25);
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-probe']);
      log.length = 0;
      parent.setSkew(20, 0);
      frame();
      expect(managerEvents(log)).toEqual(['stay-contact A-probe']);
      log.length = 0;
      parent.setSkew(-45, 0); // top shifts left: the probe at the upper right is clear
      frame();
      expect(managerEvents(log)).toEqual(['end-contact A-probe']);
      void probe;
    });
  });

  describe('skew, continued', () => {
    it('a node rotating under a skewed parent is re-made each frame and its contact stays a stay', () => {
      const { canvas } = newScene();
      const parent = new Node('skewed');
      parent.parent = canvas;
      parent.setSkew(30, 0);
      const a = box(parent, 'A', 0, 0, 100, 100);
      circle(canvas, 'probe', 0, 0, 20); // always inside A
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-probe']);
      log.length = 0;
      for (let i = 1; i <= 5; i++) {
        a.node.angle = i * 10;
        frame();
      }
      expect(managerEvents(log)).toEqual(Array(5).fill('stay-contact A-probe'));
      expect(manager().world!.bodyCount).toBe(2);
    });
  });

  describe('SATPolygon', () => {
    const concave = [new Vec2(-50, -50), new Vec2(50, -50), new Vec2(50, 50), new Vec2(0, 0), new Vec2(-50, 50)];

    it('refuses a concave outline with a console error naming the node', () => {
      const { canvas } = newScene();
      const err = vi.spyOn(console, 'error').mockImplementation(() => {});
      const node = new Node('Spiky');
      node.parent = canvas;
      const p = node.addComponent(SATPolygon);
      p.points = concave;
      frame();
      expect(p.inWorld).toBe(false);
      const msg = err.mock.calls.map((c) => String(c[0])).find((m) => m.includes('SATPolygon on node "Canvas/Spiky"'));
      expect(msg).toBeDefined();
      expect(msg).toMatch(/concave/);
      expect(msg).toMatch(/Decompose Concave/);
    });

    it('reports a bad shape once, does not retry it every frame, and recovers when fixed', () => {
      const { canvas } = newScene();
      const err = vi.spyOn(console, 'error').mockImplementation(() => {});
      const node = new Node('Spiky');
      node.parent = canvas;
      const p = node.addComponent(SATPolygon);
      p.points = concave;
      const describe = vi.spyOn(p, '_describe');
      box(canvas, 'probe', 40, 40, 10, 10);
      const log = rec(p);
      frame(4);
      expect(describe).toHaveBeenCalledTimes(1);
      expect(err).toHaveBeenCalledTimes(1);
      p.decomposeConcave = true;
      frame();
      expect(p.inWorld).toBe(true);
      expect(managerEvents(log)).toEqual(['begin-contact Spiky-probe']);
    });

    it('decomposes a concave outline when asked: the notch stays empty', () => {
      const { canvas } = newScene();
      const node = new Node('Vee');
      node.parent = canvas;
      const p = node.addComponent(SATPolygon);
      p.points = concave;
      p.decomposeConcave = true;
      const inNotch = circle(canvas, 'inNotch', 0, 40, 5); // between the two horns
      const onHorn = circle(canvas, 'onHorn', 40, 40, 5);
      const log = rec(p);
      frame();
      expect(p.inWorld).toBe(true);
      expect(managerEvents(log)).toEqual(['begin-contact Vee-onHorn']);
      void inNotch;
      void onHorn;
    });

    it("uses the node's UITransform box (size and anchor) and follows its changes", () => {
      const { canvas } = newScene();
      const node = new Node('Panel');
      node.parent = canvas;
      const ui = withUITransform(node, 200, 100, 0, 0); // box from (0,0) to (200,100)
      const p = node.addComponent(SATPolygon);
      p.useUITransform = true;
      const probe = circle(canvas, 'probe', 190, 90, 5);
      const outside = circle(canvas, 'outside', -50, -50, 5);
      const log = rec(p);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact Panel-probe']);
      log.length = 0;
      ui.setContentSize(100, 50);
      frame();
      expect(managerEvents(log)).toEqual(['end-contact Panel-probe']);
      log.length = 0;
      ui.setAnchorPoint(1, 1); // box from (-100,-50) to (0,0)
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact Panel-outside']);
      void probe;
    });

    it('applies the offset in the node frame (scaled with the node)', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0, 20, 20);
      a.node.setScale(2, 2);
      a.offset = new Vec2(100, 0); // world centre (200, 0), half size 20
      const probe = circle(canvas, 'probe', 225, 0, 10);
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-probe']);
      expect(log[0].depth).toBeCloseTo(5, 3);
      void probe;
    });
  });

  describe('push-apart', () => {
    it('moves overlapping colliders apart by mass; static ones never move', () => {
      const { canvas } = newScene();
      manager().pushApart = true;
      manager().pushApartIterations = 8;
      const wall = box(canvas, 'wall', 0, 0, 100, 100);
      wall.isStatic = true;
      const heavy = box(canvas, 'heavy', 90, 0, 100, 100);
      heavy.mass = 1;
      frame(3);
      expect(wall.node.position.x).toBe(0);
      expect(heavy.node.position.x).toBeGreaterThan(99.9);

      const a = box(canvas, 'a', 0, 500, 100, 100);
      const b = box(canvas, 'b', 80, 500, 100, 100);
      a.mass = 3;
      b.mass = 1;
      frame(3);
      const gap = b.node.position.x - a.node.position.x;
      expect(gap).toBeGreaterThan(99.9);
      // the light one moved three times as far
      expect(b.node.position.x - 80).toBeCloseTo(3 * (0 - a.node.position.x), 0);
    });
  });

  describe('several colliders on one node', () => {
    it('never meet each other, and push-apart between them does not move the node; pushes from outside do', () => {
      const { canvas } = newScene();
      manager().pushApart = true;
      const body = box(canvas, 'Body', 0, 0, 100, 100);
      const head = body.node.addComponent(SATCircle);
      head.radius = 40;
      head.offset = new Vec2(0, 60); // overlaps the box
      const log = rec(body);
      frame(3);
      expect(log).toEqual([]);
      expect(body.node.position.x).toBe(0);
      expect(body.node.position.y).toBe(0);
      const wall = box(canvas, 'Wall', 90, 0, 100, 400);
      wall.isStatic = true;
      frame(5);
      expect(body.node.position.x).toBeLessThan(-9);
      expect(body.node.position.x).toBeGreaterThan(-12);
      expect(Math.abs(body.node.position.y)).toBeLessThan(1e-3);
    });
  });

  describe('queries', () => {
    it('raycast (closest and all), testPoint and testAABB return colliders', () => {
      const { canvas } = newScene();
      const near = box(canvas, 'near', 100, 0, 20, 20);
      const far = box(canvas, 'far', 300, 0, 20, 20);
      far.group = 2;
      box(canvas, 'off', 0, 300, 20, 20);
      frame();
      const m = manager();
      const closest = m.raycast(new Vec2(0, 0), new Vec2(500, 0));
      expect(closest.map((h) => h.collider)).toEqual([near]);
      expect(closest[0].point.x).toBeCloseTo(90, 3);
      expect(closest[0].normal.x).toBeCloseTo(-1, 5);
      expect(closest[0].fraction).toBeCloseTo(90 / 500, 5);
      expect(m.raycast(new Vec2(0, 0), new Vec2(500, 0), SATRaycastType.All).map((h) => h.collider)).toEqual([near, far]);
      expect(m.raycast(new Vec2(0, 0), new Vec2(500, 0), SATRaycastType.All, 2).map((h) => h.collider)).toEqual([far]);
      expect(m.testPoint(new Vec2(305, 5))).toEqual([far]);
      expect(m.testPoint(new Vec2(200, 0))).toEqual([]);
      expect(m.testAABB(new Rect(80, -50, 240, 100)).sort((x, y) => x.node.name.localeCompare(y.node.name))).toEqual([far, near]);
    });
  });

  describe('debug drawing', () => {
    it('draws shapes, AABBs, contacts and the MTV with Graphics under the Canvas', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0, 100, 100);
      box(canvas, 'B', 90, 0, 100, 100);
      manager().debugDrawFlags = SATDrawFlags.All;
      frame();
      const g = manager().debugGraphics as unknown as Graphics & { calls: Array<[string, ...number[]]> };
      expect(g).toBeTruthy();
      expect(g.node.parent).toBe(canvas);
      const calls = g.calls;
      expect(calls[0]).toEqual(['clear']);
      // A's outline: its four world corners
      const moves = calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo').map((c) => [Math.round(c[1]), Math.round(c[2])]);
      for (const corner of [[-50, -50], [50, -50], [50, 50], [-50, 50]]) expect(moves).toContainEqual(corner);
      // AABBs
      const rects = calls.filter((c) => c[0] === 'rect').map((c) => c.slice(1).map((v) => Math.round(v as number)));
      expect(rects).toContainEqual([-50, -50, 100, 100]);
      expect(rects).toContainEqual([40, -50, 100, 100]);
      // contact points (two) and one MTV line of length depth along +x
      expect(calls.filter((c) => c[0] === 'circle')).toHaveLength(2);
      const green = calls.findIndex((c) => c[0] === 'strokeColor' && c[1] === 0 && c[2] === 255 && c[3] === 0);
      expect(green).toBeGreaterThan(0);
      const [, x0, y0] = calls[green + 1];
      const [, x1, y1] = calls[green + 2];
      expect(Math.abs(x1 - x0)).toBeCloseTo(10, 3); // along the normal of whichever body is A
      expect(y1 - y0).toBeCloseTo(0, 5);
      // only AABBs: no contacts drawn; none: cleared
      manager().debugDrawFlags = SATDrawFlags.Aabb;
      frame();
      expect(g.calls.filter((c) => c[0] === 'circle')).toHaveLength(0);
      expect(g.calls.filter((c) => c[0] === 'rect')).toHaveLength(2);
      manager().debugDrawFlags = SATDrawFlags.None;
      frame();
      expect(g.calls).toEqual([['clear']]);
      void a;
    });
  });

  describe('frame order', () => {
    it('is a System of the director and sees moves made in lateUpdate of the same frame', () => {
      expect(director.getSystem(SAT_SYSTEM_ID)).toBe(manager());
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 400, 0);
      class LateMover extends Component {
        lateUpdate(): void {
          this.node.setPosition(60, 0);
        }
      }
      b.node.addComponent(LateMover);
      const log = rec(a);
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
    });
  });

  describe('manager switch', () => {
    it('enable = false stops updates and events', () => {
      const { canvas } = newScene();
      const a = box(canvas, 'A', 0, 0);
      box(canvas, 'B', 50, 0);
      const log = rec(a);
      SATCollisionManager.instance.enable = false;
      frame(2);
      expect(log).toEqual([]);
      SATCollisionManager.instance.enable = true;
      frame();
      expect(managerEvents(log)).toEqual(['begin-contact A-B']);
    });
  });

  it('keeps the world in step with the scene (no leaked bodies)', () => {
    const { canvas } = newScene();
    for (let i = 0; i < 10; i++) box(canvas, `n${i}`, i * 30, 0, 20, 20);
    frame();
    expect(manager().world!.bodyCount).toBe(10);
    newScene();
    frame();
    expect(manager().world!.bodyCount).toBe(0);
    void SATBox;
  });
}
