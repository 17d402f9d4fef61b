// Capsule - polygon: the segment as a 2-gon with radius against the polygon through the core routine: SAT over
// the polygon's normals and the segment's two normals when the segment cuts the polygon, exact closest points
// when it does not (the MTV of a rounded end need not be a face normal).
#include "dispatch.h"
#include "sat/collide.h"

namespace sat {

Manifold collide(const Capsule& a, const Transform& xfA, const Polygon& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Capsule& a, const Transform& xfA, const Polygon& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
Manifold collide(const Polygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Polygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}

}  // namespace sat
