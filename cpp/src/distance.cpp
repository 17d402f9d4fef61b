// Distance and closest points: GJK on the shapes' cores (points of a polygon, a capsule's segment, a circle's
// centre) with the radii subtracted afterwards. Simplex solver after Box2D's b2ShapeDistance (Johnson's
// sub-algorithm with barycentric coordinates).
// A circle or capsule under a non-uniform map (an ellipse, a stretched capsule) has no radius to subtract: such a
// pair is measured by its support functions instead (distanceSupportShapes, collide_ellipse.cpp), exactly.
#include <cfloat>
#include <cmath>

#include "dispatch.h"
#include "placement.h"
#include "sat/query.h"

namespace sat {
namespace {

struct Proxy {
  const Vec2* v;
  int count;
  float radius;
};

inline int support(const Proxy& p, Vec2 d) {
  int best = 0;
  float bestValue = dot(d, p.v[0]);
  for (int i = 1; i < p.count; ++i) {
    float value = dot(d, p.v[i]);
    if (value > bestValue) {
      best = i;
      bestValue = value;
    }
  }
  return best;
}

struct SimplexVertex {
  Vec2 wA, wB, w;  // support points on A and B, and w = wB - wA
  float a;         // barycentric coordinate of the closest point
  int iA, iB;
};

struct Simplex {
  SimplexVertex v[3];
  int count;

  void solve2() {
    Vec2 w1 = v[0].w, w2 = v[1].w, e12 = w2 - w1;
    float d12_2 = -dot(w1, e12);
    if (d12_2 <= 0.0f) {
      v[0].a = 1.0f;
      count = 1;
      return;
    }
    float d12_1 = dot(w2, e12);
    if (d12_1 <= 0.0f) {
      v[1].a = 1.0f;
      v[0] = v[1];
      count = 1;
      return;
    }
    float inv = 1.0f / (d12_1 + d12_2);
    v[0].a = d12_1 * inv;
    v[1].a = d12_2 * inv;
    count = 2;
  }

  void solve3() {
    Vec2 w1 = v[0].w, w2 = v[1].w, w3 = v[2].w;
    Vec2 e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2;
    float d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12);
    float d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13);
    float d23_1 = dot(w3, e23), d23_2 = -dot(w2, e23);
    float n123 = cross(e12, e13);
    float d123_1 = n123 * cross(w2, w3), d123_2 = n123 * cross(w3, w1), d123_3 = n123 * cross(w1, w2);
    if (d12_2 <= 0.0f && d13_2 <= 0.0f) {
      v[0].a = 1.0f;
      count = 1;
    } else if (d12_1 > 0.0f && d12_2 > 0.0f && d123_3 <= 0.0f) {
      float inv = 1.0f / (d12_1 + d12_2);
      v[0].a = d12_1 * inv;
      v[1].a = d12_2 * inv;
      count = 2;
    } else if (d13_1 > 0.0f && d13_2 > 0.0f && d123_2 <= 0.0f) {
      float inv = 1.0f / (d13_1 + d13_2);
      v[0].a = d13_1 * inv;
      v[2].a = d13_2 * inv;
      v[1] = v[2];
      count = 2;
    } else if (d12_1 <= 0.0f && d23_2 <= 0.0f) {
      v[1].a = 1.0f;
      v[0] = v[1];
      count = 1;
    } else if (d13_1 <= 0.0f && d23_1 <= 0.0f) {
      v[2].a = 1.0f;
      v[0] = v[2];
      count = 1;
    } else if (d23_1 > 0.0f && d23_2 > 0.0f && d123_1 <= 0.0f) {
      float inv = 1.0f / (d23_1 + d23_2);
      v[2].a = d23_2 * inv;
      v[1].a = d23_1 * inv;
      v[0] = v[2];
      count = 2;
    } else {
      float inv = 1.0f / (d123_1 + d123_2 + d123_3);
      v[0].a = d123_1 * inv;
      v[1].a = d123_2 * inv;
      v[2].a = d123_3 * inv;
      count = 3;
    }
  }

  Vec2 searchDirection() const {
    if (count == 1) return -v[0].w;
    Vec2 e12 = v[1].w - v[0].w;
    return cross(e12, -v[0].w) > 0.0f ? leftPerp(e12) : rightPerp(e12);
  }

  void witnessPoints(Vec2* pA, Vec2* pB) const {
    if (count == 1) {
      *pA = v[0].wA;
      *pB = v[0].wB;
    } else if (count == 2) {
      *pA = v[0].a * v[0].wA + v[1].a * v[1].wA;
      *pB = v[0].a * v[0].wB + v[1].a * v[1].wB;
    } else {
      *pA = v[0].a * v[0].wA + v[1].a * v[1].wA + v[2].a * v[2].wA;
      *pB = *pA;
    }
  }
};

// Closest points between two proxies in the same frame.
DistanceOutput gjk(const Proxy& a, const Proxy& b) {
  Simplex s;
  s.count = 1;
  s.v[0] = {a.v[0], b.v[0], b.v[0] - a.v[0], 1.0f, 0, 0};
  constexpr int kMaxIterations = 30;
  int iter = 0;
  while (iter < kMaxIterations) {
    int saveA[3], saveB[3], saveCount = s.count;
    for (int i = 0; i < s.count; ++i) {
      saveA[i] = s.v[i].iA;
      saveB[i] = s.v[i].iB;
    }
    if (s.count == 2) s.solve2();
    if (s.count == 3) s.solve3();
    if (s.count == 3) break;  // the origin is inside: the cores overlap
    Vec2 d = s.searchDirection();
    if (dot(d, d) < FLT_EPSILON * FLT_EPSILON) break;
    SimplexVertex& nv = s.v[s.count];
    nv.iA = support(a, -d);
    nv.wA = a.v[nv.iA];
    nv.iB = support(b, d);
    nv.wB = b.v[nv.iB];
    nv.w = nv.wB - nv.wA;
    ++iter;
    bool duplicate = false;
    for (int i = 0; i < saveCount; ++i) {
      if (nv.iA == saveA[i] && nv.iB == saveB[i]) duplicate = true;
    }
    if (duplicate) break;
    ++s.count;
  }
  DistanceOutput out;
  s.witnessPoints(&out.pointA, &out.pointB);
  out.distance = distance(out.pointA, out.pointB);
  out.iterations = iter;
  return out;
}

Proxy proxyOf(detail::ShapeRef s, const detail::Placement& p, detail::CoreBuffer* buf) {
  switch (s.type) {
    case ShapeType::Circle:
      buf->v[0] = p.apply(s.circle().center);
      return {buf->v, 1, s.circle().radius * p.radiusScale};
    case ShapeType::Capsule: {
      detail::CoreView c = detail::placeCapsule(s.capsule(), p, buf);
      return {c.v, 2, c.radius};
    }
    case ShapeType::Segment:
    case ShapeType::ChainSegment: {
      // Distance ignores the chain rule: a chain segment is measured as its plain segment.
      detail::CoreView c = detail::placeCore(s, p, buf);
      return {c.v, 2, 0.0f};
    }
    case ShapeType::Polygon: break;
  }
  detail::CoreView c = detail::placePolygon(s.polygon(), p, buf);
  return {c.v, c.count, 0.0f};
}

/// A pair with an ellipse or stretched capsule: the support-function distance, under the same contract (touching
/// or overlapping: distance 0, one shared point, a zero normal).
DistanceOutput supportDistance(const detail::ShapeRef& a, const detail::Placement& pa, const detail::ShapeRef& b,
                               const detail::Placement& pb, const detail::Frame& frame) {
  const detail::SupportDistance d = detail::distanceSupportShapes(a, pa, b, pb);
  DistanceOutput out;
  out.iterations = 1;
  out.pointA = frame.toWorldPoint(d.pointA);
  out.pointB = frame.toWorldPoint(d.pointB);
  if (d.apart && float(d.distance) > 0.0f) {
    out.distance = float(d.distance);
    out.normal = frame.toWorldVector(d.normal);
  }
  return out;
}

template <class Xf>
DistanceOutput distanceImpl(const Shape& a, const Xf& xfA, const Shape& b, const Xf& xfB) {
  DistanceOutput out;
  detail::ShapeRef ra = detail::refOf(a), rb = detail::refOf(b);
  if (!isValid(xfA) || !isValid(xfB) || !detail::usable(ra) || !detail::usable(rb)) return out;
  detail::Placement pa, pb;
  detail::Frame frame;
  detail::placePair(xfA, xfB, &pa, &pb, &frame);
  if (detail::supportPair(ra, pa, rb, pb)) return supportDistance(ra, pa, rb, pb, frame);
  detail::CoreBuffer bufA, bufB;
  Proxy proxyA = proxyOf(ra, pa, &bufA), proxyB = proxyOf(rb, pb, &bufB);
  out = gjk(proxyA, proxyB);
  float rSum = proxyA.radius + proxyB.radius;
  if (out.distance > rSum && out.distance > 0.0f) {
    Vec2 n = (1.0f / out.distance) * (out.pointB - out.pointA);
    out.pointA = out.pointA + proxyA.radius * n;
    out.pointB = out.pointB - proxyB.radius * n;
    out.distance -= rSum;
    out.normal = frame.toWorldVector(n);
  } else {
    // Overlapping: report a shared point (midway along the core witness segment) and no direction.
    Vec2 mid = 0.5f * (out.pointA + out.pointB);
    out.pointA = out.pointB = mid;
    out.distance = 0.0f;
    out.normal = {0.0f, 0.0f};
  }
  out.pointA = frame.toWorldPoint(out.pointA);
  out.pointB = frame.toWorldPoint(out.pointB);
  return out;
}

}  // namespace

DistanceOutput distance(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB) {
  return distanceImpl(a, xfA, b, xfB);
}

DistanceOutput distance(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB) {
  return distanceImpl(a, xfA, b, xfB);
}

}  // namespace sat
