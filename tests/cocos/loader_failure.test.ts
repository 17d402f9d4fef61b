// When the module cannot be loaded (here: a WeChat build without the module file), the game still starts, the
// failure is reported once, and components say why they do not collide instead of failing silently.
import { expect, it, vi } from 'vitest';
import { game, sys } from 'cc';

it('a failed load lets the game start and the components say the module failed', async () => {
  sys.platform = sys.Platform.WECHAT_GAME;
  (globalThis as Record<string, unknown>).WXWebAssembly = {
    instantiate: () => Promise.reject(new Error('file not found')),
  };
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { loadState } = await import('../../cocos-extension/assets/runtime/loader');
  const { newScene, box, frame, manager } = await import('./harness');
  await game.init(); // resolves: the engine is not kept waiting
  expect(loadState().state).toBe('failed');
  expect(error.mock.calls.some((c) => String(c[0]).includes('loading the collision module (wechat) failed'))).toBe(true);
  const { canvas } = newScene();
  box(canvas, 'A', 0, 0);
  frame();
  expect(manager().isReady).toBe(false);
  expect(warn.mock.calls.some((c) => String(c[0]).includes('the collision module failed to load: SATBox on node "Canvas/A"'))).toBe(true);
  expect(manager().testPoint({ x: 0, y: 0 })).toEqual([]);
  expect(warn.mock.calls.some((c) => String(c[0]).includes('SATCollisionManager.testPoint: the collision module failed to load'))).toBe(true);
});
