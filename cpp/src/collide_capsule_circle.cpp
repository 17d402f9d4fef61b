// Capsule - circle: the circle's centre against the capsule's segment, exact closest point
// (detail::collideCoreCircle in collide_polygon_circle.cpp; a segment has no inside).
#include "dispatch.h"
#include "sat/collide.h"

namespace sat {

Manifold collide(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
Manifold collide(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}

}  // namespace sat
