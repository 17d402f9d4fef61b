// Every bad input from JavaScript throws SATError with a code and a message naming the argument, and the
// module keeps working afterwards (checked after each case with a known collision).
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, type SAT, type SATErrorCode, type Shape } from '../../dist/index.js';
import { VARIANTS, satFor } from './helpers.js';

const ID = { x: 0, y: 0 };

describe.each(VARIANTS)('bad input (%s)', (variant) => {
  let sat: SAT;
  let box: Shape;
  let ball: Shape;

  beforeAll(async () => {
    sat = await satFor(variant);
    box = sat.box(2, 2);
    ball = sat.circle(0.5);
  });

  /** Runs `fn`, expects a SATError with `code` whose message matches `mention`, then checks the module still works. */
  function expectError(fn: () => unknown, code: SATErrorCode, mention?: RegExp | string): void {
    let error: unknown;
    try {
      fn();
    } catch (e) {
      error = e;
    }
    expect(error, 'expected a throw').toBeInstanceOf(SATError);
    expect(error).toBeInstanceOf(Error);
    const e = error as SATError;
    expect(e.name).toBe('SATError');
    expect(e.code).toBe(code);
    if (mention) expect(e.message).toMatch(mention);
    // The module keeps working.
    const m = sat.collide(box, ID, ball, { x: 1.25, y: 0 });
    expect(m).not.toBeNull();
    expect(m!.depth).toBeCloseTo(0.25, 5);
    expect(m!.normal.x).toBeCloseTo(1, 6);
  }

  it('polygon: non-numbers, non-finite values, odd and empty arrays, bad outlines', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    expectError(() => any.polygon(), 'InvalidArgument', /points/);
    expectError(() => any.polygon(null), 'InvalidArgument', /points/);
    expectError(() => any.polygon('0,0,1,0,0,1'), 'InvalidArgument', /points/);
    expectError(() => any.polygon(42), 'InvalidArgument', /points/);
    expectError(() => sat.polygon([0, 0, 1, 0, 0]), 'InvalidArgument', /odd length 5/);
    expectError(() => sat.polygon([]), 'TooFewPoints');
    expectError(() => sat.polygon([0, 0, 1, 1]), 'TooFewPoints');
    expectError(() => sat.polygon([0, 0, 1, 0, NaN, 1]), 'NonFinite', /points\[4\]/);
    expectError(() => sat.polygon([0, 0, 1, 0, 0, Infinity]), 'NonFinite', /points\[5\]/);
    expectError(() => sat.polygon([0, 0, 1, 0, 0, -Infinity]), 'NonFinite', /points\[5\]/);
    expectError(() => any.polygon([0, 0, 1, 0, '0', 1]), 'InvalidArgument', /points\[4\].*string/);
    expectError(() => any.polygon([0, 0, 1, 0, null, 1]), 'InvalidArgument', /points\[4\]/);
    expectError(() => any.polygon([0, 0, 1, 0, undefined, 1]), 'InvalidArgument', /points\[4\]/);
    expectError(() => any.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0 }]), 'InvalidArgument', /points\[2\]\.y/);
    expectError(() => any.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, null]), 'InvalidArgument', /points\[2\]/);
    expectError(() => any.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 'a', y: 1 }]), 'InvalidArgument', /points\[2\]\.x/);
    expectError(() => sat.polygon([{ x: 0, y: 0 }, { x: 1, y: NaN }, { x: 0, y: 1 }]), 'NonFinite', /points\[1\]\.y/);
    expectError(() => sat.polygon([0, 0, 1, 0, 2, 0]), 'ZeroArea');
    expectError(() => sat.polygon([0, 0, 0, 0, 0, 0, 0, 0]), 'TooFewPoints');
    expectError(() => sat.polygon([0, 0, 2, 0, 1, 0.2, 2, 2, 0, 2]), 'Concave');
    expectError(() => sat.polygon([0, 0, 2, 2, 2, 0, 0, 2]), 'SelfIntersecting');
    expectError(() => sat.polygon([0, 0, 2e6, 0, 0, 1]), 'OutOfRange');
    expectError(() => sat.polygon([0, 0, 1e300, 0, 0, 1]), 'NonFinite', /points\[2\]/);
    const many: number[] = [];
    for (let i = 0; i < 300; i++) many.push(Math.cos((i / 300) * 2 * Math.PI), Math.sin((i / 300) * 2 * Math.PI));
    expectError(() => sat.polygon(many), 'TooManyPoints');
    expectError(() => sat.polygon(new Float64Array([0, 0, 1, 0, NaN, 1])), 'NonFinite', /points\[4\]/);
  });

  it('hull: empty and degenerate clouds, bad values', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    expectError(() => sat.hull([]), 'TooFewPoints');
    expectError(() => any.hull(undefined), 'InvalidArgument', /points/);
    expectError(() => sat.hull([0, 0, 1, 1, 2, 2]), 'ZeroArea');
    expectError(() => sat.hull([0, 0, 1, 0, 0, NaN]), 'NonFinite');
    expectError(() => sat.hull([0, 0, 1]), 'InvalidArgument', /odd/);
    expectError(() => any.decompose(null), 'InvalidArgument', /decompose: points/);
    expectError(() => any.decompose([0, 0, 1, 0, 'x', 1]), 'InvalidArgument', /decompose: points\[4\]/);
    expectError(() => sat.decompose([0, 0, 1, 0, 1]), 'InvalidArgument', /odd length/);
    expectError(() => sat.decompose([]), 'TooFewPoints');
    // ...and the explicit repair works: the hull of a concave outline.
    const h = sat.hull([0, 0, 2, 0, 1, 0.2, 2, 2, 0, 2]);
    expect(h.vertexCount).toBe(4);
    h.dispose();
  });

  it('circle, capsule, box: negative or zero sizes, NaN, strings, missing arguments', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    expectError(() => sat.circle(-1), 'InvalidRadius', /radius/);
    expectError(() => sat.circle(0), 'InvalidRadius');
    expectError(() => sat.circle(NaN), 'NonFinite', /radius/);
    expectError(() => sat.circle(Infinity), 'NonFinite', /radius/);
    expectError(() => any.circle('1'), 'InvalidArgument', /radius.*string/);
    expectError(() => any.circle(), 'InvalidArgument', /radius.*undefined/);
    expectError(() => any.circle(null), 'InvalidArgument', /radius.*null/);
    expectError(() => any.circle(1, { x: 0 }), 'InvalidArgument', /center\.y/);
    expectError(() => any.circle(1, 'origin'), 'InvalidArgument', /center/);
    expectError(() => sat.circle(2e6), 'OutOfRange');
    expectError(() => sat.capsule({ x: 0, y: 0 }, { x: 1, y: 0 }, -0.5), 'InvalidRadius');
    expectError(() => sat.capsule({ x: 0, y: 0 }, { x: 0, y: 0 }, 0.5), 'ZeroLength');
    expectError(() => sat.capsule({ x: 0, y: NaN }, { x: 1, y: 0 }, 0.5), 'NonFinite', /center1\.y/);
    expectError(() => any.capsule(null, { x: 1, y: 0 }, 0.5), 'InvalidArgument', /center1/);
    expectError(() => any.capsule({ x: 0, y: 0 }, { x: 1, y: 0 }), 'InvalidArgument', /radius/);
    expectError(() => sat.box(-1, 1), 'ZeroArea', /width/);
    expectError(() => sat.box(1, 0), 'ZeroArea');
    expectError(() => sat.box(NaN, 1), 'NonFinite', /width/);
    expectError(() => any.box('1', 1), 'InvalidArgument', /width/);
    expectError(() => any.box(1, 1, 'big'), 'InvalidArgument', /options/);
    expectError(() => any.box(1, 1, { angle: 'x' }), 'InvalidArgument', /options\.angle/);
    expectError(() => sat.box(1, 1, { center: { x: Infinity, y: 0 } }), 'NonFinite', /options\.center\.x/);
  });

  it('transforms: wrong objects, missing fields, strings, NaN, Infinity, zero scale, out of range', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    const bad: [unknown, RegExp][] = [
      [undefined, /xfB must be a transform.*undefined/],
      [null, /xfB must be a transform.*null/],
      [5, /xfB must be a transform/],
      ['x', /xfB must be a transform.*string/],
      [{}, /xfB\.x must be a number, got undefined/],
      [[1, 2], /xfB\.x/],
      [{ x: 1 }, /xfB\.y/],
      [{ x: '1', y: 0 }, /xfB\.x must be a number.*string/],
      [{ x: 0, y: 0, angle: '0.5' }, /xfB\.angle/],
      [{ x: 0, y: 0, angle: null }, /xfB\.angle/],
      [{ x: 0, y: 0, scaleX: {} }, /xfB\.scaleX/],
      [{ x: NaN, y: 0 }, /xfB\.x is NaN/],
      [{ x: 0, y: Infinity }, /xfB\.y is Infinity/],
      [{ x: 0, y: 0, angle: -Infinity }, /xfB\.angle/],
      [{ x: 0, y: 0, scaleY: NaN }, /xfB\.scaleY/],
      [{ x: 0, y: 0, scaleX: 0 }, /xfB.*scale/],
      [{ x: 0, y: 0, scaleY: 1e-9 }, /xfB/],
      [{ x: 2e6, y: 0 }, /xfB/],
      [{ x: 0, y: 0, angle: 1e10 }, /xfB.*angle/],
      [{ x: 1e300, y: 0 }, /xfB\.x/],
    ];
    for (const [xf, mention] of bad) {
      for (const fn of ['collide', 'overlaps', 'distance']) {
        expectError(() => any[fn](box, ID, ball, xf), 'InvalidTransform', new RegExp(`${fn}: ${mention.source}`));
        expectError(() => any[fn](box, xf, ball, ID), 'InvalidTransform', new RegExp(mention.source.replace(/xfB/g, 'xfA')));
      }
      expectError(() => sat.collideInto(box, ID, ball, xf as never, sat.createManifold()), 'InvalidTransform', /collideInto: xfB/);
      expectError(() => sat.containsPoint(box, xf as never, { x: 0, y: 0 }), 'InvalidTransform', /containsPoint: xf/);
      expectError(
        () => sat.raycast(box, xf as never, { origin: { x: -5, y: 0 }, translation: { x: 10, y: 0 } }),
        'InvalidTransform',
        /raycast: xf/,
      );
      expectError(() => box.bounds(xf as never), 'InvalidTransform', /bounds: xf/);
    }
  });

  it('shapes: non-shapes, disposed shapes, shapes of another module', async () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const v of [undefined, null, 1, 'box', {}, { _h: 1 }, [box]]) {
      expectError(() => any.collide(v, ID, ball, ID), 'InvalidArgument', /collide: a must be a Shape/);
      expectError(() => any.overlaps(box, ID, v, ID), 'InvalidArgument', /overlaps: b must be a Shape/);
      expectError(() => any.raycast(v, ID, { origin: ID, translation: { x: 1, y: 0 } }), 'InvalidArgument', /raycast: shape/);
      expectError(() => any.containsPoint(v, ID, ID), 'InvalidArgument', /containsPoint: shape/);
    }
    const gone = sat.circle(1);
    gone.dispose();
    gone.dispose(); // harmless when repeated
    expect(gone.disposed).toBe(true);
    expectError(() => sat.collide(gone, ID, ball, ID), 'Disposed', /collide: a has been disposed/);
    expectError(() => sat.overlaps(ball, ID, gone, ID), 'Disposed', /overlaps: b/);
    expectError(() => sat.distance(gone, ID, ball, ID), 'Disposed');
    expectError(() => sat.raycast(gone, ID, { origin: ID, translation: { x: 1, y: 0 } }), 'Disposed');
    expectError(() => sat.containsPoint(gone, ID, ID), 'Disposed');
    expectError(() => sat.collideInto(gone, ID, ball, ID, sat.createManifold()), 'Disposed');
    expectError(() => sat.collideMany([ball, gone], new Float32Array(10), [0, 1]), 'Disposed', /shapes\[1\]/);
    expectError(() => gone.handle, 'Disposed');
    expectError(() => gone.vertices, 'Disposed');
    expectError(() => gone.radius, 'Disposed');
    expectError(() => gone.bounds(ID), 'Disposed');
    const other = await import('../../dist/index.js').then((m) => m.loadSAT({ prefer: variant }));
    const foreign = other.circle(1);
    expectError(() => sat.collide(foreign, ID, ball, ID), 'InvalidArgument', /another loaded sat-wasm module/);
  });

  it('queries: bad rays, points and result objects', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    expectError(() => any.raycast(box, ID), 'InvalidArgument', /ray must be/);
    expectError(() => any.raycast(box, ID, { origin: ID }), 'InvalidArgument', /ray\.translation/);
    expectError(() => any.raycast(box, ID, { origin: { x: NaN, y: 0 }, translation: ID }), 'InvalidArgument', /ray\.origin\.x/);
    expectError(() => any.raycast(box, ID, { origin: ID, translation: { x: 1, y: 0 }, maxFraction: -1 }), 'InvalidArgument', /maxFraction/);
    expectError(() => any.raycast(box, ID, { origin: ID, translation: { x: 1, y: 0 }, maxFraction: '1' }), 'InvalidArgument', /maxFraction/);
    expectError(() => any.raycast(box, ID, { origin: { x: 5e6, y: 0 }, translation: { x: 1, y: 0 } }), 'InvalidArgument', /1e6/);
    expectError(() => any.containsPoint(box, ID), 'InvalidArgument', /point/);
    expectError(() => any.containsPoint(box, ID, { x: 'a', y: 0 }), 'InvalidArgument', /point/);
    expectError(() => any.containsPoint(box, ID, { x: Infinity, y: 0 }), 'InvalidArgument', /point/);
    expectError(() => any.collideInto(box, ID, ball, ID), 'InvalidArgument', /out must be/);
    expectError(() => any.collideInto(box, ID, ball, ID, {}), 'InvalidArgument', /out must be/);
    expectError(() => any.collideInto(box, ID, ball, ID, { normal: {}, contacts: [] }), 'InvalidArgument', /contacts/);
  });

  it('collideMany: bad arrays, lengths, indices and transforms name the element', () => {
    const any = sat as unknown as Record<string, (...args: unknown[]) => unknown>;
    const xf2 = new Float32Array([0, 0, 0, 1, 1, 1.25, 0, 0, 1, 1]);
    expectError(() => any.collideMany(undefined, xf2, [0, 1]), 'InvalidArgument', /shapes must be an array/);
    // null: pairs are handles; 0 is never a handle.
    expectError(() => any.collideMany(null, xf2, [0, 1]), 'InvalidArgument', /pairs\[0\] = 0 is not the handle of a live shape/);
    expectError(() => any.collideMany(box, xf2, [0, 1]), 'InvalidArgument', /shapes must be an array/);
    expectError(() => any.collideMany([box, 'ball'], xf2, [0, 1]), 'InvalidArgument', /shapes\[1\] must be a Shape/);
    expectError(() => any.collideMany([box, ball], 'xf', [0, 1]), 'InvalidArgument', /transforms must be/);
    expectError(() => any.collideMany([box, ball], xf2, null), 'InvalidArgument', /pairs must be/);
    expectError(() => sat.collideMany([box, ball], xf2, [0, 1, 0]), 'InvalidArgument', /odd length 3/);
    expectError(() => sat.collideMany([box, ball], new Float32Array(9), [0, 1]), 'InvalidArgument', /length 9, expected 10/);
    expectError(() => sat.collideMany([box, ball], xf2, [0, 2]), 'InvalidArgument', /pairs\[1\] = 2 is not an index/);
    expectError(() => sat.collideMany([box, ball], xf2, [-1, 0]), 'InvalidArgument', /pairs\[0\] = -1/);
    expectError(() => sat.collideMany([box, ball], xf2, [0, 0.5]), 'InvalidArgument', /pairs\[1\] = 0.5 is not an integer/);
    expectError(() => any.collideMany([box, ball], xf2, [0, '1']), 'InvalidArgument', /pairs\[1\] must be a number/);
    expectError(() => any.collideMany([box, ball], [0, 0, 0, 1, 1, 1, 0, 0, 1, 'x'], [0, 1]), 'InvalidArgument', /transforms\[9\]/);
    const nan = xf2.slice();
    nan[6] = NaN;
    expectError(() => sat.collideMany([box, ball], nan, [0, 1]), 'InvalidTransform', /shapes\[1\] \(transforms\[5\.\.9\]\)/);
    const zero = xf2.slice();
    zero[3] = 0;
    expectError(() => sat.collideMany([box, ball], zero, [0, 1]), 'InvalidTransform', /shapes\[0\]/);
    const perPair = new Float32Array(20).fill(1);
    perPair[18] = Infinity;
    expectError(
      () => sat.collideMany([box, ball], perPair, [0, 1, 1, 0], { transformsPer: 'pair' }),
      'InvalidTransform',
      /B in pair 1/,
    );
    expectError(() => any.collideMany([box, ball], xf2, [0, 1], { transformsPer: 'body' }), 'InvalidArgument', /transformsPer/);
    expectError(() => any.collideMany([box, ball], xf2, [0, 1], 7), 'InvalidArgument', /options/);
    expectError(() => any.collideMany([box, ball], xf2, [0, 1], { out: {} }), 'InvalidArgument', /options\.out/);
  });

  it('loadSAT: bad options', async () => {
    const { loadSAT } = await import('../../dist/index.js');
    const any = loadSAT as unknown as (o: unknown) => Promise<unknown>;
    await expect(any({ prefer: 'fast' })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(any(null)).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(any({ instantiateWasm: 3 })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(any({ prefer: 'simd', wasmBinary: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({ code: 'LoadFailed' });
  });
});
