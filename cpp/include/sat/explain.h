// sat-wasm: SAT, step by step. A debug query that reports every axis the separating-axis test of a pair looks
// at, with both projection intervals, and which axis decides the answer. It is the readable, scalar statement of
// what collide() does with two convex shapes, computed in world space, for teaching and for debugging a pair;
// collide() is the fast path and is tested against it.
//
// What is tested, as collide() tests it: every face normal of A and of B (a polygon's edges; a capsule's segment
// as a two-sided face; a circle has none). The largest face separation decides. Rounded shapes (circle, capsule)
// whose cores are not clearly overlapping are decided by the exact closest points of their cores instead, which
// adds one axis: the line between those points.
//
// A pair with a circle or capsule under a non-uniform scale (an ellipse, a stretched capsule) has no finite set
// of axes: SAT runs over the continuum of directions (collide.h). Such a pair lists every face normal of both
// cores (a polygon's edges, a capsule's or segment's two-sided face) with the shapes' exact projections, then one
// Continuous axis, always the deciding one: the direction of the minimum translation, the minimum over unit n of
// h_A(n) + h_B(-n), found by collide()'s own search. Its separation is minus that minimum, which is minus
// collide()'s depth, and no face separates more.
//
// Sign rules as in collide.h: normals point from A to B; a positive separation is a gap.
// Nothing here allocates or throws: the caller provides the axis array.
#pragma once

#include <cstdint>

#include "sat/collide.h"

namespace sat {

/// Where an axis comes from.
enum class AxisSource : uint8_t {
  FaceOfA = 0,        ///< outward normal of A's face `index`
  FaceOfB = 1,        ///< outward normal of B's face `index`
  ClosestPoints = 2,  ///< from A's closest core point to B's (rounded shapes)
  Continuous = 3,     ///< the minimum-translation direction of a pair with a stretched circle or capsule
};

/// One tested axis, with both shapes projected onto it (world units, radii included). Plain 32-bit fields in a
/// fixed order, so that a caller (the WebAssembly binding) may read an array of them as words.
struct ExplainedAxis {
  Vec2 normal;       ///< unit, world
  float minA;        ///< A's projection interval
  float maxA;
  float minB;        ///< B's projection interval
  float maxB;
  /// How far apart the shapes are along this axis, on the side the axis faces: minB - maxA for a face of A,
  /// the closest-points or the continuous axis, minA - maxB for a face of B. > 0: a gap (this axis separates them).
  float separation;
  int32_t index;     ///< face index in the owner's stored (CCW) shape; -1 for ClosestPoints and Continuous
  int32_t source;    ///< an AxisSource
};

/// The answer and how it was reached.
struct Explanation {
  int axisCount = 0;         ///< axes written to the caller's array (at most its capacity)
  int axisTotal = 0;         ///< axes tested (more than axisCount when the array was too small)
  int deciding = -1;         ///< index of the axis that decides (< axisTotal)
  bool aabbOverlap = false;  ///< the world bounding boxes overlap (the broad phase's pre-check)
  /// The cache given named a face that still separates the pair: collide() would stop after that one axis.
  bool cacheHit = false;
  bool overlap = false;      ///< the shapes touch (separation within the tolerance)
  float depth = 0.0f;        ///< overlap: the MTV length; apart: minus the deciding axis' gap
  Vec2 normal{0.0f, 0.0f};   ///< MTV direction, A to B
  float tolerance = 0.0f;    ///< contact tolerance of the pair (collide.h)
};

/// Explains the pair. `axes` receives up to `capacity` axes (2 * kMaxPolygonVertices + 1 always suffices).
/// `cache`, when given, is read (cacheHit) and then updated as collide() updates it. Returns InvalidTransform
/// for a transform checkTransform refuses, InvalidArgument for a null `out` or a negative capacity.
Status explain(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, ExplainedAxis* axes,
               int capacity, Explanation* out, SatCache* cache = nullptr);

}  // namespace sat
