// sat-wasm bindings: explain(), SAT step by step (sat/explain.h), as a plain export. Transforms come through the
// scratch block as for collide(); the core writes the axes straight into a caller's block, the summary goes to
// scratch[kOut..], and the axis cache in and out of scratch[kInExtra..].
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstring>

#include "binding_common.h"
#include "sat/explain.h"

using namespace satjs;

namespace {

// The axes are written by the core straight into the caller's block: an ExplainedAxis is nine 32-bit words in
// this order (bindings/ts/explain.ts reads them so).
static_assert(sizeof(sat::ExplainedAxis) == 36, "ExplainedAxis is nine words");
static_assert(offsetof(sat::ExplainedAxis, minA) == 8 && offsetof(sat::ExplainedAxis, separation) == 24 &&
                  offsetof(sat::ExplainedAxis, index) == 28 && offsetof(sat::ExplainedAxis, source) == 32,
              "word order as bindings/ts/explain.ts reads it");
constexpr int kExplainAxisWords = int(sizeof(sat::ExplainedAxis) / 4);

void putInt(float* at, int32_t v) { std::memcpy(at, &v, 4); }
int32_t getInt(const float* at) {
  int32_t v;
  std::memcpy(&v, at, 4);
  return v;
}

}  // namespace

extern "C" {

/// Words per axis in sat_explain's output (the TypeScript layer reads it instead of keeping a copy).
EMSCRIPTEN_KEEPALIVE int32_t sat_explain_axis_words() { return kExplainAxisWords; }

/// Explains shapes hA and hB under the scratch transforms. Writes up to `capacity` axes at `axesOut` (4-byte
/// aligned, kExplainAxisWords words each: normal x/y, minA, maxA, minB, maxB, separation, index, source); the summary
/// at scratch[kOut..]: axisTotal, axisCount, deciding (ints), flags (int: 1 AABBs overlap, 2 cache hit,
/// 4 overlap), depth, normal x/y, tolerance. The cache (type, index as ints) is read from and written back to
/// scratch[kInExtra], [kInExtra + 1]. Returns the number of axes tested, or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_explain(int32_t handleA, int32_t handleB, float* axesOut, int32_t capacity) {
  const sat::Shape* a = findShape(handleA);
  if (!a) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Shape* b = findShape(handleB);
  if (!b) return errorCode(sat::Status::InvalidArgument, 1);
  float* s = scratch();
  const sat::Transform xfA = readTransform(s + kInXfA);
  if (sat::checkTransform(xfA) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 0);
  const sat::Transform xfB = readTransform(s + kInXfB);
  if (sat::checkTransform(xfB) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 1);
  const int32_t cacheType = getInt(s + kInExtra);
  const int32_t cacheIndex = getInt(s + kInExtra + 1);
  if (cacheType < 0 || cacheType > 2 || cacheIndex < 0 || cacheIndex > 0xFFFF) {
    return errorCode(sat::Status::InvalidArgument, 2);
  }
  sat::SatCache cache;
  cache.type = uint8_t(cacheType);
  cache.index = uint16_t(cacheIndex);

  sat::Explanation e;
  const sat::Status status = sat::explain(*a, xfA, *b, xfB, reinterpret_cast<sat::ExplainedAxis*>(axesOut),
                                          capacity < 0 ? 0 : capacity, &e, &cache);
  if (status != sat::Status::Ok) return errorCode(status, 2);
  float* out = s + kOut;
  putInt(out, e.axisTotal);
  putInt(out + 1, e.axisCount);
  putInt(out + 2, e.deciding);
  putInt(out + 3, (e.aabbOverlap ? 1 : 0) | (e.cacheHit ? 2 : 0) | (e.overlap ? 4 : 0));
  out[4] = e.depth;
  out[5] = e.normal.x;
  out[6] = e.normal.y;
  out[7] = e.tolerance;
  putInt(s + kInExtra, cache.type);
  putInt(s + kInExtra + 1, cache.index);
  return e.axisTotal;
}

}  // extern "C"
