// Polygon storage and the validating makers for polygons, boxes, circles and capsules.
// Cleaning (Box2D's b2ComputeHull habits): weld points closer than kWeldRelative * size, drop vertices within
// kCollinearRelative * size of the line through their neighbours, then decide orientation and convexity with
// orientation tests evaluated in double.
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
  Vec2* norms = verts + (out->heap_ ? count : kInlineVertices);
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

namespace detail {

Status checkPoints(const Vec2* points, int count) {
  if (count < 0 || (count > 0 && points == nullptr)) return Status::InvalidArgument;
  for (int i = 0; i < count; ++i) {
    if (!isValid(points[i])) return Status::NonFinite;
  }
  for (int i = 0; i < count; ++i) {
    if (!isInRange(points[i])) return Status::OutOfRange;
  }
  return Status::Ok;
}

float pointSetSize(const Vec2* points, int count) {
  if (count == 0) return 0.0f;
  AABB box{points[0], points[0]};
  for (int i = 1; i < count; ++i) {
    box.lower = vmin(box.lower, points[i]);
    box.upper = vmax(box.upper, points[i]);
  }
  return length(box.upper - box.lower);
}

int weldRing(std::vector<Vec2>& ring, float weldTol) {
  float tol2 = weldTol * weldTol;
  std::vector<Vec2> out;
  out.reserve(ring.size());
  for (Vec2 p : ring) {
    if (!out.empty() && distanceSquared(out.back(), p) <= tol2) continue;
    out.push_back(p);
  }
  while (out.size() > 1 && distanceSquared(out.back(), out.front()) <= tol2) out.pop_back();
  ring.swap(out);
  return int(ring.size());
}

int dropCollinear(std::vector<Vec2>& ring, float weldTol, float collinearTol) {
  // The ring is a doubly linked list over its original indices while vertices are dropped (makeHull hands over
  // up to a million points; erasing from the vector and rescanning from the start after each drop was quadratic:
  // seconds at 100,000 points, minutes at a million). Survivors keep their original order.
  const int n0 = int(ring.size());
  std::vector<int> prev(n0), next(n0);
  for (int i = 0; i < n0; ++i) {
    prev[i] = i == 0 ? n0 - 1 : i - 1;
    next[i] = i + 1 == n0 ? 0 : i + 1;
  }
  int head = 0, tail = n0 - 1, count = n0;
  // absorbed[i]: input points already dropped from between vertex i and its successor. A drop must keep them
  // within tolerance of the new, longer edge too, or a finely sampled arc would be flattened step by step far
  // beyond the tolerance (each step looking collinear on its own).
  std::vector<std::vector<Vec2>> absorbed(n0);
  // Distance of vertex i from the line through its neighbours when that makes it collinear (within collinearTol
  // and between them), else -1. Sets *spike for an outline that doubles back on itself (a spike that returns to
  // where it started, or a collinear point beyond its neighbours): not a convex outline with an extra point.
  // This is the whole test a fresh call on the ring makes, knowing nothing of earlier drops.
  auto collinearDistance = [&](int i, bool* spike) -> double {
    const Vec2 a = ring[prev[i]], b = ring[i], c = ring[next[i]];
    const double ac2 = double(distanceSquared(a, c));
    const double ac = std::sqrt(ac2);
    if (ac <= weldTol) return *spike = true, -1.0;
    const double h = std::fabs(orient(a, b, c)) / ac;
    if (h > collinearTol) return -1.0;
    const double t = (double(b.x) - a.x) * (double(c.x) - a.x) + (double(b.y) - a.y) * (double(c.y) - a.y);
    if (t < 0.0 || t > ac2) return *spike = true, -1.0;
    return h;
  };
  // Farthest distance of the points absorbed beside vertex i from the edge that dropping i would make.
  auto absorbedDistance = [&](int i) {
    const int ia = prev[i];
    const Vec2 a = ring[ia], c = ring[next[i]];
    const double ac = std::sqrt(double(distanceSquared(a, c)));
    double d = 0.0;
    for (int e : {ia, i}) {
      for (Vec2 p : absorbed[e]) d = std::fmax(d, std::fabs(orient(a, p, c)) / ac);
    }
    return d;
  };
  auto drop = [&](int i) {
    const int ia = prev[i], ic = next[i];
    absorbed[ia].push_back(ring[i]);
    absorbed[ia].insert(absorbed[ia].end(), absorbed[i].begin(), absorbed[i].end());
    std::vector<Vec2>().swap(absorbed[i]);
    next[ia] = ic;
    prev[ic] = ia;
    if (i == head) head = ic;
    if (i == tail) tail = ia;
    --count;
  };

  // Pass 1: drop the first collinear vertex (in ring order) whose absorbed points stay within tolerance, until
  // there is none. A drop changes only its two neighbours' tests, so the scan does not restart: every vertex
  // before the cursor is known to stay, except the two neighbours of a drop. The one before the cursor is
  // stepped back to; the other is the head when the tail was dropped (`headDirty`), tested first.
  int cursor = head;
  bool scanning = true, headDirty = false;
  while (count >= 3 && (scanning || headDirty)) {
    if (scanning && cursor == head) headDirty = false;  // the head is the cursor's own next test
    const int i = headDirty ? head : cursor;
    bool spike = false;
    const double h = collinearDistance(i, &spike);
    if (spike) return -1;
    if (h < 0.0 || absorbedDistance(i) > collinearTol) {
      if (headDirty) {
        headDirty = false;
      } else if (i == tail) {
        scanning = false;
      } else {
        cursor = next[i];
      }
      continue;
    }
    const bool wasHead = i == head, wasTail = i == tail, fromHead = headDirty;
    const int before = prev[i];
    drop(i);
    if (fromHead) {
      // The new head is untested now; the cursor's part of the ring is unchanged (the tail, prev of the old
      // head, is in it or already passed as the scan's end, where it is re-tested below).
      if (!scanning) {
        scanning = true;
        cursor = tail;
      }
    } else if (wasTail) {
      headDirty = !wasHead;
      cursor = before;  // the new tail
    } else if (!wasHead) {
      cursor = before;
    } else {
      cursor = head;
    }
  }
  // Pass 2: a vertex that pass 1 kept only for its absorbed points is still collinear to a fresh call, which
  // knows no absorbed points and drops it: a stored polygon fed back to makePolygon lost a vertex (the "remake"
  // bug). So drop every vertex a fresh call would drop, the one that moves the outline least first, until none
  // is left: the result is then a fixed point of this function by construction. It is rare (the seams between
  // runs merged by pass 1 along a finely sampled arc), and one such drop moves the points absorbed beside it by
  // at most its own distance: within twice the tolerance. Drops that cascade next to each other would add up;
  // none has been seen (fuzz_makers checks containment within 2e-5 of the size).
  while (count >= 3) {
    int best = -1;
    double bestMove = 0.0;
    for (int k = 0, i = head; k < count; ++k, i = next[i]) {
      bool spike = false;
      const double h = collinearDistance(i, &spike);
      if (spike) return -1;
      if (h < 0.0) continue;
      const double move = std::fmax(h, absorbedDistance(i));
      if (best < 0 || move < bestMove) best = i, bestMove = move;
    }
    if (best < 0) break;
    drop(best);
  }
  std::vector<Vec2> kept;
  kept.reserve(size_t(count));
  for (int k = 0, i = head; k < count; ++k, i = next[i]) kept.push_back(ring[i]);
  ring.swap(kept);
  return count;
}

bool allCollinear(const std::vector<Vec2>& ring, float collinearTol) {
  // The line through the first point and the point farthest from it; every point within tolerance of it.
  Vec2 a = ring[0], b = ring[0];
  for (Vec2 p : ring) {
    if (distanceSquared(a, p) > distanceSquared(a, b)) b = p;
  }
  double ab = std::sqrt(double(distanceSquared(a, b)));
  if (ab == 0.0) return true;
  for (Vec2 p : ring) {
    if (std::fabs(orient(a, b, p)) / ab > collinearTol) return false;
  }
  return true;
}

bool isSimple(const std::vector<Vec2>& ring) {
  int n = int(ring.size());
  for (int i = 0; i < n; ++i) {
    Vec2 p1 = ring[i], p2 = ring[(i + 1) % n];
    for (int j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // adjacent edges share a vertex
      if (segmentsIntersect(p1, p2, ring[j], ring[(j + 1) % n])) return false;
    }
  }
  return true;
}

double signedArea2(const std::vector<Vec2>& ring) {
  double a = 0.0;
  int n = int(ring.size());
  for (int i = 1; i + 1 < n; ++i) a += orient(ring[0], ring[i], ring[i + 1]);
  return a;
}

}  // namespace detail

namespace detail {

Status cleanOutline(const Vec2* points, int count, int maxVertices, std::vector<Vec2>* ring) {
  Status s = checkPoints(points, count);
  if (s != Status::Ok) return s;
  if (count > kMaxHullInput) return Status::TooManyPoints;
  if (count < 3) return Status::TooFewPoints;

  const float size = pointSetSize(points, count);
  const float weldTol = kWeldRelative * size, collinearTol = kCollinearRelative * size;
  ring->assign(points, points + count);
  if (weldRing(*ring, weldTol) < 3) return Status::TooFewPoints;
  if (int(ring->size()) > 4 * maxVertices) return Status::TooManyPoints;  // bounds the O(n^2) checks below
  if (allCollinear(*ring, collinearTol)) return Status::ZeroArea;
  int kept = dropCollinear(*ring, weldTol, collinearTol);
  if (kept < 0) return Status::SelfIntersecting;
  if (kept < 3) return Status::ZeroArea;
  if (int(ring->size()) > maxVertices) return Status::TooManyPoints;
  if (!isSimple(*ring)) return Status::SelfIntersecting;
  double area2 = signedArea2(*ring);
  if (!(std::fabs(area2) > 1.0e-12 * double(size) * size)) return Status::ZeroArea;
  if (area2 < 0.0) std::reverse(ring->begin(), ring->end());
  return Status::Ok;
}

}  // namespace detail

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
  }
  return {};
}

float extentFromOrigin(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::Circle: return length(shape.circle.center) + shape.circle.radius;
    case ShapeType::Capsule:
      return std::fmax(length(shape.capsule.center1), length(shape.capsule.center2)) + shape.capsule.radius;
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

AABB computeAABB(const Shape& shape, const Affine& xf) {
  switch (shape.type) {
    case ShapeType::Circle:
      return pointsAABB(&shape.circle.center, 1, xf, shape.circle.radius * radiusScale(xf));
    case ShapeType::Capsule: {
      Vec2 c[2] = {shape.capsule.center1, shape.capsule.center2};
      return pointsAABB(c, 2, xf, shape.capsule.radius * radiusScale(xf));
    }
    case ShapeType::Polygon: return pointsAABB(shape.polygon.vertices(), shape.polygon.count(), xf, 0.0f);
  }
  return {};
}

AABB computeAABB(const Shape& shape, const Transform& xf) { return computeAABB(shape, toAffine(xf)); }

}  // namespace sat
