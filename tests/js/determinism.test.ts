// Determinism across builds: the scene of tests/cpp/test_determinism.cpp (500 bodies, 1000 frames), built the same
// way from the same double-precision inputs, gives the same checksum of events and contacts in the SIMD, baseline
// and asm.js builds as natively. docs/determinism.md describes the scene and the flags that make this hold.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_WORDS, TRANSFORM_STRIDE, type SAT } from '../../dist/index.js';
import { VARIANTS, WordHash, hashEvents, satFor, xorshift32 } from './helpers.js';

/** Pinned in tests/cpp/test_determinism.cpp (kSceneChecksum): the native build's answer. */
const SCENE_CHECKSUM = 0x504200eb;

function bounce(v: number, half: number): number {
  const p = v + half;
  const period = 4 * half;
  let m = p - period * Math.floor(p / period);
  if (m > 2 * half) m = period - m;
  return m - half;
}

interface SceneResult {
  checksum: number;
  begins: number;
  ends: number;
  contacts: number;
}

function runScene(sat: SAT, bodies: number, frames: number, broadPhase: 'grid' | 'tree' | 'sap' = 'grid'): SceneResult {
  const { next } = xorshift32(0x12345678);
  const f = Math.fround;
  const world = sat.createWorld({ broadPhase });
  const half = 30;
  const hex = [
    [1, 0],
    [0.5, 0.866],
    [-0.5, 0.866],
    [-1, 0],
    [-0.5, -0.866],
    [0.5, -0.866],
  ];
  const scene: { slot: number; isStatic: boolean; x0: number; y0: number; vx: number; vy: number; a0: number; w: number }[] = [];
  const ids: number[] = [];
  for (let i = 0; i < bodies; i++) {
    const kind = i % 4;
    const size = 0.3 + 0.7 * next();
    const aspect = 0.5 + 0.5 * next();
    let shape;
    if (kind === 0) shape = sat.box(2 * f(size), 2 * f(size * aspect));
    else if (kind === 1) shape = sat.circle(f(size));
    else if (kind === 2) shape = sat.capsule({ x: f(-size), y: 0 }, { x: f(size), y: 0 }, f(0.3 * size));
    else shape = sat.polygon(hex.flatMap(([hx, hy]) => [f(size * hx), f(size * aspect * hy)]));
    const isStatic = i % 10 === 0;
    const x0 = -half + 2 * half * next();
    const y0 = -half + 2 * half * next();
    const vx = -0.1 + 0.2 * next();
    const vy = -0.1 + 0.2 * next();
    const a0 = -3 + 6 * next();
    const w = -0.05 + 0.1 * next();
    const id = world.add({ shape, type: isStatic ? 'static' : 'dynamic', x: f(x0), y: f(y0), angle: f(a0) });
    shape.dispose();
    ids.push(id);
    scene.push({ slot: world.slotOf(id), isStatic, x0, y0, vx, vy, a0, w });
  }

  const hash = new WordHash();
  const r: SceneResult = { checksum: 0, begins: 0, ends: 0, contacts: 0 };
  for (let frame = 1; frame <= frames; frame++) {
    const t = world.transforms;
    for (const b of scene) {
      if (b.isStatic) continue;
      const o = b.slot * TRANSFORM_STRIDE;
      t[o] = bounce(b.x0 + b.vx * frame, half);
      t[o + 1] = bounce(b.y0 + b.vy * frame, half);
      t[o + 2] = b.a0 + b.w * frame;
    }
    world.update();
    hashEvents(world, hash);
    const ev = world.events;
    const c = world.contacts;
    for (let i = 0; i < c.count; i++) {
      const base = i * CONTACT_WORDS;
      const points = c.u32[base + 6] & 0xff;
      const valid = 8 + 4 * points;
      for (let k = 0; k < valid; k++) hash.add(c.u32[base + k]);
    }
    r.begins += ev.beginCount;
    r.ends += ev.endCount;
    r.contacts += c.count;
  }
  world.dispose();
  r.checksum = hash.value;
  return r;
}

describe.each(VARIANTS)('determinism (%s)', (variant) => {
  let sat: SAT;
  beforeAll(async () => {
    sat = await satFor(variant);
  });

  it('the 500-body, 1000-frame scene gives the native checksum, twice', () => {
    const a = runScene(sat, 500, 1000);
    const b = runScene(sat, 500, 1000);
    expect(b.checksum).toBe(a.checksum);
    expect(a.begins).toBeGreaterThan(1000);
    expect(`0x${a.checksum.toString(16).padStart(8, '0')}`).toBe(`0x${SCENE_CHECKSUM.toString(16).padStart(8, '0')}`);
  });

  it('every broad phase gives the same events and contacts', () => {
    const grid = runScene(sat, 300, 200, 'grid');
    expect(runScene(sat, 300, 200, 'tree').checksum).toBe(grid.checksum);
    expect(runScene(sat, 300, 200, 'sap').checksum).toBe(grid.checksum);
  });
});
