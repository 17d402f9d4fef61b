// 3D scene "Quickhull": a point cloud and its convex hull, rebuilt by the module (sat3.hull, quickhull) every time
// a point is added. Click or tap to add a point where the pointer meets the plane through the centre facing you;
// drag to orbit. The panel shows what the module made: vertices, faces, edges, and the time the rebuild took, or
// the named status when the points make no solid (fewer than 4, all on a plane or a line).
import { SATError, type HullMesh, type SAT3D, type Shape3 } from 'sat-wasm/3d';
import { el, fmt, label, type Scene, type View } from '../view.js';
import { Stage3, THREE, hullObject, orbitControls } from '../stage3.js';

/** Seeded points in a ball, so the scene starts the same every time. */
function seeded(count: number, seed: number): number[] {
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  const p: number[] = [];
  while (p.length < 3 * count) {
    const x = 2 * rnd() - 1, y = 2 * rnd() - 1, z = 2 * rnd() - 1;
    if (x * x + y * y + z * z <= 1) p.push(1.6 * x, 1.6 * y, 1.6 * z);
  }
  return p;
}

export function createHull3dScene(sat3: SAT3D, view: View, panel: HTMLElement): Scene {
  const stage = new Stage3(view);
  stage.distance = 9;
  stage.pitch = 0.35;

  let points: number[] = seeded(10, 11);
  let shape: Shape3 | null = null;
  let mesh: HullMesh | null = null;
  let status = '';
  let buildMs = 0;
  let object: THREE.Group | null = null;

  const dotGeometry = new THREE.SphereGeometry(1, 10, 8);
  // Instance colours multiply the material's: white, so that each dot shows its own.
  const white = new THREE.MeshBasicMaterial({ color: '#ffffff' });
  const inner = new THREE.Color('#9aa3b2'), onHull = new THREE.Color('#1d2330'), newest = new THREE.Color('#d62f2f');
  let dots: THREE.InstancedMesh | null = null;

  /** Hull again from every point (the module's quickhull), then new drawing objects from its mesh. */
  function rebuild(): void {
    shape?.dispose();
    shape = null;
    mesh = null;
    const t0 = performance.now();
    try {
      shape = sat3.hull(points, { maxVertices: 255 });
      buildMs = performance.now() - t0;
      mesh = sat3.hullMesh(shape);
      status = 'Ok';
    } catch (err) {
      buildMs = performance.now() - t0;
      status = err instanceof SATError ? err.code : String(err);
    }
    if (object) {
      stage.scene.remove(object);
      object.traverse((o) => (o as THREE.Mesh).geometry?.dispose());
    }
    object = mesh ? hullObject(mesh, '#2f6fdf', 0.35) : null;
    if (object) stage.scene.add(object);
    // Points: those the module kept as hull vertices dark, the rest grey, the newest red.
    if (dots) {
      stage.scene.remove(dots);
      dots.dispose();
    }
    const n = points.length / 3;
    dots = new THREE.InstancedMesh(dotGeometry, white, n);
    const kept = new Set<string>();
    if (mesh) for (let i = 0; i < mesh.vertices.length; i += 3) kept.add(`${mesh.vertices[i]},${mesh.vertices[i + 1]},${mesh.vertices[i + 2]}`);
    const m = new THREE.Matrix4();
    const f32 = Float32Array.from(points);
    for (let i = 0; i < n; ++i) {
      const isVertex = kept.has(`${f32[3 * i]},${f32[3 * i + 1]},${f32[3 * i + 2]}`);
      const r = i === n - 1 ? 0.07 : isVertex ? 0.05 : 0.035;
      m.makeScale(r, r, r).setPosition(points[3 * i], points[3 * i + 1], points[3 * i + 2]);
      dots.setMatrixAt(i, m);
      dots.setColorAt(i, i === n - 1 ? newest : isVertex ? onHull : inner);
    }
    stage.scene.add(dots);
    showPanel();
  }

  function addPoint(x: number, y: number, z: number): void {
    points = [...points, x, y, z];
    rebuild();
  }

  // ---- pointer: a click (a press that barely moves) adds a point; a drag orbits ----------------------------------
  let press: { x: number; y: number; id: number } | null = null;
  const claim = (e: PointerEvent): boolean => {
    const p = view.eventPos(e);
    press = { x: p.x, y: p.y, id: e.pointerId };
    return false;
  };
  const onUp = (e: PointerEvent) => {
    if (!press || press.id !== e.pointerId) return;
    const p = view.eventPos(e);
    const moved = Math.hypot(p.x - press.x, p.y - press.y);
    press = null;
    if (moved > 6) return;
    const ray = stage.rayAt(p.x, p.y);
    const { forward } = stage.basis();
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(forward, stage.target);
    const hit = new THREE.Ray(new THREE.Vector3(ray.origin.x, ray.origin.y, ray.origin.z), new THREE.Vector3(ray.dir.x, ray.dir.y, ray.dir.z)).intersectPlane(plane, new THREE.Vector3());
    if (hit) addPoint(hit.x, hit.y, hit.z);
  };
  const stopOrbit = orbitControls(stage, claim);
  view.canvas.addEventListener('pointerup', onUp);

  // ---- panel ------------------------------------------------------------------------------------------------------
  const counts = el('table', { class: 'kv', 'data-testid': 'hull3-counts' });
  const button = (text: string, fn: () => void, id?: string) => {
    const b = el('button', { text, ...(id ? { 'data-testid': id } : {}) });
    b.addEventListener('click', fn);
    return b;
  };
  let seed = 101;
  const randomPoints = (k: number) => {
    const extra = seeded(k, seed++).map((c) => c * 1.4);
    points = [...points, ...extra];
    rebuild();
  };
  panel.append(
    el('h2', { text: 'Quickhull' }),
    el('p', { class: 'hint', text: 'Click or tap to add a point (on the plane through the centre that faces you); drag to orbit, scroll or pinch to zoom. The hull is rebuilt by sat3.hull() from all points every time.' }),
    counts,
    el('div', { class: 'controls' },
      el('div', { class: 'row' },
        button('+1 random', () => randomPoints(1), 'hull3-add-random'),
        button('+20 random', () => randomPoints(20)),
        button('undo', () => {
          if (points.length > 0) points = points.slice(0, -3);
          rebuild();
        }, 'hull3-undo'),
        button('reset', () => {
          points = seeded(10, 11);
          rebuild();
        }),
      ),
      el('div', { class: 'row' },
        button('a flat square (Coplanar)', () => {
          points = [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1, 0, 0, 0];
          rebuild();
        }),
        button('sphere, 200 points', () => {
          points = [];
          for (let i = 0; i < 200; ++i) {
            const z = 1 - (2 * (i + 0.5)) / 200, a = i * 2.39996, h = Math.sqrt(1 - z * z);
            points.push(1.7 * h * Math.cos(a), 1.7 * z, 1.7 * h * Math.sin(a));
          }
          rebuild();
        }),
      ),
    ),
    el('p', { class: 'hint', text: 'Dark dots are the points the hull keeps as vertices, grey ones lie inside, the red one is the newest. Points within 1e-5 of the cloud size are welded and nearly coplanar faces merged, so a face may have more than three corners.' }),
  );

  function showPanel(): void {
    const edges = mesh ? mesh.faces.reduce((a, f) => a + f.length, 0) / 2 : 0;
    const nv = mesh ? mesh.vertices.length / 3 : 0;
    const rows: [string, string, string][] = [
      ['input points', String(points.length / 3), 'hull3-points'],
      ['status', status, 'hull3-status'],
      ['hull vertices', String(nv), 'hull3-vertices'],
      ['faces', String(mesh ? mesh.faces.length : 0), 'hull3-faces'],
      ['edges', String(edges), 'hull3-edges'],
      ['rebuild', `${fmt(buildMs, 3)} ms`, 'hull3-ms'],
    ];
    counts.replaceChildren(...rows.map(([k, v, id]) => el('tr', {}, el('td', { text: k }), el('td', { class: 'num', text: v, 'data-testid': id }))));
  }

  rebuild();

  return {
    perf: null,
    hooks: {
      get points() {
        return points.slice();
      },
      get vertices() {
        return mesh ? mesh.vertices.length / 3 : 0;
      },
      get faces() {
        return mesh ? mesh.faces.length : 0;
      },
      get mesh() {
        return mesh ? { vertices: Array.from(mesh.vertices), faces: mesh.faces } : null;
      },
      get status() {
        return status;
      },
      get buildMs() {
        return buildMs;
      },
      addPoint,
      /** Page coordinates of a world point (for tests that click). */
      clientOf(x: number, y: number, z: number) {
        const s = stage.toScreen({ x, y, z });
        const r = view.canvas.getBoundingClientRect();
        return { x: r.left + s.x, y: r.top + s.y };
      },
    },
    update(dt: number) {
      // The cloud turns slowly while time runs, so its depth reads without dragging.
      stage.yaw += 0.15 * dt;
    },
    draw() {
      stage.render();
      view.clear(null);
      if (status !== 'Ok') label(view.ctx, `sat3.hull: ${status}`, view.width / 2, 24, '#d62f2f', 'center', 'bold 14px system-ui, sans-serif');
    },
    dispose() {
      stopOrbit();
      view.canvas.removeEventListener('pointerup', onUp);
      shape?.dispose();
      stage.dispose();
    },
  };
}
