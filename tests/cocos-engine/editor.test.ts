/**
 * In the editor (cc/env EDITOR = true for the extension; the engine itself runs as in a game): colliders draw
 * their outline into a Graphics on a hidden child node that is never saved, and the system leaves the world alone.
 */
jest.mock(
  'cc',
  () => require('./game-package').withGamePackage({ ...jest.requireActual('../../exports/base'), ...jest.requireActual('../../exports/2d') }),
  { virtual: true },
);
jest.mock('cc/env', () => ({ ...jest.requireActual('../constants-for-test'), EDITOR: true }), { virtual: true });

import { CCObject, Graphics, Size, Vec2 } from 'cc';
import { box, capsule, manager, newScene, record, startEngine, step } from './helpers';

beforeAll(startEngine);

function recordDrawing(): { calls: Array<[string, ...number[]]>; restore: () => void } {
  const calls: Array<[string, ...number[]]> = [];
  const spies = (['clear', 'moveTo', 'lineTo', 'circle'] as const).map((fn) => {
    const original = Graphics.prototype[fn] as (...a: number[]) => void;
    return jest.spyOn(Graphics.prototype, fn).mockImplementation(function (this: Graphics, ...args: number[]) {
      calls.push([fn, ...args]);
      original.apply(this, args);
    } as never);
  });
  return { calls, restore: () => spies.forEach((s) => s.mockRestore()) };
}

test('a collider draws its outline in its node frame on a hidden, unsaved child', () => {
  const canvas = newScene();
  const a = box(canvas, 'A', 300, 100, 40, 20);
  a.node.setScale(3, 3); // the child inherits the node's transform: the outline stays in node units
  a.offset = new Vec2(5, 0);
  const drawing = recordDrawing();
  try {
    step();
    const g = a._outlineGraphicsForTests!;
    expect(g).toBeTruthy();
    expect(g.node.parent).toBe(a.node);
    const flags = CCObject.Flags.DontSave | CCObject.Flags.HideInHierarchy;
    expect(g.node._objFlags & flags).toBe(flags);
    const corners = drawing.calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo').map((c) => [c[1], c[2]]);
    expect(corners).toEqual([[-15, -10], [25, -10], [25, 10], [-15, 10]]);
    drawing.calls.length = 0;
    a.size = new Size(10, 10); // redrawn in the next editor frame
    step();
    expect(drawing.calls.filter((c) => c[0] === 'moveTo' || c[0] === 'lineTo').map((c) => [c[1], c[2]])).toEqual([[0, -5], [10, -5], [10, 5], [0, 5]]);
    a.enabled = false;
    step();
    expect(g.isValid).toBe(false); // removed with the collider
  } finally {
    drawing.restore();
  }
});

test('a capsule outline has its two caps; a bad shape draws nothing', () => {
  const canvas = newScene();
  capsule(canvas, 'Pill', 0, 0, 10, 60);
  const bad = box(canvas, 'Bad', 0, 0, 0, 10);
  const drawing = recordDrawing();
  try {
    step();
    const circles = drawing.calls.filter((c) => c[0] === 'circle').map((c) => c.slice(1));
    expect(circles).toEqual([[0, -20, 10], [0, 20, 10]]);
    expect(bad._outlineGraphicsForTests).toBeTruthy(); // cleared, nothing drawn
  } finally {
    drawing.restore();
  }
});

test('the system does not update the world in the editor', () => {
  const canvas = newScene();
  const a = box(canvas, 'A', 0, 0);
  box(canvas, 'B', 50, 0);
  const rec = record(a);
  step(3);
  expect(rec.log).toEqual([]);
  expect(a.inWorld).toBe(false);
  expect(manager().world?.bodyCount ?? 0).toBe(0);
  rec.stop();
});
