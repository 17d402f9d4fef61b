// sat-wasm: inline 3D math for the convex-polyhedron core. Same conventions as sat/math.h: world units, float,
// angles in radians; kMaxCoordinate and kMinScale are shared with 2D.
#pragma once

#include <cmath>

#include "sat/math.h"

namespace sat {

struct Vec3 {
  float x = 0.0f;  ///< x coordinate
  float y = 0.0f;  ///< y coordinate
  float z = 0.0f;  ///< z coordinate
};

inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
inline Vec3 operator*(float s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
inline Vec3 operator*(Vec3 a, float s) { return {s * a.x, s * a.y, s * a.z}; }
inline bool operator==(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
inline bool operator!=(Vec3 a, Vec3 b) { return !(a == b); }

inline float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
/// Component-wise product (applies a non-uniform scale).
inline Vec3 mulComponents(Vec3 a, Vec3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
inline float lengthSquared(Vec3 a) { return dot(a, a); }
inline float length(Vec3 a) { return std::sqrt(dot(a, a)); }
inline float distance(Vec3 a, Vec3 b) { return length(b - a); }
inline float distanceSquared(Vec3 a, Vec3 b) { return lengthSquared(b - a); }
inline Vec3 lerp(Vec3 a, Vec3 b, float t) { return a + t * (b - a); }
inline Vec3 vmin(Vec3 a, Vec3 b) { return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y, a.z < b.z ? a.z : b.z}; }
inline Vec3 vmax(Vec3 a, Vec3 b) { return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z}; }
inline Vec3 vabs(Vec3 a) { return {std::fabs(a.x), std::fabs(a.y), std::fabs(a.z)}; }
inline float maxComponent(Vec3 a) { return std::fmax(a.x, std::fmax(a.y, a.z)); }

/// Unit vector along a, or {0,0,0} when a is (nearly) zero.
inline Vec3 normalize(Vec3 a) {
  float len = length(a);
  if (len < 1.0e-30f) return {0.0f, 0.0f, 0.0f};
  float inv = 1.0f / len;
  return inv * a;
}

inline bool isValid(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
/// Finite and within kMaxCoordinate on every axis (NaN fails every comparison).
inline bool isInRange(Vec3 v) {
  return std::fabs(v.x) <= kMaxCoordinate && std::fabs(v.y) <= kMaxCoordinate && std::fabs(v.z) <= kMaxCoordinate;
}

/// A rotation as a unit quaternion (x, y, z vector part, w scalar part); Cocos' and glTF's order.
struct Quat {
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
  float w = 1.0f;
};

/// Rotation by `angle` radians about `axis` (need not be unit; a zero axis gives the identity).
inline Quat makeQuat(Vec3 axis, float angle) {
  Vec3 n = normalize(axis);
  if (n == Vec3{}) return {};
  float h = 0.5f * angle, s = std::sin(h);
  return {s * n.x, s * n.y, s * n.z, std::cos(h)};
}
inline Quat conjugate(Quat q) { return {-q.x, -q.y, -q.z, q.w}; }
/// q * r: rotate by r first, then by q.
inline Quat mul(Quat q, Quat r) {
  return {q.w * r.x + q.x * r.w + q.y * r.z - q.z * r.y, q.w * r.y - q.x * r.z + q.y * r.w + q.z * r.x,
          q.w * r.z + q.x * r.y - q.y * r.x + q.z * r.w, q.w * r.w - q.x * r.x - q.y * r.y - q.z * r.z};
}
/// conjugate(q) * r: r relative to q.
inline Quat invMul(Quat q, Quat r) { return mul(conjugate(q), r); }
inline Quat normalize(Quat q) {
  float len = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (len < 1.0e-30f) return {};
  float inv = 1.0f / len;
  return {inv * q.x, inv * q.y, inv * q.z, inv * q.w};
}
inline Vec3 rotate(Quat q, Vec3 v) {
  Vec3 u{q.x, q.y, q.z};
  Vec3 t = 2.0f * cross(u, v);
  return v + q.w * t + cross(u, t);
}
inline Vec3 invRotate(Quat q, Vec3 v) { return rotate(conjugate(q), v); }
/// Unit length to float precision (|len^2 - 1| < 1e-6, as isValid(Rot)): an unnormalized quaternion scales the
/// shape it rotates, and far from its frame's origin A-B and B-A queries would then disagree.
inline bool isValid(Quat q) {
  return std::fabs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1.0f) < 1.0e-6f;
}

/// A 3x3 matrix by columns. Rotating many points is cheaper through it than through a quaternion.
struct Mat3 {
  Vec3 cx{1.0f, 0.0f, 0.0f}, cy{0.0f, 1.0f, 0.0f}, cz{0.0f, 0.0f, 1.0f};
};
inline Mat3 toMat3(Quat q) {
  float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z, xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  return {{1.0f - 2.0f * (yy + zz), 2.0f * (xy + wz), 2.0f * (xz - wy)},
          {2.0f * (xy - wz), 1.0f - 2.0f * (xx + zz), 2.0f * (yz + wx)},
          {2.0f * (xz + wy), 2.0f * (yz - wx), 1.0f - 2.0f * (xx + yy)}};
}
inline Vec3 operator*(const Mat3& m, Vec3 v) { return v.x * m.cx + v.y * m.cy + v.z * m.cz; }
/// m^T * v.
inline Vec3 mulT(const Mat3& m, Vec3 v) { return {dot(m.cx, v), dot(m.cy, v), dot(m.cz, v)}; }
/// a^T * b.
inline Mat3 mulT(const Mat3& a, const Mat3& b) { return {mulT(a, b.cx), mulT(a, b.cy), mulT(a, b.cz)}; }
inline Mat3 operator*(const Mat3& a, const Mat3& b) { return {a * b.cx, a * b.cy, a * b.cz}; }

/// Position, rotation and non-uniform scale. A local point v maps to p + R(q) * (scale * v): scale along the
/// shape's own axes first, then rotate, then translate. Spheres and capsules under non-uniform scale keep their
/// centres exact and multiply the radius by max(|scale|), the smallest sphere enclosing the true ellipsoid.
struct Transform3 {
  Vec3 p{0.0f, 0.0f, 0.0f};      ///< translation
  Quat q{};                      ///< rotation (unit)
  Vec3 scale{1.0f, 1.0f, 1.0f};  ///< per-axis scale, applied before the rotation; negative mirrors
};

inline bool hasUnitScale(const Transform3& xf) {
  return xf.scale.x == 1.0f && xf.scale.y == 1.0f && xf.scale.z == 1.0f;
}
inline Vec3 transformPoint(const Transform3& xf, Vec3 v) { return xf.p + rotate(xf.q, mulComponents(xf.scale, v)); }
/// Finite, rotation normalized, position within kMaxCoordinate, |scale| in [kMinScale, kMaxCoordinate].
inline bool isValid(const Transform3& xf) {
  if (!isInRange(xf.p) || !isValid(xf.q)) return false;
  Vec3 s = vabs(xf.scale);  // NaN fails both bounds, an infinity the upper one
  return s.x >= kMinScale && s.y >= kMinScale && s.z >= kMinScale && s.x <= kMaxCoordinate &&
         s.y <= kMaxCoordinate && s.z <= kMaxCoordinate;
}

/// Axis-aligned bounding box in 3D.
struct AABB3 {
  Vec3 lower{0.0f, 0.0f, 0.0f};  ///< minimum corner
  Vec3 upper{0.0f, 0.0f, 0.0f};  ///< maximum corner
};

inline bool overlaps(const AABB3& a, const AABB3& b) {
  return !(b.lower.x > a.upper.x || b.lower.y > a.upper.y || b.lower.z > a.upper.z || a.lower.x > b.upper.x ||
           a.lower.y > b.upper.y || a.lower.z > b.upper.z);
}
inline bool contains(const AABB3& box, Vec3 p) {
  return box.lower.x <= p.x && p.x <= box.upper.x && box.lower.y <= p.y && p.y <= box.upper.y &&
         box.lower.z <= p.z && p.z <= box.upper.z;
}
inline AABB3 unionOf(const AABB3& a, const AABB3& b) { return {vmin(a.lower, b.lower), vmax(a.upper, b.upper)}; }
inline Vec3 center(const AABB3& a) { return 0.5f * (a.lower + a.upper); }
inline float surfaceArea(const AABB3& a) {
  Vec3 d = a.upper - a.lower;
  return 2.0f * (d.x * d.y + d.y * d.z + d.z * d.x);
}
inline bool isValid(const AABB3& a) {
  return isValid(a.lower) && isValid(a.upper) && a.lower.x <= a.upper.x && a.lower.y <= a.upper.y &&
         a.lower.z <= a.upper.z;
}

}  // namespace sat
