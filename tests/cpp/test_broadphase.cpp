// The world's rebuild-per-frame broad phases against brute force: the banded sweep of SapBroadPhase against its
// unbanded reference and an all-pairs box test, and the grid against the same, on layouts that stress the
// bands (boxes spanning many bands, a flat row, identical boxes, huge boxes among small ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "broadphase.h"

namespace {

using sat::AABB;
using sat::detail::BoxEntry;

std::vector<uint64_t> bruteForce(const std::vector<BoxEntry>& boxes) {
  std::vector<uint64_t> keys;
  for (size_t i = 0; i < boxes.size(); ++i) {
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (!sat::overlaps(boxes[i].box, boxes[j].box)) continue;
      const uint32_t a = std::min(boxes[i].slot, boxes[j].slot), b = std::max(boxes[i].slot, boxes[j].slot);
      keys.push_back((uint64_t(a) << 32) | b);
    }
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

template <typename Find>
std::vector<uint64_t> collect(Find&& find) {
  std::vector<uint64_t> keys;
  find([&](uint32_t a, uint32_t b) { keys.push_back(a < b ? (uint64_t(a) << 32) | b : (uint64_t(b) << 32) | a); });
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<BoxEntry> layout(int kind, int n, std::mt19937& rng) {
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  std::vector<BoxEntry> out;
  const float side = 2.0f * std::sqrt(float(n));
  for (int i = 0; i < n; ++i) {
    float x = side * u(rng), y = side * u(rng), w = 0.5f + 2.0f * u(rng), h = 0.5f + 2.0f * u(rng);
    if (kind == 1 && i % 50 == 0) h = side * u(rng);        // tall boxes across many bands
    if (kind == 2) y = 0.0f, h = 0.0f;                       // a flat row: one band, zero height
    if (kind == 3) x = 1.0f, y = 1.0f, w = 1.0f, h = 1.0f;  // identical boxes
    if (kind == 4 && i % 97 == 0) w = side, h = side;        // a few huge boxes
    out.push_back({AABB{{x, y}, {x + w, y + h}}, uint32_t(3 * i + 1)});
  }
  return out;
}

TEST(SapBroadPhase, BandedSweepFindsExactlyTheOverlappingPairs) {
  std::mt19937 rng(5);
  for (int kind = 0; kind < 5; ++kind) {
    const int n = kind == 3 ? 60 : 1500;
    std::vector<BoxEntry> boxes = layout(kind, n, rng);
    sat::detail::SapBroadPhase sap;
    for (int frame = 0; frame < 4; ++frame) {
      // After the first frame the same bodies move a little and arrive in another order (the persistent path).
      if (frame > 0) {
        std::shuffle(boxes.begin(), boxes.end(), rng);
        for (BoxEntry& e : boxes) {
          std::uniform_real_distribution<float> jitter(-0.5f, 0.5f);
          const sat::Vec2 d{jitter(rng), jitter(rng)};
          e.box = {e.box.lower + d, e.box.upper + d};
        }
      }
      sap.build(boxes.data(), int(boxes.size()), frame == 0);
      const std::vector<uint64_t> want = bruteForce(boxes);
      const std::vector<uint64_t> banded = collect([&](auto&& r) { sap.findPairs(r); });
      const std::vector<uint64_t> reference = collect([&](auto&& r) { sap.findPairsUnbanded(r); });
      ASSERT_EQ(reference, want) << "kind " << kind << " frame " << frame;
      ASSERT_EQ(banded, want) << "kind " << kind << " frame " << frame;  // each pair once: no duplicates either
      if (kind == 0) {
        EXPECT_GT(sap.bandCount(), 4);
      }
    }
  }
}

TEST(GridBroadPhase, FindsExactlyTheOverlappingPairs) {
  std::mt19937 rng(6);
  for (int kind = 0; kind < 5; ++kind) {
    const std::vector<BoxEntry> boxes = layout(kind, kind == 3 ? 60 : 1500, rng);
    sat::detail::GridBroadPhase grid;
    grid.build(boxes.data(), int(boxes.size()), 0.0f);
    std::vector<uint64_t> keys;
    keys.resize(grid.findPairs(&keys, 0));
    std::sort(keys.begin(), keys.end());
    ASSERT_EQ(keys, bruteForce(boxes)) << "kind " << kind;
  }
}

}  // namespace
