// DynamicTree3 against a linear scan: box queries and segment casts after random inserts, moves and removals, with
// the tree's structure checked after every change.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "3d/dynamic_tree3.h"
#include "hull_checks3.h"

namespace {

float uni(std::mt19937& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

sat::AABB3 randomBox(std::mt19937& rng) {
  const sat::Vec3 c{uni(rng, -50, 50), uni(rng, -50, 50), uni(rng, -50, 50)};
  const sat::Vec3 h{uni(rng, 0.1f, 4), uni(rng, 0.1f, 4), uni(rng, 0.1f, 4)};
  return {c - h, c + h};
}

}  // namespace

TEST(DynamicTree3, QueriesAndCastsMatchALinearScanThroughInsertsMovesAndRemovals) {
  std::mt19937 rng(31);
  sat::DynamicTree3 tree;
  std::vector<int> proxies;
  std::vector<sat::AABB3> boxes;  // by proxy id
  const long steps = testing_sat3::scaled(3000);
  for (long step = 0; step < steps; ++step) {
    const uint32_t r = rng() % 10;
    if (r < 5 || proxies.size() < 10) {
      const sat::AABB3 b = randomBox(rng);
      const int p = tree.createProxy(b, uint32_t(step));
      if (size_t(p) >= boxes.size()) boxes.resize(size_t(p) + 1);
      boxes[size_t(p)] = b;
      proxies.push_back(p);
    } else if (r < 8) {
      const int p = proxies[rng() % proxies.size()];
      boxes[size_t(p)] = randomBox(rng);
      tree.moveProxy(p, boxes[size_t(p)]);
    } else {
      const size_t i = rng() % proxies.size();
      tree.destroyProxy(proxies[i]);
      proxies.erase(proxies.begin() + long(i));
    }
    ASSERT_TRUE(tree.validate()) << "step " << step;
    ASSERT_EQ(tree.proxyCount(), int(proxies.size()));
    if (step % 10 != 0) continue;

    const sat::AABB3 q = randomBox(rng);
    std::vector<int> found, expect;
    tree.query(q, [&](int p) {
      found.push_back(p);
      return true;
    });
    for (int p : proxies) {
      if (sat::overlaps(boxes[size_t(p)], q)) expect.push_back(p);
    }
    std::sort(found.begin(), found.end());
    std::sort(expect.begin(), expect.end());
    ASSERT_EQ(found, expect) << "step " << step;

    const sat::Vec3 o{uni(rng, -60, 60), uni(rng, -60, 60), uni(rng, -60, 60)};
    const sat::Vec3 d{uni(rng, -120, 120), uni(rng, -120, 120), uni(rng, -120, 120)};
    found.clear();
    expect.clear();
    tree.raycast(o, d, 1.0f, [&](int p, float maxFraction) {
      found.push_back(p);
      return maxFraction;
    });
    for (int p : proxies) {
      if (sat::segmentOverlapsBox(o, d, 1.0f, boxes[size_t(p)])) expect.push_back(p);
    }
    std::sort(found.begin(), found.end());
    std::sort(expect.begin(), expect.end());
    ASSERT_EQ(found, expect) << "step " << step;
  }
  // Rotations keep the tree shallow (a balanced tree of n leaves is log2(n) deep), far below the traversal stack.
  const int balanced = int(std::ceil(std::log2(double(proxies.size()))));
  EXPECT_LE(tree.height(), 2 * balanced) << proxies.size() << " proxies";
}

TEST(DynamicTree3, SegmentBoxTestAgreesWithSampling) {
  std::mt19937 rng(5);
  int crossings = 0;
  for (int i = 0; i < int(testing_sat3::scaled(2000)); ++i) {
    const sat::AABB3 b = randomBox(rng);
    const sat::Vec3 o{uni(rng, -60, 60), uni(rng, -60, 60), uni(rng, -60, 60)};
    // Aimed near the box, long enough or stopping short.
    const sat::Vec3 target = sat::center(b) + sat::Vec3{uni(rng, -6, 6), uni(rng, -6, 6), uni(rng, -6, 6)};
    sat::Vec3 d = uni(rng, 0.3f, 1.5f) * (target - o);
    if (i % 7 == 0) d.y = 0.0f;  // parallel to a slab
    // Dense samples along the segment: a sample inside the box proves a crossing; the slab test must agree.
    bool sampled = false;
    for (int k = 0; k <= 4000 && !sampled; ++k) sampled = sat::contains(b, o + (float(k) / 4000.0f) * d);
    if (sampled) {
      ++crossings;
      EXPECT_TRUE(sat::segmentOverlapsBox(o, d, 1.0f, b)) << i;
    }
    // Boxes pushed off the segment's bounding box cannot be crossed.
    const sat::AABB3 far{b.lower + sat::Vec3{500, 0, 0}, b.upper + sat::Vec3{500, 0, 0}};
    EXPECT_FALSE(sat::segmentOverlapsBox(o, d, 1.0f, far)) << i;
  }
  EXPECT_GT(crossings, int(testing_sat3::scaled(2000)) / 50);
}
