/**
 * Enter / stay / exit for collider pairs, from the touching pairs of each world update. A pair is keyed by its two
 * colliders (not body ids), so a collider whose body is made again (new shape, new shear) keeps its contacts as
 * stays; when `isTrigger` changes while a pair touches, the old kind's exit and the new kind's enter are emitted. Event objects are kept per pair and side and reused while the pair touches.
 */
import { EventTarget, Vec3 } from 'cc';
import type { World3 } from '../lib/3d.js';
import { SATCollisionEventType3D as T, type SATCollider3D, type SATCollisionEvent3D, type SATContact3D } from '../components3d/SATCollider3D';
import type { BodyTable3 } from './bodies3d';

class Contact3 implements SATContact3D {
  readonly point = new Vec3();
  readonly normal = new Vec3();
  depth = 0;
  getWorldPointOnA(out: Vec3): Vec3 {
    return Vec3.scaleAndAdd(out, this.point, this.normal, this.depth / 2);
  }
  getWorldPointOnB(out: Vec3): Vec3 {
    return Vec3.scaleAndAdd(out, this.point, this.normal, -this.depth / 2);
  }
  getWorldNormalOnA(out: Vec3): Vec3 {
    return Vec3.copy(out, this.normal);
  }
  getWorldNormalOnB(out: Vec3): Vec3 {
    return Vec3.negate(out, this.normal);
  }
}

class Event3 implements SATCollisionEvent3D {
  type = '';
  readonly normal = new Vec3();
  depth = 0;
  isTrigger = false;
  readonly contacts: Contact3[] = [];
  private readonly pool: Contact3[] = [];
  constructor(readonly selfCollider: SATCollider3D, readonly otherCollider: SATCollider3D) {}

  /** Fills the contacts from the heap (sign +1: the world's normal points from self to other, -1: the reverse). */
  fill(f: Float32Array, u: Uint32Array, c: number, sign: number): void {
    const n = u[c + 6] & 0xff;
    this.normal.set(sign * f[c + 2], sign * f[c + 3], sign * f[c + 4]);
    this.depth = f[c + 5];
    while (this.pool.length < n) this.pool.push(new Contact3());
    this.contacts.length = 0;
    for (let i = 0; i < n; i++) {
      const q = c + 8 + 5 * i, k = this.pool[i];
      k.point.set(f[q], f[q + 1], f[q + 2]);
      Vec3.copy(k.normal, this.normal);
      k.depth = f[q + 3];
      this.contacts.push(k);
    }
  }

  clear(): void {
    this.contacts.length = 0;
    this.depth = 0;
  }
}

interface Pair3 {
  key: number;
  a: SATCollider3D;
  b: SATCollider3D;
  evA: Event3;
  evB: Event3;
  stamp: number;
  trigger: boolean;
}

const pairKey = (a: SATCollider3D, b: SATCollider3D) => (a._key < b._key ? a._key * 2097152 + b._key : b._key * 2097152 + a._key);

export class ContactEvents3 {
  private readonly pairs = new Map<number, Pair3>();
  private stamp = 0;
  private readonly entered: Pair3[] = [];
  private readonly stayed: Pair3[] = [];
  private readonly exited: Pair3[] = [];
  private readonly switched: Pair3[] = [];

  constructor(private readonly target: EventTarget) {}

  /** Reads the last update's touching pairs and emits enters, then stays, then exits. */
  run(world: World3, bodies: BodyTable3): void {
    const stamp = ++this.stamp;
    const fr = world.frame, f = world.heapF32, u = world.heapU32;
    this.entered.length = 0;
    this.stayed.length = 0;
    this.exited.length = 0;
    this.switched.length = 0;
    for (let i = 0; i < fr.contactCount; i++) {
      const c = fr.contacts + fr.contactWords * i;
      const ra = bodies.byId.get(u[c]), rb = bodies.byId.get(u[c + 1]);
      // colliders of one node are one body in Cocos' physics: they never meet each other
      if (!ra || !rb || ra.collider.node === rb.collider.node) continue;
      const key = pairKey(ra.collider, rb.collider);
      let pair = this.pairs.get(key);
      if (!pair) {
        const [a, b] = ra.collider._key < rb.collider._key ? [ra.collider, rb.collider] : [rb.collider, ra.collider];
        pair = { key, a, b, evA: new Event3(a, b), evB: new Event3(b, a), stamp, trigger: false };
        this.pairs.set(key, pair);
        this.entered.push(pair);
      } else {
        pair.stamp = stamp;
        this.stayed.push(pair);
      }
      const trigger = pair.a.isTrigger || pair.b.isTrigger;
      if (trigger !== pair.trigger && this.entered[this.entered.length - 1] !== pair) {
        // isTrigger changed while touching: the old kind of events exits, the new one enters
        this.switched.push(pair);
        this.stayed.pop();
      }
      pair.trigger = trigger;
      const aIsWorldA = pair.a === ra.collider;
      pair.evA.fill(f, u, c, aIsWorldA ? 1 : -1);
      pair.evB.fill(f, u, c, aIsWorldA ? -1 : 1);
    }
    for (const pair of this.pairs.values()) if (pair.stamp !== stamp) this.exited.push(pair);
    for (const pair of this.entered) {
      pair.a._touching?.add(pair.b);
      pair.b._touching?.add(pair.a);
      this.emit(pair, pair.trigger ? T.TRIGGER_ENTER : T.COLLISION_ENTER);
    }
    for (const pair of this.switched) {
      if (this.pairs.get(pair.key) !== pair) continue;
      this.emit(pair, pair.trigger ? T.COLLISION_EXIT : T.TRIGGER_EXIT, !pair.trigger);
      if (this.pairs.get(pair.key) === pair) this.emit(pair, pair.trigger ? T.TRIGGER_ENTER : T.COLLISION_ENTER);
    }
    for (const pair of this.stayed) this.emit(pair, pair.trigger ? T.TRIGGER_STAY : T.COLLISION_STAY);
    for (const pair of this.exited) this.exit(pair);
  }

  /** Ends every pair of a collider now (it is being disabled or destroyed). */
  endAll(c: SATCollider3D): void {
    for (const other of c.touching) {
      const pair = this.pairs.get(pairKey(c, other));
      if (pair) this.exit(pair);
    }
  }

  /** Ends every pair (the world is going away). */
  endEverything(): void {
    for (const pair of [...this.pairs.values()]) this.exit(pair);
  }

  private exit(pair: Pair3): void {
    if (this.pairs.get(pair.key) !== pair) return; // already ended from a handler
    this.pairs.delete(pair.key);
    pair.a._touching?.delete(pair.b);
    pair.b._touching?.delete(pair.a);
    pair.evA.clear();
    pair.evB.clear();
    this.emit(pair, pair.trigger ? T.TRIGGER_EXIT : T.COLLISION_EXIT);
  }

  /** On the manager (as A sees it), then on A, then on B; skipped when a handler already ended the pair. */
  private emit(pair: Pair3, type: string, trigger = pair.trigger): void {
    pair.evA.type = type;
    pair.evB.type = type;
    pair.evA.isTrigger = trigger;
    pair.evB.isTrigger = trigger;
    const exit = type === T.COLLISION_EXIT || type === T.TRIGGER_EXIT;
    this.target.emit(type, pair.evA);
    if (exit || this.pairs.get(pair.key) === pair) pair.a._emit(pair.evA);
    if (exit || this.pairs.get(pair.key) === pair) pair.b._emit(pair.evB);
  }
}
