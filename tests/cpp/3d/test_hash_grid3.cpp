// HashGrid3 against a linear scan: box queries and segment casts after random inserts, moves and removals, each
// overlapping proxy visited exactly once, closest-hit clipping, with the grid's cells checked after every change;
// fixed and automatic cell sizes, boxes too big for cells, boxes of no size, and a change of scale that makes the
// automatic cell size be picked again.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "3d/dynamic_tree3.h"
#include "3d/hash_grid3.h"
#include "hull_checks3.h"

namespace {

float uni(std::mt19937& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

/// Mostly boxes of 0.2-8 units, some of no size (points), some flat, and a few spanning far more than 64 cells.
sat::AABB3 randomBox(std::mt19937& rng, float scale) {
  const sat::Vec3 c{uni(rng, -50, 50) * scale, uni(rng, -50, 50) * scale, uni(rng, -50, 50) * scale};
  sat::Vec3 h{uni(rng, 0.1f, 4) * scale, uni(rng, 0.1f, 4) * scale, uni(rng, 0.1f, 4) * scale};
  const uint32_t kind = rng() % 20;
  if (kind == 0) h = {0.0f, 0.0f, 0.0f};
  if (kind == 1) h.y = 0.0f;
  if (kind == 2) h = h * 12.0f;
  return {c - h, c + h};
}

std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

/// Random edits, then queries and casts compared with a linear scan; `scaleAt(step)` sets the boxes' scale.
template <class ScaleAt>
void runAgainstLinearScan(float cellSize, uint32_t seed, ScaleAt scaleAt) {
  std::mt19937 rng(seed);
  sat::HashGrid3 grid;
  grid.setCellSize(cellSize);
  std::vector<int> proxies;
  std::vector<sat::AABB3> boxes;  // by proxy id
  const long steps = testing_sat3::scaled(3000);
  for (long step = 0; step < steps; ++step) {
    const float scale = scaleAt(step);
    const uint32_t r = rng() % 10;
    if (r < 5 || proxies.size() < 10) {
      const sat::AABB3 b = randomBox(rng, scale);
      const int p = grid.createProxy(b, uint32_t(step));
      if (size_t(p) >= boxes.size()) boxes.resize(size_t(p) + 1);
      boxes[size_t(p)] = b;
      proxies.push_back(p);
      ASSERT_EQ(grid.userData(p), uint32_t(step));
    } else if (r < 8) {
      const int p = proxies[rng() % proxies.size()];
      // Half the moves are small (the box keeps most of its cells), half jump anywhere.
      if (rng() % 2) {
        const sat::Vec3 d{uni(rng, -1, 1) * scale, uni(rng, -1, 1) * scale, uni(rng, -1, 1) * scale};
        boxes[size_t(p)] = {boxes[size_t(p)].lower + d, boxes[size_t(p)].upper + d};
      } else {
        boxes[size_t(p)] = randomBox(rng, scale);
      }
      grid.moveProxy(p, boxes[size_t(p)]);
    } else {
      const size_t i = rng() % proxies.size();
      grid.destroyProxy(proxies[i]);
      proxies.erase(proxies.begin() + long(i));
    }
    ASSERT_TRUE(grid.validate()) << "step " << step;
    ASSERT_EQ(grid.proxyCount(), int(proxies.size()));
    for (int p : proxies) ASSERT_EQ(grid.fatBox(p).lower.x, boxes[size_t(p)].lower.x);
    if (step % 5 != 0) continue;

    // Box queries, from a point to wider than the whole scene.
    sat::AABB3 q = randomBox(rng, scale);
    if (step % 15 == 0) q = {q.lower * 3.0f, q.upper * 3.0f};
    std::vector<int> found, expect;
    grid.query(q, [&](int p) {
      found.push_back(p);
      return true;
    });
    for (int p : proxies) {
      if (sat::overlaps(boxes[size_t(p)], q)) expect.push_back(p);
    }
    const std::vector<int> once = sorted(found);
    ASSERT_TRUE(std::adjacent_find(once.begin(), once.end()) == once.end()) << "a proxy visited twice, step " << step;
    ASSERT_EQ(once, sorted(expect)) << "step " << step;

    // Segment casts: long, short, parallel to axes, of no length.
    const sat::Vec3 o{uni(rng, -60, 60) * scale, uni(rng, -60, 60) * scale, uni(rng, -60, 60) * scale};
    sat::Vec3 d{uni(rng, -120, 120) * scale, uni(rng, -120, 120) * scale, uni(rng, -120, 120) * scale};
    if (step % 4 == 1) d = d * 0.05f;
    if (step % 7 == 2) d.x = 0.0f;
    if (step % 7 == 3) d = {0.0f, d.y, 0.0f};
    if (step % 25 == 4) d = {0.0f, 0.0f, 0.0f};
    found.clear();
    expect.clear();
    grid.raycast(o, d, 1.0f, [&](int p, float maxFraction) {
      found.push_back(p);
      return maxFraction;
    });
    for (int p : proxies) {
      if (sat::segmentOverlapsBox(o, d, 1.0f, boxes[size_t(p)])) expect.push_back(p);
    }
    const std::vector<int> castOnce = sorted(found);
    ASSERT_TRUE(std::adjacent_find(castOnce.begin(), castOnce.end()) == castOnce.end()) << "step " << step;
    ASSERT_EQ(castOnce, sorted(expect)) << "step " << step;

    // Closest hit: each visit clips the segment to the box's entry; the nearest entry must be found.
    float nearest = 2.0f;
    for (int p : proxies) {
      float t0, t1;
      if (sat::clipSegmentToBox(o, d, 1.0f, boxes[size_t(p)], &t0, &t1)) nearest = std::min(nearest, t0);
    }
    float best = 2.0f;
    grid.raycast(o, d, 1.0f, [&](int p, float maxFraction) {
      float t0, t1;
      if (sat::clipSegmentToBox(o, d, maxFraction, boxes[size_t(p)], &t0, &t1) && t0 < best) best = t0;
      return std::min(maxFraction, best);
    });
    ASSERT_EQ(best, nearest) << "step " << step;
  }
}

}  // namespace

TEST(HashGrid3, FixedCellsMatchALinearScan) {
  runAgainstLinearScan(3.0f, 31, [](long) { return 1.0f; });
}

TEST(HashGrid3, AutomaticCellsMatchALinearScanThroughAChangeOfScale) {
  // The boxes grow tenfold halfway: the mean side leaves [cell / 2, 2 cell] and every proxy is binned again.
  const long half = testing_sat3::scaled(3000) / 2;
  runAgainstLinearScan(0.0f, 32, [half](long step) { return step < half ? 0.2f : 2.0f; });
}

TEST(HashGrid3, AutomaticCellSizeFollowsTheMeanBoxSide) {
  sat::HashGrid3 grid;
  grid.setCellSize(0.0f);
  std::vector<int> ids;
  for (int i = 0; i < 100; ++i) ids.push_back(grid.createProxy({{float(i), 0, 0}, {float(i) + 2.0f, 1, 1}}, 0));
  EXPECT_FLOAT_EQ(grid.cellSize(), 2.0f);
  for (int i = 0; i < 100; ++i) grid.moveProxy(ids[size_t(i)], {{float(i), 0, 0}, {float(i) + 9.0f, 1, 1}});
  EXPECT_GT(grid.cellSize(), 4.0f);  // picked again once the mean passed twice the old cell
  EXPECT_LE(grid.cellSize(), 9.0f);
  EXPECT_TRUE(grid.validate());
  // Boxes of no size only: cells of one unit.
  sat::HashGrid3 points;
  points.setCellSize(0.0f);
  points.createProxy({{1, 1, 1}, {1, 1, 1}}, 0);
  EXPECT_EQ(points.cellSize(), 1.0f);
  EXPECT_TRUE(points.validate());
}

TEST(HashGrid3, FarCoordinatesAndEmptyCellsAreReleased) {
  sat::HashGrid3 grid;
  grid.setCellSize(1.0f);
  const int p = grid.createProxy({{0, 0, 0}, {0.5f, 0.5f, 0.5f}}, 7);
  // Wander across many cells: cells left empty are erased, so the table does not fill with them.
  for (int i = 0; i < 2000; ++i) {
    const float x = float(i) * 1.5f;
    grid.moveProxy(p, {{x, 0, 0}, {x + 0.5f, 0.5f, 0.5f}});
    ASSERT_LE(grid.cellCount(), 8);
  }
  // Coordinates beyond the cell range are clamped, not wrapped: still found.
  grid.moveProxy(p, {{3e30f, 3e30f, 3e30f}, {3e30f, 3e30f, 3e30f}});
  EXPECT_TRUE(grid.validate());
  int hits = 0;
  grid.query({{2e30f, 2e30f, 2e30f}, {4e30f, 4e30f, 4e30f}}, [&](int) { return ++hits, true; });
  EXPECT_EQ(hits, 1);
  grid.destroyProxy(p);
  EXPECT_EQ(grid.cellCount(), 0);
  EXPECT_TRUE(grid.validate());
}
