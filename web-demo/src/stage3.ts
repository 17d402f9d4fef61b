// The 3D scenes' drawing surface: one three.js renderer on its own canvas under the 2D canvas (which stays on top
// for labels and takes the pointer), a perspective camera orbiting a target, and small helpers that turn what the
// module returns (hull meshes, poses, contact points) into three.js objects. three.js only draws: every shape,
// hull, axis and contact comes from sat-wasm/3d.
import * as THREE from 'three';
import type { HullMesh, Quat, Vec3 } from 'sat-wasm/3d';
import type { View } from './view.js';

/** A pose as the 3D API takes it: position and unit quaternion. */
export interface Pose3 {
  x: number;
  y: number;
  z: number;
  rotation: Quat;
}

let shared: { renderer: THREE.WebGLRenderer; canvas: HTMLCanvasElement } | null = null;

/** The one WebGL context of the 3D scenes, made on first use and kept (contexts are scarce and slow to make). */
function rendererFor(view: View): { renderer: THREE.WebGLRenderer; canvas: HTMLCanvasElement } {
  if (!shared) {
    const canvas = document.createElement('canvas');
    canvas.id = 'gl3';
    canvas.setAttribute('aria-hidden', 'true');
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    renderer.setClearColor(0xffffff, 1);
    shared = { renderer, canvas };
  }
  if (shared.canvas.parentElement !== view.canvas.parentElement) view.canvas.before(shared.canvas);
  return shared;
}

/** A 3D stage: scene, camera orbiting `target`, rendering into the shared canvas sized like the view. */
export class Stage3 {
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.05, 500);
  readonly renderer: THREE.WebGLRenderer;
  readonly target = new THREE.Vector3();
  /** Orbit: angle around y, elevation, distance. */
  yaw = 0.6;
  pitch = 0.45;
  distance = 8;
  private readonly canvas: HTMLCanvasElement;
  private readonly raycaster = new THREE.Raycaster();

  constructor(readonly view: View) {
    const r = rendererFor(view);
    this.renderer = r.renderer;
    this.canvas = r.canvas;
    this.canvas.hidden = false;
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a93a6, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(3, 8, 5);
    this.scene.add(sun);
    // The 2D canvas above is cleared to transparent every frame so that this one shows through.
    view.useGL(false);
  }

  /** Places the camera from the orbit angles; call after changing them. */
  updateCamera(): void {
    this.pitch = Math.max(-1.45, Math.min(1.45, this.pitch));
    const c = Math.cos(this.pitch);
    this.camera.position.set(
      this.target.x + this.distance * c * Math.sin(this.yaw),
      this.target.y + this.distance * Math.sin(this.pitch),
      this.target.z + this.distance * c * Math.cos(this.yaw),
    );
    this.camera.lookAt(this.target);
  }

  /** Renders the scene at the view's size. */
  render(): void {
    const v = this.view;
    const w = Math.round(v.width * v.dpr), h = Math.round(v.height * v.dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) this.renderer.setSize(w, h, false);
    this.camera.aspect = v.width / v.height;
    this.camera.updateProjectionMatrix();
    this.updateCamera();
    this.renderer.render(this.scene, this.camera);
  }

  /** CSS pixel position (relative to the canvas) of a world point, and whether it is in front of the camera. */
  toScreen(p: Vec3): { x: number; y: number; visible: boolean } {
    const v = new THREE.Vector3(p.x, p.y, p.z).project(this.camera);
    return { x: ((v.x + 1) / 2) * this.view.width, y: ((1 - v.y) / 2) * this.view.height, visible: v.z < 1 };
  }

  /** The pointer's ray (origin and unit direction) through CSS pixel (px, py) of the canvas. */
  rayAt(px: number, py: number): { origin: Vec3; dir: Vec3 } {
    const ndc = new THREE.Vector2((px / this.view.width) * 2 - 1, 1 - (py / this.view.height) * 2);
    this.raycaster.setFromCamera(ndc, this.camera);
    const o = this.raycaster.ray.origin, d = this.raycaster.ray.direction;
    return { origin: { x: o.x, y: o.y, z: o.z }, dir: { x: d.x, y: d.y, z: d.z } };
  }

  /** The camera's right, up and forward unit vectors (for dragging in the screen plane). */
  basis(): { right: THREE.Vector3; up: THREE.Vector3; forward: THREE.Vector3 } {
    this.updateCamera();
    const m = this.camera.matrixWorld;
    return {
      right: new THREE.Vector3().setFromMatrixColumn(m, 0).normalize(),
      up: new THREE.Vector3().setFromMatrixColumn(m, 1).normalize(),
      forward: new THREE.Vector3().setFromMatrixColumn(m, 2).normalize().negate(),
    };
  }

  /** Hides the canvas and frees this stage's GPU objects (the renderer is kept for the next 3D scene). */
  dispose(): void {
    this.scene.traverse((o) => {
      const m = o as THREE.Mesh;
      m.geometry?.dispose();
      const mat = m.material as THREE.Material | THREE.Material[] | undefined;
      if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
      else mat?.dispose();
    });
    this.renderer.renderLists.dispose();
    this.canvas.hidden = true;
  }
}

/** Orbit with a drag on empty space, zoom with the wheel or a pinch. `claim` decides whether a pointer-down is the scene's own. */
export function orbitControls(stage: Stage3, claim: (e: PointerEvent) => boolean = () => false): () => void {
  const el = stage.view.canvas;
  const pointers = new Map<number, { x: number; y: number }>();
  let pinch = 0;
  const down = (e: PointerEvent) => {
    if (claim(e)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    el.setPointerCapture(e.pointerId);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  };
  const move = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    if (pointers.size === 2) {
      p.x = e.clientX, p.y = e.clientY;
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch > 0 && d > 0) stage.distance = Math.max(2, Math.min(400, (stage.distance * pinch) / d));
      pinch = d;
      return;
    }
    stage.yaw -= (e.clientX - p.x) * 0.008;
    stage.pitch += (e.clientY - p.y) * 0.008;
    p.x = e.clientX, p.y = e.clientY;
  };
  const up = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    pinch = 0;
  };
  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    stage.distance = Math.max(2, Math.min(400, stage.distance * Math.exp(e.deltaY * 0.001)));
  };
  el.addEventListener('pointerdown', down);
  el.addEventListener('pointermove', move);
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('wheel', wheel, { passive: false });
  return () => {
    el.removeEventListener('pointerdown', down);
    el.removeEventListener('pointermove', move);
    el.removeEventListener('pointerup', up);
    el.removeEventListener('pointercancel', up);
    el.removeEventListener('wheel', wheel);
  };
}

/** Triangles (a fan per face) of a hull mesh as the module stores it. */
export function hullGeometry(mesh: HullMesh): THREE.BufferGeometry {
  const index: number[] = [];
  for (const f of mesh.faces) for (let k = 1; k + 1 < f.length; ++k) index.push(f[0], f[k], f[k + 1]);
  // Flat shading needs a vertex per face corner: unshare by toNonIndexed().
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(mesh.vertices, 3));
  g.setIndex(index);
  const flat = g.toNonIndexed();
  flat.computeVertexNormals();
  g.dispose();
  return flat;
}

/** The edges of a hull mesh's faces (each edge once), as line segments. */
export function hullEdges(mesh: HullMesh): THREE.BufferGeometry {
  const pos: number[] = [];
  const v = mesh.vertices;
  const seen = new Set<number>();
  for (const f of mesh.faces) {
    for (let k = 0; k < f.length; ++k) {
      const a = f[k], b = f[(k + 1) % f.length];
      const key = Math.min(a, b) * 4096 + Math.max(a, b);
      if (seen.has(key)) continue;
      seen.add(key);
      pos.push(v[3 * a], v[3 * a + 1], v[3 * a + 2], v[3 * b], v[3 * b + 1], v[3 * b + 2]);
    }
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
  return g;
}

/** A hull drawn as translucent flat faces with dark edges. */
export function hullObject(mesh: HullMesh, color: string, opacity = 0.55): THREE.Group {
  const g = new THREE.Group();
  const faces = new THREE.Mesh(
    hullGeometry(mesh),
    new THREE.MeshStandardMaterial({ color, transparent: opacity < 1, opacity, flatShading: true, roughness: 0.7, side: THREE.DoubleSide, depthWrite: opacity >= 1 }),
  );
  const edges = new THREE.LineSegments(hullEdges(mesh), new THREE.LineBasicMaterial({ color: '#1d2330', transparent: true, opacity: 0.7 }));
  g.add(faces, edges);
  return g;
}

/** Applies a pose to an object. */
export function place(o: THREE.Object3D, p: Pose3): void {
  o.position.set(p.x, p.y, p.z);
  o.quaternion.set(p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w);
}

/** q = rotation about a unit axis by angle, times q (a turn in world space). Keeps q unit length. */
export function turn(q: Quat, axis: Vec3, angle: number): Quat {
  const r = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(axis.x, axis.y, axis.z).normalize(), angle);
  const out = r.multiply(new THREE.Quaternion(q.x, q.y, q.z, q.w)).normalize();
  return { x: out.x, y: out.y, z: out.z, w: out.w };
}

export { THREE };
