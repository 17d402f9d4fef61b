// Uniform grid broad phase: the moving bodies are binned into cells by a counting sort each frame. For bodies
// of similar size (the common game scene) each box covers one to four cells, so the build is linear and each
// cell holds a handful of bodies.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "broadphase.h"
#include "growth.h"

namespace sat::detail {

namespace {
/// Bodies covering more cells than this are kept aside and tested against every body.
constexpr int kMaxCellsPerBody = 64;

inline uint64_t pairKey(uint32_t a, uint32_t b) {
  const uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
  return (uint64_t(lo) << 32) | hi;
}

// Room for `need` more keys after `count`, keeping what is there (keys->size() is the capacity).
inline uint64_t* reserveKeys(std::vector<uint64_t>* keys, size_t count, size_t need) {
  if (keys->size() < count + need) resizeFor(*keys, std::max(count + need, keys->size() + keys->size() / 4));
  return keys->data();
}
}  // namespace

// Largest of two non-negative floats by their bit patterns (which order like the values for x >= +0): an integer
// select, where V8 turns a float one into a branch.
inline float maxNonNegative(float a, float b) {
  int32_t ia, ib;
  std::memcpy(&ia, &a, sizeof ia);
  std::memcpy(&ib, &b, sizeof ib);
  return ia > ib ? a : b;
}

void GridBroadPhase::build(const BoxEntry* bodies, int count, float cellSize) {
  // entries_ keeps its size: resize() below then constructs only what it adds, not every entry each frame.
  big_.clear();
  all_ = bodies;
  allCount_ = count;
  if (count == 0) {
    nx_ = ny_ = 0;
    cellStart_.assign(1, 0);
    return;
  }
  AABB bounds = bodies[0].box;
  double extentSum = 0.0;
  for (int i = 0; i < count; ++i) {
    const AABB& b = bodies[i].box;
    bounds = unionOf(bounds, b);
    // upper >= lower, so both differences are >= +0.
    extentSum += maxNonNegative(b.upper.x - b.lower.x, b.upper.y - b.lower.y);
  }
  float cell = cellSize > 0.0f ? cellSize : float(extentSum / count);
  const float width = bounds.upper.x - bounds.lower.x, height = bounds.upper.y - bounds.lower.y;
  // At most about 4 cells per body: a sparse scene gets bigger cells, not a huge array.
  const double maxCells = 4.0 * count + 64.0;
  if (!(cell > 0.0f) || double(width / cell + 1.0f) * double(height / cell + 1.0f) > maxCells) {
    float c2 = float(std::sqrt(double(width) * height / maxCells));
    float c1 = float(double(width > height ? width : height) / maxCells);
    cell = std::fmax(std::fmax(cell, c2), c1);
    if (!(cell > 0.0f)) cell = 1.0f;
    while (double(width / cell + 1.0f) * double(height / cell + 1.0f) > maxCells) cell *= 1.25f;
  }
  // Cell coordinates are stored in 16 bits.
  while (width / cell + 1.0f > 32000.0f || height / cell + 1.0f > 32000.0f) cell *= 1.25f;
  cell_ = cell;
  inv_ = 1.0f / cell;
  origin_ = bounds.lower;
  nx_ = int(width * inv_) + 1;
  ny_ = int(height * inv_) + 1;
  const int cells = nx_ * ny_;
  const int nx = nx_;

  // A counting sort of (cell, body) entries: count per cell (at c + 1), prefix sums, then place. Most boxes span
  // one or two cells per axis (the cell is about the mean box size): those take a fixed 2 x 2 block whose absent
  // neighbours add 0, with no loop whose trip count depends on the data (those loops mispredicted). Counts are
  // padded by nx + 1 cells because such a 0 may land past the last cell; placement sends absent entries to a
  // sink entry at the end.
  cellStart_.assign(size_t(cells) + size_t(nx) + 2, 0);
  resizeFor(spans_, size_t(count));
  uint32_t* counts = cellStart_.data() + 1;
  uint32_t total = 0;
  for (int i = 0; i < count; ++i) {
    const AABB& b = bodies[i].box;
    const int x0 = cellX(b.lower.x), x1 = cellX(b.upper.x), y0 = cellY(b.lower.y), y1 = cellY(b.upper.y);
    const int sx = x1 - x0, sy = y1 - y0;
    spans_[size_t(i)] = {int16_t(x0), int16_t(y0), int16_t(sx), int16_t(sy)};
    const int c = x0 + nx * y0;
    if ((sx | sy) <= 1) {
      const uint32_t both = uint32_t(sx & sy);
      counts[c] += 1;
      counts[c + 1] += uint32_t(sx);
      counts[c + nx] += uint32_t(sy);
      counts[c + nx + 1] += both;
      total += 1 + uint32_t(sx) + uint32_t(sy) + both;
    } else if ((sx + 1) * (sy + 1) > kMaxCellsPerBody) {
      big_.push_back(bodies[i]);
      spans_[size_t(i)].sx = -1;
    } else {
      for (int y = 0; y <= sy; ++y) {
        for (int x = 0; x <= sx; ++x) ++counts[c + x + nx * y];
      }
      total += uint32_t((sx + 1) * (sy + 1));
    }
  }
  for (int c = 0; c < cells; ++c) cellStart_[c + 1] += cellStart_[c];
  resizeFor(entries_, size_t(total) + 1);
  GridEntry* out = entries_.data();
  const uint32_t sink = total;
  // Place, using cellStart_[c] as cell c's write cursor (it ends at the start of c + 1), then shift back.
  uint32_t* cursor = cellStart_.data();
  for (int i = 0; i < count; ++i) {
    const CellSpan sp = spans_[size_t(i)];
    if (sp.sx < 0) continue;  // big
    const AABB box = bodies[i].box;
    const uint32_t slot = bodies[i].slot << GridEntry::kSlotShift;
    constexpr uint32_t kColumn = GridEntry::kFirstColumn, kRow = GridEntry::kFirstRow;
    const int c = sp.x0 + nx * sp.y0;
    if ((sp.sx | sp.sy) <= 1) {
      const uint32_t sx = uint32_t(sp.sx), sy = uint32_t(sp.sy), both = sx & sy;
      out[cursor[c]++] = {box, slot | kColumn | kRow};
      uint32_t k = cursor[c + 1];
      cursor[c + 1] = k + sx;
      out[sx ? k : sink] = {box, slot | kRow};
      k = cursor[c + nx];
      cursor[c + nx] = k + sy;
      out[sy ? k : sink] = {box, slot | kColumn};
      k = cursor[c + nx + 1];
      cursor[c + nx + 1] = k + both;
      out[both ? k : sink] = {box, slot};
    } else {
      for (int y = 0; y <= sp.sy; ++y) {
        for (int x = 0; x <= sp.sx; ++x) {
          out[cursor[c + x + nx * y]++] = {box, slot | (x == 0 ? kColumn : 0u) | (y == 0 ? kRow : 0u)};
        }
      }
    }
  }
  for (int c = cells; c > 0; --c) cellStart_[c] = cellStart_[c - 1];
  cellStart_[0] = 0;
}

// Within a cell every entry is tested against the ones after it. Whether two boxes overlap, and whether this is
// the cell holding the lower corner of their overlap (a pair sharing several cells is reported from that one only), depends on the data:
// as branches these mispredict often (V8 turns each float comparison into its own branch). So the tests are
// combined with non-short-circuit operators, the key is written unconditionally and the count advances by the
// result; the caller's buffer only needs room for one row (the entries after i) at a time.
size_t GridBroadPhase::findPairs(std::vector<uint64_t>* keys, size_t count) const {
  const int cells = nx_ * ny_;
  uint64_t* out = keys->data();
  size_t room = keys->size();
  for (int c = 0; c < cells; ++c) {
    const uint32_t begin = cellStart_[c], end = cellStart_[c + 1];
    if (end - begin < 2) continue;
    for (uint32_t i = begin; i + 1 < end; ++i) {
      if (room < count + (end - i)) {
        out = reserveKeys(keys, count, end - i);
        room = keys->size();
      }
      const GridEntry& ei = entries_[i];
      const AABB bi = ei.box;
      for (uint32_t j = i + 1; j < end; ++j) {
        const GridEntry& ej = entries_[j];
        const bool apart = (ej.box.lower.x > bi.upper.x) | (bi.lower.x > ej.box.upper.x) |
                           (ej.box.lower.y > bi.upper.y) | (bi.lower.y > ej.box.upper.y);
        // Both boxes are in this cell, so it holds the lower corner of their overlap when it is in the first
        // column of one of them and in the first row of one of them.
        constexpr uint32_t kBoth = GridEntry::kFirstColumn | GridEntry::kFirstRow;
        const bool here = ((ei.slotAndFirst | ej.slotAndFirst) & kBoth) == kBoth;
        out[count] = pairKey(ei.slot(), ej.slot());
        count += size_t(!apart & here);
      }
    }
  }
  for (size_t i = 0; i < big_.size(); ++i) {
    const AABB bi = big_[i].box;
    for (int k = 0; k < allCount_; ++k) {
      const BoxEntry& e = all_[k];
      if (e.slot == big_[i].slot || !overlaps(bi, e.box)) continue;
      // A big-big pair is seen from both sides: report it from the smaller slot only.
      bool otherBig = false;
      for (const BoxEntry& b : big_) otherBig |= b.slot == e.slot;
      if (otherBig && e.slot < big_[i].slot) continue;
      out = reserveKeys(keys, count, 1);
      out[count++] = pairKey(big_[i].slot, e.slot);
    }
  }
  return count;
}

}  // namespace sat::detail
