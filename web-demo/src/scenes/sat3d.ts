// 3D scene "SAT in 3D": two convex hulls you drag and turn. Every number shown comes from one call,
// sat3.collideDebug(): the axis that decided the test (a face normal of A, of B, or the cross product of an edge
// of each), both shapes' projection intervals on it, the minimum translation (normal and depth) and the contact
// points. The page only places them: the intervals on a copy of the axis beside the shapes, the MTV arrow at the
// contacts, the deciding face or edges lit on the hulls.
import type { SAT3D, SatDebug3, Shape3, Vec3 } from 'sat-wasm/3d';
import { el, fmt, label, type Scene, type View } from '../view.js';
import { Stage3, THREE, hullObject, orbitControls, place, turn, type Pose3 } from '../stage3.js';

type Kind = 'rock' | 'box' | 'prism' | 'tetra';
type Name = 'A' | 'B';

const COLORS = { A: '#2f6fdf', B: '#e8772e', axis: '#7b4fd6', overlap: '#d62f2f', gap: '#1f9d55', mtv: '#111827', contact: '#b0122b' };

/** Point clouds of the shapes on offer; the module makes the hulls. */
function cloud(kind: Kind): number[] {
  switch (kind) {
    case 'box': {
      const p: number[] = [];
      for (const x of [-0.9, 0.9]) for (const y of [-0.7, 0.7]) for (const z of [-0.6, 0.6]) p.push(x, y, z);
      return p;
    }
    case 'prism': {
      const p: number[] = [];
      for (let i = 0; i < 6; ++i) for (const y of [-0.8, 0.8]) p.push(0.9 * Math.cos((i * Math.PI) / 3), y, 0.9 * Math.sin((i * Math.PI) / 3));
      return p;
    }
    case 'tetra':
      return [1, 1, 1, -1, -1, 1, -1, 1, -1, 1, -1, -1].map((c) => c * 0.75);
    default: {
      // A rock: 16 points at a seeded wobble of the sphere.
      const p: number[] = [];
      let s = 7;
      const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
      for (let i = 0; i < 16; ++i) {
        const z = 2 * rnd() - 1, a = 2 * Math.PI * rnd(), r = 0.8 + 0.35 * rnd(), h = Math.sqrt(1 - z * z);
        p.push(r * h * Math.cos(a), r * z * 0.85, r * h * Math.sin(a));
      }
      return p;
    }
  }
}

interface Body {
  name: Name;
  kind: Kind;
  shape: Shape3;
  pose: Pose3;
  object: THREE.Group;
  /** the hull's vertices and faces, from sat3.hullMesh */
  mesh: { vertices: Float32Array; faces: number[][] };
}

const identity = { x: 0, y: 0, z: 0, w: 1 };

export function createSat3dScene(sat3: SAT3D, view: View, panel: HTMLElement): Scene {
  const stage = new Stage3(view);
  stage.yaw = 0.35;
  stage.pitch = 0.42;
  stage.distance = 9;

  function makeBody(name: Name, kind: Kind, pose: Pose3): Body {
    const shape = sat3.hull(cloud(kind));
    const mesh = sat3.hullMesh(shape);
    const object = hullObject(mesh, COLORS[name]);
    stage.scene.add(object);
    return { name, kind, shape, pose, object, mesh };
  }
  const bodies: Record<Name, Body> = {
    A: makeBody('A', 'rock', { x: -1.2, y: 0, z: 0, rotation: turn(identity, { x: 0, y: 1, z: 0 }, 0.3) }),
    B: makeBody('B', 'box', { x: 1.25, y: 0.35, z: 0.1, rotation: turn(turn(identity, { x: 0, y: 0, z: 1 }, 0.5), { x: 1, y: 0, z: 0 }, 0.4) }),
  };

  // ---- what the module's answer is drawn with -------------------------------------------------------------------
  const mat = (color: string, opacity = 1) => new THREE.MeshBasicMaterial({ color, transparent: opacity < 1, opacity, depthTest: false });
  const cylinder = new THREE.CylinderGeometry(1, 1, 1, 10);
  /** A thin rod from a to b (unit cylinder along y, scaled and turned). */
  function rod(material: THREE.Material): THREE.Mesh {
    const m = new THREE.Mesh(cylinder, material);
    m.renderOrder = 2;
    stage.scene.add(m);
    return m;
  }
  function setRod(m: THREE.Mesh, a: THREE.Vector3, b: THREE.Vector3, radius: number): void {
    const d = new THREE.Vector3().subVectors(b, a);
    const len = d.length();
    m.visible = len > 1e-6;
    if (!m.visible) return;
    m.position.copy(a).addScaledVector(d, 0.5);
    m.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), d.divideScalar(len));
    m.scale.set(radius, len, radius);
  }
  const axisRod = rod(mat(COLORS.axis, 0.45));
  const rodA = rod(mat(COLORS.A));
  const rodB = rod(mat(COLORS.B));
  const rodShared = rod(mat(COLORS.overlap));
  const guideRods = [0, 1, 2, 3].map(() => rod(mat('#5f6b7d', 0.35)));
  const mtvShaft = rod(mat(COLORS.mtv));
  const mtvHead = new THREE.Mesh(new THREE.ConeGeometry(1, 1, 14), mat(COLORS.mtv));
  mtvHead.renderOrder = 3;
  stage.scene.add(mtvHead);
  const edgeRods = [rod(mat(COLORS.axis)), rod(mat(COLORS.axis))];
  const contactDots = [0, 1, 2, 3].map(() => {
    const m = new THREE.Mesh(new THREE.SphereGeometry(0.06, 12, 8), mat(COLORS.contact));
    m.renderOrder = 4;
    stage.scene.add(m);
    return m;
  });
  const faceLit = new THREE.Mesh(
    new THREE.BufferGeometry(),
    new THREE.MeshBasicMaterial({ color: COLORS.axis, transparent: true, opacity: 0.6, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: -2 }),
  );
  stage.scene.add(faceLit);

  let result: SatDebug3 | null = null;
  let error = '';
  let dirty = true;
  let spin = false;
  let turnMode = false;
  /** world points of the interval ends, for the labels */
  let ends: { p: THREE.Vector3; text: string; color: string }[] = [];

  function query(): void {
    dirty = false;
    try {
      result = sat3.collideDebug(bodies.A.shape, bodies.A.pose, bodies.B.shape, bodies.B.pose);
      error = '';
    } catch (err) {
      result = null;
      error = err instanceof Error ? err.message : String(err);
    }
    showPanel();
  }

  // ---- pointer: drag a hull to move it (or turn it in turn mode, with Shift or the right button); drag empty
  // space to orbit. Picking is the module's ray cast against each hull.
  let drag: { body: Body; mode: 'move' | 'turn'; plane: THREE.Plane; last: THREE.Vector3; px: number; py: number; id: number } | null = null;
  function pick(px: number, py: number): { body: Body; point: Vec3 } | null {
    const ray = stage.rayAt(px, py);
    let best: { body: Body; point: Vec3; fraction: number } | null = null;
    for (const b of [bodies.A, bodies.B]) {
      const hit = sat3.raycast(b.shape, b.pose, { origin: ray.origin, translation: { x: ray.dir.x * 200, y: ray.dir.y * 200, z: ray.dir.z * 200 } });
      if (hit && (!best || hit.fraction < best.fraction)) best = { body: b, point: hit.point, fraction: hit.fraction };
    }
    return best;
  }
  function onPlane(px: number, py: number, plane: THREE.Plane): THREE.Vector3 | null {
    const r = stage.rayAt(px, py);
    const ray = new THREE.Ray(new THREE.Vector3(r.origin.x, r.origin.y, r.origin.z), new THREE.Vector3(r.dir.x, r.dir.y, r.dir.z));
    return ray.intersectPlane(plane, new THREE.Vector3());
  }
  const claim = (e: PointerEvent): boolean => {
    const p = view.eventPos(e);
    const hit = pick(p.x, p.y);
    if (!hit) return false;
    const { forward } = stage.basis();
    const at = new THREE.Vector3(hit.point.x, hit.point.y, hit.point.z);
    drag = { body: hit.body, mode: turnMode || e.shiftKey || e.button === 2 ? 'turn' : 'move', plane: new THREE.Plane().setFromNormalAndCoplanarPoint(forward, at), last: at, px: p.x, py: p.y, id: e.pointerId };
    view.canvas.setPointerCapture(e.pointerId);
    return true;
  };
  const onMove = (e: PointerEvent) => {
    const p = view.eventPos(e);
    if (!drag || e.pointerId !== drag.id) {
      view.canvas.style.cursor = pick(p.x, p.y) ? 'grab' : 'default';
      return;
    }
    const pose = drag.body.pose;
    if (drag.mode === 'move') {
      const q = onPlane(p.x, p.y, drag.plane);
      if (!q) return;
      pose.x += q.x - drag.last.x, pose.y += q.y - drag.last.y, pose.z += q.z - drag.last.z;
      drag.last = q;
    } else {
      const { right, up } = stage.basis();
      pose.rotation = turn(turn(pose.rotation, up, (p.x - drag.px) * 0.012), right, (p.y - drag.py) * 0.012);
    }
    drag.px = p.x, drag.py = p.y;
    dirty = true;
  };
  const onUp = (e: PointerEvent) => {
    if (drag && e.pointerId === drag.id) drag = null;
  };
  const noMenu = (e: Event) => e.preventDefault();
  const stopOrbit = orbitControls(stage, claim);
  view.canvas.addEventListener('pointermove', onMove);
  view.canvas.addEventListener('pointerup', onUp);
  view.canvas.addEventListener('pointercancel', onUp);
  view.canvas.addEventListener('contextmenu', noMenu);

  // Keyboard: arrows move B in the screen plane (Shift: A), Q / E turn it about the view direction.
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
    const body = e.shiftKey ? bodies.A : bodies.B;
    const { right, up, forward } = stage.basis();
    const step = 0.1;
    const move = (v: THREE.Vector3, s: number) => {
      body.pose.x += v.x * s, body.pose.y += v.y * s, body.pose.z += v.z * s;
    };
    if (e.key === 'ArrowLeft') move(right, -step);
    else if (e.key === 'ArrowRight') move(right, step);
    else if (e.key === 'ArrowUp') move(up, step);
    else if (e.key === 'ArrowDown') move(up, -step);
    else if (e.key === 'q' || e.key === 'Q') body.pose.rotation = turn(body.pose.rotation, forward, 0.08);
    else if (e.key === 'e' || e.key === 'E') body.pose.rotation = turn(body.pose.rotation, forward, -0.08);
    else return;
    e.preventDefault();
    dirty = true;
  };
  window.addEventListener('keydown', onKey);

  // ---- panel ------------------------------------------------------------------------------------------------------
  const state = el('div', { class: 'big', 'data-testid': 'sat3-state' });
  const readout = el('table', { class: 'kv', 'data-testid': 'sat3-readout' });
  const contactsBox = el('div', { class: 'stat-grid', 'data-testid': 'sat3-contacts' });
  const selects = {} as Record<Name, HTMLSelectElement>;
  const shapeSelect = (name: Name) => {
    const s = el('select', { 'data-testid': `sat3-shape-${name}` });
    selects[name] = s;
    for (const k of ['rock', 'box', 'prism', 'tetra'] as Kind[]) s.append(el('option', { value: k, text: k }));
    s.value = bodies[name].kind;
    s.addEventListener('change', () => setKind(name, s.value as Kind));
    return s;
  };
  const turnBtn = el('button', { 'data-testid': 'sat3-turn-mode', text: 'drag moves' });
  turnBtn.addEventListener('click', () => {
    turnMode = !turnMode;
    turnBtn.textContent = turnMode ? 'drag turns' : 'drag moves';
    turnBtn.classList.toggle('on', turnMode);
  });
  const spinBtn = el('button', { text: 'spin B' });
  spinBtn.addEventListener('click', () => {
    spin = !spin;
    spinBtn.classList.toggle('on', spin);
  });
  panel.append(
    el('h2', { text: 'SAT in 3D' }),
    el('p', { class: 'hint', text: 'Drag a hull to move it; drag with Shift or the right button, or switch to "drag turns", to turn it. Drag empty space to orbit, scroll or pinch to zoom. Keys: arrows move B (Shift: A), Q / E turn it.' }),
    state,
    readout,
    el('h2', { text: 'Contacts' }),
    contactsBox,
    el('h2', { text: 'Shapes' }),
    el('div', { class: 'controls' },
      el('label', { text: 'A' }), shapeSelect('A'),
      el('label', { text: 'B' }), shapeSelect('B'),
      el('div', { class: 'row' }, turnBtn, spinBtn),
    ),
    el('p', { class: 'hint', text: 'Every number here is from sat3.collideDebug(): the deciding axis, both projection intervals on it (drawn on a copy of the axis beside the shapes, grey lines to where they come from), the MTV arrow and the contact points (red).' }),
  );

  function setKind(name: Name, kind: Kind): void {
    const old = bodies[name];
    stage.scene.remove(old.object);
    old.object.traverse((o) => (o as THREE.Mesh).geometry?.dispose());
    old.shape.dispose();
    bodies[name] = makeBody(name, kind, old.pose);
    selects[name].value = kind;
    dirty = true;
  }

  const kindText = (r: SatDebug3): string => {
    switch (r.kind) {
      case 'faceA':
        return `face ${r.indexA} of A`;
      case 'faceB':
        return `face ${r.indexB} of B`;
      case 'edgePair':
        return `edge × edge: A v${r.edgeA?.[0]}–v${r.edgeA?.[1]}, B v${r.edgeB?.[0]}–v${r.edgeB?.[1]}`;
      default:
        return 'none';
    }
  };
  const vec = (v: Vec3) => `(${fmt(v.x)}, ${fmt(v.y)}, ${fmt(v.z)})`;
  function showPanel(): void {
    const r = result;
    if (!r) {
      state.textContent = error || '…';
      state.className = 'big';
      readout.innerHTML = '';
      return;
    }
    const overlap = r.manifold !== null;
    state.textContent = overlap ? 'OVERLAPPING' : 'APART';
    state.className = `big ${overlap ? 'overlap' : 'apart'}`;
    state.dataset.overlap = String(overlap);
    const rows: [string, string, string?][] = [
      ['deciding axis', kindText(r), 'sat3-axis-kind'],
      ['axis (world)', vec(r.axis), 'sat3-axis'],
      ['A on the axis', `[${fmt(r.minA)}, ${fmt(r.maxA)}]`, 'sat3-interval-a'],
      ['B on the axis', `[${fmt(r.minB)}, ${fmt(r.maxB)}]`, 'sat3-interval-b'],
      [overlap ? 'overlap' : 'gap', fmt(Math.abs(r.separation)), 'sat3-separation'],
    ];
    if (r.manifold) rows.push(['MTV (move B by)', `${vec(r.manifold.normal)} × ${fmt(r.manifold.depth)}`, 'sat3-mtv']);
    readout.replaceChildren(...rows.map(([k, v, id]) => el('tr', {}, el('td', { text: k }), el('td', { class: 'num', text: v, ...(id ? { 'data-testid': id } : {}) }))));
    contactsBox.replaceChildren(
      ...(r.manifold
        ? r.manifold.contacts.flatMap((c, i) => [el('span', { text: `#${i + 1} ${vec(c)}` }), el('span', { class: 'v', text: `depth ${fmt(c.depth)}` })])
        : [el('span', { class: 'hint', text: 'none: the shapes are apart' })]),
    );
  }

  // ---- drawing ----------------------------------------------------------------------------------------------------
  function drawAnswer(): void {
    const r = result;
    const all = [axisRod, rodA, rodB, rodShared, mtvShaft, mtvHead, faceLit, ...guideRods, ...edgeRods, ...contactDots];
    for (const o of all) o.visible = false;
    ends = [];
    if (!r || r.kind === 'none') return;
    const axis = new THREE.Vector3(r.axis.x, r.axis.y, r.axis.z);
    // The projections are numbers along the axis through the origin; draw them on a parallel copy of that line
    // above the pair (shifted only across the axis, so every number stays where the module put it).
    const across = (v: THREE.Vector3) => v.clone().addScaledVector(axis, -v.dot(axis));
    const mid = new THREE.Vector3((bodies.A.pose.x + bodies.B.pose.x) / 2, (bodies.A.pose.y + bodies.B.pose.y) / 2, (bodies.A.pose.z + bodies.B.pose.z) / 2);
    const { up, right } = stage.basis();
    let side = across(up);
    if (side.lengthSq() < 1e-4) side = across(right);
    side.normalize();
    const offset = across(mid).addScaledVector(side, 2.1);
    const at = (t: number) => offset.clone().addScaledVector(axis, t);
    const lo = Math.min(r.minA, r.minB), hi = Math.max(r.maxA, r.maxB);
    setRod(axisRod, at(lo - 1.2), at(hi + 1.2), 0.012);
    setRod(rodA, at(r.minA), at(r.maxA), 0.035);
    setRod(rodB, at(r.minB), at(r.maxB), 0.035);
    rodB.position.addScaledVector(side, -0.09);
    const s0 = Math.max(r.minA, r.minB), s1 = Math.min(r.maxA, r.maxB);
    (rodShared.material as THREE.MeshBasicMaterial).color.set(s1 > s0 ? COLORS.overlap : COLORS.gap);
    setRod(rodShared, at(Math.min(s0, s1)), at(Math.max(s0, s1)), 0.05);
    rodShared.position.addScaledVector(side, -0.045);
    // Guides from the interval ends toward the pair (the shadows the projections are).
    [r.minA, r.maxA, r.minB, r.maxB].forEach((t, i) => setRod(guideRods[i], at(t), at(t).addScaledVector(side, -1.6), 0.006));
    ends = [
      { p: at(r.minA), text: `minA ${fmt(r.minA, 2)}`, color: COLORS.A },
      { p: at(r.maxA), text: `maxA ${fmt(r.maxA, 2)}`, color: COLORS.A },
      { p: at(r.minB).addScaledVector(side, -0.3), text: `minB ${fmt(r.minB, 2)}`, color: COLORS.B },
      { p: at(r.maxB).addScaledVector(side, -0.3), text: `maxB ${fmt(r.maxB, 2)}`, color: COLORS.B },
      { p: at(hi + 1.2), text: kindText(r), color: COLORS.axis },
    ];
    // The deciding feature, lit on its hull.
    if (r.kind === 'faceA' || r.kind === 'faceB') {
      const body = r.kind === 'faceA' ? bodies.A : bodies.B;
      const face = body.mesh.faces[r.kind === 'faceA' ? r.indexA : r.indexB];
      const v = body.mesh.vertices;
      const pos: number[] = [];
      for (let k = 1; k + 1 < face.length; ++k) for (const i of [face[0], face[k], face[k + 1]]) pos.push(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
      faceLit.geometry.dispose();
      faceLit.geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute(pos, 3));
      place(faceLit, body.pose);
      faceLit.visible = true;
    } else if (r.kind === 'edgePair' && r.edgeA && r.edgeB) {
      ([[bodies.A, r.edgeA], [bodies.B, r.edgeB]] as const).forEach(([body, [i, j]], k) => {
        const v = body.mesh.vertices;
        const o = body.object;
        const a = new THREE.Vector3(v[3 * i], v[3 * i + 1], v[3 * i + 2]).applyMatrix4(o.matrixWorld);
        const b = new THREE.Vector3(v[3 * j], v[3 * j + 1], v[3 * j + 2]).applyMatrix4(o.matrixWorld);
        setRod(edgeRods[k], a, b, 0.04);
      });
    }
    const m = r.manifold;
    if (m) {
      const c = new THREE.Vector3();
      m.contacts.forEach((p, i) => {
        contactDots[i].position.set(p.x, p.y, p.z);
        contactDots[i].visible = true;
        c.add(new THREE.Vector3(p.x, p.y, p.z));
      });
      c.divideScalar(m.contacts.length);
      const n = new THREE.Vector3(m.normal.x, m.normal.y, m.normal.z);
      const tip = c.clone().addScaledVector(n, m.depth);
      const head = Math.min(0.25, Math.max(0.08, m.depth * 0.4));
      setRod(mtvShaft, c, tip.clone().addScaledVector(n, -head * 0.5), 0.02);
      mtvHead.visible = true;
      mtvHead.position.copy(tip).addScaledVector(n, -head / 2);
      mtvHead.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), n);
      mtvHead.scale.set(head * 0.45, head, head * 0.45);
    }
  }

  function clientPosition(name: Name): { x: number; y: number } {
    const p = stage.toScreen(bodies[name].pose);
    const r = view.canvas.getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y };
  }

  const hooks = {
    get result() {
      return result;
    },
    get readout() {
      return readout.textContent ?? '';
    },
    get overlap() {
      return result?.manifold != null;
    },
    pose: (name: Name) => JSON.parse(JSON.stringify(bodies[name].pose)) as Pose3,
    setPose(name: Name, pose: Pose3) {
      bodies[name].pose = { ...pose, rotation: { ...pose.rotation } };
      dirty = true;
    },
    setKind,
    clientPosition,
    /** the camera's forward direction (world) */
    viewDirection: () => {
      const f = stage.basis().forward;
      return { x: f.x, y: f.y, z: f.z };
    },
    /** the hulls' vertices (local, x y z flat) as sat3.hullMesh gives them */
    vertices: (name: Name) => Array.from(bodies[name].mesh.vertices),
    error: () => error,
  };

  return {
    perf: null,
    hooks,
    update(dt: number) {
      if (!spin) return;
      bodies.B.pose.rotation = turn(bodies.B.pose.rotation, { x: 0.3, y: 1, z: 0.2 }, 0.6 * dt);
      dirty = true;
    },
    draw() {
      place(bodies.A.object, bodies.A.pose);
      place(bodies.B.object, bodies.B.pose);
      bodies.A.object.updateMatrixWorld();
      bodies.B.object.updateMatrixWorld();
      if (dirty) query();
      drawAnswer();
      stage.render();
      view.clear(null);
      for (const name of ['A', 'B'] as Name[]) {
        const s = stage.toScreen(bodies[name].pose);
        if (s.visible) label(view.ctx, name, s.x, s.y, COLORS[name], 'center', 'bold 15px system-ui, sans-serif');
      }
      view.ctx.font = '11px system-ui, sans-serif';
      for (const e of ends) {
        const s = stage.toScreen(e.p);
        // Kept inside the canvas: the axis may run off it.
        const half = view.ctx.measureText(e.text).width / 2 + 4;
        const x = Math.max(half, Math.min(view.width - half, s.x));
        if (s.visible) label(view.ctx, e.text, x, s.y + 12, e.color, 'center', '11px system-ui, sans-serif');
      }
    },
    dispose() {
      stopOrbit();
      view.canvas.removeEventListener('pointermove', onMove);
      view.canvas.removeEventListener('pointerup', onUp);
      view.canvas.removeEventListener('pointercancel', onUp);
      view.canvas.removeEventListener('contextmenu', noMenu);
      window.removeEventListener('keydown', onKey);
      bodies.A.shape.dispose();
      bodies.B.shape.dispose();
      stage.dispose();
    },
  };
}
