// sat-wasm bindings: explain(), SAT step by step (sat/explain.h). Transforms come through the scratch block as for
// collide(); the core writes the axes straight into the growable buffer (EXPLAIN_AXIS_* layout), and the summary
// and the updated axis cache come back as a value object.
#include <emscripten/bind.h>

#include <cstddef>

#include "binding_common.h"
#include "value_object.h"
#include "sat/explain.h"

using namespace satjs;

namespace {

// An ExplainedAxis is nine 32-bit words; their offsets are registered below for the TypeScript reader.
constexpr int kExplainAxisWords = int(sizeof(sat::ExplainedAxis) / 4);
static_assert(sizeof(sat::ExplainedAxis) == 36, "ExplainedAxis is nine words");

/// The summary of explain(); `status` an error code (argument 0 / 1: shape or transform A / B, 2: the cache).
struct ExplainResult {
  int32_t status = 0;
  int axisTotal = 0;
  int axisCount = 0;
  int deciding = -1;
  bool aabbOverlap = false;
  bool cacheHit = false;
  bool overlap = false;
  float depth = 0.0f;
  sat::Vec2 normal{0.0f, 0.0f};
  float tolerance = 0.0f;
  int cacheType = 0;  ///< the axis cache after the query
  int cacheIndex = 0;
};

/// Explains shapes hA and hB under the scratch transforms, with the axis cache (type, index) given. Writes up to
/// `capacity` axes at the start of the buffer (clamped to what the buffer holds).
ExplainResult explain(int32_t handleA, int32_t handleB, int capacity, int cacheType, int cacheIndex) {
  ExplainResult r;
  const sat::Shape* a = findShape(handleA);
  const sat::Shape* b = findShape(handleB);
  float* s = scratch();
  const sat::Transform xfA = readTransform(s + kInXfA);
  const sat::Transform xfB = readTransform(s + kInXfB);
  if (!a) {
    r.status = errorCode(sat::Status::InvalidArgument, 0);
  } else if (!b) {
    r.status = errorCode(sat::Status::InvalidArgument, 1);
  } else if (sat::checkTransform(xfA) != sat::Status::Ok) {
    r.status = errorCode(sat::Status::InvalidTransform, 0);
  } else if (sat::checkTransform(xfB) != sat::Status::Ok) {
    r.status = errorCode(sat::Status::InvalidTransform, 1);
  } else if (cacheType < 0 || cacheType > 2 || cacheIndex < 0 || cacheIndex > 0xFFFF) {
    r.status = errorCode(sat::Status::InvalidArgument, 2);
  }
  if (r.status) return r;
  const int room = int(bufferBytes() / sizeof(sat::ExplainedAxis));
  capacity = capacity < 0 ? 0 : capacity > room ? room : capacity;
  sat::SatCache cache;
  cache.type = uint8_t(cacheType);
  cache.index = uint16_t(cacheIndex);
  sat::Explanation e;
  const sat::Status status =
      sat::explain(*a, xfA, *b, xfB, static_cast<sat::ExplainedAxis*>(bufferData()), capacity, &e, &cache);
  if (status != sat::Status::Ok) {
    r.status = errorCode(status, 2);
    return r;
  }
  r.axisTotal = e.axisTotal;
  r.axisCount = e.axisCount;
  r.deciding = e.deciding;
  r.aabbOverlap = e.aabbOverlap;
  r.cacheHit = e.cacheHit;
  r.overlap = e.overlap;
  r.depth = e.depth;
  r.normal = e.normal;
  r.tolerance = e.tolerance;
  r.cacheType = cache.type;
  r.cacheIndex = cache.index;
  return r;
}

}  // namespace

EMSCRIPTEN_BINDINGS(sat_explain) {
  using namespace emscripten;
  static const Field kExplainResultFields[] = {
      SAT_FIELD(ExplainResult, status), SAT_FIELD(ExplainResult, axisTotal), SAT_FIELD(ExplainResult, axisCount),
      SAT_FIELD(ExplainResult, deciding), SAT_FIELD(ExplainResult, aabbOverlap), SAT_FIELD(ExplainResult, cacheHit),
      SAT_FIELD(ExplainResult, overlap), SAT_FIELD(ExplainResult, depth), SAT_FIELD(ExplainResult, normal),
      SAT_FIELD(ExplainResult, tolerance), SAT_FIELD(ExplainResult, cacheType), SAT_FIELD(ExplainResult, cacheIndex)
  };
  registerValueObject<ExplainResult>("ExplainResult", kExplainResultFields);
  function("explain", &explain);
  static const Constant kExplain[] = {
    {"EXPLAIN_AXIS_WORDS", double(kExplainAxisWords)},
    {"EXPLAIN_AXIS_NORMAL", double(int(offsetof(sat::ExplainedAxis, normal) / 4))},
    {"EXPLAIN_AXIS_MIN_A", double(int(offsetof(sat::ExplainedAxis, minA) / 4))},
    {"EXPLAIN_AXIS_MAX_A", double(int(offsetof(sat::ExplainedAxis, maxA) / 4))},
    {"EXPLAIN_AXIS_MIN_B", double(int(offsetof(sat::ExplainedAxis, minB) / 4))},
    {"EXPLAIN_AXIS_MAX_B", double(int(offsetof(sat::ExplainedAxis, maxB) / 4))},
    {"EXPLAIN_AXIS_SEPARATION", double(int(offsetof(sat::ExplainedAxis, separation) / 4))},
    {"EXPLAIN_AXIS_INDEX", double(int(offsetof(sat::ExplainedAxis, index) / 4))},
    {"EXPLAIN_AXIS_SOURCE", double(int(offsetof(sat::ExplainedAxis, source) / 4))},
  };
  registerConstants(kExplain);
}
