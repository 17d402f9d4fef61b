// The demo's shell: loads sat-wasm exactly as an app would, then runs one scene at a time in the shared canvas
// and side panel, chosen by the URL hash (#sat, #stress, #tunnel, #raycast, #game; the 3D scenes #sat3d, #hull3d,
// #stress3d). It owns time (pause, single step, slow motion), the performance overlay and the code panel. The 3D
// scenes (three.js and the 3D module) are a chunk of their own, imported when one is first opened.
//
// For tests and the curious, window.__demo holds { ready, variant, sceneId, scene, errors, updates, ... }, where
// scene is the running scene's hooks (the numbers its panel shows).
import { loadSAT, type SAT } from 'sat-wasm';
import { View, type Scene } from './view.js';
import { PerfOverlay, sampleOf, type FrameSample } from './perf.js';
import { renderCode, type DocRef } from './code.js';
import { createSatScene } from './scenes/sat.js';
import { createStressScene } from './scenes/stress.js';
import { createTunnelScene } from './scenes/tunnel.js';
import { createRaycastScene } from './scenes/raycast.js';
import { createGameScene } from './scenes/game.js';
import satSource from './scenes/sat.ts?raw';
import stressSource from './scenes/stress.ts?raw';
import tunnelSource from './scenes/tunnel.ts?raw';
import raycastSource from './scenes/raycast.ts?raw';
import gameSource from './scenes/game.ts?raw';

type SceneId = 'sat' | 'stress' | 'tunnel' | 'raycast' | 'game' | 'sat3d' | 'hull3d' | 'stress3d';

interface SceneEntry {
  make?: (sat: SAT, view: View, panel: HTMLElement) => Scene;
  /** a scene in a chunk of its own, imported on first use: its maker, its source and the module build it runs on */
  load?: () => Promise<{ make: (view: View, panel: HTMLElement) => Scene; source: string; variant: string }>;
  /** runs on the narrow-phase-only flavour (no World; has sat.explain) */
  narrow?: boolean;
  file: string;
  source?: string;
  docs: DocRef[];
}

const lazy3d = (id: 'sat3d' | 'hull3d' | 'stress3d') => () => import('./scenes3d.js').then((m) => m.scene3d(id));

const SCENES: Record<SceneId, SceneEntry> = {
  sat: {
    make: createSatScene, file: 'web-demo/src/scenes/sat.ts', source: satSource, narrow: true,
    docs: [{ doc: 'js', heading: 'Shapes' }, { doc: 'js', heading: 'Queries' }],
  },
  stress: {
    make: createStressScene, file: 'web-demo/src/scenes/stress.ts', source: stressSource,
    docs: [{ doc: 'world', heading: 'The frame: the bulk path' }, { doc: 'world', heading: 'Events and contacts' }, { doc: 'world', heading: 'Push-apart' }],
  },
  tunnel: {
    make: createTunnelScene, file: 'web-demo/src/scenes/tunnel.ts', source: tunnelSource,
    docs: [{ doc: 'world', heading: 'Bodies' }, { doc: 'world', heading: 'Events and contacts' }],
  },
  raycast: {
    make: createRaycastScene, file: 'web-demo/src/scenes/raycast.ts', source: raycastSource,
    docs: [{ doc: 'world', heading: 'Queries' }],
  },
  game: {
    make: createGameScene, file: 'web-demo/src/scenes/game.ts', source: gameSource,
    docs: [{ doc: 'world', heading: 'Bodies' }, { doc: 'world', heading: 'Events and contacts' }, { doc: 'world', heading: 'Queries' }, { doc: 'world', heading: 'Push-apart' }],
  },
  sat3d: {
    load: lazy3d('sat3d'), file: 'web-demo/src/scenes/sat3d.ts',
    docs: [{ doc: '3d', heading: 'Contract (both languages)' }, { doc: '3d', heading: 'TypeScript' }],
  },
  hull3d: {
    load: lazy3d('hull3d'), file: 'web-demo/src/scenes/hull3d.ts',
    docs: [{ doc: '3d', heading: 'Contract (both languages)' }, { doc: '3d', heading: 'TypeScript' }],
  },
  stress3d: {
    load: lazy3d('stress3d'), file: 'web-demo/src/scenes/stress3d.ts',
    docs: [{ doc: 'world3', heading: 'Contract' }, { doc: 'world3', heading: 'TypeScript' }],
  },
};
const SCENE_IDS = Object.keys(SCENES) as SceneId[];
/** One simulation step, in seconds. Slow motion runs fewer steps per second, never shorter ones. */
const STEP = 1 / 60;
const RATES = [1, 0.5, 0.25];

interface DemoHooks {
  ready: boolean;
  variant: string;
  sceneId: SceneId | '';
  scene: Record<string, unknown> | null;
  /** frames drawn since the scene started */
  frames: number;
  /** scene update() calls (simulation steps) since the scene started */
  updates: number;
  paused: boolean;
  rate: number;
  /** the last frame's timing split, and the mean of recent frames (see perf.ts) */
  lastFrame: FrameSample | null;
  meanFrame: () => FrameSample | null;
  fps: number;
  /** whether performance.now() has fine resolution (cross-origin isolated page) */
  isolated: boolean;
  errors: string[];
}

declare global {
  interface Window {
    __demo: DemoHooks;
  }
}

const overlay = new PerfOverlay(document.getElementById('hud') as HTMLCanvasElement);
const demo: DemoHooks = {
  ready: false, variant: '', sceneId: '', scene: null, frames: 0, updates: 0, paused: false, rate: 1,
  lastFrame: null, meanFrame: () => overlay.mean(), fps: 0, isolated: crossOriginIsolated, errors: [],
};
window.__demo = demo;

const status = document.getElementById('status')!;
const panel = document.getElementById('panel')!;
const codeRoot = document.getElementById('code')!;
const view = new View(document.getElementById('view') as HTMLCanvasElement, document.getElementById('gl') as HTMLCanvasElement);

function fail(where: string, err: unknown): void {
  const msg = `${where}: ${err instanceof Error ? err.message : String(err)}`;
  demo.errors.push(msg);
  console.error(msg);
  status.textContent = msg;
  status.classList.add('error');
}

// The full module for the scenes with a World, and the narrow-phase-only flavour for the SAT scene (pairs of
// shapes, and sat.explain(), which ships only there).
let sat: SAT;
let satNarrow: SAT;
try {
  [sat, satNarrow] = await Promise.all([loadSAT(), loadSAT({ narrowPhaseOnly: true })]);
} catch (err) {
  fail('loading sat-wasm', err);
  throw err;
}
demo.variant = sat.variant;

let current: Scene | null = null;
let currentId: SceneId | '' = '';

function sceneFromHash(): SceneId {
  const h = location.hash.replace('#', '') as SceneId;
  return SCENE_IDS.includes(h) ? h : 'sat';
}

let startToken = 0;
async function start(id: SceneId): Promise<void> {
  const token = ++startToken;
  if (current) {
    current.dispose();
    current = null;
  }
  panel.innerHTML = '';
  view.canvas.style.cursor = 'default';
  view.useGL(false);
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.tabs a')) {
    a.setAttribute('aria-selected', String(a.dataset.scene === id));
  }
  currentId = id;
  demo.sceneId = id;
  demo.frames = 0;
  demo.updates = 0;
  overlay.history.length = 0;
  demo.scene = null;
  const entry = SCENES[id];
  let make = entry.make ? (v: View, p: HTMLElement) => entry.make!(entry.narrow ? satNarrow : sat, v, p) : null;
  let source = entry.source ?? '';
  let variant: string = sat.variant;
  if (entry.load) {
    status.textContent = 'Loading the 3D module and three.js…';
    try {
      const loaded = await entry.load();
      ({ make, source, variant } = loaded);
    } catch (err) {
      fail(`loading scene ${id}`, err);
      return;
    }
    // Another scene was chosen while this one loaded.
    if (token !== startToken) return;
  }
  renderCode(codeRoot, entry.file, source, entry.docs);
  try {
    current = make!(view, panel);
    demo.scene = current.hooks;
  } catch (err) {
    fail(`starting scene ${id}`, err);
    demo.scene = null;
  }
  status.textContent = `sat-wasm${entry.load ? '/3d' : ''} ${variant} build${entry.narrow ? ' (narrow phase only)' : ''} · scene: ${id}${crossOriginIsolated ? '' : ' · timers coarse (page not cross-origin isolated)'}`;
}

// ---- time control -------------------------------------------------------------------------------------------
let paused = false;
let rate = 1;
let credit = 0;
let stepsQueued = 0;
const pauseBtn = document.getElementById('pause') as HTMLButtonElement;
const stepBtn = document.getElementById('step') as HTMLButtonElement;
const rateBtns = [...document.querySelectorAll<HTMLButtonElement>('[data-rate]')];
const perfBtn = document.getElementById('perfToggle') as HTMLButtonElement;

function showTime(): void {
  pauseBtn.textContent = paused ? '▶ play' : '❚❚ pause';
  pauseBtn.classList.toggle('on', paused);
  stepBtn.disabled = !paused;
  for (const b of rateBtns) b.classList.toggle('on', Number(b.dataset.rate) === rate);
  perfBtn.classList.toggle('on', overlay.visible);
  demo.paused = paused;
  demo.rate = rate;
}
function setPaused(p: boolean): void {
  paused = p;
  credit = 0;
  showTime();
}
function setRate(r: number): void {
  rate = r;
  credit = 0;
  showTime();
}
/** One simulation step (pauses first when running). */
function stepOnce(): void {
  if (!paused) setPaused(true);
  stepsQueued++;
}
pauseBtn.addEventListener('click', () => setPaused(!paused));
stepBtn.addEventListener('click', stepOnce);
for (const b of rateBtns) b.addEventListener('click', () => setRate(Number(b.dataset.rate)));
perfBtn.addEventListener('click', () => {
  overlay.visible = !overlay.visible;
  showTime();
});
window.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement | null;
  if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toLowerCase();
  if (k === 'p') setPaused(!paused);
  else if (k === '.') stepOnce();
  else if (k === '1') setRate(RATES[0]);
  else if (k === '2') setRate(RATES[1]);
  else if (k === '4') setRate(RATES[2]);
  else if (k === 'o') {
    overlay.visible = !overlay.visible;
    showTime();
  } else return;
  e.preventDefault();
});
// Phones: the overlay starts hidden so that it does not cover the scene.
overlay.visible = window.innerWidth > 760;
showTime();

// ---- panel tabs: the scene's explanation, or its code ---------------------------------------------------------
const panelTabs = [...document.querySelectorAll<HTMLButtonElement>('.panel-tabs button')];
for (const b of panelTabs) {
  b.addEventListener('click', () => {
    for (const o of panelTabs) o.setAttribute('aria-selected', String(o === b));
    panel.hidden = b.dataset.tab !== 'scene';
    codeRoot.hidden = b.dataset.tab !== 'code';
  });
}

window.addEventListener('hashchange', () => void start(sceneFromHash()));
void start(sceneFromHash());
demo.ready = true;

let fpsFrames = 0;
let fpsStart = performance.now();
function loop(now: number): void {
  if (current) {
    try {
      let updated = false;
      let updateMs = 0;
      let run = false;
      if (!paused) {
        credit += rate;
        if (credit >= 1 - 1e-9) {
          credit -= 1;
          run = true;
        }
      } else if (stepsQueued > 0) {
        stepsQueued--;
        run = true;
      }
      if (run) {
        current.perf?.reset();
        const t0 = performance.now();
        current.update(STEP);
        updateMs = performance.now() - t0;
        updated = true;
        demo.updates++;
      }
      const t1 = performance.now();
      current.draw();
      const drawMs = performance.now() - t1;
      const sample = sampleOf(current.perf, updated, updateMs, drawMs);
      demo.lastFrame = sample;
      overlay.push(sample);
      demo.frames++;
    } catch (err) {
      fail(`scene ${currentId}`, err);
      current = null;
    }
  }
  fpsFrames++;
  if (now - fpsStart > 500) {
    demo.fps = (fpsFrames * 1000) / (now - fpsStart);
    fpsFrames = 0;
    fpsStart = now;
  }
  overlay.draw(view.width, view.height, view.dpr, demo.fps);
  requestAnimationFrame(loop);
}
requestAnimationFrame(loop);
