// Convex decomposition of a simple polygon: ear clipping (Eberly, "Triangulation by Ear Clipping"), then
// Hertel-Mehlhorn: drop each triangulation diagonal whose removal leaves the merged piece convex. The result has
// at most four times the minimum number of convex parts. Orientation tests are evaluated in double.
#include "sat/decompose.h"

#include <cmath>
#include <vector>

#include "geometry.h"
#include "polygon_build.h"

namespace sat {

using detail::orient;

namespace {

// Whether p lies inside or on triangle (a, b, c), counter-clockwise.
bool inTriangle(Vec2 a, Vec2 b, Vec2 c, Vec2 p) {
  return orient(a, b, p) >= 0.0 && orient(b, c, p) >= 0.0 && orient(c, a, p) >= 0.0;
}

struct Diagonal {
  int a, b;        // vertex indices
  int polyA, polyB;  // the two pieces sharing it (kept current as pieces merge)
};

// Triangulates the CCW ring; appends triangles (as index triples) and the diagonals between them.
void earClip(const std::vector<Vec2>& v, std::vector<std::vector<int>>* tris, std::vector<Diagonal>* diags) {
  const int n = int(v.size());
  std::vector<int> prev(n), next(n);
  for (int i = 0; i < n; ++i) {
    prev[i] = (i + n - 1) % n;
    next[i] = (i + 1) % n;
  }
  int remaining = n;
  int cur = 0;
  int sinceEar = 0;
  while (remaining > 3) {
    const int p = prev[cur], q = next[cur];
    bool ear = orient(v[p], v[cur], v[q]) > 0.0;
    if (ear) {
      for (int k = next[q]; k != p; k = next[k]) {
        // Only reflex (or flat) vertices can lie in the ear; vertices equal in position to a corner are welded
        // away, so any hit blocks.
        if (orient(v[prev[k]], v[k], v[next[k]]) > 0.0) continue;
        if (inTriangle(v[p], v[cur], v[q], v[k])) {
          ear = false;
          break;
        }
      }
    }
    // No proper ear after a full lap: numerically degenerate remainder; clip a convex (or any) vertex anyway.
    if (!ear && sinceEar > remaining) ear = orient(v[p], v[cur], v[q]) >= 0.0 || sinceEar > 2 * remaining;
    if (ear) {
      tris->push_back({p, cur, q});
      diags->push_back({p, q, -1, -1});
      next[p] = q;
      prev[q] = p;
      --remaining;
      sinceEar = 0;
      cur = q;
    } else {
      cur = next[cur];
      ++sinceEar;
    }
  }
  tris->push_back({prev[cur], cur, next[cur]});
}

// Position of vertex x in ring r, or -1.
int find(const std::vector<int>& r, int x) {
  for (int i = 0; i < int(r.size()); ++i) {
    if (r[i] == x) return i;
  }
  return -1;
}

// Whether ring r has the directed edge a -> b.
bool hasEdge(const std::vector<int>& r, int a, int b) {
  int i = find(r, a);
  return i >= 0 && r[(i + 1) % r.size()] == b;
}

}  // namespace

Status decompose(const Vec2* points, int count, std::vector<Polygon>* parts) {
  if (parts == nullptr) return Status::InvalidArgument;
  parts->clear();
  std::vector<Vec2> ring;
  Status s = detail::cleanOutline(points, count, kMaxDecomposeInput, &ring);  // the same verdicts as makePolygon
  if (s != Status::Ok) return s;

  std::vector<std::vector<int>> pieces;
  std::vector<Diagonal> diags;
  earClip(ring, &pieces, &diags);

  // Each diagonal separates exactly two triangles; find them.
  for (Diagonal& d : diags) {
    for (int t = 0; t < int(pieces.size()); ++t) {
      if (hasEdge(pieces[t], d.a, d.b)) d.polyA = t;
      if (hasEdge(pieces[t], d.b, d.a)) d.polyB = t;
    }
  }

  // Hertel-Mehlhorn: remove a diagonal when both of its end points stay convex in the merged piece.
  std::vector<bool> alive(pieces.size(), true);
  for (size_t di = 0; di < diags.size(); ++di) {
    Diagonal d = diags[di];
    if (d.polyA < 0 || d.polyB < 0 || d.polyA == d.polyB) continue;
    const std::vector<int>& P = pieces[d.polyA];  // has a -> b
    const std::vector<int>& Q = pieces[d.polyB];  // has b -> a
    if (int(P.size() + Q.size()) - 2 > kMaxPolygonVertices) continue;
    // Merged ring: P from b around to a, then Q strictly between a and b.
    std::vector<int> merged;
    int ib = find(P, d.b);
    for (size_t k = 0; k < P.size(); ++k) merged.push_back(P[(ib + k) % P.size()]);  // b ... a
    int ia = find(Q, d.a);
    for (size_t k = 1; k + 1 < Q.size(); ++k) merged.push_back(Q[(ia + k) % Q.size()]);
    const int m = int(merged.size());
    const int posA = int(P.size()) - 1;  // a's position; b is at 0
    auto convexAt = [&](int i) {
      return orient(ring[merged[(i + m - 1) % m]], ring[merged[i]], ring[merged[(i + 1) % m]]) >= 0.0;
    };
    if (!convexAt(0) || !convexAt(posA)) continue;
    const int keep = d.polyA, gone = d.polyB;
    pieces[keep] = merged;
    pieces[gone].clear();
    alive[gone] = false;
    for (Diagonal& e : diags) {
      if (e.polyA == gone) e.polyA = keep;
      if (e.polyB == gone) e.polyB = keep;
    }
    diags[di].polyA = diags[di].polyB = -1;
  }

  std::vector<Vec2> pts;
  for (size_t t = 0; t < pieces.size(); ++t) {
    if (!alive[t]) continue;
    pts.clear();
    for (int idx : pieces[t]) pts.push_back(ring[idx]);
    Polygon poly;
    Status ps = makePolygon(pts.data(), int(pts.size()), &poly);
    if (ps == Status::ZeroArea || ps == Status::TooFewPoints) continue;  // a sliver triangle of a flat remainder
    if (ps != Status::Ok) {
      parts->clear();
      return ps;
    }
    parts->push_back(static_cast<Polygon&&>(poly));
  }
  if (parts->empty()) return Status::ZeroArea;
  return Status::Ok;
}

Status decompose(const Vec2* points, int count, Polygon* parts, int capacity, int* partCount) {
  if (partCount == nullptr || capacity < 0 || (capacity > 0 && parts == nullptr)) return Status::InvalidArgument;
  *partCount = 0;
  std::vector<Polygon> out;
  Status s = decompose(points, count, &out);
  if (s != Status::Ok) return s;
  *partCount = int(out.size());
  if (int(out.size()) > capacity) return Status::InvalidArgument;
  for (size_t i = 0; i < out.size(); ++i) parts[i] = static_cast<Polygon&&>(out[i]);
  return Status::Ok;
}

}  // namespace sat
