// Push-apart response: Gauss-Seidel over the touching non-sensor pairs. Each visit re-collides the pair at the
// bodies' current poses and moves them apart along the body-level MTV, split by inverse mass (static and
// kinematic bodies have none and stay put). A few iterations settle stacks and clusters; whatever overlap beyond
// the slop is left afterwards is measured over every pair and reported.
#include <cmath>

#include "world_internal.h"

namespace sat {

void World::Impl::pushApart() {
  const float slop = push.slop;
  if (pushStamp.size() < slotCount) pushStamp.resize(slotCount, 0u);
  pushed.clear();
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
    if (pushStamp[slot] != frame) {
      pushStamp[slot] = frame;
      pushed.push_back(slot);
    }
  };
  Contact c;
  for (int iter = 0; iter < push.iterations; ++iter) {
    for (detail::Pair& p : pairs) {
      if (!p.touching) continue;
      const uint32_t a = p.a, b = p.b;
      if ((hot[a].flags | hot[b].flags) & detail::kSensor) continue;
      const float wSum = invMass[a] + invMass[b];
      if (!(wSum > 0.0f) || !overlaps(hot[a].box, hot[b].box)) continue;
      if (!collideBodies(a, b, &p.cache, &c, false)) continue;
      if (!(c.depth - slop > 0.0f)) continue;
      const float corr = c.depth - 0.5f * slop;
      if (invMass[a] > 0.0f) moveBody(a, (-corr * invMass[a] / wSum) * c.normal);
      if (invMass[b] > 0.0f) moveBody(b, (corr * invMass[b] / wSum) * c.normal);
    }
  }
  if (!pushed.empty() && options.broadPhase != BroadPhaseType::Tree) rebuildMoving();
  measureResidual();
}

// The overlap beyond the slop left after the push, over every pair push-apart acts on (non-sensor, a dynamic body
// in it), including pairs the push itself brought together, which the pair cache does not hold yet. A pair with no
// pushed body is as the narrow phase found it, and had it overlapped beyond the slop a body of it would have been
// pushed; so the pairs of pushed bodies, found through the (updated) broad phase, are all there is to measure.
void World::Impl::measureResidual() {
  struct Visit {
    World::Impl* w;
    uint32_t slot;
    float residual = 0.0f;
    int pairs = 0;
  } ctx{this, 0};
  auto visit = [](void* context, uint32_t other) {
    Visit& v = *static_cast<Visit*>(context);
    World::Impl& w = *v.w;
    const uint32_t s = v.slot;
    if (other == s || (w.pushStamp[other] == w.frame && other < s)) return;  // each pair once
    if (!w.shouldCollide(s, other) || ((w.hot[s].flags | w.hot[other].flags) & detail::kSensor)) return;
    if (!(w.invMass[s] + w.invMass[other] > 0.0f)) return;
    Contact c;
    if (!w.collideBodies(s < other ? s : other, s < other ? other : s, nullptr, &c, false)) return;
    const float excess = c.depth - w.push.slop;
    if (!(excess > 0.0f)) return;
    v.residual = excess > v.residual ? excess : v.residual;
    ++v.pairs;
  };
  for (uint32_t slot : pushed) {
    ctx.slot = slot;
    forEachCandidate(hot[slot].box, visit, &ctx);
  }
  stats.residualDepth = ctx.residual;
  stats.residualPairs = ctx.pairs;
}

}  // namespace sat
