// Robustness of geometry: nearly parallel edges, shapes 1e6 from the origin, tiny shapes and 1e4 size ratios give
// answers within the documented tolerance (collide.h; the tests' bar: depth within 2e-4 of the size plus float
// round-off of the coordinates, overlap decided outside the touching band) or are refused by the makers. Plus the
// regression tests of the narrow-phase bugs the fuzzers found (docs/fuzzing.md), with their exact inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "ellipse_oracle.h"
#include "reference.h"
#include "sat/sat.h"

namespace {

using sat::Transform;
using sat::Vec2;

struct Regime {
  const char* name;
  double size;       // typical shape size
  double ratio;      // B's size / A's size
  double offset;     // distance of the pair from the origin
};

/// Checks collide() against the reference on one placed pair; returns false (and reports) on a wrong answer.
bool checkPair(const sat::Shape& a, const Transform& xfA, const sat::Shape& b, const Transform& xfB, int* overlapping) {
  ref::Penetration r = ref::penetration(ref::core(a, xfA), ref::core(b, xfB));
  const double sz = std::max(r.sizeA, r.sizeB), roundOff = 1e-6 * r.magnitude;
  const double band = 1e-4 * (r.sizeA + r.sizeB) + roundOff, depthTol = 2e-4 * sz + 4 * roundOff;
  sat::Manifold m = sat::collide(a, xfA, b, xfB);
  bool ok = true;
  if (r.depth > band) {
    ++*overlapping;
    ok = m.pointCount > 0 && std::fabs(m.depth - r.depth) <= depthTol &&
         ref::depthAlong(r, {m.normal.x, m.normal.y}) <= r.depth + depthTol + 1e-3 * sz;
  } else if (r.depth < -band) {
    ok = m.pointCount == 0;
  }
  if (m.pointCount > 0) ok = ok && std::isfinite(m.depth) && std::isfinite(m.normal.x) && std::isfinite(m.normal.y);
  if (!ok) {
    ADD_FAILURE() << "A = " << ref::str(a) << " at " << ref::str(xfA) << "\n  B = " << ref::str(b) << " at "
                  << ref::str(xfB) << "\n  " << ref::str(r) << "\n  got n=(" << m.normal.x << ", " << m.normal.y
                  << ") depth=" << m.depth << " points=" << m.pointCount;
  }
  return ok;
}

/// Random polygon pairs (boxes and hulls) in one regime.
void runRegime(const Regime& g, uint32_t seed, int cases) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  int failures = 0, overlapping = 0, refused = 0;
  for (int i = 0; i < cases && failures < 5; ++i) {
    auto make = [&](double size, sat::Polygon* p) {
      Vec2 pts[8];
      for (auto& q : pts) q = {ref::f32(size * u(rng)), ref::f32(size * u(rng))};
      return sat::makeHull(pts, 8, p);
    };
    sat::Polygon a, b;
    if (make(g.size, &a) != sat::Status::Ok || make(g.size * g.ratio, &b) != sat::Status::Ok) {
      ++refused;  // refusing is allowed (e.g. a hull too thin for float)
      continue;
    }
    const double reach = g.size * (1.0 + g.ratio);
    Transform xfA = sat::makeTransform(ref::f32(g.offset + g.size * u(rng)), ref::f32(-g.offset + g.size * u(rng)),
                                       ref::f32(3.0 * u(rng)));
    Transform xfB = sat::makeTransform(ref::f32(xfA.p.x + reach * u(rng)), ref::f32(xfA.p.y + reach * u(rng)),
                                       ref::f32(3.0 * u(rng)));
    if (!checkPair(sat::Shape(a), xfA, sat::Shape(b), xfB, &overlapping)) ++failures;
  }
  EXPECT_EQ(failures, 0) << g.name;
  EXPECT_GT(overlapping, cases / 10) << g.name << ": too few overlapping cases to mean anything";
  EXPECT_LT(refused, cases / 2) << g.name;
}

TEST(HostileGeometry, FarFromTheOrigin) { runRegime({"1e6 from the origin", 10.0, 1.0, 9.0e5}, 1u, 3000); }
TEST(HostileGeometry, TinyShapes) { runRegime({"tiny (1e-3)", 1e-3, 1.0, 0.0}, 2u, 3000); }
TEST(HostileGeometry, SizeRatio1e4) { runRegime({"1e4 size ratio", 100.0, 1e-4, 0.0}, 3u, 3000); }
TEST(HostileGeometry, SizeRatio1e4Reversed) { runRegime({"1e4 size ratio (B larger)", 0.01, 1e4, 0.0}, 4u, 3000); }

// Nearly parallel edges: two boxes, B rotated by a tiny angle and resting on A's top face with a small overlap.
TEST(HostileGeometry, NearlyParallelEdges) {
  sat::Polygon a, b;
  ASSERT_EQ(sat::makeBox(5.0f, 1.0f, &a), sat::Status::Ok);
  ASSERT_EQ(sat::makeBox(2.0f, 0.5f, &b), sat::Status::Ok);
  int overlapping = 0, failures = 0;
  for (float angle : {0.0f, 1e-7f, -1e-7f, 1e-6f, 1e-5f, 1e-4f, 1e-3f}) {
    for (float gap : {-0.1f, -1e-3f, -1e-5f, 1e-5f, 1e-3f}) {
      for (float x : {-2.9f, 0.0f, 2.9f, 3.1f}) {
        Transform xfA = sat::makeTransform(0.0f, 0.0f);
        Transform xfB = sat::makeTransform(x, 1.5f + gap, angle);
        if (!checkPair(sat::Shape(a), xfA, sat::Shape(b), xfB, &overlapping)) ++failures;
        sat::Manifold m = sat::collide(a, xfA, b, xfB);
        if (m.pointCount > 0 && gap < -1e-4f && std::fabs(x) < 2.0f && 4.0f * std::fabs(angle) < -0.5f * gap) {
          // Resting face on face (both corners below A's face): the normal is A's face normal, two points.
          EXPECT_NEAR(m.normal.y, 1.0f, 1e-3f) << "angle " << angle << " gap " << gap;
          EXPECT_EQ(m.pointCount, 2) << "angle " << angle << " gap " << gap;
        }
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(overlapping, 20);
}

// ---- regressions of bugs the fuzzers found (docs/fuzzing.md). Each fails until its bug is fixed. ------------------

// "rounded-ratio": a big circle against a tiny sliver polygon deep inside it; the normal was a polygon face normal
// (right depth, wrong direction: moving B by normal * depth leaves it inside).
TEST(HostileGeometry, RegressionRoundedRatioNormal) {
  sat::Circle a;
  ASSERT_EQ(sat::makeCircle({0.0f, 36.2927628f}, 45.2856636f, &a), sat::Status::Ok);
  const Vec2 pb[] = {{0.00431081466f, 0.00431292038f},
                     {0.00431292038f, 0.00428027799f},
                     {0.00593026541f, 0.000539115048f},
                     {0.00431292038f, 0.00431292038f}};
  sat::Polygon b;
  ASSERT_EQ(sat::makePolygon(pb, 4, &b), sat::Status::Ok);
  const Transform xfA{{-48.5203552f, -48.5203552f}, {0.923879564f, -0.382683426f}, {3.75190616f, 3.75190616f}};
  const Transform xfB = sat::makeTransform(20.9395142f, 27.0078888f);
  int overlapping = 0;
  EXPECT_TRUE(checkPair(sat::Shape(a), xfA, sat::Shape(b), xfB, &overlapping));
}

// "short-capsule": a capsule much shorter than its radius deep inside a large box: collide(box, capsule) missed it.
TEST(HostileGeometry, RegressionShortCapsuleInsideLargeBox) {
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(1000.0f, 1000.0f, &box), sat::Status::Ok);
  sat::Capsule c;
  ASSERT_EQ(sat::makeCapsule({0.0f, 0.0f}, {1e-5f, 0.0f}, 0.01f, &c), sat::Status::Ok);
  int missed = 0;
  for (int i = 0; i < 200; ++i) {
    Transform xc = sat::makeTransform(300.0f * std::cos(0.37f * float(i)), 300.0f * std::sin(0.53f * float(i)), 0.1f * float(i));
    Transform xb = sat::makeTransform(0.0f, 0.0f, 0.2f);
    missed += sat::collide(box, xb, c, xc).pointCount == 0;
    EXPECT_GT(sat::collide(c, xc, box, xb).pointCount, 0);
  }
  EXPECT_EQ(missed, 0) << "collide(box, capsule) missed " << missed << " of 200 capsules deep inside the box";
}

// "circle-on-edge": a circle centred exactly on a polygon edge gets the same normal in both argument orders.
TEST(HostileGeometry, RegressionCircleCentreOnEdge) {
  const Vec2 pa[] = {{-0.00140967441f, -0.00140967441f}, {0.000704837206f, 0.000704837206f},
                     {-0.00140967441f, -0.00132156978f}};
  sat::Polygon a;
  ASSERT_EQ(sat::makePolygon(pa, 3, &a), sat::Status::Ok);
  sat::Circle b;
  ASSERT_EQ(sat::makeCircle({0.0f, 0.0f}, 0.00388774159f, &b), sat::Status::Ok);
  const Transform xfA{{0.0f, 0.0f}, {-0.0554121919f, 0.998463571f}, {2.36764717f, 2.36764717f}};
  const Transform xfB{{0.0f, 0.0f}, {1.0f, -3.49691106e-07f}, {1.0f, 1.0f}};
  sat::Manifold m = sat::collide(a, xfA, b, xfB), s = sat::collide(b, xfB, a, xfA);
  ASSERT_GT(m.pointCount, 0);
  ASSERT_GT(s.pointCount, 0);
  EXPECT_NEAR(m.normal.x, -s.normal.x, 1e-3f);
  EXPECT_NEAR(m.normal.y, -s.normal.y, 1e-3f);
}

// "rounded-ratio" (capsules): two collinear capsules of 1e4 size ratio; collide(B, A) gave the depth as if the
// small one sat on the big one's segment.
TEST(HostileGeometry, RegressionCollinearCapsulesSwapDepth) {
  sat::Capsule a, b;
  ASSERT_EQ(sat::makeCapsule({-26.7930069f, -26.7930069f}, {26.7930069f, 26.7930069f}, 25.9062119f, &a),
            sat::Status::Ok);
  ASSERT_EQ(sat::makeCapsule({-0.00267930073f, -0.00267930073f}, {0.00267930073f, 0.00267930073f}, 0.00259062112f, &b),
            sat::Status::Ok);
  const Transform xfA{{26.7930069f, 26.7930069f}, {1.0f, 3.49691106e-07f}, {-4.0f, -4.0f}};
  const Transform xfB = sat::makeTransform(-144.699402f, -144.699402f);
  int overlapping = 0;
  EXPECT_TRUE(checkPair(sat::Shape(a), xfA, sat::Shape(b), xfB, &overlapping));
  EXPECT_TRUE(checkPair(sat::Shape(b), xfB, sat::Shape(a), xfA, &overlapping));
}

// "remake": the hull of a finely sampled arc, fed back to makePolygon, came back with one vertex fewer. Outline
// cleaning kept a vertex within the collinear tolerance of its neighbours' line because dropping it would have
// moved points dropped earlier too far; a fresh call knows no such points and dropped it. A stored polygon must
// be a fixed point of the makers (same vertices, same order), and the hull still contains every input point.
TEST(HostileGeometry, RegressionRemakeHullOfFineArc) {
  int checked = 0;
  for (int n = 40; n <= 400; n += 7) {
    for (float far : {10.0f, 112.5f, 300.0f}) {
      std::vector<Vec2> pts{{far, 0.0f}};
      for (int i = 1; i < n; ++i) {
        const double t = 6.283185307179586 * i / n;
        pts.push_back({ref::f32(std::cos(t)), ref::f32(std::sin(t))});
      }
      sat::Polygon hull, again;
      ASSERT_EQ(sat::makeHull(pts.data(), int(pts.size()), &hull), sat::Status::Ok);
      ASSERT_EQ(sat::makePolygon(hull.vertices(), hull.count(), &again), sat::Status::Ok);
      bool same = again.count() == hull.count();
      for (int i = 0; same && i < hull.count(); ++i) same = again.vertex(i) == hull.vertex(i);
      EXPECT_TRUE(same) << n << " points and one at x = " << far << ": hull of " << hull.count()
                        << " vertices remade with " << again.count();
      const double size = std::hypot(double(far) + 1.0, 2.0);
      for (Vec2 q : pts) {
        for (int i = 0; i < hull.count(); ++i) {
          // q on the inner side of every edge, within 2e-5 of the size (twice the collinear tolerance).
          const Vec2 a = hull.vertex(i), nrm = hull.normal(i);
          EXPECT_LE(double(nrm.x) * (double(q.x) - a.x) + double(nrm.y) * (double(q.y) - a.y), 2e-5 * size);
        }
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 156);
}

// "rounded-ratio" (capsule against a polygon 1e4 times smaller or larger): right depth, but the normal was a face
// normal tens of degrees off the minimum translation direction. The closest-point search picked a vertex next to
// the closest one (a 5e-6 edge at 283 away: squared distances equal in float; or two vertices merged by placing the
// polygon 55 from the working frame's origin), and the direction was clamped to that wrong vertex's normal cone.
TEST(HostileGeometry, RegressionRoundedRatioCapsuleNormal) {
  const Vec2 pa[] = {{-0.0251327772f, -0.014565587f}, {-0.014565587f, -0.014565587f},
                     {0.0254374165f, 0.0254374165f}, {0.0254374165f, 0.0254421588f}};
  sat::Polygon polygon;
  ASSERT_EQ(sat::makePolygon(pa, 4, &polygon), sat::Status::Ok);
  sat::Capsule capsule;
  ASSERT_EQ(sat::makeCapsule({-145.655869f, -145.655869f}, {254.374176f, 254.374176f}, 327.907776f, &capsule),
            sat::Status::Ok);
  const Transform xfP{{-0.0776831284f, -0.0776831284f}, {0.923879504f, 0.382683456f}, {1.0f, 1.0f}};
  const Transform xfC{{-291.418579f, 388.376801f}, {-4.37113883e-08f, 1.0f}, {1.0f, 1.0f}};
  int overlapping = 0;
  EXPECT_TRUE(checkPair(sat::Shape(polygon), xfP, sat::Shape(capsule), xfC, &overlapping));
  EXPECT_TRUE(checkPair(sat::Shape(capsule), xfC, sat::Shape(polygon), xfP, &overlapping));

  sat::Capsule big;
  ASSERT_EQ(sat::makeCapsule({21.4344063f, -28.3365231f}, {-64.3032227f, -64.3032227f}, 43.7261887f, &big),
            sat::Status::Ok);
  const Vec2 pb[] = {{0.00267930073f, 0.00267930073f}, {0.00428688107f, 0.00428688107f},
                     {0.00428648852f, 0.00428688107f}};
  sat::Polygon sliver;
  ASSERT_EQ(sat::makePolygon(pb, 3, &sliver), sat::Status::Ok);
  const Transform xfBig{{-5.35860157f, 26.7930069f}, {-0.475309223f, 0.879818797f}, {1.0f, 1.0f}};
  const Transform xfSliver{{8.76560974f, 80.3843842f}, {-0.98297298f, 0.183750108f}, {1.0f, 1.0f}};
  EXPECT_TRUE(checkPair(sat::Shape(big), xfBig, sat::Shape(sliver), xfSliver, &overlapping));
  EXPECT_TRUE(checkPair(sat::Shape(sliver), xfSliver, sat::Shape(big), xfBig, &overlapping));
  EXPECT_EQ(overlapping, 4);
}

}  // namespace

// "sliver-circle" (docs/fuzzing.md): a polygon stretched 2e6:1 (about 4e-7 wide, 0.76 tall) deep inside a large
// circle whose centre is 20 away from it. Its two long sides are closer together than the float spacing of the
// squared distance, so the closest-point search tied them and could take the far side, whose outward normal points
// away from the centre: the normal came out reversed (depth right). Checked against the reference, both orders,
// mirrored and not.
TEST(HostileGeometry, RegressionSliverDeepInsideCircle) {
  sat::Circle circle;
  ASSERT_EQ(sat::makeCircle({-1264.91101f, -1264.91101f}, 664.029968f, &circle), sat::Status::Ok);
  const Vec2 pts[] = {{-0.1264911f, -0.1264911f}, {-0.0632455498f, -0.1264911f}, {0.0632455498f, 0.0632455498f},
                      {-0.1264911f, -0.0632455498f}};
  sat::Polygon sliver;
  ASSERT_EQ(sat::makePolygon(pts, 4, &sliver), sat::Status::Ok);
  const Transform xfC{{627.533691f, -1264.91101f}, {-1.0f, -8.74227766e-08f}, {1.0f, 1.0f}};
  for (const float sy : {-4.0f, 4.0f}) {
    const Transform xfS{{1872.80469f, 0.126464844f}, {1.0f, 3.49691106e-07f}, {1.90734863e-06f, sy}};
    const ref::Penetration r = ref::penetration(ref::core(sat::Shape(circle), xfC), ref::core(sat::Shape(sliver), xfS));
    ASSERT_GT(r.depth, 600.0);
    const sat::Manifold m = sat::collide(circle, xfC, sliver, xfS), s = sat::collide(sliver, xfS, circle, xfC);
    ASSERT_EQ(m.pointCount, 1);
    ASSERT_EQ(s.pointCount, 1);
    // The minimum translation runs along the reference normal (from the circle towards the sliver: -x).
    EXPECT_GT(double(m.normal.x) * r.normal.x + double(m.normal.y) * r.normal.y, 0.999) << "scale y " << sy;
    EXPECT_GT(-(double(s.normal.x) * r.normal.x + double(s.normal.y) * r.normal.y), 0.999) << "scale y " << sy;
    EXPECT_NEAR(m.depth, r.depth, 1e-3 * r.depth);
    EXPECT_NEAR(s.depth, r.depth, 1e-3 * r.depth);
  }
}

// "stretched-capsule" (docs/fuzzing.md): a small capsule 32 from the segment of a capsule scaled (-4, 522499)
// (a segment 195,000 long swept by an ellipse of semi-axes 9.2 and 1.2e6), 0.5 inside its end. Once a normal 1
// degree off the minimum translation; now the stretched capsule is exact: depth and normal against the oracle.
TEST(HostileGeometry, RegressionStretchedCapsuleNormal) {
  sat::Capsule small, big;
  ASSERT_EQ(sat::makeCapsule({0.0f, -0.363970608f}, {0.0242647063f, -0.363970608f}, 0.114262968f, &small), sat::Status::Ok);
  ASSERT_EQ(sat::makeCapsule({0.37227276f, 0.37227276f}, {-5.58409119f, 0.0f}, 2.30483341f, &big), sat::Status::Ok);
  const Transform xfS{{0.363970608f, -0.121323533f}, {-0.917841315f, -0.396947533f}, {1.0f, 1.0f}};
  const Transform xfB{{9.0877943f, -4.08669806f}, {0.923879564f, -0.382683426f}, {-4.0f, 522498.844f}};
  const ellipse_oracle::OShape os = ellipse_oracle::oracleShape(sat::Shape(small), xfS);
  const ellipse_oracle::OShape ob = ellipse_oracle::oracleShape(sat::Shape(big), xfB);
  const double depth = ellipse_oracle::oracleDepth(os, ob, nullptr, 200000);
  const double slack = 1e-5 * (os.size + ob.size);
  const sat::Manifold m = sat::collide(small, xfS, big, xfB), s = sat::collide(big, xfB, small, xfS);
  ASSERT_GT(m.pointCount, 0);
  ASSERT_GT(s.pointCount, 0);
  EXPECT_NEAR(m.depth, depth, slack);
  EXPECT_NEAR(s.depth, depth, slack);
  // Each normal is a minimum direction: the depth along it is the minimum.
  const ref::V nm = ref::fromVec(m.normal), ns = ref::fromVec(s.normal);
  EXPECT_LE(os.h(nm) + ob.h(-nm), depth + slack);
  EXPECT_LE(ob.h(ns) + os.h(-ns), depth + slack);
}
