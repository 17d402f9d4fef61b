// Push-apart response: Gauss-Seidel over the touching non-sensor pairs, and the pairs the push's moves create,
// until nothing overlaps beyond the slop or the iterations run out. Each visit re-collides the pair at the bodies'
// current poses and moves them apart along the body-level MTV, split by inverse mass (static and kinematic bodies have none and stay put). Whatever overlap beyond the slop
// is left afterwards is measured over every pair and reported.
#include <algorithm>
#include <cmath>

#include "index_sort.h"
#include "world_internal.h"

namespace sat {

bool World::Impl::pushable(uint32_t a, uint32_t b) const {
  return shouldCollide(a, b) && !((hot[a].flags | hot[b].flags) & detail::kSensor) && invMass[a] + invMass[b] > 0.0f;
}

void World::Impl::pushApart() {
  if (pushStamp.size() < slotCount) pushStamp.resize(slotCount, 0u);
  pushed.clear();
  pushKeys.clear();
  stats.pushIterations = 0;
  for (int iter = 0; iter < push.iterations; ++iter) {
    ++stats.pushIterations;
    if (!relaxPairs()) break;  // every pair within the slop: nothing left to do
    // The push brings bodies into contact with others the pair cache does not hold. Those pairs are gathered after
    // iterations 1, 2, 4, 8, ...: often enough that a pile pushed outwards keeps finding its new contacts, rarely
    // enough that the broad-phase queries stay a small part of the cost.
    const bool gatherNow = ((iter + 1) & iter) == 0;
    if (gatherNow && iter + 1 < push.iterations) gatherPushedPairs();
  }
  if (!pushed.empty() && options.broadPhase != BroadPhaseType::Tree) rebuildMoving();
  measureResidual();
}

// One Gauss-Seidel sweep: the touching pairs of the narrow phase in pair order (with their SAT caches), then the
// gathered pairs in key order. True when it moved a body.
bool World::Impl::relaxPairs() {
  bool anyMoved = false;
  for (detail::Pair& p : pairs) {
    if (p.touching && pushable(p.a, p.b)) anyMoved |= relaxPair(p.a, p.b, &p.cache);
  }
  for (uint64_t key : pushKeys) anyMoved |= relaxPair(uint32_t(key >> 32), uint32_t(key), nullptr);
  return anyMoved;
}

// Re-collides a pair at the bodies' current poses; if it overlaps beyond the slop, moves them apart along the MTV
// to half the slop, split by inverse mass.
bool World::Impl::relaxPair(uint32_t a, uint32_t b, SatCache* cache) {
  Contact c;
  if (!overlaps(hot[a].box, hot[b].box) || !collideBodies(a, b, cache, &c, nullptr)) return false;
  if (!(c.depth - push.slop > 0.0f)) return false;
  const float wSum = invMass[a] + invMass[b];
  const float corr = c.depth - 0.5f * push.slop;
  if (invMass[a] > 0.0f) pushBody(a, (-corr * invMass[a] / wSum) * c.normal);
  if (invMass[b] > 0.0f) pushBody(b, (corr * invMass[b] / wSum) * c.normal);
  return true;
}

// Moves a body by delta: transform, the caller's buffer, its geometry and broad-phase box; remembered in `pushed`.
void World::Impl::pushBody(uint32_t slot, Vec2 delta) {
  xf[slot].p = xf[slot].p + delta;
  float* b = &buffer[size_t(slot) * kTransformStride];
  b[0] = xf[slot].p.x;  // the buffer entry stays the last accepted one (xf, lastAngle)
  b[1] = xf[slot].p.y;
  computeGeometry(slot);
  hot[slot].flags |= detail::kDirty;  // the broad phase and pairs catch up at the next update
  if (options.broadPhase == BroadPhaseType::Tree && proxy[slot] >= 0 && !contains(hot[slot].fat, hot[slot].box)) {
    hot[slot].fat = fatten(hot[slot].box);
    movingTree.moveProxy(proxy[slot], hot[slot].fat);
  }
  if (pushStamp[slot] != frame) {
    pushStamp[slot] = frame;
    pushed.push_back(slot);
  }
}

// pushKeys: the pairs of the pushed bodies that push-apart acts on and the pair cache does not hold as touching,
// found through the broad phase updated to the pushed positions; sorted, each once.
void World::Impl::gatherPushedPairs() {
  if (options.broadPhase != BroadPhaseType::Tree) rebuildMoving();
  struct Gather {
    World::Impl* w;
    uint32_t slot;
  } ctx{this, 0};
  auto gather = [](void* context, uint32_t other) {
    Gather& g = *static_cast<Gather*>(context);
    World::Impl& w = *g.w;
    if (other == g.slot || !w.pushable(g.slot, other)) return;
    const uint64_t key = g.slot < other ? (uint64_t(g.slot) << 32) | other : (uint64_t(other) << 32) | g.slot;
    // Touching cached pairs are relaxed from the cache already.
    const auto it = std::lower_bound(w.pairs.begin(), w.pairs.end(), key,
                                     [](const detail::Pair& p, uint64_t k) { return p.key() < k; });
    if (it != w.pairs.end() && it->key() == key && it->touching) return;
    w.pushKeys.push_back(key);
  };
  for (const uint32_t slot : pushed) {
    ctx.slot = slot;
    forEachCandidate(hot[slot].box, gather, &ctx);
  }
  detail::sortPairKeys(pushKeys.data(), pushKeys.size(), slotCount, &candidateScratch);
  pushKeys.erase(std::unique(pushKeys.begin(), pushKeys.end()), pushKeys.end());
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
    if (!w.collideBodies(s < other ? s : other, s < other ? other : s, nullptr, &c, nullptr)) return;
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
