import { SATError, type SATErrorCode } from './errors.js';

/*
 * Every number the TypeScript layer needs about the module's memory layouts, limits and flags, and the values of
 * its enums: read from the module's registered constants and enums when a module is loaded, never written here.
 * They hold the values of the first module loaded; a later module whose values differ (a mismatched build) is
 * refused with `LoadFailed`. Internal to the package.
 */

/** The constants every flavour of the module registers (bindings/core_info.cpp, narrow_phase.cpp). */
export const CORE_CONSTANTS = [
  'MAX_POLYGON_VERTICES',
  'MAX_HULL_INPUT',
  'MAX_CHAIN_POINTS',
  'MAX_COORDINATE',
  'TRANSFORM_FLOATS',
  'ERROR_ARGUMENT_SHIFT',
  'SCRATCH_IN_XF_A',
  'SCRATCH_IN_XF_B',
  'SCRATCH_IN_EXTRA',
  'SCRATCH_OUT',
  'MANIFOLD_NORMAL',
  'MANIFOLD_DEPTH',
  'MANIFOLD_POINTS',
  'MANIFOLD_POINT_FLOATS',
  'MANIFOLD_IDS',
  'BULK_TRANSFORMS_PER_PAIR',
  'BULK_OVERLAP_ONLY',
  'BULK_HANDLE_PAIRS',
  'BULK_CACHE',
  'BULK_NORMAL_FLOATS',
  'BULK_POINT_FLOATS',
  'BULK_ID_WORDS',
] as const;

/** The constants of the world (bindings/world_bindings.cpp; not in the narrow-phase-only flavour). */
export const WORLD_CONSTANTS = [
  'MAX_BODIES',
  'WORLD_TIME_STAGES',
  'WORLD_KINEMATIC_PAIRS',
  'CHAIN_LOOP',
  'CHAIN_ONE_SIDED',
  'SHAPE_ENTRY_WORDS',
  'SHAPE_ENTRY_HANDLE',
  'SHAPE_ENTRY_OFFSET',
  'SHAPE_ENTRY_ANGLE',
  'SHAPE_ENTRY_USER_DATA',
  'INFO_BEGIN',
  'INFO_STAY',
  'INFO_END',
  'INFO_CONTACTS',
  'INFO_SHAPE_CONTACTS',
  'INFO_REJECTED',
  'INFO_PART_BEGIN',
  'INFO_PART_END',
  'INFO_MOVED_BODIES',
  'INFO_CANDIDATE_PAIRS',
  'INFO_TOUCHING_PAIRS',
  'INFO_NARROW_TESTS',
  'INFO_SWEPT_BODIES',
  'INFO_REJECTED_COUNT',
  'INFO_RESIDUAL_PAIRS',
  'INFO_RESIDUAL_DEPTH',
  'INFO_SYNC_MS',
  'INFO_BROAD_MS',
  'INFO_CCD_MS',
  'INFO_PAIRS_MS',
  'INFO_NARROW_MS',
  'INFO_EVENTS_MS',
  'INFO_PUSH_MS',
  'INFO_BEGIN_BYTES',
  'INFO_STAY_BYTES',
  'INFO_END_BYTES',
  'TRANSFORM_STRIDE',
  'EVENT_WORDS',
  'PART_EVENT_WORDS',
  'PART_EVENT_SHAPES',
  'REJECTED_WORDS',
  'CONTACT_WORDS',
  'CONTACT_A',
  'CONTACT_B',
  'CONTACT_NORMAL_X',
  'CONTACT_NORMAL_Y',
  'CONTACT_DEPTH',
  'CONTACT_TOI',
  'CONTACT_INFO',
  'CONTACT_FIRST_SHAPE_CONTACT',
  'CONTACT_POINT0',
  'CONTACT_POINT1',
  'CONTACT_INFO_FLAGS_SHIFT',
  'CONTACT_INFO_SHAPE_CONTACTS_SHIFT',
  'CONTACT_FLAG_BEGAN',
  'CONTACT_FLAG_SENSOR',
  'CONTACT_FLAG_SWEPT',
  'SHAPE_CONTACT_WORDS',
  'SHAPE_CONTACT_SHAPES',
  'RAY_HIT_WORDS',
  'RAY_HIT_BODY',
  'RAY_HIT_SHAPE',
  'RAY_HIT_POINT',
  'RAY_HIT_NORMAL',
  'RAY_HIT_FRACTION',
  'SHAPE_OVERLAP_WORDS',
  'SHAPE_OVERLAP_BODY',
  'SHAPE_OVERLAP_SHAPE',
  'SHAPE_OVERLAP_NORMAL',
  'SHAPE_OVERLAP_DEPTH',
] as const;

/** The constants of explain() (bindings/explain.cpp; the narrow-phase-only flavour). */
export const EXPLAIN_CONSTANTS = [
  'EXPLAIN_AXIS_WORDS',
  'EXPLAIN_AXIS_NORMAL',
  'EXPLAIN_AXIS_MIN_A',
  'EXPLAIN_AXIS_MAX_A',
  'EXPLAIN_AXIS_MIN_B',
  'EXPLAIN_AXIS_MAX_B',
  'EXPLAIN_AXIS_SEPARATION',
  'EXPLAIN_AXIS_INDEX',
  'EXPLAIN_AXIS_SOURCE',
] as const;

/** The enums the TypeScript layer reads, with the value names it uses. */
export const ENUMS = {
  Status: [
    'Ok',
    'TooFewPoints',
    'TooManyPoints',
    'NonFinite',
    'OutOfRange',
    'ZeroArea',
    'SelfIntersecting',
    'Concave',
    'InvalidRadius',
    'ZeroLength',
    'Degenerate',
    'InvalidTransform',
    'InvalidArgument',
    'UnknownBody',
    'RemovedBody',
    'WorldFull',
  ],
  ShapeKind: ['Circle', 'Capsule', 'Polygon', 'Segment', 'ChainSegment'],
  BroadPhaseKind: ['Grid', 'Tree', 'SortAndSweep'],
  BodyType: ['Static', 'Kinematic', 'Dynamic'],
} as const;

type Names<T extends readonly string[]> = Record<T[number], number>;
export type CoreLayout = Names<typeof CORE_CONSTANTS>;
export type WorldLayout = Names<typeof WORLD_CONSTANTS>;
export type ExplainLayout = Names<typeof EXPLAIN_CONSTANTS>;
export type EnumValues = { [E in keyof typeof ENUMS]: Names<(typeof ENUMS)[E]> };

// Built with every name up front (Object.fromEntries, small integers): objects with a fixed shape and integer
// fields, which V8 reads as fast as literals. Properties added one by one would make them dictionaries, and the hot
// readers (contact views, per-call collide) slower and allocating.
const zeros = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));

/** The layouts of the first module loaded (0 until then). */
export const K = zeros([...CORE_CONSTANTS, ...WORLD_CONSTANTS, ...EXPLAIN_CONSTANTS]) as CoreLayout & WorldLayout & ExplainLayout;
/** Enum values by name (e.g. `E.Status.InvalidTransform`), of the first module loaded. */
export const E = Object.fromEntries(Object.entries(ENUMS).map(([e, values]) => [e, zeros(values)])) as unknown as EnumValues;
/** A core or world status value -> its error code. */
export const STATUS_CODE: SATErrorCode[] = [];

const adopted = new Set<string>();

function adopt(name: string, value: unknown, what: string): void {
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new SATError('LoadFailed', `loadSAT: the module registers no ${what} ${name}: a build that does not match this package`);
  }
  const k = K as unknown as Record<string, number>;
  if (adopted.has(name)) {
    if (k[name] !== value) {
      throw new SATError('LoadFailed', `loadSAT: the module's ${what} ${name} is ${value}, another loaded module's ${k[name]}: mismatched builds`);
    }
    return;
  }
  k[name] = value;
  adopted.add(name);
}

/** Reads one group of constants from a module into {@link K}. @internal */
export function readConstants(m: object, names: readonly string[]): void {
  const r = m as Record<string, unknown>;
  for (const name of names) adopt(name, r[name], 'constant');
}

/** Reads the enums into {@link E} and the status table into {@link STATUS_CODE}. @internal */
export function readEnums(m: object): void {
  const r = m as Record<string, Record<string, { value?: unknown } | undefined> | undefined>;
  const e = E as unknown as Record<string, Record<string, number>>;
  for (const [enumName, values] of Object.entries(ENUMS)) {
    const registered = r[enumName];
    for (const name of values) {
      const value = registered?.[name]?.value;
      const key = `${enumName}.${name}`;
      if (typeof value !== 'number') {
        throw new SATError('LoadFailed', `loadSAT: the module registers no enum value ${key}: a build that does not match this package`);
      }
      if (adopted.has(key) && e[enumName][name] !== value) {
        throw new SATError('LoadFailed', `loadSAT: the module's ${key} is ${value}, another loaded module's ${e[enumName][name]}: mismatched builds`);
      }
      e[enumName][name] = value;
      adopted.add(key);
    }
  }
  for (const name of ENUMS.Status) {
    if (name !== 'Ok') STATUS_CODE[E.Status[name]] = name as SATErrorCode;
  }
}

/** The status of a refusal code `-(status | argument << ERROR_ARGUMENT_SHIFT)`. @internal */
export function statusOf(code: number): number {
  return -code & ((1 << K.ERROR_ARGUMENT_SHIFT) - 1);
}
