// sat-wasm: 3D narrow phase. Do two convex shapes touch, by how much, which way, and where.
//
// Sign rules, as in 2D (sat/collide.h), stated once for every function here:
// - Manifold3::normal is a unit vector pointing from A to B (world).
// - depth > 0 means the shapes overlap by that much; moving B by normal * depth (or A by -normal * depth)
//   separates them. Touching shapes (|separation| within the contact tolerance) are reported with depth ~ 0.
// - Separated shapes give an empty manifold (pointCount == 0); distance() (sat/3d/query3.h) says how far apart.
// Contact tolerance: kRelativeTolerance * (sizeA + sizeB), a shape's size being its world bounding radius.
// Queries compute in A's frame (B's pose relative to A's first), so shapes far from the origin keep precision.
// Nothing here allocates or throws; an invalid transform (see isValid(Transform3)) gives an empty manifold / false.
#pragma once

#include <cstdint>

#include "sat/3d/math3.h"
#include "sat/3d/shapes3.h"
#include "sat/collide.h"

namespace sat {

/// A contact point. The id packs a feature of A (high 16 bits) and of B (low 16 bits), see makeFeature3.
struct ManifoldPoint3 {
  Vec3 point{0.0f, 0.0f, 0.0f};  ///< world point midway between the two surfaces
  float depth = 0.0f;            ///< penetration at this point along the manifold normal
  uint32_t id = 0;               ///< feature id
};

/// Result of collide(): up to four contact points sharing one normal.
struct Manifold3 {
  Vec3 normal{0.0f, 0.0f, 0.0f};  ///< unit, from A to B (world)
  float depth = 0.0f;             ///< minimum translation distance (> 0 when overlapping)
  ManifoldPoint3 points[4];       ///< contact points; the first pointCount are valid
  int pointCount = 0;             ///< 0 when the shapes are apart
};

/// Kinds of features in a feature id: a hull's (or box's) vertex, half-edge or face; a sphere has only vertex 0,
/// a capsule vertices 0 and 1 (its caps) and edge 0 (its segment). Corner j marks a clipped point at a corner of
/// the other shape's reference face, where the side planes of its half-edge j and of the half-edge named in the
/// other half meet.
enum class Feature3 : uint16_t { Vertex = 0, Edge = 1, Face = 2, Corner = 3 };
/// One side's 16-bit feature: two bits of kind, fourteen of index.
inline uint16_t makeFeature3(Feature3 kind, int index) { return uint16_t((uint16_t(kind) << 14) | (index & 0x3FFF)); }

/// The axis that decided a SAT query.
enum class SatAxis3 : uint8_t {
  None = 0,      ///< no axis (not a SAT pair, or nothing decided yet)
  FaceA = 1,     ///< a face normal of A
  FaceB = 2,     ///< a face normal of B
  EdgePair = 3,  ///< the cross product of an edge of A and an edge of B
};

/// Per-pair memory of the axis that last separated the pair or last gave its minimum overlap. Pass the same cache
/// on the next frame: that axis is tried first, so a pair that stays apart usually costs one projection.
/// Answers never depend on the cache, only the time taken.
struct SatCache3 {
  SatAxis3 kind = SatAxis3::None;
  uint16_t indexA = 0;  ///< face of A, or half-edge of A for an edge pair
  uint16_t indexB = 0;  ///< face of B, or half-edge of B for an edge pair
};

/// What decided a hull-hull (or box) query, for a viewer to draw.
struct SatDebug3 {
  SatAxis3 kind = SatAxis3::None;  ///< which axis decided
  int indexA = -1;                 ///< face or half-edge of A (-1: none)
  int indexB = -1;                 ///< face or half-edge of B (-1: none)
  Vec3 axis{0.0f, 0.0f, 0.0f};     ///< that axis (world, unit, from A to B)
  float separation = 0.0f;         ///< signed gap along axis (< 0: overlap by -separation)
  float minA = 0.0f, maxA = 0.0f;  ///< A's projection interval on axis (world)
  float minB = 0.0f, maxB = 0.0f;  ///< B's projection interval on axis (world)
  Manifold3 manifold;              ///< the contacts collide() reports
};

/// Hull - hull: SAT over both hulls' face normals and the cross products of edge pairs that form a face of the
/// Minkowski difference (Gauss-map test); reference face = larger face separation, incident face clipped to its
/// side planes; an edge axis gives one point between the two edges (Gregorius, GDC 2013 and 2015).
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB,
                  SatCache3* cache = nullptr);
bool overlap(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB,
             SatCache3* cache = nullptr);
/// The same query as collide(), with the deciding axis and both projection intervals.
SatDebug3 collideDebug(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB);

/// Box - box: the 15 axes in closed form, contacts as for hulls. The cache is accepted for a uniform call but not
/// used: the 15 axes cost less than checking a cached one first.
Manifold3 collide(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB,
                  SatCache3* cache = nullptr);
bool overlap(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache = nullptr);
/// Box - hull and hull - box (the box as an 8-vertex hull).
Manifold3 collide(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB,
                  SatCache3* cache = nullptr);
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB,
                  SatCache3* cache = nullptr);
bool overlap(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache = nullptr);
bool overlap(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache = nullptr);

/// Rounded shapes against hulls and boxes: closest points when the core is outside the hull, the face of largest
/// separation (and, for a capsule, edge-segment axes) when inside.
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB);
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB);
Manifold3 collide(const Box3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB);
Manifold3 collide(const Box3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB);
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB);
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB);
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Box3& b, const Transform3& xfB);
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB);
/// Sphere and capsule pairs in closed form (closest points of points and segments).
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB);
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB);
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB);
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB);

/// The same manifold seen with A and B swapped: normal negated, feature halves exchanged.
Manifold3 flipManifold(const Manifold3& m);

enum class ShapeType3 : uint8_t { Sphere = 0, Capsule = 1, Box = 2, Hull = 3 };

/// Any 3D shape. Copying a hull copies its arrays.
struct Shape3 {
  ShapeType3 type = ShapeType3::Sphere;
  Hull3 hull{};          ///< valid when type == Hull
  Box3 box{};            ///< valid when type == Box
  Sphere sphere{};       ///< valid when type == Sphere
  Capsule3 capsule{};    ///< valid when type == Capsule

  Shape3() = default;
  Shape3(const Sphere& s) : type(ShapeType3::Sphere), sphere(s) {}
  Shape3(const Capsule3& c) : type(ShapeType3::Capsule), capsule(c) {}
  Shape3(const Box3& b) : type(ShapeType3::Box), box(b) {}
  Shape3(const Hull3& h) : type(ShapeType3::Hull), hull(h) {}
  Shape3(Hull3&& h) : type(ShapeType3::Hull), hull(static_cast<Hull3&&>(h)) {}
};

/// Any shape against any shape; dispatches on the types. The cache is used by pairs involving a hull.
Manifold3 collide(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB,
                  SatCache3* cache = nullptr);
/// Whether the shapes touch (collide(...).pointCount > 0, computed as cheaply as the pair allows).
bool overlap(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB,
             SatCache3* cache = nullptr);
AABB3 computeAABB(const Shape3& shape, const Transform3& xf);

}  // namespace sat
