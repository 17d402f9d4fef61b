// Any shape against any shape, under Transforms or general Affine frames.
#include <cmath>

#include "dispatch.h"
#include "sat/collide.h"

namespace sat {

Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
bool overlap(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
Status CheckedTransform::make(const Transform& xf, CheckedTransform* out) {
  if (out == nullptr) return Status::InvalidArgument;
  const Status s = checkTransform(xf);
  if (s == Status::Ok) out->xf_ = xf;
  return s;
}
Status CheckedTransform::make(float x, float y, float angle, float scaleX, float scaleY, CheckedTransform* out) {
  if (out == nullptr) return Status::InvalidArgument;
  const float ax = std::fabs(scaleX), ay = std::fabs(scaleY);
  // isValid(Transform) term by term; NaN fails every comparison.
  if (!isInRange({x, y}) || !(std::fabs(angle) <= kMaxAngle) || !(ax >= kMinScale && ay >= kMinScale) ||
      !(ax <= kMaxCoordinate && ay <= kMaxCoordinate))
    return Status::InvalidTransform;
  out->xf_ = {{x, y}, makeRot(angle), {scaleX, scaleY}};
  return Status::Ok;
}
Manifold collide(const Shape& a, const CheckedTransform& xfA, const Shape& b, const CheckedTransform& xfB,
                 SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA.transform(), detail::refOf(b), xfB.transform(), cache, true);
}
bool overlap(const Shape& a, const CheckedTransform& xfA, const Shape& b, const CheckedTransform& xfB,
             SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA.transform(), detail::refOf(b), xfB.transform(), cache, true);
}
Manifold collide(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache) {
  return detail::collidePlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}
bool overlap(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache) {
  return detail::overlapPlaced(detail::refOf(a), xfA, detail::refOf(b), xfB, cache);
}

}  // namespace sat
