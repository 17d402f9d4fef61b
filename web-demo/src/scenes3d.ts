// The 3D scenes, in a chunk of their own: the shell imports this module only when a 3D scene is opened, so the
// 2D pages never download three.js, the 3D module or the 3D docs.
import { load3D, type SAT3D } from 'sat-wasm/3d';
import type { View, Scene } from './view.js';
import { registerDoc } from './code.js';
import api3d from '../../docs/3d-api.md?raw';
import world3d from '../../docs/3d-world.md?raw';
import { createSat3dScene } from './scenes/sat3d.js';
import { createHull3dScene } from './scenes/hull3d.js';
import { createStress3dScene } from './scenes/stress3d.js';
import sat3dSource from './scenes/sat3d.ts?raw';
import hull3dSource from './scenes/hull3d.ts?raw';
import stress3dSource from './scenes/stress3d.ts?raw';

registerDoc('3d', 'docs/3d-api.md', api3d);
registerDoc('world3', 'docs/3d-world.md', world3d);

export type Scene3dId = 'sat3d' | 'hull3d' | 'stress3d';

const MAKERS: Record<Scene3dId, { make: (sat3: SAT3D, view: View, panel: HTMLElement) => Scene; source: string }> = {
  sat3d: { make: createSat3dScene, source: sat3dSource },
  hull3d: { make: createHull3dScene, source: hull3dSource },
  stress3d: { make: createStress3dScene, source: stress3dSource },
};

let module3d: Promise<SAT3D> | null = null;

/** A 3D scene's maker (bound to the 3D module, loaded once) and its source text. */
export async function scene3d(id: Scene3dId): Promise<{ make: (view: View, panel: HTMLElement) => Scene; source: string; variant: string }> {
  module3d ??= load3D();
  const sat3 = await module3d;
  const entry = MAKERS[id];
  return { make: (view, panel) => entry.make(sat3, view, panel), source: entry.source, variant: sat3.variant };
}
