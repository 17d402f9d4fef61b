// Leaks and growth: 100,000 create/dispose cycles of shapes, and of worlds with bodies, from JavaScript. Afterwards
// the module's live shape count is back to its start, the WebAssembly memory has not grown at all since a warm-up
// (so the cycles leaked less than heapBytes / cycles bytes each: see docs/fuzzing.md, "Leaks"), and the JS heap
// after a full GC is back within a small bound of where it started.
//
// The module has no heap-usage export, so the WASM side is measured by its allocating behaviour: memory only
// grows (HEAP8.length) when malloc finds no free block, so a per-cycle leak of L bytes over N cycles forces growth
// once N * L exceeds the free space, which is at most the heap size. The cycles allocate large blocks (a 256-vertex
// polygon keeps its vertices in its own heap block; a world allocates its arrays), so a leak of whole objects
// would grow the heap by hundreds of megabytes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SAT } from '../../dist/index.js';
import { VARIANTS, satFor } from './helpers.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CYCLES = 100_000;
/** Time allowed for one loop of CYCLES: not a speed check (asm.js on a loaded 2-core machine needs minutes). */
const LONG_LOOP_MS = 600_000;
/** Allowed JS heap difference after a full GC (bytes): a leak of one object per cycle would be several MB. */
const JS_HEAP_BOUND = 1.5 * 1024 * 1024;

function jsHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function heapBytes(sat: SAT): number {
  return (sat as unknown as { _m: { HEAPU8: Uint8Array } })._m.HEAPU8.length;
}

function ring(n: number, r: number): number[] {
  const pts: number[] = [];
  for (let i = 0; i < n; i++) pts.push(r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n));
  return pts;
}

describe.each(VARIANTS)('leaks (%s)', (variant) => {
  let sat: SAT;
  beforeAll(async () => {
    sat = await satFor(variant);
  });

  it(`${CYCLES} shape create/dispose cycles: live shapes, WASM memory and JS heap return to the start`, () => {
    const big = ring(256, 1); // 256 vertices: stored in its own heap block
    const small = [0, 0, 1, 0, 0, 1];
    const cycle = (i: number): void => {
      const s =
        i % 5 === 0
          ? sat.polygon(big)
          : i % 5 === 1
            ? sat.circle(1 + (i % 7))
            : i % 5 === 2
              ? sat.capsule({ x: 0, y: 0 }, { x: 1, y: 0 }, 0.5)
              : i % 5 === 3
                ? sat.box(1, 2)
                : sat.hull(small);
      if (i % 97 === 0) void s.vertices; // the describe path allocates a scratch buffer
      s.dispose();
    };
    const liveStart = sat.liveShapes;
    for (let i = 0; i < 2000; i++) cycle(i); // warm-up: scratch buffers and free lists reach their size
    const wasmStart = heapBytes(sat);
    const jsStart = jsHeap();
    for (let i = 0; i < CYCLES; i++) cycle(i);
    const jsEnd = jsHeap();
    expect(sat.liveShapes).toBe(liveStart);
    expect(heapBytes(sat)).toBe(wasmStart);
    expect(jsEnd - jsStart).toBeLessThan(JS_HEAP_BOUND);
  }, LONG_LOOP_MS);

  it(`${CYCLES} world create/dispose cycles with bodies: WASM memory and JS heap return to the start`, () => {
    const liveStart = sat.liveShapes;
    const box = sat.box(1, 1);
    const ball = sat.circle(0.5);
    const outline = [0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2];
    const cycle = (i: number): void => {
      const world = sat.createWorld({ broadPhase: i % 3 === 0 ? 'grid' : i % 3 === 1 ? 'tree' : 'sap' });
      const a = world.add({ shape: box, x: 0, y: 0 });
      world.add({ shape: ball, x: 0.8, y: 0 });
      if (i % 4 === 0) world.addConcave(outline, { x: 1, y: 1 });
      world.update();
      world.remove(a);
      world.update();
      world.dispose();
    };
    for (let i = 0; i < 2000; i++) cycle(i);
    const wasmStart = heapBytes(sat);
    const jsStart = jsHeap();
    for (let i = 0; i < CYCLES; i++) cycle(i);
    const jsEnd = jsHeap();
    expect(heapBytes(sat)).toBe(wasmStart);
    expect(jsEnd - jsStart).toBeLessThan(JS_HEAP_BOUND);
    box.dispose();
    ball.dispose();
    expect(sat.liveShapes).toBe(liveStart);
  }, LONG_LOOP_MS);

  it('world frames through the bulk path (transforms written, update, contacts and events read): the JS heap does not grow', () => {
    // 1,000 bodies on a ring of overlapping boxes, moved every frame; what a game loop reads each frame.
    const box = sat.box(0.6, 0.4);
    const world = sat.createWorld({ capacity: 1000 });
    const slots: number[] = [];
    for (let i = 0; i < 1000; i++) slots.push(world.slotOf(world.add({ shape: box, x: i, y: 0 })) * 5);
    let seen = 0;
    const frame = (f: number): void => {
      const t = world.transforms;
      for (let i = 0; i < slots.length; i++) {
        t[slots[i]] = i + 0.3 * Math.sin(0.05 * f + i);
        t[slots[i] + 2] = 0.02 * f;
      }
      world.update();
      const c = world.contacts;
      for (let k = 0; k < c.count; k++) seen += c.f32[16 * k + 4];
      const e = world.events;
      seen += e.beginCount + e.endCount;
    };
    // Warm-up: arrays reach their high-water mark and V8 settles its code (its own metadata grows by tens of KB
    // over the first thousand frames, then by a few bytes a frame at most; measured in Node 20, all builds).
    for (let f = 0; f < 1000; f++) frame(f);
    // Windows of 2,000 frames, up to four, the least growth counts. Growth per frame shows in every window; a
    // one-off does not: V8 may still optimize a large function late (the asm.js build's code is JavaScript, and its
    // compiled code and feedback live on the JS heap): on a busy machine a window of the asm.js build has measured
    // 74 to 113 KB while the next one measured a few KB.
    let least = Infinity;
    for (let w = 0, f = 1000; w < 4 && least >= 32 * 1024; w++) {
      const h0 = jsHeap();
      for (const end = f + 2000; f < end; f++) frame(f);
      least = Math.min(least, jsHeap() - h0);
    }
    expect(seen).toBeGreaterThan(0); // the frames did touch
    // One small object retained per frame (2,000 per window) measures 64 to 82 KB; these frames under 25 KB.
    expect(least).toBeLessThan(32 * 1024);
    world.dispose();
    box.dispose();
  });

  it('a deliberate leak is detected by the same measure (the test can fail)', () => {
    // Keep 2,000 256-vertex polygons alive: about 8 MB of WASM heap must appear.
    const before = heapBytes(sat);
    const kept = [];
    for (let i = 0; i < 2000; i++) kept.push(sat.polygon(ring(256, 1)));
    expect(heapBytes(sat)).toBeGreaterThan(before);
    for (const s of kept) s.dispose();
  });
});
