// Shape makers and validity checks: one test per Status code, the documented repairs (welding, collinear points,
// winding, closed rings), the hull against the reference hull, stored data (normals, centroid, area, bounds), and
// Polygon copy/move for inline and heap storage.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "random_shapes.h"
#include "reference.h"
#include "sat/sat.h"

namespace testing_sat {
namespace {

using sat::Status;
using sat::Vec2;

const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

std::vector<Vec2> square(float h = 1.0f) { return {{-h, -h}, {h, -h}, {h, h}, {-h, h}}; }

std::vector<Vec2> ring(int n, float r = 1.0f) {
  std::vector<Vec2> p(n);
  for (int i = 0; i < n; ++i) p[i] = {f32(r * std::cos(2.0 * kPi * i / n)), f32(r * std::sin(2.0 * kPi * i / n))};
  return p;
}

Status poly(const std::vector<Vec2>& p, sat::Polygon* out = nullptr) {
  sat::Polygon tmp;
  return sat::makePolygon(p.data(), int(p.size()), out ? out : &tmp);
}
Status hullOf(const std::vector<Vec2>& p, sat::Polygon* out = nullptr) {
  sat::Polygon tmp;
  return sat::makeHull(p.data(), int(p.size()), out ? out : &tmp);
}

/// Checks everything a valid stored polygon promises: CCW, strictly convex, unit outward normals, and centroid,
/// area, bounding radius and bounds that match a double-precision recomputation.
void expectWellFormed(const sat::Polygon& p) {
  ASSERT_GE(p.count(), 3);
  std::vector<ref::V> v;
  for (int i = 0; i < p.count(); ++i) v.push_back(ref::fromVec(p.vertex(i)));
  double area = ref::signedArea(v);
  double size = 0.0;
  for (ref::V a : v) size = std::max(size, ref::len(a - v[0]));
  EXPECT_GT(area, 0.0) << "not counter-clockwise: " << ref::str(p);
  EXPECT_NEAR(p.area(), area, 1e-5 * std::fabs(area)) << ref::str(p);
  ref::V c = ref::centroid(v);
  EXPECT_NEAR(p.centroid().x, c.x, 1e-5 * size + 1e-6 * std::fabs(c.x)) << ref::str(p);
  EXPECT_NEAR(p.centroid().y, c.y, 1e-5 * size + 1e-6 * std::fabs(c.y)) << ref::str(p);
  double br = 0.0;
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (size_t i = 0; i < v.size(); ++i) {
    ref::V a = v[i], b = v[(i + 1) % v.size()], nxt = v[(i + 2) % v.size()];
    EXPECT_GT(ref::cross(b - a, nxt - b), 0.0) << "not strictly convex at vertex " << (i + 1) << ": " << ref::str(p);
    ref::V n = ref::fromVec(p.normal(int(i)));
    EXPECT_NEAR(ref::len(n), 1.0, 1e-5);
    ref::V expect = ref::unit(ref::V{(b - a).y, -(b - a).x});
    EXPECT_LT(ref::len(n - expect), 1e-5) << "normal " << i << " is not the outward unit normal of edge " << i;
    br = std::max(br, ref::len(a - ref::fromVec(p.centroid())));
    x0 = std::min(x0, a.x), x1 = std::max(x1, a.x), y0 = std::min(y0, a.y), y1 = std::max(y1, a.y);
  }
  EXPECT_NEAR(p.boundingRadius(), br, 1e-5 * br);
  EXPECT_EQ(p.bounds().lower.x, f32(x0));
  EXPECT_EQ(p.bounds().lower.y, f32(y0));
  EXPECT_EQ(p.bounds().upper.x, f32(x1));
  EXPECT_EQ(p.bounds().upper.y, f32(y1));
}

/// The stored polygon holds exactly the points `expected` (any rotation of the cycle), within tol.
void expectSameCycle(const sat::Polygon& p, std::vector<ref::V> expected, double tol) {
  ASSERT_EQ(size_t(p.count()), expected.size()) << ref::str(p);
  size_t start = 0;
  double best = 1e300;
  for (size_t k = 0; k < expected.size(); ++k) {
    double d = ref::len(ref::fromVec(p.vertex(0)) - expected[k]);
    if (d < best) best = d, start = k;
  }
  for (int i = 0; i < p.count(); ++i) {
    ref::V e = expected[(start + i) % expected.size()];
    EXPECT_LE(ref::len(ref::fromVec(p.vertex(i)) - e), tol) << "vertex " << i << " of " << ref::str(p)
                                                             << " expected " << ref::str(e);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// One test per status code.

TEST(Makers, TooFewPoints) {
  sat::Polygon p;
  std::vector<Vec2> two = {{0, 0}, {1, 0}};
  EXPECT_EQ(poly(two), Status::TooFewPoints);
  EXPECT_EQ(hullOf(two), Status::TooFewPoints);
  Vec2 one{0, 0};
  EXPECT_EQ(sat::makePolygon(&one, 0, &p), Status::TooFewPoints);
  EXPECT_EQ(sat::makeHull(&one, 0, &p), Status::TooFewPoints);
  // Four points, only two distinct after welding exact duplicates.
  Status s = poly({{0, 0}, {1, 0}, {1, 0}, {0, 0}});
  EXPECT_TRUE(s == Status::TooFewPoints || s == Status::ZeroArea) << sat::statusName(s);
  s = hullOf({{2, 3}, {2, 3}, {2, 3}});
  EXPECT_TRUE(s == Status::TooFewPoints || s == Status::ZeroArea) << sat::statusName(s);
}

TEST(Makers, TooManyPoints) {
  EXPECT_EQ(poly(ring(sat::kMaxPolygonVertices)), Status::Ok);
  EXPECT_EQ(poly(ring(sat::kMaxPolygonVertices + 1)), Status::TooManyPoints);
  EXPECT_EQ(hullOf(ring(300)), Status::TooManyPoints);
  // A hull input beyond kMaxHullInput is refused even though its hull is a square.
  std::vector<Vec2> cloud(size_t(sat::kMaxHullInput) + 1, Vec2{0.25f, 0.25f});
  cloud[0] = {-1, -1};
  cloud[1] = {1, -1};
  cloud[2] = {1, 1};
  cloud[3] = {-1, 1};
  EXPECT_EQ(hullOf(cloud), Status::TooManyPoints);
  cloud.resize(size_t(sat::kMaxHullInput));
  sat::Polygon p;
  EXPECT_EQ(hullOf(cloud, &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
}

TEST(Makers, NonFinite) {
  for (float bad : {kNaN, kInf, -kInf}) {
    std::vector<Vec2> s = square();
    s[2].x = bad;
    EXPECT_EQ(poly(s), Status::NonFinite);
    EXPECT_EQ(hullOf(s), Status::NonFinite);
    s = square();
    s[1].y = bad;
    EXPECT_EQ(poly(s), Status::NonFinite);
    sat::Circle c;
    EXPECT_EQ(sat::makeCircle({bad, 0}, 1.0f, &c), Status::NonFinite);
    EXPECT_EQ(sat::makeCircle({0, 0}, bad == -kInf ? kNaN : bad, &c), Status::NonFinite);
    sat::Capsule k;
    EXPECT_EQ(sat::makeCapsule({0, 0}, {1, bad}, 0.5f, &k), Status::NonFinite);
    EXPECT_EQ(sat::makeCapsule({0, 0}, {1, 0}, bad == -kInf ? kNaN : bad, &k), Status::NonFinite);
    sat::Polygon b;
    EXPECT_EQ(sat::makeBox(bad == -kInf ? kNaN : bad, 1.0f, &b), Status::NonFinite);
  }
}

TEST(Makers, OutOfRange) {
  float big = 2.0f * sat::kMaxCoordinate;
  std::vector<Vec2> s = square();
  s[0] = {-big, -1};
  EXPECT_EQ(poly(s), Status::OutOfRange);
  EXPECT_EQ(hullOf(s), Status::OutOfRange);
  sat::Circle c;
  EXPECT_EQ(sat::makeCircle({big, 0}, 1.0f, &c), Status::OutOfRange);
  EXPECT_EQ(sat::makeCircle({0, 0}, big, &c), Status::OutOfRange);
  sat::Capsule k;
  EXPECT_EQ(sat::makeCapsule({0, 0}, {0, -big}, 1.0f, &k), Status::OutOfRange);
  EXPECT_EQ(sat::makeCapsule({0, 0}, {1, 0}, big, &k), Status::OutOfRange);
  // At the limit itself: accepted.
  float lim = sat::kMaxCoordinate;
  EXPECT_EQ(poly({{-lim, -lim}, {lim, -lim}, {lim, lim}}), Status::Ok);
}

TEST(Makers, ZeroArea) {
  EXPECT_EQ(poly({{0, 0}, {1, 1}, {2, 2}, {3, 3}}), Status::ZeroArea);
  EXPECT_EQ(hullOf({{0, 0}, {1, 1}, {2, 2}, {3, 3}, {1.5f, 1.5f}}), Status::ZeroArea);
  // Collinear within the relative tolerance (1e-7 of the size off the line).
  EXPECT_EQ(poly({{0, 0}, {1, 0}, {2, 2e-7f}}), Status::ZeroArea);
  EXPECT_EQ(hullOf({{0, 0}, {1000, 0}, {2000, 1e-4f}, {500, -1e-4f}}), Status::ZeroArea);
}

TEST(Makers, SelfIntersecting) {
  EXPECT_EQ(poly({{0, 0}, {1, 1}, {1, 0}, {0, 1}}), Status::SelfIntersecting);  // bow tie
  std::vector<Vec2> star;                                                         // pentagram
  for (int i = 0; i < 5; ++i) star.push_back(ring(5)[(2 * i) % 5]);
  EXPECT_EQ(poly(star), Status::SelfIntersecting);
  // The same points as a cloud make a valid hull.
  sat::Polygon p;
  EXPECT_EQ(hullOf(star, &p), Status::Ok);
  EXPECT_EQ(p.count(), 5);
}

TEST(Makers, Concave) {
  std::vector<Vec2> arrow = {{0, 0}, {2, 1}, {0, 2}, {1, 1}};
  EXPECT_EQ(poly(arrow), Status::Concave);
  std::vector<Vec2> ell = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  EXPECT_EQ(poly(ell), Status::Concave);
  std::reverse(ell.begin(), ell.end());
  EXPECT_EQ(poly(ell), Status::Concave);
  sat::Polygon p;
  EXPECT_EQ(hullOf(arrow, &p), Status::Ok);
  EXPECT_EQ(p.count(), 3);
  EXPECT_EQ(hullOf(ell, &p), Status::Ok);
  EXPECT_EQ(p.count(), 5);
}

TEST(Makers, InvalidRadius) {
  sat::Circle c;
  EXPECT_EQ(sat::makeCircle({0, 0}, 0.0f, &c), Status::InvalidRadius);
  EXPECT_EQ(sat::makeCircle({0, 0}, -1.0f, &c), Status::InvalidRadius);
  sat::Capsule k;
  EXPECT_EQ(sat::makeCapsule({0, 0}, {1, 0}, 0.0f, &k), Status::InvalidRadius);
  EXPECT_EQ(sat::makeCapsule({0, 0}, {1, 0}, -0.5f, &k), Status::InvalidRadius);
  EXPECT_EQ(sat::makeCircle({1, 2}, 0.5f, &c), Status::Ok);
  EXPECT_EQ(c.center, (Vec2{1, 2}));
  EXPECT_EQ(c.radius, 0.5f);
}

TEST(Makers, ZeroLength) {
  sat::Capsule k;
  EXPECT_EQ(sat::makeCapsule({1, 1}, {1, 1}, 0.5f, &k), Status::ZeroLength);
  // Centres closer than the weld distance (relative to the size) coincide too.
  EXPECT_EQ(sat::makeCapsule({1, 1}, {1.000001f, 1}, 0.5f, &k), Status::ZeroLength);
  EXPECT_EQ(sat::makeCapsule({0, 0}, {1e-3f, 0}, 1e-4f, &k), Status::Ok) << "a tiny capsule is still a capsule";
  EXPECT_EQ(sat::makeCapsule({0, 0}, {0, 1}, 0.5f, &k), Status::Ok);
  EXPECT_EQ(k.center1, (Vec2{0, 0}));
  EXPECT_EQ(k.center2, (Vec2{0, 1}));
  EXPECT_EQ(k.radius, 0.5f);
}

TEST(Makers, InvalidTransform) {
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(1, 2, 0.3f, 2, -0.5f)), Status::Ok);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(kNaN, 0)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, kInf)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, kNaN)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, 0, 0.0f, 1.0f)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, 0, 1.0f, 1e-7f)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, 0, 1.0f, kNaN)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(2e6f, 0)), Status::InvalidTransform);
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, 0, 2e6f, 1.0f)), Status::InvalidTransform);
  sat::Transform unnormalized = sat::makeTransform(0, 0);
  unnormalized.q = {2.0f, 0.0f};
  EXPECT_EQ(sat::checkTransform(unnormalized), Status::InvalidTransform);
  // Found by fuzz_narrowphase (fuzz/crashes/swap-depth-unnormalized-rotation/crash-f508e2b8...): 4.7e-6 short of
  // unit length passed the old bound (1e-5) and gave swapped depths 0.016 apart for a circle 1,768 from its origin.
  unnormalized.q = {0.999995291f, -6.62796928e-10f};
  EXPECT_EQ(sat::checkTransform(unnormalized), Status::InvalidTransform);
  // Every cos/sin pair rounded to float is unit length within the bound: makeRot's and libm's.
  for (int i = 0; i < 200000; ++i) {
    const float angle = -100.0f + 0.001f * float(i);
    ASSERT_TRUE(sat::isValid(sat::makeRot(angle))) << angle;
    ASSERT_TRUE(sat::isValid(sat::Rot{std::cos(angle), std::sin(angle)})) << angle;
  }

  sat::Affine ok{1.0f, 0.5f, -0.3f, 2.0f, 10.0f, -4.0f};
  EXPECT_EQ(sat::checkTransform(ok), Status::Ok);
  EXPECT_EQ(sat::checkTransform(sat::toAffine(sat::makeTransform(3, 4, 1.0f, -2, 0.5f))), Status::Ok);
  sat::Affine collapsed{1.0f, 2.0f, 2.0f, 4.0f, 0.0f, 0.0f};  // columns parallel: det = 0
  EXPECT_EQ(sat::checkTransform(collapsed), Status::InvalidTransform);
  sat::Affine zero{0, 0, 0, 0, 0, 0};
  EXPECT_EQ(sat::checkTransform(zero), Status::InvalidTransform);
  sat::Affine nan{kNaN, 0, 0, 1, 0, 0};
  EXPECT_EQ(sat::checkTransform(nan), Status::InvalidTransform);
  sat::Affine far{1, 0, 0, 1, 0, 5e6f};
  EXPECT_EQ(sat::checkTransform(far), Status::InvalidTransform);
  // And the queries refuse them quietly: no overlap, empty manifold.
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(1, 1, &box), Status::Ok);
  sat::Transform bad = sat::makeTransform(0, 0, 0, 0.0f, 1.0f);
  EXPECT_FALSE(sat::overlap(box, sat::makeTransform(0, 0), box, bad));
  EXPECT_EQ(sat::collide(box, sat::makeTransform(0, 0), box, bad).pointCount, 0);
  EXPECT_EQ(sat::collide(box, sat::makeTransform(kNaN, 0), box, sat::makeTransform(0, 0)).pointCount, 0);
  sat::Shape s(box);
  EXPECT_EQ(sat::collide(s, collapsed, s, ok).pointCount, 0);
}

TEST(Makers, InvalidArgument) {
  std::vector<Vec2> s = square();
  sat::Polygon p;
  EXPECT_EQ(sat::makePolygon(nullptr, 4, &p), Status::InvalidArgument);
  EXPECT_EQ(sat::makePolygon(s.data(), -1, &p), Status::InvalidArgument);
  EXPECT_EQ(sat::makePolygon(s.data(), 4, nullptr), Status::InvalidArgument);
  EXPECT_EQ(sat::makeHull(nullptr, 4, &p), Status::InvalidArgument);
  EXPECT_EQ(sat::makeHull(s.data(), -5, &p), Status::InvalidArgument);
  EXPECT_EQ(sat::makeHull(s.data(), 4, nullptr), Status::InvalidArgument);
  EXPECT_EQ(sat::makeCircle({0, 0}, 1.0f, nullptr), Status::InvalidArgument);
  EXPECT_EQ(sat::makeCapsule({0, 0}, {1, 0}, 1.0f, nullptr), Status::InvalidArgument);
  EXPECT_EQ(sat::makeBox(1.0f, 1.0f, nullptr), Status::InvalidArgument);
}

TEST(Makers, FailedMakerLeavesOutputUsable) {
  // A refused input must not corrupt a polygon that already held a heap block.
  sat::Polygon p;
  ASSERT_EQ(poly(ring(40), &p), Status::Ok);
  EXPECT_NE(poly({{0, 0}, {1, 1}, {1, 0}, {0, 1}}, &p), Status::Ok);
  sat::Polygon q = p;  // copying and destroying it is safe (ASan checks)
  (void)q;
  ASSERT_EQ(poly(square(), &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
  expectWellFormed(p);
}

TEST(Makers, StatusNamesAndMessagesAreNonEmptyAndDistinct) {
  std::set<std::string> names, messages;
  for (int i = 0; i <= int(sat::kLastStatus); ++i) {
    Status s = Status(i);
    const char* name = sat::statusName(s);
    const char* msg = sat::statusMessage(s);
    ASSERT_NE(name, nullptr);
    ASSERT_NE(msg, nullptr);
    EXPECT_GT(std::string(name).size(), 1u) << i;
    EXPECT_GT(std::string(msg).size(), 10u) << i;
    names.insert(name);
    messages.insert(msg);
  }
  EXPECT_EQ(names.size(), size_t(int(sat::kLastStatus) + 1));
  EXPECT_EQ(messages.size(), size_t(int(sat::kLastStatus) + 1));
  EXPECT_EQ(std::string(sat::statusName(Status::Concave)), "Concave");
  EXPECT_EQ(std::string(sat::statusName(Status::Ok)), "Ok");
}

// ---------------------------------------------------------------------------------------------------------------
// Repairs and stored data.

TEST(Makers, WeldsNearDuplicatesRelativeToSize) {
  for (float scale : {1e-3f, 1.0f, 1e3f}) {
    std::vector<Vec2> s = square(scale);
    std::vector<Vec2> in = {s[0], s[1], {s[1].x + 2e-6f * scale, s[1].y + 1e-6f * scale}, s[2], s[3]};
    sat::Polygon p;
    ASSERT_EQ(poly(in, &p), Status::Ok) << scale;
    EXPECT_EQ(p.count(), 4) << "near-duplicate not welded at scale " << scale << ": " << ref::str(p);
    expectWellFormed(p);
    ASSERT_EQ(hullOf(in, &p), Status::Ok);
    EXPECT_EQ(p.count(), 4) << scale;
    // Points 1e-2 of the size apart are distinct at every scale: no absolute weld distance.
    std::vector<Vec2> oct = ring(8, scale);
    oct.insert(oct.begin() + 1, Vec2{f32(scale * std::cos(0.02)), f32(scale * std::sin(0.02))});
    ASSERT_EQ(poly(oct, &p), Status::Ok) << scale;
    EXPECT_EQ(p.count(), 9) << scale << ": " << ref::str(p);
  }
}

TEST(Makers, DropsCollinearPoints) {
  // Square with every edge midpoint and a point at a quarter of the bottom edge.
  std::vector<Vec2> in = {{-1, -1}, {-0.5f, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
  sat::Polygon p;
  ASSERT_EQ(poly(in, &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
  expectSameCycle(p, {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, 0.0);
  expectWellFormed(p);
  // Nearly collinear (1e-7 of the size off the edge) is dropped too.
  in = {{-1, -1}, {0, -1.0f - 1e-7f}, {1, -1}, {1, 1}, {-1, 1}};
  ASSERT_EQ(poly(in, &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
}

// Runs of nearly collinear points along every edge of a square (each point 2e-6 in or out of its edge; the
// tolerance is 1e-5 of the size, 2.8e-5), the input starting anywhere in the bottom edge's run, so the cleaning
// drops the ring's first and last vertices and whole runs across its start. Every run goes, and only the corners
// stay, from makePolygon and from makeHull of the same points.
TEST(Makers, DropsCollinearRunsAcrossTheRingsStart) {
  const Vec2 corners[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  int checked = 0;
  for (int perEdge : {1, 2, 7, 60, 250}) {
    std::vector<Vec2> square;
    for (int e = 0; e < 4; ++e) {
      const Vec2 a = corners[e], b = corners[(e + 1) % 4];
      const Vec2 inward{-(b.y - a.y) / 2.0f, (b.x - a.x) / 2.0f};  // unit, towards the square's inside
      square.push_back(a);
      for (int k = 1; k <= perEdge; ++k) {
        const float t = float(k) / float(perEdge + 1), off = (k % 2 == 0 ? 2e-6f : -2e-6f);
        square.push_back({a.x + t * (b.x - a.x) + off * inward.x, a.y + t * (b.y - a.y) + off * inward.y});
      }
    }
    for (int shift : {0, 1, (perEdge + 1) / 2, perEdge}) {
      std::vector<Vec2> in(square.begin() + shift, square.end());
      in.insert(in.end(), square.begin(), square.begin() + shift);
      sat::Polygon p, h;
      ASSERT_EQ(poly(in, &p), Status::Ok) << perEdge << " per edge, shift " << shift;
      expectSameCycle(p, {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, 0.0);
      ASSERT_EQ(hullOf(in, &h), Status::Ok) << perEdge << " per edge, shift " << shift;
      expectSameCycle(h, {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, 0.0);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 20);
}
TEST(Makers, StoresClockwiseInputCounterClockwise) {
  std::vector<Vec2> cw = {{0, 0}, {0, 2}, {3, 2}, {4, 0}};
  sat::Polygon p;
  ASSERT_EQ(poly(cw, &p), Status::Ok);
  expectWellFormed(p);
  expectSameCycle(p, {{0, 0}, {4, 0}, {3, 2}, {0, 2}}, 0.0);
  EXPECT_NEAR(p.area(), 7.0, 1e-6);
}

TEST(Makers, AcceptsClosedRing) {
  std::vector<Vec2> closed = {{0, 0}, {2, 0}, {2, 1}, {0, 1}, {0, 0}};
  sat::Polygon p;
  ASSERT_EQ(poly(closed, &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
  expectWellFormed(p);
  std::reverse(closed.begin(), closed.end());
  ASSERT_EQ(poly(closed, &p), Status::Ok);
  EXPECT_EQ(p.count(), 4);
}

TEST(Makers, BoxMatchesItsDefinition) {
  sat::Polygon b;
  ASSERT_EQ(sat::makeBox(2.0f, 0.5f, &b, {1.0f, -3.0f}, 0.6f), Status::Ok);
  expectWellFormed(b);
  std::vector<ref::V> want;
  double c = std::cos(0.6f), s = std::sin(0.6f);
  for (ref::V l : {ref::V{-2, -0.5}, ref::V{2, -0.5}, ref::V{2, 0.5}, ref::V{-2, 0.5}})
    want.push_back({1.0 + c * l.x - s * l.y, -3.0 + s * l.x + c * l.y});
  expectSameCycle(b, want, 1e-6);
  EXPECT_NEAR(b.area(), 4.0, 1e-5);
  EXPECT_NEAR(b.centroid().x, 1.0, 1e-6);
  EXPECT_NEAR(b.centroid().y, -3.0, 1e-6);
  EXPECT_NE(sat::makeBox(0.0f, 1.0f, &b), Status::Ok);
  EXPECT_NE(sat::makeBox(1.0f, -1.0f, &b), Status::Ok);
}

TEST(Makers, HullOfRandomCloudsMatchesReferenceHull) {
  Rng rng(0x4a11u);
  for (int iter = 0; iter < 3000; ++iter) {
    int n = uniformInt(rng, 3, 200);
    double scale = std::exp(uniform(rng, std::log(1e-2), std::log(1e3)));
    double ox = uniform(rng, -10, 10) * scale, oy = uniform(rng, -10, 10) * scale;
    std::vector<Vec2> pts(n);
    std::vector<ref::V> refPts(n);
    bool disc = chance(rng, 0.5);
    for (int i = 0; i < n; ++i) {
      double x = uniform(rng, -1, 1), y = uniform(rng, -1, 1);
      if (disc) {
        double a = uniform(rng, 0, 2 * kPi), r = std::sqrt(uniform(rng, 0, 1));
        x = r * std::cos(a);
        y = r * std::sin(a);
      }
      pts[i] = {f32(ox + scale * x), f32(oy + scale * y)};
      refPts[i] = ref::fromVec(pts[i]);
    }
    std::vector<ref::V> h = ref::hull(refPts);
    sat::Polygon p;
    Status s = sat::makeHull(pts.data(), n, &p);
    if (h.size() < 3 || std::fabs(ref::signedArea(h)) < 1e-3 * scale * scale) continue;  // degenerate draw
    ASSERT_EQ(s, Status::Ok) << "cloud of " << n;
    double size = 0;
    for (ref::V v : h) size = std::max(size, ref::len(v - h[0]));
    // Every stored vertex is a reference hull vertex; every reference hull vertex missing from the stored
    // polygon lies within the weld/collinear tolerance of its outline.
    std::vector<ref::V> stored;
    for (int i = 0; i < p.count(); ++i) stored.push_back(ref::fromVec(p.vertex(i)));
    for (ref::V v : stored) {
      double best = 1e300;
      for (ref::V w : h) best = std::min(best, ref::len(v - w));
      EXPECT_LE(best, 2e-5 * size) << "stored vertex " << ref::str(v) << " is not a hull vertex";
    }
    for (ref::V w : h) {
      double d = 1e300;
      for (size_t i = 0; i < stored.size(); ++i)
        d = std::min(d, ref::pointSegmentDistance(w, stored[i], stored[(i + 1) % stored.size()]));
      EXPECT_LE(d, 3e-5 * size) << "hull vertex " << ref::str(w) << " dropped though it sticks out by " << d;
    }
    EXPECT_NEAR(p.area(), ref::signedArea(h), 1e-4 * std::fabs(ref::signedArea(h)));
    expectWellFormed(p);
    if (HasFailure()) {
      ADD_FAILURE() << "cloud iteration " << iter << ", " << n << " points, stored " << ref::str(p);
      break;
    }
  }
}

TEST(Makers, HullOfGridsAndDuplicatesKeepsOnlyCorners) {
  // Integer grids put many exactly collinear points on every hull edge, and repeat points: only corners remain.
  for (int n : {2, 3, 10, 40}) {
    std::vector<Vec2> pts;
    for (int rep = 0; rep < 2; ++rep)
      for (int i = 0; i <= n; ++i)
        for (int j = 0; j <= n; ++j) pts.push_back({f32(i - 0.5 * n), f32(j * 2.0)});
    sat::Polygon p;
    ASSERT_EQ(hullOf(pts, &p), Status::Ok) << n;
    expectSameCycle(p, {{-0.5 * n, 0}, {0.5 * n, 0}, {0.5 * n, 2.0 * n}, {-0.5 * n, 2.0 * n}}, 0.0);
    expectWellFormed(p);
  }
  // A triangle's worth of points along its edges, shuffled, plus interior points.
  Rng rng(0x4a13u);
  std::vector<Vec2> tri;
  for (int i = 0; i <= 50; ++i) {
    double t = i / 50.0;
    tri.push_back({f32(4 * t), 0.0f});
    tri.push_back({f32(4 - 4 * t), f32(3 * t)});
    tri.push_back({0.0f, f32(3 - 3 * t)});
    tri.push_back({f32(uniform(rng, 0.1, 1.0)), f32(uniform(rng, 0.1, 1.0))});
  }
  std::shuffle(tri.begin(), tri.end(), rng);
  sat::Polygon p;
  ASSERT_EQ(hullOf(tri, &p), Status::Ok);
  expectSameCycle(p, {{0, 0}, {4, 0}, {0, 3}}, 0.0);
}

TEST(Makers, RandomConvexOutlinesAreKeptAsGiven) {
  // The reference hull of random points, given in order (either winding, sometimes closed), is accepted and
  // stored as the same cycle, counter-clockwise.
  Rng rng(0x4a12u);
  for (int iter = 0; iter < 2000; ++iter) {
    std::vector<ref::V> cloud;
    int n = uniformInt(rng, 3, 30);
    for (int i = 0; i < n; ++i) {
      double a = uniform(rng, 0, 2 * kPi);
      Vec2 v{f32(3 * std::cos(a)), f32(2 * std::sin(a))};  // float first: the maker sees floats
      cloud.push_back(ref::fromVec(v));
    }
    std::vector<ref::V> h = ref::hull(cloud);
    if (h.size() < 3) continue;
    // Drop points the maker may legitimately merge, so the expected cycle is unambiguous.
    bool tight = false;
    for (size_t i = 0; i < h.size(); ++i) {
      ref::V a = h[(i + h.size() - 1) % h.size()], b = h[i], c = h[(i + 1) % h.size()];
      if (ref::len(c - b) < 2e-3 || std::fabs(ref::cross(b - a, c - a)) / ref::len(c - a) < 2e-4) tight = true;
    }
    if (tight) continue;
    std::vector<Vec2> in;
    for (ref::V v : h) in.push_back({f32(v.x), f32(v.y)});
    if (chance(rng, 0.5)) std::reverse(in.begin(), in.end());
    std::rotate(in.begin(), in.begin() + uniformInt(rng, 0, int(in.size()) - 1), in.end());
    if (chance(rng, 0.3)) in.push_back(in.front());
    sat::Polygon p;
    ASSERT_EQ(poly(in, &p), Status::Ok) << iter;
    expectSameCycle(p, h, 0.0);
    expectWellFormed(p);
    if (HasFailure()) break;
  }
}

TEST(Makers, ExtentAndLocalBounds) {
  sat::Polygon p;
  ASSERT_EQ(poly({{1, 1}, {4, 1}, {4, 3}}, &p), Status::Ok);
  sat::Shape sp(p);
  EXPECT_NEAR(sat::extentFromOrigin(sp), 5.0, 1e-6);
  sat::AABB b = sat::localBounds(sp);
  EXPECT_EQ(b.lower, (Vec2{1, 1}));
  EXPECT_EQ(b.upper, (Vec2{4, 3}));
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({3, 4}, 1.0f, &c), Status::Ok);
  EXPECT_NEAR(sat::extentFromOrigin(sat::Shape(c)), 6.0, 1e-6);
  b = sat::localBounds(sat::Shape(c));
  EXPECT_EQ(b.lower, (Vec2{2, 3}));
  EXPECT_EQ(b.upper, (Vec2{4, 5}));
  sat::Capsule k;
  ASSERT_EQ(sat::makeCapsule({-3, 0}, {0, 4}, 0.5f, &k), Status::Ok);
  EXPECT_NEAR(sat::extentFromOrigin(sat::Shape(k)), 4.5, 1e-6);
  b = sat::localBounds(sat::Shape(k));
  EXPECT_EQ(b.lower, (Vec2{-3.5f, -0.5f}));
  EXPECT_EQ(b.upper, (Vec2{0.5f, 4.5f}));
}

// ---------------------------------------------------------------------------------------------------------------
// Polygon value semantics, inline (<= 8 vertices) and heap (> 8).

void expectEqualPolygons(const sat::Polygon& a, const sat::Polygon& b) {
  ASSERT_EQ(a.count(), b.count());
  for (int i = 0; i < a.count(); ++i) {
    EXPECT_EQ(a.vertex(i), b.vertex(i));
    EXPECT_EQ(a.normal(i), b.normal(i));
  }
  EXPECT_EQ(a.centroid(), b.centroid());
  EXPECT_EQ(a.area(), b.area());
  EXPECT_EQ(a.boundingRadius(), b.boundingRadius());
}

TEST(Makers, PolygonCopyAndMoveInlineAndHeap) {
  for (int n : {4, 8, 9, 40, 256}) {
    sat::Polygon original;
    ASSERT_EQ(poly(ring(n, 2.0f), &original), Status::Ok);
    ASSERT_EQ(original.count(), n);
    expectWellFormed(original);
    sat::Polygon keep = original;  // copy construction
    expectEqualPolygons(keep, original);
    if (n > sat::kInlineVertices) {
      EXPECT_NE(keep.vertices(), original.vertices()) << "copy shares the heap block";
    }

    sat::Polygon moved(std::move(original));  // move construction
    expectEqualPolygons(moved, keep);
    sat::Polygon assigned;
    ASSERT_EQ(poly(square(), &assigned), Status::Ok);
    assigned = keep;  // copy assignment over an inline polygon
    expectEqualPolygons(assigned, keep);
    sat::Polygon big;
    ASSERT_EQ(poly(ring(30), &big), Status::Ok);
    big = keep;  // copy assignment over a heap polygon
    expectEqualPolygons(big, keep);
    big = std::move(assigned);  // move assignment
    expectEqualPolygons(big, keep);
    const sat::Polygon& self = big;
    big = self;  // self assignment
    expectEqualPolygons(big, keep);
    original = keep;  // a moved-from polygon can be assigned again
    expectEqualPolygons(original, keep);

    // In a vector (reallocations move them) and inside Shape.
    std::vector<sat::Polygon> many;
    for (int i = 0; i < 20; ++i) many.push_back(keep);
    for (const sat::Polygon& q : many) expectEqualPolygons(q, keep);
    sat::Shape s(keep);
    sat::Shape t = s;
    sat::Shape u(std::move(s));
    expectEqualPolygons(t.polygon, keep);
    expectEqualPolygons(u.polygon, keep);
    EXPECT_EQ(t.type, sat::ShapeType::Polygon);
    // The copy still collides like the original.
    sat::Transform xf = sat::makeTransform(0.5f, 0.25f, 0.3f);
    sat::Manifold m1 = sat::collide(keep, sat::Transform{}, keep, xf);
    sat::Manifold m2 = sat::collide(t.polygon, sat::Transform{}, u.polygon, xf);
    EXPECT_EQ(m1.depth, m2.depth);
    EXPECT_EQ(m1.normal, m2.normal);
  }
}

}  // namespace
}  // namespace testing_sat
