// sat-wasm tests: seeded random shapes, transforms and placements shared by the random and property tests.
// Shapes come from the public makers (makeHull, makeCircle, makeCapsule); the placements are chosen with the
// reference (reference.h) so that every run mixes deep overlaps, near-touching pairs and separated pairs.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "reference.h"
#include "sat/sat.h"

namespace testing_sat {

using Rng = std::mt19937;
using ref::f32;

inline double uniform(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
inline int uniformInt(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
inline bool chance(Rng& rng, double p) { return uniform(rng, 0.0, 1.0) < p; }
constexpr double kPi = 3.14159265358979323846;

/// A convex polygon from makeHull of n random points: half the time a cloud in a random ellipse, half the time
/// points around a perturbed circle (so the hull keeps most of them). Sizes span a factor of 10.
inline sat::Polygon randomPolygon(Rng& rng, int minPoints = 3, int maxPoints = 12) {
  for (;;) {
    int n = uniformInt(rng, minPoints, maxPoints);
    double scale = std::exp(uniform(rng, std::log(0.3), std::log(3.0)));
    double aspect = uniform(rng, 0.3, 1.0);
    double ox = uniform(rng, -0.5, 0.5) * scale, oy = uniform(rng, -0.5, 0.5) * scale;
    bool ring = chance(rng, 0.5);
    std::vector<sat::Vec2> pts(n);
    for (int i = 0; i < n; ++i) {
      double x, y;
      if (ring) {
        double a = 2.0 * kPi * (i + uniform(rng, 0.0, 0.8)) / n;
        double r = uniform(rng, 0.8, 1.0);
        x = r * std::cos(a);
        y = r * std::sin(a);
      } else {
        x = uniform(rng, -1.0, 1.0);
        y = uniform(rng, -1.0, 1.0);
      }
      pts[i] = {f32(ox + scale * x), f32(oy + scale * aspect * y)};
    }
    sat::Polygon poly;
    if (sat::makeHull(pts.data(), n, &poly) == sat::Status::Ok) return poly;
  }
}

inline sat::Circle randomCircle(Rng& rng) {
  sat::Circle c;
  double r = std::exp(uniform(rng, std::log(0.1), std::log(2.0)));
  sat::Vec2 center{f32(uniform(rng, -0.5, 0.5)), f32(uniform(rng, -0.5, 0.5))};
  EXPECT_EQ(sat::makeCircle(center, f32(r), &c), sat::Status::Ok);
  return c;
}

inline sat::Capsule randomCapsule(Rng& rng) {
  sat::Capsule c;
  double half = std::exp(uniform(rng, std::log(0.1), std::log(2.0)));
  double a = uniform(rng, -kPi, kPi);
  double r = std::exp(uniform(rng, std::log(0.05), std::log(1.0)));
  double ox = uniform(rng, -0.3, 0.3), oy = uniform(rng, -0.3, 0.3);
  sat::Vec2 c1{f32(ox - half * std::cos(a)), f32(oy - half * std::sin(a))};
  sat::Vec2 c2{f32(ox + half * std::cos(a)), f32(oy + half * std::sin(a))};
  EXPECT_EQ(sat::makeCapsule(c1, c2, f32(r), &c), sat::Status::Ok);
  return c;
}

/// Rotation always; 60% unit scale, 20% uniform scale, 20% non-uniform scale with a random sign per axis.
inline sat::Transform randomTransform(Rng& rng, double spread = 5.0) {
  float x = f32(uniform(rng, -spread, spread)), y = f32(uniform(rng, -spread, spread));
  float angle = f32(uniform(rng, -kPi, kPi));
  double pick = uniform(rng, 0.0, 1.0);
  float sx = 1.0f, sy = 1.0f;
  if (pick > 0.8) {
    sx = f32(uniform(rng, 0.3, 3.0) * (chance(rng, 0.3) ? -1.0 : 1.0));
    sy = f32(uniform(rng, 0.3, 3.0) * (chance(rng, 0.3) ? -1.0 : 1.0));
  } else if (pick > 0.6) {
    sx = sy = f32(uniform(rng, 0.5, 2.0));
  }
  return sat::makeTransform(x, y, angle, sx, sy);
}

/// ref::core models a circle or capsule under a similarity only (an ellipse has no core-plus-radius form; the
/// stretched ones are checked against their own oracle in test_ellipse.cpp): a rounded shape's scale keeps
/// |scale.y| == |scale.x|, its signs as drawn.
inline void keepRound(const sat::Polygon&, sat::Transform*) {}
inline void keepRound(const sat::Circle&, sat::Transform* xf) {
  xf->scale.y = std::copysign(std::fabs(xf->scale.x), xf->scale.y);
}
inline void keepRound(const sat::Capsule&, sat::Transform* xf) {
  xf->scale.y = std::copysign(std::fabs(xf->scale.x), xf->scale.y);
}
inline void keepRound(const sat::Shape& s, sat::Transform* xf) {
  if (s.type != sat::ShapeType::Polygon) xf->scale.y = std::copysign(std::fabs(xf->scale.x), xf->scale.y);
}

inline ref::V coreCenter(const ref::Core& c) {
  ref::V s{0.0, 0.0};
  for (ref::V p : c.pts) s = s + p;
  return (1.0 / double(c.pts.size())) * s;
}

/// A random pair placement: B is put near A (from deep overlap to clearly apart); a quarter of the cases are
/// then slid along the reference normal to within +-3e-4 of the sizes of touching.
template <class A, class B>
struct Case {
  sat::Transform xfA, xfB;
  ref::Core coreA, coreB;
  ref::Penetration ref;
};

template <class A, class B>
Case<A, B> placePair(Rng& rng, const A& a, const B& b) {
  Case<A, B> c;
  c.xfA = randomTransform(rng);
  c.xfB = randomTransform(rng);
  keepRound(a, &c.xfA);
  keepRound(b, &c.xfB);
  c.coreA = ref::core(a, c.xfA);
  ref::Core cb = ref::core(b, c.xfB);
  ref::V ca = coreCenter(c.coreA), cbc = coreCenter(cb);
  double reach = ref::size(c.coreA) + ref::size(cb);
  double ang = uniform(rng, -kPi, kPi);
  double dist = reach * uniform(rng, 0.0, 1.25);
  ref::V target = ca + dist * ref::V{std::cos(ang), std::sin(ang)};
  ref::V shift = target - cbc;
  c.xfB.p = {f32(c.xfB.p.x + shift.x), f32(c.xfB.p.y + shift.y)};
  if (chance(rng, 0.25)) {
    ref::Penetration p = ref::penetration(c.coreA, ref::core(b, c.xfB));
    if (p.normal.x != 0.0 || p.normal.y != 0.0) {
      double delta = uniform(rng, -3e-4, 3e-4) * (p.sizeA + p.sizeB);
      double t = p.depth + delta;
      c.xfB.p = {f32(c.xfB.p.x + t * p.normal.x), f32(c.xfB.p.y + t * p.normal.y)};
    }
  }
  c.coreB = ref::core(b, c.xfB);
  c.ref = ref::penetration(c.coreA, c.coreB);
  return c;
}

inline ref::V toV(sat::Vec2 v) { return ref::fromVec(v); }

inline std::string describeManifold(const sat::Manifold& m) {
  char b[512];
  std::snprintf(b, sizeof b, "impl{depth=%.9g normal=(%.9g, %.9g) points=%d", m.depth, m.normal.x, m.normal.y,
                m.pointCount);
  std::string s = b;
  for (int i = 0; i < m.pointCount && i < 2; ++i) {
    std::snprintf(b, sizeof b, " [p=(%.9g, %.9g) depth=%.9g id=0x%08x]", m.points[i].point.x, m.points[i].point.y,
                  m.points[i].depth, m.points[i].id);
    s += b;
  }
  return s + "}";
}

template <class A, class B>
std::string describeCase(const A& a, const sat::Transform& xfA, const B& b, const sat::Transform& xfB) {
  return "A = " + ref::str(a) + " xfA = " + ref::str(xfA) + "\n  B = " + ref::str(b) + " xfB = " + ref::str(xfB);
}

}  // namespace testing_sat
