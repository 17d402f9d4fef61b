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
// A circle or capsule under a non-uniform scale is explained as its enclosing circle / capsule (radius *
// max(|scale.x|, |scale.y|)): collide() treats it as the exact ellipse / stretched capsule, whose deciding axis
// lies anywhere on the continuum of directions (collide.h), so for such pairs the two may disagree.
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
};

/// One tested axis, with both shapes projected onto it (world units, radii included). Plain 32-bit fields in a
/// fixed order, so that a caller (the WebAssembly binding) may read an array of them as words.
struct ExplainedAxis {
  Vec2 normal;       ///< unit, world
  float minA;        ///< A's projection interval
  float maxA;
  float minB;        ///< B's projection interval
  float maxB;
  /// How far apart the shapes are along this axis, on the side the axis faces: minB - maxA for a face of A or
  /// the closest-points axis, minA - maxB for a face of B. > 0: a gap (this axis separates them).
  float separation;
  int32_t index;     ///< face index in the owner's stored (CCW) shape; -1 for ClosestPoints
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
