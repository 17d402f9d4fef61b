// sat-wasm: inline 2D math. The collision core depends only on this header.
// Conventions: world units, float, angles in radians, rotation stored as cos/sin.
#pragma once

#include <cmath>
#include <cstring>
#include <cstdint>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace sat {

/// Largest coordinate magnitude (shape points, radii, positions) the makers and validity checks accept.
/// Beyond it float spacing (0.06 at 1e6) is coarser than any sensible contact tolerance.
constexpr float kMaxCoordinate = 1.0e6f;

struct Vec2 {
  float x = 0.0f;  ///< x coordinate
  float y = 0.0f;  ///< y coordinate
#if defined(__EMSCRIPTEN__)
  // Field-wise copies under Emscripten: clang copies a trivial {float, float} as one i64 and unpacks it with
  // shifts and reinterprets, which V8 turns into register moves; two f32 loads are about 17% fewer machine
  // instructions per narrow-phase query (measured). Natively the struct stays trivially copyable.
  Vec2() = default;
  constexpr Vec2(float x_, float y_) : x(x_), y(y_) {}
  constexpr Vec2(const Vec2& o) : x(o.x), y(o.y) {}
  constexpr Vec2& operator=(const Vec2& o) {
    x = o.x;
    y = o.y;
    return *this;
  }
#endif
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
inline Vec2 operator*(float s, Vec2 a) { return {s * a.x, s * a.y}; }
inline Vec2 operator*(Vec2 a, float s) { return {s * a.x, s * a.y}; }
inline bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
inline bool operator!=(Vec2 a, Vec2 b) { return !(a == b); }

inline float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// z of the 3D cross product; > 0 when b is counter-clockwise from a.
inline float cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
/// a rotated -90 degrees: for a CCW edge direction this is the outward normal.
inline Vec2 rightPerp(Vec2 a) { return {a.y, -a.x}; }
/// a rotated +90 degrees.
inline Vec2 leftPerp(Vec2 a) { return {-a.y, a.x}; }
inline float lengthSquared(Vec2 a) { return a.x * a.x + a.y * a.y; }
inline float length(Vec2 a) { return std::sqrt(a.x * a.x + a.y * a.y); }
inline float distance(Vec2 a, Vec2 b) { return length(b - a); }
inline float distanceSquared(Vec2 a, Vec2 b) { return lengthSquared(b - a); }
inline Vec2 lerp(Vec2 a, Vec2 b, float t) { return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)}; }
inline Vec2 vmin(Vec2 a, Vec2 b) { return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y}; }
inline Vec2 vmax(Vec2 a, Vec2 b) { return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y}; }
inline Vec2 vabs(Vec2 a) { return {std::fabs(a.x), std::fabs(a.y)}; }

/// Unit vector along a, or {0,0} when a is (nearly) zero.
inline Vec2 normalize(Vec2 a) {
  float len = length(a);
  if (len < 1.0e-30f) return {0.0f, 0.0f};
  float inv = 1.0f / len;
  return {inv * a.x, inv * a.y};
}

inline bool isValid(float f) { return std::isfinite(f); }
inline bool isValid(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }
/// Finite and within kMaxCoordinate on both axes. (One comparison per axis: NaN fails every comparison and an
/// infinity is out of range, so no separate finiteness test is needed; the bulk calls check two per pair.)
inline bool isInRange(Vec2 v) { return std::fabs(v.x) <= kMaxCoordinate && std::fabs(v.y) <= kMaxCoordinate; }

/// A rotation stored as cosine and sine.
struct Rot {
  float c = 1.0f;  ///< cosine of the angle
  float s = 0.0f;  ///< sine of the angle
};

/// Largest angle magnitude (radians) makeRot accepts; beyond it the rotation is NaN and fails isValid.
constexpr float kMaxAngle = 1.0e9f;

namespace detail {
// makeRot's reduction: pi/2 split so that k * hi is exact for |k| < 2^20.
constexpr double kTwoOverPi = 0.63661977236758134308;
constexpr double kPiOver2Hi = 1.57079632673412561417;
constexpr double kPiOver2Lo = 6.07710050650619224932e-11;
// Minimax polynomials in z = r^2 on |r| <= pi/4, fitted for this code (scripts/fit-sincos.py, Remez exchange):
//   sin r = r + (r z) (S0 + S1 z + z^2 (S2 + S3 z)), relative error < 5.2e-12;
//   cos r = 1 + z (C0 + C1 z + z^2 (C2 + C3 z)),     relative error < 6.4e-11.
// Both far below float's half ulp (3e-8). Evaluated in double in this order (Estrin: short dependency chains).
constexpr double kS0 = -0x1.5555554c71d13p-3, kS1 = 0x1.1111086a6163ap-7;
constexpr double kS2 = -0x1.a00f7f28c3270p-13, kS3 = 0x1.6cd1f2af8d079p-19;
constexpr double kC0 = -0x1.ffffffcb82e6bp-2, kC1 = 0x1.55553c7898b32p-5;
constexpr double kC2 = -0x1.6c07f1690e35ep-10, kC3 = 0x1.99169fbea95cdp-16;
}  // namespace detail

/// Cosine and sine of an angle, computed with basic IEEE operations only (no libm), so that native, WASM and
/// asm.js builds produce the same bits (glibc and musl disagree in the last bit of sinf/cosf). Cody-Waite
/// reduction by pi/2 in double, then minimax polynomials on [-pi/4, pi/4] in double (error < 7e-11, far below
/// float's rounding), rounded once to float.
inline Rot makeRot(float angle) {
  using namespace detail;
  if (!(std::fabs(angle) <= kMaxAngle)) return {NAN, NAN};
  const double k = std::floor(double(angle) * kTwoOverPi + 0.5);
  const double r = (double(angle) - k * kPiOver2Hi) - k * kPiOver2Lo;
  const double z = r * r, z2 = z * z;
  const double sn = r + (r * z) * ((kS0 + kS1 * z) + z2 * (kS2 + kS3 * z));
  const double cs = 1.0 + z * ((kC0 + kC1 * z) + z2 * (kC2 + kC3 * z));
  // Quadrant q: (c, s) = (cs, sn), (-sn, cs), (-cs, -sn), (sn, -cs). Chosen with integer bit operations rather
  // than a switch: q is random from body to body, and a branch on it mispredicts (V8 also turns float selects
  // into branches). Flipping the sign bit is exactly float negation. k's low bits are read from k + 1.5 * 2^52,
  // whose last mantissa bits hold k in two's complement (exact for |k| < 2^51; here |k| < 2^30): a float to
  // integer conversion would carry range checks in WebAssembly.
  const double kShifted = k + 6755399441055744.0;
  uint64_t kBits;
  std::memcpy(&kBits, &kShifted, 8);
  const uint32_t q = static_cast<uint32_t>(kBits) & 3u;
  uint32_t cb, sb;
  const float fc = float(cs), fs = float(sn);
  std::memcpy(&cb, &fc, 4);
  std::memcpy(&sb, &fs, 4);
  const uint32_t swap = 0u - (q & 1u);  // all ones in quadrants 1 and 3
  const uint32_t c = (cb & ~swap) | (sb & swap), sv = (sb & ~swap) | (cb & swap);
  const uint32_t negC = ((q + 1u) >> 1 & 1u) << 31, negS = (q >> 1) << 31;
  Rot out;
  const uint32_t cOut = c ^ negC, sOut = sv ^ negS;
  std::memcpy(&out.c, &cOut, 4);
  std::memcpy(&out.s, &sOut, 4);
  return out;
}
/// makeRot of two angles at once, the same bits as two makeRot calls. WebAssembly SIMD runs both angles through
/// one f64x2 pass (reduction, both polynomials, quadrant selection); elsewhere it is the two calls. The bulk
/// calls make one rotation per body per frame, so this halves the instructions they spend on it.
inline void makeRot2(float angle0, float angle1, Rot* out0, Rot* out1) {
#if defined(__wasm_simd128__)
  using namespace detail;
  const v128_t a = wasm_f64x2_make(double(angle0), double(angle1));
  const v128_t k = wasm_f64x2_floor(
      wasm_f64x2_add(wasm_f64x2_mul(a, wasm_f64x2_splat(kTwoOverPi)), wasm_f64x2_splat(0.5)));
  const v128_t r = wasm_f64x2_sub(wasm_f64x2_sub(a, wasm_f64x2_mul(k, wasm_f64x2_splat(kPiOver2Hi))),
                                  wasm_f64x2_mul(k, wasm_f64x2_splat(kPiOver2Lo)));
  const v128_t z = wasm_f64x2_mul(r, r), z2 = wasm_f64x2_mul(z, z);
  // makeRot's polynomials, one vector per function, both angles in the lanes.
  const v128_t ps = wasm_f64x2_add(
      wasm_f64x2_add(wasm_f64x2_splat(kS0), wasm_f64x2_mul(wasm_f64x2_splat(kS1), z)),
      wasm_f64x2_mul(z2, wasm_f64x2_add(wasm_f64x2_splat(kS2), wasm_f64x2_mul(wasm_f64x2_splat(kS3), z))));
  const v128_t pc = wasm_f64x2_add(
      wasm_f64x2_add(wasm_f64x2_splat(kC0), wasm_f64x2_mul(wasm_f64x2_splat(kC1), z)),
      wasm_f64x2_mul(z2, wasm_f64x2_add(wasm_f64x2_splat(kC2), wasm_f64x2_mul(wasm_f64x2_splat(kC3), z))));
  const v128_t hs = wasm_f64x2_add(r, wasm_f64x2_mul(wasm_f64x2_mul(r, z), ps));
  const v128_t hc = wasm_f64x2_add(wasm_f64x2_splat(1.0), wasm_f64x2_mul(z, pc));
  // As makeRot: the floats' bits swapped and negated by quadrant, here four i32 lanes at a time (two used).
  const v128_t sb = wasm_f32x4_demote_f64x2_zero(hs);
  const v128_t cb = wasm_f32x4_demote_f64x2_zero(hc);
  const v128_t kBits = wasm_f64x2_add(k, wasm_f64x2_splat(6755399441055744.0));
  const v128_t q = wasm_v128_and(wasm_i32x4_shuffle(kBits, kBits, 0, 2, 0, 2), wasm_i32x4_splat(3));
  const v128_t swap = wasm_i32x4_neg(wasm_v128_and(q, wasm_i32x4_splat(1)));
  const v128_t c = wasm_v128_bitselect(sb, cb, swap), sv = wasm_v128_bitselect(cb, sb, swap);
  const v128_t negC = wasm_i32x4_shl(wasm_v128_and(wasm_u32x4_shr(wasm_i32x4_add(q, wasm_i32x4_splat(1)), 1),
                                                   wasm_i32x4_splat(1)), 31);
  const v128_t negS = wasm_i32x4_shl(wasm_u32x4_shr(q, 1), 31);
  const v128_t cOut = wasm_v128_xor(c, negC), sOut = wasm_v128_xor(sv, negS);
  *out0 = {wasm_f32x4_extract_lane(cOut, 0), wasm_f32x4_extract_lane(sOut, 0)};
  *out1 = {wasm_f32x4_extract_lane(cOut, 1), wasm_f32x4_extract_lane(sOut, 1)};
  if (!(std::fabs(angle0) <= kMaxAngle)) *out0 = {NAN, NAN};
  if (!(std::fabs(angle1) <= kMaxAngle)) *out1 = {NAN, NAN};
#else
  *out0 = makeRot(angle0);
  *out1 = makeRot(angle1);
#endif
}
inline float angleOf(Rot q) { return std::atan2(q.s, q.c); }
inline Vec2 rotate(Rot q, Vec2 v) { return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y}; }
inline Vec2 invRotate(Rot q, Vec2 v) { return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y}; }
/// q^T * r: the rotation of r relative to q.
inline Rot invMulRot(Rot q, Rot r) { return {q.c * r.c + q.s * r.s, q.c * r.s - q.s * r.c}; }
/// A rotation is valid when finite and unit length to float precision: |c^2 + s^2 - 1| < 1e-6, where any cos/sin
/// pair rounded to float (makeRot's, or std::cos / std::sin of the same angle) stays under 3e-7 even with the
/// rounding of this test. A hand-filled Rot off by more scales the shape it rotates about its frame's origin, and
/// far from that origin collide(A, B) and collide(B, A) disagree (1e-5 let a rotation 4.7e-6 short of unit length
/// move a circle 1,768 units out by 0.008: the "unnormalized rotation" cases in docs/fuzzing.md).
inline bool isValid(Rot q) {
  return std::fabs(q.c * q.c + q.s * q.s - 1.0f) < 1.0e-6f;  // false for NaN; an infinity makes it +inf or NaN
}

/// Position, rotation and non-uniform scale. A local point v maps to p + R(q) * (scale * v):
/// scale first (along the shape's own axes), then rotate, then translate.
/// Rounded shapes (circle, capsule) under a uniform scale (|scale.x| == |scale.y|, mirrored or not) stay circles
/// and capsules with radius * |scale.x|. Under a non-uniform scale they are the exact shapes the map makes of them:
/// a circle an ellipse, a capsule its mapped segment swept by that ellipse. Every query treats them so: collide /
/// overlap, distance, explain, time of impact (CCD, castShape), containsPoint, raycast and the bounds
/// (docs/js-api.md, "Transforms").
struct Transform {
  Vec2 p{0.0f, 0.0f};      ///< translation
  Rot q{1.0f, 0.0f};       ///< rotation
  Vec2 scale{1.0f, 1.0f};  ///< per-axis scale, applied before the rotation; negative mirrors
};

inline Transform makeTransform(float x, float y, float angle = 0.0f, float scaleX = 1.0f, float scaleY = 1.0f) {
  return {{x, y}, makeRot(angle), {scaleX, scaleY}};
}
inline bool hasUnitScale(const Transform& xf) { return xf.scale.x == 1.0f && xf.scale.y == 1.0f; }
inline Vec2 transformPoint(const Transform& xf, Vec2 v) {
  return xf.p + rotate(xf.q, {xf.scale.x * v.x, xf.scale.y * v.y});
}
/// Smallest scale of a transform: a value under this is treated as a collapsed (zero-size) transform.
constexpr float kMinScale = 1.0e-6f;
/// Finite, rotation normalized, position within kMaxCoordinate, |scale| in [kMinScale, 1e6] on both axes.
inline bool isValid(const Transform& xf) {
  if (!isInRange(xf.p) || !isValid(xf.q)) return false;
  float ax = std::fabs(xf.scale.x), ay = std::fabs(xf.scale.y);  // NaN fails both bounds, infinity the upper
  return ax >= kMinScale && ay >= kMinScale && ax <= kMaxCoordinate && ay <= kMaxCoordinate;
}

/// A general 2x3 affine map, for frames with skew (a parent chain in a scene graph).
/// A local point (x, y) maps to (a*x + c*y + tx, b*x + d*y + ty). In Cocos' Mat4 terms:
/// a = m00, b = m01, c = m04, d = m05, tx = m12, ty = m13.
struct Affine {
  float a = 1.0f, b = 0.0f, c = 0.0f, d = 1.0f;  ///< linear part, columns (a,b) and (c,d)
  float tx = 0.0f, ty = 0.0f;                     ///< translation
};

inline Affine toAffine(const Transform& xf) {
  return {xf.q.c * xf.scale.x, xf.q.s * xf.scale.x, -xf.q.s * xf.scale.y, xf.q.c * xf.scale.y, xf.p.x, xf.p.y};
}
inline Vec2 transformPoint(const Affine& m, Vec2 v) {
  return {m.a * v.x + m.c * v.y + m.tx, m.b * v.x + m.d * v.y + m.ty};
}
inline float determinant(const Affine& m) { return m.a * m.d - m.b * m.c; }
/// Finite, translation within kMaxCoordinate, and not collapsed: |det| >= kMinScale^2 relative to its size.
inline bool isValid(const Affine& m) {
  if (!isValid(m.a) || !isValid(m.b) || !isValid(m.c) || !isValid(m.d)) return false;
  if (!isInRange({m.tx, m.ty})) return false;
  float big = std::fmax(std::fmax(std::fabs(m.a), std::fabs(m.b)), std::fmax(std::fabs(m.c), std::fabs(m.d)));
  if (big > kMaxCoordinate) return false;
  return std::fabs(determinant(m)) >= kMinScale * kMinScale && std::fabs(determinant(m)) >= 1.0e-6f * big * big;
}

/// Axis-aligned bounding box.
struct AABB {
  Vec2 lower{0.0f, 0.0f};  ///< minimum corner
  Vec2 upper{0.0f, 0.0f};  ///< maximum corner
};

inline bool overlaps(const AABB& a, const AABB& b) {
  return !(b.lower.x > a.upper.x || b.lower.y > a.upper.y || a.lower.x > b.upper.x || a.lower.y > b.upper.y);
}
inline bool contains(const AABB& outer, const AABB& inner) {
  return outer.lower.x <= inner.lower.x && outer.lower.y <= inner.lower.y && inner.upper.x <= outer.upper.x &&
         inner.upper.y <= outer.upper.y;
}
inline bool contains(const AABB& box, Vec2 p) {
  return box.lower.x <= p.x && p.x <= box.upper.x && box.lower.y <= p.y && p.y <= box.upper.y;
}
inline AABB unionOf(const AABB& a, const AABB& b) { return {vmin(a.lower, b.lower), vmax(a.upper, b.upper)}; }
inline float perimeter(const AABB& a) { return 2.0f * ((a.upper.x - a.lower.x) + (a.upper.y - a.lower.y)); }
inline Vec2 center(const AABB& a) { return 0.5f * (a.lower + a.upper); }
inline bool isValid(const AABB& a) {
  return isValid(a.lower) && isValid(a.upper) && a.lower.x <= a.upper.x && a.lower.y <= a.upper.y;
}

}  // namespace sat
