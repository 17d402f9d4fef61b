// Private to the 3D core: the stages of makeHull, each its own function (quickhull3.cpp, hull3.cpp).
#pragma once

#include <cmath>
#include <vector>

#include "sat/3d/shapes3.h"

namespace sat {

/// The hull's private arrays, for the makers (hull3.cpp) and the narrow phase's views (hull_view3.cpp).
struct HullAccess {
  static std::vector<Vec3>& vertices(Hull3& h) { return h.vertices_; }
  static std::vector<Plane>& planes(Hull3& h) { return h.planes_; }
  static std::vector<HullFace>& faces(Hull3& h) { return h.faces_; }
  static std::vector<HullHalfEdge>& edges(Hull3& h) { return h.edges_; }
  static void setMass(Hull3& h, Vec3 centroid, float volume, float radius, AABB3 bounds) {
    h.centroid_ = centroid;
    h.volume_ = volume;
    h.boundingRadius_ = radius;
    h.bounds_ = bounds;
  }
  /// The columns from the vertices and planes, then the edge table for hulls of at most 64 edges (see
  /// Hull3::columns_).
  static void makeColumns(Hull3& h) {
    const int nv = h.vertexCount(), nf = h.faceCount(), vb = (nv + 3) / 4, pb = (nf + 3) / 4;
    const bool table = h.halfEdgeCount() <= 2 * 64;
    h.columns_.assign(size_t(3 * vb + 4 * pb + (table ? 8 * pb : 0)), Hull3::Lanes4{});
    for (int i = 0; i < 4 * vb; ++i) {
      const Vec3 p = h.vertices_[size_t(i < nv ? i : nv - 1)];
      h.columns_[size_t(i / 4)].lane[i % 4] = p.x;
      h.columns_[size_t(vb + i / 4)].lane[i % 4] = p.y;
      h.columns_[size_t(2 * vb + i / 4)].lane[i % 4] = p.z;
    }
    for (int f = 0; f < 4 * pb; ++f) {
      const Plane& p = h.planes_[size_t(f < nf ? f : nf - 1)];
      h.columns_[size_t(3 * vb + f / 4)].lane[f % 4] = p.normal.x;
      h.columns_[size_t(3 * vb + pb + f / 4)].lane[f % 4] = p.normal.y;
      h.columns_[size_t(3 * vb + 2 * pb + f / 4)].lane[f % 4] = p.normal.z;
      h.columns_[size_t(3 * vb + 3 * pb + f / 4)].lane[f % 4] = p.offset;
    }
    if (!table) return;
    unsigned char* bytes = reinterpret_cast<unsigned char*>(h.columns_.data() + 3 * vb + 4 * pb);
    for (int e = 0; e < h.halfEdgeCount(); ++e) {
      const int f = h.edges_[size_t(e)].face;
      for (int m = 0; m < 16; ++m) {
        if ((m & (1 << (f & 3))) == 0) continue;
        unsigned char* entry = bytes + 8 * (16 * (f / 4) + m);
        uint64_t edges;
        __builtin_memcpy(&edges, entry, sizeof edges);
        edges |= uint64_t(1) << (e >> 1);
        __builtin_memcpy(entry, &edges, sizeof edges);
      }
    }
  }
  static const float* columns(const Hull3& h) { return h.columns_.empty() ? nullptr : h.columns_[0].lane; }
  /// The edge table's bytes (see Hull3::columns_), or null when the hull has none; nv and nf are its vertex and
  /// face counts.
  static const unsigned char* edgeTable(const Hull3& h, int nv, int nf) {
    const size_t at = size_t(3 * ((nv + 3) >> 2) + 4 * ((nf + 3) >> 2));
    return h.columns_.size() > at ? reinterpret_cast<const unsigned char*>(h.columns_.data() + at) : nullptr;
  }
};

namespace detail {

/// A double-precision 3-vector for construction-time geometry.
struct DVec3 {
  double x = 0.0, y = 0.0, z = 0.0;
};
inline DVec3 operator+(DVec3 a, DVec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline DVec3 operator-(DVec3 a, DVec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline DVec3 operator*(double s, DVec3 a) { return {s * a.x, s * a.y, s * a.z}; }
inline double dot(DVec3 a, DVec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline DVec3 cross(DVec3 a, DVec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline double length(DVec3 a) { return std::sqrt(dot(a, a)); }
inline DVec3 toD(Vec3 v) { return {double(v.x), double(v.y), double(v.z)}; }

/// A polyhedron's faces as loops of vertex indices, counter-clockwise seen from outside:
/// face f is indices[starts[f] .. starts[f + 1]).
struct FaceLoops {
  std::vector<int> indices;
  std::vector<int> starts{0};
  int faceCount() const { return int(starts.size()) - 1; }
};

/// Ok, NonFinite, OutOfRange or TooManyPoints (count > kMaxHull3Input) for a point array.
Status checkPoints3(const Vec3* points, int count);
/// Largest side of the points' bounding box.
double pointCloudSize(const Vec3* points, int count);

/// Quickhull (Barber, Dobkin, Huhdanpaa 1996) in double precision with distance tolerance `tol`, then nearly
/// coplanar triangles merged into polygonal faces and vertices left on an edge between two faces dropped.
/// Faces index into `points`. A face is replaced when the new point lies more than removeAbove * tol above it
/// (1: clearly above; -1: also when within tol of it; 0: above at all). Statuses: TooFewPoints, ZeroVolume,
/// Coplanar, Degenerate.
Status quickhull(const Vec3* points, int count, double tol, double removeAbove, FaceLoops* faces);

/// The half-edge Hull3 from face loops over `points` (only the vertices the loops use are kept). Checks the
/// mesh: closed two-manifold (every edge has its twin), V - E + F = 2, every face planar and every vertex under
/// every face plane within `tol`, positive volume. TooManyPoints for more than maxVertices vertices, Degenerate
/// when a check fails.
Status buildHull(const Vec3* points, const FaceLoops& faces, double tol, int maxVertices, Hull3* out);

/// Whether every point lies under every face plane of the hull within tol.
bool containsAll(const Hull3& hull, const Vec3* points, int count, double tol);

}  // namespace detail
}  // namespace sat
