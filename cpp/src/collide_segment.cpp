// Segment pairs. A segment is a capsule of radius 0: every pair goes through the capsule's core routines
// (collideCores, collideCoreCircle) with a 2-gon of radius 0. The one case they do not cover is two bare
// segments: when collinear, their Minkowski difference has no area and both face normals (the same line's)
// miss the end-on axis, so the exact distance decides first.
#include <cfloat>
#include <cmath>

#include "dispatch.h"
#include "geometry.h"
#include "sat/collide.h"

namespace sat::detail {

namespace {

bool bareSegments(const CoreView& a, const CoreView& b) {
  return a.count == 2 && b.count == 2 && a.radius == 0.0f && b.radius == 0.0f;
}

/// Distance between segments [p1, p2] and [q1, q2]: 0 when they cross or touch, else the least of the four
/// end-point-to-segment distances (the closest pair of two non-crossing segments always has an end point).
/// Not inlined: segment pairs are rare, and each instantiation of the dispatch would carry a copy.
[[gnu::noinline]] float segmentGap(Vec2 p1, Vec2 p2, Vec2 q1, Vec2 q2) {
  if (segmentsIntersect(p1, p2, q1, q2)) return 0.0f;
  float d = distance(closestOnSegment(q1, q2, p1), p1);
  d = std::fmin(d, distance(closestOnSegment(q1, q2, p2), p2));
  d = std::fmin(d, distance(closestOnSegment(p1, p2, q1), q1));
  return std::fmin(d, distance(closestOnSegment(p1, p2, q2), q2));
}

}  // namespace

Manifold collideCoresOrSegments(const CoreView& a, const CoreView& b, float tol, SatCache* cache) {
  if (bareSegments(a, b) && segmentGap(a.v[0], a.v[1], b.v[0], b.v[1]) > tol) return {};
  return collideCores(a, b, tol, cache);
}

bool overlapCoresOrSegments(const CoreView& a, const CoreView& b, float tol, SatCache* cache) {
  if (bareSegments(a, b)) return segmentGap(a.v[0], a.v[1], b.v[0], b.v[1]) <= tol;
  return overlapCores(a, b, tol, cache);
}

}  // namespace sat::detail
