// sat-wasm: narrow phase. Do two shapes touch, by how much, which way, and where.
//
// Sign rules, stated once for every function here:
// - Manifold::normal is a unit vector pointing from A to B.
// - depth > 0 means the shapes overlap by that much; moving B by normal * depth (or A by -normal * depth)
//   separates them. Touching shapes (|separation| within the contact tolerance) are reported with depth ~ 0.
// - Separated shapes give an empty manifold (pointCount == 0); use distance() for how far apart they are.
//
// Contact tolerance: shapes whose separation is at most kRelativeTolerance * (sizeA + sizeB) touch, where a
// shape's size is its world-space extent: its bounding radius after the scale (a box 0.02 x 2 scaled (5000, 1)
// has size 50; for the size a circle's or capsule's radius takes the larger scale factor). overlap() and collide() use the
// same rule, so they always agree; the World too.
//
// Nothing here allocates or throws. Invalid transforms (see isValid) give an empty manifold / false: validate
// input at your boundary with checkTransform.
#pragma once

#include <cstdint>

#include "sat/math.h"
#include "sat/shapes.h"

namespace sat {

/// Fraction of the shapes' size within which separation counts as touching.
constexpr float kRelativeTolerance = 1.0e-5f;

/// A contact point. The id packs a feature of A (high 16 bits) and a feature of B (low 16 bits). A feature index
/// k names vertex k of the stored (CCW) shape or its edge from vertex k to k+1, whichever the point lies on; a
/// circle's only feature is 0, a capsule's are 0 and 1 (its caps). Equal ids on consecutive frames mean the
/// same pair of features; the two points of one manifold have different ids.
struct ManifoldPoint {
  Vec2 point{0.0f, 0.0f};  ///< world point midway between the two surfaces
  float depth = 0.0f;      ///< penetration at this point, along the manifold normal
  uint32_t id = 0;         ///< feature id, see above
};

/// Result of collide(): up to two contact points sharing one normal.
struct Manifold {
  Vec2 normal{0.0f, 0.0f};  ///< unit, from A to B (world)
  float depth = 0.0f;       ///< minimum translation distance (> 0 when overlapping)
  ManifoldPoint points[2];  ///< contact points; the first pointCount are valid
  int pointCount = 0;       ///< 0 when the shapes are apart
};

inline uint32_t makeFeatureId(uint32_t featureA, uint32_t featureB) {
  return ((featureA & 0xFFFFu) << 16) | (featureB & 0xFFFFu);
}
/// The same manifold seen with A and B swapped: normal negated, feature halves exchanged.
Manifold flipManifold(const Manifold& m);

/// Per-pair memory of the axis that last separated (or last gave the minimum overlap). Pass the same cache
/// on the next frame and that axis is tried first, so a still-separated pair usually costs one projection.
struct SatCache {
  uint8_t type = 0;    ///< 0 empty, 1 a face of A, 2 a face of B
  uint16_t index = 0;  ///< face index on that shape
};

/// Contact tolerance for two shapes of world-space sizes sizeA and sizeB.
inline float contactTolerance(float sizeA, float sizeB) { return kRelativeTolerance * (sizeA + sizeB); }

// Polygon - polygon (SAT over both shapes' face normals; reference face = max separation; clip incident edge).
Manifold collide(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                 SatCache* cache = nullptr);
bool overlap(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
             SatCache* cache = nullptr);

// Polygon - circle and circle - polygon.
Manifold collide(const Polygon& a, const Transform& xfA, const Circle& b, const Transform& xfB);
Manifold collide(const Circle& a, const Transform& xfA, const Polygon& b, const Transform& xfB);
bool overlap(const Polygon& a, const Transform& xfA, const Circle& b, const Transform& xfB);
bool overlap(const Circle& a, const Transform& xfA, const Polygon& b, const Transform& xfB);

// Circle - circle.
Manifold collide(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB);
bool overlap(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB);

// Capsule - capsule, capsule - circle, capsule - polygon, and their mirrors.
//
// Circles and capsules under a non-uniform scale are ellipses and stretched capsules (math.h, Transform), and every
// pair with one takes the exact path: SAT over the continuum of axes, the minimum over unit n of
// h_A(n) + h_B(-n) (support functions), found per arc between the cores' face normals by sampling and Newton
// refinement (collide_ellipse.cpp). One contact point, or two where a flat side (polygon face, a capsule's segment)
// lies along another. About 8-17 times the cost of the capsule / circle routines (bench/README.md).
Manifold collide(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
Manifold collide(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB);
Manifold collide(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
Manifold collide(const Capsule& a, const Transform& xfA, const Polygon& b, const Transform& xfB);
Manifold collide(const Polygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
bool overlap(const Capsule& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
bool overlap(const Capsule& a, const Transform& xfA, const Circle& b, const Transform& xfB);
bool overlap(const Circle& a, const Transform& xfA, const Capsule& b, const Transform& xfB);
bool overlap(const Capsule& a, const Transform& xfA, const Polygon& b, const Transform& xfB);
bool overlap(const Polygon& a, const Transform& xfA, const Capsule& b, const Transform& xfB);

// Any shape against any shape; dispatches on the types. The cache is used by polygon pairs.
Manifold collide(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
                 SatCache* cache = nullptr);
bool overlap(const Shape& a, const Transform& xfA, const Shape& b, const Transform& xfB,
             SatCache* cache = nullptr);
// A Transform that checkTransform accepted, made once: queries given it skip the validity test that the
// Transform overloads repeat on every call (a bulk narrow phase checks each body's transform once per frame,
// then tests all its pairs). Default: the identity.
class CheckedTransform {
 public:
  CheckedTransform() = default;
  /// Status::Ok and *out set when checkTransform(xf) accepts xf; otherwise its status, *out unchanged.
  static Status make(const Transform& xf, CheckedTransform* out);
  /// The same as make(makeTransform(x, y, angle, scaleX, scaleY), out), result and status, with the inputs
  /// tested before the cosine and sine are computed: makeRot's rotation is unit length for every angle it
  /// accepts (|angle| <= kMaxAngle), so it needs no test of its own. The bulk calls make one per body per frame.
  static Status make(float x, float y, float angle, float scaleX, float scaleY, CheckedTransform* out);
  /// `count` transforms from packed floats, five per transform (x, y, angle, scaleX, scaleY: the layout of the
  /// JavaScript bulk calls), each as make(x, y, angle, scaleX, scaleY) makes it. Status::Ok with out[0..count)
  /// set; or the status of the first refused transform with its index in *bad (when bad is not null), out's
  /// contents then unspecified; InvalidArgument for a negative count or null arrays. Angles go through makeRot2
  /// two at a time.
  static Status makeMany(const float* packed, int count, CheckedTransform* out, int* bad);
  const Transform& transform() const { return xf_; }

 private:
  Transform xf_;
};
Manifold collide(const Shape& a, const CheckedTransform& xfA, const Shape& b, const CheckedTransform& xfB,
                 SatCache* cache = nullptr);
bool overlap(const Shape& a, const CheckedTransform& xfA, const Shape& b, const CheckedTransform& xfB,
             SatCache* cache = nullptr);

// Any shape under general affine frames (skewed parents). A rounded shape is the exact image of the frame (an
// ellipse, a segment swept by one) unless the linear part is a similarity (singular values within 1e-5 relative),
// where it stays a circle / capsule with radius * the largest singular value.
Manifold collide(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache = nullptr);
bool overlap(const Shape& a, const Affine& xfA, const Shape& b, const Affine& xfB, SatCache* cache = nullptr);

}  // namespace sat
