// Capsule - capsule: both segments as 2-gons with radii through the core routine (collide_polygons.cpp).
// Crossing segments: SAT over both segments' normals (their Minkowski difference is a parallelogram).
// Separated or parallel segments: their exact closest points.
#include "dispatch.h"
#include "sat/collide.h"

namespace sat {

Manifold collide(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}
bool overlap(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, nullptr);
}

}  // namespace sat
