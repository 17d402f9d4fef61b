// Box - box without hull machinery: the 15 axes in closed form (Gottschalk, "OBBTree", 1996) on B's pose in A's
// frame, then contacts from the reference box's own frame, where its face and side planes are axis-aligned, the
// incident face's four corners come from the other box's extents, and clipping is against |x_k| <= h_k. Feature
// ids follow the cube topology of boxView and makeBoxHull, so the same boxes as hulls (the reference this path is
// tested against) name the same features.
#include <cmath>

#include "narrow3.h"

namespace sat {
namespace detail {

namespace {

inline Vec3 unitAxis(int k, float sign) {
  return {k == 0 ? sign : 0.0f, k == 1 ? sign : 0.0f, k == 2 ? sign : 0.0f};
}
inline float component(Vec3 v, int k) { return k == 0 ? v.x : k == 1 ? v.y : v.z; }

}  // namespace

BoxPair makeBoxPair(Vec3 e, Vec3 f, const RelativePose& pose) {
  BoxPair p;
  p.e[0] = e.x, p.e[1] = e.y, p.e[2] = e.z;
  p.f[0] = f.x, p.f[1] = f.y, p.f[2] = f.z;
  const Vec3 col[3] = {pose.r.cx, pose.r.cy, pose.r.cz};
  for (int j = 0; j < 3; ++j) {
    p.R[0][j] = col[j].x, p.R[1][j] = col[j].y, p.R[2][j] = col[j].z;
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) p.absR[i][j] = std::fabs(p.R[i][j]);
  }
  p.t[0] = pose.t.x, p.t[1] = pose.t.y, p.t[2] = pose.t.z;
  return p;
}

// Face indices are the cube's (2k: -axis k, 2k + 1: +axis k); an edge pair names the two boxes' axes.
SatResult boxSat(const BoxPair& p, float tol) {
  // A's faces: the box's projection radius on axis i is e_i + sum_j f_j |R_ij|.
  float faceA[3];
  for (int i = 0; i < 3; ++i) {
    faceA[i] = std::fabs(p.t[i]) - (p.e[i] + p.f[0] * p.absR[i][0] + p.f[1] * p.absR[i][1] + p.f[2] * p.absR[i][2]);
  }
  int ia = faceA[1] > faceA[0] ? 1 : 0;
  ia = faceA[2] > faceA[ia] ? 2 : ia;
  const SatResult ra{SatAxis3::FaceA, 2 * ia + (p.t[ia] >= 0.0f ? 1 : 0), -1, faceA[ia],
                     unitAxis(ia, p.t[ia] >= 0.0f ? 1.0f : -1.0f)};
  if (ra.separation > tol) return ra;
  float faceB[3], tB[3];
  for (int j = 0; j < 3; ++j) {
    tB[j] = p.t[0] * p.R[0][j] + p.t[1] * p.R[1][j] + p.t[2] * p.R[2][j];
    faceB[j] = std::fabs(tB[j]) - (p.f[j] + p.e[0] * p.absR[0][j] + p.e[1] * p.absR[1][j] + p.e[2] * p.absR[2][j]);
  }
  int jb = faceB[1] > faceB[0] ? 1 : 0;
  jb = faceB[2] > faceB[jb] ? 2 : jb;
  // The face of B toward A has normal -col_j when A lies on B's -axis side; the axis from A to B is then +col_j.
  const float sb = tB[jb] > 0.0f ? 1.0f : -1.0f;
  const SatResult rb{SatAxis3::FaceB, -1, 2 * jb + (tB[jb] > 0.0f ? 0 : 1), faceB[jb],
                     {sb * p.R[0][jb], sb * p.R[1][jb], sb * p.R[2][jb]}};
  if (rb.separation > tol) return rb;
  // Edge axes e_i x col_j, of length sqrt(R_i1j^2 + R_i2j^2), all nine computed side by side (no branch until
  // the largest is picked). Parallel edges (within 1e-5 rad) are skipped: the face axes cover them.
  float sep[9];
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const float len2 = p.R[i1][j] * p.R[i1][j] + p.R[i2][j] * p.R[i2][j];
      const float tl = p.t[i2] * p.R[i1][j] - p.t[i1] * p.R[i2][j];
      const float rA = p.e[i1] * p.absR[i2][j] + p.e[i2] * p.absR[i1][j];
      const float rB = p.f[j1] * p.absR[i][j2] + p.f[j2] * p.absR[i][j1];
      sep[3 * i + j] = len2 > 1.0e-10f ? (std::fabs(tl) - (rA + rB)) / std::sqrt(len2) : -FLT_MAX;
    }
  }
  int k = 0;
  for (int c = 1; c < 9; ++c) k = sep[c] > sep[k] ? c : k;
  const float best = sep[k];
  const int bi = k / 3, bj = k % 3;
  SatResult re{SatAxis3::EdgePair, bi, bj, best, {}};
  if (best > -FLT_MAX) {
    const Vec3 axis = cross(unitAxis(bi, 1.0f), {p.R[0][bj], p.R[1][bj], p.R[2][bj]});
    const float tl = p.t[0] * axis.x + p.t[1] * axis.y + p.t[2] * axis.z;
    re.normal = (tl >= 0.0f ? 1.0f : -1.0f) * normalize(axis);
  }
  if (best > tol) return re;
  // As for hulls: faces before edges and A before B unless the other separates clearly more.
  const float bias = 0.5f * tol;
  const bool useB = rb.separation > ra.separation + bias;
  const SatResult& face = useB ? rb : ra;
  if (best > -FLT_MAX && best > face.separation + bias) return re;
  return face;
}

namespace {

// clipPolygon against the side plane sl * x_l <= h (the same arithmetic, and the same features).
inline int clipAxis(const ClipVertex* in, int n, int l, float sl, float h, int refEdge, ClipVertex* out) {
  int m = 0;
  const ClipVertex* prev = &in[n - 1];
  float dPrev = sl * component(prev->p, l) - h;
  for (int i = 0; i < n; ++i) {
    const ClipVertex* cur = &in[i];
    const float dCur = sl * component(cur->p, l) - h;
    if ((dPrev <= 0.0f) != (dCur <= 0.0f)) {
      ClipVertex& x = out[m++];
      x.p = lerp(prev->p, cur->p, dPrev / (dPrev - dCur));
      x.refFeature = makeFeature3(Feature3::Edge, refEdge);
      x.incFeature = prev->edgeOut >= 0 ? makeFeature3(Feature3::Edge, prev->edgeOut)
                                        : makeFeature3(Feature3::Corner, -prev->edgeOut - 2);
      x.edgeOut = dCur <= 0.0f ? prev->edgeOut : -(refEdge + 2);
    }
    if (dCur <= 0.0f) out[m++] = *cur;
    prev = cur;
    dPrev = dCur;
  }
  return m;
}

// Contacts of a face axis, in the reference box's frame: h its half extents, g the incident box's, R and t the
// incident box's pose in that frame (R[i][j] = reference axis i . incident axis j), refFace the reference face.
// Writes up to eight points (clipped incident face, deeper than -tol) and returns their number.
int boxFaceContacts(const float h[3], const float g[3], const float R[3][3], const float t[3], int refFace, float tol,
                    bool refIsA, ManifoldPoint3* pts) {
  const CubeTopology& cube = cubeTopology();
  const int k = refFace >> 1;
  const float sk = (refFace & 1) ? 1.0f : -1.0f;
  // Incident face: the face of the other box most anti-parallel to the reference normal, n . (+-col_j) = +-sk R_kj.
  int j = 0;
  for (int c = 1; c < 3; ++c) {
    if (std::fabs(R[k][c]) > std::fabs(R[k][j])) j = c;
  }
  const int incFace = 2 * j + (sk * R[k][j] < 0.0f ? 1 : 0);
  UninitArray<ClipVertex, 9> bufA, bufB;  // a quad clipped by four planes keeps at most 8 corners
  int n = 0;
  const int incStart = cube.faces[incFace].edge;
  int e = incStart;
  do {
    const int c = cube.edges[e].origin;
    const float x = (c & 1) ? g[0] : -g[0], y = (c & 2) ? g[1] : -g[1], z = (c & 4) ? g[2] : -g[2];
    const Vec3 p{t[0] + R[0][0] * x + R[0][1] * y + R[0][2] * z, t[1] + R[1][0] * x + R[1][1] * y + R[1][2] * z,
                 t[2] + R[2][0] * x + R[2][1] * y + R[2][2] * z};
    bufA[n++] = {p, makeFeature3(Feature3::Face, refFace), makeFeature3(Feature3::Vertex, c), e};
    e = cube.edges[e].next;
  } while (e != incStart);
  // The reference face's side planes in its loop order (the order buildManifold clips in): half-edge e from
  // corner u to corner w runs along one axis, and its side plane is the face's third axis, on u's side.
  ClipVertex* cur = bufA.data();
  ClipVertex* nxt = bufB.data();
  const int refStart = cube.faces[refFace].edge;
  e = refStart;
  do {
    const int u = cube.edges[e].origin, w = cube.edges[cube.edges[e].next].origin;
    const int side = 7 & ~((1 << k) | (u ^ w));  // the bit of the remaining axis
    const int l = side == 1 ? 0 : side == 2 ? 1 : 2;
    const float sl = (u & side) ? 1.0f : -1.0f;
    n = clipAxis(cur, n, l, sl, h[l], e, nxt);
    ClipVertex* tmp = cur;
    cur = nxt;
    nxt = tmp;
    e = cube.edges[e].next;
  } while (e != refStart && n > 0);
  int count = 0;
  const Vec3 normal = unitAxis(k, sk);
  for (int i = 0; i < n; ++i) {
    const float d = sk * component(cur[i].p, k) - h[k];
    if (d > tol) continue;
    ManifoldPoint3& mp = pts[count++];
    mp.point = cur[i].p - (0.5f * d) * normal;
    mp.depth = -d;
    const uint32_t fa = refIsA ? cur[i].refFeature : cur[i].incFeature;
    const uint32_t fb = refIsA ? cur[i].incFeature : cur[i].refFeature;
    mp.id = (fa << 16) | fb;
  }
  if (count == 0) {
    // Round-off clipped everything away (the faces barely meet): the incident box's deepest corner.
    int bestC = 0;
    float lo = FLT_MAX;
    for (int c = 0; c < 8; ++c) {
      const float x = (c & 1) ? g[0] : -g[0], y = (c & 2) ? g[1] : -g[1], z = (c & 4) ? g[2] : -g[2];
      const float d = sk * (t[k] + R[k][0] * x + R[k][1] * y + R[k][2] * z) - h[k];
      if (d < lo) lo = d, bestC = c;
    }
    const float x = (bestC & 1) ? g[0] : -g[0], y = (bestC & 2) ? g[1] : -g[1], z = (bestC & 4) ? g[2] : -g[2];
    const Vec3 p{t[0] + R[0][0] * x + R[0][1] * y + R[0][2] * z, t[1] + R[1][0] * x + R[1][1] * y + R[1][2] * z,
                 t[2] + R[2][0] * x + R[2][1] * y + R[2][2] * z};
    pts[0].point = p - (0.5f * lo) * normal;
    pts[0].depth = -lo;
    const uint32_t fr = makeFeature3(Feature3::Face, refFace), fi = makeFeature3(Feature3::Vertex, bestC);
    pts[0].id = refIsA ? (fr << 16) | fi : (fi << 16) | fr;
    count = 1;
  }
  reduceManifold(pts, &count, normal);
  return count;
}

// A corner of a box of half extents h: bit 0 = +x, bit 1 = +y, bit 2 = +z.
inline Vec3 corner(Vec3 h, int c) { return {(c & 1) ? h.x : -h.x, (c & 2) ? h.y : -h.y, (c & 4) ? h.z : -h.z}; }

// The supporting edge along box axis `axis` in direction d (box frame): its corner without and with that axis bit.
inline int supportEdgeStart(int axis, Vec3 d) {
  return ((axis != 0 && d.x > 0.0f) ? 1 : 0) | ((axis != 1 && d.y > 0.0f) ? 2 : 0) | ((axis != 2 && d.z > 0.0f) ? 4 : 0);
}

}  // namespace

Manifold3 boxManifold(const BoxPair& p, const RelativePose& pose, const SatResult& sat, float tol,
                      const Transform3& xfA, const Transform3& xfB) {
  Manifold3 m;
  m.depth = -sat.separation;
  if (sat.kind == SatAxis3::EdgePair) {
    const CubeTopology& cube = cubeTopology();
    const int a0 = supportEdgeStart(sat.indexA, sat.normal);
    const int b0 = supportEdgeStart(sat.indexB, mulT(pose.r, -sat.normal));
    const int a1 = a0 | (1 << sat.indexA), b1 = b0 | (1 << sat.indexB);
    const Vec3 e{p.e[0], p.e[1], p.e[2]}, f{p.f[0], p.f[1], p.f[2]};
    const Vec3 pA = corner(e, a0), qA = corner(e, a1);
    const Vec3 pB = pose.r * corner(f, b0) + pose.t, qB = pose.r * corner(f, b1) + pose.t;
    float s, t;
    closestSegmentSegment(pA, qA, pB, qB, &s, &t);
    const Vec3 mid = 0.5f * (lerp(pA, qA, s) + lerp(pB, qB, t));
    m.normal = pose.rA * sat.normal;
    m.points[0].point = xfA.p + pose.rA * mid;
    m.points[0].depth = m.depth;
    m.points[0].id = (uint32_t(makeFeature3(Feature3::Edge, cube.along[a0][sat.indexA])) << 16) |
                     makeFeature3(Feature3::Edge, cube.along[b0][sat.indexB]);
    m.pointCount = 1;
    return m;
  }
  UninitArray<ManifoldPoint3, 9> pts;
  if (sat.kind == SatAxis3::FaceA) {
    m.pointCount = boxFaceContacts(p.e, p.f, p.R, p.t, sat.indexA, tol, true, pts.data());
    m.normal = pose.rA * sat.normal;
    for (int i = 0; i < m.pointCount; ++i) {
      m.points[i] = pts[i];
      m.points[i].point = xfA.p + pose.rA * pts[i].point;
    }
    return m;
  }
  // B's face: the same in B's frame, where A sits at -R^T t with rotation R^T.
  float Rt[3][3], tA[3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) Rt[i][j] = p.R[j][i];
  }
  for (int i = 0; i < 3; ++i) tA[i] = -(Rt[i][0] * p.t[0] + Rt[i][1] * p.t[1] + Rt[i][2] * p.t[2]);
  m.pointCount = boxFaceContacts(p.f, p.e, Rt, tA, sat.indexB, tol, false, pts.data());
  m.normal = pose.rA * sat.normal;
  const Mat3 rB = toMat3(xfB.q);
  for (int i = 0; i < m.pointCount; ++i) {
    m.points[i] = pts[i];
    m.points[i].point = xfB.p + rB * pts[i].point;
  }
  return m;
}

}  // namespace detail

using namespace detail;

namespace {
Vec3 boxExtents(const Box3& box, const Transform3& xf) { return vabs(mulComponents(xf.scale, box.halfExtents)); }
}  // namespace

Manifold3 collide(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  (void)cache;
  if (!isValid(xfA) || !isValid(xfB)) return {};
  const Vec3 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const RelativePose pose = relativePose(xfA, xfB);
  const BoxPair p = makeBoxPair(e, f, pose);
  const float tol = kRelativeTolerance * (length(e) + length(f));
  const SatResult r = boxSat(p, tol);
  if (r.separation > tol) return {};
  return boxManifold(p, pose, r, tol, xfA, xfB);
}

bool overlap(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  (void)cache;
  if (!isValid(xfA) || !isValid(xfB)) return false;
  const Vec3 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const float tol = kRelativeTolerance * (length(e) + length(f));
  return boxSat(makeBoxPair(e, f, relativePose(xfA, xfB)), tol).separation <= tol;
}

}  // namespace sat
