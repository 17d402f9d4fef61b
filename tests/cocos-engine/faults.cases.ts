/**
 * Moves made after the collision system's update, and calls on destroyed colliders: two things the engine does
 * differently from any stand-in (it resets every node's changed flags at the end of the frame, and nulls a
 * destroyed component's object fields after onDestroy).
 */
import { _decorator, Component, director, Director, Node, Scene, System, Vec2 } from 'cc';
import type { SATBox, SATCollider } from './ext/index';
import { box, manager, names, newScene, record, step } from './helpers';

describe('faults', () => {
  describe('a node moved after the collision update is read again next frame', () => {
    test('moved in its own begin-contact handler (the README example)', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 500, 0);
      const rec = record();
      b.once('begin-contact', () => b.node.setPosition(1000, 0));
      step();
      b.node.setPosition(90, 0);
      step(3);
      expect(rec.pairs()).toEqual(['begin-contact A-B', 'end-contact A-B']);
      expect(names(manager().testPoint(new Vec2(90, 0)))).toEqual([]);
      expect(names(manager().testPoint(new Vec2(1000, 0)))).toEqual([b.node.name]);
      rec.stop();
    });

    test('moved in a BEFORE_DRAW listener', () => {
      const canvas = newScene();
      box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 90, 0);
      step();
      expect(names(manager().testPoint(new Vec2(90, 0)))).toEqual([b.node.name]);
      director.once(Director.EVENT_BEFORE_DRAW, () => b.node.setPosition(-600, 0));
      step();
      const rec = record();
      step();
      expect(rec.pairs()).toEqual(['end-contact A-B']);
      expect(names(manager().testPoint(new Vec2(-600, 0)))).toEqual([b.node.name]);
      rec.stop();
    });

    test('moved by a parent in a system that runs after the collision system', () => {
      const canvas = newScene();
      const parent = new Node('Parent');
      parent.parent = canvas;
      const child = box(parent, 'Child', 0, 0, 20, 20);
      step();
      let moves = 1;
      class Mover extends System {
        postUpdate(): void {
          if (moves-- > 0) parent.setPosition(300, 0);
        }
      }
      const mover = new Mover();
      director.registerSystem('test.mover', mover, System.Priority.LOW - 1); // after the collision system
      try {
        step(2);
      } finally {
        director.unregisterSystem(mover);
      }
      expect(names(manager().testPoint(new Vec2(300, 0)))).toEqual([child.node.name]);
      expect(names(manager().testPoint(new Vec2(0, 0)))).toEqual([]);
    });
  });

  describe('a destroyed collider', () => {
    const { ccclass } = _decorator;
    let player: SATBox | null = null;
    const handler = () => undefined;

    @ccclass('SatTestUnsubscriber')
    class Unsubscriber extends Component {
      onDestroy(): void {
        player!.off('begin-contact', handler, this);
      }
    }

    test('off from another component in a scene switch does not throw (as BoxCollider2D)', () => {
      const canvas = newScene();
      player = box(canvas, 'Player', 0, 0);
      player.on('begin-contact', handler, undefined);
      new Node('Later').addComponent(Unsubscriber).node.parent = canvas;
      step();
      expect(() => director.runSceneImmediate(new Scene('two'))).not.toThrow();
      expect(player.isValid).toBe(false);
    });

    test('on, once, off and touching after destroy are harmless and report nothing', () => {
      const canvas = newScene();
      const a = box(canvas, 'A', 0, 0);
      const b = box(canvas, 'B', 50, 0);
      step();
      expect(names(a.touching)).toEqual([b.node.name]);
      a.node.destroy();
      step(); // deferred destroy: fields nulled
      expect(a.isValid).toBe(false);
      const calls: string[] = [];
      const fn = (_s: SATCollider, o: SATCollider) => calls.push(o.node.name);
      expect(() => a.on('begin-contact', fn)).not.toThrow();
      expect(() => a.once('end-contact', fn)).not.toThrow();
      expect(() => a.off('begin-contact', fn)).not.toThrow();
      expect(names(a.touching)).toEqual([]);
      expect(names(b.touching)).toEqual([]);
      step(2);
      expect(calls).toEqual([]);
    });
  });
});
