// Shared by the Vitest files: load the BUILT package (dist/) once per variant, and make seeded random shapes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { load3D, type SAT3D, type Shape3 } from '../../dist/3d.js';
import { SATError, loadSAT, type SAT, type SATErrorCode, type Shape, type Variant, type World } from '../../dist/index.js';
import { place, randomConvex, rng, type P, type RefShape, type Xf } from './reference.js';

/** The code of the SATError that `fn` throws, or 'no error'; anything else thrown is thrown on. */
export function errorCode(fn: () => unknown): SATErrorCode | 'no error' {
  try {
    fn();
  } catch (e) {
    if (e instanceof SATError) return e.code;
    throw e;
  }
  return 'no error';
}

/** The builds the 3D suites run against. */
export const VARIANTS3 = ['simd', 'baseline', 'asmjs'] as const;

/** The 3D module of one build, once its file is found built. */
export async function sat3For(variant: (typeof VARIANTS3)[number]): Promise<SAT3D> {
  const file = fileURLToPath(new URL(`../../dist/wasm/sat3d-${variant}.${variant === 'asmjs' ? 'mjs' : 'wasm'}`, import.meta.url));
  expect(existsSync(file), `${file} must be built (node scripts/build-wasm.mjs)`).toBe(true);
  return load3D({ prefer: variant });
}

/** A seeded mix of 48 boxes, spheres, capsules and hulls (4-40 points), made in a module: the same shapes for a seed. */
export function mixedShapes3(s: SAT3D, seed: number): Shape3[] {
  const r = rng(seed);
  const shapes: Shape3[] = [];
  for (let i = 0; i < 48; ++i) {
    const k = i % 4;
    shapes.push(
      k === 0 ? s.box(0.2 + r(), 0.2 + r(), 0.2 + r())
      : k === 1 ? s.sphere(0.2 + r(), { x: r() - 0.5, y: 0, z: 0 })
      : k === 2 ? s.capsule({ x: 0, y: -0.5 * r(), z: 0 }, { x: r(), y: 0.5, z: 0 }, 0.1 + 0.4 * r())
      : s.hull(Array.from({ length: 3 * (4 + Math.floor(r() * 37)) }, () => (r() * 2 - 1) * (0.5 + r()))),
    );
  }
  return shapes;
}

/** Every build the suites run against. SAT_VARIANTS=simd,asmjs narrows it. */
export const VARIANTS: Variant[] = (process.env.SAT_VARIANTS?.split(',') as Variant[] | undefined) ?? [
  'simd',
  'baseline',
  'asmjs',
];

const loaded = new Map<Variant, Promise<SAT>>();

/** The module of one variant, loaded once per test file. */
export function satFor(variant: Variant): Promise<SAT> {
  let p = loaded.get(variant);
  if (!p) {
    p = loadSAT({ prefer: variant });
    loaded.set(variant, p);
  }
  return p;
}

export type Kind = 'polygon' | 'circle' | 'capsule';

/** A stored shape with its local geometry in the reference's form. */
export interface Sample {
  shape: Shape;
  kind: Kind;
  core: P[];
  radius: number;
}

export function makeSample(sat: SAT, kind: Kind, rand: () => number): Sample {
  const size = 0.5 + 2 * rand();
  if (kind === 'polygon') {
    const n = 3 + Math.floor(rand() * 10); // 3..12
    const shape = sat.polygon(randomConvex(rand, n, size));
    return { shape, kind, core: shape.vertices.map((v): P => [v.x, v.y]), radius: 0 };
  }
  if (kind === 'circle') {
    const shape = sat.circle(size * (0.3 + rand()), { x: (rand() - 0.5) * size, y: (rand() - 0.5) * size });
    return { shape, kind, core: shape.vertices.map((v): P => [v.x, v.y]), radius: shape.radius };
  }
  const a = { x: (rand() - 0.5) * size, y: (rand() - 0.5) * size };
  const t = rand() * Math.PI * 2;
  const len = size * (0.3 + rand());
  const shape = sat.capsule(a, { x: a.x + len * Math.cos(t), y: a.y + len * Math.sin(t) }, size * (0.1 + 0.5 * rand()));
  return { shape, kind, core: shape.vertices.map((v): P => [v.x, v.y]), radius: shape.radius };
}

/**
 * A random transform; about half of them scale, some non-uniformly, a few mirror. Given the kind of the shape it
 * places, a circle or capsule keeps |scaleY| = |scaleX| (the reference models them as circles and capsules, which
 * they are only under a uniform scale; the stretched ones have their own oracle test in ellipse.test.ts).
 */
export function randomXf(rand: () => number, cx: number, cy: number, spread: number, kind?: Kind): Xf {
  let scaleX = 1;
  let scaleY = 1;
  if (rand() < 0.5) {
    scaleX = 0.5 + 1.5 * rand();
    scaleY = rand() < 0.5 ? scaleX : 0.5 + 1.5 * rand();
    if (rand() < 0.1) scaleX = -scaleX;
    if (rand() < 0.1) scaleY = -scaleY;
    if (kind === 'circle' || kind === 'capsule') scaleY = Math.sign(scaleY) * Math.abs(scaleX);
  }
  return {
    x: cx + (rand() - 0.5) * 2 * spread,
    y: cy + (rand() - 0.5) * 2 * spread,
    angle: (rand() - 0.5) * 2 * Math.PI,
    scaleX,
    scaleY,
  };
}

/** The sample placed in the world, for the reference. Transform values rounded to float32 like the core sees. */
export function placed(s: Sample, xf: Xf): RefShape {
  const f = Math.fround;
  return place(s.core, s.radius, {
    x: f(xf.x),
    y: f(xf.y),
    angle: f(xf.angle),
    scaleX: f(xf.scaleX),
    scaleY: f(xf.scaleY),
  });
}

/**
 * xorshift32 as tests/cpp/determinism_inputs.h computes it: each draw a double in [0, 1) (the same in C++ and
 * JavaScript), and range(lo, hi) = lo + (hi - lo) * next().
 */
export function xorshift32(seed: number): { next: () => number; range: (lo: number, hi: number) => number } {
  let s = seed >>> 0;
  const next = (): number => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  return { next, range: (lo, hi) => lo + (hi - lo) * next() };
}

/** A running FNV-1a hash of 32-bit words, as the native determinism checks compute it. */
export class WordHash {
  value = 2166136261;
  add(word: number): void {
    this.value = Math.imul(this.value ^ word, 16777619) >>> 0;
  }
}

/** Adds a world's event counts and the begin and end pairs of its last update() to a hash. */
export function hashEvents(world: World, hash: WordHash): void {
  const ev = world.events;
  hash.add(ev.beginCount);
  hash.add(ev.stayCount);
  hash.add(ev.endCount);
  for (let i = 0; i < 2 * ev.beginCount; i++) hash.add(ev.begin[i]);
  for (let i = 0; i < 2 * ev.endCount; i++) hash.add(ev.end[i]);
}
