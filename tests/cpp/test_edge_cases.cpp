// Hand-built narrow-phase cases: touching, vertex on edge, containment both ways, identical shapes, rotations,
// non-uniform and mirroring scale, slivers, far from the origin, tiny shapes, many-vertex polygons, and unusable
// input. Expected values are worked out by hand (stated beside each) and cross-checked with the reference.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "collide_checks.h"

namespace testing_sat {
namespace {

using sat::Status;
using sat::Vec2;

sat::Polygon box(float hx, float hy, Vec2 center = {0, 0}, float angle = 0.0f) {
  sat::Polygon p;
  EXPECT_EQ(sat::makeBox(hx, hy, &p, center, angle), Status::Ok);
  return p;
}
sat::Polygon polygon(std::vector<Vec2> pts) {
  sat::Polygon p;
  EXPECT_EQ(sat::makePolygon(pts.data(), int(pts.size()), &p), Status::Ok);
  return p;
}
sat::Polygon regular(int n, float r, float phase = 0.0f) {
  std::vector<Vec2> pts(n);
  for (int i = 0; i < n; ++i)
    pts[i] = {f32(r * std::cos(phase + 2.0 * kPi * i / n)), f32(r * std::sin(phase + 2.0 * kPi * i / n))};
  return polygon(pts);
}
sat::Circle circle(float r, Vec2 c = {0, 0}) {
  sat::Circle s;
  EXPECT_EQ(sat::makeCircle(c, r, &s), Status::Ok);
  return s;
}
sat::Capsule capsule(Vec2 a, Vec2 b, float r) {
  sat::Capsule s;
  EXPECT_EQ(sat::makeCapsule(a, b, r, &s), Status::Ok);
  return s;
}
sat::Transform at(float x, float y, float angle = 0.0f, float sx = 1.0f, float sy = 1.0f) {
  return sat::makeTransform(x, y, angle, sx, sy);
}

/// Runs the reference comparison and the property checks on one hand-built case; returns the manifold.
template <class A, class B>
sat::Manifold checkCase(const A& a, const sat::Transform& xfA, const B& b, const sat::Transform& xfB) {
  Case<A, B> c;
  c.xfA = xfA;
  c.xfB = xfB;
  c.coreA = ref::core(a, xfA);
  c.coreB = ref::core(b, xfB);
  c.ref = ref::penetration(c.coreA, c.coreB);
  Coverage cov;
  checkAgainstReference(a, b, c, cov, kCheckOverlapDepth | kCheckMtvNormal);
  checkProperties(a, b, c, cov, kCheckSwap | kCheckPushOut | kCheckContacts | kCheckDispatch);
  EXPECT_EQ(cov.failures, 0);
  return sat::collide(a, xfA, b, xfB);
}

void expectNormal(const sat::Manifold& m, double x, double y, double tol = 1e-5) {
  EXPECT_NEAR(m.normal.x, x, tol) << describeManifold(m);
  EXPECT_NEAR(m.normal.y, y, tol) << describeManifold(m);
}

// ---------------------------------------------------------------------------------------------------------------

TEST(EdgeCases, BoxesTouchingEdgeToEdge) {
  sat::Polygon a = box(1, 1);
  // Exactly touching at x = 1: touching counts as contact, depth ~ 0.
  sat::Manifold m = checkCase(a, at(0, 0), a, at(2, 0));
  EXPECT_TRUE(sat::overlap(a, at(0, 0), a, at(2, 0)));
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_NEAR(m.depth, 0.0, 1e-6);
  expectNormal(m, 1, 0);
  // 1e-3 apart: no contact. 1e-3 into each other: depth 1e-3, normal +x, two points at x = 1 - 5e-4, y = +-1.
  EXPECT_FALSE(sat::overlap(a, at(0, 0), a, at(2.001f, 0)));
  EXPECT_EQ(checkCase(a, at(0, 0), a, at(2.001f, 0)).pointCount, 0);
  m = checkCase(a, at(0, 0), a, at(1.999f, 0));
  ASSERT_EQ(m.pointCount, 2);
  EXPECT_NEAR(m.depth, 1e-3, 1e-6);
  expectNormal(m, 1, 0);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(m.points[i].point.x, 0.9995, 1e-6);
    EXPECT_NEAR(std::fabs(m.points[i].point.y), 1.0, 1e-6);
    EXPECT_NEAR(m.points[i].depth, 1e-3, 1e-6);
  }
  EXPECT_NE(m.points[0].point.y, m.points[1].point.y);
  // Offset vertically by half: the contact segment is y in [-0.5, 1].
  m = checkCase(a, at(0, 0), a, at(1.99f, 0.5f));
  ASSERT_EQ(m.pointCount, 2);
  float ylo = std::fmin(m.points[0].point.y, m.points[1].point.y), yhi = std::fmax(m.points[0].point.y, m.points[1].point.y);
  EXPECT_NEAR(ylo, -0.5, 1e-5);
  EXPECT_NEAR(yhi, 1.0, 1e-5);
  // Along each of the four sides.
  for (int k = 0; k < 4; ++k) {
    double ang = k * kPi / 2;
    m = checkCase(a, at(0, 0), a, at(f32(1.9 * std::cos(ang)), f32(1.9 * std::sin(ang))));
    EXPECT_NEAR(m.depth, 0.1, 1e-5);
    expectNormal(m, std::cos(ang), std::sin(ang));
  }
}

// The documented contact tolerance: shapes apart by at most kRelativeTolerance * (sizeA + sizeB) touch, where a
// size is the world extent (for a unit box sqrt(2), for a unit circle 1): apart by a third of it they touch, by
// three times it they do not; overlap() and collide() agree on both sides.
TEST(EdgeCases, ContactToleranceIsRelativeToTheSizes) {
  for (float scale : {1e-3f, 1.0f, 1e3f}) {
    sat::Polygon b = box(scale, scale);
    sat::Circle c = circle(scale);
    sat::Capsule k = capsule({-scale, 0}, {scale, 0}, scale);  // extent 2 * scale
    auto probe = [&](auto& a, double sizeA, auto& bb, double sizeB, double contactX, const char* what) {
      double tol = sat::kRelativeTolerance * (sizeA + sizeB);
      sat::Transform near = at(f32(contactX + tol / 3), 0), far = at(f32(contactX + 3 * tol), 0);
      EXPECT_TRUE(sat::overlap(a, at(0, 0), bb, near)) << what << " apart by tol/3 at scale " << scale;
      EXPECT_GT(sat::collide(a, at(0, 0), bb, near).pointCount, 0) << what << " at scale " << scale;
      EXPECT_FALSE(sat::overlap(a, at(0, 0), bb, far)) << what << " apart by 3 tol at scale " << scale;
      EXPECT_EQ(sat::collide(a, at(0, 0), bb, far).pointCount, 0) << what << " at scale " << scale;
    };
    const double r2 = std::sqrt(2.0);
    probe(b, r2 * scale, b, r2 * scale, 2.0 * scale, "box-box");
    probe(c, scale, c, scale, 2.0 * scale, "circle-circle");
    probe(b, r2 * scale, c, scale, 2.0 * scale, "box-circle");
    probe(k, 2.0 * scale, k, 2.0 * scale, 4.0 * scale, "capsule-capsule");
    probe(k, 2.0 * scale, b, r2 * scale, 3.0 * scale, "capsule-box");
  }
}

TEST(EdgeCases, FlipManifoldAndFeatureIds) {
  EXPECT_EQ(sat::makeFeatureId(3, 7), 0x00030007u);
  EXPECT_EQ(sat::makeFeatureId(0x12345, 0x6789A), 0x2345789Au) << "each half keeps 16 bits";
  sat::Manifold m;
  m.normal = {0.6f, 0.8f};
  m.depth = 0.25f;
  m.pointCount = 2;
  m.points[0] = {{1, 2}, 0.25f, sat::makeFeatureId(1, 2)};
  m.points[1] = {{3, 4}, 0.125f, sat::makeFeatureId(5, 0)};
  sat::Manifold f = sat::flipManifold(m);
  EXPECT_EQ(f.normal, (Vec2{-0.6f, -0.8f}));
  EXPECT_EQ(f.depth, m.depth);
  ASSERT_EQ(f.pointCount, 2);
  EXPECT_EQ(f.points[0].id, sat::makeFeatureId(2, 1));
  EXPECT_EQ(f.points[1].id, sat::makeFeatureId(0, 5));
  EXPECT_EQ(f.points[1].point, m.points[1].point);
  EXPECT_EQ(f.points[1].depth, m.points[1].depth);
  sat::Manifold g = sat::flipManifold(f);
  EXPECT_EQ(g.normal, m.normal);
  EXPECT_EQ(g.points[0].id, m.points[0].id);
  EXPECT_EQ(sat::flipManifold(sat::Manifold{}).pointCount, 0);
}

TEST(EdgeCases, VertexOnEdge) {
  sat::Polygon a = box(1, 1);
  sat::Polygon diamond = box(1, 1, {0, 0}, f32(kPi / 4));  // vertices at distance sqrt(2) on the axes
  const double r2 = std::sqrt(2.0);
  // Left vertex of the diamond 0.01 inside A's right edge: depth 0.01, normal +x, one point at x = 0.995, y = 0.
  sat::Manifold m = checkCase(a, at(0, 0), diamond, at(f32(1.0 + r2 - 0.01), 0));
  ASSERT_GE(m.pointCount, 1);
  EXPECT_NEAR(m.depth, 0.01, 1e-5);
  expectNormal(m, 1, 0);
  EXPECT_EQ(m.pointCount, 1);
  EXPECT_NEAR(m.points[0].point.x, 0.995, 1e-5);
  EXPECT_NEAR(m.points[0].point.y, 0.0, 1e-5);
  // Exactly on the edge: touching.
  EXPECT_TRUE(sat::overlap(a, at(0, 0), diamond, at(f32(1.0 + r2), 0)));
  m = checkCase(a, at(0, 0), diamond, at(f32(1.0 + r2), 0));
  EXPECT_NEAR(m.depth, 0.0, 1e-5);
  // Vertex against vertex (corner to corner along the diagonal): touching, then 0.01 apart.
  m = checkCase(a, at(0, 0), diamond, at(f32(1.0 + r2), 1.0f));
  EXPECT_TRUE(sat::overlap(a, at(0, 0), diamond, at(f32(1.0 + r2), 1.0f)));
  EXPECT_FALSE(sat::overlap(a, at(0, 0), diamond, at(f32(1.01 + r2), 1.0f)));
  // A circle resting on a box corner: depth along the diagonal.
  sat::Circle c = circle(1.0f);
  m = checkCase(a, at(0, 0), c, at(1.7f, 1.7f));
  EXPECT_NEAR(m.depth, 1.0 - (0.7 * r2), 1e-5);
  expectNormal(m, 1 / r2, 1 / r2);
  // A capsule's rounded end on a box face.
  sat::Capsule k = capsule({0, 0}, {2, 0}, 0.25f);
  m = checkCase(a, at(0, 0), k, at(1.2f, 0));
  EXPECT_NEAR(m.depth, 0.05, 1e-5);
  expectNormal(m, 1, 0);
}

TEST(EdgeCases, ContainmentBothWays) {
  sat::Polygon big = box(10, 10), small = box(1, 1);
  // Small at (2, 3) inside big: the shortest way out is up (10 - (3 - 1) = 8), so depth 8, normal +y.
  sat::Manifold m = checkCase(big, at(0, 0), small, at(2, 3));
  EXPECT_NEAR(m.depth, 8.0, 1e-5);
  expectNormal(m, 0, 1);
  // Swapped: same depth, normal -y (B = big must move down).
  m = checkCase(small, at(2, 3), big, at(0, 0));
  EXPECT_NEAR(m.depth, 8.0, 1e-5);
  expectNormal(m, 0, -1);
  // Circle inside a polygon and a polygon inside a circle.
  sat::Circle c = circle(0.5f);
  m = checkCase(big, at(0, 0), c, at(-7, 1));
  EXPECT_NEAR(m.depth, 3.5, 1e-5);  // 10 - 7 + 0.5
  expectNormal(m, -1, 0);
  sat::Circle huge = circle(20.0f);
  m = checkCase(huge, at(0, 0), small, at(5, 0));
  EXPECT_NEAR(m.depth, 16.0, 1e-4);  // 20 - (5 - 1)
  expectNormal(m, 1, 0);
  m = checkCase(small, at(5, 0), huge, at(0, 0));
  EXPECT_NEAR(m.depth, 16.0, 1e-4);
  expectNormal(m, -1, 0);
  // Capsule inside a box, and a box inside a fat capsule.
  sat::Capsule k = capsule({-2, 0}, {2, 0}, 0.5f);
  m = checkCase(big, at(0, 0), k, at(0, 6));
  EXPECT_NEAR(m.depth, 4.5, 1e-5);  // 10 - 6 + 0.5
  expectNormal(m, 0, 1);
  sat::Capsule fat = capsule({-5, 0}, {5, 0}, 5.0f);
  m = checkCase(fat, at(0, 0), small, at(0, 1));
  EXPECT_NEAR(m.depth, 5.0, 1e-5);  // 5 - (1 - 1)
  expectNormal(m, 0, 1);
  // Circle in circle.
  m = checkCase(huge, at(0, 0), c, at(3, 4));
  EXPECT_NEAR(m.depth, 15.5, 1e-5);  // 20 + 0.5 - 5
  expectNormal(m, 0.6, 0.8);
}

TEST(EdgeCases, IdenticalShapesAtTheSamePlace) {
  // The minimum translation is not unique; the reference checks that the normal achieves the depth.
  sat::Polygon b = box(2, 1);
  sat::Manifold m = checkCase(b, at(1, 2, 0.3f), b, at(1, 2, 0.3f));
  EXPECT_NEAR(m.depth, 2.0, 1e-5);  // the narrow side: 2 * half height
  sat::Polygon tri = polygon({{0, 0}, {3, 0}, {0, 4}});
  m = checkCase(tri, at(-1, 5, 2.0f), tri, at(-1, 5, 2.0f));
  EXPECT_NEAR(m.depth, 2.4, 1e-5);  // the smallest height of the 3-4-5 triangle: 12 / 5
  sat::Circle c = circle(1.5f);
  m = checkCase(c, at(3, 3), c, at(3, 3));
  EXPECT_NEAR(m.depth, 3.0, 1e-5);  // concentric: any direction, depth 2r
  EXPECT_NEAR(std::hypot(m.normal.x, m.normal.y), 1.0, 1e-5) << "concentric circles need a unit normal";
  sat::Capsule k = capsule({-1, 0}, {1, 0}, 0.5f);
  m = checkCase(k, at(0, 0, 0.7f), k, at(0, 0, 0.7f));
  EXPECT_NEAR(m.depth, 1.0, 1e-5);  // across the segment: 2r
  EXPECT_NEAR(std::fabs(m.normal.x * std::cos(0.7) + m.normal.y * std::sin(0.7)), 0.0, 1e-4)
      << "coincident capsules separate across their segment";
  sat::Polygon g = regular(200, 3.0f);
  m = checkCase(g, at(0, 0), g, at(0, 0));
  EXPECT_NEAR(m.depth, 6.0 * std::cos(kPi / 200), 1e-4);  // twice the apothem
}

TEST(EdgeCases, RotationsBy90And45Degrees) {
  sat::Polygon rect = box(2, 0.5f);
  // Rotated by 90 degrees the 4 x 1 rectangle stands upright: against a unit box at (0, 2.4) it overlaps by 0.1.
  sat::Manifold m = checkCase(rect, at(0, 0, f32(kPi / 2)), box(1, 1), at(0.3f, 2.9f));
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 0, 1);
  // Rotated by 45 degrees, the unit box reaches sqrt(2) along x.
  m = checkCase(box(1, 1), at(0, 0, f32(kPi / 4)), box(1, 1), at(f32(1.0 + std::sqrt(2.0) - 0.05), 0));
  EXPECT_NEAR(m.depth, 0.05, 1e-5);
  expectNormal(m, 1, 0);
  // A full sweep of angles for a 3-4-5 triangle against a box, all against the reference.
  sat::Polygon tri = polygon({{0, 0}, {3, 0}, {0, 4}});
  for (int k = 0; k < 72; ++k) checkCase(tri, at(0.2f, -0.1f, f32(k * kPi / 36)), box(1, 0.5f, {0.5f, 0}), at(1, 1));
}

TEST(EdgeCases, NonUniformAndMirroringScale) {
  sat::Polygon unit = box(1, 1);
  // Scale (3, 0.5): A spans [-3, 3] x [-0.5, 0.5].
  sat::Manifold m = checkCase(unit, at(0, 0, 0, 3, 0.5f), unit, at(3.9f, 0));
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 1, 0);
  m = checkCase(unit, at(0, 0, 0, 3, 0.5f), unit, at(0, 1.3f));
  EXPECT_NEAR(m.depth, 0.2, 1e-5);
  expectNormal(m, 0, 1);
  // Scale applies before rotation: rotated by 90 degrees the long axis is vertical.
  m = checkCase(unit, at(0, 0, f32(kPi / 2), 3, 0.5f), unit, at(0, 3.9f));
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 0, 1);
  // Mirroring: the right triangle (0,0) (2,0) (0,1) mirrored in x points left.
  sat::Polygon tri = polygon({{0, 0}, {2, 0}, {0, 1}});
  m = checkCase(tri, at(0, 0, 0, -1, 1), unit, at(-2.9f, 0.5f));
  EXPECT_NEAR(m.depth, 0.1, 1e-4);
  EXPECT_EQ(checkCase(tri, at(0, 0, 0, 1, 1), unit, at(-2.9f, 0.5f)).pointCount, 0) << "unmirrored: apart";
  m = checkCase(tri, at(0, 0, 0, -1, -1), tri, at(0, 0));  // point mirror: the two triangles share only (0,0)
  EXPECT_NEAR(m.depth, 0.0, 1e-5);
  // Rounded shapes under non-uniform scale are exact: a unit circle scaled (2, 0.5) is an ellipse with semi-axes
  // 2 and 0.5 (test_ellipse.cpp checks them against an oracle).
  sat::Circle c = circle(1.0f);
  m = sat::collide(c, at(0, 0, 0, 2, 0.5f), unit, at(2.9f, 0));
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 1, 0);
  m = sat::collide(c, at(0, 0, 0, 2, 0.5f), unit, at(0, 1.4f));
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 0, 1);
  sat::Capsule k = capsule({0, 0}, {1, 0}, 0.25f);  // scaled (2, -3): segment to (2, 0), semi-axes 0.5 and 0.75
  m = sat::collide(k, at(0, 0, 0, 2, -3), unit, at(3.45f, 0));
  EXPECT_NEAR(m.depth, 0.05, 1e-5);
  expectNormal(m, 1, 0);
  m = sat::collide(k, at(0, 0, 0, 2, -3), unit, at(1.0f, 1.7f));
  EXPECT_NEAR(m.depth, 0.05, 1e-5);
  expectNormal(m, 0, 1);
  EXPECT_EQ(m.pointCount, 2);  // the capsule's flat side on the box's bottom face
}

TEST(EdgeCases, Slivers) {
  sat::Polygon needle = box(2, 1e-3f);  // 4 x 0.002
  sat::Polygon unit = box(1, 1);
  // Needle through the box horizontally: pushed out vertically by 1 + 1e-3.
  sat::Manifold m = checkCase(unit, at(0, 0), needle, at(0.5f, 0));
  EXPECT_NEAR(m.depth, 1.001, 1e-5);
  // Needle standing on the box: overlap 1e-4 at its tip.
  m = checkCase(unit, at(0, 0), needle, at(0.3f, f32(3.0 - 1e-4), f32(kPi / 2)));
  EXPECT_NEAR(m.depth, 1e-4, 2e-6);
  expectNormal(m, 0, 1, 1e-4);
  // A thin triangle (aspect 1e4) rotated at many angles against the reference.
  sat::Polygon thin = polygon({{-1, 0}, {1, 0}, {0, 2e-4f}});
  for (int k = 0; k < 36; ++k) {
    checkCase(unit, at(0, 0), thin, at(0.8f, 0.9f, f32(k * kPi / 18)));
    checkCase(thin, at(0.1f, 0.2f, f32(k * kPi / 18)), thin, at(0, 0, f32(k * kPi / 7)));
    checkCase(thin, at(0, 0, f32(k * kPi / 18)), circle(0.1f), at(0.5f, 0.05f));
  }
  // Two slivers crossing at right angles: the MTV is across the thinner extent.
  m = checkCase(needle, at(0, 0), needle, at(0, 0, f32(kPi / 2)));
  EXPECT_NEAR(m.depth, 2.001, 1e-5) << "crossing needles separate along one needle's length (2 + 0.001)";
}

TEST(EdgeCases, FarFromTheOrigin) {
  // At 1e5 float spacing is 0.0078: positions are exact multiples of it, depths within a few ulps of it.
  const float X = 1.0e5f, Y = -1.0e5f;
  sat::Polygon unit = box(1, 1);
  const double ulp = 0.0078125;
  sat::Manifold m = sat::collide(unit, at(X, Y), unit, at(X + 1.75f, Y + 0.5f));
  ASSERT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, 0.25, 2 * ulp);
  expectNormal(m, 1, 0, 1e-3);
  EXPECT_FALSE(sat::overlap(unit, at(X, Y), unit, at(X + 2.25f, Y)));
  for (int i = 0; i < m.pointCount; ++i) EXPECT_NEAR(m.points[i].point.x, X + 0.875, 2 * ulp);
  // Rotated shapes far away against the reference with tolerances scaled to the coordinates.
  Rng rng(0xfa4001u);
  int failures = 0;
  for (int i = 0; i < 2000; ++i) {
    sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    sat::Transform xa = randomTransform(rng, 3.0), xb = randomTransform(rng, 3.0);
    xa.p = {xa.p.x + X, xa.p.y + Y};
    xb.p = {xb.p.x + X, xb.p.y + Y};
    ref::Penetration r = ref::penetration(ref::core(a, xa), ref::core(b, xb));
    sat::Manifold mm = sat::collide(a, xa, b, xb);
    // Both frames are near 1e5 but their difference is exact in float, so working in A's frame keeps the
    // shapes' own precision: only the world-space contact points carry the coarse spacing.
    double tol = 2e-4 * std::max(r.sizeA, r.sizeB) + 1e-5;
    bool ok = true;
    if (r.depth > tol) ok = mm.pointCount > 0 && std::fabs(mm.depth - r.depth) < tol;
    if (r.depth < -tol) ok = mm.pointCount == 0;
    if (!ok && ++failures <= 5)
      ADD_FAILURE() << describeCase(a, xa, b, xb) << "\n  " << ref::str(r) << "\n  " << describeManifold(mm);
  }
  EXPECT_EQ(failures, 0);
  // Circles and capsules far away.
  m = sat::collide(circle(1.0f), at(X, Y), capsule({0, -1}, {0, 1}, 0.5f), at(X + 0.75f, Y + 2.0f));
  ASSERT_GT(m.pointCount, 0);  // circle centre to the capsule's lower cap centre: (0.75, 1), distance 1.25
  EXPECT_NEAR(m.depth, 0.25, 1e-5);
  expectNormal(m, 0.6, 0.8, 1e-5);
}

TEST(EdgeCases, TinyShapes) {
  // Shapes of size 1e-3: the tolerance scales with them, so a 1e-5 overlap (1% of the size) is resolved.
  sat::Polygon tiny = box(1e-3f, 1e-3f);
  sat::Manifold m = checkCase(tiny, at(0, 0), tiny, at(1.99e-3f, 0));
  ASSERT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, 1e-5, 1e-9);
  expectNormal(m, 1, 0);
  EXPECT_EQ(checkCase(tiny, at(0, 0), tiny, at(2.01e-3f, 0)).pointCount, 0);
  sat::Circle c = circle(1e-3f);
  m = checkCase(c, at(5e-3f, 5e-3f), c, at(6.9e-3f, 5e-3f));
  EXPECT_NEAR(m.depth, 1e-4, 1e-9);
  // Random tiny pairs at a small offset against the reference.
  Rng rng(0x7141u);
  for (int i = 0; i < 500; ++i) {
    sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    sat::Transform xa = randomTransform(rng, 1.0), xb = randomTransform(rng, 1.0);
    xa.scale = {xa.scale.x * 1e-3f, xa.scale.y * 1e-3f};
    xb.scale = {xb.scale.x * 1e-3f, xb.scale.y * 1e-3f};
    xa.p = {xa.p.x * 1e-3f, xa.p.y * 1e-3f};
    xb.p = {xb.p.x * 1e-3f, xb.p.y * 1e-3f};
    checkCase(a, xa, b, xb);
    if (HasFailure()) break;
  }
}

TEST(EdgeCases, ManyVertexPolygonsAgainstReference) {
  // 16, 32, 64 and 200 vertices (the hill-climbing path) against small and large partners, all rotations.
  Rng rng(0x3200u);
  for (int n : {16, 32, 64, 200}) {
    sat::Polygon g = regular(n, 2.0f, 0.1f);
    sat::Polygon e = [&] {  // an ellipse-like n-gon: not regular, so supports move unevenly
      std::vector<Vec2> pts(n);
      for (int i = 0; i < n; ++i) {
        double a = 2.0 * kPi * (i + 0.3 * std::sin(i)) / n;
        pts[i] = {f32(3.0 * std::cos(a)), f32(0.7 * std::sin(a))};
      }
      return polygon(pts);
    }();
    ASSERT_EQ(g.count(), n);
    ASSERT_EQ(e.count(), n);
    const int cases = n >= 200 ? 8 : n >= 64 ? 40 : n >= 32 ? 100 : 150;  // the reference hull of n*n differences is the cost
    for (int i = 0; i < cases; ++i) {
      sat::Polygon small = randomPolygon(rng);
      double ang = uniform(rng, -kPi, kPi), dist = uniform(rng, 0.0, 5.0);
      sat::Transform xa = at(0, 0, f32(uniform(rng, -kPi, kPi)));
      sat::Transform xb = at(f32(dist * std::cos(ang)), f32(dist * std::sin(ang)), f32(uniform(rng, -kPi, kPi)));
      checkCase(g, xa, small, xb);
      checkCase(e, xa, g, xb);
      checkCase(e, xa, e, xb);
      checkCase(small, xb, e, xa);
      if (HasFailure()) {
        ADD_FAILURE() << "with n = " << n;
        return;
      }
    }
  }
}

// Stacked boxes (parallel faces, any common rotation): two contact points at the ends of the overlap interval,
// each with the full depth, midway between the faces; the same for a capsule lying on a box.
TEST(EdgeCases, ParallelFacesGiveTwoPointsSpanningTheOverlap) {
  Rng rng(0x57ac01u);
  int failures = 0;
  for (int i = 0; i < 5000; ++i) {
    double wa = uniform(rng, 0.2, 3), ha = uniform(rng, 0.2, 3), wb = uniform(rng, 0.2, 3), hb = uniform(rng, 0.2, 3);
    double theta = uniform(rng, -kPi, kPi);
    int quarter = uniformInt(rng, 0, 3);  // B turned by a multiple of 90 degrees keeps its faces parallel
    if (quarter % 2) std::swap(wb, hb);   // so that B's extents in A's frame stay wb x hb
    double size = std::max(std::hypot(wa, ha), std::hypot(wb, hb));
    double depth = uniform(rng, 1e-3, 0.2) * std::min(ha, hb);
    // Tangent offset: the overlap along the face exceeds the depth clearly, so the face normal is the unique MTV.
    double reach = std::max(0.0, wa + wb - depth - 0.05 * size);
    double shift = uniform(rng, -1.0, 1.0) * reach;
    sat::Polygon a = box(f32(wa), f32(ha)), b = box(f32(quarter % 2 ? hb : wb), f32(quarter % 2 ? wb : hb));
    ref::V up{-std::sin(theta), std::cos(theta)}, along{std::cos(theta), std::sin(theta)};
    ref::V pb = (ha + hb - depth) * up + shift * along;
    sat::Transform xa = at(0, 0, f32(theta)), xb = at(f32(pb.x), f32(pb.y), f32(theta + quarter * kPi / 2));
    sat::Manifold m = sat::collide(a, xa, b, xb);
    // Recompute depth and shift from the float transforms actually used.
    ref::V pbf = ref::fromVec(xb.p);
    double d = ha + hb - ref::dot(pbf, up), s = ref::dot(pbf, along);
    double lo = std::max(-wa, s - wb), hi = std::min(wa, s + wb);
    double tol = 2e-6 * size;
    bool ok = m.pointCount == 2 && std::fabs(m.depth - d) < tol && ref::len(toV(m.normal) - up) < 1e-5;
    if (ok) {
      double t0 = ref::dot(toV(m.points[0].point), along), t1 = ref::dot(toV(m.points[1].point), along);
      ok = std::fabs(std::min(t0, t1) - lo) < tol && std::fabs(std::max(t0, t1) - hi) < tol;
      for (int k = 0; k < 2; ++k) {
        ok = ok && std::fabs(m.points[k].depth - d) < tol;
        ok = ok && std::fabs(ref::dot(toV(m.points[k].point), up) - (ha - 0.5 * d)) < tol;
      }
    }
    if (!ok && ++failures <= 5)
      ADD_FAILURE() << describeCase(a, xa, b, xb) << "\n  expected depth " << d << " normal " << ref::str(up)
                    << " points along the face at " << lo << " and " << hi << "\n  " << describeManifold(m);
  }
  EXPECT_EQ(failures, 0);
  // A capsule lying on a box face: two points at its cap centres' feet, depth r - gap.
  sat::Polygon floor = box(5, 1);
  sat::Capsule log = capsule({-1, 0}, {1, 0}, 0.5f);
  for (int k = 0; k < 36; ++k) {
    double theta = k * kPi / 18;
    ref::V up{-std::sin(theta), std::cos(theta)};
    ref::V pb = 1.45 * up;  // axis 1.45 above the centre: 0.05 into the face at y = 1
    sat::Transform xa = at(0, 0, f32(theta)), xb = at(f32(pb.x), f32(pb.y), f32(theta));
    sat::Manifold m = checkCase(floor, xa, log, xb);
    ASSERT_EQ(m.pointCount, 2) << "capsule on a box at " << theta;
    EXPECT_NEAR(m.depth, 0.05, 1e-5);
    for (int j = 0; j < 2; ++j) EXPECT_NEAR(m.points[j].depth, 0.05, 1e-5);
  }
}

// Boxes, triangles and capsules with dyadic sizes and positions and exact quarter-turn rotations: every coordinate
// is exact in float, so touching means separation exactly 0. Touching pairs must be reported as touching (overlap
// true, depth ~ 0) and everything else must match the exact depth.
TEST(EdgeCases, GridAlignedShapesTouchExactly) {
  Rng rng(0x9e1d01u);
  const sat::Rot quarter[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  auto dyadic = [&](int lo, int hi) { return float(uniformInt(rng, lo, hi)) / 8.0f; };
  int touching = 0, failures = 0;
  for (int i = 0; i < 20000; ++i) {
    auto shape = [&]() -> sat::Shape {
      switch (uniformInt(rng, 0, 2)) {
        case 0: return sat::Shape(box(dyadic(1, 16), dyadic(1, 16), {dyadic(-4, 4), dyadic(-4, 4)}));
        case 1: {
          float w = dyadic(2, 16), h = dyadic(2, 16);
          return sat::Shape(polygon({{0, 0}, {w, 0}, {0, h}}));
        }
        default: return sat::Shape(capsule({0, 0}, {dyadic(1, 16), 0}, dyadic(1, 8)));
      }
    };
    sat::Shape a = shape(), b = shape();
    sat::Transform xa{{dyadic(-16, 16), dyadic(-16, 16)}, quarter[uniformInt(rng, 0, 3)], {1, 1}};
    sat::Transform xb{{dyadic(-16, 16), dyadic(-16, 16)}, quarter[uniformInt(rng, 0, 3)], {1, 1}};
    ref::Core ca = ref::core(a, xa), cb = ref::core(b, xb);
    ref::Penetration r = ref::penetration(ca, cb);
    // Slide B along the normal so that it touches exactly in a third of the cases (dyadic shift: stays exact).
    if (i % 3 == 0 && (r.normal.x != 0 || r.normal.y != 0) && r.normal.x * r.normal.y == 0 && a.type != sat::ShapeType::Capsule &&
        b.type != sat::ShapeType::Capsule) {
      xb.p = {f32(xb.p.x + r.depth * r.normal.x), f32(xb.p.y + r.depth * r.normal.y)};
      cb = ref::core(b, xb);
      r = ref::penetration(ca, cb);
    }
    sat::Manifold m = sat::collide(a, xa, b, xb);
    bool ov = sat::overlap(a, xa, b, xb);
    double tol = 1e-5 * (r.sizeA + r.sizeB);
    bool ok = ov == (m.pointCount > 0);
    if (r.depth == 0.0) {
      ++touching;
      ok = ok && ov && std::fabs(m.depth) <= tol;
    } else if (r.depth > 0.0) {
      ok = ok && ov && std::fabs(m.depth - r.depth) <= 1e-6 * (r.sizeA + r.sizeB);
    } else if (r.depth < -0.01) {
      ok = ok && !ov;
    }
    if (!ok && ++failures <= 8)
      ADD_FAILURE() << (r.depth == 0.0 ? "exactly touching: " : "") << "A = " << ref::str(a) << " " << ref::str(xa)
                    << "\n  B = " << ref::str(b) << " " << ref::str(xb) << "\n  " << ref::str(r) << "\n  overlap() = "
                    << ov << " " << describeManifold(m);
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(touching, 1000);
}

// Ties and degenerate Minkowski differences for rounded shapes.
TEST(EdgeCases, DegenerateRoundedConfigurations) {
  sat::Polygon unit = box(1, 1);
  sat::Circle c = circle(0.5f);
  // Circle centre exactly on a vertex, on an edge midpoint, and at the polygon's centre (four-way tie).
  sat::Manifold m = checkCase(unit, at(0, 0), c, at(1, 1));
  EXPECT_NEAR(m.depth, 0.5, 1e-6);
  m = checkCase(unit, at(0, 0), c, at(1, 0));
  EXPECT_NEAR(m.depth, 0.5, 1e-6);
  expectNormal(m, 1, 0);
  m = checkCase(unit, at(0, 0), c, at(0, 0));
  EXPECT_NEAR(m.depth, 1.5, 1e-6);
  m = checkCase(c, at(0, 0), unit, at(0, 0, 0.3f));
  EXPECT_NEAR(m.depth, 1.5, 1e-6);
  // Capsules: parallel side by side (the Minkowski difference is a parallelogram with two long sides), collinear
  // end to end (it degenerates to a segment), crossing at right angles, and a capsule along a box diagonal.
  sat::Capsule k = capsule({-1, 0}, {1, 0}, 0.25f);
  m = checkCase(k, at(0, 0), k, at(0.5f, 0.4f));
  EXPECT_NEAR(m.depth, 0.1, 1e-6);
  expectNormal(m, 0, 1);
  m = checkCase(k, at(0, 0), k, at(2.4f, 0));
  EXPECT_NEAR(m.depth, 0.1, 1e-6);
  expectNormal(m, 1, 0);
  m = checkCase(k, at(0, 0), k, at(-2.4f, 0));
  expectNormal(m, -1, 0);
  m = checkCase(k, at(0, 0), k, at(1.0f, 0));  // collinear and overlapping: across the axis
  EXPECT_NEAR(m.depth, 0.5, 1e-6);
  EXPECT_NEAR(std::fabs(m.normal.y), 1.0, 1e-6);
  m = checkCase(k, at(0, 0), k, at(0.3f, 0.2f, f32(kPi / 2)));
  // Crossing: B's segment x = 0.3, y in [-0.8, 1.2]. Out to the right 1 + 0.5 - 0.3 = 1.2 beats up (0.5 + 0.8)
  // and down (1.2 + 0.5).
  EXPECT_NEAR(m.depth, 1.2, 1e-6);
  expectNormal(m, 1, 0);
  m = checkCase(unit, at(0, 0), k, at(0, 0, f32(kPi / 4)));
  m = checkCase(k, at(0, 0, 0.3f), c, at(0, 0));  // circle centre on the segment
  EXPECT_NEAR(m.depth, 0.75, 1e-6);
  m = checkCase(k, at(0, 0), c, at(1, 0));  // on the segment's end point
  EXPECT_NEAR(m.depth, 0.75, 1e-6);
}

TEST(EdgeCases, SkewedAffineWithRoundedShapes) {
  // A circle under a skewed frame is the ellipse the frame makes of it: shear x += y maps the unit circle to an
  // ellipse whose extent along x is |(1, 1)| = sqrt(2) (the row of the linear map), not the largest singular value
  // 1.618 of the enclosing circle.
  sat::Affine skew{1.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f};
  const double extent = std::sqrt(2.0);
  sat::Shape c(circle(1.0f));
  sat::Shape unit(box(1, 1));
  sat::Affine far{1, 0, 0, 1, f32(extent + 1.0 - 0.1), 0};
  sat::Manifold m = sat::collide(c, skew, unit, far);
  ASSERT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  expectNormal(m, 1, 0);
  // The sheared box against the reference: its world vertices are the sheared corners.
  // Corners (0.95,-1) (2.95,-1) (4.95,1) (2.95,1): the slanted left edge, normal (-1,1)/sqrt2, cuts A's corner
  // (1,-1) by 0.05 / sqrt2, less than the 0.05 overlap along x.
  sat::Affine placed{1.0f, 0.0f, 1.0f, 1.0f, 2.95f, 0.0f};
  m = sat::collide(unit, sat::Affine{}, unit, placed);
  ref::Penetration r = ref::penetration(ref::core(unit.polygon, sat::Affine{}), ref::core(unit.polygon, placed));
  ASSERT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, r.depth, 1e-5);
  EXPECT_NEAR(r.depth, 0.05 / std::sqrt(2.0), 1e-6);
  expectNormal(m, std::sqrt(0.5), -std::sqrt(0.5), 1e-5);
}

TEST(EdgeCases, UnusableInputGivesNoContactAndNoCrash) {
  sat::Polygon empty;  // default-constructed: never made by a maker
  sat::Polygon unit = box(1, 1);
  EXPECT_FALSE(sat::overlap(empty, at(0, 0), unit, at(0, 0)));
  EXPECT_EQ(sat::collide(empty, at(0, 0), unit, at(0, 0)).pointCount, 0);
  EXPECT_EQ(sat::collide(unit, at(0, 0), empty, at(0, 0)).pointCount, 0);
  EXPECT_EQ(sat::collide(circle(1), at(0, 0), empty, at(0, 0)).pointCount, 0);
  const float nan = std::nanf("");
  sat::Transform bad = at(0, 0);
  bad.q = {nan, 0};
  EXPECT_EQ(sat::collide(unit, bad, unit, at(0, 0)).pointCount, 0);
  EXPECT_FALSE(sat::overlap(circle(1), bad, circle(1), at(0, 0)));
  EXPECT_EQ(sat::collide(capsule({0, 0}, {1, 0}, 1), at(0, 0), circle(1), at(0, 0, 0, 0, 1)).pointCount, 0);
  EXPECT_EQ(sat::distance(sat::Shape(unit), bad, sat::Shape(unit), at(5, 0)).distance,
            sat::distance(sat::Shape(unit), bad, sat::Shape(unit), at(5, 0)).distance)
      << "distance() with an invalid transform must not return NaN";
  EXPECT_FALSE(sat::raycast(sat::Shape(unit), bad, {{-5, 0}, {10, 0}, 1}).hit);
  EXPECT_FALSE(sat::containsPoint(sat::Shape(unit), bad, {0, 0}));
}

}  // namespace
}  // namespace testing_sat

namespace testing_sat {
namespace {

// CheckedTransform: made only from a transform checkTransform accepts, and the queries given one answer exactly as
// the Transform overloads (they only skip the repeated check).
TEST(CheckedTransform, RefusesWhatCheckTransformRefusesAndAnswersBitForBit) {
  sat::CheckedTransform checked;
  const sat::Transform bad{{std::nanf(""), 0.0f}, {1.0f, 0.0f}, {1.0f, 1.0f}};
  EXPECT_EQ(sat::CheckedTransform::make(bad, &checked), Status::InvalidTransform);
  EXPECT_EQ(checked.transform().p.x, 0.0f) << "left unchanged";
  const sat::Transform zeroScale{{0.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 1.0f}};
  EXPECT_EQ(sat::CheckedTransform::make(zeroScale, &checked), Status::InvalidTransform);
  EXPECT_EQ(sat::CheckedTransform::make(sat::makeTransform(1.0f, 2.0f), nullptr), Status::InvalidArgument);

  Rng rng(77);
  int touching = 0;
  for (int i = 0; i < 3000; ++i) {
    const int kind = i % 3;
    const sat::Shape a = kind == 0 ? sat::Shape(randomPolygon(rng)) : kind == 1 ? sat::Shape(randomCircle(rng))
                                                                               : sat::Shape(randomCapsule(rng));
    const sat::Shape b = sat::Shape(randomPolygon(rng));
    const sat::Transform xa = randomTransform(rng, 2.0), xb = randomTransform(rng, 2.0);
    sat::CheckedTransform ca, cb;
    ASSERT_EQ(sat::CheckedTransform::make(xa, &ca), Status::Ok);
    ASSERT_EQ(sat::CheckedTransform::make(xb, &cb), Status::Ok);
    const sat::Manifold m = sat::collide(a, xa, b, xb), c = sat::collide(a, ca, b, cb);
    ASSERT_EQ(std::memcmp(&m, &c, sizeof m), 0) << "case " << i;
    ASSERT_EQ(sat::overlap(a, xa, b, xb), sat::overlap(a, ca, b, cb)) << "case " << i;
    touching += m.pointCount > 0;
  }
  EXPECT_GT(touching, 300);  // the cases exercise contacts, not only early outs
}

// make(x, y, angle, scaleX, scaleY) tests the inputs instead of the finished transform: it must accept and refuse
// exactly what make(makeTransform(...)) does, and give the same bits.
TEST(CheckedTransform, FromComponentsAgreesWithMakeOfMakeTransform) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
  const float big = sat::kMaxCoordinate, maxAngle = sat::kMaxAngle, minScale = sat::kMinScale;
  const std::vector<float> positions = {0.0f, -0.0f, 1.5f, -big, big, std::nextafter(big, inf), -inf, nan};
  const std::vector<float> angles = {0.0f, 1.0f, -3.0f, 1.0e8f, maxAngle, -maxAngle, std::nextafter(maxAngle, inf),
                                     inf, nan};
  const std::vector<float> scales = {1.0f, -1.0f, 2.5f, minScale, std::nextafter(minScale, 0.0f), 0.0f, big,
                                     -std::nextafter(big, inf), inf, nan};
  int accepted = 0, refused = 0;
  auto same = [&](float x, float y, float angle, float sx, float sy) {
    sat::CheckedTransform viaInputs, viaTransform;
    const Status a = sat::CheckedTransform::make(x, y, angle, sx, sy, &viaInputs);
    const Status b = sat::CheckedTransform::make(sat::makeTransform(x, y, angle, sx, sy), &viaTransform);
    ASSERT_EQ(a, b) << x << " " << y << " " << angle << " " << sx << " " << sy;
    ASSERT_EQ(std::memcmp(&viaInputs, &viaTransform, sizeof viaInputs), 0);
    (a == Status::Ok ? accepted : refused)++;
  };
  for (float p : positions)
    for (float angle : angles)
      for (float s : scales) {
        same(p, 0.5f, angle, s, 1.0f);
        same(0.5f, p, angle, 1.0f, s);
      }
  Rng rng(91);
  for (int i = 0; i < 20000; ++i) {
    same(f32(uniform(rng, -2e6, 2e6)), f32(uniform(rng, -10, 10)), f32(uniform(rng, -2e9, 2e9)),
         f32(uniform(rng, -3, 3)), f32(uniform(rng, -1e-5, 1e-5)));
  }
  EXPECT_EQ(sat::CheckedTransform::make(0.0f, 0.0f, 0.0f, 1.0f, 1.0f, nullptr), Status::InvalidArgument);
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(refused, 1000);
}

// makeMany: transform i as make(x, y, angle, scaleX, scaleY) makes it (angles two at a time through makeRot2),
// and the first refused one's index and status, at even and odd positions and at the end of an odd count.
TEST(CheckedTransform, MakeManyAgreesWithMakeOneByOne) {
  Rng rng(92);
  for (int round = 0; round < 400; ++round) {
    const int count = uniformInt(rng, 0, 9);
    std::vector<float> packed;
    for (int i = 0; i < count; ++i) {
      const double spread = round % 3 == 0 ? 1e9 : 10.0;
      packed.insert(packed.end(), {f32(uniform(rng, -10, 10)), f32(uniform(rng, -10, 10)),
                                   f32(uniform(rng, -spread, spread)), f32(uniform(rng, 0.5, 2)), 1.0f});
    }
    int firstBad = -1;
    if (count > 0 && round % 2 == 1) {  // spoil one transform, sometimes a later one too
      firstBad = uniformInt(rng, 0, count - 1);
      packed[5 * firstBad + uniformInt(rng, 0, 4)] = round % 4 == 1 ? std::nanf("") : 3.0e9f;
      if (firstBad + 1 < count) packed[5 * (count - 1) + 2] = std::nanf("");
    }
    std::vector<sat::CheckedTransform> many(size_t(count) + 1);
    int bad = -7;
    const Status status = sat::CheckedTransform::makeMany(packed.data(), count, many.data(), &bad);
    if (firstBad >= 0) {
      ASSERT_EQ(status, Status::InvalidTransform) << "round " << round;
      ASSERT_EQ(bad, firstBad) << "round " << round;
      continue;
    }
    ASSERT_EQ(status, Status::Ok) << "round " << round;
    for (int i = 0; i < count; ++i) {
      sat::CheckedTransform one;
      const float* f = packed.data() + 5 * i;
      ASSERT_EQ(sat::CheckedTransform::make(f[0], f[1], f[2], f[3], f[4], &one), Status::Ok);
      ASSERT_EQ(std::memcmp(&one, &many[size_t(i)], sizeof one), 0) << "round " << round << " transform " << i;
    }
  }
  sat::CheckedTransform out[2];
  const float one[5] = {0.0f, 0.0f, 0.0f, 1.0f, 1.0f};
  int bad = -1;
  EXPECT_EQ(sat::CheckedTransform::makeMany(one, -1, out, &bad), Status::InvalidArgument);
  EXPECT_EQ(sat::CheckedTransform::makeMany(nullptr, 1, out, nullptr), Status::InvalidArgument);
  EXPECT_EQ(sat::CheckedTransform::makeMany(one, 1, nullptr, &bad), Status::InvalidArgument);
  EXPECT_EQ(sat::CheckedTransform::makeMany(nullptr, 0, nullptr, &bad), Status::Ok);
}

TEST(Math, MakeRot2IsTwoMakeRots) {
  Rng rng(93);
  for (int i = 0; i < 100000; ++i) {
    const double spread = i % 4 == 0 ? 2e9 : i % 4 == 1 ? 1e4 : 7.0;
    const float a0 = f32(uniform(rng, -spread, spread)), a1 = f32(uniform(rng, -spread, spread));
    sat::Rot r0, r1;
    sat::makeRot2(a0, a1, &r0, &r1);
    const sat::Rot e0 = sat::makeRot(a0), e1 = sat::makeRot(a1);
    ASSERT_EQ(std::memcmp(&r0, &e0, sizeof r0), 0) << a0;
    ASSERT_EQ(std::memcmp(&r1, &e1, sizeof r1), 0) << a1;
  }
}

}  // namespace
}  // namespace testing_sat
