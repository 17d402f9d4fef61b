// Dynamic AABB tree after Box2D (b2DynamicTree): SAH sibling choice by perimeter and AVL rotations for single
// insertions; for many moving proxies, in-place enlargement and a top-down rebuild of the enlarged part each frame
// (the scheme of Box2D v3), which keeps the tree tight without a remove and reinsert per moved proxy. When most
// proxies were enlarged the rebuild is full, over every leaf.
#include "sat/dynamic_tree.h"

#include <algorithm>
#include <cfloat>

namespace sat {

DynamicTree::DynamicTree() { nodes_.reserve(16); }

void DynamicTree::clear() {
  nodes_.clear();
  root_ = kNull;
  freeList_ = kNull;
  proxyCount_ = 0;
  enlargedLeaves_ = 0;
}

int DynamicTree::allocateNode() {
  if (freeList_ == kNull) {
    nodes_.push_back(Node{});
    int id = int(nodes_.size()) - 1;
    nodes_[id].height = 0;
    return id;
  }
  int id = freeList_;
  freeList_ = nodes_[id].parent;
  nodes_[id] = Node{};
  nodes_[id].height = 0;
  return id;
}

void DynamicTree::freeNode(int id) {
  nodes_[id].parent = freeList_;
  nodes_[id].height = -1;
  nodes_[id].child1 = kNull;
  nodes_[id].child2 = kNull;
  freeList_ = id;
}

int DynamicTree::createProxy(const AABB& box, uint32_t userData) {
  int id = allocateNode();
  nodes_[id].box = box;
  nodes_[id].userData = userData;
  insertLeaf(id);
  ++proxyCount_;
  return id;
}

// A leaf that leaves its place in the tree is no longer one of the enlarged leaves rebuild() counts.
void DynamicTree::forgetEnlarged(int proxyId) {
  if (nodes_[proxyId].enlarged) {
    nodes_[proxyId].enlarged = 0;
    --enlargedLeaves_;
  }
}

void DynamicTree::destroyProxy(int proxyId) {
  forgetEnlarged(proxyId);
  removeLeaf(proxyId);
  freeNode(proxyId);
  --proxyCount_;
}

void DynamicTree::moveProxy(int proxyId, const AABB& box) {
  forgetEnlarged(proxyId);
  removeLeaf(proxyId);
  nodes_[proxyId].box = box;
  insertLeaf(proxyId);
}

void DynamicTree::enlargeProxy(int proxyId, const AABB& box) {
  Node& leaf = nodes_[proxyId];
  leaf.box = box;
  if (!leaf.enlarged) {
    leaf.enlarged = 1;
    ++enlargedLeaves_;
  }
  int index = leaf.parent;
  // Grow the ancestors until one already holds the box; mark the rest of the path so rebuild() reaches this one.
  while (index != kNull) {
    Node& n = nodes_[index];
    const bool grows = !contains(n.box, box);
    if (grows) n.box = unionOf(n.box, box);
    n.enlarged = 1;
    index = n.parent;
    if (!grows) break;
  }
  while (index != kNull && !nodes_[index].enlarged) {
    nodes_[index].enlarged = 1;
    index = nodes_[index].parent;
  }
}

void DynamicTree::rebuild(bool full) {
  if (root_ == kNull || nodes_[root_].isLeaf() || (!full && !nodes_[root_].enlarged)) {
    if (root_ != kNull) nodes_[root_].enlarged = 0;
    enlargedLeaves_ = 0;
    return;
  }
  // Most leaves enlarged: the marked part is nearly the whole tree, and a scan of the node array is cheaper than
  // walking it (and the result is a fresh tree instead of one that keeps stale subtrees).
  if (!full && enlargedLeaves_ * kFullRebuildRatio >= proxyCount_) full = true;
  rebuildItems_.clear();
  // At most one item per proxy: reserved whole so that a later full rebuild does not allocate.
  rebuildItems_.reserve(size_t(proxyCount_));
  if (full) {
    collectLeavesAndFreeInternal();
  } else {
    collectMarkedPart();
  }
  enlargedLeaves_ = 0;
  root_ = buildRange(0, int(rebuildItems_.size()), 0);
  nodes_[root_].parent = kNull;
}

void DynamicTree::addRebuildItem(int id) {
  Node& n = nodes_[id];
  n.enlarged = 0;
  rebuildItems_.push_back({center(n.box), id});
}

// Partial rebuild: keeps every leaf and every unmarked subtree as an item; frees the marked internal nodes above.
void DynamicTree::collectMarkedPart() {
  int stack[kStackSize];
  int top = 0;
  stack[top++] = root_;
  while (top > 0) {
    const int id = stack[--top];
    const Node& n = nodes_[id];
    if (n.isLeaf() || !n.enlarged) {
      addRebuildItem(id);
      continue;
    }
    // Freed after reading the children (freeNode clears them); reallocated by buildRange.
    const int c1 = n.child1, c2 = n.child2;
    freeNode(id);
    stack[top++] = c1;
    stack[top++] = c2;
  }
}

// Full rebuild: every leaf is an item, in id order; every internal node goes back to a free list rebuilt in
// ascending order, so that buildRange (which allocates parents before children) lays subtrees out in memory
// roughly in the order a query walks them.
void DynamicTree::collectLeavesAndFreeInternal() {
  freeList_ = kNull;
  for (int id = int(nodes_.size()) - 1; id >= 0; --id) {
    if (nodes_[id].height != 0) freeNode(id);  // internal or already free
  }
  for (int id = 0; id < int(nodes_.size()); ++id) {
    if (nodes_[id].height == 0) addRebuildItem(id);
  }
}

// Splits items [begin, begin + count) at the middle of their centers' bounds along the longer extent (the
// heuristic Box2D v3 rebuilds with; a 16-bin surface-area heuristic here cost 4x the instructions for a tree that
// answered the scene benchmark's queries only 2% faster). Returns the left count; the left part comes first.
// From depth kMaxSplitDepth on, or when the middle leaves every center on one side, splits at the median instead,
// which bounds the height by kMaxSplitDepth + log2(count) whatever the layout.
int DynamicTree::partition(int begin, int count, int depth) {
  RebuildItem* items = rebuildItems_.data() + begin;
  Vec2 lo = items[0].center, hi = items[0].center;
  for (int i = 1; i < count; ++i) {
    lo = vmin(lo, items[i].center);
    hi = vmax(hi, items[i].center);
  }
  const bool onX = hi.x - lo.x >= hi.y - lo.y;
  auto key = [onX](const RebuildItem& item) { return onX ? item.center.x : item.center.y; };
  if (depth < kMaxSplitDepth) {
    const float mid = onX ? 0.5f * (lo.x + hi.x) : 0.5f * (lo.y + hi.y);
    int i = 0, j = count - 1;
    while (i <= j) {
      if (key(items[i]) < mid) {
        ++i;
      } else {
        std::swap(items[i], items[j]);
        --j;
      }
    }
    if (i > 0 && i < count) return i;
  }
  // Median on the same axis; ties broken by node id so that the split does not depend on the library's
  // nth_element.
  const int half = count / 2;
  std::nth_element(items, items + half, items + count, [&](const RebuildItem& a, const RebuildItem& b) {
    return key(a) < key(b) || (key(a) == key(b) && a.node < b.node);
  });
  return half;
}

// Builds a subtree over the rebuild items [begin, begin + count) (subtree roots, whose parent links it sets);
// returns its root. The node is allocated before its children so that a subtree's nodes sit close together.
int DynamicTree::buildRange(int begin, int count, int depth) {
  if (count == 1) return rebuildItems_[size_t(begin)].node;
  const int id = allocateNode();
  const int split = partition(begin, count, depth);
  const int c1 = buildRange(begin, split, depth + 1);
  const int c2 = buildRange(begin + split, count - split, depth + 1);
  Node& n = nodes_[id];
  n.child1 = c1;
  n.child2 = c2;
  n.box = unionOf(nodes_[c1].box, nodes_[c2].box);
  n.height = int16_t(1 + (nodes_[c1].height > nodes_[c2].height ? nodes_[c1].height : nodes_[c2].height));
  n.enlarged = 0;
  nodes_[c1].parent = id;
  nodes_[c2].parent = id;
  return id;
}

void DynamicTree::insertLeaf(int leaf) {
  if (root_ == kNull) {
    root_ = leaf;
    nodes_[leaf].parent = kNull;
    return;
  }
  // Find the best sibling: descend while the cost of pushing the leaf down beats pairing here.
  const AABB leafBox = nodes_[leaf].box;
  int index = root_;
  while (!nodes_[index].isLeaf()) {
    const Node& n = nodes_[index];
    float area = perimeter(n.box);
    float combined = perimeter(unionOf(n.box, leafBox));
    float cost = 2.0f * combined;
    float inheritance = 2.0f * (combined - area);
    float childCost[2];
    const int children[2] = {n.child1, n.child2};
    for (int k = 0; k < 2; ++k) {
      const Node& c = nodes_[children[k]];
      float p = perimeter(unionOf(leafBox, c.box));
      childCost[k] = c.isLeaf() ? p + inheritance : (p - perimeter(c.box)) + inheritance;
    }
    if (cost < childCost[0] && cost < childCost[1]) break;
    index = childCost[0] < childCost[1] ? n.child1 : n.child2;
  }
  const int sibling = index;
  const int oldParent = nodes_[sibling].parent;
  const int newParent = allocateNode();
  nodes_[newParent].parent = oldParent;
  nodes_[newParent].box = unionOf(leafBox, nodes_[sibling].box);
  nodes_[newParent].height = nodes_[sibling].height + 1;
  nodes_[newParent].child1 = sibling;
  nodes_[newParent].child2 = leaf;
  nodes_[sibling].parent = newParent;
  nodes_[leaf].parent = newParent;
  if (oldParent != kNull) {
    if (nodes_[oldParent].child1 == sibling) {
      nodes_[oldParent].child1 = newParent;
    } else {
      nodes_[oldParent].child2 = newParent;
    }
  } else {
    root_ = newParent;
  }
  // Walk back up, refitting boxes and rebalancing.
  index = nodes_[leaf].parent;
  while (index != kNull) {
    index = balance(index);
    Node& n = nodes_[index];
    n.height = 1 + (nodes_[n.child1].height > nodes_[n.child2].height ? nodes_[n.child1].height
                                                                      : nodes_[n.child2].height);
    n.box = unionOf(nodes_[n.child1].box, nodes_[n.child2].box);
    index = n.parent;
  }
}

void DynamicTree::removeLeaf(int leaf) {
  if (leaf == root_) {
    root_ = kNull;
    return;
  }
  const int parent = nodes_[leaf].parent;
  const int grandParent = nodes_[parent].parent;
  const int sibling = nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
  if (grandParent != kNull) {
    if (nodes_[grandParent].child1 == parent) {
      nodes_[grandParent].child1 = sibling;
    } else {
      nodes_[grandParent].child2 = sibling;
    }
    nodes_[sibling].parent = grandParent;
    freeNode(parent);
    int index = grandParent;
    while (index != kNull) {
      index = balance(index);
      Node& n = nodes_[index];
      n.box = unionOf(nodes_[n.child1].box, nodes_[n.child2].box);
      n.height = 1 + (nodes_[n.child1].height > nodes_[n.child2].height ? nodes_[n.child1].height
                                                                        : nodes_[n.child2].height);
      index = n.parent;
    }
  } else {
    root_ = sibling;
    nodes_[sibling].parent = kNull;
    freeNode(parent);
  }
}

// AVL rotation at node a if its subtrees' heights differ by more than one; returns the subtree's new root.
int DynamicTree::balance(int iA) {
  Node* A = &nodes_[iA];
  if (A->isLeaf() || A->height < 2) return iA;
  const int iB = A->child1, iC = A->child2;
  Node* B = &nodes_[iB];
  Node* C = &nodes_[iC];
  const int bal = C->height - B->height;
  auto fix = [&](Node* n) {
    n->box = unionOf(nodes_[n->child1].box, nodes_[n->child2].box);
    n->height = 1 + (nodes_[n->child1].height > nodes_[n->child2].height ? nodes_[n->child1].height
                                                                        : nodes_[n->child2].height);
  };
  if (bal > 1) {  // rotate C up
    const int iF = C->child1, iG = C->child2;
    Node* F = &nodes_[iF];
    Node* G = &nodes_[iG];
    C->child1 = iA;
    C->parent = A->parent;
    A->parent = iC;
    if (C->parent != kNull) {
      if (nodes_[C->parent].child1 == iA) {
        nodes_[C->parent].child1 = iC;
      } else {
        nodes_[C->parent].child2 = iC;
      }
    } else {
      root_ = iC;
    }
    if (F->height > G->height) {
      C->child2 = iF;
      A->child2 = iG;
      G->parent = iA;
    } else {
      C->child2 = iG;
      A->child2 = iF;
      F->parent = iA;
    }
    fix(A);
    fix(C);
    return iC;
  }
  if (bal < -1) {  // rotate B up
    const int iD = B->child1, iE = B->child2;
    Node* D = &nodes_[iD];
    Node* E = &nodes_[iE];
    B->child1 = iA;
    B->parent = A->parent;
    A->parent = iB;
    if (B->parent != kNull) {
      if (nodes_[B->parent].child1 == iA) {
        nodes_[B->parent].child1 = iB;
      } else {
        nodes_[B->parent].child2 = iB;
      }
    } else {
      root_ = iB;
    }
    if (D->height > E->height) {
      B->child2 = iD;
      A->child1 = iE;
      E->parent = iA;
    } else {
      B->child2 = iE;
      A->child1 = iD;
      D->parent = iA;
    }
    fix(A);
    fix(B);
    return iB;
  }
  return iA;
}

float DynamicTree::areaRatio() const {
  if (root_ == kNull) return 0.0f;
  float rootArea = perimeter(nodes_[root_].box);
  float total = 0.0f;
  for (const Node& n : nodes_) {
    if (n.height < 0) continue;
    total += perimeter(n.box);
  }
  return rootArea > 0.0f ? total / rootArea : 0.0f;
}

bool DynamicTree::validateNode(int id, int parent, int* leaves) const {
  if (id == kNull) return true;
  const Node& n = nodes_[id];
  if (n.parent != parent || n.height < 0) return false;
  if (n.isLeaf()) {
    if (n.child2 != kNull || n.height != 0) return false;
    ++*leaves;
    return true;
  }
  const Node& c1 = nodes_[n.child1];
  const Node& c2 = nodes_[n.child2];
  int h = 1 + (c1.height > c2.height ? c1.height : c2.height);
  if (n.height != h) return false;
  AABB u = unionOf(c1.box, c2.box);
  // An enlarged node may be looser than its children until the next rebuild; never tighter.
  if (n.enlarged ? !contains(n.box, u) : (!(u.lower == n.box.lower) || !(u.upper == n.box.upper))) return false;
  return validateNode(n.child1, id, leaves) && validateNode(n.child2, id, leaves);
}

bool DynamicTree::validate() const {
  int leaves = 0;
  if (!validateNode(root_, kNull, &leaves)) return false;
  if (leaves != proxyCount_) return false;
  int freeCount = 0;
  for (int f = freeList_; f != kNull; f = nodes_[f].parent) {
    if (++freeCount > int(nodes_.size())) return false;
  }
  int used = proxyCount_ == 0 ? 0 : 2 * proxyCount_ - 1;
  return used + freeCount == int(nodes_.size());
}

}  // namespace sat
