// Distance (GJK on the cores in A's frame), ray casts, and the Shape3 dispatch of collide / overlap / bounds.
#include <cfloat>
#include <cmath>
#include <type_traits>

#include "narrow3.h"
#include "sat/3d/query3.h"

namespace sat {

using namespace detail;

namespace {

float radiusScale(const Transform3& xf) { return scaleMax(xf.scale); }
Vec3 boxExtents(const Box3& box, const Transform3& xf) { return vabs(mulComponents(xf.scale, box.halfExtents)); }

// A shape's core in its own rotated frame (scale applied), as points plus a radius.
struct LocalCore {
  HullScratch scratch;
  Vec3 pts[2];
  Proxy3 proxy;
};

void localCore(const Shape3& s, const Transform3& xf, LocalCore* c) {
  switch (s.type) {
    case ShapeType3::Hull: {
      const HullView v = scaledView(s.hull, xf.scale, &c->scratch);
      c->proxy = {v.v, v.nv, 0.0f};
      return;
    }
    case ShapeType3::Box: {
      const HullView v = boxView(boxExtents(s.box, xf), &c->scratch);
      c->proxy = {v.v, v.nv, 0.0f};
      return;
    }
    case ShapeType3::Sphere:
      c->pts[0] = mulComponents(xf.scale, s.sphere.center);
      c->proxy = {c->pts, 1, s.sphere.radius * radiusScale(xf)};
      return;
    case ShapeType3::Capsule:
      c->pts[0] = mulComponents(xf.scale, s.capsule.center1);
      c->pts[1] = mulComponents(xf.scale, s.capsule.center2);
      c->proxy = {c->pts, 2, s.capsule.radius * radiusScale(xf)};
      return;
  }
}

}  // namespace

DistanceOutput3 distance(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB) {
  DistanceOutput3 out;
  if (!isValid(xfA) || !isValid(xfB)) return out;
  LocalCore ca, cb;
  localCore(a, xfA, &ca);
  localCore(b, xfB, &cb);
  // B's core into A's frame.
  const RelativePose pose = relativePose(xfA, xfB);
  HullScratch moved;
  for (int i = 0; i < cb.proxy.count; ++i) moved.v[i] = pose.r * cb.proxy.points[i] + pose.t;
  const Proxy3 pb{moved.v.data(), cb.proxy.count, cb.proxy.radius};
  const GjkOutput g = gjk(ca.proxy, pb);
  out.iterations = g.iterations;
  const float r = ca.proxy.radius + pb.radius;
  Vec3 pA = g.pointA, pB = g.pointB;
  if (g.distance > r && g.distance > 0.0f) {
    const Vec3 n = (1.0f / g.distance) * (pB - pA);
    pA = pA + ca.proxy.radius * n;
    pB = pB - pb.radius * n;
    out.normal = pose.rA * n;
    out.distance = g.distance - r;
  }
  out.pointA = xfA.p + pose.rA * pA;
  out.pointB = xfA.p + pose.rA * pB;
  return out;
}

namespace {

// A ray whose points stay within the coordinate range (so no product overflows): origin and translation within
// kMaxCoordinate, maxFraction in [0, 1].
bool validRay(const RayCastInput3& in) {
  return isInRange(in.origin) && isInRange(in.translation) && in.maxFraction >= 0.0f && in.maxFraction <= 1.0f;
}

// Slab clipping of a ray against every face plane of a view (Cyrus-Beck), in the view's frame.
CastOutput3 raycastView(const HullView& h, Vec3 o, Vec3 d, float maxFraction) {
  CastOutput3 out;
  float lo = 0.0f, hi = maxFraction;
  int face = -1;
  for (int f = 0; f < h.nf; ++f) {
    const float num = h.planes[f].offset - dot(h.planes[f].normal, o);
    const float den = dot(h.planes[f].normal, d);
    if (den == 0.0f) {
      if (num < 0.0f) return out;  // parallel and outside this plane
      continue;
    }
    const float t = num / den;
    if (den < 0.0f) {
      if (t > lo) lo = t, face = f;
    } else if (t < hi) {
      hi = t;
    }
    if (lo > hi) return out;
  }
  if (face < 0) return out;  // the ray starts inside
  out.hit = true;
  out.fraction = lo;
  out.point = o + lo * d;
  out.normal = h.planes[face].normal;
  return out;
}

CastOutput3 raycastLocal(const HullView& h, const Transform3& xf, const RayCastInput3& in) {
  if (!isValid(xf) || !validRay(in)) return {};
  const Mat3 r = toMat3(xf.q);
  CastOutput3 out = raycastView(h, mulT(r, in.origin - xf.p), mulT(r, in.translation), in.maxFraction);
  if (out.hit) {
    out.point = in.origin + out.fraction * in.translation;
    out.normal = r * out.normal;
  }
  return out;
}

// The first hit of a ray with a ball; none when the ray starts inside.
bool raySphere(Vec3 o, Vec3 d, Vec3 c, float radius, float maxFraction, float* t) {
  const Vec3 m = o - c;
  const float cc = dot(m, m) - radius * radius;
  if (cc <= 0.0f) return false;
  const float a = dot(d, d), b = dot(m, d);
  if (a == 0.0f || b >= 0.0f) return false;
  const float disc = b * b - a * cc;
  if (disc < 0.0f) return false;
  const float s = (-b - std::sqrt(disc)) / a;
  if (s < 0.0f || s > maxFraction) return false;
  *t = s;
  return true;
}

}  // namespace

CastOutput3 raycast(const Hull3& hull, const Transform3& xf, const RayCastInput3& input) {
  HullScratch s;
  return raycastLocal(scaledView(hull, xf.scale, &s), xf, input);
}
CastOutput3 raycast(const Box3& box, const Transform3& xf, const RayCastInput3& input) {
  HullScratch s;
  return raycastLocal(boxView(boxExtents(box, xf), &s), xf, input);
}
CastOutput3 raycast(const Sphere& sphere, const Transform3& xf, const RayCastInput3& in) {
  CastOutput3 out;
  if (!isValid(xf) || !validRay(in)) return out;
  const Vec3 c = transformPoint(xf, sphere.center);
  float t;
  if (!raySphere(in.origin, in.translation, c, sphere.radius * radiusScale(xf), in.maxFraction, &t)) return out;
  out.hit = true;
  out.fraction = t;
  out.point = in.origin + t * in.translation;
  out.normal = normalize(out.point - c);
  return out;
}
CastOutput3 raycast(const Capsule3& capsule, const Transform3& xf, const RayCastInput3& in) {
  CastOutput3 out;
  if (!isValid(xf) || !validRay(in)) return out;
  const Vec3 p = transformPoint(xf, capsule.center1), q = transformPoint(xf, capsule.center2);
  const float r = capsule.radius * radiusScale(xf);
  const Vec3 axis = q - p;
  const float len = length(axis);
  const Vec3 u = (1.0f / len) * axis;
  const Vec3 m = in.origin - p, d = in.translation;
  // Starting inside: no hit.
  const float along = std::fmin(std::fmax(dot(m, u), 0.0f), len);
  if (lengthSquared(m - along * u) <= r * r) return out;
  float best = FLT_MAX;
  Vec3 normalCentre{};
  // The side: the infinite cylinder, kept where the hit projects inside the segment.
  const Vec3 mp = m - dot(m, u) * u, dp = d - dot(d, u) * u;
  const float a = dot(dp, dp), b = dot(mp, dp), c = dot(mp, mp) - r * r;
  if (a > 0.0f && b < 0.0f && b * b - a * c >= 0.0f) {
    const float t = (-b - std::sqrt(b * b - a * c)) / a;
    const float s = dot(m + t * d, u);
    if (t >= 0.0f && t <= in.maxFraction && s >= 0.0f && s <= len) best = t, normalCentre = p + s * u;
  }
  // The caps.
  float t;
  if (raySphere(in.origin, d, p, r, in.maxFraction, &t) && t < best) best = t, normalCentre = p;
  if (raySphere(in.origin, d, q, r, in.maxFraction, &t) && t < best) best = t, normalCentre = q;
  if (best == FLT_MAX) return out;
  out.hit = true;
  out.fraction = best;
  out.point = in.origin + best * d;
  out.normal = normalize(out.point - normalCentre);
  return out;
}
CastOutput3 raycast(const Shape3& s, const Transform3& xf, const RayCastInput3& input) {
  switch (s.type) {
    case ShapeType3::Hull: return raycast(s.hull, xf, input);
    case ShapeType3::Box: return raycast(s.box, xf, input);
    case ShapeType3::Sphere: return raycast(s.sphere, xf, input);
    case ShapeType3::Capsule: return raycast(s.capsule, xf, input);
  }
  return {};
}

// ---------------------------------------------------------------------------------------------------------------
// Dispatch.

namespace {
template <class A>
Manifold3 collideWith(const A& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB, SatCache3* cache) {
  switch (b.type) {
    case ShapeType3::Sphere: return collide(a, xfA, b.sphere, xfB);
    case ShapeType3::Capsule: return collide(a, xfA, b.capsule, xfB);
    case ShapeType3::Box:
      if constexpr (std::is_same_v<A, Hull3> || std::is_same_v<A, Box3>) return collide(a, xfA, b.box, xfB, cache);
      else return collide(a, xfA, b.box, xfB);
    case ShapeType3::Hull:
      if constexpr (std::is_same_v<A, Hull3> || std::is_same_v<A, Box3>) return collide(a, xfA, b.hull, xfB, cache);
      else return collide(a, xfA, b.hull, xfB);
  }
  return {};
}
}  // namespace

Manifold3 collide(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB, SatCache3* cache) {
  switch (a.type) {
    case ShapeType3::Sphere: return collideWith(a.sphere, xfA, b, xfB, cache);
    case ShapeType3::Capsule: return collideWith(a.capsule, xfA, b, xfB, cache);
    case ShapeType3::Box: return collideWith(a.box, xfA, b, xfB, cache);
    case ShapeType3::Hull: return collideWith(a.hull, xfA, b, xfB, cache);
  }
  return {};
}

bool overlap(const Shape3& a, const Transform3& xfA, const Shape3& b, const Transform3& xfB, SatCache3* cache) {
  const bool satA = a.type == ShapeType3::Box || a.type == ShapeType3::Hull;
  const bool satB = b.type == ShapeType3::Box || b.type == ShapeType3::Hull;
  if (satA && satB) {
    if (a.type == ShapeType3::Box && b.type == ShapeType3::Box) return overlap(a.box, xfA, b.box, xfB, cache);
    if (a.type == ShapeType3::Box) return overlap(a.box, xfA, b.hull, xfB, cache);
    if (b.type == ShapeType3::Box) return overlap(a.hull, xfA, b.box, xfB, cache);
    return overlap(a.hull, xfA, b.hull, xfB, cache);
  }
  return collide(a, xfA, b, xfB, cache).pointCount > 0;
}

AABB3 computeAABB(const Shape3& s, const Transform3& xf) {
  switch (s.type) {
    case ShapeType3::Sphere: return computeAABB(s.sphere, xf);
    case ShapeType3::Capsule: return computeAABB(s.capsule, xf);
    case ShapeType3::Box: return computeAABB(s.box, xf);
    case ShapeType3::Hull: return computeAABB(s.hull, xf);
  }
  return {};
}

}  // namespace sat
