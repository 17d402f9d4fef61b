// Polygon - circle (and capsule - circle, through the same routine: a capsule is a 2-gon core with a radius).
// The circle's centre against the core's faces: inside a polygon, the nearest face is the MTV; otherwise the
// exact closest boundary point gives it.
#include <cfloat>
#include <cmath>

#include "dispatch.h"
#include "geometry.h"
#include "placement.h"
#include "sat/collide.h"

namespace sat {
namespace detail {

Manifold collideCoreCircle(const CoreView& a, Vec2 c, float r, float tol) {
  const float rSum = a.radius + r, stop = rSum + tol;
  int best = 0;
  float sep = -FLT_MAX;
  for (int i = 0; i < a.count; ++i) {
    float s = dot(a.n[i], c - a.v[i]);
    if (s > sep) {
      sep = s;
      best = i;
    }
    if (s > stop) return {};
  }
  Manifold m;
  m.pointCount = 1;
  ManifoldPoint& mp = m.points[0];
  if (sep <= 0.0f && a.count >= 3) {
    // Centre inside the core (a segment has no inside): the nearest face gives the minimum translation.
    Vec2 n = a.n[best];
    m.normal = n;
    m.depth = rSum - sep;
    mp.point = c - (0.5f * (sep - a.radius + r)) * n;
    mp.depth = m.depth;
    mp.id = makeFeatureId(uint32_t(a.srcEdge(best)), 0);
    return m;
  }
  // Centre outside: exact closest point on the core's boundary.
  const int edges = a.count == 2 ? 1 : a.count;
  float bestD2 = FLT_MAX, t = 0.0f, bestT = 0.0f;
  Vec2 q = a.v[0];
  int feature = 0;
  for (int i = 0; i < edges; ++i) {
    Vec2 qi = closestOnSegment(a.v[i], a.v[(i + 1 == a.count ? 0 : i + 1)], c, &t);
    float d2 = distanceSquared(qi, c);
    if (d2 < bestD2) {
      bestD2 = d2;
      q = qi;
      feature = i;
      bestT = t;
    }
  }
  float d = std::sqrt(bestD2);
  if (d > stop) return {};
  Vec2 n;
  if (bestT > 0.0f && bestT < 1.0f) {
    // Inside an edge: its stored normal is exact (c - q loses direction in float when d is small).
    n = a.n[feature];
    // A segment (2-gon) faces both ways: take the side the centre is on. A polygon's edge normal is outward
    // already; its sign must not follow c - q, whose direction is noise when the centre sits on the edge.
    if (a.count == 2 && dot(n, c - q) < 0.0f) n = -n;
    // A polygon thinner than the float spacing of d^2 (a 2e6:1 stretch: 4e-7 wide, the centre 20 away) ties its
    // two long sides in the closest-point search, and the far one's normal points away from the centre. Clear of
    // the edge (d > tol), c - q is reliable: when it disagrees, the edge of largest separation is the closest.
    else if (d > tol && dot(n, c - q) < 0.0f) n = a.n[best];
  } else {
    int vertex = bestT <= 0.0f ? feature : (feature + 1 == a.count ? 0 : feature + 1);
    n = d > tol ? clampToVertexCone(a, vertex, (1.0f / d) * (c - q), closestPointNoise(q, c, d)) : a.n[best];
  }
  m.normal = n;
  m.depth = rSum - d;
  mp.point = 0.5f * ((q + a.radius * n) + (c - r * n));
  mp.depth = m.depth;
  mp.id = makeFeatureId(uint32_t(a.srcEdge(feature)), 0);
  return m;
}

}  // namespace detail

Manifold collide(const Polygon& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
Manifold collide(const Circle& a, const Transform& xfA, const Polygon& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Polygon& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Circle& a, const Transform& xfA, const Polygon& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}

}  // namespace sat
