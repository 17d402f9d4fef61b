// sat-wasm: shapes and their validating makers.
// Shapes are made only by the makers below. They weld near-duplicate points, drop collinear ones, accept
// either winding and a closed ring, and store counter-clockwise with precomputed normals and centroid.
// Anything else is refused with a named Status; nothing is silently substituted.
#pragma once

#include <cstdint>
#include <new>

#include "sat/math.h"

namespace sat {

/// Outcome of a maker or validity check. Stable numeric values: they cross into JavaScript.
enum class Status : uint8_t {
  Ok = 0,
  TooFewPoints = 1,      ///< fewer than 3 distinct points (polygon), or no points at all (hull)
  TooManyPoints = 2,     ///< more than kMaxPolygonVertices after cleaning (or kMaxHullInput input points)
  NonFinite = 3,         ///< a coordinate or radius is NaN or infinite
  OutOfRange = 4,        ///< a magnitude beyond kMaxCoordinate
  ZeroArea = 5,          ///< all points (nearly) collinear or coincident
  SelfIntersecting = 6,  ///< the outline crosses itself
  Concave = 7,           ///< a simple but concave outline; use makeHull or a decomposition
  InvalidRadius = 8,     ///< radius <= 0
  ZeroLength = 9,        ///< capsule end points coincide; use a circle
  InvalidTransform = 10, ///< non-finite, out of range, or collapsed (scale or determinant ~ 0)
  InvalidArgument = 11,  ///< a null pointer, negative count, or similar misuse
  Coplanar = 12,         ///< 3D: all points (nearly) on one plane, no volume
  ZeroVolume = 13,       ///< 3D: all points (nearly) on one line, or a box with a zero half extent
  Degenerate = 14,       ///< coincident segment points or consecutive chain points; 3D: no valid closed mesh
};
/// The last Status value (for tables indexed by status).
constexpr Status kLastStatus = Status::Degenerate;

/// Short identifier of a status, e.g. "TooFewPoints".
const char* statusName(Status status);
/// One-sentence human explanation of a status.
const char* statusMessage(Status status);

/// Largest vertex count of a polygon. Inputs may hold more points if cleaning brings them under it.
constexpr int kMaxPolygonVertices = 256;
/// Largest number of input points makeHull accepts.
constexpr int kMaxHullInput = 1 << 20;
/// Polygons up to this many vertices are stored inline, larger ones on the heap (allocated at creation only).
constexpr int kInlineVertices = 8;
/// Points closer than this fraction of the outline's size are welded into one.
constexpr float kWeldRelative = 1.0e-5f;
/// A vertex is dropped as collinear when its distance to the line through its neighbours is below this
/// fraction of the outline's size.
constexpr float kCollinearRelative = 1.0e-5f;

enum class ShapeType : uint8_t { Circle = 0, Capsule = 1, Polygon = 2, Segment = 3, ChainSegment = 4 };

/// Largest number of points makeChain accepts (a chain body holds one part per segment).
constexpr int kMaxChainPoints = 16384;

struct Circle {
  Vec2 center{0.0f, 0.0f};  ///< local centre
  float radius = 0.0f;      ///< > 0
};

/// A segment swept by a disc.
struct Capsule {
  Vec2 center1{0.0f, 0.0f};  ///< local centre of the first cap
  Vec2 center2{0.0f, 0.0f};  ///< local centre of the second cap
  float radius = 0.0f;       ///< > 0
};

/// A line segment: a capsule of radius 0, two-sided, with no area (no point is inside it). Its features are its
/// end points 0 and 1 (vertex k) and, in a face contact, its edge 0 (from point1 to point2) or edge 1 (back).
struct Segment {
  Vec2 point1{0.0f, 0.0f};
  Vec2 point2{0.0f, 0.0f};
};

/// ChainSegment::flags bits.
enum ChainFlags : uint8_t {
  kChainGhost1 = 1,    ///< ghost1 is the previous point of the chain (else point1 is a free end)
  kChainGhost2 = 2,    ///< ghost2 is the next point of the chain (else point2 is a free end)
  kChainOneSided = 4,  ///< collides only with shapes in front (on the right of point1 -> point2)
};

/// One segment of a chain: a segment that knows its neighbours' far points (ghost vertices), so a shape sliding
/// across the joint between two segments gets the normal the chain as a whole gives, never a snag on the
/// internal vertex. Its front is the right-hand side of point1 -> point2 (outside of a counter-clockwise loop).
/// Made by makeChain.
struct ChainSegment {
  Segment segment;
  Vec2 ghost1{0.0f, 0.0f};  ///< the point before point1 in the chain (valid with kChainGhost1)
  Vec2 ghost2{0.0f, 0.0f};  ///< the point after point2 in the chain (valid with kChainGhost2)
  uint8_t flags = 0;        ///< ChainFlags
};

/// A convex polygon, counter-clockwise, with unit outward edge normals: normal i belongs to the edge from
/// vertex i to vertex i+1. Up to kInlineVertices vertices live inside the object; larger ones own a heap block.
/// Either way the normals follow the vertices directly, and the members the narrow phase reads first (count,
/// bounding radius, centroid) lead the object: a query touches as few cache lines as the polygon needs.
namespace detail {
struct PolygonAccess;
}

class Polygon {
 public:
  Polygon() = default;
  Polygon(const Polygon& other);
  Polygon(Polygon&& other) noexcept;
  Polygon& operator=(const Polygon& other);
  Polygon& operator=(Polygon&& other) noexcept;
  ~Polygon();

  int count() const { return count_; }
  const Vec2* vertices() const { return heap_ ? heap_ : inline_; }
  const Vec2* normals() const { return (heap_ ? heap_ : inline_) + count_; }
  Vec2 vertex(int i) const { return vertices()[i]; }
  Vec2 normal(int i) const { return normals()[i]; }
  Vec2 centroid() const { return centroid_; }
  float area() const { return area_; }
  /// Largest distance from the centroid to a vertex.
  float boundingRadius() const { return boundingRadius_; }
  /// Local-space bounds.
  AABB bounds() const { return bounds_; }

 private:
  friend Status buildPolygon(const Vec2* ccwHull, int count, Polygon* out);
  friend struct detail::PolygonAccess;  // the World: polygons that read its vertex pool in place
  void release();

  int count_ = 0;
  float boundingRadius_ = 0.0f;
  Vec2 centroid_{0.0f, 0.0f};
  Vec2* heap_ = nullptr;
  Vec2 inline_[2 * kInlineVertices];  ///< count_ vertices, then count_ normals
  float area_ = 0.0f;
  AABB bounds_{};
};

/// A circle with a centre and a radius. Refuses non-finite values, radius <= 0 and magnitudes beyond
/// kMaxCoordinate.
Status makeCircle(Vec2 center, float radius, Circle* out);
/// A capsule between two cap centres. Refuses coincident centres (ZeroLength), radius <= 0, non-finite values.
Status makeCapsule(Vec2 center1, Vec2 center2, float radius, Capsule* out);
/// A segment between two points. Refuses non-finite values, magnitudes beyond kMaxCoordinate and coincident
/// points (Degenerate: closer than kWeldRelative of the segment's extent from the origin).
Status makeSegment(Vec2 point1, Vec2 point2, Segment* out);
/// Number of segments of a chain of `pointCount` points: pointCount - 1 when open, pointCount as a loop.
inline int chainSegmentCount(int pointCount, bool loop) { return loop ? pointCount : pointCount - 1; }
/// The segments of a chain through `points`, open or closed into a loop (do not repeat the first point), each
/// knowing its neighbours. out holds chainSegmentCount(count, loop) entries. Refuses fewer than 2 points (3 for a
/// loop: TooFewPoints), more than kMaxChainPoints (TooManyPoints), non-finite (NonFinite) or out-of-range
/// (OutOfRange) coordinates, and consecutive points that coincide (Degenerate, also last and first of a loop).
Status makeChain(const Vec2* points, int count, bool loop, bool oneSided, ChainSegment* out);
/// A convex polygon from an outline in either winding, optionally closed (last point == first).
/// Welds near-duplicates and drops collinear points; refuses concave or self-intersecting outlines.
Status makePolygon(const Vec2* points, int count, Polygon* out);
/// The convex hull of any point cloud (order irrelevant). Same cleaning and limits as makePolygon.
Status makeHull(const Vec2* points, int count, Polygon* out);
/// A rectangle with half extents, centred at `center` and rotated by `angle` in its local frame.
Status makeBox(float halfWidth, float halfHeight, Polygon* out, Vec2 center = {0.0f, 0.0f}, float angle = 0.0f);
/// Ok, or InvalidTransform when the transform is non-finite, out of range or collapsed.
Status checkTransform(const Transform& xf);
Status checkTransform(const Affine& xf);

/// Any shape. Made from one of the concrete shapes; copying a large polygon copies its vertices.
struct Shape {
  ShapeType type = ShapeType::Circle;
  Polygon polygon{};  ///< valid when type == Polygon (first, so its leading members share type's cache line)
  // The small shapes share their storage: a Shape is a polygon plus the largest of them, so the shape store and the
  // world's shape array stay as dense as the pair loops read them. Copies copy the member that `type` names.
  union {
    Circle circle;       ///< valid when type == Circle
    Capsule capsule;     ///< valid when type == Capsule
    Segment segment;     ///< valid when type == Segment
    ChainSegment chain;  ///< valid when type == ChainSegment
  };

  Shape() : circle() {}
  Shape(const Circle& c) : type(ShapeType::Circle), circle(c) {}
  Shape(const Capsule& c) : type(ShapeType::Capsule), capsule(c) {}
  Shape(const Polygon& p) : type(ShapeType::Polygon), polygon(p), circle() {}
  Shape(const Segment& s) : type(ShapeType::Segment), segment(s) {}
  Shape(const ChainSegment& c) : type(ShapeType::ChainSegment), chain(c) {}
  Shape(Polygon&& p) : type(ShapeType::Polygon), polygon(static_cast<Polygon&&>(p)), circle() {}
  // Written out: under Emscripten Vec2 has its own copy operations (math.h), which delete the union's.
  Shape(const Shape& o) : type(o.type), polygon(o.polygon) { copySmall(o); }
  Shape(Shape&& o) noexcept : type(o.type), polygon(static_cast<Polygon&&>(o.polygon)) { copySmall(o); }
  Shape& operator=(const Shape& o) {
    if (this != &o) {
      type = o.type;
      polygon = o.polygon;
      copySmall(o);
    }
    return *this;
  }
  Shape& operator=(Shape&& o) noexcept {
    if (this != &o) {
      type = o.type;
      polygon = static_cast<Polygon&&>(o.polygon);
      copySmall(o);
    }
    return *this;
  }
  ~Shape() {}

 private:
  void copySmall(const Shape& o) {
    switch (o.type) {
      case ShapeType::Capsule: ::new (&capsule) Capsule(o.capsule); return;
      case ShapeType::Segment: ::new (&segment) Segment(o.segment); return;
      case ShapeType::ChainSegment: ::new (&chain) ChainSegment(o.chain); return;
      case ShapeType::Circle: ::new (&circle) Circle(o.circle); return;
      case ShapeType::Polygon: break;
    }
    ::new (&circle) Circle();
  }
};

/// Local-space bounds of a shape.
AABB localBounds(const Shape& shape);
/// Largest distance from the local origin to any point of the shape (radius of a bounding circle about 0).
float extentFromOrigin(const Shape& shape);
/// World-space bounds of a shape under a transform.
AABB computeAABB(const Shape& shape, const Transform& xf);
AABB computeAABB(const Shape& shape, const Affine& xf);

}  // namespace sat
