// sat-wasm bindings: the Embind part. Strings, constants and small value structs that are not on a hot path.
// The hot path is plain exports (see binding_common.h for why); friendliness lives in bindings/ts.
#include <emscripten/bind.h>

#include <string>

#include "binding_common.h"

namespace {

std::string statusName(int status) { return sat::statusName(static_cast<sat::Status>(status)); }
std::string statusMessage(int status) { return sat::statusMessage(static_cast<sat::Status>(status)); }

sat::AABB shapeBounds(int32_t handle, float x, float y, float angle, float scaleX, float scaleY) {
  const sat::Shape* shape = satjs::findShape(handle);
  sat::Transform xf = sat::makeTransform(x, y, angle, scaleX, scaleY);
  if (!shape || sat::checkTransform(xf) != sat::Status::Ok) return {{NAN, NAN}, {NAN, NAN}};
  return sat::computeAABB(*shape, xf);
}

}  // namespace

EMSCRIPTEN_BINDINGS(sat_core) {
  using namespace emscripten;
  value_object<sat::Vec2>("Vec2").field("x", &sat::Vec2::x).field("y", &sat::Vec2::y);
  value_object<sat::AABB>("AABB").field("lower", &sat::AABB::lower).field("upper", &sat::AABB::upper);

  function("statusName", &statusName);
  function("statusMessage", &statusMessage);
  /// World-space bounds of a stored shape under a transform (NaN bounds for a bad handle or transform).
  function("shapeBounds", &shapeBounds);

  constant("maxPolygonVertices", sat::kMaxPolygonVertices);
  constant("maxHullInput", sat::kMaxHullInput);
  constant("maxCoordinate", sat::kMaxCoordinate);
  constant("relativeTolerance", sat::kRelativeTolerance);
  constant("maxShapes", satjs::kMaxShapes);
}
