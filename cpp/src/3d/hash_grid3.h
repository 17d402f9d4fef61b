// A uniform hash grid of boxes in 3D: World3's second broad phase, with the dynamic tree's interface (proxies with
// fat boxes, box and segment queries). Space is cut into cubic cells of one size; only cells that hold a box exist,
// in an open-addressing hash table from cell coordinates to the head of a linked list of (proxy, next) entries.
// A proxy is listed in every cell its box touches, so moving one costs the cells it leaves and enters and a query
// the cells its box covers: no tree to rebalance, which pays when many bodies move every frame. A proxy covering
// more than kMaxCellsPerProxy cells is kept on a separate list that every query tests.
//
// Each overlapping proxy is visited once per query: a box query reports a proxy only in the lowest cell (on every
// axis) shared by the proxy's and the query's cell ranges; a segment query walks the cells along the segment in
// order (3D DDA) and reports a proxy in the first cell of its range the walk enters. Visits happen in a fixed order
// for a given history of calls: results are deterministic. Traversals keep no state in the grid, so a query may run
// inside another one's callback.
//
// Cell size: fixed when given (> 0); otherwise the mean largest side of the proxies' boxes, picked at the first
// proxy and re-picked (every proxy binned again) whenever that mean drifts out of [half, twice] the cell size.
//
// Storage grows to its high-water mark and is reused: no allocation once the proxies have settled.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/3d/math3.h"

namespace sat {

class HashGrid3 {
 public:
  static constexpr int kNull = -1;
  /// A proxy covering more cells than this is tested by every query instead of being listed in cells.
  static constexpr int64_t kMaxCellsPerProxy = 64;

  /// cellSize > 0: fixed; 0 (or anything not finite and positive): automatic. Bins every proxy again.
  void setCellSize(float cellSize);
  float cellSize() const { return cell_; }

  int createProxy(const AABB3& fatBox, uint32_t userData);
  void destroyProxy(int proxy);
  void moveProxy(int proxy, const AABB3& fatBox);
  const AABB3& fatBox(int proxy) const { return proxies_[size_t(proxy)].box; }
  uint32_t userData(int proxy) const { return proxies_[size_t(proxy)].userData; }
  int proxyCount() const { return proxyCount_; }
  void reserve(int proxies);
  /// Cells in use (for statistics and tests).
  int cellCount() const { return cellCount_; }
  size_t memoryBytes() const {
    return proxies_.capacity() * sizeof(Proxy) + entries_.capacity() * sizeof(Entry) +
           table_.capacity() * sizeof(Cell) + big_.capacity() * sizeof(int32_t);
  }

  /// Calls visit(proxy) once for every proxy whose fat box overlaps box; visit returns false to stop.
  template <class Visit>
  void query(const AABB3& box, Visit&& visit) const;
  /// Calls visit(proxy, maxFraction) once for every proxy whose fat box the segment origin + t * translation,
  /// t in [0, maxFraction], crosses. visit returns the new maxFraction: the segment is clipped to it (a closest-hit
  /// search), a negative value stops, and the same value goes on.
  template <class Visit>
  void raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const;

  /// Every listed proxy in exactly the cells of its range, every cell's list consistent, the counts right; false
  /// on the first violation.
  bool validate() const;

 private:
  struct Range {
    int32_t lo[3], hi[3];
  };
  struct Proxy {
    AABB3 box{};
    uint32_t userData = 0;
    Range cells{};  ///< the cells the box is listed in (when not big)
    int32_t nextFree = kNull;
    int32_t bigIndex = kNull;  ///< index in big_, or kNull when listed in cells
    bool alive = false;
  };
  struct Entry {
    int32_t proxy;
    int32_t next;  ///< next entry of the same cell (or of the free list), kNull at the end
  };
  struct Cell {
    int32_t x, y, z;
    int32_t head = kEmpty;  ///< first entry; kEmpty: the table slot is unused
  };
  static constexpr int32_t kEmpty = -2;

  int32_t coord(float v) const;
  Range rangeOf(const AABB3& box) const;
  /// The box's cells, widened by a small fraction of a cell so that a segment walk rounding at a cell face still
  /// finds the box.
  Range binRangeOf(const AABB3& box) const;
  static int64_t cellsIn(const Range& r);
  static bool inRange(const Range& r, int32_t x, int32_t y, int32_t z);

  size_t slotOf(int32_t x, int32_t y, int32_t z) const;
  int findCell(int32_t x, int32_t y, int32_t z) const;  ///< table slot, or -1
  void addToCell(int32_t x, int32_t y, int32_t z, int32_t proxy);
  void removeFromCell(int32_t x, int32_t y, int32_t z, int32_t proxy);
  void eraseSlot(size_t slot);
  void growTable();

  void bin(int32_t proxy);    ///< lists the proxy in its cells (or on the big list)
  void unbin(int32_t proxy);  ///< the reverse
  float meanSide() const { return proxyCount_ > 0 ? float(sideSum_ / double(proxyCount_)) : 0.0f; }
  static float largestSide(const AABB3& box);
  /// Automatic cell size: picks it again when the mean side left [cell / 2, 2 cell].
  void maybeRebin();
  void rebinAll();

  template <class Visit>
  bool visitCell(int32_t x, int32_t y, int32_t z, Visit&& visit) const;

  std::vector<Proxy> proxies_;
  std::vector<Entry> entries_;
  std::vector<Cell> table_;  ///< power-of-two size, at most half full
  std::vector<int32_t> big_;
  int32_t freeProxy_ = kNull, freeEntry_ = kNull;
  int proxyCount_ = 0, cellCount_ = 0;
  float cell_ = 0.0f, inv_ = 0.0f;
  bool autoSize_ = true;
  double sideSum_ = 0.0;  ///< sum of largestSide over live proxies (automatic cell size)
  /// Union of the boxes listed in cells since the last full binning: segment walks are clipped to it.
  AABB3 bounds_{{0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}};
  bool hasBounds_ = false;
};

// ---- inline traversals ------------------------------------------------------------------------------------------

inline bool HashGrid3::inRange(const Range& r, int32_t x, int32_t y, int32_t z) {
  return x >= r.lo[0] && x <= r.hi[0] && y >= r.lo[1] && y <= r.hi[1] && z >= r.lo[2] && z <= r.hi[2];
}

template <class Visit>
bool HashGrid3::visitCell(int32_t x, int32_t y, int32_t z, Visit&& visit) const {
  const int slot = findCell(x, y, z);
  if (slot < 0) return true;
  for (int32_t e = table_[size_t(slot)].head; e != kNull; e = entries_[size_t(e)].next) {
    if (!visit(entries_[size_t(e)].proxy)) return false;
  }
  return true;
}

template <class Visit>
void HashGrid3::query(const AABB3& box, Visit&& visit) const {
  for (int32_t p : big_) {
    if (overlaps(proxies_[size_t(p)].box, box) && !visit(int(p))) return;
  }
  if (proxyCount_ == int(big_.size())) return;
  const Range q = rangeOf(box);
  if (cellsIn(q) > int64_t(proxies_.size())) {
    // A query wider than the proxies are many: test them all rather than walk mostly empty cells.
    for (size_t p = 0; p < proxies_.size(); ++p) {
      const Proxy& px = proxies_[p];
      if (px.alive && px.bigIndex == kNull && overlaps(px.box, box) && !visit(int(p))) return;
    }
    return;
  }
  for (int32_t z = q.lo[2]; z <= q.hi[2]; ++z) {
    for (int32_t y = q.lo[1]; y <= q.hi[1]; ++y) {
      for (int32_t x = q.lo[0]; x <= q.hi[0]; ++x) {
        const bool go = visitCell(x, y, z, [&](int32_t p) {
          const Proxy& px = proxies_[size_t(p)];
          // Report in the lowest cell both ranges share, so a proxy in several of the query's cells comes once.
          const int32_t ox = px.cells.lo[0] > q.lo[0] ? px.cells.lo[0] : q.lo[0];
          const int32_t oy = px.cells.lo[1] > q.lo[1] ? px.cells.lo[1] : q.lo[1];
          const int32_t oz = px.cells.lo[2] > q.lo[2] ? px.cells.lo[2] : q.lo[2];
          if (x != ox || y != oy || z != oz) return true;
          return !overlaps(px.box, box) || visit(int(p));
        });
        if (!go) return;
      }
    }
  }
}

/// Whether the segment origin + t * translation, t in [0, maxFraction], meets the box; on a hit, the entry and
/// exit parameters (clipped to the segment).
bool clipSegmentToBox(Vec3 origin, Vec3 translation, float maxFraction, const AABB3& box, float* tEnter, float* tExit);

template <class Visit>
void HashGrid3::raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const {
  for (int32_t p : big_) {
    float t0, t1;
    if (!clipSegmentToBox(origin, translation, maxFraction, proxies_[size_t(p)].box, &t0, &t1)) continue;
    const float f = visit(int(p), maxFraction);
    if (f < 0.0f) return;
    maxFraction = f;
  }
  if (!hasBounds_ || proxyCount_ == int(big_.size())) return;
  float t, tEnd;
  if (!clipSegmentToBox(origin, translation, maxFraction, bounds_, &t, &tEnd)) return;
  // Start in the cell of the entry point into the listed boxes' bounds, then step one cell face at a time.
  const float d[3] = {translation.x, translation.y, translation.z};
  const float o[3] = {origin.x, origin.y, origin.z};
  const Range limit = rangeOf(bounds_);
  int32_t c[3], step[3];
  float tNext[3], tDelta[3];
  for (int k = 0; k < 3; ++k) {
    c[k] = coord(o[k] + t * d[k]);
    if (c[k] < limit.lo[k]) c[k] = limit.lo[k];
    if (c[k] > limit.hi[k]) c[k] = limit.hi[k];
    if (d[k] > 0.0f) {
      step[k] = 1;
      tDelta[k] = cell_ / d[k];
      tNext[k] = ((float(c[k]) + 1.0f) * cell_ - o[k]) / d[k];
    } else if (d[k] < 0.0f) {
      step[k] = -1;
      tDelta[k] = -cell_ / d[k];
      tNext[k] = (float(c[k]) * cell_ - o[k]) / d[k];
    } else {
      step[k] = 0;
      tDelta[k] = 0.0f;
      tNext[k] = 3.4e38f;
    }
  }
  bool first = true;
  int32_t prev[3] = {0, 0, 0};
  for (;;) {
    const bool go = visitCell(c[0], c[1], c[2], [&](int32_t p) {
      const Proxy& px = proxies_[size_t(p)];
      // Report in the first cell of the proxy's range along the walk: the cell before it is outside the range.
      if (!first && inRange(px.cells, prev[0], prev[1], prev[2])) return true;
      float t0, t1;
      if (!clipSegmentToBox(origin, translation, maxFraction, px.box, &t0, &t1)) return true;
      const float f = visit(int(p), maxFraction);
      if (f < 0.0f) return false;
      maxFraction = f;
      return true;
    });
    if (!go) return;
    const int k = tNext[0] <= tNext[1] ? (tNext[0] <= tNext[2] ? 0 : 2) : (tNext[1] <= tNext[2] ? 1 : 2);
    if (tNext[k] > maxFraction || tNext[k] > tEnd) return;
    prev[0] = c[0];
    prev[1] = c[1];
    prev[2] = c[2];
    first = false;
    c[k] += step[k];
    if (c[k] < limit.lo[k] || c[k] > limit.hi[k]) return;
    tNext[k] += tDelta[k];
  }
}

}  // namespace sat
