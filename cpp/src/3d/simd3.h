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
/// The smallest / largest lane: (v0 ? v1) ? (v2 ? v3), each ? a lane-wise min4 / max4 on shuffled copies, so the
/// same lane wins as in the scalar expression (signed zeros included). Scalar float selects would become branches
/// in V8's WebAssembly code (it has no conditional move for floats); lane-wise ones stay selects.
inline float hmin4(F4 v) {
  const F4 pairs = min4(v, __builtin_shufflevector(v, v, 1, 0, 3, 2));  // lane 0: v0 ? v1, lane 2: v2 ? v3
  return min4(pairs, __builtin_shufflevector(pairs, pairs, 2, 3, 0, 1))[0];
}
inline float hmax4(F4 v) {
  const F4 pairs = max4(v, __builtin_shufflevector(v, v, 1, 0, 3, 2));
  return max4(pairs, __builtin_shufflevector(pairs, pairs, 2, 3, 0, 1))[0];
}
/// The scalar references of hmin4 and hmax4.
inline float hmin4Reference(F4 v) {
  const float a = v[0] < v[1] ? v[0] : v[1], b = v[2] < v[3] ? v[2] : v[3];
  return a < b ? a : b;
}
inline float hmax4Reference(F4 v) {
  const float a = v[0] > v[1] ? v[0] : v[1], b = v[2] > v[3] ? v[2] : v[3];
  return a > b ? a : b;
}
/// Lane-wise |v| (the sign bit cleared).
inline F4 abs4(F4 v) {
  const I4 bits = reinterpret_cast<I4>(v) & I4{0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF};
  return reinterpret_cast<F4>(bits);
}
/// Lane-wise square root, correctly rounded like std::sqrt.
inline F4 sqrt4(F4 v) {
#if defined(__SSE__)
  return reinterpret_cast<F4>(_mm_sqrt_ps(reinterpret_cast<__m128>(v)));
#elif defined(__wasm_simd128__)
  return reinterpret_cast<F4>(wasm_f32x4_sqrt(reinterpret_cast<v128_t>(v)));
#else
  return F4{__builtin_sqrtf(v[0]), __builtin_sqrtf(v[1]), __builtin_sqrtf(v[2]), __builtin_sqrtf(v[3])};
#endif
}
/// Four rows (x, y, z, w) to four columns (the x of each row, then y, z, w), in place; its own inverse.
inline void transpose4(F4& r0, F4& r1, F4& r2, F4& r3) {
  const F4 xy01 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), xy23 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5);
  const F4 zw01 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7), zw23 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
  r0 = __builtin_shufflevector(xy01, xy23, 0, 1, 4, 5), r1 = __builtin_shufflevector(xy01, xy23, 2, 3, 6, 7);
  r2 = __builtin_shufflevector(zw01, zw23, 0, 1, 4, 5), r3 = __builtin_shufflevector(zw01, zw23, 2, 3, 6, 7);
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

/// c ? a : b for floats whose choice is unpredictable. V8's optimizing compiler for x64 (Node 20) lowers a
/// WebAssembly f32 `select` to a branch, which then mispredicts where the native build has a blend or a cmov; a
/// select of four lanes (v128.bitselect) stays branch-free, and clang folds i32 selects on the bits back into an
/// f32 select. Natively the plain select. The same bits either way.
inline float selectFloat(bool c, float a, float b) {
#if defined(__wasm_simd128__)
  const int32_t m = -int32_t(c);
  return ((I4{m, m, m, m} != I4{0, 0, 0, 0}) ? splat4(a) : splat4(b))[0];
#else
  return c ? a : b;
#endif
}

/// c ? a : b where the choice is unpredictable: selectFloat in WebAssembly SIMD builds, the plain select natively.
/// A macro rather than the function everywhere: passed through an inline function, the selects made g++ schedule
/// the box pair differently (the same instructions, 1-3% slower in interleaved runs).
#if defined(__wasm_simd128__)
#define SAT_SELECT(c, a, b) selectFloat((c), (a), (b))
#else
#define SAT_SELECT(c, a, b) ((c) ? (a) : (b))
#endif

/// A loop of three or four iterations unrolled in full in WebAssembly builds too, where -fno-unroll-loops keeps
/// every loop otherwise: unrolled, the four-lane arrays it fills stay in registers instead of the stack in linear
/// memory, and its square roots and divisions overlap. g++ unrolls such loops natively.
#if defined(__wasm__)
#define SAT_UNROLL_FULL _Pragma("clang loop unroll(full)")
#else
#define SAT_UNROLL_FULL
#endif

/// A loop unrolled by two (before its `for`) where that pays: natively it saves loop control on the short loops
/// over blocks of four; WebAssembly builds keep the loops as written, since their size is a target.
#if defined(__wasm__)
#define SAT_UNROLL2
#else
#define SAT_UNROLL2 _Pragma("GCC unroll 2")
#endif

}  // namespace detail
}  // namespace sat
