// Push-apart response: Gauss-Seidel over the touching non-sensor pairs. Each visit re-collides the pair at the
// bodies' current poses and moves them apart along the body-level MTV, split by inverse mass (static and
// kinematic bodies have none and stay put). A few iterations settle stacks and clusters; whatever overlap beyond
// the slop is left is measured and reported.
#include <cmath>

#include "world_internal.h"

namespace sat {

void World::Impl::pushApart() {
  const float slop = push.slop;
  bool anyMoved = false;
  auto moveBody = [&](uint32_t slot, Vec2 delta) {
    xf[slot].p = xf[slot].p + delta;
    float* b = &buffer[size_t(slot) * kTransformStride];
    float* l = &last[size_t(slot) * kTransformStride];
    b[0] = l[0] = xf[slot].p.x;
    b[1] = l[1] = xf[slot].p.y;
    computeGeometry(slot);
    hot[slot].flags |= detail::kDirty;  // the broad phase and pairs catch up at the next update
    if (options.broadPhase == BroadPhaseType::Tree && proxy[slot] >= 0 && !contains(fat[slot], hot[slot].box)) {
      fat[slot] = fatten(hot[slot].box);
      movingTree.moveProxy(proxy[slot], fat[slot]);
    }
    anyMoved = true;
  };
  Contact c;
  for (int iter = 0; iter <= push.iterations; ++iter) {
    const bool measure = iter == push.iterations;
    float residual = 0.0f;
    int residualPairs = 0;
    for (detail::Pair& p : pairs) {
      if (!p.touching) continue;
      const uint32_t a = p.a, b = p.b;
      if ((hot[a].flags | hot[b].flags) & detail::kSensor) continue;
      const float wSum = invMass[a] + invMass[b];
      if (!(wSum > 0.0f) || !overlaps(hot[a].box, hot[b].box)) continue;
      if (!collideBodies(a, b, &p.cache, &c, false)) continue;
      const float excess = c.depth - slop;
      if (!(excess > 0.0f)) continue;
      if (measure) {
        residual = excess > residual ? excess : residual;
        ++residualPairs;
        continue;
      }
      const float corr = c.depth - 0.5f * slop;
      if (invMass[a] > 0.0f) moveBody(a, (-corr * invMass[a] / wSum) * c.normal);
      if (invMass[b] > 0.0f) moveBody(b, (corr * invMass[b] / wSum) * c.normal);
    }
    if (measure) {
      stats.residualDepth = residual;
      stats.residualPairs = residualPairs;
    }
  }
  if (anyMoved && options.broadPhase == BroadPhaseType::Grid) {
    rebuildMoving();
  } else if (anyMoved && options.broadPhase == BroadPhaseType::SortAndSweep) {
    rebuildMoving();
  }
}

}  // namespace sat
