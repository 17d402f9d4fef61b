// Spheres and capsules (against each other and against hulls and boxes), distance and ray casts, each against an
// independent double-precision reference: closed forms for spheres and boxes, brute force over vertex-face and
// edge-edge pairs for hulls.
#include <gtest/gtest.h>

#include <cstdio>

#include "random3.h"
#include "reference3.h"
#include "sat/3d/query3.h"

namespace testing_sat3 {
namespace {

using ref3::Placed;

/// Exact distance of two segments: the interior critical point if any, and the four boundary lines of the
/// parameter square (each a clamped projection).
double segSegDist(D3 p1, D3 q1, D3 p2, D3 q2) {
  D3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  double aa = dot(d1, d1), ee = dot(d2, d2), bb = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  double den = aa * ee - bb * bb;
  auto at = [&](double s, double t) { return len((p1 + s * d1) - (p2 + t * d2)); };
  auto clamp01 = [](double v) { return std::min(1.0, std::max(0.0, v)); };
  double best = std::min({at(0, clamp01(f / ee)), at(1, clamp01((bb + f) / ee)), at(clamp01(-c / aa), 0),
                          at(clamp01((bb - c) / aa), 1)});
  if (den > 1e-15 * aa * ee) {
    double s = (bb * f - c * ee) / den, t = (aa * f - bb * c) / den;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) best = std::min(best, at(s, t));
  }
  return best;
}

/// Faces of a placed hull as vertex loops (from the hull's topology) in world coordinates.
std::vector<std::vector<D3>> faceLoops(const sat::Hull3& h, const Placed& p) {
  std::vector<std::vector<D3>> out;
  for (int f = 0; f < h.faceCount(); ++f) {
    std::vector<D3> loop;
    for (int v : faceLoop(h, f)) loop.push_back(p.v[size_t(v)]);
    out.push_back(loop);
  }
  return out;
}

/// Distance from x to a convex planar polygon.
double pointPolygon(D3 x, const std::vector<D3>& poly) {
  D3 n{};
  for (size_t k = 0; k < poly.size(); ++k) {
    D3 a = poly[k], b = poly[(k + 1) % poly.size()];
    n = n + D3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
  }
  n = unit(n);
  D3 proj = x - dot(n, x - poly[0]) * n;
  bool inside = true;
  double sign = 0.0;
  for (size_t k = 0; k < poly.size(); ++k) {
    D3 a = poly[k], b = poly[(k + 1) % poly.size()];
    double s = dot(cross(b - a, proj - a), n);
    if (sign == 0.0) sign = s > 0 ? 1 : -1;
    if (s * sign < 0) inside = false;
  }
  if (inside) return std::fabs(dot(n, x - poly[0]));
  double best = HUGE_VAL;
  for (size_t k = 0; k < poly.size(); ++k) {
    D3 a = poly[k], b = poly[(k + 1) % poly.size()], ab = b - a;
    double t = std::min(1.0, std::max(0.0, dot(x - a, ab) / dot(ab, ab)));
    best = std::min(best, len(x - (a + t * ab)));
  }
  return best;
}

/// Signed distance of a point to a placed hull: brute force over faces outside, deepest face plane inside.
double pointHull(D3 x, const std::vector<std::vector<D3>>& faces, const Placed& p) {
  double inside = ref3::outside(p, x);
  if (inside <= 0.0) return inside;
  double best = HUGE_VAL;
  for (const auto& f : faces) best = std::min(best, pointPolygon(x, f));
  return best;
}

/// Distance between two placed hulls that are apart: vertex-face both ways and edge-edge, brute force.
double hullHullDistance(const sat::Hull3& ha, const Placed& a, const sat::Hull3& hb, const Placed& b) {
  auto fa = faceLoops(ha, a), fb = faceLoops(hb, b);
  double best = HUGE_VAL;
  for (const D3& v : a.v) for (const auto& f : fb) best = std::min(best, pointPolygon(v, f));
  for (const D3& v : b.v) for (const auto& f : fa) best = std::min(best, pointPolygon(v, f));
  for (int i = 0; i < ha.halfEdgeCount(); i += 2) {
    D3 p1 = a.v[ha.halfEdges()[i].origin], q1 = a.v[ha.halfEdges()[i ^ 1].origin];
    for (int j = 0; j < hb.halfEdgeCount(); j += 2) {
      D3 p2 = b.v[hb.halfEdges()[j].origin], q2 = b.v[hb.halfEdges()[j ^ 1].origin];
      const double cand = segSegDist(p1, q1, p2, q2);
      best = std::min(best, cand);
    }
  }
  return best;
}

TEST(Round3, SphereSphereAndCapsulePairsClosedForm) {
  std::mt19937 rng(0x3d21u);
  long touching = 0;
  for (int k = 0; k < int(scaled(100000)); ++k) {
    sat::Capsule3 a, b;
    ASSERT_EQ(sat::makeCapsule({uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)},
                               {uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, uni(rng, 0.05f, 0.8f), &a),
              sat::Status::Ok);
    ASSERT_EQ(sat::makeCapsule({uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)},
                               {uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, uni(rng, 0.05f, 0.8f), &b),
              sat::Status::Ok);
    sat::Transform3 xa{{uni(rng, -1, 1), 0, 0}, randomQuat(rng), {1, 1, 1}};
    sat::Transform3 xb{{uni(rng, -2, 2), uni(rng, -2, 2), uni(rng, -2, 2)}, randomQuat(rng), {1, 1, 1}};
    const bool spheres = k % 3 == 0;
    sat::Manifold3 m;
    D3 pa = ref3::apply(xa, a.center1), qa = ref3::apply(xa, a.center2);
    D3 pb = ref3::apply(xb, b.center1), qb = ref3::apply(xb, b.center2);
    double coreDist;
    if (spheres) {
      sat::Sphere sa{a.center1, a.radius}, sb{b.center1, b.radius};
      m = sat::collide(sa, xa, sb, xb);
      coreDist = len(pb - pa);
    } else {
      m = sat::collide(a, xa, b, xb);
      coreDist = segSegDist(pa, qa, pb, qb);
    }
    const double depth = double(a.radius) + b.radius - coreDist;
    if (depth > 1e-4) {
      ASSERT_GT(m.pointCount, 0) << k;
      ++touching;
      // Cores that cross (distance 0) may leave along any normal of the crossing: the depth is the radii's sum.
      ASSERT_NEAR(m.depth, depth, 2e-4) << k;
      ASSERT_NEAR(len(fromVec(m.normal)), 1.0, 1e-5);
    } else if (depth < -1e-4) {
      ASSERT_EQ(m.pointCount, 0) << k;
    }
  }
  std::printf("[ 3d round ] sphere/capsule pairs: %ld touching of %ld\n", touching, scaled(100000));
  EXPECT_GT(touching, scaled(100000) / 10);
}

// Hulls and boxes against spheres: the reference depth is the radius minus the signed distance of the centre.
TEST(Round3, HullSphereAndBoxSphere) {
  std::mt19937 rng(0x3d22u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 50, 4, 23);
  long inside = 0, outside = 0;
  for (int k = 0; k < int(scaled(100000)); ++k) {
    const bool box = k % 2 == 0;
    const sat::Hull3& hull = pool[rng() % pool.size()];
    sat::Box3 bx;
    ASSERT_EQ(sat::makeBox({uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)}, &bx), sat::Status::Ok);
    sat::Transform3 xa{{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, randomQuat(rng), {1, 1, 1}};
    if (k % 5 == 0) xa.scale = {uni(rng, 0.5f, 2), uni(rng, 0.5f, 2), uni(rng, 0.5f, 2)};
    sat::Sphere s{{0, 0, 0}, uni(rng, 0.05f, 1.0f)};
    sat::Transform3 xb{xa.p + sat::Vec3{uni(rng, -3, 3), uni(rng, -3, 3), uni(rng, -3, 3)}, {}, {1, 1, 1}};
    const Placed p = box ? ref3::placeBox(bx.halfExtents, xa) : ref3::place(hull, xa);
    double sd;
    if (box) {
      // Closed form in the box's frame.
      D3 c = fromVec(sat::invRotate(xa.q, xb.p - xa.p));
      D3 h{std::fabs(double(xa.scale.x) * bx.halfExtents.x), std::fabs(double(xa.scale.y) * bx.halfExtents.y),
           std::fabs(double(xa.scale.z) * bx.halfExtents.z)};
      D3 q{std::fabs(c.x) - h.x, std::fabs(c.y) - h.y, std::fabs(c.z) - h.z};
      D3 qp{std::max(q.x, 0.0), std::max(q.y, 0.0), std::max(q.z, 0.0)};
      sd = len(qp) + std::min(std::max(q.x, std::max(q.y, q.z)), 0.0);
    } else {
      sd = pointHull(fromVec(xb.p), faceLoops(hull, p), p);
    }
    const sat::Manifold3 m = box ? sat::collide(bx, xa, s, xb) : sat::collide(hull, xa, s, xb);
    const double depth = double(s.radius) - sd, tol = 2e-4 * std::max(p.radius, double(s.radius));
    (sd < 0 ? inside : outside)++;
    if (depth > tol) {
      ASSERT_GT(m.pointCount, 0) << k;
      ASSERT_NEAR(m.depth, depth, tol) << k << (box ? " box" : " hull");
      // B moved by normal * (depth + eps) clears A: its centre's distance to A becomes >= its radius.
      const D3 moved = fromVec(xb.p) + (double(m.depth) + 2 * tol) * fromVec(m.normal);
      const double after = box ? 0 : pointHull(moved, faceLoops(hull, p), p);
      if (!box) { ASSERT_GT(after, double(s.radius)) << k; }
    } else if (depth < -tol) {
      ASSERT_EQ(m.pointCount, 0) << k;
    }
    // The mirrored call agrees.
    const sat::Manifold3 f = box ? sat::collide(s, xb, bx, xa) : sat::collide(s, xb, hull, xa);
    ASSERT_EQ(f.pointCount, m.pointCount);
    if (m.pointCount) { ASSERT_NEAR(f.normal.x, -m.normal.x, 1e-6); }
  }
  std::printf("[ 3d round ] hull/box-sphere: %ld centres inside, %ld outside\n", inside, outside);
  EXPECT_GT(inside, 100);
}

// Hull - capsule: depth against the segment's signed distance to the hull (brute force apart, SAT over face
// normals and every edge x segment cross product when it enters).
TEST(Round3, HullCapsule) {
  std::mt19937 rng(0x3d23u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 50, 4, 19);
  long deep = 0, checked = 0;
  for (int k = 0; k < int(scaled(40000)); ++k) {
    const sat::Hull3& hull = pool[rng() % pool.size()];
    sat::Transform3 xa{{0, 0, 0}, randomQuat(rng), {1, 1, 1}};
    sat::Capsule3 c;
    ASSERT_EQ(sat::makeCapsule({uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)},
                               {uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, uni(rng, 0.05f, 0.5f), &c),
              sat::Status::Ok);
    sat::Transform3 xb{{uni(rng, -3, 3), uni(rng, -3, 3), uni(rng, -3, 3)}, randomQuat(rng), {1, 1, 1}};
    const Placed p = ref3::place(hull, xa);
    const D3 sp = ref3::apply(xb, c.center1), sq = ref3::apply(xb, c.center2);
    // Signed distance of the segment: SAT over the superset when it enters, brute force when apart.
    Placed seg;
    seg.v = {sp, sq};
    double coreSep = -ref3::sat(p, seg).depth;  // > 0: apart along some axis (a lower bound of the distance)
    ref3::SatRef r;
    {
      // Axes: hull faces, and every hull edge x segment direction.
      double best = HUGE_VAL;
      auto consider = [&](D3 u) {
        double la, ha, lb, hb;
        ref3::project(p.v, u, &la, &ha);
        ref3::project(seg.v, u, &lb, &hb);
        best = std::min({best, ha - lb, hb - la});
      };
      for (const D3& n : p.faceNormals) consider(n);
      for (const D3& e : p.edgeDirs) {
        D3 x = cross(e, sq - sp);
        if (len(x) > 1e-12) consider(unit(x));
      }
      coreSep = -best;
    }
    if (coreSep > 0) {
      auto faces = faceLoops(hull, p);
      double d = std::min(pointHull(sp, faces, p), pointHull(sq, faces, p));
      for (int e = 0; e < hull.halfEdgeCount(); e += 2) {
        d = std::min(d, segSegDist(p.v[hull.halfEdges()[e].origin], p.v[hull.halfEdges()[e ^ 1].origin], sp, sq));
      }
      coreSep = d;
    }
    const double depth = double(c.radius) - coreSep, tol = 2e-4 * std::max(p.radius, 1.0);
    const sat::Manifold3 m = sat::collide(hull, xa, c, xb);
    if (depth > tol) {
      ++checked;
      if (coreSep < 0) ++deep;
      ASSERT_GT(m.pointCount, 0) << k;
      ASSERT_NEAR(m.depth, depth, 10 * tol) << k << " coreSep " << coreSep;
    } else if (depth < -tol) {
      ASSERT_EQ(m.pointCount, 0) << k;
    }
  }
  std::printf("[ 3d round ] hull-capsule: %ld touching checked, %ld with the segment entering the hull\n", checked, deep);
  EXPECT_GT(deep, 10);
}

// distance(): GJK against brute force over vertex-face and edge-edge pairs for separated hulls.
TEST(Queries3, DistanceMatchesBruteForce) {
  std::mt19937 rng(0x3d24u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 60, 4, 23);
  long apart = 0;
  for (int k = 0; k < int(scaled(20000)); ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::Transform3 xa{{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, randomQuat(rng), {1, 1, 1}};
    sat::Transform3 xb{{uni(rng, -8, 8), uni(rng, -8, 8), uni(rng, -8, 8)}, randomQuat(rng), {1, 1, 1}};
    const Placed a = ref3::place(ha, xa), b = ref3::place(hb, xb);
    const sat::DistanceOutput3 d = sat::distance(sat::Shape3(ha), xa, sat::Shape3(hb), xb);
    if (ref3::sat(a, b).depth > 0) {
      ASSERT_EQ(d.distance, 0.0f) << k;
      continue;
    }
    ++apart;
    const double ref = hullHullDistance(ha, a, hb, b);
    ASSERT_NEAR(d.distance, ref, 1e-4 * std::max(1.0, ref)) << k;
    ASSERT_NEAR(len(fromVec(d.pointB) - fromVec(d.pointA)), ref, 1e-4 * std::max(1.0, ref)) << k;
    ASSERT_LT(ref3::outside(a, fromVec(d.pointA)), 1e-4);
    ASSERT_LT(ref3::outside(b, fromVec(d.pointB)), 1e-4);
  }
  std::printf("[ 3d queries ] distance: %ld separated hull pairs against brute force\n", apart);
  EXPECT_GT(apart, scaled(20000) / 2);
}

// Ray casts: the hit lies on the surface, just before it the ray is outside, and a ray along the reversed
// direction from the hit point's far side agrees; spheres against the closed form.
TEST(Queries3, RaycastHullBoxSphereCapsule) {
  std::mt19937 rng(0x3d25u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 40, 4, 33);
  long hits = 0;
  for (int k = 0; k < int(scaled(40000)); ++k) {
    const sat::Hull3& h = pool[rng() % pool.size()];
    sat::Transform3 xf{{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, randomQuat(rng), {1, 1, 1}};
    if (k % 4 == 0) xf.scale = {uni(rng, 0.5f, 2), uni(rng, 0.5f, 2), -uni(rng, 0.5f, 2)};
    sat::RayCastInput3 in{{uni(rng, -6, 6), uni(rng, -6, 6), uni(rng, -6, 6)}, {}, 1.0f};
    in.translation = sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)} * 2.0f - 0.3f * in.origin;
    const Placed p = ref3::place(h, xf);
    const sat::CastOutput3 c = sat::raycast(sat::Shape3(h), xf, in);
    // Reference: the first parameter where the ray is inside, by the face planes in double.
    double lo = 0.0, hi = in.maxFraction;
    bool miss = false;
    D3 o = fromVec(in.origin), d = fromVec(in.translation);
    for (const D3& n : p.faceNormals) {
      double l, hh;
      ref3::project(p.v, n, &l, &hh);
      double num = hh - dot(n, o), den = dot(n, d);
      if (den == 0) {
        if (num < 0) miss = true;
        continue;
      }
      double t = num / den;
      if (den < 0) {
        lo = std::max(lo, t);
      } else {
        hi = std::min(hi, t);
      }
    }
    const bool startsInside = ref3::outside(p, o) <= 0;
    const bool refHit = !miss && lo <= hi && !startsInside;
    if (std::fabs(lo - hi) < 1e-4 || std::fabs(ref3::outside(p, o)) < 1e-4) continue;  // grazing: either answer
    ASSERT_EQ(c.hit, refHit) << k;
    if (!refHit) continue;
    ++hits;
    ASSERT_NEAR(c.fraction, lo, 1e-4) << k;
    ASSERT_NEAR(len(fromVec(c.normal)), 1.0, 1e-5);
    ASSERT_LT(dot(fromVec(c.normal), d), 0.0) << "the normal faces the ray";
  }
  // Sphere and capsule: closed forms.
  for (int k = 0; k < int(scaled(20000)); ++k) {
    sat::Sphere s{{0, 0, 0}, uni(rng, 0.1f, 2)};
    sat::Transform3 xf{{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, {}, {1, 1, 1}};
    sat::RayCastInput3 in{{uni(rng, -6, 6), uni(rng, -6, 6), uni(rng, -6, 6)}, {}, 1.0f};
    in.translation = -2.0f * in.origin + sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)};
    D3 m = fromVec(in.origin) - fromVec(xf.p), d = fromVec(in.translation);
    double a = dot(d, d), b = dot(m, d), c0 = dot(m, m) - double(s.radius) * s.radius, disc = b * b - a * c0;
    bool refHit = c0 > 0 && disc >= 0 && (-b - std::sqrt(disc)) / a >= 0 && (-b - std::sqrt(disc)) / a <= 1;
    const sat::CastOutput3 c = sat::raycast(s, xf, in);
    if (std::fabs(disc / a) < 1e-2 || std::fabs(c0) < 1e-2) continue;  // grazing or starting on the surface
    ASSERT_EQ(c.hit, refHit) << k;
    if (refHit) { ASSERT_NEAR(c.fraction, (-b - std::sqrt(disc)) / a, 1e-5); }
    // A capsule of zero-ish length along x behaves like the sphere within its length.
    sat::Capsule3 cap;
    ASSERT_EQ(sat::makeCapsule({-1e-3f, 0, 0}, {1e-3f, 0, 0}, s.radius, &cap), sat::Status::Ok);
    const sat::CastOutput3 cc = sat::raycast(cap, xf, in);
    ASSERT_EQ(cc.hit, refHit) << k;
    if (refHit) { ASSERT_NEAR(cc.fraction, c.fraction, 2e-3); }
  }
  std::printf("[ 3d queries ] raycast: %ld hull hits checked\n", hits);
  EXPECT_GT(hits, 100);
}

}  // namespace
}  // namespace testing_sat3

namespace testing_sat3 {
namespace {
// Regression (fuzz_3d): a ray with a translation near FLT_MAX overflowed into a NaN fraction reported as a hit.
TEST(Queries3, RaysBeyondTheCoordinateRangeHitNothing) {
  sat::Hull3 h;
  ASSERT_EQ(sat::makeBoxHull({1, 1, 1}, &h), sat::Status::Ok);
  sat::RayCastInput3 in{{-5, 0, 0}, {3.0e38f, 1.0f, 0.0f}, 1.0f};
  EXPECT_FALSE(sat::raycast(h, {}, in).hit);
  in.translation = {10, 0, 0};
  EXPECT_TRUE(sat::raycast(h, {}, in).hit);
  EXPECT_NEAR(sat::raycast(h, {}, in).fraction, 0.4f, 1e-6f);
  in.maxFraction = NAN;
  EXPECT_FALSE(sat::raycast(h, {}, in).hit);
}
}  // namespace
}  // namespace testing_sat3
