// makeHull for 3D point clouds: validate the input, quickhull with a tolerance relative to the cloud's size, then
// the half-edge mesh with its checks. Also the simple 3D makers and bounds.
#include <algorithm>
#include <cmath>
#include <vector>

#include <cfloat>

#include "hull_build3.h"
#include "simd3.h"

namespace sat {

namespace detail {

Status buildHull(const Vec3* points, const FaceLoops& loops, double tol, int maxVertices, Hull3* out) {
  // Compact the vertices the faces use.
  std::vector<int> remap;
  int maxIndex = -1;
  for (int v : loops.indices) maxIndex = std::max(maxIndex, v);
  remap.assign(size_t(maxIndex + 1), -1);
  std::vector<Vec3> verts;
  for (int v : loops.indices) {
    if (remap[size_t(v)] < 0) {
      remap[size_t(v)] = int(verts.size());
      verts.push_back(points[v]);
    }
  }
  const int nv = int(verts.size());
  if (nv > maxVertices) return Status::TooManyPoints;
  const int nf = loops.faceCount();
  if (nv < 4 || nf < 4) return Status::Degenerate;

  // Half-edges: the first time an edge u -> w is met it takes an even slot 2k, and w -> u the odd slot 2k + 1.
  std::vector<int> slot(size_t(nv) * size_t(nv), -1);
  std::vector<HullHalfEdge> edges;
  std::vector<uint8_t> filled;
  std::vector<HullFace> faces(static_cast<size_t>(nf));
  for (int f = 0; f < nf; ++f) {
    const int begin = loops.starts[size_t(f)], end = loops.starts[size_t(f) + 1], n = end - begin;
    if (n < 3) return Status::Degenerate;
    int first = -1, prev = -1;
    for (int k = 0; k < n; ++k) {
      const int u = remap[size_t(loops.indices[size_t(begin + k)])];
      const int w = remap[size_t(loops.indices[size_t(begin + (k + 1) % n)])];
      int e;
      if (slot[size_t(w) * size_t(nv) + size_t(u)] >= 0) {
        e = slot[size_t(w) * size_t(nv) + size_t(u)] ^ 1;
      } else {
        if (slot[size_t(u) * size_t(nv) + size_t(w)] >= 0) return Status::Degenerate;  // the same edge twice
        e = int(edges.size());
        edges.resize(edges.size() + 2);
        filled.resize(filled.size() + 2, 0);
      }
      if (filled[size_t(e)]) return Status::Degenerate;
      if (e > 0xFFFF) return Status::TooManyPoints;
      filled[size_t(e)] = 1;
      slot[size_t(u) * size_t(nv) + size_t(w)] = e;
      edges[size_t(e)].origin = uint8_t(u);
      edges[size_t(e)].face = uint16_t(f);
      if (prev >= 0) edges[size_t(prev)].next = uint16_t(e);
      if (first < 0) first = e;
      prev = e;
    }
    edges[size_t(prev)].next = uint16_t(first);
    faces[size_t(f)].edge = uint16_t(first);
  }
  for (uint8_t f : filled) {
    if (!f) return Status::Degenerate;  // an edge without its twin: the surface is not closed
  }
  const int ne = int(edges.size()) / 2;
  if (nv - ne + nf != 2) return Status::Degenerate;

  // Planes: Newell's normal of each loop; the offset is the largest over all vertices, so every plane supports the
  // hull. A face is accepted when its own vertices are within tol of that plane (planar, and nothing bulges out).
  std::vector<Plane> planes(static_cast<size_t>(nf));
  for (int f = 0; f < nf; ++f) {
    DVec3 n{};
    int e = faces[size_t(f)].edge;
    do {
      const DVec3 a = toD(verts[edges[size_t(e)].origin]);
      const DVec3 b = toD(verts[edges[size_t(edges[size_t(e)].next)].origin]);
      n = n + DVec3{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
      e = edges[size_t(e)].next;
    } while (e != faces[size_t(f)].edge);
    const double len = length(n);
    if (!(len > 0.0)) return Status::Degenerate;
    n = (1.0 / len) * n;
    double hi = -HUGE_VAL;
    for (const Vec3& v : verts) hi = std::max(hi, dot(n, toD(v)));
    e = faces[size_t(f)].edge;
    do {
      if (hi - dot(n, toD(verts[edges[size_t(e)].origin])) > tol) return Status::Degenerate;
      e = edges[size_t(e)].next;
    } while (e != faces[size_t(f)].edge);
    planes[size_t(f)].normal = {float(n.x), float(n.y), float(n.z)};
    planes[size_t(f)].offset = float(hi);
  }

  // Volume and centroid: tetrahedra from a point inside to each face's triangle fan.
  DVec3 ref{};
  for (const Vec3& v : verts) ref = ref + toD(v);
  ref = (1.0 / nv) * ref;
  double volume6 = 0.0;
  DVec3 weighted{};
  for (int f = 0; f < nf; ++f) {
    const int e0 = faces[size_t(f)].edge;
    const DVec3 a = toD(verts[edges[size_t(e0)].origin]) - ref;
    for (int e = edges[size_t(e0)].next; edges[size_t(e)].next != e0; e = edges[size_t(e)].next) {
      const DVec3 b = toD(verts[edges[size_t(e)].origin]) - ref;
      const DVec3 c = toD(verts[edges[size_t(edges[size_t(e)].next)].origin]) - ref;
      const double v6 = dot(a, cross(b, c));
      volume6 += v6;
      weighted = weighted + (v6 * 0.25) * (a + b + c);
    }
  }
  if (!(volume6 > 0.0)) return Status::Degenerate;
  const DVec3 centroid = ref + (1.0 / volume6) * weighted;
  const Vec3 c{float(centroid.x), float(centroid.y), float(centroid.z)};
  float radius = 0.0f;
  AABB3 bounds{verts[0], verts[0]};
  for (const Vec3& v : verts) {
    radius = std::max(radius, length(v - c));
    bounds.lower = vmin(bounds.lower, v);
    bounds.upper = vmax(bounds.upper, v);
  }
  Hull3 hull;
  HullAccess::vertices(hull) = std::move(verts);
  HullAccess::planes(hull) = std::move(planes);
  HullAccess::faces(hull) = std::move(faces);
  HullAccess::edges(hull) = std::move(edges);
  HullAccess::setMass(hull, c, float(volume6 / 6.0), radius, bounds);
  HullAccess::makeColumns(hull);
  *out = std::move(hull);
  return Status::Ok;
}

namespace {
// Points relative to c, as four-wide columns (padded by repeating the last point).
struct PointColumns {
  std::vector<F4> x, y, z;
  int blocks = 0;
};
void toColumns(const std::vector<Vec3>& pts, PointColumns* out) {
  const int n = int(pts.size());
  out->blocks = (n + 3) / 4;
  out->x.resize(size_t(out->blocks)), out->y.resize(size_t(out->blocks)), out->z.resize(size_t(out->blocks));
  for (int i = 0; i < 4 * out->blocks; ++i) {
    const Vec3 p = pts[size_t(i < n ? i : n - 1)];
    out->x[size_t(i >> 2)][i & 3] = p.x, out->y[size_t(i >> 2)][i & 3] = p.y, out->z[size_t(i >> 2)][i & 3] = p.z;
  }
}
float maxProjection(const PointColumns& c, Vec3 n) {
  const F4 nx = splat4(n.x), ny = splat4(n.y), nz = splat4(n.z);
  F4 hi = splat4(-FLT_MAX);
  for (int b = 0; b < c.blocks; ++b) hi = max4(hi, nx * c.x[size_t(b)] + ny * c.y[size_t(b)] + nz * c.z[size_t(b)]);
  return hmax4(hi);
}
}  // namespace

bool containsAll(const Hull3& hull, const Vec3* points, int count, double tol) {
  // Plane by plane, the largest projection of the points against that of the hull's vertices, four at a time in
  // float, all relative to the hull's centre: far from the origin the stored float offset, and float products of
  // raw coordinates, would round by more than tol; relative to the centre they round by about 1e-7 of the size.
  // Points inside the ball about the centroid that touches the nearest face plane are inside every plane and are
  // not scanned.
  const AABB3 box = hull.bounds();
  const DVec3 c = 0.5 * (toD(box.lower) + toD(box.upper));
  auto relative = [&](Vec3 v) {
    const DVec3 d = toD(v) - c;
    return Vec3{float(d.x), float(d.y), float(d.z)};
  };
  std::vector<Vec3> verts;
  for (int v = 0; v < hull.vertexCount(); ++v) verts.push_back(relative(hull.vertex(v)));
  PointColumns vc;
  toColumns(verts, &vc);
  const int nf = hull.faceCount();
  std::vector<float> offsets(static_cast<size_t>(nf));
  const Vec3 centroid = relative(hull.centroid());
  float inner = FLT_MAX;
  for (int f = 0; f < nf; ++f) {
    offsets[size_t(f)] = maxProjection(vc, hull.plane(f).normal);
    inner = std::min(inner, offsets[size_t(f)] - dot(hull.plane(f).normal, centroid));
  }
  const float inner2 = inner > 0.0f ? 0.98f * inner * inner : -1.0f;  // 1% short of the ball: round-off
  std::vector<Vec3> rest;
  for (int i = 0; i < count; ++i) {
    const Vec3 p = relative(points[i]);
    if (!(distanceSquared(p, centroid) <= inner2)) rest.push_back(p);
  }
  if (rest.empty()) return true;
  PointColumns pc;
  toColumns(rest, &pc);
  for (int f = 0; f < nf; ++f) {
    if (double(maxProjection(pc, hull.plane(f).normal)) - double(offsets[size_t(f)]) > tol) return false;
  }
  return true;
}

}  // namespace detail

Status makeHull(const Vec3* points, int count, Hull3* out, int maxVertices) {
  if (out == nullptr || count < 0 || (count > 0 && points == nullptr)) return Status::InvalidArgument;
  if (maxVertices < 4 || maxVertices > kMaxHullVertices) return Status::InvalidArgument;
  Status s = detail::checkPoints3(points, count);
  if (s != Status::Ok) return s;
  if (count < 4) return Status::TooFewPoints;
  const double baseTol = double(kHullRelativeTolerance) * detail::pointCloudSize(points, count);
  // Quickhull replaces only the faces a new point is clearly above. Clusters of near-duplicate points (a few
  // tolerances apart) can still fold a sliver triangle back over a face the point lay on, which the mesh checks
  // reject: then again replacing also the faces the point lies on, then every face it is above at all (each
  // mode fails on some inputs the others handle), and all three at twice and four times the tolerance, where
  // fewer such points count as distinct. Every accepted hull must hold every point within 8 base tolerances.
  for (double scale : {1.0, 2.0, 4.0}) {
    const double tol = scale * baseTol;
    for (double removeAbove : {1.0, -1.0, 0.0}) {
      detail::FaceLoops loops;
      s = detail::quickhull(points, count, tol, removeAbove, &loops);
      // Merged faces may bend by up to twice the merge tolerance (2 tol) across their width.
      if (s == Status::Ok) s = detail::buildHull(points, loops, 4.0 * tol, maxVertices, out);
      // Tolerances add up over the steps (a point within tol of a face that later steps replace can end up
      // farther out), so every point is checked against the finished hull with the documented bound.
      if (s == Status::Ok && !detail::containsAll(*out, points, count, 8.0 * baseTol)) s = Status::Degenerate;
      if (s != Status::Degenerate) return s;
    }
  }
  return s;
}

namespace {
Status checkExtents(Vec3 h) {
  if (!isValid(h)) return Status::NonFinite;
  if (!isInRange(h)) return Status::OutOfRange;
  if (!(h.x > 0.0f && h.y > 0.0f && h.z > 0.0f)) return Status::ZeroVolume;
  return Status::Ok;
}
Status checkRadius(float r) {
  if (!std::isfinite(r)) return Status::NonFinite;
  if (!(r > 0.0f)) return Status::InvalidRadius;
  if (r > kMaxCoordinate) return Status::OutOfRange;
  return Status::Ok;
}
}  // namespace

Status makeBoxHull(Vec3 h, Hull3* out, Vec3 center, Quat rotation) {
  if (out == nullptr) return Status::InvalidArgument;
  Status s = checkExtents(h);
  if (s != Status::Ok) return s;
  if (!isValid(center) || !isValid(Vec3{rotation.x, rotation.y, rotation.z}) || !std::isfinite(rotation.w)) {
    return Status::NonFinite;
  }
  if (!isInRange(center)) return Status::OutOfRange;
  if (!isValid(rotation)) return Status::InvalidTransform;
  Vec3 corners[8];
  for (int i = 0; i < 8; ++i) {
    Vec3 local{(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z};
    corners[i] = center + rotate(rotation, local);
    if (!isInRange(corners[i])) return Status::OutOfRange;
  }
  // Corner i has bit 0 = +x, bit 1 = +y, bit 2 = +z; loops counter-clockwise seen from outside.
  detail::FaceLoops loops;
  loops.indices = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
  loops.starts = {0, 4, 8, 12, 16, 20, 24};
  const double size = detail::pointCloudSize(corners, 8);
  return detail::buildHull(corners, loops, 4.0 * double(kHullRelativeTolerance) * size, 8, out);
}

Status makeBox(Vec3 halfExtents, Box3* out) {
  if (out == nullptr) return Status::InvalidArgument;
  Status s = checkExtents(halfExtents);
  if (s != Status::Ok) return s;
  out->halfExtents = halfExtents;
  return Status::Ok;
}

Status makeSphere(Vec3 center, float radius, Sphere* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(center)) return Status::NonFinite;
  Status s = checkRadius(radius);
  if (s != Status::Ok) return s;
  if (!isInRange(center)) return Status::OutOfRange;
  *out = {center, radius};
  return Status::Ok;
}

Status makeCapsule(Vec3 center1, Vec3 center2, float radius, Capsule3* out) {
  if (out == nullptr) return Status::InvalidArgument;
  if (!isValid(center1) || !isValid(center2)) return Status::NonFinite;
  Status s = checkRadius(radius);
  if (s != Status::Ok) return s;
  if (!isInRange(center1) || !isInRange(center2)) return Status::OutOfRange;
  if (center1 == center2) return Status::ZeroLength;
  *out = {center1, center2, radius};
  return Status::Ok;
}

Status checkTransform(const Transform3& xf) { return isValid(xf) ? Status::Ok : Status::InvalidTransform; }

AABB3 localBounds(const Hull3& hull) { return hull.bounds(); }
AABB3 localBounds(const Box3& box) { return {-box.halfExtents, box.halfExtents}; }
AABB3 localBounds(const Sphere& s) {
  Vec3 r{s.radius, s.radius, s.radius};
  return {s.center - r, s.center + r};
}
AABB3 localBounds(const Capsule3& c) {
  Vec3 r{c.radius, c.radius, c.radius};
  return {vmin(c.center1, c.center2) - r, vmax(c.center1, c.center2) + r};
}

namespace {
float radiusScale(const Transform3& xf) { return maxComponent(vabs(xf.scale)); }
// Bounds of a local box under an affine map: centre mapped, half extents through |M|.
AABB3 transformBox(const AABB3& b, const Transform3& xf) {
  const Mat3 r = toMat3(xf.q);
  const Vec3 c = transformPoint(xf, center(b));
  const Vec3 h = vabs(mulComponents(xf.scale, 0.5f * (b.upper - b.lower)));
  const Vec3 e{std::fabs(r.cx.x) * h.x + std::fabs(r.cy.x) * h.y + std::fabs(r.cz.x) * h.z,
               std::fabs(r.cx.y) * h.x + std::fabs(r.cy.y) * h.y + std::fabs(r.cz.y) * h.z,
               std::fabs(r.cx.z) * h.x + std::fabs(r.cy.z) * h.y + std::fabs(r.cz.z) * h.z};
  return {c - e, c + e};
}
}  // namespace

AABB3 computeAABB(const Hull3& hull, const Transform3& xf) {
  const Mat3 r = toMat3(xf.q);
  AABB3 out{};
  for (int i = 0; i < hull.vertexCount(); ++i) {
    const Vec3 w = xf.p + r * mulComponents(xf.scale, hull.vertex(i));
    out = i == 0 ? AABB3{w, w} : AABB3{vmin(out.lower, w), vmax(out.upper, w)};
  }
  return out;
}
AABB3 computeAABB(const Box3& box, const Transform3& xf) { return transformBox(localBounds(box), xf); }
AABB3 computeAABB(const Sphere& s, const Transform3& xf) {
  const Vec3 c = transformPoint(xf, s.center);
  const float r = s.radius * radiusScale(xf);
  return {c - Vec3{r, r, r}, c + Vec3{r, r, r}};
}
AABB3 computeAABB(const Capsule3& cap, const Transform3& xf) {
  const Vec3 a = transformPoint(xf, cap.center1), b = transformPoint(xf, cap.center2);
  const float r = cap.radius * radiusScale(xf);
  return {vmin(a, b) - Vec3{r, r, r}, vmax(a, b) + Vec3{r, r, r}};
}

}  // namespace sat
