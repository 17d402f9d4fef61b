// The stress scene, side by side: the same bodies at the same transforms given to another collision library
// every step, collision detection only (no solver), timed next to world.update(). Each library gets the bodies'
// convex parts as polygons (a circle as its 12-gon outline, a capsule as its outline), scaled like the bodies.
import Matter from 'matter-js';
import type Box2DFactory from 'box2d-wasm';
import { System, type Body as CheckBody } from 'detect-collisions';

export type PeerName = 'matter' | 'check2d' | 'box2d';

export interface Peer {
  readonly label: string;
  /** what exactly is timed */
  readonly what: string;
  /** Moves every body to the world's transforms and runs the library's detection; returns the touching pairs. */
  frame(t: Float32Array, slots: Uint32Array, n: number): number;
  dispose(): void;
}

/** Area centroid of a flat convex polygon (Matter keeps a body at its centroid). */
function centroid(p: Float32Array): { x: number; y: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const n = p.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const cr = p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
    a += cr;
    cx += (p[2 * i] + p[2 * j]) * cr;
    cy += (p[2 * i + 1] + p[2 * j + 1]) * cr;
  }
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

type Box2DModule = Awaited<ReturnType<typeof Box2DFactory>>;
let box2d: Promise<Box2DModule> | null = null;
/** box2d-wasm, loaded on first use (its module picks its SIMD build itself). */
export function loadBox2D(): Promise<Box2DModule> {
  box2d ??= import('box2d-wasm').then((m) => m.default());
  return box2d;
}

/** Box2D polygons hold at most 8 vertices: longer outlines are thinned to 8 of their points. */
function atMost8(o: Float32Array): Float32Array {
  const n = o.length / 2;
  if (n <= 8) return o;
  const out = new Float32Array(16);
  for (let k = 0; k < 8; k++) {
    const i = Math.floor((k * n) / 8);
    out[2 * k] = o[2 * i];
    out[2 * k + 1] = o[2 * i + 1];
  }
  return out;
}

/**
 * box2d-wasm (Box2D 2.4): dynamic bodies (Box2D never collides static or kinematic pairs), gravity 0, no sleeping,
 * SetTransform per body, Step(1/60, 0, 0) (no solver iterations), touching contacts walked from the contact list.
 * `round[k]` is the radius when kind k is a circle (then a b2CircleShape), else 0.
 */
export function createBox2DPeer(B: Box2DModule, outlines: Float32Array[][], round: number[], kinds: Uint8Array, n: number, scale: number, t: Float32Array, slots: Uint32Array): Peer {
  const world = new B.b2World(new B.b2Vec2(0, 0));
  world.SetAllowSleeping(false);
  world.SetContinuousPhysics(false);
  const bd = new B.b2BodyDef();
  bd.set_type(B.b2_dynamicBody);
  const poly = new B.b2PolygonShape();
  const circle = new B.b2CircleShape();
  const fd = new B.b2FixtureDef();
  fd.set_density(1);
  const vecs = B._malloc(8 * 8);
  const bodies: InstanceType<Box2DModule['b2Body']>[] = [];
  const ownerOf = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const o = slots[i] * 5;
    bd.set_position(new B.b2Vec2(t[o], t[o + 1]));
    bd.set_angle(t[o + 2]);
    const body = world.CreateBody(bd);
    if (round[kinds[i]] > 0) {
      circle.set_m_radius(round[kinds[i]] * scale);
      fd.set_shape(circle);
      body.CreateFixture(fd);
    } else {
      for (const part of outlines[kinds[i]]) {
        const p = atMost8(part);
        for (let k = 0; k < p.length; k++) B.HEAPF32[(vecs >> 2) + k] = p[k] * scale;
        poly.Set(B.wrapPointer(vecs, B.b2Vec2), p.length / 2);
        fd.set_shape(poly);
        body.CreateFixture(fd);
      }
    }
    bodies.push(body);
    ownerOf.set(B.getPointer(body), i);
  }
  B._free(vecs);
  const v = new B.b2Vec2(0, 0);
  const zero = new B.b2Vec2(0, 0);
  const seen = new Set<number>();
  return {
    label: 'box2d-wasm',
    what: 'box2d-wasm (Box2D 2.4, WASM): dynamic bodies, gravity 0, no sleeping, SetTransform per body, world.Step(1/60, 0, 0) (no solver iterations), touching contacts walked from GetContactList(); polygons thinned to Box2D\'s 8 vertices',
    frame(tr, sl, count) {
      for (let i = 0; i < count; i++) {
        const o = sl[i] * 5;
        v.set_x(tr[o]);
        v.set_y(tr[o + 1]);
        bodies[i].SetTransform(v, tr[o + 2]);
        bodies[i].SetLinearVelocity(zero);
        bodies[i].SetAngularVelocity(0);
      }
      world.Step(1 / 60, 0, 0);
      seen.clear();
      for (let c = world.GetContactList(); B.getPointer(c) !== 0; c = c.GetNext()) {
        if (!c.IsTouching()) continue;
        const a = ownerOf.get(B.getPointer(c.GetFixtureA().GetBody()))!;
        const b = ownerOf.get(B.getPointer(c.GetFixtureB().GetBody()))!;
        seen.add(a < b ? a * 2097152 + b : b * 2097152 + a);
      }
      return seen.size;
    },
    dispose() {
      B.destroy(world);
    },
  };
}

/**
 * A peer holding one body per convex part of each of the n bodies. `outlines[kinds[i]]` are body i's parts in
 * its unit frame; `scale` is the bodies' scale.
 */
export function createPeer(name: PeerName, outlines: Float32Array[][], kinds: Uint8Array, n: number, scale: number, t: Float32Array, slots: Uint32Array): Peer {
  // owner[k]: the body a peer part belongs to. Touching pairs are counted per pair of bodies, as the World counts
  // them (two concave bodies may touch through several pairs of parts).
  const owner: number[] = [];
  const seen = new Set<number>();
  const countPair = (a: number, b: number) => {
    if (a === b) return;
    seen.add(a < b ? a * 2097152 + b : b * 2097152 + a);
  };
  if (name === 'matter') {
    const parts: ReturnType<typeof Matter.Body.create>[] = [];
    const offsets: { x: number; y: number }[] = [];
    for (let i = 0; i < n; i++) {
      for (const o of outlines[kinds[i]]) {
        const c = centroid(o);
        const verts = [];
        for (let k = 0; k < o.length; k += 2) verts.push({ x: o[k] * scale, y: o[k + 1] * scale });
        // A negative group shared by the parts of one body: Matter never pairs them with each other.
        const position = { x: t[slots[i] * 5] + c.x * scale, y: t[slots[i] * 5 + 1] + c.y * scale };
        parts.push(Matter.Body.create({ vertices: verts, position, collisionFilter: { group: -(i + 1) } }));
        offsets.push({ x: c.x * scale, y: c.y * scale });
        owner.push(i);
      }
    }
    const detector = Matter.Detector.create({ bodies: parts.slice() });
    const ownerOf = new Map(parts.map((p, k) => [p, owner[k]]));
    const pos = { x: 0, y: 0 };
    return {
      label: 'Matter.js',
      what: 'Matter.Detector (its broad phase + SAT; no Engine, no solver): Body.setPosition + setAngle per part, Detector.collisions()',
      frame(tr, sl, count) {
        let k = 0;
        for (let i = 0; i < count; i++) {
          const o = sl[i] * 5;
          const a = tr[o + 2];
          const cs = Math.cos(a);
          const sn = Math.sin(a);
          while (k < owner.length && owner[k] === i) {
            const c = offsets[k];
            pos.x = tr[o] + cs * c.x - sn * c.y;
            pos.y = tr[o + 1] + sn * c.x + cs * c.y;
            Matter.Body.setPosition(parts[k], pos);
            Matter.Body.setAngle(parts[k], a);
            k++;
          }
        }
        const collisions = Matter.Detector.collisions(detector);
        seen.clear();
        for (const c of collisions) countPair(ownerOf.get(c.bodyA)!, ownerOf.get(c.bodyB)!);
        return seen.size;
      },
      dispose() {
        Matter.Detector.clear(detector);
      },
    };
  }
  const system = new System();
  const bodies: CheckBody[] = [];
  for (let i = 0; i < n; i++) {
    for (const o of outlines[kinds[i]]) {
      const verts = [];
      for (let k = 0; k < o.length; k += 2) verts.push({ x: o[k] * scale, y: o[k + 1] * scale });
      const b = system.createPolygon({ x: t[slots[i] * 5], y: t[slots[i] * 5 + 1] }, verts);
      b.setAngle(t[slots[i] * 5 + 2]);
      bodies.push(b);
      owner.push(i);
    }
  }
  const index = new Map<CheckBody, number>();
  bodies.forEach((b, k) => index.set(b, k));
  system.update();
  const onHit = (r: { a: CheckBody; b: CheckBody }) => {
    // checkAll reports each touching pair from both sides; the set keeps one.
    countPair(owner[index.get(r.a)!], owner[index.get(r.b)!]);
    return false;
  };
  return {
    label: 'detect-collisions',
    what: 'detect-collisions (check2d) System: setPosition / setAngle(…, false) per part, system.update() (its R-tree), checkAll()',
    frame(tr, sl, count) {
      let k = 0;
      for (let i = 0; i < count; i++) {
        const o = sl[i] * 5;
        while (k < owner.length && owner[k] === i) {
          bodies[k].setPosition(tr[o], tr[o + 1], false);
          bodies[k].setAngle(tr[o + 2], false);
          k++;
        }
      }
      system.update();
      seen.clear();
      system.checkAll(onHit);
      return seen.size;
    },
    dispose() {
      system.clear();
    },
  };
}
