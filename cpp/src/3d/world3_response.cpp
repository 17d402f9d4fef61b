// World3 push-apart: a few passes over the touching pairs, each moving the pair's dynamic bodies apart along the
// contact normal by the depth beyond the slop, shared in proportion to inverse mass. Static and kinematic bodies
// count as infinitely heavy; pairs with a sensor are left alone. Later passes collide the reported shape pair
// again at the moved poses.
#include "world3_internal.h"

namespace sat {

namespace {
float pushWeight(const Body3& b) {
  return b.type == BodyType::Dynamic ? b.invMass : 0.0f;
}
}  // namespace

void World3::Impl::pushApart() {
  float residual = 0.0f;
  const int iterations = push.iterations < 1 ? 1 : push.iterations;
  for (int it = 0; it < iterations; ++it) {
    residual = 0.0f;
    for (const Contact3& c : contacts) {
      if (c.flags & kContactSensor) continue;  // a sensor only reports
      Body3& a = bodies[body3Slot(c.a)];
      Body3& b = bodies[body3Slot(c.b)];
      const float wa = pushWeight(a), wb = pushWeight(b);
      if (wa + wb == 0.0f) continue;
      Vec3 normal = c.normal;
      float depth = c.depth;
      if (it > 0) {
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
    }
    if (it + 1 == iterations) {
      // Overlap left after the last pass, measured at the final poses.
      for (const Contact3& c : contacts) {
        const Body3& a = bodies[body3Slot(c.a)];
        const Body3& b = bodies[body3Slot(c.b)];
        if ((c.flags & kContactSensor) || pushWeight(a) + pushWeight(b) == 0.0f) continue;
        const Manifold3 m = collide(a.shapes[c.shapeA].shape, a.xf, b.shapes[c.shapeB].shape, b.xf);
        if (m.pointCount > 0 && m.depth - push.slop > residual) residual = m.depth - push.slop;
      }
    }
  }
  stats.residualDepth = residual;
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
