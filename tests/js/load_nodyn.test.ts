// The builds without dynamic code generation: loadSAT and load3D pick them by itself where `new Function` is refused (the
// js-nodyn suite runs every test file with node --disallow-code-generation-from-strings), they give the same bits as
// the default builds, and asking for a build the platform cannot run is a named error.
import { describe, expect, it } from 'vitest';
import { SATError, allowsCodeGeneration, loadSAT, type SAT } from '../../dist/index.js';
import { load3D, type SAT3D } from '../../dist/3d.js';
import { VARIANTS, makeSample, randomXf } from './helpers.js';
import { rng } from './reference.js';

const refused = process.execArgv.includes('--disallow-code-generation-from-strings');

async function rejection(p: Promise<unknown>): Promise<SATError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SATError);
    return e as SATError;
  }
  throw new Error('expected a rejection');
}

/** A function that appends the float32 bits of a number to `out`. */
function bitsInto(out: number[]): (v: number) => void {
  const f32 = new Float32Array(1);
  const bits = new Uint32Array(f32.buffer);
  return (v: number) => {
    f32[0] = v;
    out.push(bits[0]);
  };
}

/** Every result of a seeded set of collide / distance / raycast queries, as raw float bits. */
function fingerprint(sat: SAT): number[] {
  const rand = rng(7);
  const out: number[] = [];
  const push = bitsInto(out);
  const kinds = ['polygon', 'circle', 'capsule'] as const;
  for (let i = 0; i < 300; i++) {
    const a = makeSample(sat, kinds[i % 3], rand);
    const b = makeSample(sat, kinds[(i >> 1) % 3], rand);
    const xa = randomXf(rand, 0, 0, 2);
    const xb = randomXf(rand, 0, 0, 2);
    const m = sat.collide(a.shape, xa, b.shape, xb);
    out.push(m === null ? -1 : m.contacts.length);
    if (m) for (const v of [m.normal.x, m.normal.y, m.depth, ...m.contacts.flatMap((c) => [c.x, c.y, c.depth])]) push(v);
    const d = sat.distance(a.shape, xa, b.shape, xb);
    for (const v of [d.distance, d.pointA.x, d.pointA.y, d.pointB.x, d.pointB.y]) push(v);
    const hit = sat.raycast(a.shape, xa, { origin: { x: -5, y: 0.1 }, translation: { x: 10, y: 0 } });
    if (hit) for (const v of [hit.fraction, hit.point.x, hit.normal.y]) push(v);
    a.shape.dispose();
    b.shape.dispose();
  }
  return out;
}

/** The registered names the check below calls, called with any argument count on purpose. */
interface RawModule {
  ShapeStore: { live(): number; box(...args: number[]): number; release(handle: number): boolean };
  collide(...args: number[]): number;
  statusMessage(status: number): string;
  PairBatch: new () => {
    reserve(...args: number[]): number;
    handles(): Int32Array;
    delete(): void;
    isDeleted(): boolean;
  };
}

/** What the module's own invokers do with good and bad calls, as plain values (errors as their messages). */
function invokerBehaviour(sat: SAT): unknown[] {
  const m = (sat as unknown as { _m: RawModule })._m;
  const out: unknown[] = [];
  const attempt = (f: () => unknown) => {
    try {
      out.push(f());
    } catch (e) {
      out.push(`threw ${(e as Error).name}: ${(e as Error).message}`);
    }
  };
  attempt(() => m.ShapeStore.live()); // no argument
  const box = m.ShapeStore.box(1, 0.5, 0, 0, 0); // five arguments
  attempt(() => box > 0);
  attempt(() => m.ShapeStore.box(1, 0.5)); // too few
  attempt(() => m.collide(box)); // too few
  attempt(() => m.collide(box, box, box)); // too many
  attempt(() => m.statusMessage(0)); // a string returned
  const batch = new m.PairBatch();
  attempt(() => batch.reserve(1, 10, 1)); // a method, three arguments
  attempt(() => batch.reserve(1)); // too few
  attempt(() => batch.handles().length);
  batch.delete();
  attempt(() => batch.isDeleted());
  attempt(() => batch.reserve(1, 10, 1)); // on a deleted object
  attempt(() => batch.delete());
  m.ShapeStore.release(box);
  return out;
}

describe('builds without dynamic code generation', () => {
  it.each(VARIANTS)(
    '%s: the invokers of every glue convert, check argument counts and refuse deleted objects alike',
    async (variant) => {
      const made = invokerBehaviour(await loadSAT({ prefer: variant }));
      expect(made.slice(0, 2)).toEqual([0, true]);
      const badCount = /^threw BindingError: function .* called with \d arguments, expected \d args!$/;
      for (const i of [2, 3, 4]) expect(made[i]).toMatch(badCount);
      expect(made[5]).toMatch(/succeeded/);
      expect(made.slice(6, 10)).toEqual([
        1,
        'threw BindingError: function PairBatch.reserve called with 1 arguments, expected 3 args!',
        1,
        true,
      ]);
      expect(made[10]).toMatch(/^threw BindingError: .*deleted/);
      expect(made[11]).toMatch(/^threw BindingError: .*deleted/);
      if (variant !== 'asmjs') {
        expect(invokerBehaviour(await loadSAT({ prefer: variant, dynamicExecution: false }))).toEqual(made);
      }
    },
  );

  it('the probe agrees with how this process was started', () => {
    expect(allowsCodeGeneration()).toBe(!refused);
  });

  it('loadSAT picks the build the platform runs, unless told', async () => {
    for (const variant of VARIANTS) {
      const sat = await loadSAT({ prefer: variant });
      // asm.js has one glue, which makes no code.
      expect(sat.dynamicExecution).toBe(variant !== 'asmjs' && !refused);
      const told = await loadSAT({ prefer: variant, dynamicExecution: false });
      expect(told.dynamicExecution).toBe(false);
    }
  });

  it.runIf(refused)('where code generation is refused, the default build is a LoadFailed error', async () => {
    const e = await rejection(loadSAT({ prefer: 'simd', dynamicExecution: true }));
    expect(e.code).toBe('LoadFailed');
    expect(e.message).toContain('simd');
  });

  it('dynamicExecution must be a boolean', async () => {
    const e = await rejection(loadSAT({ prefer: 'simd', dynamicExecution: 'no' as unknown as boolean }));
    expect(e.code).toBe('InvalidArgument');
    expect(e.message).toContain('dynamicExecution');
  });

  it.runIf(!refused).each(VARIANTS.filter((v) => v !== 'asmjs'))(
    '%s: the same bits with and without dynamic execution, narrow flavour too',
    async (variant) => {
      for (const narrowPhaseOnly of [false, true]) {
        const fast = await loadSAT({ prefer: variant, narrowPhaseOnly });
        const slow = await loadSAT({ prefer: variant, narrowPhaseOnly, dynamicExecution: false });
        expect(slow.dynamicExecution).toBe(false);
        const a = fingerprint(fast);
        expect(a.length).toBeGreaterThan(1500);
        expect(fingerprint(slow)).toEqual(a);
      }
    },
  );
});

/** Every result of a seeded set of 3D collide / distance / raycast queries, as raw float bits. */
function fingerprint3(sat3: SAT3D): number[] {
  const rand = rng(11);
  const out: number[] = [];
  const push = bitsInto(out);
  const make = (i: number) => {
    const k = i % 4;
    if (k === 0) return sat3.box(0.5 + rand(), 0.5 + rand(), 0.5 + rand());
    if (k === 1) return sat3.sphere(0.3 + rand());
    if (k === 2) return sat3.capsule({ x: -0.5, y: 0, z: 0 }, { x: 0.5, y: rand(), z: 0 }, 0.2 + rand() * 0.3);
    return sat3.hull(Array.from({ length: 36 }, () => rand() * 2 - 1));
  };
  const xf = () => {
    const q = [rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5];
    const n = Math.hypot(...q);
    return { x: rand() * 2 - 1, y: rand() * 2 - 1, z: rand() * 2 - 1, rotation: { x: q[0] / n, y: q[1] / n, z: q[2] / n, w: q[3] / n } };
  };
  for (let i = 0; i < 200; i++) {
    const a = make(i), b = make(i >> 1);
    const xa = xf(), xb = xf();
    const m = sat3.collide(a, xa, b, xb);
    out.push(m === null ? -1 : m.contacts.length);
    if (m) for (const v of [m.normal.x, m.normal.y, m.normal.z, m.depth, ...m.contacts.flatMap((c) => [c.x, c.y, c.z, c.depth, c.id])]) push(v);
    const d = sat3.distance(a, xa, b, xb);
    for (const v of [d.distance, d.pointA.x, d.pointB.z, d.normal.y]) push(v);
    const hit = sat3.raycast(a, xa, { origin: { x: -5, y: 0.1, z: 0 }, translation: { x: 10, y: 0, z: 0 } });
    if (hit) for (const v of [hit.fraction, hit.point.x, hit.normal.y]) push(v);
    a.dispose();
    b.dispose();
  }
  return out;
}

describe('the 3D module without dynamic code generation', () => {
  it('load3D picks the build the platform runs, unless told', async () => {
    for (const variant of VARIANTS) {
      const sat3 = await load3D({ prefer: variant });
      expect(sat3.dynamicExecution).toBe(variant !== 'asmjs' && !refused);
      expect((await load3D({ prefer: variant, dynamicExecution: false })).dynamicExecution).toBe(false);
    }
  });

  it.runIf(refused)('where code generation is refused, the default 3D build is a LoadFailed error', async () => {
    const e = await rejection(load3D({ prefer: 'simd', dynamicExecution: true }));
    expect(e.code).toBe('LoadFailed');
  });

  it('dynamicExecution must be a boolean', async () => {
    const e = await rejection(load3D({ prefer: 'simd', dynamicExecution: 1 as unknown as boolean }));
    expect(e.code).toBe('InvalidArgument');
  });

  it.runIf(!refused).each(VARIANTS.filter((v) => v !== 'asmjs'))('%s: the same bits with and without dynamic execution', async (variant) => {
    const fast = await load3D({ prefer: variant });
    const slow = await load3D({ prefer: variant, dynamicExecution: false });
    expect(slow.dynamicExecution).toBe(false);
    const a = fingerprint3(fast);
    expect(a.length).toBeGreaterThan(1000);
    expect(fingerprint3(slow)).toEqual(a);
  });
});
