// Polygon storage and the validating makers for polygons, boxes, circles and capsules. Outlines are cleaned by
// detail::cleanOutline (outline.cpp) first; convexity is decided here with orientation tests evaluated in double.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "geometry.h"
#include "polygon_build.h"
#include "sat/shapes.h"

namespace sat {

using detail::orient;

Polygon::Polygon(const Polygon& other) { *this = other; }

Polygon::Polygon(Polygon&& other) noexcept { *this = static_cast<Polygon&&>(other); }

Polygon& Polygon::operator=(const Polygon& other) {
  if (this == &other) return *this;
  release();
  count_ = other.count_;
  if (other.heap_) {
    heap_ = new Vec2[2 * other.count_];
    std::memcpy(heap_, other.heap_, sizeof(Vec2) * 2 * other.count_);
  } else {
    std::memcpy(inline_, other.inline_, sizeof(inline_));
  }
  centroid_ = other.centroid_;
  area_ = other.area_;
  boundingRadius_ = other.boundingRadius_;
  bounds_ = other.bounds_;
  return *this;
}

Polygon& Polygon::operator=(Polygon&& other) noexcept {
  if (this == &other) return *this;
  release();
  count_ = other.count_;
  if (other.heap_) {
    heap_ = other.heap_;
    other.heap_ = nullptr;
    other.count_ = 0;
  } else {
    std::memcpy(inline_, other.inline_, sizeof(inline_));
  }
  centroid_ = other.centroid_;
  area_ = other.area_;
  boundingRadius_ = other.boundingRadius_;
  bounds_ = other.bounds_;
  return *this;
}

Polygon::~Polygon() { release(); }

void Polygon::release() {
  delete[] heap_;
  heap_ = nullptr;
  count_ = 0;
}

// Stores a cleaned, counter-clockwise, strictly convex ring and precomputes normals, centroid and bounds.
Status buildPolygon(const Vec2* v, int count, Polygon* out) {
  out->release();
  if (count > kInlineVertices) out->heap_ = new Vec2[2 * count];
  out->count_ = count;
  Vec2* verts = out->heap_ ? out->heap_ : out->inline_;
  Vec2* norms = verts + count;
  for (int i = 0; i < count; ++i) verts[i] = v[i];
  for (int i = 0; i < count; ++i) {
    Vec2 e = v[i + 1 < count ? i + 1 : 0] - v[i];
    norms[i] = normalize(rightPerp(e));
  }
  // Centroid by triangle fan about the first vertex (small coordinates keep round-off low).
  double cx = 0.0, cy = 0.0, area2 = 0.0;
  Vec2 o = v[0];
  for (int i = 1; i + 1 < count; ++i) {
    double ax = double(v[i].x) - o.x, ay = double(v[i].y) - o.y;
    double bx = double(v[i + 1].x) - o.x, by = double(v[i + 1].y) - o.y;
    double a = ax * by - ay * bx;
    area2 += a;
    cx += a * (ax + bx);
    cy += a * (ay + by);
  }
  out->area_ = float(0.5 * area2);
  out->centroid_ = {float(o.x + cx / (3.0 * area2)), float(o.y + cy / (3.0 * area2))};
  AABB box{v[0], v[0]};
  float r2 = 0.0f;
  for (int i = 0; i < count; ++i) {
    box.lower = vmin(box.lower, v[i]);
    box.upper = vmax(box.upper, v[i]);
    float d2 = distanceSquared(out->centroid_, v[i]);
    if (d2 > r2) r2 = d2;
  }
  out->bounds_ = box;
  out->boundingRadius_ = std::sqrt(r2);
  return Status::Ok;
}

Status makePolygon(const Vec2* points, int count, Polygon* out) {
  if (out == nullptr) return Status::InvalidArgument;
  std::vector<Vec2> ring;
  Status s = detail::cleanOutline(points, count, kMaxPolygonVertices, &ring);
  if (s != Status::Ok) return s;
  int n = int(ring.size());
  for (int i = 0; i < n; ++i) {
    if (orient(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]) <= 0.0) return Status::Concave;
  }
  return buildPolygon(ring.data(), n, out);
}

Status makeBox(float halfWidth, float halfHeight, Polygon* out, Vec2 center, float angle) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(halfWidth) || !isValid(halfHeight) || !isValid(center) || !isValid(angle)) return Status::NonFinite;
  if (halfWidth > kMaxCoordinate || halfHeight > kMaxCoordinate || !isInRange(center)) return Status::OutOfRange;
  if (!(halfWidth > 0.0f) || !(halfHeight > 0.0f)) return Status::ZeroArea;
  Rot q = makeRot(angle);
  Vec2 corners[4] = {{-halfWidth, -halfHeight}, {halfWidth, -halfHeight}, {halfWidth, halfHeight}, {-halfWidth, halfHeight}};
  for (Vec2& c : corners) {
    c = center + rotate(q, c);
    if (!isInRange(c)) return Status::OutOfRange;
  }
  return makePolygon(corners, 4, out);
}

Status makeCircle(Vec2 center, float radius, Circle* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(center) || !isValid(radius)) return Status::NonFinite;
  if (!isInRange(center) || radius > kMaxCoordinate) return Status::OutOfRange;
  if (!(radius > 0.0f)) return Status::InvalidRadius;
  *out = {center, radius};
  return Status::Ok;
}

Status makeCapsule(Vec2 center1, Vec2 center2, float radius, Capsule* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(center1) || !isValid(center2) || !isValid(radius)) return Status::NonFinite;
  if (!isInRange(center1) || !isInRange(center2) || radius > kMaxCoordinate) return Status::OutOfRange;
  if (!(radius > 0.0f)) return Status::InvalidRadius;
  float len = distance(center1, center2);
  float size = len + 2.0f * radius;
  if (!(len > kWeldRelative * size)) return Status::ZeroLength;
  *out = {center1, center2, radius};
  return Status::Ok;
}

Status makeSegment(Vec2 point1, Vec2 point2, Segment* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(point1) || !isValid(point2)) return Status::NonFinite;
  if (!isInRange(point1) || !isInRange(point2)) return Status::OutOfRange;
  // The capsule's rule at radius 0: a length below the weld fraction of the extent is one point.
  const float len = distance(point1, point2);
  const float extent = std::fmax(length(point1), length(point2));
  if (!(len > kWeldRelative * std::fmax(extent, len))) return Status::Degenerate;
  *out = {point1, point2};
  return Status::Ok;
}

AABB localBounds(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::Circle: {
      Vec2 r{shape.circle.radius, shape.circle.radius};
      return {shape.circle.center - r, shape.circle.center + r};
    }
    case ShapeType::Capsule: {
      Vec2 r{shape.capsule.radius, shape.capsule.radius};
      return {vmin(shape.capsule.center1, shape.capsule.center2) - r,
              vmax(shape.capsule.center1, shape.capsule.center2) + r};
    }
    case ShapeType::Polygon: return shape.polygon.bounds();
    case ShapeType::Segment: return {vmin(shape.segment.point1, shape.segment.point2), vmax(shape.segment.point1, shape.segment.point2)};
    case ShapeType::ChainSegment: {
      const Segment& g = shape.chain.segment;
      return {vmin(g.point1, g.point2), vmax(g.point1, g.point2)};
    }
  }
  return {};
}

float extentFromOrigin(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::Circle: return length(shape.circle.center) + shape.circle.radius;
    case ShapeType::Capsule:
      return std::fmax(length(shape.capsule.center1), length(shape.capsule.center2)) + shape.capsule.radius;
    case ShapeType::Segment: return std::fmax(length(shape.segment.point1), length(shape.segment.point2));
    case ShapeType::ChainSegment:
      return std::fmax(length(shape.chain.segment.point1), length(shape.chain.segment.point2));
    case ShapeType::Polygon: {
      float r2 = 0.0f;
      for (int i = 0; i < shape.polygon.count(); ++i) r2 = std::fmax(r2, lengthSquared(shape.polygon.vertex(i)));
      return std::sqrt(r2);
    }
  }
  return 0.0f;
}

namespace {

// Largest singular value of the 2x2 matrix [a c; b d]: the radius scale of rounded shapes.
float maxSingularValue(float a, float b, float c, float d) {
  double t = double(a) * a + double(b) * b + double(c) * c + double(d) * d;
  double det = double(a) * d - double(b) * c;
  double disc = t * t - 4.0 * det * det;
  return float(std::sqrt(0.5 * (t + std::sqrt(disc > 0.0 ? disc : 0.0))));
}

AABB pointsAABB(const Vec2* v, int n, const Affine& m, float radius) {
  Vec2 p = transformPoint(m, v[0]);
  AABB box{p, p};
  for (int i = 1; i < n; ++i) {
    p = transformPoint(m, v[i]);
    box.lower = vmin(box.lower, p);
    box.upper = vmax(box.upper, p);
  }
  box.lower = box.lower - Vec2{radius, radius};
  box.upper = box.upper + Vec2{radius, radius};
  return box;
}

}  // namespace

float radiusScale(const Affine& m) { return maxSingularValue(m.a, m.b, m.c, m.d); }
bool isSimilarity(const Affine& m) {
  const float smax = radiusScale(m), smin = std::fabs(determinant(m)) / smax;
  return smax - smin <= 1.0e-5f * smax;
}

namespace {
/// Bounds of a rounded shape's centres widened by its radius under the map: by radius * the largest singular value
/// when the map is a similarity (a circle stays a circle), else by the mapped ellipse's exact half extents
/// radius * |row| of the linear part (the ellipse {M u : |u| <= r} reaches r |(a, c)| along x, r |(b, d)| along y).
AABB roundedAABB(const Vec2* centres, int n, const Affine& m, float radius) {
  if (isSimilarity(m)) return pointsAABB(centres, n, m, radius * radiusScale(m));
  AABB box = pointsAABB(centres, n, m, 0.0f);
  const Vec2 half{radius * std::sqrt(m.a * m.a + m.c * m.c), radius * std::sqrt(m.b * m.b + m.d * m.d)};
  box.lower = box.lower - half;
  box.upper = box.upper + half;
  return box;
}
}  // namespace

AABB computeAABB(const Shape& shape, const Affine& xf) {
  switch (shape.type) {
    case ShapeType::Circle: return roundedAABB(&shape.circle.center, 1, xf, shape.circle.radius);
    case ShapeType::Capsule: {
      Vec2 c[2] = {shape.capsule.center1, shape.capsule.center2};
      return roundedAABB(c, 2, xf, shape.capsule.radius);
    }
    case ShapeType::Polygon: return pointsAABB(shape.polygon.vertices(), shape.polygon.count(), xf, 0.0f);
    case ShapeType::Segment: return pointsAABB(&shape.segment.point1, 2, xf, 0.0f);
    case ShapeType::ChainSegment: return pointsAABB(&shape.chain.segment.point1, 2, xf, 0.0f);
  }
  return {};
}

AABB computeAABB(const Shape& shape, const Transform& xf) { return computeAABB(shape, toAffine(xf)); }

}  // namespace sat
