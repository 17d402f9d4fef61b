// sat-wasm tests: the checks applied to every random pair, against the reference (reference.h) and as
// properties of the implementation (swap symmetry, push-out, contact points, dispatch agreement).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "random_shapes.h"
#include "reference.h"
#include "sat/sat.h"

namespace testing_sat {

/// Tolerances of one case, all scaled to the shapes (and to their distance from the origin for float round-off).
struct Tolerances {
  double size = 0.0;     ///< max(sizeA, sizeB)
  double sum = 0.0;      ///< sizeA + sizeB
  double band = 0.0;     ///< |reference depth| below this: touching, either answer is right
  double depth = 0.0;    ///< allowed depth error (2e-4 of the size, the issue's bar)
  double normal = 0.0;   ///< allowed normal error when the minimum translation is unique
  double unique = 0.0;   ///< the reference minimum counts as unique when its gap exceeds this
};

inline Tolerances tolerancesFor(const ref::Penetration& p) {
  Tolerances t;
  t.size = std::max(p.sizeA, p.sizeB);
  t.sum = p.sizeA + p.sizeB;
  double roundOff = 1.0e-6 * p.magnitude;  // a few float ulps of the world coordinates
  t.band = 1.0e-4 * t.sum + roundOff;
  t.depth = 2.0e-4 * t.size + roundOff;
  t.unique = 1.0e-2 * t.size + 100.0 * roundOff;
  t.normal = std::max(2.0e-3, 20.0 * roundOff / std::max(p.gap, 1e-30));
  return t;
}

/// Counts of what a run covered, printed at the end of each random test and checked for a useful mix.
struct Coverage {
  long cases = 0, overlapping = 0, touching = 0, separated = 0, normalsCompared = 0, failures = 0;
  long contactsChecked = 0;
  double maxDepthError = 0.0;  ///< largest |depth - reference| / size seen (the bar is 2e-4)
  double maxMtvExcess = 0.0;   ///< largest (translation along the normal - depth) / size seen (the bar is 2e-4)
  void print(const char* name) const {
    std::printf("[ coverage ] %s: %ld cases: %ld overlapping, %ld touching (within band), %ld separated; "
                "%ld unique normals compared; max depth error %.2g, max MTV excess %.2g (of the size)\n",
                name, cases, overlapping, touching, separated, normalsCompared, maxDepthError, maxMtvExcess);
  }
  void expectMix(bool normals = true) const {
    EXPECT_GT(overlapping, cases / 5);
    EXPECT_GT(separated, cases / 10);
    EXPECT_GT(touching, cases / 100);
    if (normals) {
      EXPECT_GT(normalsCompared, cases / 10);
    }
  }
};

/// Reports at most a few failures per test with the whole case, then only counts them.
#define SAT_CHECK(cond, what)                                                                     \
  do {                                                                                            \
    if (!(cond)) {                                                                                \
      if (++cov.failures <= 8) ADD_FAILURE() << what << "\n  " << context();                      \
    }                                                                                             \
  } while (0)

/// What a check covers, so that one failing aspect (a regression test for a known bug) can be skipped alone.
enum CheckFlags : unsigned {
  kCheckOverlapDepth = 1u,  ///< overlap agreement, depth, unique normal, unit normal
  kCheckMtvNormal = 2u,     ///< the normal is a minimum translation direction even when not unique
  kCheckSwap = 4u,          ///< collide(B, A) mirrors collide(A, B)
  kCheckPushOut = 8u,       ///< moving B by normal * (depth +- eps)
  kCheckContacts = 16u,     ///< contact points near both shapes and midway, point depths, ids naming features
  kCheckDispatch = 32u,     ///< Shape and Affine overloads agree with the typed call
};

/// overlap() and collide() against the reference: overlap outside the touching band, depth, and normal (by
/// direct comparison when the minimum translation is unique; by the support function, for every overlapping
/// case, under kCheckMtvNormal).
template <class A, class B>
void checkAgainstReference(const A& a, const B& b, const Case<A, B>& c, Coverage& cov,
                           unsigned flags = kCheckOverlapDepth | kCheckMtvNormal) {
  const ref::Penetration& r = c.ref;
  Tolerances tol = tolerancesFor(r);
  bool ov = sat::overlap(a, c.xfA, b, c.xfB);
  sat::Manifold m = sat::collide(a, c.xfA, b, c.xfB);
  auto context = [&] { return describeCase(a, c.xfA, b, c.xfB) + "\n  " + ref::str(r) + "\n  " + describeManifold(m); };
  ++cov.cases;
  if (r.depth > tol.band) ++cov.overlapping;
  else if (r.depth < -tol.band) ++cov.separated;
  else ++cov.touching;

  if (flags & kCheckOverlapDepth) {
    SAT_CHECK(ov == (m.pointCount > 0), "overlap() = " << ov << " disagrees with collide()");
    if (r.depth > tol.band) SAT_CHECK(ov && m.pointCount > 0, "reference overlaps, implementation says apart");
    if (r.depth < -tol.band) SAT_CHECK(!ov && m.pointCount == 0, "reference apart, implementation overlaps");
  }
  if (m.pointCount == 0) return;
  ref::V n = toV(m.normal);
  if (flags & kCheckOverlapDepth) {
    SAT_CHECK(m.pointCount <= 2, "pointCount " << m.pointCount);
    SAT_CHECK(std::fabs(ref::len(n) - 1.0) < 1e-4, "normal not unit: |n| = " << ref::len(n));
  }
  if (r.depth < -tol.band) return;
  if (flags & kCheckMtvNormal) {
    double along = ref::depthAlong(r, ref::unit(n));
    cov.maxMtvExcess = std::max(cov.maxMtvExcess, (along - r.depth) / tol.size);
    SAT_CHECK(along <= r.depth + tol.depth, "normal is not a minimum translation direction: separating B along it "
                                            "takes " << along << " > depth " << r.depth << " (tolerance "
                                                     << tol.depth << ")");
  }
  if (!(flags & kCheckOverlapDepth)) return;
  cov.maxDepthError = std::max(cov.maxDepthError, std::fabs(m.depth - r.depth) / tol.size);
  SAT_CHECK(std::fabs(m.depth - r.depth) <= tol.depth,
            "depth " << m.depth << " vs reference " << r.depth << " (tolerance " << tol.depth << ")");
  if (r.depth > tol.band && r.gap > tol.unique) {
    ++cov.normalsCompared;
    SAT_CHECK(ref::len(n - r.normal) <= tol.normal,
              "normal " << ref::str(n) << " vs unique reference " << ref::str(r.normal));
  }
}

/// Distance from world point p to feature `index` of a placed shape: vertex `index` of the stored shape with its
/// two edges (a clipped contact is named after the incident vertex it was clipped from, Box2D style, so it lies on
/// one of that vertex's edges), minus the radius; infinite for an index that does not exist.
inline double featureDistance(const sat::Polygon& s, const sat::Transform& xf, uint32_t index, ref::V p) {
  const int n = s.count();
  if (index >= uint32_t(n)) return std::numeric_limits<double>::infinity();
  const int i = int(index);
  ref::V v = ref::apply(xf, s.vertex(i));
  ref::V next = ref::apply(xf, s.vertex((i + 1) % n)), prev = ref::apply(xf, s.vertex((i + n - 1) % n));
  return std::min(ref::pointSegmentDistance(p, v, next), ref::pointSegmentDistance(p, prev, v));
}
inline double featureDistance(const sat::Circle& s, const sat::Transform& xf, uint32_t index, ref::V p) {
  if (index != 0) return std::numeric_limits<double>::infinity();
  return std::max(0.0, ref::len(p - ref::apply(xf, s.center)) - s.radius * ref::radiusScale(xf));
}
inline double featureDistance(const sat::Capsule& s, const sat::Transform& xf, uint32_t index, ref::V p) {
  if (index > 1) return std::numeric_limits<double>::infinity();
  ref::V c1 = ref::apply(xf, s.center1), c2 = ref::apply(xf, s.center2);
  double d = index == 0 ? std::min(ref::len(p - c1), ref::pointSegmentDistance(p, c1, c2))
                        : std::min(ref::len(p - c2), ref::pointSegmentDistance(p, c1, c2));
  return std::max(0.0, d - s.radius * ref::radiusScale(xf));
}

/// Properties on one case: swap symmetry, push-out along normal * (depth +- eps), contact points near both
/// shapes, and the Shape / Affine dispatch agreeing with the typed call.
template <class A, class B>
void checkProperties(const A& a, const B& b, const Case<A, B>& c, Coverage& cov, unsigned flags) {
  const ref::Penetration& r = c.ref;
  Tolerances tol = tolerancesFor(r);
  sat::Manifold m = sat::collide(a, c.xfA, b, c.xfB);
  sat::Manifold ms = sat::collide(b, c.xfB, a, c.xfA);
  auto context = [&] {
    return describeCase(a, c.xfA, b, c.xfB) + "\n  " + ref::str(r) + "\n  A,B: " + describeManifold(m) +
           "\n  B,A: " + describeManifold(ms);
  };
  ++cov.cases;
  if (r.depth > tol.band) ++cov.overlapping;
  else if (r.depth < -tol.band) ++cov.separated;
  else ++cov.touching;

  // Swap symmetry.
  if ((flags & kCheckSwap) && std::fabs(r.depth) > tol.band) {
    SAT_CHECK((m.pointCount > 0) == (ms.pointCount > 0), "collide(A,B) and collide(B,A) disagree on overlap");
    SAT_CHECK(sat::overlap(b, c.xfB, a, c.xfA) == (r.depth > 0), "overlap(B,A) disagrees with the reference");
  }
  if ((flags & kCheckSwap) && m.pointCount > 0 && ms.pointCount > 0) {
    SAT_CHECK(std::fabs(m.depth - ms.depth) <= tol.depth, "swapped depth " << ms.depth << " vs " << m.depth);
    if (r.depth > tol.band && r.gap > tol.unique) {
      ++cov.normalsCompared;
      SAT_CHECK(ref::len(toV(m.normal) + toV(ms.normal)) <= 2.0 * tol.normal, "swapped normal is not flipped");
    }
  }

  // Push-out: B moved by normal * (depth + eps) is apart, by normal * (depth - eps) still overlaps.
  if ((flags & kCheckPushOut) && r.depth > tol.band && m.pointCount > 0) {
    double eps = 1.0e-3 * tol.sum + 20.0 * 1.0e-6 * r.magnitude;
    ref::V n = toV(m.normal);
    auto moved = [&](double t) {
      sat::Transform xf = c.xfB;
      xf.p = {f32(xf.p.x + t * n.x), f32(xf.p.y + t * n.y)};
      return xf;
    };
    sat::Transform out = moved(m.depth + eps);
    double refOut = ref::penetration(c.coreA, ref::core(b, out)).depth;
    SAT_CHECK(!sat::overlap(a, c.xfA, b, out), "still overlapping after moving B by normal * (depth + " << eps << ")");
    SAT_CHECK(sat::collide(a, c.xfA, b, out).pointCount == 0, "collide() non-empty after push-out by depth + eps");
    SAT_CHECK(refOut < -0.5 * eps, "reference: moved by depth + eps still within " << refOut);
    if (m.depth > 2.0 * eps) {
      sat::Transform in = moved(m.depth - eps);
      double refIn = ref::penetration(c.coreA, ref::core(b, in)).depth;
      SAT_CHECK(sat::overlap(a, c.xfA, b, in), "apart after moving B by only normal * (depth - " << eps << ")");
      SAT_CHECK(refIn > 0.5 * eps, "reference: moved by depth - eps already apart: " << refIn);
    }
  }

  // Contact points: each within depth + tolerance of both shapes, own depth not beyond the manifold's, ids
  // distinct.
  if ((flags & kCheckContacts) && m.pointCount > 0) {
    ++cov.contactsChecked;
    double slack = m.depth + tol.depth + tol.band;
    for (int i = 0; i < m.pointCount && i < 2; ++i) {
      ref::V p = toV(m.points[i].point);
      double da = ref::pointDistance(c.coreA, p), db = ref::pointDistance(c.coreB, p);
      SAT_CHECK(da <= slack && db <= slack, "contact point " << i << " is " << da << " from A and " << db
                                                             << " from B (allowed " << slack << ")");
      SAT_CHECK(m.points[i].depth <= m.depth + tol.depth, "point depth " << m.points[i].depth << " > manifold depth");
      SAT_CHECK(m.points[i].depth >= -tol.depth - tol.band, "point depth " << m.points[i].depth << " < 0");
      // Midway between the surfaces: half the point's depth along the normal reaches A's surface, half against
      // it reaches B's. Exact for polygons and circles; a capsule's clipped points are offset by its radius along
      // the normal from its segment (Box2D's convention), which is only near its surface, so capsules are exempt.
      if (c.coreA.pts.size() == 2 || c.coreB.pts.size() == 2) continue;
      ref::V n = toV(m.normal);
      double half = 0.5 * m.points[i].depth;
      double sa = ref::pointSignedDistance(c.coreA, p + half * n), sb = ref::pointSignedDistance(c.coreB, p - half * n);
      SAT_CHECK(std::fabs(sa) <= tol.depth + tol.band && std::fabs(sb) <= tol.depth + tol.band,
                "contact point " << i << " is not midway: point + depth/2 * normal is " << sa
                                 << " from A's surface, point - depth/2 * normal " << sb << " from B's");
    }
    if (m.pointCount == 2) SAT_CHECK(m.points[0].id != m.points[1].id, "two contact points share an id");
    // Feature ids name real features: A's half (high 16 bits) a vertex or edge of A near the point, B's half one
    // of B (indices of the stored shapes; circles have the single feature 0).
    for (int i = 0; i < m.pointCount && i < 2; ++i) {
      ref::V p = toV(m.points[i].point);
      uint32_t fa = m.points[i].id >> 16, fb = m.points[i].id & 0xFFFFu;
      double da = featureDistance(a, c.xfA, fa, p), db = featureDistance(b, c.xfB, fb, p);
      SAT_CHECK(da <= slack && db <= slack, "contact " << i << " id 0x" << std::hex << m.points[i].id << std::dec
                                                       << " names features " << da << " (A) and " << db
                                                       << " (B) away from the point (allowed " << slack << ")");
    }
  }

  // Dispatch: the Shape overload gives exactly the typed answer; the Affine overload the same within tolerance.
  if (flags & kCheckDispatch) {
    sat::Shape sa(a), sb(b);
    sat::Manifold md = sat::collide(sa, c.xfA, sb, c.xfB);
    SAT_CHECK(md.pointCount == m.pointCount && md.depth == m.depth && md.normal == m.normal,
              "collide(Shape...) differs from the typed call: " << describeManifold(md));
    SAT_CHECK(sat::overlap(sa, c.xfA, sb, c.xfB) == (m.pointCount > 0), "overlap(Shape...) differs");
    sat::Manifold mf = sat::collide(sa, sat::toAffine(c.xfA), sb, sat::toAffine(c.xfB));
    if (std::fabs(r.depth) > tol.band) {
      SAT_CHECK((mf.pointCount > 0) == (r.depth > 0), "collide(Shape, Affine...) disagrees on overlap: "
                                                          << describeManifold(mf));
      if (mf.pointCount > 0 && r.depth > 0)
        SAT_CHECK(std::fabs(mf.depth - r.depth) <= tol.depth, "Affine depth " << mf.depth << " vs " << r.depth);
    }
  }
}

/// Runs `count` seeded random cases of one shape pair through `check`.
template <class A, class B, class GenA, class GenB, class Check>
Coverage runRandomPairs(uint32_t seed, int count, GenA genA, GenB genB, Check check) {
  Rng rng(seed);
  Coverage cov;
  A a = genA(rng);
  B b = genB(rng);
  for (int i = 0; i < count; ++i) {
    if (i % 4 == 0) {  // new shapes every fourth case; transforms and placement change every case
      a = genA(rng);
      b = genB(rng);
    }
    Case<A, B> c = placePair(rng, a, b);
    check(a, b, c, cov);
  }
  EXPECT_EQ(cov.failures, 0) << "failing cases (first ones printed above)";
  return cov;
}

inline sat::Polygon genPolygon(Rng& rng) { return randomPolygon(rng); }
inline sat::Circle genCircle(Rng& rng) { return randomCircle(rng); }
inline sat::Capsule genCapsule(Rng& rng) { return randomCapsule(rng); }

}  // namespace testing_sat
