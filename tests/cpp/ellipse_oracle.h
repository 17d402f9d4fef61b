// sat-wasm tests: an oracle for convex shapes given by support functions, written from the definitions in double,
// independent of the code under test. A placed shape is the hull of its core points (polygon vertices, capsule cap
// centres, circle centre) plus the ellipse L * unit disc (L: the frame's linear part times the radius; zero for a
// polygon): h(n) = max <p_i, n> + |L^T n|. The penetration depth of a pair is the minimum over unit n of
// h_A(n) + h_B(-n) (negative: separation); a point's signed distance to a shape is the maximum over n of
// <x, n> - h(n). Both by dense angle sampling and golden-section refinement of the best sampled local minima.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference.h"
#include "sat/sat.h"

namespace ellipse_oracle {

using ref::V;
constexpr double kPi = 3.14159265358979323846;

/// A placed shape as the oracle sees it: core points and an ellipse matrix (row-major), world space.
struct OShape {
  std::vector<V> pts;
  double l00 = 0, l01 = 0, l10 = 0, l11 = 0;
  double size = 0;  ///< half the core's box diagonal plus the ellipse's largest semi-axis
  double h(V n) const {
    double best = -1e300;
    for (V p : pts) best = std::max(best, ref::dot(p, n));
    const double ux = l00 * n.x + l10 * n.y, uy = l01 * n.x + l11 * n.y;
    return best + std::sqrt(ux * ux + uy * uy);
  }
};

inline void linearOf(const sat::Transform& xf, double* m) {
  const double c = xf.q.c, s = xf.q.s;
  m[0] = c * xf.scale.x;
  m[1] = -s * xf.scale.y;
  m[2] = s * xf.scale.x;
  m[3] = c * xf.scale.y;
}
inline void linearOf(const sat::Affine& xf, double* m) {
  m[0] = xf.a;
  m[1] = xf.c;
  m[2] = xf.b;
  m[3] = xf.d;
}

template <class X>
OShape oracleShape(const sat::Shape& s, const X& xf) {
  OShape o;
  double m[4];
  linearOf(xf, m);
  double r = 0.0;
  switch (s.type) {
    case sat::ShapeType::Polygon:
      for (int i = 0; i < s.polygon.count(); ++i) o.pts.push_back(ref::apply(xf, s.polygon.vertex(i)));
      break;
    case sat::ShapeType::Circle:
      o.pts.push_back(ref::apply(xf, s.circle.center));
      r = s.circle.radius;
      break;
    case sat::ShapeType::Capsule:
      o.pts.push_back(ref::apply(xf, s.capsule.center1));
      o.pts.push_back(ref::apply(xf, s.capsule.center2));
      r = s.capsule.radius;
      break;
    case sat::ShapeType::Segment:
      o.pts.push_back(ref::apply(xf, s.segment.point1));
      o.pts.push_back(ref::apply(xf, s.segment.point2));
      break;
    case sat::ShapeType::ChainSegment:
      o.pts.push_back(ref::apply(xf, s.chain.segment.point1));
      o.pts.push_back(ref::apply(xf, s.chain.segment.point2));
      break;
  }
  o.l00 = r * m[0];
  o.l01 = r * m[1];
  o.l10 = r * m[2];
  o.l11 = r * m[3];
  double x0 = o.pts[0].x, x1 = x0, y0 = o.pts[0].y, y1 = y0;
  for (V p : o.pts) x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  const double t = o.l00 * o.l00 + o.l01 * o.l01 + o.l10 * o.l10 + o.l11 * o.l11;
  const double det = o.l00 * o.l11 - o.l01 * o.l10;
  const double smax = std::sqrt(0.5 * (t + std::sqrt(std::max(0.0, t * t - 4.0 * det * det))));
  o.size = 0.5 * std::hypot(x1 - x0, y1 - y0) + smax;
  return o;
}

inline V dirOf(double a) { return {std::cos(a), std::sin(a)}; }

/// Minimum of g over the circle of directions: N samples, then golden-section refinement around the best few
/// sampled local minima.
template <class G>
double minimizeOverCircle(G g, int samples, V* arg) {
  std::vector<double> vals(samples);
  for (int i = 0; i < samples; ++i) vals[i] = g(dirOf(2.0 * kPi * i / samples));
  std::vector<int> minima;
  for (int i = 0; i < samples; ++i) {
    const double prev = vals[(i + samples - 1) % samples], next = vals[(i + 1) % samples];
    if (vals[i] <= prev && vals[i] <= next) minima.push_back(i);
  }
  std::sort(minima.begin(), minima.end(), [&](int a, int b) { return vals[a] < vals[b]; });
  if (minima.size() > 6) minima.resize(6);
  double best = 1e300;
  const double h = 2.0 * kPi / samples;
  for (int i : minima) {
    double lo = 2.0 * kPi * i / samples - h, hi = lo + 2.0 * h;
    const double ip = 0.6180339887498949;
    double x1 = hi - ip * (hi - lo), x2 = lo + ip * (hi - lo);
    double f1 = g(dirOf(x1)), f2 = g(dirOf(x2));
    for (int it = 0; it < 70; ++it) {
      if (f1 <= f2) {
        hi = x2, x2 = x1, f2 = f1, x1 = hi - ip * (hi - lo), f1 = g(dirOf(x1));
      } else {
        lo = x1, x1 = x2, f1 = f2, x2 = lo + ip * (hi - lo), f2 = g(dirOf(x2));
      }
    }
    const double v = std::min({f1, f2, vals[i]});
    if (v < best) {
      best = v;
      if (arg) *arg = v == vals[i] ? dirOf(2.0 * kPi * i / samples) : dirOf(f1 <= f2 ? x1 : x2);
    }
  }
  return best;
}

/// Penetration depth of B into A (negative: separation) and its direction, A -> B.
inline double oracleDepth(const OShape& a, const OShape& b, V* normal = nullptr, int samples = 20000) {
  return minimizeOverCircle([&](V n) { return a.h(n) + b.h(-n); }, samples, normal);
}
/// Distance between two shapes (0 when they overlap), from separating axes: every unit n gives the lower bound
/// -(h_A(n) + h_B(-n)) of the gap, and for convex sets the largest of them is the distance. A test pairs it with
/// an upper bound, two points of the shapes that far apart (on the boundaries: oracleSignedDistance 0).
inline double oracleDistance(const OShape& a, const OShape& b, V* normal = nullptr, int samples = 20000) {
  return std::max(0.0, -oracleDepth(a, b, normal, samples));
}
/// Signed distance from x to the shape's boundary (negative inside).
inline double oracleSignedDistance(const OShape& s, V x) {
  return -minimizeOverCircle([&](V n) { return s.h(n) - ref::dot(x, n); }, 2048, nullptr);
}

}  // namespace ellipse_oracle
