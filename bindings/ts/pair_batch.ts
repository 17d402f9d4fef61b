/**
 * What CollisionBatch (2D) and CollisionBatch3 share: a native pair batch whose arrays are views of WebAssembly
 * memory, the shapes by index and room for a number of pairs; growing with the contents kept and defaults for what
 * is new; views taken again after the memory grew.
 * @packageDocumentation
 */
import { SATError, checkIndex, describe } from './errors.js';

/** An array of a native batch, viewed in WebAssembly memory. @internal */
export type BatchArray = Int32Array | Uint32Array | Float32Array | Uint8Array;

/** One array of a batch: `words` entries per shape or per pair. */
export interface BatchArrayLayout<V> {
  key: keyof V & string;
  per: 'shape' | 'pair';
  words: number;
}

/** The arrays every batch has: the shapes' handles and transforms. */
export interface BatchViewsBase {
  handles: Int32Array;
  transforms: Float32Array;
}

/** Frees the native batch of a batch that is garbage-collected without dispose(): a safety net only. */
const batchRegistry: FinalizationRegistry<{ delete(): void }> | null =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((native) => native.delete()) : null;

/**
 * The shared half of a collision batch. `S` is its shape class, `N` the native batch (an Embind object), `V` its
 * views. Subclasses give the arrays' layout, the transform a new shape starts at, and how to take views, reserve
 * room and look up a shape's handle.
 */
export abstract class PairBatchBase<S, N extends { delete(): void }, V extends BatchViewsBase> {
  protected native: N | null;
  protected shapeList: S[] = [];
  protected pairCap = 0;
  private v: V | null = null;

  protected constructor(native: N) {
    this.native = native;
    batchRegistry?.register(this, native, this);
  }

  /** Number of shapes (indices 0 .. shapeCount - 1 in `pairs`). */
  get shapeCount(): number {
    return this.shapeList.length;
  }

  /** Most pairs one run can take. */
  get pairCapacity(): number {
    return this.pairCap;
  }

  /** The shapes, by index (a copy). */
  get shapes(): S[] {
    return this.shapeList.slice();
  }

  /**
   * Replaces the shapes. The first min(old, new) transforms are kept, new ones start at the identity; pairs and
   * caches are kept. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument` (not an array, not a shape of this module), `Disposed`, `OutOfMemory`
   */
  setShapes(shapes: readonly S[]): void {
    if (!Array.isArray(shapes)) {
      throw new SATError('InvalidArgument', `setShapes: shapes must be an array of ${this.shapeName()}, got ${describe(shapes)}`);
    }
    const handles = shapes.map((s, i) => this.handleOf('setShapes', `shapes[${i}]`, s));
    const v = this.resize('setShapes', shapes.length, this.pairCap, true);
    this.shapeList = shapes.slice();
    v.handles.set(handles);
  }

  /**
   * Puts `shape` at index `i` (its transform stays).
   * @throws SATError `InvalidArgument` (an index out of range, not a shape of this module), `Disposed`
   */
  setShape(i: number, shape: S): void {
    checkIndex('setShape', 'i', i, this.shapeList.length);
    const h = this.handleOf('setShape', 'shape', shape);
    this.shapeList[i] = shape;
    this.views('setShape').handles[i] = h;
  }

  /**
   * Room for `capacity` pairs; the pairs, caches and results kept are kept, new pairs are (0, 0) with zero caches
   * and results. May grow the WebAssembly memory (take views again).
   * @throws SATError `InvalidArgument`, `Disposed`, `OutOfMemory`
   */
  reservePairs(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 0) {
      throw new SATError('InvalidArgument', `reservePairs: capacity must be a non-negative integer, got ${describe(capacity)}`);
    }
    this.resize('reservePairs', this.shapeList.length, capacity, true);
  }

  /**
   * Frees the batch's module memory (not its shapes). Using it afterwards throws `Disposed`. Safe to call twice. A
   * FinalizationRegistry frees a batch that is collected without dispose(), as a safety net only: collection may
   * come late or never.
   */
  dispose(): void {
    if (this.native !== null) batchRegistry?.unregister(this);
    this.native?.delete();
    this.native = null;
    this.v = null;
    this.shapeList = [];
    this.pairCap = 0;
  }

  // ----- internals, shared with the modules' createBatch and collideMany -----

  /** `setShapes(shapes)` and `reservePairs(pairCapacity)`; the batch is disposed if either throws. @internal */
  init(shapes: readonly S[], pairCapacity: number): this {
    try {
      this.setShapes(shapes);
      this.reservePairs(pairCapacity);
    } catch (e) {
      this.dispose();
      throw e;
    }
    return this;
  }

  /**
   * Room for `shapeCount` shapes and `pairCount` pairs (for `fn`, named in errors). With `keep`, what the arrays
   * held is kept and what is new gets defaults (transforms the identity, handles 0, pairs (0, 0), caches and
   * results zero); without, the contents are unspecified (collideMany writes every array it reads). Returns the
   * views. @internal
   */
  resize(fn: string, shapeCount: number, pairCount: number, keep: boolean): V {
    const native = this.live(fn);
    const oldShapes = this.shapeList.length, oldPairs = this.pairCap;
    const layout = this.layout();
    const count = (per: 'shape' | 'pair', shapes: number, pairs: number) => (per === 'shape' ? shapes : pairs);
    // The block moves only when it grows (the views' lengths are its capacities): only then is a copy kept.
    const room = this.views(fn) as unknown as Record<string, BatchArray>;
    const grows = layout.some((a) => a.words * count(a.per, shapeCount, pairCount) > room[a.key].length);
    const saved = keep && grows ? layout.map((a) => room[a.key].slice(0, a.words * count(a.per, oldShapes, oldPairs))) : null;
    const v = this.afterReserve(fn, pairCount, this.reserveNative(native, shapeCount, pairCount));
    this.pairCap = pairCount;
    if (!keep) return v;
    const arrays = v as unknown as Record<string, BatchArray>;
    layout.forEach((a, k) => {
      const array = arrays[a.key];
      const kept = a.words * count(a.per, Math.min(oldShapes, shapeCount), Math.min(oldPairs, pairCount));
      if (saved !== null) array.set(saved[k].subarray(0, kept));
      array.fill(0, a.words * count(a.per, oldShapes, oldPairs), a.words * count(a.per, shapeCount, pairCount));
    });
    const identity = this.identity();
    for (let i = oldShapes; i < shapeCount; ++i) v.transforms.set(identity, identity.length * i);
    return v;
  }

  /** The views, taken again if the WebAssembly memory grew since. @internal */
  views(fn: string): V {
    const native = this.live(fn);
    const v = this.v;
    if (v !== null && v.handles.buffer === this.heapBuffer()) return v;
    return (this.v = this.take(native));
  }

  /** The views after a native reserve that returned `moved` (1: the block moved, 0: not, < 0: no memory). */
  protected afterReserve(fn: string, pairCount: number, moved: number): V {
    if (moved < 0) throw new SATError('OutOfMemory', `${fn}: the WebAssembly memory could not grow for ${pairCount} pairs`);
    if (moved > 0) this.v = null;
    return this.views(fn);
  }

  /** The native batch, or `Disposed` naming `fn`. */
  protected live(fn: string): N {
    if (this.native === null) throw new SATError('Disposed', `${fn}: the collision batch was disposed`);
    return this.native;
  }

  /** Every array of the batch and its entries per shape or per pair. */
  protected abstract layout(): readonly BatchArrayLayout<V>[];
  /** The transform a new shape starts at (its length is the floats per shape). */
  protected abstract identity(): readonly number[];
  /** Views of the native batch's arrays. */
  protected abstract take(native: N): V;
  /** The native reserve: 1 when the block moved, 0 when not, < 0 when memory cannot grow. */
  protected abstract reserveNative(native: N, shapeCount: number, pairCount: number): number;
  /** The handle of a live shape of this module, or a named error. */
  protected abstract handleOf(fn: string, arg: string, shape: S): number;
  /** The WebAssembly memory's current buffer. */
  protected abstract heapBuffer(): ArrayBufferLike;
  /** The shape class's name, for error messages. */
  protected abstract shapeName(): string;
}
