// Polygon - polygon, and the shared core routine for every pair of convex cores with radii
// (polygon: radius 0; capsule: a segment stored as a 2-gon with its radius).
//
// SAT over both cores' face normals (Gottschalk; Ericson, Real-Time Collision Detection 4.4): the largest face
// separation is the minimum translation when the cores overlap, because the Minkowski difference of two convex
// polygons has no other edge directions. Contacts: the face of largest separation is the reference face; the
// incident edge is the other core's edge most anti-parallel to it, clipped to the reference face's side planes
// (Box2D's b2ClipPolygons). Rounded cores that do not overlap are resolved by their exact closest points.
// For polygons with kHillClimbVertices or more vertices, support points are found by hill climbing from the
// previous face's support (the supports advance monotonically as the faces turn), not by scanning.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#include "geometry.h"
#include "dispatch.h"
#include "placement.h"
#include "sat/collide.h"

namespace sat {
namespace detail {
namespace {

constexpr int kHillClimbVertices = 16;
/// Rounded cores apart whose closest-point normal matches a face normal this closely (about 0.03 degrees: edges
/// parallel to float precision, e.g. a capsule lying on a box) get two clipped contact points instead of one.
/// Looser angles would place clipped points measurably off the shapes.
constexpr float kParallelCos = 0.9999999f;

inline int nextIndex(int i, int n) { return i + 1 == n ? 0 : i + 1; }

// Floats ordered as signed integers: for non-NaN x, y: x < y exactly when orderKey(x) < orderKey(y) (-0 is folded
// into +0 first). Running minima and maxima with an index then compile to integer selects, which V8 turns into
// conditional moves; a float `a < b ? a : b` becomes a branch in V8's wasm code, and a mispredicted one wherever
// the winner depends on the data (measured: about a third of the wasm narrow phase). Natively it is as fast.
inline int32_t orderKey(float f) {
  f += 0.0f;
  int32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b ^ ((b >> 31) & 0x7fffffff);
}
inline float fromOrderKey(int32_t k) {
  const int32_t b = k ^ ((k >> 31) & 0x7fffffff);
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

// Index of the vertex minimizing dot(d, v), walking downhill from `start` on a convex ring.
inline int hillMin(const Vec2* v, int n, Vec2 d, int start) {
  int k = start;
  float best = dot(d, v[k]);
  for (;;) {
    int next = nextIndex(k, n);
    float dn = dot(d, v[next]);
    if (dn < best) {
      k = next;
      best = dn;
      continue;
    }
    int prev = k == 0 ? n - 1 : k - 1;
    float dp = dot(d, v[prev]);
    if (dp < best) {
      k = prev;
      best = dp;
      continue;
    }
    return k;
  }
}

struct Separation {
  float sep;
  int edge;
};

// Small cores: x86 projects four vertices at a time (GCC/Clang vector extensions, SSE); WebAssembly with SIMD
// projects all vertices onto four faces at a time (findMaxSeparation). Lane-wise multiply, add and min round
// exactly like the scalar loop, so every path gives the same bits.
#if defined(__SSE2__)
#define SAT_COLUMNS 1
#else
#define SAT_COLUMNS 0
#endif

#if SAT_COLUMNS
typedef float Float4 __attribute__((vector_size(16)));

// A small core's vertices as four-wide columns, padded by repeating the last vertex (harmless to a minimum).
struct Columns {
  Float4 x[kHillClimbVertices / 4];
  Float4 y[kHillClimbVertices / 4];
  int blocks;
};

inline void toColumns(const CoreView& c, Columns* out) {
  const int n = c.count;
  out->blocks = (n + 3) >> 2;
  for (int b = 0; b < out->blocks; ++b) {
    for (int l = 0; l < 4; ++l) {
      int k = 4 * b + l;
      Vec2 v = c.v[k < n ? k : n - 1];
      out->x[b][l] = v.x;
      out->y[b][l] = v.y;
    }
  }
}

// min over the columns' points of dot(n, p).
inline float minProjection(const Columns& c, Vec2 n) {
  const Float4 nx = {n.x, n.x, n.x, n.x}, ny = {n.y, n.y, n.y, n.y};
  Float4 m = nx * c.x[0] + ny * c.y[0];
  for (int b = 1; b < c.blocks; ++b) {
    Float4 d = nx * c.x[b] + ny * c.y[b];
    m = d < m ? d : m;
  }
  float m01 = m[0] < m[1] ? m[0] : m[1], m23 = m[2] < m[3] ? m[2] : m[3];
  return m01 < m23 ? m01 : m23;
}

#else
struct Columns {};
#endif

// WebAssembly SIMD: f32x4.pmin is a single minps in V8, where a scalar float `a < b ? a : b` becomes a branch,
// mispredicted about once per face (the winner depends on the data).
#if !SAT_COLUMNS && defined(__wasm_simd128__)
#define SAT_WASM_SIMD 1
// Up to four points p[0..lanes) as x and y lanes; lanes past the end repeat the last point. Reads only p[0..lanes).
inline void loadTransposed(const Vec2* p, int lanes, v128_t* x, v128_t* y) {
  if (lanes >= 4) {
    const v128_t p01 = wasm_v128_load(p), p23 = wasm_v128_load(p + 2);
    *x = wasm_i32x4_shuffle(p01, p23, 0, 2, 4, 6);
    *y = wasm_i32x4_shuffle(p01, p23, 1, 3, 5, 7);
  } else if (lanes == 3) {
    const v128_t p01 = wasm_v128_load(p), p22 = wasm_v128_load64_splat(p + 2);
    *x = wasm_i32x4_shuffle(p01, p22, 0, 2, 4, 4);
    *y = wasm_i32x4_shuffle(p01, p22, 1, 3, 5, 5);
  } else if (lanes == 2) {
    const v128_t p01 = wasm_v128_load(p);
    *x = wasm_i32x4_shuffle(p01, p01, 0, 2, 2, 2);
    *y = wasm_i32x4_shuffle(p01, p01, 1, 3, 3, 3);
  } else {
    const v128_t p00 = wasm_v128_load64_splat(p);
    *x = wasm_i32x4_shuffle(p00, p00, 0, 0, 0, 0);
    *y = wasm_i32x4_shuffle(p00, p00, 1, 1, 1, 1);
  }
}

// orderKey in lanes: -0 folded into +0, then each float as an integer of the same order.
inline v128_t orderKeys(v128_t f) {
  const v128_t bits = wasm_f32x4_add(f, wasm_f32x4_splat(0.0f));
  return wasm_v128_xor(bits, wasm_v128_and(wasm_i32x4_shr(bits, 31), wasm_i32x4_splat(0x7fffffff)));
}
// Smallest / largest lane, in every lane.
inline v128_t laneMin(v128_t v) {
  v = wasm_i32x4_min(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  return wasm_i32x4_min(v, wasm_i32x4_shuffle(v, v, 1, 0, 3, 2));
}
inline v128_t laneMax(v128_t v) {
  v = wasm_i32x4_max(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  return wasm_i32x4_max(v, wasm_i32x4_shuffle(v, v, 1, 0, 3, 2));
}
// The smallest `index` among the lanes whose key is `extreme` (the same in every lane): with per-lane first
// winners, the first winner overall, as the scalar loops choose it.
inline int firstIndexOf(v128_t keys, v128_t extreme, v128_t index) {
  const v128_t k = wasm_v128_bitselect(index, wasm_i32x4_splat(INT32_MAX), wasm_i32x4_eq(keys, extreme));
  return wasm_i32x4_extract_lane(laneMin(k), 0);
}

// scanMin four points at a time: per lane the smallest key (orderKey) and its index, strictly smaller replacing
// (so each lane keeps its first), then scanMin's first minimum across lanes. Padding lanes repeat the last point
// with a larger index, so they never win.
inline int scanMinLanes(const Vec2* v, int n, Vec2 d) {
  const v128_t dx = wasm_f32x4_splat(d.x), dy = wasm_f32x4_splat(d.y);
  v128_t bestKeys = wasm_i32x4_splat(INT32_MAX), best = wasm_i32x4_splat(0);
  v128_t index = wasm_i32x4_make(0, 1, 2, 3);
  for (int i0 = 0; i0 < n; i0 += 4) {
    v128_t x, y;
    loadTransposed(v + i0, n - i0 < 4 ? n - i0 : 4, &x, &y);
    const v128_t keys = orderKeys(wasm_f32x4_add(wasm_f32x4_mul(dx, x), wasm_f32x4_mul(dy, y)));
    const v128_t lower = wasm_i32x4_lt(keys, bestKeys);
    bestKeys = wasm_v128_bitselect(keys, bestKeys, lower);
    best = wasm_v128_bitselect(index, best, lower);
    index = wasm_i32x4_add(index, wasm_i32x4_splat(4));
  }
  return firstIndexOf(bestKeys, laneMin(bestKeys), best);
}
#else
#define SAT_WASM_SIMD 0
#endif

// Index of the (first) vertex minimizing dot(d, v): four at a time in WebAssembly SIMD (the same index); elsewhere
// one at a time, the running minimum kept as an integer key (see orderKey) so that it compiles to conditional moves
// in V8 too: which vertex wins depends on the data.
inline int scanMin(const Vec2* v, int n, Vec2 d) {
#if SAT_WASM_SIMD
  return scanMinLanes(v, n, d);
#else
  int k = 0;
  int32_t bestKey = orderKey(dot(d, v[0]));
  for (int i = 1; i < n; ++i) {
    const int32_t key = orderKey(dot(d, v[i]));
    const bool lower = key < bestKey;
    bestKey = lower ? key : bestKey;
    k = lower ? i : k;
  }
  return k;
#endif
}

// Separation of core b from face i of core a: min over b's vertices of dot(n_i, w - v_i).
inline float faceSeparation(const CoreView& a, int i, const CoreView& b) {
  Vec2 n = a.n[i];
  int k = b.count >= kHillClimbVertices ? hillMin(b.v, b.count, n, 0) : scanMin(b.v, b.count, n);
  return dot(n, b.v[k] - a.v[i]);
}

// Largest face separation over a's faces; stops as soon as one exceeds `stop` (the pair is then apart).
// A small b is scanned whole (as columns four vertices at a time on x86, against four faces at a time in
// WebAssembly SIMD); a large one climbs from the previous face's support (supports advance monotonically as the
// faces turn).
Separation findMaxSeparation(const CoreView& a, const CoreView& b, const Columns* bColumns, float stop) {
  Separation best{-FLT_MAX, 0};
  const int na = a.count, nb = b.count;
  if (bColumns) {
#if SAT_WASM_SIMD
    // Four of a's faces at a time: their normals and vertices transposed into lanes, b's vertices broadcast.
    // Each lane computes n.x * w.x + n.y * w.y and n.x * v.x + n.y * v.y as the scalar loop does (same bits).
    // The running maximum stays in lanes too (per lane: the largest key and its face, the first face on ties),
    // reduced once at the end to the largest key and, among equal keys, the smallest face: the scalar loop's
    // first maximum. The early stop returns the first face past `stop`, which is the scalar loop's answer there
    // (every face before it is at most `stop`, so it is also the maximum so far). Padding lanes repeat the last
    // face with a larger index, so they never win.
    const v128_t stopV = wasm_f32x4_splat(stop);
    v128_t bestKeys = wasm_i32x4_splat(orderKey(-FLT_MAX));
    v128_t bestFaces = wasm_i32x4_splat(0);
    v128_t faces = wasm_i32x4_make(0, 1, 2, 3);
    for (int i0 = 0; i0 < na; i0 += 4) {
      const int lanes = na - i0 < 4 ? na - i0 : 4;
      v128_t nx, ny, vx, vy;
      loadTransposed(a.n + i0, lanes, &nx, &ny);
      loadTransposed(a.v + i0, lanes, &vx, &vy);
      // Two running minima (even and odd vertices) so consecutive pmins do not wait on each other; a minimum
      // does not depend on the order it is taken in (a zero's sign aside, which the +0.0f below folds away).
      v128_t m = wasm_f32x4_splat(FLT_MAX), m1 = m;
      int j = 0;
      for (; j + 2 <= nb; j += 2) {
        const v128_t d0 = wasm_f32x4_add(wasm_f32x4_mul(nx, wasm_v128_load32_splat(&b.v[j].x)),
                                         wasm_f32x4_mul(ny, wasm_v128_load32_splat(&b.v[j].y)));
        const v128_t d1 = wasm_f32x4_add(wasm_f32x4_mul(nx, wasm_v128_load32_splat(&b.v[j + 1].x)),
                                         wasm_f32x4_mul(ny, wasm_v128_load32_splat(&b.v[j + 1].y)));
        m = wasm_f32x4_pmin(d0, m);
        m1 = wasm_f32x4_pmin(d1, m1);
      }
      if (j < nb) {
        m = wasm_f32x4_pmin(wasm_f32x4_add(wasm_f32x4_mul(nx, wasm_v128_load32_splat(&b.v[j].x)),
                                           wasm_f32x4_mul(ny, wasm_v128_load32_splat(&b.v[j].y))),
                            m);
      }
      m = wasm_f32x4_pmin(m1, m);
      const v128_t sep = wasm_f32x4_sub(m, wasm_f32x4_add(wasm_f32x4_mul(nx, vx), wasm_f32x4_mul(ny, vy)));
      const int past = wasm_i32x4_bitmask(wasm_f32x4_gt(sep, stopV));
      if (past) {
        const int l = __builtin_ctz(uint32_t(past));
        float lane[4];
        wasm_v128_store(lane, sep);
        return {lane[l] + 0.0f, i0 + l};
      }
      const v128_t keys = orderKeys(sep);
      const v128_t better = wasm_i32x4_gt(keys, bestKeys);
      bestKeys = wasm_v128_bitselect(keys, bestKeys, better);
      bestFaces = wasm_v128_bitselect(faces, bestFaces, better);
      faces = wasm_i32x4_add(faces, wasm_i32x4_splat(4));
    }
    // Largest key across the lanes, then the smallest face among the lanes holding it.
    const v128_t top = laneMax(bestKeys);
    return {fromOrderKey(wasm_i32x4_extract_lane(top, 0)), firstIndexOf(bestKeys, top, bestFaces)};
#else
    int32_t bestKey = orderKey(-FLT_MAX);
    int bestEdge = 0;
    for (int i = 0; i < na; ++i) {
      // Project onto the face normal and subtract the face's offset once (in A's frame the coordinates are of
      // the shapes' size, so the cancellation costs nothing measurable).
      const Vec2 n = a.n[i];
#if SAT_COLUMNS
      float s = minProjection(*bColumns, n);
#else
      // Scalar (WASM without SIMD, asm.js, other CPUs): the minimum as an integer key, for the same reason as below.
      int32_t minKey = orderKey(FLT_MAX);
      for (int j = 0; j < nb; ++j) {
        const int32_t kj = orderKey(n.x * b.v[j].x + n.y * b.v[j].y);
        minKey = kj < minKey ? kj : minKey;
      }
      float s = fromOrderKey(minKey);
#endif
      s -= dot(n, a.v[i]);
      // Branch-free running maximum (see orderKey): which face wins is data-dependent and unpredictable.
      const int32_t key = orderKey(s);
      const bool better = key > bestKey;
      bestKey = better ? key : bestKey;
      bestEdge = better ? i : bestEdge;
      if (s > stop) break;
    }
    return {fromOrderKey(bestKey), bestEdge};
#endif
  }
  int k = scanMin(b.v, nb, a.n[0]);
  for (int i = 0; i < na; ++i) {
    Vec2 n = a.n[i];
    k = hillMin(b.v, nb, n, k);
    float s = dot(n, b.v[k] - a.v[i]);
    if (s > best.sep) best = {s, i};
    if (s > stop) return best;
  }
  return best;
}

// Column copies of whichever cores are small, for both directions of SAT.
struct SatPair {
  Columns colA, colB;
  const Columns* pa = nullptr;
  const Columns* pb = nullptr;
  SatPair(const CoreView& a, const CoreView& b) {
    if (a.count < kHillClimbVertices) {
#if SAT_COLUMNS
      toColumns(a, &colA);
#endif
      pa = &colA;
    }
    if (b.count < kHillClimbVertices) {
#if SAT_COLUMNS
      toColumns(b, &colB);
#endif
      pb = &colB;
    }
  }
};

// Exact closest points between two cores that do not overlap: every vertex against every edge of the other
// (a 2-gon has a single segment). Used only for rounded shapes, where one side has at most two vertices or the
// pair is already known to be close.
struct Closest {
  Vec2 pa, pb;
  float dist;
  int featureA, featureB;  // view indices: vertex or edge start
  Vec2 edgeNormal;         // when the closest point is inside an edge: that edge's normal, oriented A to B
  bool onEdge;
  int vertexA, vertexB;    // otherwise: the two vertices that are closest
};

// Normal of segment [v[i], v[i+1]] of core c facing point p (a 2-gon's two normals are opposite).
inline Vec2 facing(const CoreView& c, int i, Vec2 q, Vec2 p) {
  Vec2 n = c.n[i];
  return dot(n, p - q) >= 0.0f ? n : -n;
}

Closest closestCores(const CoreView& a, const CoreView& b) {
  Closest c{a.v[0], b.v[0], FLT_MAX, 0, 0, {0.0f, 0.0f}, false, 0, 0};
  float best = FLT_MAX, t = 0.0f;
  const int ea = a.count == 2 ? 1 : a.count, eb = b.count == 2 ? 1 : b.count;
  for (int i = 0; i < a.count; ++i) {
    for (int j = 0; j < eb; ++j) {
      Vec2 q = closestOnSegment(b.v[j], b.v[nextIndex(j, b.count)], a.v[i], &t);
      float d2 = distanceSquared(a.v[i], q);
      if (d2 < best) {
        best = d2;
        bool inside = t > 0.0f && t < 1.0f;
        c = {a.v[i], q, 0.0f, i, j, inside ? -facing(b, j, q, a.v[i]) : Vec2{}, inside, i,
             t <= 0.0f ? j : nextIndex(j, b.count)};
      }
    }
  }
  for (int j = 0; j < b.count; ++j) {
    for (int i = 0; i < ea; ++i) {
      Vec2 q = closestOnSegment(a.v[i], a.v[nextIndex(i, a.count)], b.v[j], &t);
      float d2 = distanceSquared(q, b.v[j]);
      if (d2 < best) {
        best = d2;
        bool inside = t > 0.0f && t < 1.0f;
        c = {q, b.v[j], 0.0f, i, j, inside ? facing(a, i, q, b.v[j]) : Vec2{}, inside,
             t <= 0.0f ? i : nextIndex(i, a.count), j};
      }
    }
  }
  c.dist = std::sqrt(best);
  return c;
}

// Contacts from the reference face `edge` of `ref` against core `inc`. `flip` says ref is B.
// Points whose separation exceeds tol are dropped; if clipping leaves none, the deepest incident vertex is kept.
Manifold clipManifold(const CoreView& ref, int edge, const CoreView& inc, bool flip, float tol) {
  Manifold m;
  const int i1 = edge, i2 = nextIndex(edge, ref.count);
  const Vec2 v1 = ref.v[i1], v2 = ref.v[i2];
  const Vec2 nR = ref.n[edge];
  const float rR = ref.radius, rI = inc.radius;

  // Incident edge: the one most anti-parallel to the reference normal (it holds the deepest vertex).
  const int j1 = scanMin(inc.n, inc.count, nR);
  const int j2 = nextIndex(j1, inc.count);
  Vec2 w1 = inc.v[j1], w2 = inc.v[j2];

  // Clip [w1, w2] to the slab between the reference face's side planes, along the face tangent.
  // side[k]: 0 unclipped, 1 clipped at v1's side plane, 2 at v2's.
  const Vec2 t = leftPerp(nR);
  const float lo = 0.0f, hi = dot(t, v2 - v1);
  float s1 = dot(t, w1 - v1), s2 = dot(t, w2 - v1);
  Vec2 ends[2] = {w1, w2};
  int side[2] = {0, 0};
  bool keep = true;
  if (s1 != s2) {
    // Parameterize w(u) = w1 + u (w2 - w1); s(u) = s1 + u (s2 - s1). The slab is u in [uMin, uMax]; an end is
    // clipped when the slab cuts into [0, 1] on its side. Which ends are clipped depends on the data, so every
    // choice below is made without a float select (V8 compiles those to branches, mispredicted here): choices of
    // floats are comparisons combined as booleans, and the clipped points are picked by lanes in WebAssembly SIMD.
    const float uLo = (lo - s1) / (s2 - s1), uHi = (hi - s1) / (s2 - s1);
    const bool loFirst = uLo < uHi;  // then uMin = uLo, uMax = uHi
    const bool clip0 = loFirst ? uLo > 0.0f : uHi > 0.0f, clip1 = loFirst ? uHi < 1.0f : uLo < 1.0f;
    side[0] = clip0 ? (loFirst ? 1 : 2) : 0;
    side[1] = clip1 ? (loFirst ? 2 : 1) : 0;
    // keep: max(uMin, 0) <= min(uMax, 1).
    const bool minBelowMax = loFirst ? uLo <= uHi : uHi <= uLo;
    const bool minBelowOne = loFirst ? uLo <= 1.0f : uHi <= 1.0f, zeroBelowMax = loFirst ? uHi >= 0.0f : uLo >= 0.0f;
    keep = clip0 ? (clip1 ? minBelowMax : minBelowOne) : (clip1 ? zeroBelowMax : true);
#if SAT_WASM_SIMD
    // Lanes (x, y) of w(uLo) and of w(uHi), as lerp() computes them; ends = clipped ? w(uMin or uMax) : w1 / w2.
    const v128_t base = wasm_f32x4_make(w1.x, w1.y, w1.x, w1.y);
    const v128_t span = wasm_f32x4_make(w2.x - w1.x, w2.y - w1.y, w2.x - w1.x, w2.y - w1.y);
    const v128_t at = wasm_f32x4_add(base, wasm_f32x4_mul(wasm_f32x4_make(uLo, uLo, uHi, uHi), span));
    const v128_t ordered = wasm_v128_bitselect(at, wasm_i32x4_shuffle(at, at, 2, 3, 0, 1), wasm_i32x4_splat(-int(loFirst)));
    const int m0 = -int(clip0), m1 = -int(clip1);
    const v128_t chosen = wasm_v128_bitselect(ordered, wasm_f32x4_make(w1.x, w1.y, w2.x, w2.y),
                                              wasm_i32x4_make(m0, m0, m1, m1));
    ends[0] = {wasm_f32x4_extract_lane(chosen, 0), wasm_f32x4_extract_lane(chosen, 1)};
    ends[1] = {wasm_f32x4_extract_lane(chosen, 2), wasm_f32x4_extract_lane(chosen, 3)};
#else
    if (clip0) ends[0] = lerp(w1, w2, loFirst ? uLo : uHi);
    if (clip1) ends[1] = lerp(w1, w2, loFirst ? uHi : uLo);
#endif
  } else {
    keep = s1 >= lo && s1 <= hi;
  }

  // Feature ids: index k of a shape names its vertex k or its edge from k to k+1 (in the shape's own order).
  // Reference side: its edge S; a point clipped at an end of it names that end by the other index covering it
  // (S-1 for the edge's first vertex, S+1 for its second), so the two points' ids differ. A mirrored view runs
  // backwards: its v1 is the edge's second vertex in the shape's order.
  // Incident side: the vertex for an unclipped end, the incident edge for a clipped one.
  const int prevEdge = edge == 0 ? ref.count - 1 : edge - 1;
  const uint32_t refFeature[3] = {
      uint32_t(ref.srcEdge(edge)),
      uint32_t(ref.reversed ? ref.srcVertex(i1) : ref.srcEdge(prevEdge)),
      uint32_t(ref.reversed ? ref.srcEdge(i2) : ref.srcVertex(i2)),
  };
  const int incVertex[2] = {j1, j2};
  for (int k = 0; keep && k < 2; ++k) {
    Vec2 p = ends[k];
    float h = dot(nR, p - v1);
    float s = h - rR - rI;
    if (s > tol) continue;
    ManifoldPoint& mp = m.points[m.pointCount++];
    mp.point = p - (0.5f * (h - rR + rI)) * nR;
    mp.depth = -s;
    uint32_t fr = refFeature[side[k]];
    uint32_t fi = side[k] ? uint32_t(inc.srcEdge(j1)) : uint32_t(inc.srcVertex(incVertex[k]));
    if (m.pointCount == 2 && makeFeatureId(fr, fi) == (flip ? (m.points[0].id << 16 | m.points[0].id >> 16)
                                                            : m.points[0].id)) {
      fr = refFeature[0];  // both ends of a segment clipped: S-1 == S+1 there; the edge itself still covers it
    }
    mp.id = flip ? makeFeatureId(fi, fr) : makeFeatureId(fr, fi);
  }
  if (m.pointCount == 0) {
    // Numerical corner case (vertex against the end of the reference face): keep the deepest incident vertex.
    int k = scanMin(inc.v, inc.count, nR);
    Vec2 p = inc.v[k];
    float h = dot(nR, p - v1);
    ManifoldPoint& mp = m.points[m.pointCount++];
    mp.point = p - (0.5f * (h - rR + rI)) * nR;
    mp.depth = rR + rI - h;
    uint32_t fr = uint32_t(ref.srcEdge(edge)), fi = uint32_t(inc.srcVertex(k));
    mp.id = flip ? makeFeatureId(fi, fr) : makeFeatureId(fr, fi);
  }
  // -nR when flipped, as a sign-bit flip (exactly negation): a float select would be a branch in V8's code, and
  // which shape holds the reference face varies from pair to pair.
  const uint32_t sign = uint32_t(flip) << 31;
  uint32_t nx, ny;
  std::memcpy(&nx, &nR.x, 4);
  std::memcpy(&ny, &nR.y, 4);
  nx ^= sign;
  ny ^= sign;
  std::memcpy(&m.normal.x, &nx, 4);
  std::memcpy(&m.normal.y, &ny, 4);
  return m;
}

inline bool cacheRejects(const CoreView& a, const CoreView& b, float stop, const SatCache* cache) {
  if (cache == nullptr || cache->type == 0) return false;
  if (cache->type == 1 && cache->index < a.count) return faceSeparation(a, cache->index, b) > stop;
  if (cache->type == 2 && cache->index < b.count) return faceSeparation(b, cache->index, a) > stop;
  return false;
}

inline void remember(SatCache* cache, uint8_t type, int index) {
  if (cache) {
    cache->type = type;
    cache->index = uint16_t(index);
  }
}

}  // namespace

bool overlapCores(const CoreView& a, const CoreView& b, float tol, SatCache* cache) {
  const float rSum = a.radius + b.radius, stop = rSum + tol;
  if (cacheRejects(a, b, stop, cache)) return false;
  SatPair sat(a, b);
  Separation sa = findMaxSeparation(a, b, sat.pb, stop);
  if (sa.sep > stop) {
    remember(cache, 1, sa.edge);
    return false;
  }
  Separation sb = findMaxSeparation(b, a, sat.pa, stop);
  if (sb.sep > stop) {
    remember(cache, 2, sb.edge);
    return false;
  }
  bool flip = sb.sep > sa.sep;
  remember(cache, flip ? 2 : 1, flip ? sb.edge : sa.edge);
  float coreSep = flip ? sb.sep : sa.sep;
  // A separation below -tol means the cores overlap. Above it, rounded cores need the exact distance: two
  // parallel segments have a degenerate Minkowski difference whose face normals miss the end-on axis, and
  // rounding can leave their face separation slightly negative.
  if (rSum == 0.0f || coreSep <= -tol) return true;
  return closestCores(a, b).dist <= stop;
}

namespace {
// collideCores' body, inlined into the unit-polygon shortcut too (measured: +2.7% bulk pairs/s, 0.4 KB).
__attribute__((always_inline)) inline Manifold collideCoresImpl(const CoreView& a, const CoreView& b, float tol,
                                                                SatCache* cache) {
  const float rSum = a.radius + b.radius, stop = rSum + tol;
  if (cacheRejects(a, b, stop, cache)) return {};
  SatPair sat(a, b);
  Separation sa = findMaxSeparation(a, b, sat.pb, stop);
  if (sa.sep > stop) {
    remember(cache, 1, sa.edge);
    return {};
  }
  Separation sb = findMaxSeparation(b, a, sat.pa, stop);
  if (sb.sep > stop) {
    remember(cache, 2, sb.edge);
    return {};
  }
  // Prefer A's face unless B's is clearly better, so the reference face does not flicker between frames.
  const bool flip = sb.sep > sa.sep + 0.1f * tol;
  const int edge = flip ? sb.edge : sa.edge;
  const float coreSep = flip ? sb.sep : sa.sep;
  remember(cache, flip ? 2 : 1, edge);

  if (rSum > 0.0f && coreSep > -tol) {
    // Rounded cores apart: the MTV runs along their closest points, which need not be a face normal.
    Closest c = closestCores(a, b);
    if (c.dist > stop) return {};
    if (c.dist > tol) {
      // Closest point inside an edge: that edge's stored normal is exact, while the difference of two nearby
      // points loses direction in float when the gap is small.
      Vec2 n = c.edgeNormal;
      if (!c.onEdge) {
        n = (1.0f / c.dist) * (c.pb - c.pa);
        const float noise = closestPointNoise(c.pa, c.pb, c.dist);
        n = clampToVertexCone(a, c.vertexA, n, noise);
        n = -clampToVertexCone(b, c.vertexB, -n, noise);
      }
      Vec2 faceNormal = flip ? -b.n[edge] : a.n[edge];
      Manifold m;
      if (dot(n, faceNormal) >= kParallelCos) {
        m = flip ? clipManifold(b, edge, a, true, tol) : clipManifold(a, edge, b, false, tol);
      } else {
        m.pointCount = 1;
        ManifoldPoint& mp = m.points[0];
        mp.point = 0.5f * ((c.pa + a.radius * n) + (c.pb - b.radius * n));
        mp.depth = rSum - c.dist;
        mp.id = makeFeatureId(uint32_t(a.srcVertex(c.featureA)), uint32_t(b.srcVertex(c.featureB)));
      }
      m.normal = n;
      m.depth = rSum - c.dist;
      return m;
    }
  }
  // One call with the roles chosen by reference: the manifold is built in place (two calls under a ?: returned
  // into a temporary that was then copied in 16-byte pieces over 4-byte stores, a forwarding stall).
  Manifold m = clipManifold(flip ? b : a, edge, flip ? a : b, flip, tol);
  m.depth = rSum - coreSep;
  return m;
}
}  // namespace

Manifold collideCores(const CoreView& a, const CoreView& b, float tol, SatCache* cache) {
  return collideCoresImpl(a, b, tol, cache);
}

namespace {
// The unit-polygon pair in A's frame: false when the bounding circles are apart (or a polygon is unusable);
// otherwise A's view (its own arrays), B placed into buf, and the contact tolerance. placePair with unit scales:
// B's linear map is the relative rotation r (its products by 1 are exact), placed as placePolygon places it. The bounding circles are preparePair's: sizes are
// the bounding radii (unit stretch), A's centre is its centroid as stored (the identity placement only turns a -0
// into +0, which no squared distance sees).
__attribute__((always_inline)) inline bool placeUnitPair(const Polygon& a, const Transform& xfA, const Polygon& b,
                                                         const Transform& xfB, CoreBuffer* buf, CoreView* va,
                                                         CoreView* vb, float* tol) {
  const int na = a.count(), nb = b.count();
  if (na < 3 || nb < 3) return false;
  const Rot r = invMulRot(xfA.q, xfB.q);
  const Vec2 t = invRotate(xfA.q, xfB.p - xfA.p);
  const float ra = a.boundingRadius(), rb = b.boundingRadius();
  *tol = contactTolerance(ra, rb);
  const float reach = ra + rb + *tol;
  if (!(distanceSquared(a.centroid(), rotate(r, b.centroid()) + t) <= reach * reach)) return false;
  // Placement::apply and applyNormal of placePair's B placement (m01 = -s: c x + (-s) y is c x - s y exactly).
  mapPoints<true>(b.vertices(), nb, r.c, -r.s, r.s, r.c, t, buf->v);
  mapPoints<false>(b.normals(), nb, r.c, -r.s, r.s, r.c, t, buf->n);
  va->v = a.vertices();
  va->n = a.normals();
  va->count = na;
  vb->v = buf->v;
  vb->n = buf->n;
  vb->count = nb;
  return true;
}
}  // namespace

Manifold collideUnitPolygons(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                             SatCache* cache) {
  CoreBuffer buf;
  CoreView va, vb;
  float tol;
  if (!placeUnitPair(a, xfA, b, xfB, &buf, &va, &vb, &tol)) return {};
  Manifold m = collideCoresImpl(va, vb, tol, cache);
  manifoldToWorld(&m, Frame{xfA.p, xfA.q});
  return m;
}

bool overlapUnitPolygons(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                         SatCache* cache) {
  CoreBuffer buf;
  CoreView va, vb;
  float tol;
  return placeUnitPair(a, xfA, b, xfB, &buf, &va, &vb, &tol) && overlapCores(va, vb, tol, cache);
}

}  // namespace detail

Manifold collide(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB, SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}

bool overlap(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB, SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}

Manifold flipManifold(const Manifold& m) {
  Manifold f = m;
  f.normal = -m.normal;
  for (int i = 0; i < m.pointCount; ++i) f.points[i].id = (m.points[i].id << 16) | (m.points[i].id >> 16);
  return f;
}

}  // namespace sat
