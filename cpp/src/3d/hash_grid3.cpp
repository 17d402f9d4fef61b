#include "hash_grid3.h"

#include <cmath>

namespace sat {

namespace {

/// Cell coordinates are kept within ±2^30 so that ranges and their sizes never overflow.
constexpr float kCoordLimit = 1073741824.0f;
/// How far binned boxes are widened, as a fraction of a cell (see binRangeOf).
constexpr float kBinSlack = 1e-3f;

}  // namespace

// ---- cells --------------------------------------------------------------------------------------------------------

int32_t HashGrid3::coord(float v) const {
  float f = std::floor(v * inv_);
  if (!(f > -kCoordLimit)) f = -kCoordLimit;  // also NaN
  if (f > kCoordLimit) f = kCoordLimit;
  return int32_t(f);
}

HashGrid3::Range HashGrid3::rangeOf(const AABB3& box) const {
  return {{coord(box.lower.x), coord(box.lower.y), coord(box.lower.z)},
          {coord(box.upper.x), coord(box.upper.y), coord(box.upper.z)}};
}

HashGrid3::Range HashGrid3::binRangeOf(const AABB3& box) const {
  const float s = kBinSlack * cell_;
  const Vec3 slack{s, s, s};
  return rangeOf({box.lower - slack, box.upper + slack});
}

int64_t HashGrid3::cellsIn(const Range& r) {
  int64_t n = 1;
  for (int k = 0; k < 3; ++k) n *= int64_t(r.hi[k]) - int64_t(r.lo[k]) + 1;
  return n;
}

size_t HashGrid3::slotOf(int32_t x, int32_t y, int32_t z) const {
  // Large primes per axis (Teschner et al. 2003), folded into the table's power-of-two size.
  const uint32_t h = uint32_t(x) * 73856093u ^ uint32_t(y) * 19349663u ^ uint32_t(z) * 83492791u;
  return size_t((h ^ (h >> 15)) * 2654435761u) & (table_.size() - 1);
}

int HashGrid3::findCell(int32_t x, int32_t y, int32_t z) const {
  if (table_.empty()) return -1;
  for (size_t s = slotOf(x, y, z);; s = (s + 1) & (table_.size() - 1)) {
    const Cell& c = table_[s];
    if (c.head == kEmpty) return -1;
    if (c.x == x && c.y == y && c.z == z) return int(s);
  }
}

void HashGrid3::growTable() {
  std::vector<Cell> old;
  old.swap(table_);
  table_.assign(old.empty() ? 64 : 2 * old.size(), Cell{});
  for (const Cell& c : old) {
    if (c.head == kEmpty) continue;
    size_t s = slotOf(c.x, c.y, c.z);
    while (table_[s].head != kEmpty) s = (s + 1) & (table_.size() - 1);
    table_[s] = c;
  }
}

void HashGrid3::addToCell(int32_t x, int32_t y, int32_t z, int32_t proxy) {
  int32_t e;
  if (freeEntry_ != kNull) {
    e = freeEntry_;
    freeEntry_ = entries_[size_t(e)].next;
  } else {
    e = int32_t(entries_.size());
    entries_.push_back({});
  }
  int slot = findCell(x, y, z);
  if (slot < 0) {
    if (2 * (cellCount_ + 1) > int(table_.size())) growTable();
    size_t s = slotOf(x, y, z);
    while (table_[s].head != kEmpty) s = (s + 1) & (table_.size() - 1);
    table_[s] = {x, y, z, kNull};
    ++cellCount_;
    slot = int(s);
  }
  Cell& c = table_[size_t(slot)];
  entries_[size_t(e)] = {proxy, c.head};
  c.head = e;
}

void HashGrid3::removeFromCell(int32_t x, int32_t y, int32_t z, int32_t proxy) {
  const int slot = findCell(x, y, z);
  if (slot < 0) return;
  Cell& c = table_[size_t(slot)];
  for (int32_t* link = &c.head; *link != kNull; link = &entries_[size_t(*link)].next) {
    const int32_t e = *link;
    if (entries_[size_t(e)].proxy != proxy) continue;
    *link = entries_[size_t(e)].next;
    entries_[size_t(e)].next = freeEntry_;
    freeEntry_ = e;
    break;
  }
  if (c.head == kNull) eraseSlot(size_t(slot));
}

// Backward-shift deletion: later entries of the probe run move up so that no lookup stops early at the hole.
void HashGrid3::eraseSlot(size_t slot) {
  const size_t mask = table_.size() - 1;
  size_t hole = slot;
  for (size_t s = (slot + 1) & mask; table_[s].head != kEmpty; s = (s + 1) & mask) {
    const size_t home = slotOf(table_[s].x, table_[s].y, table_[s].z);
    // The entry may fill the hole when its home is not in (hole, s] (cyclically).
    const bool between = hole <= s ? (home > hole && home <= s) : (home > hole || home <= s);
    if (between) continue;
    table_[hole] = table_[s];
    hole = s;
  }
  table_[hole] = Cell{};
  --cellCount_;
}

// ---- proxies ------------------------------------------------------------------------------------------------------

float HashGrid3::largestSide(const AABB3& box) {
  const Vec3 e = box.upper - box.lower;
  const float m = e.x > e.y ? (e.x > e.z ? e.x : e.z) : (e.y > e.z ? e.y : e.z);
  return std::isfinite(m) && m > 0.0f ? m : 0.0f;
}

void HashGrid3::bin(int32_t proxy) {
  Proxy& p = proxies_[size_t(proxy)];
  p.cells = binRangeOf(p.box);
  if (cellsIn(p.cells) > kMaxCellsPerProxy) {
    p.bigIndex = int32_t(big_.size());
    big_.push_back(proxy);
    return;
  }
  p.bigIndex = kNull;
  for (int32_t z = p.cells.lo[2]; z <= p.cells.hi[2]; ++z)
    for (int32_t y = p.cells.lo[1]; y <= p.cells.hi[1]; ++y)
      for (int32_t x = p.cells.lo[0]; x <= p.cells.hi[0]; ++x) addToCell(x, y, z, proxy);
  if (!hasBounds_) {
    bounds_ = p.box;
    hasBounds_ = true;
  } else {
    bounds_ = unionOf(bounds_, p.box);
  }
}

void HashGrid3::unbin(int32_t proxy) {
  Proxy& p = proxies_[size_t(proxy)];
  if (p.bigIndex != kNull) {
    const int32_t last = big_.back();
    big_[size_t(p.bigIndex)] = last;
    proxies_[size_t(last)].bigIndex = p.bigIndex;
    big_.pop_back();
    p.bigIndex = kNull;
    return;
  }
  for (int32_t z = p.cells.lo[2]; z <= p.cells.hi[2]; ++z)
    for (int32_t y = p.cells.lo[1]; y <= p.cells.hi[1]; ++y)
      for (int32_t x = p.cells.lo[0]; x <= p.cells.hi[0]; ++x) removeFromCell(x, y, z, proxy);
}

void HashGrid3::rebinAll() {
  table_.assign(table_.size(), Cell{});
  cellCount_ = 0;
  entries_.clear();
  freeEntry_ = kNull;
  big_.clear();
  hasBounds_ = false;
  for (size_t p = 0; p < proxies_.size(); ++p) {
    if (proxies_[p].alive) bin(int32_t(p));
  }
}

void HashGrid3::maybeRebin() {
  if (!autoSize_ || proxyCount_ == 0) return;
  const float mean = meanSide();
  if (cell_ > 0.0f && (!(mean > 0.0f) || (mean >= 0.5f * cell_ && mean <= 2.0f * cell_))) return;
  cell_ = mean > 0.0f ? mean : 1.0f;  // boxes of no size (points) still need cells
  inv_ = 1.0f / cell_;
  rebinAll();
}

void HashGrid3::setCellSize(float cellSize) {
  autoSize_ = !(std::isfinite(cellSize) && cellSize > 0.0f);
  if (autoSize_) {
    cell_ = 0.0f;
    maybeRebin();
  } else {
    cell_ = cellSize;
    inv_ = 1.0f / cell_;
    rebinAll();
  }
}

void HashGrid3::reserve(int proxies) {
  proxies_.reserve(size_t(proxies));
  entries_.reserve(size_t(2 * proxies));
}

int HashGrid3::createProxy(const AABB3& fatBox, uint32_t userData) {
  int32_t id;
  if (freeProxy_ != kNull) {
    id = freeProxy_;
    freeProxy_ = proxies_[size_t(id)].nextFree;
  } else {
    id = int32_t(proxies_.size());
    proxies_.push_back({});
  }
  Proxy& p = proxies_[size_t(id)];
  p = Proxy{};
  p.box = fatBox;
  p.userData = userData;
  p.alive = true;
  ++proxyCount_;
  sideSum_ += largestSide(fatBox);
  if (cell_ > 0.0f) bin(id);
  maybeRebin();  // the first proxy picks the automatic cell size (and bins itself there)
  return id;
}

void HashGrid3::destroyProxy(int proxy) {
  Proxy& p = proxies_[size_t(proxy)];
  if (cell_ > 0.0f) unbin(proxy);
  sideSum_ -= largestSide(p.box);
  p.alive = false;
  p.nextFree = freeProxy_;
  freeProxy_ = proxy;
  --proxyCount_;
  if (proxyCount_ == 0) sideSum_ = 0.0;  // no drift left over from the sums
  maybeRebin();
}

void HashGrid3::moveProxy(int proxy, const AABB3& fatBox) {
  Proxy& p = proxies_[size_t(proxy)];
  sideSum_ += double(largestSide(fatBox)) - double(largestSide(p.box));
  const Range old = p.cells;
  const bool wasBig = p.bigIndex != kNull;
  p.box = fatBox;
  const Range now = binRangeOf(fatBox);
  if (wasBig || cellsIn(now) > kMaxCellsPerProxy) {
    p.cells = old;
    unbin(proxy);
    bin(proxy);
  } else {
    // Leave the cells no longer covered, enter the new ones; the shared cells keep their entries.
    for (int32_t z = old.lo[2]; z <= old.hi[2]; ++z)
      for (int32_t y = old.lo[1]; y <= old.hi[1]; ++y)
        for (int32_t x = old.lo[0]; x <= old.hi[0]; ++x)
          if (!inRange(now, x, y, z)) removeFromCell(x, y, z, proxy);
    for (int32_t z = now.lo[2]; z <= now.hi[2]; ++z)
      for (int32_t y = now.lo[1]; y <= now.hi[1]; ++y)
        for (int32_t x = now.lo[0]; x <= now.hi[0]; ++x)
          if (!inRange(old, x, y, z)) addToCell(x, y, z, proxy);
    p.cells = now;
    bounds_ = hasBounds_ ? unionOf(bounds_, fatBox) : fatBox;
    hasBounds_ = true;
  }
  maybeRebin();
}

// ---- traversals ---------------------------------------------------------------------------------------------------

void HashGrid3::queryWith(const AABB3& box, QueryCallback visit, void* visitor) const {
  for (int32_t p : big_) {
    if (overlaps(proxies_[size_t(p)].box, box) && !visit(visitor, int(p))) return;
  }
  if (proxyCount_ == int(big_.size())) return;
  const Range q = rangeOf(box);
  if (cellsIn(q) > int64_t(proxies_.size())) {
    // A query wider than the proxies are many: test them all rather than walk mostly empty cells.
    for (size_t p = 0; p < proxies_.size(); ++p) {
      const Proxy& px = proxies_[p];
      if (px.alive && px.bigIndex == kNull && overlaps(px.box, box) && !visit(visitor, int(p))) return;
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
          return !overlaps(px.box, box) || visit(visitor, int(p));
        });
        if (!go) return;
      }
    }
  }
}

void HashGrid3::raycastWith(Vec3 origin, Vec3 translation, float maxFraction, RayCallback visit, void* visitor) const {
  for (int32_t p : big_) {
    float t0, t1;
    if (!clipSegmentToBox(origin, translation, maxFraction, proxies_[size_t(p)].box, &t0, &t1)) continue;
    const float f = visit(visitor, int(p), maxFraction);
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
      const float f = visit(visitor, int(p), maxFraction);
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

// ---- checks -------------------------------------------------------------------------------------------------------

bool HashGrid3::validate() const {
  int alive = 0;
  int64_t listed = 0;
  for (size_t i = 0; i < proxies_.size(); ++i) {
    const Proxy& p = proxies_[i];
    if (!p.alive) continue;
    ++alive;
    if (cell_ <= 0.0f) continue;
    if (p.bigIndex != kNull) {
      if (size_t(p.bigIndex) >= big_.size() || big_[size_t(p.bigIndex)] != int32_t(i)) return false;
      continue;
    }
    const Range r = binRangeOf(p.box);
    for (int k = 0; k < 3; ++k) {
      if (r.lo[k] != p.cells.lo[k] || r.hi[k] != p.cells.hi[k]) return false;
    }
    listed += cellsIn(r);
    if (hasBounds_ && !(contains(bounds_, p.box.lower) && contains(bounds_, p.box.upper))) return false;
    for (int32_t z = r.lo[2]; z <= r.hi[2]; ++z)
      for (int32_t y = r.lo[1]; y <= r.hi[1]; ++y)
        for (int32_t x = r.lo[0]; x <= r.hi[0]; ++x) {
          int found = 0;
          visitCell(x, y, z, [&](int32_t q) {
            found += q == int32_t(i);
            return true;
          });
          if (found != 1) return false;
        }
  }
  if (alive != proxyCount_) return false;
  int64_t entries = 0;
  int cells = 0;
  for (const Cell& c : table_) {
    if (c.head == kEmpty) continue;
    ++cells;
    if (c.head == kNull || findCell(c.x, c.y, c.z) != int(&c - table_.data())) return false;
    for (int32_t e = c.head; e != kNull; e = entries_[size_t(e)].next) {
      const Proxy& p = proxies_[size_t(entries_[size_t(e)].proxy)];
      if (!p.alive || p.bigIndex != kNull || !inRange(p.cells, c.x, c.y, c.z)) return false;
      ++entries;
    }
  }
  return cells == cellCount_ && entries == listed;
}

}  // namespace sat
