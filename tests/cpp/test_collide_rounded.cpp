// Circle and capsule pairs (and polygon against them) against the reference: closed forms for circles, the
// Minkowski difference of the cores offset by the radii for capsules and polygons. 100,000 seeded cases each.
#include <gtest/gtest.h>

#include "collide_checks.h"

namespace testing_sat {
namespace {

template <class A, class B, class GenA, class GenB>
void runReference(const char* name, uint32_t seed, GenA genA, GenB genB, unsigned flags = kCheckOverlapDepth) {
  Coverage cov = runRandomPairs<A, B>(seed, 100000, genA, genB,
                                      [flags](const A& a, const B& b, const Case<A, B>& c, Coverage& cv) {
                                        checkAgainstReference(a, b, c, cv, flags);
                                      });
  cov.print(name);
  cov.expectMix(flags & kCheckOverlapDepth);
}

// Overlap, depth and (unique) normal against the reference.
TEST(CollideRounded, RandomPolygonCircleMatchesReference) {
  runReference<sat::Polygon, sat::Circle>("polygon-circle", 0x7a0001u, genPolygon, genCircle);
}
TEST(CollideRounded, RandomCirclePolygonMatchesReference) {
  runReference<sat::Circle, sat::Polygon>("circle-polygon", 0x7a0002u, genCircle, genPolygon);
}
TEST(CollideRounded, RandomCircleCircleMatchesReference) {
  runReference<sat::Circle, sat::Circle>("circle-circle", 0x7a0003u, genCircle, genCircle);
}
TEST(CollideRounded, RandomCapsuleCapsuleMatchesReference) {
  runReference<sat::Capsule, sat::Capsule>("capsule-capsule", 0x7a0004u, genCapsule, genCapsule);
}
TEST(CollideRounded, RandomCapsuleCircleMatchesReference) {
  runReference<sat::Capsule, sat::Circle>("capsule-circle", 0x7a0005u, genCapsule, genCircle);
}
TEST(CollideRounded, RandomCircleCapsuleMatchesReference) {
  runReference<sat::Circle, sat::Capsule>("circle-capsule", 0x7a0006u, genCircle, genCapsule);
}
TEST(CollideRounded, RandomCapsulePolygonMatchesReference) {
  runReference<sat::Capsule, sat::Polygon>("capsule-polygon", 0x7a0007u, genCapsule, genPolygon);
}
TEST(CollideRounded, RandomPolygonCapsuleMatchesReference) {
  runReference<sat::Polygon, sat::Capsule>("polygon-capsule", 0x7a0008u, genPolygon, genCapsule);
}

// The normal is a minimum translation direction in every overlapping case, also where the minimum is not
// well separated: separating B along the reported normal takes no more than the depth (+ 2e-4 of the size).
// This catches normals taken from nearly tied closest features (vertex chosen where the edge is nearest).
TEST(CollideRounded, PolygonCircleNormalIsMinimumTranslation) {
  runReference<sat::Polygon, sat::Circle>("polygon-circle MTV", 0x7a0011u, genPolygon, genCircle, kCheckMtvNormal);
}
TEST(CollideRounded, CircleCircleNormalIsMinimumTranslation) {
  runReference<sat::Circle, sat::Circle>("circle-circle MTV", 0x7a0013u, genCircle, genCircle, kCheckMtvNormal);
}
TEST(CollideRounded, CapsuleCapsuleNormalIsMinimumTranslation) {
  runReference<sat::Capsule, sat::Capsule>("capsule-capsule MTV", 0x7a0014u, genCapsule, genCapsule,
                                           kCheckMtvNormal);
}
TEST(CollideRounded, CapsuleCircleNormalIsMinimumTranslation) {
  runReference<sat::Capsule, sat::Circle>("capsule-circle MTV", 0x7a0015u, genCapsule, genCircle, kCheckMtvNormal);
}
TEST(CollideRounded, CapsulePolygonNormalIsMinimumTranslation) {
  runReference<sat::Capsule, sat::Polygon>("capsule-polygon MTV", 0x7a0017u, genCapsule, genPolygon,
                                           kCheckMtvNormal);
}

// Circle-circle closed form, independent of the Minkowski machinery: depth = rA + rB - |cB - cA|.
TEST(CollideRounded, CircleCircleClosedForm) {
  Rng rng(0x7a0009u);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    sat::Circle a = randomCircle(rng), b = randomCircle(rng);
    sat::Transform xfA = randomTransform(rng, 2.0), xfB = randomTransform(rng, 2.0);
    keepRound(a, &xfA);  // a circle under a similarity: stretched ones are ellipses (test_ellipse.cpp)
    keepRound(b, &xfB);
    ref::V ca = ref::apply(xfA, a.center), cb = ref::apply(xfB, b.center);
    double ra = a.radius * ref::radiusScale(xfA), rb = b.radius * ref::radiusScale(xfB);
    double d = ref::len(cb - ca);
    double depth = ra + rb - d;
    double size = std::max(ra, rb);
    sat::Manifold m = sat::collide(a, xfA, b, xfB);
    if (depth > 1e-4 * (ra + rb)) {
      bool ok = m.pointCount == 1 && std::fabs(m.depth - depth) <= 2e-4 * size;
      if (ok && d > 1e-2 * size) ok = ref::len(ref::fromVec(m.normal) - (1.0 / d) * (cb - ca)) < 2e-3;
      if (ok) {  // the contact point lies midway between the two surfaces along the centre line
        ref::V mid = 0.5 * ((ca + ra * ref::unit(cb - ca)) + (cb - rb * ref::unit(cb - ca)));
        if (d > 1e-2 * size) ok = ref::len(ref::fromVec(m.points[0].point) - mid) <= 2e-4 * size + 1e-6 * 4.0;
      }
      if (!ok && ++failures <= 5)
        ADD_FAILURE() << describeCase(a, xfA, b, xfB) << "\n  closed form depth " << depth << "\n  "
                      << describeManifold(m);
    } else if (depth < -1e-4 * (ra + rb)) {
      if (m.pointCount != 0 && ++failures <= 5)
        ADD_FAILURE() << "apart but manifold non-empty: " << describeCase(a, xfA, b, xfB);
    }
  }
  EXPECT_EQ(failures, 0);
}

// Capsule-capsule closed form: depth = rA + rB - segment distance when the segments do not cross.
TEST(CollideRounded, CapsuleCapsuleSegmentDistanceClosedForm) {
  Rng rng(0x7a000au);
  int failures = 0, checked = 0;
  for (int i = 0; i < 20000; ++i) {
    sat::Capsule a = randomCapsule(rng), b = randomCapsule(rng);
    sat::Transform xfA = randomTransform(rng, 2.0), xfB = randomTransform(rng, 2.0);
    keepRound(a, &xfA);
    keepRound(b, &xfB);
    ref::V a1 = ref::apply(xfA, a.center1), a2 = ref::apply(xfA, a.center2);
    ref::V b1 = ref::apply(xfB, b.center1), b2 = ref::apply(xfB, b.center2);
    double ra = a.radius * ref::radiusScale(xfA), rb = b.radius * ref::radiusScale(xfB);
    double d = ref::segmentSegmentDistance(a1, a2, b1, b2);
    if (d == 0.0) continue;  // crossing: covered by the Minkowski reference
    double depth = ra + rb - d;
    double size = std::max(ref::len(a2 - a1) / 2 + ra, ref::len(b2 - b1) / 2 + rb);
    sat::Manifold m = sat::collide(a, xfA, b, xfB);
    bool ok = true;
    if (depth > 1e-4 * 2 * size) {
      ++checked;
      ok = m.pointCount > 0 && std::fabs(m.depth - depth) <= 2e-4 * size;
    } else if (depth < -1e-4 * 2 * size) {
      ok = m.pointCount == 0;
    }
    if (!ok && ++failures <= 5)
      ADD_FAILURE() << describeCase(a, xfA, b, xfB) << "\n  closed form depth " << depth << "\n  "
                    << describeManifold(m);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 2000);
}

}  // namespace
}  // namespace testing_sat
