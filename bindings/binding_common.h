// sat-wasm bindings: what every binding file shares. The shape store (shapes live in C++, JavaScript holds an
// integer handle), the scratch block through which transforms and small results cross, the growable buffer for
// variable-size input and output, and the error encoding of the functions that return numbers.
//
// The binding layer is Embind (EMSCRIPTEN_BINDINGS in each bindings/*.cpp): functions, classes, enums, value
// objects and constants registered by name. Every layout below is also registered as a constant (core_info.cpp),
// and the TypeScript layer reads it from the module at load: it keeps no copy. Per-call functions take and return
// numbers only (the cheapest Embind signatures); hot data crosses as typed memory views over WebAssembly memory.
#pragma once

#include <cstdint>
#include <cstdlib>

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
/// A transform as a value object (the registered Transform): the same five numbers.
struct TransformValue {
  float x = 0.0f, y = 0.0f, angle = 0.0f, scaleX = 1.0f, scaleY = 1.0f;
};

/// Through sat::makeRot (libm-free cos/sin), so the bits equal the native build's: lockstep games need that.
inline sat::Transform readTransform(const float* f) {
  return sat::makeTransform(f[0], f[1], f[2], f[3], f[4]);
}

/// Functions returning a number return >= 0 on success and -(status | argument << kErrorArgumentShift) on failure,
/// where `argument` says which input was bad (0 = first shape / transform A, 1 = second / transform B, 2 = the
/// extra input).
constexpr int kErrorArgumentShift = 8;
/// Grows a block to at least `bytes` bytes (doubling, 16-byte multiples; contents not kept), the growable buffer of
/// both modules. Returns the block, or nullptr with *size 0 when memory cannot grow.
inline void* growBlock(void** block, uint32_t* size, uint32_t bytes) {
  if (bytes <= *size) return *block;
  uint32_t grown = *size * 2 > bytes ? *size * 2 : bytes;
  grown = (grown + 15u) & ~15u;
  std::free(*block);
  *block = std::malloc(grown);
  *size = *block ? grown : 0;
  return *block;
}

inline int32_t errorCode(sat::Status status, int argument) {
  return -(static_cast<int32_t>(status) | (argument << kErrorArgumentShift));
}

// Scratch layout, in 32-bit slots (float unless noted).
constexpr int kScratchSlots = 64;
constexpr int kInXfA = 0;      ///< transform A (5 floats)
constexpr int kInXfB = 5;      ///< transform B (5 floats)
constexpr int kInExtra = 10;   ///< ray: origin x,y, translation x,y, maxFraction; point: x,y
constexpr int kOut = 16;       ///< results start here

/// The scratch block (kScratchSlots 32-bit slots, 16-byte aligned, fixed address).
float* scratch();
/// A growable block of at least `bytes` bytes (16-byte aligned) for variable-size input and output; nullptr when
/// memory cannot grow. Its address changes when it grows; its contents are not kept.
void* buffer(uint32_t bytes);
/// The current block of buffer() and its size in bytes (0 before the first call).
void* bufferData();
uint32_t bufferBytes();

/// A registered constant (layout offset, limit, flag). Registered from tables, one emscripten::constant() call in a
/// loop: a call per constant would cost about 40 bytes of module each.
struct Constant {
  const char* name;
  double value;
};
void registerConstants(const Constant* table, int count);
template <int N>
void registerConstants(const Constant (&table)[N]) {
  registerConstants(table, N);
}

}  // namespace satjs
