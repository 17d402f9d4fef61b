// sat-wasm bindings: what every binding file shares. The shape store (shapes live in C++, JavaScript holds an
// integer handle), the scratch block through which transforms and results cross, and the error encoding of the
// raw exports. A world binding file includes this to resolve shape handles.
//
// Why plain `extern "C"` exports and no Embind: with -sDYNAMIC_EXECUTION=0 (required by WeChat) Embind cannot
// generate its invokers with `new Function`, and one Embind call with two int arguments measured ~110 ns in
// Node 20 against ~8 ns for a plain wasm export. Every export therefore takes and returns numbers (strings cross
// as the address of a NUL-terminated string). Dropping Embind altogether also keeps its runtime, RTTI and type
// registry out of the module: about 9 KB gzipped of the SIMD build and its glue (bench/README.md).
#pragma once

#include <cstdint>

#include "sat/sat.h"

namespace satjs {

/// A handle: bits 0..19 hold the slot index, bits 20..30 a generation (never 0). Always > 0 when valid.
constexpr int kSlotBits = 20;
constexpr uint32_t kSlotMask = (1u << kSlotBits) - 1u;
/// Largest number of live shapes.
constexpr int kMaxShapes = (1 << kSlotBits) - 1;

/// The live shape behind a handle, or nullptr for a released, stale or malformed handle.
const sat::Shape* findShape(int32_t handle);
/// Stores a shape; returns its handle, or an error code (< 0) when the store is full.
int32_t addShape(sat::Shape&& shape);
/// Frees a shape; false when the handle was not live.
bool releaseShape(int32_t handle);
/// Number of live shapes (leak checks in tests).
int liveShapeCount();

/// One transform as JavaScript writes it: x, y, angle (radians), scaleX, scaleY.
constexpr int kTransformFloats = 5;
/// Through sat::makeRot (libm-free cos/sin), so the bits equal the native build's: lockstep games need that.
inline sat::Transform readTransform(const float* f) {
  return sat::makeTransform(f[0], f[1], f[2], f[3], f[4]);
}

/// Raw exports return >= 0 on success and -(status | argument << 8) on failure, where `argument` says which
/// input was bad (0 = first shape / transform A, 1 = second / transform B, 2 = the extra input).
inline int32_t errorCode(sat::Status status, int argument) {
  return -(static_cast<int32_t>(status) | (argument << 8));
}

// Scratch layout, in 32-bit slots (float unless noted). Mirrored by bindings/ts/layout.ts.
constexpr int kScratchSlots = 64;
constexpr int kInXfA = 0;      ///< transform A (5 floats)
constexpr int kInXfB = 5;      ///< transform B (5 floats)
constexpr int kInExtra = 10;   ///< ray: origin x,y, translation x,y, maxFraction; point: x,y
constexpr int kOut = 16;       ///< results start here
constexpr int kOutError = 40;  ///< int32: index of the bad element in a bulk call

/// The scratch block (kScratchSlots 32-bit slots, 16-byte aligned, fixed address).
float* scratch();
/// A growable block of at least `bytes` bytes (8-byte aligned) for variable-size input and output; nullptr when
/// memory cannot grow. Its address changes when it grows; its contents are not kept.
void* buffer(uint32_t bytes);

}  // namespace satjs
