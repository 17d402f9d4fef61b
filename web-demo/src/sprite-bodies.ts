// Drawing many small bodies on the CPU: each body kind is rasterized once per rotation step into an alpha mask,
// and every frame the masks are blended into one pixel buffer that goes to the 2D canvas with a single
// putImageData. Where WebGL runs on a software rasterizer (SwiftShader, llvmpipe: headless Chromium, machines
// without a GPU) this can be faster than WebGL, whose per-triangle and per-pixel work is then done on the CPU too.

const ROTATIONS = 32;

interface Mask {
  size: number;
  /** alpha 0..255 per pixel, ROTATIONS masks of size * size after each other */
  alpha: Uint8Array;
}

export class SpriteBodies {
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private masks: Mask[] = [];
  private key = '';

  /**
   * Rasterizes the masks when the outlines or the on-screen size change. `outlines[k]` are kind k's convex parts
   * (x, y pairs, unit frame); `pxPerUnit` is device pixels per unit of the body frame.
   */
  prepare(outlines: Float32Array[][], pxPerUnit: number): void {
    const key = `${pxPerUnit.toFixed(3)}:${outlines.length}:${outlines.map((o) => o.length).join(',')}`;
    if (key === this.key && this.masks.length) return;
    this.key = key;
    this.masks = outlines.map((parts) => {
      let reach = 0;
      for (const o of parts) for (let i = 0; i < o.length; i += 2) reach = Math.max(reach, Math.hypot(o[i], o[i + 1]));
      const size = Math.max(3, Math.ceil(2 * reach * pxPerUnit) + 2);
      const canvas = new OffscreenCanvas(size, size * ROTATIONS);
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#000';
      for (let r = 0; r < ROTATIONS; r++) {
        const a = (r / ROTATIONS) * Math.PI * 2;
        const c = Math.cos(a) * pxPerUnit;
        const s = Math.sin(a) * pxPerUnit;
        const cx = size / 2;
        const cy = size / 2 + r * size;
        for (const o of parts) {
          g.beginPath();
          for (let i = 0; i < o.length; i += 2) {
            // y up in the body frame, down in the mask.
            const x = cx + c * o[i] - s * o[i + 1];
            const y = cy - (s * o[i] + c * o[i + 1]);
            if (i) g.lineTo(x, y);
            else g.moveTo(x, y);
          }
          g.fill();
        }
      }
      const data = g.getImageData(0, 0, size, size * ROTATIONS).data;
      const alpha = new Uint8Array(size * size * ROTATIONS);
      for (let i = 0; i < alpha.length; i++) alpha[i] = data[4 * i + 3];
      return { size, alpha };
    });
  }

  /**
   * Draws the bodies into `ctx` (which must be in device pixels, identity transform). For body i: kind kinds[i],
   * centre (x, y) in device pixels from xy(i), angle from angle(i), touching[i] selects the colour.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    width: number,
    height: number,
    n: number,
    kinds: Uint8Array,
    touching: Uint8Array,
    px: Float32Array,
    py: Float32Array,
    angles: Float32Array,
  ): void {
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.image = new ImageData(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    }
    const out = this.pixels;
    // Background #fbfbfd (little-endian RGBA in a Uint32).
    out.fill(0xfffdfbfb);
    const TWO_PI = Math.PI * 2;
    for (let i = 0; i < n; i++) {
      const m = this.masks[kinds[i]];
      const size = m.size;
      let a = angles[i] % TWO_PI;
      if (a < 0) a += TWO_PI;
      const r = Math.round((a / TWO_PI) * ROTATIONS) % ROTATIONS;
      const x0 = Math.round(px[i] - size / 2);
      const y0 = Math.round(py[i] - size / 2);
      // Resting: blue (47, 111, 223) at 55 %; touching: red (214, 47, 47) at 85 %.
      const hit = touching[i] === 1;
      const cr = hit ? 214 : 47;
      const cg = hit ? 47 : 111;
      const cb = hit ? 47 : 223;
      const opacity = hit ? 0.85 / 255 : 0.55 / 255;
      const base = r * size * size;
      const ya = Math.max(0, -y0);
      const yb = Math.min(size, height - y0);
      const xa = Math.max(0, -x0);
      const xb = Math.min(size, width - x0);
      for (let y = ya; y < yb; y++) {
        const row = base + y * size;
        const dst = (y0 + y) * width + x0;
        for (let x = xa; x < xb; x++) {
          const al = m.alpha[row + x];
          if (al === 0) continue;
          const t = al * opacity;
          const p = out[dst + x];
          const r0 = p & 0xff;
          const g0 = (p >>> 8) & 0xff;
          const b0 = (p >>> 16) & 0xff;
          out[dst + x] = 0xff000000 | ((b0 + (cb - b0) * t) << 16) | ((g0 + (cg - g0) * t) << 8) | (r0 + (cr - r0) * t);
        }
      }
    }
    ctx.putImageData(this.image, 0, 0);
  }
}
