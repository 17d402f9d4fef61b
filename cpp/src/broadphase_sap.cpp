// Sort-and-sweep broad phase on x. Bodies keep their place in the order between frames, so re-sorting after a
// frame of small motions is an insertion sort over a nearly sorted array.
#include <algorithm>

#include "broadphase.h"

namespace sat::detail {

void SapBroadPhase::build(const BoxEntry* bodies, int count, bool membershipChanged) {
  if (membershipChanged || int(sorted_.size()) != count) {
    sorted_.assign(bodies, bodies + count);
    std::sort(sorted_.begin(), sorted_.end(),
              [](const BoxEntry& a, const BoxEntry& b) { return a.box.lower.x < b.box.lower.x; });
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
