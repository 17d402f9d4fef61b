// SAT, step by step (explain.h): the scalar, world-space statement of the test collide() runs on two convex
// cores. Each shape is placed as a core (vertices and outward face normals) with a radius: a polygon has radius
// 0, a capsule is its segment as a two-sided face, a circle a single point. Every face normal of both cores is
// an axis; the largest face separation decides, unless rounded cores are not clearly overlapping, where the
// exact closest points of the cores decide (their line is one more axis).
#include "sat/explain.h"

#include <cfloat>
#include <cmath>

#include "dispatch.h"

namespace sat {
namespace {

/// A shape placed in the world: up to kMaxPolygonVertices vertices with their face normals, and a radius.
struct PlacedCore {
  Vec2 v[kMaxPolygonVertices];
  Vec2 n[kMaxPolygonVertices];
  int count = 0;
  int faces = 0;  ///< face normals (a polygon: count; a capsule: 2; a circle: 0)
  float radius = 0.0f;
  float size = 0.0f;  ///< world size for the contact tolerance
  /// A circle or capsule under a non-uniform scale: its round part is the ellipse L * unit disc (L = R S r,
  /// row-major), not a radius; radius is then 0.
  bool stretched = false;
  double l00 = 0, l01 = 0, l10 = 0, l11 = 0;
  /// Support value of the round part along a unit axis: the radius, or the ellipse's |L^T n|.
  float roundSupport(Vec2 axis) const {
    if (!stretched) return radius;
    const double ux = l00 * axis.x + l10 * axis.y, uy = l01 * axis.x + l11 * axis.y;
    return float(std::sqrt(ux * ux + uy * uy));
  }
};

/// Whether a shape under the transform is a stretched circle or capsule (collide() takes its exact path).
bool isStretchedRound(const Shape& s, const Transform& xf) {
  return (s.type == ShapeType::Circle || s.type == ShapeType::Capsule) &&
         std::fabs(xf.scale.x) != std::fabs(xf.scale.y);
}

/// The ellipse of a stretched circle or capsule of radius r: L = R S r.
void setEllipse(const Transform& xf, float r, PlacedCore* c) {
  const double q = r, cs = xf.q.c, sn = xf.q.s;
  c->stretched = true;
  c->radius = 0.0f;
  c->l00 = q * cs * xf.scale.x;
  c->l01 = -q * sn * xf.scale.y;
  c->l10 = q * sn * xf.scale.x;
  c->l11 = q * cs * xf.scale.y;
}

float radiusScale(const Transform& xf) { return std::fmax(std::fabs(xf.scale.x), std::fabs(xf.scale.y)); }

/// Outward normal under the transform: the inverse-transpose of the linear map R S is R S^-1, which keeps a
/// normal outward even when the scale mirrors.
Vec2 placeNormal(const Transform& xf, Vec2 n) {
  return normalize(rotate(xf.q, Vec2{n.x / xf.scale.x, n.y / xf.scale.y}));
}

void placeCore(const Shape& s, const Transform& xf, PlacedCore* c) {
  switch (s.type) {
    case ShapeType::Circle:
      c->v[0] = transformPoint(xf, s.circle.center);
      c->count = 1;
      c->faces = 0;
      c->radius = s.circle.radius * radiusScale(xf);
      c->size = c->radius;
      if (isStretchedRound(s, xf)) setEllipse(xf, s.circle.radius, c);
      return;
    case ShapeType::Capsule: {
      c->v[0] = transformPoint(xf, s.capsule.center1);
      c->v[1] = transformPoint(xf, s.capsule.center2);
      c->count = 2;
      c->faces = 2;
      // A two-gon: edge 0 runs from v0 to v1, edge 1 back; their outward normals are opposite.
      c->n[0] = normalize(rightPerp(c->v[1] - c->v[0]));
      c->n[1] = -c->n[0];
      c->radius = s.capsule.radius * radiusScale(xf);
      c->size = 0.5f * distance(c->v[0], c->v[1]) + c->radius;
      if (isStretchedRound(s, xf)) setEllipse(xf, s.capsule.radius, c);
      return;
    }
    case ShapeType::Segment:
    case ShapeType::ChainSegment: {
      // Explained as the plain segment (a capsule of radius 0; the chain rule is not part of the explanation).
      const Segment& g = s.type == ShapeType::Segment ? s.segment : s.chain.segment;
      c->v[0] = transformPoint(xf, g.point1);
      c->v[1] = transformPoint(xf, g.point2);
      c->count = 2;
      c->faces = 2;
      c->n[0] = normalize(rightPerp(c->v[1] - c->v[0]));
      c->n[1] = -c->n[0];
      c->radius = 0.0f;
      c->size = 0.5f * distance(c->v[0], c->v[1]);
      return;
    }
    case ShapeType::Polygon:
      break;
  }
  const Polygon& p = s.polygon;
  c->count = p.count();
  c->faces = p.count();
  c->radius = 0.0f;
  for (int i = 0; i < p.count(); ++i) {
    c->v[i] = transformPoint(xf, p.vertex(i));
    c->n[i] = placeNormal(xf, p.normal(i));
  }
  const Vec2 centroid = transformPoint(xf, p.centroid());
  float best = 0.0f;
  for (int i = 0; i < c->count; ++i) best = std::fmax(best, distanceSquared(centroid, c->v[i]));
  c->size = std::sqrt(best);
}

/// Projection interval of a core on a unit axis, its round part included.
void project(const PlacedCore& c, Vec2 axis, float* lo, float* hi) {
  float mn = FLT_MAX, mx = -FLT_MAX;
  for (int i = 0; i < c.count; ++i) {
    const float d = dot(axis, c.v[i]);
    mn = std::fmin(mn, d);
    mx = std::fmax(mx, d);
  }
  const float lower = c.roundSupport(-axis), upper = c.roundSupport(axis);
  *lo = mn - lower;
  *hi = mx + upper;
}

/// Face separation of core `other` from face i of `owner`, cores only (no radii): how far other's deepest
/// vertex lies beyond the face's line.
float coreFaceSeparation(const PlacedCore& owner, int i, const PlacedCore& other) {
  float mn = FLT_MAX;
  for (int j = 0; j < other.count; ++j) mn = std::fmin(mn, dot(owner.n[i], other.v[j] - owner.v[i]));
  return mn;
}

/// The point of segment [a, b] closest to p; `inside` when it lies strictly between the ends.
Vec2 closestOnSegment(Vec2 p, Vec2 a, Vec2 b, bool* inside) {
  const Vec2 ab = b - a;
  const float l2 = dot(ab, ab);
  *inside = false;
  if (l2 <= 0.0f) return a;
  const float t = dot(p - a, ab) / l2;
  if (t <= 0.0f) return a;
  if (t >= 1.0f) return b;
  *inside = true;
  return a + t * ab;
}

/// Closest points of two cores that do not overlap: every vertex of each against every edge of the other (a
/// single point and a segment are their own only edge). When the closest point lies inside an edge, `edgeNormal`
/// is that edge's stored normal turned to point from A to B: the difference of two nearby points loses its
/// direction in float as they approach, the face normal does not (collide() does the same).
void closestCorePoints(const PlacedCore& a, const PlacedCore& b, Vec2* pa, Vec2* pb, Vec2* edgeNormal,
                       bool* onEdge) {
  float best = FLT_MAX;
  *onEdge = false;
  const auto edges = [](const PlacedCore& c) { return c.count < 3 ? 1 : c.count; };
  for (int pass = 0; pass < 2; ++pass) {
    const PlacedCore& from = pass == 0 ? a : b;
    const PlacedCore& to = pass == 0 ? b : a;
    for (int i = 0; i < from.count; ++i) {
      for (int e = 0; e < edges(to); ++e) {
        const Vec2 q0 = to.v[e];
        const Vec2 q1 = to.v[to.count == 1 ? 0 : (e + 1) % to.count];
        bool inside;
        const Vec2 q = closestOnSegment(from.v[i], q0, q1, &inside);
        const float d = distanceSquared(from.v[i], q);
        if (d < best) {
          best = d;
          *pa = pass == 0 ? from.v[i] : q;
          *pb = pass == 0 ? q : from.v[i];
          *onEdge = inside && to.faces > 0;
          if (*onEdge) {
            // The edge's outward normal faces the vertex; A to B is that, or its opposite when the edge is B's.
            Vec2 n = to.n[e];
            if (dot(n, from.v[i] - q) < 0.0f) n = -n;
            *edgeNormal = pass == 0 ? -n : n;
          }
        }
      }
    }
  }
}

/// For closest points found at core vertex k, the direction u kept inside the normal cone of the vertex that is
/// really closest (the directions along which it is extreme: <u, v_k> >= <u, v_j> for both neighbours j; stated
/// without the vertex order, which a mirroring transform reverses here). u outside k's cone within `noise` (the
/// error of the direction between two nearly coincident points, closestPointNoise): the edge it crossed is the
/// closest feature, and its normal the exact direction. Farther outside: the search picked k among vertices
/// whose distances tie in float; the neighbour on u's side is tested next. collide() does the same
/// (clampToVertexCone in placement.h).
Vec2 clampToVertexCone(const PlacedCore& c, int k, Vec2 u, float noise) {
  if (c.faces == 0 || k < 0) return u;
  for (int step = 0;; ++step) {
    const int prev = k == 0 ? c.count - 1 : k - 1, next = k + 1 == c.count ? 0 : k + 1;
    const float dPrev = dot(u, c.v[k] - c.v[prev]), dNext = dot(u, c.v[k] - c.v[next]);
    if (dPrev >= 0.0f && dNext >= 0.0f) return u;
    // The side u is farther past: the edge from k to next (normal k) or from prev to k (normal prev). A segment's
    // two edges are one line with opposite normals: the one facing u.
    const bool pastNext = dNext < dPrev;
    Vec2 edge = c.n[pastNext ? k : prev];
    if (dot(edge, u) < 0.0f) edge = -edge;
    if (noise >= 1.0f || std::fabs(cross(u, edge)) <= noise || step == c.count) return edge;
    k = pastNext ? next : prev;
  }
}

/// Index of the core vertex equal to p, or -1 (p inside an edge).
int vertexAt(const PlacedCore& c, Vec2 p) {
  for (int i = 0; i < c.count; ++i) {
    if (c.v[i].x == p.x && c.v[i].y == p.y) return i;
  }
  return -1;
}

}  // namespace

Status explain(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB, ExplainedAxis* axes,
               int capacity, Explanation* out, SatCache* cache) {
  if (out == nullptr || capacity < 0 || (capacity > 0 && axes == nullptr)) return Status::InvalidArgument;
  *out = Explanation{};
  if (checkTransform(xfA) != Status::Ok || checkTransform(xfB) != Status::Ok) return Status::InvalidTransform;

  // Two cores of up to kMaxPolygonVertices each live on the stack (about 8 KB): no allocation.
  PlacedCore ca, cb;
  placeCore(a, xfA, &ca);
  placeCore(b, xfB, &cb);
  out->aabbOverlap = overlaps(computeAABB(a, xfA), computeAABB(b, xfB));
  const float tol = contactTolerance(ca.size, cb.size);
  const float rSum = ca.radius + cb.radius;
  out->tolerance = tol;

  int total = 0;
  const auto emit = [&](Vec2 normal, AxisSource source, int index, bool ownerIsA) {
    ExplainedAxis ax;
    ax.normal = normal;
    ax.source = int32_t(source);
    ax.index = index;
    project(ca, normal, &ax.minA, &ax.maxA);
    project(cb, normal, &ax.minB, &ax.maxB);
    ax.separation = ownerIsA ? ax.minB - ax.maxA : ax.minA - ax.maxB;
    if (total < capacity) axes[total] = ax;
    return total++;
  };

  if (ca.stretched || cb.stretched) {
    // A stretched circle or capsule: SAT over the continuum of directions. Every face normal is listed with its
    // exact projections; the deciding axis is the continuous one, the direction of the minimum translation as
    // collide() finds it (the minimum over unit n of h_A(n) + h_B(-n); a gap when negative).
    for (int i = 0; i < ca.faces; ++i) emit(ca.n[i], AxisSource::FaceOfA, i, true);
    for (int i = 0; i < cb.faces; ++i) emit(cb.n[i], AxisSource::FaceOfB, i, false);
    detail::Placement pa, pb;
    detail::Frame frame;
    detail::placePair(xfA, xfB, &pa, &pb, &frame);
    const detail::SupportMinimum mtv =
        detail::minimumSupportTranslation(detail::refOf(a), pa, detail::refOf(b), pb);
    const Vec2 u = frame.toWorldVector(mtv.normal);
    out->deciding = emit(u, AxisSource::Continuous, -1, true);
    out->depth = float(mtv.value);
    out->normal = u;
    out->overlap = mtv.value >= -double(tol);
    out->axisTotal = total;
    out->axisCount = total < capacity ? total : capacity;
    return Status::Ok;
  }

  // Face normals of A, then of B; the running maximum of the core separations, A's face kept unless B's is
  // clearly larger (collide()'s rule, so the reference face does not flicker).
  // collide() stops at the first face past `stop` and remembers it in the cache: firstPastA / firstPastB.
  const float stop = rSum + tol;
  float bestA = -FLT_MAX, bestB = -FLT_MAX;
  int axisA = -1, axisB = -1, faceA = 0, faceB = 0, firstPastA = -1, firstPastB = -1;
  for (int i = 0; i < ca.faces; ++i) {
    const int k = emit(ca.n[i], AxisSource::FaceOfA, i, true);
    const float s = coreFaceSeparation(ca, i, cb);
    if (s > stop && firstPastA < 0) firstPastA = i;
    if (s > bestA) {
      bestA = s;
      axisA = k;
      faceA = i;
    }
  }
  for (int i = 0; i < cb.faces; ++i) {
    const int k = emit(cb.n[i], AxisSource::FaceOfB, i, false);
    const float s = coreFaceSeparation(cb, i, ca);
    if (s > stop && firstPastB < 0) firstPastB = i;
    if (s > bestB) {
      bestB = s;
      axisB = k;
      faceB = i;
    }
  }
  const bool flip = axisA < 0 || (axisB >= 0 && bestB > bestA + 0.1f * tol);
  const float coreSep = flip ? bestB : bestA;
  const int faceAxis = flip ? axisB : axisA;

  if (cache && cache->type != 0) {
    const bool onA = cache->type == 1;
    const PlacedCore& owner = onA ? ca : cb;
    if (cache->index < owner.faces) {
      out->cacheHit = coreFaceSeparation(owner, cache->index, onA ? cb : ca) > stop;
    }
  }

  // Rounded cores not clearly overlapping (or with no faces at all): their closest points decide.
  const bool byClosest = rSum > 0.0f && (faceAxis < 0 || coreSep > -tol);
  Vec2 pa{0.0f, 0.0f}, pb{0.0f, 0.0f}, edgeNormal{0.0f, 0.0f};
  bool onEdge = false;
  float dist = 0.0f;
  if (byClosest) {
    closestCorePoints(ca, cb, &pa, &pb, &edgeNormal, &onEdge);
    dist = distance(pa, pb);
  }
  if (byClosest && (faceAxis < 0 || dist > tol)) {
    Vec2 u = onEdge ? edgeNormal : dist > 0.0f ? (1.0f / dist) * (pb - pa) : Vec2{1.0f, 0.0f};
    if (!onEdge && dist > 0.0f) {
      // Two vertices: the direction between them, kept in both vertices' normal cones (A's along u, B's along -u).
      const float noise = detail::closestPointNoise(pa, pb, dist);
      u = clampToVertexCone(ca, vertexAt(ca, pa), u, noise);
      u = -clampToVertexCone(cb, vertexAt(cb, pb), -u, noise);
    }
    out->deciding = emit(u, AxisSource::ClosestPoints, -1, true);
    out->depth = rSum - dist;
    out->normal = u;
  } else {
    out->deciding = faceAxis;
    out->depth = rSum - coreSep;
    out->normal = flip ? -cb.n[faceB] : ca.n[faceA];
  }
  out->overlap = -out->depth <= tol;
  // The cache as collide() leaves it (it keeps polygon pairs only, and is left alone when it already rejected).
  if (cache && !out->cacheHit && a.type == ShapeType::Polygon && b.type == ShapeType::Polygon) {
    const bool onA = firstPastA >= 0 || (firstPastB < 0 && !flip);
    cache->type = onA ? 1 : 2;
    cache->index = uint16_t(firstPastA >= 0 ? firstPastA : firstPastB >= 0 ? firstPastB : flip ? faceB : faceA);
  }
  out->axisTotal = total;
  out->axisCount = total < capacity ? total : capacity;
  return Status::Ok;
}

}  // namespace sat
