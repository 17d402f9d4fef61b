// Hull - hull and box - box against the double-precision reference (reference3.h), on seeded random pairs:
// depth within 2e-4 of the larger shape's size, the normal a true minimum direction, B moved by
// normal * (depth + eps) separated, contact points on both shapes, separated pairs empty. Then the fast paths
// against their scalar references: pruned SAT vs unpruned, box-box's 15 axes vs the same boxes as hulls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <set>

#include "3d/narrow3.h"
#include "random3.h"
#include "reference3.h"
#include "sat/3d/collide3.h"

namespace testing_sat3 {
namespace {

constexpr double kDepthRel = 2.0e-4;

/// Hull h's unscaled view moved by a random offset in [-1.5, 1.5]^3 and a random rotation (drawn in that order),
/// into `moved`; `scaled` holds the view before the move.
sat::detail::HullView randomlyMoved(std::mt19937& rng, const sat::Hull3& h, sat::detail::HullScratch* scaled,
                                    sat::detail::HullScratch* moved) {
  const sat::Vec3 t{uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f)};
  return sat::detail::movedView(sat::detail::scaledView(h, {1, 1, 1}, scaled), sat::toMat3(randomQuat(rng)), t, moved);
}

struct Tally {
  long pairs = 0, overlapping = 0, apart = 0, band = 0, near = 0, edge = 0, face = 0, points = 0;
  void print(const char* name) const {
    std::printf("[ 3d oracle ] %s: %ld pairs (%ld overlapping, %ld apart, %ld within the tolerance band, %ld within "
                "1e-2 of touching); %ld face and %ld edge manifolds, %ld contact points\n",
                name, pairs, overlapping, apart, band, near, face, edge, points);
  }
};

/// Checks one collide() result against the reference. Returns false (after recording failures) on a mismatch.
bool checkPair(const sat::Manifold3& m, bool overlapSays, const ref3::Placed& a, const ref3::Placed& b, Tally& t,
               const char* what, long index) {
  const double size = std::max(a.radius, b.radius);
  const double band = kDepthRel * size;
  const ref3::SatRef r = ref3::sat(a, b);
  ++t.pairs;
  if (std::fabs(r.depth) < 1e-2 * size) ++t.near;
  bool ok = true;
  auto fail = [&](const char* why, double x, double y) {
    ADD_FAILURE() << what << " pair " << index << ": " << why << " (" << x << " vs " << y << "), ref depth "
                  << r.depth << ", reported depth " << m.depth << ", size " << size;
    ok = false;
  };
  if (r.depth > band) {
    ++t.overlapping;
    if (m.pointCount == 0) fail("overlapping pair reported apart", r.depth, 0);
  } else if (r.depth < -band) {
    ++t.apart;
    if (m.pointCount != 0) fail("separated pair reported touching", r.depth, m.depth);
  } else {
    ++t.band;
  }
  if (overlapSays != (m.pointCount > 0) && std::fabs(r.depth) > band) fail("overlap() disagrees with collide()", 0, 0);
  if (m.pointCount == 0) return ok;
  if (m.pointCount > 4) fail("more than four points", m.pointCount, 4);
  const D3 n = fromVec(m.normal);
  if (std::fabs(len(n) - 1.0) > 1e-5) fail("normal not unit", len(n), 1);
  if (std::fabs(m.depth - r.depth) > band) fail("depth", m.depth, r.depth);
  const double pushN = ref3::push(a, b, unit(n));
  if (std::fabs(pushN - r.depth) > band) fail("normal is not a minimum direction: push along it", pushN, r.depth);
  const double eps = 2.0 * band;
  const ref3::SatRef moved = ref3::sat(a, ref3::translated(b, (double(m.depth) + eps) * unit(n)));
  if (!(moved.depth < 0.0)) fail("B moved by normal * (depth + eps) still overlaps", moved.depth, 0);
  std::set<uint32_t> ids;
  for (int i = 0; i < m.pointCount; ++i) {
    const D3 p = fromVec(m.points[i].point);
    const double slack = std::max(0.0, double(m.depth)) + band;
    if (ref3::outside(a, p) > slack) fail("contact point outside A", ref3::outside(a, p), slack);
    if (ref3::outside(b, p) > slack) fail("contact point outside B", ref3::outside(b, p), slack);
    if (m.points[i].depth > m.depth + band) fail("point deeper than the manifold", m.points[i].depth, m.depth);
    ids.insert(m.points[i].id);
  }
  if (int(ids.size()) != m.pointCount) fail("contact ids not distinct", double(ids.size()), m.pointCount);
  t.points += m.pointCount;
  return ok;
}

/// Random hull pairs from a pool; vertex counts in [lo, hi].
void runHullOracle(const char* name, uint32_t seed, long pairs, int lo, int hi) {
  std::mt19937 rng(seed);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 400, lo, hi);
  Tally t;
  long failures = 0;
  for (long k = 0; k < pairs && failures < 10; ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    PairCase c = randomPair(rng, [&](const sat::Transform3& x) { return ref3::place(ha, x); },
                            [&](const sat::Transform3& x) { return ref3::place(hb, x); });
    sat::SatCache3 cache;
    const sat::Manifold3 m = sat::collide(ha, c.xfA, hb, c.xfB, &cache);
    const bool ov = sat::overlap(ha, c.xfA, hb, c.xfB);
    if (m.pointCount) (cache.kind == sat::SatAxis3::EdgePair ? t.edge : t.face)++;
    if (!checkPair(m, ov, ref3::place(ha, c.xfA), ref3::place(hb, c.xfB), t, name, k)) ++failures;
    // The cache never changes the answer: a second call with it gives the same manifold.
    const sat::Manifold3 again = sat::collide(ha, c.xfA, hb, c.xfB, &cache);
    if (again.pointCount != m.pointCount || again.depth != m.depth) {
      ADD_FAILURE() << name << " pair " << k << ": the cached call differs";
      ++failures;
    }
  }
  t.print(name);
  EXPECT_GT(t.overlapping, t.pairs / 10);
  EXPECT_GT(t.apart, t.pairs / 10);
  EXPECT_GT(t.near, t.pairs / 200);  // near-touching pairs occur
}

// The 10^6 pairs: mostly small hulls (cheap for the reference), and a share of larger ones.
TEST(Oracle3, HullHullSmall_4to8Vertices_900000Pairs) {
  runHullOracle("hull-hull 4..8 vertices", 0x3d01u, scaled(900000), 4, 8);
}
TEST(Oracle3, HullHullMedium_9to24Vertices_90000Pairs) {
  runHullOracle("hull-hull 9..24 vertices", 0x3d02u, scaled(90000), 9, 24);
}
TEST(Oracle3, HullHullLarge_25to64Vertices_3000Pairs) {
  runHullOracle("hull-hull 25..64 vertices", 0x3d03u, scaled(3000), 25, 64);
}

TEST(Oracle3, BoxBox_200000Pairs) {
  std::mt19937 rng(0x3d04u);
  Tally t;
  long failures = 0;
  for (long k = 0; k < scaled(200000) && failures < 10; ++k) {
    sat::Box3 a, b;
    ASSERT_EQ(sat::makeBox({uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)}, &a), sat::Status::Ok);
    ASSERT_EQ(sat::makeBox({uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)}, &b), sat::Status::Ok);
    PairCase c = randomPair(rng, [&](const sat::Transform3& x) { return ref3::placeBox(a.halfExtents, x); },
                            [&](const sat::Transform3& x) { return ref3::placeBox(b.halfExtents, x); });
    const sat::Manifold3 m = sat::collide(a, c.xfA, b, c.xfB);
    if (m.pointCount) (m.pointCount == 1 ? t.edge : t.face)++;
    if (!checkPair(m, sat::overlap(a, c.xfA, b, c.xfB), ref3::placeBox(a.halfExtents, c.xfA),
                   ref3::placeBox(b.halfExtents, c.xfB), t, "box-box", k)) {
      ++failures;
    }
  }
  t.print("box-box");
  EXPECT_GT(t.overlapping, t.pairs / 10);
}

// The Gauss-map-pruned edge query finds the same largest separation as every edge pair unpruned, on overlapping
// pairs (on separated ones any axis is only a bound, so the unpruned set may find a larger one).
TEST(FastPaths3, GaussMapPruningMatchesUnprunedSat) {
  std::mt19937 rng(0x3d05u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 100, 4, 19);
  long overlapping = 0, edgeWins = 0;
  for (long k = 0; k < scaled(4000); ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::detail::HullScratch sa, sb, sm;
    const sat::detail::HullView a = sat::detail::scaledView(ha, {1, 1, 1}, &sa);
    const sat::detail::HullView b = randomlyMoved(rng, hb, &sb, &sm);
    const float size = a.radius + b.radius;
    const sat::detail::FaceQuery fa = sat::detail::queryFaces(a, b, FLT_MAX), fb = sat::detail::queryFaces(b, a, FLT_MAX);
    const sat::detail::EdgeQuery eq = sat::detail::queryEdges(a, b, FLT_MAX);
    float faces = -FLT_MAX, edges = -FLT_MAX;
    for (int f = 0; f < a.nf; ++f) faces = std::fmax(faces, sat::detail::faceSeparation(a, f, b));
    for (int f = 0; f < b.nf; ++f) faces = std::fmax(faces, sat::detail::faceSeparation(b, f, a));
    for (int i = 0; i < a.nh; i += 2) {
      for (int j = 0; j < b.nh; j += 2) {
        sat::Vec3 n;
        if (sat::detail::edgeSeparation(a, i, b, j, &n) == -FLT_MAX) continue;
        edges = std::fmax(edges, sat::detail::axisSeparation(a, b, &n));
      }
    }
    ASSERT_NEAR(std::fmax(fa.separation, fb.separation), faces, 1e-6f * size) << "pair " << k << ": face query";
    if (std::fmax(faces, edges) >= 0.0f) continue;
    ++overlapping;
    ASSERT_NEAR(std::fmax(faces, eq.separation), std::fmax(faces, edges), 2e-5f * size) << "pair " << k;
    if (edges > faces) ++edgeWins;
    // runSat (cache, early exits, face preference) lands on the same separation, as does the scalar reference.
    const sat::detail::SatResult r = sat::detail::runSat(a, b, 1e-5f * size, nullptr);
    ASSERT_NEAR(r.separation, std::fmax(faces, edges), 1e-5f * size) << "pair " << k;
    const sat::detail::SatResult rr = sat::detail::runSatReference(a, b, 1e-5f * size);
    ASSERT_NEAR(rr.separation, std::fmax(faces, edges), 1e-5f * size) << "pair " << k;
  }
  std::printf("[ 3d fast paths ] %ld overlapping pairs, %ld decided by an edge pair\n", overlapping, edgeWins);
  EXPECT_GT(edgeWins, overlapping / 20);
}

// A box-path feature id with its corner numbers (bit k = +axis k) renamed to makeBoxHull's vertex numbers (the
// corners in the order its face loops first meet them); faces, half-edges and corners of faces agree already.
uint32_t cornerIdsAsHull(uint32_t id) {
  static const int hullVertexOfCorner[8] = {0, 4, 3, 5, 1, 7, 2, 6};
  auto half = [](uint32_t f) {
    return (f >> 14) == uint32_t(sat::Feature3::Vertex) ? uint32_t(hullVertexOfCorner[f & 7]) : f;
  };
  return (half(id >> 16) << 16) | half(id & 0xFFFF);
}

// Box - box (15 axes in closed form) against the same boxes as hulls through the general hull path.
TEST(FastPaths3, BoxBoxMatchesBoxHulls) {
  std::mt19937 rng(0x3d06u);
  long compared = 0, sameFace = 0, bothEdges = 0, sameEdges = 0, idMismatch = 0, idMismatchBeyondReduction = 0;
  for (long k = 0; k < scaled(100000); ++k) {
    sat::Box3 a, b;
    ASSERT_EQ(sat::makeBox({uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)}, &a), sat::Status::Ok);
    ASSERT_EQ(sat::makeBox({uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)}, &b), sat::Status::Ok);
    sat::Hull3 ha, hb;
    ASSERT_EQ(sat::makeBoxHull(a.halfExtents, &ha), sat::Status::Ok);
    ASSERT_EQ(sat::makeBoxHull(b.halfExtents, &hb), sat::Status::Ok);
    sat::Transform3 xa{{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, randomQuat(rng), {1, 1, 1}};
    sat::Transform3 xb{{uni(rng, -3, 3), uni(rng, -3, 3), uni(rng, -3, 3)}, randomQuat(rng), {1, 1, 1}};
    const sat::Manifold3 mb = sat::collide(a, xa, b, xb);
    const sat::Manifold3 mh = sat::collide(ha, xa, hb, xb);
    const float size = sat::length(a.halfExtents) + sat::length(b.halfExtents);
    if ((mb.pointCount > 0) != (mh.pointCount > 0)) {
      // Only within the contact tolerance of touching may the two disagree.
      ASSERT_LT(std::fabs(mb.pointCount ? mb.depth : mh.depth), 1e-4f * size) << "pair " << k;
      continue;
    }
    if (mb.pointCount == 0) continue;
    ++compared;
    ASSERT_NEAR(mb.depth, mh.depth, 1e-4f * size) << "pair " << k;
    // Where both chose the same reference face, the clipped contacts are the same points with the same ids:
    // the box path numbers features like makeBoxHull's hull.
    const float tol = sat::kRelativeTolerance * size;
    const sat::detail::SatResult rb =
        sat::detail::boxSat(sat::detail::makeBoxPair(a.halfExtents, b.halfExtents, xa, xb), tol);
    const sat::SatDebug3 dh = sat::collideDebug(ha, xa, hb, xb);
    if (rb.kind == sat::SatAxis3::EdgePair && dh.kind == sat::SatAxis3::EdgePair) {
      // Edge contacts: one point between the same two edges (the same half-edge numbers), the same place.
      ASSERT_EQ(mb.pointCount, 1) << "pair " << k;
      ASSERT_EQ(mh.pointCount, 1) << "pair " << k;
      ++bothEdges;
      // The same two edges, each named by either of its half-edges.
      if ((mb.points[0].id | 0x00010001u) == (mh.points[0].id | 0x00010001u)) {
        ++sameEdges;
        EXPECT_LT(sat::distance(mb.points[0].point, mh.points[0].point), 1e-4f * size) << "pair " << k;
      }
      continue;
    }
    if (rb.kind == sat::SatAxis3::EdgePair || rb.kind != dh.kind || rb.indexA != dh.indexA || rb.indexB != dh.indexB) {
      continue;
    }
    ++sameFace;
    ASSERT_EQ(mb.pointCount, mh.pointCount) << "pair " << k;
    int matched = 0;
    for (int i = 0; i < mb.pointCount; ++i) {
      int match = -1;
      for (int j = 0; j < mh.pointCount; ++j) {
        if (mh.points[j].id == cornerIdsAsHull(mb.points[i].id)) match = j;
      }
      if (match < 0) continue;
      ++matched;
      EXPECT_LT(sat::distance(mb.points[i].point, mh.points[match].point), 1e-4f * size) << "pair " << k;
      EXPECT_NEAR(mb.points[i].depth, mh.points[match].depth, 1e-4f * size) << "pair " << k;
    }
    // Near-ties may name a point differently: a clipped point within round-off of a side plane, or the last point
    // kept when more than four are reduced (largest added area). They must stay rare.
    if (matched < mb.pointCount) ++idMismatch;
    if (matched < mb.pointCount - (mb.pointCount == 4 ? 1 : 0)) ++idMismatchBeyondReduction;
  }
  std::printf("[ 3d fast paths ] box-box vs box hulls: %ld touching pairs compared, %ld face manifolds point by point "
              "(%ld with a point named differently, %ld beyond the last of four), %ld edge contacts of %ld on the same "
              "edges\n", compared, sameFace, idMismatch, idMismatchBeyondReduction, sameEdges, bothEdges);
  EXPECT_LE(idMismatch, sameFace / 200);
  EXPECT_LE(idMismatchBeyondReduction, sameFace / 1000);
  EXPECT_GT(compared, scaled(100000) / 10);
  EXPECT_GT(sameFace, compared / 4);
  EXPECT_GT(sameEdges, bothEdges * 97 / 100);  // the rest: ties between parallel edges of equal support
}

// selectFloat (a select of four lanes in WebAssembly SIMD builds, where V8 lowers a scalar f32 select to a branch)
// against the plain select: the same bits for signed zeros, infinities, NaNs and subnormals.
TEST(FastPaths3, SelectFloatMatchesSelect) {
  const float values[] = {0.0f, -0.0f, 1.0f, -1.0f, FLT_MAX, -FLT_MAX, FLT_MIN / 4.0f,
                          std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN()};
  for (float a : values) {
    for (float b : values) {
      for (bool c : {false, true}) {
        const float fast = sat::detail::selectFloat(c, a, b), ref = c ? a : b;
        ASSERT_EQ(std::memcmp(&fast, &ref, sizeof fast), 0) << a << " " << b << " " << c;
      }
    }
  }
}

// Box - box's pose built four lanes at a time against toMat3 and mulT one float at a time: the same bits (lanes 0-2;
// lane 3 of a column may be a zero of either sign, and nothing reads it).
TEST(FastPaths3, BoxPairMatchesScalarReference) {
  std::mt19937 rng(0x3d08u);
  auto same = [](sat::detail::F4 x, sat::detail::F4 y) {
    return std::memcmp(&x, &y, 3 * sizeof(float)) == 0;
  };
  for (long k = 0; k < scaled(100000); ++k) {
    const sat::Vec3 e{uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)};
    const sat::Vec3 f{uni(rng, 0.1f, 2), uni(rng, 0.1f, 2), uni(rng, 0.1f, 2)};
    const sat::Transform3 xa{{uni(rng, -50, 50), uni(rng, -50, 50), uni(rng, -50, 50)}, randomQuat(rng), {1, 1, 1}};
    const sat::Transform3 xb{{uni(rng, -50, 50), uni(rng, -50, 50), uni(rng, -50, 50)}, randomQuat(rng), {1, 1, 1}};
    const sat::detail::BoxPair fast = sat::detail::makeBoxPair(e, f, xa, xb);
    const sat::detail::BoxPair ref = sat::detail::makeBoxPairReference(e, f, xa, xb);
    ASSERT_TRUE(same(fast.t, ref.t)) << k;
    ASSERT_TRUE(same(fast.e, ref.e) && same(fast.f, ref.f)) << k;
    for (int i = 0; i < 3; ++i) {
      ASSERT_TRUE(same(fast.axesA[i], ref.axesA[i]) && same(fast.axesB[i], ref.axesB[i])) << k << " axis " << i;
      ASSERT_TRUE(same(fast.col[i], ref.col[i]) && same(fast.absCol[i], ref.absCol[i])) << k << " column " << i;
      ASSERT_TRUE(same(fast.row[i], ref.row[i]) && same(fast.absRow[i], ref.absRow[i])) << k << " row " << i;
    }
    // And the reference's matrices are the ones the hull path uses: toMat3 of the rotations.
    const sat::Mat3 rA = sat::toMat3(xa.q);
    ASSERT_EQ(ref.axesA[1][0], rA.cy.x) << k;
    ASSERT_EQ(ref.axesA[2][1], rA.cz.y) << k;
  }
}

// The reduction box-box runs four candidates at a time, in the reference face's frame, against reduceManifold with
// that frame's normal: the same points kept in the same order, on clipped-polygon-like sets (points on a square's
// sides and corners, so that areas and distances tie) and on scattered ones.
TEST(FastPaths3, BoxReductionMatchesReduceManifold) {
  std::mt19937 rng(0x3d09u);
  long reduced = 0;
  for (long k = 0; k < scaled(100000); ++k) {
    const int n = 1 + int(rng() % 16u);
    const bool onSquare = (k & 1) != 0;
    sat::detail::BoxCandidates fast;
    sat::ManifoldPoint3 ref[16];
    for (int i = 0; i < n; ++i) {
      sat::Vec3 p{uni(rng, -2, 2), uni(rng, -2, 2), uni(rng, -0.1f, 0.1f)};
      if (onSquare) {
        const float side = (rng() & 1) ? 1.0f : -1.0f;
        if (rng() & 1) p.x = side; else p.y = side;
        if (rng() % 4u == 0) p.x = (rng() & 1) ? 1.0f : -1.0f, p.y = (rng() & 1) ? 1.0f : -1.0f;
      }
      const float depth = (rng() % 3u == 0) ? 0.05f : uni(rng, 0, 0.1f);
      fast.u[i] = p.x, fast.v[i] = p.y, fast.w[i] = p.z, fast.depth[i] = depth, fast.id[i] = uint32_t(i);
      ref[i].point = p, ref[i].depth = depth, ref[i].id = uint32_t(i);
    }
    fast.count = n;
    const float normalZ = (k & 2) ? 1.0f : -1.0f;
    int kept[4];
    const int countFast = sat::detail::reduceBoxCandidates(fast, normalZ, kept);
    int countRef = n;
    sat::detail::reduceManifold(ref, &countRef, {0.0f, 0.0f, normalZ});
    ASSERT_EQ(countFast, countRef) << k;
    reduced += n > 4;
    for (int i = 0; i < countRef; ++i) ASSERT_EQ(fast.id[kept[i]], ref[i].id) << k << " point " << i;
  }
  EXPECT_GT(reduced, scaled(100000) / 2);
}

// The four-lane transform check box-box runs against isValid, on transforms with fields replaced by bad or
// borderline values (NaN, infinities, the range and scale limits and just beyond them, unnormalized rotations).
TEST(FastPaths3, TransformCheckMatchesIsValid) {
  std::mt19937 rng(0x3d0au);
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const float odd[] = {nan, inf, -inf, sat::kMaxCoordinate, -sat::kMaxCoordinate, 1.000001e6f, -1.000001e6f,
                       sat::kMinScale, -sat::kMinScale, 0.99e-6f, 0.0f, -0.0f, 1.0f, -1.0f, 1.0001f, 0.5f};
  long valid = 0, invalid = 0;
  sat::Transform3 previous;
  for (long k = 0; k < scaled(200000); ++k) {
    sat::Transform3 xf{{uni(rng, -100, 100), uni(rng, -100, 100), uni(rng, -100, 100)}, randomQuat(rng),
                       {uni(rng, -3, 3), uni(rng, -3, 3), uni(rng, -3, 3)}};
    const int changes = int(rng() % 3u);
    for (int c = 0; c < changes; ++c) {
      // One of the ten floats of Transform3 (p, q, scale), as isValidTransform4 reads them.
      const float value = odd[rng() % (sizeof odd / sizeof odd[0])];
      std::memcpy(reinterpret_cast<unsigned char*>(&xf) + 4 * (rng() % 10u), &value, sizeof value);
    }
    const bool expected = sat::isValid(xf);
    ASSERT_EQ(sat::detail::isValidTransform4(xf), expected) << k;
    (expected ? valid : invalid) += 1;
    // The pair check, with this transform on either side of the previous one.
    ASSERT_EQ(sat::detail::areValidTransforms4(xf, previous), expected && sat::isValid(previous)) << k;
    ASSERT_EQ(sat::detail::areValidTransforms4(previous, xf), expected && sat::isValid(previous)) << k;
    previous = xf;
  }
  EXPECT_GT(valid, scaled(200000) / 4);
  EXPECT_GT(invalid, scaled(200000) / 4);
}

// B's pose in A's frame four lanes at a time against toMat3, invMul and mulT one float at a time: the same bits
// (compared as bits, so signed zeros count), on random rotations and on rotations with zero and unit components.
TEST(FastPaths3, RelativePoseMatchesScalarReference) {
  std::mt19937 rng(0x3d0bu);
  const sat::Quat special[] = {{0, 0, 0, 1}, {0, 0, 0, -1}, {1, 0, 0, 0}, {0, -1, 0, 0}, {0, 0, 1, 0},
                               {0.5f, -0.5f, 0.5f, -0.5f}, {-0.0f, 0.0f, -0.0f, 1.0f}};
  auto bitsEqual = [](sat::Vec3 u, sat::Vec3 v) { return std::memcmp(&u, &v, sizeof u) == 0; };
  for (long k = 0; k < scaled(200000); ++k) {
    sat::Transform3 xfA{{uni(rng, -100, 100), uni(rng, -100, 100), uni(rng, -100, 100)}, randomQuat(rng), {1, 1, 1}};
    sat::Transform3 xfB{{uni(rng, -100, 100), uni(rng, -100, 100), uni(rng, -100, 100)}, randomQuat(rng), {1, 1, 1}};
    if (k % 7 == 0) xfA.q = special[rng() % (sizeof special / sizeof special[0])];
    if (k % 5 == 0) xfB.q = special[rng() % (sizeof special / sizeof special[0])];
    if (k % 11 == 0) xfB.p = xfA.p;
    const sat::detail::RelativePose fast = sat::detail::relativePose(xfA, xfB);
    const sat::detail::RelativePose ref = sat::detail::relativePoseReference(xfA, xfB);
    ASSERT_TRUE(bitsEqual(fast.r.cx, ref.r.cx) && bitsEqual(fast.r.cy, ref.r.cy) && bitsEqual(fast.r.cz, ref.r.cz))
        << k;
    ASSERT_TRUE(bitsEqual(fast.rA.cx, ref.rA.cx) && bitsEqual(fast.rA.cy, ref.rA.cy) &&
                bitsEqual(fast.rA.cz, ref.rA.cz))
        << k;
    ASSERT_TRUE(bitsEqual(fast.t, ref.t)) << k;
  }
}

// The SIMD scans and moves (four vertices, four planes, or four of B's edges, at a time) against their scalar references: the
// same arithmetic, so the same bits.
TEST(FastPaths3, SimdScansMatchScalarReferences) {
  std::mt19937 rng(0x3d07u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 60, 4, 63);
  long edgeQueries = 0, edgeFound = 0, edgeFound2 = 0;
  for (long k = 0; k < scaled(3000); ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::detail::HullScratch sa, sb, sm;
    sat::detail::HullColumns ca, cb;
    const sat::Vec3 scale{uni(rng, 0.5f, 2), uni(rng, 0.5f, 2), uni(rng, 0.5f, 2)};
    const sat::detail::HullView a0 = sat::detail::scaledView(ha, scale, &sa);
    const sat::Vec3 t{uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f)};
    const sat::detail::HullView b0 =
        sat::detail::movedView(sat::detail::scaledView(hb, {1, 1, 1}, &sb), sat::toMat3(randomQuat(rng)), t, &sm);
    const sat::detail::HullView a = sat::detail::withColumns(a0, &ca), b = sat::detail::withColumns(b0, &cb);
    {
      // A's planes moved four at a time and one at a time: the same bits.
      sat::detail::HullScratch s4, s1;
      sat::detail::HullView m4 = a0, m1 = a0;
      const sat::Mat3 r = sat::toMat3(randomQuat(rng));
      sat::detail::movePlanes(a0, r, t, &s4, &m4);
      sat::detail::movePlanesReference(a0, r, t, &s1, &m1);
      for (int f = 0; f < a0.nf; ++f) {
        ASSERT_EQ(m4.planes[f].normal, m1.planes[f].normal) << k;
        ASSERT_EQ(m4.planes[f].offset, m1.planes[f].offset) << k;
      }
    }
    for (int f = 0; f < a.nf; ++f) {
      ASSERT_EQ(sat::detail::faceSeparation(a, f, b), sat::detail::faceSeparationReference(a0, f, b0)) << k;
    }
    for (int f = 0; f < b.nf; ++f) {
      ASSERT_EQ(sat::detail::faceSeparation(b, f, a), sat::detail::faceSeparationReference(b0, f, a0)) << k;
    }
    // The separation with an early exit: exact above `best`, at most `best` otherwise.
    for (int f = 0; f < b.nf; ++f) {
      const float ref = sat::detail::faceSeparationReference(b0, f, a0);
      const float best = f % 3 == 0 ? ref : uni(rng, -0.5f, 0.1f) * (a.radius + b.radius);
      const float fast = sat::detail::faceSeparationAbove(b.planes[f], *a.cols, best);
      if (ref > best) {
        ASSERT_EQ(fast, ref) << k;
      } else {
        ASSERT_LE(fast, best) << k;
      }
    }
    sat::Vec3 axis = sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}), axisRef = axis;
    ASSERT_EQ(sat::detail::axisSeparation(a, b, &axis), sat::detail::axisSeparationReference(a0, b0, &axisRef)) << k;
    ASSERT_EQ(axis, axisRef);
    ASSERT_EQ(sat::detail::supportVertex(a, axis), sat::detail::supportVertexReference(a0, axis)) << k;
    ASSERT_EQ(sat::detail::supportVertex(b, -axis), sat::detail::supportVertexReference(b0, -axis)) << k;
    // Along a face normal the face's vertices (nearly) tie: the first of equals, as in the reference.
    const sat::Vec3 normal = b.planes[rng() % unsigned(b.nf)].normal;
    ASSERT_EQ(sat::detail::supportVertex(b, normal), sat::detail::supportVertexReference(b0, normal)) << k;
    // The edge query with the bounds runSat uses (both centroids), at a floor that lets some edges through.
    std::vector<float> boundsA(size_t(a.nf)), boundsB(size_t(b.nf)), refA(size_t(a.nf)), refB(size_t(b.nf));
    sat::detail::faceBounds(a, b.centroid, boundsA.data());
    sat::detail::faceBounds(b, a.centroid, boundsB.data());
    sat::detail::faceBoundsReference(a0, b.centroid, refA.data());
    sat::detail::faceBoundsReference(b0, a.centroid, refB.data());
    ASSERT_EQ(boundsA, refA) << k;
    ASSERT_EQ(boundsB, refB) << k;
    // The face queries (caps compared four at a time), to the end and stopping at a random separation.
    for (const float stop : {FLT_MAX, uni(rng, -0.5f, 0.5f) * (a.radius + b.radius)}) {
      const sat::detail::FaceQuery qa = sat::detail::queryFaces(a, b, boundsA.data(), stop);
      const sat::detail::FaceQuery ra = sat::detail::queryFacesReference(a0, b0, refA.data(), stop);
      ASSERT_EQ(qa.index, ra.index) << k;
      ASSERT_EQ(qa.separation, ra.separation) << k;
      const sat::detail::FaceQuery qb = sat::detail::queryFaces(b, a, boundsB.data(), stop);
      const sat::detail::FaceQuery rb = sat::detail::queryFacesReference(b0, a0, refB.data(), stop);
      ASSERT_EQ(qb.index, rb.index) << k;
      ASSERT_EQ(qb.separation, rb.separation) << k;
    }
    // The face queries with the second caps (the vertex deepest under the first face), keeping rows or not: the
    // same faces, separations and caps.
    for (const float stop : {FLT_MAX, uni(rng, -0.5f, 0.5f) * (a.radius + b.radius)}) {
      for (const bool keepRows : {false, true}) {
        sat::detail::FaceRows rows;
        rows.reset(a.nf);
        std::vector<float> deep(size_t(a.nf), 0.0f), deepRef(size_t(a.nf), 0.0f);
        const sat::detail::FaceQuery qa =
            sat::detail::queryFaces(a, b, boundsA.data(), stop, keepRows ? &rows : nullptr, deep.data());
        const sat::detail::FaceQuery ra = sat::detail::queryFacesReference(a0, b0, refA.data(), stop, deepRef.data());
        ASSERT_EQ(qa.index, ra.index) << k;
        ASSERT_EQ(qa.separation, ra.separation) << k;
        ASSERT_EQ(deep, deepRef) << k;
      }
    }
    // The edge query with the bounds runSat uses (the centroids' caps and every vertex), at a floor that lets some
    // edges through; with no caps; and with rows the face queries left and two points' caps (the centroids and
    // each hull's deepest vertex under a face of the other) as runSat passes them, at a floor of either sign.
    sat::detail::EdgeBounds bounds;
    bounds.capsA[0] = boundsA.data(), bounds.capsB[0] = boundsB.data();
    const float floor = uni(rng, -1.0f, 0.0f) * (a.radius + b.radius);
    const sat::detail::EdgeQuery fast = sat::detail::queryEdges(a, b, bounds, floor, FLT_MAX);
    const sat::detail::EdgeQuery ref = sat::detail::queryEdgesReference(a0, b0, bounds, floor, FLT_MAX);
    ++edgeQueries;
    edgeFound += fast.edgeA >= 0;
    ASSERT_EQ(fast.edgeA, ref.edgeA) << k;
    ASSERT_EQ(fast.edgeB, ref.edgeB) << k;
    ASSERT_EQ(fast.separation, ref.separation) << k;
    sat::detail::EdgeBounds noCaps;
    const sat::detail::EdgeQuery fast1 = sat::detail::queryEdges(a, b, noCaps, floor, FLT_MAX);
    const sat::detail::EdgeQuery ref1 = sat::detail::queryEdgesReference(a0, b0, noCaps, floor, FLT_MAX);
    ASSERT_EQ(fast1.edgeA, ref1.edgeA) << k;
    ASSERT_EQ(fast1.edgeB, ref1.edgeB) << k;
    ASSERT_EQ(fast1.separation, ref1.separation) << k;
    sat::detail::FaceRows rowsA;
    rowsA.reset(a.nf);
    sat::detail::queryFaces(a, b, boundsA.data(), FLT_MAX, &rowsA);
    bounds.rowsA = &rowsA;
    std::vector<float> deepA(size_t(a.nf)), deepB(size_t(b.nf));
    sat::detail::faceBounds(a, b.v[sat::detail::supportVertex(b, -a.planes[0].normal)], deepA.data());
    sat::detail::faceBounds(b, a.v[sat::detail::supportVertex(a, -b.planes[0].normal)], deepB.data());
    bounds.capsA[1] = deepA.data(), bounds.capsB[1] = deepB.data();
    const float floor2 = uni(rng, -0.5f, 0.1f) * (a.radius + b.radius);
    const sat::detail::EdgeQuery fast2 = sat::detail::queryEdges(a, b, bounds, floor2, FLT_MAX);
    const sat::detail::EdgeQuery ref2 = sat::detail::queryEdgesReference(a0, b0, bounds, floor2, FLT_MAX);
    edgeFound2 += fast2.edgeA >= 0;
    ASSERT_EQ(fast2.edgeA, ref2.edgeA) << k;
    ASSERT_EQ(fast2.edgeB, ref2.edgeB) << k;
    ASSERT_EQ(fast2.separation, ref2.separation) << k;
    // Each edge's bound from rows, against the scalar one (the same distances: the same smallest maximum).
    for (int i = 0; i < a.nh; i += 2) {
      const int u = a.edges[i].face, w = a.edges[i + 1].face;
      ASSERT_EQ(sat::detail::edgeBoundReference(a0, u, w, b0), sat::detail::edgeBound(a, u, w, b)) << k;
    }
  }
  std::printf("[ 3d fast paths ] SIMD scans: %ld edge queries, %ld found an edge pair (%ld with the face queries' rows)\n",
              edgeQueries, edgeFound, edgeFound2);
  EXPECT_GT(edgeFound, edgeQueries / 10);
  EXPECT_GT(edgeFound2, edgeQueries / 10);
}

// Hulls past the sizes the sets of 64 cover at once (more than 64 faces, more than 16 blocks of vertices or of
// listed edges) beside small ones: the face queries' first face and faces measured, the deepest vertex's caps and
// the edge query (rows of A's planes, both points' caps) against the scalar references.
TEST(FastPaths3, LargeHullScansMatchScalarReferences) {
  std::mt19937 rng(0x3d64u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 24, 4, 160);
  long large = 0, edgeFound = 0;
  for (long k = 0; k < scaled(400); ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::detail::HullScratch sa, sb, sm;
    sat::detail::HullColumns ca, cb;
    const sat::detail::HullView a0 = sat::detail::scaledView(ha, {1, 1, 1}, &sa);
    const sat::detail::HullView b0 = randomlyMoved(rng, hb, &sb, &sm);
    const sat::detail::HullView a = sat::detail::withColumns(a0, &ca), b = sat::detail::withColumns(b0, &cb);
    large += a.nf > 64 || b.nf > 64;
    sat::detail::FaceStart start;
    sat::detail::startFaceQuery(a, b.centroid, &start);
    int first = 0;
    for (int f = 1; f < a.nf; ++f) {
      if (start.bounds[size_t(f)] > start.bounds[size_t(first)]) first = f;
    }
    ASSERT_EQ(start.first, first) << k;
    std::vector<float> boundsB(size_t(b.nf));
    sat::detail::faceBounds(b, a.centroid, boundsB.data());
    for (const float stop : {FLT_MAX, uni(rng, -0.5f, 0.5f) * (a.radius + b.radius)}) {
      sat::detail::FaceRows rows;
      rows.reset(a.nf);
      std::vector<float> deep(size_t(a.nf), 0.0f), deepRef(size_t(a.nf), 0.0f);
      const sat::detail::FaceQuery qa =
          sat::detail::queryFaces(a, b, start.bounds.data(), stop, &rows, deep.data(), start.first);
      const sat::detail::FaceQuery ra = sat::detail::queryFacesReference(a0, b0, start.bounds.data(), stop, deepRef.data());
      ASSERT_EQ(qa.index, ra.index) << k;
      ASSERT_EQ(qa.separation, ra.separation) << k;
      ASSERT_EQ(deep, deepRef) << k;
      const sat::detail::FaceQuery qb = sat::detail::queryFaces(b, a, boundsB.data(), stop);
      const sat::detail::FaceQuery rb = sat::detail::queryFacesReference(b0, a0, boundsB.data(), stop);
      ASSERT_EQ(qb.index, rb.index) << k;
      ASSERT_EQ(qb.separation, rb.separation) << k;
      if (stop != FLT_MAX) continue;
      sat::detail::EdgeBounds bounds;
      std::vector<float> deepB(size_t(b.nf));
      sat::detail::faceBounds(b, a.v[sat::detail::supportVertex(a, -b.planes[0].normal)], deepB.data());
      bounds.capsA[0] = start.bounds.data(), bounds.capsA[1] = deep.data();
      bounds.capsB[0] = boundsB.data(), bounds.capsB[1] = deepB.data();
      bounds.rowsA = &rows;
      const float floor = uni(rng, -0.5f, 0.0f) * (a.radius + b.radius);
      const sat::detail::EdgeQuery fast = sat::detail::queryEdges(a, b, bounds, floor, FLT_MAX);
      const sat::detail::EdgeQuery ref = sat::detail::queryEdgesReference(a0, b0, bounds, floor, FLT_MAX);
      edgeFound += fast.edgeA >= 0;
      ASSERT_EQ(fast.edgeA, ref.edgeA) << k;
      ASSERT_EQ(fast.edgeB, ref.edgeB) << k;
      ASSERT_EQ(fast.separation, ref.separation) << k;
    }
  }
  std::printf("[ 3d fast paths ] large hulls: %ld of %ld pairs with a hull of more than 64 faces, %ld found an edge pair\n",
              large, scaled(400), edgeFound);
  EXPECT_GT(large, scaled(400) / 2);
  EXPECT_GT(edgeFound, 0);
}

// The columns makeHull keeps (a view at scale 1 points at them) against those made per query from the vertices
// and planes: the same bits, padding included; faceBounds and movedVertices from them against the scalar ways.
TEST(FastPaths3, HullColumnsMatchPerQueryColumns) {
  std::mt19937 rng(0x3d08u);
  for (int k = 0; k < 200; ++k) {
    const sat::Hull3 h = randomHull(rng, 4 + int(rng() % 60));
    sat::detail::HullScratch s, s1, sm, sr;
    const sat::detail::HullView v = sat::detail::scaledView(h, {1, 1, 1}, &s);
    ASSERT_NE(v.cols, nullptr);
    ASSERT_NE(v.planeCols, nullptr);
    sat::detail::HullView bare = v;
    bare.cols = nullptr, bare.planeCols = nullptr;
    sat::detail::HullColumns vc;
    sat::detail::PlaneColumns pc;
    sat::detail::makeColumns(bare, &vc);
    sat::detail::makePlaneColumns(bare, &pc);
    ASSERT_EQ(v.cols->blocks, vc.blocks);
    ASSERT_EQ(v.planeCols->blocks, pc.blocks);
    ASSERT_EQ(std::memcmp(v.cols->x, vc.x, sizeof(sat::detail::F4) * size_t(vc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.cols->y, vc.y, sizeof(sat::detail::F4) * size_t(vc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.cols->z, vc.z, sizeof(sat::detail::F4) * size_t(vc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.planeCols->x, pc.x, sizeof(sat::detail::F4) * size_t(pc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.planeCols->y, pc.y, sizeof(sat::detail::F4) * size_t(pc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.planeCols->z, pc.z, sizeof(sat::detail::F4) * size_t(pc.blocks)), 0) << k;
    ASSERT_EQ(std::memcmp(v.planeCols->off, pc.off, sizeof(sat::detail::F4) * size_t(pc.blocks)), 0) << k;
    const sat::Vec3 x{uni(rng, -2, 2), uni(rng, -2, 2), uni(rng, -2, 2)};
    std::vector<float> fast(size_t(v.nf)), ref(size_t(v.nf));
    const float largest = sat::detail::faceBounds(v, x, fast.data());
    sat::detail::faceBoundsReference(bare, x, ref.data());
    ASSERT_EQ(fast, ref) << k;
    ASSERT_EQ(largest, *std::max_element(ref.begin(), ref.end())) << k;
    // Moved from the hull's columns and from its vertices one at a time; B's planes moved with their columns.
    const sat::Mat3 r = sat::toMat3(randomQuat(rng));
    sat::detail::HullColumns mc;
    const sat::detail::HullView m = sat::detail::movedVertices(v, r, x, &sm, &mc);
    ASSERT_EQ(m.v, nullptr);  // the vertices are moved as columns only
    sat::detail::writeVertices(mc, v.nv, sm.v.data());
    const sat::detail::HullView mr = sat::detail::movedView(bare, r, x, &sr);
    for (int i = 0; i < v.nv; ++i) {
      ASSERT_EQ(sm.v[i], mr.v[i]) << k;
      ASSERT_EQ(sat::detail::vertexOf(m, i), mr.v[i]) << k;
    }
    sat::detail::HullView mp = m;
    sat::detail::PlaneColumns mpc;
    sat::detail::movePlanes(v, r, x, &s1, &mp, &mpc);
    std::vector<float> movedFast(size_t(v.nf)), movedRef(size_t(v.nf));
    sat::detail::faceBounds(mp, x, movedFast.data());
    sat::detail::faceBoundsReference(mr, x, movedRef.data());
    ASSERT_EQ(movedFast, movedRef) << k;
  }
}

// The edges the caps leave (edgesAbove: from the hull's edge table when it has one, at most 64 edges)
// against every edge tested one at a time, with no point, one and two: the same edges in the same order.
TEST(FastPaths3, EdgesAboveMatchesEveryEdgeScan) {
  std::mt19937 rng(0x3d0au);
  long withMasks = 0, listed = 0;
  for (int k = 0; k < 400; ++k) {
    const sat::Hull3 h = randomHull(rng, 4 + int(rng() % 40));
    sat::detail::HullScratch s;
    const sat::Vec3 scale{uni(rng, 0.5f, 2), uni(rng, 0.5f, 2), uni(rng, 0.5f, 2)};
    const sat::detail::HullView v = sat::detail::scaledView(h, scale, &s);
    ASSERT_EQ(v.edgeTable != nullptr, v.nh <= 128) << k;
    withMasks += v.edgeTable != nullptr;
    sat::detail::HullView bare = v;
    bare.edgeTable = nullptr;
    std::vector<float> d0(size_t(v.nf)), d1(size_t(v.nf));
    for (int f = 0; f < v.nf; ++f) d0[size_t(f)] = uni(rng, -1, 1), d1[size_t(f)] = uni(rng, -1, 1);
    if (k % 7 == 0) d1[size_t(rng() % unsigned(v.nf))] = d0[0];  // ties with best below
    const float best = k % 5 == 0 ? d0[0] : uni(rng, -1, 0);
    for (int points = 0; points <= 2; ++points) {
      const float* caps[2] = {points > 0 ? d0.data() : nullptr, points > 1 ? d1.data() : nullptr};
      std::vector<uint16_t> fast(size_t(sat::detail::kMaxHullEdges)), slow(fast.size()), ref(fast.size());
      const int nf = sat::detail::edgesAbove(v, caps, best, fast.data());
      const int ns = sat::detail::edgesAbove(bare, caps, best, slow.data());
      const int nr = sat::detail::edgesAboveReference(v, caps, best, ref.data());
      ASSERT_EQ(nf, nr) << k;
      ASSERT_EQ(ns, nr) << k;
      for (int i = 0; i < nr; ++i) {
        ASSERT_EQ(fast[size_t(i)], ref[size_t(i)]) << k;
        ASSERT_EQ(slow[size_t(i)], ref[size_t(i)]) << k;
      }
      listed += nr;
    }
  }
  EXPECT_GT(withMasks, 100);
  EXPECT_GT(listed, 1000);
}

// The lane-wise horizontal minimum and maximum against the scalar expressions they replace, on random lanes and on
// lanes with ties, signed zeros and infinities: the same lane wins (compared as bits).
TEST(FastPaths3, HorizontalMinMaxMatchScalarReferences) {
  std::mt19937 rng(0x3d0du);
  const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, FLT_MAX, -FLT_MAX, std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(), 1e-30f, -1e-30f};
  auto sameBits = [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; };
  for (long k = 0; k < scaled(200000); ++k) {
    sat::detail::F4 v;
    for (int l = 0; l < 4; ++l) {
      v[l] = rng() % 3 == 0 ? special[rng() % (sizeof special / sizeof special[0])] : uni(rng, -2, 2);
    }
    if (k % 5 == 0) v[rng() % 4] = v[rng() % 4];  // ties
    ASSERT_TRUE(sameBits(sat::detail::hmin4(v), sat::detail::hmin4Reference(v))) << k;
    ASSERT_TRUE(sameBits(sat::detail::hmax4(v), sat::detail::hmax4Reference(v))) << k;
  }
}

// A's first face decided before B is moved (faceSeparatesUnmoved, with its rounding allowance) against the
// separation of B moved (faceSeparationReference): never "separates" unless the moved separation exceeds tol,
// on tolerances placed within round-off of it; and it does decide the clearly separated ones. Then collide()
// (which takes that path) against collideDebug (which does not): the same manifold and cache.
TEST(FastPaths3, FirstFaceBeforeMoveMatchesMovedSeparation) {
  std::mt19937 rng(0x3d0cu);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 60, 4, 43);
  long decided = 0, clear = 0;
  for (long k = 0; k < scaled(20000); ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::detail::HullScratch sa, sb, sm;
    const sat::Vec3 scale = k % 4 == 0 ? sat::Vec3{uni(rng, 0.5f, 2), -uni(rng, 0.5f, 2), uni(rng, 0.5f, 2)}
                                       : sat::Vec3{1, 1, 1};
    const sat::detail::HullView a = sat::detail::scaledView(ha, {1, 1, 1}, &sa);
    const sat::detail::HullView bLocal = sat::detail::scaledView(hb, scale, &sb);
    const sat::Vec3 t{uni(rng, -3, 3), uni(rng, -3, 3), uni(rng, -3, 3)};
    const sat::Mat3 r = sat::toMat3(randomQuat(rng));
    const sat::detail::HullView b = sat::detail::movedView(bLocal, r, t, &sm);
    sat::detail::FaceStart start;
    sat::detail::startFaceQuery(a, r * bLocal.centroid + t, &start);
    std::vector<float> ref(size_t(a.nf));
    sat::detail::faceBoundsReference(a, b.centroid, ref.data());
    ASSERT_EQ(std::vector<float>(start.bounds.data(), start.bounds.data() + a.nf), ref) << k;
    ASSERT_EQ(start.first, int(std::max_element(ref.begin(), ref.end()) - ref.begin())) << k;
    for (const int face : {start.first, int(rng() % unsigned(a.nf))}) {
      const float s = sat::detail::faceSeparationReference(a, face, b);
      const float size = a.radius + b.radius;
      const sat::Vec3 c = bLocal.centroid;
      const float scaleOfValues = std::fabs(a.planes[face].offset) + std::fabs(c.x) + std::fabs(c.y) + std::fabs(c.z) +
                                  bLocal.radius + std::fabs(t.x) + std::fabs(t.y) + std::fabs(t.z) + std::fabs(s);
      // Tolerances at the moved separation, a few units in its last place either side, and far below it.
      const float tols[] = {s, std::nextafter(s, -FLT_MAX), std::nextafter(std::nextafter(s, -FLT_MAX), -FLT_MAX),
                            s - 1e-6f * size, s - 1e-5f * size, s - 1e-3f * size, 1e-5f * size};
      for (const float tol : tols) {
        const bool fast = sat::detail::faceSeparatesUnmoved(a, face, ref[size_t(face)], bLocal, r, t, tol);
        if (fast) {
          ASSERT_GT(s, tol) << k;
          ++decided;
        }
        // Well beyond the allowance (8e-6 of the same values), with the centroid high enough above the face for
        // B's vertices to be measured (from its columns: a hull at scale 1).
        if (s - tol > 2e-5f * scaleOfValues && ref[size_t(face)] > 0.5f * bLocal.radius && bLocal.cols != nullptr) {
          ASSERT_TRUE(fast) << k;
          ++clear;
        }
      }
    }
    // The whole query: collide() may stop at the first face before moving B; collideDebug never does.
    const sat::Transform3 xfA{{uni(rng, -5, 5), uni(rng, -5, 5), uni(rng, -5, 5)}, randomQuat(rng), {1, 1, 1}};
    const sat::Transform3 xfB{xfA.p + t, randomQuat(rng), scale};
    sat::SatCache3 cache;
    const sat::Manifold3 m = sat::collide(ha, xfA, hb, xfB, &cache);
    const sat::SatDebug3 d = sat::collideDebug(ha, xfA, hb, xfB);
    ASSERT_EQ(std::memcmp(&m, &d.manifold, sizeof m), 0) << k;
    ASSERT_EQ(cache.kind, d.kind) << k;
    ASSERT_EQ(int(cache.indexA), d.indexA < 0 ? 0 : d.indexA) << k;
    ASSERT_EQ(int(cache.indexB), d.indexB < 0 ? 0 : d.indexB) << k;
    sat::SatCache3 overlapCache;
    ASSERT_EQ(sat::overlap(ha, xfA, hb, xfB, &overlapCache), m.pointCount > 0) << k;
    ASSERT_EQ(overlapCache.kind, cache.kind) << k;
    ASSERT_EQ(overlapCache.indexA, cache.indexA) << k;
    ASSERT_EQ(overlapCache.indexB, cache.indexB) << k;
  }
  std::printf("[ 3d fast paths ] first face before the move: %ld decided, %ld clearly separated\n", decided, clear);
  EXPECT_GT(clear, scaled(20000) / 4);
}

// Contacts with the incident face found from plane columns and one face at a time: the same manifold, bit for bit.
TEST(FastPaths3, IncidentFaceFromColumnsMatchesScalarSearch) {
  std::mt19937 rng(0x3d09u);
  const std::vector<sat::Hull3> pool = randomHullPool(rng, 40, 4, 43);
  long compared = 0;
  for (int k = 0; k < 2000; ++k) {
    const sat::Hull3& ha = pool[rng() % pool.size()];
    const sat::Hull3& hb = pool[rng() % pool.size()];
    sat::detail::HullScratch sa, sb, sm;
    sat::detail::PlaneColumns pc;
    const sat::detail::HullView a = sat::detail::scaledView(ha, {1, 1, 1}, &sa);
    sat::detail::HullView b = randomlyMoved(rng, hb, &sb, &sm);
    b = sat::detail::withPlaneColumns(b, &pc);
    sat::detail::HullView a0 = a, b0 = b;
    a0.planeCols = nullptr, b0.planeCols = nullptr;
    const float tol = sat::kRelativeTolerance * (a.radius + b.radius);
    const sat::detail::SatResult r = sat::detail::runSatReference(a0, b0, tol);
    if (r.separation > tol || r.kind == sat::SatAxis3::EdgePair) continue;
    ++compared;
    const sat::Manifold3 m = sat::detail::buildManifold(a, b, r, tol), m0 = sat::detail::buildManifold(a0, b0, r, tol);
    ASSERT_EQ(std::memcmp(&m, &m0, sizeof m), 0) << k;
  }
  EXPECT_GT(compared, 200);
}

TEST(Collide3, StackedCubesGiveFourPoints) {
  sat::Box3 box;
  ASSERT_EQ(sat::makeBox({1, 1, 1}, &box), sat::Status::Ok);
  sat::Transform3 xa{}, xb{{0.2f, 0.1f, 1.9f}, {}, {1, 1, 1}};
  sat::Manifold3 m = sat::collide(box, xa, box, xb);
  ASSERT_EQ(m.pointCount, 4);
  EXPECT_NEAR(m.depth, 0.1f, 1e-5f);
  EXPECT_NEAR(m.normal.z, 1.0f, 1e-6f);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(m.points[i].point.z, 0.95f, 1e-5f);
    EXPECT_NEAR(m.points[i].depth, 0.1f, 1e-5f);
  }
  sat::Hull3 h;
  ASSERT_EQ(sat::makeBoxHull({1, 1, 1}, &h), sat::Status::Ok);
  sat::SatDebug3 d = sat::collideDebug(h, xa, h, xb);
  EXPECT_EQ(d.kind, sat::SatAxis3::FaceA);
  EXPECT_NEAR(d.maxA, 1.0f, 1e-5f);
  EXPECT_NEAR(d.minB, 0.9f, 1e-5f);
  EXPECT_NEAR(d.separation, -0.1f, 1e-5f);
  EXPECT_EQ(d.manifold.pointCount, 4);
  // Apart by 0.5: nothing, and the cache remembers the axis that separated.
  xb.p.z = 2.5f;
  sat::SatCache3 cache;
  EXPECT_EQ(sat::collide(h, xa, h, xb, &cache).pointCount, 0);
  EXPECT_NE(cache.kind, sat::SatAxis3::None);
  EXPECT_FALSE(sat::overlap(h, xa, h, xb, &cache));
}

TEST(Collide3, CrossedEdgesGiveOneEdgeContact) {
  sat::Hull3 h;
  ASSERT_EQ(sat::makeBoxHull({1, 1, 1}, &h), sat::Status::Ok);
  // B rotated 45 degrees about x then about y... an edge of B pointing down onto an edge of A rotated about z.
  sat::Transform3 xa{{0, 0, 0}, sat::makeQuat({1, 0, 0}, 0.785398f), {1, 1, 1}};
  sat::Transform3 xb{{0, 0, 2.75f}, sat::makeQuat({0, 1, 0}, 0.785398f), {1, 1, 1}};
  sat::SatDebug3 d = sat::collideDebug(h, xa, h, xb);
  ASSERT_EQ(d.manifold.pointCount, 1);
  EXPECT_EQ(d.kind, sat::SatAxis3::EdgePair);
  EXPECT_NEAR(d.manifold.depth, 2.0f * std::sqrt(2.0f) - 2.75f, 1e-5f);
  EXPECT_NEAR(d.manifold.normal.z, 1.0f, 1e-5f);
  EXPECT_NEAR(d.manifold.points[0].point.x, 0.0f, 1e-5f);
  EXPECT_NEAR(d.manifold.points[0].point.y, 0.0f, 1e-5f);
}

// Regression (fuzz_3d): nearly parallel edges on nearly coincident Gauss-map arcs passed the Minkowski test on
// round-off, and the edge-to-edge gap (+0.04) was taken for the hulls' separation: an overlap of 13 was missed.
TEST(Collide3, NearlyParallelEdgesOnCoincidentArcs) {
  std::vector<sat::Vec3> pa = {{-64.0015793f, -64.0015793f, -64.0015793f}, {19.7512779f, -64.0015793f, -64.0015793f},
                               {19.953434f, 19.953434f, 19.9524574f},     {-20.000494f, 19.953434f, 19.953434f},
                               {40.000988f, 0, -32.0007896f},             {-64.0015793f, -48.0011826f, -60.0014801f}};
  sat::Hull3 a, b;
  ASSERT_EQ(sat::makeHull(pa.data(), 6, &a), sat::Status::Ok);
  ASSERT_EQ(sat::makeBoxHull({1.24705887f, 1.24705887f, 1.24705887f}, &b), sat::Status::Ok);
  const sat::Transform3 xa{{2.49411774f, -8, -8}, {-0.5f, -0.5f, -0.5f, -0.5f}, {1, 1, 1}};
  const sat::Transform3 xb{{0, -4, 2.49411774f}, {0.49999997f, 0.49999997f, 0.49999997f, 0.49999997f},
                           {7.61432219f, 7.61432219f, 7.61432219f}};
  const ref3::SatRef r = ref3::sat(ref3::place(a, xa), ref3::place(b, xb));
  ASSERT_GT(r.depth, 13.0);
  const sat::Manifold3 m = sat::collide(a, xa, b, xb);
  ASSERT_GT(m.pointCount, 0);
  EXPECT_NEAR(m.depth, r.depth, 1e-3);
  EXPECT_TRUE(sat::overlap(a, xa, b, xb));
}

TEST(Collide3, InvalidTransformsGiveNothing) {
  sat::Hull3 h;
  ASSERT_EQ(sat::makeBoxHull({1, 1, 1}, &h), sat::Status::Ok);
  sat::Transform3 ok{}, bad{};
  bad.p.x = NAN;
  EXPECT_EQ(sat::collide(h, ok, h, bad).pointCount, 0);
  EXPECT_FALSE(sat::overlap(h, bad, h, ok));
  bad = {};
  bad.q.w = 2.0f;
  EXPECT_EQ(sat::collide(h, bad, h, ok).pointCount, 0);
}

}  // namespace
}  // namespace testing_sat3
