// SAT between convex polyhedra (Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013):
// the face normals of both hulls, and the cross products of those edge pairs whose arcs on the Gauss map cross
// (exactly the edge pairs that form a face of the Minkowski difference; every other edge pair's axis can be
// skipped). The largest separation over these axes is the exact signed distance when the hulls overlap.
// Contacts (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015): for a face axis the incident
// face (most anti-parallel to the reference face) is clipped to the reference face's side planes; for an edge
// axis one point between the closest points of the two edges. More than four points are reduced to four.
#include <cfloat>
#include <cmath>

#include "narrow3.h"

namespace sat {
namespace detail {

void makeColumns(const HullView& h, HullColumns* out) {
  const int blocks = (h.nv + 3) >> 2;
  const int last = h.nv - 1;
  for (int b = 0; b < blocks; ++b) {
    const int i = 4 * b;
    const Vec3 p0 = h.v[i], p1 = h.v[i + 1 <= last ? i + 1 : last], p2 = h.v[i + 2 <= last ? i + 2 : last],
               p3 = h.v[i + 3 <= last ? i + 3 : last];
    out->sx[b] = F4{p0.x, p1.x, p2.x, p3.x};
    out->sy[b] = F4{p0.y, p1.y, p2.y, p3.y};
    out->sz[b] = F4{p0.z, p1.z, p2.z, p3.z};
  }
  out->x = out->sx, out->y = out->sy, out->z = out->sz, out->blocks = blocks;
}

namespace {
// min over the columns' vertices of dot(n, v), summed in dot()'s order.
inline float minProjection(const VertexColumns& c, Vec3 n) {
  const F4 nx = splat4(n.x), ny = splat4(n.y), nz = splat4(n.z);
  F4 m = nx * c.x[0] + ny * c.y[0] + nz * c.z[0];
  SAT_UNROLL2
  for (int b = 1; b < c.blocks; ++b) m = min4(m, nx * c.x[b] + ny * c.y[b] + nz * c.z[b]);
  return hmin4(m);
}
inline void projectionRange(const VertexColumns& c, Vec3 n, float* lo, float* hi) {
  const F4 nx = splat4(n.x), ny = splat4(n.y), nz = splat4(n.z);
  F4 mn = nx * c.x[0] + ny * c.y[0] + nz * c.z[0], mx = mn;
  SAT_UNROLL2
  for (int b = 1; b < c.blocks; ++b) {
    const F4 d = nx * c.x[b] + ny * c.y[b] + nz * c.z[b];
    mn = min4(mn, d), mx = max4(mx, d);
  }
  *lo = hmin4(mn), *hi = hmax4(mx);
}
}  // namespace

float faceSeparationReference(const HullView& a, int face, const HullView& b) {
  const Plane p = a.planes[face];
  float lo = FLT_MAX;
  for (int i = 0; i < b.nv; ++i) {
    const float d = dot(p.normal, b.v[i]);
    lo = d < lo ? d : lo;  // not std::fmin: its NaN rule makes it a library call
  }
  return lo - p.offset;
}

namespace {
// faceSeparation in line, for the loops that call it per face.
inline float faceSeparationInline(const HullView& a, int face, const HullView& b) {
  if (b.cols == nullptr) return faceSeparationReference(a, face, b);
  return minProjection(*b.cols, a.planes[face].normal) - a.planes[face].offset;
}
}  // namespace

float faceSeparation(const HullView& a, int face, const HullView& b) { return faceSeparationInline(a, face, b); }

namespace {
// A vertex whose distance (rounded as the minimum's would be) is <= best keeps the separation <= best, since
// rounding a difference is monotonic in its first operand: checked after each block of four vertices.
inline float separationAbove(const Plane& p, const VertexColumns& c, float best) {
  const F4 nx = splat4(p.normal.x), ny = splat4(p.normal.y), nz = splat4(p.normal.z);
  const F4 off = splat4(p.offset), bar = splat4(best);
  F4 m = nx * c.x[0] + ny * c.y[0] + nz * c.z[0];
  for (int b = 1; b < c.blocks; ++b) {
    if (bits4(m - off <= bar) != 0) return best;
    m = min4(m, nx * c.x[b] + ny * c.y[b] + nz * c.z[b]);
  }
  return hmin4(m) - p.offset;
}
}  // namespace

float faceSeparationAbove(const Plane& p, const VertexColumns& c, float best) { return separationAbove(p, c, best); }

int supportVertexReference(const HullView& h, Vec3 d) {
  int best = 0;
  float hi = dot(d, h.v[0]);
  for (int i = 1; i < h.nv; ++i) {
    const float s = dot(d, h.v[i]);
    if (s > hi) hi = s, best = i;
  }
  return best;
}

[[gnu::noinline]] int supportVertex(const HullView& h, Vec3 d) {
  if (h.cols == nullptr) return supportVertexReference(h, d);
  // The largest projection four vertices at a time, then the first vertex that reaches it (the reference keeps
  // the first of equal ones; a padding lane repeats the last vertex, which comes before it in its block).
  const VertexColumns& c = *h.cols;
  const F4 dx = splat4(d.x), dy = splat4(d.y), dz = splat4(d.z);
  F4 m = dx * c.x[0] + dy * c.y[0] + dz * c.z[0];
  for (int b = 1; b < c.blocks; ++b) m = max4(m, dx * c.x[b] + dy * c.y[b] + dz * c.z[b]);
  const F4 hi = splat4(hmax4(m));
  for (int b = 0;; ++b) {
    const int hit = bits4(dx * c.x[b] + dy * c.y[b] + dz * c.z[b] == hi);
    if (hit != 0) return 4 * b + __builtin_ctz(unsigned(hit));
  }
}

void faceBoundsReference(const HullView& a, Vec3 x, float* bounds) {
  for (int f = 0; f < a.nf; ++f) bounds[f] = signedDistance(a.planes[f], x);
}

[[gnu::noinline]] float faceBounds(const HullView& a, Vec3 x, float* bounds) {
  // The largest bound is kept as they are computed (for queryFaces' first face).
  if (a.planeCols != nullptr) {
    // From the columns: each lane sums signedDistance in its order. The columns' pointers and the face count are
    // read once: the stores to `bounds` would otherwise make the compiler read them again for every block.
    const F4 *cx = a.planeCols->x, *cy = a.planeCols->y, *cz = a.planeCols->z, *off = a.planeCols->off;
    const int nf = a.nf;
    const F4 px = splat4(x.x), py = splat4(x.y), pz = splat4(x.z);
    F4 hi = splat4(-FLT_MAX);
    int b = 0;
    SAT_UNROLL2
    for (; 4 * b + 4 <= nf; ++b) {
      const F4 d = cx[b] * px + cy[b] * py + cz[b] * pz - off[b];
      __builtin_memcpy(bounds + 4 * b, &d, sizeof(F4));
      hi = max4(hi, d);
    }
    if (4 * b < nf) {  // the padding lanes repeat the last plane: no larger than the real ones
      const F4 d = cx[b] * px + cy[b] * py + cz[b] * pz - off[b];
      for (int f = 4 * b; f < nf; ++f) bounds[f] = d[f - 4 * b];
      hi = max4(hi, d);
    }
    return hmax4(hi);
  }
  // Four planes at a time: a Plane is four floats (normal, offset), so four of them load as the rows of a 4 x 4
  // block whose transpose gives the normals' columns and the offsets. Each lane sums dot() in its order.
  static_assert(sizeof(Plane) == sizeof(F4), "a Plane is four packed floats");
  const F4 px = splat4(x.x), py = splat4(x.y), pz = splat4(x.z);
  F4 hi = splat4(-FLT_MAX);
  int f = 0;
  for (; f + 4 <= a.nf; f += 4) {
    F4 nx, ny, nz, off;
    __builtin_memcpy(&nx, &a.planes[f], sizeof(F4));
    __builtin_memcpy(&ny, &a.planes[f + 1], sizeof(F4));
    __builtin_memcpy(&nz, &a.planes[f + 2], sizeof(F4));
    __builtin_memcpy(&off, &a.planes[f + 3], sizeof(F4));
    transpose4(nx, ny, nz, off);
    const F4 d = nx * px + ny * py + nz * pz - off;
    __builtin_memcpy(bounds + f, &d, sizeof(F4));
    hi = max4(hi, d);
  }
  float largest = hmax4(hi);
  for (; f < a.nf; ++f) {
    bounds[f] = signedDistance(a.planes[f], x);
    largest = bounds[f] > largest ? bounds[f] : largest;
  }
  return largest;
}

int deepestVertexReference(const Plane& p, const HullView& b) {
  int best = 0;
  float lo = signedDistance(p, b.v[0]);
  for (int i = 1; i < b.nv; ++i) {
    const float d = signedDistance(p, b.v[i]);
    if (d < lo) lo = d, best = i;
  }
  return best;
}

FaceQuery queryFacesReference(const HullView& a, const HullView& b, const float* bounds, float stopAbove,
                              float* deep) {
  // B's centroid is inside B, so no vertex of B is farther from a plane than it is: bounds[f] caps face f's
  // separation. The face with the largest cap goes first (usually the answer), then only faces that could beat it.
  // B's vertex deepest under that first face is a second point of B whose distances cap the faces too (the smaller
  // of the two caps each face: about half as many faces measured on touching pairs).
  int first = 0;
  for (int f = 1; f < a.nf; ++f) {
    if (bounds[f] > bounds[first]) first = f;
  }
  FaceQuery best{first, faceSeparationReference(a, first, b)};
  if (best.separation > stopAbove) return best;
  if (deep != nullptr) faceBoundsReference(a, b.v[deepestVertexReference(a.planes[first], b)], deep);
  for (int f = 0; f < a.nf; ++f) {
    const float cap = deep != nullptr && deep[f] < bounds[f] ? deep[f] : bounds[f];
    if (cap <= best.separation || f == first) continue;
    const float s = faceSeparationReference(a, f, b);
    if (s > best.separation) {
      best = {f, s};
      if (s > stopAbove) return best;
    }
  }
  return best;
}

namespace {
// The largest of v[0..n), n >= 1, four at a time.
inline float largestOf(const float* v, int n) {
  float hi = v[0];
  int f = 0;
  if (n >= 4) {
    F4 m;
    __builtin_memcpy(&m, v, sizeof m);
    for (f = 4; f + 4 <= n; f += 4) {
      F4 x;
      __builtin_memcpy(&x, v + f, sizeof x);
      m = max4(m, x);
    }
    hi = hmax4(m);
  }
  for (; f < n; ++f) hi = v[f] > hi ? v[f] : hi;
  return hi;
}
// The set of v[0..n), n <= 64, equal to h (bit f: v[f]).
inline uint64_t equalSet(const float* v, int n, float h) {
  const F4 x4 = splat4(h);
  uint64_t equal = 0;
  int f = 0;
  for (; f + 4 <= n; f += 4) {
    F4 x;
    __builtin_memcpy(&x, v + f, sizeof x);
    equal |= uint64_t(unsigned(bits4(x == x4))) << f;
  }
  for (; f < n; ++f) equal |= uint64_t(v[f] == h) << f;
  return equal;
}
// The index of the first element of v[0..n) equal to hi, the largest (as a scalar scan keeping the first of the
// largest does; a largest of either sign of zero finds the same element).
inline int firstEqual(const float* v, int n, float hi) {
  // The set of those equal to hi, 64 values at a time, then its first: no branch on the values, whose first equal
  // one is unpredictable.
  for (int base = 0; base < n; base += 64) {
    const uint64_t equal = equalSet(v + base, n - base < 64 ? n - base : 64, hi);
    if (equal != 0) return base + __builtin_ctzll(equal);
  }
  return 0;  // only when a NaN (never among valid shapes' caps) left nothing equal to the largest
}
}  // namespace

namespace {
// Plane p against the columns c into out (c.blocks F4, at least one): signedDistance lane by lane.
inline const F4* planeRow(const Plane& p, const VertexColumns& c, F4* out) {
  const F4 nx = splat4(p.normal.x), ny = splat4(p.normal.y), nz = splat4(p.normal.z), off = splat4(p.offset);
  out[0] = nx * c.x[0] + ny * c.y[0] + nz * c.z[0] - off;
  SAT_UNROLL2
  for (int b = 1; b < c.blocks; ++b) out[b] = nx * c.x[b] + ny * c.y[b] + nz * c.z[b] - off;
  return out;
}
// Row f of `rows`: plane f of h against the columns c (signedDistance lane by lane), computed now if it is not
// kept yet; into `temp` (c.blocks F4) when the rows are full.
inline const F4* faceRow(const HullView& h, int f, const VertexColumns& c, FaceRows* rows, F4* temp) {
  const int at = rows->at[f];
  if (at >= 0) return rows->d.data() + at;
  F4* out = temp;
  if (rows->used + c.blocks <= FaceRows::kCapacity) {
    out = rows->d.data() + rows->used;
    rows->at[f] = int16_t(rows->used);
    rows->used += c.blocks;
  }
  return planeRow(h.planes[f], c, out);
}
// The smallest of a row: face f's separation. The same value as minProjection - offset, since rounding a
// difference is monotonic in its first operand.
inline float rowMin(const F4* row, int blocks) {
  F4 m = row[0];
  for (int b = 1; b < blocks; ++b) m = min4(m, row[b]);
  return hmin4(m);
}
// planeRow and the row's smallest value (rowMin's), taken as the row is computed.
inline float planeRowMin(const Plane& p, const VertexColumns& c, F4* out) {
  const F4 nx = splat4(p.normal.x), ny = splat4(p.normal.y), nz = splat4(p.normal.z), off = splat4(p.offset);
  const F4 *cx = c.x, *cy = c.y, *cz = c.z;
  const int blocks = c.blocks;
  F4 m = nx * cx[0] + ny * cy[0] + nz * cz[0] - off;
  out[0] = m;
  SAT_UNROLL2
  for (int b = 1; b < blocks; ++b) {
    const F4 d = nx * cx[b] + ny * cy[b] + nz * cz[b] - off;
    out[b] = d;
    m = min4(m, d);
  }
  return hmin4(m);
}
// faceRow and the row's smallest value (face f's separation, as rowMin gives it), taken as a new row is computed.
inline float faceRowMin(const HullView& h, int f, const VertexColumns& c, FaceRows* rows, F4* temp) {
  const int at = rows->at[f];
  const int blocks = c.blocks;
  if (at >= 0) return rowMin(rows->d.data() + at, blocks);
  F4* out = temp;
  if (rows->used + blocks <= FaceRows::kCapacity) {
    out = rows->d.data() + rows->used;
    rows->at[f] = int16_t(rows->used);
    rows->used += blocks;
  }
  return planeRowMin(h.planes[f], c, out);
}
// The first vertex (lane) of a row whose distance is m, the row's minimum: the padding lanes repeat the last
// vertex, after it, so this is deepestVertexReference's vertex.
inline int rowFirstEqual(const F4* row, int blocks, float m) {
  // The set of lanes equal to m, 16 blocks at a time (bit 4 k + l: lane l of block base + k), then its first: no
  // branch on the values, whose deepest vertex is unpredictable.
  const F4 x = splat4(m);
  for (int base = 0;; base += 16) {
    const int end = blocks - base < 16 ? blocks : base + 16;
    uint64_t equal = 0;
    for (int b = base; b < end; ++b) equal |= uint64_t(unsigned(bits4(row[b] == x))) << (4 * (b - base));
    if (equal != 0) return 4 * base + __builtin_ctzll(equal);
  }
}
}  // namespace

namespace {
// The caps of n <= 64 faces (the smaller of bounds[f] and deep[f], or bounds[f] without deep) into caps, and the
// set of those above best (bit f: face f).
inline uint64_t capsAbove(const float* bounds, const float* deep, int n, float best, float* caps) {
  const F4 bar = splat4(best);
  uint64_t above = 0;
  int f = 0;
  for (; f + 4 <= n; f += 4) {
    F4 c;
    __builtin_memcpy(&c, bounds + f, sizeof c);
    if (deep != nullptr) {
      F4 d;
      __builtin_memcpy(&d, deep + f, sizeof d);
      c = d < c ? d : c;
    }
    __builtin_memcpy(caps + f, &c, sizeof c);
    above |= uint64_t(unsigned(bits4(c > bar))) << f;
  }
  for (; f < n; ++f) {
    caps[f] = deep != nullptr && deep[f] < bounds[f] ? deep[f] : bounds[f];
    above |= uint64_t(caps[f] > best) << f;
  }
  return above;
}
}  // namespace

FaceQuery queryFaces(const HullView& a, const HullView& b, const float* bounds, float stopAbove, FaceRows* rows,
                     float* deep, int first) {
  // queryFacesReference with the caps compared with the best so far 64 at a time: a face whose cap is below the
  // best at its set's start is below it at its turn too (the best only rises), and a face that passes is checked
  // again at its turn, so the same faces are measured in the same order.
  if (b.cols == nullptr) rows = nullptr;
  UninitArray<F4, (kMaxHullVertices + 3) / 4> temp;  // a row that does not fit in `rows`
  FaceQuery best;
  auto measure = [&](int f) {
    if (rows != nullptr) return faceRowMin(a, f, *b.cols, rows, temp.data());
    if (b.cols != nullptr) return separationAbove(a.planes[f], *b.cols, best.separation);
    return faceSeparationInline(a, f, b);
  };
  if (first < 0) first = firstEqual(bounds, a.nf, largestOf(bounds, a.nf));
  int deepest = 0;
  if (rows != nullptr || (deep != nullptr && b.cols != nullptr)) {
    // The first face from its row (kept when there are rows), whose first lane at the minimum is the deepest vertex.
    const F4* row = temp.data();
    if (rows != nullptr) {
      best = {first, faceRowMin(a, first, *b.cols, rows, temp.data())};
      if (rows->at[first] >= 0) row = rows->d.data() + rows->at[first];
    } else {
      best = {first, planeRowMin(a.planes[first], *b.cols, temp.data())};
    }
    if (best.separation > stopAbove) return best;
    deepest = rowFirstEqual(row, b.cols->blocks, best.separation);
  } else {
    best = {first, faceSeparationInline(a, first, b)};
    if (best.separation > stopAbove) return best;
    if (deep != nullptr) deepest = deepestVertexReference(a.planes[first], b);
  }
  if (deep != nullptr) faceBounds(a, vertexOf(b, deepest), deep);  // b's vertex array may not be written yet
  auto tryFace = [&](int f, float cap) {
    if (cap <= best.separation || f == first) return false;
    const float s = measure(f);
    if (s > best.separation) {
      best = {f, s};
      if (s > stopAbove) return true;
    }
    return false;
  };
  // The faces whose caps exceed the best, as a set of up to 64 faces at a time (capsAbove), then those faces in
  // order: one unpredictable loop exit per 64 faces rather than one per block of four.
  const int nf = a.nf;  // read once: the rows' stores would make it be read again per block
  alignas(16) float caps[64];
  for (int base = 0; base < nf; base += 64) {
    uint64_t pass = capsAbove(bounds + base, deep != nullptr ? deep + base : nullptr, nf - base < 64 ? nf - base : 64,
                              best.separation, caps);
    for (; pass != 0; pass &= pass - 1) {
      const int k = __builtin_ctzll(pass);
      if (tryFace(base + k, caps[k])) return best;
    }
  }
  return best;
}

FaceQuery queryFaces(const HullView& a, const HullView& b, float stopAbove) {
  UninitArray<float, kMaxHullFaces> bounds;
  faceBounds(a, b.centroid, bounds.data());
  return queryFaces(a, b, bounds.data(), stopAbove);
}

void startFaceQuery(const HullView& a, Vec3 x, FaceStart* out) {
  out->largest = faceBounds(a, x, out->bounds.data());
  out->first = firstEqual(out->bounds.data(), a.nf, out->largest);
}

float edgeSeparation(const HullView& a, int ea, const HullView& b, int eb, Vec3* normal) {  // NOLINT
  const Vec3 pA = a.v[a.edges[ea].origin], qA = a.v[a.edges[ea ^ 1].origin];
  const Vec3 pB = vertexOf(b, b.edges[eb].origin), qB = vertexOf(b, b.edges[eb ^ 1].origin);  // b may be moved
  const Vec3 eA = qA - pA, eB = qB - pB;
  Vec3 n = cross(eA, eB);
  const float len = length(n);
  // Parallel edges (within 1e-5 rad) span no axis of their own: the faces beside them cover it.
  if (!(len > 1.0e-5f * std::sqrt(lengthSquared(eA) * lengthSquared(eB)))) return -FLT_MAX;
  n = (1.0f / len) * n;
  if (dot(n, pA - a.centroid) < 0.0f) n = -n;
  *normal = n;
  return dot(n, pB - pA);
}

namespace {
// Arcs a-b (A's edge: its faces' normals) and c-d (B's edge, normals negated) cross on the unit sphere.
// bxa = cross(b, a) and dxc = cross(d, c) are the normals of the arcs' planes. The arcs cross when each one's
// end points lie on opposite sides of the other's plane, and on the same hemisphere (cba * bdc > 0).
inline bool isMinkowskiFace(Vec3 a, Vec3 b, Vec3 bxa, Vec3 c, Vec3 d, Vec3 dxc) {
  const float cba = dot(c, bxa), dba = dot(d, bxa);
  if (!(cba * dba < 0.0f)) return false;  // most pairs stop here: two dot products instead of four
  const float adc = dot(a, dxc), bdc = dot(b, dxc);
  return adc * bdc < 0.0f && cba * bdc > 0.0f;
}
}  // namespace

namespace {
// Whether an edge whose Gauss-map arc joins unit normals u and w (cosine cosUW) can have a separation above
// `best`, given m = max(dot(u, x), dot(w, x)) for the offset x that bounds it (see queryEdgesReference): along any
// n on the arc, dot(n, x) <= m when m < 0, and <= m / cos(half the arc's angle) otherwise.
inline bool edgeMayBeat(float m, float cosUW, float best) {
  if (m < 0.0f) return m > best;
  if (best < 0.0f) return true;
  const float c2 = 0.5f * (1.0f + cosUW);  // cos^2 of half the arc
  return !(m * m <= best * best * c2);
}
// The same for h's edge between faces u and w (the cosine computed only when needed).
inline bool edgeMayBeat(float m, const HullView& h, int u, int w, float best) {
  if (m < 0.0f) return m > best;
  if (best < 0.0f) return true;
  return edgeMayBeat(m, dot(h.planes[u].normal, h.planes[w].normal), best);
}
// The cap of an edge from points' distances to the planes: the smallest over the points of the larger of its two
// faces' distances (FLT_MAX without points: it then rules out nothing).
inline float capOf(const float* const* caps, int u, int w) {
  float m = FLT_MAX;
  for (int k = 0; k < 2 && caps[k] != nullptr; ++k) {
    const float x = caps[k][u] > caps[k][w] ? caps[k][u] : caps[k][w];
    m = x < m ? x : m;
  }
  return m;
}
}  // namespace

float edgeBoundReference(const HullView& h, int u, int w, const HullView& o) {
  float m = FLT_MAX;
  for (int k = 0; k < o.nv; ++k) {
    const float du = signedDistance(h.planes[u], o.v[k]), dw = signedDistance(h.planes[w], o.v[k]);
    const float x = du > dw ? du : dw;
    m = x < m ? x : m;
  }
  return m;
}

EdgeQuery queryEdgesReference(const HullView& a, const HullView& b, const EdgeBounds& bounds, float floor,
                              float stopAbove) {
  // Edge pairs that cannot beat `floor` (the best face separation) are skipped before the Gauss-map test. For an
  // edge of A with faces u, w, every axis n of its pairs lies on its arc and A's support along n is the edge, so
  // for any point x of B the pair separates by at most dot(n, x - pA); with d the signed distances of x to A's
  // planes, dot(u, x - pA) = d[u]. The points: first up to two given ones (B's centroid and deepest vertex: their
  // caps, cheap), then every vertex of B (the edge's bound, edgeBoundReference: the smallest over B's vertices,
  // which costs a row of distances per face); for an edge of B the same with the caps of points of A and -n.
  // Only A's edges take the second step: with A's list that short (about 2 of 27 edges of a touching 20-vertex
  // pair), testing B's edges that pass the caps on the Gauss map costs less than their rows would.
  EdgeQuery best;
  float bar = floor;
  struct BEdge {
    Vec3 c, d, dxc;
    int index;
  };
  UninitArray<BEdge, kMaxHullEdges> edgesB;
  int nb = 0;
  for (int j = 0; j < b.nh; j += 2) {
    const int fc = b.edges[j].face, fd = b.edges[j ^ 1].face;
    if (!edgeMayBeat(capOf(bounds.capsB, fc, fd), b, fc, fd, bar)) continue;
    const Vec3 c = b.planes[fc].normal, d = b.planes[fd].normal;
    // B's normals negated for the Minkowski difference A - B; cross(-d, -c) = cross(d, c).
    edgesB[nb++] = {-c, -d, cross(d, c), j};
  }
  for (int i = 0; i < a.nh; i += 2) {
    const int fu = a.edges[i].face, fw = a.edges[i ^ 1].face;
    if (!edgeMayBeat(capOf(bounds.capsA, fu, fw), a, fu, fw, bar)) continue;
    if (!edgeMayBeat(edgeBoundReference(a, fu, fw, b), a, fu, fw, bar)) continue;
    const Vec3 na = a.planes[fu].normal, nbn = a.planes[fw].normal;
    const Vec3 bxa = cross(nbn, na);
    for (int k = 0; k < nb; ++k) {
      const BEdge& e = edgesB[k];
      if (!isMinkowskiFace(na, nbn, bxa, e.c, e.d, e.dxc)) continue;
      Vec3 n;
      float s = edgeSeparation(a, i, b, e.index, &n);
      if (s <= best.separation) continue;
      // edgeSeparation measures the gap between the two edges only, which is the hulls' gap along n when the
      // pair is a Minkowski face. Nearly parallel edges on nearly coincident arcs pass the Gauss-map test on
      // round-off alone: a candidate that would win is measured by projecting both hulls (exact for any axis).
      s = axisSeparation(a, b, &n);
      if (s > best.separation) {
        best.edgeA = i, best.edgeB = e.index, best.separation = s, best.normal = n;
        if (s > bar) bar = s;
        if (s > stopAbove) return best;
      }
    }
  }
  return best;
}

namespace {
// edgeBoundReference from two rows of FaceRows (the same distances, four vertices at a time).
inline float edgeBoundOfRows(const F4* ru, const F4* rw, int blocks) {
  F4 m = max4(ru[0], rw[0]);
  SAT_UNROLL2
  for (int b = 1; b < blocks; ++b) m = min4(m, max4(ru[b], rw[b]));
  return hmin4(m);
}
// The bound of h's edge (faces u, w) against o: from the rows when o has columns, else one vertex at a time.
struct EdgeBounder {
  EdgeBounder(const HullView& hull, const HullView& other, FaceRows* r) : h(hull), o(other), rows(r) {}
  const HullView& h;
  const HullView& o;
  FaceRows* rows;
  UninitArray<F4, (kMaxHullVertices + 3) / 4> tempU, tempW;  // rows that do not fit in `rows`
  float operator()(int u, int w) {
    if (o.cols == nullptr || rows == nullptr) return edgeBoundReference(h, u, w, o);
    const F4* ru = faceRow(h, u, *o.cols, rows, tempU.data());
    const F4* rw = faceRow(h, w, *o.cols, rows, tempW.data());
    return edgeBoundOfRows(ru, rw, o.cols->blocks);
  }
  /// Makes the rows of every face of the listed edges (h's edge numbers), when h has at most 64 faces and o has
  /// columns of at most 16 blocks (then every row fits: 64 x 16 blocks is FaceRows' capacity); then rowOf gives
  /// them with no check. Returns whether it did. The rows not kept yet are found as a set first and computed in
  /// face order, so no branch asks whether each face's row is kept.
  bool keepRows(const uint16_t* listed, int count) {
    static_assert(64 * 16 <= FaceRows::kCapacity, "the rows of 64 faces against 16 blocks fit");
    if (o.cols == nullptr || rows == nullptr || h.nf > 64 || o.cols->blocks > 16) return false;
    uint64_t missing = 0;
    for (int k = 0; k < count; ++k) {
      const int u = h.edges[2 * listed[k]].face, w = h.edges[2 * listed[k] + 1].face;
      missing |= (uint64_t(rows->at[u] < 0) << u) | (uint64_t(rows->at[w] < 0) << w);
    }
    const int blocks = o.cols->blocks;
    for (; missing != 0; missing &= missing - 1) {
      const int f = __builtin_ctzll(missing);
      rows->at[f] = int16_t(rows->used);
      planeRow(h.planes[f], *o.cols, rows->d.data() + rows->used);
      rows->used += blocks;
    }
    return true;
  }
  /// Face f's row once keepRows has made it.
  const F4* rowOf(int f) const { return rows->d.data() + rows->at[f]; }
};

// The caps' check for every edge at once while best < 0, where edgeMayBeat reduces to max(d[u], d[w]) > best for
// each point: a test per face. Lane f of bits gets bit k when point k's distance to plane f exceeds best, four
// planes at a time; an edge may then beat best exactly when bits[u] | bits[w] has every point's bit (mayBeatAll).
struct FaceBits {
  UninitArray<int32_t, kMaxHullFaces + 3> bits;
  int32_t all = 0;
};
[[gnu::noinline]] void markFaces(const float* const* caps, int nf, float best, FaceBits* out) {
  int32_t* bits = out->bits.data();
  if (caps[0] == nullptr) {  // no points: every edge may beat best
    for (int f = 0; f < nf; ++f) bits[f] = 0;
    out->all = 0;
    return;
  }
  // With one point its test is written to both bits and only bit 0 is required.
  const float* d0 = caps[0];
  const float* d1 = caps[1] != nullptr ? caps[1] : caps[0];
  const F4 bar = splat4(best);
  int f = 0;
  for (; f + 4 <= nf; f += 4) {
    F4 x0, x1;
    __builtin_memcpy(&x0, d0 + f, sizeof(F4));
    __builtin_memcpy(&x1, d1 + f, sizeof(F4));
    const I4 m = ((x0 > bar) & 1) | ((x1 > bar) & 2);
    __builtin_memcpy(bits + f, &m, sizeof(I4));
  }
  for (; f < nf; ++f) bits[f] = (d0[f] > best ? 1 : 0) | (d1[f] > best ? 2 : 0);
  out->all = caps[1] != nullptr ? 3 : 1;
}
inline bool mayBeatAll(const FaceBits& b, int u, int w) {
  return ((b.bits.data()[u] | b.bits.data()[w]) & b.all) == b.all;
}
// The edges with a face that point x (its distances d to the planes) is above by more than best: four
// faces at a time, the entry of the edge table for those of the four that are (nf <= 64 faces, as for every hull
// with an edge table).
inline uint64_t tableEntry(const unsigned char* table, int i) {
  uint64_t edges;
  __builtin_memcpy(&edges, table + 8 * i, sizeof edges);
  return edges;
}
inline uint64_t edgesOfFacesAbove(const float* d, const unsigned char* table, int nf, float best) {
  const F4 bar = splat4(best);
  uint64_t edges = 0;
  int f = 0;
  SAT_UNROLL2
  for (; f + 4 <= nf; f += 4) {
    F4 x;
    __builtin_memcpy(&x, d + f, sizeof(F4));
    edges |= tableEntry(table, 4 * f + bits4(x > bar));  // block f / 4 starts at entry 16 * (f / 4)
  }
  if (f < nf) {
    int above = 0;
    for (int l = 0; f + l < nf; ++l) above |= (d[f + l] > best ? 1 : 0) << l;
    edges |= tableEntry(table, 4 * f + above);
  }
  return edges;
}
}  // namespace

namespace {
// edgesAbove's set before it is listed (h has an edge table, caps[0] is given): bit e for edge e.
inline uint64_t edgesAboveSet(const HullView& h, const float* const* caps, float best) {
  uint64_t edges = edgesOfFacesAbove(caps[0], h.edgeTable, h.nf, best);
  if (caps[1] != nullptr) edges &= edgesOfFacesAbove(caps[1], h.edgeTable, h.nf, best);
  return edges;
}
}  // namespace

int edgesAboveReference(const HullView& h, const float* const* caps, float best, uint16_t* out) {
  int n = 0;
  for (int j = 0; j < h.nh; j += 2) {
    const int u = h.edges[j].face, w = h.edges[j + 1].face;
    bool above = true;
    for (int k = 0; k < 2 && caps[k] != nullptr; ++k) above = above && (caps[k][u] > best || caps[k][w] > best);
    if (above) out[n++] = uint16_t(j >> 1);
  }
  return n;
}

[[gnu::noinline]] int edgesAbove(const HullView& h, const float* const* caps, float best, uint16_t* out) {
  int n = 0;
  if (h.edgeTable == nullptr || caps[0] == nullptr) {  // every edge tested
    FaceBits fb;
    markFaces(caps, h.nf, best, &fb);
    for (int j = 0; j < h.nh; j += 2) {
      if (mayBeatAll(fb, h.edges[j].face, h.edges[j + 1].face)) out[n++] = uint16_t(j >> 1);
    }
    return n;
  }
  // An edge passes a point when one of its faces does: the edges of the faces that pass, for each point.
  for (uint64_t edges = edgesAboveSet(h, caps, best); edges != 0; edges &= edges - 1) {
    out[n++] = uint16_t(__builtin_ctzll(edges));
  }
  return n;
}

namespace {
// The edges of h (half-edge / 2) that the caps leave able to beat best (edgeMayBeat of capOf, edge by edge): the
// list for a best of either sign (edgesAbove takes best < 0).
[[gnu::noinline]] int edgesByCaps(const HullView& h, const float* const* caps, float best, uint16_t* out) {
  int n = 0;
  for (int j = 0; j < h.nh; j += 2) {
    const int u = h.edges[j].face, w = h.edges[j + 1].face;
    if (edgeMayBeat(capOf(caps, u, w), h, u, w, best)) out[n++] = uint16_t(j >> 1);
  }
  return n;
}
}  // namespace

float edgeBound(const HullView& h, int u, int w, const HullView& o) {
  FaceRows rows;
  rows.reset(h.nf);
  EdgeBounder bound{h, o, &rows};
  return bound(u, w);
}

// B's edges that survive the bounds, as four-wide columns of their arcs' end points c, d and plane normal dxc;
// padding lanes are zero, which never passes the Gauss-map test (cba * dba < 0 fails).
struct EdgeColumns {
  F4 cx[(kMaxHullEdges + 3) / 4], cy[(kMaxHullEdges + 3) / 4], cz[(kMaxHullEdges + 3) / 4];
  F4 dx[(kMaxHullEdges + 3) / 4], dy[(kMaxHullEdges + 3) / 4], dz[(kMaxHullEdges + 3) / 4];
  F4 nx[(kMaxHullEdges + 3) / 4], ny[(kMaxHullEdges + 3) / 4], nz[(kMaxHullEdges + 3) / 4];
  int index[kMaxHullEdges + 3];
};

namespace {
// Block k of the arcs from four edges' face planes (a Plane is four floats: four of them, transposed, are the
// normals' columns): c and d negated, and cross(d, c) lane by lane as cross() computes it. A lane without an edge
// gets the zero plane, whose arc never passes the Gauss-map test (cba * dba < 0 fails).
inline void arcBlock(const Plane* const* pc, const Plane* const* pd, int k, EdgeColumns* cols) {
  F4 c[4], d[4];
  for (int l = 0; l < 4; ++l) __builtin_memcpy(&c[l], pc[l], sizeof(F4)), __builtin_memcpy(&d[l], pd[l], sizeof(F4));
  transpose4(c[0], c[1], c[2], c[3]);
  transpose4(d[0], d[1], d[2], d[3]);
  const F4 cx = c[0], cy = c[1], cz = c[2], dx = d[0], dy = d[1], dz = d[2];
  cols->nx[k] = dy * cz - dz * cy, cols->ny[k] = dz * cx - dx * cz, cols->nz[k] = dx * cy - dy * cx;
  cols->cx[k] = -cx, cols->cy[k] = -cy, cols->cz[k] = -cz;
  cols->dx[k] = -dx, cols->dy[k] = -dy, cols->dz[k] = -dz;
}
const Plane kZeroPlane{{0.0f, 0.0f, 0.0f}, 0.0f};
// The arcs of h's edges in `edges` (bit e: edge e, half-edges 2e and 2e + 1, faces c and d), in increasing order:
// full blocks of four without a check per lane, then the last one padded. Returns their number.
[[gnu::noinline]] int edgeArcs(const HullView& h, uint64_t edges, EdgeColumns* cols) {
  const Plane* planes = h.planes;
  const HullHalfEdge* half = h.edges;
  const int count = __builtin_popcountll(edges);
  const Plane* pc[4];
  const Plane* pd[4];
  int n = 0;
  for (; n + 4 <= count; n += 4) {  // full blocks: four edges taken, no lane checked
    for (int l = 0; l < 4; ++l, edges &= edges - 1) {
      const int j = 2 * __builtin_ctzll(edges);
      pc[l] = planes + half[j].face, pd[l] = planes + half[j + 1].face;
      cols->index[n + l] = j;
    }
    arcBlock(pc, pd, n >> 2, cols);
  }
  if (n < count) {  // the last block, padded
    for (int l = 0; l < 4; ++l) pc[l] = pd[l] = &kZeroPlane;
    for (int l = 0; edges != 0; ++l, edges &= edges - 1) {
      const int j = 2 * __builtin_ctzll(edges);
      pc[l] = planes + half[j].face, pd[l] = planes + half[j + 1].face;
      cols->index[n + l] = j;
    }
    arcBlock(pc, pd, n >> 2, cols);
  }
  return count;
}
// The same from a list of edges (h's edge numbers, increasing).
[[gnu::noinline]] int edgeArcs(const HullView& h, const uint16_t* list, int count, EdgeColumns* cols) {
  const Plane* pc[4];
  const Plane* pd[4];
  for (int k = 0; k < count; k += 4) {
    for (int l = 0; l < 4; ++l) {
      if (k + l < count) {
        const int j = 2 * list[k + l];
        pc[l] = h.planes + h.edges[j].face, pd[l] = h.planes + h.edges[j + 1].face;
        cols->index[k + l] = j;
      } else {
        pc[l] = pd[l] = &kZeroPlane;
      }
    }
    arcBlock(pc, pd, k >> 2, cols);
  }
  return count;
}
}  // namespace

EdgeQuery queryEdges(const HullView& a, const HullView& b, const EdgeBounds& bounds, float floor, float stopAbove) {
  // queryEdgesReference with A's edges' bounds from rows of distances (kept from A's face query, or computed
  // here once per face) and the Gauss-map test on four of B's edges at once: the same products in the same order,
  // then the passing pairs in the reference's order.
  EdgeQuery best;
  float bar = floor;
  FaceRows own;
  FaceRows* rowsA = bounds.rowsA;
  if (rowsA == nullptr) own.reset(a.nf), rowsA = &own;
  EdgeColumns cols;
  // While the floor is negative (the faces do not separate: the pairs that reach the edges are mostly
  // overlapping) the caps' checks at the floor run per face (edgesAbove), once for each hull.
  const bool perFace = floor < 0.0f;
  // B's edges that pass the caps first (as a set when the edge table gives one, else as a list): none, and no
  // pair is left. Their arcs are built only once A has edges left to test against them.
  UninitArray<uint16_t, kMaxHullEdges> listed, listedB;
  const bool setB = perFace && b.edgeTable != nullptr && bounds.capsB[0] != nullptr;
  const uint64_t edgesB = setB ? edgesAboveSet(b, bounds.capsB, bar) : 0;
  const int listB = setB ? 0
                    : perFace ? edgesAbove(b, bounds.capsB, bar, listedB.data())
                              : edgesByCaps(b, bounds.capsB, bar, listedB.data());
  if (edgesB == 0 && listB == 0) return best;
  // A's edges that may beat the floor, with their cap and bound. edgeMayBeat only gets stricter as the bar rises,
  // so an edge listed here is checked again (from the values kept) only once a candidate has raised the bar: the
  // reference's decision at every step.
  struct AEdge {
    int index;
    uint16_t u, w;
    float cap, bound;
  };
  UninitArray<AEdge, kMaxHullEdges> edgesA;
  int countA = 0;
  {
    EdgeBounder boundA{a, b, rowsA};
    const int count =
        perFace ? edgesAbove(a, bounds.capsA, bar, listed.data()) : edgesByCaps(a, bounds.capsA, bar, listed.data());
    if (bar < 0.0f && boundA.keepRows(listed.data(), count)) {
      // Every row at hand, and edgeMayBeat(m, ..., bar) is m > bar for a negative bar: each edge written, and
      // counted only when it may beat the bar (no branch on the bound).
      const int blocks = b.cols->blocks;
      for (int k = 0; k < count; ++k) {
        const int i = 2 * listed[k];
        const int fu = a.edges[i].face, fw = a.edges[i + 1].face;
        const float m = edgeBoundOfRows(boundA.rowOf(fu), boundA.rowOf(fw), blocks);
        edgesA[countA] = {i, uint16_t(fu), uint16_t(fw), capOf(bounds.capsA, fu, fw), m};
        countA += m <= bar ? 0 : 1;  // edgeMayBeat's answer for a NaN too
      }
    } else {
      for (int k = 0; k < count; ++k) {
        const int i = 2 * listed[k];
        const int fu = a.edges[i].face, fw = a.edges[i + 1].face;
        const float m = boundA(fu, fw);
        if (!edgeMayBeat(m, a, fu, fw, bar)) continue;
        edgesA[countA++] = {i, uint16_t(fu), uint16_t(fw), capOf(bounds.capsA, fu, fw), m};
      }
    }
  }
  if (countA == 0) return best;
  const int nb = setB ? edgeArcs(b, edgesB, &cols) : edgeArcs(b, listedB.data(), listB, &cols);
  const int blocks = (nb + 3) >> 2;
  const F4 zero = splat4(0.0f);
  for (int k = 0; k < countA; ++k) {
    const AEdge& e = edgesA[k];
    const int i = e.index, fu = e.u, fw = e.w;
    if (bar != floor && !(edgeMayBeat(e.cap, a, fu, fw, bar) && edgeMayBeat(e.bound, a, fu, fw, bar))) continue;
    const Vec3 na = a.planes[fu].normal, nbn = a.planes[fw].normal;
    const Vec3 bxa = cross(nbn, na);
    const F4 ux = splat4(bxa.x), uy = splat4(bxa.y), uz = splat4(bxa.z);
    const F4 ax = splat4(na.x), ay = splat4(na.y), az = splat4(na.z);
    const F4 bx = splat4(nbn.x), by = splat4(nbn.y), bz = splat4(nbn.z);
    // The pairs that pass, as a set of up to 16 blocks of B's edges at a time (bit 4 k + l: lane l of block
    // base + k), then those pairs in order: no branch per block on the test's outcome.
    for (int base = 0; base < blocks; base += 16) {
      const int end = blocks - base < 16 ? blocks : base + 16;
      uint64_t pass = 0;
      for (int blk = base; blk < end; ++blk) {
        const F4 cba = cols.cx[blk] * ux + cols.cy[blk] * uy + cols.cz[blk] * uz;
        const F4 dba = cols.dx[blk] * ux + cols.dy[blk] * uy + cols.dz[blk] * uz;
        const F4 adc = ax * cols.nx[blk] + ay * cols.ny[blk] + az * cols.nz[blk];
        const F4 bdc = bx * cols.nx[blk] + by * cols.ny[blk] + bz * cols.nz[blk];
        const I4 in = (cba * dba < zero) & (adc * bdc < zero) & (cba * bdc > zero);
        pass |= uint64_t(unsigned(bits4(in))) << (4 * (blk - base));
      }
      for (; pass != 0; pass &= pass - 1) {
        const int j = cols.index[4 * base + __builtin_ctzll(pass)];
        Vec3 n;
        float s = edgeSeparation(a, i, b, j, &n);
        if (s <= best.separation) continue;
        s = axisSeparation(a, b, &n);
        if (s > best.separation) {
          best.edgeA = i, best.edgeB = j, best.separation = s, best.normal = n;
          if (s > bar) bar = s;
          if (s > stopAbove) return best;
        }
      }
    }
  }
  return best;
}

EdgeQuery queryEdges(const HullView& a, const HullView& b, float stopAbove) {
  UninitArray<float, kMaxHullFaces> boundsA, boundsB;
  faceBounds(a, b.centroid, boundsA.data());
  faceBounds(b, a.centroid, boundsB.data());
  EdgeBounds bounds;
  bounds.capsA[0] = boundsA.data(), bounds.capsB[0] = boundsB.data();
  return queryEdges(a, b, bounds, -FLT_MAX, stopAbove);
}

namespace {
// The separation along a cached axis, or -FLT_MAX when the cache does not fit these hulls.
float cachedSeparation(const HullView& a, const HullView& b, const SatCache3& c, Vec3* normal) {
  switch (c.kind) {
    case SatAxis3::FaceA:
      if (c.indexA >= a.nf) return -FLT_MAX;
      *normal = a.planes[c.indexA].normal;
      return faceSeparation(a, c.indexA, b);
    case SatAxis3::FaceB:
      if (c.indexB >= b.nf) return -FLT_MAX;
      *normal = -b.planes[c.indexB].normal;
      return faceSeparation(b, c.indexB, a);
    case SatAxis3::EdgePair:
      // Measured by projection: the pair need not form a Minkowski face any more.
      if (c.indexA >= a.nh || c.indexB >= b.nh) return -FLT_MAX;
      if (edgeSeparation(a, c.indexA, b, c.indexB, normal) == -FLT_MAX) return -FLT_MAX;
      return axisSeparation(a, b, normal);
    case SatAxis3::None: break;
  }
  return -FLT_MAX;
}

SatResult choose(const HullView& a, const HullView& b, const FaceQuery& fa, const FaceQuery& fb, const EdgeQuery& eq,
                 float tol) {
  SatResult r;
  // Faces are preferred over edges, and A's face over B's, unless the other separates clearly more: contacts
  // then stay on one feature while a resting pair jitters. The bias (tol / 2) is far below the depth accuracy.
  const float bias = 0.5f * tol;
  const bool useB = fb.separation > fa.separation + bias;
  const FaceQuery& f = useB ? fb : fa;
  if (eq.edgeA >= 0 && eq.separation > f.separation + bias) {
    r.kind = SatAxis3::EdgePair;
    r.indexA = eq.edgeA, r.indexB = eq.edgeB;
    r.separation = eq.separation;
    r.normal = eq.normal;
  } else if (useB) {
    r.kind = SatAxis3::FaceB;
    r.indexB = fb.index;
    r.separation = fb.separation;
    r.normal = -b.planes[fb.index].normal;
  } else {
    r.kind = SatAxis3::FaceA;
    r.indexA = fa.index;
    r.separation = fa.separation;
    r.normal = a.planes[fa.index].normal;
  }
  return r;
}
}  // namespace

namespace {
// min over h's vertices of dot(n, v): four at a time from the hull's columns when the view has them (the same
// products, so the same minimum), else one at a time.
float minProjection(const HullView& h, Vec3 n) {
  if (h.cols != nullptr) return minProjection(*h.cols, n);
  float lo = FLT_MAX;
  for (int i = 0; i < h.nv; ++i) {
    const float d = dot(n, h.v[i]);
    lo = d < lo ? d : lo;
  }
  return lo;
}
float maxProjection(const HullView& h, Vec3 n) {
  if (h.cols != nullptr) {
    float lo, hi;
    projectionRange(*h.cols, n, &lo, &hi);
    return hi;
  }
  float hi = -FLT_MAX;
  for (int i = 0; i < h.nv; ++i) {
    const float d = dot(n, h.v[i]);
    hi = d > hi ? d : hi;
  }
  return hi;
}
}  // namespace

[[gnu::noinline]] bool faceSeparatesUnmoved(const HullView& a, int face, float centroidDistance,
                                           const HullView& bLocal, const Mat3& r, Vec3 t, float tol) {
  // faceSeparation of B moved is the smallest over B's vertices v of d(v) = dot(n, r v + t) - offset, each
  // rounded as movedVertices and planeRow compute it. With u = 2^-24, |n| = 1, r a rotation (rows and columns of
  // norm 1 + 1e-6 at most), V >= |v| for every vertex and T = |t|_1, each d(v) is within u (8 |offset| + 25 V +
  // 12 T) of its exact value (Higham's gamma_k bound on sums of k products, through the roundings of each stage),
  // and so is the centroid's distance. The tests below allow five times that (plus the rounding of their own last
  // operation), so a pair either passes has the separation the moved B gives above tol too.
  // Tried only when B's centroid is more than half B's radius above the face: nearly every pair the face separates
  // (and about a third of those it does not: those pairs the vertices then measured go on to the full query).
  if (!(centroidDistance > 0.5f * bLocal.radius)) return false;
  const Plane p = a.planes[face];
  const Vec3 c = bLocal.centroid;
  const float size = std::fabs(c.x) + std::fabs(c.y) + std::fabs(c.z) + bLocal.radius;  // >= every |v|
  const float slack = 8.0e-6f * (std::fabs(p.offset) + size + std::fabs(t.x) + std::fabs(t.y) + std::fabs(t.z));
  // 1: every vertex is within B's radius of its centroid (the radius rounded up by far more than its rounding).
  const float lowest = centroidDistance - 1.001f * bLocal.radius;
  if (lowest > tol + (slack + 8.0e-6f * std::fabs(lowest))) return true;
  // 2: B's vertices measured in B's frame, from its columns (a hull at scale 1; other views go the whole way).
  if (bLocal.cols == nullptr) return false;
  const float s = minProjection(*bLocal.cols, mulT(r, p.normal)) + (dot(p.normal, t) - p.offset);
  return s > tol + (slack + 8.0e-6f * std::fabs(s));
}

float cachedSeparation(const HullView& a, const HullView& bLocal, const Mat3& r, Vec3 t, const SatCache3& c,
                       Vec3* normal) {
  switch (c.kind) {
    case SatAxis3::FaceA: {
      if (c.indexA >= a.nf) return -FLT_MAX;
      const Plane p = a.planes[c.indexA];
      *normal = p.normal;
      // B's vertex x maps to r x + t: dot(n, r x + t) = dot(r^T n, x) + dot(n, t).
      return minProjection(bLocal, mulT(r, p.normal)) + dot(p.normal, t) - p.offset;
    }
    case SatAxis3::FaceB: {
      if (c.indexB >= bLocal.nf) return -FLT_MAX;
      const Vec3 n = r * bLocal.planes[c.indexB].normal;
      *normal = -n;
      return minProjection(a, n) - (bLocal.planes[c.indexB].offset + dot(n, t));
    }
    case SatAxis3::EdgePair: {
      if (c.indexA >= a.nh || c.indexB >= bLocal.nh) return -FLT_MAX;
      const Vec3 pA = a.v[a.edges[c.indexA].origin], qA = a.v[a.edges[c.indexA ^ 1].origin];
      const Vec3 eA = qA - pA, eB = r * (bLocal.v[bLocal.edges[c.indexB ^ 1].origin] - bLocal.v[bLocal.edges[c.indexB].origin]);
      Vec3 n = cross(eA, eB);
      const float len = length(n);
      if (!(len > 1.0e-5f * std::sqrt(lengthSquared(eA) * lengthSquared(eB)))) return -FLT_MAX;
      n = (1.0f / len) * n;
      // The pair need not form a Minkowski face any more: both hulls projected.
      const Vec3 nb = mulT(r, n);
      const float off = dot(n, t);
      const float gapAB = minProjection(bLocal, nb) + off - maxProjection(a, n);
      const float gapBA = minProjection(a, n) - (maxProjection(bLocal, nb) + off);
      *normal = gapAB >= gapBA ? n : -n;
      return gapAB >= gapBA ? gapAB : gapBA;
    }
    case SatAxis3::None: break;
  }
  return -FLT_MAX;
}

SatResult runSat(const HullView& a, const HullView& b, float tol, SatCache3* cache) {
  if (cache != nullptr && cache->kind != SatAxis3::None) {
    Vec3 n;
    const float s = cachedSeparation(a, b, *cache, &n);
    if (s > tol) return {cache->kind, cache->indexA, cache->indexB, s, n};
  }
  return runSatUncached(a, b, tol, cache, -FLT_MAX);
}

SatResult runSatUncached(const HullView& a, const HullView& bIn, float tol, SatCache3* cache, float known,
                         const PendingMove* pendingB, const FaceStart* start) {
  SatResult r;
  // The faces measured are kept as rows of distances: the edge query bounds each edge by two of them.
  FaceRows rowsA;
  rowsA.reset(a.nf);
  UninitArray<float, kMaxHullFaces> deepA, deepB;  // caps from each hull's vertex deepest under the other's face
  FaceStart ownStartA, startB;
  if (start == nullptr) startFaceQuery(a, bIn.centroid, &ownStartA), start = &ownStartA;
  const float* boundsA = start->bounds.data();
  const FaceQuery fa = queryFaces(a, bIn, boundsA, tol, &rowsA, deepA.data(), start->first);
  if (fa.separation > tol) {
    r = {SatAxis3::FaceA, fa.index, -1, fa.separation, a.planes[fa.index].normal};
  } else {
    // From here on B's planes are read: moved now if the caller left them.
    HullView b = bIn;
    if (pendingB != nullptr) {
      movePlanes(*pendingB->local, pendingB->r, pendingB->t, pendingB->scratch, pendingB->moved, pendingB->planeCols);
      b.planes = pendingB->moved->planes;
      b.planeCols = pendingB->moved->planeCols;
    }
    startFaceQuery(b, a.centroid, &startB);
    const float* boundsB = startB.bounds.data();
    const FaceQuery fb = queryFaces(b, a, boundsB, tol, nullptr, deepB.data(), startB.first);  // B's rows: unread
    if (fb.separation > tol) {
      r = {SatAxis3::FaceB, -1, fb.index, fb.separation, -b.planes[fb.index].normal};
    } else {
      // Edges matter only if they beat the faces by more than the bias choose() gives faces.
      // A separation already known along some axis (the cached one) bounds the answer from below: edges that
      // cannot reach it less tol (far beyond round-off) are skipped too, and the best edge is still found.
      const float floor = std::fmax(std::fmax(fa.separation, fb.separation) + 0.5f * tol, known - tol);
      // The caps: the centroids, and each hull's vertex deepest under the other's first face (the face queries
      // went past their first face, so they wrote these).
      EdgeBounds bounds;
      bounds.capsA[0] = boundsA, bounds.capsA[1] = deepA.data();
      bounds.capsB[0] = boundsB, bounds.capsB[1] = deepB.data();
      bounds.rowsA = &rowsA;
      const EdgeQuery eq = queryEdges(a, b, bounds, floor, tol);
      r = choose(a, b, fa, fb, eq, tol);
    }
  }
  writeCache(cache, r);
  return r;
}

float axisSeparationReference(const HullView& a, const HullView& b, Vec3* axis) {
  float loA = FLT_MAX, hiA = -FLT_MAX, loB = FLT_MAX, hiB = -FLT_MAX;
  for (int i = 0; i < a.nv; ++i) {
    const float d = dot(*axis, a.v[i]);
    loA = d < loA ? d : loA, hiA = d > hiA ? d : hiA;
  }
  for (int i = 0; i < b.nv; ++i) {
    const float d = dot(*axis, b.v[i]);
    loB = d < loB ? d : loB, hiB = d > hiB ? d : hiB;
  }
  if (loB - hiA >= loA - hiB) return loB - hiA;
  *axis = -*axis;
  return loA - hiB;
}

float axisSeparation(const HullView& a, const HullView& b, Vec3* axis) {
  if (a.cols == nullptr || b.cols == nullptr) return axisSeparationReference(a, b, axis);
  float loA, hiA, loB, hiB;
  projectionRange(*a.cols, *axis, &loA, &hiA);
  projectionRange(*b.cols, *axis, &loB, &hiB);
  if (loB - hiA >= loA - hiB) return loB - hiA;
  *axis = -*axis;
  return loA - hiB;
}

SatResult runSatReference(const HullView& a, const HullView& b, float tol) {
  FaceQuery fa, fb;
  for (int f = 0; f < a.nf; ++f) {
    const float s = faceSeparationReference(a, f, b);
    if (s > fa.separation) fa = {f, s};
  }
  for (int f = 0; f < b.nf; ++f) {
    const float s = faceSeparationReference(b, f, a);
    if (s > fb.separation) fb = {f, s};
  }
  // Every edge pair's axis, measured by projecting both hulls (edgeSeparation's shortcut holds only for the
  // pairs that form a Minkowski face).
  EdgeQuery eq;
  for (int i = 0; i < a.nh; i += 2) {
    for (int j = 0; j < b.nh; j += 2) {
      Vec3 n;
      if (edgeSeparation(a, i, b, j, &n) == -FLT_MAX) continue;  // parallel
      const float s = axisSeparationReference(a, b, &n);
      if (s > eq.separation) eq.edgeA = i, eq.edgeB = j, eq.separation = s, eq.normal = n;
    }
  }
  return choose(a, b, fa, fb, eq, tol);
}

// ---------------------------------------------------------------------------------------------------------------
// Contacts.

int clipPolygon(const ClipVertex* in, int n, Vec3 planeN, float planeD, int refEdge, ClipVertex* out) {
  int m = 0;
  if (n == 0) return 0;
  const ClipVertex* prev = &in[n - 1];
  float dPrev = dot(planeN, prev->p) - planeD;
  for (int i = 0; i < n; ++i) {
    const ClipVertex* cur = &in[i];
    const float dCur = dot(planeN, cur->p) - planeD;
    if ((dPrev <= 0.0f) != (dCur <= 0.0f)) {
      const float t = dPrev / (dPrev - dCur);
      ClipVertex x;
      x.p = lerp(prev->p, cur->p, t);
      x.refFeature = makeFeature3(Feature3::Edge, refEdge);
      // On an incident edge: (this side edge, that edge); where the polygon already ran along the side plane of
      // reference edge j: a corner of the reference face, (this side edge, Corner j).
      x.incFeature = prev->edgeOut >= 0 ? makeFeature3(Feature3::Edge, prev->edgeOut)
                                        : makeFeature3(Feature3::Corner, -prev->edgeOut - 2);
      // Entering: the polygon continues along prev's edge; leaving: it follows this side plane.
      x.edgeOut = dCur <= 0.0f ? prev->edgeOut : -(refEdge + 2);
      if (m < kMaxClip) out[m++] = x;
    }
    if (dCur <= 0.0f && m < kMaxClip) out[m++] = *cur;
    prev = cur;
    dPrev = dCur;
  }
  return m;
}

void reduceManifold(ManifoldPoint3* pts, int* count, Vec3 normal) {
  const int n = *count;
  if (n <= 4) return;
  // 1: the deepest point; 2: the farthest from it; 3: the largest triangle with them; 4: the point adding the most
  // area outside that triangle.
  int i0 = 0;
  for (int i = 1; i < n; ++i) {
    if (pts[i].depth > pts[i0].depth) i0 = i;
  }
  int i1 = -1;
  float best = -1.0f;
  for (int i = 0; i < n; ++i) {
    const float d = distanceSquared(pts[i].point, pts[i0].point);
    if (i != i0 && d > best) best = d, i1 = i;
  }
  int i2 = -1;
  best = -1.0f;
  float sign = 1.0f;
  for (int i = 0; i < n; ++i) {
    if (i == i0 || i == i1) continue;
    const float area = dot(cross(pts[i1].point - pts[i0].point, pts[i].point - pts[i0].point), normal);
    if (std::fabs(area) > best) best = std::fabs(area), i2 = i, sign = area < 0.0f ? -1.0f : 1.0f;
  }
  int i3 = -1;
  best = 0.0f;
  const int tri[3] = {i0, i1, i2};
  for (int i = 0; i < n; ++i) {
    if (i == i0 || i == i1 || i == i2) continue;
    for (int k = 0; k < 3; ++k) {
      const Vec3 u = pts[tri[k]].point, w = pts[tri[(k + 1) % 3]].point;
      // Area of (u, p, w) on the far side of edge u-w from the triangle.
      const float area = sign * dot(cross(pts[i].point - u, w - u), normal);
      if (area > best) best = area, i3 = i;
    }
  }
  ManifoldPoint3 kept[4] = {pts[i0], pts[i1], pts[i2], pts[i3 >= 0 ? i3 : i0]};
  const int m = i3 >= 0 ? 4 : 3;
  for (int k = 0; k < m; ++k) pts[k] = kept[k];
  *count = m;
}

void closestSegmentSegment(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, float* sOut, float* tOut) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const float a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  float s = 0.0f, t = 0.0f;
  const float tiny = 1.0e-30f;
  if (a <= tiny && e <= tiny) {
    s = t = 0.0f;
  } else if (a <= tiny) {
    t = std::fmin(std::fmax(f / e, 0.0f), 1.0f);
  } else {
    const float c = dot(d1, r);
    if (e <= tiny) {
      s = std::fmin(std::fmax(-c / a, 0.0f), 1.0f);
    } else {
      const float b = dot(d1, d2), denom = a * e - b * b;
      s = denom > 1.0e-12f * a * e ? std::fmin(std::fmax((b * f - c * e) / denom, 0.0f), 1.0f) : 0.0f;
      t = (b * s + f) / e;
      if (t < 0.0f) {
        t = 0.0f;
        s = std::fmin(std::fmax(-c / a, 0.0f), 1.0f);
      } else if (t > 1.0f) {
        t = 1.0f;
        s = std::fmin(std::fmax((b - c) / a, 0.0f), 1.0f);
      }
    }
  }
  *sOut = s;
  *tOut = t;
}

Manifold3 buildManifold(const HullView& a, const HullView& b, const SatResult& sat, float tol) {
  Manifold3 m = emptyManifold();
  m.normal = sat.normal;
  m.depth = -sat.separation;
  if (sat.kind == SatAxis3::EdgePair) {
    const Vec3 pA = a.v[a.edges[sat.indexA].origin], qA = a.v[a.edges[sat.indexA ^ 1].origin];
    const Vec3 pB = vertexOf(b, b.edges[sat.indexB].origin), qB = vertexOf(b, b.edges[sat.indexB ^ 1].origin);
    float s, t;
    closestSegmentSegment(pA, qA, pB, qB, &s, &t);
    const Vec3 cA = lerp(pA, qA, s), cB = lerp(pB, qB, t);
    m.points[0].point = 0.5f * (cA + cB);
    m.points[0].depth = m.depth;
    m.points[0].id = (uint32_t(makeFeature3(Feature3::Edge, sat.indexA)) << 16) | makeFeature3(Feature3::Edge, sat.indexB);
    m.pointCount = 1;
    return m;
  }
  const bool refIsA = sat.kind == SatAxis3::FaceA;
  const HullView& ref = refIsA ? a : b;
  const HullView& inc = refIsA ? b : a;
  const int refFace = refIsA ? sat.indexA : sat.indexB;
  const Plane refPlane = ref.planes[refFace];
  // Incident face: the one most anti-parallel to the reference normal (the first of equals).
  int incFace = 0;
  if (inc.planeCols != nullptr) {
    // Four faces at a time from the plane columns (padded with the last face, after it): the smallest, then the
    // first lane equal to it.
    const PlaneColumnsView& c = *inc.planeCols;
    const F4 rx = splat4(refPlane.normal.x), ry = splat4(refPlane.normal.y), rz = splat4(refPlane.normal.z);
    F4 low = c.x[0] * rx + c.y[0] * ry + c.z[0] * rz;
    SAT_UNROLL2
    for (int k = 1; k < c.blocks; ++k) low = min4(low, c.x[k] * rx + c.y[k] * ry + c.z[k] * rz);
    const F4 lo = splat4(hmin4(low));
    for (int k = 0;; ++k) {
      const int hit = bits4(c.x[k] * rx + c.y[k] * ry + c.z[k] * rz == lo);
      if (hit != 0) {
        incFace = 4 * k + __builtin_ctz(unsigned(hit));
        break;
      }
    }
  } else {
    float lowest = FLT_MAX;
    for (int f = 0; f < inc.nf; ++f) {
      const float d = dot(inc.planes[f].normal, refPlane.normal);
      if (d < lowest) lowest = d, incFace = f;
    }
  }
  UninitArray<ClipVertex, kMaxClip> bufA, bufB;
  int n = 0;
  const int incStart = inc.faces[incFace].edge;
  int e = incStart;
  do {
    bufA[n++] = {vertexOf(inc, inc.edges[e].origin), makeFeature3(Feature3::Face, refFace),
                 makeFeature3(Feature3::Vertex, inc.edges[e].origin), e};
    e = inc.edges[e].next;
  } while (e != incStart && n < kMaxClip);
  ClipVertex* cur = bufA.data();
  ClipVertex* nxt = bufB.data();
  const int refStart = ref.faces[refFace].edge;
  e = refStart;
  do {
    const Vec3 p = vertexOf(ref, ref.edges[e].origin), q = vertexOf(ref, ref.edges[ref.edges[e].next].origin);
    // Outward of the face for counter-clockwise loops. Not normalized: clipping uses only the signs of the
    // distances and their ratio, which the plane's scale does not change.
    Vec3 side = cross(q - p, refPlane.normal);
    if (ref.mirrored) side = -side;
    n = clipPolygon(cur, n, side, dot(side, p), e, nxt);
    ClipVertex* t = cur;
    cur = nxt;
    nxt = t;
    e = ref.edges[e].next;
  } while (e != refStart && n > 0);
  int count = 0;
  UninitArray<ManifoldPoint3, kMaxClip> ptsStore;
  ManifoldPoint3* pts = ptsStore.data();
  const Vec3 towardB = refIsA ? refPlane.normal : -refPlane.normal;  // equals m.normal
  (void)towardB;
  for (int i = 0; i < n; ++i) {
    const float d = signedDistance(refPlane, cur[i].p);
    if (d > tol) continue;
    ManifoldPoint3& mp = pts[count++];
    mp.point = cur[i].p - (0.5f * d) * refPlane.normal;
    mp.depth = -d;
    const uint32_t fa = refIsA ? cur[i].refFeature : cur[i].incFeature;
    const uint32_t fb = refIsA ? cur[i].incFeature : cur[i].refFeature;
    mp.id = (fa << 16) | fb;
  }
  if (count == 0) {
    // Round-off clipped everything away (the faces barely meet): the incident hull's deepest vertex.
    int best = 0;
    float lo = FLT_MAX;
    for (int i = 0; i < inc.nv; ++i) {
      const float d = signedDistance(refPlane, vertexOf(inc, i));
      if (d < lo) lo = d, best = i;
    }
    pts[0].point = vertexOf(inc, best) - (0.5f * lo) * refPlane.normal;
    pts[0].depth = -lo;
    const uint32_t fr = makeFeature3(Feature3::Face, refFace), fi = makeFeature3(Feature3::Vertex, best);
    pts[0].id = refIsA ? (fr << 16) | fi : (fi << 16) | fr;
    count = 1;
  }
  reduceManifold(pts, &count, refPlane.normal);
  for (int i = 0; i < count; ++i) m.points[i] = pts[i];
  m.pointCount = count;
  return m;
}

Manifold3 toWorld(const Manifold3& m, const Mat3& rA, Vec3 pA) {
  Manifold3 w = m;
  w.normal = rA * m.normal;
  for (int i = 0; i < m.pointCount; ++i) w.points[i].point = pA + rA * m.points[i].point;
  return w;
}

}  // namespace detail

Manifold3 flipManifold(const Manifold3& m) {
  Manifold3 f = m;
  f.normal = -m.normal;
  for (int i = 0; i < m.pointCount; ++i) f.points[i].id = (m.points[i].id >> 16) | (m.points[i].id << 16);
  return f;
}

}  // namespace sat
