// Circle - circle: closed form along the line of centres.
#include <cmath>

#include "dispatch.h"
#include "sat/collide.h"

namespace sat {
namespace detail {

Manifold collideCircles(Vec2 ca, float ra, Vec2 cb, float rb, float tol) {
  Vec2 d = cb - ca;
  float dist = length(d);
  if (dist > ra + rb + tol) return {};
  // Concentric circles have no preferred direction: use the frame's +y so the answer is deterministic.
  Vec2 n = dist > tol ? (1.0f / dist) * d : Vec2{0.0f, 1.0f};
  Manifold m;
  m.normal = n;
  m.depth = ra + rb - dist;
  m.pointCount = 1;
  m.points[0].point = 0.5f * ((ca + ra * n) + (cb - rb * n));
  m.points[0].depth = m.depth;
  m.points[0].id = 0;
  return m;
}

}  // namespace detail

Manifold collide(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}

}  // namespace sat
