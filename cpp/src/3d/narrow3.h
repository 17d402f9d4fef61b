// Private to the 3D core: hulls as the narrow phase sees them (scaled and moved into A's frame), the SAT queries
// and the contact builders shared by every pair that involves a hull or a box.
#pragma once

#include <cfloat>
#include <cstddef>

#include "sat/3d/collide3.h"
#include "simd3.h"

namespace sat {
namespace detail {

constexpr int kMaxHullFaces = 2 * kMaxHullVertices - 4;
constexpr int kMaxHullEdges = 3 * kMaxHullVertices - 6;

/// A view's vertices as four-wide columns (x, y, z), padded by repeating the last vertex (harmless to a minimum or
/// maximum): what the SIMD fast paths scan. They point into the hull (its own frame, kept by makeHull) or into a
/// HullColumns made for one query.
struct VertexColumns {
  const F4* x = nullptr;
  const F4* y = nullptr;
  const F4* z = nullptr;
  int blocks = 0;
};
/// A view's planes as four-wide columns: the normals' x, y, z (as VertexColumns holds points') and the offsets, the
/// last block padded by repeating the last plane: what faceBounds scans. Kept by the hull (its own frame) or made
/// into PlaneColumns for one query.
struct PlaneColumnsView : VertexColumns {
  const F4* off = nullptr;
};

/// A hull's arrays in some frame: vertices and planes maybe transformed, topology the hull's own.
struct HullView {
  const Vec3* v = nullptr;
  const Plane* planes = nullptr;
  const HullFace* faces = nullptr;
  const HullHalfEdge* edges = nullptr;
  int nv = 0, nf = 0, nh = 0;
  Vec3 centroid{};
  float radius = 0.0f;    ///< bounding radius about the centroid, in this frame's units
  bool mirrored = false;  ///< face loops run clockwise seen from outside (a scale with negative determinant)
  const VertexColumns* cols = nullptr;         ///< the vertices as columns, when there are (see withColumns)
  const PlaneColumnsView* planeCols = nullptr;  ///< the planes as columns, when there are (see withPlaneColumns)
  const unsigned char* edgeTable = nullptr;  ///< the faces' edges as 64-bit sets by block of four faces (8-byte
                                             ///< entries), when the hull keeps them (see Hull3::columns_)
};
/// Room for vertex columns made for one query (left uninitialized: makeColumns writes what is read).
struct HullColumns : VertexColumns {
  F4 sx[(kMaxHullVertices + 3) / 4], sy[(kMaxHullVertices + 3) / 4], sz[(kMaxHullVertices + 3) / 4];
};
/// Room for plane columns made for one query (left uninitialized: what is read is written first).
struct PlaneColumns : PlaneColumnsView {
  F4 sx[(kMaxHullFaces + 3) / 4], sy[(kMaxHullFaces + 3) / 4], sz[(kMaxHullFaces + 3) / 4], soff[(kMaxHullFaces + 3) / 4];
};
/// Writes h's planes as columns.
void makePlaneColumns(const HullView& h, PlaneColumns* out);
/// h with its planes as columns: the hull's own when it has them, else made in `storage`.
inline HullView withPlaneColumns(const HullView& h, PlaneColumns* storage) {
  if (h.planeCols != nullptr) return h;
  makePlaneColumns(h, storage);
  HullView v = h;
  v.planeCols = storage;
  return v;
}
/// Writes h's vertices as columns.
void makeColumns(const HullView& h, HullColumns* out);
/// h with its vertices as columns (the SAT queries then scan four vertices at a time): the hull's own when it has
/// them, else made in `storage`.
inline HullView withColumns(const HullView& h, HullColumns* storage) {
  if (h.cols != nullptr) return h;
  makeColumns(h, storage);
  HullView v = h;
  v.cols = storage;
  return v;
}

/// N objects of T left uninitialized: per-query scratch arrays of up to several kilobytes would otherwise be
/// zeroed by the members' default initializers on every call (measured: most of a box-box query's time).
/// Every element is written before it is read.
template <class T, int N>
struct UninitArray {
  alignas(T) unsigned char bytes[sizeof(T) * N];
  T* data() { return reinterpret_cast<T*>(bytes); }
  const T* data() const { return reinterpret_cast<const T*>(bytes); }
  T& operator[](int i) { return data()[i]; }
};

/// isValid(xf) from three overlapping four-float loads (the position and q.x, the rotation, q.w and the scale): the
/// same answer with a comparison per load where isValid has one per float. |q.x| <= kMaxCoordinate, tested with the
/// position, holds for every normalized rotation.
inline bool isValidTransform4(const Transform3& xf) {
  static_assert(offsetof(Transform3, p) == 0 && offsetof(Transform3, q) == 12 && offsetof(Transform3, scale) == 28 &&
                    sizeof(Transform3) == 40,
                "isValidTransform4 reads Transform3 as floats 0-3, 3-6 and 6-9");
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&xf);
  F4 pq, qs;
  __builtin_memcpy(&pq, bytes, sizeof pq);
  __builtin_memcpy(&qs, bytes + 24, sizeof qs);
  const F4 s = abs4(qs);
  const int inRange = bits4(abs4(pq) <= splat4(kMaxCoordinate));
  const int scaleOk = bits4(s >= splat4(kMinScale)) & bits4(s <= splat4(kMaxCoordinate));  // lanes 1-3
  return inRange == 15 && (scaleOk & 14) == 14 && isValid(xf.q);
}

/// isValidTransform4(a) && isValidTransform4(b) in one pass: both transforms' ranges and scales four lanes at a
/// time, and both rotations' norms in two lanes, with isValid(q)'s products and sums (((x x + y y) + z z) + w w).
inline bool areValidTransforms4(const Transform3& a, const Transform3& b) {
  const unsigned char* bytesA = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* bytesB = reinterpret_cast<const unsigned char*>(&b);
  F4 pqA, qsA, qA, pqB, qsB, qB;  // floats 0-3, 6-9 and the rotation, 3-6
  __builtin_memcpy(&pqA, bytesA, sizeof pqA);
  __builtin_memcpy(&qsA, bytesA + 24, sizeof qsA);
  __builtin_memcpy(&qA, bytesA + 12, sizeof qA);
  __builtin_memcpy(&pqB, bytesB, sizeof pqB);
  __builtin_memcpy(&qsB, bytesB + 24, sizeof qsB);
  __builtin_memcpy(&qB, bytesB + 12, sizeof qB);
  const F4 range = splat4(kMaxCoordinate), minScale = splat4(kMinScale);
  const I4 inRange = (abs4(pqA) <= range) & (abs4(pqB) <= range);
  const F4 sA = abs4(qsA), sB = abs4(qsB);
  const I4 scaleOk = (sA >= minScale) & (sA <= range) & (sB >= minScale) & (sB <= range);  // lanes 1-3
  const F4 qqA = qA * qA, qqB = qB * qB;
  const F4 xy = __builtin_shufflevector(qqA, qqB, 0, 4, 1, 5), zw = __builtin_shufflevector(qqA, qqB, 2, 6, 3, 7);
  const F4 xyz = (xy + __builtin_shufflevector(xy, xy, 2, 3, 2, 3)) + zw;
  const F4 norm = xyz + __builtin_shufflevector(zw, zw, 2, 3, 2, 3);
  const I4 unit = abs4(norm - splat4(1.0f)) < splat4(1.0e-6f);  // lanes 0 (a) and 1 (b)
  // Every lane of every test true, with the lanes a test does not fill set: one mask to read.
  return bits4(inRange & (scaleOk | I4{-1, 0, 0, 0}) & (unit | I4{0, 0, -1, -1})) == 15;
}

/// A manifold with every field zero, for a result to start from. Written `Manifold3 m;` or `return {};`, g++ clears
/// the 100 bytes with rep stos, whose start-up costs about as much as a box pair's 15 axes; copied from zeroed bytes
/// (the default initialization then dead) it is six 16-byte stores. Emscripten's clang emits memory.fill either way.
inline Manifold3 emptyManifold() {
  Manifold3 m;
  alignas(16) const unsigned char zero[sizeof(Manifold3)] = {};
  __builtin_memcpy(&m, zero, sizeof m);
  return m;
}

/// Storage for a transformed view (lives on the caller's stack: nothing is allocated).
struct HullScratch {
  UninitArray<Vec3, kMaxHullVertices> v;
  UninitArray<Plane, kMaxHullFaces> planes;
  VertexColumns cols;         ///< a hull's own vertex columns, when the view has them
  PlaneColumnsView planeCols;  ///< a hull's own plane columns, when the view has them
};

/// The cube's fixed topology, shared by boxView, makeBoxHull and the box - box path. Corner i has bit 0 = +x,
/// bit 1 = +y, bit 2 = +z; faces 2k and 2k + 1 are -axis k and +axis k.
struct CubeTopology {
  HullFace faces[6];
  HullHalfEdge edges[24];
  uint8_t along[8][3];  ///< the half-edge from corner c (bit k clear) to corner c | (1 << k)
  uint64_t edgeTable[2 * 16];  ///< the faces' edges as 64-bit sets by block of four faces (as Hull3::columns_)
};
const CubeTopology& cubeTopology();

/// The hull scaled per axis, in its own (rotated, translated) frame; the stored arrays when scale is 1 (with the
/// hull's vertex and plane columns).
HullView scaledView(const Hull3& hull, Vec3 scale, HullScratch* scratch);
/// A box of (scaled, positive) half extents as a view: 8 vertices, 6 faces, the cube's fixed topology.
HullView boxView(Vec3 halfExtents, HullScratch* scratch);
/// The same box moved rigidly (x -> r * x + t), written directly.
HullView boxView(Vec3 halfExtents, const Mat3& r, Vec3 t, HullScratch* scratch);
/// The view moved rigidly: x -> r * x + t. With `columns`, also its vertices as columns there (the view's cols).
HullView movedView(const HullView& h, const Mat3& r, Vec3 t, HullScratch* scratch, HullColumns* columns = nullptr);
/// movedView's first stage: the vertices and centroid moved, the planes not (the view's planes are null until
/// movePlanes writes them). With `columns`, the vertices are written there only (everything SAT and the contacts
/// read of B: through vertexOf where one vertex is read) and the view's vertex array is null; writeVertices makes
/// one from the columns.
HullView movedVertices(const HullView& h, const Mat3& r, Vec3 t, HullScratch* scratch, HullColumns* columns);
/// The vertex array from columns (nv vertices): movedVertices' remaining work, when it wrote columns.
void writeVertices(const VertexColumns& c, int nv, Vec3* out);
/// Vertex i of h, from its columns when it has them (the same floats as its vertex array, which a view from
/// movedVertices does not have).
inline Vec3 vertexOf(const HullView& h, int i) {
  if (h.cols == nullptr) return h.v[i];
  return {h.cols->x[i >> 2][i & 3], h.cols->y[i >> 2][i & 3], h.cols->z[i >> 2][i & 3]};
}
/// movedView's second stage: h's planes moved into `scratch`, and the moved view *m pointed at them; with
/// `columns`, also written there as columns (m's planeCols; otherwise m has none).
void movePlanes(const HullView& h, const Mat3& r, Vec3 t, HullScratch* scratch, HullView* m,
                PlaneColumns* columns = nullptr);
/// The scalar reference of movePlanes (movePlanes moves four planes at a time to the same bits).
void movePlanesReference(const HullView& h, const Mat3& r, Vec3 t, HullScratch* scratch, HullView* m);
/// B's vertex array and planes still to be written (movePlanes's arguments), for runSatUncached.
struct PendingMove {
  const HullView* local = nullptr;  ///< B in its own frame
  Mat3 r;
  Vec3 t{};
  HullScratch* scratch = nullptr;
  HullView* moved = nullptr;  ///< the caller's view from movedVertices (with columns, no vertex array): its planes
                              ///< are set when they are moved
  PlaneColumns* planeCols = nullptr;  ///< where the moved planes are also written as columns, if anywhere
};

/// The rigid pose of B in A's frame (rotation, translation), from the two transforms.
struct RelativePose {
  Mat3 r;
  Vec3 t;
  Mat3 rA;  ///< A's rotation (to take results back to the world)
};
/// B's pose in A's frame: r = toMat3(invMul(qA, qB)), t = rA^T (pB - pA), rA = toMat3(qA), four lanes at a time.
RelativePose relativePose(const Transform3& xfA, const Transform3& xfB);
/// The scalar reference of relativePose (the same bits).
RelativePose relativePoseReference(const Transform3& xfA, const Transform3& xfB);

struct FaceQuery {
  int index = -1;
  float separation = -FLT_MAX;
};
struct EdgeQuery {
  int edgeA = -1, edgeB = -1;  ///< half-edges
  float separation = -FLT_MAX;
  Vec3 normal{};  ///< unit axis from A to B
};

/// Separation of B from face i of A: min over B's vertices of the signed distance to the face's plane. Scans b's
/// columns when it has them (the same value, four vertices at a time).
float faceSeparation(const HullView& a, int face, const HullView& b);
/// The scalar reference of faceSeparation: one vertex at a time.
float faceSeparationReference(const HullView& a, int face, const HullView& b);
/// Plane p's separation from the columns' vertices (faceSeparation's value) when it exceeds best; otherwise some
/// value <= best, returned as soon as a block of four vertices shows it. B's face query measures A by it (a face
/// whose separation does not exceed the best so far is dropped either way).
float faceSeparationAbove(const Plane& p, const VertexColumns& c, float best);
/// The vertex of h farthest along d (the first of equals). Scans h's columns when it has them.
int supportVertex(const HullView& h, Vec3 d);
/// The scalar reference of supportVertex: one vertex at a time.
int supportVertexReference(const HullView& h, Vec3 d);
/// The signed distance of point x to each of A's planes, four planes at a time (from A's plane columns when it has
/// them). With x = B's centroid: caps of A's face separations from B. Returns the largest of them.
float faceBounds(const HullView& a, Vec3 x, float* bounds);
/// The scalar reference of faceBounds: one plane at a time.
void faceBoundsReference(const HullView& a, Vec3 x, float* bounds);
/// The signed distances of the other hull's vertices to a hull's planes, four vertices at a time: row f holds
/// plane f's distance to each of the other's column blocks (signedDistance, lane by lane). A row is computed when
/// first needed (the face queries measure a face from it, the edge query bounds an edge by two of them) and kept
/// while it fits; a row that does not fit is computed again where it is used.
struct FaceRows {
  static constexpr int kCapacity = 1024;  ///< F4 blocks kept (16 KB): 36 faces of 20 vertices take 180
  UninitArray<F4, kCapacity> d;
  UninitArray<int16_t, kMaxHullFaces> at;  ///< first block of face f's row, -1 while not computed
  int used = 0;
  /// Forgets every row (call before the first use, with the hull's face count).
  void reset(int faces) {
    __builtin_memset(at.data(), 0xFF, sizeof(int16_t) * size_t(faces));
    used = 0;
  }
};
/// Largest face separation over A's faces; stops early once one exceeds stopAbove. `bounds` from faceBounds (B's
/// centroid). With `deep` (room for a.nf floats), once the first face measured fails to separate, the distances of
/// B's vertex deepest under it to A's planes are written there and cap the faces too (fewer faces measured).
/// With `rows` (and b's columns), each face measured is kept there as a row of distances: the same separations.
/// `first`: the face measured first (the first of the largest bounds) when the caller knows it (startFaceQuery),
/// else -1.
FaceQuery queryFaces(const HullView& a, const HullView& b, const float* bounds, float stopAbove,
                     FaceRows* rows = nullptr, float* deep = nullptr, int first = -1);
/// The scalar reference of queryFaces: one face at a time.
FaceQuery queryFacesReference(const HullView& a, const HullView& b, const float* bounds, float stopAbove,
                              float* deep = nullptr);
/// The vertex of b deepest under plane p (smallest signedDistance, the first of equals).
int deepestVertexReference(const Plane& p, const HullView& b);
FaceQuery queryFaces(const HullView& a, const HullView& b, float stopAbove);
/// Where A's face query starts, found before B is moved: the caps of A's faces from B's centroid in A's frame
/// (faceBounds), their largest, and the face measured first (the first of the largest).
struct FaceStart {
  UninitArray<float, kMaxHullFaces> bounds;
  float largest;
  int first;
};
/// faceBounds(a, x) and the face queryFaces measures first.
void startFaceQuery(const HullView& a, Vec3 x, FaceStart* out);
/// Whether A's face `face` separates B by more than tol, decided with B in its own frame (bLocal; x -> r x + t
/// into A's frame): from the distance of B's centroid to the face (centroidDistance, as faceBounds gives it) less
/// B's radius, else (when the centroid is well above the face and B has columns) from one projection of B's
/// vertices in its frame. True only when the margin exceeds the rounding of both ways of measuring, so that
/// faceSeparation(a, face, B moved) > tol too (false may be either).
bool faceSeparatesUnmoved(const HullView& a, int face, float centroidDistance, const HullView& bLocal, const Mat3& r,
                          Vec3 t, float tol);
/// Separation along the cross product of half-edges ea of A and eb of B, oriented away from A's centroid;
/// -FLT_MAX when the edges are parallel.
float edgeSeparation(const HullView& a, int ea, const HullView& b, int eb, Vec3* normal);
/// What bounds the edge pairs' separations (see queryEdgesReference): for each hull, the signed distances of up
/// to two points of the other (its centroid, its deepest vertex under a face) to its planes, when known; and, in
/// queryEdges only, the rows of A's planes against B's vertices (FaceRows) as A's face query left them (null: made
/// there).
struct EdgeBounds {
  const float* capsA[2] = {nullptr, nullptr};  ///< per face of A: distances of points of B
  const float* capsB[2] = {nullptr, nullptr};  ///< per face of B: distances of points of A
  FaceRows* rowsA = nullptr;                   ///< A's planes against B's vertices
};
/// The bound of h's edge between faces u and w against the other hull o: min over o's vertices x of
/// max(signedDistance(u, x), signedDistance(w, x)). Every axis on the edge's Gauss-map arc separates the hulls by
/// at most this (when negative; see edgeMayBeat for positive values). One vertex at a time. The edge query bounds
/// A's edges by it (B's by the caps only).
float edgeBoundReference(const HullView& h, int u, int w, const HullView& o);
/// edgeBoundReference four of o's vertices at a time (o's columns, when it has them): the same value.
float edgeBound(const HullView& h, int u, int w, const HullView& o);
/// The edges of h (numbered as half-edge / 2) that the distances of up to two points of the other hull to h's
/// planes do not rule out below `best` < 0: for each point k given (caps[k], per face; none: every edge),
/// caps[k][u] > best or caps[k][w] > best, u and w the edge's faces. Written to out in increasing order; returns
/// their number. With the hull's edge table (at most 64 edges): for each point, the edges of the faces it is above,
/// one table entry per four faces, intersected over the points; else every edge is tested.
int edgesAbove(const HullView& h, const float* const* caps, float best, uint16_t* out);
/// The scalar reference of edgesAbove: every edge, one at a time.
int edgesAboveReference(const HullView& h, const float* const* caps, float best, uint16_t* out);
/// Largest separation over the edge pairs that form faces of the Minkowski difference (Gauss-map test), among
/// those that could exceed `floor` (pairs that cannot are skipped by the bounds of both hulls' edges; the result
/// has edgeA == -1 when none beats it).
EdgeQuery queryEdges(const HullView& a, const HullView& b, const EdgeBounds& bounds, float floor, float stopAbove);
/// The scalar reference of queryEdges: the bounds one vertex at a time and the Gauss-map test one edge pair at a
/// time (queryEdges computes the bounds from rows and tests four of B's edges at a time with the same arithmetic,
/// so both give the same answer).
EdgeQuery queryEdgesReference(const HullView& a, const HullView& b, const EdgeBounds& bounds, float floor,
                              float stopAbove);
EdgeQuery queryEdges(const HullView& a, const HullView& b, float stopAbove);

/// The outcome of SAT on two views in one frame.
struct SatResult {
  SatAxis3 kind = SatAxis3::None;
  int indexA = -1, indexB = -1;
  float separation = -FLT_MAX;
  Vec3 normal{};  ///< unit, A to B
};
/// SAT over faces of A, faces of B and Minkowski edge pairs, with the cache tried first. Returns as soon as an
/// axis separates by more than tol (then kind/index name it); otherwise the axis of largest separation, faces
/// preferred unless an edge pair separates by more than tol * 0.5 more (stable contacts).
SatResult runSat(const HullView& a, const HullView& b, float tol, SatCache3* cache);
/// runSat without trying the cache first (it is still written). `known`: a separation along some axis, when the
/// caller measured one (the cached axis), used only to skip edge pairs that cannot matter: the result is the same.
/// With `pendingB`, b comes from movedVertices (with columns, no vertex array) and its planes are written only once
/// A's faces fail to separate (a pair A's faces separate never reads them); the result is the same as with b from
/// movedView.
/// With `start`, A's face query starts from it (startFaceQuery of B's centroid in this frame) instead of computing it.
SatResult runSatUncached(const HullView& a, const HullView& b, float tol, SatCache3* cache, float known = -FLT_MAX,
                         const PendingMove* pendingB = nullptr, const FaceStart* start = nullptr);
/// What runSat's result writes to the cache.
inline void writeCache(SatCache3* cache, const SatResult& r) {
  if (cache == nullptr) return;
  cache->kind = r.kind;
  cache->indexA = uint16_t(r.indexA < 0 ? 0 : r.indexA);
  cache->indexB = uint16_t(r.indexB < 0 ? 0 : r.indexB);
}
/// The separation along the cache's axis (the normal from A to B in *normal) with B still in its own frame
/// (bLocal; x -> r x + t into A's frame): a pair the cache separates costs no view of B in A's frame.
/// -FLT_MAX when the cache does not fit these hulls.
float cachedSeparation(const HullView& a, const HullView& bLocal, const Mat3& r, Vec3 t, const SatCache3& cache,
                       Vec3* normal);
/// Signed gap between the hulls' projections on `axis` (unit), in whichever direction is larger; *axis is
/// flipped if needed to point from A to B. Uses the views' columns when both have them.
float axisSeparation(const HullView& a, const HullView& b, Vec3* axis);
/// The scalar reference of axisSeparation.
float axisSeparationReference(const HullView& a, const HullView& b, Vec3* axis);
/// The same SAT with no pruning of edge pairs and no early exit: the scalar reference for runSat.
SatResult runSatReference(const HullView& a, const HullView& b, float tol);
/// Box - box: B's pose in A's frame as cosines (R[i][j] = A's axis i . B's axis j) and both half extents, as
/// four-wide rows and columns (lane 3 zero) so that the 15 axes are tested three at a time; and both boxes' axes
/// in the world, to take the contacts back there.
struct BoxPair {
  F4 e, f;               ///< A's and B's half extents (scaled, positive)
  F4 row[3], absRow[3];  ///< row i: R[i][0..2], A's axis i in B's frame
  F4 col[3], absCol[3];  ///< column j: R[0..2][j], B's axis j in A's frame
  F4 t;                  ///< B's centre in A's frame
  F4 axesA[3], axesB[3];  ///< the columns of toMat3(xfA.q) and toMat3(xfB.q)
};
/// The pair from the boxes' scaled half extents and transforms, four lanes at a time: R = rA^T rB and
/// t = rA^T (pB - pA) from the two rotation matrices, whose columns the contacts need anyway (cheaper than the
/// relative quaternion, which would leave them to be built as well). The same bits as makeBoxPairReference.
BoxPair makeBoxPair(Vec3 e, Vec3 f, const Transform3& xfA, const Transform3& xfB);
/// The scalar reference of makeBoxPair, through toMat3 and mulT.
BoxPair makeBoxPairReference(Vec3 e, Vec3 f, const Transform3& xfA, const Transform3& xfB);
/// SAT on the 15 axes in closed form. Face indices are the cube's; an edge pair's indexA / indexB are the boxes'
/// axes (0..2). The same early exits and preferences as runSat.
SatResult boxSat(const BoxPair& p, float tol);
/// Box face contacts before reduction, in the reference face's frame (u, v along the face, w along its normal), as
/// columns: candidate i is lane i % 4 of block i / 4.
struct BoxCandidates {
  static constexpr int kMax = 24;  ///< at most 16: 4 corners of each shape, 2 crossings per side plane
  alignas(16) float u[kMax], v[kMax], w[kMax], depth[kMax];
  uint32_t id[kMax];
  int count = 0;
};
/// reduceManifold on the candidates with normal (0, 0, normalZ), normalZ = +-1, four candidates at a time: writes
/// the indices of the points kept, in reduceManifold's order, and returns their number (all of them up to four).
int reduceBoxCandidates(const BoxCandidates& c, float normalZ, int* kept);
/// Contacts for the axis boxSat chose, in the world. The boxes as hulls give the same manifold through
/// buildManifold (the reference this is tested against).
Manifold3 boxManifold(const BoxPair& p, const SatResult& sat, float tol, const Transform3& xfA,
                      const Transform3& xfB);
/// Contacts of two overlapping (or touching within tol) views for the axis runSat chose, in that frame.
Manifold3 buildManifold(const HullView& a, const HullView& b, const SatResult& sat, float tol);
/// Most vertices a clipped polygon can have.
constexpr int kMaxClip = 2 * kMaxHullVertices + 8;
/// A vertex of the incident face while it is clipped, with the features it lies on.
struct ClipVertex {
  Vec3 p;
  uint16_t refFeature;  ///< feature of the reference hull
  uint16_t incFeature;  ///< feature of the incident hull
  int edgeOut;          ///< incident half-edge the polygon follows from here, or -(j + 2): along the side plane of
                        ///< reference half-edge j
};
/// Sutherland-Hodgman against one plane (keeps dot(planeN, p) <= planeD), the side plane of reference half-edge
/// refEdge; writes at most kMaxClip vertices to out and returns their number.
int clipPolygon(const ClipVertex* in, int n, Vec3 planeN, float planeD, int refEdge, ClipVertex* out);
/// Keeps at most four points of m that span the largest area (deepest first).
void reduceManifold(ManifoldPoint3* points, int* count, Vec3 normal);
/// The manifold moved from A's frame to the world (rotation rA, translation pA).
Manifold3 toWorld(const Manifold3& m, const Mat3& rA, Vec3 pA);

/// A convex core for GJK: points in one frame (their hull), plus a radius.
struct Proxy3 {
  const Vec3* points = nullptr;
  int count = 0;
  float radius = 0.0f;
};
struct GjkOutput {
  Vec3 pointA{}, pointB{};  ///< closest points of the cores
  float distance = 0.0f;    ///< between the cores (0 when they overlap)
  int iterations = 0;
};
/// Closest points of two cores (GJK with a brute-force Johnson sub-algorithm in double).
GjkOutput gjk(const Proxy3& a, const Proxy3& b);

/// Closest points of segments p1-q1 and p2-q2 (Ericson 5.1.9): parameters s, t in [0, 1].
void closestSegmentSegment(Vec3 p1, Vec3 q1, Vec3 p2, Vec3 q2, float* s, float* t);
/// Largest |scale| component: the factor a sphere's or capsule's radius takes under a non-uniform scale.
inline float scaleMax(Vec3 s) { return maxComponent(vabs(s)); }

}  // namespace detail
}  // namespace sat
