// Queries against brute-force double references: distance() (feature-by-feature minimum distance),
// raycast() (every edge and cap intersected with the ray), containsPoint() and computeAABB().
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "collide_checks.h"

namespace testing_sat {
namespace {

sat::Shape randomShape(Rng& rng) {
  switch (uniformInt(rng, 0, 3)) {
    case 0: return sat::Shape(randomCircle(rng));
    case 1: return sat::Shape(randomCapsule(rng));
    case 2: return sat::Shape(randomPolygon(rng, 16, 48));
    default: return sat::Shape(randomPolygon(rng));
  }
}

TEST(Queries, DistanceMatchesBruteForce) {
  Rng rng(0xd15001u);
  int failures = 0;
  long separated = 0, overlapping = 0;
  for (int i = 0; i < 30000; ++i) {
    sat::Shape a = randomShape(rng), b = randomShape(rng);
    sat::Transform xfA = randomTransform(rng), xfB = randomTransform(rng);
    keepRound(a, &xfA);  // ref::core models circles; stretched ones: test_ellipse.cpp (DistanceMatchesOracle)
    keepRound(b, &xfB);
    ref::Core ca = ref::core(a, xfA), cb = ref::core(b, xfB);
    // B placed at a random distance from A: mostly apart, some overlapping.
    double reach = ref::size(ca) + ref::size(cb);
    double ang = uniform(rng, -kPi, kPi);
    ref::V shift = coreCenter(ca) - coreCenter(cb) + uniform(rng, 0.3, 2.0) * reach * ref::V{std::cos(ang), std::sin(ang)};
    xfB.p = {f32(xfB.p.x + shift.x), f32(xfB.p.y + shift.y)};
    cb = ref::core(b, xfB);
    ref::Penetration r = ref::penetration(ca, cb);
    Tolerances tol = tolerancesFor(r);
    sat::DistanceOutput out = sat::distance(a, xfA, b, xfB);
    auto context = [&] {
      char buf[300];
      std::snprintf(buf, sizeof buf, "impl{distance=%.9g pointA=(%.9g, %.9g) pointB=(%.9g, %.9g) normal=(%.9g, %.9g)}",
                    out.distance, out.pointA.x, out.pointA.y, out.pointB.x, out.pointB.y, out.normal.x, out.normal.y);
      return "A = " + ref::str(a) + " " + ref::str(xfA) + "\n  B = " + ref::str(b) + " " + ref::str(xfB) + "\n  " +
             ref::str(r) + "\n  " + buf;
    };
    bool ok = true;
    std::string why;
    if (r.depth < -tol.band) {
      ++separated;
      double brute = ref::bruteDistance(ca, cb);
      // Two independent references agree with each other first.
      EXPECT_NEAR(brute, -r.depth, 1e-9 * (1.0 + r.magnitude)) << "reference disagreement: " << context();
      ref::V pa = toV(out.pointA), pb = toV(out.pointB), n = toV(out.normal);
      if (std::fabs(out.distance - brute) > tol.depth) ok = false, why = "distance vs brute force " + std::to_string(brute);
      else if (ref::pointDistance(ca, pa) > tol.depth || ref::pointSignedDistance(ca, pa) < -tol.depth)
        ok = false, why = "pointA is not on A's surface";
      else if (ref::pointDistance(cb, pb) > tol.depth || ref::pointSignedDistance(cb, pb) < -tol.depth)
        ok = false, why = "pointB is not on B's surface";
      else if (std::fabs(ref::len(pb - pa) - brute) > tol.depth) ok = false, why = "|pointB - pointA| != distance";
      else if (brute > 1e-2 * tol.size && ref::len(n - ref::unit(pb - pa)) > 1e-3)
        ok = false, why = "normal is not (pointB - pointA) / distance";
    } else if (r.depth > tol.band) {
      ++overlapping;
      if (out.distance != 0.0f) ok = false, why = "overlapping shapes must give distance 0";
      else if (out.normal.x != 0.0f || out.normal.y != 0.0f) ok = false, why = "overlapping: normal must be {0,0}";
    }
    if (!ok && ++failures <= 8) ADD_FAILURE() << why << "\n  " << context();
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(separated, 15000);
  EXPECT_GT(overlapping, 500);
}

TEST(Queries, RaycastMatchesBruteForce) {
  Rng rng(0xd15002u);
  int failures = 0;
  long hits = 0, misses = 0, inside = 0;
  for (int i = 0; i < 40000; ++i) {
    sat::Shape s = randomShape(rng);
    sat::Transform xf = randomTransform(rng);
    keepRound(s, &xf);  // ref::core models circles; stretched ones: test_ellipse.cpp
    ref::Core c = ref::core(s, xf);
    double size = ref::size(c);
    ref::V center = coreCenter(c);
    double a0 = uniform(rng, -kPi, kPi);
    ref::V o = center + uniform(rng, 0.0, 4.0) * size * ref::V{std::cos(a0), std::sin(a0)};
    ref::V aim = center + uniform(rng, -1.5, 1.5) * size * ref::V{std::cos(a0 + 1.5), std::sin(a0 + 1.5)};
    ref::V d = uniform(rng, 0.5, 6.0) * size * ref::unit(aim - o);
    sat::RayCastInput in;
    in.origin = {f32(o.x), f32(o.y)};
    in.translation = {f32(d.x), f32(d.y)};
    in.maxFraction = f32(uniform(rng, 0.3, 1.2));
    o = toV(in.origin);
    d = toV(in.translation);
    ref::Ray r = ref::raycast(c, o, d, in.maxFraction);
    sat::CastOutput out = sat::raycast(s, xf, in);
    double tolDist = 2e-4 * size + 1e-6 * ref::magnitude(c);
    double dl = ref::len(d);
    // Ambiguous cases: origin on the surface, grazing hits, hits at the end of the allowed range.
    double sd = ref::pointSignedDistance(c, o);
    if (std::fabs(sd) < 1e-3 * size) continue;
    if (sd < 0) ++inside;
    ref::Ray unlimited = ref::raycast(c, o, d, 1e30);
    if (unlimited.hit && std::fabs(unlimited.fraction - in.maxFraction) * dl < 1e-3 * size) continue;
    if (unlimited.hit && std::fabs(ref::dot(unlimited.normal, ref::unit(d))) < 2e-2) continue;
    {  // grazing a rounded part or a polygon corner: the ray passes within tolerance of the surface
      double tMin = 0.0;  // closest approach of the ray to the shape, sampled: skip near-tangent misses
      bool near = false;
      for (int k = 0; k <= 64 && !near; ++k) {
        tMin = in.maxFraction * k / 64.0;
        double sdk = ref::pointSignedDistance(c, o + tMin * d);
        near = std::fabs(sdk) < 3e-3 * size && !r.hit;
      }
      if (near) continue;
    }
    auto context = [&] {
      char buf[400];
      std::snprintf(buf, sizeof buf,
                    "ray origin=(%.9g, %.9g) translation=(%.9g, %.9g) maxFraction=%.9g\n  ref{hit=%d fraction=%.9g "
                    "normal=(%.9g, %.9g)}\n  impl{hit=%d fraction=%.9g point=(%.9g, %.9g) normal=(%.9g, %.9g)}",
                    in.origin.x, in.origin.y, in.translation.x, in.translation.y, in.maxFraction, int(r.hit),
                    r.fraction, r.normal.x, r.normal.y, int(out.hit), out.fraction, out.point.x, out.point.y,
                    out.normal.x, out.normal.y);
      return ref::str(s) + " " + ref::str(xf) + "\n  " + buf;
    };
    bool ok = out.hit == r.hit;
    std::string why = "hit disagrees";
    if (ok && r.hit) {
      ++hits;
      ref::V p = toV(out.point);
      if (std::fabs(out.fraction - r.fraction) * dl > tolDist) ok = false, why = "fraction";
      else if (ref::len(p - (o + double(out.fraction) * d)) > tolDist) ok = false, why = "point != origin + fraction * d";
      else if (std::fabs(ref::pointSignedDistance(c, p)) > tolDist) ok = false, why = "point not on the surface";
      else if (ref::dot(toV(out.normal), d) >= 0.0) ok = false, why = "normal does not face the ray";
      else if (std::fabs(ref::len(toV(out.normal)) - 1.0) > 1e-4) ok = false, why = "normal not unit";
      else {
        // The normal is the reference one unless the hit is at a polygon corner (two normals are right).
        bool corner = false;
        if (c.radius == 0.0)
          for (ref::V v : c.pts) corner = corner || ref::len(v - (o + r.fraction * d)) < 1e-3 * size;
        if (!corner && ref::len(toV(out.normal) - r.normal) > 2e-3) ok = false, why = "normal";
      }
    } else if (ok) {
      ++misses;
    }
    if (!ok && ++failures <= 8) ADD_FAILURE() << why << "\n  " << context();
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(hits, 5000);
  EXPECT_GT(misses, 5000);
  EXPECT_GT(inside, 100);
}

TEST(Queries, RaycastHandBuilt) {
  sat::Polygon box;
  ASSERT_EQ(sat::makeBox(1, 1, &box), sat::Status::Ok);
  sat::Shape s(box);
  sat::Transform xf = sat::makeTransform(5, 0);
  sat::CastOutput out = sat::raycast(s, xf, {{0, 0}, {10, 0}, 1.0f});
  ASSERT_TRUE(out.hit);
  EXPECT_NEAR(out.fraction, 0.4f, 1e-6);
  EXPECT_NEAR(out.normal.x, -1.0f, 1e-6);
  EXPECT_NEAR(out.normal.y, 0.0f, 1e-6);
  EXPECT_FALSE(sat::raycast(s, xf, {{0, 0}, {10, 0}, 0.39f}).hit) << "maxFraction not honoured";
  EXPECT_FALSE(sat::raycast(s, xf, {{5, 0}, {10, 0}, 1.0f}).hit) << "a ray starting inside must not hit";
  EXPECT_FALSE(sat::raycast(s, xf, {{0, 0}, {-10, 0}, 1.0f}).hit) << "hit behind the origin";
  EXPECT_FALSE(sat::raycast(s, xf, {{0, 2}, {10, 0}, 1.0f}).hit) << "passes above";
  sat::Circle circle;
  ASSERT_EQ(sat::makeCircle({0, 0}, 1.0f, &circle), sat::Status::Ok);
  out = sat::raycast(sat::Shape(circle), sat::makeTransform(0, 3, 0, 2, 0.5f), {{0, -3}, {0, 10}, 1.0f});
  ASSERT_TRUE(out.hit);  // an ellipse of semi-axes 2 and 0.5: its bottom at y = 2.5
  EXPECT_NEAR(out.fraction, 0.55f, 1e-6);
  EXPECT_NEAR(out.normal.y, -1.0f, 1e-6);
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({-1, 0}, {1, 0}, 0.5f, &cap), sat::Status::Ok);
  out = sat::raycast(sat::Shape(cap), sat::makeTransform(0, 0, f32(kPi / 2)), {{-3, 0.5f}, {6, 0}, 1.0f});
  ASSERT_TRUE(out.hit);  // vertical capsule, side at x = -0.5
  EXPECT_NEAR(out.fraction, 2.5 / 6.0, 1e-6);
  EXPECT_NEAR(out.normal.x, -1.0f, 1e-6);
  EXPECT_FALSE(sat::raycast(sat::Shape(cap), sat::Transform{}, {{0, 0}, {3, 0}, 1.0f}).hit);
  // A zero-length ray never hits.
  EXPECT_FALSE(sat::raycast(s, xf, {{0, 0}, {0, 0}, 1.0f}).hit);
}

TEST(Queries, ContainsPointMatchesReference) {
  Rng rng(0xd15003u);
  int failures = 0;
  long in = 0, out = 0;
  for (int i = 0; i < 40000; ++i) {
    sat::Shape s = randomShape(rng);
    sat::Transform xf = randomTransform(rng);
    keepRound(s, &xf);  // ref::core models circles; stretched ones: test_ellipse.cpp
    ref::Core c = ref::core(s, xf);
    double size = ref::size(c);
    for (int k = 0; k < 5; ++k) {
      ref::V q = coreCenter(c) + uniform(rng, 0.0, 1.3) * size *
                                     ref::V{std::cos(uniform(rng, -kPi, kPi)), std::sin(uniform(rng, -kPi, kPi))};
      sat::Vec2 p{f32(q.x), f32(q.y)};
      double sd = ref::pointSignedDistance(c, toV(p));
      if (std::fabs(sd) < 1e-4 * size + 1e-6 * ref::magnitude(c)) continue;
      bool want = sd < 0.0;
      (want ? in : out)++;
      if (sat::containsPoint(s, xf, p) != want && ++failures <= 8)
        ADD_FAILURE() << ref::str(s) << " " << ref::str(xf) << " point " << ref::str(p) << " signed distance " << sd;
      if (sat::containsPoint(s, sat::toAffine(xf), p) != want && ++failures <= 8)
        ADD_FAILURE() << "Affine: " << ref::str(s) << " " << ref::str(xf) << " point " << ref::str(p);
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(in, 20000);
  EXPECT_GT(out, 20000);
}

// Skewed Affine frames for polygons: distance, raycast and containment against the same brute force, on the
// sheared world vertices.
TEST(Queries, SkewedAffineQueriesMatchBruteForce) {
  Rng rng(0xd15005u);
  int failures = 0;
  long checked = 0;
  auto randomAffine = [&](double spread) {
    sat::Affine m;
    for (;;) {
      m.a = f32(uniform(rng, -2.0, 2.0));
      m.b = f32(uniform(rng, -2.0, 2.0));
      m.c = f32(uniform(rng, -2.0, 2.0));
      m.d = f32(uniform(rng, -2.0, 2.0));
      if (std::fabs(double(m.a) * m.d - double(m.b) * m.c) > 0.3) break;
    }
    m.tx = f32(uniform(rng, -spread, spread));
    m.ty = f32(uniform(rng, -spread, spread));
    return m;
  };
  for (int i = 0; i < 10000; ++i) {
    sat::Shape a(randomPolygon(rng)), b(randomPolygon(rng));
    sat::Affine ma = randomAffine(3.0), mb = randomAffine(3.0);
    ref::Core ca = ref::core(a, ma), cb = ref::core(b, mb);
    double size = std::max(ref::size(ca), ref::size(cb));
    double tol = 2e-4 * size + 1e-6 * std::max(ref::magnitude(ca), ref::magnitude(cb));
    auto context = [&] { return ref::str(a) + " " + ref::str(ma) + "\n  " + ref::str(b) + " " + ref::str(mb); };
    // Distance.
    ref::Penetration r = ref::penetration(ca, cb);
    sat::DistanceOutput dout = sat::distance(a, ma, b, mb);
    if (r.depth < -tol) {
      ++checked;
      double brute = ref::bruteDistance(ca, cb);
      if (std::fabs(dout.distance - brute) > tol && ++failures <= 8)
        ADD_FAILURE() << "Affine distance " << dout.distance << " vs " << brute << "\n  " << context();
    } else if (r.depth > tol && dout.distance != 0.0f && ++failures <= 8) {
      ADD_FAILURE() << "Affine distance of overlapping shapes " << dout.distance << "\n  " << context();
    }
    // Raycast from outside towards A's centre.
    ref::V center = coreCenter(ca);
    double ang = uniform(rng, -kPi, kPi);
    ref::V o = center + 3.0 * ref::size(ca) * ref::V{std::cos(ang), std::sin(ang)};
    sat::RayCastInput in{{f32(o.x), f32(o.y)}, {f32(center.x - o.x), f32(center.y - o.y)}, 1.0f};
    o = toV(in.origin);
    ref::V d = toV(in.translation);
    ref::Ray rr = ref::raycast(ca, o, d, 1.0);
    sat::CastOutput cout = sat::raycast(a, ma, in);
    if (rr.hit && std::fabs(ref::dot(rr.normal, ref::unit(d))) > 2e-2) {
      bool ok = cout.hit && std::fabs(cout.fraction - rr.fraction) * ref::len(d) <= tol;
      if (!ok && ++failures <= 8)
        ADD_FAILURE() << "Affine raycast hit=" << cout.hit << " fraction " << cout.fraction << " vs " << rr.fraction
                      << "\n  " << context();
    }
    // Containment of a point near A.
    ref::V q = center + uniform(rng, 0.0, 1.2) * ref::size(ca) * ref::V{std::cos(ang + 1), std::sin(ang + 1)};
    sat::Vec2 qp{f32(q.x), f32(q.y)};
    double sd = ref::pointSignedDistance(ca, toV(qp));
    if (std::fabs(sd) > tol && sat::containsPoint(a, ma, qp) != (sd < 0) && ++failures <= 8)
      ADD_FAILURE() << "Affine containsPoint " << ref::str(qp) << " signed distance " << sd << "\n  " << context();
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 2000);
}

TEST(Queries, ContainsPointOnTheBoundary) {
  // "Inside or on the boundary": exact boundary points (exact in float) are contained.
  sat::Polygon b;
  ASSERT_EQ(sat::makeBox(1, 1, &b), sat::Status::Ok);
  sat::Shape box(b);
  for (sat::Vec2 p : {sat::Vec2{1, 0.5f}, sat::Vec2{1, 1}, sat::Vec2{-1, -1}, sat::Vec2{0, -1}, sat::Vec2{0, 0}})
    EXPECT_TRUE(sat::containsPoint(box, sat::Transform{}, p)) << ref::str(p);
  EXPECT_FALSE(sat::containsPoint(box, sat::Transform{}, {1.01f, 0}));
  EXPECT_TRUE(sat::containsPoint(box, sat::makeTransform(10, 20), {11, 21}));
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 5.0f, &c), sat::Status::Ok);
  EXPECT_TRUE(sat::containsPoint(sat::Shape(c), sat::Transform{}, {3, 4}));
  EXPECT_FALSE(sat::containsPoint(sat::Shape(c), sat::Transform{}, {3.01f, 4}));
  sat::Capsule k;
  ASSERT_EQ(sat::makeCapsule({-1, 0}, {1, 0}, 0.5f, &k), sat::Status::Ok);
  EXPECT_TRUE(sat::containsPoint(sat::Shape(k), sat::Transform{}, {0.25f, 0.5f}));
  EXPECT_TRUE(sat::containsPoint(sat::Shape(k), sat::Transform{}, {1.5f, 0}));
  EXPECT_FALSE(sat::containsPoint(sat::Shape(k), sat::Transform{}, {1.5f, 0.1f}));
}

TEST(Queries, ComputeAABBContainsTheShapeAndIsTight) {
  Rng rng(0xd15004u);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    sat::Shape s = randomShape(rng);
    sat::Transform xf = randomTransform(rng, 100.0);
    keepRound(s, &xf);  // ref::core models circles; stretched ones: test_ellipse.cpp
    ref::Core c = ref::core(s, xf);
    double lo[2] = {1e300, 1e300}, hi[2] = {-1e300, -1e300};
    for (ref::V p : c.pts) {
      lo[0] = std::min(lo[0], p.x - c.radius), hi[0] = std::max(hi[0], p.x + c.radius);
      lo[1] = std::min(lo[1], p.y - c.radius), hi[1] = std::max(hi[1], p.y + c.radius);
    }
    double slack = 1e-6 * ref::magnitude(c) + 1e-6 * ref::size(c);
    auto check = [&](const sat::AABB& box, const char* which) {
      bool contains = box.lower.x <= lo[0] + slack && box.lower.y <= lo[1] + slack && box.upper.x >= hi[0] - slack &&
                      box.upper.y >= hi[1] - slack;
      double loose = 1e-4 * ref::size(c) + slack;
      bool tight = box.lower.x >= lo[0] - loose && box.lower.y >= lo[1] - loose && box.upper.x <= hi[0] + loose &&
                   box.upper.y <= hi[1] + loose;
      if ((!contains || !tight || !sat::isValid(box)) && ++failures <= 8)
        ADD_FAILURE() << which << (contains ? " loose" : " misses part of the shape") << ": " << ref::str(s) << " "
                      << ref::str(xf) << "\n  box [" << box.lower.x << ", " << box.lower.y << "] - [" << box.upper.x
                      << ", " << box.upper.y << "], reference [" << lo[0] << ", " << lo[1] << "] - [" << hi[0] << ", "
                      << hi[1] << "]";
    };
    check(sat::computeAABB(s, xf), "Transform");
    if (s.type == sat::ShapeType::Polygon) check(sat::computeAABB(s, sat::toAffine(xf)), "Affine");
  }
  EXPECT_EQ(failures, 0);
}

// Under a skewed frame a rounded shape is the ellipse the frame makes of its disc: the bounds reach radius * |row|
// of the linear part along each axis (x' = x + y: rows (1, 1) and (0, 1)), inside the enclosing circle's.
TEST(Queries, ComputeAABBOfRoundedShapesUnderSkew) {
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({1, 0}, 1.0f, &c), sat::Status::Ok);
  sat::Affine shear{1.0f, 0.0f, 1.0f, 1.0f, 10.0f, 5.0f};  // x' = x + y + 10, y' = y + 5
  const double ex = std::sqrt(2.0), ey = 1.0;
  sat::AABB box = sat::computeAABB(sat::Shape(c), shear);
  EXPECT_NEAR(box.lower.x, 11.0 - ex, 1e-5);
  EXPECT_NEAR(box.upper.x, 11.0 + ex, 1e-5);
  EXPECT_NEAR(box.lower.y, 5.0 - ey, 1e-5);
  EXPECT_NEAR(box.upper.y, 5.0 + ey, 1e-5);
  sat::Capsule k;
  ASSERT_EQ(sat::makeCapsule({0, 0}, {0, 2}, 0.5f, &k), sat::Status::Ok);  // centres map to (10,5) and (12,7)
  box = sat::computeAABB(sat::Shape(k), shear);
  EXPECT_NEAR(box.lower.x, 10.0 - 0.5 * ex, 1e-5);
  EXPECT_NEAR(box.upper.x, 12.0 + 0.5 * ex, 1e-5);
  EXPECT_NEAR(box.lower.y, 5.0 - 0.5 * ey, 1e-5);
  EXPECT_NEAR(box.upper.y, 7.0 + 0.5 * ey, 1e-5);
}

}  // namespace
}  // namespace testing_sat
