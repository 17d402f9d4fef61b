// Determinism of the 3D queries: a seeded set of pairs (hulls, boxes, spheres and capsules; stretched, mirrored,
// rotated, some far from the origin) collided over three frames with per-pair SAT caches, plus distance, overlap and
// ray casts, gives bit-identical answers natively and in every WebAssembly and asm.js build. tests/js/
// determinism3.test.ts builds the same pairs through the TypeScript API (collideMany, distance, overlaps, raycast)
// and pins the same checksum; docs/determinism.md describes the set.
//
// Every input is computed in double from a xorshift32 stream and rounded to float once, so C++ and JavaScript see
// the same floats. The checksum is FNV-1a over every output word, in the layout the bindings write.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "determinism_inputs.h"
#include "sat/sat3d.h"

namespace {

/// The pinned checksum of the set (native, WASM SIMD, WASM baseline and asm.js must all give it).
constexpr uint32_t kPairSetChecksum = 0x0ddd858bu;

constexpr int kShapes = 60;
constexpr int kPairs = 4000;
constexpr int kFrames = 3;
constexpr int kQueryPairs = 400;  ///< pairs that also get distance, overlap and a ray cast (frame 0)

using Rng = sat_test::Xorshift32;

/// FNV-1a over words, with floats and vectors by their bits.
struct Fnv : sat_test::Fnv1a {
  using Fnv1a::add;
  void add(sat::Vec3 v) { add(v.x), add(v.y), add(v.z); }
};

/// A unit vector from three draws, normalized in double (the identity axis for a degenerate draw).
void unitVector(Rng& rng, double out[3]) {
  const double x = rng.range(-1, 1), y = rng.range(-1, 1), z = rng.range(-1, 1);
  const double n = std::sqrt(x * x + y * y + z * z);
  if (n < 1e-3) {
    out[0] = 1, out[1] = 0, out[2] = 0;
    return;
  }
  out[0] = x / n, out[1] = y / n, out[2] = z / n;
}

/// Shape i: kinds in turn hull, hull, box, sphere, capsule. Hulls of 6-35 points in a stretched cube.
sat::Shape3 makeShape(Rng& rng, int i) {
  switch (i % 5) {
    case 0:
    case 1: {
      const int n = 6 + int(rng.next() * 30);
      const double sx = rng.range(0.3, 1.5), sy = rng.range(0.3, 1.5), sz = rng.range(0.3, 1.5);
      std::vector<sat::Vec3> points(size_t(n), sat::Vec3{});
      for (auto& p : points) {
        const double x = rng.range(-1, 1) * sx, y = rng.range(-1, 1) * sy, z = rng.range(-1, 1) * sz;
        p = {float(x), float(y), float(z)};
      }
      sat::Hull3 hull;
      EXPECT_EQ(sat::makeHull(points.data(), n, &hull), sat::Status::Ok) << "shape " << i;
      return sat::Shape3(static_cast<sat::Hull3&&>(hull));
    }
    case 2: {
      const double hx = rng.range(0.2, 1.2), hy = rng.range(0.2, 1.2), hz = rng.range(0.2, 1.2);
      sat::Box3 box;
      EXPECT_EQ(sat::makeBox({float(hx), float(hy), float(hz)}, &box), sat::Status::Ok) << "shape " << i;
      return sat::Shape3(box);
    }
    case 3: {
      const double r = rng.range(0.2, 1.0);
      sat::Sphere sphere;
      EXPECT_EQ(sat::makeSphere({0.0f, 0.0f, 0.0f}, float(r), &sphere), sat::Status::Ok) << "shape " << i;
      return sat::Shape3(sphere);
    }
    default: {
      double d[3];
      unitVector(rng, d);
      const double h = rng.range(0.2, 1.0), r = rng.range(0.1, 0.5);
      sat::Capsule3 capsule;
      EXPECT_EQ(sat::makeCapsule({float(d[0] * h), float(d[1] * h), float(d[2] * h)},
                                 {float(-d[0] * h), float(-d[1] * h), float(-d[2] * h)}, float(r), &capsule),
                sat::Status::Ok)
          << "shape " << i;
      return sat::Shape3(capsule);
    }
  }
}

/// A pose in double: position, unit quaternion, scale (hulls and boxes stretched, one in eight mirrored on x;
/// spheres and capsules unscaled).
struct Pose {
  double p[3], q[4], s[3];
};

Pose randomPose(Rng& rng, int shapeIndex, const double at[3]) {
  Pose pose{};
  for (int k = 0; k < 3; ++k) pose.p[k] = at[k];
  const double qx = rng.range(-1, 1), qy = rng.range(-1, 1), qz = rng.range(-1, 1), qw = rng.range(-1, 1);
  const double n = std::sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
  if (n < 1e-3) {
    pose.q[0] = 0, pose.q[1] = 0, pose.q[2] = 0, pose.q[3] = 1;
  } else {
    pose.q[0] = qx / n, pose.q[1] = qy / n, pose.q[2] = qz / n, pose.q[3] = qw / n;
  }
  const bool stretchable = shapeIndex % 5 < 3;
  const double sx = rng.range(0.5, 2.0), sy = rng.range(0.5, 2.0), sz = rng.range(0.5, 2.0);
  const bool mirror = rng.next() < 0.125;
  pose.s[0] = stretchable ? (mirror ? -sx : sx) : 1.0;
  pose.s[1] = stretchable ? sy : 1.0;
  pose.s[2] = stretchable ? sz : 1.0;
  return pose;
}

sat::Transform3 toTransform(const Pose& pose) {
  return {{float(pose.p[0]), float(pose.p[1]), float(pose.p[2])},
          {float(pose.q[0]), float(pose.q[1]), float(pose.q[2]), float(pose.q[3])},
          {float(pose.s[0]), float(pose.s[1]), float(pose.s[2])}};
}

/// One pair: shape indices, A's pose, B's pose at frame 0 and B's step per frame.
struct PairSpec {
  int a = 0, b = 0;
  Pose poseA{}, poseB{};
  double step[3] = {0, 0, 0};
};

std::vector<PairSpec> makePairs(Rng& rng) {
  std::vector<PairSpec> pairs(kPairs);
  for (auto& pair : pairs) {
    pair.a = int(rng.next() * kShapes);
    pair.b = int(rng.next() * kShapes);
    // A anywhere in a 100-unit cube; one pair in eight 1e4 from the origin.
    const double far = rng.next() < 0.125 ? 1e4 : 0.0;
    const double at[3] = {far + rng.range(-50, 50), rng.range(-50, 50), far + rng.range(-50, 50)};
    pair.poseA = randomPose(rng, pair.a, at);
    double dir[3];
    unitVector(rng, dir);
    const double dist = rng.range(0.2, 2.6);
    const double bAt[3] = {at[0] + dir[0] * dist, at[1] + dir[1] * dist, at[2] + dir[2] * dist};
    pair.poseB = randomPose(rng, pair.b, bAt);
    for (double& s : pair.step) s = rng.range(-0.05, 0.05);
  }
  return pairs;
}

/// B's pose at a frame: its frame-0 position moved by `frame` steps.
Pose poseAt(const PairSpec& pair, int frame) {
  Pose pose = pair.poseB;
  for (int k = 0; k < 3; ++k) pose.p[k] += pair.step[k] * frame;
  return pose;
}

void hashManifold(const sat::Manifold3& m, Fnv& hash) {
  hash.add(uint32_t(m.pointCount));
  if (m.pointCount == 0) return;
  hash.add(m.normal);
  hash.add(m.depth);
  for (int i = 0; i < m.pointCount; ++i) {
    hash.add(m.points[i].point);
    hash.add(m.points[i].depth);
    hash.add(m.points[i].id);
  }
}

struct SetResult {
  uint32_t checksum = 0;
  int touching = 0;   ///< touching pairs over the frames
  int rayHits = 0;
};

SetResult runPairSet() {
  Rng rng(0x9E3779B9u);
  std::vector<sat::Shape3> shapes;
  shapes.reserve(kShapes);
  for (int i = 0; i < kShapes; ++i) shapes.push_back(makeShape(rng, i));
  const std::vector<PairSpec> pairs = makePairs(rng);

  Fnv hash;
  SetResult result;
  std::vector<sat::SatCache3> caches(kPairs);
  for (int frame = 0; frame < kFrames; ++frame) {
    int touching = 0;
    for (int p = 0; p < kPairs; ++p) {
      const PairSpec& pair = pairs[size_t(p)];
      sat::SatCache3& cache = caches[size_t(p)];
      const sat::Manifold3 m = sat::collide(shapes[size_t(pair.a)], toTransform(pair.poseA), shapes[size_t(pair.b)],
                                            toTransform(poseAt(pair, frame)), &cache);
      hashManifold(m, hash);
      // The cache as the bulk call stores it: two words per pair.
      hash.add(uint32_t(cache.kind) | (uint32_t(cache.indexA) << 16));
      hash.add(uint32_t(cache.indexB));
      touching += m.pointCount > 0;
    }
    hash.add(uint32_t(touching));
    result.touching += touching;
  }
  for (int p = 0; p < kQueryPairs; ++p) {
    const PairSpec& pair = pairs[size_t(p)];
    const sat::Shape3 &a = shapes[size_t(pair.a)], &b = shapes[size_t(pair.b)];
    const sat::Transform3 xfA = toTransform(pair.poseA), xfB = toTransform(pair.poseB);
    const sat::DistanceOutput3 d = sat::distance(a, xfA, b, xfB);
    hash.add(d.pointA), hash.add(d.pointB), hash.add(d.normal), hash.add(d.distance);
    hash.add(uint32_t(sat::overlap(a, xfA, b, xfB)));
    // A ray from beyond B through A's position: from B + (B - A) to B - (B - A).
    sat::RayCastInput3 ray;
    const double* pa = pair.poseA.p;
    const double* pb = pair.poseB.p;
    ray.origin = {float(2 * pb[0] - pa[0]), float(2 * pb[1] - pa[1]), float(2 * pb[2] - pa[2])};
    ray.translation = {float(3 * (pa[0] - pb[0])), float(3 * (pa[1] - pb[1])), float(3 * (pa[2] - pb[2]))};
    const sat::CastOutput3 hit = sat::raycast(a, xfA, ray);
    hash.add(uint32_t(hit.hit));
    if (hit.hit) {
      hash.add(hit.point), hash.add(hit.normal), hash.add(hit.fraction);
      ++result.rayHits;
    }
  }
  result.checksum = hash.h;
  return result;
}

TEST(Determinism3, PairSetGivesThePinnedChecksumTwice) {
  const SetResult first = runPairSet();
  const SetResult second = runPairSet();
  EXPECT_EQ(first.checksum, second.checksum);
  // The set must exercise contacts, separated pairs and hits, or the checksum would pin little.
  EXPECT_GT(first.touching, kFrames * kPairs / 5);
  EXPECT_LT(first.touching, kFrames * kPairs * 4 / 5);
  EXPECT_GT(first.rayHits, kQueryPairs / 2);
  EXPECT_EQ(first.checksum, kPairSetChecksum) << "got 0x" << std::hex << first.checksum
                                               << " (touching " << std::dec << first.touching << ", ray hits "
                                               << first.rayHits << ")";
}

}  // namespace
