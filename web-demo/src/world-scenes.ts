// Scenes built on the World API (stress, tunneling, raycast). Placeholder until the world's TS interface lands.
import type { SAT } from 'sat-wasm';
import type { Decomposer } from './decompose.js';
import { View, type Scene } from './view.js';

function placeholder(name: string) {
  return (_sat: SAT, view: View, panel: HTMLElement): Scene => {
    panel.innerHTML = `<h2>${name}</h2><p>Needs the World API.</p>`;
    return {
      frame() {
        view.clear('#fafafa');
      },
      dispose() {},
      hooks: {},
    };
  };
}

export const worldScenes: Record<'stress' | 'tunnel' | 'raycast', (sat: SAT, view: View, panel: HTMLElement) => Scene> = {
  stress: placeholder('Stress'),
  tunnel: placeholder('Tunneling'),
  raycast: placeholder('Raycast'),
};

export function decomposerFor(_sat: SAT): Decomposer {
  return null;
}
