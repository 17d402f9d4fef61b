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
#include <type_traits>
#include <vector>

#include "dynamic_tree3.h"  // clipSegmentToBox, the slab test both broad phases use
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
  // The traversals, compiled once: query and raycast adapt the caller's visitor to these callbacks.
  using QueryCallback = bool (*)(void* visitor, int proxy);
  using RayCallback = float (*)(void* visitor, int proxy, float maxFraction);
  void queryWith(const AABB3& box, QueryCallback visit, void* visitor) const;
  void raycastWith(Vec3 origin, Vec3 translation, float maxFraction, RayCallback visit, void* visitor) const;

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
  using V = std::remove_reference_t<Visit>;
  queryWith(
      box, [](void* v, int proxy) { return bool((*static_cast<V*>(v))(proxy)); }, &visit);
}

template <class Visit>
void HashGrid3::raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const {
  using V = std::remove_reference_t<Visit>;
  raycastWith(
      origin, translation, maxFraction,
      [](void* v, int proxy, float maxF) { return float((*static_cast<V*>(v))(proxy, maxF)); }, &visit);
}

}  // namespace sat
