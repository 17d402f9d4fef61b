#include "dynamic_tree3.h"

namespace sat {

namespace {
int maxInt(int a, int b) {
  return a > b ? a : b;
}
/// Largest height difference between siblings that rotate() leaves in place.
constexpr int kMaxImbalance = 2;
}  // namespace

int DynamicTree3::allocateNode() {
  int id;
  if (freeList_ == kNull) {
    nodes_.push_back(Node{});
    id = int(nodes_.size()) - 1;
  } else {
    id = freeList_;
    freeList_ = nodes_[size_t(id)].parent;
    nodes_[size_t(id)] = Node{};
  }
  return id;
}

void DynamicTree3::freeNode(int node) {
  Node& n = nodes_[size_t(node)];
  n.parent = freeList_;
  n.child1 = n.child2 = kNull;
  n.height = -1;
  freeList_ = node;
}

int DynamicTree3::createProxy(const AABB3& fatBox, uint32_t userData) {
  const int leaf = allocateNode();
  nodes_[size_t(leaf)].box = fatBox;
  nodes_[size_t(leaf)].userData = userData;
  insertLeaf(leaf);
  ++proxyCount_;
  return leaf;
}

void DynamicTree3::destroyProxy(int proxy) {
  removeLeaf(proxy);
  freeNode(proxy);
  --proxyCount_;
}

void DynamicTree3::moveProxy(int proxy, const AABB3& fatBox) {
  removeLeaf(proxy);
  nodes_[size_t(proxy)].box = fatBox;
  insertLeaf(proxy);
}

// Descend while pushing the leaf into a child costs less than pairing it with the current node. A node's cost is
// the growth in surface area it causes to itself (which every ancestor inherits) plus the new parent's area.
int DynamicTree3::chooseSibling(const AABB3& box) const {
  int index = root_;
  while (!nodes_[size_t(index)].isLeaf()) {
    const Node& n = nodes_[size_t(index)];
    const float area = surfaceArea(n.box);
    const float combined = surfaceArea(unionOf(n.box, box));
    const float pairHere = 2.0f * combined;
    const float inherited = 2.0f * (combined - area);
    float cost[2];
    const int children[2] = {n.child1, n.child2};
    for (int k = 0; k < 2; ++k) {
      const Node& c = nodes_[size_t(children[k])];
      const float grown = surfaceArea(unionOf(box, c.box));
      cost[k] = (c.isLeaf() ? grown : grown - surfaceArea(c.box)) + inherited;
    }
    if (pairHere < cost[0] && pairHere < cost[1]) break;
    index = cost[0] <= cost[1] ? n.child1 : n.child2;
  }
  return index;
}

void DynamicTree3::insertLeaf(int leaf) {
  if (root_ == kNull) {
    root_ = leaf;
    nodes_[size_t(leaf)].parent = kNull;
    return;
  }
  const AABB3 box = nodes_[size_t(leaf)].box;
  const int sibling = chooseSibling(box);
  const int oldParent = nodes_[size_t(sibling)].parent;
  const int parent = allocateNode();  // may reallocate nodes_: no references held across it
  Node& p = nodes_[size_t(parent)];
  p.parent = oldParent;
  p.box = unionOf(box, nodes_[size_t(sibling)].box);
  p.height = nodes_[size_t(sibling)].height + 1;
  p.child1 = sibling;
  p.child2 = leaf;
  nodes_[size_t(sibling)].parent = parent;
  nodes_[size_t(leaf)].parent = parent;
  if (oldParent == kNull) {
    root_ = parent;
  } else if (nodes_[size_t(oldParent)].child1 == sibling) {
    nodes_[size_t(oldParent)].child1 = parent;
  } else {
    nodes_[size_t(oldParent)].child2 = parent;
  }
  refitUpFrom(nodes_[size_t(leaf)].parent, true);
}

void DynamicTree3::removeLeaf(int leaf) {
  if (leaf == root_) {
    root_ = kNull;
    return;
  }
  const int parent = nodes_[size_t(leaf)].parent;
  const int grandParent = nodes_[size_t(parent)].parent;
  const Node& p = nodes_[size_t(parent)];
  const int sibling = p.child1 == leaf ? p.child2 : p.child1;
  nodes_[size_t(sibling)].parent = grandParent;
  freeNode(parent);
  if (grandParent == kNull) {
    root_ = sibling;
    return;
  }
  Node& g = nodes_[size_t(grandParent)];
  (g.child1 == parent ? g.child1 : g.child2) = sibling;
  refitUpFrom(grandParent, false);
}

void DynamicTree3::refit(int node) {
  Node& n = nodes_[size_t(node)];
  const Node& a = nodes_[size_t(n.child1)];
  const Node& b = nodes_[size_t(n.child2)];
  n.box = unionOf(a.box, b.box);
  n.height = 1 + maxInt(a.height, b.height);
}

void DynamicTree3::refitUpFrom(int node, bool areaSwaps) {
  while (node != kNull) {
    node = rotate(node, areaSwaps);
    refit(node);
    node = nodes_[size_t(node)].parent;
  }
}

// Within a node A = (B, C) whose children's heights differ by at most kMaxImbalance: swaps one child with a
// grandchild under the other child when that shrinks the surface area of the child that changes (the idea of Box2D
// v3's tree rotations) and leaves both changed nodes within kMaxImbalance. The best such swap, if any.
void DynamicTree3::swapForArea(int node) {
  Node& a = nodes_[size_t(node)];
  const int b = a.child1, c = a.child2;
  int bestChild = kNull, bestUncle = kNull, bestMoved = kNull;
  float bestGain = 0.0f;
  // The child `uncle` of A goes into the internal child `parent` in place of the grandchild `moved`; `kept` is
  // parent's other child.
  auto consider = [&](int uncle, int parent) {
    const Node& p = nodes_[size_t(parent)];
    if (p.isLeaf()) return;
    const float before = surfaceArea(p.box);
    const int grandchildren[2] = {p.child1, p.child2};
    for (int k = 0; k < 2; ++k) {
      const int moved = grandchildren[k], kept = grandchildren[1 - k];
      const int hu = nodes_[size_t(uncle)].height, hk = nodes_[size_t(kept)].height;
      const int hm = nodes_[size_t(moved)].height;
      const int hp = 1 + maxInt(hu, hk);
      if (hu - hk > kMaxImbalance || hk - hu > kMaxImbalance || hm - hp > kMaxImbalance || hp - hm > kMaxImbalance) {
        continue;
      }
      const float gain = before - surfaceArea(unionOf(nodes_[size_t(uncle)].box, nodes_[size_t(kept)].box));
      if (gain > bestGain) {
        bestGain = gain;
        bestChild = parent, bestUncle = uncle, bestMoved = moved;
      }
    }
  };
  consider(b, c);
  consider(c, b);
  if (bestChild == kNull) return;
  // A = (moved, child'), child' = (uncle, kept) in the order the children had.
  Node& p = nodes_[size_t(bestChild)];
  if (p.child1 == bestMoved) {
    p.child1 = bestUncle;
  } else {
    p.child2 = bestUncle;
  }
  Node& an = nodes_[size_t(node)];
  if (an.child1 == bestUncle) {
    an.child1 = bestMoved;
  } else {
    an.child2 = bestMoved;
  }
  nodes_[size_t(bestUncle)].parent = bestChild;
  nodes_[size_t(bestMoved)].parent = node;
  refit(bestChild);
}

// AVL step: when one child of `node` is more than kMaxImbalance levels taller, that child takes node's place and
// node takes the child's shorter grandchild. Returns the subtree's new root. Otherwise, with areaSwaps, the node
// may swap for area (on the way up from an insertion only: after a removal the swaps cost more than they gain).
int DynamicTree3::rotate(int node, bool areaSwaps) {
  Node& a = nodes_[size_t(node)];
  if (a.isLeaf() || a.height < 2) return node;
  const int balance = nodes_[size_t(a.child2)].height - nodes_[size_t(a.child1)].height;
  if (balance >= -kMaxImbalance && balance <= kMaxImbalance) {
    if (areaSwaps) swapForArea(node);
    return node;
  }
  const bool secondTaller = balance > 1;
  const int up = secondTaller ? a.child2 : a.child1;
  Node& u = nodes_[size_t(up)];
  const int g1 = u.child1, g2 = u.child2;
  const bool keepFirst = nodes_[size_t(g1)].height > nodes_[size_t(g2)].height;
  const int kept = keepFirst ? g1 : g2;
  const int moved = keepFirst ? g2 : g1;

  // `up` replaces `node` under node's parent.
  u.child1 = node;
  u.child2 = kept;
  u.parent = a.parent;
  a.parent = up;
  if (u.parent == kNull) {
    root_ = up;
  } else {
    Node& pp = nodes_[size_t(u.parent)];
    (pp.child1 == node ? pp.child1 : pp.child2) = up;
  }
  // `node` keeps its other child and takes the shorter grandchild where `up` was.
  (secondTaller ? a.child2 : a.child1) = moved;
  nodes_[size_t(moved)].parent = node;
  nodes_[size_t(kept)].parent = up;
  refit(node);
  refit(up);
  return up;
}

int DynamicTree3::validateSubtree(int node, int parent, bool* ok) const {
  const Node& n = nodes_[size_t(node)];
  if (n.parent != parent) *ok = false;
  if (n.isLeaf()) {
    if (n.height != 0 || n.child2 != kNull) *ok = false;
    return 1;
  }
  const int leaves = validateSubtree(n.child1, node, ok) + validateSubtree(n.child2, node, ok);
  const Node& a = nodes_[size_t(n.child1)];
  const Node& b = nodes_[size_t(n.child2)];
  const AABB3 u = unionOf(a.box, b.box);
  if (!(u.lower == n.box.lower) || !(u.upper == n.box.upper)) *ok = false;
  if (n.height != 1 + maxInt(a.height, b.height)) *ok = false;
  if (a.height - b.height > kMaxImbalance || b.height - a.height > kMaxImbalance) *ok = false;
  return leaves;
}

bool DynamicTree3::validate() const {
  if (root_ == kNull) return proxyCount_ == 0;
  bool ok = true;
  const int leaves = validateSubtree(root_, kNull, &ok);
  return ok && leaves == proxyCount_;
}

}  // namespace sat
