// explain(): the step-by-step SAT against collide() on seeded random pairs of every shape kind. explain() is
// computed on its own (world space, scalar); these tests pin that it tells the same story as collide(): the same
// overlap, depth and normal, one axis per face normal, the deciding axis the one of largest separation, and the
// axis cache as collide() leaves it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "random_shapes.h"
#include "sat/explain.h"

namespace testing_sat {
namespace {

int faceCount(const sat::Shape& s) {
  return s.type == sat::ShapeType::Polygon ? s.polygon.count() : s.type == sat::ShapeType::Capsule ? 2 : 0;
}

sat::Shape randomShape(Rng& rng, int kind) {
  if (kind == 0) return sat::Shape(randomPolygon(rng));
  if (kind == 1) return sat::Shape(randomCircle(rng));
  return sat::Shape(randomCapsule(rng));
}

struct Tally {
  int overlapping = 0, apart = 0, skippedNearTouch = 0, mirrored = 0, continuous = 0;
};

// One random pair: explain() and collide() agree away from touching (where a hair's difference in the two
// computations may flip the answer). A stretched circle or capsule on either side: the continuous axis decides.
void checkPair(const sat::Shape& a, const sat::Transform& xa, const sat::Shape& b, const sat::Transform& xb,
               Tally* tally) {
  std::vector<sat::ExplainedAxis> axes(2 * sat::kMaxPolygonVertices + 1);
  sat::Explanation e;
  ASSERT_EQ(sat::explain(a, xa, b, xb, axes.data(), int(axes.size()), &e), sat::Status::Ok);
  const sat::Manifold m = sat::collide(a, xa, b, xb);
  const int faces = faceCount(a) + faceCount(b);
  const auto stretched = [](const sat::Shape& s, const sat::Transform& x) {
    return s.type != sat::ShapeType::Polygon && std::fabs(x.scale.x) != std::fabs(x.scale.y);
  };
  const bool continuous = stretched(a, xa) || stretched(b, xb);
  tally->continuous += continuous;
  // Every face normal is an axis, and at most the closest-points axis besides; a stretched round shape adds the
  // continuous axis, always.
  ASSERT_GE(e.axisTotal, faces + (continuous ? 1 : 0));
  ASSERT_LE(e.axisTotal, faces + 1);
  ASSERT_EQ(e.axisCount, e.axisTotal);
  ASSERT_GE(e.deciding, 0);
  ASSERT_LT(e.deciding, e.axisTotal);
  for (int i = 0; i < faces; ++i) {
    const sat::ExplainedAxis& ax = axes[i];
    EXPECT_EQ(ax.source, int32_t(i < faceCount(a) ? sat::AxisSource::FaceOfA : sat::AxisSource::FaceOfB));
    EXPECT_NEAR(length(ax.normal), 1.0f, 1e-4f);
    EXPECT_LE(ax.minA, ax.maxA);
    EXPECT_LE(ax.minB, ax.maxB);
  }
  const sat::ExplainedAxis& d = axes[e.deciding];
  // The deciding axis carries the answer: its separation is minus the depth, its normal the MTV direction.
  const float size = e.tolerance / sat::kRelativeTolerance;
  EXPECT_NEAR(d.separation, -e.depth, 2e-5f * size + 1e-6f)
      << "types " << int(a.type) << " " << int(b.type) << " source " << int(d.source) << " scales " << xa.scale.x << ","
      << xa.scale.y << " " << xb.scale.x << "," << xb.scale.y << " collide " << m.pointCount << " depth " << m.depth
      << " minA " << d.minA << " maxA " << d.maxA << " minB " << d.minB << " maxB " << d.maxB;
  EXPECT_EQ(d.source == int32_t(sat::AxisSource::Continuous), continuous);
  if (continuous) {
    EXPECT_EQ(e.deciding, faces);
  }
  if (d.source != int32_t(sat::AxisSource::ClosestPoints)) {
    // Faces decide by the largest separation; the continuous axis separates at least as much as any face.
    for (int i = 0; i < faces; ++i) EXPECT_LE(axes[i].separation, d.separation + 2e-4f * size + 1e-5f) << i;
  }
  if (std::fabs(e.depth) < 1e-3f * size) {
    tally->skippedNearTouch++;
    return;
  }
  ASSERT_EQ(e.overlap, m.pointCount > 0) << "explain depth " << e.depth << ", collide depth " << m.depth;
  if (e.overlap) {
    tally->overlapping++;
    EXPECT_NEAR(e.depth, m.depth, 2e-4f * size + 1e-5f);
    EXPECT_GT(dot(e.normal, m.normal), 0.9999f) << "explain (" << e.normal.x << ", " << e.normal.y << ") vs collide ("
                                                 << m.normal.x << ", " << m.normal.y << ")";
  } else {
    tally->apart++;
    EXPECT_GT(d.separation, 0.0f);
  }
}

TEST(Explain, AgreesWithCollideOnRandomPairsOfEveryKind) {
  Rng rng(0xe1a0001u);
  for (int ka = 0; ka < 3; ++ka) {
    for (int kb = 0; kb < 3; ++kb) {
      Tally tally;
      for (int i = 0; i < 3000; ++i) {
        const sat::Shape a = randomShape(rng, ka);
        const sat::Shape b = randomShape(rng, kb);
        // A rounded shape's scale as drawn (non-uniform: an ellipse or stretched capsule, the continuous axis)
        // or made uniform keeping its signs (a mirror when they differ: the circle and capsule routines).
        sat::Transform xa = randomTransform(rng, 2.0);
        sat::Transform xb = randomTransform(rng, 2.0);
        if (a.type != sat::ShapeType::Polygon && chance(rng, 0.5)) xa.scale.y = std::copysign(xa.scale.x, xa.scale.y);
        if (b.type != sat::ShapeType::Polygon && chance(rng, 0.5)) xb.scale.y = std::copysign(xb.scale.x, xb.scale.y);
        tally.mirrored += (a.type != sat::ShapeType::Polygon && xa.scale.x == -xa.scale.y) ||
                          (b.type != sat::ShapeType::Polygon && xb.scale.x == -xb.scale.y);
        checkPair(a, xa, b, xb, &tally);
        if (HasFatalFailure()) return;
      }
      // Both answers must be exercised, or the agreement says little.
      EXPECT_GT(tally.overlapping, 300) << ka << " vs " << kb;
      EXPECT_GT(tally.apart, 300) << ka << " vs " << kb;
      if (ka != 0 || kb != 0) {
        EXPECT_GT(tally.mirrored, 50) << ka << " vs " << kb;
        EXPECT_GT(tally.continuous, 50) << ka << " vs " << kb;
      }
    }
  }
}

// Capsule pairs, one or both under a mirroring uniform scale: the deciding axis' separation is minus collide()'s
// depth to float rounding. Among them are closest points a hair from a vertex-vertex tie (a cap centre just
// inside the end of the other segment): the direction between the two points is off the edge normal by the
// rounding over their distance, and a separation measured along it is off by that angle times the segment's
// length (up to 2e-4 of the size here); the deciding axis must be the edge normal, as collide()'s.
TEST(Explain, MirroredCapsulePairsDecideAtCollidesDepth) {
  Rng rng(12345);
  int compared = 0, byClosest = 0;
  double worst = 0.0;
  for (int i = 0; i < 120000; ++i) {
    const sat::Shape a(randomCapsule(rng)), b(randomCapsule(rng));
    sat::Transform xa = randomTransform(rng, 2.0), xb = randomTransform(rng, 2.0);
    const float s = float(uniform(rng, 0.5, 3.0));
    xa.scale = {-s, s};
    xb.scale = chance(rng, 0.5) ? sat::Vec2{s, -s} : sat::Vec2{1.0f, 1.0f};
    sat::ExplainedAxis axes[8];
    sat::Explanation e;
    ASSERT_EQ(sat::explain(a, xa, b, xb, axes, 8, &e), sat::Status::Ok);
    const sat::Manifold m = sat::collide(a, xa, b, xb);
    if (m.pointCount == 0 || !e.overlap) continue;
    ++compared;
    byClosest += axes[e.deciding].source == int32_t(sat::AxisSource::ClosestPoints);
    const double size = e.tolerance / sat::kRelativeTolerance;
    const double err = std::fabs(double(axes[e.deciding].separation) + double(m.depth)) / size;
    worst = std::max(worst, err);
    ASSERT_LT(err, 1e-5) << i << "\n" << describeCase(a, xa, b, xb) << "\nseparation " << axes[e.deciding].separation
                         << " collide depth " << m.depth;
    ASSERT_NEAR(e.depth, m.depth, 1e-5 * size);
  }
  std::printf("mirrored capsule pairs compared %d (closest points decide %d), worst %.3g of the size\n", compared,
              byClosest, worst);
  EXPECT_GT(compared, 10000);
  EXPECT_GT(byClosest, 5000);
}

TEST(Explain, PolygonPairsTestExactlyTheirEdgeNormals) {
  sat::Polygon box, tri;
  ASSERT_EQ(sat::makeBox(1.0f, 0.5f, &box), sat::Status::Ok);
  const sat::Vec2 t[3] = {{0, 0}, {2, 0}, {0, 1.5f}};
  ASSERT_EQ(sat::makePolygon(t, 3, &tri), sat::Status::Ok);
  sat::ExplainedAxis axes[8];
  sat::Explanation e;
  // The triangle's lower-left corner 0.25 inside the box's right side: the box's +x face decides, depth 0.25.
  ASSERT_EQ(sat::explain(sat::Shape(box), sat::makeTransform(0, 0), sat::Shape(tri), sat::makeTransform(0.75f, -0.2f),
                         axes, 8, &e),
            sat::Status::Ok);
  EXPECT_EQ(e.axisTotal, 7);
  EXPECT_TRUE(e.overlap);
  EXPECT_TRUE(e.aabbOverlap);
  EXPECT_NEAR(e.depth, 0.25f, 1e-6f);
  EXPECT_EQ(axes[e.deciding].source, int32_t(sat::AxisSource::FaceOfA));
  EXPECT_NEAR(axes[e.deciding].normal.x, 1.0f, 1e-6f);
  EXPECT_NEAR(axes[e.deciding].maxA, 1.0f, 1e-6f);
  EXPECT_NEAR(axes[e.deciding].minB, 0.75f, 1e-6f);
  // Far apart: the bounding boxes do not even overlap (the broad phase would never ask).
  ASSERT_EQ(sat::explain(sat::Shape(box), sat::makeTransform(0, 0), sat::Shape(tri), sat::makeTransform(9.0f, 0),
                         axes, 8, &e),
            sat::Status::Ok);
  EXPECT_FALSE(e.aabbOverlap);
  EXPECT_FALSE(e.overlap);
  // A small array gets what fits; the total says how many were tested.
  ASSERT_EQ(sat::explain(sat::Shape(box), sat::makeTransform(0, 0), sat::Shape(tri), sat::makeTransform(0.75f, -0.2f),
                         axes, 3, &e),
            sat::Status::Ok);
  EXPECT_EQ(e.axisCount, 3);
  EXPECT_EQ(e.axisTotal, 7);
}

TEST(Explain, CacheMatchesCollideAndHitsWhileTheSameFaceSeparates) {
  Rng rng(0xe1a0002u);
  int compared = 0, hits = 0;
  for (int i = 0; i < 4000; ++i) {
    const sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    // Unit scale: a mirroring scale makes the core walk a polygon's faces in the other order, so its cache
    // indices are not the stored ones.
    const sat::Transform xa = sat::makeTransform(float(uniform(rng, -1.5, 1.5)), float(uniform(rng, -1.5, 1.5)),
                                                 float(uniform(rng, -kPi, kPi)));
    const sat::Transform xb = sat::makeTransform(float(uniform(rng, -1.5, 1.5)), float(uniform(rng, -1.5, 1.5)),
                                                 float(uniform(rng, -kPi, kPi)));
    sat::SatCache viaCollide, viaExplain;
    sat::collide(a, xa, b, xb, &viaCollide);
    sat::ExplainedAxis axes[2 * sat::kMaxPolygonVertices + 1];
    sat::Explanation e;
    ASSERT_EQ(sat::explain(sat::Shape(a), xa, sat::Shape(b), xb, axes, 2 * sat::kMaxPolygonVertices + 1, &e,
                           &viaExplain),
              sat::Status::Ok);
    EXPECT_FALSE(e.cacheHit);  // the cache started empty
    // collide() leaves the cache alone when the bounding circles already part the pair.
    if (viaCollide.type == 0 || std::fabs(e.depth) < 1e-3f * e.tolerance / sat::kRelativeTolerance) continue;
    compared++;
    EXPECT_EQ(viaExplain.type, viaCollide.type);
    EXPECT_EQ(viaExplain.index, viaCollide.index);
    // The next frame, unchanged: a pair that was apart is rejected by the cached face alone.
    sat::Explanation again;
    ASSERT_EQ(sat::explain(sat::Shape(a), xa, sat::Shape(b), xb, axes, 2 * sat::kMaxPolygonVertices + 1, &again,
                           &viaExplain),
              sat::Status::Ok);
    EXPECT_EQ(again.cacheHit, !e.overlap);
    hits += again.cacheHit;
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(hits, 300);
}

TEST(Explain, RefusesBadInputWithAStatus) {
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 1.0f, &c), sat::Status::Ok);
  sat::ExplainedAxis axes[4];
  sat::Explanation e;
  sat::Transform bad = sat::makeTransform(NAN, 0);
  EXPECT_EQ(sat::explain(sat::Shape(c), bad, sat::Shape(c), sat::makeTransform(0, 0), axes, 4, &e),
            sat::Status::InvalidTransform);
  EXPECT_EQ(sat::explain(sat::Shape(c), sat::makeTransform(0, 0), sat::Shape(c), sat::makeTransform(0, 0), axes, 4,
                         nullptr),
            sat::Status::InvalidArgument);
  EXPECT_EQ(sat::explain(sat::Shape(c), sat::makeTransform(0, 0), sat::Shape(c), sat::makeTransform(0, 0), axes, -1,
                         &e),
            sat::Status::InvalidArgument);
}

}  // namespace
}  // namespace testing_sat
