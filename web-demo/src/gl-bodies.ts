// WebGL2 drawing for many bodies, shaped for software rasterizers (SwiftShader, llvmpipe) as well as GPUs.
//
// - One triangle per body, one draw call per frame. The triangle encloses the body's bounding circle; the fragment
//   shader keeps the pixels inside the body's shape, read from a mask (one texture layer per body kind). On a CPU
//   rasterizer a triangle costs far more than a texture read, so a body is 1 triangle instead of its outline's
//   fan (2 to 12 of them).
// - No instancing: SwiftShader runs an instanced draw as one draw per instance (about a second for 20,000). The
//   vertex buffer is static (3 vertices a body: its slot, index, kind and corner) and the vertex shader pulls the
//   body's transform from a float texture.
// - Per frame: the world's transform buffer goes up as it is (one texSubImage2D of TRANSFORM_STRIDE floats a slot)
//   and the touching flags as bytes; no per-body JavaScript, no allocation.
// - No blending, no depth buffer, no antialiasing: opaque colours equal to the Canvas 2D ones over the background.
//
// GLBodies draws on any canvas, in the page or in a worker; BodyLayer (gl-layer.ts) runs it in a worker.

/** Slots per row of the transform texture (each TRANSFORM_STRIDE texels wide). */
const SLOTS_PER_ROW = 400;
/** Bodies per row of the touching-flag texture. */
const FLAGS_PER_ROW = 1024;
/** Mask size in texels; the body's bounding circle fills it but for a 1-texel empty border. */
const MASK = 128;
const MAX_KINDS = 8;

const vertexShader = (stride: number) => `#version 300 es
layout(location = 0) in uvec4 body; // slot, index, kind, corner
uniform highp sampler2D transforms; // R32F: x, y, angle, scaleX, scaleY of a slot side by side, ${SLOTS_PER_ROW} slots a row
uniform lowp sampler2D touching;    // R8: 1 where body index i touches another, ${FLAGS_PER_ROW} a row
uniform float reach[${MAX_KINDS}];   // radius of each kind's bounding circle (unit frame)
uniform vec2 center;                 // world point at the middle of the canvas
uniform vec2 toClip;                 // world units to clip space, per axis
out vec2 uv;
flat out float layer;
flat out lowp float hit;
// An equilateral triangle around the unit circle.
const vec2 CORNER[3] = vec2[3](vec2(0.0, 2.0), vec2(-1.7320508, -1.0), vec2(1.7320508, -1.0));
const float FILL = ${(MASK / 2 - 1) / (MASK / 2)};
void main() {
  int slot = int(body.x);
  ivec2 at = ivec2((slot % ${SLOTS_PER_ROW}) * ${stride}, slot / ${SLOTS_PER_ROW});
  float x = texelFetch(transforms, at, 0).r;
  float y = texelFetch(transforms, at + ivec2(1, 0), 0).r;
  float angle = texelFetch(transforms, at + ivec2(2, 0), 0).r;
  vec2 scale = vec2(texelFetch(transforms, at + ivec2(3, 0), 0).r, texelFetch(transforms, at + ivec2(4, 0), 0).r);
  int i = int(body.y);
  hit = texelFetch(touching, ivec2(i % ${FLAGS_PER_ROW}, i / ${FLAGS_PER_ROW}), 0).r;
  int kind = int(body.z);
  vec2 corner = CORNER[body.w];
  uv = 0.5 + 0.5 * FILL * corner;
  layer = float(kind);
  vec2 local = corner * reach[kind] * scale;
  float c = cos(angle);
  float s = sin(angle);
  vec2 p = vec2(x, y) + vec2(c * local.x - s * local.y, s * local.x + c * local.y);
  gl_Position = vec4((p - center) * toClip, 0.0, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
uniform mediump sampler2DArray masks;
in vec2 uv;
flat in float layer;
flat in lowp float hit;
out vec4 color;
void main() {
  if (texture(masks, vec3(uv, layer)).r < 0.5) discard;
  // Resting: blue (47, 111, 223) at 55 %, touching: red (214, 47, 47) at 85 %, over the background (251, 251, 253).
  color = hit > 0.0 ? vec4(0.8627, 0.3059, 0.3059, 1.0) : vec4(0.5451, 0.6824, 0.9275, 1.0);
}`;

export interface GLCamera {
  /** world point at the centre of the canvas */
  cx: number;
  cy: number;
  /** CSS pixels per world unit */
  scale: number;
  /** canvas size in CSS pixels */
  width: number;
  height: number;
}

export class GLBodies {
  private readonly gl: WebGL2RenderingContext;
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly bodyBuffer: WebGLBuffer;
  private readonly uniforms: { center: WebGLUniformLocation; toClip: WebGLUniformLocation; reach: WebGLUniformLocation };
  private masks: WebGLTexture | null = null;
  private transforms: WebGLTexture | null = null;
  private touching: WebGLTexture | null = null;
  /** bodies drawn */
  private bodyCount = 0;
  /** slots the transform texture holds (highest slot + 1): draw() reads slotCount * stride floats */
  slotCount = 0;
  private kindCount = 0;
  /** The renderer's name (WEBGL_debug_renderer_info), or '' when the browser hides it. */
  readonly rendererName: string;
  /** WebGL runs on a software rasterizer (SwiftShader, llvmpipe): every vertex and fragment costs CPU time. */
  readonly software: boolean;

  /** Floats a slot in the transform buffer (the package's TRANSFORM_STRIDE, passed in so that a worker need not load the package). */
  private readonly stride: number;

  /** A renderer on `canvas`, or null when there is no WebGL2. */
  static create(canvas: HTMLCanvasElement | OffscreenCanvas, stride: number): GLBodies | null {
    const gl = canvas.getContext('webgl2', { antialias: false, alpha: false, depth: false, stencil: false, preserveDrawingBuffer: false, powerPreference: 'high-performance' });
    return gl ? new GLBodies(gl as WebGL2RenderingContext, stride) : null;
  }

  private constructor(gl: WebGL2RenderingContext, stride: number) {
    this.gl = gl;
    this.stride = stride;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    this.rendererName = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    this.software = /swiftshader|llvmpipe|softpipe|software/i.test(this.rendererName);
    const compile = (type: number, src: string) => {
      const sh = gl.createShader(type)!;
      gl.shaderSource(sh, src);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`WebGL shader: ${gl.getShaderInfoLog(sh)}`);
      return sh;
    };
    const prog = gl.createProgram()!;
    gl.attachShader(prog, compile(gl.VERTEX_SHADER, vertexShader(stride)));
    gl.attachShader(prog, compile(gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(`WebGL program: ${gl.getProgramInfoLog(prog)}`);
    this.program = prog;
    gl.useProgram(prog);
    gl.uniform1i(gl.getUniformLocation(prog, 'transforms'), 0);
    gl.uniform1i(gl.getUniformLocation(prog, 'touching'), 1);
    gl.uniform1i(gl.getUniformLocation(prog, 'masks'), 2);
    this.uniforms = {
      center: gl.getUniformLocation(prog, 'center')!,
      toClip: gl.getUniformLocation(prog, 'toClip')!,
      reach: gl.getUniformLocation(prog, 'reach')!,
    };
    this.vao = gl.createVertexArray()!;
    this.bodyBuffer = gl.createBuffer()!;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.bodyBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribIPointer(0, 4, gl.UNSIGNED_INT, 16, 0);
    gl.bindVertexArray(null);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  }

  /**
   * The body kinds: `outlines[k]` are kind k's convex parts (x, y pairs, unit frame). Each kind becomes one mask
   * layer covering its bounding circle.
   */
  setShapes(outlines: Float32Array[][]): void {
    const gl = this.gl;
    if (outlines.length > MAX_KINDS) throw new Error(`GLBodies: at most ${MAX_KINDS} body kinds, got ${outlines.length}`);
    const reach = new Float32Array(MAX_KINDS);
    const layers = new Uint8Array(MASK * MASK * outlines.length);
    const canvas = new OffscreenCanvas(MASK, MASK);
    const g = canvas.getContext('2d', { willReadFrequently: true })!;
    outlines.forEach((parts, k) => {
      let r = 0;
      for (const o of parts) for (let i = 0; i < o.length; i += 2) r = Math.max(r, Math.hypot(o[i], o[i + 1]));
      reach[k] = r;
      // Texel rows go up with y (row 0 is v = 0, the bottom of the circle), as the mask is sampled.
      const px = (MASK / 2 - 1) / r;
      g.clearRect(0, 0, MASK, MASK);
      g.fillStyle = '#000';
      for (const o of parts) {
        g.beginPath();
        for (let i = 0; i < o.length; i += 2) g.lineTo(MASK / 2 + o[i] * px, MASK / 2 + o[i + 1] * px);
        g.fill();
      }
      const data = g.getImageData(0, 0, MASK, MASK).data;
      for (let i = 0; i < MASK * MASK; i++) layers[k * MASK * MASK + i] = data[4 * i + 3];
    });
    if (this.masks) gl.deleteTexture(this.masks);
    this.masks = gl.createTexture()!;
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, this.masks);
    gl.texImage3D(gl.TEXTURE_2D_ARRAY, 0, gl.R8, MASK, MASK, outlines.length, 0, gl.RED, gl.UNSIGNED_BYTE, layers);
    // Nearest texel: a body is a few pixels across when there are many, and bilinear filtering costs llvmpipe
    // about a tenth of the frame there.
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D_ARRAY, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.useProgram(this.program);
    gl.uniform1fv(this.uniforms.reach, reach);
    this.kindCount = outlines.length;
  }

  /**
   * The bodies to draw: body i lives in transform slot `slots[i]` and is of kind `kinds[i]`; its touching flag is
   * entry i of the array given to draw(). Call again when bodies are added or removed.
   */
  setBodies(slots: Uint32Array, kinds: Uint8Array, count: number): void {
    const gl = this.gl;
    const verts = new Uint32Array(12 * count);
    let slotCount = 0;
    for (let i = 0; i < count; i++) {
      if (kinds[i] >= this.kindCount) throw new Error(`GLBodies: body ${i} is of kind ${kinds[i]}, but only ${this.kindCount} kinds are set`);
      slotCount = Math.max(slotCount, slots[i] + 1);
      for (let c = 0; c < 3; c++) {
        const o = 12 * i + 4 * c;
        verts[o] = slots[i];
        verts[o + 1] = i;
        verts[o + 2] = kinds[i];
        verts[o + 3] = c;
      }
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.bodyBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, verts, gl.STATIC_DRAW);
    this.bodyCount = count;
    this.slotCount = slotCount;
    const limit = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
    const rows = Math.max(1, Math.ceil(slotCount / SLOTS_PER_ROW));
    const flagRows = Math.max(1, Math.ceil(count / FLAGS_PER_ROW));
    if (rows > limit || flagRows > limit) throw new Error(`GLBodies: ${count} bodies in ${slotCount} slots exceed the texture size ${limit}`);
    const texture = (unit: number, format: number, width: number, height: number, old: WebGLTexture | null) => {
      if (old) gl.deleteTexture(old);
      const t = gl.createTexture()!;
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, t);
      gl.texStorage2D(gl.TEXTURE_2D, 1, format, width, height);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      return t;
    };
    this.transforms = texture(0, gl.R32F, SLOTS_PER_ROW * this.stride, rows, this.transforms);
    this.touching = texture(1, gl.R8, FLAGS_PER_ROW, flagRows, this.touching);
  }

  /**
   * Draws the bodies: `transforms` is the world's transform buffer (`world.transforms`, or a copy of its first
   * slots), `touching[i]` is 1 where body i touches another.
   */
  draw(cam: GLCamera, transforms: Float32Array, touching: Uint8Array): void {
    const gl = this.gl;
    this.clear();
    const n = this.bodyCount;
    if (n === 0 || !this.masks) return;
    if (transforms.length < this.slotCount * this.stride || touching.length < n) {
      throw new Error(`GLBodies.draw: ${transforms.length} transform floats and ${touching.length} flags for ${n} bodies in ${this.slotCount} slots`);
    }
    gl.useProgram(this.program);
    gl.uniform2f(this.uniforms.center, cam.cx, cam.cy);
    gl.uniform2f(this.uniforms.toClip, (2 * cam.scale) / cam.width, (2 * cam.scale) / cam.height);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.transforms);
    uploadRows(gl, transforms, this.slotCount * this.stride, SLOTS_PER_ROW * this.stride, gl.FLOAT);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.touching);
    uploadRows(gl, touching, n, FLAGS_PER_ROW, gl.UNSIGNED_BYTE);
    gl.activeTexture(gl.TEXTURE2);
    gl.bindTexture(gl.TEXTURE_2D_ARRAY, this.masks);
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLES, 0, 3 * n);
    gl.bindVertexArray(null);
  }

  /** Clears to the background. */
  clear(): void {
    const gl = this.gl;
    gl.viewport(0, 0, gl.canvas.width, gl.canvas.height);
    gl.clearColor(0.984, 0.984, 0.992, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }
}

/** Uploads the first `count` values of `data` into the bound one-channel texture, `width` a row: whole rows, then the rest. */
function uploadRows(gl: WebGL2RenderingContext, data: Float32Array | Uint8Array, count: number, width: number, type: number): void {
  const full = Math.floor(count / width);
  if (full > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, width, full, gl.RED, type, data, 0);
  const rest = count - full * width;
  if (rest > 0) gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, full, rest, 1, gl.RED, type, data, full * width);
}
