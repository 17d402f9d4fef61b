// sat-wasm: 3D shapes and their validating makers.
// A convex hull is a half-edge mesh built by quickhull from any point cloud: near-duplicate points are welded,
// nearly coplanar faces merged, collinear points on an edge dropped. Anything that has no volume or does not fit
// is refused with a named Status (shared with 2D: sat/shapes.h); nothing is silently substituted.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/3d/math3.h"
#include "sat/shapes.h"

namespace sat {

/// Most vertices a hull may have (vertex indices are one byte).
constexpr int kMaxHullVertices = 255;
/// The vertex limit makeHull applies unless told otherwise.
constexpr int kDefaultHullVertexLimit = 64;
/// Most input points makeHull accepts.
constexpr int kMaxHull3Input = 1 << 20;
/// Distances below this fraction of the point cloud's size count as zero in quickhull: points this close are
/// welded, faces this close to coplanar are merged, points this close to the hull are inside. A cloud that forms
/// no valid mesh at it (tight clusters of points a few tolerances apart) is built again at twice and four times it.
/// Every input point of a hull made lies within 8 tolerances of it.
constexpr float kHullRelativeTolerance = 1.0e-5f;

/// A plane: the points x with dot(normal, x) == offset. For a hull face the normal is unit and outward.
struct Plane {
  Vec3 normal{0.0f, 0.0f, 1.0f};  ///< unit normal
  float offset = 0.0f;            ///< signed distance of the plane from the origin along normal
};
inline float signedDistance(const Plane& p, Vec3 x) { return dot(p.normal, x) - p.offset; }

/// A half-edge of a hull. Half-edges come in twin pairs stored next to each other: the twin of e is e ^ 1.
struct HullHalfEdge {
  uint16_t next = 0;   ///< next half-edge counter-clockwise around the same face (seen from outside)
  uint16_t face = 0;   ///< face on the left of the half-edge
  uint8_t origin = 0;  ///< vertex the half-edge starts at
};

/// A hull face: one of its half-edges (follow next to walk its boundary counter-clockwise from outside).
struct HullFace {
  uint16_t edge = 0;
};

/// A convex polyhedron as a half-edge mesh: vertices, faces with outward planes, half-edges with next links and
/// twins at e ^ 1. Made only by makeHull / makeBoxHull; every face is planar and convex, every edge joins two
/// faces that are not coplanar, and V - E + F = 2. Copies share nothing (the arrays are allocated when made).
class Hull3 {
 public:
  int vertexCount() const { return int(vertices_.size()); }
  int faceCount() const { return int(faces_.size()); }
  /// Number of half-edges (twice the number of edges).
  int halfEdgeCount() const { return int(edges_.size()); }
  const Vec3* vertices() const { return vertices_.data(); }
  const Plane* planes() const { return planes_.data(); }
  const HullFace* faces() const { return faces_.data(); }
  const HullHalfEdge* halfEdges() const { return edges_.data(); }
  Vec3 vertex(int i) const { return vertices_[size_t(i)]; }
  const Plane& plane(int i) const { return planes_[size_t(i)]; }
  /// Volume centroid (inside the hull).
  Vec3 centroid() const { return centroid_; }
  float volume() const { return volume_; }
  /// Largest distance from the centroid to a vertex.
  float boundingRadius() const { return boundingRadius_; }
  /// Local-space bounds.
  AABB3 bounds() const { return bounds_; }

 private:
  friend struct HullAccess;
  std::vector<Vec3> vertices_;
  std::vector<Plane> planes_;
  std::vector<HullFace> faces_;
  std::vector<HullHalfEdge> edges_;
  /// The vertices and planes again as four-wide columns, for the narrow phase's SIMD scans: blocks of x, y, z, then
  /// of the normals' x, y, z and the offsets, each padded by repeating the last vertex or plane. Hulls of at most 64
  /// edges (22 vertices or fewer) keep their edge table after them, for the narrow phase's edge query: per block of
  /// four faces, for each subset of them (bit l: face 4 * block + l), the 64-bit set of their edges (bit k:
  /// half-edges 2k and 2k + 1), 16 entries (128 bytes) a block, stored as bytes.
  struct alignas(16) Lanes4 {
    float lane[4];
  };
  std::vector<Lanes4> columns_;
  Vec3 centroid_{};
  float volume_ = 0.0f;
  float boundingRadius_ = 0.0f;
  AABB3 bounds_{};
};

/// A box centred on its local origin, aligned with its local axes. Place it with a Transform3.
struct Box3 {
  Vec3 halfExtents{0.5f, 0.5f, 0.5f};  ///< > 0 on every axis
};

/// A ball.
struct Sphere {
  Vec3 center{0.0f, 0.0f, 0.0f};  ///< local centre
  float radius = 0.0f;            ///< > 0
};

/// A segment swept by a ball.
struct Capsule3 {
  Vec3 center1{0.0f, 0.0f, 0.0f};  ///< local centre of the first cap
  Vec3 center2{0.0f, 0.0f, 0.0f};  ///< local centre of the second cap
  float radius = 0.0f;             ///< > 0
};

/// The convex hull of a point cloud (order irrelevant, duplicates allowed). Statuses: InvalidArgument (null out,
/// null points with count > 0, maxVertices outside [4, kMaxHullVertices]), TooFewPoints (fewer than 4 points, or
/// all within the weld tolerance of one point), TooManyPoints (more than kMaxHull3Input points, or a hull with
/// more than maxVertices vertices), NonFinite, OutOfRange (beyond kMaxCoordinate), ZeroVolume (all points on one
/// line), Coplanar (all points on one plane), Degenerate (no valid closed convex mesh could be formed at up to four
/// times kHullRelativeTolerance).
Status makeHull(const Vec3* points, int count, Hull3* out, int maxVertices = kDefaultHullVertexLimit);
/// A box as a hull (8 vertices, 6 faces), centred at `center` and rotated by `rotation` in its local frame.
/// ZeroVolume for a half extent <= 0; NonFinite, OutOfRange as makeHull.
Status makeBoxHull(Vec3 halfExtents, Hull3* out, Vec3 center = {}, Quat rotation = {});
/// A box. ZeroVolume for a half extent <= 0; NonFinite; OutOfRange beyond kMaxCoordinate.
Status makeBox(Vec3 halfExtents, Box3* out);
/// A sphere. InvalidRadius for radius <= 0; NonFinite; OutOfRange.
Status makeSphere(Vec3 center, float radius, Sphere* out);
/// A capsule. ZeroLength for coincident centres; InvalidRadius; NonFinite; OutOfRange.
Status makeCapsule(Vec3 center1, Vec3 center2, float radius, Capsule3* out);
/// Ok, or InvalidTransform when the transform is non-finite, out of range, unnormalized or collapsed.
Status checkTransform(const Transform3& xf);

/// Local-space bounds of each shape.
AABB3 localBounds(const Hull3& hull);
AABB3 localBounds(const Box3& box);
AABB3 localBounds(const Sphere& sphere);
AABB3 localBounds(const Capsule3& capsule);
/// World-space bounds of each shape under a transform.
AABB3 computeAABB(const Hull3& hull, const Transform3& xf);
AABB3 computeAABB(const Box3& box, const Transform3& xf);
AABB3 computeAABB(const Sphere& sphere, const Transform3& xf);
AABB3 computeAABB(const Capsule3& capsule, const Transform3& xf);

}  // namespace sat
