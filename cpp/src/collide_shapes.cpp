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
namespace {
// What isValid(makeTransform(x, y, angle, scaleX, scaleY)) decides, from the inputs: makeRot's rotation is unit
// length exactly when |angle| <= kMaxAngle, so the rest is isValid of the same transform unrotated.
inline bool validInputs(float x, float y, float angle, float scaleX, float scaleY) {
  return std::fabs(angle) <= kMaxAngle && isValid(Transform{{x, y}, Rot{}, {scaleX, scaleY}});
}
}  // namespace

Status CheckedTransform::make(float x, float y, float angle, float scaleX, float scaleY, CheckedTransform* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!validInputs(x, y, angle, scaleX, scaleY)) return Status::InvalidTransform;
  out->xf_ = {{x, y}, makeRot(angle), {scaleX, scaleY}};
  return Status::Ok;
}
Status CheckedTransform::makeMany(const float* f, int count, CheckedTransform* out, int* bad) {
  if (count < 0 || (count > 0 && (f == nullptr || out == nullptr))) {
    if (bad) *bad = 0;
    return Status::InvalidArgument;
  }
  for (int i = 0; i < count; i += 2) {
    const float* a = f + 5 * i;
    if (!validInputs(a[0], a[1], a[2], a[3], a[4])) {
      if (bad) *bad = i;
      return Status::InvalidTransform;
    }
    if (i + 1 == count) {
      out[i].xf_ = {{a[0], a[1]}, makeRot(a[2]), {a[3], a[4]}};
      break;
    }
    const float* b = a + 5;
    if (!validInputs(b[0], b[1], b[2], b[3], b[4])) {
      if (bad) *bad = i + 1;
      return Status::InvalidTransform;
    }
    Rot qa, qb;
    makeRot2(a[2], b[2], &qa, &qb);
    out[i].xf_ = {{a[0], a[1]}, qa, {a[3], a[4]}};
    out[i + 1].xf_ = {{b[0], b[1]}, qb, {b[3], b[4]}};
  }
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
