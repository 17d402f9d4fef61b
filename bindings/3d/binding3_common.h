// sat-wasm 3D bindings: what the binding files of the 3D module share. The shape store (shapes live in C++,
// JavaScript holds an integer handle), the scratch block through which transforms and small results cross, and the
// growable buffer for variable-size input and output. The error encoding and the constant tables are the 2D
// module's (../binding_common.h).
//
// The binding layer is Embind (an EMSCRIPTEN_BINDINGS block in each bindings/3d/*.cpp); every layout below is
// registered as a constant and read by bindings/ts/layout3.ts when the module loads.
#pragma once

#include <cstdint>

#include "../binding_common.h"
#include "sat/3d/collide3.h"

namespace satjs3 {

using satjs::errorCode;

/// Scratch layout, in 32-bit slots (float unless noted).
constexpr int kScratchSlots = 64;
constexpr int kXfFloats = 10;  ///< one transform: px, py, pz, qx, qy, qz, qw, sx, sy, sz
constexpr int kInXfA = 0;
constexpr int kInXfB = 10;
constexpr int kInExtra = 20;   ///< ray: origin xyz, translation xyz, maxFraction; box: lower xyz, upper xyz
constexpr int kOut = 32;       ///< results start here

/// The scratch block (kScratchSlots 32-bit slots, 16-byte aligned, fixed address).
float* scratch();
/// A growable block of at least `bytes` bytes (16-byte aligned); nullptr when memory cannot grow. Its address
/// changes when it grows; its contents are not kept.
void* buffer(uint32_t bytes);
void* bufferData();
uint32_t bufferBytes();

/// The live shape behind a handle, or nullptr for a released, stale or malformed handle.
const sat::Shape3* findShape(int32_t handle);

inline sat::Transform3 readTransform(const float* f) {
  return {{f[0], f[1], f[2]}, {f[3], f[4], f[5], f[6]}, {f[7], f[8], f[9]}};
}

}  // namespace satjs3
