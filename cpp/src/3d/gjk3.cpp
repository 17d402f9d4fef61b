// GJK distance between convex cores (Gilbert, Johnson, Keerthi 1988). The closest point of the simplex to the
// origin is found by trying every face of it (at most 15 for a tetrahedron) and keeping the nearest whose
// barycentric coordinates are all positive: slower than Johnson's recursive tests, but with no case analysis to
// get wrong, and in double so that nearly degenerate simplices stay exact enough.
#include <cfloat>
#include <cmath>

#include "hull_build3.h"
#include "narrow3.h"

namespace sat {
namespace detail {
namespace {

struct SimplexVertex {
  Vec3 wA, wB;  ///< support points on A and B
  DVec3 w;      ///< wB - wA
  int iA, iB;
};

int supportIndex(const Proxy3& p, Vec3 d) {
  int best = 0;
  float hi = dot(d, p.points[0]);
  for (int i = 1; i < p.count; ++i) {
    const float s = dot(d, p.points[i]);
    if (s > hi) hi = s, best = i;
  }
  return best;
}

// The point of the affine hull of the subset `mask` of s[0..n) nearest the origin, if it lies strictly inside
// (all barycentric coordinates > 0): writes the coordinates to lambda and returns its squared distance, else -1.
double affineClosest(const SimplexVertex* s, int mask, double* lambda) {
  int idx[4], k = 0;
  for (int i = 0; i < 4; ++i) {
    if (mask & (1 << i)) idx[k++] = i;
  }
  const DVec3 w0 = s[idx[0]].w;
  double mu[3] = {0.0, 0.0, 0.0};
  const int m = k - 1;
  if (m > 0) {
    DVec3 e[3];
    for (int j = 0; j < m; ++j) e[j] = s[idx[j + 1]].w - w0;
    double g[3][3], rhs[3];
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < m; ++j) g[i][j] = dot(e[i], e[j]);
      rhs[i] = -dot(e[i], w0);
    }
    if (m == 1) {
      if (!(g[0][0] > 0.0)) return -1.0;
      mu[0] = rhs[0] / g[0][0];
    } else if (m == 2) {
      const double det = g[0][0] * g[1][1] - g[0][1] * g[1][0];
      if (!(std::fabs(det) > 1e-14 * g[0][0] * g[1][1])) return -1.0;
      mu[0] = (rhs[0] * g[1][1] - g[0][1] * rhs[1]) / det;
      mu[1] = (g[0][0] * rhs[1] - rhs[0] * g[1][0]) / det;
    } else {
      const double det = g[0][0] * (g[1][1] * g[2][2] - g[1][2] * g[2][1]) -
                         g[0][1] * (g[1][0] * g[2][2] - g[1][2] * g[2][0]) +
                         g[0][2] * (g[1][0] * g[2][1] - g[1][1] * g[2][0]);
      if (!(std::fabs(det) > 1e-14 * g[0][0] * g[1][1] * g[2][2])) return -1.0;
      for (int c = 0; c < 3; ++c) {
        double a[3][3];
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) a[i][j] = j == c ? rhs[i] : g[i][j];
        mu[c] = (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
                 a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])) /
                det;
      }
    }
  }
  double l0 = 1.0;
  for (int j = 0; j < m; ++j) l0 -= mu[j];
  if (!(l0 > 0.0)) return -1.0;
  for (int j = 0; j < m; ++j) {
    if (!(mu[j] > 0.0)) return -1.0;
  }
  for (int i = 0; i < 4; ++i) lambda[i] = 0.0;
  lambda[idx[0]] = l0;
  DVec3 p = w0;
  for (int j = 0; j < m; ++j) {
    lambda[idx[j + 1]] = mu[j];
    p = p + mu[j] * (s[idx[j + 1]].w - w0);
  }
  return dot(p, p);
}

}  // namespace

GjkOutput gjk(const Proxy3& a, const Proxy3& b) {
  GjkOutput out;
  SimplexVertex s[4];
  int n = 1;
  s[0] = {a.points[0], b.points[0], toD(b.points[0]) - toD(a.points[0]), 0, 0};
  double lambda[4] = {1.0, 0.0, 0.0, 0.0};
  double dist2 = dot(s[0].w, s[0].w);
  DVec3 v = s[0].w;
  constexpr int kMaxIterations = 64;
  int iter = 0;
  for (; iter < kMaxIterations; ++iter) {
    // Closest point of the current simplex: the nearest valid face (the whole simplex first if it is a tetrahedron).
    double best = -1.0, lam[4];
    int bestMask = 0;
    for (int mask = 1; mask < (1 << n); ++mask) {
      const double d2 = affineClosest(s, mask, lam);
      if (d2 >= 0.0 && (best < 0.0 || d2 < best)) {
        best = d2, bestMask = mask;
        for (int i = 0; i < 4; ++i) lambda[i] = lam[i];
      }
    }
    if (best < 0.0) break;  // numerically degenerate: keep the previous answer
    // Keep only the vertices the closest point uses.
    int m = 0;
    for (int i = 0; i < n; ++i) {
      if (bestMask & (1 << i)) {
        lambda[m] = lambda[i];
        s[m++] = s[i];
      }
    }
    n = m;
    v = DVec3{};
    for (int i = 0; i < n; ++i) v = v + lambda[i] * s[i].w;
    dist2 = dot(v, v);
    if (n == 4 || dist2 < 1e-24) {
      dist2 = 0.0;  // the origin is inside: the cores overlap
      break;
    }
    // New support point of B - A towards the origin.
    const Vec3 d{float(-v.x), float(-v.y), float(-v.z)};
    const int iB = supportIndex(b, d), iA = supportIndex(a, -d);
    bool duplicate = false;
    for (int i = 0; i < n; ++i) duplicate = duplicate || (s[i].iA == iA && s[i].iB == iB);
    const DVec3 w = toD(b.points[iB]) - toD(a.points[iA]);
    // Converged when the new point does not come measurably closer than the current one.
    if (duplicate || dist2 - dot(v, w) <= 1e-10 * dist2) break;
    s[n++] = {a.points[iA], b.points[iB], w, iA, iB};
  }
  DVec3 pA{}, pB{};
  for (int i = 0; i < n; ++i) {
    pA = pA + lambda[i] * toD(s[i].wA);
    pB = pB + lambda[i] * toD(s[i].wB);
  }
  out.pointA = {float(pA.x), float(pA.y), float(pA.z)};
  out.pointB = {float(pB.x), float(pB.y), float(pB.z)};
  out.distance = float(std::sqrt(dist2));
  out.iterations = iter;
  return out;
}

}  // namespace detail
}  // namespace sat
