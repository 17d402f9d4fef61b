// World3 queries: the tree of fat boxes narrows the candidates, the tight bounds and then the shapes decide.
#include <algorithm>

#include "world3_internal.h"

namespace sat {

namespace {

Vec3 closestOnSegment(Vec3 a, Vec3 b, Vec3 p) {
  const Vec3 d = b - a;
  const float dd = dot(d, d);
  float t = dd > 0.0f ? dot(p - a, d) / dd : 0.0f;
  t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
  return a + t * d;
}

float maxAbsScale(const Transform3& xf) {
  return maxComponent(vabs(xf.scale));
}

Vec3 toLocal(const Transform3& xf, Vec3 p) {
  const Vec3 r = invRotate(xf.q, p - xf.p);
  return {r.x / xf.scale.x, r.y / xf.scale.y, r.z / xf.scale.z};
}

bool validRay(const RayCastInput3& ray) {
  return isInRange(ray.origin) && isInRange(ray.translation) && ray.maxFraction >= 0.0f && ray.maxFraction <= 1.0f;
}

/// Sorts by slot and copies up to capacity: the query's answer does not depend on the tree's shape.
int finishIds(std::vector<BodyId>& ids, BodyId* out, int capacity) {
  std::sort(ids.begin(), ids.end(), [](BodyId x, BodyId y) { return body3Slot(x) < body3Slot(y); });
  const int n = int(ids.size());
  for (int i = 0; i < n && i < capacity; ++i) out[i] = ids[size_t(i)];
  return n;
}

bool closerHit(const RayHit3& x, const RayHit3& y) {
  if (x.fraction != y.fraction) return x.fraction < y.fraction;
  if (body3Slot(x.body) != body3Slot(y.body)) return body3Slot(x.body) < body3Slot(y.body);
  return x.shape < y.shape;
}

}  // namespace

bool containsPoint(const Shape3& shape, const Transform3& xf, Vec3 point) {
  switch (shape.type) {
    case ShapeType3::Hull: {
      const Hull3& h = shape.hull;
      const Vec3 local = toLocal(xf, point);
      const float tolerance = kHullRelativeTolerance * h.boundingRadius();
      for (int i = 0; i < h.faceCount(); ++i) {
        if (signedDistance(h.plane(i), local) > tolerance) return false;
      }
      return true;
    }
    case ShapeType3::Box: {
      const Vec3 d = vabs(toLocal(xf, point)) - shape.box.halfExtents;
      return maxComponent(d) <= kHullRelativeTolerance * maxComponent(shape.box.halfExtents);
    }
    case ShapeType3::Sphere: {
      const float r = shape.sphere.radius * maxAbsScale(xf);
      return distanceSquared(transformPoint(xf, shape.sphere.center), point) <= r * r;
    }
    case ShapeType3::Capsule: {
      const float r = shape.capsule.radius * maxAbsScale(xf);
      const Vec3 a = transformPoint(xf, shape.capsule.center1), b = transformPoint(xf, shape.capsule.center2);
      return distanceSquared(closestOnSegment(a, b, point), point) <= r * r;
    }
  }
  return false;
}

Status checkShape3(const Shape3& shape) {
  switch (shape.type) {
    case ShapeType3::Sphere: {
      Sphere s;
      return makeSphere(shape.sphere.center, shape.sphere.radius, &s);
    }
    case ShapeType3::Capsule: {
      Capsule3 c;
      return makeCapsule(shape.capsule.center1, shape.capsule.center2, shape.capsule.radius, &c);
    }
    case ShapeType3::Box: {
      Box3 b;
      return makeBox(shape.box.halfExtents, &b);
    }
    case ShapeType3::Hull:
      return shape.hull.vertexCount() >= 4 && shape.hull.faceCount() >= 4 ? Status::Ok : Status::InvalidArgument;
  }
  return Status::InvalidArgument;
}

bool World3::Impl::passes(const Body3& body, const QueryFilter& filter) const {
  return (body.group & filter.mask) != 0 && (body.mask & filter.group) != 0 && (filter.includeSensors || !body.sensor);
}

namespace {
/// The closest hit of one body's shapes along the ray, within maxFraction.
bool raycastBody(const Body3& body, const RayCastInput3& ray, float maxFraction, RayHit3* out) {
  RayCastInput3 input = ray;
  input.maxFraction = maxFraction;
  bool any = false;
  for (size_t i = 0; i < body.shapes.size(); ++i) {
    const CastOutput3 c = raycast(body.shapes[i].shape, body.xf, input);
    if (!c.hit || (any && c.fraction >= out->fraction)) continue;
    any = true;
    *out = {body.id, int(i), c.point, c.normal, c.fraction};
  }
  return any;
}
}  // namespace

bool World3::raycastClosest(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out) const {
  const Impl& w = *impl_;
  if (out == nullptr || !validRay(ray)) return false;
  bool found = false;
  RayHit3 best;
  w.broad.raycast(ray.origin, ray.translation, ray.maxFraction, [&](int proxy, float maxFraction) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    RayHit3 hit;
    if (!w.passes(b, filter) || !raycastBody(b, ray, maxFraction, &hit)) return maxFraction;
    if (!found || closerHit(hit, best)) best = hit;
    found = true;
    return best.fraction;
  });
  if (found) *out = best;
  return found;
}

bool World3::raycastAny(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out) const {
  const Impl& w = *impl_;
  if (out == nullptr || !validRay(ray)) return false;
  bool found = false;
  w.broad.raycast(ray.origin, ray.translation, ray.maxFraction, [&](int proxy, float maxFraction) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    if (!w.passes(b, filter) || !raycastBody(b, ray, maxFraction, out)) return maxFraction;
    found = true;
    return -1.0f;
  });
  return found;
}

int World3::raycastAll(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out, int capacity) const {
  const Impl& w = *impl_;
  if (capacity < 0 || (out == nullptr && capacity > 0)) return -int(Status::InvalidArgument);
  if (!validRay(ray)) return 0;
  std::vector<RayHit3>& hits = w.scratchHits;
  hits.clear();
  w.broad.raycast(ray.origin, ray.translation, ray.maxFraction, [&](int proxy, float maxFraction) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    RayHit3 hit;
    if (w.passes(b, filter) && raycastBody(b, ray, maxFraction, &hit)) hits.push_back(hit);
    return maxFraction;
  });
  std::sort(hits.begin(), hits.end(), closerHit);
  const int n = int(hits.size());
  for (int i = 0; i < n && i < capacity; ++i) out[i] = hits[size_t(i)];
  return n;
}

int World3::queryPoint(Vec3 point, const QueryFilter& filter, BodyId* out, int capacity) const {
  const Impl& w = *impl_;
  if (capacity < 0 || (out == nullptr && capacity > 0)) return -int(Status::InvalidArgument);
  if (!isValid(point)) return -int(Status::NonFinite);
  std::vector<BodyId>& ids = w.scratchIds;
  ids.clear();
  w.broad.query({point, point}, [&](int proxy) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    if (!w.passes(b, filter) || !contains(b.box, point)) return true;
    for (const BodyShape3& s : b.shapes) {
      if (containsPoint(s.shape, b.xf, point)) {
        ids.push_back(b.id);
        break;
      }
    }
    return true;
  });
  return finishIds(ids, out, capacity);
}

int World3::queryAABB(const AABB3& box, const QueryFilter& filter, BodyId* out, int capacity) const {
  const Impl& w = *impl_;
  if (capacity < 0 || (out == nullptr && capacity > 0)) return -int(Status::InvalidArgument);
  if (!sat::isValid(box.lower) || !sat::isValid(box.upper)) return -int(Status::NonFinite);
  if (!isValid(box)) return -int(Status::InvalidArgument);
  std::vector<BodyId>& ids = w.scratchIds;
  ids.clear();
  w.broad.query(box, [&](int proxy) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    if (w.passes(b, filter) && overlaps(b.box, box)) ids.push_back(b.id);
    return true;
  });
  return finishIds(ids, out, capacity);
}

int World3::querySphere(Vec3 center, float radius, const QueryFilter& filter, BodyId* out, int capacity) const {
  Sphere s;
  const Status st = makeSphere(center, radius, &s);
  if (st != Status::Ok) return -int(st);
  return queryShape(Shape3(s), Transform3{}, filter, out, capacity);
}

int World3::queryShape(const Shape3& shape, const Transform3& xf, const QueryFilter& filter, BodyId* out,
                       int capacity) const {
  const Impl& w = *impl_;
  if (capacity < 0 || (out == nullptr && capacity > 0)) return -int(Status::InvalidArgument);
  Status st = checkShape3(shape);
  if (st == Status::Ok) st = checkTransform(xf);
  if (st != Status::Ok) return -int(st);
  const AABB3 box = computeAABB(shape, xf);
  std::vector<BodyId>& ids = w.scratchIds;
  ids.clear();
  w.broad.query(box, [&](int proxy) {
    const Body3& b = w.bodies[w.broad.userData(proxy)];
    if (!w.passes(b, filter) || !overlaps(b.box, box)) return true;
    for (const BodyShape3& s : b.shapes) {
      if (overlaps(s.box, box) && overlap(s.shape, b.xf, shape, xf)) {
        ids.push_back(b.id);
        break;
      }
    }
    return true;
  });
  return finishIds(ids, out, capacity);
}

}  // namespace sat
