// sat-wasm 3D tests: seeded random hulls, transforms and placements shared by the 3D suites.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "hull_checks3.h"
#include "reference3.h"
#include "sat/3d/shapes3.h"

namespace testing_sat3 {

inline float uni(std::mt19937& rng, float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }

inline sat::Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<float> g;
  for (;;) {
    sat::Quat q = sat::normalize(sat::Quat{g(rng), g(rng), g(rng), g(rng)});
    if (sat::isValid(q)) return q;
  }
}

/// A hull of about n vertices: points on a sphere (all become vertices) or in a cube, stretched up to 5x per axis.
inline sat::Hull3 randomHull(std::mt19937& rng, int n) {
  for (;;) {
    std::vector<sat::Vec3> pts;
    const bool onSphere = rng() % 2 == 0;
    const sat::Vec3 stretch{uni(rng, 0.2f, 5.0f), uni(rng, 0.2f, 5.0f), uni(rng, 0.2f, 5.0f)};
    const sat::Quat q = randomQuat(rng);
    for (int i = 0; i < n; ++i) {
      sat::Vec3 p{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)};
      if (onSphere) p = sat::normalize(p);
      pts.push_back(sat::rotate(q, sat::mulComponents(stretch, p)));
    }
    sat::Hull3 h;
    if (sat::makeHull(pts.data(), n, &h, sat::kMaxHullVertices) == sat::Status::Ok) return h;
  }
}

/// `count` random hulls of lo to hi vertices each (randomHull), drawn from rng in order.
inline std::vector<sat::Hull3> randomHullPool(std::mt19937& rng, int count, int lo, int hi) {
  std::vector<sat::Hull3> pool;
  for (int i = 0; i < count; ++i) pool.push_back(randomHull(rng, lo + int(rng() % uint32_t(hi - lo + 1))));
  return pool;
}

struct PairCase {
  sat::Transform3 xfA, xfB;
  int kind = 0;  ///< 0 random distance, 1 near-touching
};

/// Transforms for a pair: random rotations; sometimes non-uniform or mirroring scale, sizes 1e4 apart, far from
/// the origin; B at a random distance or placed so that the two just touch along a random direction (+-1e-3).
/// placeA / placeB give the reference placement for a transform (to measure sizes and touching distances).
template <class PlaceA, class PlaceB>
PairCase randomPair(std::mt19937& rng, PlaceA placeA, PlaceB placeB) {
  PairCase c;
  const uint32_t r = rng() % 100;
  sat::Vec3 offset{};
  if (r < 20) offset = 1.0e4f * sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
  auto scale = [&rng](float s) {
    sat::Vec3 v{s, s, s};
    if (rng() % 5 == 0) v = sat::mulComponents(v, {uni(rng, 0.3f, 3.0f), uni(rng, 0.3f, 3.0f), uni(rng, 0.3f, 3.0f)});
    if (rng() % 20 == 0) v.y = -v.y;  // mirror
    return v;
  };
  float sa = 1.0f, sb = 1.0f;
  if (r >= 20 && r < 30) {  // sizes 1e4 apart
    sa = 1.0e2f, sb = 1.0e-2f;
    if (rng() % 2) std::swap(sa, sb);
  }
  c.xfA = {offset + sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, randomQuat(rng), scale(sa)};
  c.xfB = {c.xfA.p, randomQuat(rng), scale(sb)};
  const ref3::Placed a = placeA(c.xfA);
  ref3::Placed b0 = placeB(c.xfB);
  const D3 u = unit(D3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
  double dist;
  if (rng() % 10 < 4) {
    // push(u) falls one for one as B moves along u: the distance at which the intervals on u just touch.
    const double size = std::max(a.radius, b0.radius);
    dist = ref3::push(a, b0, u) + size * double(uni(rng, -1e-3f, 1e-3f));
    c.kind = 1;
  } else {
    dist = double(uni(rng, 0.0f, 1.2f)) * (a.radius + b0.radius);
  }
  c.xfB.p = sat::Vec3{f32(c.xfA.p.x + dist * u.x), f32(c.xfA.p.y + dist * u.y), f32(c.xfA.p.z + dist * u.z)};
  return c;
}

}  // namespace testing_sat3
