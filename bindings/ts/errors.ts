/**
 * Errors thrown by sat-wasm.
 * @module
 */

/**
 * Every error code a {@link SATError} can carry.
 *
 * Codes from the C++ core's `Status` (shape makers and validity checks):
 * - `TooFewPoints`: fewer than 3 distinct points (polygon) or no points at all (hull).
 * - `TooManyPoints`: more than 256 vertices after cleaning (or too many hull input points).
 * - `NonFinite`: a coordinate, radius or size is NaN or infinite.
 * - `OutOfRange`: a magnitude beyond 1e6 world units.
 * - `ZeroArea`: all points (nearly) collinear or coincident.
 * - `SelfIntersecting`: the outline crosses itself.
 * - `Concave`: a simple but concave outline; use `hull()` or a decomposition.
 * - `InvalidRadius`: radius <= 0.
 * - `ZeroLength`: capsule end points coincide; use a circle.
 * - `Coplanar`: 3D: all points (nearly) on one plane, no volume.
 * - `ZeroVolume`: 3D: all points (nearly) on one line, or a box with a zero half extent.
 * - `Degenerate`: coincident segment points, or consecutive chain points that coincide; 3D: no valid closed
 *   convex mesh could be formed from the points.
 *
 * Codes raised by the JavaScript layer:
 * - `InvalidTransform`: a transform is not an object `{x, y, angle?, scaleX?, scaleY?}` of numbers, or it is
 *   non-finite, out of range or collapsed (zero scale). The message names the argument and the reason.
 * - `InvalidArgument`: an argument of the wrong type or shape (a string, null, an odd-length array, a shape
 *   from another loaded module, an out-of-range index in a bulk call...). The message names it.
 * - `Disposed`: a shape was used after `dispose()`.
 * - `OutOfMemory`: the WebAssembly memory could not grow.
 * - `LoadFailed`: the module could not be fetched, compiled or instantiated.
 * - `ThreadsUnavailable`: threads were asked for (`loadSAT({ threads })`, `createWorld({ threads })`) where they
 *   cannot run: no `SharedArrayBuffer`, a page that is not cross-origin isolated (COOP/COEP headers), Node without
 *   `worker_threads`, a build choice without threads (asm.js, baseline, narrow phase only, no dynamic execution,
 *   your own bytes or glue), or a module loaded without `threads`.
 *
 * Codes of a world (`World`):
 * - `UnknownBody`: not an id this world issued (a malformed number, or an id of another world).
 * - `RemovedBody`: the body was removed: a stale id.
 * - `WorldFull`: the world holds as many bodies (2^20 - 1) or parts as it can.
 */
export type SATErrorCode =
  | 'TooFewPoints'
  | 'TooManyPoints'
  | 'NonFinite'
  | 'OutOfRange'
  | 'ZeroArea'
  | 'SelfIntersecting'
  | 'Concave'
  | 'InvalidRadius'
  | 'ZeroLength'
  | 'Coplanar'
  | 'ZeroVolume'
  | 'Degenerate'
  | 'InvalidTransform'
  | 'InvalidArgument'
  | 'Disposed'
  | 'OutOfMemory'
  | 'LoadFailed'
  | 'ThreadsUnavailable'
  | 'UnknownBody'
  | 'RemovedBody'
  | 'WorldFull';

/**
 * The one error type sat-wasm throws. `code` says what went wrong in a form a program can test; `message`
 * names the function and the bad argument for a human. After a `SATError` the module stays fully usable.
 *
 * @example
 * ```ts
 * try {
 *   sat.polygon([0, 0, 2, 0, 1, 0.2, 2, 2, 0, 2]);
 * } catch (e) {
 *   if (e instanceof SATError && e.code === 'Concave') {
 *     // repair explicitly: take the hull
 *   }
 * }
 * ```
 */
export class SATError extends Error {
  /** Machine-readable reason, see {@link SATErrorCode}. */
  readonly code: SATErrorCode;

  /**
   * @param code - the machine-readable reason
   * @param message - a human explanation naming the function and the bad argument
   */
  constructor(code: SATErrorCode, message: string) {
    super(message);
    this.name = 'SATError';
    this.code = code;
  }
}

// ---- argument checks shared by every part of the TypeScript layer (not exported from the package) ----------------

/** The largest finite float32: a number beyond it is infinite once stored in WebAssembly memory. */
export const FLOAT32_MAX = 3.4028234663852886e38;

/** A short description of a bad value, for error messages ("null", "an array of length 3", "a Shape", ...). */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 24 ? value.slice(0, 24) + '...' : value)}`;
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name}`;
  if (typeof value === 'object') {
    const name = (value as object).constructor?.name;
    return name && name !== 'Object' ? `a ${name}` : 'an object';
  }
  return `a ${typeof value}`;
}

/** A number that is neither NaN nor infinite. */
export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && v - v === 0;
}

/** A number that stays finite as a float32 (|v| <= FLOAT32_MAX). */
export function isFiniteFloat32(v: unknown): v is number {
  return isFiniteNumber(v) && Math.abs(v) <= FLOAT32_MAX;
}

/** Throws `InvalidArgument` unless `i` is an integer in [0, end), naming the function and the argument. */
export function checkIndex(fn: string, name: string, i: unknown, end: number): void {
  if (!Number.isInteger(i) || (i as number) < 0 || (i as number) >= end) {
    throw new SATError('InvalidArgument', `${fn}: ${name} must be an integer in [0, ${end - 1}], got ${describe(i)}`);
  }
}
