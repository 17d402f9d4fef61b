// DynamicTree: structure stays valid and balanced under random create / move / destroy; box queries and ray
// queries find exactly what brute force finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "sat/dynamic_tree.h"

namespace {

using sat::AABB;
using sat::Vec2;

AABB randomBox(std::mt19937& rng) {
  std::uniform_real_distribution<float> pos(-100.0f, 100.0f), size(0.1f, 5.0f);
  Vec2 lo{pos(rng), pos(rng)};
  return {lo, {lo.x + size(rng), lo.y + size(rng)}};
}

bool segmentHitsBox(Vec2 p, Vec2 d, const AABB& b) {
  float t0 = 0.0f, t1 = 1.0f;
  const float ps[2] = {p.x, p.y}, ds[2] = {d.x, d.y}, lo[2] = {b.lower.x, b.lower.y}, hi[2] = {b.upper.x, b.upper.y};
  for (int k = 0; k < 2; ++k) {
    if (ds[k] == 0.0f) {
      if (ps[k] < lo[k] || ps[k] > hi[k]) return false;
      continue;
    }
    float a = (lo[k] - ps[k]) / ds[k], c = (hi[k] - ps[k]) / ds[k];
    if (a > c) std::swap(a, c);
    t0 = std::max(t0, a);
    t1 = std::min(t1, c);
    if (t0 > t1) return false;
  }
  return true;
}

TEST(DynamicTree, RandomOperationsMatchBruteForce) {
  std::mt19937 rng(7);
  sat::DynamicTree tree;
  std::vector<int> proxies;
  std::vector<AABB> boxes(4000);
  for (int step = 0; step < 4000; ++step) {
    int op = std::uniform_int_distribution<int>(0, 9)(rng);
    if (op < 5 || proxies.size() < 10) {
      AABB b = randomBox(rng);
      int id = tree.createProxy(b, uint32_t(step));
      if (id >= int(boxes.size())) boxes.resize(size_t(id) + 1);
      boxes[size_t(id)] = b;
      proxies.push_back(id);
    } else if (op < 8) {
      int id = proxies[std::uniform_int_distribution<size_t>(0, proxies.size() - 1)(rng)];
      AABB b = randomBox(rng);
      tree.moveProxy(id, b);
      boxes[size_t(id)] = b;
    } else {
      size_t k = std::uniform_int_distribution<size_t>(0, proxies.size() - 1)(rng);
      tree.destroyProxy(proxies[k]);
      proxies.erase(proxies.begin() + long(k));
    }
    if (step % 200 == 0) {
      ASSERT_TRUE(tree.validate()) << step;
      ASSERT_EQ(tree.proxyCount(), int(proxies.size()));
      // AVL-style balance keeps the height logarithmic.
      EXPECT_LE(tree.height(), 3 * (1 + int(std::log2(double(proxies.size())))));
      for (int q = 0; q < 20; ++q) {
        AABB query = randomBox(rng);
        query.upper = query.upper + Vec2{10.0f, 10.0f};
        std::set<int> got, want;
        tree.query(query, [&](int id) {
          got.insert(id);
          return true;
        });
        for (int id : proxies) {
          if (sat::overlaps(boxes[size_t(id)], query)) want.insert(id);
        }
        ASSERT_EQ(got, want);
        Vec2 o{std::uniform_real_distribution<float>(-100, 100)(rng), std::uniform_real_distribution<float>(-100, 100)(rng)};
        Vec2 d{std::uniform_real_distribution<float>(-80, 80)(rng), std::uniform_real_distribution<float>(-80, 80)(rng)};
        std::set<int> rgot, rwant;
        tree.raycast(o, d, 1.0f, [&](float maxFraction, int id) {
          rgot.insert(id);
          return maxFraction;
        });
        for (int id : proxies) {
          if (segmentHitsBox(o, d, boxes[size_t(id)])) rwant.insert(id);
        }
        // The tree may offer extra candidates; it must not miss any.
        for (int id : rwant) ASSERT_TRUE(rgot.count(id)) << "ray missed a box";
      }
    }
  }
  for (int id : proxies) tree.destroyProxy(id);
  EXPECT_EQ(tree.proxyCount(), 0);
  EXPECT_TRUE(tree.validate());
}

// Enlarging in place and rebuilding (partly or fully) keeps the tree valid and every query exact, with creates,
// moves and destroys mixed in; a full rebuild of clustered boxes comes out no looser than incremental insertion.
TEST(DynamicTree, EnlargeAndRebuildMatchBruteForce) {
  std::mt19937 rng(11);
  sat::DynamicTree tree;
  std::vector<int> proxies;
  std::vector<AABB> boxes;
  auto setBox = [&](int id, const AABB& b) {
    if (id >= int(boxes.size())) boxes.resize(size_t(id) + 1);
    boxes[size_t(id)] = b;
  };
  for (int i = 0; i < 1500; ++i) {
    const AABB b = randomBox(rng);
    const int id = tree.createProxy(b, uint32_t(i));
    setBox(id, b);
    proxies.push_back(id);
  }
  for (int frame = 0; frame < 60; ++frame) {
    // A drift per proxy, some far (a jump across the world).
    for (int id : proxies) {
      if (std::uniform_int_distribution<int>(0, 3)(rng) != 0) continue;
      AABB b = boxes[size_t(id)];
      const Vec2 d = std::uniform_int_distribution<int>(0, 20)(rng) == 0
                         ? Vec2{std::uniform_real_distribution<float>(-150, 150)(rng), 0.0f}
                         : Vec2{std::uniform_real_distribution<float>(-1, 1)(rng), std::uniform_real_distribution<float>(-1, 1)(rng)};
      b = {b.lower + d, b.upper + d};
      tree.enlargeProxy(id, b);
      setBox(id, b);
    }
    if (frame % 7 == 3) {  // structural edits between enlargement and rebuild
      const AABB b = randomBox(rng);
      const int id = tree.createProxy(b, 0u);
      setBox(id, b);
      proxies.push_back(id);
      const size_t k = std::uniform_int_distribution<size_t>(0, proxies.size() - 1)(rng);
      tree.destroyProxy(proxies[k]);
      proxies.erase(proxies.begin() + long(k));
      const int moved = proxies[std::uniform_int_distribution<size_t>(0, proxies.size() - 1)(rng)];
      const AABB m = randomBox(rng);
      tree.moveProxy(moved, m);
      setBox(moved, m);
    }
    ASSERT_TRUE(tree.validate()) << frame;  // enlarged, before the rebuild
    tree.rebuild(frame % 10 == 9);
    ASSERT_TRUE(tree.validate()) << frame;
    ASSERT_EQ(tree.proxyCount(), int(proxies.size()));
    EXPECT_LT(tree.height(), sat::DynamicTree::kStackSize / 2);
    for (int q = 0; q < 20; ++q) {
      AABB query = randomBox(rng);
      query.upper = query.upper + Vec2{10.0f, 10.0f};
      std::set<int> got, want;
      tree.query(query, [&](int id) {
        got.insert(id);
        return true;
      });
      for (int id : proxies) {
        if (sat::overlaps(boxes[size_t(id)], query)) want.insert(id);
      }
      ASSERT_EQ(got, want) << frame;
    }
  }
  // Quality: a full rebuild is at least as tight (sum of perimeters) as building the same boxes one by one.
  sat::DynamicTree incremental;
  for (int id : proxies) incremental.createProxy(boxes[size_t(id)], 0u);
  tree.rebuild(true);
  EXPECT_LE(tree.areaRatio(), incremental.areaRatio());
}

// Degenerate input: every box the same (no extent to split on) and boxes on a geometric progression (the
// heuristic would peel one at a time); the depth stays bounded so that fixed traversal stacks cannot overflow.
TEST(DynamicTree, RebuildDepthStaysBounded) {
  for (int layout = 0; layout < 2; ++layout) {
    sat::DynamicTree tree;
    std::vector<int> ids;
    float x = 1.0f;
    for (int i = 0; i < 3000; ++i) {
      const AABB b = layout == 0 ? AABB{{0.0f, 0.0f}, {1.0f, 1.0f}} : AABB{{x, 0.0f}, {x + 0.5f, 1.0f}};
      x *= 1.02f;
      ids.push_back(tree.createProxy(b, uint32_t(i)));
    }
    tree.rebuild(true);
    ASSERT_TRUE(tree.validate());
    EXPECT_LT(tree.height(), sat::DynamicTree::kStackSize / 2) << layout;
    int found = 0;
    tree.query(AABB{{-1e30f, -1e30f}, {1e30f, 1e30f}}, [&](int) {
      ++found;
      return true;
    });
    EXPECT_EQ(found, 3000);
  }
}

}  // namespace
