// sat-wasm bindings: the narrow phase and queries as plain wasm exports (numbers in, numbers out). Transforms
// and results cross through the scratch block; the bulk call through the growable buffer. Layouts are
// mirrored by bindings/ts/layout.ts.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>

#include "binding_common.h"

using namespace satjs;

namespace {

/// Resolves two handles and makes checked transforms A and B from the scratch block (both rotations in one
/// makeRot2; the queries then skip their own check). Returns 0 or an error code.
int32_t readPair(int32_t handleA, int32_t handleB, const sat::Shape** a, const sat::Shape** b,
                 sat::CheckedTransform xf[2]) {
  *a = findShape(handleA);
  if (!*a) return errorCode(sat::Status::InvalidArgument, 0);
  *b = findShape(handleB);
  if (!*b) return errorCode(sat::Status::InvalidArgument, 1);
  static_assert(kInXfB == kInXfA + kTransformFloats, "transforms A and B are packed");
  int bad = 0;
  const sat::Status status = sat::CheckedTransform::makeMany(scratch() + kInXfA, 2, xf, &bad);
  return status == sat::Status::Ok ? 0 : errorCode(status, bad);
}

void writeManifold(const sat::Manifold& m, float* out) {
  out[0] = m.normal.x;
  out[1] = m.normal.y;
  out[2] = m.depth;
  for (int i = 0; i < 2; ++i) {
    const sat::ManifoldPoint& p = m.points[i];
    bool valid = i < m.pointCount;
    out[3 + 3 * i] = valid ? p.point.x : 0.0f;
    out[4 + 3 * i] = valid ? p.point.y : 0.0f;
    out[5 + 3 * i] = valid ? p.depth : 0.0f;
    uint32_t id = valid ? p.id : 0u;
    std::memcpy(out + 9 + i, &id, 4);
  }
}

// Grow-only work arrays of the bulk call; allocated when a call needs more than any before it.
inline float maskFloat(float f, uint32_t mask) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits &= mask;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Per shape: its transform, checked once per call (the pair loop then skips collide()'s own check).
sat::CheckedTransform* gXforms = nullptr;
const sat::Shape** gShapes = nullptr;
int gWorkCapacity = 0;

bool reserveWork(int shapeCount) {
  if (shapeCount <= gWorkCapacity) return true;
  std::free(gXforms);
  std::free(gShapes);
  gXforms = static_cast<sat::CheckedTransform*>(std::malloc(sizeof(sat::CheckedTransform) * static_cast<size_t>(shapeCount)));
  gShapes = static_cast<const sat::Shape**>(std::malloc(sizeof(sat::Shape*) * static_cast<size_t>(shapeCount)));
  if (!gXforms || !gShapes) {
    std::free(gXforms);
    std::free(gShapes);
    gXforms = nullptr;
    gShapes = nullptr;
    gWorkCapacity = 0;
    return false;
  }
  gWorkCapacity = shapeCount;
  return true;
}

int32_t bulkError(sat::Status status, int argument, int index) {
  int32_t i = index;
  std::memcpy(scratch() + kOutError, &i, 4);
  return errorCode(status, argument);
}

}  // namespace

extern "C" {

/// Manifold of shapes hA and hB under the scratch transforms, written at scratch[kOut..]: normal x/y, depth,
/// then per point x, y, depth, then the two ids (uint32). Returns the point count (0 when apart) or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_collide(int32_t handleA, int32_t handleB) {
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  int32_t error = readPair(handleA, handleB, &a, &b, xf);
  if (error) return error;
  sat::Manifold m = sat::collide(*a, xf[0], *b, xf[1]);
  writeManifold(m, scratch() + kOut);
  return m.pointCount;
}

/// 1 when the shapes touch, 0 when apart, or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_overlap(int32_t handleA, int32_t handleB) {
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  int32_t error = readPair(handleA, handleB, &a, &b, xf);
  if (error) return error;
  return sat::overlap(*a, xf[0], *b, xf[1]) ? 1 : 0;
}

/// Closest points, written at scratch[kOut..]: pointA x/y, pointB x/y, normal x/y, distance, iterations (int).
EMSCRIPTEN_KEEPALIVE int32_t sat_distance(int32_t handleA, int32_t handleB) {
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  int32_t error = readPair(handleA, handleB, &a, &b, xf);
  if (error) return error;
  sat::DistanceOutput d = sat::distance(*a, xf[0].transform(), *b, xf[1].transform());
  float* out = scratch() + kOut;
  out[0] = d.pointA.x;
  out[1] = d.pointA.y;
  out[2] = d.pointB.x;
  out[3] = d.pointB.y;
  out[4] = d.normal.x;
  out[5] = d.normal.y;
  out[6] = d.distance;
  int32_t iterations = d.iterations;
  std::memcpy(out + 7, &iterations, 4);
  return 0;
}

/// Ray (scratch extra: origin x/y, translation x/y, maxFraction) against shape h under transform A.
/// Writes point x/y, normal x/y, fraction at scratch[kOut..]. Returns 1 on a hit, 0 on a miss, or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_raycast(int32_t handle) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  const float* in = scratch();
  sat::Transform xf = readTransform(in + kInXfA);
  sat::Status status = sat::checkTransform(xf);
  if (status != sat::Status::Ok) return errorCode(status, 1);
  sat::RayCastInput ray;
  ray.origin = {in[kInExtra + 0], in[kInExtra + 1]};
  ray.translation = {in[kInExtra + 2], in[kInExtra + 3]};
  ray.maxFraction = in[kInExtra + 4];
  if (!sat::isInRange(ray.origin) || !sat::isInRange(ray.translation) || !sat::isValid(ray.maxFraction) ||
      ray.maxFraction < 0.0f)
    return errorCode(sat::Status::InvalidArgument, 2);
  sat::CastOutput cast = sat::raycast(*shape, xf, ray);
  if (!cast.hit) return 0;
  float* out = scratch() + kOut;
  out[0] = cast.point.x;
  out[1] = cast.point.y;
  out[2] = cast.normal.x;
  out[3] = cast.normal.y;
  out[4] = cast.fraction;
  return 1;
}

/// Whether the point (scratch extra x/y) lies in shape h under transform A: 1, 0, or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_contains_point(int32_t handle) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  const float* in = scratch();
  sat::Transform xf = readTransform(in + kInXfA);
  sat::Status status = sat::checkTransform(xf);
  if (status != sat::Status::Ok) return errorCode(status, 1);
  sat::Vec2 point{in[kInExtra + 0], in[kInExtra + 1]};
  if (!sat::isInRange(point)) return errorCode(sat::Status::InvalidArgument, 2);
  return sat::containsPoint(*shape, xf, point) ? 1 : 0;
}

/// Bulk narrow phase. `handles`: shapeCount shape handles. `pairs`: pairCount pairs of indices into `handles`.
/// `xforms`: 5 floats per shape, or (flags & 1) 10 floats per pair (A's then B's). Outputs, per pair:
/// counts (uint8: contact points, 0 = apart; with flags & 2 only overlap 0/1 is computed and nothing else is
/// written), normals (2 floats), depths (1), points (6: x, y, depth per point), ids (2 uint32).
/// `caches` (may be null): one packed SatCache per pair (type << 16 | face index), read and updated, so that a
/// caller who keeps it across frames gets the cached-axis early out; a stale entry costs time, never correctness.
/// With flags & 4, `pairs` holds shape handles themselves (handles/shapeCount unused) and transforms must be per
/// pair (flags & 1): the shape of a JavaScript broad phase's pair list without an index table.
/// Returns the number of touching pairs, or an error with the bad element's index at scratch[kOutError]:
/// argument 0 = a shape handle, 1 = a transform, 2 = a pair index (or, with flags & 4, a pair's handle).
EMSCRIPTEN_KEEPALIVE int32_t sat_collide_many(const int32_t* handles, int shapeCount, const float* xforms,
                                              const int32_t* pairs, int pairCount, int flags, uint8_t* counts,
                                              float* normals, float* depths, float* points, uint32_t* ids,
                                              uint32_t* caches) {
  if (shapeCount < 0 || pairCount < 0) return bulkError(sat::Status::InvalidArgument, 0, 0);
  const bool perPair = (flags & 1) != 0;
  const bool overlapOnly = (flags & 2) != 0;
  const bool handlePairs = (flags & 4) != 0;
  if (handlePairs && (!perPair || shapeCount != 0)) return bulkError(sat::Status::InvalidArgument, 0, 0);
  if (!reserveWork(shapeCount > 0 ? shapeCount : 1)) return bulkError(sat::Status::OutOfRange, 0, shapeCount);
  for (int i = 0; i < shapeCount; ++i) {
    gShapes[i] = findShape(handles[i]);
    if (!gShapes[i]) return bulkError(sat::Status::InvalidArgument, 0, i);
  }
  if (!perPair) {
    static_assert(kTransformFloats == 5, "makeMany reads five floats per transform");
    int bad = 0;
    sat::Status status = sat::CheckedTransform::makeMany(xforms, shapeCount, gXforms, &bad);
    if (status != sat::Status::Ok) return bulkError(status, 1, bad);
  }
  int32_t touching = 0;
  for (int k = 0; k < pairCount; ++k) {
    int32_t ia = pairs[2 * k], ib = pairs[2 * k + 1];
    const sat::Shape *sa, *sb;
    if (handlePairs) {
      sa = findShape(ia);
      if (!sa) return bulkError(sat::Status::InvalidArgument, 2, 2 * k);
      sb = findShape(ib);
      if (!sb) return bulkError(sat::Status::InvalidArgument, 2, 2 * k + 1);
    } else {
      if (static_cast<uint32_t>(ia) >= static_cast<uint32_t>(shapeCount)) return bulkError(sat::Status::InvalidArgument, 2, 2 * k);
      if (static_cast<uint32_t>(ib) >= static_cast<uint32_t>(shapeCount)) return bulkError(sat::Status::InvalidArgument, 2, 2 * k + 1);
      sa = gShapes[ia];
      sb = gShapes[ib];
    }
    // Per shape: the checked transforms in place (no copies); per pair: made here.
    sat::CheckedTransform pair[2];
    const sat::CheckedTransform* xfA = &pair[0];
    const sat::CheckedTransform* xfB = &pair[1];
    if (perPair) {
      int bad = 0;  // A's (0) or B's (1), both rotations in one makeRot2
      const sat::Status status = sat::CheckedTransform::makeMany(xforms + 2 * kTransformFloats * k, 2, pair, &bad);
      if (status != sat::Status::Ok) return bulkError(status, 1, 2 * k + bad);
    } else {
      xfA = &gXforms[ia];
      xfB = &gXforms[ib];
    }
    sat::SatCache cache;
    if (caches) {
      cache.type = static_cast<uint8_t>(caches[k] >> 16);
      cache.index = static_cast<uint16_t>(caches[k] & 0xFFFFu);
    }
    sat::SatCache* cachePtr = caches ? &cache : nullptr;
    if (overlapOnly) {
      bool hit = sat::overlap(*sa, *xfA, *sb, *xfB, cachePtr);
      if (caches) caches[k] = (static_cast<uint32_t>(cache.type) << 16) | cache.index;
      counts[k] = hit ? 1 : 0;
      touching += hit ? 1 : 0;
      continue;
    }
    sat::Manifold m = sat::collide(*sa, *xfA, *sb, *xfB, cachePtr);
    if (caches) caches[k] = (static_cast<uint32_t>(cache.type) << 16) | cache.index;
    counts[k] = static_cast<uint8_t>(m.pointCount);
    touching += m.pointCount > 0 ? 1 : 0;
    normals[2 * k] = m.normal.x;
    normals[2 * k + 1] = m.normal.y;
    depths[k] = m.depth;
    float* p = points + 6 * k;
    for (int i = 0; i < 2; ++i) {
      // Unused slots read as +0: masked as integers, because a float `valid ? x : 0.0f` is a branch in V8's code
      // and pointCount varies from pair to pair.
      const uint32_t keep = i < m.pointCount ? ~0u : 0u;
      p[3 * i] = maskFloat(m.points[i].point.x, keep);
      p[3 * i + 1] = maskFloat(m.points[i].point.y, keep);
      p[3 * i + 2] = maskFloat(m.points[i].depth, keep);
      ids[2 * k + i] = m.points[i].id & keep;
    }
  }
  return touching;
}

}  // extern "C"
