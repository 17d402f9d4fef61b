// Sort-and-sweep broad phase on x. Bodies keep their place in the order between frames, so re-sorting after a
// frame of small motions is an insertion sort over a nearly sorted array.
#include <cmath>
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
  buildBands();
}

// Bands of about kBandBoxes mean box heights: each box goes to every band its y range overlaps, by a stable counting
// sort of the x order, so each band's list comes out in x order too. At most sqrt(N) bands, so that boxes spanning
// many bands cannot multiply the entries by more than that.
void SapBroadPhase::buildBands() {
  constexpr float kBandBoxes = 3.0f;
  const size_t n = sorted_.size();
  bandEntries_.clear();
  if (n == 0) {
    bandCount_ = 0;
    bandStart_.assign(1, 0);
    return;
  }
  float lo = sorted_[0].box.lower.y, hi = sorted_[0].box.upper.y;
  double heightSum = 0.0;
  for (const BoxEntry& e : sorted_) {
    lo = e.box.lower.y < lo ? e.box.lower.y : lo;
    hi = e.box.upper.y > hi ? e.box.upper.y : hi;
    heightSum += double(e.box.upper.y - e.box.lower.y);
  }
  const double band = kBandBoxes * heightSum / double(n);
  const double span = double(hi) - double(lo);
  double bands = band > 0.0 ? std::ceil(span / band) : 1.0;
  const double maxBands = std::floor(std::sqrt(double(n)));
  bands = bands < 1.0 ? 1.0 : (bands > maxBands ? maxBands : bands);
  bandCount_ = int(bands);
  bandOrigin_ = lo;
  bandInv_ = span > 0.0 ? float(bands / span) : 0.0f;
  bandStart_.assign(size_t(bandCount_) + 1, 0);
  for (const BoxEntry& e : sorted_) {
    const int b0 = bandOf(e.box.lower.y), b1 = bandOf(e.box.upper.y);
    for (int b = b0; b <= b1; ++b) ++bandStart_[size_t(b) + 1];
  }
  for (int b = 0; b < bandCount_; ++b) bandStart_[size_t(b) + 1] += bandStart_[size_t(b)];
  bandEntries_.resize(bandStart_[size_t(bandCount_)]);
  // Place with bandStart_[b] as band b's cursor (it ends at band b + 1's start), then shift back.
  for (const BoxEntry& e : sorted_) {
    const int b0 = bandOf(e.box.lower.y), b1 = bandOf(e.box.upper.y);
    for (int b = b0; b <= b1; ++b) bandEntries_[bandStart_[size_t(b)]++] = {e.box, e.slot, b0};
  }
  for (int b = bandCount_; b > 0; --b) bandStart_[size_t(b)] = bandStart_[size_t(b) - 1];
  bandStart_[0] = 0;
}

}  // namespace sat::detail
