// World3 push-apart: passes over the touching pairs, each moving the pair's dynamic bodies apart along the contact
// normal by the depth beyond the slop, shared in proportion to inverse mass, until a pass moves nothing or the
// iterations run out. Static and kinematic bodies count as infinitely heavy; pairs with a sensor are left alone.
// Later passes collide the reported shape pair again at the moved poses.
#include "world3_internal.h"

namespace sat {

namespace {
float pushWeight(const Body3& b) {
  return b.type == BodyType::Dynamic ? b.invMass : 0.0f;
}
}  // namespace

// One pass over the touching pairs; after the first, each pair is collided again at the moved poses. True when it
// moved a body.
bool World3::Impl::relaxContacts(bool recollide) {
  bool anyMoved = false;
  for (const Contact3& c : contacts) {
    if (c.flags & kContactSensor) continue;  // a sensor only reports
    Body3& a = bodies[body3Slot(c.a)];
    Body3& b = bodies[body3Slot(c.b)];
    const float wa = pushWeight(a), wb = pushWeight(b);
    if (wa + wb == 0.0f) continue;
    Vec3 normal = c.normal;
    float depth = c.depth;
    if (recollide) {
      const Manifold3 m = collide(a.shapes[c.shapeA].shape, a.xf, b.shapes[c.shapeB].shape, b.xf);
      if (m.pointCount == 0) continue;
      normal = m.normal;
      depth = m.depth;
    }
    const float excess = depth - push.slop;
    if (excess <= 0.0f) continue;
    const float share = excess / (wa + wb);
    a.xf.p = a.xf.p - (share * wa) * normal;
    b.xf.p = b.xf.p + (share * wb) * normal;
    if (wa > 0.0f) a.changeStamp = ++stamp;
    if (wb > 0.0f) b.changeStamp = ++stamp;
    anyMoved = true;
  }
  return anyMoved;
}

// Overlap beyond the slop left after the push, over the touching pairs at the final poses.
float World3::Impl::measureResidual() const {
  float residual = 0.0f;
  for (const Contact3& c : contacts) {
    const Body3& a = bodies[body3Slot(c.a)];
    const Body3& b = bodies[body3Slot(c.b)];
    if ((c.flags & kContactSensor) || pushWeight(a) + pushWeight(b) == 0.0f) continue;
    const Manifold3 m = collide(a.shapes[c.shapeA].shape, a.xf, b.shapes[c.shapeB].shape, b.xf);
    if (m.pointCount > 0 && m.depth - push.slop > residual) residual = m.depth - push.slop;
  }
  return residual;
}

void World3::Impl::pushApart() {
  const int iterations = push.iterations < 1 ? 1 : push.iterations;
  for (int it = 0; it < iterations; ++it) {
    if (!relaxContacts(it > 0)) break;  // every pair within the slop: nothing left to do
  }
  stats.residualDepth = measureResidual();
  // Moved bodies: new bounds, proxies, and buffer entries (so the next sync sees no change of its own).
  for (const Contact3& c : contacts) {
    for (BodyId id : {c.a, c.b}) {
      const uint32_t slot = body3Slot(id);
      Body3& body = bodies[slot];
      const Transform3 buffered = readBuffer(slot);
      if (body.xf.p == buffered.p) continue;
      writeBuffer(slot, body.xf);
      computeBounds(body);
      refreshProxy(slot);
    }
  }
}

}  // namespace sat
