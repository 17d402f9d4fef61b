// Frame timing for the on-canvas overlay. A frame is split into parts that are each measured on their own: the
// world's stages (as the world's own `stats` reports them, timed inside the module), the page's JavaScript in the
// scene's update (moving bodies, reading contacts), and drawing. Whatever the parts do not cover is shown as
// "unaccounted": the cost of crossing into the module and the few untimed steps of update().
import type { WorldStats } from 'sat-wasm';
import type { World3Stats } from 'sat-wasm/3d';

/** What a scene's update() reports: its own JavaScript time and the stats of every world.update() it called. */
export class UpdatePerf {
  /** ms of page JavaScript inside update(), timed by the scene around its own work */
  pageMs = 0;
  syncMs = 0;
  broadMs = 0;
  pairsMs = 0;
  narrowMs = 0;
  pushMs = 0;
  bodies = 0;
  candidatePairs = 0;
  touchingPairs = 0;
  worldUpdates = 0;

  reset(): void {
    this.pageMs = this.syncMs = this.broadMs = this.pairsMs = this.narrowMs = this.pushMs = 0;
    this.bodies = this.candidatePairs = this.touchingPairs = this.worldUpdates = 0;
  }

  /** Adds one world.update()'s stats (a scene with two worlds adds both). */
  addWorld(st: WorldStats, bodies: number): void {
    this.syncMs += st.syncMs;
    this.broadMs += st.broadMs;
    this.pairsMs += st.pairsMs;
    this.narrowMs += st.narrowMs;
    this.pushMs += st.pushMs;
    this.bodies += bodies;
    this.candidatePairs += st.candidatePairs;
    this.touchingPairs += st.touchingPairs;
    this.worldUpdates++;
  }

  /** Adds one World3.update()'s stats. The 3D world keeps its pair cache inside the narrow stage, and its events
   * stage is shown with it ("narrow + events"). */
  addWorld3(st: World3Stats, bodies: number): void {
    this.addStages(st.syncMs, st.broadMs, st.narrowMs + st.eventsMs, st.pushMs, bodies, st.candidatePairs, st.touchingPairs);
  }

  /** Adds stage times measured outside a sat-wasm world (a peer library's collision step, timed by the page). */
  addStages(syncMs: number, broadMs: number, narrowMs: number, pushMs: number, bodies: number, candidatePairs: number, touchingPairs: number): void {
    this.syncMs += syncMs;
    this.broadMs += broadMs;
    this.narrowMs += narrowMs;
    this.pushMs += pushMs;
    this.bodies += bodies;
    this.candidatePairs += candidatePairs;
    this.touchingPairs += touchingPairs;
    this.worldUpdates++;
  }

  /** Times `fn` as page JavaScript. */
  page<T>(fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.pageMs += performance.now() - t0;
    }
  }
}

/** One frame as the overlay shows it. All times in ms. */
export interface FrameSample {
  /** the whole frame as timed by the shell: the scene's update() (0 when paused) and draw() */
  frameMs: number;
  sync: number;
  broad: number;
  pairs: number;
  narrow: number;
  push: number;
  page: number;
  draw: number;
  /** frameMs minus the measured parts (boundary crossings, untimed steps) */
  unaccounted: number;
  bodies: number;
  candidatePairs: number;
  touchingPairs: number;
  updated: boolean;
}

export const PARTS = [
  { key: 'sync', label: 'sync', color: '#9aa3b2' },
  { key: 'broad', label: 'broad + CCD', color: '#2f6fdf' },
  { key: 'pairs', label: 'pair cache', color: '#58a6ff' },
  { key: 'narrow', label: 'narrow + events', color: '#e8772e' },
  { key: 'push', label: 'push-apart', color: '#7b4fd6' },
  { key: 'page', label: 'page JS', color: '#1f9d55' },
  { key: 'draw', label: 'drawing', color: '#d6a62f' },
  { key: 'unaccounted', label: 'unaccounted', color: '#d62f2f' },
] as const;

export function sampleOf(u: UpdatePerf | null, updated: boolean, updateMs: number, drawMs: number): FrameSample {
  const s: FrameSample = {
    frameMs: updateMs + drawMs,
    sync: 0, broad: 0, pairs: 0, narrow: 0, push: 0, page: 0, draw: drawMs, unaccounted: 0,
    bodies: u?.bodies ?? 0, candidatePairs: u?.candidatePairs ?? 0, touchingPairs: u?.touchingPairs ?? 0, updated,
  };
  if (u && updated) {
    s.sync = u.syncMs;
    s.broad = u.broadMs;
    s.pairs = u.pairsMs;
    s.narrow = u.narrowMs;
    s.push = u.pushMs;
    s.page = u.pageMs;
  }
  s.unaccounted = s.frameMs - (s.sync + s.broad + s.pairs + s.narrow + s.push + s.page + s.draw);
  return s;
}

/** The overlay: the last frame's split, a stacked rolling graph of recent frames, counts. Drawn on its own canvas. */
export class PerfOverlay {
  readonly history: FrameSample[] = [];
  private readonly ctx: CanvasRenderingContext2D;
  visible = true;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d')!;
  }

  push(s: FrameSample): void {
    this.history.push(s);
    if (this.history.length > 120) this.history.shift();
  }

  /** Mean of the recent frames that ran an update (or of all when none did). */
  mean(frames = 30): FrameSample | null {
    const upd = this.history.filter((h) => h.updated);
    const src = (upd.length ? upd : this.history).slice(-frames);
    if (!src.length) return null;
    const m = { ...src[src.length - 1] };
    for (const k of ['frameMs', ...PARTS.map((p) => p.key)] as (keyof FrameSample)[]) {
      (m as unknown as Record<string, number>)[k] = src.reduce((a, h) => a + (h[k] as number), 0) / src.length;
    }
    return m;
  }

  draw(width: number, height: number, dpr: number, fps: number): void {
    const c = this.canvas;
    const w = Math.round(width * dpr);
    const h = Math.round(height * dpr);
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
    const g = this.ctx;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, w, h);
    if (!this.visible) return;
    const m = this.mean();
    if (!m) return;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const boxW = Math.min(310, width - 16);
    const boxH = 150;
    const x0 = width - boxW - 8;
    const y0 = height - boxH - 8;
    g.fillStyle = 'rgba(255,255,255,0.9)';
    g.strokeStyle = '#dde2ea';
    g.lineWidth = 1;
    g.beginPath();
    g.roundRect(x0, y0, boxW, boxH, 6);
    g.fill();
    g.stroke();
    g.font = '11px ui-monospace, SFMono-Regular, Menlo, monospace';
    g.textBaseline = 'top';
    g.textAlign = 'left';
    g.fillStyle = '#1d2330';
    g.fillText(`frame ${m.frameMs.toFixed(2)} ms · ${fps.toFixed(0)} fps`, x0 + 8, y0 + 6);
    g.fillStyle = '#5f6b7d';
    g.fillText(`${m.bodies.toLocaleString('en-US')} bodies · ${m.candidatePairs.toLocaleString('en-US')} pairs · ${m.touchingPairs.toLocaleString('en-US')} touching`, x0 + 8, y0 + 20);
    // Legend with the mean of each part.
    PARTS.forEach((p, k) => {
      const col = k % 2;
      const row = Math.floor(k / 2);
      const lx = x0 + 8 + col * (boxW / 2);
      const ly = y0 + 36 + row * 13;
      g.fillStyle = p.color;
      g.fillRect(lx, ly + 2, 8, 8);
      g.fillStyle = '#1d2330';
      const v = m[p.key as keyof FrameSample] as number;
      g.fillText(`${p.label} ${v.toFixed(2)}`, lx + 11, ly);
    });
    // Rolling graph: one stacked column per frame, scaled to the largest recent frame (at least 16.7 ms).
    const gx = x0 + 8;
    const gy = y0 + 92;
    const gw = boxW - 16;
    const gh = boxH - 100;
    const top = Math.max(1000 / 60, ...this.history.map((s) => s.frameMs));
    const colW = gw / 120;
    this.history.forEach((s, i) => {
      let y = gy + gh;
      const x = gx + (120 - this.history.length + i) * colW;
      for (const p of PARTS) {
        const v = Math.max(0, s[p.key as keyof FrameSample] as number);
        const hh = (v / top) * gh;
        g.fillStyle = p.color;
        g.fillRect(x, y - hh, Math.max(1, colW), hh);
        y -= hh;
      }
    });
    g.strokeStyle = 'rgba(29,35,48,0.35)';
    g.setLineDash([3, 3]);
    const y60 = gy + gh - (1000 / 60 / top) * gh;
    g.beginPath();
    g.moveTo(gx, y60);
    g.lineTo(gx + gw, y60);
    g.stroke();
    g.setLineDash([]);
    g.fillStyle = '#5f6b7d';
    g.fillText(`${top.toFixed(0)} ms`, gx + gw - 34, gy - 1);
  }
}
