// Raycasts and point containment. Polygons are tested in their own local frame (an affine map keeps a ray a
// ray with the same fraction, and keeps half-planes half-planes); so are rounded shapes under a map that is not a
// similarity (an ellipse is its local circle mapped; a stretched capsule its local capsule). Rounded shapes under
// a similarity are tested in world space with their scaled radius.
#include <cmath>

#include "geometry.h"
#include "polygon_build.h"
#include "sat/collide.h"
#include "sat/query.h"

namespace sat {
namespace {

using detail::closestOnSegment;

struct Inverse {
  float a, b, c, d;  // inverse linear part, same layout as Affine
  Vec2 t;            // forward translation
  Vec2 toLocalPoint(Vec2 p) const {
    Vec2 q = p - t;
    return {a * q.x + c * q.y, b * q.x + d * q.y};
  }
  Vec2 toLocalVector(Vec2 v) const { return {a * v.x + c * v.y, b * v.x + d * v.y}; }
};

Inverse invert(const Affine& m) {
  float inv = 1.0f / determinant(m);
  return {inv * m.d, -inv * m.b, -inv * m.c, inv * m.a, {m.tx, m.ty}};
}

// World normal of a local outward normal: direction of M^-T n (outward even when M mirrors).
Vec2 normalToWorld(const Affine& m, Vec2 n) {
  float s = determinant(m) < 0.0f ? -1.0f : 1.0f;
  return normalize(Vec2{s * (m.d * n.x - m.b * n.y), s * (-m.c * n.x + m.a * n.y)});
}

CastOutput rayCircle(Vec2 center, float r, const RayCastInput& in) {
  CastOutput out;
  Vec2 s = in.origin - center;
  float dd = dot(in.translation, in.translation);
  if (dd == 0.0f) return out;
  float len = std::sqrt(dd);
  Vec2 dir = (1.0f / len) * in.translation;
  // Solve |s + t dir| = r for the entering root t (distance along the unit direction).
  float b = dot(s, dir);
  Vec2 closest = s - b * dir;  // closest approach, computed directly for accuracy
  float c2 = lengthSquared(closest);
  if (c2 > r * r) return out;
  if (lengthSquared(s) < r * r) return out;  // starts inside
  float h = std::sqrt(r * r - c2);
  float t = -b - h;
  if (t < 0.0f || t > in.maxFraction * len) return out;
  out.fraction = t / len;
  out.point = in.origin + out.fraction * in.translation;
  out.normal = normalize(out.point - center);
  out.hit = true;
  return out;
}

CastOutput rayPolygonLocal(const Vec2* v, const Vec2* n, int count, Vec2 p1, Vec2 d, float maxFraction) {
  CastOutput out;
  float lower = 0.0f, upper = maxFraction;
  int index = -1;
  for (int i = 0; i < count; ++i) {
    float numerator = dot(n[i], v[i] - p1);
    float denominator = dot(n[i], d);
    if (denominator == 0.0f) {
      if (numerator < 0.0f) return out;  // parallel and outside this face
    } else if (denominator < 0.0f && numerator < lower * denominator) {
      lower = numerator / denominator;  // entering this half-plane later
      index = i;
    } else if (denominator > 0.0f && numerator < upper * denominator) {
      upper = numerator / denominator;  // leaving earlier
    }
    if (upper < lower) return out;
  }
  if (index < 0) return out;  // starts inside
  out.fraction = lower;
  out.normal = n[index];
  out.hit = true;
  return out;
}

CastOutput rayPolygon(const Polygon& poly, const Affine& m, const RayCastInput& in) {
  Inverse inv = invert(m);
  Vec2 p1 = inv.toLocalPoint(in.origin), d = inv.toLocalVector(in.translation);
  CastOutput out = rayPolygonLocal(poly.vertices(), poly.normals(), poly.count(), p1, d, in.maxFraction);
  if (!out.hit) return out;
  out.normal = normalToWorld(m, out.normal);
  out.point = in.origin + out.fraction * in.translation;
  return out;
}

CastOutput rayCapsule(const Capsule& cap, const Affine& m, const RayCastInput& in) {
  Vec2 p1 = transformPoint(m, cap.center1), p2 = transformPoint(m, cap.center2);
  float r = cap.radius * radiusScale(m);
  CastOutput out;
  if (distanceSquared(closestOnSegment(p1, p2, in.origin), in.origin) < r * r) return out;  // starts inside
  // The capsule is the union of two discs and a rectangle: the ray enters it at the first entry into any.
  Vec2 side = r * normalize(rightPerp(p2 - p1));
  Vec2 box[4] = {p1 + side, p2 + side, p2 - side, p1 - side};
  if (cross(box[1] - box[0], box[2] - box[1]) < 0.0f) {
    Vec2 t = box[1];
    box[1] = box[3];
    box[3] = t;
  }
  Vec2 normals[4];
  for (int i = 0; i < 4; ++i) normals[i] = normalize(rightPerp(box[(i + 1) % 4] - box[i]));
  CastOutput candidates[3] = {rayCircle(p1, r, in), rayCircle(p2, r, in),
                              rayPolygonLocal(box, normals, 4, in.origin, in.translation, in.maxFraction)};
  if (candidates[2].hit) candidates[2].point = in.origin + candidates[2].fraction * in.translation;
  for (const CastOutput& c : candidates) {
    if (c.hit && (!out.hit || c.fraction < out.fraction)) out = c;
  }
  return out;
}

/// A circle or capsule under a map that is not a similarity: the ray in the shape's local frame (same fraction)
/// against the unscaled shape; the normal mapped back as a normal.
CastOutput rayRoundedLocal(const Shape& shape, const Affine& m, const RayCastInput& in) {
  const Inverse inv = invert(m);
  RayCastInput local = in;
  local.origin = inv.toLocalPoint(in.origin);
  local.translation = inv.toLocalVector(in.translation);
  CastOutput out = shape.type == ShapeType::Circle ? rayCircle(shape.circle.center, shape.circle.radius, local)
                                                   : rayCapsule(shape.capsule, Affine{}, local);
  if (!out.hit) return out;
  out.normal = normalToWorld(m, out.normal);
  out.point = in.origin + out.fraction * in.translation;
  return out;
}

/// A ray against segment [p1, p2]: where it crosses the segment's line within the segment. The normal faces
/// the ray. oneSided: only a ray coming from the front (the right of p1 -> p2) hits. A ray along the segment's
/// line (parallel) never hits: the segment has no area.
CastOutput raySegment(Vec2 p1, Vec2 p2, bool oneSided, const RayCastInput& in) {
  CastOutput out;
  const Vec2 e = p2 - p1;
  const Vec2 n = normalize(rightPerp(e));
  const float denominator = dot(n, in.translation);
  if (denominator == 0.0f || (oneSided && denominator > 0.0f)) return out;
  const float numerator = dot(n, p1 - in.origin);
  const float t = numerator / denominator;
  if (!(t >= 0.0f && t <= in.maxFraction)) return out;
  const Vec2 q = in.origin + t * in.translation;
  const float u = dot(q - p1, e), ee = dot(e, e);
  if (u < 0.0f || u > ee) return out;
  out.fraction = t;
  out.point = q;
  out.normal = denominator > 0.0f ? -n : n;
  out.hit = true;
  return out;
}

}  // namespace

CastOutput raycast(const Shape& shape, const Affine& xf, const RayCastInput& input) {
  if (!isValid(xf) || !isValid(input.origin) || !isValid(input.translation) || !isValid(input.maxFraction)) return {};
  if ((shape.type == ShapeType::Circle || shape.type == ShapeType::Capsule) && !isSimilarity(xf)) {
    return rayRoundedLocal(shape, xf, input);
  }
  switch (shape.type) {
    case ShapeType::Circle:
      return rayCircle(transformPoint(xf, shape.circle.center), shape.circle.radius * radiusScale(xf), input);
    case ShapeType::Capsule: return rayCapsule(shape.capsule, xf, input);
    case ShapeType::Segment:
      return raySegment(transformPoint(xf, shape.segment.point1), transformPoint(xf, shape.segment.point2), false,
                        input);
    case ShapeType::ChainSegment: {
      // A mirroring frame turns the local front (right side) into the placed left: walk the segment backwards.
      const bool mirror = determinant(xf) < 0.0f;
      const Vec2 p1 = transformPoint(xf, shape.chain.segment.point1), p2 = transformPoint(xf, shape.chain.segment.point2);
      return raySegment(mirror ? p2 : p1, mirror ? p1 : p2, (shape.chain.flags & kChainOneSided) != 0, input);
    }
    case ShapeType::Polygon: break;
  }
  if (shape.polygon.count() < 3) return {};
  return rayPolygon(shape.polygon, xf, input);
}

CastOutput raycast(const Shape& shape, const Transform& xf, const RayCastInput& input) {
  if (!isValid(xf)) return {};
  return raycast(shape, toAffine(xf), input);
}

namespace {
// containsPoint for either transform type: rs is how radii scale, toLocal maps a world point into the shape's frame,
// `similar` whether the frame keeps circles circles (else a rounded shape is tested in its local frame, exactly).
template <class Xf, class ToLocal>
bool containsPlaced(const Shape& shape, const Xf& xf, float rs, bool similar, Vec2 point, ToLocal toLocal) {
  if (!similar && shape.type == ShapeType::Circle) {
    const float r = shape.circle.radius;
    return distance(shape.circle.center, toLocal(point)) <= r + kRelativeTolerance * r;
  }
  if (!similar && shape.type == ShapeType::Capsule) {
    const Capsule& c = shape.capsule;
    const Vec2 local = toLocal(point);
    const float tol = kRelativeTolerance * (c.radius + 0.5f * distance(c.center1, c.center2));
    return distance(closestOnSegment(c.center1, c.center2, local), local) <= c.radius + tol;
  }
  switch (shape.type) {
    case ShapeType::Circle: {
      float r = shape.circle.radius * rs;
      float tol = kRelativeTolerance * r;
      return distance(transformPoint(xf, shape.circle.center), point) <= r + tol;
    }
    case ShapeType::Capsule: {
      Vec2 p1 = transformPoint(xf, shape.capsule.center1), p2 = transformPoint(xf, shape.capsule.center2);
      float r = shape.capsule.radius * rs;
      float tol = kRelativeTolerance * (r + 0.5f * distance(p1, p2));
      return distance(closestOnSegment(p1, p2, point), point) <= r + tol;
    }
    case ShapeType::Segment:
    case ShapeType::ChainSegment: return false;  // no area: no point is inside
    case ShapeType::Polygon: break;
  }
  const Polygon& poly = shape.polygon;
  if (poly.count() < 3) return false;
  const Vec2 local = toLocal(point);
  float tol = kRelativeTolerance * poly.boundingRadius();
  for (int i = 0; i < poly.count(); ++i) {
    if (dot(poly.normal(i), local - poly.vertex(i)) > tol) return false;
  }
  return true;
}
}  // namespace

bool containsPoint(const Shape& shape, const Affine& xf, Vec2 point) {
  if (!isValid(xf) || !isValid(point)) return false;
  return containsPlaced(shape, xf, radiusScale(xf), isSimilarity(xf), point,
                        [&](Vec2 p) { return invert(xf).toLocalPoint(p); });
}

// Not through toAffine: an Affine is refused when collapsed relative to its size (a scale ratio beyond ~1e6), a
// stricter rule than the Transform's, so a valid Transform such as scale (1.8e-6, 2.25) contained no point at all
// (the "point-stretched" bug: the World's queryPoint missed such bodies).
bool containsPoint(const Shape& shape, const Transform& xf, Vec2 point) {
  if (!isValid(xf) || !isValid(point)) return false;
  const float rs = std::fmax(std::fabs(xf.scale.x), std::fabs(xf.scale.y));
  const bool similar = std::fabs(xf.scale.x) == std::fabs(xf.scale.y);
  return containsPlaced(shape, xf, rs, similar, point, [&](Vec2 p) {
    const Vec2 r = invRotate(xf.q, p - xf.p);
    return Vec2{r.x / xf.scale.x, r.y / xf.scale.y};
  });
}

}  // namespace sat
