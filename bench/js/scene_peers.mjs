// The libraries of the world benchmark (bench/js/scene.mjs), each behind the same small interface:
//   const run = await setup(scene)        // bodies created at the scene's initial transforms
//   run.frame(scene) -> touching pairs    // one timed frame: move every body, update, collect every touching pair
//                                         // with its normal and depth (summed into run.checksum so nothing is skipped)
//   run.dispose()
// Every library gets the same polygons (local vertices about the same origin), the same transforms and uses its
// own collision detection only (no solver where it can be avoided); what each measures is stated in `what`.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TRANSFORM_STRIDE } from '../../dist/index.js';
import { addBodies, writePoses } from './scene_data.mjs';

const require = createRequire(import.meta.url);

/** Centroid of a flat polygon (Matter positions bodies at their centroid). */
function centroid(pts) {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = pts.length / 2;
  for (let i = 0; i < n; i++) {
    const x0 = pts[2 * i];
    const y0 = pts[2 * i + 1];
    const x1 = pts[2 * ((i + 1) % n)];
    const y1 = pts[2 * ((i + 1) % n) + 1];
    const cr = x0 * y1 - x1 * y0;
    a += cr;
    cx += (x0 + x1) * cr;
    cy += (y0 + y1) * cr;
  }
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

/** The polygon of body i as sat-wasm's maker sees it; the box fallback of bench_world.cpp if it is refused. */
export function satShape(sat, poly) {
  try {
    return sat.polygon(poly.points);
  } catch {
    return sat.box(poly.radius, poly.radius);
  }
}

/** Local vertices of every body as stored by sat-wasm (counter-clockwise, cleaned), flat. */
export function storedPolygons(shapes) {
  return shapes.map((s) => s.vertices.flatMap((v) => [v.x, v.y]));
}

/**
 * Sort-and-sweep on x over the bodies' boxes, as a plain JavaScript program would write it: the order persists
 * between frames (insertion sort of a nearly sorted array), then each body is swept against the ones after it
 * until their lower x passes its upper x. Calls onPair(i, j) for every box-overlapping pair.
 */
function makeSweep(n) {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return function sweep(minX, maxX, minY, maxY, onPair) {
    for (let i = 1; i < n; i++) {
      const k = order[i];
      const v = minX[k];
      let j = i - 1;
      while (j >= 0 && minX[order[j]] > v) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = k;
    }
    for (let p = 0; p < n; p++) {
      const i = order[p];
      const hx = maxX[i];
      const ly = minY[i];
      const hy = maxY[i];
      for (let q = p + 1; q < n; q++) {
        const j = order[q];
        if (minX[j] > hx) break;
        if (minY[j] > hy || maxY[j] < ly) continue;
        onPair(i, j);
      }
    }
  };
}

export const peers = [
  {
    name: 'sat-wasm',
    what: 'World (grid broad phase), bulk path: positions written into world.transforms, one world.update(), contacts read from typed-array views',
    async setup(scene, ctx) {
      const { sat, shapes } = ctx;
      const world = sat.createWorld({ broadPhase: 'grid', capacity: scene.n });
      const slot = addBodies(world, shapes, scene, TRANSFORM_STRIDE);
      world.update();
      const run = {
        checksum: 0,
        frame(s) {
          writePoses(world.transforms, slot, s);
          world.update();
          const c = world.contacts;
          const f32 = c.f32;
          const u32 = c.u32;
          const count = c.count;
          let sum = 0;
          for (let k = 0, o = 0; k < count; k++, o += 16) sum += f32[o + 2] + f32[o + 3] + f32[o + 4] + (u32[o] & 1);
          run.checksum += sum;
          return count;
        },
        dispose() {
          world.dispose();
        },
      };
      return run;
    },
  },
  {
    name: 'JS SAP+SAT',
    what: 'plain JavaScript, hand-tuned: typed arrays, world vertices and edge normals per frame, persistent sort-and-sweep on x, SAT over both polygons\' edge normals giving the minimum-translation normal and depth; no allocation per frame',
    async setup(scene, ctx) {
      const n = scene.n;
      const offset = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) offset[i + 1] = offset[i] + ctx.polygons[i].length / 2;
      const total = offset[n];
      const lx = new Float64Array(total);
      const ly = new Float64Array(total);
      const lnx = new Float64Array(total); // local edge normals (unit, outward): rotated per frame
      const lny = new Float64Array(total);
      for (let i = 0; i < n; i++) {
        const pts = ctx.polygons[i];
        const m = pts.length / 2;
        for (let k = 0; k < m; k++) {
          const o = offset[i] + k;
          lx[o] = pts[2 * k];
          ly[o] = pts[2 * k + 1];
          const k1 = (k + 1) % m;
          const ex = pts[2 * k1] - pts[2 * k];
          const ey = pts[2 * k1 + 1] - pts[2 * k + 1];
          const len = Math.hypot(ex, ey);
          lnx[o] = ey / len;
          lny[o] = -ex / len;
        }
      }
      const wx = new Float64Array(total);
      const wy = new Float64Array(total);
      const nx = new Float64Array(total);
      const ny = new Float64Array(total);
      const minX = new Float64Array(n);
      const maxX = new Float64Array(n);
      const minY = new Float64Array(n);
      const maxY = new Float64Array(n);
      const sweep = makeSweep(n);
      let count = 0;
      let sum = 0;
      // Least overlap over the edge normals of `from` (projections of both polygons); -1 when one separates.
      let axisX = 0;
      let axisY = 0;
      function leastOverlap(from, a, b, best) {
        for (let e = offset[from], ee = offset[from + 1]; e < ee; e++) {
          const ax = nx[e];
          const ay = ny[e];
          let loA = Infinity;
          let hiA = -Infinity;
          for (let k = offset[a], kk = offset[a + 1]; k < kk; k++) {
            const d = wx[k] * ax + wy[k] * ay;
            if (d < loA) loA = d;
            if (d > hiA) hiA = d;
          }
          let loB = Infinity;
          let hiB = -Infinity;
          for (let k = offset[b], kk = offset[b + 1]; k < kk; k++) {
            const d = wx[k] * ax + wy[k] * ay;
            if (d < loB) loB = d;
            if (d > hiB) hiB = d;
          }
          const o = (hiA < hiB ? hiA : hiB) - (loA > loB ? loA : loB);
          if (o < 0) return -1;
          if (o < best) {
            best = o;
            axisX = ax;
            axisY = ay;
          }
        }
        return best;
      }
      const onPair = (a, b) => {
        let best = leastOverlap(a, a, b, Infinity);
        if (best < 0) return;
        best = leastOverlap(b, a, b, best);
        if (best < 0) return;
        count++;
        sum += Math.abs(axisX) + Math.abs(axisY) + best;
      };
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle } = s;
          for (let i = 0; i < n; i++) {
            const c = Math.cos(angle[i]);
            const sn = Math.sin(angle[i]);
            const px = x[i];
            const py = y[i];
            let x0 = Infinity;
            let x1 = -Infinity;
            let y0 = Infinity;
            let y1 = -Infinity;
            for (let k = offset[i], kk = offset[i + 1]; k < kk; k++) {
              const vx = c * lx[k] - sn * ly[k] + px;
              const vy = sn * lx[k] + c * ly[k] + py;
              wx[k] = vx;
              wy[k] = vy;
              nx[k] = c * lnx[k] - sn * lny[k];
              ny[k] = sn * lnx[k] + c * lny[k];
              if (vx < x0) x0 = vx;
              if (vx > x1) x1 = vx;
              if (vy < y0) y0 = vy;
              if (vy > y1) y1 = vy;
            }
            minX[i] = x0;
            maxX[i] = x1;
            minY[i] = y0;
            maxY[i] = y1;
          }
          count = 0;
          sum = 0;
          sweep(minX, maxX, minY, maxY, onPair);
          run.checksum += sum;
          return count;
        },
        dispose() {},
      };
      return run;
    },
  },
  {
    name: 'SAT.js',
    pkg: 'sat',
    what: 'SAT.js 0.9 testPolygonPolygon (MTV in its Response) on every box-overlapping pair of the same plain-JavaScript sort-and-sweep (SAT.js has no broad phase); pos and setAngle per body per frame, boxes from its calcPoints',
    async setup(scene, ctx) {
      const SAT = require('sat');
      const n = scene.n;
      const polys = [];
      for (let i = 0; i < n; i++) {
        const pts = ctx.polygons[i];
        const vs = [];
        for (let k = 0; k < pts.length; k += 2) vs.push(new SAT.Vector(pts[k], pts[k + 1]));
        polys.push(new SAT.Polygon(new SAT.Vector(scene.x[i], scene.y[i]), vs));
      }
      const minX = new Float64Array(n);
      const maxX = new Float64Array(n);
      const minY = new Float64Array(n);
      const maxY = new Float64Array(n);
      const sweep = makeSweep(n);
      const response = new SAT.Response();
      let count = 0;
      let sum = 0;
      const onPair = (a, b) => {
        response.clear();
        if (!SAT.testPolygonPolygon(polys[a], polys[b], response)) return;
        count++;
        sum += Math.abs(response.overlapN.x) + Math.abs(response.overlapN.y) + response.overlap;
      };
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle } = s;
          for (let i = 0; i < n; i++) {
            const p = polys[i];
            p.pos.x = x[i];
            p.pos.y = y[i];
            p.setAngle(angle[i]);
            const pts = p.calcPoints;
            let x0 = Infinity;
            let x1 = -Infinity;
            let y0 = Infinity;
            let y1 = -Infinity;
            for (let k = 0; k < pts.length; k++) {
              const vx = pts[k].x;
              const vy = pts[k].y;
              if (vx < x0) x0 = vx;
              if (vx > x1) x1 = vx;
              if (vy < y0) y0 = vy;
              if (vy > y1) y1 = vy;
            }
            minX[i] = x0 + x[i];
            maxX[i] = x1 + x[i];
            minY[i] = y0 + y[i];
            maxY[i] = y1 + y[i];
          }
          count = 0;
          sum = 0;
          sweep(minX, maxX, minY, maxY, onPair);
          run.checksum += sum;
          return count;
        },
        dispose() {},
      };
      return run;
    },
  },
  {
    name: 'Matter.js',
    pkg: 'matter-js',
    what: 'Matter.Detector (its broad phase + SAT, no Engine, no solver): Body.setPosition + Body.setAngle per body, Detector.collisions()',
    async setup(scene, ctx) {
      const Matter = require('matter-js');
      const bodies = [];
      const centres = [];
      for (let i = 0; i < scene.n; i++) {
        const pts = ctx.polygons[i];
        const c = centroid(pts);
        const verts = [];
        for (let k = 0; k < pts.length; k += 2) verts.push({ x: pts[k], y: pts[k + 1] });
        const body = Matter.Body.create({ vertices: verts, position: { x: c.x, y: c.y } });
        bodies.push(body);
        centres.push(c);
      }
      // A copy: the detector sorts its array in place every call.
      const detector = Matter.Detector.create({ bodies: bodies.slice() });
      const pos = { x: 0, y: 0 };
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle, n } = s;
          for (let i = 0; i < n; i++) {
            const a = angle[i];
            const c = centres[i];
            const cs = Math.cos(a);
            const sn = Math.sin(a);
            pos.x = x[i] + cs * c.x - sn * c.y;
            pos.y = y[i] + sn * c.x + cs * c.y;
            Matter.Body.setPosition(bodies[i], pos);
            Matter.Body.setAngle(bodies[i], a);
          }
          const collisions = Matter.Detector.collisions(detector);
          let sum = 0;
          for (let k = 0; k < collisions.length; k++) {
            const col = collisions[k];
            sum += col.normal.x + col.normal.y + col.depth;
          }
          run.checksum += sum;
          return collisions.length;
        },
        dispose() {
          Matter.Detector.clear(detector);
        },
      };
      return run;
    },
  },
  {
    name: 'check2d',
    pkg: 'detect-collisions',
    what: 'detect-collisions (check2d) System: setPosition/setAngle(…, false) per body, system.update() (R-tree), checkAll() with its SAT response',
    async setup(scene, ctx) {
      const { System } = require('detect-collisions');
      const system = new System();
      const bodies = [];
      const index = new Map();
      for (let i = 0; i < scene.n; i++) {
        const pts = ctx.polygons[i];
        const verts = [];
        for (let k = 0; k < pts.length; k += 2) verts.push({ x: pts[k], y: pts[k + 1] });
        const body = system.createPolygon({ x: scene.x[i], y: scene.y[i] }, verts);
        body.setAngle(scene.angle[i]);
        bodies.push(body);
        index.set(body, i);
      }
      system.update();
      let count = 0;
      let sum = 0;
      // checkAll visits each touching pair from both sides; count it once (from its smaller index).
      const onHit = (r) => {
        if (index.get(r.a) < index.get(r.b)) {
          count++;
          sum += r.overlapN.x + r.overlapN.y + r.overlap;
        }
        return false; // keep going
      };
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle, n } = s;
          for (let i = 0; i < n; i++) {
            const b = bodies[i];
            b.setPosition(x[i], y[i], false);
            b.setAngle(angle[i], false);
          }
          system.update();
          count = 0;
          sum = 0;
          system.checkAll(onHit);
          run.checksum += sum;
          return count;
        },
        dispose() {
          system.clear?.();
        },
      };
      return run;
    },
  },
  {
    name: 'Rapier2D',
    pkg: '@dimforge/rapier2d-compat',
    what: 'Rapier 2D (WASM): kinematic position-based bodies with convex-hull colliders (KINEMATIC_KINEMATIC pairs enabled), teleported with setTranslation/setRotation, world.step() (kinematic bodies are not solved: broad + narrow phase), touching pairs from collision events, normal and depth per pair via world.contactPair()',
    async setup(scene, ctx) {
      const mod = await import('@dimforge/rapier2d-compat');
      const RAPIER = mod.default ?? mod;
      // Silence the deprecation warning of init() with no arguments in recent versions.
      const warn = console.warn;
      console.warn = () => {};
      try {
        await RAPIER.init();
      } finally {
        console.warn = warn;
      }
      const world = new RAPIER.World({ x: 0, y: 0 });
      const colliders = [];
      const rigid = [];
      const handleIndex = new Map();
      for (let i = 0; i < scene.n; i++) {
        const body = world.createRigidBody(
          RAPIER.RigidBodyDesc.kinematicPositionBased().setTranslation(scene.x[i], scene.y[i]).setRotation(scene.angle[i]),
        );
        const desc = RAPIER.ColliderDesc.convexHull(new Float32Array(ctx.polygons[i]));
        if (!desc) throw new Error(`Rapier refused polygon ${i}`);
        desc.setActiveCollisionTypes(RAPIER.ActiveCollisionTypes.ALL);
        desc.setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
        const c = world.createCollider(desc, body);
        colliders.push(c);
        rigid.push(body);
        handleIndex.set(c.handle, i);
      }
      const events = new RAPIER.EventQueue(true);
      const touching = new Map(); // key -> [handle1, handle2]
      const onEvent = (h1, h2, started) => {
        const a = handleIndex.get(h1);
        const b = handleIndex.get(h2);
        const k = a < b ? a * 1048576 + b : b * 1048576 + a;
        if (started) touching.set(k, [a, b]);
        else touching.delete(k);
      };
      world.step(events);
      events.drainCollisionEvents(onEvent);
      const pos = { x: 0, y: 0 };
      let sum = 0;
      let count = 0;
      const onManifold = (m) => {
        const k = m.numContacts();
        if (k === 0) return;
        let dist = m.contactDist(0);
        for (let p = 1; p < k; p++) dist = Math.min(dist, m.contactDist(p));
        if (dist > 0) return; // within Rapier's prediction distance but apart
        const nrm = m.normal();
        sum += nrm.x + nrm.y - dist;
        count++;
      };
      const run = {
        checksum: 0,
        stepMs: [],
        frame(s) {
          const { x, y, angle, n } = s;
          for (let i = 0; i < n; i++) {
            pos.x = x[i];
            pos.y = y[i];
            rigid[i].setTranslation(pos, true);
            rigid[i].setRotation(angle[i], true);
          }
          world.step(events);
          events.drainCollisionEvents(onEvent);
          sum = 0;
          count = 0;
          for (const [a, b] of touching.values()) world.contactPair(colliders[a], colliders[b], onManifold);
          run.checksum += sum;
          return count;
        },
        dispose() {
          events.free();
          world.free();
        },
      };
      return run;
    },
  },
  {
    name: 'box2d-wasm',
    pkg: 'box2d-wasm',
    what: 'box2d-wasm (Box2D 2.4.1, WASM): dynamic bodies (static/kinematic pairs are never collided by Box2D), gravity 0, sleeping off, SetTransform per body, world.Step(1/60, 0, 0) (no solver iterations), touching contacts walked with GetWorldManifold',
    async setup(scene, ctx) {
      const factory = require('box2d-wasm');
      const entry = require.resolve('box2d-wasm');
      const dir = dirname(entry);
      const simd = WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]));
      const B = await factory({ wasmBinary: readFileSync(join(dir, simd ? 'Box2D.simd.wasm' : 'Box2D.wasm')) });
      const world = new B.b2World(new B.b2Vec2(0, 0));
      world.SetAllowSleeping(false);
      world.SetContinuousPhysics(false);
      const bodies = [];
      const bd = new B.b2BodyDef();
      bd.set_type(B.b2_dynamicBody);
      const shape = new B.b2PolygonShape();
      const fd = new B.b2FixtureDef();
      fd.set_density(1);
      const vecs = B._malloc(8 * 8);
      const index = new Map();
      for (let i = 0; i < scene.n; i++) {
        const pts = ctx.polygons[i];
        const count = pts.length / 2;
        for (let k = 0; k < pts.length; k++) B.HEAPF32[(vecs >> 2) + k] = pts[k];
        shape.Set(B.wrapPointer(vecs, B.b2Vec2), count);
        fd.set_shape(shape);
        bd.set_position(new B.b2Vec2(scene.x[i], scene.y[i]));
        bd.set_angle(scene.angle[i]);
        const body = world.CreateBody(bd);
        body.CreateFixture(fd);
        bodies.push(body);
        index.set(B.getPointer(body), i);
      }
      B._free(vecs);
      const wm = new B.b2WorldManifold();
      const v = new B.b2Vec2(0, 0);
      const zero = new B.b2Vec2(0, 0);
      const nullPtr = 0;
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle, n } = s;
          for (let i = 0; i < n; i++) {
            v.set_x(x[i]);
            v.set_y(y[i]);
            bodies[i].SetTransform(v, angle[i]);
            bodies[i].SetLinearVelocity(zero);
            bodies[i].SetAngularVelocity(0);
          }
          world.Step(1 / 60, 0, 0);
          let count = 0;
          let sum = 0;
          for (let c = world.GetContactList(); B.getPointer(c) !== nullPtr; c = c.GetNext()) {
            if (!c.IsTouching()) continue;
            c.GetWorldManifold(wm);
            const m = c.GetManifold();
            const nrm = wm.get_normal();
            let depth = 0;
            for (let p = 0; p < m.get_pointCount(); p++) depth = Math.max(depth, -wm.get_separations(p));
            sum += nrm.get_x() + nrm.get_y() + depth + (B.getPointer(c.GetFixtureA().GetBody()) & 1);
            count++;
          }
          run.checksum += sum;
          return count;
        },
        dispose() {
          B.destroy(world);
        },
      };
      return run;
    },
  },
  {
    name: 'Planck.js',
    pkg: 'planck',
    what: 'Planck.js (Box2D in JS): dynamic bodies, gravity 0, sleeping off, setTransform per body, world.step(1/60, 0, 0) (no solver iterations), touching contacts walked with getWorldManifold',
    async setup(scene, ctx) {
      const planck = require('planck');
      const world = new planck.World({ gravity: { x: 0, y: 0 }, allowSleep: false, continuousPhysics: false });
      const bodies = [];
      for (let i = 0; i < scene.n; i++) {
        const pts = ctx.polygons[i];
        const verts = [];
        for (let k = 0; k < pts.length; k += 2) verts.push(planck.Vec2(pts[k], pts[k + 1]));
        const body = world.createBody({ type: 'dynamic', position: planck.Vec2(scene.x[i], scene.y[i]), angle: scene.angle[i] });
        body.createFixture(new planck.Polygon(verts), { density: 1 });
        bodies.push(body);
      }
      const p = planck.Vec2(0, 0);
      const zero = planck.Vec2(0, 0);
      const run = {
        checksum: 0,
        frame(s) {
          const { x, y, angle, n } = s;
          for (let i = 0; i < n; i++) {
            p.x = x[i];
            p.y = y[i];
            bodies[i].setTransform(p, angle[i]);
            bodies[i].setLinearVelocity(zero);
            bodies[i].setAngularVelocity(0);
          }
          world.step(1 / 60, 0, 0);
          let count = 0;
          let sum = 0;
          for (let c = world.getContactList(); c; c = c.getNext()) {
            if (!c.isTouching()) continue;
            const wm = c.getWorldManifold(null);
            let depth = 0;
            for (const sep of wm.separations) depth = Math.max(depth, -sep);
            sum += wm.normal.x + wm.normal.y + depth;
            count++;
          }
          run.checksum += sum;
          return count;
        },
        dispose() {},
      };
      return run;
    },
  },
];
