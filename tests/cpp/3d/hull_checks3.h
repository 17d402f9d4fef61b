// sat-wasm 3D tests: independent checks of a Hull3's mesh, in double precision, reading only its stored arrays.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sat/3d/shapes3.h"

namespace testing_sat3 {

struct D3 {
  double x = 0.0, y = 0.0, z = 0.0;
};
inline D3 operator+(D3 a, D3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline D3 operator-(D3 a, D3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline D3 operator-(D3 a) { return {-a.x, -a.y, -a.z}; }
inline D3 operator*(double s, D3 a) { return {s * a.x, s * a.y, s * a.z}; }
inline double dot(D3 a, D3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline D3 cross(D3 a, D3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline double len(D3 a) { return std::sqrt(dot(a, a)); }
inline D3 unit(D3 a) {
  double l = len(a);
  return l > 0.0 ? (1.0 / l) * a : D3{};
}
inline D3 fromVec(sat::Vec3 v) { return {double(v.x), double(v.y), double(v.z)}; }

/// Rounds to float in a way the optimizer keeps (see tests/cpp/reference.h).
inline float f32(double v) {
  volatile float f = static_cast<float>(v);
  return f;
}

/// The vertex loop of face f, by following next from its first half-edge.
inline std::vector<int> faceLoop(const sat::Hull3& h, int f) {
  std::vector<int> loop;
  int e = h.faces()[f].edge;
  for (int guard = 0; guard <= h.halfEdgeCount(); ++guard) {
    loop.push_back(h.halfEdges()[e].origin);
    e = h.halfEdges()[e].next;
    if (e == h.faces()[f].edge) return loop;
  }
  return {};  // not a closed loop
}

/// Newell normal of a face from its vertices (not the stored plane).
inline D3 faceNormal(const sat::Hull3& h, int f) {
  std::vector<int> loop = faceLoop(h, f);
  D3 n{};
  for (size_t k = 0; k < loop.size(); ++k) {
    D3 a = fromVec(h.vertex(loop[k])), b = fromVec(h.vertex(loop[(k + 1) % loop.size()]));
    n = n + D3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
  }
  return unit(n);
}

/// Empty when the hull is a valid convex half-edge mesh within `tol` (absolute), else the first problem found.
/// Checks: twins at e ^ 1 reversed and on another face; next loops closed, >= 3 edges, consistent face ids;
/// every vertex used; V - E + F = 2; every face planar within tol; every vertex under every face's plane within
/// tol; stored planes unit and within tol of the recomputed ones; volume positive.
inline std::string checkHull(const sat::Hull3& h, double tol) {
  const int nv = h.vertexCount(), nf = h.faceCount(), nh = h.halfEdgeCount();
  if (nv < 4 || nf < 4 || nh < 12 || (nh & 1)) return "too small";
  std::vector<int> used(size_t(nv), 0);
  int loopEdges = 0;
  for (int f = 0; f < nf; ++f) {
    std::vector<int> loop = faceLoop(h, f);
    if (loop.size() < 3) return "face " + std::to_string(f) + " loop not closed or < 3 edges";
    loopEdges += int(loop.size());
    int e = h.faces()[f].edge;
    for (size_t k = 0; k < loop.size(); ++k, e = h.halfEdges()[e].next) {
      if (h.halfEdges()[e].face != f) return "half-edge with wrong face";
      used[h.halfEdges()[e].origin] = 1;
    }
  }
  if (loopEdges != nh) return "half-edges not all in face loops";
  for (int e = 0; e < nh; ++e) {
    const auto& a = h.halfEdges()[e];
    const auto& b = h.halfEdges()[e ^ 1];
    if (a.origin != h.halfEdges()[b.next].origin || b.origin != h.halfEdges()[a.next].origin) return "twin not reversed";
    if (a.face == b.face) return "twin on the same face";
  }
  for (int v = 0; v < nv; ++v) {
    if (!used[v]) return "unused vertex";
  }
  if (nv - nh / 2 + nf != 2) return "Euler characteristic " + std::to_string(nv - nh / 2 + nf);
  for (int f = 0; f < nf; ++f) {
    D3 n = faceNormal(h, f);
    std::vector<int> loop = faceLoop(h, f);
    double hi = -HUGE_VAL, lo = HUGE_VAL;
    for (int v : loop) {
      double d = dot(n, fromVec(h.vertex(v)));
      hi = std::max(hi, d), lo = std::min(lo, d);
    }
    if (hi - lo > tol) return "face " + std::to_string(f) + " not planar: " + std::to_string(hi - lo);
    for (int v = 0; v < nv; ++v) {
      if (dot(n, fromVec(h.vertex(v))) - hi > tol) return "vertex above face " + std::to_string(f) + ": not convex";
    }
    // The stored plane is rounded to float: allow the rounding of coordinates of this magnitude.
    double mag = 0.0;
    for (int v = 0; v < nv; ++v) mag = std::max(mag, len(fromVec(h.vertex(v))));
    const sat::Plane& p = h.plane(f);
    if (std::fabs(len(fromVec(p.normal)) - 1.0) > 1e-5) return "stored normal not unit";
    if (len(fromVec(p.normal) - n) > 1e-3) return "stored normal differs from the face's";
    for (int v : loop) {
      if (std::fabs(dot(fromVec(p.normal), fromVec(h.vertex(v))) - p.offset) > 2.0 * tol + 4e-7 * mag) return "stored plane off";
    }
  }
  if (!(h.volume() > 0.0f)) return "volume not positive";
  return "";
}

/// Largest distance of a point outside the hull (over the recomputed face planes); <= 0 inside.
inline double outsideDistance(const sat::Hull3& h, sat::Vec3 p) {
  double worst = -HUGE_VAL;
  for (int f = 0; f < h.faceCount(); ++f) {
    D3 n = faceNormal(h, f);
    double off = -HUGE_VAL;
    for (int v : faceLoop(h, f)) off = std::max(off, dot(n, fromVec(h.vertex(v))));
    worst = std::max(worst, dot(n, fromVec(p)) - off);
  }
  return worst;
}

/// Largest side of the points' bounding box.
inline double cloudSize(const std::vector<sat::Vec3>& pts) {
  D3 lo = fromVec(pts[0]), hi = lo;
  for (auto p : pts) {
    D3 d = fromVec(p);
    lo = {std::min(lo.x, d.x), std::min(lo.y, d.y), std::min(lo.z, d.z)};
    hi = {std::max(hi.x, d.x), std::max(hi.y, d.y), std::max(hi.z, d.z)};
  }
  return std::max(hi.x - lo.x, std::max(hi.y - lo.y, hi.z - lo.z));
}

/// Number of big randomized cases: `full` natively, SAT3D_TEST_SCALE percent of it in sanitizer builds.
inline long scaled(long full) {
#ifdef SAT3D_TEST_SCALE
  return std::max(1L, full * SAT3D_TEST_SCALE / 100);
#else
  return full;
#endif
}

}  // namespace testing_sat3
