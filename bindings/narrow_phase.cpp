// sat-wasm bindings: the narrow phase and queries. The per-call queries take two shape handles and read the
// transforms from the scratch block: numbers in, numbers out, the cheapest call Embind makes; the manifold comes
// back in the scratch block. The bulk call is class PairBatch: inputs and outputs live in its own block, which
// JavaScript reads and writes through typed memory views, and one call runs the whole batch.
#include <emscripten/bind.h>

#include <cstdlib>
#include <cstring>

#include "binding_common.h"
#include "value_object.h"

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

// The manifold of collide() at scratch[kOut..], in 32-bit slots: normal x/y, depth, then x, y, depth per point,
// then the two feature ids (uint32).
constexpr int kManifoldNormal = 0;
constexpr int kManifoldDepth = 2;
constexpr int kManifoldPoints = 3;
constexpr int kManifoldPointFloats = 3;
constexpr int kManifoldIds = 9;

void writeManifold(const sat::Manifold& m, float* out) {
  out[kManifoldNormal] = m.normal.x;
  out[kManifoldNormal + 1] = m.normal.y;
  out[kManifoldDepth] = m.depth;
  for (int i = 0; i < 2; ++i) {
    const sat::ManifoldPoint& p = m.points[i];
    bool valid = i < m.pointCount;
    float* q = out + kManifoldPoints + kManifoldPointFloats * i;
    q[0] = valid ? p.point.x : 0.0f;
    q[1] = valid ? p.point.y : 0.0f;
    q[2] = valid ? p.depth : 0.0f;
    uint32_t id = valid ? p.id : 0u;
    std::memcpy(out + kManifoldIds + i, &id, 4);
  }
}

inline float maskFloat(float f, uint32_t mask) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  bits &= mask;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Flags of PairBatch::run.
constexpr int kBulkTransformsPerPair = 1;  ///< 10 floats per pair (A's then B's) instead of 5 per shape
constexpr int kBulkOverlapOnly = 2;        ///< only counts (0 / 1) are written
constexpr int kBulkHandlePairs = 4;        ///< pairs hold shape handles (no handle table); transforms per pair
constexpr int kBulkCache = 8;              ///< read and update one packed SatCache per pair (type << 16 | index)
// PairBatch's per-pair results (also the layout of collideMany's result arrays), in 32-bit words per pair.
constexpr int kBulkNormalFloats = 2;  ///< normal x, y
constexpr int kBulkPointFloats = 6;   ///< x, y, depth of each of the two points (unused: 0)
constexpr int kBulkIdWords = 2;       ///< feature id of each of the two points (unused: 0)

// Per-call results.

/// distance(): closest points; `status` an error code for a bad handle or transform.
struct DistanceResult {
  int32_t status = 0;
  sat::Vec2 pointA{0.0f, 0.0f};
  sat::Vec2 pointB{0.0f, 0.0f};
  sat::Vec2 normal{0.0f, 0.0f};
  float distance = 0.0f;
  int iterations = 0;
};

/// raycast(): `status` an error code (argument 1: the transform, 2: the ray), else `hit` says whether the rest
/// holds a hit.
struct RayHit {
  int32_t status = 0;
  bool hit = false;
  sat::Vec2 point{0.0f, 0.0f};
  sat::Vec2 normal{0.0f, 0.0f};
  float fraction = 0.0f;
};

/// Manifold of shapes hA and hB under the scratch transforms, written at scratch[kOut..] (kManifold* layout).
/// Returns the point count (0 when apart) or an error.
int32_t collide(int32_t handleA, int32_t handleB) {
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  int32_t error = readPair(handleA, handleB, &a, &b, xf);
  if (error) return error;
  sat::Manifold m = sat::collide(*a, xf[0], *b, xf[1]);
  writeManifold(m, scratch() + kOut);
  return m.pointCount;
}

/// 1 when the shapes touch, 0 when apart, or an error.
int32_t overlap(int32_t handleA, int32_t handleB) {
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  int32_t error = readPair(handleA, handleB, &a, &b, xf);
  if (error) return error;
  return sat::overlap(*a, xf[0], *b, xf[1]) ? 1 : 0;
}

DistanceResult distance(int32_t handleA, int32_t handleB) {
  DistanceResult r;
  const sat::Shape *a, *b;
  sat::CheckedTransform xf[2];
  r.status = readPair(handleA, handleB, &a, &b, xf);
  if (r.status) return r;
  sat::DistanceOutput d = sat::distance(*a, xf[0].transform(), *b, xf[1].transform());
  r.pointA = d.pointA;
  r.pointB = d.pointB;
  r.normal = d.normal;
  r.distance = d.distance;
  r.iterations = d.iterations;
  return r;
}

/// Ray (scratch extra: origin x/y, translation x/y, maxFraction) against shape h under transform A.
RayHit raycast(int32_t handle) {
  RayHit r;
  const sat::Shape* shape = findShape(handle);
  if (!shape) {
    r.status = errorCode(sat::Status::InvalidArgument, 0);
    return r;
  }
  const float* in = scratch();
  sat::Transform xf = readTransform(in + kInXfA);
  sat::Status status = sat::checkTransform(xf);
  if (status != sat::Status::Ok) {
    r.status = errorCode(status, 1);
    return r;
  }
  sat::RayCastInput ray;
  ray.origin = {in[kInExtra + 0], in[kInExtra + 1]};
  ray.translation = {in[kInExtra + 2], in[kInExtra + 3]};
  ray.maxFraction = in[kInExtra + 4];
  if (!sat::isInRange(ray.origin) || !sat::isInRange(ray.translation) || !sat::isValid(ray.maxFraction) ||
      ray.maxFraction < 0.0f) {
    r.status = errorCode(sat::Status::InvalidArgument, 2);
    return r;
  }
  sat::CastOutput cast = sat::raycast(*shape, xf, ray);
  r.hit = cast.hit;
  if (cast.hit) {
    r.point = cast.point;
    r.normal = cast.normal;
    r.fraction = cast.fraction;
  }
  return r;
}

/// Whether the point (scratch extra x/y) lies in shape h under transform A: 1, 0, or an error.
int32_t containsPoint(int32_t handle) {
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

/// The bulk narrow phase: one block holding a batch's inputs (shape handles, transforms, pairs, axis caches) and
/// outputs (per pair: counts, normals, depths, points, ids), which JavaScript fills and reads through typed memory
/// views, and run() over all of it in one call. The block only grows; the views stay valid until the next
/// reserve() that grows it (or any growth of the WebAssembly memory).
class PairBatch {
 public:
  PairBatch() = default;
  PairBatch(const PairBatch&) = delete;
  PairBatch& operator=(const PairBatch&) = delete;
  ~PairBatch() {
    std::free(block_);
    std::free(xforms_);
    std::free(shapes_);
  }

  /// Room for `shapeCount` handles, `transformFloats` floats of transforms and `pairCount` pairs, and run()'s
  /// per-shape work arrays for as many shapes as the block holds, so that run() never allocates (views taken
  /// before a run stay valid after it). Returns 1 when the block moved (views must be taken again), 0 when it did
  /// not, -1 when memory cannot grow (the block is then unchanged).
  int reserve(int shapeCount, int transformFloats, int pairCount) {
    if (shapeCount < 0 || transformFloats < 0 || pairCount < 0) return -1;
    const bool fits = shapeCount <= shapeCap_ && transformFloats <= xformCap_ && pairCount <= pairCap_;
    const int shapes = fits ? shapeCap_ : grow(shapeCap_, shapeCount);
    if (!reserveWork(shapes)) return -1;
    if (fits) return 0;
    const int xforms = grow(xformCap_, transformFloats);
    const int pairs = grow(pairCap_, pairCount);
    // Per pair: its two indices, normal, depth, points, ids and cache; counts are bytes, padded to whole words.
    const size_t wordsPerPair = 2 + kBulkNormalFloats + 1 + kBulkPointFloats + kBulkIdWords + 1;
    const size_t words = size_t(shapes) + size_t(xforms) + size_t(pairs) * wordsPerPair + (size_t(pairs) + 3) / 4;
    void* block = std::malloc(words * 4);
    if (!block) return -1;
    std::free(block_);
    block_ = static_cast<uint32_t*>(block);
    shapeCap_ = shapes;
    xformCap_ = xforms;
    pairCap_ = pairs;
    uint32_t* at = block_;
    handles_ = reinterpret_cast<int32_t*>(at), at += shapes;
    transforms_ = reinterpret_cast<float*>(at), at += xforms;
    pairs_ = reinterpret_cast<int32_t*>(at), at += 2 * size_t(pairs);
    normals_ = reinterpret_cast<float*>(at), at += kBulkNormalFloats * size_t(pairs);
    depths_ = reinterpret_cast<float*>(at), at += pairs;
    points_ = reinterpret_cast<float*>(at), at += kBulkPointFloats * size_t(pairs);
    ids_ = at, at += kBulkIdWords * size_t(pairs);
    caches_ = at, at += pairs;
    counts_ = reinterpret_cast<uint8_t*>(at);
    return 1;
  }

  emscripten::val handles() const { return emscripten::val(emscripten::typed_memory_view(size_t(shapeCap_), handles_)); }
  emscripten::val transforms() const { return emscripten::val(emscripten::typed_memory_view(size_t(xformCap_), transforms_)); }
  emscripten::val pairs() const { return emscripten::val(emscripten::typed_memory_view(2 * size_t(pairCap_), pairs_)); }
  emscripten::val counts() const { return emscripten::val(emscripten::typed_memory_view(size_t(pairCap_), counts_)); }
  emscripten::val normals() const { return emscripten::val(emscripten::typed_memory_view(kBulkNormalFloats * size_t(pairCap_), normals_)); }
  emscripten::val depths() const { return emscripten::val(emscripten::typed_memory_view(size_t(pairCap_), depths_)); }
  emscripten::val points() const { return emscripten::val(emscripten::typed_memory_view(kBulkPointFloats * size_t(pairCap_), points_)); }
  emscripten::val ids() const { return emscripten::val(emscripten::typed_memory_view(kBulkIdWords * size_t(pairCap_), ids_)); }
  emscripten::val caches() const { return emscripten::val(emscripten::typed_memory_view(size_t(pairCap_), caches_)); }
  /// After a failed run(): the index of the bad element (see run()).
  int errorIndex() const { return errorIndex_; }

  /// Collides `pairCount` pairs of indices into the first `shapeCount` handles, transforms 5 floats per shape
  /// (or kBulkTransformsPerPair: 10 per pair, A's then B's). kBulkHandlePairs: pairs hold handles (shapeCount 0,
  /// transforms per pair). kBulkCache: each pair's packed SatCache is read and updated, so that a caller who keeps
  /// it across frames gets the cached-axis early out; a stale entry costs time, never correctness. Outputs per
  /// pair: counts (contact points, 0 = apart; with kBulkOverlapOnly only 0 / 1 and nothing else), normals (2),
  /// depths (1), points (6: x, y, depth per point; unused slots +0), ids (2).
  /// Returns the number of touching pairs, or an error with the bad element's index in errorIndex(): argument 0 =
  /// a shape handle, 1 = a transform (index of the shape, or 2 * pair + 0 / 1), 2 = a pair entry. Allocates
  /// nothing: reserve() made room for everything it reads and writes.
  int32_t run(int shapeCount, int pairCount, int flags) {
    const bool perPair = (flags & kBulkTransformsPerPair) != 0;
    const bool overlapOnly = (flags & kBulkOverlapOnly) != 0;
    const bool handlePairs = (flags & kBulkHandlePairs) != 0;
    uint32_t* caches = (flags & kBulkCache) != 0 ? caches_ : nullptr;
    const int xformFloats = perPair ? 2 * kTransformFloats * pairCount : kTransformFloats * shapeCount;
    if (shapeCount < 0 || pairCount < 0 || shapeCount > shapeCap_ || pairCount > pairCap_ || xformFloats > xformCap_ ||
        (handlePairs && (!perPair || shapeCount != 0)))
      return fail(sat::Status::InvalidArgument, 0, 0);
    for (int i = 0; i < shapeCount; ++i) {
      shapes_[i] = findShape(handles_[i]);
      if (!shapes_[i]) return fail(sat::Status::InvalidArgument, 0, i);
    }
    if (!perPair) {
      static_assert(kTransformFloats == 5, "makeMany reads five floats per transform");
      int bad = 0;
      sat::Status status = sat::CheckedTransform::makeMany(transforms_, shapeCount, xforms_, &bad);
      if (status != sat::Status::Ok) return fail(status, 1, bad);
    }
    int32_t touching = 0;
    for (int k = 0; k < pairCount; ++k) {
      int32_t ia = pairs_[2 * k], ib = pairs_[2 * k + 1];
      const sat::Shape *sa, *sb;
      if (handlePairs) {
        sa = findShape(ia);
        if (!sa) return fail(sat::Status::InvalidArgument, 2, 2 * k);
        sb = findShape(ib);
        if (!sb) return fail(sat::Status::InvalidArgument, 2, 2 * k + 1);
      } else {
        if (static_cast<uint32_t>(ia) >= static_cast<uint32_t>(shapeCount)) return fail(sat::Status::InvalidArgument, 2, 2 * k);
        if (static_cast<uint32_t>(ib) >= static_cast<uint32_t>(shapeCount)) return fail(sat::Status::InvalidArgument, 2, 2 * k + 1);
        sa = shapes_[ia];
        sb = shapes_[ib];
      }
      // Per shape: the checked transforms in place (no copies); per pair: made here.
      sat::CheckedTransform pair[2];
      const sat::CheckedTransform* xfA = &pair[0];
      const sat::CheckedTransform* xfB = &pair[1];
      if (perPair) {
        int bad = 0;  // A's (0) or B's (1), both rotations in one makeRot2
        const sat::Status status = sat::CheckedTransform::makeMany(transforms_ + 2 * kTransformFloats * k, 2, pair, &bad);
        if (status != sat::Status::Ok) return fail(status, 1, 2 * k + bad);
      } else {
        xfA = &xforms_[ia];
        xfB = &xforms_[ib];
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
        counts_[k] = hit ? 1 : 0;
        touching += hit ? 1 : 0;
        continue;
      }
      sat::Manifold m = sat::collide(*sa, *xfA, *sb, *xfB, cachePtr);
      if (caches) caches[k] = (static_cast<uint32_t>(cache.type) << 16) | cache.index;
      counts_[k] = static_cast<uint8_t>(m.pointCount);
      touching += m.pointCount > 0 ? 1 : 0;
      normals_[kBulkNormalFloats * k] = m.normal.x;
      normals_[kBulkNormalFloats * k + 1] = m.normal.y;
      depths_[k] = m.depth;
      float* p = points_ + kBulkPointFloats * k;
      for (int i = 0; i < 2; ++i) {
        // Unused slots read as +0: masked as integers, because a float `valid ? x : 0.0f` is a branch in V8's code
        // and pointCount varies from pair to pair.
        const uint32_t keep = i < m.pointCount ? ~0u : 0u;
        float* q = p + (kBulkPointFloats / 2) * i;
        q[0] = maskFloat(m.points[i].point.x, keep);
        q[1] = maskFloat(m.points[i].point.y, keep);
        q[2] = maskFloat(m.points[i].depth, keep);
        ids_[kBulkIdWords * k + i] = m.points[i].id & keep;
      }
    }
    return touching;
  }

 private:
  static int grow(int capacity, int needed) {
    if (needed <= capacity) return capacity;
    return needed > 2 * capacity ? needed : 2 * capacity;
  }

  int32_t fail(sat::Status status, int argument, int index) {
    errorIndex_ = index;
    return errorCode(status, argument);
  }

  // Per shape: its transform, checked once per call (the pair loop then skips collide()'s own check). Always
  // as long as the block's handles (reserve()), so run() has room for any shapeCount it accepts.
  bool reserveWork(int shapeCount) {
    if (shapeCount <= workCap_) return true;
    std::free(xforms_);
    std::free(shapes_);
    xforms_ = static_cast<sat::CheckedTransform*>(std::malloc(sizeof(sat::CheckedTransform) * static_cast<size_t>(shapeCount)));
    shapes_ = static_cast<const sat::Shape**>(std::malloc(sizeof(sat::Shape*) * static_cast<size_t>(shapeCount)));
    if (!xforms_ || !shapes_) {
      std::free(xforms_);
      std::free(shapes_);
      xforms_ = nullptr;
      shapes_ = nullptr;
      workCap_ = 0;
      return false;
    }
    workCap_ = shapeCount;
    return true;
  }

  uint32_t* block_ = nullptr;
  int shapeCap_ = 0, xformCap_ = 0, pairCap_ = 0;
  int32_t* handles_ = nullptr;
  float* transforms_ = nullptr;
  int32_t* pairs_ = nullptr;
  float* normals_ = nullptr;
  float* depths_ = nullptr;
  float* points_ = nullptr;
  uint32_t* ids_ = nullptr;
  uint32_t* caches_ = nullptr;
  uint8_t* counts_ = nullptr;
  int errorIndex_ = 0;
  sat::CheckedTransform* xforms_ = nullptr;
  const sat::Shape** shapes_ = nullptr;
  int workCap_ = 0;
};

}  // namespace

EMSCRIPTEN_BINDINGS(sat_narrow_phase) {
  using namespace emscripten;
  function("collide", &collide);
  function("overlap", &overlap);
  function("distance", &distance);
  function("raycast", &raycast);
  function("containsPoint", &containsPoint);
  static const Field kDistanceResultFields[] = {
      SAT_FIELD(DistanceResult, status), SAT_FIELD(DistanceResult, pointA), SAT_FIELD(DistanceResult, pointB),
      SAT_FIELD(DistanceResult, normal), SAT_FIELD(DistanceResult, distance), SAT_FIELD(DistanceResult, iterations)
  };
  registerValueObject<DistanceResult>("DistanceResult", kDistanceResultFields);
  static const Field kRayHitFields[] = {
      SAT_FIELD(RayHit, status), SAT_FIELD(RayHit, hit), SAT_FIELD(RayHit, point), SAT_FIELD(RayHit, normal),
      SAT_FIELD(RayHit, fraction)
  };
  registerValueObject<RayHit>("RayHit", kRayHitFields);
  class_<PairBatch>("PairBatch")
      .constructor<>()
      .function("reserve", &PairBatch::reserve)
      .function("handles", &PairBatch::handles)
      .function("transforms", &PairBatch::transforms)
      .function("pairs", &PairBatch::pairs)
      .function("counts", &PairBatch::counts)
      .function("normals", &PairBatch::normals)
      .function("depths", &PairBatch::depths)
      .function("points", &PairBatch::points)
      .function("ids", &PairBatch::ids)
      .function("caches", &PairBatch::caches)
      .function("errorIndex", &PairBatch::errorIndex)
      .function("run", &PairBatch::run);
  static const Constant kNarrowPhase[] = {
    {"MANIFOLD_NORMAL", double(kManifoldNormal)},
    {"MANIFOLD_DEPTH", double(kManifoldDepth)},
    {"MANIFOLD_POINTS", double(kManifoldPoints)},
    {"MANIFOLD_POINT_FLOATS", double(kManifoldPointFloats)},
    {"MANIFOLD_IDS", double(kManifoldIds)},
    {"BULK_TRANSFORMS_PER_PAIR", double(kBulkTransformsPerPair)},
    {"BULK_OVERLAP_ONLY", double(kBulkOverlapOnly)},
    {"BULK_HANDLE_PAIRS", double(kBulkHandlePairs)},
    {"BULK_CACHE", double(kBulkCache)},
    {"BULK_NORMAL_FLOATS", double(kBulkNormalFloats)},
    {"BULK_POINT_FLOATS", double(kBulkPointFloats)},
    {"BULK_ID_WORDS", double(kBulkIdWords)},
  };
  registerConstants(kNarrowPhase);
}
