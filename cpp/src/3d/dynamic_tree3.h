// A dynamic AABB tree in 3D: leaves hold fat boxes, internal nodes the union of their children. Insertion picks
// the sibling by the surface-area heuristic (Goldsmith and Salmon 1987, as in Box2D's b2DynamicTree). On the way
// back up every node is rebalanced: a child more than two levels taller than its sibling is rotated up (an AVL
// step); otherwise, after an insertion, a child may trade places with a grandchild when that shrinks the surface
// area of the node that changes and keeps both changed nodes within two levels of balance. The area swaps keep the
// internal boxes tight while every leaf moves; the balance bound keeps the depth logarithmic. Traversals use a fixed
// stack on the C++ stack: no allocation, and a query may run inside another one's callback.
#pragma once

#include <cstdint>
#include <vector>

#include "sat/3d/math3.h"

namespace sat {

class DynamicTree3 {
 public:
  static constexpr int kNull = -1;
  /// Deepest traversal stack: a tree of 2^20 leaves whose siblings' heights differ by at most two is at most about
  /// 38 levels deep (a traversal holds at most one entry per level plus one).
  static constexpr int kStackSize = 128;

  int createProxy(const AABB3& fatBox, uint32_t userData);
  void destroyProxy(int proxy);
  /// Moves a leaf to a new fat box (remove, then insert again).
  void moveProxy(int proxy, const AABB3& fatBox);
  const AABB3& fatBox(int proxy) const { return nodes_[size_t(proxy)].box; }
  uint32_t userData(int proxy) const { return nodes_[size_t(proxy)].userData; }
  int proxyCount() const { return proxyCount_; }
  int height() const { return root_ == kNull ? 0 : nodes_[size_t(root_)].height; }
  void reserve(int proxies) { nodes_.reserve(size_t(2 * proxies)); }

  /// Calls visit(proxy) for every leaf whose fat box overlaps box; visit returns false to stop.
  template <class Visit>
  void query(const AABB3& box, Visit&& visit) const;
  /// Calls visit(proxy, maxFraction) for every leaf whose fat box the segment origin + t * translation,
  /// t in [0, maxFraction], crosses. visit returns the new maxFraction: the segment is clipped to it (a closest-hit
  /// search), a negative value stops, and the same value goes on.
  template <class Visit>
  void raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const;

  /// Parent links, heights, unions and the leaf count; false on the first violation.
  bool validate() const;

 private:
  struct Node {
    AABB3 box{};
    uint32_t userData = 0;
    int parent = kNull;  ///< the next free node while on the free list
    int child1 = kNull;
    int child2 = kNull;
    int height = 0;  ///< 0 for a leaf, -1 for a free node
    bool isLeaf() const { return child1 == kNull; }
  };

  int allocateNode();
  void freeNode(int node);
  int chooseSibling(const AABB3& box) const;
  void insertLeaf(int leaf);
  void removeLeaf(int leaf);
  void refitUpFrom(int node, bool areaSwaps);
  int rotate(int node, bool areaSwaps);
  void swapForArea(int node);
  void refit(int node);
  int validateSubtree(int node, int parent, bool* ok) const;

  std::vector<Node> nodes_;
  int root_ = kNull;
  int freeList_ = kNull;
  int proxyCount_ = 0;
};

/// Whether the segment origin + t * translation, t in [0, maxFraction], meets the box (slab test); on a hit, the
/// parameters where it enters and leaves the box (clipped to the segment).
inline bool clipSegmentToBox(Vec3 origin, Vec3 translation, float maxFraction, const AABB3& box, float* tEnter,
                             float* tExit) {
  float t0 = 0.0f, t1 = maxFraction;
  const float o[3] = {origin.x, origin.y, origin.z}, d[3] = {translation.x, translation.y, translation.z};
  const float lo[3] = {box.lower.x, box.lower.y, box.lower.z}, hi[3] = {box.upper.x, box.upper.y, box.upper.z};
  for (int k = 0; k < 3; ++k) {
    if (d[k] == 0.0f) {
      if (o[k] < lo[k] || o[k] > hi[k]) return false;
      continue;
    }
    const float inv = 1.0f / d[k];
    float ta = (lo[k] - o[k]) * inv, tb = (hi[k] - o[k]) * inv;
    if (ta > tb) {
      const float t = ta;
      ta = tb;
      tb = t;
    }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
    if (t0 > t1) return false;
  }
  *tEnter = t0;
  *tExit = t1;
  return true;
}

/// Whether the segment origin + t * translation, t in [0, maxFraction], meets the box.
inline bool segmentOverlapsBox(Vec3 origin, Vec3 translation, float maxFraction, const AABB3& box) {
  float t0, t1;
  return clipSegmentToBox(origin, translation, maxFraction, box, &t0, &t1);
}

template <class Visit>
void DynamicTree3::query(const AABB3& box, Visit&& visit) const {
  if (root_ == kNull) return;
  int stack[kStackSize];
  int top = 0;
  stack[top++] = root_;
  while (top > 0) {
    const Node& n = nodes_[size_t(stack[--top])];
    if (!overlaps(n.box, box)) continue;
    if (n.isLeaf()) {
      if (!visit(int(&n - nodes_.data()))) return;
    } else {
      stack[top++] = n.child1;
      stack[top++] = n.child2;
    }
  }
}

template <class Visit>
void DynamicTree3::raycast(Vec3 origin, Vec3 translation, float maxFraction, Visit&& visit) const {
  if (root_ == kNull) return;
  int stack[kStackSize];
  int top = 0;
  stack[top++] = root_;
  while (top > 0) {
    const Node& n = nodes_[size_t(stack[--top])];
    if (!segmentOverlapsBox(origin, translation, maxFraction, n.box)) continue;
    if (n.isLeaf()) {
      const float f = visit(int(&n - nodes_.data()), maxFraction);
      if (f < 0.0f) return;
      maxFraction = f;
    } else {
      stack[top++] = n.child1;
      stack[top++] = n.child2;
    }
  }
}

}  // namespace sat
