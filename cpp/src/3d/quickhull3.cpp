// Quickhull in 3D (Barber, Dobkin, Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", 1996), as presented by
// Gregorius ("Implementing Quickhull", GDC 2014): an initial tetrahedron from extreme points, then repeatedly the
// point farthest outside some face is added: the faces it sees are removed and the horizon is joined to it.
// Every test uses one distance tolerance relative to the cloud's size: a point within it of the hull is inside,
// a face within it of the eye point is not seen. The resulting triangles are then merged into polygonal faces
// where they are coplanar within the tolerance, and vertices left between two faces only are dropped.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "../index_sort.h"
#include "hull_build3.h"

namespace sat {
namespace detail {
namespace {

struct QEdge {
  int origin;
  int twin;
  int next;
  int face;
};

struct QFace {
  DVec3 normal;
  double offset = 0.0;
  int edge = 0;             ///< first of its three half-edges
  int outsideHead = -1;     ///< first point of its outside set
  int farPoint = -1;        ///< the outside point farthest from its plane
  double farDistance = 0.0;
  bool alive = true;
  double area2 = 0.0;       ///< twice its area
};

// Whether a vertex appears twice in `loop`, by marks in `marks` (one per point, all clear before and after).
bool repeatsVertex(const std::vector<int>& loop, std::vector<char>* marks) {
  bool repeats = false;
  for (int v : loop) {
    repeats |= (*marks)[size_t(v)] != 0;
    (*marks)[size_t(v)] = 1;
  }
  for (int v : loop) (*marks)[size_t(v)] = 0;
  return repeats;
}

class QuickHull {
 public:
  QuickHull(const Vec3* points, int count, double tol, double removeAbove)
      : tol_(tol),
        seenAbove_(removeAbove * tol),
        next_(size_t(count), -1),
        mark_(size_t(count), 0) {
    p_.reserve(size_t(count));
    for (int i = 0; i < count; ++i) p_.push_back(toD(points[i]));
  }

  Status run();
  /// Merges coplanar triangles into polygons and writes the face loops.
  Status mergeFaces(FaceLoops* out) const;

 private:
  Status buildTetrahedron();
  int addTriangle(int a, int b, int c);
  double distance(int face, int point) const { return dot(faces_[size_t(face)].normal, p_[size_t(point)]) - faces_[size_t(face)].offset; }
  void assignToFaces(const std::vector<int>& points, const std::vector<int>& candidates);
  bool computeHorizon(int eye, int root);
  bool foldsOver(int h, int eye) const;
  Status addPoint(int eye, int face);
  int endOf(int e) const { return edges_[size_t(edges_[size_t(e)].next)].origin; }

  double tol_;
  double seenAbove_;  ///< a face is removed when the eye is farther above it than this
  std::vector<DVec3> p_;
  std::vector<int> next_;  ///< outside-set links between points
  std::vector<int> mark_;  ///< stamp of the last addPoint that queued the point
  int stamp_ = 0;
  std::vector<QEdge> edges_;
  std::vector<QFace> faces_;
  // Scratch of addPoint, kept to reuse its memory.
  std::vector<int> visible_, horizon_, orphans_, newFaces_, candidates_;
  std::vector<int> pending_;  ///< faces already passed whose outside set became non-empty again
  size_t cursor_ = 0;         ///< next face to visit in creation order
  std::vector<int> byEnd_;
};

int QuickHull::addTriangle(int a, int b, int c) {
  int f = int(faces_.size());
  int e = int(edges_.size());
  QFace face;
  DVec3 n = cross(p_[size_t(b)] - p_[size_t(a)], p_[size_t(c)] - p_[size_t(a)]);
  double len = length(n);
  face.area2 = len;
  face.normal = len > 0.0 ? (1.0 / len) * n : DVec3{0.0, 0.0, 0.0};
  face.offset = dot(face.normal, (1.0 / 3.0) * (p_[size_t(a)] + p_[size_t(b)] + p_[size_t(c)]));
  face.edge = e;
  faces_.push_back(face);
  edges_.push_back({a, -1, e + 1, f});
  edges_.push_back({b, -1, e + 2, f});
  edges_.push_back({c, -1, e, f});
  return f;
}

Status QuickHull::buildTetrahedron() {
  const int n = int(p_.size());
  // Extreme points along the axes; the farthest-apart pair of them spans the first edge.
  int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  for (int i = 1; i < n; ++i) {
    const double c[3] = {p_[size_t(i)].x, p_[size_t(i)].y, p_[size_t(i)].z};
    for (int k = 0; k < 3; ++k) {
      const double l[3] = {p_[size_t(lo[k])].x, p_[size_t(lo[k])].y, p_[size_t(lo[k])].z};
      const double h[3] = {p_[size_t(hi[k])].x, p_[size_t(hi[k])].y, p_[size_t(hi[k])].z};
      if (c[k] < l[k]) lo[k] = i;
      if (c[k] > h[k]) hi[k] = i;
    }
  }
  int i0 = 0, i1 = 0;
  double best = -1.0;
  for (int k = 0; k < 3; ++k) {
    double d = length(p_[size_t(hi[k])] - p_[size_t(lo[k])]);
    if (d > best) best = d, i0 = lo[k], i1 = hi[k];
  }
  if (!(best > tol_)) return Status::TooFewPoints;
  // The point farthest from that line, then the point farthest from the plane of the three.
  const DVec3 a = p_[size_t(i0)], dir = (1.0 / best) * (p_[size_t(i1)] - a);
  int i2 = -1;
  best = tol_;
  for (int i = 0; i < n; ++i) {
    double d = length(cross(p_[size_t(i)] - a, dir));
    if (d > best) best = d, i2 = i;
  }
  if (i2 < 0) return Status::ZeroVolume;
  DVec3 normal = cross(p_[size_t(i1)] - a, p_[size_t(i2)] - a);
  normal = (1.0 / length(normal)) * normal;
  int i3 = -1;
  best = tol_;
  double side = 0.0;
  for (int i = 0; i < n; ++i) {
    double d = dot(normal, p_[size_t(i)] - a);
    if (std::fabs(d) > best) best = std::fabs(d), i3 = i, side = d;
  }
  if (i3 < 0) return Status::Coplanar;
  if (side > 0.0) std::swap(i1, i2);  // the fourth point must lie below the base face
  const int base = addTriangle(i0, i1, i2);
  addTriangle(i0, i3, i1);
  addTriangle(i1, i3, i2);
  addTriangle(i2, i3, i0);
  (void)base;
  // Twins by matching reversed edges (twelve half-edges).
  for (size_t e = 0; e < edges_.size(); ++e) {
    for (size_t g = 0; g < edges_.size(); ++g) {
      if (edges_[e].origin == endOf(int(g)) && endOf(int(e)) == edges_[g].origin) edges_[e].twin = int(g);
    }
  }
  std::vector<int> rest, all = {0, 1, 2, 3};
  rest.reserve(size_t(n));
  for (int i = 0; i < n; ++i) {
    if (i != i0 && i != i1 && i != i2 && i != i3) rest.push_back(i);
  }
  assignToFaces(rest, all);
  return Status::Ok;
}

// Each point goes to the outside set of the candidate face it is farthest above (beyond tol); points above none
// are inside the hull and dropped for good.
void QuickHull::assignToFaces(const std::vector<int>& points, const std::vector<int>& candidates) {
  for (int i : points) {
    int bestFace = -1;
    double bestDist = tol_;
    for (int f : candidates) {
      double d = distance(f, i);
      if (d > bestDist) bestDist = d, bestFace = f;
    }
    // Dropped as inside. "Within tol of every nearby plane" does not prove it for the finished hull: makeHull
    // checks every point against that.
    if (bestFace < 0) continue;
    QFace& face = faces_[size_t(bestFace)];
    if (face.outsideHead < 0 && size_t(bestFace) < cursor_) pending_.push_back(bestFace);
    next_[size_t(i)] = face.outsideHead;
    face.outsideHead = i;
    if (bestDist > face.farDistance) face.farDistance = bestDist, face.farPoint = i;
  }
}

// Depth-first walk over the faces the eye sees or lies on, starting at `root`; collects them in visible_ and the horizon
// (half-edges of unseen faces whose twins belong to seen ones) in horizon_, in order around the eye.
// Whether the triangle that would join horizon half-edge h (on an unseen face N) to the eye folds back over N:
// the eye lies within tol of N's plane, but on N's side of h, so the triangle's normal turns against N's. N is
// then removed with the seen faces instead.
bool QuickHull::foldsOver(int h, int eye) const {
  const QFace& n = faces_[size_t(edges_[size_t(h)].face)];
  if (distance(edges_[size_t(h)].face, eye) <= -tol_) return false;
  const DVec3 a = p_[size_t(edges_[size_t(h)].origin)], b = p_[size_t(endOf(h))], e = p_[size_t(eye)];
  return dot(cross(a - b, e - b), n.normal) <= 0.0;
}

bool QuickHull::computeHorizon(int eye, int root) {
  struct Frame {
    int stop, edge;
    bool started;
  };
  visible_.clear();
  horizon_.clear();
  std::vector<Frame> stack;
  stack.push_back({faces_[size_t(root)].edge, faces_[size_t(root)].edge, false});
  faces_[size_t(root)].alive = false;
  visible_.push_back(root);
  while (!stack.empty()) {
    Frame& fr = stack.back();
    if (fr.edge == fr.stop && fr.started) {
      stack.pop_back();
      continue;
    }
    fr.started = true;
    const int e = fr.edge;
    fr.edge = edges_[size_t(e)].next;
    const int twin = edges_[size_t(e)].twin;
    const int opp = edges_[size_t(twin)].face;
    if (!faces_[size_t(opp)].alive) continue;
    // In the second mode faces the eye lies on (within tol) are removed with the visible ones: a new triangle
    // attached to such a face can fold back over it (a sliver among near-duplicate points can take any angle).
    const bool seen = distance(opp, eye) > tol_;
    if (seen || distance(opp, eye) > seenAbove_ || foldsOver(twin, eye)) {
      faces_[size_t(opp)].alive = false;
      visible_.push_back(opp);
      stack.push_back({twin, edges_[size_t(twin)].next, true});
    } else {
      horizon_.push_back(twin);
    }
  }
  // The horizon must be one closed loop (the walk meets it clockwise seen from the eye: each unseen half-edge
  // ends where the previous one starts).
  const size_t h = horizon_.size();
  if (h < 3) return false;
  // ... and pass through each vertex once (a pinched loop would join two cone faces to one vertex twice).
  ++stamp_;
  for (size_t i = 0; i < h; ++i) {
    if (endOf(horizon_[(i + 1) % h]) != edges_[size_t(horizon_[i])].origin) return false;
    const int v = edges_[size_t(horizon_[i])].origin;
    if (mark_[size_t(v)] == stamp_) return false;
    mark_[size_t(v)] = stamp_;
  }
  return true;
}

Status QuickHull::addPoint(int eye, int face) {
  if (!computeHorizon(eye, face)) return Status::Degenerate;
  // Points to place again: the outside sets of the removed faces, and their vertices (inside the new cone when
  // the faces were clearly seen, but a face the eye only lay on may leave one of its vertices outside).
  orphans_.clear();
  ++stamp_;
  mark_[size_t(eye)] = stamp_;
  for (int h : horizon_) mark_[size_t(edges_[size_t(h)].origin)] = stamp_;  // they stay on the hull
  for (int f : visible_) {
    for (int i = faces_[size_t(f)].outsideHead; i >= 0; i = next_[size_t(i)]) {
      if (mark_[size_t(i)] != stamp_) mark_[size_t(i)] = stamp_, orphans_.push_back(i);
    }
    faces_[size_t(f)].outsideHead = -1;
    for (int k = 0; k < 3; ++k) {
      const int v = edges_[size_t(faces_[size_t(f)].edge + k)].origin;
      if (mark_[size_t(v)] != stamp_) mark_[size_t(v)] = stamp_, orphans_.push_back(v);
    }
  }
  // One triangle (end, start, eye) per horizon edge; its first edge is the horizon edge's twin.
  newFaces_.clear();
  if (byEnd_.size() < p_.size()) byEnd_.assign(p_.size(), -1);
  for (int h : horizon_) {
    const int a = edges_[size_t(h)].origin, b = endOf(h);
    const int f = addTriangle(b, a, eye);
    const int e = faces_[size_t(f)].edge;
    edges_[size_t(e)].twin = h;
    edges_[size_t(h)].twin = e;
    byEnd_[size_t(b)] = f;
    newFaces_.push_back(f);
  }
  // Side edges: a -> eye of one new face is the twin of eye -> a of the face whose horizon edge ends at a.
  for (int f : newFaces_) {
    const int e = faces_[size_t(f)].edge;
    const int a = edges_[size_t(e + 1)].origin;
    const int g = byEnd_[size_t(a)];
    if (g < 0) return Status::Degenerate;
    const int eg = faces_[size_t(g)].edge + 2;  // eye -> a
    edges_[size_t(e + 1)].twin = eg;
    edges_[size_t(eg)].twin = e + 1;
  }
  for (int h : horizon_) byEnd_[size_t(endOf(h))] = -1;
  for (int f : newFaces_) {
    // A sliver whose normal vanished takes its unseen neighbour's plane (it lies within tol of it).
    if (faces_[size_t(f)].area2 == 0.0) {
      const int nb = edges_[size_t(edges_[size_t(faces_[size_t(f)].edge)].twin)].face;
      faces_[size_t(f)].normal = faces_[size_t(nb)].normal;
      faces_[size_t(f)].offset = faces_[size_t(nb)].offset;
    }
  }
  // Candidates: the new faces, and the unseen faces along the horizon. An orphan can lie above one of those
  // (the eye was within tol of it, so it stayed) while inside every new face; testing only the new faces would
  // drop it although it is outside the hull.
  candidates_ = newFaces_;
  for (int h : horizon_) candidates_.push_back(edges_[size_t(h)].face);
  assignToFaces(orphans_, candidates_);
  return Status::Ok;
}

Status QuickHull::run() {
  Status s = buildTetrahedron();
  if (s != Status::Ok) return s;
  // Faces in creation order; a face already passed that receives outside points again (an old face along a
  // horizon can) is pending and goes first. A former vertex can come back as an outside point (see addPoint);
  // on near-duplicate points two of them can take turns forever, so the steps are bounded (each normally adds
  // a new vertex): past the bound the input is Degenerate in this mode.
  const long maxSteps = 4L * long(p_.size()) + 64;
  long steps = 0;
  for (;;) {
    int f;
    if (!pending_.empty()) {
      f = pending_.back();
      pending_.pop_back();
    } else if (cursor_ < faces_.size()) {
      f = int(cursor_++);
    } else {
      break;
    }
    if (!faces_[size_t(f)].alive || faces_[size_t(f)].outsideHead < 0) continue;
    if (++steps > maxSteps) return Status::Degenerate;
    s = addPoint(faces_[size_t(f)].farPoint, f);
    if (s != Status::Ok) return s;
  }
  return Status::Ok;
}

// Coplanar merging: triangles are grouped, largest first, with every neighbour whose three vertices lie within
// 2 tol of the seed triangle's plane. Each group's outer boundary becomes one face. A group whose boundary is not
// one simple loop is split back into its triangles. Finally a vertex with only two faces around it lies on the
// edge between them and is dropped from both loops.
Status QuickHull::mergeFaces(FaceLoops* out) const {
  std::vector<int> live;
  for (size_t f = 0; f < faces_.size(); ++f) {
    if (!faces_[f].alive) continue;
    live.push_back(int(f));
    for (int k = 0; k < 3; ++k) {  // every edge of the surface joined to a live face
      const int t = edges_[size_t(faces_[f].edge + k)].twin;
      if (t < 0 || !faces_[size_t(edges_[size_t(t)].face)].alive) return Status::Degenerate;
    }
  }
  // Seeds in order of decreasing area, equal areas by face index (live is in index order, and sortIndices keeps
  // equal elements in their order).
  std::vector<uint32_t> order(live.size());
  struct ByArea {
    const QFace* faces;
    const int* live;
  } const byArea{faces_.data(), live.data()};
  sortIndices(order.data(), order.size(), [](const void* context, uint32_t a, uint32_t b) {
    const ByArea& c = *static_cast<const ByArea*>(context);
    return c.faces[c.live[a]].area2 > c.faces[c.live[b]].area2;
  }, &byArea);
  std::vector<int> alive(live.size());
  for (size_t k = 0; k < order.size(); ++k) alive[k] = live[order[k]];
  const double mergeTol = 2.0 * tol_;
  std::vector<int> group(faces_.size(), -1);
  std::vector<int> members, queue;
  std::vector<std::vector<int>> loops;
  std::vector<int> loop;
  std::vector<char> onLoop(p_.size(), 0);  // repeatsVertex's marks, all clear between calls
  int groupCount = 0;
  for (int seed : alive) {
    if (group[size_t(seed)] >= 0) continue;
    const QFace& sf = faces_[size_t(seed)];
    const int g = groupCount++;
    members.assign(1, seed);
    group[size_t(seed)] = g;
    for (size_t k = 0; k < members.size(); ++k) {
      const int e0 = faces_[size_t(members[k])].edge;
      for (int j = 0; j < 3; ++j) {
        const int nb = edges_[size_t(edges_[size_t(e0 + j)].twin)].face;
        if (group[size_t(nb)] >= 0 || dot(faces_[size_t(nb)].normal, sf.normal) <= 0.0) continue;
        const int ne = faces_[size_t(nb)].edge;
        bool flat = true;
        for (int v = 0; v < 3; ++v) {
          if (std::fabs(dot(sf.normal, p_[size_t(edges_[size_t(ne + v)].origin)]) - sf.offset) > mergeTol) flat = false;
        }
        if (flat) {
          group[size_t(nb)] = g;
          members.push_back(nb);
        }
      }
    }
    // The group's boundary: half-edges whose twin lies in another group, chained by walking around each end
    // vertex inside the group.
    int start = -1, boundaryCount = 0;
    for (int f : members) {
      for (int j = 0; j < 3; ++j) {
        const int e = faces_[size_t(f)].edge + j;
        if (group[size_t(edges_[size_t(edges_[size_t(e)].twin)].face)] != g) {
          ++boundaryCount;
          if (start < 0) start = e;
        }
      }
    }
    loop.clear();
    bool simple = start >= 0;
    for (int e = start; simple;) {
      loop.push_back(edges_[size_t(e)].origin);
      int h = edges_[size_t(e)].next;  // leaves the end vertex inside the group
      int guard = 0;
      while (group[size_t(edges_[size_t(edges_[size_t(h)].twin)].face)] == g && guard++ < 1000) {
        h = edges_[size_t(edges_[size_t(h)].twin)].next;
      }
      if (guard >= 1000 || int(loop.size()) > boundaryCount) simple = false;
      e = h;
      if (e == start) break;
    }
    if (!simple || int(loop.size()) != boundaryCount || repeatsVertex(loop, &onLoop)) {
      for (int f : members) {  // not a disc: keep the triangles
        const int e0 = faces_[size_t(f)].edge;
        loops.push_back({edges_[size_t(e0)].origin, edges_[size_t(e0 + 1)].origin, edges_[size_t(e0 + 2)].origin});
      }
    } else {
      loops.push_back(loop);
    }
  }
  // Drop vertices that only two faces share and that lie within tol of the segment between their neighbours (a
  // point on the edge between the two faces), unless a face would fall below three vertices.
  std::vector<int> faceCount(p_.size(), 0);
  for (const auto& l : loops) {
    for (int v : l) ++faceCount[size_t(v)];
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t v = 0; v < p_.size(); ++v) {
      if (faceCount[v] != 2) continue;
      int owners[2], k = 0;
      for (size_t f = 0; f < loops.size() && k < 2; ++f) {
        if (std::find(loops[f].begin(), loops[f].end(), int(v)) != loops[f].end()) owners[k++] = int(f);
      }
      if (k != 2 || loops[size_t(owners[0])].size() < 4 || loops[size_t(owners[1])].size() < 4) continue;
      // Only when it lies on the segment between its neighbours (a flat slab's tip also has just two faces).
      const auto& l0 = loops[size_t(owners[0])];
      const size_t at = size_t(std::find(l0.begin(), l0.end(), int(v)) - l0.begin());
      const DVec3 prev = p_[size_t(l0[(at + l0.size() - 1) % l0.size()])], next = p_[size_t(l0[(at + 1) % l0.size()])];
      const DVec3 d = next - prev;
      const double len = length(d);
      if (!(len > 0.0) || length(cross(p_[v] - prev, d)) > tol_ * len) continue;
      for (int f : owners) {
        auto& l = loops[size_t(f)];
        l.erase(std::find(l.begin(), l.end(), int(v)));
      }
      faceCount[v] = 0;
      changed = true;
    }
  }
  out->indices.clear();
  out->starts.assign(1, 0);
  for (const auto& l : loops) {
    out->indices.insert(out->indices.end(), l.begin(), l.end());
    out->starts.push_back(int(out->indices.size()));
  }
  return Status::Ok;
}

}  // namespace

Status checkPoints3(const Vec3* points, int count) {
  for (int i = 0; i < count; ++i) {
    if (!isValid(points[i])) return Status::NonFinite;
  }
  for (int i = 0; i < count; ++i) {
    if (!isInRange(points[i])) return Status::OutOfRange;
  }
  if (count > kMaxHull3Input) return Status::TooManyPoints;
  return Status::Ok;
}

double pointCloudSize(const Vec3* points, int count) {
  if (count <= 0) return 0.0;
  DVec3 lo = toD(points[0]), hi = lo;
  for (int i = 1; i < count; ++i) {
    DVec3 p = toD(points[i]);
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  return std::max(hi.x - lo.x, std::max(hi.y - lo.y, hi.z - lo.z));
}

Status quickhull(const Vec3* points, int count, double tol, double removeAbove, FaceLoops* faces) {
  QuickHull qh(points, count, tol, removeAbove);
  Status s = qh.run();
  if (s != Status::Ok) return s;
  return qh.mergeFaces(faces);
}

}  // namespace detail
}  // namespace sat
