// Private helpers shared by the makers and the narrow phase.
#pragma once

#include "sat/math.h"

namespace sat::detail {

/// Twice the signed area of a triangle (> 0 when a, b, c turn counter-clockwise), evaluated in double so that
/// orientation decisions of the makers are exact enough for float input.
inline double orient(Vec2 a, Vec2 b, Vec2 c) {
  return (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
}

/// Closest point to p on segment [a, b], and its parameter t in [0, 1].
inline Vec2 closestOnSegment(Vec2 a, Vec2 b, Vec2 p, float* tOut = nullptr) {
  Vec2 e = b - a;
  float ee = dot(e, e);
  float t = ee > 0.0f ? dot(p - a, e) / ee : 0.0f;
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  if (tOut) *tOut = t;
  // From the nearer end: a + t e from the far end of a long segment carries that end's rounding (and t e's) into
  // the point, an error that can exceed the distance differences the callers compare (a point 32 from a 2e5-long
  // segment, 0.5 inside its end, came out closer to the end vertex than to the segment: "stretched-capsule").
  if (t <= 0.5f) return a + t * e;
  const float u = ee > 0.0f ? dot(b - p, e) / ee : 0.0f;  // 1 - t, without the cancellation
  return b - (u < 0.0f ? 0.0f : u) * e;
}

/// Whether closed segments [p1,p2] and [q1,q2] intersect (exact orientation tests in double).
inline bool segmentsIntersect(Vec2 p1, Vec2 p2, Vec2 q1, Vec2 q2) {
  double d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
  double d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  auto onSeg = [](Vec2 a, Vec2 b, Vec2 c) {
    return std::fmin(a.x, b.x) <= c.x && c.x <= std::fmax(a.x, b.x) && std::fmin(a.y, b.y) <= c.y &&
           c.y <= std::fmax(a.y, b.y);
  };
  if (d1 == 0 && onSeg(q1, q2, p1)) return true;
  if (d2 == 0 && onSeg(q1, q2, p2)) return true;
  if (d3 == 0 && onSeg(p1, p2, q1)) return true;
  if (d4 == 0 && onSeg(p1, p2, q2)) return true;
  return false;
}

}  // namespace sat::detail
