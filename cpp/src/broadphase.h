// Private: the world's rebuild-per-frame broad phases over moving bodies (uniform grid, sort-and-sweep).
// Both take the moving bodies' slots and tight boxes, report each overlapping pair once, and answer box queries.
// Storage grows to its high-water mark and is reused: no allocation per frame in steady state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sat/math.h"

namespace sat::detail {

struct BoxEntry {
  AABB box;
  uint32_t slot;
};

/// A grid entry: the body's box and slot, and whether this cell is in the first column / row of the body's cells
/// (a pair is reported from the one cell that is in the first column and row of one body or the other).
struct GridEntry {
  static constexpr uint32_t kFirstColumn = 1, kFirstRow = 2, kSlotShift = 2;  // slots are below 2^20
  AABB box;
  uint32_t slotAndFirst;  // slot << kSlotShift | kFirstColumn | kFirstRow
  uint32_t slot() const { return slotAndFirst >> kSlotShift; }
};

/// Uniform grid over the moving bodies' bounds, rebuilt each frame by a counting sort of (cell, body) entries.
/// A pair sharing several cells is reported only from the cell holding the lower corner of the boxes' overlap.
class GridBroadPhase {
 public:
  /// cellSize <= 0: the mean of the boxes' larger side.
  void build(const BoxEntry* bodies, int count, float cellSize);
  int cellCount() const { return nx_ * ny_; }
  size_t memoryBytes() const {
    return cellStart_.capacity() * sizeof(uint32_t) + entries_.capacity() * sizeof(GridEntry) +
           spans_.capacity() * sizeof(CellSpan) + big_.capacity() * sizeof(BoxEntry);
  }
  float cellSize() const { return cell_; }
  /// The area the cells cover (bodies' boxes at the last build); empty grid: a zero box.
  AABB bounds() const {
    return {origin_, {origin_.x + float(nx_) * cell_, origin_.y + float(ny_) * cell_}};
  }

  /// Writes the key (smaller slot << 32 | larger slot) of every overlapping pair, each once, to keys[count...]
  /// and returns the new count. `keys` is used as raw storage: its size is its capacity, grown here as needed.
  size_t findPairs(std::vector<uint64_t>* keys, size_t count) const;
  /// Visits every body whose box overlaps `box`, possibly more than once (callers dedupe).
  template <typename Visit>
  void query(const AABB& box, Visit&& visit) const;
  /// Only the bodies too big for cells.
  template <typename Visit>
  void queryBig(const AABB& box, Visit&& visit) const {
    for (const BoxEntry& e : big_) {
      if (overlaps(e.box, box)) visit(e.slot);
    }
  }

 private:
  int cellX(float x) const {
    float f = (x - origin_.x) * inv_;
    int i = f <= 0.0f ? 0 : (f >= float(nx_ - 1) ? nx_ - 1 : int(f));
    return i;
  }
  int cellY(float y) const {
    float f = (y - origin_.y) * inv_;
    int i = f <= 0.0f ? 0 : (f >= float(ny_ - 1) ? ny_ - 1 : int(f));
    return i;
  }

  Vec2 origin_{0.0f, 0.0f};
  float cell_ = 1.0f, inv_ = 1.0f;
  int nx_ = 0, ny_ = 0;
  /// A body's cell range: first cell and extent minus one per axis (sx < 0: a big body).
  struct CellSpan {
    int16_t x0, y0, sx, sy;
  };
  std::vector<uint32_t> cellStart_;  // nx*ny + 1 prefix sums (and padding, see build())
  std::vector<GridEntry> entries_;   // sorted by cell (and a sink entry at the end, see build())
  std::vector<CellSpan> spans_;      // scratch: per body of the last build
  std::vector<BoxEntry> big_;        // bodies spanning too many cells: tested against every body
  const BoxEntry* all_ = nullptr;    // every body (for big_), valid until the next build
  int allCount_ = 0;
};

/// Sort-and-sweep on the x axis. The order persists between frames, so the insertion sort is nearly linear.
/// Pairs are swept within horizontal bands a few boxes high: a sweep over the whole world meets every body whose
/// x range overlaps, about sqrt(N) of them in a square world, where a band meets only its own.
class SapBroadPhase {
 public:
  /// membershipChanged false promises the same bodies as last time (in any order): the old order is re-sorted.
  void build(const BoxEntry* bodies, int count, bool membershipChanged);
  /// Reports every overlapping pair once (from the band holding the larger of the two boxes' lower y).
  template <typename Report>
  void findPairs(Report&& report) const;
  /// The same pairs by one sweep over the whole x order: the reference findPairs is tested against.
  template <typename Report>
  void findPairsUnbanded(Report&& report) const;
  int bandCount() const { return bandCount_; }
  size_t memoryBytes() const {
    return sorted_.capacity() * sizeof(BoxEntry) + position_.capacity() * sizeof(uint32_t) +
           bandEntries_.capacity() * sizeof(BandEntry) + bandStart_.capacity() * sizeof(uint32_t);
  }
  template <typename Visit>
  void query(const AABB& box, Visit&& visit) const;
  /// Widest box on x (queries scan this far to the left).
  float maxWidth() const { return maxWidth_; }

 private:
  struct BandEntry {
    AABB box;
    uint32_t slot;
    int32_t band0;  // band of box.lower.y
  };
  int bandOf(float y) const {
    const float f = (y - bandOrigin_) * bandInv_;
    return f <= 0.0f ? 0 : (f >= float(bandCount_ - 1) ? bandCount_ - 1 : int(f));
  }
  void buildBands();

  std::vector<BoxEntry> sorted_;
  std::vector<uint32_t> position_;  // per slot: index in sorted_ (valid while membership is unchanged)
  float maxWidth_ = 0.0f;
  // Bands: bandEntries_[bandStart_[k], bandStart_[k + 1]) are the boxes overlapping band k, in x order.
  std::vector<BandEntry> bandEntries_;
  std::vector<uint32_t> bandStart_;
  float bandOrigin_ = 0.0f, bandInv_ = 1.0f;
  int bandCount_ = 0;
};

template <typename Visit>
void GridBroadPhase::query(const AABB& box, Visit&& visit) const {
  if (nx_ == 0) return;
  const int x0 = cellX(box.lower.x), x1 = cellX(box.upper.x);
  const int y0 = cellY(box.lower.y), y1 = cellY(box.upper.y);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const int c = x + nx_ * y;
      for (uint32_t i = cellStart_[c]; i < cellStart_[c + 1]; ++i) {
        if (overlaps(entries_[i].box, box)) visit(entries_[i].slot());
      }
    }
  }
  for (const BoxEntry& e : big_) {
    if (overlaps(e.box, box)) visit(e.slot);
  }
}

template <typename Report>
void SapBroadPhase::findPairs(Report&& report) const {
  for (int k = 0; k < bandCount_; ++k) {
    const BandEntry* e = bandEntries_.data();
    const uint32_t end = bandStart_[size_t(k) + 1];
    for (uint32_t i = bandStart_[size_t(k)]; i < end; ++i) {
      const AABB bi = e[i].box;
      const int32_t band0 = e[i].band0;
      for (uint32_t j = i + 1; j < end && e[j].box.lower.x <= bi.upper.x; ++j) {
        const AABB& bj = e[j].box;
        if (bj.lower.y > bi.upper.y || bi.lower.y > bj.upper.y) continue;
        if ((band0 > e[j].band0 ? band0 : e[j].band0) != k) continue;  // reported from a lower band
        report(e[i].slot, e[j].slot);
      }
    }
  }
}

template <typename Report>
void SapBroadPhase::findPairsUnbanded(Report&& report) const {
  const size_t n = sorted_.size();
  for (size_t i = 0; i < n; ++i) {
    const AABB bi = sorted_[i].box;
    for (size_t j = i + 1; j < n && sorted_[j].box.lower.x <= bi.upper.x; ++j) {
      const AABB& bj = sorted_[j].box;
      if (bj.lower.y > bi.upper.y || bi.lower.y > bj.upper.y) continue;
      report(sorted_[i].slot, sorted_[j].slot);
    }
  }
}

template <typename Visit>
void SapBroadPhase::query(const AABB& box, Visit&& visit) const {
  // Entries with lower.x in [box.lower.x - maxWidth, box.upper.x] are the only candidates.
  const float from = box.lower.x - maxWidth_;
  size_t lo = 0, hi = sorted_.size();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (sorted_[mid].box.lower.x < from) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  for (size_t i = lo; i < sorted_.size() && sorted_[i].box.lower.x <= box.upper.x; ++i) {
    if (overlaps(sorted_[i].box, box)) visit(sorted_[i].slot);
  }
}

}  // namespace sat::detail
