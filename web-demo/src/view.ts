// The canvas and its camera: world units (y up) to CSS pixels (y down), sized to the element and the device
// pixel ratio. Scenes draw in world units through toScreen() or by calling applyWorld() on the context.
import type { Vec2 } from 'sat-wasm';
import type { UpdatePerf } from './perf.js';

export class View {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Size in CSS pixels. */
  width = 1;
  height = 1;
  dpr = 1;
  /** World point at the centre of the canvas. */
  cx = 0;
  cy = 0;
  /** CSS pixels per world unit. */
  scale = 40;
  private fitRect = { x0: -10, y0: -7, x1: 10, y1: 7 };

  /** A WebGL layer under the 2D canvas, shown only for a scene that draws with WebGL (see useGL). */
  readonly glCanvas: HTMLCanvasElement;
  /** Set once the WebGL layer has gone to a worker (an OffscreenCanvas): its size in device pixels goes there. */
  glResize: ((width: number, height: number) => void) | null = null;

  constructor(canvas: HTMLCanvasElement, glCanvas: HTMLCanvasElement) {
    this.canvas = canvas;
    this.glCanvas = glCanvas;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Canvas 2D is not available');
    this.ctx = ctx;
    new ResizeObserver(() => this.resize()).observe(canvas);
    this.resize();
  }

  /** Shows or hides the WebGL layer (the 2D canvas above it must then be cleared to transparent). */
  useGL(on: boolean): void {
    this.glCanvas.hidden = !on;
  }

  /** Makes the world rectangle fit the canvas (kept across resizes). */
  fit(x0: number, y0: number, x1: number, y1: number): void {
    this.fitRect = { x0, y0, x1, y1 };
    this.applyFit();
  }

  private applyFit(): void {
    const r = this.fitRect;
    this.cx = (r.x0 + r.x1) / 2;
    this.cy = (r.y0 + r.y1) / 2;
    this.scale = Math.min(this.width / (r.x1 - r.x0), this.height / (r.y1 - r.y0));
  }

  resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    this.dpr = Math.min(window.devicePixelRatio || 1, 2);
    this.width = Math.max(1, rect.width);
    this.height = Math.max(1, rect.height);
    const w = Math.round(this.width * this.dpr);
    const h = Math.round(this.height * this.dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    if (this.glResize) this.glResize(w, h);
    else if (this.glCanvas.width !== w || this.glCanvas.height !== h) {
      this.glCanvas.width = w;
      this.glCanvas.height = h;
    }
    this.applyFit();
  }

  /** Clears (to a colour, or to transparent so that a WebGL layer below shows) and resets the transform to CSS pixels. */
  clear(color: string | null = '#ffffff'): void {
    const c = this.ctx;
    c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    if (color === null) {
      c.clearRect(0, 0, this.width, this.height);
      return;
    }
    c.fillStyle = color;
    c.fillRect(0, 0, this.width, this.height);
  }

  /** Sets the context transform so that paths are given in world units (y up). Line widths are then in world units too. */
  applyWorld(): void {
    const s = this.scale * this.dpr;
    this.ctx.setTransform(s, 0, 0, -s, (this.width / 2 - this.cx * this.scale) * this.dpr, (this.height / 2 + this.cy * this.scale) * this.dpr);
  }

  /** Back to CSS pixels. */
  applyScreen(): void {
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }

  sx(x: number): number {
    return this.width / 2 + (x - this.cx) * this.scale;
  }
  sy(y: number): number {
    return this.height / 2 - (y - this.cy) * this.scale;
  }
  toScreen(p: Vec2): Vec2 {
    return { x: this.sx(p.x), y: this.sy(p.y) };
  }
  toWorld(px: number, py: number): Vec2 {
    return { x: this.cx + (px - this.width / 2) / this.scale, y: this.cy - (py - this.height / 2) / this.scale };
  }
  /** World rectangle currently visible. */
  visible(): { x0: number; y0: number; x1: number; y1: number } {
    const a = this.toWorld(0, this.height);
    const b = this.toWorld(this.width, 0);
    return { x0: a.x, y0: a.y, x1: b.x, y1: b.y };
  }
  /** Pointer position of an event in CSS pixels relative to the canvas. */
  eventPos(e: { clientX: number; clientY: number }): Vec2 {
    const r = this.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }
}

/**
 * A scene: mounted into the shared canvas and panel until unmounted. The shell owns time: it calls update() once
 * per simulation step (not at all while paused, every 2nd or 4th frame in slow motion, once per press of "step")
 * and draw() every animation frame.
 */
export interface Scene {
  /** Advances the scene by one step of dt seconds: the page's own motion, then one update() of each world. */
  update(dt: number): void;
  /** Draws the current state. */
  draw(): void;
  /** Timing of the last update(): page JavaScript and the world stats (null for a scene without a world). */
  readonly perf: UpdatePerf | null;
  /** Removes listeners, frees shapes and worlds. */
  dispose(): void;
  /** Numbers for tests and curious people (window.__demo.scene). */
  readonly hooks: Record<string, unknown>;
}

/** Small DOM helper: an element with attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = String(v);
    else if (k === 'html') e.innerHTML = String(v);
    else if (typeof v === 'boolean') {
      if (v) e.setAttribute(k, '');
    } else e.setAttribute(k, String(v));
  }
  for (const c of children) e.append(c);
  return e;
}

/** Formats a number with a fixed number of decimals, and a minus sign that does not jump. */
export function fmt(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return String(v);
  const s = v.toFixed(digits);
  return s === (-0).toFixed(digits) ? (0).toFixed(digits) : s;
}

/** Draws an arrow in CSS pixels. */
export function arrow(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, head = 9): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  if (len < 1e-6) return;
  const ux = dx / len;
  const uy = dy / len;
  const h = Math.min(head, len * 0.6);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - ux * h - uy * h * 0.5, y1 - uy * h + ux * h * 0.5);
  ctx.lineTo(x1 - ux * h + uy * h * 0.5, y1 - uy * h - ux * h * 0.5);
  ctx.closePath();
  ctx.fill();
}

/** A text label with a white halo, so it reads over any drawing. */
export function label(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, color: string, align: CanvasTextAlign = 'left', font = '12px system-ui, sans-serif'): void {
  ctx.font = font;
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineJoin = 'round';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}
