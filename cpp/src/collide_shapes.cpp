// Any shape against any shape, under Transforms or general Affine frames.
#include "dispatch.h"
#include "sat/collide.h"

namespace sat {

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
bool overlap(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
Manifold collide(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
bool overlap(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}

}  // namespace sat
