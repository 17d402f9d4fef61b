// sat-wasm: dynamic AABB tree (Box2D's b2DynamicTree): a binary tree of boxes, leaves are proxies holding a
// user value. Insertion picks the sibling by the surface-area heuristic (perimeter in 2D); AVL-style rotations
// keep it balanced. Proxies store whatever box the caller gives (the world gives fattened boxes).
// Nodes live in one array with a free list: no allocation once the array has grown to its high-water mark.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "sat/math.h"

namespace sat {

/// Ray culls give way by this fraction of the magnitudes involved (about 8 ulps): see looseSegmentBox.
constexpr float kRayBoxSlack = 1.0e-6f;

/// The box of segment [a, b], grown by kRayBoxSlack of its coordinates' magnitude. A ray through a polygon's vertex
/// that is also a corner of its tight box hits the polygon, but rounding (of the segment's ends, of the box, which
/// the world computes from world-space vertices) can put that corner an ulp outside the exact box: broad-phase ray
/// walks (the tree's cull, the grid's and sort-and-sweep's pieces) use this box so that such a body still reaches
/// the exact test ("ray-graze", "grid-graze" in docs/fuzzing.md).
inline AABB looseSegmentBox(Vec2 a, Vec2 b) {
  const Vec2 lo = vmin(a, b), hi = vmax(a, b);
  const Vec2 big = vmax(vabs(lo), vabs(hi));
  const float m = kRayBoxSlack * std::fmax(big.x, big.y);
  return AABB{{lo.x - m, lo.y - m}, {hi.x + m, hi.y + m}};
}

class DynamicTree {
 public:
  static constexpr int kNull = -1;
  /// Traversal stack depth: an AVL-balanced tree of 2^20 leaves is at most 29 levels deep (the stack holds at
  /// most height + 1 entries).
  static constexpr int kStackSize = 96;

  DynamicTree();

  /// A leaf with this box; returns the proxy id (stable until destroyProxy).
  int createProxy(const AABB& box, uint32_t userData);
  void destroyProxy(int proxyId);
  /// Replaces a proxy's box (remove and reinsert).
  void moveProxy(int proxyId, const AABB& box);
  /// Replaces a proxy's box without restructuring: its ancestors grow to hold it and are marked for rebuild().
  /// Cheaper than moveProxy when many proxies move per frame; queries stay exact, the tree only gets looser.
  void enlargeProxy(int proxyId, const AABB& box);
  /// Rebuilds the marked part of the tree top-down (each node split at the middle of its items' centers): every
  /// subtree no enlargeProxy touched is kept whole, the nodes above them are rebuilt. full: every internal node (also
  /// chosen when a quarter of the proxies were enlarged since the last rebuild). Proxy ids do not change.
  void rebuild(bool full = false);

  const AABB& box(int proxyId) const { return nodes_[proxyId].box; }
  uint32_t userData(int proxyId) const { return nodes_[proxyId].userData; }
  int proxyCount() const { return proxyCount_; }
  int height() const { return root_ == kNull ? 0 : nodes_[root_].height; }
  /// Sum of the nodes' perimeters over the root's: a quality measure (lower is better).
  float areaRatio() const;
  /// Bytes held (node array and scratch capacities).
  size_t memoryBytes() const {
    return nodes_.capacity() * sizeof(Node) + rebuildItems_.capacity() * sizeof(RebuildItem);
  }
  /// Checks structure, boxes and heights; for tests.
  bool validate() const;
  void clear();

  /// Calls visit(proxyId) for every proxy whose box overlaps `box`; visit returns false to stop.
  template <typename Visit>
  void query(const AABB& box, Visit&& visit) const;

  /// Calls visit(maxFraction, proxyId) for proxies whose box the segment origin + t*translation, t in
  /// [0, maxFraction], may cross. visit returns the new maxFraction: 0 stops, the same value continues, a smaller
  /// one clips the ray.
  template <typename Visit>
  void raycast(Vec2 origin, Vec2 translation, float maxFraction, Visit&& visit) const;

 private:
  struct Node {
    AABB box;
    uint32_t userData = 0;
    int parent = kNull;  // or next free node
    int child1 = kNull;
    int child2 = kNull;
    int16_t height = -1;   // leaf 0, free -1
    uint16_t enlarged = 0;  // grown by enlargeProxy since the last rebuild (a leaf: given a new box by it)
    bool isLeaf() const { return child1 == kNull; }
  };

  int allocateNode();
  void freeNode(int id);
  void insertLeaf(int leaf);
  void removeLeaf(int leaf);
  int balance(int a);
  bool validateNode(int id, int parent, int* leaves) const;
  void forgetEnlarged(int proxyId);
  void addRebuildItem(int id);
  void collectMarkedPart();
  void collectLeavesAndFreeInternal();
  int partition(int begin, int count, int depth);
  int buildRange(int begin, int count, int depth);

  /// rebuild() goes full when at least 1 / kFullRebuildRatio of the proxies were enlarged since the last one.
  static constexpr int kFullRebuildRatio = 4;
  /// From this depth on rebuild() splits at the median (a fixed traversal stack must hold the tree's height).
  static constexpr int kMaxSplitDepth = 32;

  /// rebuild() scratch: one per item (a kept subtree or a leaf), its box's center beside its node so that the build
  /// reads one contiguous array instead of nodes scattered over the node array.
  struct RebuildItem {
    Vec2 center;
    int node;
  };
  std::vector<RebuildItem> rebuildItems_;
  int enlargedLeaves_ = 0;  // leaves enlarged since the last rebuild

  std::vector<Node> nodes_;
  int root_ = kNull;
  int freeList_ = kNull;
  int proxyCount_ = 0;
};

template <typename Visit>
void DynamicTree::query(const AABB& box, Visit&& visit) const {
  if (root_ == kNull) return;
  int local[kStackSize];
  int top = 0;
  local[top++] = root_;
  while (top > 0) {
    const int id = local[--top];
    const Node& n = nodes_[id];
    if (!overlaps(n.box, box)) continue;
    if (n.isLeaf()) {
      if (!visit(id)) return;
    } else {
      local[top++] = n.child1;
      local[top++] = n.child2;
    }
  }
}

template <typename Visit>
void DynamicTree::raycast(Vec2 origin, Vec2 translation, float maxFraction, Visit&& visit) const {
  if (root_ == kNull) return;
  // Both box tests keep a box the segment only grazes. A ray through a polygon's vertex that is also a corner of
  // its tight box (the world's static proxies) hits the polygon, but the rounding of the segment's end, of c and h,
  // of the products, and of the box itself (the world computes it from world-space vertices, the exact test works
  // in the shape's frame) can put that corner an ulp outside. So each test gives way by kRayBoxSlack of the magnitudes
  // involved (about 8 ulps): a box that close only goes on to the exact test.
  auto segmentBox = [&](float fraction) { return looseSegmentBox(origin, origin + fraction * translation); };
  AABB segBox = segmentBox(maxFraction);
  // Separating axis of the segment: |dot(perp, c - origin)| > dot(|perp|, h) rejects a box.
  const Vec2 perp = leftPerp(translation);
  const Vec2 absPerp = vabs(perp);
  const Vec2 absOrigin = vabs(origin);
  int local[kStackSize];
  int top = 0;
  local[top++] = root_;
  while (top > 0) {
    const int id = local[--top];
    const Node& n = nodes_[id];
    if (!overlaps(n.box, segBox)) continue;
    const Vec2 c = center(n.box);
    const Vec2 h = 0.5f * (n.box.upper - n.box.lower);
    const float slack = kRayBoxSlack * dot(absPerp, vabs(c) + absOrigin + h);
    if (std::fabs(dot(perp, c - origin)) > dot(absPerp, h) + slack) continue;
    if (n.isLeaf()) {
      float value = visit(maxFraction, id);
      if (value == 0.0f) return;
      if (value > 0.0f && value < maxFraction) {
        maxFraction = value;
        segBox = segmentBox(maxFraction);
      }
    } else {
      local[top++] = n.child1;
      local[top++] = n.child2;
    }
  }
}

}  // namespace sat
