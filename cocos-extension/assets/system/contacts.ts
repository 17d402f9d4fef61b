/**
 * Contact objects handed to event handlers, and the queue of events waiting to be emitted. A touching pair has
 * two views of one contact (each collider sees itself as `self`, with the normal pointing away from it) that
 * share the pair's state: colliderA / colliderB, disabled, disabledOnce and the world manifold.
 */
import { Vec2 } from 'cc';
import type { SATCollider, SATContact, SATWorldManifold } from '../components/SATCollider';

/** What both views of a pair share. */
export class PairState {
  disabled = false;
  disabledOnce = false;
  touching = true;
  /** begin-contact was emitted (an end is only emitted after its begin) */
  announced = false;
  constructor(readonly colliderA: SATCollider, readonly colliderB: SATCollider) {}
}

export class PairContact implements SATContact {
  readonly normal = new Vec2();
  depth = 0;
  readonly points: Vec2[] = [];
  readonly pointDepths: number[] = [];
  isSensor = false;

  constructor(
    readonly pair: PairState,
    readonly selfCollider: SATCollider,
    readonly otherCollider: SATCollider,
  ) {}

  get colliderA(): SATCollider {
    return this.pair.colliderA;
  }
  get colliderB(): SATCollider {
    return this.pair.colliderB;
  }
  get disabled(): boolean {
    return this.pair.disabled;
  }
  set disabled(v: boolean) {
    this.pair.disabled = v;
  }
  get disabledOnce(): boolean {
    return this.pair.disabledOnce;
  }
  set disabledOnce(v: boolean) {
    this.pair.disabledOnce = v;
  }
  isTouching(): boolean {
    return this.pair.touching;
  }

  /** A new object each call (as Box2D's): the normal from A to B, separations negative when penetrating. */
  getWorldManifold(): SATWorldManifold {
    const flip = this.selfCollider === this.pair.colliderA ? 1 : -1;
    return {
      points: this.points.map((p) => p.clone()),
      separations: this.pointDepths.map((d) => -d),
      normal: new Vec2(this.normal.x * flip, this.normal.y * flip),
    };
  }
}

/** Makes the two views of a new touching pair: [A's, B's]. */
export function newPair(a: SATCollider, b: SATCollider): [PairContact, PairContact] {
  const state = new PairState(a, b);
  return [new PairContact(state, a, b), new PairContact(state, b, a)];
}

interface PointSource {
  pointX(i: number): number;
  pointY(i: number): number;
  pointDepth(i: number): number;
}

/** Writes one world contact into both views (B's normal is A's reversed). */
export function fillContact(
  forA: PairContact, forB: PairContact, nx: number, ny: number, depth: number, sensor: boolean, count: number, src: PointSource,
): void {
  forA.normal.set(nx, ny);
  forB.normal.set(-nx, -ny);
  forA.depth = forB.depth = depth;
  forA.isSensor = forB.isSensor = sensor;
  for (const ct of [forA, forB]) {
    while (ct.points.length < count) ct.points.push(new Vec2());
    ct.points.length = count;
    ct.pointDepths.length = count;
    for (let i = 0; i < count; i++) {
      ct.points[i].set(src.pointX(i), src.pointY(i));
      ct.pointDepths[i] = src.pointDepth(i);
    }
  }
}

/** Clears a pair's geometry when it ends (depth 0, no points). */
export function endContact(forA: PairContact, forB: PairContact): void {
  forA.pair.touching = false;
  for (const ct of [forA, forB]) {
    ct.depth = 0;
    ct.points.length = 0;
    ct.pointDepths.length = 0;
  }
}

export interface PendingEvent {
  a: SATCollider | null;
  b: SATCollider | null;
  forA: PairContact | null;
  forB: PairContact | null;
}

/** Events waiting to be emitted, in records reused from frame to frame (no allocation in steady state). */
export class EventQueue {
  private _items: PendingEvent[] = [];
  count = 0;
  push(a: SATCollider, b: SATCollider, forA: PairContact, forB: PairContact): void {
    let e = this._items[this.count];
    if (!e) this._items.push((e = { a: null, b: null, forA: null, forB: null }));
    e.a = a;
    e.b = b;
    e.forA = forA;
    e.forB = forB;
    this.count++;
  }
  at(i: number): PendingEvent {
    return this._items[i];
  }
  clear(): void {
    for (let i = 0; i < this.count; i++) {
      const e = this._items[i];
      e.a = e.b = null;
      e.forA = e.forB = null;
    }
    this.count = 0;
  }
}
