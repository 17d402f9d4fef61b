// Outline cleaning shared by makePolygon, makeHull and decompose (Box2D's b2ComputeHull habits): check the
// points, weld points closer than kWeldRelative * size, drop vertices within kCollinearRelative * size of the line
// through their neighbours, then decide simplicity and orientation with orientation tests evaluated in double.
// Cold code (shape creation), kept in its own file so the WebAssembly build can compile it for size.
#include <algorithm>
#include <cmath>
#include <vector>

#include "geometry.h"
#include "polygon_build.h"
#include "sat/shapes.h"

namespace sat {

using detail::orient;

namespace detail {

Status checkPoints(const Vec2* points, int count) {
  if (count < 0 || (count > 0 && points == nullptr)) return Status::InvalidArgument;
  for (int i = 0; i < count; ++i) {
    if (!isValid(points[i])) return Status::NonFinite;
  }
  for (int i = 0; i < count; ++i) {
    if (!isInRange(points[i])) return Status::OutOfRange;
  }
  return Status::Ok;
}

float pointSetSize(const Vec2* points, int count) {
  if (count == 0) return 0.0f;
  AABB box{points[0], points[0]};
  for (int i = 1; i < count; ++i) {
    box.lower = vmin(box.lower, points[i]);
    box.upper = vmax(box.upper, points[i]);
  }
  return length(box.upper - box.lower);
}

int weldRing(std::vector<Vec2>& ring, float weldTol) {
  float tol2 = weldTol * weldTol;
  std::vector<Vec2> out;
  out.reserve(ring.size());
  for (Vec2 p : ring) {
    if (!out.empty() && distanceSquared(out.back(), p) <= tol2) continue;
    out.push_back(p);
  }
  while (out.size() > 1 && distanceSquared(out.back(), out.front()) <= tol2) out.pop_back();
  ring.swap(out);
  return int(ring.size());
}

int dropCollinear(std::vector<Vec2>& ring, float weldTol, float collinearTol) {
  // The ring is a doubly linked list over its original indices while vertices are dropped: makeHull hands over
  // up to a million points, and erasing from the vector and rescanning from the start after each drop took
  // seconds there. Survivors keep their original order.
  const int n0 = int(ring.size());
  std::vector<int> prev(n0), next(n0);
  for (int i = 0; i < n0; ++i) {
    prev[i] = i == 0 ? n0 - 1 : i - 1;
    next[i] = i + 1 == n0 ? 0 : i + 1;
  }
  int head = 0, tail = n0 - 1, count = n0;
  // The ring's points stay where they are until the end, so the input points dropped from between a vertex and
  // its successor are the ones between them in the array. A drop must keep them within tolerance of the new,
  // longer edge too, or a finely sampled arc would be flattened step by step far beyond the tolerance (each step
  // looking collinear on its own).
  //
  // How far dropping vertex i moves the outline: its distance from the line through its neighbours, or the
  // farthest of the points dropped beside it from that line, whichever is larger. -1 when i is not collinear
  // (farther than collinearTol, or not between its neighbours). Sets *spike for an outline that doubles back on
  // itself (a spike that returns to where it started, or a collinear point beyond its neighbours): not a convex
  // outline with an extra point. A fresh call on the ring, knowing no dropped points, drops i when 0 <= h.
  auto dropMove = [&](int i, bool* spike) -> double {
    const int ia = prev[i], ic = next[i];
    const Vec2 a = ring[ia], b = ring[i], c = ring[ic];
    const double ac2 = double(distanceSquared(a, c));
    const double ac = std::sqrt(ac2);
    if (ac <= weldTol) return *spike = true, -1.0;
    const double h = std::fabs(orient(a, b, c)) / ac;
    if (h > collinearTol) return -1.0;
    const double t = (double(b.x) - a.x) * (double(c.x) - a.x) + (double(b.y) - a.y) * (double(c.y) - a.y);
    if (t < 0.0 || t > ac2) return *spike = true, -1.0;
    double d = h;
    for (int j = ia + 1 == n0 ? 0 : ia + 1; j != ic; j = j + 1 == n0 ? 0 : j + 1) {
      d = std::fmax(d, std::fabs(orient(a, ring[j], c)) / ac);
    }
    return d;
  };
  auto drop = [&](int i) {
    const int ia = prev[i], ic = next[i];
    next[ia] = ic;
    prev[ic] = ia;
    if (i == head) head = ic;
    if (i == tail) tail = ia;
    --count;
  };

  // Pass 1: drop the first collinear vertex (in ring order) whose dropped neighbours stay within tolerance, until
  // there is none. A drop changes only its two neighbours' tests, so the scan does not restart: every vertex
  // before the cursor is known to stay, except the two neighbours of a drop. The one before the cursor is
  // stepped back to; the other is the head when the tail was dropped (`headDirty`), tested first.
  int cursor = head;
  bool scanning = true, headDirty = false, spike = false;
  while (count >= 3 && (scanning || headDirty)) {
    if (scanning && cursor == head) headDirty = false;  // the head is the cursor's own next test
    const int i = headDirty ? head : cursor;
    const double move = dropMove(i, &spike);
    if (spike) return -1;
    if (move < 0.0 || move > collinearTol) {
      if (headDirty) {
        headDirty = false;
      } else if (i == tail) {
        scanning = false;
      } else {
        cursor = next[i];
      }
      continue;
    }
    const bool wasHead = i == head, wasTail = i == tail, fromHead = headDirty;
    const int before = prev[i];
    drop(i);
    if (fromHead) {
      // The new head is untested; so is the tail (the old head's other neighbour): still ahead of the cursor,
      // or, when the scan had ended, scanned again on its own.
      if (!scanning) {
        scanning = true;
        cursor = tail;
      }
    } else if (wasTail) {
      headDirty = !wasHead;
      cursor = before;  // the new tail
    } else {
      cursor = wasHead ? head : before;
    }
  }
  // Pass 2: a vertex that pass 1 kept only for the points dropped beside it is still collinear to a fresh call, which
  // knows no dropped points and drops it: a stored polygon fed back to makePolygon lost a vertex (the "remake"
  // bug). So drop every vertex a fresh call would drop, the one that moves the outline least first, until none
  // is left: the result is then a fixed point of this function by construction. It is rare (the seams between
  // runs merged by pass 1 along a finely sampled arc), and one such drop moves the points dropped beside it by
  // at most its own distance: within twice the tolerance. Drops that cascade next to each other would add up;
  // none has been seen (fuzz_makers checks containment within 2e-5 of the size).
  while (count >= 3) {
    int best = -1;
    double bestMove = 0.0;
    for (int k = 0, i = head; k < count; ++k, i = next[i]) {
      const double move = dropMove(i, &spike);
      if (spike) return -1;
      if (move < 0.0) continue;
      if (best < 0 || move < bestMove) best = i, bestMove = move;
    }
    if (best < 0) break;
    drop(best);
  }
  // Survivors in order from the head, which is the smallest surviving index: compacted in place.
  for (int k = 0, i = head; k < count; ++k, i = next[i]) ring[k] = ring[i];
  ring.resize(size_t(count));
  return count;
}

bool allCollinear(const std::vector<Vec2>& ring, float collinearTol) {
  // The line through the first point and the point farthest from it; every point within tolerance of it.
  Vec2 a = ring[0], b = ring[0];
  for (Vec2 p : ring) {
    if (distanceSquared(a, p) > distanceSquared(a, b)) b = p;
  }
  double ab = std::sqrt(double(distanceSquared(a, b)));
  if (ab == 0.0) return true;
  for (Vec2 p : ring) {
    if (std::fabs(orient(a, b, p)) / ab > collinearTol) return false;
  }
  return true;
}

bool isSimple(const std::vector<Vec2>& ring) {
  int n = int(ring.size());
  for (int i = 0; i < n; ++i) {
    Vec2 p1 = ring[i], p2 = ring[(i + 1) % n];
    for (int j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // adjacent edges share a vertex
      if (segmentsIntersect(p1, p2, ring[j], ring[(j + 1) % n])) return false;
    }
  }
  return true;
}

double signedArea2(const std::vector<Vec2>& ring) {
  double a = 0.0;
  int n = int(ring.size());
  for (int i = 1; i + 1 < n; ++i) a += orient(ring[0], ring[i], ring[i + 1]);
  return a;
}

}  // namespace detail

namespace detail {

Status cleanOutline(const Vec2* points, int count, int maxVertices, std::vector<Vec2>* ring) {
  Status s = checkPoints(points, count);
  if (s != Status::Ok) return s;
  if (count > kMaxHullInput) return Status::TooManyPoints;
  if (count < 3) return Status::TooFewPoints;

  const float size = pointSetSize(points, count);
  const float weldTol = kWeldRelative * size, collinearTol = kCollinearRelative * size;
  ring->assign(points, points + count);
  if (weldRing(*ring, weldTol) < 3) return Status::TooFewPoints;
  if (int(ring->size()) > 4 * maxVertices) return Status::TooManyPoints;  // bounds the O(n^2) checks below
  if (allCollinear(*ring, collinearTol)) return Status::ZeroArea;
  int kept = dropCollinear(*ring, weldTol, collinearTol);
  if (kept < 0) return Status::SelfIntersecting;
  if (kept < 3) return Status::ZeroArea;
  if (int(ring->size()) > maxVertices) return Status::TooManyPoints;
  if (!isSimple(*ring)) return Status::SelfIntersecting;
  double area2 = signedArea2(*ring);
  if (!(std::fabs(area2) > 1.0e-12 * double(size) * size)) return Status::ZeroArea;
  if (area2 < 0.0) std::reverse(ring->begin(), ring->end());
  return Status::Ok;
}

}  // namespace detail

}  // namespace sat
