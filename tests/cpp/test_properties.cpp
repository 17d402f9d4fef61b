// Properties that must hold whatever the algorithm, on the same kind of seeded random cases as the reference
// tests: swapping A and B flips the normal and keeps the depth; moving B by normal * (depth + eps) separates and by
// normal * (depth - eps) does not; contact points lie within depth + tolerance of both shapes; the Shape and
// Affine overloads agree with the typed ones; SatCache never changes an answer.
#include <gtest/gtest.h>

#include "collide_checks.h"

namespace testing_sat {
namespace {

template <class A, class B, class GenA, class GenB>
void runProperties(const char* name, uint32_t seed, GenA genA, GenB genB, unsigned flags) {
  long index = 0;
  Coverage cov = runRandomPairs<A, B>(
      seed, 100000, genA, genB, [&index, flags](const A& a, const B& b, const Case<A, B>& c, Coverage& cv) {
        // The Shape / Affine dispatch is checked on every eighth case.
        checkProperties(a, b, c, cv, (index++ % 8) == 0 ? flags : flags & ~unsigned(kCheckDispatch));
      });
  cov.print(name);
  cov.expectMix(flags & kCheckSwap);
  if (flags & kCheckContacts) {
    EXPECT_GT(cov.contactsChecked, cov.cases / 3);
  }
}

constexpr unsigned kSymmetry = kCheckSwap | kCheckPushOut | kCheckDispatch;

// Swap symmetry, push-out by normal * (depth +- eps), Shape/Affine dispatch.
TEST(Properties, PolygonPolygon) {
  runProperties<sat::Polygon, sat::Polygon>("properties polygon-polygon", 0x9b01u, genPolygon, genPolygon, kSymmetry);
}
TEST(Properties, PolygonCircle) {
  runProperties<sat::Polygon, sat::Circle>("properties polygon-circle", 0x9b02u, genPolygon, genCircle, kSymmetry);
}
TEST(Properties, CircleCircle) {
  runProperties<sat::Circle, sat::Circle>("properties circle-circle", 0x9b03u, genCircle, genCircle, kSymmetry);
}
TEST(Properties, CapsuleCapsule) {
  runProperties<sat::Capsule, sat::Capsule>("properties capsule-capsule", 0x9b04u, genCapsule, genCapsule,
                                            kSymmetry);
}
TEST(Properties, CapsuleCircle) {
  runProperties<sat::Capsule, sat::Circle>("properties capsule-circle", 0x9b05u, genCapsule, genCircle, kSymmetry);
}
TEST(Properties, CapsulePolygon) {
  runProperties<sat::Capsule, sat::Polygon>("properties capsule-polygon", 0x9b06u, genCapsule, genPolygon,
                                            kSymmetry);
}

// Every contact point lies within depth + tolerance of both shapes; point depths within [0, depth]; distinct ids.
TEST(Properties, ContactPointsPolygonPolygon) {
  runProperties<sat::Polygon, sat::Polygon>("contacts polygon-polygon", 0x9b11u, genPolygon, genPolygon,
                                            kCheckContacts);
}
TEST(Properties, ContactPointsPolygonCircle) {
  runProperties<sat::Polygon, sat::Circle>("contacts polygon-circle", 0x9b12u, genPolygon, genCircle, kCheckContacts);
}
TEST(Properties, ContactPointsCircleCircle) {
  runProperties<sat::Circle, sat::Circle>("contacts circle-circle", 0x9b13u, genCircle, genCircle, kCheckContacts);
}
TEST(Properties, ContactPointsCapsuleCapsule) {
  runProperties<sat::Capsule, sat::Capsule>("contacts capsule-capsule", 0x9b14u, genCapsule, genCapsule,
                                            kCheckContacts);
}
TEST(Properties, ContactPointsCapsuleCircle) {
  runProperties<sat::Capsule, sat::Circle>("contacts capsule-circle", 0x9b15u, genCapsule, genCircle, kCheckContacts);
}
TEST(Properties, ContactPointsCapsulePolygon) {
  runProperties<sat::Capsule, sat::Polygon>("contacts capsule-polygon", 0x9b16u, genCapsule, genPolygon,
                                            kCheckContacts);
}

// A pair moving over frames: with a SatCache carried from frame to frame every answer is the one computed
// without it (same overlap, same depth and normal), through separations, approaches and overlaps.
TEST(Properties, SatCacheNeverChangesTheAnswer) {
  Rng rng(0x9c0001u);
  int failures = 0;
  long frames = 0, overlapping = 0, cacheUsed = 0;
  for (int seq = 0; seq < 400; ++seq) {
    bool big = seq % 4 == 3;
    sat::Polygon a = big ? randomPolygon(rng, 16, 40) : randomPolygon(rng);
    sat::Polygon b = big ? randomPolygon(rng, 16, 40) : randomPolygon(rng);
    sat::Transform xfA = randomTransform(rng, 1.0), xfB = randomTransform(rng, 1.0);
    double reach = 2.0 * (a.boundingRadius() * std::max(std::fabs(xfA.scale.x), std::fabs(xfA.scale.y)) +
                          b.boundingRadius() * std::max(std::fabs(xfB.scale.x), std::fabs(xfB.scale.y)));
    double phase = uniform(rng, 0.0, 2.0 * kPi), spin = uniform(rng, -0.05, 0.05);
    double angleB = angleOf(xfB.q);
    sat::SatCache cache;
    for (int f = 0; f < 120; ++f) {
      // B orbits through A on a Lissajous path and spins slowly.
      double t = phase + 0.05 * f;
      xfB.p = {f32(xfA.p.x + reach * 0.5 * std::sin(t)), f32(xfA.p.y + reach * 0.4 * std::sin(1.7 * t))};
      xfB.q = sat::makeRot(f32(angleB + spin * f));
      sat::Manifold plain = sat::collide(a, xfA, b, xfB);
      sat::Manifold cached = sat::collide(a, xfA, b, xfB, &cache);
      bool ovPlain = sat::overlap(a, xfA, b, xfB);
      sat::SatCache cacheCopy = cache;
      bool ovCached = sat::overlap(a, xfA, b, xfB, &cacheCopy);
      ++frames;
      overlapping += plain.pointCount > 0;
      cacheUsed += cache.type != 0;
      ref::Penetration r = ref::penetration(ref::core(a, xfA), ref::core(b, xfB));
      Tolerances tol = tolerancesFor(r);
      bool ok = (plain.pointCount > 0) == (cached.pointCount > 0) && ovPlain == ovCached &&
                ovPlain == (plain.pointCount > 0);
      if (ok && plain.pointCount > 0) {
        ok = plain.depth == cached.depth;  // the cache only orders the axes: same arithmetic
        if (r.gap > tol.unique) ok = ok && plain.normal == cached.normal && plain.pointCount == cached.pointCount;
      }
      ok = ok && cache.type <= 2;
      if (!ok && ++failures <= 5)
        ADD_FAILURE() << "sequence " << seq << " frame " << f << ": " << describeCase(a, xfA, b, xfB)
                      << "\n  cache {type=" << int(cache.type) << ", index=" << cache.index << "}"
                      << "\n  plain:  " << describeManifold(plain) << "\n  cached: " << describeManifold(cached);
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(overlapping, frames / 10);
  EXPECT_GT(overlapping, 0);
  EXPECT_GT(cacheUsed, frames / 2) << "the cache is never filled";
  std::printf("[ coverage ] SatCache: %ld frames, %ld overlapping\n", frames, overlapping);
}

// A cache filled by another pair (an index beyond this pair's vertex counts, or an unknown type) is harmless.
TEST(Properties, StaleSatCacheIsHarmless) {
  Rng rng(0x9c0003u);
  int failures = 0;
  for (int i = 0; i < 5000; ++i) {
    sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    Case<sat::Polygon, sat::Polygon> c = placePair(rng, a, b);
    sat::Manifold plain = sat::collide(a, c.xfA, b, c.xfB);
    sat::SatCache stale;
    stale.type = uint8_t(uniformInt(rng, 0, 3));
    stale.index = uint16_t(uniformInt(rng, 0, 1) ? uniformInt(rng, 0, 11) : uniformInt(rng, 12, 65535));
    const sat::SatCache orig = stale;
    sat::SatCache copy = stale;
    sat::Manifold cached = sat::collide(a, c.xfA, b, c.xfB, &stale);
    bool ov = sat::overlap(a, c.xfA, b, c.xfB, &copy);
    Tolerances tol = tolerancesFor(c.ref);
    bool ok = (plain.pointCount > 0) == (cached.pointCount > 0) && ov == (plain.pointCount > 0);
    if (ok && plain.pointCount > 0) ok = std::fabs(plain.depth - cached.depth) <= 1e-6 * tol.size;
    if (!ok && ++failures <= 5)
      ADD_FAILURE() << describeCase(a, c.xfA, b, c.xfB) << "\n  cache {type=" << int(orig.type) << ", index="
                    << orig.index << "}\n  plain:  " << describeManifold(plain)
                    << "\n  cached: " << describeManifold(cached);
  }
  EXPECT_EQ(failures, 0);
}

// Feature ids are stable: a tiny motion of B (1e-5 of the size) that leaves the reference's unique minimum axis in
// place keeps the set of contact ids.
TEST(Properties, FeatureIdsStableUnderTinyMotion) {
  Rng rng(0x9c0002u);
  int failures = 0, compared = 0;
  for (int i = 0; i < 20000; ++i) {
    sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    Case<sat::Polygon, sat::Polygon> c = placePair(rng, a, b);
    Tolerances tol = tolerancesFor(c.ref);
    if (c.ref.depth < 10.0 * tol.band || c.ref.gap < tol.unique) continue;
    sat::Manifold m0 = sat::collide(a, c.xfA, b, c.xfB);
    sat::Transform moved = c.xfB;
    double step = 1e-5 * tol.size;
    moved.p = {f32(moved.p.x + step * uniform(rng, -1, 1)), f32(moved.p.y + step * uniform(rng, -1, 1))};
    sat::Manifold m1 = sat::collide(a, c.xfA, b, moved);
    if (m0.pointCount != m1.pointCount) continue;  // a clip point at an edge end may come and go: not a bug
    ++compared;
    bool same = true;
    for (int k = 0; k < m0.pointCount; ++k) {
      bool found = false;
      for (int j = 0; j < m1.pointCount; ++j) found = found || m1.points[j].id == m0.points[k].id;
      same = same && found;
    }
    // A contact that moved by more than the motion belongs to a different feature pair: only then may ids change.
    if (!same) {
      bool pointsStayed = true;
      for (int k = 0; k < m0.pointCount; ++k) {
        double best = 1e30;
        for (int j = 0; j < m1.pointCount; ++j)
          best = std::min(best, ref::len(toV(m1.points[j].point) - toV(m0.points[k].point)));
        pointsStayed = pointsStayed && best < 10.0 * step + tol.depth;
      }
      if (pointsStayed && ++failures <= 5)
        ADD_FAILURE() << "ids changed under a motion of " << step << ": " << describeCase(a, c.xfA, b, c.xfB)
                      << "\n  before " << describeManifold(m0) << "\n  after  " << describeManifold(m1);
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(compared, 2000);
}

}  // namespace
}  // namespace testing_sat
