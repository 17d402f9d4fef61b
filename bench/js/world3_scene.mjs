// 3D world scene in JavaScript, one run, the same data for every contender: N moving convex hulls (8-20 vertices,
// 64 distinct shapes) bouncing in a box, every body moved and turned every frame, as bench/cpp/bench_world3.cpp.
// The motion is computed once up front (7 floats per body per frame), so each contender's frame is only: upload
// every body's pose from that array into its own world, then its collision step.
//   - sat-wasm/3d World3 (the bulk path): write world.transforms, world.update().
//   - cannon-es: dynamic bodies (a kinematic pair only gets a yes/no test, not contacts) with ConvexPolyhedron
//     shapes, SAPBroadphase on AABBs, and no World.step(): per frame its two collision calls as World.step makes
//     them, broadphase.collisionPairs() then narrowphase.getContacts() into pooled ContactEquations. No
//     integration, no solver.
//   - Rapier3D: kinematic position-based bodies with convex-hull colliders, KINEMATIC_KINEMATIC pairs enabled,
//     teleported with setTranslation / setRotation, then world.step(). Its JS API has no collision-only pipeline;
//     kinematic bodies have no dynamics to solve, so the step is broad + narrow phase plus bookkeeping.
// Reports the median frame time of each (wall clock, and the process's CPU time, which the load of a shared machine
// inflates less), the ratios against sat-wasm, touching pairs per frame (they should agree) and World3's stage
// split. Run after `node scripts/build-wasm.mjs`:
//   node bench/js/world3_scene.mjs [--bodies=5000] [--frames=120] [--warmup=30] [--warmup-seconds=5]
//                                  [--prefer=simd|baseline|asmjs] [--peers=cannon,rapier|none] [--module=glue.mjs]
//                                  [--broad=grid,tree]
// --broad: World3's broad phases to run, each as its own contender; the first is the one the ratios are taken to.
// --module: another build of the 3D module (its glue, the .wasm beside it), e.g. to time two builds in alternation.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { rng } from './polygon_pairs.mjs';
import { parseOptions } from './args.mjs';

const { load3D } = await import(new URL('../../dist/3d.js', import.meta.url).href);
const options = parseOptions();
const arg = (name, fallback) => (typeof options[name] === 'string' ? options[name] : fallback);
const BODIES = Number(arg('bodies', 5000));
const FRAMES = Number(arg('frames', 120));
const WARMUP = Number(arg('warmup', 30));
const PREFER = arg('prefer', undefined);
const PEERS = arg('peers', 'cannon,rapier').split(',').filter((p) => p && p !== 'none');
const WARMUP_S = Number(arg('warmup-seconds', 5));
const MODULE = arg('module', undefined);
const BROAD = arg('broad', 'grid,tree').split(',').filter(Boolean);

const r = rng(2024);
const uni = (lo, hi) => lo + (hi - lo) * r();
const normalize = (q) => {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
};
const mul = (a, b) => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
};

// ---- the scene: 64 hulls, N bodies, and every frame's poses -------------------------------------------------------
const loadOptions = PREFER ? { prefer: PREFER } : {};
if (MODULE) {
  loadOptions.moduleFactory = (await import(pathToFileURL(MODULE).href)).default;
  loadOptions.wasmBinary = readFileSync(MODULE.replace(/(-nodyn)?\.mjs$/, '.wasm'));
}
const sat3 = await load3D(loadOptions);
const hulls = [];
while (hulls.length < 64) {
  const n = 8 + Math.floor(r() * 13), pts = [];
  for (let i = 0; i < n; ++i) {
    const v = [uni(-1, 1), uni(-1, 1), uni(-1, 1)], l = Math.hypot(...v), s = uni(0.5, 0.9) / l;
    pts.push(v[0] * s, v[1] * s, v[2] * s);
  }
  try {
    hulls.push(sat3.hull(pts));
  } catch {
    // a degenerate cloud: draw another
  }
}
const meshes = hulls.map((h) => sat3.hullMesh(h));
const half = 0.5 * Math.cbrt(40 * BODIES);
const shapeOf = new Int32Array(BODIES);
const p = new Float64Array(3 * BODIES), v = new Float64Array(3 * BODIES), q = [], spin = [];
for (let i = 0; i < BODIES; ++i) {
  for (let k = 0; k < 3; ++k) (p[3 * i + k] = uni(-half, half)), (v[3 * i + k] = uni(-0.05, 0.05));
  q.push(normalize([uni(-1, 1), uni(-1, 1), uni(-1, 1), uni(-1, 1)]));
  const axis = [uni(-1, 1), uni(-1, 1), uni(-1, 1)], l = Math.hypot(...axis), h = 0.5 * uni(0, 0.03);
  spin.push([(Math.sin(h) * axis[0]) / l, (Math.sin(h) * axis[1]) / l, (Math.sin(h) * axis[2]) / l, Math.cos(h)]);
  shapeOf[i] = Math.floor(r() * 64);
}
/** poses[f]: x, y, z, qx, qy, qz, qw per body; poses[0] is where the bodies are created. */
const poses = [];
for (let f = 0; f <= WARMUP + FRAMES; ++f) {
  const out = new Float32Array(7 * BODIES);
  for (let i = 0; i < BODIES; ++i) {
    if (f > 0) {
      for (let k = 0; k < 3; ++k) {
        p[3 * i + k] += v[3 * i + k];
        if (Math.abs(p[3 * i + k]) > half) v[3 * i + k] = -v[3 * i + k];
      }
      q[i] = normalize(mul(spin[i], q[i]));
    }
    out.set([p[3 * i], p[3 * i + 1], p[3 * i + 2], q[i][0], q[i][1], q[i][2], q[i][3]], 7 * i);
  }
  poses.push(out);
}

/**
 * Runs every contender's frame(pose) over the warm-up and timed frames, interleaved: frame f of each contender in
 * turn (the order rotating), so that the load of this shared machine, which changes by the minute, falls on all of
 * them alike. The warm-up frames are repeated until WARMUP_S seconds have passed: V8 first runs WebAssembly (ours
 * and Rapier's) from its baseline compiler and swaps in optimized code from a background thread, which on a busy
 * 2-core machine takes seconds; each pass ends on the same pose. Fills each contender's ms and results.
 */
function run(contenders) {
  const start = performance.now();
  do {
    for (let f = 1; f <= WARMUP; ++f) for (const c of contenders) c.frame(poses[f]);
  } while (performance.now() - start < WARMUP_S * 1000);
  for (const c of contenders) (c.ms = []), (c.cpuMs = []), (c.results = []);
  for (let f = WARMUP + 1; f <= WARMUP + FRAMES; ++f) {
    for (let k = 0; k < contenders.length; ++k) {
      const c = contenders[(f + k) % contenders.length];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const res = c.frame(poses[f]);
      c.ms.push(performance.now() - t0);
      const cpu = process.cpuUsage(cpu0);
      c.cpuMs.push((cpu.user + cpu.system) / 1000);
      c.results.push(res);
    }
  }
}

// ---- sat-wasm World3 ----------------------------------------------------------------------------------------------
function satWasm(broadPhase) {
  const world = sat3.createWorld({ capacity: BODIES, broadPhase });
  const slot = new Int32Array(BODIES);
  const p0 = poses[0];
  for (let i = 0; i < BODIES; ++i) {
    const o = 7 * i;
    const id = world.createBody({
      shapes: hulls[shapeOf[i]],
      transform: { x: p0[o], y: p0[o + 1], z: p0[o + 2], rotation: { x: p0[o + 3], y: p0[o + 4], z: p0[o + 5], w: p0[o + 6] } },
    });
    slot[i] = world.slotOf(id);
  }
  const stride = world.transformStride;
  const stages = { sync: [], broad: [], narrow: [], events: [], rest: [], candidates: [], tests: [], reinserted: [] };
  const frame = (pose) => {
    const t0 = performance.now();
    const t = world.transforms;
    for (let i = 0; i < BODIES; ++i) {
      const o = slot[i] * stride, s = 7 * i;
      t[o] = pose[s], t[o + 1] = pose[s + 1], t[o + 2] = pose[s + 2];
      t[o + 3] = pose[s + 3], t[o + 4] = pose[s + 4], t[o + 5] = pose[s + 5], t[o + 6] = pose[s + 6];
    }
    const st = world.update();
    stages.sync.push(st.syncMs), stages.broad.push(st.broadMs), stages.narrow.push(st.narrowMs), stages.events.push(st.eventsMs);
    stages.rest.push(performance.now() - t0 - st.syncMs - st.broadMs - st.narrowMs - st.eventsMs);
    stages.candidates.push(st.candidatePairs), stages.tests.push(st.narrowTests), stages.reinserted.push(st.reinserted);
    return st.touchingPairs;
  };
  return { name: `sat-wasm World3 (${sat3.variant}, ${broadPhase})`, frame, stages, dispose: () => world.dispose() };
}

// ---- cannon-es ----------------------------------------------------------------------------------------------------
async function cannon() {
  const CANNON = await import('cannon-es');
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, 0, 0) });
  world.allowSleep = false;
  const sap = new CANNON.SAPBroadphase(world);
  sap.useBoundingBoxes = true;
  world.broadphase = sap;
  // cannon-es takes the shape's origin to be inside it (it checks face normals against it): each hull goes in
  // about the mean of its vertices, placed back by a shape offset, so the body frame stays ours.
  const shapes = meshes.map((m) => {
    const n = m.vertices.length / 3, c = [0, 0, 0];
    for (let k = 0; k < 3 * n; ++k) c[k % 3] += m.vertices[k] / n;
    const verts = [];
    for (let k = 0; k < m.vertices.length; k += 3) verts.push(new CANNON.Vec3(m.vertices[k] - c[0], m.vertices[k + 1] - c[1], m.vertices[k + 2] - c[2]));
    return { poly: new CANNON.ConvexPolyhedron({ vertices: verts, faces: m.faces }), offset: new CANNON.Vec3(c[0], c[1], c[2]) };
  });
  const bodies = [];
  const p0 = poses[0];
  for (let i = 0; i < BODIES; ++i) {
    const o = 7 * i;
    const b = new CANNON.Body({ mass: 1 });
    b.addShape(shapes[shapeOf[i]].poly, shapes[shapeOf[i]].offset);
    b.position.set(p0[o], p0[o + 1], p0[o + 2]);
    b.quaternion.set(p0[o + 3], p0[o + 4], p0[o + 5], p0[o + 6]);
    world.addBody(b);
    bodies.push(b);
  }
  sap.autoDetectAxis();
  const p1 = [], p2 = [];
  let contacts = [], pool = [];
  const frictions = [], frictionPool = [];
  const frame = (pose) => {
    for (let i = 0; i < BODIES; ++i) {
      const b = bodies[i], s = 7 * i;
      b.position.set(pose[s], pose[s + 1], pose[s + 2]);
      b.quaternion.set(pose[s + 3], pose[s + 4], pose[s + 5], pose[s + 6]);
      b.aabbNeedsUpdate = true;
    }
    sap.dirty = true;
    p1.length = 0;
    p2.length = 0;
    sap.collisionPairs(world, p1, p2);
    // Last frame's equations go back to the pool, as World.step does.
    for (const c of contacts) pool.push(c);
    contacts.length = 0;
    for (const f of frictions) frictionPool.push(f);
    frictions.length = 0;
    world.narrowphase.getContacts(p1, p2, world, contacts, pool, frictions, frictionPool);
    // Touching body pairs: a pair gives up to one equation per contact point.
    let touching = 0, lastA = null, lastB = null;
    for (const c of contacts) {
      if (c.bi !== lastA || c.bj !== lastB) ++touching;
      lastA = c.bi, lastB = c.bj;
    }
    return touching;
  };
  return { name: 'cannon-es 0.20.0 (SAP + narrowphase, no solver)', frame, dispose() {} };
}

// ---- Rapier3D -----------------------------------------------------------------------------------------------------
async function rapier() {
  const mod = await import('@dimforge/rapier3d-compat');
  const RAPIER = mod.default ?? mod;
  const warn = console.warn;
  console.warn = () => {}; // init() without arguments warns about its deprecated form
  try {
    await RAPIER.init();
  } finally {
    console.warn = warn;
  }
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  // Its own stage timers: how much of the step is collision detection (broad + narrow phase).
  world.profilerEnabled = true;
  const rigid = [], handleIndex = new Map();
  const p0 = poses[0];
  for (let i = 0; i < BODIES; ++i) {
    const o = 7 * i;
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.kinematicPositionBased()
        .setTranslation(p0[o], p0[o + 1], p0[o + 2])
        .setRotation({ x: p0[o + 3], y: p0[o + 4], z: p0[o + 5], w: p0[o + 6] }),
    );
    const desc = RAPIER.ColliderDesc.convexHull(meshes[shapeOf[i]].vertices);
    desc.setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL);
    desc.setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
    const c = world.createCollider(desc, body);
    rigid.push(body);
    handleIndex.set(c.handle, i);
  }
  const events = new RAPIER.EventQueue(true);
  let touching = 0;
  const onEvent = (h1, h2, started) => (touching += started ? 1 : -1);
  const pos = { x: 0, y: 0, z: 0 }, rot = { x: 0, y: 0, z: 0, w: 1 };
  const stages = { step: [], collision: [], broad: [], narrow: [] };
  const frame = (pose) => {
    for (let i = 0; i < BODIES; ++i) {
      const s = 7 * i;
      pos.x = pose[s], pos.y = pose[s + 1], pos.z = pose[s + 2];
      rot.x = pose[s + 3], rot.y = pose[s + 4], rot.z = pose[s + 5], rot.w = pose[s + 6];
      rigid[i].setTranslation(pos, false);
      rigid[i].setRotation(rot, false);
    }
    world.step(events);
    events.drainCollisionEvents(onEvent);
    stages.step.push(world.timingStep()), stages.collision.push(world.timingCollisionDetection());
    stages.broad.push(world.timingBroadPhase()), stages.narrow.push(world.timingNarrowPhase());
    return touching;
  };
  return { name: 'Rapier3D 0.21.0 (kinematic, world.step)', frame, stages, dispose: () => (events.free(), world.free()) };
}

// ---- one run, one table ---------------------------------------------------------------------------------------------
const ourRows = BROAD.map((bp) => satWasm(bp));
const ours = ourRows[0];
const rows = [...ourRows];
if (PEERS.includes('cannon')) rows.push(await cannon());
if (PEERS.includes('rapier')) rows.push(await rapier());
run(rows);
for (const row of rows) row.dispose();

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f2 = (x) => x.toFixed(2);
const oursMs = median(ours.ms);
console.log(`world3 scene: ${BODIES} moving hulls (8-20 vertices), ${FRAMES} timed frames after ${WARMUP} (repeated for at least ${WARMUP_S} s), contenders interleaved frame by frame, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)}`);
console.log('| contender | median ms/frame | p90 ms | median CPU ms/frame | contender / sat-wasm (wall, CPU) | touching pairs/frame |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const s = [...row.ms].sort((a, b) => a - b);
  const ratio = median(row.ms) / oursMs, cpuRatio = median(row.cpuMs) / median(ours.cpuMs);
  console.log(`| ${row.name} | ${f2(median(row.ms))} | ${f2(s[Math.floor(0.9 * (s.length - 1))])} | ${f2(median(row.cpuMs))} | ${ratio.toFixed(1)}x, ${cpuRatio.toFixed(1)}x | ${mean(row.results).toFixed(1)} |`);
}
for (const row of ourRows) {
  const rs = row.stages;
  console.log(`${row.name} stages, median ms: sync ${f2(median(rs.sync))}, broad ${f2(median(rs.broad))}, narrow ${f2(median(rs.narrow))}, events ${f2(median(rs.events))}; ` +
    `rest of the frame (transform writes in JS, the call) ${f2(median(rs.rest))}; ` +
    `per frame: ${mean(rs.candidates).toFixed(0)} candidate pairs, ${mean(rs.tests).toFixed(0)} shape tests, ${mean(rs.reinserted).toFixed(0)} re-insertions`);
}
const st = ours.stages;
const rap = rows.find((x) => x.name.startsWith('Rapier3D'));
if (rap) {
  const rs = rap.stages;
  const sum = median(st.sync) + median(st.broad) + median(st.narrow) + median(st.events);
  console.log(`Rapier3D's own timers, median ms: step ${f2(median(rs.step))}, collision detection ${f2(median(rs.collision))} (broad ${f2(median(rs.broad))}, narrow ${f2(median(rs.narrow))}); ` +
    `against World3's update stages (${f2(sum)}): ${(median(rs.collision) / sum).toFixed(2)}x`);
}
for (const [name, target] of [['cannon-es', 10], ['Rapier3D', 2]]) {
  const row = rows.find((x) => x.name.startsWith(name));
  if (!row) continue;
  const ratio = median(row.ms) / oursMs;
  console.log(`target >= ${target}x ${name}: ${ratio >= target ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x${ratio >= target ? '' : `; sat-wasm would need ${f2((median(row.ms) / target))} ms/frame`})`);
}
for (const h of hulls) h.dispose();
