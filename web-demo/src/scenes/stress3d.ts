// 3D scene "3D stress": thousands of convex hulls (8-20 vertices) falling and bouncing in a box, moved by the page
// and collided by one world.update() of a sat-wasm World3 per step, with the step split into the world's stages
// (its own stats). The comparison switch runs the same bodies and the same motion through cannon-es instead,
// collision only: its broadphase.collisionPairs() and narrowphase.getContacts(), the two collision calls of
// World.step(), with no integration and no solver. Touching bodies turn red.
import type { HullMesh, SAT3D, Shape3, World3 } from 'sat-wasm/3d';
import { el, fmt, type Scene, type View } from '../view.js';
import { UpdatePerf } from '../perf.js';
import { Stage3, THREE, hullGeometry, orbitControls } from '../stage3.js';

const COUNTS = [500, 1000, 2000, 5000, 10000];
const SHAPES = 24;
const GRAVITY = 6;

export type Collider = 'sat-wasm' | 'cannon-es';

/** The cannon-es side, loaded on demand (import('cannon-es')). */
interface CannonSide {
  step(): { syncMs: number; broadMs: number; narrowMs: number; candidates: number; touching: number };
  /** the touching body pairs of the last step, as i * 65536 + j with i < j */
  pairKeys(): Set<number>;
  dispose(): void;
}

export function createStress3dScene(sat3: SAT3D, view: View, panel: HTMLElement): Scene {
  const stage = new Stage3(view);
  const perf = new UpdatePerf();

  // 24 hulls of 8-20 random points on shells of radius 0.5-0.9, made by the module; the same seed every time.
  let seed = 2024;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const shapes: Shape3[] = [];
  const meshes: HullMesh[] = [];
  while (shapes.length < SHAPES) {
    const n = 8 + Math.floor(rnd() * 13), pts: number[] = [];
    for (let i = 0; i < n; ++i) {
      const v = [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1], l = Math.hypot(v[0], v[1], v[2]), s = (0.5 + 0.4 * rnd()) / l;
      pts.push(v[0] * s, v[1] * s, v[2] * s);
    }
    try {
      const h = sat3.hull(pts);
      shapes.push(h);
      meshes.push(sat3.hullMesh(h));
    } catch {
      // a degenerate draw: take another
    }
  }

  let count = view.width < 600 ? 1000 : 2000;
  let collider: Collider = 'sat-wasm';
  let drawOn = true;
  let half = 1;
  // Body state, owned by the page: position, velocity, orientation and spin (a small rotation per step).
  let pos = new Float64Array(0), vel = new Float64Array(0), rot = new Float64Array(0), spin = new Float64Array(0);
  let kind = new Int32Array(0);
  let touching = new Uint8Array(0);
  let world: World3 | null = null;
  let slotToBody = new Int32Array(0);
  let slots = new Int32Array(0);
  let cannon: CannonSide | null = null;
  let cannonLoading = false;
  let error = '';
  const times: Record<Collider, number[]> = { 'sat-wasm': [], 'cannon-es': [] };
  const pairs: Record<Collider, number> = { 'sat-wasm': 0, 'cannon-es': 0 };

  // Drawing: one instanced mesh per hull shape.
  const material = new THREE.MeshStandardMaterial({ color: '#ffffff', flatShading: true, roughness: 0.75 });
  const instanced = meshes.map((m) => {
    const im = new THREE.InstancedMesh(hullGeometry(m), material, 1);
    stage.scene.add(im);
    return im;
  });
  const boxLines = new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(2, 2, 2)), new THREE.LineBasicMaterial({ color: '#9aa3b2' }));
  stage.scene.add(boxLines);

  function build(): void {
    world?.dispose();
    cannon?.dispose();
    cannon = null;
    seed = 77;
    half = 0.5 * Math.cbrt(40 * count);
    pos = new Float64Array(3 * count), vel = new Float64Array(3 * count), rot = new Float64Array(4 * count), spin = new Float64Array(4 * count);
    kind = new Int32Array(count);
    touching = new Uint8Array(count);
    for (let i = 0; i < count; ++i) {
      for (let k = 0; k < 3; ++k) pos[3 * i + k] = (2 * rnd() - 1) * (half - 1), vel[3 * i + k] = (2 * rnd() - 1) * 3;
      const q = [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1], l = Math.hypot(q[0], q[1], q[2], q[3]);
      for (let k = 0; k < 4; ++k) rot[4 * i + k] = q[k] / l;
      const a = [2 * rnd() - 1, 2 * rnd() - 1, 2 * rnd() - 1], la = Math.hypot(a[0], a[1], a[2]), h = 0.5 * 0.04 * rnd();
      spin.set([(Math.sin(h) * a[0]) / la, (Math.sin(h) * a[1]) / la, (Math.sin(h) * a[2]) / la, Math.cos(h)], 4 * i);
      kind[i] = Math.floor(rnd() * SHAPES);
    }
    world = sat3.createWorld({ capacity: count });
    slots = new Int32Array(count);
    slotToBody = new Int32Array(count + 1).fill(-1);
    for (let i = 0; i < count; ++i) {
      const id = world.createBody({
        shapes: shapes[kind[i]],
        transform: { x: pos[3 * i], y: pos[3 * i + 1], z: pos[3 * i + 2], rotation: { x: rot[4 * i], y: rot[4 * i + 1], z: rot[4 * i + 2], w: rot[4 * i + 3] } },
      });
      slots[i] = world.slotOf(id);
      if (slots[i] >= slotToBody.length) {
        const grown = new Int32Array(2 * slots[i] + 2).fill(-1);
        grown.set(slotToBody);
        slotToBody = grown;
      }
      slotToBody[slots[i]] = i;
    }
    times['sat-wasm'].length = 0;
    times['cannon-es'].length = 0;
    instanced.forEach((im, s) => {
      const n = kind.reduce((a, k) => a + (k === s ? 1 : 0), 0);
      stage.scene.remove(im);
      im.dispose();
      const fresh = new THREE.InstancedMesh(im.geometry, material, Math.max(1, n));
      fresh.count = n;
      instanced[s] = fresh;
      stage.scene.add(fresh);
    });
    boxLines.scale.setScalar(half);
    stage.distance = half * 3.6;
    stage.pitch = 0.35;
    if (collider === 'cannon-es') void loadCannon();
  }

  /** The page's own motion: gravity, walls that bounce, a constant spin. */
  function move(dt: number): void {
    for (let i = 0; i < count; ++i) {
      vel[3 * i + 1] -= GRAVITY * dt;
      for (let k = 0; k < 3; ++k) {
        const j = 3 * i + k;
        pos[j] += vel[j] * dt;
        if (pos[j] > half - 0.6 && vel[j] > 0) vel[j] = -vel[j];
        if (pos[j] < -half + 0.6 && vel[j] < 0) vel[j] = k === 1 ? Math.max(-vel[j], 4) : -vel[j];
      }
      // rot = spin * rot, renormalized
      const a = 4 * i, sx = spin[a], sy = spin[a + 1], sz = spin[a + 2], sw = spin[a + 3];
      const x = rot[a], y = rot[a + 1], z = rot[a + 2], w = rot[a + 3];
      const nx = sw * x + sx * w + sy * z - sz * y, ny = sw * y - sx * z + sy * w + sz * x;
      const nz = sw * z + sx * y - sy * x + sz * w, nw = sw * w - sx * x - sy * y - sz * z;
      const l = Math.hypot(nx, ny, nz, nw);
      rot[a] = nx / l, rot[a + 1] = ny / l, rot[a + 2] = nz / l, rot[a + 3] = nw / l;
    }
  }

  function stepSat(): void {
    const w = world!;
    perf.page(() => {
      const t = w.transforms, stride = w.transformStride;
      for (let i = 0; i < count; ++i) {
        const o = slots[i] * stride;
        t[o] = pos[3 * i], t[o + 1] = pos[3 * i + 1], t[o + 2] = pos[3 * i + 2];
        t[o + 3] = rot[4 * i], t[o + 4] = rot[4 * i + 1], t[o + 5] = rot[4 * i + 2], t[o + 6] = rot[4 * i + 3];
      }
    });
    const t0 = performance.now();
    const st = w.update();
    times['sat-wasm'].push(performance.now() - t0);
    perf.addWorld3(st, count);
    pairs['sat-wasm'] = st.touchingPairs;
    perf.page(() => {
      touching.fill(0);
      const fr = w.frame, u = w.heapU32;
      for (let c = 0; c < fr.contactCount; ++c) {
        const at = fr.contacts + fr.contactWords * c;
        touching[slotToBody[w.slotOf(u[at])]] = 1;
        touching[slotToBody[w.slotOf(u[at + 1])]] = 1;
      }
    });
  }

  async function loadCannon(): Promise<void> {
    if (cannon || cannonLoading) return;
    cannonLoading = true;
    try {
      const CANNON = await import('cannon-es');
      const cworld = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
      const sap = new CANNON.SAPBroadphase(cworld);
      sap.useBoundingBoxes = true;
      cworld.broadphase = sap;
      // cannon-es takes a shape's origin to be inside it: each hull goes in about the mean of its vertices, put
      // back in place by a shape offset, so that the body frame is the same as in the World3.
      const polys = meshes.map((m) => {
        const n = m.vertices.length / 3, c = [0, 0, 0];
        for (let k = 0; k < 3 * n; ++k) c[k % 3] += m.vertices[k] / n;
        const vs = [];
        for (let k = 0; k < m.vertices.length; k += 3) vs.push(new CANNON.Vec3(m.vertices[k] - c[0], m.vertices[k + 1] - c[1], m.vertices[k + 2] - c[2]));
        return { poly: new CANNON.ConvexPolyhedron({ vertices: vs, faces: m.faces }), offset: new CANNON.Vec3(c[0], c[1], c[2]) };
      });
      // Dynamic bodies: cannon-es gives a kinematic pair a yes / no test only, not its contacts.
      const cbodies: InstanceType<typeof CANNON.Body>[] = [];
      const index = new Map<object, number>();
      for (let i = 0; i < count; ++i) {
        const b = new CANNON.Body({ mass: 1 });
        b.addShape(polys[kind[i]].poly, polys[kind[i]].offset);
        b.position.set(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
        b.quaternion.set(rot[4 * i], rot[4 * i + 1], rot[4 * i + 2], rot[4 * i + 3]);
        cworld.addBody(b);
        cbodies.push(b);
        index.set(b, i);
      }
      sap.autoDetectAxis();
      const p1: InstanceType<typeof CANNON.Body>[] = [], p2: InstanceType<typeof CANNON.Body>[] = [];
      const contacts: InstanceType<typeof CANNON.ContactEquation>[] = [], pool: InstanceType<typeof CANNON.ContactEquation>[] = [];
      const friction: InstanceType<typeof CANNON.FrictionEquation>[] = [], frictionPool: InstanceType<typeof CANNON.FrictionEquation>[] = [];
      const n = count;
      cannon = {
        step() {
          const t0 = performance.now();
          for (let i = 0; i < n; ++i) {
            const b = cbodies[i];
            b.position.set(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
            b.quaternion.set(rot[4 * i], rot[4 * i + 1], rot[4 * i + 2], rot[4 * i + 3]);
            b.aabbNeedsUpdate = true;
          }
          sap.dirty = true;
          const t1 = performance.now();
          p1.length = 0;
          p2.length = 0;
          sap.collisionPairs(cworld, p1, p2);
          const t2 = performance.now();
          // Last step's equations back to the pools, as World.step() does.
          for (const c of contacts) pool.push(c);
          contacts.length = 0;
          for (const f of friction) frictionPool.push(f);
          friction.length = 0;
          cworld.narrowphase.getContacts(p1, p2, cworld, contacts, pool, friction, frictionPool);
          const t3 = performance.now();
          touching.fill(0);
          let pairsTouching = 0;
          let lastA: object | null = null, lastB: object | null = null;
          for (const c of contacts) {
            if (c.bi !== lastA || c.bj !== lastB) pairsTouching++;
            lastA = c.bi, lastB = c.bj;
            touching[index.get(c.bi)!] = 1;
            touching[index.get(c.bj)!] = 1;
          }
          return { syncMs: t1 - t0, broadMs: t2 - t1, narrowMs: t3 - t2, candidates: p1.length, touching: pairsTouching };
        },
        pairKeys() {
          const keys = new Set<number>();
          for (const c of contacts) {
            const i = index.get(c.bi)!, j = index.get(c.bj)!;
            keys.add(Math.min(i, j) * 65536 + Math.max(i, j));
          }
          return keys;
        },
        dispose() {
          // Nothing native to free: the garbage collector takes the bodies (removing 10,000 one by one costs more).
          cbodies.length = 0;
        },
      };
    } catch (err) {
      error = `cannon-es: ${err instanceof Error ? err.message : String(err)}`;
      throw err;
    } finally {
      cannonLoading = false;
    }
  }

  function stepCannon(): void {
    if (!cannon) return;
    const t0 = performance.now();
    const r = cannon.step();
    times['cannon-es'].push(performance.now() - t0);
    perf.addStages(r.syncMs, r.broadMs, r.narrowMs, 0, count, r.candidates, r.touching);
    pairs['cannon-es'] = r.touching;
  }

  // ---- drawing ----------------------------------------------------------------------------------------------------
  const m4 = new THREE.Matrix4(), q4 = new THREE.Quaternion(), p3 = new THREE.Vector3(), one = new THREE.Vector3(1, 1, 1);
  const colours = Array.from({ length: SHAPES }, (_, s) => new THREE.Color().setHSL(0.58 + 0.08 * Math.sin(s), 0.45, 0.55 + 0.12 * Math.cos(s * 1.7)));
  const hot = new THREE.Color('#d62f2f');
  const fill = new Int32Array(SHAPES);
  function drawBodies(): void {
    fill.fill(0);
    for (let i = 0; i < count; ++i) {
      const s = kind[i];
      const im = instanced[s];
      p3.set(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
      q4.set(rot[4 * i], rot[4 * i + 1], rot[4 * i + 2], rot[4 * i + 3]);
      m4.compose(p3, q4, one);
      im.setMatrixAt(fill[s], m4);
      im.setColorAt(fill[s], touching[i] ? hot : colours[s]);
      fill[s]++;
    }
    for (const im of instanced) {
      im.instanceMatrix.needsUpdate = true;
      if (im.instanceColor) im.instanceColor.needsUpdate = true;
    }
  }

  const stopOrbit = orbitControls(stage);

  // ---- panel ------------------------------------------------------------------------------------------------------
  const select = (id: string, options: string[], value: string, onChange: (v: string) => void) => {
    const s = el('select', { 'data-testid': id });
    for (const o of options) s.append(el('option', { value: o, text: o }));
    s.value = value;
    s.addEventListener('change', () => onChange(s.value));
    return s;
  };
  const countSel = select('stress3-count', COUNTS.map(String), String(count), (v) => setCount(Number(v)));
  const colliderSel = select('stress3-collider', ['sat-wasm', 'cannon-es'], collider, (v) => setCollider(v as Collider));
  const drawSel = select('stress3-draw', ['three.js', 'off'], 'three.js', (v) => setDrawing(v === 'three.js'));
  const stagesBox = el('div', { 'data-testid': 'stress3-stages' });
  const compareBox = el('div', { class: 'stat-grid', 'data-testid': 'stress3-compare' });
  panel.append(
    el('h2', { text: '3D stress' }),
    el('p', { class: 'hint', text: 'Hulls of 8-20 vertices fall and bounce in a box; the page moves them, one world.update() a step collides them. Red: touching. Drag to orbit, scroll or pinch to zoom.' }),
    el('div', { class: 'controls' },
      el('label', { text: 'bodies' }), countSel,
      el('label', { text: 'collide with' }), colliderSel,
      el('label', { text: 'drawing' }), drawSel,
    ),
    el('h2', { text: 'One step, by stage (mean of 30)' }),
    stagesBox,
    el('h2', { text: 'Collision step, ms (mean of 30)' }),
    compareBox,
    el('p', { class: 'hint', text: 'cannon-es runs collision only, on the same bodies and motion: broadphase.collisionPairs() (SAP on AABBs) and narrowphase.getContacts(), no integration, no solver. Its stages are timed by the page; the world\'s by the world.' }),
  );

  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const recent: { sync: number; broad: number; narrow: number; page: number }[] = [];
  function showPanel(): void {
    const m = {
      sync: mean(recent.map((r) => r.sync)),
      broad: mean(recent.map((r) => r.broad)),
      narrow: mean(recent.map((r) => r.narrow)),
      page: mean(recent.map((r) => r.page)),
    };
    const total = m.sync + m.broad + m.narrow + m.page || 1;
    const parts: [string, number, string][] = [
      [collider === 'sat-wasm' ? 'sync (transforms)' : 'upload poses', m.sync, '#9aa3b2'],
      ['broad phase', m.broad, '#2f6fdf'],
      [collider === 'sat-wasm' ? 'narrow + events' : 'narrowphase', m.narrow, '#e8772e'],
      ['page JS', m.page, '#1f9d55'],
    ];
    stagesBox.replaceChildren(
      el('div', { class: 'bar' }, ...parts.map(([, v, c]) => el('div', { style: `width:${(100 * v) / total}%;background:${c}` }))),
      el('div', { class: 'stat-grid' }, ...parts.flatMap(([k, v]) => [el('span', { text: k }), el('span', { class: 'v', text: `${fmt(v, 2)} ms`, 'data-testid': `stress3-stage-${k.split(' ')[0]}` })])),
    );
    const sat = mean(times['sat-wasm'].slice(-30)), can = mean(times['cannon-es'].slice(-30));
    compareBox.replaceChildren(
      el('span', { text: 'sat-wasm World3' }), el('span', { class: 'v', 'data-testid': 'stress3-sat-ms', text: times['sat-wasm'].length ? `${fmt(sat, 2)} ms · ${pairs['sat-wasm']} touching` : '–' }),
      el('span', { text: 'cannon-es' }), el('span', { class: 'v', 'data-testid': 'stress3-cannon-ms', text: times['cannon-es'].length ? `${fmt(can, 2)} ms · ${pairs['cannon-es']} touching` : cannonLoading ? 'loading…' : '–' }),
      ...(sat > 0 && can > 0 ? [el('span', { text: 'cannon-es / sat-wasm' }), el('span', { class: 'v', text: `${fmt(can / sat, 1)}×` })] : []),
      ...(error ? [el('span', { class: 'error', text: error })] : []),
    );
  }

  function setCount(n: number): void {
    count = n;
    countSel.value = String(n);
    build();
    showPanel();
  }
  function setCollider(c: Collider): void {
    collider = c;
    colliderSel.value = c;
    recent.length = 0;
    if (c === 'cannon-es') void loadCannon().then(showPanel, () => showPanel());
    showPanel();
  }
  function setDrawing(on: boolean): void {
    drawOn = on;
    drawSel.value = on ? 'three.js' : 'off';
    for (const im of instanced) im.visible = on;
  }

  build();
  showPanel();
  let panelClock = 0;

  return {
    perf,
    hooks: {
      get bodies() {
        return count;
      },
      get collider() {
        return collider;
      },
      get stages() {
        return {
          sync: mean(recent.map((r) => r.sync)),
          broad: mean(recent.map((r) => r.broad)),
          narrow: mean(recent.map((r) => r.narrow)),
          page: mean(recent.map((r) => r.page)),
          steps: recent.length,
        };
      },
      get satMs() {
        return mean(times['sat-wasm'].slice(-30));
      },
      get cannonMs() {
        return mean(times['cannon-es'].slice(-30));
      },
      get cannonSteps() {
        return times['cannon-es'].length;
      },
      get touchingPairs() {
        return { ...pairs };
      },
      get error() {
        return error;
      },
      setCount,
      setCollider,
      setDrawing,
      /**
       * Both libraries on the bodies as they are now (no motion): the touching pairs each finds, and how many
       * pairs only one of them reports. For tests.
       */
      async compareNow() {
        await loadCannon();
        stepSat();
        const w = world!, fr = w.frame, u = w.heapU32;
        const ours = new Set<number>();
        for (let c = 0; c < fr.contactCount; ++c) {
          const at = fr.contacts + fr.contactWords * c;
          const i = slotToBody[w.slotOf(u[at])], j = slotToBody[w.slotOf(u[at + 1])];
          ours.add(Math.min(i, j) * 65536 + Math.max(i, j));
        }
        cannon!.step();
        const theirs = cannon!.pairKeys();
        let onlyOurs = 0, onlyTheirs = 0;
        for (const k of ours) if (!theirs.has(k)) onlyOurs++;
        for (const k of theirs) if (!ours.has(k)) onlyTheirs++;
        return { ours: ours.size, theirs: theirs.size, onlyOurs, onlyTheirs };
      },
    },
    update(dt: number) {
      perf.page(() => move(dt));
      if (collider === 'sat-wasm') stepSat();
      else stepCannon();
      if (perf.worldUpdates > 0) {
        recent.push({ sync: perf.syncMs, broad: perf.broadMs, narrow: perf.narrowMs, page: perf.pageMs });
        if (recent.length > 30) recent.shift();
      }
      if (++panelClock % 15 === 0) showPanel();
    },
    draw() {
      if (drawOn) drawBodies();
      stage.render();
      view.clear(null);
    },
    dispose() {
      stopOrbit();
      world?.dispose();
      cannon?.dispose();
      for (const s of shapes) s.dispose();
      stage.dispose();
    },
  };
}
