// World3's broad phase: the dynamic AABB tree or the hash grid, chosen once when the world is made
// (World3Options::broadPhase). Both hold the bodies' fat boxes under the same proxy interface; this class forwards
// each call to the one in use, so the world's stages and queries are written once.
#pragma once

#include "dynamic_tree3.h"
#include "hash_grid3.h"

namespace sat {

class BroadPhase3 {
 public:
  static constexpr int kNull = -1;
  static_assert(DynamicTree3::kNull == kNull && HashGrid3::kNull == kNull, "one null proxy for both");

  /// Call before the first proxy.
  void configure(bool useGrid, float gridCellSize) {
    grid_ = useGrid;
    if (grid_) hashGrid_.setCellSize(gridCellSize);
  }
  bool usesGrid() const { return grid_; }
  const HashGrid3& grid() const { return hashGrid_; }

  int createProxy(const AABB3& fatBox, uint32_t userData) {
    return grid_ ? hashGrid_.createProxy(fatBox, userData) : tree_.createProxy(fatBox, userData);
  }
  void destroyProxy(int proxy) { grid_ ? hashGrid_.destroyProxy(proxy) : tree_.destroyProxy(proxy); }
  void moveProxy(int proxy, const AABB3& fatBox) {
    grid_ ? hashGrid_.moveProxy(proxy, fatBox) : tree_.moveProxy(proxy, fatBox);
  }
  const AABB3& fatBox(int proxy) const { return grid_ ? hashGrid_.fatBox(proxy) : tree_.fatBox(proxy); }
  uint32_t userData(int proxy) const { return grid_ ? hashGrid_.userData(proxy) : tree_.userData(proxy); }
  int proxyCount() const { return grid_ ? hashGrid_.proxyCount() : tree_.proxyCount(); }
  void reserve(int proxies) { grid_ ? hashGrid_.reserve(proxies) : tree_.reserve(proxies); }
  bool validate() const { return grid_ ? hashGrid_.validate() : tree_.validate(); }

  template <class Visit>
  void query(const AABB3& box, Visit&& visit) const {
    if (grid_) {
      hashGrid_.query(box, visit);
    } else {
      tree_.query(box, visit);
    }
  }
  template <class Visit>
  void raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const {
    if (grid_) {
      hashGrid_.raycast(origin, translation, maxFraction, visit);
    } else {
      tree_.raycast(origin, translation, maxFraction, visit);
    }
  }

 private:
  bool grid_ = false;
  DynamicTree3 tree_;
  HashGrid3 hashGrid_;
};

}  // namespace sat
