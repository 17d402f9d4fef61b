// Start-up order on the cc stand-in: the extension loads before the game is initialised (as in a Cocos project,
// where scripts load before game.init), so loading waits for game.onPostProjectInitDelegate. The real-engine
// harness initialises the game before any test file runs, so it cannot take this path; the rest of the
// components' behaviour is tested inside the real engine (tests/cocos-engine).
import { afterEach, expect, it, vi } from 'vitest';
import { game, Vec2 } from 'cc';
import { getSAT, loadState } from '../../cocos-extension/assets/runtime/loader';
import { box, frame, manager, newScene, record } from './harness';

afterEach(() => vi.restoreAllMocks());

it('before the module is ready: enabling a collider warns, queries warn and return nothing, nothing is emitted', () => {
  expect(loadState().state).toBe('idle'); // loading starts at project start, not at import
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { canvas } = newScene();
  const a = box(canvas, 'early', 0, 0);
  box(canvas, 'early2', 10, 0);
  const { log, stop } = record(a);
  frame(2);
  expect(log).toEqual([]);
  expect(manager().isReady).toBe(false);
  expect(manager().raycast(new Vec2(-500, 0), new Vec2(500, 0))).toEqual([]);
  expect(manager().testPoint(new Vec2(0, 0))).toEqual([]);
  const messages = warn.mock.calls.map((c) => String(c[0]));
  expect(messages.some((m) => m.includes('SATBox on node "Canvas/early"') && m.includes('before the collision module finished loading'))).toBe(true);
  expect(messages.some((m) => m.includes('SATCollisionManager.raycast called before the collision module finished loading'))).toBe(true);
  stop();
});

it('loads at project start (game.onPostProjectInitDelegate), then the early colliders join the world', async () => {
  await game.init(); // the engine awaits the delegate before the first scene
  expect(loadState().state).toBe('ready');
  expect(getSAT()!.variant).toBe('baseline');
  expect(manager().isReady).toBe(true);
  const { canvas } = newScene();
  const a = box(canvas, 'late-a', 0, 0);
  box(canvas, 'late-b', 10, 0);
  const { pairs, stop } = record(a);
  frame();
  expect(pairs()).toEqual(['begin-contact late-a-late-b']);
  stop();
});
