// WebGL2 drawing for many bodies: one triangle mesh per body kind (in the body's unit frame) and one instance
// per body (x, y, angle, touching), so a frame is one buffer upload and one instanced draw call per kind. The
// instance data is gathered straight from the world's transform buffer by the caller.

const VERTEX = `#version 300 es
layout(location = 0) in vec2 local;
layout(location = 1) in vec4 inst; // x, y, angle, touching (0 or 1)
uniform vec2 center;   // world point at the middle of the canvas
uniform vec2 toClip;   // world units to clip space, per axis
uniform float bodyScale;
out float touching;
void main() {
  float c = cos(inst.z);
  float s = sin(inst.z);
  vec2 p = inst.xy + bodyScale * vec2(c * local.x - s * local.y, s * local.x + c * local.y);
  gl_Position = vec4((p - center) * toClip, 0.0, 1.0);
  touching = inst.w;
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
in float touching;
out vec4 color;
void main() {
  // Premultiplied: resting bodies blue at 55 %, touching ones red at 85 % (the Canvas 2D colours).
  vec4 rest = vec4(0.184, 0.435, 0.875, 1.0) * 0.55;
  vec4 hit = vec4(0.839, 0.184, 0.184, 1.0) * 0.85;
  color = mix(rest, hit, touching);
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

export class InstancedBodies {
  private readonly gl: WebGL2RenderingContext;
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly meshBuffer: WebGLBuffer;
  private readonly instBuffer: WebGLBuffer;
  private readonly uniforms: { center: WebGLUniformLocation; toClip: WebGLUniformLocation; bodyScale: WebGLUniformLocation };
  /** per kind: first vertex in the mesh buffer and vertex count */
  private meshes: { first: number; count: number }[] = [];
  private instCapacity = 0;
  /** WebGL runs on a software rasterizer (SwiftShader, llvmpipe): every vertex and fragment costs CPU time. */
  readonly software: boolean;

  /** A renderer on `canvas`, or null when the browser has no WebGL2. */
  static create(canvas: HTMLCanvasElement): InstancedBodies | null {
    const gl = canvas.getContext('webgl2', { antialias: false, premultipliedAlpha: true, alpha: false, desynchronized: true, powerPreference: 'high-performance' });
    return gl ? new InstancedBodies(gl) : null;
  }

  private constructor(gl: WebGL2RenderingContext) {
    this.gl = gl;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    this.software = /swiftshader|llvmpipe|software/i.test(name);
    const compile = (type: number, src: string) => {
      const sh = gl.createShader(type)!;
      gl.shaderSource(sh, src);
      gl.compileShader(sh);
      if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`WebGL shader: ${gl.getShaderInfoLog(sh)}`);
      return sh;
    };
    const prog = gl.createProgram()!;
    gl.attachShader(prog, compile(gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(prog, compile(gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(prog);
    if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(`WebGL program: ${gl.getProgramInfoLog(prog)}`);
    this.program = prog;
    this.uniforms = {
      center: gl.getUniformLocation(prog, 'center')!,
      toClip: gl.getUniformLocation(prog, 'toClip')!,
      bodyScale: gl.getUniformLocation(prog, 'bodyScale')!,
    };
    this.vao = gl.createVertexArray()!;
    this.meshBuffer = gl.createBuffer()!;
    this.instBuffer = gl.createBuffer()!;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.meshBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 8, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instBuffer);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
  }

  /** The triangles of each body kind (x, y pairs, 3 vertices a triangle, unit frame). */
  setMeshes(kinds: Float32Array[]): void {
    const gl = this.gl;
    const total = kinds.reduce((a, m) => a + m.length, 0);
    const all = new Float32Array(total);
    let at = 0;
    this.meshes = kinds.map((m) => {
      all.set(m, at);
      const r = { first: at / 2, count: m.length / 2 };
      at += m.length;
      return r;
    });
    gl.bindBuffer(gl.ARRAY_BUFFER, this.meshBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, all, gl.STATIC_DRAW);
  }

  /**
   * Draws `instances` (4 floats per body, grouped by kind: kind k owns bodies kindStart[k] .. kindStart[k+1]-1).
   */
  draw(cam: GLCamera, bodyScale: number, instances: Float32Array, kindStart: number[]): void {
    const gl = this.gl;
    const c = gl.canvas as HTMLCanvasElement;
    gl.viewport(0, 0, c.width, c.height);
    gl.clearColor(0.984, 0.984, 0.992, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const n = kindStart[kindStart.length - 1];
    if (n === 0) return;
    gl.useProgram(this.program);
    gl.uniform2f(this.uniforms.center, cam.cx, cam.cy);
    gl.uniform2f(this.uniforms.toClip, (2 * cam.scale) / cam.width, (2 * cam.scale) / cam.height);
    gl.uniform1f(this.uniforms.bodyScale, bodyScale);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instBuffer);
    if (instances.length > this.instCapacity) {
      this.instCapacity = instances.length;
      gl.bufferData(gl.ARRAY_BUFFER, instances.byteLength, gl.DYNAMIC_DRAW);
    }
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, instances, 0, n * 4);
    for (let k = 0; k < this.meshes.length; k++) {
      const count = kindStart[k + 1] - kindStart[k];
      if (count === 0) continue;
      gl.vertexAttribPointer(1, 4, gl.FLOAT, false, 16, kindStart[k] * 16);
      gl.drawArraysInstanced(gl.TRIANGLES, this.meshes[k].first, this.meshes[k].count, count);
    }
    gl.bindVertexArray(null);
  }

  /** Clears to the background (drawing off). */
  clear(): void {
    const gl = this.gl;
    gl.clearColor(0.984, 0.984, 0.992, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
  }
}
