// Hull - hull and box - hull: both shapes as views in A's frame (B's pose relative to A's formed first), SAT (the
// cache tried first), then contacts for the deciding axis, moved to the world. Box - box: collide_boxes3.cpp.
#include <cmath>

#include "narrow3.h"

namespace sat {
namespace detail {
namespace {

Manifold3 finish(const HullView& a, const HullView& b, const SatResult& r, float tol, const RelativePose& pose,
                 Vec3 pA) {
  if (r.separation > tol) return emptyManifold();
  return toWorld(buildManifold(a, b, r, tol), pose.rA, pA);
}

}  // namespace
}  // namespace detail

using namespace detail;

namespace {

// The separation along the cached axis (-FLT_MAX without one), measured before B is moved into A's frame: a pair
// it still separates (> tol) costs one projection.
float cachedAxisSeparation(const HullView& a, const HullView& bLocal, const RelativePose& pose, const SatCache3* cache) {
  if (cache == nullptr || cache->kind == SatAxis3::None) return -FLT_MAX;
  Vec3 n;
  return cachedSeparation(a, bLocal, pose.r, pose.t, *cache, &n);
}

// Whether A's first face (start.first) separates the pair by far more than round-off, found before B is moved
// (faceSeparatesUnmoved): runSat's answer (that face, written to the cache alike) without moving B. Not tried
// when a cached axis failed to separate the pair (it touched, or nearly, when that was written: the first face
// seldom separates it now).
bool separatedByFirstFace(const HullView& a, const HullView& bLocal, const RelativePose& pose, const FaceStart& start,
                          float tol, SatCache3* cache) {
  if (cache != nullptr && cache->kind != SatAxis3::None) return false;
  if (!faceSeparatesUnmoved(a, start.first, start.largest, bLocal, pose.r, pose.t, tol)) return false;
  writeCache(cache, {SatAxis3::FaceA, start.first, -1, 0.0f, {}});
  return true;
}

// The query collide and overlap share. With `contacts` false (overlap) no contact is built: the manifold is
// empty but for pointCount, 1 when the shapes touch.
Manifold3 collideViews(const HullView& aLocal, const HullView& bLocal, const Transform3& xfA, const Transform3& xfB,
                       SatCache3* cache, SatDebug3* debug, bool contacts = true) {
  const RelativePose pose = relativePose(xfA, xfB);
  const float tol = kRelativeTolerance * (aLocal.radius + bLocal.radius);
  const float known = cachedAxisSeparation(aLocal, bLocal, pose, cache);
  if (known > tol) return emptyManifold();
  FaceStart start;
  startFaceQuery(aLocal, pose.r * bLocal.centroid + pose.t, &start);  // B's centroid moved as movedVertices moves it
  if (debug == nullptr && separatedByFirstFace(aLocal, bLocal, pose, start, tol, cache)) return emptyManifold();
  HullScratch sb;
  HullColumns ca, cb;
  PlaneColumns pb;  // B's planes as columns, written as they are moved
  const HullView a = withColumns(aLocal, &ca);
  // B's vertex array and planes are written only if A's faces do not separate (then before any contact reads them).
  HullView b = movedVertices(bLocal, pose.r, pose.t, &sb, &cb);
  const PendingMove pending{&bLocal, pose.r, pose.t, &sb, &b, &pb};
  const SatResult r = runSatUncached(a, b, tol, cache, known, &pending, &start);
  if (!contacts) {
    Manifold3 m = emptyManifold();
    m.pointCount = r.separation <= tol ? 1 : 0;
    return m;
  }
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
    for (int i = 0; i < b.nv; ++i) {
      const Vec3 v = vertexOf(b, i);  // the vertex array is not written when A's faces separate
      lo = std::fmin(lo, dot(r.normal, v)), hi = std::fmax(hi, dot(r.normal, v));
    }
    debug->minB = lo + offset, debug->maxB = hi + offset;
    debug->manifold = m;
  }
  return m;
}

bool overlapViews(const HullView& aLocal, const HullView& bLocal, const Transform3& xfA, const Transform3& xfB,
                  SatCache3* cache) {
  return collideViews(aLocal, bLocal, xfA, xfB, cache, nullptr, false).pointCount > 0;
}

Vec3 boxExtents(const Box3& box, const Transform3& xf) { return vabs(mulComponents(xf.scale, box.halfExtents)); }

}  // namespace

Manifold3 collide(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return emptyManifold();
  HullScratch sa, sb;
  return collideViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache, nullptr);
}

bool overlap(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache);
}

SatDebug3 collideDebug(const Hull3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB) {
  SatDebug3 d;
  if (!areValidTransforms4(xfA, xfB)) return d;
  HullScratch sa, sb;
  collideViews(scaledView(a, xfA.scale, &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, nullptr, &d);
  return d;
}

Manifold3 collide(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return emptyManifold();
  HullScratch sa, sb;
  return collideViews(boxView(boxExtents(a, xfA), &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache, nullptr);
}
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return emptyManifold();
  HullScratch sa, sb;
  return collideViews(scaledView(a, xfA.scale, &sa), boxView(boxExtents(b, xfB), &sb), xfA, xfB, cache, nullptr);
}
bool overlap(const Box3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(boxView(boxExtents(a, xfA), &sa), scaledView(b, xfB.scale, &sb), xfA, xfB, cache);
}
bool overlap(const Hull3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  if (!areValidTransforms4(xfA, xfB)) return false;
  HullScratch sa, sb;
  return overlapViews(scaledView(a, xfA.scale, &sa), boxView(boxExtents(b, xfB), &sb), xfA, xfB, cache);
}

}  // namespace sat
