// The 3D module's narrow-phase-only flavour (load3D({ narrowPhaseOnly: true }), sat3d-<variant>-narrow.*): the same
// answers as the full 3D module, bit for bit, on random shapes and poses (per-pair queries, the SAT debug output, the
// hull maker and the bulk call with caches); no world; and its option checked like the others.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, load3D, type SAT3D, type Shape3, type Transform3 } from '../../dist/3d.js';
import { VARIANTS3, mixedShapes3 } from './helpers.js';
import { rng } from './reference.js';

/** Seeded poses: rotated, some scaled non-uniformly or mirrored, in a box of side 5 so that many pairs touch. */
function makePoses(seed: number, n: number): Transform3[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const q = [r() - 0.5, r() - 0.5, r() - 0.5, r() - 0.5];
    const l = Math.hypot(...q);
    const scale = i % 3 === 0 ? { x: 0.5 + r(), y: (r() < 0.2 ? -1 : 1) * (0.5 + r()), z: 0.5 + r() } : 1;
    return { x: r() * 5, y: r() * 5, z: r() * 5, rotation: { x: q[0] / l, y: q[1] / l, z: q[2] / l, w: q[3] / l }, scale };
  });
}

function packPoses(poses: Transform3[]): Float32Array {
  const xf = new Float32Array(poses.length * 10);
  poses.forEach((t, i) => {
    const q = t.rotation!;
    const sc = typeof t.scale === 'number' ? { x: t.scale, y: t.scale, z: t.scale } : t.scale!;
    xf.set([t.x, t.y, t.z, q.x, q.y, q.z, q.w, sc.x, sc.y, sc.z], i * 10);
  });
  return xf;
}

/** Everything the per-pair queries answer for one pair, and the ray against A. */
function answers(s: SAT3D, a: Shape3, xa: Transform3, b: Shape3, xb: Transform3) {
  const ray = { origin: { x: xa.x - 4, y: xa.y + 0.1, z: xa.z - 0.2 }, translation: { x: 8, y: 0.05, z: 0.3 } };
  return {
    overlaps: s.overlaps(a, xa, b, xb),
    collide: s.collide(a, xa, b, xb),
    debug: a.kind === 'hull' && b.kind === 'hull' ? s.collideDebug(a, xa, b, xb) : null,
    distance: s.distance(a, xa, b, xb),
    ray: s.raycast(a, xa, ray),
  };
}

describe.each(VARIANTS3)('3D narrow-phase-only flavour (%s)', (variant) => {
  let full: SAT3D;
  let narrow: SAT3D;
  beforeAll(async () => {
    const file = `sat3d-${variant}-narrow.${variant === 'asmjs' ? 'mjs' : 'wasm'}`;
    const path = fileURLToPath(new URL(`../../dist/wasm/${file}`, import.meta.url));
    expect(existsSync(path), `${path} must be built (node scripts/build-wasm.mjs)`).toBe(true);
    full = await load3D({ prefer: variant });
    narrow = await load3D({ prefer: variant, narrowPhaseOnly: true });
  });

  it('is the narrow flavour, with the same build flags as the full module', () => {
    expect(narrow.narrowPhaseOnly).toBe(true);
    expect(full.narrowPhaseOnly).toBe(false);
    expect(narrow.variant).toBe(variant);
    expect(narrow.dynamicExecution).toBe(full.dynamicExecution);
  });

  it('per-pair queries, SAT debug output and hull meshes equal the full module bit for bit', () => {
    const sa = mixedShapes3(full, 11);
    const sb = mixedShapes3(narrow, 11);
    const poses = makePoses(12, sa.length);
    for (let i = 3; i < sa.length; i += 4) expect(narrow.hullMesh(sb[i]), `shape ${i}`).toStrictEqual(full.hullMesh(sa[i]));
    let touching = 0;
    let pairs = 0;
    for (let i = 0; i < sa.length; ++i) {
      for (let j = i + 1; j < sa.length; j += 3) {
        const want = answers(full, sa[i], poses[i], sa[j], poses[j]);
        expect(answers(narrow, sb[i], poses[i], sb[j], poses[j]), `pair ${i}-${j}`).toStrictEqual(want);
        if (want.collide) ++touching;
        ++pairs;
      }
    }
    // The scene exercises both answers: many touching pairs and many apart.
    expect(touching).toBeGreaterThan(pairs / 10);
    expect(touching).toBeLessThan(pairs);
    for (const x of [...sa, ...sb]) x.dispose();
    expect(narrow.liveShapes).toBe(0);
  });

  it('collideMany with caches equals the full module bit for bit, frame after frame', () => {
    const sa = mixedShapes3(full, 21);
    const sb = mixedShapes3(narrow, 21);
    const pairs: number[] = [];
    for (let i = 0; i < sa.length; ++i) for (let j = i + 1; j < sa.length; ++j) pairs.push(i, j);
    const pairArray = Int32Array.from(pairs);
    const cacheA = new Uint32Array(pairs.length);
    const cacheB = new Uint32Array(pairs.length);
    for (let frame = 0; frame < 3; ++frame) {
      const xf = packPoses(makePoses(22 + frame, sa.length));
      const a = full.collideMany(sa, xf, pairArray, cacheA);
      const b = narrow.collideMany(sb, xf, pairArray, cacheB);
      expect(b.touching, `frame ${frame}`).toBe(a.touching);
      expect(a.touching).toBeGreaterThan(0);
      expect(Array.from(b.counts)).toEqual(Array.from(a.counts));
      expect(Buffer.from(b.manifolds.buffer).equals(Buffer.from(a.manifolds.buffer)), `manifolds, frame ${frame}`).toBe(true);
      expect(Array.from(cacheB)).toEqual(Array.from(cacheA));
    }
    for (const x of [...sa, ...sb]) x.dispose();
  });

  it('has no world: createWorld throws LoadFailed naming the way out', () => {
    let error: unknown;
    try {
      narrow.createWorld();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SATError);
    expect((error as SATError).code).toBe('LoadFailed');
    expect((error as SATError).message).toMatch(/no world.*without narrowPhaseOnly/);
    // The full module loaded beside it still makes worlds.
    const w = full.createWorld();
    w.dispose();
  });
});

describe('load3D narrowPhaseOnly option', () => {
  it('must be a boolean', async () => {
    await expect(load3D({ narrowPhaseOnly: 'yes' as never })).rejects.toMatchObject({ code: 'InvalidArgument', message: /narrowPhaseOnly must be a boolean/ });
  });

  it('a moduleFactory of the other flavour is refused with LoadFailed', async () => {
    const glue = (f: string) => import(/* @vite-ignore */ new URL(`../../dist/wasm/${f}`, import.meta.url).href);
    // asm.js: the glue carries its module, so the factory alone decides the flavour.
    const fullFactory = (await glue('sat3d-asmjs.mjs')).default;
    const narrowFactory = (await glue('sat3d-asmjs-narrow.mjs')).default;
    await expect(load3D({ prefer: 'asmjs', narrowPhaseOnly: true, moduleFactory: fullFactory })).rejects.toMatchObject({
      code: 'LoadFailed',
      message: /made the full 3D module, but narrowPhaseOnly is true/,
    });
    await expect(load3D({ prefer: 'asmjs', moduleFactory: narrowFactory })).rejects.toMatchObject({
      code: 'LoadFailed',
      message: /made the narrow-phase-only 3D module, but narrowPhaseOnly is false/,
    });
    const ok = await load3D({ prefer: 'asmjs', narrowPhaseOnly: true, moduleFactory: narrowFactory });
    expect(ok.narrowPhaseOnly).toBe(true);
  });
});
