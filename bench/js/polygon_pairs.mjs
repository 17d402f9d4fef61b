// Shared by the narrow-phase benchmarks: the seeded pair set and the interleaved-rounds timer.
//
// Pairs, as the native benchmark (bench/cpp/bench_narrowphase.cpp) makes them: seeded convex 3-12-gons on
// randomly stretched ellipses (bounding radius 0.5-2); A at a random position and rotation, B at a random rotation,
// placed uniformly where the two fattened AABBs overlap (as a broad phase hands pairs over); about half truly
// overlap. Unit scale. Every pair has its own two shapes and transforms.

export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` pairs: `outlines` (flat local points, two per pair: A then B) and `xfs` ({x, y, angle}, one per outline).
 * `vertices`: every polygon has that many vertices (default 0: 3 to 12).
 */
export function polygonPairs(count, { seed = 20240601, vertices = 0 } = {}) {
  const rand = rng(seed);
  function convexPolygon() {
    const n = vertices || 3 + Math.floor(rand() * 10);
    const size = 0.5 + 1.5 * rand();
    const stretch = 0.4 + 0.6 * rand();
    const base = rand() * 2 * Math.PI;
    const pts = [];
    for (let i = 0; i < n; i++) {
      const t = base + ((i + 0.2 + 0.6 * rand()) / n) * 2 * Math.PI;
      pts.push(size * Math.cos(t), size * stretch * Math.sin(t));
    }
    return pts;
  }
  function bounds(pts, x, y, angle) {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    let lx = Infinity, ly = Infinity, ux = -Infinity, uy = -Infinity;
    for (let i = 0; i < pts.length; i += 2) {
      const px = x + c * pts[i] - s * pts[i + 1];
      const py = y + s * pts[i] + c * pts[i + 1];
      lx = Math.min(lx, px); ly = Math.min(ly, py); ux = Math.max(ux, px); uy = Math.max(uy, py);
    }
    const fat = 0.1 * ((ux - lx) + (uy - ly));
    return [lx - fat, ly - fat, ux + fat, uy + fat];
  }
  const outlines = [];
  const xfs = [];
  for (let k = 0; k < count; k++) {
    const a = convexPolygon();
    const b = convexPolygon();
    const xa = (rand() - 0.5) * 100, ya = (rand() - 0.5) * 100, aa = (rand() - 0.5) * 2 * Math.PI;
    const ab = (rand() - 0.5) * 2 * Math.PI;
    const [alx, aly, aux, auy] = bounds(a, xa, ya, aa);
    const [blx, bly, bux, buy] = bounds(b, 0, 0, ab);
    // B's origin anywhere its fattened box overlaps A's.
    const xb = alx - bux + rand() * ((aux - alx) + (bux - blx));
    const yb = aly - buy + rand() * ((auy - aly) + (buy - bly));
    outlines.push(a, b);
    xfs.push({ x: xa, y: ya, angle: aa }, { x: xb, y: yb, angle: ab });
  }
  return { outlines, xfs };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function cpuMs() {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/**
 * Rates by this process's CPU time (as Google Benchmark reports them), which stays meaningful when other work
 * shares the machine. Every contender is registered first (calibrated so that one round repeats its pass for at
 * least ~100 ms of CPU time, the kernel accounting CPU time in ticks), then all contenders run round by round,
 * interleaved, in alternating order: a slow spell of this shared machine hits every contender of that round alike.
 * A contender's rate is the median over rounds; its ratio to a reference the median of the per-round ratios.
 */
export class Rounds {
  constructor(itemsPerPass) {
    this.items = itemsPerPass;
    this.contenders = [];
  }
  add(fn) {
    let reps = 1;
    for (;;) {
      const c0 = cpuMs();
      for (let i = 0; i < reps; i++) fn();
      if (cpuMs() - c0 >= 100) break;
      reps *= 2;
    }
    const c = { fn, reps, rates: [], rate: 0 };
    this.contenders.push(c);
    return c;
  }
  run(rounds) {
    for (let r = 0; r < rounds; r++) {
      for (const c of r % 2 === 0 ? this.contenders : [...this.contenders].reverse()) {
        const c0 = cpuMs();
        for (let i = 0; i < c.reps; i++) c.fn();
        c.rates.push((c.reps * this.items) / ((cpuMs() - c0) / 1000));
      }
    }
    for (const c of this.contenders) c.rate = median(c.rates);
  }
  /** Median of the per-round ratios of `c` to `reference`. */
  static ratio(c, reference) {
    return median(c.rates.map((rate, r) => rate / reference.rates[r]));
  }
}
