// Segments: the maker's named errors; collide / overlap / distance / raycast of a segment against every shape,
// checked against the capsule routine at a tiny radius (the same core path, so the same manifolds and feature
// ids) and against independent double-precision references (SAT over the Minkowski difference, distance by
// dense sampling, ray against the line).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "random_shapes.h"
#include "reference.h"
#include "sat/sat.h"
#include "sat/world.h"

namespace {

using namespace testing_sat;
using sat::Vec2;

sat::Segment randomSegment(Rng& rng) {
  for (;;) {
    const double half = std::exp(uniform(rng, std::log(0.1), std::log(2.0)));
    const double a = uniform(rng, -kPi, kPi);
    const double ox = uniform(rng, -0.3, 0.3), oy = uniform(rng, -0.3, 0.3);
    sat::Segment g;
    if (sat::makeSegment({f32(ox - half * std::cos(a)), f32(oy - half * std::sin(a))},
                         {f32(ox + half * std::cos(a)), f32(oy + half * std::sin(a))}, &g) == sat::Status::Ok) {
      return g;
    }
  }
}

sat::Shape randomOther(Rng& rng, int kind) {
  switch (kind) {
    case 0: return sat::Shape(randomCircle(rng));
    case 1: return sat::Shape(randomCapsule(rng));
    case 2: return sat::Shape(randomPolygon(rng));
    default: return sat::Shape(randomSegment(rng));
  }
}

/// Distance from a placed segment to a placed shape by dense sampling along the segment (the exact distance is
/// the least distance of a segment point to the convex shape): within one sample spacing of the truth.
double sampledDistance(const ref::Core& seg, const ref::Core& other, double* spacing) {
  const int n = 4000;
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i <= n; ++i) {
    const ref::V p = seg.pts[0] + (double(i) / n) * (seg.pts[1] - seg.pts[0]);
    best = std::min(best, other.pts.size() == 2 && other.radius == 0.0
                              ? ref::pointSegmentDistance(p, other.pts[0], other.pts[1])
                              : ref::pointDistance(other, p));
  }
  *spacing = ref::len(seg.pts[1] - seg.pts[0]) / n;
  return best;
}

TEST(SegmentMaker, RefusesBadInputWithNamedErrors) {
  sat::Segment g;
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(sat::makeSegment({0, 0}, {1, 0}, &g), sat::Status::Ok);
  EXPECT_EQ(g.point1.x, 0.0f);
  EXPECT_EQ(g.point2.x, 1.0f);
  // Rows of docs/bad-input.md.
  EXPECT_EQ(sat::makeSegment({1, 1}, {1, 1}, &g), sat::Status::Degenerate);                   // S01
  EXPECT_EQ(sat::makeSegment({1000, 1000}, {1000.001f, 1000}, &g), sat::Status::Degenerate);  // S01: below the weld
  EXPECT_EQ(sat::makeSegment({nan, 0}, {1, 0}, &g), sat::Status::NonFinite);                  // S02
  EXPECT_EQ(sat::makeSegment({0, 0}, {1, inf}, &g), sat::Status::NonFinite);                  // S02
  EXPECT_EQ(sat::makeSegment({0, 0}, {2e6f, 0}, &g), sat::Status::OutOfRange);                // S03
  EXPECT_EQ(sat::makeSegment({0, 0}, {1, 0}, nullptr), sat::Status::InvalidArgument);
  EXPECT_STREQ(sat::statusName(sat::Status::Degenerate), "Degenerate");
}

// A segment is a capsule of radius 0: its manifolds match the capsule routine at a radius far below the contact
// tolerance: the same pointCount, normals, feature ids, and depths within the radius.
TEST(Segment, MatchesCapsuleAtTinyRadius) {
  Rng rng(17);
  int compared = 0, touching = 0;
  for (int i = 0; i < 6000; ++i) {
    const sat::Segment g = randomSegment(rng);
    const sat::Shape other = randomOther(rng, i % 4);
    auto c = placePair(rng, sat::Shape(g), other);
    const float r = 1.0e-7f * float(c.ref.sizeA + c.ref.sizeB);
    sat::Capsule cap{g.point1, g.point2, r};
    const double tol = 1.0e-5 * (c.ref.sizeA + c.ref.sizeB);
    // Only configurations clearly inside or outside: near touching, the rounded path may differ in pointCount.
    if (std::fabs(c.ref.depth) < 20.0 * tol) continue;
    const sat::Manifold ms = sat::collide(sat::Shape(g), c.xfA, other, c.xfB);
    const sat::Manifold mc = sat::collide(sat::Shape(cap), c.xfA, other, c.xfB);
    ++compared;
    ASSERT_EQ(ms.pointCount > 0, mc.pointCount > 0) << "case " << i;
    ASSERT_EQ(ms.pointCount > 0, sat::overlap(sat::Shape(g), c.xfA, other, c.xfB)) << "case " << i;
    if (ms.pointCount == 0) continue;
    ++touching;
    // The radius, and the rounding of positions of magnitude up to ~10 (a few ulps).
    EXPECT_NEAR(ms.depth, mc.depth, 2.0 * r + 4e-6 * (c.ref.magnitude + c.ref.sizeA + c.ref.sizeB)) << "case " << i;
    EXPECT_GT(ms.normal.x * mc.normal.x + ms.normal.y * mc.normal.y, 0.9999f) << "case " << i;
    ASSERT_EQ(ms.pointCount, mc.pointCount) << "case " << i;
    for (int k = 0; k < ms.pointCount; ++k) EXPECT_EQ(ms.points[k].id, mc.points[k].id) << "case " << i;
  }
  EXPECT_GT(compared, 3000);
  EXPECT_GT(touching, 1000);
}

// Against the double-precision Minkowski-difference SAT: contact exactly when the reference overlaps, depth and
// normal equal when the minimum is well defined.
TEST(Segment, CollideMatchesMinkowskiReference) {
  Rng rng(1717);
  int overlapping = 0, apart = 0;
  for (int i = 0; i < 8000; ++i) {
    const sat::Segment g = randomSegment(rng);
    const sat::Shape other = randomOther(rng, i % 4);
    auto c = placePair(rng, sat::Shape(g), other);
    const double size = c.ref.sizeA + c.ref.sizeB;
    const double tol = 1.0e-5 * size, slack = 1.0e-4 * size + 1e-5 * c.ref.magnitude;
    const sat::Manifold m = sat::collide(sat::Shape(g), c.xfA, other, c.xfB);
    if (c.ref.depth < -slack) {
      ++apart;
      EXPECT_EQ(m.pointCount, 0) << "case " << i << " ref depth " << c.ref.depth;
      continue;
    }
    if (c.ref.depth < slack + tol) continue;  // at the tolerance band: either answer
    ++overlapping;
    ASSERT_GT(m.pointCount, 0) << "case " << i << " ref depth " << c.ref.depth;
    EXPECT_NEAR(m.depth, c.ref.depth, slack) << "case " << i;
    // The direction of the minimum is defined when the second-best axis is clearly worse.
    if (c.ref.gap > 1e-3 * size) {
      const double dn = m.normal.x * c.ref.normal.x + m.normal.y * c.ref.normal.y;
      EXPECT_GT(dn, 0.999) << "case " << i;
    }
    // Moving B by normal * depth separates (checked in the reference).
    EXPECT_LT(ref::depthAlong(c.ref, ref::V{m.normal.x, m.normal.y}), m.depth + slack) << "case " << i;
  }
  EXPECT_GT(overlapping, 1500);
  EXPECT_GT(apart, 1500);
}

TEST(Segment, CollinearSegmentsApartDoNotTouch) {
  sat::Segment a, b;
  ASSERT_EQ(sat::makeSegment({0, 0}, {1, 0}, &a), sat::Status::Ok);
  ASSERT_EQ(sat::makeSegment({2, 0}, {3, 0}, &b), sat::Status::Ok);
  const sat::Transform id = sat::makeTransform(0, 0, 0);
  EXPECT_EQ(sat::collide(sat::Shape(a), id, sat::Shape(b), id).pointCount, 0);
  EXPECT_FALSE(sat::overlap(sat::Shape(a), id, sat::Shape(b), id));
  // Overlapping collinear segments touch (depth 0).
  const sat::Transform back = sat::makeTransform(-1.5f, 0, 0);
  const sat::Manifold m = sat::collide(sat::Shape(a), id, sat::Shape(b), back);
  EXPECT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, 0.0f, 1e-5f);
  EXPECT_TRUE(sat::overlap(sat::Shape(a), id, sat::Shape(b), back));
}

TEST(Segment, DistanceMatchesDenseSampling) {
  Rng rng(99);
  int measured = 0;
  for (int i = 0; i < 3000; ++i) {
    const sat::Segment g = randomSegment(rng);
    const sat::Shape other = randomOther(rng, i % 4);
    auto c = placePair(rng, sat::Shape(g), other);
    double spacing;
    const double expected = sampledDistance(c.coreA, c.coreB, &spacing);
    const sat::DistanceOutput d = sat::distance(sat::Shape(g), c.xfA, other, c.xfB);
    const double slack = spacing + 1e-4 * (c.ref.sizeA + c.ref.sizeB) + 1e-5 * c.ref.magnitude;
    // Sampling overestimates by at most one spacing; the exact distance is never above the samples.
    EXPECT_LE(d.distance, expected + 1e-4 * (c.ref.sizeA + c.ref.sizeB)) << "case " << i;
    EXPECT_GE(d.distance, expected - slack) << "case " << i;
    if (expected > slack) {
      ++measured;
      // The closest point on A lies on the segment.
      EXPECT_LT(ref::pointSegmentDistance(ref::fromVec(d.pointA), c.coreA.pts[0], c.coreA.pts[1]), slack);
    }
  }
  EXPECT_GT(measured, 1000);
}

TEST(Segment, RaycastMatchesLineIntersection) {
  Rng rng(5);
  int hits = 0;
  for (int i = 0; i < 5000; ++i) {
    const sat::Segment g = randomSegment(rng);
    const sat::Transform xf = randomTransform(rng);
    const ref::Core core = ref::core(g, xf);
    sat::RayCastInput in;
    in.origin = {f32(uniform(rng, -8, 8)), f32(uniform(rng, -8, 8))};
    const ref::V aim = core.pts[0] + uniform(rng, -0.2, 1.2) * (core.pts[1] - core.pts[0]);
    in.translation = {f32(1.5 * (aim.x - in.origin.x)), f32(1.5 * (aim.y - in.origin.y))};
    // Reference: both faces of the segment, each entered from its own side.
    ref::Ray best;
    const ref::V p = core.pts[0], q = core.pts[1];
    const ref::V n = ref::unit(ref::V{(q - p).y, -(q - p).x});
    const ref::V o = ref::fromVec(in.origin), d = ref::fromVec(in.translation);
    ref::raySegment(o, d, p, q, n, &best);
    ref::raySegment(o, d, q, p, -n, &best);
    if (best.fraction > 1.0) best.hit = false;
    const sat::CastOutput out = sat::raycast(sat::Shape(g), xf, in);
    // Grazing an end point: either answer.
    const double e = 1e-4 * (ref::len(q - p) + ref::len(d));
    const ref::V hitPoint = o + best.fraction * d;
    const bool nearEnd = ref::len(hitPoint - p) < e || ref::len(hitPoint - q) < e;
    if (nearEnd) continue;
    ASSERT_EQ(out.hit, best.hit) << "case " << i;
    if (!out.hit) continue;
    ++hits;
    // A grazing ray crosses the line at a poorly conditioned fraction: the tolerance grows as 1 / sin(angle).
    const double sine = std::fabs(ref::dot(n, ref::unit(d)));
    EXPECT_NEAR(out.fraction, best.fraction, 2e-5 * (1.0 + 1.0 / sine)) << "case " << i;
    EXPECT_GT(out.normal.x * best.normal.x + out.normal.y * best.normal.y, 0.9999) << "case " << i;
  }
  EXPECT_GT(hits, 1500);
}

// S01-S03 in a world: a hand-filled segment is re-validated; the world is unchanged.
TEST(SegmentWorld, RefusesHandFilledSegments) {
  sat::World world;
  sat::BodyDef def;
  def.type = sat::BodyType::Static;
  sat::BodyId id;
  sat::Segment same{{1, 1}, {1, 1}}, bad{{std::nanf(""), 0}, {1, 0}}, far{{0, 0}, {2e6f, 0}};
  EXPECT_EQ(world.createBody(def, sat::Shape(same), &id), sat::Status::Degenerate);
  EXPECT_EQ(world.createBody(def, sat::Shape(bad), &id), sat::Status::NonFinite);
  EXPECT_EQ(world.createBody(def, sat::Shape(far), &id), sat::Status::OutOfRange);
  EXPECT_EQ(world.bodyCount(), 0);
  sat::Segment good;
  ASSERT_EQ(sat::makeSegment({-1, 0}, {1, 0}, &good), sat::Status::Ok);
  ASSERT_EQ(world.createBody(def, sat::Shape(good), &id), sat::Status::Ok);
  sat::BodyDef moving;
  moving.y = 0.4f;
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &box), sat::Status::Ok);
  sat::BodyId mover;
  ASSERT_EQ(world.createBody(moving, sat::Shape(box), &mover), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.contactCount(), 1);
  EXPECT_NEAR(world.contacts()[0].depth, 0.1f, 1e-5f);
  EXPECT_TRUE(world.validate());
}

TEST(Segment, ContainsNoPoint) {
  sat::Segment g;
  ASSERT_EQ(sat::makeSegment({-1, 0}, {1, 0}, &g), sat::Status::Ok);
  const sat::Transform id = sat::makeTransform(0, 0, 0);
  EXPECT_FALSE(sat::containsPoint(sat::Shape(g), id, Vec2{0, 0}));
  EXPECT_FALSE(sat::containsPoint(sat::Shape(g), id, Vec2{1, 0}));
}

TEST(Segment, BoundsAndSizes) {
  sat::Segment g;
  ASSERT_EQ(sat::makeSegment({-1, 2}, {3, -4}, &g), sat::Status::Ok);
  const sat::AABB b = sat::localBounds(sat::Shape(g));
  EXPECT_EQ(b.lower.x, -1.0f);
  EXPECT_EQ(b.lower.y, -4.0f);
  EXPECT_EQ(b.upper.x, 3.0f);
  EXPECT_EQ(b.upper.y, 2.0f);
  const sat::AABB w = sat::computeAABB(sat::Shape(g), sat::makeTransform(10, 0, 0));
  EXPECT_EQ(w.lower.x, 9.0f);
  EXPECT_EQ(w.upper.x, 13.0f);
  EXPECT_NEAR(sat::extentFromOrigin(sat::Shape(g)), 5.0f, 1e-6f);
}

}  // namespace
