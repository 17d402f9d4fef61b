// Chains: makeChain's named errors and ghosts; the chain rule (no snag on internal vertices, one-sided
// pass-through, loops) against plain segments and one long segment; raycasts against a brute-force reference;
// chain bodies in the world (contacts with the part index, queries).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "ellipse_oracle.h"
#include "random_shapes.h"
#include "reference.h"
#include "sat/sat.h"
#include "sat/world.h"

namespace {

using sat::Vec2;
using testing_sat::Rng;
constexpr auto uni = testing_sat::uniform;

const sat::Transform kId = sat::makeTransform(0, 0, 0);

std::vector<sat::ChainSegment> chainOf(const std::vector<Vec2>& pts, bool loop, bool oneSided) {
  std::vector<sat::ChainSegment> out(size_t(sat::chainSegmentCount(int(pts.size()), loop)));
  EXPECT_EQ(sat::makeChain(pts.data(), int(pts.size()), loop, oneSided, out.data()), sat::Status::Ok);
  return out;
}

/// A flat floor along y = 0 from x = 0 to x = n, listed right to left so that its front (the right-hand side of
/// the direction) faces up.
std::vector<Vec2> flatFloor(int n) {
  std::vector<Vec2> pts;
  for (int i = n; i >= 0; --i) pts.push_back({float(i), 0.0f});
  return pts;
}

sat::Polygon box(float hw, float hh) {
  sat::Polygon p;
  EXPECT_EQ(sat::makeBox(hw, hh, &p), sat::Status::Ok);
  return p;
}

/// All contacts of a shape against every segment of a chain (or of plain segments).
template <class Seg>
std::vector<sat::Manifold> contactsWith(const std::vector<Seg>& segs, const sat::Shape& s, const sat::Transform& xf) {
  std::vector<sat::Manifold> out;
  for (const Seg& g : segs) {
    const sat::Manifold m = sat::collide(sat::Shape(g), kId, s, xf);
    if (m.pointCount > 0) out.push_back(m);
  }
  return out;
}

TEST(ChainMaker, RefusesBadInputWithNamedErrors) {
  std::vector<sat::ChainSegment> out(8);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Vec2 one[] = {{0, 0}};
  const Vec2 two[] = {{0, 0}, {1, 0}};
  const Vec2 dup[] = {{0, 0}, {1, 0}, {1, 0}, {2, 0}};
  const Vec2 closed[] = {{0, 0}, {1, 0}, {1, 1}, {0, 0}};  // a loop must not repeat its first point
  const Vec2 bad[] = {{0, 0}, {nan, 0}, {2, 0}};
  const Vec2 far[] = {{0, 0}, {2e6f, 0}};
  // Rows of docs/bad-input.md.
  EXPECT_EQ(sat::makeChain(one, 1, false, false, out.data()), sat::Status::TooFewPoints);     // C01
  EXPECT_EQ(sat::makeChain(two, 2, true, false, out.data()), sat::Status::TooFewPoints);      // C02
  EXPECT_EQ(sat::makeChain(two, 2, false, false, out.data()), sat::Status::Ok);
  EXPECT_EQ(sat::makeChain(dup, 4, false, false, out.data()), sat::Status::Degenerate);       // C03
  EXPECT_EQ(sat::makeChain(closed, 4, true, false, out.data()), sat::Status::Degenerate);     // C04
  EXPECT_EQ(sat::makeChain(closed, 4, false, false, out.data()), sat::Status::Ok);  // open: a closed path is fine
  EXPECT_EQ(sat::makeChain(bad, 3, false, false, out.data()), sat::Status::NonFinite);        // C05
  EXPECT_EQ(sat::makeChain(far, 2, false, false, out.data()), sat::Status::OutOfRange);       // C06
  EXPECT_EQ(sat::makeChain(nullptr, 2, false, false, out.data()), sat::Status::InvalidArgument);  // C08
  EXPECT_EQ(sat::makeChain(two, -1, false, false, out.data()), sat::Status::InvalidArgument);     // C08
  std::vector<Vec2> many(size_t(sat::kMaxChainPoints) + 1);
  for (size_t i = 0; i < many.size(); ++i) many[i] = {float(i), 0.0f};
  std::vector<sat::ChainSegment> big(many.size());
  EXPECT_EQ(sat::makeChain(many.data(), int(many.size()), false, false, big.data()), sat::Status::TooManyPoints);  // C07
  EXPECT_EQ(sat::makeChain(many.data(), sat::kMaxChainPoints, false, false, big.data()), sat::Status::Ok);
}

TEST(ChainMaker, GhostsAreTheNeighbours) {
  const std::vector<Vec2> pts = {{0, 0}, {1, 0}, {2, 1}, {3, 1}};
  const auto open = chainOf(pts, false, true);
  ASSERT_EQ(open.size(), 3u);
  EXPECT_EQ(open[0].flags, sat::kChainGhost2 | sat::kChainOneSided);
  EXPECT_EQ(open[1].flags, sat::kChainGhost1 | sat::kChainGhost2 | sat::kChainOneSided);
  EXPECT_EQ(open[2].flags, sat::kChainGhost1 | sat::kChainOneSided);
  EXPECT_EQ(open[1].ghost1.x, 0.0f);
  EXPECT_EQ(open[1].ghost2.x, 3.0f);
  const auto loop = chainOf(pts, true, false);
  ASSERT_EQ(loop.size(), 4u);
  EXPECT_EQ(loop[3].segment.point1.x, 3.0f);
  EXPECT_EQ(loop[3].segment.point2.x, 0.0f);
  EXPECT_EQ(loop[3].ghost1.x, 2.0f);
  EXPECT_EQ(loop[3].ghost2.x, 1.0f);
  EXPECT_EQ(loop[0].ghost1.x, 3.0f);
  for (const auto& c : loop) EXPECT_EQ(c.flags, sat::kChainGhost1 | sat::kChainGhost2);
}

// The regression the chain exists for: a box moved across every internal vertex of a flat floor. Plain segments
// give a sideways normal where the box overhangs a segment's end by less than its depth; the chain gives the
// floor's normal and depth everywhere, the same as one long segment.
TEST(Chain, BoxAcrossFlatFloorNeverSnags) {
  const int n = 10;
  const auto chain = chainOf(flatFloor(n), false, false);
  std::vector<sat::Segment> plain;
  for (const auto& c : chain) plain.push_back(c.segment);
  sat::Segment longSeg;
  ASSERT_EQ(sat::makeSegment({float(n), 0}, {0, 0}, &longSeg), sat::Status::Ok);
  const sat::Shape b(box(0.4f, 0.25f));
  int plainSnags = 0, checked = 0;
  for (int k = 1; k < n; ++k) {
    for (int step = -100; step <= 100; ++step) {
      const float x = float(k) + 0.005f * float(step);
      const sat::Transform xf = sat::makeTransform(x, 0.25f - 0.01f, 0.0f);
      const sat::Manifold whole = sat::collide(sat::Shape(longSeg), kId, b, xf);
      ASSERT_EQ(whole.pointCount, 2);
      const auto ms = contactsWith(chain, b, xf);
      ASSERT_FALSE(ms.empty()) << "x " << x;
      for (const auto& m : ms) {
        ++checked;
        EXPECT_NEAR(m.normal.x, whole.normal.x, 1e-6f) << "x " << x;
        EXPECT_NEAR(m.normal.y, whole.normal.y, 1e-6f) << "x " << x;
        EXPECT_NEAR(m.depth, whole.depth, 1e-5f) << "x " << x;
      }
      for (const auto& m : contactsWith(plain, b, xf)) plainSnags += std::fabs(m.normal.x) > 0.5f;
    }
  }
  EXPECT_GT(checked, 2000);
  EXPECT_GT(plainSnags, 0) << "the plain segments should snag somewhere: the test would not show the rule";
}

TEST(Chain, CircleAcrossFlatFloorNeverSnags) {
  const auto chain = chainOf(flatFloor(6), false, true);
  std::vector<sat::Segment> plain;
  for (const auto& c : chain) plain.push_back(c.segment);
  sat::Circle circle;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.3f, &circle), sat::Status::Ok);
  int plainTilted = 0;
  for (int step = 100; step <= 500; ++step) {
    const float x = 0.01f * float(step);
    const sat::Transform xf = sat::makeTransform(x, 0.3f - 0.02f, 0.0f);
    const auto ms = contactsWith(chain, sat::Shape(circle), xf);
    ASSERT_FALSE(ms.empty()) << "x " << x;
    for (const auto& m : ms) {
      EXPECT_NEAR(m.normal.x, 0.0f, 1e-6f) << "x " << x;
      EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f) << "x " << x;
      EXPECT_NEAR(m.depth, 0.02f, 1e-5f) << "x " << x;
    }
    for (const auto& m : contactsWith(plain, sat::Shape(circle), xf)) plainTilted += std::fabs(m.normal.x) > 1e-3f;
  }
  EXPECT_GT(plainTilted, 0);
}

// A convex hill (gently bent, 2 degrees per joint): a circle rolled over it is pushed out along the radius, the
// normal at each joint between the two segments' normals, never sideways.
TEST(Chain, CircleOverConvexHillFollowsTheSurface) {
  const double R = 20.0;
  std::vector<Vec2> pts;  // counter-clockwise on the circle: the front (right-hand side) is outside
  for (int i = 0; i <= 20; ++i) {
    const double a = (70.0 + 2.0 * i) * M_PI / 180.0;
    pts.push_back({float(R * std::cos(a)), float(R * std::sin(a))});
  }
  const auto chain = chainOf(pts, false, true);
  sat::Circle circle;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.5f, &circle), sat::Status::Ok);
  for (int step = 0; step <= 300; ++step) {
    const double a = (80.0 + 20.0 * step / 300.0) * M_PI / 180.0;
    const double r = R * std::cos(M_PI / 180.0) + 0.5 - 0.01;  // below the chord's distance: always touching
    const sat::Transform xf = sat::makeTransform(float(r * std::cos(a)), float(r * std::sin(a)), 0.0f);
    const auto ms = contactsWith(chain, sat::Shape(circle), xf);
    ASSERT_FALSE(ms.empty()) << "angle " << a;
    for (const auto& m : ms) {
      const double radial = m.normal.x * std::cos(a) + m.normal.y * std::sin(a);
      EXPECT_GT(radial, std::cos(1.5 * M_PI / 180.0)) << "angle " << a;  // within the joint's 2 degrees
    }
  }
}

// A box sliding along a bowl (concave joints): each contact uses a segment's own normal.
TEST(Chain, BoxInConcaveBowlUsesFaceNormals) {
  const double R = 20.0;
  std::vector<Vec2> pts;  // clockwise on the circle: the front is inside
  for (int i = 0; i <= 20; ++i) {
    const double a = (290.0 - 2.0 * i) * M_PI / 180.0;
    pts.push_back({float(R * std::cos(a)), float(R * std::sin(a))});
  }
  const auto chain = chainOf(pts, false, true);
  const sat::Shape b(box(0.3f, 0.3f));
  for (int step = 0; step <= 200; ++step) {
    const double a = (260.0 + 20.0 * step / 200.0) * M_PI / 180.0;
    const double r = R * std::cos(M_PI / 180.0) - 0.3 + 0.01;
    const sat::Transform xf = sat::makeTransform(float(r * std::cos(a)), float(r * std::sin(a)), float(a + M_PI / 2));
    for (const auto& m : contactsWith(chain, b, xf)) {
      bool isFaceNormal = false;
      for (const auto& c : chain) {
        const Vec2 e = c.segment.point2 - c.segment.point1;
        const Vec2 nrm = sat::normalize(Vec2{e.y, -e.x});
        isFaceNormal = isFaceNormal || sat::dot(nrm, m.normal) > 1.0f - 1e-5f;
      }
      EXPECT_TRUE(isFaceNormal) << "angle " << a << " normal " << m.normal.x << ", " << m.normal.y;
    }
  }
}

TEST(Chain, OneSidedPassesFromBehindAndCollidesFromTheFront) {
  const auto oneSided = chainOf(flatFloor(4), false, true);
  const auto twoSided = chainOf(flatFloor(4), false, false);
  const sat::Shape b(box(0.3f, 0.2f));
  for (float x : {0.5f, 1.0f, 1.7f, 3.0f}) {
    const sat::Transform above = sat::makeTransform(x, 0.2f - 0.05f, 0.0f);
    const sat::Transform below = sat::makeTransform(x, -0.2f + 0.05f, 0.0f);
    EXPECT_TRUE(contactsWith(oneSided, b, below).empty()) << "x " << x;
    const auto front = contactsWith(oneSided, b, above);
    ASSERT_FALSE(front.empty());
    for (const auto& m : front) EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f);
    const auto back = contactsWith(twoSided, b, below);
    ASSERT_FALSE(back.empty());
    for (const auto& m : back) {
      EXPECT_NEAR(m.normal.y, -1.0f, 1e-6f);
      EXPECT_NEAR(m.depth, 0.05f, 1e-5f);
    }
    // overlap() follows the same rule.
    for (const auto& c : oneSided) EXPECT_FALSE(sat::overlap(sat::Shape(c), kId, b, below));
  }
  // A box deep through a one-sided floor, its centre still in front: pushed out of the front.
  const sat::Transform deep = sat::makeTransform(2.0f, 0.05f, 0.0f);
  for (const auto& m : contactsWith(oneSided, b, deep)) {
    EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f);
    EXPECT_NEAR(m.depth, 0.15f, 1e-5f);
  }
}

TEST(Chain, LoopCollidesOnItsFrontSide) {
  // Counter-clockwise square: front outside.
  const std::vector<Vec2> sq = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
  const auto outside = chainOf(sq, true, true);
  const sat::Shape b(box(0.5f, 0.5f));
  struct Probe { float x, y; Vec2 n; };
  for (const Probe& p : {Probe{4.45f, 2.0f, {1, 0}}, Probe{2.0f, -0.45f, {0, -1}}, Probe{-0.45f, 1.0f, {-1, 0}},
                         Probe{3.0f, 4.45f, {0, 1}}}) {
    const auto ms = contactsWith(outside, b, sat::makeTransform(p.x, p.y, 0.0f));
    ASSERT_FALSE(ms.empty());
    for (const auto& m : ms) {
      EXPECT_NEAR(m.normal.x, p.n.x, 1e-6f);
      EXPECT_NEAR(m.normal.y, p.n.y, 1e-6f);
    }
    // From inside the loop (behind every segment) a one-sided loop lets it through.
    const float ix = p.x - 0.9f * p.n.x, iy = p.y - 0.9f * p.n.y;
    EXPECT_TRUE(contactsWith(outside, b, sat::makeTransform(ix, iy, 0.0f)).empty());
  }
  // A circle over the convex corner (4, 4), diagonally: the corner's own normal, from one or both sides.
  sat::Circle ball;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.5f, &ball), sat::Status::Ok);
  const auto corner = contactsWith(outside, sat::Shape(ball), sat::makeTransform(4.3f, 4.3f, 0.0f));
  ASSERT_FALSE(corner.empty());
  for (const auto& m : corner) {
    EXPECT_NEAR(m.normal.x, std::sqrt(0.5f), 1e-5f);
    EXPECT_NEAR(m.normal.y, std::sqrt(0.5f), 1e-5f);
  }
  // Clockwise: front inside. A circle inside near the right wall is pushed left.
  const std::vector<Vec2> cw = {{0, 0}, {0, 4}, {4, 4}, {4, 0}};
  const auto inside = chainOf(cw, true, true);
  sat::Circle circle;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.5f, &circle), sat::Status::Ok);
  const auto ms = contactsWith(inside, sat::Shape(circle), sat::makeTransform(3.6f, 2.0f, 0.0f));
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_NEAR(ms[0].normal.x, -1.0f, 1e-6f);
  EXPECT_NEAR(ms[0].depth, 0.1f, 1e-5f);
}

// Stretched circles and capsules (ellipses, stretched capsules) at random angles, scales (to 1:20, mirrored or not)
// and heights across a flat floor: every contact takes the floor's normal (no snag at the internal vertices,
// whatever the plain segment's minimum translation at its ends), and the depth is the shape's exact one along it,
// the oracle's support value (not the enclosing circle's); each contact lies midway between the floor and the
// shape's boundary. Both one- and two-sided chains, and the chain under a
// mirroring frame.
TEST(Chain, StretchedRoundShapesAcrossFlatFloorTakeTheExactDepth) {
  Rng rng(0xc4a1e11u);
  const auto oneSided = chainOf(flatFloor(6), false, true);
  const auto twoSided = chainOf(flatFloor(6), false, false);
  const sat::Transform mirror = sat::makeTransform(6.0f, 0.0f, 0.0f, -1.0f, 1.0f);  // x mirrored: the same floor
  int touching = 0, twoPoints = 0, clear = 0, awayFromJoints = 0;
  for (int i = 0; i < 3000; ++i) {
    sat::Shape s;
    if (testing_sat::chance(rng, 0.5)) {
      sat::Circle c;
      ASSERT_EQ(sat::makeCircle({0, 0}, float(uni(rng, 0.1, 0.6)), &c), sat::Status::Ok);
      s = c;
    } else {
      sat::Capsule c;
      const float h = float(uni(rng, 0.05, 0.6));
      ASSERT_EQ(sat::makeCapsule({-h, 0}, {h, 0}, float(uni(rng, 0.05, 0.4)), &c), sat::Status::Ok);
      s = c;
    }
    const double ratio = std::exp(uni(rng, std::log(1.5), std::log(20.0)));
    float sx = float(std::sqrt(ratio)), sy = float(1.0 / std::sqrt(ratio));
    if (testing_sat::chance(rng, 0.5)) std::swap(sx, sy);
    if (testing_sat::chance(rng, 0.3)) sx = -sx;
    // Lying flat now and then (a capsule's side along the floor: two points).
    const float angle = testing_sat::chance(rng, 0.2) ? 0.0f : float(uni(rng, -M_PI, M_PI));
    sat::Transform xf = sat::makeTransform(float(uni(rng, 0.5, 5.5)), 0.0f, angle, sx, sy);
    const ellipse_oracle::OShape o0 = ellipse_oracle::oracleShape(s, xf);
    const double bottom = o0.h({0.0, -1.0});  // how far below its origin (at y = 0) the shape reaches
    // Within the floor's extent (its free ends own the sideways normals).
    const double left = o0.h({-1.0, 0.0}) + xf.p.x, right = o0.h({1.0, 0.0}) - xf.p.x;
    if (left > 2.5 || right > 2.5) continue;
    xf.p.x = float(uni(rng, left + 0.3, 5.7 - right));
    const double want = uni(rng, -0.05, 0.1);                    // wanted depth below y = 0
    xf.p.y = float(bottom - want);
    if (xf.p.y < 0.01f) continue;  // the centre behind the floor: one-sided passes, two-sided pushes down
    const ellipse_oracle::OShape o = ellipse_oracle::oracleShape(s, xf);
    const double depth = o.h({0.0, -1.0});  // the floor is y <= 0 along (0, 1): the overlap is h_B(-n)
    const bool mirrored = i % 3 == 2;
    const auto& chain = i % 3 == 1 ? twoSided : oneSided;
    double deepest = -1.0;
    int count = 0;
    for (const auto& c : chain) {
      const sat::Manifold m = sat::collide(sat::Shape(c), mirrored ? mirror : kId, s, xf);
      if (m.pointCount == 0) continue;
      ++count;
      EXPECT_NEAR(m.normal.x, 0.0f, 1.5e-3f) << i;  // the face normal, or one within the face test's angle
      EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f) << i;
      EXPECT_LE(m.depth, depth + 1e-5) << i;
      deepest = std::max(deepest, double(m.depth));
      twoPoints += m.pointCount == 2;
      for (int k = 0; k < m.pointCount; ++k) {
        // Midway between the floor and the shape's surface: the surface point at depth d is d below the floor.
        const ref::V p = ref::fromVec(m.points[k].point);
        EXPECT_NEAR(p.y, -0.5 * m.points[k].depth, 1e-5) << i;
        EXPECT_NEAR(ellipse_oracle::oracleSignedDistance(o, {p.x, p.y - 0.5 * m.points[k].depth}), 0.0, 1e-4) << i;
      }
    }
    if (depth > 1e-4) {
      ASSERT_GT(count, 0) << i << " depth " << depth << " " << ref::str(s) << " " << ref::str(xf);
      // The full depth when the lowest point (the support point along -y, from the support function's
      // gradient) is over a segment, away from the joints, that B crosses; else B may cross a segment at less
      // depth than it reaches below the next one, and the segment reports the depth of its own part (clipped).
      const double dx = 1e-6, lowX = (o.h({dx, -1.0}) - o.h({-dx, -1.0})) / (2.0 * dx);
      // B crosses the floor line over that segment (a thin tilted shape may reach below one segment while
      // crossing the line over the next only).
      bool crosses = false;
      const double k = std::floor(lowX);
      for (int j = 1; j < 100 && !crosses; ++j) {
        crosses = ellipse_oracle::oracleSignedDistance(o, {k + 0.01 * j, 0.0}) < -1e-4;
      }
      if (std::fabs(lowX - std::round(lowX)) > 0.01 && crosses) {
        EXPECT_NEAR(deepest, depth, 1e-5) << i << " lowest at x " << lowX << " " << ref::str(s) << " " << ref::str(xf);
        ++awayFromJoints;
      }
      ++touching;
    } else if (depth < -1e-4) {
      EXPECT_EQ(count, 0) << i << " depth " << depth;
      ++clear;
    }
  }
  EXPECT_GT(touching, 1000);
  EXPECT_GT(awayFromJoints, 900);
  EXPECT_GT(clear, 200);
  EXPECT_GT(twoPoints, 50);
}

// Under a mirroring scale the front stays the side it is in the chain's own frame.
TEST(Chain, MirroredFrameKeepsTheFront) {
  const auto chain = chainOf(flatFloor(4), false, true);
  const sat::Shape b(box(0.3f, 0.2f));
  const sat::Transform mirror = sat::makeTransform(0.0f, 0.0f, 0.0f, -1.0f, 1.0f);  // x mirrored: front still up
  int found = 0;
  for (const auto& c : chain) {
    const sat::Manifold m = sat::collide(sat::Shape(c), mirror, b, sat::makeTransform(-2.0f, 0.15f, 0.0f));
    if (m.pointCount == 0) continue;
    ++found;
    EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f);
  }
  EXPECT_GT(found, 0);
  for (const auto& c : chain) {
    EXPECT_EQ(sat::collide(sat::Shape(c), mirror, b, sat::makeTransform(-2.0f, -0.15f, 0.0f)).pointCount, 0);
  }
}

TEST(Chain, RaycastMatchesBruteForce) {
  Rng rng(4242);
  int hits = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<Vec2> pts;
    const int n = 3 + int(uni(rng, 0, 10));
    for (int i = 0; i < n; ++i) pts.push_back({float(i + uni(rng, -0.3, 0.3)), float(uni(rng, -1.5, 1.5))});
    const bool oneSided = trial % 2 == 0;
    const auto chain = chainOf(pts, false, oneSided);
    for (int r = 0; r < 40; ++r) {
      sat::RayCastInput in;
      in.origin = {float(uni(rng, -2, n + 1)), float(uni(rng, -4, 4))};
      in.translation = {float(uni(rng, -6, 6)), float(uni(rng, -6, 6))};
      // Reference: every segment in double; one-sided segments only from their front (right-hand) side.
      ref::Ray best;
      const ref::V o = ref::fromVec(in.origin), d = ref::fromVec(in.translation);
      for (const auto& c : chain) {
        const ref::V p = ref::fromVec(c.segment.point1), q = ref::fromVec(c.segment.point2);
        const ref::V nrm = ref::unit(ref::V{(q - p).y, -(q - p).x});
        ref::raySegment(o, d, p, q, nrm, &best);
        if (!oneSided) ref::raySegment(o, d, q, p, -nrm, &best);
      }
      if (best.fraction > 1.0) best.hit = false;
      sat::CastOutput first;
      for (const auto& c : chain) {
        const sat::CastOutput h = sat::raycast(sat::Shape(c), kId, in);
        if (h.hit && (!first.hit || h.fraction < first.fraction)) first = h;
      }
      if (best.hit && std::fabs(best.fraction - 1.0) < 1e-4) continue;
      bool nearVertex = false;
      for (const Vec2& p : pts) {
        nearVertex = nearVertex || ref::pointSegmentDistance(ref::fromVec(p), o, o + d) < 1e-4;
      }
      if (nearVertex) continue;
      ASSERT_EQ(first.hit, best.hit) << "trial " << trial << " ray " << r;
      if (!first.hit) continue;
      ++hits;
      EXPECT_NEAR(first.fraction, best.fraction, 1e-4);
      EXPECT_GT(first.normal.x * best.normal.x + first.normal.y * best.normal.y, 0.9999);
    }
  }
  EXPECT_GT(hits, 1000);
}

// In the world: a static chain body, a dynamic box moved across every internal vertex. The body-level contact
// has the floor's normal and depth; shape contacts name the chain's part (segment) index; a ray names it too.
TEST(ChainWorld, BoxSlidesAcrossChainBodyWithFloorNormal) {
  sat::World world;
  const auto pts = flatFloor(8);
  sat::BodyDef ground;
  ground.type = sat::BodyType::Static;
  sat::BodyId chain;
  ASSERT_EQ(world.createChainBody(ground, pts.data(), int(pts.size()), false, true, &chain), sat::Status::Ok);
  EXPECT_EQ(world.shapeCount(chain), 8);
  sat::BodyDef def;
  def.type = sat::BodyType::Dynamic;
  def.x = 1.0f;
  def.y = 0.24f;
  sat::BodyId mover;
  ASSERT_EQ(world.createBody(def, sat::Shape(box(0.4f, 0.25f)), &mover), sat::Status::Ok);
  world.setPushApart({});
  for (int step = 0; step <= 600; ++step) {
    const float x = 1.0f + 0.01f * float(step);
    ASSERT_EQ(world.setTransform(mover, x, 0.24f, 0.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.contactCount(), 1) << "x " << x;
    const sat::Contact& c = world.contacts()[0];
    const float sign = c.a == chain ? 1.0f : -1.0f;
    EXPECT_NEAR(sign * c.normal.x, 0.0f, 1e-6f) << "x " << x;
    EXPECT_NEAR(sign * c.normal.y, 1.0f, 1e-6f) << "x " << x;
    EXPECT_NEAR(c.depth, 0.01f, 1e-4f) << "x " << x;  // a compound body's depth clears touching by a margin
    for (uint32_t k = 0; k < c.shapeContactCount; ++k) {
      const sat::ShapeContact& sc = world.shapeContacts()[c.firstShapeContact + k];
      const int part = sc.a == chain ? sc.shapeA : sc.shapeB;
      // Part i runs from x = 8 - i to 7 - i.
      const float lo = 7.0f - float(part), hi = 8.0f - float(part);
      EXPECT_TRUE(x + 0.4f >= lo - 1e-4f && x - 0.4f <= hi + 1e-4f) << "x " << x << " part " << part;
    }
  }
  sat::RayCastInput ray;
  ray.origin = {2.5f, 3.0f};
  ray.translation = {0.0f, -6.0f};
  sat::RayHit hit;
  sat::QueryFilter all;
  ASSERT_EQ(world.destroyBody(mover), sat::Status::Ok);
  ASSERT_TRUE(world.raycastClosest(ray, all, &hit));
  EXPECT_EQ(hit.body, chain);
  EXPECT_EQ(hit.shape, 5);  // x = 2.5 lies on the part from 3 to 2
  EXPECT_NEAR(hit.point.y, 0.0f, 1e-6f);
  EXPECT_NEAR(hit.normal.y, 1.0f, 1e-6f);
  ray.origin = {2.5f, -3.0f};
  ray.translation = {0.0f, 6.0f};
  EXPECT_FALSE(world.raycastClosest(ray, all, &hit));  // one-sided: from behind, no hit
  sat::BodyId ids[4];
  EXPECT_EQ(world.queryPoint({2.5f, 0.0f}, all, ids, 4), 0);  // no area
  // castShape: from the front it stops on the floor; from behind a one-sided chain it passes.
  sat::Circle ball;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.25f, &ball), sat::Status::Ok);
  ASSERT_TRUE(world.castShape(sat::Shape(ball), sat::makeTransform(2.5f, 2.0f, 0.0f), {0.0f, -4.0f}, all, &hit));
  EXPECT_EQ(hit.body, chain);
  EXPECT_NEAR(hit.fraction, 1.75f / 4.0f, 1e-3f);
  EXPECT_FALSE(world.castShape(sat::Shape(ball), sat::makeTransform(2.5f, -2.0f, 0.0f), {0.0f, 4.0f}, all, &hit));
}

TEST(ChainWorld, RefusesBadChainsWithoutChangingTheWorld) {
  sat::World world;
  sat::BodyDef def;
  def.type = sat::BodyType::Static;
  sat::BodyId id;
  const Vec2 one[] = {{0, 0}};
  const Vec2 dup[] = {{0, 0}, {0, 0}, {1, 0}};
  const Vec2 tri[] = {{0, 0}, {1, 0}, {0, 1}};
  const Vec2 nan[] = {{0, 0}, {std::nanf(""), 0}};
  const Vec2 far[] = {{0, 0}, {2e6f, 0}};
  const Vec2 ring[] = {{0, 0}, {1, 0}, {0, 1}, {0, 0}};
  std::vector<Vec2> many(size_t(sat::kMaxChainPoints) + 1);
  for (size_t i = 0; i < many.size(); ++i) many[i] = {float(i), 0.0f};
  EXPECT_EQ(world.createChainBody(def, one, 1, false, false, &id), sat::Status::TooFewPoints);        // C01
  EXPECT_EQ(world.createChainBody(def, tri, 2, true, false, &id), sat::Status::TooFewPoints);         // C02
  EXPECT_EQ(world.createChainBody(def, dup, 3, false, false, &id), sat::Status::Degenerate);          // C03
  EXPECT_EQ(world.createChainBody(def, ring, 4, true, false, &id), sat::Status::Degenerate);          // C04
  EXPECT_EQ(world.createChainBody(def, nan, 2, false, false, &id), sat::Status::NonFinite);           // C05
  EXPECT_EQ(world.createChainBody(def, far, 2, false, false, &id), sat::Status::OutOfRange);          // C06
  EXPECT_EQ(world.createChainBody(def, many.data(), int(many.size()), false, false, &id),
            sat::Status::TooManyPoints);                                                               // C07
  EXPECT_EQ(world.createChainBody(def, nullptr, 3, false, false, &id), sat::Status::InvalidArgument);  // C08
  EXPECT_EQ(world.createChainBody(def, tri, -3, false, false, &id), sat::Status::InvalidArgument);     // C08
  EXPECT_EQ(world.bodyCount(), 0);
  EXPECT_EQ(world.createChainBody(def, tri, 3, true, false, &id), sat::Status::Ok);
  EXPECT_EQ(world.bodyCount(), 1);
  EXPECT_EQ(world.shapeCount(id), 3);
}

}  // namespace
