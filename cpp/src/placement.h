// Private: shapes placed in a common working frame for the narrow phase.
//
// Transform queries work in A's rigid frame (A's rotation and translation removed; A's scale kept on A), so an
// unscaled A is used straight from its cached local vertices and normals and only B is transformed. Affine queries
// work in a world-aligned frame centred on A's origin (skew has no rigid frame). Either way results are mapped back
// with the frame's rotation and origin.
#pragma once

#include <cfloat>
#include <cmath>

#include "polygon_build.h"
#include "sat/collide.h"
#include "sat/math.h"
#include "sat/shapes.h"

// Short loops (a polygon's few vertices) that clang would otherwise vectorize: with its runtime checks and
// remainder loop that is about 0.4 KB more of the size-limited WebAssembly module per loop pair, for loops of a
// few iterations.
#if defined(__clang__)
#define SAT_SCALAR_LOOP _Pragma("clang loop vectorize(disable)")
#else
#define SAT_SCALAR_LOOP
#endif

namespace sat::detail {

/// The part of a placement that changes a shape's size: its linear map up to a rotation. diag(scale.x, scale.y)
/// for a Transform (so collide() and the World, which place the same body in different frames, get the same
/// sizes bit for bit), the whole linear map for an Affine.
struct Stretch {
  float a = 1.0f, b = 0.0f, c = 0.0f, d = 1.0f;  ///< row-major
  float radiusScale = 1.0f;                      ///< how a rounded shape's radius scales

  /// Lengths scale by one factor (radiusScale): sizes need no vertex walk.
  bool uniform() const { return b == 0.0f && c == 0.0f && std::fabs(a) == std::fabs(d); }
  Vec2 apply(Vec2 v) const { return {a * v.x + b * v.y, c * v.x + d * v.y}; }
};

inline Stretch stretchOf(Vec2 scale) {
  Stretch k;
  k.a = scale.x;
  k.d = scale.y;
  k.radiusScale = std::fmax(std::fabs(scale.x), std::fabs(scale.y));
  return k;
}

/// Maps a shape's local coordinates into the working frame: x' = M x + t.
struct Placement {
  float m00 = 1.0f, m01 = 0.0f, m10 = 0.0f, m11 = 1.0f;  ///< row-major linear part
  Vec2 t{0.0f, 0.0f};                                   ///< translation
  bool identity = true;                                 ///< M == I and t == 0
  bool orthonormal = true;                              ///< M is a pure rotation
  float radiusScale = 1.0f;                             ///< how a rounded shape's radius scales
  float det = 1.0f;                                     ///< determinant of M
  Stretch stretch;                                      ///< M up to a rotation, for sizes

  Vec2 apply(Vec2 v) const { return {m00 * v.x + m01 * v.y + t.x, m10 * v.x + m11 * v.y + t.y}; }
  Vec2 applyLinear(Vec2 v) const { return {m00 * v.x + m01 * v.y, m10 * v.x + m11 * v.y}; }
  /// Maps an outward unit normal: direction of M^-T n, which stays outward even when M mirrors.
  Vec2 applyNormal(Vec2 n) const {
    if (orthonormal) return applyLinear(n);
    float s = det < 0.0f ? -1.0f : 1.0f;
    return normalize(Vec2{s * (m11 * n.x - m10 * n.y), s * (-m01 * n.x + m00 * n.y)});
  }
};

/// The frame the narrow phase computes in, as seen from the world.
struct Frame {
  Vec2 origin{0.0f, 0.0f};
  Rot q{1.0f, 0.0f};
  Vec2 toWorldPoint(Vec2 p) const { return origin + rotate(q, p); }
  Vec2 toWorldVector(Vec2 v) const { return rotate(q, v); }
};

inline Placement makePlacement(float m00, float m01, float m10, float m11, Vec2 t) {
  Placement p;
  p.m00 = m00;
  p.m01 = m01;
  p.m10 = m10;
  p.m11 = m11;
  p.t = t;
  p.det = m00 * m11 - m01 * m10;
  p.identity = m00 == 1.0f && m01 == 0.0f && m10 == 0.0f && m11 == 1.0f && t.x == 0.0f && t.y == 0.0f;
  p.orthonormal = p.identity || (std::fabs(m00 * m00 + m10 * m10 - 1.0f) < 1.0e-6f &&
                                 std::fabs(m01 * m01 + m11 * m11 - 1.0f) < 1.0e-6f &&
                                 std::fabs(m00 * m01 + m10 * m11) < 1.0e-6f && p.det > 0.0f);
  p.radiusScale = p.orthonormal ? 1.0f : radiusScale(Affine{m00, m10, m01, m11, 0.0f, 0.0f});
  if (!p.orthonormal) p.stretch = Stretch{m00, m01, m10, m11, p.radiusScale};
  return p;
}

/// Relative gap between the largest and smallest singular value below which a general linear map counts as a
/// similarity (rotation, mirror and one scale factor): the enclosing circle's radius is then within 1e-5 of the
/// true ellipse's, inside the contact tolerance.
constexpr float kSimilarRelative = 1.0e-5f;

/// Whether the placement maps circles to circles, so a rounded shape keeps its kind with radius * radiusScale.
/// A Transform's stretch is diag(scale.x, scale.y): exactly |scale.x| == |scale.y|. A general map: its singular
/// values within kSimilarRelative (an Affine frame of rotation and uniform scale rounds off a little).
inline bool isSimilarity(const Placement& p) {
  if (p.orthonormal) return true;
  const Stretch& k = p.stretch;
  if (k.b == 0.0f && k.c == 0.0f) return std::fabs(k.a) == std::fabs(k.d);
  const float smax = p.radiusScale, smin = std::fabs(p.det) / smax;
  return smax - smin <= kSimilarRelative * smax;
}

/// Placements of A and B in A's rigid frame, for Transform queries. Filled field by field: this runs once per
/// pair and the general makePlacement's tests are known here from the scales alone.
inline void placePair(const Transform& xfA, const Transform& xfB, Placement* pa, Placement* pb, Frame* frame) {
  frame->origin = xfA.p;
  frame->q = xfA.q;
  const bool unitA = xfA.scale.x == 1.0f && xfA.scale.y == 1.0f;
  pa->m00 = xfA.scale.x;
  pa->m01 = 0.0f;
  pa->m10 = 0.0f;
  pa->m11 = xfA.scale.y;
  pa->t = {0.0f, 0.0f};
  pa->identity = unitA;
  pa->orthonormal = unitA;
  pa->det = xfA.scale.x * xfA.scale.y;
  pa->stretch = stretchOf(xfA.scale);
  pa->radiusScale = pa->stretch.radiusScale;

  const bool unitB = xfB.scale.x == 1.0f && xfB.scale.y == 1.0f;
  Rot r = invMulRot(xfA.q, xfB.q);
  pb->m00 = r.c * xfB.scale.x;
  pb->m01 = -r.s * xfB.scale.y;
  pb->m10 = r.s * xfB.scale.x;
  pb->m11 = r.c * xfB.scale.y;
  pb->t = invRotate(xfA.q, xfB.p - xfA.p);
  pb->identity = false;
  pb->orthonormal = unitB;
  pb->det = unitB ? 1.0f : pb->m00 * pb->m11 - pb->m01 * pb->m10;
  pb->stretch = stretchOf(xfB.scale);
  pb->radiusScale = pb->stretch.radiusScale;
}

/// Placements of A and B in a world-aligned frame centred on A's origin, for Affine queries.
inline void placePair(const Affine& xfA, const Affine& xfB, Placement* pa, Placement* pb, Frame* frame) {
  frame->origin = {xfA.tx, xfA.ty};
  frame->q = {1.0f, 0.0f};
  *pa = makePlacement(xfA.a, xfA.c, xfA.b, xfA.d, {0.0f, 0.0f});
  *pb = makePlacement(xfB.a, xfB.c, xfB.b, xfB.d, {xfB.tx - xfA.tx, xfB.ty - xfA.ty});
}

/// A convex core (polygon, or a segment as a 2-gon, in the working frame) with a radius.
/// A mirrored ring stored in reverse: its edge i (from its vertex i to i + 1) is the source's edge n - 2 - i,
/// walked backwards. Shared by every place that reverses a ring (placePolygon, CoreView, the World's pool).
inline int mirroredEdge(int i, int n) {
  const int e = n - 2 - i;
  return e < 0 ? e + n : e;
}

/// When the placement mirrors, vertices are stored in reverse so the view stays counter-clockwise; srcVertex and
/// srcEdge map view indices back to the shape's own indices for feature ids and caches.
struct CoreView {
  const Vec2* v = nullptr;
  const Vec2* n = nullptr;
  int count = 0;
  float radius = 0.0f;
  bool reversed = false;

  int srcVertex(int i) const { return reversed ? count - 1 - i : i; }
  int srcEdge(int i) const {
    return reversed ? mirroredEdge(i, count) : i;
  }
};

/// Scratch storage for one placed core; lives on the stack of a query. Deliberately left uninitialized (Vec2's
/// member initializers would otherwise zero 4 KB per query): only the first `count` entries are written and read.
struct CoreBuffer {
  union {
    Vec2 v[kMaxPolygonVertices];
  };
  union {
    Vec2 n[kMaxPolygonVertices];
  };
  CoreBuffer() {}
};

/// out[i] = M in[i] (+ t with kMove), M = (m00 m01; m10 m11) row-major: Placement::apply (kMove) and applyLinear,
/// the same operations in the same order. WebAssembly SIMD maps two points per vector, (x0, x0, x1, x1) *
/// (m00, m10, m00, m10) + (y0, y0, y1, y1) * (m01, m11, m01, m11), lane-wise the same bits.
template <bool kMove>
inline void mapPoints(const Vec2* in, int n, float m00, float m01, float m10, float m11, Vec2 t, Vec2* out) {
  int i = 0;
#if defined(__wasm_simd128__)
  const v128_t cx = wasm_f32x4_make(m00, m10, m00, m10), cy = wasm_f32x4_make(m01, m11, m01, m11);
  const v128_t tt = wasm_f32x4_make(t.x, t.y, t.x, t.y);
  for (; i + 2 <= n; i += 2) {
    const v128_t v = wasm_v128_load(in + i);
    v128_t m = wasm_f32x4_add(wasm_f32x4_mul(wasm_i32x4_shuffle(v, v, 0, 0, 2, 2), cx),
                              wasm_f32x4_mul(wasm_i32x4_shuffle(v, v, 1, 1, 3, 3), cy));
    if (kMove) m = wasm_f32x4_add(m, tt);
    wasm_v128_store(out + i, m);
  }
#endif
  SAT_SCALAR_LOOP
  for (; i < n; ++i) {
    const Vec2 v = in[i];
    out[i] = kMove ? Vec2{m00 * v.x + m01 * v.y + t.x, m10 * v.x + m11 * v.y + t.y}
                   : Vec2{m00 * v.x + m01 * v.y, m10 * v.x + m11 * v.y};
  }
}

/// Places a polygon; uses its own arrays when the placement is the identity.
inline CoreView placePolygon(const Polygon& poly, const Placement& p, CoreBuffer* buf) {
  CoreView view;
  view.count = poly.count();
  if (p.identity) {
    view.v = poly.vertices();
    view.n = poly.normals();
    return view;
  }
  const Vec2* sv = poly.vertices();
  const Vec2* sn = poly.normals();
  int n = poly.count();
  if (p.det >= 0.0f) {
    mapPoints<true>(sv, n, p.m00, p.m01, p.m10, p.m11, p.t, buf->v);
    if (p.orthonormal) {
      mapPoints<false>(sn, n, p.m00, p.m01, p.m10, p.m11, p.t, buf->n);  // applyNormal is applyLinear then
    } else {
      SAT_SCALAR_LOOP
      for (int i = 0; i < n; ++i) buf->n[i] = p.applyNormal(sn[i]);
    }
  } else {
    SAT_SCALAR_LOOP
    for (int i = 0; i < n; ++i) buf->v[i] = p.apply(sv[n - 1 - i]);
    SAT_SCALAR_LOOP
    for (int i = 0; i < n; ++i) buf->n[i] = p.applyNormal(sn[mirroredEdge(i, n)]);
    view.reversed = true;
  }
  view.v = buf->v;
  view.n = buf->n;
  return view;
}

/// Places a segment c1 -> c2 as a 2-gon (edge 0 from c1 to c2, edge 1 back) with the given (scaled) radius: the
/// core of a capsule, and a segment (radius 0).
inline CoreView placeSegmentCore(Vec2 c1, Vec2 c2, float radius, const Placement& p, CoreBuffer* buf) {
  buf->v[0] = p.apply(c1);
  buf->v[1] = p.apply(c2);
  // The normal comes from the local segment, not from the placed points: a segment short against its distance
  // from the working frame's origin can round to a single point there, and still has a direction.
  // Normal 0 must be the placed edge's right-hand normal (edge 0 runs from v0 to v1): a mirroring placement maps
  // the local right-hand side to the left.
  Vec2 nrm = p.applyNormal(normalize(rightPerp(c2 - c1)));
  if (p.det < 0.0f) nrm = -nrm;
  buf->n[0] = nrm;
  buf->n[1] = -nrm;
  CoreView view;
  view.v = buf->v;
  view.n = buf->n;
  view.count = 2;
  view.radius = radius;
  return view;
}
inline CoreView placeCapsule(const Capsule& cap, const Placement& p, CoreBuffer* buf) {
  return placeSegmentCore(cap.center1, cap.center2, cap.radius * p.radiusScale, p, buf);
}
inline CoreView placeSegment(const Segment& seg, const Placement& p, CoreBuffer* buf) {
  return placeSegmentCore(seg.point1, seg.point2, 0.0f, p, buf);
}

/// Size of a stretched shape for the contact tolerance: its bounding radius after the stretch (largest distance
/// from the centroid to a vertex; for a capsule half the stretched segment plus the scaled radius). collide() and
/// the World both use it, so they agree on which pairs touch. Under a non-uniform scale the vertices are walked:
/// "bounding radius times the larger scale factor" overstates a stretched shape's size by up to the scale ratio
/// (5,800 times at 5,800:1), and with it the band of separations reported as touching.
inline float scaledSize(const Polygon& poly, const Stretch& k) {
  if (k.uniform()) return poly.boundingRadius() * k.radiusScale;
  const Vec2 c = poly.centroid();
  float best = 0.0f;
  for (int i = 0; i < poly.count(); ++i) {
    const Vec2 d = k.apply(poly.vertex(i) - c);
    const float dd = dot(d, d);
    best = dd > best ? dd : best;
  }
  return std::sqrt(best);
}
inline float scaledSize(const Capsule& cap, const Stretch& k) {
  if (k.uniform()) return (0.5f * distance(cap.center1, cap.center2) + cap.radius) * k.radiusScale;
  return 0.5f * length(k.apply(cap.center2 - cap.center1)) + cap.radius * k.radiusScale;
}
inline float scaledSize(const Circle& c, const Stretch& k) { return c.radius * k.radiusScale; }
inline float scaledSize(const Segment& g, const Stretch& k) {
  if (k.uniform()) return 0.5f * distance(g.point1, g.point2) * k.radiusScale;
  return 0.5f * length(k.apply(g.point2 - g.point1));
}
inline float scaledSize(const ChainSegment& c, const Stretch& k) { return scaledSize(c.segment, k); }
inline float scaledSize(const Shape& s, const Stretch& k) {
  switch (s.type) {
    case ShapeType::Circle: return scaledSize(s.circle, k);
    case ShapeType::Capsule: return scaledSize(s.capsule, k);
    case ShapeType::Segment: return scaledSize(s.segment, k);
    case ShapeType::ChainSegment: return scaledSize(s.chain, k);
    case ShapeType::Polygon: break;
  }
  return scaledSize(s.polygon, k);
}

/// World-space size of a placed shape, for the contact tolerance.
template <class S>
inline float placedSize(const S& shape, const Placement& p) {
  return scaledSize(shape, p.stretch);
}

/// Maps a manifold computed in the working frame to the world.
inline void manifoldToWorld(Manifold* m, const Frame& f) {
  if (m->pointCount == 0) return;
  m->normal = f.toWorldVector(m->normal);
  for (int i = 0; i < m->pointCount; ++i) m->points[i].point = f.toWorldPoint(m->points[i].point);
}

/// For a closest point found at vertex k of a core, the direction u of the minimum translation, kept inside the
/// normal cone of the vertex that is really closest. `noise` bounds the error of u (the sine of the angle), from
/// the rounding of the closest points against their distance (closestPointNoise).
/// - u just outside k's cone, within noise: an adjacent edge is almost as close and u is noise around its normal;
///   the true closest feature is that edge, whose stored normal is exact.
/// - u farther outside: the closest-point search picked k among vertices whose distances agree to float
///   precision (a tiny edge of a polygon much smaller than the distance, whose squared distances differ below
///   one ulp; or vertices merged by the placement's rounding). u is good there, the vertex is not: walk to the
///   neighbour on u's side, whose cone the direction is tested against next. Clamping to k's cone instead gave
///   a face normal tens of degrees off the minimum translation direction (the "rounded-ratio" bug).
inline Vec2 clampToVertexCone(const CoreView& c, int k, Vec2 u, float noise) {
  for (int step = 0;; ++step) {
    const int prev = k == 0 ? c.count - 1 : k - 1, next = k + 1 == c.count ? 0 : k + 1;
    const Vec2 nPrev = c.n[prev], nNext = c.n[k];
    const bool inPrev = cross(nPrev, u) >= 0.0f, inNext = cross(u, nNext) >= 0.0f;
    if (inPrev && inNext) return u;
    // The boundary u is past (a segment's end cone is a half-plane whose two boundaries are opposite: the nearer).
    const bool pastNext = !inNext && (inPrev || dot(u, nNext) >= dot(u, nPrev));
    const Vec2 edge = pastNext ? nNext : nPrev;
    const bool nearEdge = noise >= 1.0f || (dot(u, edge) > 0.0f && std::fabs(cross(u, edge)) <= noise);
    if (nearEdge || step == c.count) return edge;
    k = pastNext ? next : prev;
  }
}

/// Error bound of the unit direction between closest points p, q at distance d (the sine of the angle). Their
/// distance is known to e, a few ulps of the working frame's magnitude (placement and the squared-distance
/// comparisons round there). Two sources: rounding of the points, e / d; and, along parallel features, a pair
/// drifted by s along them, which is only s^2 / 2d farther apart and so ties in float for s up to sqrt(2 e d):
/// an angle of sqrt(2 e / d). At least 1 when d is within the rounding: the direction is noise altogether, and
/// clampToVertexCone keeps to the nearer edge normal of the vertex found.
inline float closestPointNoise(Vec2 p, Vec2 q, float d) {
  const float mag = std::fmax(std::fmax(std::fabs(p.x), std::fabs(p.y)), std::fmax(std::fabs(q.x), std::fabs(q.y)));
  const float e = 16.0f * FLT_EPSILON * (mag + d);
  return e / d + std::sqrt(2.0f * e / d);
}

// Core routines in the working frame (collide_polygons.cpp). They return an empty manifold when apart.
Manifold collideCores(const CoreView& a, const CoreView& b, float tol, SatCache* cache);
bool overlapCores(const CoreView& a, const CoreView& b, float tol, SatCache* cache);
/// Circle against a core (polygon or segment), circle centre c and radius r in the working frame.
Manifold collideCoreCircle(const CoreView& a, Vec2 c, float r, float tol);

}  // namespace sat::detail
