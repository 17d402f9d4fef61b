/**
 * Turns the world's contacts and end events into collider events and emits them: begins, stays, then (with
 * push-apart) pre-solve, the push and post-solve, then ends; each on the system's own target as (colliderA,
 * colliderB, A's view), then on collider A and its node, then collider B and its node as (self, other, contact).
 */
import type { EventTarget } from 'cc';
import type { ContactView, World } from '../lib/index.js';
import { SATContactType } from '../runtime/types';
import type { SATCollider, SATContact } from '../components/SATCollider';
import { endContact, EventQueue, fillContact, newPair, type PairContact } from './contacts';
import type { BodyTable } from './bodies';

/** Emits one event of a pair on the system's target and both colliders. */
export type PairEmitter = (type: string, a: SATCollider, b: SATCollider, forA: SATContact, forB: SATContact) => void;

/** What the push-apart step does with the frame's touching non-sensor pairs (A's views). */
export type Solver = (solving: PairContact[], emit: PairEmitter) => void;

export class ContactEvents {
  private _begins = new EventQueue();
  private _stays = new EventQueue();
  private _ends = new EventQueue();
  private _solving: PairContact[] = [];
  private _flushing = false;

  constructor(private readonly target: EventTarget) {}

  /** Queues the events of the last world update. */
  collect(world: World, bodies: BodyTable): void {
    world.contacts.forEach((view) => this._onContact(view, bodies));
    world.events.forEachEnd((ida, idb) => {
      const a = bodies.colliderOf(ida);
      const b = bodies.colliderOf(idb);
      // a body removed since: its end was emitted when its collider went away
      if (a && b && a._touching?.has(b)) this.endPair(a, b);
    });
  }

  /** Queues end-contact for a touching pair and forgets it (nothing is emitted for a pair never announced). */
  endPair(a: SATCollider, b: SATCollider): void {
    const forA = a._touching?.get(b) as PairContact | undefined;
    const forB = b._touching?.get(a) as PairContact | undefined;
    if (!forA || !forB) return;
    a._touching!.delete(b);
    b._touching!.delete(a);
    endContact(forA, forB);
    if (forA.pair.announced) this._ends.push(a, b, forA, forB);
  }

  /**
   * Emits what is queued. Handlers may enable, disable or destroy colliders: ends that causes are emitted in the
   * same flush, and later events of pairs it ended are dropped. `solve` (push-apart) runs between stays and ends.
   */
  flush(solve: Solver | null): void {
    if (this._flushing) return;
    this._flushing = true;
    const solving = this._solving;
    solving.length = 0;
    try {
      this._emitQueue(this._begins, SATContactType.BEGIN_CONTACT, !!solve);
      this._emitQueue(this._stays, SATContactType.STAY_CONTACT, !!solve);
      if (solve) solve(solving, this.emit);
      this._emitQueue(this._ends, SATContactType.END_CONTACT, false);
    } finally {
      this._begins.clear();
      this._stays.clear();
      this._ends.clear();
      for (const ct of solving) ct.pair.disabledOnce = false;
      solving.length = 0;
      this._flushing = false;
    }
  }

  readonly emit: PairEmitter = (type, a, b, forA, forB) => {
    this.target.emit(type, a, b, forA);
    a._emit(type, b, forA);
    b._emit(type, a, forB);
  };

  private _onContact(view: ContactView, bodies: BodyTable): void {
    const a = bodies.colliderOf(view.a);
    const b = bodies.colliderOf(view.b);
    if (!a || !b) return;
    if (a.node === b.node) return; // colliders of one node never meet each other (as Collider2D)
    let forA = a._touching!.get(b) as PairContact | undefined;
    let queue = this._stays;
    if (!forA) {
      queue = this._begins;
      const [viewA, viewB] = newPair(a, b);
      forA = viewA;
      a._touching!.set(b, viewA);
      b._touching!.set(a, viewB);
    }
    const forB = b._touching!.get(a) as PairContact;
    fillContact(forA, forB, view.normalX, view.normalY, view.depth, view.sensor, view.pointCount, view);
    queue.push(a, b, forA, forB);
  }

  private _emitQueue(queue: EventQueue, type: string, collectSolving: boolean): void {
    for (let i = 0; i < queue.count; i++) {
      const e = queue.at(i);
      const a = e.a!, b = e.b!, forA = e.forA!, forB = e.forB!;
      if (type !== SATContactType.END_CONTACT && a._touching?.get(b) !== forA) continue; // ended by an earlier handler
      if (type === SATContactType.BEGIN_CONTACT) forA.pair.announced = true;
      this.emit(type, a, b, forA, forB);
      if (collectSolving && !forA.isSensor) this._solving.push(forA);
    }
  }
}
