// The stress scene's WebGL layer: GLBodies (gl-bodies.ts) run in a worker on the page's WebGL canvas, handed
// over as an OffscreenCanvas, so that the wait for each frame's drawing is the worker's, not the page's (see
// gl-worker.ts). One frame is in flight at a time: while the worker draws, the page's frames do not send a new
// one, and `drawnFrames` counts the frames that reached the screen. Where a browser cannot hand a canvas to a
// worker, the same GLBodies draw in the page.
import { TRANSFORM_STRIDE } from 'sat-wasm';
import { GLBodies, type GLCamera } from './gl-bodies.js';
import type { View } from './view.js';

/** Messages to the worker. */
export type ToWorker =
  | { kind: 'init'; canvas: OffscreenCanvas; stride: number }
  | { kind: 'size'; width: number; height: number }
  | { kind: 'shapes'; outlines: Float32Array[][] }
  | { kind: 'bodies'; slots: Uint32Array; kinds: Uint8Array; count: number }
  | { kind: 'frame'; cam: GLCamera; transforms: Float32Array<ArrayBuffer>; touching: Uint8Array<ArrayBuffer> };
/** Messages from the worker: ready, a frame drawn (its buffers come back), or an error. */
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'drawn'; transforms: Float32Array<ArrayBuffer>; touching: Uint8Array<ArrayBuffer> }
  | { kind: 'error'; message: string };

export class BodyLayer {
  /** WebGL's renderer name ('' when the browser hides it). */
  readonly rendererName: string;
  /** WebGL runs on a software rasterizer (SwiftShader, llvmpipe): its work costs CPU time too. */
  readonly software: boolean;
  /** Frames drawn so far (by the worker: frames that reached the screen). */
  drawnFrames = 0;
  private worker: Worker | null = null;
  private local: GLBodies | null = null;
  private inFlight = false;
  private slotCount = 0;
  private bodyCount = 0;
  /** Buffers a frame's transforms and flags go in; they travel to the worker and back. */
  private transforms: Float32Array<ArrayBuffer> = new Float32Array(0);
  private touching: Uint8Array<ArrayBuffer> = new Uint8Array(0);

  private static layers = new WeakMap<HTMLCanvasElement, BodyLayer | null>();

  /** The layer on the view's WebGL canvas (one for the page: a canvas goes to a worker once), or null without WebGL2. */
  static of(view: View): BodyLayer | null {
    const canvas = view.glCanvas;
    if (!BodyLayer.layers.has(canvas)) BodyLayer.layers.set(canvas, BodyLayer.make(view));
    return BodyLayer.layers.get(canvas) ?? null;
  }

  private static make(view: View): BodyLayer | null {
    const name = rendererName();
    if (name === null) return null;
    const canvas = view.glCanvas;
    if (typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function') {
      const layer = new BodyLayer(name);
      const worker = new Worker(new URL('./gl-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (e: MessageEvent<FromWorker>) => layer.received(e.data);
      worker.onerror = (e) => console.error(`WebGL worker: ${e.message}`);
      layer.worker = worker;
      const offscreen = canvas.transferControlToOffscreen();
      layer.post({ kind: 'init', canvas: offscreen, stride: TRANSFORM_STRIDE }, [offscreen]);
      view.glResize = (width, height) => layer.post({ kind: 'size', width, height });
      return layer;
    }
    const local = GLBodies.create(canvas, TRANSFORM_STRIDE);
    if (!local) return null;
    const layer = new BodyLayer(name);
    layer.local = local;
    return layer;
  }

  private constructor(name: string) {
    this.rendererName = name;
    this.software = /swiftshader|llvmpipe|softpipe|software/i.test(name);
  }

  private post(m: ToWorker, transfer: Transferable[] = []): void {
    this.worker!.postMessage(m, transfer);
  }

  private received(m: FromWorker): void {
    if (m.kind === 'drawn') {
      this.transforms = m.transforms;
      this.touching = m.touching;
      this.inFlight = false;
      this.drawnFrames++;
    } else if (m.kind === 'error') {
      console.error(`WebGL worker: ${m.message}`);
    }
  }

  /** The body kinds: `outlines[k]` are kind k's convex parts (x, y pairs, unit frame). */
  setShapes(outlines: Float32Array[][]): void {
    if (this.local) this.local.setShapes(outlines);
    else this.post({ kind: 'shapes', outlines });
  }

  /** Body i lives in transform slot `slots[i]` and is of kind `kinds[i]`. */
  setBodies(slots: Uint32Array, kinds: Uint8Array, count: number): void {
    let slotCount = 0;
    for (let i = 0; i < count; i++) slotCount = Math.max(slotCount, slots[i] + 1);
    this.slotCount = slotCount;
    this.bodyCount = count;
    if (this.local) {
      this.local.setBodies(slots, kinds, count);
      return;
    }
    this.post({ kind: 'bodies', slots: slots.slice(0, count), kinds: kinds.slice(0, count), count });
    // The frame buffers are sized when the worker hands the last ones back.
  }

  /**
   * Draws the bodies from the world's transform buffer and the touching flags (both copied: the worker gets a
   * snapshot). Returns false when the worker is still drawing the previous frame (this one is not drawn).
   */
  draw(cam: GLCamera, transforms: Float32Array, touching: Uint8Array): boolean {
    if (this.local) {
      this.local.draw(cam, transforms, touching);
      this.drawnFrames++;
      return true;
    }
    if (this.inFlight) return false;
    const floats = this.slotCount * TRANSFORM_STRIDE;
    if (this.transforms.length < floats) this.transforms = new Float32Array(floats);
    if (this.touching.length < this.bodyCount) this.touching = new Uint8Array(this.bodyCount);
    this.transforms.set(transforms.subarray(0, floats));
    this.touching.set(touching.subarray(0, this.bodyCount));
    const { cx, cy, scale, width, height } = cam;
    this.inFlight = true;
    this.post({ kind: 'frame', cam: { cx, cy, scale, width, height }, transforms: this.transforms, touching: this.touching }, [this.transforms.buffer, this.touching.buffer]);
    return true;
  }
}

let probed: string | null | undefined;
/** WebGL2's renderer name from a throwaway context ('' when hidden), or null without WebGL2. */
function rendererName(): string | null {
  if (probed !== undefined) return probed;
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return (probed = null);
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  probed = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return probed;
}
