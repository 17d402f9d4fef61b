// The threaded build (loadSAT({ threads })): a seeded scene large enough that update() splits its stages across
// the threads gives, frame by frame, every event, contact and transform word of the single-thread SIMD build; and
// bad or impossible thread counts get named errors. Where code generation from strings is refused (the js-nodyn
// run) the threaded build cannot load: that is asserted instead.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_WORDS, loadSAT, SATError, allowsCodeGeneration, TRANSFORM_STRIDE, type SAT } from '../../dist/index.js';
import { hashEvents, satFor, WordHash } from './helpers.js';
import { rng } from './reference.js';

/** FNV-1a of every output word of each frame of a moving scene of boxes, circles, capsules and compounds. */
function sceneHashes(sat: SAT, threads: number, bodies: number, frames: number, broadPhase: 'grid' | 'tree' | 'sap'): number[] {
  const next = rng(0x9e3779b9);
  const f = Math.fround;
  const world = sat.createWorld({ broadPhase, threads, timeStages: false });
  const half = 0.5 * Math.sqrt(2.6 * bodies);
  const movers: { slot: number; vx: number; vy: number; w: number }[] = [];
  for (let i = 0; i < bodies; i++) {
    const kind = i % 5;
    const size = f(0.4 + 0.6 * next());
    const x = f(-half + 2 * half * next());
    const y = f(-half + 2 * half * next());
    const angle = f(-3 + 6 * next());
    const type = i % 10 === 0 ? 'static' : 'dynamic';
    let id: number;
    if (kind === 4) {
      const a = sat.box(size, f(size * 0.5));
      const b = sat.circle(f(size * 0.6));
      id = world.add({ type, x, y, angle, shapes: [{ shape: a }, { shape: b, offsetX: size }] });
      a.dispose();
      b.dispose();
    } else {
      const shape =
        kind === 0 ? sat.box(2 * size, size) : kind === 1 ? sat.circle(size) : kind === 2 ? sat.capsule({ x: -size, y: 0 }, { x: size, y: 0 }, f(0.3 * size)) : sat.polygon([0, 0, 2 * size, 0, size, 1.5 * size]);
      id = world.add({ shape, type, x, y, angle, sensor: i % 23 === 0, bullet: type !== 'static' && i % 97 === 1 });
      shape.dispose();
    }
    if (type !== 'static') movers.push({ slot: world.slotOf(id), vx: -0.2 + 0.4 * next(), vy: -0.2 + 0.4 * next(), w: -0.05 + 0.1 * next() });
  }
  const hashes: number[] = [];
  for (let frame = 0; frame < frames; frame++) {
    const t = world.transforms;
    for (const m of movers) {
      const o = m.slot * TRANSFORM_STRIDE;
      if (Math.abs(t[o]) > half) m.vx = -Math.sign(t[o]) * Math.abs(m.vx);
      if (Math.abs(t[o + 1]) > half) m.vy = -Math.sign(t[o + 1]) * Math.abs(m.vy);
      t[o] += m.vx;
      t[o + 1] += m.vy;
      t[o + 2] += m.w;
    }
    world.update();
    const hash = new WordHash();
    hashEvents(world, hash);
    const c = world.contacts;
    for (let i = 0; i < c.count * CONTACT_WORDS; i++) hash.add(c.u32[i]);
    const s = world.stats;
    hash.add(s.candidatePairs);
    hash.add(s.touchingPairs);
    hash.add(s.narrowTests);
    const tf = new Uint32Array(world.transforms.buffer, world.transforms.byteOffset, world.transforms.length);
    for (let i = 0; i < tf.length; i++) hash.add(tf[i]);
    hashes.push(hash.value);
  }
  world.dispose();
  return hashes;
}

describe('threaded build', () => {
  const canLoad = allowsCodeGeneration();
  let single: SAT;
  let threaded: SAT;
  beforeAll(async () => {
    single = await satFor('simd');
    if (canLoad) threaded = await loadSAT({ threads: 2 });
  });

  it.runIf(canLoad)('loads the SIMD build with threads; its worlds default to loadSAT threads', () => {
    expect(threaded.variant).toBe('simd');
    expect(threaded.threads).toBe(2);
    expect(threaded.maxThreads).toBe(4);
    expect(single.threads).toBe(1);
    expect(single.maxThreads).toBe(1);
  });

  it.runIf(canLoad)('2 and 4 threads give every word of the single-thread build, frame by frame, under every broad phase', () => {
    // 12,000 bodies: several chunks of bodies and pairs per thread (the core splits stages of thousands).
    for (const bp of ['grid', 'tree', 'sap'] as const) {
      const frames = 12;
      const reference = sceneHashes(single, 1, 12000, frames, bp);
      expect(new Set(reference).size).toBe(frames); // the scene changes every frame
      expect(sceneHashes(threaded, 2, 12000, frames, bp)).toEqual(reference);
      expect(sceneHashes(threaded, 4, 12000, frames, bp)).toEqual(reference);
      expect(sceneHashes(threaded, 1, 12000, frames, bp)).toEqual(reference);
    }
  });

  it.runIf(!canLoad)('where code generation is refused, loadSAT({ threads: 2 }) is ThreadsUnavailable', async () => {
    await expect(loadSAT({ threads: 2 })).rejects.toMatchObject({ code: 'ThreadsUnavailable' });
  });

  it('bad thread counts are InvalidArgument', async () => {
    for (const threads of [0, -1, 1.5, Number.NaN, '2' as unknown as number]) {
      await expect(loadSAT({ threads })).rejects.toMatchObject({ code: 'InvalidArgument' });
    }
    for (const threads of [0, -1, 1.5]) {
      expect(() => single.createWorld({ threads })).toThrow(SATError);
    }
  });

  it.runIf(canLoad)('more threads than the pool, or threads with another build choice, get named errors', async () => {
    await expect(loadSAT({ threads: 99 })).rejects.toMatchObject({ code: 'InvalidArgument' });
    expect(() => threaded.createWorld({ threads: 5 })).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    for (const extra of [{ prefer: 'baseline' as const }, { narrowPhaseOnly: true }, { dynamicExecution: false }]) {
      await expect(loadSAT({ threads: 2, ...extra })).rejects.toMatchObject({ code: 'ThreadsUnavailable' });
    }
  });

  it.runIf(canLoad)('worlds share the pthread pool: one that would exceed it is ThreadsUnavailable until another is disposed', () => {
    const box = threaded.box(1, 1);
    const busy = threaded.createWorld({ threads: 4 }); // all three workers
    expect(() => threaded.createWorld({ threads: 2 })).toThrow(expect.objectContaining({ code: 'ThreadsUnavailable' }));
    busy.dispose();
    // Created and disposed again and again, worlds get their workers back each time (a worker beyond the pool would
    // never start, and update() would wait for it).
    for (let round = 0; round < 3; round++) {
      const worlds = [2, 2, 2].map((threads) => threaded.createWorld({ threads }));
      for (const w of worlds) {
        for (let i = 0; i < 9000; i++) w.add({ shape: box, x: (i % 100) * 1.5, y: Math.floor(i / 100) * 1.5 });
        w.update();
        expect(w.events.beginCount).toBe(0);
      }
      for (const w of worlds) w.dispose();
    }
    box.dispose();
  });

  it('a single-thread module refuses a threaded world with ThreadsUnavailable', () => {
    expect(() => single.createWorld({ threads: 2 })).toThrow(expect.objectContaining({ code: 'ThreadsUnavailable' }));
    expect(single.createWorld({ threads: 1 }).dispose()).toBeUndefined();
  });
});
