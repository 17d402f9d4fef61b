// Loading starts at project start: from game.onPostProjectInitDelegate when the extension's scripts load first
// (components.suite.ts covers that), or at once when the game is already initialised (this file).
import { expect, it } from 'vitest';
import { game } from 'cc';

it('starts loading at once when the game is already inited', async () => {
  await game.init(); // nothing registered yet: the extension is not imported
  expect(game.inited).toBe(true);
  const loader = await import('../../cocos-extension/assets/runtime/loader');
  expect(loader.loadState().state).toBe('loading');
  const sat = await loader.ensureSATLoaded();
  expect(loader.loadState().state).toBe('ready');
  expect(loader.getSAT()).toBe(sat);
  expect(sat.variant).toBe('baseline');
});
