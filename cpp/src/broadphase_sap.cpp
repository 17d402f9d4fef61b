// Sort-and-sweep broad phase on x. Bodies keep their place in the order between frames, so re-sorting after a
// frame of small motions is an insertion sort over a nearly sorted array.
#include <vector>

#include "broadphase.h"
#include "index_sort.h"

namespace sat::detail {

void SapBroadPhase::build(const BoxEntry* bodies, int count, bool membershipChanged) {
  if (membershipChanged || int(sorted_.size()) != count) {
    // By lower x; equal ones in the given order (cold: only when bodies came or went).
    std::vector<uint32_t> order(static_cast<size_t>(count));
    sortIndices(order.data(), order.size(), [](const void* context, uint32_t i, uint32_t j) {
      const BoxEntry* e = static_cast<const BoxEntry*>(context);
      return e[i].box.lower.x < e[j].box.lower.x;
    }, bodies);
    sorted_.resize(order.size());
    for (size_t i = 0; i < order.size(); ++i) sorted_[i] = bodies[order[i]];
  } else {
    for (int i = 0; i < count; ++i) sorted_[position_[bodies[i].slot]].box = bodies[i].box;
    for (size_t i = 1; i < sorted_.size(); ++i) {
      BoxEntry e = sorted_[i];
      size_t j = i;
      while (j > 0 && sorted_[j - 1].box.lower.x > e.box.lower.x) {
        sorted_[j] = sorted_[j - 1];
        --j;
      }
      sorted_[j] = e;
    }
  }
  for (size_t i = 0; i < sorted_.size(); ++i) {
    const uint32_t slot = sorted_[i].slot;
    if (slot >= position_.size()) position_.resize(size_t(slot) + 1, 0);
    position_[slot] = uint32_t(i);
  }
  maxWidth_ = 0.0f;
  for (const BoxEntry& e : sorted_) {
    float w = e.box.upper.x - e.box.lower.x;
    if (w > maxWidth_) maxWidth_ = w;
  }
}

}  // namespace sat::detail
