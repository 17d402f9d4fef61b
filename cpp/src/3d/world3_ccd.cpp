// World3 continuous collision for bullets. A bullet that moved is swept from the transform before this update to
// the new one (position linear, rotation along the shortest arc, scale linear) against the non-bullet, non-sensor
// bodies it may meet, taken at their new poses. The first time of impact over all its shape pairs stops it there;
// the pair then reports a contact flagged kContactSwept even though the two are a hair apart.
//
// Time of impact: conservative advancement (Mirtich 1996) on distance(). At a pose where the shapes are d apart
// along the unit normal n, no point of the bullet closes in on the other body faster than
//   dot(p1 - p0, n) + (angle * maxScale + scaleChange) * radius,
// per unit of t, where radius bounds the bullet's shapes around its origin; advancing t by d over that bound can
// therefore not step past the first contact.
#include <algorithm>
#include <cmath>

#include "world3_internal.h"

namespace sat {

namespace {

constexpr int kMaxAdvances = 64;

/// The motion of a sweep: from x0 to x1, the rotation turning about one axis.
struct Motion3 {
  Transform3 x0, x1;
  Vec3 axis{1.0f, 0.0f, 0.0f};  ///< unit rotation axis in x0's rotated frame (q(t) = q0 * rot(axis, t * angle))
  float angle = 0.0f;           ///< in [0, pi]
};

Motion3 makeMotion(const Transform3& x0, const Transform3& x1) {
  Motion3 m{x0, x1};
  Quat d = invMul(x0.q, x1.q);
  if (d.w < 0.0f) d = {-d.x, -d.y, -d.z, -d.w};  // the shortest arc
  const float s = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
  if (s > 1e-7f) {
    m.axis = {d.x / s, d.y / s, d.z / s};
    m.angle = 2.0f * std::atan2(s, std::fmin(d.w, 1.0f));
  }
  return m;
}

Transform3 poseAt(const Motion3& m, float t) {
  if (t >= 1.0f) return m.x1;
  Transform3 x;
  x.p = lerp(m.x0.p, m.x1.p, t);
  x.q = m.angle > 0.0f ? normalize(mul(m.x0.q, makeQuat(m.axis, t * m.angle))) : m.x0.q;
  x.scale = lerp(m.x0.scale, m.x1.scale, t);
  return x;
}

/// A bound on the distance from the body origin of any point of the body's shapes, at unit scale.
float localRadius(const Body3& body) {
  float r = 0.0f;
  const Transform3 identity{};
  for (const BodyShape3& s : body.shapes) {
    const AABB3 box = computeAABB(s.shape, identity);
    r = std::fmax(r, length(vmax(vabs(box.lower), vabs(box.upper))));
  }
  return r;
}

struct Impact3 {
  float t = 1.0f;
  bool hit = false;
  DistanceOutput3 closest;  ///< at time t
};

/// First t in [0, 1] where the moving shape comes within `target` of the still one. When they are within target
/// already at t = 0: a hit at 0 if `fromCreation` (a bullet added since the last update: no update reported that
/// pair), else no hit (the last update's narrow phase reported such a pair). No hit if they never come that close.
Impact3 timeOfImpact(const Shape3& moving, const Motion3& m, float radius, const Shape3& still, const Transform3& xs,
                     float target, bool fromCreation) {
  Impact3 r;
  const float maxScale = maxComponent(vabs(m.x0.scale)) > maxComponent(vabs(m.x1.scale))
                             ? maxComponent(vabs(m.x0.scale))
                             : maxComponent(vabs(m.x1.scale));
  const float turning = (m.angle * maxScale + maxComponent(vabs(m.x1.scale - m.x0.scale))) * radius;
  const Vec3 dp = m.x1.p - m.x0.p;
  float t = 0.0f;
  Vec3 lastNormal{0.0f, 0.0f, 0.0f};
  for (int i = 0; i < kMaxAdvances; ++i) {
    const DistanceOutput3 d = distance(moving, poseAt(m, t), still, xs);
    if (d.distance <= target) {
      if (t == 0.0f && !fromCreation) return r;
      r.t = t, r.hit = true, r.closest = d;
      // Exactly touching, distance() has no direction: the last step's separating direction stands in.
      if (r.closest.normal == Vec3{0.0f, 0.0f, 0.0f}) r.closest.normal = lastNormal;
      return r;
    }
    lastNormal = d.normal;
    const float closing = dot(dp, d.normal) + turning;
    if (!(closing > 0.0f)) return r;  // moving away along the separating direction, and not turning
    t += (d.distance - 0.5f * target) / closing;
    if (t > 1.0f) return r;
  }
  return r;  // did not converge within the budget: treated as a miss, the narrow phase still sees the end pose
}

}  // namespace

void World3::Impl::sweepBullets() {
  sweeps.clear();
  for (uint32_t slot : movedBullets) sweepBullet(slot);
}

void World3::Impl::sweepBullet(uint32_t slot) {
  Body3& b = bodies[slot];
  const bool placed = b.placed;
  b.placed = true;
  if (!b.enabled || b.sensor || b.type == BodyType::Static || b.proxy == BroadPhase3::kNull) return;
  // A scale that changes sign would pass through zero on the way: taken like a teleport, as in 2D.
  if (!(b.prevXf.scale.x * b.xf.scale.x > 0.0f) || !(b.prevXf.scale.y * b.xf.scale.y > 0.0f) ||
      !(b.prevXf.scale.z * b.xf.scale.z > 0.0f))
    return;
  ++stats.sweptBodies;
  const Motion3 motion = makeMotion(b.prevXf, b.xf);
  AABB3 swept = b.box;
  for (const BodyShape3& s : b.shapes) swept = unionOf(swept, computeAABB(s.shape, b.prevXf));
  const float radius = localRadius(b);

  Sweep3 best;
  best.toi = 2.0f;
  broad.query(swept, [&](int proxy) {
    const uint32_t other = broad.userData(proxy);
    const Body3& o = bodies[other];
    if (other == slot || o.bullet || o.sensor || !shouldCollide(b, o) || !overlaps(swept, o.box)) return true;
    for (size_t i = 0; i < b.shapes.size(); ++i) {
      for (size_t j = 0; j < o.shapes.size(); ++j) {
        if (!overlaps(swept, o.shapes[j].box)) continue;
        // Within 2e-4 of the two bodies' sizes: close enough to call it contact, far enough above float round-off
        // of distance() at those sizes.
        const float target = 2.0e-4f * (radius * maxComponent(vabs(b.xf.scale)) +
                                        0.5f * length(o.shapes[j].box.upper - o.shapes[j].box.lower));
        const Impact3 hit = timeOfImpact(b.shapes[i].shape, motion, radius, o.shapes[j].shape, o.xf, target, !placed);
        if (hit.hit && hit.t < best.toi) {
          best.toi = hit.t;
          best.other = o.id;
          best.normal = hit.closest.normal;
          best.pointBullet = hit.closest.pointA;
          best.pointOther = hit.closest.pointB;
          best.shapeBullet = uint16_t(i);
          best.shapeOther = uint16_t(j);
        }
      }
    }
    return true;
  });
  if (best.toi > 1.0f) return;

  // Stop the bullet at the time of impact; its fat box follows and the broad phase pairs it there.
  b.xf = poseAt(motion, best.toi);
  writeBuffer(slot, b.xf);
  computeBounds(b);
  const bool wasQueued = b.requery;
  if (refreshProxy(slot) && !wasQueued) requerySlots.push_back(slot);
  best.slot = slot;
  sweeps.push_back(best);
}

// A pair one of whose bodies a sweep stopped short of the other this update touches: its contact has one point
// midway between the closest points, the normal from A to B, minus the gap as depth. False for any other pair.
bool World3::Impl::applySweep(Pair3& pair) const {
  for (const Sweep3& s : sweeps) {
    const BodyId bullet = bodies[s.slot].id;
    const bool bulletIsA = bullet == pair.a && s.other == pair.b;
    if (!bulletIsA && !(bullet == pair.b && s.other == pair.a)) continue;
    Manifold3& m = pair.manifold;
    m = Manifold3{};
    m.normal = bulletIsA ? s.normal : -s.normal;
    m.depth = -distance(s.pointBullet, s.pointOther);
    m.pointCount = 1;
    m.points[0].point = 0.5f * (s.pointBullet + s.pointOther);
    m.points[0].depth = m.depth;
    pair.shapeA = bulletIsA ? s.shapeBullet : s.shapeOther;
    pair.shapeB = bulletIsA ? s.shapeOther : s.shapeBullet;
    pair.touchingNow = true;
    return true;
  }
  return false;
}

}  // namespace sat
