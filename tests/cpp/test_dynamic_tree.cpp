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

}  // namespace
