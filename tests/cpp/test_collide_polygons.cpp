// Polygon - polygon narrow phase against the exact Minkowski-difference reference, on seeded random cases:
// small 3-12-gons, many-vertex polygons (the hill-climbing support path), and skewed Affine frames.
#include <gtest/gtest.h>

#include <cstring>

#include "collide_checks.h"
#include "dispatch.h"  // private: the general placement path

namespace testing_sat {
namespace {

// Two polygons under unit-scale transforms take a shortcut (collideUnitPolygons, overlapUnitPolygons) that must give
// exactly what the general placement gives: manifold or answer and SAT cache, bit for bit, touching or not, with
// and without a cache.
TEST(CollidePolygons, UnitScaleShortcutMatchesGeneralPlacementBitForBit) {
  Rng rng(0x5a70c7u);
  int touching = 0, cached = 0;
  for (int i = 0; i < 20000; ++i) {
    const sat::Polygon a = randomPolygon(rng, 3, i % 4 == 0 ? 40 : 12), b = randomPolygon(rng, 3, i % 5 == 0 ? 40 : 12);
    Case<sat::Polygon, sat::Polygon> c = placePair(rng, a, b);
    c.xfA.scale = c.xfB.scale = {1.0f, 1.0f};
    const sat::detail::ShapeRef ra = sat::detail::refOf(a), rb = sat::detail::refOf(b);
    sat::SatCache shortcutCache, generalCache;
    if (i % 2 == 1) {  // a stale or fitting cache entry from an earlier frame
      shortcutCache.type = generalCache.type = uint8_t(1 + (i / 2) % 2);
      shortcutCache.index = generalCache.index = uint16_t(i % 7);
    }
    const sat::Manifold fast = sat::collide(a, c.xfA, b, c.xfB, &shortcutCache);
    const sat::Manifold general = sat::detail::collideGeneral(ra, c.xfA, rb, c.xfB, &generalCache, false);
    ASSERT_EQ(std::memcmp(&fast, &general, sizeof fast), 0) << "case " << i << "\n" << describeManifold(fast)
                                                            << "\n" << describeManifold(general);
    ASSERT_EQ(shortcutCache.type, generalCache.type) << "case " << i;
    ASSERT_EQ(shortcutCache.index, generalCache.index) << "case " << i;
    // overlap() takes the same shortcut: same answer and cache as its general placement.
    sat::SatCache overlapFast = shortcutCache, overlapGeneral = shortcutCache;
    ASSERT_EQ(sat::overlap(a, c.xfA, b, c.xfB, &overlapFast),
              sat::detail::overlapGeneral(ra, c.xfA, rb, c.xfB, &overlapGeneral, false))
        << "case " << i;
    ASSERT_EQ(overlapFast.type, overlapGeneral.type) << "case " << i;
    ASSERT_EQ(overlapFast.index, overlapGeneral.index) << "case " << i;
    touching += fast.pointCount > 0;
    cached += i % 2 == 1 && shortcutCache.type != 0;
  }
  EXPECT_GT(touching, 4000);
  EXPECT_GT(cached, 4000);
}

TEST(CollidePolygons, RandomSmallPolygonsMatchReference) {
  Coverage cov = runRandomPairs<sat::Polygon, sat::Polygon>(
      0x5a7001u, 100000, genPolygon, genPolygon,
      [](const sat::Polygon& a, const sat::Polygon& b, const Case<sat::Polygon, sat::Polygon>& c, Coverage& cv) {
        checkAgainstReference(a, b, c, cv);
      });
  cov.print("polygon-polygon");
  cov.expectMix();
}

// 16 to 64 vertices on both sides, and one small against one large: support points by hill climbing.
TEST(CollidePolygons, RandomManyVertexPolygonsMatchReference) {
  auto big = [](Rng& rng) { return randomPolygon(rng, 16, 64); };
  Coverage cov = runRandomPairs<sat::Polygon, sat::Polygon>(
      0x5a7002u, 10000, big, big,
      [](const sat::Polygon& a, const sat::Polygon& b, const Case<sat::Polygon, sat::Polygon>& c, Coverage& cv) {
        checkAgainstReference(a, b, c, cv);
      });
  cov.print("polygon(16-64)-polygon(16-64)");
  cov.expectMix();
  Coverage mixed = runRandomPairs<sat::Polygon, sat::Polygon>(
      0x5a7003u, 10000, genPolygon, big,
      [](const sat::Polygon& a, const sat::Polygon& b, const Case<sat::Polygon, sat::Polygon>& c, Coverage& cv) {
        checkAgainstReference(a, b, c, cv);
      });
  mixed.print("polygon(3-12)-polygon(16-64)");
  mixed.expectMix();
}

// Extreme polygons: 100-256 vertices, elongated up to 1:50, against small polygons (hill climbing over long
// plateaus of nearly parallel edges).
TEST(CollidePolygons, RandomElongatedManyVertexPolygonsMatchReference) {
  auto elongated = [](Rng& rng) {
    for (;;) {
      int n = uniformInt(rng, 100, 256);
      double aspect = std::exp(uniform(rng, std::log(1.0), std::log(50.0)));
      double rx = uniform(rng, 0.5, 3.0), ry = rx / aspect;
      std::vector<sat::Vec2> pts(n);
      for (int i = 0; i < n; ++i) {
        double a = 2.0 * kPi * i / n;
        pts[i] = {f32(rx * std::cos(a)), f32(ry * std::sin(a))};
      }
      sat::Polygon p;
      if (sat::makeHull(pts.data(), n, &p) == sat::Status::Ok && p.count() >= 16) return p;
    }
  };
  Coverage cov = runRandomPairs<sat::Polygon, sat::Polygon>(
      0x5a7005u, 1500, elongated, genPolygon,
      [](const sat::Polygon& a, const sat::Polygon& b, const Case<sat::Polygon, sat::Polygon>& c, Coverage& cv) {
        checkAgainstReference(a, b, c, cv);
      });
  cov.print("elongated(100-256)-polygon");
  EXPECT_GT(cov.overlapping, cov.cases / 5);
  EXPECT_GT(cov.separated, cov.cases / 10);
}

// The Affine overloads with skew: world vertices under a general 2x3 map, reference on those.
TEST(CollidePolygons, RandomSkewedAffineFramesMatchReference) {
  Rng rng(0x5a7004u);
  Coverage cov;
  for (int i = 0; i < 20000; ++i) {
    sat::Polygon a = randomPolygon(rng), b = randomPolygon(rng);
    auto randomAffine = [&](double spread) {
      sat::Affine m;
      for (;;) {
        m.a = f32(uniform(rng, -2.0, 2.0));
        m.b = f32(uniform(rng, -2.0, 2.0));
        m.c = f32(uniform(rng, -2.0, 2.0));
        m.d = f32(uniform(rng, -2.0, 2.0));
        double det = double(m.a) * m.d - double(m.b) * m.c;
        if (std::fabs(det) > 0.3) break;  // well-conditioned: a collapsed frame is a different test
      }
      m.tx = f32(uniform(rng, -spread, spread));
      m.ty = f32(uniform(rng, -spread, spread));
      return m;
    };
    sat::Affine ma = randomAffine(5.0), mb = randomAffine(5.0);
    ref::Core ca = ref::core(a, ma), cb = ref::core(b, mb);
    // Slide B next to A so that both overlapping and separated pairs occur.
    ref::V shift = (coreCenter(ca) - coreCenter(cb)) +
                   uniform(rng, 0.0, 1.2) * (ref::size(ca) + ref::size(cb)) *
                       ref::V{std::cos(uniform(rng, -kPi, kPi)), std::sin(uniform(rng, -kPi, kPi))};
    mb.tx = f32(mb.tx + shift.x);
    mb.ty = f32(mb.ty + shift.y);
    cb = ref::core(b, mb);
    ref::Penetration r = ref::penetration(ca, cb);
    Tolerances tol = tolerancesFor(r);
    sat::Shape sa(a), sb(b);
    sat::Manifold m = sat::collide(sa, ma, sb, mb);
    bool ov = sat::overlap(sa, ma, sb, mb);
    auto context = [&] {
      return "A = " + ref::str(a) + " " + ref::str(ma) + "\n  B = " + ref::str(b) + " " + ref::str(mb) + "\n  " +
             ref::str(r) + "\n  " + describeManifold(m);
    };
    ++cov.cases;
    if (r.depth > tol.band) ++cov.overlapping;
    else if (r.depth < -tol.band) ++cov.separated;
    else ++cov.touching;
    SAT_CHECK(ov == (m.pointCount > 0), "overlap() disagrees with collide()");
    if (r.depth > tol.band) {
      SAT_CHECK(m.pointCount > 0, "reference overlaps, implementation says apart");
      if (m.pointCount > 0) {
        SAT_CHECK(std::fabs(m.depth - r.depth) <= tol.depth, "depth " << m.depth << " vs " << r.depth);
        SAT_CHECK(ref::depthAlong(r, ref::unit(toV(m.normal))) <= r.depth + tol.depth, "normal not an MTV");
      }
    } else if (r.depth < -tol.band) {
      SAT_CHECK(m.pointCount == 0, "reference apart, implementation overlaps");
    }
  }
  EXPECT_EQ(cov.failures, 0);
  cov.print("polygon-polygon (skewed Affine)");
  EXPECT_GT(cov.overlapping, cov.cases / 5);
  EXPECT_GT(cov.separated, cov.cases / 10);
}

}  // namespace
}  // namespace testing_sat
