// Private: the world's map from live body ids to slots. Open addressing with linear probing and backward-shift
// deletion (no tombstones, so lookups stay short however many bodies come and go); capacity a power of two, at
// most half full. Key 0 marks an empty entry (0 is never an id).
#pragma once

#include <cstdint>
#include <vector>

namespace sat::detail {

class IdMap {
 public:
  /// The slot of `id`, or -1 when it is not in the map.
  int64_t find(uint32_t id) const {
    if (keys_.empty()) return -1;
    for (uint32_t i = home(id);; i = (i + 1) & mask_) {
      if (keys_[i] == id) return values_[i];
      if (keys_[i] == 0) return -1;
    }
  }

  /// Adds `id` (not in the map, not 0).
  void insert(uint32_t id, uint32_t slot) {
    if (2 * (count_ + 1) > keys_.size()) grow();
    place(id, slot);
    ++count_;
  }

  /// Removes `id` if present.
  void erase(uint32_t id) {
    if (keys_.empty()) return;
    uint32_t i = home(id);
    for (;; i = (i + 1) & mask_) {
      if (keys_[i] == id) break;
      if (keys_[i] == 0) return;
    }
    // Backward shift: pull later entries of the probe run into the hole unless that would move them before
    // their home position.
    for (uint32_t j = (i + 1) & mask_; keys_[j] != 0; j = (j + 1) & mask_) {
      const uint32_t h = home(keys_[j]);
      const bool between = i <= j ? (i < h && h <= j) : (i < h || h <= j);
      if (between) continue;
      keys_[i] = keys_[j];
      values_[i] = values_[j];
      i = j;
    }
    keys_[i] = 0;
    --count_;
  }

  size_t size() const { return count_; }
  size_t memoryBytes() const { return (keys_.capacity() + values_.capacity()) * sizeof(uint32_t); }

 private:
  // Fibonacci hashing: the top bits of id * 2^32 / golden ratio (consecutive ids spread over the table).
  uint32_t home(uint32_t id) const { return (id * 0x9E3779B1u) >> shift_; }

  void place(uint32_t id, uint32_t slot) {
    uint32_t i = home(id);
    while (keys_[i] != 0) i = (i + 1) & mask_;
    keys_[i] = id;
    values_[i] = slot;
  }

  void grow() {
    const size_t capacity = keys_.empty() ? 64 : 2 * keys_.size();
    std::vector<uint32_t> oldKeys, oldValues;
    oldKeys.swap(keys_);
    oldValues.swap(values_);
    keys_.assign(capacity, 0u);
    values_.assign(capacity, 0u);
    mask_ = uint32_t(capacity - 1);
    int bits = 0;
    while ((size_t(1) << bits) < capacity) ++bits;
    shift_ = uint32_t(32 - bits);
    for (size_t k = 0; k < oldKeys.size(); ++k) {
      if (oldKeys[k] != 0) place(oldKeys[k], oldValues[k]);
    }
  }

  std::vector<uint32_t> keys_, values_;
  size_t count_ = 0;
  uint32_t mask_ = 0, shift_ = 0;
};

}  // namespace sat::detail
