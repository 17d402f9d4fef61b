/**
 * The collision system (an engine System, the per-frame hook) and SATCollisionManager (the component with its
 * settings on a manager node): push-apart with disabled contacts and pre/post-solve, debug drawing, enable,
 * director pause.
 */
import { director, Graphics, Node, Vec2 } from 'cc';
import {
  SAT_SYSTEM_ID, SATBroadPhase, SATCircle, SATCollisionManager, SATCollisionSystem, SATContactType, SATDrawFlags, SYSTEM_DEFAULTS,
} from './ext/index';
import { box, manager, names, newScene, node, record, step } from './helpers';

describe('manager', () => {
  describe('the system', () => {
    test('is registered with the director under its own name and is SATCollisionManager.instance', () => {
      expect(director.getSystem(SAT_SYSTEM_ID)).toBe(SATCollisionSystem.instance);
      expect(SATCollisionManager.instance).toBe(SATCollisionSystem.instance);
      expect(SATCollisionSystem.ID).toBe('sat-wasm.collision');
    });

    test('works with no manager node, with the defaults', () => {
      const canvas = newScene();
      expect(director.getScene()!.getComponentInChildren(SATCollisionManager)).toBeNull();
      const m = manager();
      expect([m.enable, m.debugDrawFlags, m.pushApart, m.pushApartIterations, m.broadPhase]).toEqual([
        SYSTEM_DEFAULTS.enable, SYSTEM_DEFAULTS.debugDrawFlags, SYSTEM_DEFAULTS.pushApart, SYSTEM_DEFAULTS.pushApartIterations, SYSTEM_DEFAULTS.broadPhase,
      ]);
      const rec = record();
      box(canvas, 'A', 0, 0);
      box(canvas, 'B', 50, 0);
      step();
      expect(rec.pairs()).toEqual(['begin-contact A-B']);
      rec.stop();
    });

    test('enable = false stops updates and events; true resumes them', () => {
      const canvas = newScene();
      const rec = record();
      box(canvas, 'A', 0, 0);
      box(canvas, 'B', 50, 0);
      manager().enable = false;
      step(2);
      expect(rec.log).toEqual([]);
      manager().enable = true;
      step();
      expect(rec.pairs()).toEqual(['begin-contact A-B']);
      rec.stop();
    });

    test('step() runs one update on demand (as PhysicsSystem2D.step), also with automatic updates off', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0);
      box(canvas, 'B', 50, 0);
      const rec = record();
      manager().enable = false;
      step();
      expect(rec.log).toEqual([]);
      manager().step();
      expect(rec.pairs()).toEqual(['begin-contact A-B']);
      rec.stop();
    });

    test('director.pause() stops updates and events; moves made while paused count after resume', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      step();
      const rec = record();
      director.pause();
      try {
        b.node.setPosition(500, 0);
        step(3);
        expect(rec.log).toEqual([]);
        expect(names(manager().testPoint(new Vec2(45, 0))).sort()).toEqual(['A', 'B']); // the world did not move
      } finally {
        director.resume();
      }
      step();
      expect(rec.pairs()).toEqual(['end-contact A-B']);
      expect(names(manager().testPoint(new Vec2(500, 0)))).toEqual(['B']);
      rec.stop();
    });

    test('changing the broad phase re-makes the world: touching pairs end, then begin again', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0);
      box(canvas, 'B', 50, 0);
      step();
      const rec = record();
      for (const bp of [SATBroadPhase.Tree, SATBroadPhase.SweepAndPrune, SATBroadPhase.Grid]) {
        manager().broadPhase = bp;
        expect(manager().world!.broadPhase).toBe(['grid', 'tree', 'sap'][bp]);
        step();
      }
      expect(rec.pairs()).toEqual(Array(3).fill(['end-contact A-B', 'begin-contact A-B']).flat());
      rec.stop();
    });
  });

  describe('push-apart', () => {
    test('moves overlapping colliders apart by mass; static ones never move', () => {
      const canvas = newScene();
      manager().pushApart = true;
      manager().pushApartIterations = 8;
      const wall = box(canvas, 'wall', 0, 0, 100, 100);
      wall.isStatic = true;
      const mover = box(canvas, 'mover', 90, 0, 100, 100);
      step(3);
      expect(wall.node.position.x).toBe(0);
      expect(mover.node.position.x).toBeGreaterThan(99.9);
      const a = box(canvas, 'a', 0, 500, 100, 100);
      const b = box(canvas, 'b', 80, 500, 100, 100);
      a.mass = 3;
      b.mass = 1;
      step(3);
      expect(b.node.position.x - a.node.position.x).toBeGreaterThan(99.9);
      expect(b.node.position.x - 80).toBeCloseTo(3 * (0 - a.node.position.x), 3); // the light one moved 3x as far
    });

    test('sensors are never pushed', () => {
      const canvas = newScene();
      manager().pushApart = true;
      const a = box(canvas, 'A', 0, 0);
      const s = box(canvas, 'S', 50, 0);
      s.sensor = true;
      step(2);
      expect([a.node.position.x, s.node.position.x]).toEqual([0, 50]);
    });

    test('pre-solve and post-solve surround the push; a contact disabled in begin-contact is never pushed', () => {
      const canvas = newScene();
      manager().pushApart = true;
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      const c = box(canvas, 'C', 0, 300);
      const d = box(canvas, 'D', 0, 350);
      const rec = record();
      const depthsAtPost: number[] = [];
      c.on(SATContactType.BEGIN_CONTACT, (_s, _o, ct) => (ct.disabled = true));
      manager().on(SATContactType.POST_SOLVE, (_a, _b, ct) => depthsAtPost.push(ct.depth));
      step();
      const ab = rec.pairs().filter((e) => e.endsWith('A-B'));
      const cd = rec.pairs().filter((e) => e.endsWith('C-D'));
      expect(ab).toEqual(['begin-contact A-B', 'pre-solve A-B', 'post-solve A-B']);
      expect(cd).toEqual(['begin-contact C-D', 'pre-solve C-D']); // disabled: no push, no post-solve
      expect(b.node.position.x - a.node.position.x).toBeCloseTo(100, 2);
      expect(d.node.position.y - c.node.position.y).toBe(50);
      expect(depthsAtPost).toEqual([expect.closeTo(50, 3)]); // the contact as measured before the push
      step();
      expect(d.node.position.y - c.node.position.y).toBe(50); // disabled for the contact's whole life
      rec.stop();
    });

    test('disabledOnce set in pre-solve skips one frame only', () => {
      const canvas = newScene();
      manager().pushApart = true;
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      a.once(SATContactType.PRE_SOLVE, (_s, _o, ct) => (ct.disabledOnce = true));
      step();
      expect(b.node.position.x - a.node.position.x).toBe(50);
      step();
      expect(b.node.position.x - a.node.position.x).toBeCloseTo(100, 2);
    });

    test('colliders of one node never meet, and pushes between them do not move it; pushes from outside do', () => {
      const canvas = newScene();
      manager().pushApart = true;
      const body = box(canvas, 'Body', 0, 0, 100, 100);
      const head = body.node.addComponent(SATCircle);
      head.radius = 40;
      head.offset = new Vec2(0, 60); // overlaps the box
      const rec = record(body);
      step(3);
      expect(rec.log).toEqual([]);
      expect([body.node.position.x, body.node.position.y]).toEqual([0, 0]);
      const wall = box(canvas, 'Wall', 90, 0, 100, 400);
      wall.isStatic = true;
      step(5);
      expect(body.node.position.x).toBeLessThan(-9);
      expect(body.node.position.x).toBeGreaterThan(-12);
      expect(Math.abs(body.node.position.y)).toBeLessThan(1e-3);
      rec.stop();
    });
  });

  describe('debug drawing', () => {
    test('draws shapes, bounds, contacts and the MTV with a Graphics under the Canvas', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0, 100, 100);
      box(canvas, 'B', 90, 0, 100, 100);
      const calls: Array<[string, ...number[]]> = [];
      // record the calls, and draw for real
      const spies = (['clear', 'moveTo', 'lineTo', 'rect', 'circle'] as const).map((fn) => {
        const original = Graphics.prototype[fn] as (...a: number[]) => void;
        return jest.spyOn(Graphics.prototype, fn).mockImplementation(function (this: Graphics, ...args: number[]) {
          calls.push([fn, ...args]);
          original.apply(this, args);
        } as never);
      });
      try {
        manager().debugDrawFlags = SATDrawFlags.All;
        step();
        const g = manager().debugGraphics!;
        expect(g.node.parent).toBe(canvas);
        expect(calls[0]).toEqual(['clear']);
        const lines = calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo').map((c) => [Math.round(c[1]), Math.round(c[2])]);
        for (const corner of [[-50, -50], [50, -50], [50, 50], [-50, 50]]) expect(lines).toContainEqual(corner);
        const rects = calls.filter((c) => c[0] === 'rect').map((c) => c.slice(1).map((v) => Math.round(v as number)));
        expect(rects).toContainEqual([-50, -50, 100, 100]);
        expect(rects).toContainEqual([40, -50, 100, 100]);
        expect(calls.filter((c) => c[0] === 'circle')).toHaveLength(2); // the two contact points
        // the MTV: the last line, 10 long along x
        const [mx, my] = calls.filter((c) => c[0] === 'moveTo').pop()!.slice(1);
        const [lx, ly] = calls.filter((c) => c[0] === 'lineTo').pop()!.slice(1);
        expect(Math.abs(lx - mx)).toBeCloseTo(10, 3);
        expect(ly - my).toBeCloseTo(0, 5);
        calls.length = 0;
        manager().debugDrawFlags = SATDrawFlags.Aabb;
        step();
        expect(calls.filter((c) => c[0] === 'circle')).toHaveLength(0);
        expect(calls.filter((c) => c[0] === 'rect')).toHaveLength(2);
        calls.length = 0;
        manager().debugDrawFlags = SATDrawFlags.None;
        step();
        expect(calls).toEqual([['clear']]);
      } finally {
        spies.forEach((s) => s.mockRestore());
      }
    });
  });

  describe('SATCollisionManager component', () => {
    test('applies its inspector settings while enabled and restores the defaults when disabled', () => {
      const canvas = newScene();
      const holder = node(canvas, 'Physics');
      const comp = holder.addComponent(SATCollisionManager);
      comp.pushApart = true;
      comp.pushApartIterations = 12;
      comp.debugDrawFlags = SATDrawFlags.Shape;
      comp.broadPhase = SATBroadPhase.Tree;
      const m = manager();
      expect([m.pushApart, m.pushApartIterations, m.debugDrawFlags, m.broadPhase]).toEqual([true, 12, SATDrawFlags.Shape, SATBroadPhase.Tree]);
      expect(m.world!.broadPhase).toBe('tree');
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      step();
      expect(b.node.position.x - a.node.position.x).toBeCloseTo(100, 2); // pushed
      comp.enabled = false;
      expect([m.pushApart, m.pushApartIterations, m.debugDrawFlags, m.broadPhase]).toEqual([false, 4, 0, SATBroadPhase.Grid]);
      comp.enable = false; // stored, applied when enabled again
      expect(m.enable).toBe(true);
      comp.enabled = true;
      expect(m.enable).toBe(false);
      comp.node.destroy(); // a scene without the node runs with the defaults
      step();
      expect(m.enable).toBe(true);
    });

    test("its node receives the system's events as (colliderA, colliderB, contact)", () => {
      const canvas = newScene();
      const holder = node(canvas, 'Physics');
      holder.addComponent(SATCollisionManager);
      const seen: string[] = [];
      for (const t of [SATContactType.BEGIN_CONTACT, SATContactType.STAY_CONTACT, SATContactType.END_CONTACT]) {
        holder.on(t, (a: { node: Node }, b: { node: Node }, c: { depth: number }) => seen.push(`${t} ${[a.node.name, b.node.name].sort().join('-')} ${c.depth > 0}`));
      }
      box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      step(2);
      b.node.setPosition(500, 0);
      step();
      expect(seen).toEqual(['begin-contact A-B true', 'stay-contact A-B true', 'end-contact A-B false']);
      holder.active = false;
      b.node.setPosition(50, 0);
      step();
      expect(seen).toHaveLength(3); // not forwarded while disabled
    });
  });
});
