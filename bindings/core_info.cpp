// sat-wasm bindings: what the TypeScript layer reads once at load or only on error paths: the core's limits and
// its status messages. Plain exports like every other binding file (binding_common.h), so the module carries no
// Embind runtime, RTTI or std::string, and its glue no Embind type registry.
#include <emscripten/emscripten.h>

#include "binding_common.h"

using namespace satjs;

extern "C" {

/// The core's limits at scratch[kOut..] as floats (exact: all below 2^24): largest polygon vertex count, largest
/// hull input, largest coordinate magnitude.
EMSCRIPTEN_KEEPALIVE void sat_limits() {
  float* out = scratch() + kOut;
  out[0] = static_cast<float>(sat::kMaxPolygonVertices);
  out[1] = static_cast<float>(sat::kMaxHullInput);
  out[2] = sat::kMaxCoordinate;
}

/// The message of a core status: the address of a NUL-terminated ASCII string in static memory.
EMSCRIPTEN_KEEPALIVE const char* sat_status_message(int status) {
  return sat::statusMessage(static_cast<sat::Status>(status));
}

}  // extern "C"
