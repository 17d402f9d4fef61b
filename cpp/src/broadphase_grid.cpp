// Uniform grid broad phase: the moving bodies are binned into cells by a counting sort each frame. For bodies
// of similar size (the common game scene) each box covers one to four cells, so the build is linear and each
// cell holds a handful of bodies.
#include <cmath>

#include "broadphase.h"

namespace sat::detail {

namespace {
/// Bodies covering more cells than this are kept aside and tested against every body.
constexpr int kMaxCellsPerBody = 64;
}  // namespace

void GridBroadPhase::build(const BoxEntry* bodies, int count, float cellSize) {
  entries_.clear();
  big_.clear();
  all_ = bodies;
  allCount_ = count;
  scratch_.clear();
  entryCell_.clear();
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
    float w = b.upper.x - b.lower.x, h = b.upper.y - b.lower.y;
    extentSum += w > h ? w : h;
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
  cellStart_.assign(size_t(cells) + 1, 0);

  for (int i = 0; i < count; ++i) {
    const uint32_t s = bodies[i].slot;
    const AABB& b = bodies[i].box;
    const int x0 = cellX(b.lower.x), x1 = cellX(b.upper.x), y0 = cellY(b.lower.y), y1 = cellY(b.upper.y);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > kMaxCellsPerBody) {
      big_.push_back({b, s});
      continue;
    }
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const uint32_t c = uint32_t(x + nx_ * y);
        scratch_.push_back({b, s, int16_t(x0), int16_t(y0)});
        entryCell_.push_back(c);
        ++cellStart_[c + 1];
      }
    }
  }
  for (int c = 0; c < cells; ++c) cellStart_[c + 1] += cellStart_[c];
  entries_.resize(scratch_.size());
  // Scatter, using cellStart_ shifted by one as the write cursor, then shift back.
  for (size_t i = 0; i < scratch_.size(); ++i) entries_[cellStart_[entryCell_[i]]++] = scratch_[i];
  for (int c = cells; c > 0; --c) cellStart_[c] = cellStart_[c - 1];
  cellStart_[0] = 0;
}

}  // namespace sat::detail
