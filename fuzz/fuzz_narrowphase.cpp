// Fuzz target: the narrow phase on arbitrary shape pairs and transforms.
//
// Shapes come from the makers (refused ones end the input), transforms from fuzzed values, in one of four regimes:
// ordinary, far from the origin (up to 1e6), tiny shapes (1e-3), and a 1e4 size ratio. B is placed near A so
// that overlapping, touching and separated pairs are all common. Properties, for valid transforms:
// - no crash, no NaN: every number of a non-empty manifold is finite, the normal unit, depth > -tolerance;
// - overlap() agrees with collide(), for the typed, Shape and Affine overloads;
// - the double-precision Minkowski reference (tests/cpp/reference.h) agrees outside the touching band, and the
//   depth is within the tests' tolerance (2e-4 of the size plus float round-off of the coordinates);
// - swap symmetry: collide(B, A) has the same depth and the flipped normal (when the minimum is unique);
// - push-out: B moved by normal * (depth + eps) no longer overlaps;
// - distance() is finite and non-negative, about 0 for overlapping shapes.
// For invalid transforms: an empty manifold and overlap() == false, as collide.h promises.
#include "fuzz_common.h"
#include "fuzz_exact.h"
#include "reference.h"

namespace {

using sat::Manifold;
using sat::Shape;
using sat::Transform;
using sat::Vec2;

ref::V toV(Vec2 v) { return {double(v.x), double(v.y)}; }

void describe(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, const Manifold& m) {
  std::fprintf(stderr, "  A = %s at %s\n  B = %s at %s\n  manifold: n=(%.9g, %.9g) depth=%.9g points=%d\n",
               ref::str(a).c_str(), ref::str(xfA).c_str(), ref::str(b).c_str(), ref::str(xfB).c_str(),
               m.normal.x, m.normal.y, m.depth, m.pointCount);
}

#define NP_CHECK(cond, ...)                                        \
  do {                                                             \
    if (!(cond)) {                                                 \
      describe(a, xfA, b, xfB, m);                                 \
      FUZZ_CHECK(cond, __VA_ARGS__);                               \
    }                                                              \
  } while (0)

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const uint8_t regime = in.ConsumeIntegral<uint8_t>() % 4;
  float sizeA = 1.0f, sizeB = 1.0f;
  Vec2 origin{0.0f, 0.0f};
  switch (regime) {
    case 0: sizeA = fuzz::logSize(in, -1.0f, 1.0f), sizeB = fuzz::logSize(in, -1.0f, 1.0f); break;
    case 1: {  // far from the origin
      sizeA = fuzz::logSize(in, 0.0f, 2.0f), sizeB = fuzz::logSize(in, 0.0f, 2.0f);
      origin = {fuzz::coord(in, 9.0e5f, false), fuzz::coord(in, 9.0e5f, false)};
      break;
    }
    case 2: sizeA = fuzz::logSize(in, -3.5f, -2.5f), sizeB = fuzz::logSize(in, -3.5f, -2.5f); break;
    default: {  // 1e4 size ratio
      sizeA = fuzz::logSize(in, 1.5f, 2.5f);
      sizeB = sizeA * 1.0e-4f;
      if (in.ConsumeBool()) std::swap(sizeA, sizeB);
      break;
    }
  }
  Shape a, b;
  if (!fuzz::makeShape(in, sizeA, &a) || !fuzz::makeShape(in, sizeB, &b)) return 0;
  Transform xfA = fuzz::makeXf(in, origin, sizeA);
  Transform xfB = fuzz::makeXf(in, xfA.p, 2.0f * (sizeA + sizeB));
  if (in.ConsumeIntegral<uint8_t>() >= 250) {
    // Hostile transform values: raw float bits in one field.
    float* fields[] = {&xfB.p.x, &xfB.p.y, &xfB.q.c, &xfB.q.s, &xfB.scale.x, &xfB.scale.y};
    *fields[in.ConsumeIntegralInRange<int>(0, 5)] = fuzz::rawFloat(in);
  }

  Manifold m = sat::collide(a, xfA, b, xfB);
  const bool ov = sat::overlap(a, xfA, b, xfB);
  const bool valid = sat::checkTransform(xfA) == sat::Status::Ok && sat::checkTransform(xfB) == sat::Status::Ok;
  if (!valid) {
    NP_CHECK(m.pointCount == 0 && !ov, "invalid transform gave a contact");
    return 0;
  }
  NP_CHECK(fuzz::sane(m), "manifold with non-finite numbers or a non-unit normal");
  NP_CHECK(ov == (m.pointCount > 0), "overlap() = %d, collide() has %d points", int(ov), m.pointCount);

  // The Shape/Affine dispatch agrees on overlap (outside the band, checked below with the reference).
  const sat::Affine afA = sat::toAffine(xfA), afB = sat::toAffine(xfB);
  // An Affine is refused when collapsed relative to its size (|det| < 1e-6 * max^2), a stricter rule than the
  // Transform's |scale| >= 1e-6: a valid Transform with scale ratio beyond ~1e6 is an invalid Affine.
  const bool affineValid = sat::checkTransform(afA) == sat::Status::Ok && sat::checkTransform(afB) == sat::Status::Ok;
  Manifold mAff = sat::collide(a, afA, b, afB);
  NP_CHECK(fuzz::sane(mAff), "Affine manifold not sane");
  NP_CHECK(sat::overlap(a, afA, b, afB) == (mAff.pointCount > 0), "Affine overlap() disagrees with collide()");

  const ref::Core coreA = ref::core(a, xfA), coreB = ref::core(b, xfB);
  const ref::Penetration r = ref::penetration(coreA, coreB);
  const double sz = std::max(r.sizeA, r.sizeB), sum = r.sizeA + r.sizeB;
  const double roundOff = 1.0e-6 * r.magnitude;
  const double band = 1.0e-4 * sum + roundOff;
  const double depthTol = 2.0e-4 * sz + 4.0 * roundOff;
  const double unique = 1.0e-2 * sz + 100.0 * roundOff;

  if (fuzz::stretchedRound(a, xfA) || fuzz::stretchedRound(b, xfB)) {
    // Exact ellipse / stretched capsule: overlap and distance against the support-function oracle (depths and
    // points are checked against it in tests/cpp/test_ellipse.cpp); the enclosing-circle checks below do not apply.
    const double d = fuzz::exactDepth(a, xfA, b, xfB);
    if (d > band) NP_CHECK(ov, "oracle overlaps by %.9g (band %.3g), collide says apart", d, band);
    if (d < -band) NP_CHECK(!ov, "oracle apart by %.9g (band %.3g), collide overlaps", -d, band);
    if (m.pointCount > 0) NP_CHECK(m.depth >= -band, "depth %.9g below -band", m.depth);
    // distance(): exact too, the oracle's separation.
    const sat::DistanceOutput e = sat::distance(a, xfA, b, xfB);
    NP_CHECK(std::isfinite(e.distance) && e.distance >= 0.0f, "distance %.9g", e.distance);
    NP_CHECK(fuzz::finite(e.pointA) && fuzz::finite(e.pointB), "distance: non-finite closest points");
    if (d > band) NP_CHECK(e.distance <= band + depthTol, "distance %.9g, oracle overlaps by %.9g", e.distance, d);
    if (d < -band)
      NP_CHECK(std::fabs(e.distance + d) <= depthTol + 1e-4 * sz, "distance %.9g, oracle %.9g", e.distance, -d);
    return 0;
  }
  if (r.depth > band) NP_CHECK(ov, "reference overlaps by %.9g (band %.3g), collide says apart", r.depth, band);
  if (r.depth < -band) NP_CHECK(!ov, "reference apart by %.9g (band %.3g), collide overlaps", -r.depth, band);
  if (!affineValid) NP_CHECK(mAff.pointCount == 0, "Affine: invalid Affine gave a contact");
  if (r.depth > band && affineValid) NP_CHECK(mAff.pointCount > 0, "Affine: reference overlaps by %.9g, apart", r.depth);
  if (r.depth < -band) NP_CHECK(mAff.pointCount == 0, "Affine: reference apart by %.9g, overlaps", -r.depth);
  if (m.pointCount > 0) {
    NP_CHECK(m.depth >= -band, "depth %.9g below -band", m.depth);
    if (r.depth > band)
      NP_CHECK(std::fabs(m.depth - r.depth) <= depthTol, "depth %.9g, reference %.9g (tol %.3g)", m.depth, r.depth,
               depthTol);
    // Whatever the normal, translating B along it by depth must be (about) what the reference needs along it.
    if (r.depth > band) {
      double along = ref::depthAlong(r, toV(m.normal));
      NP_CHECK(along <= r.depth + depthTol + 1e-3 * sz, "normal is not a minimum translation direction: needs %.9g "
               "along it, minimum %.9g", along, r.depth);
    }
  }

  // Swap symmetry.
  Manifold s = sat::collide(b, xfB, a, xfA);
  NP_CHECK(fuzz::sane(s), "swapped manifold not sane");
  if (std::fabs(r.depth) > band) {
    NP_CHECK((s.pointCount > 0) == (m.pointCount > 0), "collide(B,A) disagrees on overlap");
  }
  if (s.pointCount > 0 && m.pointCount > 0) {
    NP_CHECK(std::fabs(s.depth - m.depth) <= depthTol, "swapped depth %.9g vs %.9g", s.depth, m.depth);
    if (r.depth > band && r.gap > unique) {
      double flip = ref::len(toV(m.normal) + toV(s.normal));
      NP_CHECK(flip <= 4e-3 + 40.0 * roundOff / std::max(r.gap, 1e-30), "swapped normal (%.9g, %.9g) not flipped",
               s.normal.x, s.normal.y);
    }
  }

  // Push-out by normal * (depth + eps) separates.
  if (m.pointCount > 0 && r.depth > band) {
    const double eps = 1.0e-3 * sum + 20.0 * roundOff;
    Transform out = xfB;
    out.p = {ref::f32(xfB.p.x + (m.depth + eps) * m.normal.x), ref::f32(xfB.p.y + (m.depth + eps) * m.normal.y)};
    if (sat::checkTransform(out) == sat::Status::Ok) {
      NP_CHECK(!sat::overlap(a, xfA, b, out), "still overlapping after moving B by normal * (depth + %.3g)", eps);
      double after = ref::penetration(coreA, ref::core(b, out)).depth;
      NP_CHECK(after < 0.0, "reference: moved by depth + eps still overlaps by %.9g", after);
    }
  }

  // distance(): finite, >= 0, ~0 when overlapping.
  sat::DistanceOutput d = sat::distance(a, xfA, b, xfB);
  NP_CHECK(std::isfinite(d.distance) && d.distance >= 0.0f, "distance %.9g", d.distance);
  NP_CHECK(fuzz::finite(d.pointA) && fuzz::finite(d.pointB), "distance: non-finite closest points");
  if (r.depth > band) NP_CHECK(d.distance <= band + depthTol, "distance %.9g for overlapping shapes", d.distance);
  if (r.depth < -band)
    NP_CHECK(std::fabs(d.distance + r.depth) <= depthTol + 1e-3 * sz, "distance %.9g, reference %.9g", d.distance,
             -r.depth);
  return 0;
}
