// The demo's shell: loads sat-wasm exactly as an app would, then runs one scene at a time in the shared canvas
// and side panel, chosen by the URL hash (#sat, #stress, #tunnel, #raycast).
//
// For tests and the curious, window.__demo holds { ready, variant, sceneId, scene, errors }, where scene is the
// running scene's hooks (the numbers its panel shows).
import { loadSAT, type SAT } from 'sat-wasm';
import { View, type Scene } from './view.js';
import { createSatScene } from './scenes/sat.js';
import { createStressScene } from './scenes/stress.js';
import { createTunnelScene } from './scenes/tunnel.js';
import { createRaycastScene } from './scenes/raycast.js';

type SceneId = 'sat' | 'stress' | 'tunnel' | 'raycast';
const SCENES: SceneId[] = ['sat', 'stress', 'tunnel', 'raycast'];

interface DemoHooks {
  ready: boolean;
  variant: string;
  sceneId: SceneId | '';
  scene: Record<string, unknown> | null;
  /** frames drawn since the scene started */
  frames: number;
  /** whether performance.now() has fine resolution (cross-origin isolated page) */
  isolated: boolean;
  errors: string[];
}

declare global {
  interface Window {
    __demo: DemoHooks;
  }
}

const demo: DemoHooks = { ready: false, variant: '', sceneId: '', scene: null, frames: 0, isolated: crossOriginIsolated, errors: [] };
window.__demo = demo;

const status = document.getElementById('status')!;
const panel = document.getElementById('panel')!;
const view = new View(document.getElementById('view') as HTMLCanvasElement);

function fail(where: string, err: unknown): void {
  const msg = `${where}: ${err instanceof Error ? err.message : String(err)}`;
  demo.errors.push(msg);
  console.error(msg);
  status.textContent = msg;
  status.classList.add('error');
}

let sat: SAT;
try {
  sat = await loadSAT();
} catch (err) {
  fail('loading sat-wasm', err);
  throw err;
}
demo.variant = sat.variant;

let current: Scene | null = null;
let currentId: SceneId | '' = '';

function sceneFromHash(): SceneId {
  const h = location.hash.replace('#', '') as SceneId;
  return SCENES.includes(h) ? h : 'sat';
}

function start(id: SceneId): void {
  if (current) {
    current.dispose();
    current = null;
  }
  panel.innerHTML = '';
  view.canvas.style.cursor = 'default';
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.tabs a')) {
    a.setAttribute('aria-selected', String(a.dataset.scene === id));
  }
  currentId = id;
  demo.sceneId = id;
  demo.frames = 0;
  try {
    const make = { sat: createSatScene, stress: createStressScene, tunnel: createTunnelScene, raycast: createRaycastScene }[id];
    current = make(sat, view, panel);
    demo.scene = current.hooks;
  } catch (err) {
    fail(`starting scene ${id}`, err);
    demo.scene = null;
  }
  status.textContent = `sat-wasm ${sat.variant} build · scene: ${id}${crossOriginIsolated ? '' : ' · timers coarse (page not cross-origin isolated)'}`;
}

window.addEventListener('hashchange', () => start(sceneFromHash()));
start(sceneFromHash());
demo.ready = true;

let last = performance.now();
function loop(now: number): void {
  const dt = Math.min(0.05, Math.max(0, (now - last) / 1000));
  last = now;
  if (current) {
    try {
      current.frame(dt);
      demo.frames++;
    } catch (err) {
      fail(`scene ${currentId}`, err);
      current = null;
    }
  }
  requestAnimationFrame(loop);
}
requestAnimationFrame(loop);
