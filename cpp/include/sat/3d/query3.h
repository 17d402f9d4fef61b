// sat-wasm: queries on placed 3D shapes: distance with closest points, raycasts.
#pragma once

#include "sat/3d/collide3.h"

namespace sat {

/// Closest points between two shapes.
struct DistanceOutput3 {
  Vec3 pointA{0.0f, 0.0f, 0.0f};  ///< closest point on A (world)
  Vec3 pointB{0.0f, 0.0f, 0.0f};  ///< closest point on B (world)
  Vec3 normal{0.0f, 0.0f, 0.0f};  ///< unit, from A towards B; {0,0,0} when the shapes overlap
  float distance = 0.0f;          ///< >= 0; 0 when touching or overlapping
  int iterations = 0;             ///< GJK iterations used
};

/// Distance between two shapes: GJK (Gilbert, Johnson, Keerthi 1988) on their cores in A's frame, radii
/// subtracted. Overlapping shapes (and invalid transforms) give distance 0.
DistanceOutput3 distance(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB);

/// A ray from origin along translation, for fractions in [0, maxFraction]. Origin and translation must lie within
/// kMaxCoordinate and maxFraction in [0, 1]; other rays (and invalid transforms) hit nothing.
struct RayCastInput3 {
  Vec3 origin{0.0f, 0.0f, 0.0f};       ///< start point (world)
  Vec3 translation{0.0f, 0.0f, 0.0f};  ///< end = origin + translation
  float maxFraction = 1.0f;            ///< only hits at fraction <= maxFraction count
};

/// Where a ray first enters a shape. A ray that starts inside a shape does not hit it (as in 2D).
struct CastOutput3 {
  Vec3 point{0.0f, 0.0f, 0.0f};   ///< hit point (world)
  Vec3 normal{0.0f, 0.0f, 0.0f};  ///< unit surface normal at the hit, facing the ray
  float fraction = 0.0f;          ///< point = origin + fraction * translation
  bool hit = false;               ///< false: no hit (other fields unspecified)
};

CastOutput3 raycast(const Hull3& hull, const Transform3& xf, const RayCastInput3& input);
CastOutput3 raycast(const Box3& box, const Transform3& xf, const RayCastInput3& input);
CastOutput3 raycast(const Sphere& sphere, const Transform3& xf, const RayCastInput3& input);
CastOutput3 raycast(const Capsule3& capsule, const Transform3& xf, const RayCastInput3& input);
CastOutput3 raycast(const Shape3& shape, const Transform3& xf, const RayCastInput3& input);

}  // namespace sat
