// sat-wasm 3D tests: an independent reference for the 3D narrow phase, in double precision.
//
// Nothing here calls a sat:: algorithm: only a hull's stored vertices and face loops (via hull_checks3.h) and the
// plain fields of Transform3 are read. Penetration by SAT over a superset of the candidate axes: every face normal
// of both hulls (recomputed from the vertices) and the cross product of every edge pair, no pruning. Along a unit
// axis u, B must move by push(u) = max_A(u) - min_B(u) to clear A; over all directions the smallest push is the
// penetration depth, and it is attained on a face normal of the Minkowski difference, which this set contains; any
// other axis only gives a larger push. So depth = min over the set of push(u) and min(push(u), push(-u)) < 0 on
// some axis iff the hulls are apart. A reported normal n is a true minimum direction iff push(n) == depth.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "hull_checks3.h"
#include "sat/3d/math3.h"
#include "sat/3d/shapes3.h"

namespace ref3 {

using testing_sat3::D3;
using testing_sat3::fromVec;

/// Rotation of v by the stored quaternion, in double (v + 2w(u x v) + 2u x (u x v)).
inline D3 rotate(const sat::Quat& q, D3 v) {
  D3 u{q.x, q.y, q.z};
  D3 t = 2.0 * testing_sat3::cross(u, v);
  return v + double(q.w) * t + testing_sat3::cross(u, t);
}
inline D3 apply(const sat::Transform3& xf, sat::Vec3 v) {
  D3 s{double(xf.scale.x) * v.x, double(xf.scale.y) * v.y, double(xf.scale.z) * v.z};
  return fromVec(xf.p) + rotate(xf.q, s);
}

/// A hull placed in the world: vertices, outward face normals, edge directions (one per edge).
struct Placed {
  std::vector<D3> v;
  std::vector<D3> faceNormals;
  std::vector<D3> edgeDirs;
  double radius = 0.0;  ///< bounding radius about the vertex mean
};

inline Placed place(const sat::Hull3& h, const sat::Transform3& xf) {
  Placed p;
  D3 mean{};
  for (int i = 0; i < h.vertexCount(); ++i) {
    p.v.push_back(apply(xf, h.vertex(i)));
    mean = mean + p.v.back();
  }
  mean = (1.0 / double(p.v.size())) * mean;
  for (const D3& v : p.v) p.radius = std::max(p.radius, testing_sat3::len(v - mean));
  for (int f = 0; f < h.faceCount(); ++f) {
    std::vector<int> loop = testing_sat3::faceLoop(h, f);
    D3 n{};
    for (size_t k = 0; k < loop.size(); ++k) {
      D3 a = p.v[size_t(loop[k])], b = p.v[size_t(loop[(k + 1) % loop.size()])];
      n = n + D3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
    }
    n = testing_sat3::unit(n);
    if (testing_sat3::dot(n, p.v[size_t(loop[0])] - mean) < 0.0) n = -n;  // a mirroring scale reverses loops
    p.faceNormals.push_back(n);
  }
  for (int e = 0; e < h.halfEdgeCount(); e += 2) {
    p.edgeDirs.push_back(p.v[h.halfEdges()[e ^ 1].origin] - p.v[h.halfEdges()[e].origin]);
  }
  return p;
}

/// A box as a placed hull (8 corners, 3 face normals suffice with both signs, 3 edge directions).
inline Placed placeBox(sat::Vec3 h, const sat::Transform3& xf) {
  Placed p;
  for (int i = 0; i < 8; ++i) {
    p.v.push_back(apply(xf, {(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z}));
  }
  D3 o = apply(xf, {0, 0, 0});
  p.faceNormals = {testing_sat3::unit(apply(xf, {1, 0, 0}) - o), testing_sat3::unit(apply(xf, {0, 1, 0}) - o),
                   testing_sat3::unit(apply(xf, {0, 0, 1}) - o)};
  p.edgeDirs = p.faceNormals;
  for (const D3& v : p.v) p.radius = std::max(p.radius, testing_sat3::len(v - o));
  return p;
}

inline void project(const std::vector<D3>& v, D3 u, double* lo, double* hi) {
  *lo = HUGE_VAL, *hi = -HUGE_VAL;
  for (const D3& x : v) {
    double d = testing_sat3::dot(u, x);
    *lo = std::min(*lo, d), *hi = std::max(*hi, d);
  }
}

/// How far B must move along unit u to clear A (negative: already apart along u by that much).
inline double push(const Placed& a, const Placed& b, D3 u) {
  double la, ha, lb, hb;
  project(a.v, u, &la, &ha);
  project(b.v, u, &lb, &hb);
  return ha - lb;
}

struct SatRef {
  double depth = HUGE_VAL;  ///< > 0 overlap; < 0: apart by at least -depth
  D3 normal{};              ///< a minimizing axis, from A to B
};

/// SAT over every face normal and every edge cross product (see the header comment).
inline SatRef sat(const Placed& a, const Placed& b) {
  SatRef r;
  auto consider = [&](D3 u) {
    double la, ha, lb, hb;
    project(a.v, u, &la, &ha);
    project(b.v, u, &lb, &hb);
    double plus = ha - lb, minus = hb - la;  // B along +u, B along -u
    if (plus < r.depth) r.depth = plus, r.normal = u;
    if (minus < r.depth) r.depth = minus, r.normal = -u;
  };
  for (const D3& n : a.faceNormals) consider(n);
  for (const D3& n : b.faceNormals) consider(n);
  for (const D3& ea : a.edgeDirs) {
    for (const D3& eb : b.edgeDirs) {
      D3 c = testing_sat3::cross(ea, eb);
      double l = testing_sat3::len(c);
      if (l > 1e-12 * testing_sat3::len(ea) * testing_sat3::len(eb)) consider((1.0 / l) * c);
    }
  }
  return r;
}

inline Placed translated(Placed p, D3 t) {
  for (D3& v : p.v) v = v + t;
  return p;
}

/// Signed distance of a point outside a placed convex hull: max over face planes (<= 0 inside; a lower bound of
/// the Euclidean distance outside).
inline double outside(const Placed& p, D3 x) {
  double worst = -HUGE_VAL;
  for (const D3& n : p.faceNormals) {
    double lo, hi;
    project(p.v, n, &lo, &hi);
    worst = std::max(worst, testing_sat3::dot(n, x) - hi);
    if (p.faceNormals.size() == 3) worst = std::max(worst, lo - testing_sat3::dot(n, x));  // a box: both signs
  }
  return worst;
}

}  // namespace ref3
