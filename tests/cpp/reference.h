// sat-wasm tests: an independent reference for the narrow phase and the queries, in double precision.
//
// Nothing here calls a sat:: algorithm: only the shapes' stored data (vertices, centres, radii) and the plain
// fields of Transform / Affine are read. Every answer comes from the Minkowski difference of the two shapes'
// cores (polygon: its vertices; capsule: its segment; circle: its centre) and the sum of their radii.
//
// Sign convention, derived once:
//   MD = B - A = { b - a }. A and B overlap iff the origin lies in K = MD (+) disc(R), R = rA + rB.
//   Moving B by t changes MD into MD + t; the shapes separate once -t leaves K. The shortest such t is
//   t = -c where c is the point of the boundary of K nearest the origin.
//   - Origin inside the core MD: c lies on the MD edge nearest the origin, c = s * n (n its outward normal,
//     s its distance) pushed out by R, so t = -(s + R) * n: the A->B normal is -n and depth = s + R.
//     (Check: A = [-1,1]^2 at 0, B the same at (1.5,0): MD = [-0.5,3.5]x[-2,2], nearest edge x = -0.5 with
//     outward normal (-1,0) at distance 0.5, so the A->B normal is (+1,0), depth 0.5: B moves right.)
//   - Origin outside the core MD (or MD degenerate): let c be the MD point nearest the origin, d = |c|.
//     c = b - a for the closest pair, so the A->B normal is c / d and depth = R - d (negative: separated).
//   Along any unit direction u the translation of B along u that separates them is h_MD(-u) + R, where
//   h_MD(v) = max over MD of v.x; the depth is the minimum of this over u. So a reported normal u is right
//   (even when the minimum is not unique) iff h_MD(-u) + R equals the depth.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "sat/math.h"
#include "sat/shapes.h"

namespace ref {

struct V {
  double x = 0.0, y = 0.0;
};
inline V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
inline V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }
inline V operator-(V a) { return {-a.x, -a.y}; }
inline V operator*(double s, V a) { return {s * a.x, s * a.y}; }
inline double dot(V a, V b) { return a.x * b.x + a.y * b.y; }
inline double cross(V a, V b) { return a.x * b.y - a.y * b.x; }
inline double len(V a) { return std::sqrt(a.x * a.x + a.y * a.y); }
inline V unit(V a) {
  double l = len(a);
  return l > 0.0 ? V{a.x / l, a.y / l} : V{0.0, 0.0};
}
inline V fromVec(sat::Vec2 v) { return {double(v.x), double(v.y)}; }

/// Rounds to float in a way the optimizer keeps. GCC 12.2 at -O2 (its SLP vectorizer) drops the rounding of a
/// double -> float -> double round trip when both conversions sit in one function, e.g.
///   F f{float(a), float(b)}; out.push_back(D{double(f.x), double(f.y)});  // out holds a and b unrounded
/// which would hand the reference coordinates the implementation never sees. Every test input goes through this.
inline float f32(double v) {
  volatile float f = static_cast<float>(v);
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Transforms: world = p + R(q) * (scale * v), rotation taken from the stored cos/sin as given.
inline V apply(const sat::Transform& xf, sat::Vec2 v) {
  double x = double(xf.scale.x) * v.x, y = double(xf.scale.y) * v.y;
  double c = xf.q.c, s = xf.q.s;
  return {double(xf.p.x) + c * x - s * y, double(xf.p.y) + s * x + c * y};
}
inline V apply(const sat::Affine& m, sat::Vec2 v) {
  return {double(m.a) * v.x + double(m.c) * v.y + double(m.tx), double(m.b) * v.x + double(m.d) * v.y + double(m.ty)};
}
/// Radius factor of a rounded shape under a transform: max(|sx|, |sy|) (contract in math.h).
inline double radiusScale(const sat::Transform& xf) {
  return std::max(std::fabs(double(xf.scale.x)), std::fabs(double(xf.scale.y)));
}
/// Largest singular value of the linear part (contract in collide.h for the Affine overloads).
inline double radiusScale(const sat::Affine& m) {
  double a = m.a, b = m.b, c = m.c, d = m.d;
  double s1 = a * a + b * b + c * c + d * d;
  double det = a * d - b * c;
  double disc = std::sqrt(std::max(0.0, s1 * s1 - 4.0 * det * det));
  return std::sqrt(0.5 * (s1 + disc));
}

// ---------------------------------------------------------------------------------------------------------------
// Convex hull (Andrew's monotone chain), counter-clockwise, collinear points dropped, and points closer than 1e-13
// of the extent to the previous hull point merged: the Minkowski difference of two equal, equally turned polygons
// has pairs of vertices that coincide exactly in real numbers but differ by a few ulps in double, and the edge
// between them had a normal of pure noise (the "md-twin" fuzzer-reference bug, docs/fuzzing.md).
inline std::vector<V> hull(std::vector<V> p) {
  std::sort(p.begin(), p.end(), [](V a, V b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  p.erase(std::unique(p.begin(), p.end(), [](V a, V b) { return a.x == b.x && a.y == b.y; }), p.end());
  if (p.size() < 3) return p;
  std::vector<V> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0.0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0.0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  double extent = 0.0;
  for (V q : h) extent = std::max(extent, std::max(std::fabs(q.x), std::fabs(q.y)));
  const double weld = 1e-13 * extent;
  std::vector<V> out;
  for (V q : h) {
    if (!out.empty() && len(q - out.back()) <= weld) continue;
    out.push_back(q);
  }
  while (out.size() > 1 && len(out.front() - out.back()) <= weld) out.pop_back();
  return out;
}

inline double signedArea(const std::vector<V>& p) {
  double a = 0.0;
  for (size_t i = 0; i < p.size(); ++i) a += cross(p[i], p[(i + 1) % p.size()]);
  return 0.5 * a;
}

inline V centroid(const std::vector<V>& p) {
  // Area-weighted centroid of a simple polygon, triangles fanned from p[0] (less round-off far from 0).
  double a = 0.0;
  V c{0.0, 0.0};
  for (size_t i = 1; i + 1 < p.size(); ++i) {
    V e1 = p[i] - p[0], e2 = p[i + 1] - p[0];
    double t = 0.5 * cross(e1, e2);
    a += t;
    c = c + (t / 3.0) * (e1 + e2);
  }
  return p[0] + (1.0 / a) * c;
}

/// Closest point to q on segment [a, b].
inline V closestOnSegment(V q, V a, V b) {
  V e = b - a;
  double ee = dot(e, e);
  if (ee == 0.0) return a;
  double t = std::clamp(dot(q - a, e) / ee, 0.0, 1.0);
  return a + t * e;
}
inline double pointSegmentDistance(V q, V a, V b) { return len(q - closestOnSegment(q, a, b)); }

/// Distance between segments [p1,q1] and [p2,q2] in closed form (0 when they cross).
inline double segmentSegmentDistance(V p1, V q1, V p2, V q2) {
  auto orient = [](V a, V b, V c) { return cross(b - a, c - a); };
  double o1 = orient(p1, q1, p2), o2 = orient(p1, q1, q2), o3 = orient(p2, q2, p1), o4 = orient(p2, q2, q1);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0.0;
  return std::min(std::min(pointSegmentDistance(p1, p2, q2), pointSegmentDistance(q1, p2, q2)),
                  std::min(pointSegmentDistance(p2, p1, q1), pointSegmentDistance(q2, p1, q1)));
}

// ---------------------------------------------------------------------------------------------------------------
// A placed shape reduced to its core: a point, a segment or a convex polygon (CCW) in world space, plus a radius.
struct Core {
  std::vector<V> pts;
  double radius = 0.0;
};

inline Core core(const sat::Polygon& poly, const sat::Transform& xf) {
  std::vector<V> w;
  for (int i = 0; i < poly.count(); ++i) w.push_back(apply(xf, poly.vertex(i)));
  return {hull(w), 0.0};  // hull: a mirroring scale flips the winding
}
inline Core core(const sat::Circle& c, const sat::Transform& xf) {
  return {{apply(xf, c.center)}, double(c.radius) * radiusScale(xf)};
}
inline Core core(const sat::Capsule& c, const sat::Transform& xf) {
  return {{apply(xf, c.center1), apply(xf, c.center2)}, double(c.radius) * radiusScale(xf)};
}
inline Core core(const sat::Polygon& poly, const sat::Affine& xf) {
  std::vector<V> w;
  for (int i = 0; i < poly.count(); ++i) w.push_back(apply(xf, poly.vertex(i)));
  return {hull(w), 0.0};
}
inline Core core(const sat::Circle& c, const sat::Affine& xf) {
  return {{apply(xf, c.center)}, double(c.radius) * radiusScale(xf)};
}
inline Core core(const sat::Capsule& c, const sat::Affine& xf) {
  return {{apply(xf, c.center1), apply(xf, c.center2)}, double(c.radius) * radiusScale(xf)};
}
template <class X>
inline Core core(const sat::Segment& g, const X& xf) {
  return {{apply(xf, g.point1), apply(xf, g.point2)}, 0.0};
}
template <class X>
inline Core core(const sat::Shape& s, const X& xf) {
  switch (s.type) {
    case sat::ShapeType::Circle: return core(s.circle, xf);
    case sat::ShapeType::Capsule: return core(s.capsule, xf);
    case sat::ShapeType::Segment: return core(s.segment, xf);
    case sat::ShapeType::ChainSegment: return core(s.chain.segment, xf);
    default: return core(s.polygon, xf);
  }
}

/// World size of a placed shape: half the diagonal of its core's box, plus its radius.
inline double size(const Core& c) {
  double x0 = c.pts[0].x, x1 = x0, y0 = c.pts[0].y, y1 = y0;
  for (V p : c.pts) x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  return 0.5 * std::hypot(x1 - x0, y1 - y0) + c.radius;
}
/// Largest coordinate magnitude of a placed shape (to bound float round-off of positions).
inline double magnitude(const Core& c) {
  double m = 0.0;
  for (V p : c.pts) m = std::max(m, std::max(std::fabs(p.x), std::fabs(p.y)));
  return m + c.radius;
}

/// Distance from q to a convex point set's hull (a point, a segment or a CCW polygon); 0 inside. Also the
/// nearest point.
inline double distanceToHull(const std::vector<V>& h, V q, V* nearest = nullptr) {
  if (h.size() == 1) {
    if (nearest) *nearest = h[0];
    return len(q - h[0]);
  }
  if (h.size() >= 3) {
    bool inside = true;
    for (size_t i = 0; i < h.size(); ++i) {
      if (cross(h[(i + 1) % h.size()] - h[i], q - h[i]) < 0.0) {
        inside = false;
        break;
      }
    }
    if (inside) {
      if (nearest) *nearest = q;
      return 0.0;
    }
  }
  double best = std::numeric_limits<double>::infinity();
  size_t edges = h.size() == 2 ? 1 : h.size();
  for (size_t i = 0; i < edges; ++i) {
    V c = closestOnSegment(q, h[i], h[(i + 1) % h.size()]);
    double d = len(q - c);
    if (d < best) {
      best = d;
      if (nearest) *nearest = c;
    }
  }
  return best;
}

/// Distance from a world point to a placed shape (0 inside or on it).
inline double pointDistance(const Core& c, V q) { return std::max(0.0, distanceToHull(c.pts, q) - c.radius); }
/// Signed distance: negative inside (depth below the surface), positive outside.
inline double pointSignedDistance(const Core& c, V q) {
  double d = distanceToHull(c.pts, q);
  if (d > 0.0 || c.pts.size() < 3) return d - c.radius;
  double s = std::numeric_limits<double>::infinity();  // inside the core polygon: distance to its boundary
  for (size_t i = 0; i < c.pts.size(); ++i) {
    V a = c.pts[i], b = c.pts[(i + 1) % c.pts.size()];
    s = std::min(s, cross(b - a, q - a) / len(b - a));
  }
  return -s - c.radius;
}

// ---------------------------------------------------------------------------------------------------------------
// Penetration of two placed shapes from their Minkowski difference.
struct Penetration {
  double depth = 0.0;   ///< > 0 overlapping by this much; < 0 separated by -depth
  V normal{0.0, 0.0};   ///< A -> B (minimum translation direction); {0,0} when undefined
  double gap = 0.0;     ///< how clearly the minimum is unique: second-nearest edge minus nearest, or the
                        ///< core distance d in the outside case (direction is ill-conditioned when d ~ 0)
  bool insideCore = false;
  std::vector<V> md;    ///< hull of the core Minkowski difference B - A
  double radius = 0.0;  ///< rA + rB
  double sizeA = 0.0, sizeB = 0.0, magnitude = 0.0;
};

inline Penetration penetration(const Core& a, const Core& b) {
  Penetration r;
  std::vector<V> diff;
  diff.reserve(a.pts.size() * b.pts.size());
  for (V pb : b.pts)
    for (V pa : a.pts) diff.push_back(pb - pa);
  r.md = hull(diff);
  r.radius = a.radius + b.radius;
  r.sizeA = size(a);
  r.sizeB = size(b);
  r.magnitude = std::max(magnitude(a), magnitude(b));
  const std::vector<V>& h = r.md;
  if (h.size() >= 3) {
    double s1 = std::numeric_limits<double>::infinity(), s2 = s1;
    V n1{};
    bool inside = true;
    for (size_t i = 0; i < h.size(); ++i) {
      V e = h[(i + 1) % h.size()] - h[i];
      V n = unit(V{e.y, -e.x});  // outward for CCW
      double s = dot(n, h[i]);   // distance from the origin to the edge line, > 0 when inside
      if (s < 0.0) inside = false;
      if (s < s1) {
        s2 = s1;
        s1 = s;
        n1 = n;
      } else if (s < s2) {
        s2 = s;
      }
    }
    if (inside) {
      r.insideCore = true;
      r.depth = s1 + r.radius;
      r.normal = -n1;
      r.gap = s2 - s1;
      return r;
    }
  }
  V c;
  double d = distanceToHull(h, V{0.0, 0.0}, &c);
  r.depth = r.radius - d;
  r.normal = d > 0.0 ? (1.0 / d) * c : V{0.0, 0.0};
  r.gap = d;
  return r;
}

/// Translation of B along unit u (A->B) that separates the shapes: h_MD(-u) + R.
inline double depthAlong(const Penetration& p, V u) {
  double h = -std::numeric_limits<double>::infinity();
  for (V m : p.md) h = std::max(h, -dot(u, m));
  return h + p.radius;
}

/// Distance between two placed shapes by brute force over features (vertex against edge of the other, both
/// ways, and segment crossings): valid when the cores do not overlap. Radii subtracted, clamped at 0.
inline double bruteDistance(const Core& a, const Core& b) {
  auto edgesOf = [](const std::vector<V>& p) { return p.size() == 1 ? 0 : p.size() == 2 ? 1 : p.size(); };
  double best = std::numeric_limits<double>::infinity();
  for (V pa : a.pts)
    for (V pb : b.pts) best = std::min(best, len(pb - pa));
  size_t ea = edgesOf(a.pts), eb = edgesOf(b.pts);
  for (size_t i = 0; i < ea; ++i) {
    V a0 = a.pts[i], a1 = a.pts[(i + 1) % a.pts.size()];
    for (V pb : b.pts) best = std::min(best, pointSegmentDistance(pb, a0, a1));
    for (size_t j = 0; j < eb; ++j)
      best = std::min(best, segmentSegmentDistance(a0, a1, b.pts[j], b.pts[(j + 1) % b.pts.size()]));
  }
  for (size_t j = 0; j < eb; ++j) {
    V b0 = b.pts[j], b1 = b.pts[(j + 1) % b.pts.size()];
    for (V pa : a.pts) best = std::min(best, pointSegmentDistance(pa, b0, b1));
  }
  return std::max(0.0, best - a.radius - b.radius);
}

// ---------------------------------------------------------------------------------------------------------------
// Raycast by brute force: every edge (and cap circle) intersected with the ray, nearest entering hit kept.
struct Ray {
  bool hit = false;
  double fraction = 0.0;
  V normal{};
};

inline void rayCircle(V o, V d, V c, double r, Ray* best) {
  V m = o - c;
  double a = dot(d, d), b = dot(m, d), cc = dot(m, m) - r * r;
  double disc = b * b - a * cc;
  if (a == 0.0 || disc < 0.0) return;
  double t = (-b - std::sqrt(disc)) / a;
  if (t < 0.0) return;
  if (!best->hit || t < best->fraction) *best = {true, t, unit(o + t * d - c)};
}
/// Ray against the segment [p, q] seen from the side of outward normal n; only hits that enter across it.
inline void raySegment(V o, V d, V p, V q, V n, Ray* best) {
  double denom = dot(n, d);
  if (denom >= 0.0) return;
  double t = dot(n, p - o) / denom;
  if (t < 0.0) return;
  V x = o + t * d;
  V e = q - p;
  double u = dot(x - p, e) / dot(e, e);
  if (u < 0.0 || u > 1.0) return;
  if (!best->hit || t < best->fraction) *best = {true, t, n};
}
/// First entry of the ray o + t d, t in [0, maxFraction], into the shape; no hit when o is inside.
inline Ray raycast(const Core& c, V o, V d, double maxFraction) {
  Ray best;
  if (pointSignedDistance(c, o) <= 0.0) return best;
  const std::vector<V>& h = c.pts;
  double r = c.radius;
  if (r > 0.0)
    for (V p : h) rayCircle(o, d, p, r, &best);
  size_t edges = h.size() == 1 ? 0 : h.size() == 2 ? 2 : h.size();
  for (size_t i = 0; i < edges; ++i) {
    V p = h[i], q = h[(i + 1) % h.size()];
    V n = unit(V{(q - p).y, -(q - p).x});
    raySegment(o, d, p + r * n, q + r * n, n, &best);
  }
  if (best.hit && best.fraction > maxFraction) best.hit = false;
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Printing, for failure messages.
inline std::string str(V v) {
  char b[80];
  std::snprintf(b, sizeof b, "(%.9g, %.9g)", v.x, v.y);
  return b;
}
inline std::string str(sat::Vec2 v) {
  char b[80];
  std::snprintf(b, sizeof b, "{%.9gf, %.9gf}", v.x, v.y);
  return b;
}
inline std::string str(const sat::Transform& xf) {
  char b[256];
  std::snprintf(b, sizeof b, "Transform{p={%.9gf, %.9gf}, q={%.9gf, %.9gf}, scale={%.9gf, %.9gf}}", xf.p.x, xf.p.y,
                xf.q.c, xf.q.s, xf.scale.x, xf.scale.y);
  return b;
}
inline std::string str(const sat::Affine& m) {
  char b[256];
  std::snprintf(b, sizeof b, "Affine{%.9gf, %.9gf, %.9gf, %.9gf, %.9gf, %.9gf}", m.a, m.b, m.c, m.d, m.tx, m.ty);
  return b;
}
inline std::string str(const sat::Polygon& p) {
  std::string s = "Polygon[" + std::to_string(p.count()) + "]{";
  for (int i = 0; i < p.count(); ++i) s += (i ? ", " : "") + str(p.vertex(i));
  return s + "}";
}
inline std::string str(const sat::Circle& c) {
  char b[128];
  std::snprintf(b, sizeof b, "Circle{center={%.9gf, %.9gf}, radius=%.9gf}", c.center.x, c.center.y, c.radius);
  return b;
}
inline std::string str(const sat::Capsule& c) {
  char b[200];
  std::snprintf(b, sizeof b, "Capsule{c1={%.9gf, %.9gf}, c2={%.9gf, %.9gf}, radius=%.9gf}", c.center1.x, c.center1.y,
                c.center2.x, c.center2.y, c.radius);
  return b;
}
inline std::string str(const sat::Shape& s) {
  switch (s.type) {
    case sat::ShapeType::Circle: return str(s.circle);
    case sat::ShapeType::Capsule: return str(s.capsule);
    default: return str(s.polygon);
  }
}
inline std::string str(const Penetration& p) {
  char b[256];
  std::snprintf(b, sizeof b, "ref{depth=%.9g normal=(%.9g, %.9g) gap=%.3g insideCore=%d sizeA=%.6g sizeB=%.6g}",
                p.depth, p.normal.x, p.normal.y, p.gap, int(p.insideCore), p.sizeA, p.sizeB);
  return b;
}

}  // namespace ref
