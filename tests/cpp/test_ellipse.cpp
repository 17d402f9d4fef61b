// Circles and capsules under non-uniform scale (ellipses, stretched capsules) against an oracle written from the
// definitions, in double: a shape is the hull of its core points (polygon vertices, capsule cap centres, circle
// centre) plus the ellipse L * unit disc (L = the frame's linear part times the radius), with support function
// h(n) = max <p_i, n> + |L^T n|. The penetration depth is the minimum over unit n of h_A(n) + h_B(-n) (dense angle
// sampling plus golden-section refinement of the best local minima), and a point's signed distance to a shape is
// the maximum over n of <x, n> - h(n). Nothing here calls the code under test except collide() / overlap().
//
// SAT_ELLIPSE_PAIRS (environment) sets the number of random pairs (default 5,000; the 100,000 of a full run take
// several minutes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "ellipse_oracle.h"
#include "random_shapes.h"
#include "reference.h"
#include "sat/sat.h"
#include "sat/world.h"

namespace {

using namespace ellipse_oracle;
using ref::V;
using Rng = std::mt19937;

double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
bool chance(Rng& rng, double p) { return uniform(rng, 0.0, 1.0) < p; }
float f32(double v) { return ref::f32(v); }

sat::Shape randomRounded(Rng& rng) {
  if (chance(rng, 0.5)) {
    sat::Circle c;
    EXPECT_EQ(sat::makeCircle({f32(uniform(rng, -0.5, 0.5)), f32(uniform(rng, -0.5, 0.5))},
                              f32(std::exp(uniform(rng, std::log(0.2), std::log(2.0)))), &c),
              sat::Status::Ok);
    return c;
  }
  sat::Capsule c;
  const double half = std::exp(uniform(rng, std::log(0.1), std::log(2.0))), a = uniform(rng, -kPi, kPi);
  const double ox = uniform(rng, -0.3, 0.3), oy = uniform(rng, -0.3, 0.3);
  EXPECT_EQ(sat::makeCapsule({f32(ox - half * std::cos(a)), f32(oy - half * std::sin(a))},
                             {f32(ox + half * std::cos(a)), f32(oy + half * std::sin(a))},
                             f32(std::exp(uniform(rng, std::log(0.05), std::log(1.0)))), &c),
            sat::Status::Ok);
  return c;
}

sat::Shape randomPolygonShape(Rng& rng) {
  for (;;) {
    const int n = std::uniform_int_distribution<int>(3, 10)(rng);
    const double scale = std::exp(uniform(rng, std::log(0.3), std::log(3.0))), aspect = uniform(rng, 0.2, 1.0);
    std::vector<sat::Vec2> pts(n);
    for (int i = 0; i < n; ++i) {
      const double a = 2.0 * kPi * (i + uniform(rng, 0.0, 0.8)) / n;
      pts[i] = {f32(scale * std::cos(a)), f32(scale * aspect * std::sin(a))};
    }
    sat::Polygon p;
    if (sat::makeHull(pts.data(), n, &p) == sat::Status::Ok) return p;
  }
}

/// Rotation, and a scale of aspect up to 1:20 (`stretched`) or unit / uniform; either axis may mirror.
sat::Transform randomTransform(Rng& rng, bool stretched) {
  const double base = std::exp(uniform(rng, std::log(0.3), std::log(3.0)));
  double sx = base, sy = base;
  if (stretched) {
    const double ratio = std::exp(uniform(rng, 0.0, std::log(20.0)));
    if (chance(rng, 0.5)) {
      sx *= ratio;
    } else {
      sy *= ratio;
    }
    const double norm = std::sqrt(sx * sy) / base;  // keep the area near base^2
    sx /= norm;
    sy /= norm;
  } else if (chance(rng, 0.5)) {
    sx = sy = 1.0;
  }
  if (chance(rng, 0.25)) sx = -sx;
  if (chance(rng, 0.25)) sy = -sy;
  return sat::makeTransform(f32(uniform(rng, -5, 5)), f32(uniform(rng, -5, 5)), f32(uniform(rng, -kPi, kPi)),
                            f32(sx), f32(sy));
}

/// A skewed frame: rotation, non-uniform scale and a shear.
sat::Affine randomAffine(Rng& rng) {
  const sat::Transform t = randomTransform(rng, true);
  sat::Affine m = sat::toAffine(t);
  const double shear = uniform(rng, -0.8, 0.8);
  m.c = f32(m.c + shear * m.a);
  m.d = f32(m.d + shear * m.b);
  return m;
}

/// Turns the capsule so that its segment runs along a random face of the polygon, and puts it on that face's
/// outside, touching: the flat side on the face (two contact points).
void layFlat(Rng& rng, const sat::Shape& a, sat::Transform* xfA, const sat::Shape& b, sat::Transform* xfB) {
  const bool capA = a.type == sat::ShapeType::Capsule;
  const sat::Shape& poly = capA ? b : a;
  const sat::Shape& cap = capA ? a : b;
  sat::Transform* xfP = capA ? xfB : xfA;
  sat::Transform* xfC = capA ? xfA : xfB;
  const int i = std::uniform_int_distribution<int>(0, poly.polygon.count() - 1)(rng);
  const V v0 = ref::apply(*xfP, poly.polygon.vertex(i));
  const V v1 = ref::apply(*xfP, poly.polygon.vertex((i + 1) % poly.polygon.count()));
  const V e = v1 - v0;
  const V d = ref::apply(*xfC, cap.capsule.center2) - ref::apply(*xfC, cap.capsule.center1);
  const double turn = std::atan2(ref::cross(d, e), ref::dot(d, e));
  const double angle = std::atan2(double(xfC->q.s), double(xfC->q.c)) + turn;
  *xfC = sat::makeTransform(xfC->p.x, xfC->p.y, f32(angle), xfC->scale.x, xfC->scale.y);
  // Outward normal of the face (the hull's centre is on its inside).
  OShape op = oracleShape(poly, *xfP);
  V c{0, 0};
  for (V q : op.pts) c = c + q;
  c = (1.0 / double(op.pts.size())) * c;
  V nrm = ref::unit(V{e.y, -e.x});
  if (ref::dot(nrm, v0 - c) < 0.0) nrm = -nrm;
  // The capsule's centre to the face's midpoint plus its own half thickness along the normal.
  const OShape oc = oracleShape(cap, *xfC);
  const V mid = 0.5 * (oc.pts[0] + oc.pts[1]);
  const double half = oc.h(-nrm) + ref::dot(mid, nrm);
  const V target = 0.5 * (v0 + v1) + half * nrm;
  xfC->p = {f32(xfC->p.x + (target.x - mid.x)), f32(xfC->p.y + (target.y - mid.y))};
}

struct Stats {
  int pairs = 0, touching = 0, apart = 0, twoPoints = 0, nearTouching = 0;
};

template <class X>
void checkPair(const sat::Shape& a, const X& xfA, const sat::Shape& b, const X& xfB, Stats* st, int index) {
  const OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
  V on;
  const double depth = oracleDepth(oa, ob, &on);
  const double S = oa.size + ob.size, slack = 1.0e-4 * S;
  const sat::Manifold m = sat::collide(a, xfA, b, xfB);
  const bool hit = sat::overlap(a, xfA, b, xfB);
  ++st->pairs;
  std::string what;
  if constexpr (std::is_same_v<X, sat::Transform>) what = testing_sat::describeCase(a, xfA, b, xfB);
  SCOPED_TRACE(::testing::Message() << what << "\n pair " << index << " oracle depth " << depth << " size " << S
                                    << " impl depth " << m.depth << " points " << m.pointCount);
  EXPECT_EQ(hit, m.pointCount > 0);
  if (std::fabs(depth) < 1e-3 * S) ++st->nearTouching;
  if (depth > slack) {
    ASSERT_GT(m.pointCount, 0) << "oracle overlaps, implementation apart";
  } else if (depth < -slack) {
    ASSERT_EQ(m.pointCount, 0) << "oracle apart, implementation overlaps";
  }
  if (m.pointCount == 0) {
    ++st->apart;
    return;
  }
  ++st->touching;
  if (m.pointCount == 2) ++st->twoPoints;
  EXPECT_NEAR(m.depth, depth, slack);
  const V n = ref::unit(ref::fromVec(m.normal));
  EXPECT_NEAR(ref::len(ref::fromVec(m.normal)), 1.0, 1e-6);
  // The normal is a minimum direction: the depth along it is the minimum.
  EXPECT_LE(oa.h(n) + ob.h(-n), depth + slack) << "normal (" << n.x << ", " << n.y << ") oracle (" << on.x << ", "
                                                << on.y << ")";
  // Moving B by normal * (depth + eps) separates.
  OShape moved = ob;
  const double push = double(m.depth) + 2.0 * slack;
  for (V& p : moved.pts) p = p + push * n;
  EXPECT_LT(oracleDepth(oa, moved, nullptr, 4096), 0.0);
  // Each contact point is midway between the surfaces: +- depth / 2 along the normal lies on each boundary.
  for (int i = 0; i < m.pointCount; ++i) {
    const V p = ref::fromVec(m.points[i].point);
    const double d = m.points[i].depth;
    EXPECT_LE(d, depth + slack);
    EXPECT_NEAR(oracleSignedDistance(oa, p + (0.5 * d) * n), 0.0, slack) << "point " << i;
    EXPECT_NEAR(oracleSignedDistance(ob, p - (0.5 * d) * n), 0.0, slack) << "point " << i;
  }
  if (m.pointCount == 2) {
    EXPECT_NE(m.points[0].id, m.points[1].id);
  }
}

int pairCount() {
  const char* env = std::getenv("SAT_ELLIPSE_PAIRS");
  return env ? std::atoi(env) : 5000;
}

// Every pair kind with a stretched rounded shape on either side (or both), Transform frames: random placements
// from deep overlap to apart, a quarter slid to within +-3e-4 of the sizes of touching.
TEST(Ellipse, RandomPairsMatchOracle) {
  Rng rng(0xe11195u);
  Stats st;
  const int count = pairCount();
  for (int i = 0; i < count && !::testing::Test::HasFatalFailure(); ++i) {
    const int kindA = std::uniform_int_distribution<int>(0, 2)(rng), kindB = std::uniform_int_distribution<int>(0, 2)(rng);
    sat::Shape a = kindA == 2 ? randomPolygonShape(rng) : randomRounded(rng);
    sat::Shape b = kindB == 2 ? randomPolygonShape(rng) : randomRounded(rng);
    if (kindA == 2 && kindB == 2) b = randomRounded(rng);
    // At least one rounded shape stretched.
    const bool roundA = a.type != sat::ShapeType::Polygon, roundB = b.type != sat::ShapeType::Polygon;
    bool stretchA = roundA && chance(rng, 0.7), stretchB = roundB && chance(rng, 0.7);
    if (!stretchA && !stretchB) (roundA ? stretchA : stretchB) = true;
    sat::Transform xfA = randomTransform(rng, stretchA || (!roundA && chance(rng, 0.3)));
    sat::Transform xfB = randomTransform(rng, stretchB || (!roundB && chance(rng, 0.3)));
    // Put B near A: from deep overlap to apart.
    OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
    const double reach = oa.size + ob.size, ang = uniform(rng, -kPi, kPi), dist = reach * uniform(rng, 0.0, 1.1);
    V ca = oa.pts[0], cb = ob.pts[0];
    V shift = (ca + dist * dirOf(ang)) - cb;
    xfB.p = {f32(xfB.p.x + shift.x), f32(xfB.p.y + shift.y)};
    const bool flat = (a.type == sat::ShapeType::Capsule && b.type == sat::ShapeType::Polygon) ||
                      (a.type == sat::ShapeType::Polygon && b.type == sat::ShapeType::Capsule);
    bool laid = false;
    if (flat && chance(rng, 0.4)) {
      layFlat(rng, a, &xfA, b, &xfB);
      oa = oracleShape(a, xfA);
      laid = true;
    }
    if (chance(rng, 0.25) || laid) {
      V n;
      const double d = oracleDepth(oa, oracleShape(b, xfB), &n, 4096);
      const double t = d + uniform(rng, -3e-4, 3e-4) * reach;
      xfB.p = {f32(xfB.p.x + t * n.x), f32(xfB.p.y + t * n.y)};
    }
    checkPair(a, xfA, b, xfB, &st, i);
  }
  std::printf("ellipse pairs %d: touching %d (two points %d), apart %d, near touching %d\n", st.pairs, st.touching,
              st.twoPoints, st.apart, st.nearTouching);
  EXPECT_GT(st.touching, st.pairs / 4);
  EXPECT_GT(st.apart, st.pairs / 10);
  EXPECT_GT(st.twoPoints, 0);
  EXPECT_GT(st.nearTouching, st.pairs / 20);
}

// The same through skewed (Affine) frames.
TEST(Ellipse, RandomAffinePairsMatchOracle) {
  Rng rng(0xaff1e5u);
  Stats st;
  const int count = pairCount() / 5;
  for (int i = 0; i < count && !::testing::Test::HasFatalFailure(); ++i) {
    sat::Shape a = chance(rng, 0.5) ? randomPolygonShape(rng) : randomRounded(rng);
    sat::Shape b = randomRounded(rng);
    if (chance(rng, 0.5)) std::swap(a, b);
    sat::Affine xfA = randomAffine(rng), xfB = randomAffine(rng);
    OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
    const double reach = oa.size + ob.size, ang = uniform(rng, -kPi, kPi), dist = reach * uniform(rng, 0.0, 1.1);
    V shift = (oa.pts[0] + dist * dirOf(ang)) - ob.pts[0];
    xfB.tx = f32(xfB.tx + shift.x);
    xfB.ty = f32(xfB.ty + shift.y);
    checkPair(a, xfA, b, xfB, &st, i);
  }
  std::printf("affine ellipse pairs %d: touching %d, apart %d\n", st.pairs, st.touching, st.apart);
  EXPECT_GT(st.touching, st.pairs / 4);
  EXPECT_GT(st.apart, st.pairs / 10);
}

// A stretched capsule lying flat on a box gives two contact points, one per cap, at the box's face.
TEST(Ellipse, StretchedCapsuleOnBoxHasTwoPoints) {
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(5.0f, 1.0f, &box), sat::Status::Ok);
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({-1.0f, 0.0f}, {1.0f, 0.0f}, 0.5f, &cap), sat::Status::Ok);
  // Scale (2, 0.5): segment -2..2, ellipse semi-axes 1 x 0.25. Bottom at y = 1.2 - 0.25 = 0.95: 0.05 deep.
  const sat::Manifold m = sat::collide(box, sat::makeTransform(0, 0), cap, sat::makeTransform(0.0f, 1.2f, 0.0f, 2.0f, 0.5f));
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_NEAR(m.depth, 0.05f, 1e-5f);
  EXPECT_NEAR(m.normal.x, 0.0f, 1e-6f);
  EXPECT_NEAR(m.normal.y, 1.0f, 1e-6f);
  EXPECT_NEAR(std::fabs(m.points[0].point.x - m.points[1].point.x), 4.0f, 1e-4f);
  for (int i = 0; i < 2; ++i) EXPECT_NEAR(m.points[i].point.y, 0.975f, 1e-5f);
}

// An ellipse against a wall: the depth is the semi-axis along the wall's normal, not the enclosing radius.
TEST(Ellipse, EllipseDepthUsesTheSemiAxisAlongTheNormal) {
  sat::Polygon wall;
  ASSERT_EQ(sat::makeBox(10.0f, 1.0f, &wall), sat::Status::Ok);
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 1.0f, &c), sat::Status::Ok);
  // Semi-axes 3 (x) and 0.5 (y); centre at y = 1.4 above the wall's top face (y = 1): bottom at 0.9, 0.1 deep.
  const sat::Manifold m = sat::collide(wall, sat::makeTransform(0, 0), c, sat::makeTransform(0.0f, 1.4f, 0.0f, 3.0f, 0.5f));
  ASSERT_EQ(m.pointCount, 1);
  EXPECT_NEAR(m.depth, 0.1f, 1e-5f);
  EXPECT_NEAR(m.points[0].point.x, 0.0f, 1e-5f);
  EXPECT_NEAR(m.points[0].point.y, 0.95f, 1e-5f);
  // Rotated a quarter turn, the long axis is vertical: 2.5 deep.
  const sat::Manifold r = sat::collide(wall, sat::makeTransform(0, 0), c,
                                       sat::makeTransform(0.0f, 1.4f, 1.5707963267948966f, 3.0f, 0.5f));
  EXPECT_NEAR(r.depth, 2.6f, 1e-4f);
  // Clear of the wall for the ellipse, inside the enclosing circle of radius 3.
  EXPECT_FALSE(sat::overlap(wall, sat::makeTransform(0, 0), c, sat::makeTransform(0.0f, 2.0f, 0.0f, 3.0f, 0.5f)));
  EXPECT_FALSE(sat::overlap(wall, sat::makeTransform(0, 0), c, sat::makeTransform(0.0f, 1.6f, 0.0f, 3.0f, 0.5f)));
}

// A scale a hair from uniform takes the exact path and agrees with the circle path of the uniform scale.
TEST(Ellipse, NearUniformScaleAgreesWithTheCirclePath) {
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(1.0f, 1.0f, &box), sat::Status::Ok);
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({-0.5f, 0.1f}, {0.7f, -0.2f}, 0.4f, &cap), sat::Status::Ok);
  Rng rng(7);
  for (int i = 0; i < 500; ++i) {
    const sat::Transform xfA = sat::makeTransform(0, 0, f32(uniform(rng, -3, 3)));
    const float x = f32(uniform(rng, -2.5, 2.5)), y = f32(uniform(rng, -2.5, 2.5)), ang = f32(uniform(rng, -3, 3));
    const sat::Manifold u = sat::collide(box, xfA, cap, sat::makeTransform(x, y, ang, 1.5f, 1.5f));
    const sat::Manifold e = sat::collide(box, xfA, cap, sat::makeTransform(x, y, ang, 1.5f, 1.5000002f));
    if (u.pointCount > 0 && u.depth < 1e-3f) continue;  // touching: either answer
    ASSERT_EQ(u.pointCount > 0, e.pointCount > 0) << i;
    if (u.pointCount == 0) continue;
    EXPECT_NEAR(u.depth, e.depth, 2e-5f) << i;
    EXPECT_NEAR(u.normal.x, e.normal.x, 1e-3f) << i;
    EXPECT_NEAR(u.normal.y, e.normal.y, 1e-3f) << i;
  }
}

}  // namespace

namespace {

using namespace ellipse_oracle;
using ref::V;

// Point containment of stretched circles and capsules against the oracle's signed distance (points within a
// hair of the boundary may go either way).
TEST(Ellipse, ContainsPointMatchesOracle) {
  Rng rng(0xc0a7a1u);
  int inside = 0, outside = 0;
  for (int i = 0; i < 4000; ++i) {
    const sat::Shape s = randomRounded(rng);
    const sat::Transform xf = randomTransform(rng, true);
    const OShape o = oracleShape(s, xf);
    const V c = o.pts[0];
    const V q = c + uniform(rng, 0.0, 1.3 * o.size) * dirOf(uniform(rng, -kPi, kPi));
    const sat::Vec2 p{f32(q.x), f32(q.y)};
    const double sd = oracleSignedDistance(o, ref::fromVec(p));
    const bool in = sat::containsPoint(s, xf, p);
    if (std::fabs(sd) < 1e-4 * o.size) continue;
    EXPECT_EQ(in, sd < 0.0) << "case " << i << " signed distance " << sd;
    (sd < 0.0 ? inside : outside) += 1;
    EXPECT_EQ(sat::containsPoint(s, sat::toAffine(xf), p), in) << "case " << i;
  }
  EXPECT_GT(inside, 500);
  EXPECT_GT(outside, 500);
}

// Raycasts: a hit lies on the boundary, the ray is outside just before it, the normal is the oracle's outward
// normal there; a miss (or a ray starting inside) never enters the shape before maxFraction.
TEST(Ellipse, RaycastMatchesOracle) {
  Rng rng(0x4a7ca5u);
  int hits = 0, misses = 0;
  for (int i = 0; i < 1500; ++i) {
    const sat::Shape s = randomRounded(rng);
    const sat::Transform xf = randomTransform(rng, true);
    const OShape o = oracleShape(s, xf);
    const V c = o.pts[0];
    const V from = c + uniform(rng, 0.2, 2.0) * o.size * dirOf(uniform(rng, -kPi, kPi));
    const V to = c + uniform(rng, 0.0, 1.2) * o.size * dirOf(uniform(rng, -kPi, kPi));
    sat::RayCastInput in;
    in.origin = {f32(from.x), f32(from.y)};
    in.translation = {f32(2.0 * (to.x - from.x)), f32(2.0 * (to.y - from.y))};
    in.maxFraction = 1.0f;
    const sat::CastOutput out = sat::raycast(s, xf, in);
    const V o0 = ref::fromVec(in.origin), d = ref::fromVec(in.translation);
    const double slack = 1e-4 * o.size;
    if (oracleSignedDistance(o, o0) < slack) continue;  // starts inside or on the boundary
    if (out.hit) {
      ++hits;
      const V p = o0 + double(out.fraction) * d;
      EXPECT_NEAR(oracleSignedDistance(o, p), 0.0, slack) << "case " << i;
      EXPECT_NEAR(ref::len(ref::fromVec(out.point) - p), 0.0, slack);
      // Outside all along the ray before the hit.
      for (int k = 0; k < 10; ++k) {
        const double t = double(out.fraction) * k / 10.0;
        EXPECT_GT(oracleSignedDistance(o, o0 + t * d), -slack) << "case " << i << " t " << t;
      }
      // The normal is outward at the hit: the support in that direction is reached at the hit point.
      const V n = ref::fromVec(out.normal);
      EXPECT_NEAR(o.h(n), ref::dot(p, n), 10 * slack) << "case " << i;
      EXPECT_LT(ref::dot(n, d), 0.0);
    } else {
      ++misses;
      for (int k = 0; k <= 50; ++k) {
        EXPECT_GT(oracleSignedDistance(o, o0 + (k / 50.0) * d), -slack) << "case " << i << " missed an entry";
      }
    }
    if (HasFailure()) break;
  }
  EXPECT_GT(hits, 150);
  EXPECT_GT(misses, 150);
}

}  // namespace

namespace {

// Bounds of stretched circles and capsules are the oracle's: each side at the support value along that axis.
TEST(Ellipse, BoundsAreExact) {
  Rng rng(0xb0b5u);
  for (int i = 0; i < 2000; ++i) {
    const sat::Shape s = randomRounded(rng);
    const sat::Transform xf = randomTransform(rng, true);
    const ellipse_oracle::OShape o = ellipse_oracle::oracleShape(s, xf);
    const sat::AABB box = sat::computeAABB(s, xf);
    const double tol = 1e-5 * (o.size + std::fabs(o.pts[0].x) + std::fabs(o.pts[0].y));
    EXPECT_NEAR(box.upper.x, o.h({1, 0}), tol) << i;
    EXPECT_NEAR(box.lower.x, -o.h({-1, 0}), tol) << i;
    EXPECT_NEAR(box.upper.y, o.h({0, 1}), tol) << i;
    EXPECT_NEAR(box.lower.y, -o.h({0, -1}), tol) << i;
  }
}

}  // namespace

namespace {

using namespace ellipse_oracle;
using ref::V;

// ---- distance ----

sat::Shape randomSegmentShape(Rng& rng) {
  const double half = std::exp(uniform(rng, std::log(0.1), std::log(2.0))), a = uniform(rng, -kPi, kPi);
  sat::Segment s;
  EXPECT_EQ(sat::makeSegment({f32(-half * std::cos(a)), f32(-half * std::sin(a))},
                             {f32(half * std::cos(a)), f32(half * std::sin(a))}, &s),
            sat::Status::Ok);
  return s;
}

/// A random shape of kind 0 (circle or capsule), 1 (polygon) or 2 (segment).
sat::Shape randomShapeOfKind(Rng& rng, int kind) {
  return kind == 0 ? randomRounded(rng) : kind == 1 ? randomPolygonShape(rng) : randomSegmentShape(rng);
}

/// randomTransform, stretched up to 1:1000 in a tenth of the cases.
sat::Transform distanceTransform(Rng& rng, bool stretched) {
  sat::Transform t = randomTransform(rng, stretched);
  if (stretched && chance(rng, 0.1)) {
    const double ratio = std::exp(uniform(rng, std::log(20.0), std::log(1000.0)));
    if (chance(rng, 0.5)) {
      t.scale.x = f32(t.scale.x * std::sqrt(ratio));
      t.scale.y = f32(t.scale.y / std::sqrt(ratio));
    } else {
      t.scale.x = f32(t.scale.x / std::sqrt(ratio));
      t.scale.y = f32(t.scale.y * std::sqrt(ratio));
    }
  }
  return t;
}

struct DistanceStats {
  int pairs = 0, apart = 0, touching = 0, large = 0;
};

/// sat::distance of one pair against the oracle: the distance equals the largest separating-axis gap (a lower
/// bound of the true distance), and the reported points lie on the two boundaries that far apart (so the true
/// distance is at most that): together they pin the distance to the slack. Overlapping pairs: distance 0, one
/// shared point, a zero normal.
template <class X>
void checkDistance(const sat::Shape& a, const X& xfA, const sat::Shape& b, const X& xfB, DistanceStats* st,
                   int index) {
  const OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
  V on;
  const double depth = oracleDepth(oa, ob, &on);
  const double S = oa.size + ob.size, slack = 2.0e-5 * S;
  const sat::DistanceOutput d = sat::distance(a, xfA, b, xfB);
  ++st->pairs;
  std::string what;
  if constexpr (std::is_same_v<X, sat::Transform>) what = testing_sat::describeCase(a, xfA, b, xfB);
  SCOPED_TRACE(::testing::Message() << what << "\n pair " << index << " oracle depth " << depth << " size " << S
                                    << " impl distance " << d.distance);
  const V pa = ref::fromVec(d.pointA), pb = ref::fromVec(d.pointB);
  if (depth > slack) {
    ++st->touching;
    EXPECT_EQ(d.distance, 0.0f);
    EXPECT_EQ(d.normal.x, 0.0f);
    EXPECT_EQ(d.normal.y, 0.0f);
    EXPECT_EQ(d.pointA.x, d.pointB.x);
    EXPECT_EQ(d.pointA.y, d.pointB.y);
    // The shared point is midway between the two deepest points along the minimum translation: within the
    // depth of both shapes (a segment has no inside).
    EXPECT_LT(oracleSignedDistance(oa, pa), depth + slack);
    EXPECT_LT(oracleSignedDistance(ob, pa), depth + slack);
    return;
  }
  if (depth > -slack) return;  // touching within the slack: either answer
  ++st->apart;
  EXPECT_NEAR(d.distance, -depth, slack);
  EXPECT_NEAR(ref::len(pb - pa), d.distance, slack);
  EXPECT_NEAR(oracleSignedDistance(oa, pa), 0.0, slack);
  EXPECT_NEAR(oracleSignedDistance(ob, pb), 0.0, slack);
  // The normal is a unit vector from A to B along which the gap is the distance.
  const V n = ref::fromVec(d.normal);
  EXPECT_NEAR(ref::len(n), 1.0, 1e-6);
  EXPECT_NEAR(-(oa.h(n) + ob.h(-n)), double(d.distance), slack);
}

// Every pair kind with a stretched circle or capsule (ellipse-ellipse, -polygon, -capsule, -segment, stretched
// capsule pairs), rotated, mirrored, stretched up to 1:1000: from overlapping to far apart, a fifth within
// 1e-3 of the sizes of touching.
TEST(Ellipse, DistanceMatchesOracle) {
  Rng rng(0xd157a9eu);
  DistanceStats st;
  const int count = pairCount();
  for (int i = 0; i < count && !::testing::Test::HasFatalFailure(); ++i) {
    const int kindA = std::uniform_int_distribution<int>(0, 2)(rng), kindB = std::uniform_int_distribution<int>(0, 2)(rng);
    sat::Shape a = randomShapeOfKind(rng, kindA);
    sat::Shape b = kindA != 0 && kindB != 0 ? randomRounded(rng) : randomShapeOfKind(rng, kindB);
    const bool roundA = a.type == sat::ShapeType::Circle || a.type == sat::ShapeType::Capsule;
    const bool roundB = b.type == sat::ShapeType::Circle || b.type == sat::ShapeType::Capsule;
    bool stretchA = roundA && chance(rng, 0.7), stretchB = roundB && chance(rng, 0.7);
    if (!stretchA && !stretchB) (roundA ? stretchA : stretchB) = true;
    sat::Transform xfA = distanceTransform(rng, stretchA || (!roundA && chance(rng, 0.3)));
    sat::Transform xfB = distanceTransform(rng, stretchB || (!roundB && chance(rng, 0.3)));
    OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
    const double reach = oa.size + ob.size, ang = uniform(rng, -kPi, kPi), dist = reach * uniform(rng, 0.3, 2.0);
    const V shift = (oa.pts[0] + dist * dirOf(ang)) - ob.pts[0];
    xfB.p = {f32(xfB.p.x + shift.x), f32(xfB.p.y + shift.y)};
    if (chance(rng, 0.2)) {
      V n;
      const double d = oracleDepth(oa, oracleShape(b, xfB), &n, 4096);
      const double t = d - uniform(rng, 0.0, 1e-3) * reach;
      xfB.p = {f32(xfB.p.x + t * n.x), f32(xfB.p.y + t * n.y)};
    }
    if (std::fabs(xfA.scale.x / xfA.scale.y) > 20.5f || std::fabs(xfA.scale.y / xfA.scale.x) > 20.5f ||
        std::fabs(xfB.scale.x / xfB.scale.y) > 20.5f || std::fabs(xfB.scale.y / xfB.scale.x) > 20.5f) {
      ++st.large;
    }
    checkDistance(a, xfA, b, xfB, &st, i);
  }
  std::printf("distance pairs %d: apart %d, overlapping %d, ratio above 1:20 %d\n", st.pairs, st.apart, st.touching,
              st.large);
  EXPECT_GT(st.apart, st.pairs / 2);
  EXPECT_GT(st.touching, st.pairs / 20);
  EXPECT_GT(st.large, st.pairs / 40);
}

// The same through skewed (Affine) frames.
TEST(Ellipse, DistanceMatchesOracleInAffineFrames) {
  Rng rng(0xd15aff1u);
  DistanceStats st;
  const int count = pairCount() / 5;
  for (int i = 0; i < count && !::testing::Test::HasFatalFailure(); ++i) {
    sat::Shape a = randomShapeOfKind(rng, std::uniform_int_distribution<int>(0, 2)(rng));
    sat::Shape b = randomRounded(rng);
    if (chance(rng, 0.5)) std::swap(a, b);
    sat::Affine xfA = randomAffine(rng), xfB = randomAffine(rng);
    OShape oa = oracleShape(a, xfA), ob = oracleShape(b, xfB);
    const double reach = oa.size + ob.size, ang = uniform(rng, -kPi, kPi), dist = reach * uniform(rng, 0.3, 2.0);
    const V shift = (oa.pts[0] + dist * dirOf(ang)) - ob.pts[0];
    xfB.tx = f32(xfB.tx + shift.x);
    xfB.ty = f32(xfB.ty + shift.y);
    checkDistance(a, xfA, b, xfB, &st, i);
  }
  std::printf("affine distance pairs %d: apart %d, overlapping %d\n", st.pairs, st.apart, st.touching);
  EXPECT_GT(st.apart, st.pairs / 2);
  EXPECT_GT(st.touching, st.pairs / 20);
}

// An ellipse above a wall: the gap is measured to the ellipse's semi-axis along the normal, not to the enclosing
// circle; a stretched capsule lying flat on it reports points on the flat side.
TEST(Ellipse, DistanceUsesTheSemiAxisAlongTheNormal) {
  sat::Polygon wall;
  ASSERT_EQ(sat::makeBox(10.0f, 1.0f, &wall), sat::Status::Ok);
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 1.0f, &c), sat::Status::Ok);
  // Semi-axes 3 (x) and 0.5 (y), centre at y = 2: bottom at 1.5, 0.5 above the wall's top face.
  const sat::DistanceOutput d = sat::distance(wall, sat::makeTransform(0, 0), c, sat::makeTransform(0.0f, 2.0f, 0.0f, 3.0f, 0.5f));
  EXPECT_NEAR(d.distance, 0.5f, 1e-6f);
  EXPECT_NEAR(d.normal.x, 0.0f, 1e-6f);
  EXPECT_NEAR(d.normal.y, 1.0f, 1e-6f);
  EXPECT_NEAR(d.pointA.x, 0.0f, 1e-5f);
  EXPECT_NEAR(d.pointA.y, 1.0f, 1e-6f);
  EXPECT_NEAR(d.pointB.x, 0.0f, 1e-5f);
  EXPECT_NEAR(d.pointB.y, 1.5f, 1e-6f);
  // B first: the normal turns round.
  const sat::DistanceOutput r = sat::distance(c, sat::makeTransform(0.0f, 2.0f, 0.0f, 3.0f, 0.5f), wall, sat::makeTransform(0, 0));
  EXPECT_NEAR(r.distance, 0.5f, 1e-6f);
  EXPECT_NEAR(r.normal.y, -1.0f, 1e-6f);
  // Overlapping: distance 0, a zero normal.
  const sat::DistanceOutput o = sat::distance(wall, sat::makeTransform(0, 0), c, sat::makeTransform(0.0f, 1.4f, 0.0f, 3.0f, 0.5f));
  EXPECT_EQ(o.distance, 0.0f);
  EXPECT_EQ(o.normal.x, 0.0f);
  EXPECT_EQ(o.normal.y, 0.0f);
  // A capsule segment -2..2 with ellipse semi-axes 1 x 0.25, centre at y = 1.5: its flat side 0.25 above the wall.
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({-1.0f, 0.0f}, {1.0f, 0.0f}, 0.5f, &cap), sat::Status::Ok);
  const sat::DistanceOutput k = sat::distance(wall, sat::makeTransform(0, 0), cap, sat::makeTransform(0.0f, 1.5f, 0.0f, 2.0f, 0.5f));
  EXPECT_NEAR(k.distance, 0.25f, 1e-6f);
  EXPECT_NEAR(k.pointB.y, 1.25f, 1e-6f);
  EXPECT_LE(std::fabs(k.pointB.x), 2.0f + 1e-5f);
}

// A polygon a few hundredths wide, with vertices microns apart, measured from an ellipse hundreds of times its
// size away: the polygon must keep its shape in the frame the distance is computed in (rounded to float 800 from
// that frame's origin, such a polygon dents, and a distance measured on it comes out too long). The fuzzer's input
// ("distance-far-stretched" in docs/fuzzing.md) first, then random pairs of the same kind.
TEST(Ellipse, DistanceOfASmallPolygonFarAway) {
  DistanceStats st;
  {
    sat::Circle c;
    ASSERT_EQ(sat::makeCircle({-206.742401f, -300.716217f}, 7.51920509f, &c), sat::Status::Ok);
    const sat::Vec2 pts[5] = {{0.0f, -0.0169152878f}, {0.0150358109f, 0.0149848778f}, {0.0150358109f, 0.0150358109f},
                              {0.0150312223f, 0.0150358109f}, {0.00369270355f, 0.0f}};
    sat::Polygon p;
    ASSERT_EQ(sat::makePolygon(pts, 5, &p), sat::Status::Ok);
    sat::Transform xfA, xfB;
    xfA.p = {-112.768585f, -300.716217f};
    xfA.q = {-0.382683128f, -0.923879683f};
    xfA.scale = {2.36032295f, 0.722814918f};
    xfB.p = {338.35083f, -460.49469f};
    xfB.q = {0.998475552f, 0.0551960021f};
    xfB.scale = {2.36397076f, 0.250000119f};
    checkDistance(c, xfA, p, xfB, &st, -1);
    checkDistance(p, xfB, c, xfA, &st, -2);
  }
  Rng rng(0xfa4a3a7u);
  for (int i = 0; i < 400 && !::testing::Test::HasFatalFailure(); ++i) {
    // The ellipse: a circle whose centre lies far from its own origin, stretched up to 1:4.
    sat::Circle c;
    const double r = uniform(rng, 2.0, 10.0), off = r * uniform(rng, 0.0, 40.0), oa = uniform(rng, -kPi, kPi);
    ASSERT_EQ(sat::makeCircle({f32(off * std::cos(oa)), f32(off * std::sin(oa))}, f32(r), &c), sat::Status::Ok);
    sat::Transform xfA = sat::makeTransform(f32(uniform(rng, -300, 300)), f32(uniform(rng, -300, 300)),
                                            f32(uniform(rng, -kPi, kPi)), f32(uniform(rng, 0.5, 2.0)),
                                            f32(uniform(rng, 0.5, 2.0)));
    // The polygon: a few hundredths wide, one vertex doubled a micron away.
    const double w = uniform(rng, 0.01, 0.05);
    const int n = std::uniform_int_distribution<int>(3, 6)(rng);
    std::vector<sat::Vec2> pts;
    for (int k = 0; k < n; ++k) {
      const double a = 2.0 * kPi * (k + uniform(rng, 0.0, 0.6)) / n;
      pts.push_back({f32(w * std::cos(a)), f32(w * std::sin(a))});
      if (k == 0) pts.push_back({f32(w * std::cos(a + 1e-4)), f32(w * std::sin(a + 1e-4))});
    }
    sat::Polygon p;
    if (sat::makePolygon(pts.data(), int(pts.size()), &p) != sat::Status::Ok) continue;
    sat::Transform xfB = sat::makeTransform(0.0f, 0.0f, f32(uniform(rng, -kPi, kPi)), f32(uniform(rng, 0.25, 3.0)),
                                            f32(uniform(rng, 0.25, 3.0)));
    // B 20 to 50 ellipse sizes from the ellipse's centre.
    const OShape oe = oracleShape(c, xfA);
    const double dist = oe.size * uniform(rng, 20.0, 50.0), da = uniform(rng, -kPi, kPi);
    xfB.p = {f32(oe.pts[0].x + dist * std::cos(da)), f32(oe.pts[0].y + dist * std::sin(da))};
    if (chance(rng, 0.5)) {
      checkDistance(c, xfA, p, xfB, &st, i);
    } else {
      checkDistance(p, xfB, c, xfA, &st, i);
    }
  }
  EXPECT_EQ(st.apart, st.pairs);
  EXPECT_GT(st.pairs, 300);
}

// ---- time of impact ----

/// First contact of B moved by t * move (t in [0, 1]) with A, by brute force on the oracle: the first of `steps`
/// steps at which they overlap, then bisection between it and the step before. 2 when they never overlap at
/// those steps.
double bruteFirstContact(const sat::Shape& a, const sat::Transform& xfA, const sat::Shape& b, const sat::Transform& xfB,
                         V move, int steps) {
  auto depthAt = [&](double t) {
    sat::Transform x = xfB;
    x.p = {f32(xfB.p.x + t * move.x), f32(xfB.p.y + t * move.y)};
    return oracleDepth(oracleShape(a, xfA), oracleShape(b, x), nullptr, 2048);
  };
  double prev = 0.0;
  for (int k = 1; k <= steps; ++k) {
    const double t = double(k) / steps;
    if (depthAt(t) < 0.0) {
      prev = t;
      continue;
    }
    double lo = prev, hi = t;
    for (int it = 0; it < 40; ++it) {
      const double mid = 0.5 * (lo + hi);
      (depthAt(mid) < 0.0 ? lo : hi) = mid;
    }
    return hi;
  }
  return 2.0;
}

// castShape (conservative advancement on the exact distance) against brute-force stepping on the oracle: a shape
// swept at a static body, either of them a stretched circle or capsule (rotated, mirrored, ratios to 1:20). The
// hit is never past the first contact (no tunnelling), and at the reported fraction the gap is within the time of
// impact's tolerance (2e-4 of the two sizes), not the distance to an enclosing circle.
TEST(Ellipse, CastShapeStopsAtTheFirstContact) {
  Rng rng(0x70105eu);
  int hits = 0, misses = 0, grazes = 0;
  for (int i = 0; i < 400 && !::testing::Test::HasFatalFailure(); ++i) {
    sat::Shape body = chance(rng, 0.6) ? randomRounded(rng) : randomPolygonShape(rng);
    sat::Shape probe = body.type == sat::ShapeType::Polygon || chance(rng, 0.7) ? randomRounded(rng)
                                                                                 : randomPolygonShape(rng);
    const bool roundBody = body.type != sat::ShapeType::Polygon;
    const sat::Transform xfBody = randomTransform(rng, roundBody && chance(rng, 0.8));
    sat::Transform xfProbe = randomTransform(rng, probe.type != sat::ShapeType::Polygon);
    const OShape ob = oracleShape(body, xfBody);
    OShape op = oracleShape(probe, xfProbe);
    // Start apart, 1.2 to 3 reaches away, and move towards the body with an offset (some sweeps miss).
    const double reach = ob.size + op.size, ang = uniform(rng, -kPi, kPi);
    const V start = ob.pts[0] + uniform(rng, 1.2, 3.0) * reach * dirOf(ang);
    const V shift = start - op.pts[0];
    xfProbe.p = {f32(xfProbe.p.x + shift.x), f32(xfProbe.p.y + shift.y)};
    op = oracleShape(probe, xfProbe);
    if (oracleDepth(ob, op, nullptr, 4096) > -1e-3 * reach) continue;
    const V aim = ob.pts[0] + uniform(rng, -0.8, 0.8) * reach * dirOf(ang + kPi / 2);
    const V move = 1.5 * (aim - op.pts[0]);
    sat::World world;
    sat::BodyDef def;
    def.type = sat::BodyType::Static;
    def.x = xfBody.p.x;
    def.y = xfBody.p.y;
    def.angle = std::atan2(xfBody.q.s, xfBody.q.c);
    def.scaleX = xfBody.scale.x;
    def.scaleY = xfBody.scale.y;
    sat::BodyId id;
    ASSERT_EQ(world.createBody(def, body, &id), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    sat::Transform placed;
    ASSERT_EQ(world.getTransform(id, &placed), sat::Status::Ok);
    const OShape obw = oracleShape(body, placed);
    sat::RayHit hit;
    const bool any = world.castShape(probe, xfProbe, {f32(move.x), f32(move.y)}, {}, &hit);
    const double len = ref::len(move), tolGap = 2.0 * 2e-4 * 2.0 * reach + 1e-5 * reach;
    const double tStar = bruteFirstContact(body, placed, probe, xfProbe, move, 400);
    std::string what = testing_sat::describeCase(body, placed, probe, xfProbe);
    SCOPED_TRACE(::testing::Message() << what << "\n case " << i << " move (" << move.x << ", " << move.y
                                      << ") brute t " << tStar << " hit " << any << " fraction " << hit.fraction);
    auto probeAt = [&](double t) {
      sat::Transform x = xfProbe;
      x.p = {f32(xfProbe.p.x + t * move.x), f32(xfProbe.p.y + t * move.y)};
      return oracleShape(probe, x);
    };
    if (any) {
      const OShape at = probeAt(hit.fraction);
      // Never past the contact: at the reported fraction the shapes do not overlap (beyond rounding).
      EXPECT_LT(oracleDepth(obw, at, nullptr, 4096), 1e-5 * reach);
      EXPECT_NEAR(ref::len(ref::fromVec(hit.normal)), 1.0, 1e-4);
    }
    if (tStar <= 1.0) {
      ASSERT_TRUE(any) << "the sweep passes through the body";
      ++hits;
      EXPECT_LE(hit.fraction, tStar + 1e-5 * reach / len);
      // At the first contact within the tolerance: the gap at the reported fraction.
      EXPECT_LT(oracleDistance(obw, probeAt(hit.fraction), nullptr, 4096), tolGap);
    } else if (any) {
      // No overlap at any of the 400 steps: a graze the steps stepped over, within a step's travel.
      ++grazes;
      EXPECT_LT(oracleDistance(obw, probeAt(hit.fraction), nullptr, 4096), tolGap + len / 400.0);
    } else {
      ++misses;
    }
  }
  std::printf("casts: hits %d, misses %d, grazes %d\n", hits, misses, grazes);
  EXPECT_GT(hits, 100);
  EXPECT_GT(misses, 50);
}

// A bullet ellipse (semi-axes 0.1 along its motion, 1.5 across) fired through a thin wall in one update: swept,
// it stops where the ellipse touches the wall (its centre 0.1 short of it head-on; the enclosing circle would stop
// it 1.5 short), for the wall's face turned by up to 60 degrees: the centre's height above the face is the
// ellipse's support value along the face's normal.
TEST(Ellipse, BulletEllipseStopsAtTheWall) {
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 1.0f, &c), sat::Status::Ok);
  sat::Polygon wall;
  ASSERT_EQ(sat::makeBox(0.05f, 20.0f, &wall), sat::Status::Ok);
  for (const double turn : {0.0, 0.3, -0.7, 1.0}) {
    sat::World world;
    sat::BodyDef w;
    w.type = sat::BodyType::Static;
    w.x = 10.0f;
    w.angle = f32(turn);
    sat::BodyDef b;
    b.bullet = true;
    b.scaleX = 0.1f;
    b.scaleY = 1.5f;
    sat::BodyId wallId, bulletId;
    ASSERT_EQ(world.createBody(w, wall, &wallId), sat::Status::Ok);
    ASSERT_EQ(world.createBody(b, c, &bulletId), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.setTransform(bulletId, 20.0f, 0.0f, 0.0f, 0.1f, 1.5f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    sat::Transform at;
    ASSERT_EQ(world.getTransform(bulletId, &at), sat::Status::Ok);
    // The wall's left face: normal n = (-cos, -sin), through (10, 0) - 0.05 * (cos, sin). The ellipse touches it
    // when its centre's height above the face is its support value along -n.
    const V n{-std::cos(turn), -std::sin(turn)};
    const double support = std::hypot(0.1 * n.x, 1.5 * n.y);
    const double face = ref::dot(n, V{10.0 - 0.05 * std::cos(turn), -0.05 * std::sin(turn)});
    const double xStop = (face + support) / n.x;  // the centre on the x axis where the gap closes
    // The gap left, along the wall's normal: not negative (past the contact), and within the time of impact's
    // target, 2e-4 of the two shapes' sizes (the wall's about 20, the ellipse's 1.5).
    const double gap = (xStop - at.p.x) * -n.x;
    EXPECT_GT(gap, -1e-5) << "turn " << turn;
    EXPECT_LT(gap, 2e-4 * (20.0 + 1.5) + 1e-5) << "turn " << turn;
  }
}

}  // namespace
