// sat-wasm: queries on placed shapes: distance and closest points, raycasts, point containment.
#pragma once

#include "sat/math.h"
#include "sat/shapes.h"

namespace sat {

/// Closest points between two shapes.
struct DistanceOutput {
  Vec2 pointA{0.0f, 0.0f};  ///< closest point on A (world)
  Vec2 pointB{0.0f, 0.0f};  ///< closest point on B (world)
  Vec2 normal{0.0f, 0.0f};  ///< unit, from A towards B; {0,0} when the shapes overlap
  float distance = 0.0f;    ///< >= 0; 0 when touching or overlapping
  int iterations = 0;       ///< GJK iterations used
};

/// Distance between two shapes (GJK on their cores, radii subtracted). Overlapping shapes give distance 0.
/// A circle or capsule under a non-uniform scale is measured exactly as the ellipse / stretched capsule it is: the
/// maximum over unit n of -(h_A(n) + h_B(-n)) (support functions, as collide() finds its minimum translation),
/// the closest points from both shapes' support features along that n (iterations is then 1).
DistanceOutput distance(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB);
DistanceOutput distance(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB);

/// A ray from origin along translation, for fractions in [0, maxFraction].
struct RayCastInput {
  Vec2 origin{0.0f, 0.0f};       ///< start point (world)
  Vec2 translation{0.0f, 0.0f};  ///< end = origin + translation
  float maxFraction = 1.0f;      ///< only hits at fraction <= maxFraction count
};

/// Where a ray first enters a shape. A ray that starts inside a shape does not hit it.
struct CastOutput {
  Vec2 point{0.0f, 0.0f};   ///< hit point (world)
  Vec2 normal{0.0f, 0.0f};  ///< unit surface normal at the hit, facing the ray
  float fraction = 0.0f;    ///< point = origin + fraction * translation
  bool hit = false;         ///< false: no hit (other fields unspecified)
};

/// Exact for every shape under every valid frame: a circle or capsule under a non-uniform scale is the ellipse /
/// stretched capsule (the ray is cast in the shape's local frame, where the fraction is the same).
CastOutput raycast(const Shape& shape, const Transform& xf, const RayCastInput& input);
CastOutput raycast(const Shape& shape, const Affine& xf, const RayCastInput& input);

/// Whether a world point is inside or on the boundary of the shape (exact, as raycast).
bool containsPoint(const Shape& shape, const Transform& xf, Vec2 point);
bool containsPoint(const Shape& shape, const Affine& xf, Vec2 point);

}  // namespace sat
