// sat-wasm bindings: the names every other binding file and the TypeScript layer share: the enums (statuses,
// shape kinds, broad phases, body types), the small value types, the core's limits, and the constants of every
// layout that crosses as memory (binding_common.h). The TypeScript layer reads all of them at load.
#include <emscripten/bind.h>

#include <string>

#include "binding_common.h"
#include "value_object.h"
#include "sat/explain.h"
#include "sat/world.h"

using namespace emscripten;
using namespace satjs;

namespace {

std::string statusMessage(int status) { return sat::statusMessage(static_cast<sat::Status>(status)); }

}  // namespace

void satjs::registerConstants(const Constant* table, int count) {
  for (int i = 0; i < count; ++i) emscripten::constant(table[i].name, table[i].value);
}

EMSCRIPTEN_BINDINGS(sat_core) {
  enum_<sat::Status>("Status")
      .value("Ok", sat::Status::Ok)
      .value("TooFewPoints", sat::Status::TooFewPoints)
      .value("TooManyPoints", sat::Status::TooManyPoints)
      .value("NonFinite", sat::Status::NonFinite)
      .value("OutOfRange", sat::Status::OutOfRange)
      .value("ZeroArea", sat::Status::ZeroArea)
      .value("SelfIntersecting", sat::Status::SelfIntersecting)
      .value("Concave", sat::Status::Concave)
      .value("InvalidRadius", sat::Status::InvalidRadius)
      .value("ZeroLength", sat::Status::ZeroLength)
      .value("Degenerate", sat::Status::Degenerate)
      .value("InvalidTransform", sat::Status::InvalidTransform)
      .value("InvalidArgument", sat::Status::InvalidArgument)
      .value("UnknownBody", sat::kStatusUnknownBody)
      .value("RemovedBody", sat::kStatusRemovedBody)
      .value("WorldFull", sat::kStatusWorldFull);
  enum_<sat::ShapeType>("ShapeKind")
      .value("Circle", sat::ShapeType::Circle)
      .value("Capsule", sat::ShapeType::Capsule)
      .value("Polygon", sat::ShapeType::Polygon)
      .value("Segment", sat::ShapeType::Segment)
      .value("ChainSegment", sat::ShapeType::ChainSegment);
  enum_<sat::BroadPhaseType>("BroadPhaseKind")
      .value("Grid", sat::BroadPhaseType::Grid)
      .value("Tree", sat::BroadPhaseType::Tree)
      .value("SortAndSweep", sat::BroadPhaseType::SortAndSweep);
  enum_<sat::BodyType>("BodyType")
      .value("Static", sat::BodyType::Static)
      .value("Kinematic", sat::BodyType::Kinematic)
      .value("Dynamic", sat::BodyType::Dynamic);

  static const Field kVec2Fields[] = {SAT_FIELD(sat::Vec2, x), SAT_FIELD(sat::Vec2, y)};
  registerValueObject<sat::Vec2>("Vec2", kVec2Fields);
  static const Field kAABBFields[] = {SAT_FIELD(sat::AABB, lower), SAT_FIELD(sat::AABB, upper)};
  registerValueObject<sat::AABB>("AABB", kAABBFields);
  static const Field kTransformFields[] = {
      SAT_FIELD(TransformValue, x), SAT_FIELD(TransformValue, y), SAT_FIELD(TransformValue, angle),
      SAT_FIELD(TransformValue, scaleX), SAT_FIELD(TransformValue, scaleY)
  };
  registerValueObject<TransformValue>("Transform", kTransformFields);

  function("statusMessage", &statusMessage);

  static const Constant kCore[] = {
    {"MAX_POLYGON_VERTICES", double(sat::kMaxPolygonVertices)},
    {"MAX_HULL_INPUT", double(sat::kMaxHullInput)},
    {"MAX_CHAIN_POINTS", double(sat::kMaxChainPoints)},
    {"MAX_COORDINATE", double(sat::kMaxCoordinate)},
    {"TRANSFORM_FLOATS", double(kTransformFloats)},
    {"ERROR_ARGUMENT_SHIFT", double(kErrorArgumentShift)},
    {"SCRATCH_IN_XF_A", double(kInXfA)},
    {"SCRATCH_IN_XF_B", double(kInXfB)},
    {"SCRATCH_IN_EXTRA", double(kInExtra)},
    {"SCRATCH_OUT", double(kOut)},
  };
  registerConstants(kCore);
}
