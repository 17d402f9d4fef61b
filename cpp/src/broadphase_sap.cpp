// Sort-and-sweep broad phase on x. Bodies keep their place in the order between frames, so re-sorting after a
// frame of small motions is an insertion sort over a nearly sorted array.
#include <algorithm>

#include "broadphase.h"

namespace sat::detail {

void SapBroadPhase::build(const uint32_t* slots, int count, const AABB* boxBySlot, bool membershipChanged) {
  if (membershipChanged || int(sorted_.size()) != count) {
    sorted_.resize(size_t(count));
    for (int i = 0; i < count; ++i) sorted_[i] = {boxBySlot[slots[i]], slots[i]};
    std::sort(sorted_.begin(), sorted_.end(),
              [](const BoxEntry& a, const BoxEntry& b) { return a.box.lower.x < b.box.lower.x; });
  } else {
    for (BoxEntry& e : sorted_) e.box = boxBySlot[e.slot];
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
  maxWidth_ = 0.0f;
  for (const BoxEntry& e : sorted_) {
    float w = e.box.upper.x - e.box.lower.x;
    if (w > maxWidth_) maxWidth_ = w;
  }
}

}  // namespace sat::detail
