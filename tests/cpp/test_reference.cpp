// The reference checks itself: its hull against the definition of a hull, its penetration against a brute-force
// minimum over many directions and against its own push-out rule, its distances against feature brute force and
// closed forms, its raycast against bisection on the signed distance. Everything here is double precision and
// independent of the implementation (shapes come from the makers only as data).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "random_shapes.h"
#include "reference.h"

namespace testing_sat {
namespace {

TEST(Reference, HullContainsEveryPointAndIsConvex) {
  Rng rng(0x2ef001u);
  for (int iter = 0; iter < 2000; ++iter) {
    int n = uniformInt(rng, 1, 60);
    std::vector<ref::V> pts(n);
    for (ref::V& p : pts) p = {uniform(rng, -1, 1), uniform(rng, -1, 1)};
    if (iter % 3 == 0)  // duplicates and collinear runs
      for (int i = 0; i < n / 2; ++i) pts.push_back(pts[size_t(i)]), pts.push_back({pts[0].x + i, pts[0].y + 2 * i});
    std::vector<ref::V> h = ref::hull(pts);
    ASSERT_GE(h.size(), 1u);
    if (h.size() < 3) continue;
    EXPECT_GT(ref::signedArea(h), 0.0);
    for (size_t i = 0; i < h.size(); ++i) {
      ref::V a = h[i], b = h[(i + 1) % h.size()], c = h[(i + 2) % h.size()];
      // Convex (exactly collinear inputs may survive as rounding-level turns, which is harmless).
      EXPECT_GT(ref::cross(b - a, c - b), -1e-12) << "not convex";
      for (ref::V p : pts) EXPECT_GE(ref::cross(b - a, p - a), -1e-12) << "point outside the hull";
    }
    for (ref::V v : h) {  // every hull vertex is an input point
      bool found = false;
      for (ref::V p : pts) found = found || (p.x == v.x && p.y == v.y);
      EXPECT_TRUE(found);
    }
    if (HasFailure()) break;
  }
}

TEST(Reference, PenetrationIsTheMinimumOverDirectionsAndFollowsThePushOutRule) {
  Rng rng(0x2ef002u);
  int overlapping = 0, separated = 0;
  for (int iter = 0; iter < 1500; ++iter) {
    ref::Core a, b;
    // Random cores of each kind: point, segment or polygon, with random radii (zero for polygons half the time).
    auto randomCore = [&](ref::Core* c) {
      int kind = uniformInt(rng, 0, 2);
      int n = kind == 0 ? 1 : kind == 1 ? 2 : uniformInt(rng, 3, 10);
      std::vector<ref::V> p(n);
      ref::V o{uniform(rng, -1, 1), uniform(rng, -1, 1)};
      for (ref::V& q : p) q = o + ref::V{uniform(rng, -1, 1), uniform(rng, -1, 1)};
      c->pts = n >= 3 ? ref::hull(p) : p;
      c->radius = kind == 2 && chance(rng, 0.5) ? 0.0 : uniform(rng, 0.05, 0.8);
    };
    randomCore(&a);
    randomCore(&b);
    ref::Penetration r = ref::penetration(a, b);
    // Brute force: the MTV depth is the minimum over directions of the separating translation along them.
    double best = 1e300;
    ref::V bestU{};
    for (int k = 0; k < 1440; ++k) {
      ref::V u{std::cos(2 * kPi * k / 1440), std::sin(2 * kPi * k / 1440)};
      double d = ref::depthAlong(r, u);
      if (d < best) best = d, bestU = u;
    }
    if (r.depth > 1e-6) {
      ++overlapping;
      // Sampled minimum is never below the exact one and within the sampling error above it.
      EXPECT_GE(best, r.depth - 1e-9);
      EXPECT_LE(best, r.depth + 1e-2 * (r.sizeA + r.sizeB));
      EXPECT_NEAR(ref::depthAlong(r, r.normal), r.depth, 1e-9) << "the normal achieves the depth";
      // Push-out rule in exact arithmetic: B moved by normal * (depth +- 1e-7).
      for (double sgn : {+1.0, -1.0}) {
        ref::Core moved = b;
        for (ref::V& q : moved.pts) q = q + (r.depth + sgn * 1e-7) * r.normal;
        double after = ref::penetration(a, moved).depth;
        if (sgn > 0) {
          EXPECT_LT(after, 0.0) << "moving B by depth + eps must separate";
        } else {
          EXPECT_GT(after, 0.0) << "moving B by depth - eps must not separate";
        }
      }
    } else if (r.depth < -1e-6) {
      ++separated;
      EXPECT_NEAR(-r.depth, ref::bruteDistance(a, b), 1e-9) << "separation equals the feature distance";
      EXPECT_NEAR(ref::depthAlong(r, r.normal), r.depth, 1e-9);
    }
    if (HasFailure()) {
      ADD_FAILURE() << "iteration " << iter << " " << ref::str(r);
      break;
    }
  }
  EXPECT_GT(overlapping, 250);
  EXPECT_GT(separated, 250);
}

TEST(Reference, SegmentDistanceClosedFormMatchesMinkowskiDifference) {
  Rng rng(0x2ef003u);
  for (int iter = 0; iter < 20000; ++iter) {
    ref::V p1{uniform(rng, -1, 1), uniform(rng, -1, 1)}, q1{uniform(rng, -1, 1), uniform(rng, -1, 1)};
    ref::V p2{uniform(rng, -1, 1), uniform(rng, -1, 1)}, q2{uniform(rng, -1, 1), uniform(rng, -1, 1)};
    double closed = ref::segmentSegmentDistance(p1, q1, p2, q2);
    ref::Penetration r = ref::penetration({{p1, q1}, 0.0}, {{p2, q2}, 0.0});
    double md = r.depth < 0 ? -r.depth : 0.0;
    ASSERT_NEAR(closed, md, 1e-12) << ref::str(p1) << ref::str(q1) << ref::str(p2) << ref::str(q2);
  }
}

TEST(Reference, RaycastMatchesBisectionOnSignedDistance) {
  Rng rng(0x2ef004u);
  int hits = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    ref::Core c;
    int n = uniformInt(rng, 1, 8);
    std::vector<ref::V> p(n);
    for (ref::V& q : p) q = {uniform(rng, -1, 1), uniform(rng, -1, 1)};
    c.pts = n >= 3 ? ref::hull(p) : p;
    c.radius = c.pts.size() >= 3 && chance(rng, 0.5) ? 0.0 : uniform(rng, 0.1, 0.6);
    double a = uniform(rng, -kPi, kPi);
    ref::V o = 4.0 * ref::V{std::cos(a), std::sin(a)};
    ref::V d = 8.0 * ref::unit(ref::V{uniform(rng, -0.5, 0.5), uniform(rng, -0.5, 0.5)} - o);
    ref::Ray r = ref::raycast(c, o, d, 1.0);
    // Sample the ray densely: the first sample inside the shape brackets the entry.
    int firstInside = -1;
    const int steps = 2000;
    for (int k = 0; k <= steps && firstInside < 0; ++k)
      if (ref::pointSignedDistance(c, o + (double(k) / steps) * d) < 0) firstInside = k;
    if (firstInside < 0) {
      // Sampling can step over a sliver or graze a corner; a hit must still lie on the surface, with the ray
      // going inside right after it (or grazing).
      if (r.hit) {
        EXPECT_NEAR(ref::pointSignedDistance(c, o + r.fraction * d), 0.0, 1e-9);
        EXPECT_LE(ref::pointSignedDistance(c, o + (r.fraction + 1e-9) * d), 1e-12);
      }
      continue;
    }
    ASSERT_TRUE(r.hit) << "sampling enters the shape at " << double(firstInside) / steps;
    ++hits;
    double lo = double(firstInside - 1) / steps, hi = double(firstInside) / steps;
    for (int k = 0; k < 60; ++k) {
      double mid = 0.5 * (lo + hi);
      (ref::pointSignedDistance(c, o + mid * d) < 0 ? hi : lo) = mid;
    }
    EXPECT_NEAR(r.fraction, hi, 1e-9);
    EXPECT_NEAR(ref::pointSignedDistance(c, o + r.fraction * d), 0.0, 1e-9);
  }
  EXPECT_GT(hits, 400);
}

}  // namespace
}  // namespace testing_sat
