// Private to the 3D core: four floats at a time through GCC/Clang vector extensions. Natively they compile to
// SSE, in WebAssembly with -msimd128 to SIMD128, and without it to plain scalar code, so one source serves every
// build. Lane-wise multiply, add, min and max round exactly like the scalar loops they stand for (no fused
// multiply-add: the project builds with -ffp-contract=off), so fast paths and references agree bit for bit.
#pragma once

#include <cfloat>
#include <cstdint>
#if defined(__SSE__)
#include <xmmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace sat {
namespace detail {

typedef float F4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));

inline F4 splat4(float s) { return F4{s, s, s, s}; }
/// Lane-wise minimum / maximum (non-NaN inputs, as the callers guarantee).
inline F4 min4(F4 a, F4 b) { return a < b ? a : b; }
inline F4 max4(F4 a, F4 b) { return a > b ? a : b; }
inline float hmin4(F4 v) {
  const float a = v[0] < v[1] ? v[0] : v[1], b = v[2] < v[3] ? v[2] : v[3];
  return a < b ? a : b;
}
inline float hmax4(F4 v) {
  const float a = v[0] > v[1] ? v[0] : v[1], b = v[2] > v[3] ? v[2] : v[3];
  return a > b ? a : b;
}
/// Bit k set when lane k of the mask (all ones or all zeros per lane) is true: one instruction where there is one.
inline int bits4(I4 m) {
#if defined(__SSE__)
  return _mm_movemask_ps(reinterpret_cast<__m128>(m));
#elif defined(__wasm_simd128__)
  return int(wasm_i32x4_bitmask(reinterpret_cast<v128_t>(m)));
#else
  return (m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8);
#endif
}

}  // namespace detail
}  // namespace sat
