// Hull - hull, box - box and box - hull: both shapes as views in A's frame (B's pose relative to A's formed first),
// SAT (the cache tried first), then contacts for the deciding axis, moved to the world.
#include <cmath>

#include "narrow3.h"

namespace sat {
namespace detail {
namespace {

Manifold3 finish(const HullView& a, const HullView& b, const SatResult& r, float tol, const RelativePose& pose,
                 Vec3 pA) {
  if (r.separation > tol) return {};
  return toWorld(buildManifold(a, b, r, tol), pose.rA, pA);
}

// The 15 axes of two boxes in closed form (Gottschalk, "OBBTree", 1996): A's 3 face normals, B's 3, and the 9
// cross products of their edge directions. e: A's half extents; f: B's; r, t: B's pose in A's frame. Face and
// edge indices follow the cube topology of boxView, so buildManifold reads the boxes' views directly.
SatResult boxSat(Vec3 e, Vec3 f, const RelativePose& pose, float tol, SatCache3* cache) {
  const float ea[3] = {e.x, e.y, e.z}, fb[3] = {f.x, f.y, f.z};
  const Vec3 col[3] = {pose.r.cx, pose.r.cy, pose.r.cz};  // B's axes in A's frame
  float R[3][3], absR[3][3];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      R[i][j] = i == 0 ? col[j].x : i == 1 ? col[j].y : col[j].z;
      absR[i][j] = std::fabs(R[i][j]);
    }
  }
  const float t[3] = {pose.t.x, pose.t.y, pose.t.z};
  FaceQuery fa, fbq;
  Vec3 nA{}, nB{};
  for (int i = 0; i < 3; ++i) {
    const float s = std::fabs(t[i]) - (ea[i] + fb[0] * absR[i][0] + fb[1] * absR[i][1] + fb[2] * absR[i][2]);
    if (s > fa.separation) {
      fa = {2 * i + (t[i] >= 0.0f ? 1 : 0), s};
      nA = Vec3{i == 0 ? 1.0f : 0.0f, i == 1 ? 1.0f : 0.0f, i == 2 ? 1.0f : 0.0f} * (t[i] >= 0.0f ? 1.0f : -1.0f);
    }
  }
  if (fa.separation > tol) return {SatAxis3::FaceA, fa.index, -1, fa.separation, nA};
  for (int j = 0; j < 3; ++j) {
    const float tj = t[0] * R[0][j] + t[1] * R[1][j] + t[2] * R[2][j];
    const float s = std::fabs(tj) - (fb[j] + ea[0] * absR[0][j] + ea[1] * absR[1][j] + ea[2] * absR[2][j]);
    if (s > fbq.separation) {
      fbq = {2 * j + (tj > 0.0f ? 0 : 1), s};
      nB = (tj > 0.0f ? 1.0f : -1.0f) * col[j];
    }
  }
  if (fbq.separation > tol) return {SatAxis3::FaceB, -1, fbq.index, fbq.separation, nB};
  EdgeQuery eq;
  int bestI = -1, bestJ = -1;
  for (int i = 0; i < 3; ++i) {
    const Vec3 ei{i == 0 ? 1.0f : 0.0f, i == 1 ? 1.0f : 0.0f, i == 2 ? 1.0f : 0.0f};
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const Vec3 axis = cross(ei, col[j]);
      const float len = length(axis);
      if (!(len > 1.0e-5f)) continue;  // parallel edges: the face axes cover them
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const float rA = ea[i1] * absR[i2][j] + ea[i2] * absR[i1][j];
      const float rB = fb[j1] * absR[i][j2] + fb[j2] * absR[i][j1];
      const float tl = dot(pose.t, axis);
      const float s = (std::fabs(tl) - (rA + rB)) / len;
      if (s > eq.separation) {
        eq.separation = s;
        eq.normal = (tl >= 0.0f ? 1.0f / len : -1.0f / len) * axis;
        bestI = i, bestJ = j;
      }
    }
  }
  (void)cache;
  if (eq.separation > tol) {
    SatResult r{SatAxis3::EdgePair, -1, -1, eq.separation, eq.normal};
    r.indexA = bestI, r.indexB = bestJ;  // axes; the caller names the half-edges when it needs contacts
    return r;
  }
  const float bias = 0.5f * tol;
  const bool useB = fbq.separation > fa.separation + bias;
  const float faceSep = useB ? fbq.separation : fa.separation;
  if (bestI >= 0 && eq.separation > faceSep + bias) {
    SatResult r{SatAxis3::EdgePair, bestI, bestJ, eq.separation, eq.normal};
    return r;
  }
  if (useB) return {SatAxis3::FaceB, -1, fbq.index, fbq.separation, nB};
  return {SatAxis3::FaceA, fa.index, -1, fa.separation, nA};
}

// The half-edge of a box view from corner c0 to corner c1.
int cubeHalfEdge(const HullView& box, int c0, int c1) {
  for (int e = 0; e < box.nh; ++e) {
    if (box.edges[e].origin == c0 && box.edges[e ^ 1].origin == c1) return e;
  }
  return 0;
}

// The supporting edge along axis `axis` of a box with half extents h in direction d (in the box's frame):
// its two corners, as cube corner indices.
void supportEdge(int axis, Vec3 d, int* c0, int* c1) {
  const float dd[3] = {d.x, d.y, d.z};
  int bits = 0;
  for (int k = 0; k < 3; ++k) {
    if (k != axis && dd[k] > 0.0f) bits |= 1 << k;
  }
  *c0 = bits;
  *c1 = bits | (1 << axis);
}

}  // namespace
}  // namespace detail

using namespace detail;

namespace {

Manifold3 collideViews(const HullView& a, const HullView& bLocal, const Transform3& xfA, const Transform3& xfB,
                       SatCache3* cache, SatDebug3* debug) {
  const RelativePose pose = relativePose(xfA, xfB);
  HullScratch sb;
  const HullView b = movedView(bLocal, pose.r, pose.t, &sb);
  const float tol = kRelativeTolerance * (a.radius + b.radius);
  const SatResult r = runSat(a, b, tol, cache);
  const Manifold3 m = finish(a, b, r, tol, pose, xfA.p);
  if (debug != nullptr) {
    debug->kind = r.kind;
    debug->indexA = r.indexA;
    debug->indexB = r.indexB;
    debug->axis = pose.rA * r.normal;
    debug->separation = r.separation;
    const float offset = dot(debug->axis, xfA.p);
    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int i = 0; i < a.nv; ++i) lo = std::fmin(lo, dot(r.normal, a.v[i])), hi = std::fmax(hi, dot(r.normal, a.v[i]));
    debug->minA = lo + offset, debug->maxA = hi + offset;
    lo = FLT_MAX, hi = -FLT_MAX;
    for (int i = 0; i < b.nv; ++i) lo = std::fmin(lo, dot(r.normal, b.v[i])), hi = std::fmax(hi, dot(r.normal, b.v[i]));
    debug->minB = lo + offset, debug->maxB = hi + offset;
    debug->manifold = m;
  }
  return m;
}

bool overlapViews(const HullView& a, const HullView& bLocal, const Transform3& xfA, const Transform3& xfB,
                  SatCache3* cache) {
  const RelativePose pose = relativePose(xfA, xfB);
  HullScratch sb;
  const HullView b = movedView(bLocal, pose.r, pose.t, &sb);
  const float tol = kRelativeTolerance * (a.radius + b.radius);
  return runSat(a, b, tol, cache).separation <= tol;
}

Vec3 boxExtents(const Box3& box, const Transform3& xf) { return vabs(mulComponents(xf.scale, box.halfExtents)); }

}  // namespace

Manifold3 collide(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch sa, sb;
  return collideViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache, nullptr);
}

bool overlap(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache);
}

SatDebug3 collideDebug(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB) {
  SatDebug3 d;
  if (!isValid(xfA) || !isValid(xfB)) return d;
  HullScratch sa, sb;
  collideViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, nullptr, &d);
  return d;
}

Manifold3 collide(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  const Vec3 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const RelativePose pose = relativePose(xfA, xfB);
  const float tol = kRelativeTolerance * (length(e) + length(f));
  SatResult r = boxSat(e, f, pose, tol, cache);
  if (r.separation > tol) return {};
  HullScratch sa, sb;
  const HullView va = boxView(e, &sa);
  const HullView vb = boxView(f, pose.r, pose.t, &sb);
  if (r.kind == SatAxis3::EdgePair) {
    // Name the supporting edges: A's along axis indexA in direction normal, B's along its axis indexB opposite.
    int a0, a1, b0, b1;
    supportEdge(r.indexA, r.normal, &a0, &a1);
    supportEdge(r.indexB, mulT(pose.r, -r.normal), &b0, &b1);
    r.indexA = cubeHalfEdge(va, a0, a1);
    r.indexB = cubeHalfEdge(vb, b0, b1);
  }
  return toWorld(buildManifold(va, vb, r, tol), pose.rA, xfA.p);
}

bool overlap(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return false;
  const Vec3 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const float tol = kRelativeTolerance * (length(e) + length(f));
  return boxSat(e, f, relativePose(xfA, xfB), tol, cache).separation <= tol;
}

Manifold3 collide(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch sa, sb;
  return collideViews(boxView(boxExtents(a, xfA), &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache, nullptr);
}
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch sa, sb;
  return collideViews(scaledView(a, xfA.scale, &sa), boxView(boxExtents(b, xfB), &sb), xfA, xfB, cache, nullptr);
}
bool overlap(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(boxView(boxExtents(a, xfA), &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache);
}
bool overlap(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!isValid(xfA) || !isValid(xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(scaledView(a, xfA.scale, &sa), boxView(boxExtents(b, xfB), &sb), xfA, xfB, cache);
}

}  // namespace sat
