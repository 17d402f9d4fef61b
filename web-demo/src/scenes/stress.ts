// Scene 2, "Stress": N bodies bouncing in a box, all moved through the world's bulk transform buffer and
// collided by one world.update() per step. Bodies are drawn with WebGL2 (one draw call, one triangle a body, in a
// worker), as CPU sprites (which can be faster where WebGL itself runs on the CPU: the scene times both there),
// with Canvas 2D paths, or not at all, to show what the world costs without drawing. Presets change the shapes.
// On a cross-origin isolated page a switch runs the world on two threads: the threaded build of the module,
// loadSAT({ threads: 2 }), whose update() gives the contacts one thread gives.
import { CONTACT_WORDS, ContactWord, loadSAT, type BroadPhase, type SAT, type Shape, type World, type WorldStats } from 'sat-wasm';
import { View, fmt, label, type Scene } from '../view.js';
import { UpdatePerf } from '../perf.js';
import { BodyLayer } from '../gl-layer.js';
import { SpriteBodies } from '../sprite-bodies.js';
import { createBox2DPeer, createPeer, loadBox2D, type Peer, type PeerName } from '../peers.js';

const COUNTS = [100, 500, 1000, 2000, 5000, 10000, 20000, 30000, 50000];
/** Share of the arena the bodies cover; body size follows from it and N. */
const COVERAGE = 0.15;

export type Preset = 'mixed' | 'boxes' | 'big' | 'concave';
export type Renderer = 'webgl' | 'sprites' | 'canvas' | 'off';

interface Proto {
  /** the body's convex parts (one for a convex shape; a concave outline's parts from sat.decompose) */
  parts: Shape[];
  /** outlines of the parts for Canvas 2D (unit size): polygons, round ends as fine polygons */
  outlines: Float32Array[];
  /** radius of the bounding circle (unit size) */
  reach: number;
  area: number;
}

/** The outline the library stores for a shape: its vertices, or a fine polygon around a circle or capsule. */
function outlineOf(shape: Shape): Float32Array {
  const pts: number[] = [];
  if (shape.kind === 'polygon') {
    for (const v of shape.vertices) pts.push(v.x, v.y);
    return new Float32Array(pts);
  }
  const [p, q] = shape.kind === 'circle' ? [shape.vertices[0], shape.vertices[0]] : shape.vertices;
  const r = shape.radius;
  const a0 = Math.atan2(q.y - p.y, q.x - p.x);
  const ends = shape.kind === 'circle' ? [[p, 0, 12]] : [[q, -Math.PI / 2, 6], [p, Math.PI / 2, 6]];
  for (const [c, start, steps] of ends as [{ x: number; y: number }, number, number][]) {
    const span = shape.kind === 'circle' ? 2 * Math.PI : Math.PI;
    for (let k = 0; k <= steps - (shape.kind === 'circle' ? 1 : 0); k++) {
      const a = a0 + start + (span * k) / steps;
      pts.push(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
    }
  }
  return new Float32Array(pts);
}

function makeProto(parts: Shape[]): Proto {
  let reach = 0;
  let area = 0;
  const outlines: Float32Array[] = [];
  for (const shape of parts) {
    const b = shape.localBounds;
    reach = Math.max(reach, Math.hypot(b.lower.x, b.lower.y), Math.hypot(b.upper.x, b.upper.y));
    area += shape.area;
    const o = outlineOf(shape);
    outlines.push(o);
  }
  return { parts, outlines, reach, area };
}

function regular(sat: SAT, sides: number, r: number, phase = 0): Shape {
  const pts = [];
  for (let i = 0; i < sides; i++) pts.push({ x: r * Math.cos(phase + (i * 2 * Math.PI) / sides), y: r * Math.sin(phase + (i * 2 * Math.PI) / sides) });
  return sat.polygon(pts);
}

/** The shapes of each preset, at unit size (the scene scales bodies to the count). */
function presetProtos(sat: SAT, preset: Preset): Proto[] {
  switch (preset) {
    case 'boxes':
      return [makeProto([sat.box(0.9, 0.7)])];
    case 'big':
      // Many-sided polygons: support points by hill climbing pay off here.
      return [makeProto([regular(sat, 16, 0.55)]), makeProto([regular(sat, 24, 0.5, 0.1)]), makeProto([regular(sat, 32, 0.52, 0.05)])];
    case 'concave': {
      // Concave outlines, split into convex parts by the library (sat.decompose), one compound body each.
      const L = [{ x: -0.5, y: -0.5 }, { x: 0.5, y: -0.5 }, { x: 0.5, y: -0.2 }, { x: -0.2, y: -0.2 }, { x: -0.2, y: 0.5 }, { x: -0.5, y: 0.5 }];
      const U = [{ x: -0.5, y: -0.4 }, { x: 0.5, y: -0.4 }, { x: 0.5, y: 0.4 }, { x: 0.25, y: 0.4 }, { x: 0.25, y: -0.15 }, { x: -0.25, y: -0.15 }, { x: -0.25, y: 0.4 }, { x: -0.5, y: 0.4 }];
      const star: { x: number; y: number }[] = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 0.22 : 0.55;
        star.push({ x: r * Math.cos((i * Math.PI) / 5 + Math.PI / 2), y: r * Math.sin((i * Math.PI) / 5 + Math.PI / 2) });
      }
      return [makeProto(sat.decompose(L)), makeProto(sat.decompose(U)), makeProto(sat.decompose(star))];
    }
    default:
      return [
        makeProto([sat.circle(0.5)]),
        makeProto([sat.box(0.9, 0.7)]),
        makeProto([sat.polygon([{ x: 0, y: 0.55 }, { x: -0.5, y: -0.35 }, { x: 0.5, y: -0.35 }])]),
        makeProto([sat.capsule({ x: -0.35, y: 0 }, { x: 0.35, y: 0 }, 0.25)]),
        makeProto([regular(sat, 6, 0.5)]),
      ];
  }
}

/** The threaded build, loaded the first time the switch is turned on (once per page: it starts its workers). */
let threadedSAT: Promise<SAT> | null = null;
const THREADS = 2;

/** The module file a SAT instance runs: the threaded build is its own. */
function buildName(s: SAT): string {
  return s.maxThreads > 1 ? 'sat-simd-mt' : `sat-${s.variant}`;
}

export function createStressScene(pageSat: SAT, view: View, panel: HTMLElement): Scene {
  /** The module the world runs on: the page's, or the threaded build while the threads switch is on. */
  let sat = pageSat;
  // A landscape box, or a portrait one on a phone held upright.
  const arena = view.height > view.width * 1.1 ? { w: 100, h: 160 } : { w: 160, h: 100 };
  view.fit(-arena.w / 2 - 1, -arena.h / 2 - 1, arena.w / 2 + 1, arena.h / 2 + 1);

  let preset: Preset = 'mixed';
  let protoShapes: Proto[] = presetProtos(sat, preset);
  const gl = BodyLayer.of(view);
  const sprites = new SpriteBodies();
  // WebGL2 where there is one; on a software rasterizer the scene tries it against the CPU sprites (see below).
  let renderer: Renderer = gl ? 'webgl' : 'sprites';
  gl?.setShapes(protoShapes.map((p) => p.outlines));

  let world: World | null = null;
  let n = 0;
  let scale = 1;
  let broadPhase: BroadPhase = 'grid';
  let pushApart = false;
  let showBroad = false;
  /** device-pixel centres and angles for the CPU sprites */
  let screenX = new Float32Array(0);
  let screenY = new Float32Array(0);
  let screenA = new Float32Array(0);
  let ids = new Uint32Array(0);
  let slots = new Uint32Array(0);
  let kinds = new Uint8Array(0);
  let px = new Float32Array(0);
  let py = new Float32Array(0);
  let pa = new Float32Array(0);
  let vx = new Float32Array(0);
  let vy = new Float32Array(0);
  let va = new Float32Array(0);
  let touching = new Uint8Array(0);
  /** body id -> index into the arrays above */
  const idToIndex = new Map<number, number>();
  let cellSize = 0;
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };

  const stats = { ...blankStats(), updateMs: 0, fps: 0, jsMs: 0, drawMs: 0, frames: 0, avgUpdateMs: 0 };
  const history: number[] = [];

  function build(count: number): void {
    world?.dispose();
    n = count;
    seed = 12345;
    const meanArea = protoShapes.reduce((s, p) => s + p.area, 0) / protoShapes.length;
    scale = Math.min(4, Math.sqrt((arena.w * arena.h * COVERAGE) / (count * meanArea)));
    cellSize = 2 * scale;
    world = sat.createWorld({ broadPhase, capacity: count, gridCellSize: broadPhase === 'grid' ? cellSize : 0, pushApart });
    ids = new Uint32Array(count);
    slots = new Uint32Array(count);
    kinds = new Uint8Array(count);
    px = new Float32Array(count);
    py = new Float32Array(count);
    pa = new Float32Array(count);
    vx = new Float32Array(count);
    vy = new Float32Array(count);
    va = new Float32Array(count);
    touching = new Uint8Array(count);
    screenX = new Float32Array(count);
    screenY = new Float32Array(count);
    screenA = new Float32Array(count);
    const K = protoShapes.length;
    const speed = 6 + 10 * scale;
    for (let i = 0; i < count; i++) {
      const k = Math.floor((i * K) / count);
      kinds[i] = k;
      const r = protoShapes[k].reach * scale;
      px[i] = (rand() - 0.5) * (arena.w - 2 * r);
      py[i] = (rand() - 0.5) * (arena.h - 2 * r);
      pa[i] = rand() * Math.PI * 2;
      const dir = rand() * Math.PI * 2;
      const sp = speed * (0.3 + rand());
      vx[i] = Math.cos(dir) * sp;
      vy[i] = Math.sin(dir) * sp;
      va[i] = (rand() - 0.5) * 2;
      ids[i] = world.add({ shapes: protoShapes[k].parts.map((shape) => ({ shape })), x: px[i], y: py[i], angle: pa[i], scaleX: scale, scaleY: scale });
      slots[i] = world.slotOf(ids[i]);
    }
    idToIndex.clear();
    for (let i = 0; i < count; i++) idToIndex.set(ids[i], i);
    gl?.setBodies(slots, kinds, count);
    startTrial();
    if (peerName) setPeer(peerName);
    history.length = 0;
    stats.frames = 0;
  }

  // ---- panel --------------------------------------------------------------------------------------------------
  panel.innerHTML = `
    <h2>Stress: many bodies, one update() per step</h2>
    <p class="hint">Every step the page writes all positions into <code>world.transforms</code> (one typed array) and calls <code>world.update()</code> once. Bodies touching another are drawn red. Stage times come from the world's own stats; the overlay on the canvas splits the whole frame.</p>
    <div class="controls">
      <label for="count">bodies</label><input id="count" type="range" min="0" max="${COUNTS.length - 1}" step="1" data-testid="stress-count" />
      <label>N</label><b id="countLabel" data-testid="stress-n"></b>
      <label for="preset">shapes</label>
      <select id="preset" data-testid="stress-preset"><option value="mixed">mixed: circle, box, triangle, capsule, hexagon</option><option value="boxes">boxes</option><option value="big">big polygons (16, 24, 32 sides)</option><option value="concave">concave (L, U, star: sat.decompose)</option></select>
      <label for="bp">broad phase</label>
      <select id="bp" data-testid="stress-bp"><option value="grid">uniform grid</option><option value="tree">dynamic AABB tree</option><option value="sap">sort and sweep</option></select>
      <label for="renderer">drawing</label>
      <select id="renderer" data-testid="stress-renderer"><option value="webgl">WebGL2, one triangle a body</option><option value="sprites">CPU sprites, one putImageData</option><option value="canvas">Canvas 2D paths</option><option value="off">off (bare world cost)</option></select>
      <label for="peer">side by side</label>
      <select id="peer" data-testid="stress-peer"><option value="">none</option><option value="matter">Matter.js (collision only)</option><option value="check2d">detect-collisions (collision only)</option><option value="box2d">box2d-wasm (no solver iterations)</option></select>
      <div class="row">
        <button id="push" data-testid="stress-push">push-apart: off</button>
        <button id="broad" data-testid="stress-broad">broad-phase view: off</button>
        <button id="threads" data-testid="stress-threads">threads: off</button>
      </div>
      <label>build</label><b id="build" data-testid="stress-build"></b>
    </div>
    <div id="peerBox" hidden>
      <h2>Side by side (mean of 30 steps)</h2>
      <div class="stat-grid" data-testid="stress-peer-stats">
        <span>sat-wasm world.update()</span><span class="v" id="peerOurs"></span>
        <span id="peerName"></span><span class="v" id="peerTheirs"></span>
      </div>
      <p class="hint" id="peerWhat"></p>
    </div>
    <h2>world.update() time</h2>
    <div class="bar" id="bar"></div>
    <div class="stat-grid" id="stats" data-testid="stress-stats"></div>
    <h2>What the stages do</h2>
    <p class="hint"><b>sync</b>: takes the transforms and places moved bodies. <b>broad phase</b>: finds pairs whose bounding boxes overlap (grid cells, tree or sweep; CCD sweeps count here too) and adds new pairs to the pair cache. <b>narrow phase + events</b>: runs SAT on every candidate pair, fills begin / stay / end events and contact manifolds (one pass in the library). <b>push-apart</b>: moves overlapping bodies out along the MTV (the page then also makes them bounce). <b>not in any stage</b>: the rest of the update() call as timed from JavaScript (crossing into the module, untimed work).</p>
  `;
  const $ = <T extends HTMLElement>(id: string) => panel.querySelector<T>(`#${id}`)!;
  const countInput = $<HTMLInputElement>('count');
  countInput.value = String(COUNTS.indexOf(2000));
  const bpSel = $<HTMLSelectElement>('bp');
  const presetSel = $<HTMLSelectElement>('preset');
  const rendererSel = $<HTMLSelectElement>('renderer');
  if (!gl) rendererSel.querySelector('option[value="webgl"]')!.setAttribute('disabled', '');
  const pushBtn = $<HTMLButtonElement>('push');
  const broadBtn = $<HTMLButtonElement>('broad');
  const threadsBtn = $<HTMLButtonElement>('threads');
  // Threads share the module's memory (SharedArrayBuffer), which browsers give only to cross-origin isolated pages.
  if (!crossOriginIsolated) {
    threadsBtn.disabled = true;
    threadsBtn.title = 'needs a cross-origin isolated page (served with COOP / COEP headers, as npm start does)';
  }
  let threadsOn = false;
  let threadsStatus = '';  // loading, or why the threaded build failed to load
  const setLabels = () => {
    $('countLabel').textContent = COUNTS[Number(countInput.value)].toLocaleString('en-US');
    pushBtn.textContent = `push-apart: ${pushApart ? 'on' : 'off'}`;
    pushBtn.classList.toggle('on', pushApart);
    broadBtn.textContent = `broad-phase view: ${showBroad ? 'on' : 'off'}`;
    broadBtn.classList.toggle('on', showBroad);
    threadsBtn.textContent = `threads: ${threadsOn ? THREADS : 'off'}`;
    threadsBtn.classList.toggle('on', threadsOn);
    $('build').textContent = threadsStatus || `${buildName(sat)}, ${threadsOn ? `${THREADS} threads` : '1 thread'}`;
    rendererSel.value = renderer;
    presetSel.value = preset;
  };
  countInput.addEventListener('input', () => {
    setLabels();
    build(COUNTS[Number(countInput.value)]);
  });
  bpSel.addEventListener('change', () => {
    broadPhase = bpSel.value as BroadPhase;
    build(n);
  });
  presetSel.addEventListener('change', () => setPreset(presetSel.value as Preset));
  const peerSel = $<HTMLSelectElement>('peer');
  peerSel.addEventListener('change', () => setPeer((peerSel.value || null) as PeerName | null));
  rendererSel.addEventListener('change', () => setRenderer(rendererSel.value as Renderer));
  pushBtn.addEventListener('click', () => {
    pushApart = !pushApart;
    world?.setPushApart({ enabled: pushApart, iterations: 4 });
    setLabels();
  });
  broadBtn.addEventListener('click', () => {
    showBroad = !showBroad;
    setLabels();
  });
  threadsBtn.addEventListener('click', () => void setThreads(!threadsOn));

  /**
   * Moves the scene to the threaded build (on) or back to the page's module (off): shapes belong to their module,
   * so the shapes and the world are made again there, with the same bodies from the same seed.
   */
  let threadsToken = 0;
  let disposed = false;
  async function setThreads(on: boolean): Promise<void> {
    if (on === threadsOn || (on && !crossOriginIsolated)) return;
    const token = ++threadsToken;
    let next = pageSat;
    if (on) {
      threadsStatus = `loading sat-simd-mt…`;
      setLabels();
      try {
        threadedSAT ??= loadSAT({ threads: THREADS });
        next = await threadedSAT;
      } catch (err) {
        threadedSAT = null;
        threadsStatus = `sat-simd-mt failed to load: ${err instanceof Error ? err.message : String(err)}`;
        setLabels();
        return;
      }
      if (token !== threadsToken || disposed) return;
    }
    threadsStatus = '';
    for (const proto of protoShapes) for (const shape of proto.parts) shape.dispose();
    world?.dispose();
    world = null;
    sat = next;
    threadsOn = on;
    remakeShapes();
  }

  function setPreset(p: Preset): void {
    for (const proto of protoShapes) for (const s of proto.parts) s.dispose();
    preset = p;
    remakeShapes();
  }
  /** The preset's shapes made in the current module (old ones disposed by the caller), and the world rebuilt. */
  function remakeShapes(): void {
    protoShapes = presetProtos(sat, preset);
    gl?.setShapes(protoShapes.map((q) => q.outlines));
    setLabels();
    build(n);
  }
  // ---- side by side --------------------------------------------------------------------------------------------
  let peerName: PeerName | null = null;
  let peer: Peer | null = null;
  const peerStats = { oursMs: [] as number[], theirsMs: [] as number[], ourPairs: 0, theirPairs: 0 };
  function setPeer(p: PeerName | null): void {
    peer?.dispose();
    peer = null;
    peerName = p;
    peerStats.oursMs.length = 0;
    peerStats.theirsMs.length = 0;
    peerSel.value = p ?? '';
    if (p === 'box2d' && world) {
      // Loaded on first use; the scene may have moved on by then.
      const w = world;
      void loadBox2D().then((B) => {
        if (peerName !== 'box2d' || world !== w || peer) return;
        const round = protoShapes.map((q) => (q.parts.length === 1 && q.parts[0].kind === 'circle' ? q.parts[0].radius : 0));
        peer = createBox2DPeer(B, protoShapes.map((q) => q.outlines), round, kinds, n, scale, w.transforms, slots);
        showPeer();
      }, (err) => console.error(`box2d-wasm failed to load: ${err instanceof Error ? err.message : String(err)}`));
      $('peerBox').hidden = true;
      return;
    }
    if (p && world) peer = createPeer(p, protoShapes.map((q) => q.outlines), kinds, n, scale, world.transforms, slots);
    showPeer();
  }
  function showPeer(): void {
    $('peerBox').hidden = !peer;
    if (peer) {
      $('peerName').textContent = `${peer.label}, same bodies`;
      const stand = peer.label === 'box2d-wasm' ? 'Capsules go to it as their outlines.' : 'Circles go to it as their 12-gon outlines, capsules as their outlines.';
      $('peerWhat').textContent = `${peer.label}: ${peer.what}. ${stand}`;
    }
  }
  const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);

  /** The drawing a person (or a test) chose: kept from then on. */
  function setRenderer(r: Renderer): void {
    autoChoose = false;
    trial = null;
    useRenderer(r);
  }
  function useRenderer(r: Renderer): void {
    renderer = r === 'webgl' && !gl ? 'canvas' : r;
    view.useGL(renderer === 'webgl');
    setLabels();
  }

  // ---- choosing the drawing -------------------------------------------------------------------------------------
  // On a GPU: WebGL. On a software rasterizer (SwiftShader, llvmpipe: headless browsers, machines without a GPU)
  // WebGL's work runs on the CPU as well, and whether it or the CPU sprites draw faster depends on the machine and
  // the body count. So after each rebuild the scene draws TRIAL_FRAMES frames with each (after TRIAL_WARMUP) and
  // keeps the one with the shorter frames; ties (within 5%) go to WebGL.
  const TRIAL_WARMUP = 8;
  const TRIAL_FRAMES = 12;
  const candidates: Renderer[] = ['webgl', 'sprites'];
  let autoChoose = !!gl && gl.software;
  let trial: { at: number; frame: number; t0: number; drawn0: number; ms: number[] } | null = null;
  let lastTrial: { webglMs: number; spritesMs: number; n: number } | null = null;
  function startTrial(): void {
    if (!autoChoose) return;
    trial = { at: 0, frame: 0, t0: 0, drawn0: 0, ms: [] };
    useRenderer(candidates[0]);
  }
  /** Frames that reached the screen: with WebGL in a worker, the page may run frames the worker skips. */
  let drawCalls = 0;
  const drawnFrames = () => (renderer === 'webgl' ? gl!.drawnFrames : drawCalls);
  /** Called once a frame: times the candidate on screen and moves to the next, then keeps the faster. */
  function trialFrame(now: number): void {
    const tr = trial!;
    tr.frame++;
    if (tr.frame === TRIAL_WARMUP) {
      tr.t0 = now;
      tr.drawn0 = drawnFrames();
    }
    if (tr.frame < TRIAL_WARMUP + TRIAL_FRAMES) return;
    tr.ms.push((now - tr.t0) / Math.max(1, drawnFrames() - tr.drawn0));
    tr.at++;
    tr.frame = 0;
    if (tr.at < candidates.length) {
      useRenderer(candidates[tr.at]);
      return;
    }
    trial = null;
    lastTrial = { webglMs: tr.ms[0], spritesMs: tr.ms[1], n };
    useRenderer(tr.ms[1] < 0.95 * tr.ms[0] ? 'sprites' : 'webgl');
  }
  view.useGL(renderer === 'webgl');
  setLabels();

  const statRows: [string, string, string][] = [
    ['bodies', 'n', ''],
    ['FPS', 'fps', ''],
    ['update() total', 'totalMs', 'ms'],
    ['  sync transforms', 'syncMs', 'ms'],
    ['  broad phase', 'broad', 'ms'],
    ['  narrow phase + events', 'narrowMs', 'ms'],
    ['  push-apart', 'pushMs', 'ms'],
    ['  not in any stage', 'other', 'ms'],
    ['update() mean of 30 steps', 'avg', 'ms'],
    ['candidate pairs (broad)', 'candidatePairs', ''],
    ['touching pairs', 'touchingPairs', ''],
    ['begin / stay / end', 'events', ''],
    ['SAT tests run', 'narrowTests', ''],
    ['page: move bodies, read contacts', 'page', 'ms'],
    ['drawing', 'draw', 'ms'],
  ];
  const statsEl = $('stats');
  statsEl.innerHTML = statRows.map(([name, key]) => `<span>${name.replace(/^ {2}/, '&nbsp;&nbsp;↳ ')}</span><span class="v" data-stat="${key}"></span>`).join('');
  const statEls = new Map<string, HTMLElement>();
  for (const e of statsEl.querySelectorAll<HTMLElement>('[data-stat]')) statEls.set(e.dataset.stat!, e);
  const bar = $('bar');
  bar.innerHTML = `<div style="background:#9aa3b2" title="sync"></div><div style="background:#2f6fdf" title="broad phase"></div><div style="background:#e8772e" title="narrow phase + events"></div><div style="background:#7b4fd6" title="push-apart"></div><div style="background:#dde2ea" title="not in any stage"></div>`;

  // ---- pointer: the broad-phase query box follows it -------------------------------------------------------------
  let pointer: { x: number; y: number } | null = null;
  const onMove = (e: PointerEvent) => {
    const p = view.eventPos(e);
    pointer = view.toWorld(p.x, p.y);
  };
  const onLeave = () => (pointer = null);
  view.canvas.addEventListener('pointermove', onMove);
  view.canvas.addEventListener('pointerdown', onMove);
  view.canvas.addEventListener('pointerleave', onLeave);
  let queryIds: number[] = [];

  // ---- simulation -----------------------------------------------------------------------------------------------
  function step(dt: number): void {
    const w = world!;
    const t = w.transforms;
    const hw = arena.w / 2;
    const hh = arena.h / 2;
    for (let i = 0; i < n; i++) {
      const o = slots[i] * 5;
      // Start from the world's transform: push-apart may have moved the body.
      let x = t[o] + vx[i] * dt;
      let y = t[o + 1] + vy[i] * dt;
      const r = protoShapes[kinds[i]].reach * scale;
      if (x < -hw + r) {
        x = -hw + r;
        vx[i] = Math.abs(vx[i]);
      } else if (x > hw - r) {
        x = hw - r;
        vx[i] = -Math.abs(vx[i]);
      }
      if (y < -hh + r) {
        y = -hh + r;
        vy[i] = Math.abs(vy[i]);
      } else if (y > hh - r) {
        y = hh - r;
        vy[i] = -Math.abs(vy[i]);
      }
      t[o] = x;
      t[o + 1] = y;
      t[o + 2] += va[i] * dt;
    }
  }

  function readContacts(): void {
    touching.fill(0);
    const c = world!.contacts;
    const u32 = c.u32;
    const f32 = c.f32;
    for (let k = 0; k < c.count; k++) {
      const o = k * CONTACT_WORDS;
      const a = idToIndex.get(u32[o + ContactWord.A]) ?? -1;
      const b = idToIndex.get(u32[o + ContactWord.B]) ?? -1;
      if (a < 0 || b < 0) continue;
      touching[a] = 1;
      touching[b] = 1;
      if (pushApart) {
        // The world pushed them apart; the page makes them bounce too (equal masses, elastic, along the normal).
        const nx = f32[o + ContactWord.NORMAL_X];
        const ny = f32[o + ContactWord.NORMAL_Y];
        const vn = (vx[b] - vx[a]) * nx + (vy[b] - vy[a]) * ny;
        if (vn < 0) {
          vx[a] += vn * nx;
          vy[a] += vn * ny;
          vx[b] -= vn * nx;
          vy[b] -= vn * ny;
        }
      }
    }
  }

  // ---- drawing --------------------------------------------------------------------------------------------------
  /** What the 2D canvas shows over the WebGL layer when it holds only the arena and the title ('' otherwise). */
  let canvasKey = '';
  function draw(): void {
    const ctx = view.ctx;
    const w = world!;
    const t = w.transforms;
    // With WebGL the bodies are on the layer below: this canvas only carries lines and labels, and when those do
    // not change it is left alone (a canvas unchanged is not painted or composited again).
    if (renderer === 'webgl' && !showBroad && !peer) {
      drawGL(t);
      const key = `${view.width}x${view.height}@${view.dpr}:${title()}`;
      if (key === canvasKey) return;
      canvasKey = key;
    } else canvasKey = '';
    // The CPU sprites replace every pixel of the canvas.
    if (renderer === 'sprites') drawSprites(t);
    else view.clear(renderer === 'webgl' ? null : '#fbfbfd');
    view.applyScreen();
    // Arena.
    ctx.strokeStyle = '#1d2330';
    ctx.lineWidth = 2;
    ctx.strokeRect(view.sx(-arena.w / 2), view.sy(arena.h / 2), arena.w * view.scale, arena.h * view.scale);

    if (showBroad && broadPhase === 'grid') {
      ctx.strokeStyle = 'rgba(47,111,223,0.18)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let x = Math.ceil(-arena.w / 2 / cellSize) * cellSize; x <= arena.w / 2; x += cellSize) {
        ctx.moveTo(view.sx(x), view.sy(arena.h / 2));
        ctx.lineTo(view.sx(x), view.sy(-arena.h / 2));
      }
      for (let y = Math.ceil(-arena.h / 2 / cellSize) * cellSize; y <= arena.h / 2; y += cellSize) {
        ctx.moveTo(view.sx(-arena.w / 2), view.sy(y));
        ctx.lineTo(view.sx(arena.w / 2), view.sy(y));
      }
      ctx.stroke();
    }

    const s = view.scale;
    if (renderer === 'webgl' && canvasKey === '') drawGL(t);
    else if (renderer === 'canvas') {
      for (let pass = 0; pass < 2; pass++) {
        ctx.fillStyle = pass ? 'rgba(214,47,47,0.85)' : 'rgba(47,111,223,0.55)';
        for (let i = 0; i < n; i++) {
          if (touching[i] !== pass) continue;
          const o = slots[i] * 5;
          const x = view.sx(t[o]);
          const y = view.sy(t[o + 1]);
          const a = t[o + 2];
          const c = Math.cos(a) * scale * s;
          const sn = Math.sin(a) * scale * s;
          // One path per part: Canvas 2D fills thousands of small paths faster than one path of thousands.
          for (const v of protoShapes[kinds[i]].outlines) {
            ctx.beginPath();
            ctx.moveTo(x + c * v[0] - sn * v[1], y - (sn * v[0] + c * v[1]));
            for (let k = 2; k < v.length; k += 2) ctx.lineTo(x + c * v[k] - sn * v[k + 1], y - (sn * v[k] + c * v[k + 1]));
            ctx.fill();
          }
        }
      }
    }

    if (showBroad) {
      // What the broad phase works with: every body's box; and a live world.queryAABB() around the pointer.
      ctx.strokeStyle = 'rgba(123,79,214,0.35)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      const m = Math.min(n, 6000);
      for (let i = 0; i < m; i++) {
        const o = slots[i] * 5;
        const r = protoShapes[kinds[i]].reach * scale * s;
        ctx.rect(view.sx(t[o]) - r, view.sy(t[o + 1]) - r, 2 * r, 2 * r);
      }
      ctx.stroke();
      const q = pointer ?? { x: 0, y: 0 };
      const half = Math.max(4, 6 * scale);
      queryIds = w.queryAABB(q.x - half, q.y - half, q.x + half, q.y + half, undefined, queryIds);
      ctx.fillStyle = 'rgba(31,157,85,0.8)';
      for (const id of queryIds) {
        const i = idToIndex.get(id);
        if (i === undefined) continue;
        const o = slots[i] * 5;
        const r = protoShapes[kinds[i]].reach * scale * s;
        ctx.fillRect(view.sx(t[o]) - r, view.sy(t[o + 1]) - r, 2 * r, 2 * r);
      }
      ctx.strokeStyle = '#1f9d55';
      ctx.lineWidth = 2;
      ctx.strokeRect(view.sx(q.x - half), view.sy(q.y + half), 2 * half * s, 2 * half * s);
      label(ctx, `world.queryAABB: ${queryIds.length} bodies`, view.sx(q.x - half), view.sy(q.y + half) - 10, '#1f9d55', 'left', 'bold 12px system-ui, sans-serif');
      if (n > m) label(ctx, `boxes drawn for the first ${m.toLocaleString('en-US')} bodies`, 10, view.height - 30, '#7b4fd6');
    }
    if (renderer === 'off') label(ctx, 'drawing off: the world still updates every step (see the timing overlay)', view.width / 2, view.height / 2, '#5f6b7d', 'center', '14px system-ui, sans-serif');
    if (peer && peerStats.oursMs.length) {
      label(ctx, `side by side: sat-wasm ${fmt(mean(peerStats.oursMs), 2)} ms · ${peer.label} ${fmt(mean(peerStats.theirsMs), 2)} ms per step (collision only)`, 10, 34, '#7b4fd6', 'left', 'bold 13px system-ui, sans-serif');
    }
    label(ctx, title(), 10, 14, '#1d2330', 'left', 'bold 13px system-ui, sans-serif');
  }

  function title(): string {
    const drawing = `${renderer === 'webgl' ? 'WebGL2' : renderer === 'sprites' ? 'CPU sprites' : renderer === 'canvas' ? 'Canvas 2D' : 'drawing off'}${trial ? ' (timing WebGL against CPU sprites)' : autoChoose && lastTrial ? ' (drew faster here)' : ''}`;
    return `${n.toLocaleString('en-US')} bodies · ${preset} · ${broadPhase} · push-apart ${pushApart ? 'on' : 'off'}${threadsOn ? ` · ${THREADS} threads` : ''} · ${drawing}`;
  }

  /** Places every body in device pixels and blends its kind's mask there. */
  function drawSprites(t: Float32Array): void {
    const d = view.dpr;
    const k = view.scale * d;
    const ox = (view.width / 2 - view.cx * view.scale) * d;
    const oy = (view.height / 2 + view.cy * view.scale) * d;
    for (let i = 0; i < n; i++) {
      const o = slots[i] * 5;
      screenX[i] = ox + t[o] * k;
      screenY[i] = oy - t[o + 1] * k;
      screenA[i] = t[o + 2];
    }
    sprites.prepare(protoShapes.map((p) => p.outlines), scale * k);
    sprites.draw(view.ctx, view.canvas.width, view.canvas.height, n, kinds, touching, screenX, screenY, screenA);
  }

  /** The world's transform buffer and the touching flags go to the GPU as they are: one draw call, no per-body JS. */
  function drawGL(t: Float32Array): void {
    gl!.draw(view, t, touching);
  }

  function updatePanel(st: WorldStats): void {
    if (peer) {
      $('peerOurs').textContent = `${fmt(mean(peerStats.oursMs), 2)} ms · ${peerStats.ourPairs.toLocaleString('en-US')} touching`;
      $('peerTheirs').textContent = `${fmt(mean(peerStats.theirsMs), 2)} ms · ${peerStats.theirPairs.toLocaleString('en-US')} touching`;
    }
    const broad = st.broadMs + st.pairsMs;
    const vals: Record<string, string> = {
      n: n.toLocaleString('en-US'),
      fps: fmt(stats.fps, 0),
      totalMs: fmt(stats.updateMs, 2),
      avg: fmt(stats.avgUpdateMs, 2),
      broad: fmt(broad, 2),
      narrowMs: fmt(st.narrowMs, 2),
      pushMs: fmt(st.pushMs, 2),
      syncMs: fmt(st.syncMs, 2),
      other: fmt(Math.max(0, stats.updateMs - broad - st.narrowMs - st.pushMs - st.syncMs), 2),
      candidatePairs: st.candidatePairs.toLocaleString('en-US'),
      touchingPairs: st.touchingPairs.toLocaleString('en-US'),
      events: `${st.beginCount} / ${st.stayCount} / ${st.endCount}`,
      narrowTests: st.narrowTests.toLocaleString('en-US'),
      page: fmt(stats.jsMs, 2),
      draw: fmt(stats.drawMs, 2),
    };
    for (const [k, v] of Object.entries(vals)) statEls.get(k)!.textContent = `${v}${statRows.find((r) => r[1] === k)![2] ? ' ms' : ''}`;
    const other = Math.max(0, stats.updateMs - broad - st.narrowMs - st.pushMs - st.syncMs);
    const total = Math.max(1e-6, broad + st.narrowMs + st.pushMs + st.syncMs + other);
    const parts = [st.syncMs, broad, st.narrowMs, st.pushMs, other];
    [...bar.children].forEach((d, k) => ((d as HTMLElement).style.width = `${(100 * parts[k]) / total}%`));
  }

  build(COUNTS[Number(countInput.value)]);
  const perf = new UpdatePerf();
  let lastStats: WorldStats = blankStats();
  let fpsFrames = 0;
  let fpsStart = performance.now();
  let panelAt = 0;

  /**
   * The last update's contacts as a count and a checksum of every word (FNV-1a over the u32 view: normals,
   * depths, points, ids and flags bit for bit), with its begin and end counts: what the e2e test compares between
   * one thread and two.
   */
  function contactDigest(): { count: number; checksum: number; begins: number; ends: number } {
    const c = world!.contacts;
    const u32 = c.u32;
    let h = 0x811c9dc5;
    for (let i = 0, words = c.count * CONTACT_WORDS; i < words; i++) h = Math.imul(h ^ u32[i], 16777619) >>> 0;
    return { count: c.count, checksum: h, begins: lastStats.beginCount, ends: lastStats.endCount };
  }

  const scene: Scene = {
    perf,
    update(dt) {
      if (!world) return;
      const t0 = performance.now();
      step(dt);
      const t1 = performance.now();
      const st = world.update();
      const t2 = performance.now();
      readContacts();
      const t3 = performance.now();
      perf.pageMs += t1 - t0 + (t3 - t2);
      perf.addWorld(st, n);
      if (peer) {
        // The other library, on the same transforms (timed as page JavaScript in the overlay).
        const p0 = performance.now();
        peerStats.theirPairs = peer.frame(world.transforms, slots, n);
        const p1 = performance.now();
        perf.pageMs += p1 - p0;
        peerStats.ourPairs = st.touchingPairs;
        peerStats.oursMs.push(t2 - t1);
        peerStats.theirsMs.push(p1 - p0);
        if (peerStats.oursMs.length > 30) {
          peerStats.oursMs.shift();
          peerStats.theirsMs.shift();
        }
      }
      lastStats = st;
      Object.assign(stats, st);
      // Timed here around the call (the world's own stats time its stages inside the module).
      stats.updateMs = t2 - t1;
      // The first steps after (re)building insert every body into the broad phase: keep them out of the average.
      if (stats.frames >= 3) history.push(t2 - t1);
      if (history.length > 30) history.shift();
      stats.avgUpdateMs = history.length ? history.reduce((a, b) => a + b, 0) / history.length : t2 - t1;
      stats.jsMs = t1 - t0 + (t3 - t2);
      stats.frames++;
    },
    draw() {
      if (!world) return;
      const t3 = performance.now();
      draw();
      const t4 = performance.now();
      stats.drawMs = t4 - t3;
      drawCalls++;
      if (trial) trialFrame(t4);
      fpsFrames++;
      if (t4 - fpsStart > 500) {
        stats.fps = (fpsFrames * 1000) / (t4 - fpsStart);
        fpsFrames = 0;
        fpsStart = t4;
      }
      if (t4 - panelAt > 200) {
        panelAt = t4;
        updatePanel(lastStats);
      }
    },
    dispose() {
      disposed = true;
      peer?.dispose();
      world?.dispose();
      world = null;
      for (const p of protoShapes) for (const s of p.parts) s.dispose();
      view.useGL(false);
      view.canvas.removeEventListener('pointermove', onMove);
      view.canvas.removeEventListener('pointerdown', onMove);
      view.canvas.removeEventListener('pointerleave', onLeave);
    },
    hooks: {
      get bodies() {
        return n;
      },
      get bodyCountInWorld() {
        return world?.bodyCount ?? 0;
      },
      get broadPhase() {
        return broadPhase;
      },
      get pushApart() {
        return pushApart;
      },
      /** The threads switch: whether it is on, whether the page allows it, the build the world runs on. */
      get threads() {
        return { on: threadsOn, available: crossOriginIsolated, build: buildName(sat), moduleThreads: sat.threads, maxThreads: sat.maxThreads, status: threadsStatus };
      },
      /** Turns the threads switch on or off; resolves once the world runs on the chosen build. */
      setThreads,
      /** Runs `steps` updates of 1/60 s (pause first), returning contactDigest() after each. */
      runSteps(steps: number) {
        const out = [];
        for (let k = 0; k < steps; k++) {
          scene.update(1 / 60);
          out.push(contactDigest());
        }
        return out;
      },
      /** Copy of the last frame's numbers: world stats plus updateMs (this frame), avgUpdateMs, fps, frames. */
      get stats() {
        return { ...stats };
      },
      setCount(count: number) {
        const k = COUNTS.indexOf(count);
        if (k >= 0) countInput.value = String(k);
        setLabels();
        build(count);
      },
      get counts() {
        return COUNTS;
      },
      get renderer() {
        return renderer;
      },
      /** Whether the scene is still timing WebGL against the CPU sprites; the last result (mean ms a frame). */
      get choosing() {
        return trial !== null;
      },
      get trial() {
        return lastTrial;
      },
      /** Frames WebGL has drawn (in its worker: the frames that reached the screen) */
      get glFrames() {
        return gl?.drawnFrames ?? 0;
      },
      /** WebGL's renderer string ('none' without WebGL2) */
      get glRenderer() {
        return gl ? gl.rendererName || 'WebGL2' : 'none';
      },
      setRenderer,
      get preset() {
        return preset;
      },
      setPreset,
      setPeer,
      /** Side by side: mean ms of our update() and the other library's detection over 30 steps, and touching pairs. */
      get peer() {
        return peer ? { label: peer.label, oursMs: mean(peerStats.oursMs), theirsMs: mean(peerStats.theirsMs), ourPairs: peerStats.ourPairs, theirPairs: peerStats.theirPairs, steps: peerStats.oursMs.length } : null;
      },
      /** Positions and velocities of the first `count` bodies (tests check that one step moves them by v * dt). */
      snapshot(count = 50) {
        const t = world!.transforms;
        const out = [];
        for (let i = 0; i < Math.min(count, n); i++) {
          const o = slots[i] * 5;
          out.push({ x: t[o], y: t[o + 1], vx: vx[i], vy: vy[i] });
        }
        return out;
      },
    },
  };
  return scene;
}

function blankStats(): WorldStats {
  return {
    movedBodies: 0, candidatePairs: 0, touchingPairs: 0, narrowTests: 0, sweptBodies: 0, rejected: 0, residualDepth: 0, residualPairs: 0,
    beginCount: 0, stayCount: 0, endCount: 0, contactCount: 0, syncMs: 0, broadMs: 0, pairsMs: 0, narrowMs: 0, pushMs: 0, totalMs: 0,
  };
}

