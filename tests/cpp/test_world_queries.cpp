// World: queries against brute force, CCD of bullets against thin walls, the body-level resolution of concave
// bodies, and push-apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "sat/decompose.h"
#include "sat/sat.h"
#include "sat/world.h"

namespace {

using sat::BodyId;
using sat::Vec2;
using Rng = std::mt19937;

double uni(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

sat::Polygon convex(Rng& rng, float size) {
  for (;;) {
    int n = 3 + int(uni(rng, 0, 6));
    Vec2 pts[8];
    for (int i = 0; i < n; ++i) {
      double a = 2.0 * M_PI * (i + uni(rng, 0.0, 0.8)) / n;
      double r = size * uni(rng, 0.5, 1.0);
      pts[i] = {float(r * std::cos(a)), float(r * std::sin(a))};
    }
    sat::Polygon p;
    if (sat::makePolygon(pts, n, &p) == sat::Status::Ok) return p;
  }
}

struct Body {
  BodyId id;
  std::vector<sat::Shape> shapes;  // body-frame shapes (no offsets)
  sat::Transform xf;
  uint32_t group;
  bool sensor;
};

bool passes(const Body& b, const sat::QueryFilter& f) {
  const bool excluded = f.exclude && std::find(f.exclude, f.exclude + std::max(f.excludeCount, 0), b.id) !=
                                         f.exclude + std::max(f.excludeCount, 0);
  return (b.group & f.mask) && (f.group & 0xFFFFFFFFu) && (f.includeSensors || !b.sensor) && !excluded;
}

class WorldQueries : public ::testing::TestWithParam<sat::BroadPhaseType> {};

TEST_P(WorldQueries, MatchBruteForce) {
  Rng rng(55);
  sat::WorldOptions opt;
  opt.broadPhase = GetParam();
  sat::World world(opt);
  std::vector<Body> bodies;
  for (int i = 0; i < 300; ++i) {
    Body b;
    b.group = 1u << int(uni(rng, 0, 3));
    b.sensor = uni(rng, 0, 1) < 0.1;
    int count = uni(rng, 0, 1) < 0.2 ? 2 : 1;
    for (int k = 0; k < count; ++k) {
      if (uni(rng, 0, 1) < 0.15) {
        sat::Circle c;
        sat::makeCircle({float(k), 0.0f}, float(uni(rng, 0.3, 1.5)), &c);
        b.shapes.push_back(c);
      } else {
        sat::Polygon p = convex(rng, float(uni(rng, 0.3, 2.0)));
        if (k > 0) {  // second part shifted by hand so the test knows its body-frame geometry
          Vec2 pts[8];
          for (int j = 0; j < p.count(); ++j) pts[j] = p.vertex(j) + Vec2{1.5f, 0.5f};
          sat::makePolygon(pts, p.count(), &p);
        }
        b.shapes.push_back(p);
      }
    }
    sat::BodyDef def;
    def.type = i % 10 == 0 ? sat::BodyType::Static : sat::BodyType::Dynamic;
    def.x = float(uni(rng, -40, 40));
    def.y = float(uni(rng, -40, 40));
    def.angle = float(uni(rng, -3, 3));
    def.group = b.group;
    def.sensor = b.sensor;
    b.xf = sat::makeTransform(def.x, def.y, def.angle);
    std::vector<sat::ShapeDef> defs(b.shapes.size());
    for (size_t k = 0; k < defs.size(); ++k) defs[k].shape = b.shapes[k];
    ASSERT_EQ(world.createBody(def, defs.data(), int(defs.size()), &b.id), sat::Status::Ok);
    bodies.push_back(b);
  }
  for (int frame = 0; frame < 4; ++frame) {
    // Move the dynamic bodies, update, then query.
    for (Body& b : bodies) {
      if (world.type(b.id) == sat::BodyType::Static) continue;
      b.xf = sat::makeTransform(b.xf.p.x + float(uni(rng, -2, 2)), b.xf.p.y + float(uni(rng, -2, 2)),
                                float(uni(rng, -3, 3)));
      ASSERT_EQ(world.setTransform(b.id, b.xf), sat::Status::Ok);
    }
    ASSERT_EQ(world.update(), sat::Status::Ok);
    for (Body& b : bodies) {  // the angle round trip through the buffer may move a vertex by an ulp
      ASSERT_EQ(world.getTransform(b.id, &b.xf), sat::Status::Ok);
    }
    for (int q = 0; q < 60; ++q) {
      sat::QueryFilter filter;
      if (q % 3 == 1) filter.mask = 0x3;
      if (q % 5 == 2) filter.includeSensors = false;
      // Exclude a few bodies, among them ones the queries below are aimed at, and an id never issued.
      BodyId excluded[4] = {bodies[size_t(q) % bodies.size()].id, bodies[size_t(q * 7 + 3) % bodies.size()].id,
                            bodies[size_t(q * 13 + 1) % bodies.size()].id, sat::kMaxBodyId};
      if (q % 4 == 0 || q % 7 == 3) {
        filter.exclude = excluded;
        filter.excludeCount = 4;
      }
      // AABB query.
      Vec2 lo{float(uni(rng, -45, 40)), float(uni(rng, -45, 40))};
      sat::AABB box{lo, lo + Vec2{float(uni(rng, 0.1, 10)), float(uni(rng, 0.1, 10))}};
      std::vector<BodyId> got(400);
      int n = world.queryAABB(box, filter, got.data(), int(got.size()));
      std::set<BodyId> gotSet(got.begin(), got.begin() + n), want;
      for (const Body& b : bodies) {
        sat::AABB bb = sat::computeAABB(b.shapes[0], b.xf);
        for (size_t k = 1; k < b.shapes.size(); ++k) bb = sat::unionOf(bb, sat::computeAABB(b.shapes[k], b.xf));
        if (passes(b, filter) && sat::overlaps(bb, box)) want.insert(b.id);
      }
      ASSERT_EQ(gotSet, want) << "aabb query " << q;
      // Point query.
      Vec2 p{float(uni(rng, -40, 40)), float(uni(rng, -40, 40))};
      n = world.queryPoint(p, filter, got.data(), int(got.size()));
      gotSet = std::set<BodyId>(got.begin(), got.begin() + n);
      want.clear();
      for (const Body& b : bodies) {
        if (!passes(b, filter)) continue;
        for (const sat::Shape& s : b.shapes) {
          if (sat::containsPoint(s, b.xf, p)) want.insert(b.id);
        }
      }
      ASSERT_EQ(gotSet, want) << "point query " << q;
      // Shape query.
      sat::Shape probe(convex(rng, float(uni(rng, 0.5, 4))));
      sat::Transform pxf = sat::makeTransform(p.x, p.y, float(uni(rng, -3, 3)));
      n = world.queryShape(probe, pxf, filter, got.data(), int(got.size()));
      gotSet = std::set<BodyId>(got.begin(), got.begin() + n);
      want.clear();
      for (const Body& b : bodies) {
        if (!passes(b, filter)) continue;
        for (const sat::Shape& s : b.shapes) {
          if (sat::overlap(probe, pxf, s, b.xf)) want.insert(b.id);
        }
      }
      ASSERT_EQ(gotSet, want) << "shape query " << q;
      // Rays: closest and all.
      sat::RayCastInput ray;
      ray.origin = {float(uni(rng, -50, 50)), float(uni(rng, -50, 50))};
      ray.translation = {float(uni(rng, -60, 60)), float(uni(rng, -60, 60))};
      // Contract: a ray starting inside a body hits it at fraction 0 (zero normal); else its first surface hit.
      if (q % 4 == 0 && !bodies.empty()) ray.origin = bodies[size_t(q) % bodies.size()].xf.p;
      float bestFraction = 2.0f;
      std::set<BodyId> hitBodies;
      for (const Body& b : bodies) {
        if (!passes(b, filter)) continue;
        for (const sat::Shape& s : b.shapes) {
          sat::CastOutput out = sat::raycast(s, b.xf, ray);
          const bool inside = sat::containsPoint(s, b.xf, ray.origin);
          if (out.hit || inside) {
            hitBodies.insert(b.id);
            bestFraction = std::min(bestFraction, inside ? 0.0f : out.fraction);
          }
        }
      }
      sat::RayHit hit;
      bool any = world.raycastClosest(ray, filter, &hit);
      ASSERT_EQ(any, !hitBodies.empty()) << "ray " << q;
      if (any) {
        EXPECT_FLOAT_EQ(hit.fraction, bestFraction);
        EXPECT_TRUE(hitBodies.count(hit.body));
        EXPECT_NEAR(sat::length(hit.normal), bestFraction == 0.0f ? 0.0f : 1.0f, 1e-4f);
      }
      std::vector<sat::RayHit> all(400);
      n = world.raycastAll(ray, filter, all.data(), int(all.size()));
      ASSERT_EQ(size_t(n), hitBodies.size());
      for (int k = 1; k < n; ++k) EXPECT_LE(all[size_t(k) - 1].fraction, all[size_t(k)].fraction);
      if (n > 1) {  // a small capacity keeps the closest ones
        sat::RayHit two[1];
        EXPECT_EQ(world.raycastAll(ray, filter, two, 1), n);
        EXPECT_EQ(two[0].fraction, all[0].fraction);
      }
    }
  }
}

// Regression (fuzz_world, "ray-graze" in docs/fuzzing.md): a ray through a polygon's vertex that is also a corner
// of the body's box hits the polygon (sat::raycast), but the tree's segment-against-box test rounded that box out:
// raycastClosest missed the body, or returned one behind it. Static bodies sit in a tree of tight boxes in every
// broad phase, dynamic ones in the tree broad phase when it does not fatten boxes (treeMargin 0). Here: boxes whose
// top-left corner lies on a diagonal ray, with a second box further along the ray: before the fix 102 of the 275
// static ones were missed in every broad phase, and as many dynamic ones in the tree.
TEST_P(WorldQueries, RayThroughABoxCornerHitsIt) {
  const float corners[] = {-16.25f, -16.2460518f, -12.1f, -9.9f, -7.3f, -5.1f, -3.3f, -2.6f, -1.3f, -17.9f, -1.1f};
  const float sides[] = {0.1f, 0.3f, 0.5f, 0.7f, 1.0f};
  sat::RayCastInput ray;
  ray.origin = {-1.0f, -1.0f};
  ray.translation = {-20.0f, -20.0f};
  int cases = 0, grazed = 0, missed = 0;
  std::ostringstream first;
  for (sat::BodyType type : {sat::BodyType::Static, sat::BodyType::Dynamic}) {
    for (float v : corners) {
      for (float w : sides) {
        for (float h : sides) {
          sat::WorldOptions opt;
          opt.broadPhase = GetParam();
          opt.treeMargin = 0.0f;
          sat::World world(opt);
          const Vec2 pts[] = {{v, v - h}, {v + w, v - h}, {v + w, v}, {v, v}};
          sat::Polygon box;
          ASSERT_EQ(sat::makePolygon(pts, 4, &box), sat::Status::Ok);
          sat::Polygon behind;  // on the ray, further along
          ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &behind, {-19.0f, -19.0f}), sat::Status::Ok);
          sat::BodyDef def;
          def.type = type;
          BodyId id, far;
          ASSERT_EQ(world.createBody(def, box, &id), sat::Status::Ok);
          ASSERT_EQ(world.createBody(def, behind, &far), sat::Status::Ok);
          ASSERT_EQ(world.update(), sat::Status::Ok);
          // The exact test decides whether a ray grazing the corner hits (it does for most of these boxes).
          const sat::CastOutput want = sat::raycast(box, sat::makeTransform(0.0f, 0.0f), ray);
          const sat::CastOutput wantFar = sat::raycast(behind, sat::makeTransform(0.0f, 0.0f), ray);
          ASSERT_TRUE(wantFar.hit);
          sat::RayHit hit, all[4];
          const bool found = world.raycastClosest(ray, sat::QueryFilter{}, &hit);
          const int count = world.raycastAll(ray, sat::QueryFilter{}, all, 4);
          const BodyId wantBody = want.hit ? id : far;
          const float wantFraction = want.hit ? want.fraction : wantFar.fraction;
          if (!found || hit.body != wantBody || hit.fraction != wantFraction || count != (want.hit ? 2 : 1)) {
            if (missed++ == 0) {
              first << (type == sat::BodyType::Static ? "static" : "dynamic") << " box " << w << " x " << h
                    << " with its corner at (" << v << ", " << v << "): closest " << (found ? hit.fraction : -1.0f)
                    << " (want " << wantFraction << "), raycastAll " << count << " bodies";
            }
          }
          grazed += want.hit ? 1 : 0;
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 11 * 5 * 5);
  EXPECT_GT(grazed, cases / 2);
  EXPECT_EQ(missed, 0) << "first: " << first.str();
}

// Regression (fuzz_world, "grid-graze" in docs/fuzzing.md): the grid walks a ray in pieces whose ends are rounded;
// a ray through a polygon's vertex on its tight box corner (here (2.5, -8.75), at fraction 4/15) fell between two
// pieces, and raycastClosest returned the body behind it. The fuzz input's five bodies, as they were; the answer
// is checked against sat::raycast on every body.
TEST_P(WorldQueries, RayThroughACornerBetweenRayPiecesHitsIt) {
  sat::WorldOptions opt;
  opt.broadPhase = GetParam();
  sat::World world(opt);
  struct Def {
    std::vector<Vec2> pts;  // empty: the circle
    float x, y, sx;
    sat::BodyType type;
  };
  const std::vector<Def> defs = {
      {{{-1.0f, -1.0f}, {3.5f, -1.84374762f}, {3.75f, -0.25f}}, -4.0f, -4.0f, 1.0f, sat::BodyType::Dynamic},
      {{{0.25f, 0.25f}, {0.0f, 0.25f}, {0.5f, -1.25f}}, 8.0f, -4.0f, -5818.05762f, sat::BodyType::Dynamic},
      {{}, 15.0f, -16.0f, 1.0f, sat::BodyType::Static},
      {{{0.25f, 0.25f}, {0.0f, -3.75f}, {0.5f, -1.25f}}, 8.0f, -4.0f, -5818.05762f, sat::BodyType::Dynamic},
      {{{0.5f, -3.75f}, {0.5f, -1.5f}, {-0.25f, -1.25f}}, 2.0f, -5.0f, 1.0f, sat::BodyType::Dynamic},
  };
  std::vector<BodyId> ids;
  std::vector<sat::Shape> shapes;
  for (const Def& d : defs) {
    sat::Shape shape;
    if (d.pts.empty()) {
      sat::Circle c;
      ASSERT_EQ(sat::makeCircle({3.17873491e-05f, -4.16643143f}, 0.463617623f, &c), sat::Status::Ok);
      shape = sat::Shape(c);
    } else {
      sat::Polygon poly;
      ASSERT_EQ(sat::makePolygon(d.pts.data(), int(d.pts.size()), &poly), sat::Status::Ok);
      shape = sat::Shape(poly);
    }
    sat::BodyDef def;
    def.type = d.type;
    def.x = d.x;
    def.y = d.y;
    def.scaleX = d.sx;
    BodyId id;
    ASSERT_EQ(world.createBody(def, shape, &id), sat::Status::Ok);
    ids.push_back(id);
    shapes.push_back(shape);
  }
  ASSERT_EQ(world.update(), sat::Status::Ok);
  sat::RayCastInput ray;
  ray.origin = {-7.5f, -18.75f};
  ray.translation = {37.5f, 37.5f};
  float best = 2.0f;
  BodyId bestId = 0;
  for (size_t i = 0; i < defs.size(); ++i) {
    const sat::CastOutput c = sat::raycast(shapes[i], sat::makeTransform(defs[i].x, defs[i].y, 0.0f, defs[i].sx, 1.0f), ray);
    if (c.hit && c.fraction < best) best = c.fraction, bestId = ids[i];
  }
  ASSERT_EQ(bestId, ids[4]) << "the exact test hits the last triangle first, through its corner";
  sat::RayHit hit;
  ASSERT_TRUE(world.raycastClosest(ray, sat::QueryFilter{}, &hit));
  EXPECT_EQ(hit.body, bestId);
  EXPECT_EQ(hit.fraction, best);
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldQueries,
                         ::testing::Values(sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree,
                                           sat::BroadPhaseType::SortAndSweep));

class WorldCcd : public ::testing::TestWithParam<sat::BroadPhaseType> {};

TEST_P(WorldCcd, FastBulletNeverPassesAThinWall) {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    sat::WorldOptions opt;
    opt.broadPhase = GetParam();
    sat::World world(opt);
    sat::BodyDef wallDef;
    wallDef.type = sat::BodyType::Static;
    wallDef.x = 10.0f;
    wallDef.angle = float(uni(rng, -0.5, 0.5));
    sat::Polygon wall;
    ASSERT_EQ(sat::makeBox(0.02f, 20.0f, &wall), sat::Status::Ok);
    BodyId wallId, bullet, ghost;
    ASSERT_EQ(world.createBody(wallDef, wall, &wallId), sat::Status::Ok);
    sat::BodyDef def;
    def.bullet = true;
    def.y = float(uni(rng, -5, 5));
    sat::Shape shape;
    if (trial % 2 == 0) {
      sat::Circle c;
      sat::makeCircle({0, 0}, 0.05f, &c);
      shape = c;
    } else {
      shape = convex(rng, 0.08f);
    }
    ASSERT_EQ(world.createBody(def, shape, &bullet), sat::Status::Ok);
    def.bullet = false;  // the same body without CCD tunnels: the check is meaningful
    ASSERT_EQ(world.createBody(def, shape, &ghost), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    const float speed = float(uni(rng, 7, 40));  // per frame, through a wall 0.04 thick
    const float vy = float(uni(rng, -1, 1));
    bool hitReported = false, ghostPassed = false;
    sat::Transform t, g;
    for (int frame = 0; frame < 8; ++frame) {
      ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
      ASSERT_EQ(world.getTransform(ghost, &g), sat::Status::Ok);
      ASSERT_EQ(world.setTransform(bullet, t.p.x + speed, t.p.y + vy, frame * 0.7f), sat::Status::Ok);
      ASSERT_EQ(world.setTransform(ghost, g.p.x + speed, g.p.y + vy, frame * 0.7f), sat::Status::Ok);
      ASSERT_EQ(world.update(), sat::Status::Ok);
      ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
      // The bullet's centre stays on the near side of the wall's centre line.
      Vec2 local = sat::invRotate(sat::makeRot(wallDef.angle), t.p - Vec2{10.0f, 0.0f});
      ASSERT_LT(local.x, 0.0f) << "trial " << trial << " frame " << frame << " passed the wall";
      ASSERT_EQ(world.getTransform(ghost, &g), sat::Status::Ok);
      ghostPassed |= g.p.x > 12.0f;
      for (int i = 0; i < world.contactCount(); ++i) {
        const sat::Contact& c = world.contacts()[i];
        if ((c.a == bullet || c.b == bullet) && (c.a == wallId || c.b == wallId)) {
          hitReported = true;
          EXPECT_GE(c.toi, 0.0f);
          EXPECT_LE(c.toi, 1.0f);
          if (c.flags & sat::kContactSwept) {
            EXPECT_LT(c.toi, 1.0f);
          }
        }
      }
    }
    EXPECT_TRUE(hitReported) << "trial " << trial;
    EXPECT_TRUE(ghostPassed) << "trial " << trial;
  }
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldCcd,
                         ::testing::Values(sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree,
                                           sat::BroadPhaseType::SortAndSweep));

// Applying a contact's body-level vector (B by normal * depth) leaves concave bodies apart: re-tested part by part.
TEST(WorldConcave, BodyLevelResolutionSeparates) {
  Rng rng(17);
  int resolved = 0;
  for (int trial = 0; trial < 300; ++trial) {
    sat::World world;
    // A random star-shaped concave outline and a random convex or concave second body near it.
    auto star = [&](float r0) {
      std::vector<Vec2> v;
      int n = 5 + int(uni(rng, 0, 10));
      for (int i = 0; i < n; ++i) {
        double a = 2.0 * M_PI * (i + 0.4 * uni(rng, 0, 1)) / n;
        double r = r0 * (i % 2 == 0 ? 1.0 : uni(rng, 0.25, 0.6));
        v.push_back({float(r * std::cos(a)), float(r * std::sin(a))});
      }
      return v;
    };
    std::vector<Vec2> outlineA = star(3.0f), outlineB = star(1.5f);
    sat::BodyDef def;
    BodyId a, b;
    ASSERT_EQ(world.createConcaveBody(def, outlineA.data(), int(outlineA.size()), &a), sat::Status::Ok);
    def.x = float(uni(rng, -3, 3));
    def.y = float(uni(rng, -3, 3));
    def.angle = float(uni(rng, -3, 3));
    ASSERT_EQ(world.createConcaveBody(def, outlineB.data(), int(outlineB.size()), &b), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    if (world.contactCount() == 0) continue;
    const sat::Contact c = world.contacts()[0];
    EXPECT_NEAR(sat::length(c.normal), 1.0f, 1e-4f);
    // Apply it and re-test every part pair independently of the world.
    std::vector<sat::Polygon> partsA, partsB;
    ASSERT_EQ(sat::decompose(outlineA.data(), int(outlineA.size()), &partsA), sat::Status::Ok);
    ASSERT_EQ(sat::decompose(outlineB.data(), int(outlineB.size()), &partsB), sat::Status::Ok);
    if (partsA.size() > 1 || partsB.size() > 1) {
      EXPECT_GT(c.shapeContactCount, 0);
    }
    sat::Transform xa = sat::makeTransform(0, 0, 0);
    sat::Transform xb = sat::makeTransform(def.x + c.normal.x * c.depth, def.y + c.normal.y * c.depth, def.angle);
    float worst = 0.0f;
    for (const sat::Polygon& pa : partsA) {
      for (const sat::Polygon& pb : partsB) {
        sat::Manifold m = sat::collide(pa, xa, pb, xb);
        if (m.pointCount > 0) worst = std::max(worst, m.depth);
      }
    }
    EXPECT_LE(worst, 1e-4f) << "trial " << trial << " depth " << c.depth;
    // And the world agrees: after moving B there, the pair has ended.
    ASSERT_EQ(world.setTransform(b, xb), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    // Applied exactly, the MTV leaves the bodies touching (depth ~0), never overlapping.
    for (int i = 0; i < world.contactCount(); ++i) EXPECT_LE(world.contacts()[i].depth, 1e-4f) << trial;
    ++resolved;
  }
  EXPECT_GT(resolved, 100);
}

TEST(WorldPushApart, LeavesNoOverlapBeyondSlop) {
  Rng rng(23);
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World world(opt);
    sat::PushApartOptions push;
    push.enabled = true;
    push.iterations = 8;
    push.slop = 0.01f;
    world.setPushApart(push);
    sat::BodyDef floorDef;
    floorDef.type = sat::BodyType::Static;
    floorDef.y = -1.0f;
    sat::Polygon floor;
    ASSERT_EQ(sat::makeBox(50.0f, 1.0f, &floor), sat::Status::Ok);
    BodyId floorId;
    ASSERT_EQ(world.createBody(floorDef, floor, &floorId), sat::Status::Ok);
    std::vector<BodyId> ids;
    for (int i = 0; i < 150; ++i) {
      sat::BodyDef def;
      def.x = float(uni(rng, -10, 10));
      def.y = float(uni(rng, 0, 6));
      def.angle = float(uni(rng, -3, 3));
      def.mass = float(uni(rng, 0.5, 3));
      BodyId id;
      ASSERT_EQ(world.createBody(def, convex(rng, float(uni(rng, 0.4, 1.0))), &id), sat::Status::Ok);
      ids.push_back(id);
    }
    sat::Transform floorBefore;
    world.getTransform(floorId, &floorBefore);
    float residual = 1e9f;
    for (int frame = 0; frame < 60; ++frame) {
      ASSERT_EQ(world.update(), sat::Status::Ok);
      residual = world.stats().residualDepth;
    }
    EXPECT_LT(residual, 1e-3f);
    // Independent check: no touching pair deeper than the slop (plus round-off).
    ASSERT_EQ(world.update(), sat::Status::Ok);
    for (int i = 0; i < world.contactCount(); ++i) {
      EXPECT_LE(world.contacts()[i].depth, push.slop + 1e-3f);
    }
    sat::Transform floorAfter;
    world.getTransform(floorId, &floorAfter);
    EXPECT_EQ(floorAfter.p.y, floorBefore.p.y);  // static: immovable
    // Pushed positions are written back to the buffer.
    sat::Transform t;
    world.getTransform(ids[0], &t);
    const float* buf = world.transformBuffer() + world.slotOf(ids[0]) * sat::kTransformStride;
    EXPECT_EQ(buf[0], t.p.x);
    EXPECT_EQ(buf[1], t.p.y);
    EXPECT_TRUE(world.validate());
  }
}

}  // namespace

namespace {

// Regression: a bullet resynced without moving (filter change) has no motion to sweep, even if a wall appeared on
// the path it took in an earlier frame.
// A bullet added overlapping a wall and moved before its first update: its sweep starts where it was created, in
// the wall. Before the fix the sweep ignored that overlap (as it must for a bullet the last update saw there) and
// nothing was reported, whether the bullet moved out of the wall or through it. Now the wall is its hit at time 0:
// it is stopped where it was created and the pair begins. A bullet the last update saw in the wall moves out
// freely and the pair ends.
TEST(WorldCcd, BulletAddedInAWallAndMovedBeforeItsFirstUpdateHitsIt) {
  sat::Polygon thin;
  ASSERT_EQ(sat::makeBox(0.25f, 5.0f, &thin), sat::Status::Ok);
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.1f, &c), sat::Status::Ok);
  for (float to : {-3.0f, 3.0f}) {  // out the way it came in, and through to the other side
    sat::World world;
    sat::BodyDef wallDef;
    wallDef.type = sat::BodyType::Static;
    BodyId wall, bullet;
    ASSERT_EQ(world.createBody(wallDef, thin, &wall), sat::Status::Ok);
    sat::BodyDef def;
    def.bullet = true;
    def.x = -0.2f;  // overlapping the wall's left half
    ASSERT_EQ(world.createBody(def, c, &bullet), sat::Status::Ok);
    ASSERT_EQ(world.setTransform(bullet, to, 0.0f, 0.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.beginCount(), 1) << "to " << to;
    const sat::Contact& contact = world.contacts()[0];
    EXPECT_TRUE(contact.flags & sat::kContactSwept);
    EXPECT_EQ(contact.toi, 0.0f);
    EXPECT_GT(contact.depth, 0.0f);
    sat::Transform t;
    ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
    EXPECT_EQ(t.p.x, -0.2f);  // stopped where it was created
    // The next update saw it in the wall: moving out is free, and the pair ends.
    ASSERT_EQ(world.setTransform(bullet, to, 0.0f, 0.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
    EXPECT_EQ(t.p.x, to);
    EXPECT_EQ(world.endCount(), 1);
    EXPECT_EQ(world.contactCount(), 0);
  }
}

TEST(WorldCcd, ResyncWithoutMotionDoesNotSweep) {
  sat::World world;
  sat::BodyDef def;
  def.bullet = true;
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.1f, &c), sat::Status::Ok);
  BodyId bullet, wall;
  ASSERT_EQ(world.createBody(def, c, &bullet), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.setTransform(bullet, 5.0f, 0.0f, 0.0f), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  sat::BodyDef wallDef;
  wallDef.type = sat::BodyType::Static;
  wallDef.x = 2.5f;
  sat::Polygon thin;
  ASSERT_EQ(sat::makeBox(0.05f, 5.0f, &thin), sat::Status::Ok);
  ASSERT_EQ(world.createBody(wallDef, thin, &wall), sat::Status::Ok);
  ASSERT_EQ(world.setFilter(bullet, 2, ~0u), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  sat::Transform t;
  ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
  EXPECT_EQ(t.p.x, 5.0f);
  EXPECT_EQ(world.contactCount(), 0);
}

}  // namespace

namespace {

// Push-apart splits the correction by inverse mass; kinematic and static bodies never move; sensors are ignored.
TEST(WorldPushApart, MassKinematicAndSensor) {
  sat::World world;
  sat::PushApartOptions push;
  push.enabled = true;
  push.iterations = 4;
  push.slop = 0.0f;
  world.setPushApart(push);
  sat::Polygon unit;
  ASSERT_EQ(sat::makeBox(1.0f, 1.0f, &unit), sat::Status::Ok);
  sat::BodyDef def;
  BodyId light, heavy, kin, dyn, sensor, other;
  def.mass = 1.0f;
  ASSERT_EQ(world.createBody(def, unit, &light), sat::Status::Ok);
  def.x = 1.5f;  // overlaps light by 0.5
  def.mass = 3.0f;
  ASSERT_EQ(world.createBody(def, unit, &heavy), sat::Status::Ok);
  def.x = 20.0f;
  def.type = sat::BodyType::Kinematic;
  ASSERT_EQ(world.createBody(def, unit, &kin), sat::Status::Ok);
  def.x = 21.5f;
  def.type = sat::BodyType::Dynamic;
  ASSERT_EQ(world.createBody(def, unit, &dyn), sat::Status::Ok);
  def.x = 40.0f;
  def.sensor = true;
  ASSERT_EQ(world.createBody(def, unit, &sensor), sat::Status::Ok);
  def.x = 41.0f;
  def.sensor = false;
  ASSERT_EQ(world.createBody(def, unit, &other), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  sat::Transform t;
  // 0.5 split 3:1 by inverse mass (1 : 1/3): light moves 0.375 left, heavy 0.125 right.
  world.getTransform(light, &t);
  EXPECT_NEAR(t.p.x, -0.375f, 1e-4f);
  world.getTransform(heavy, &t);
  EXPECT_NEAR(t.p.x, 1.625f, 1e-4f);
  world.getTransform(kin, &t);
  EXPECT_EQ(t.p.x, 20.0f);
  world.getTransform(dyn, &t);
  EXPECT_NEAR(t.p.x, 22.0f, 1e-4f);
  world.getTransform(sensor, &t);
  EXPECT_EQ(t.p.x, 40.0f);
  world.getTransform(other, &t);
  EXPECT_EQ(t.p.x, 41.0f);
  EXPECT_EQ(world.stats().residualPairs, 0);
  // The contacts of this frame describe the overlap before the push; the next update sees them touching.
  ASSERT_EQ(world.update(), sat::Status::Ok);
  for (int i = 0; i < world.contactCount(); ++i) {
    const sat::Contact& c = world.contacts()[i];
    if (!(c.flags & sat::kContactSensor)) {
      EXPECT_LE(c.depth, 1e-4f);
    }
  }
}

}  // namespace

namespace {

// Regression (fuzz_world, "point-stretched" in docs/fuzzing.md): containsPoint(Transform) went through the Affine
// overload, which refuses a scale ratio beyond ~1e6 that the Transform accepts, so a capsule scaled
// (1.84e-6, 2.25) contained no point and the World's queryPoint missed it. Checked against the distance to the
// segment in double.
TEST(WorldQueriesStretched, PointInsideAStretchedCapsuleIsFound) {
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({1.23957705f, 1.23957705f}, {1.23951793f, 1.23957705f}, 1.62818062f, &cap),
            sat::Status::Ok);
  sat::BodyDef def;
  def.type = sat::BodyType::Static;
  def.x = 5.42623043f;
  def.y = 5.11372566f;
  def.angle = 1.74964f;
  def.scaleX = 1.84011799e-06f;
  def.scaleY = 2.25f;
  sat::World world;
  BodyId id;
  ASSERT_EQ(world.createBody(def, cap, &id), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  sat::Transform xf;
  ASSERT_EQ(world.getTransform(id, &xf), sat::Status::Ok);
  const Vec2 point{5.11373f, 5.11495f};
  // Independent: the capsule's placed segment (all but a point) and radius 1.628 * 2.25.
  const Vec2 c = sat::transformPoint(xf, cap.center1);
  const double d = std::hypot(double(point.x) - c.x, double(point.y) - c.y);
  ASSERT_LT(d, 0.9 * 1.62818062 * 2.25) << "well inside";
  EXPECT_TRUE(sat::containsPoint(sat::Shape(cap), xf, point));
  BodyId out[2];
  EXPECT_EQ(world.queryPoint(point, sat::QueryFilter{}, out, 2), 1);
}

}  // namespace

namespace {

// Regression: a ray starting inside a concave body hit the seam between two of its convex parts (here near
// (0.953, 0.953)). Contract: a ray from inside a body hits it at fraction 0, at the origin, with a zero normal.
TEST(WorldRaycast, RayFromInsideAConcaveBodyDoesNotHitItsSeams) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    for (sat::BodyType type : {sat::BodyType::Static, sat::BodyType::Dynamic}) {
      sat::WorldOptions opt;
      opt.broadPhase = bp;
      sat::World world(opt);
      const Vec2 outline[] = {{0, 0}, {4, 0}, {4, 1}, {1, 1}, {1, 4}, {0, 4}};
      sat::BodyDef def;
      def.type = type;
      BodyId l;
      ASSERT_EQ(world.createConcaveBody(def, outline, 6, &l), sat::Status::Ok);
      ASSERT_GE(world.shapeCount(l), 2);
      ASSERT_EQ(world.update(), sat::Status::Ok);
      sat::RayCastInput ray;
      ray.origin = {0.1f, 1.2f};
      ray.translation = Vec2{3.9f, 0.1f} - ray.origin;
      sat::RayHit hit;
      ASSERT_TRUE(world.raycastClosest(ray, {}, &hit));
      EXPECT_EQ(hit.body, l);
      EXPECT_EQ(hit.fraction, 0.0f);
      EXPECT_EQ(hit.point.x, 0.1f);
      EXPECT_EQ(hit.point.y, 1.2f);
      EXPECT_EQ(hit.normal.x, 0.0f);
      EXPECT_EQ(hit.normal.y, 0.0f);
      sat::RayHit all[4];
      ASSERT_EQ(world.raycastAll(ray, {}, all, 4), 1);
      EXPECT_EQ(all[0].fraction, 0.0f);
      // From outside, the first hit is on the outline: entering the arm's top edge at y = 1 from above.
      ray.origin = {3.0f, 3.0f};
      ray.translation = {0.0f, -3.0f};
      ASSERT_TRUE(world.raycastClosest(ray, {}, &hit));
      EXPECT_NEAR(hit.point.y, 1.0f, 1e-5f);
      EXPECT_NEAR(hit.normal.y, 1.0f, 1e-5f);
      // Leaving the body from inside is not a hit on anything else either: a ray from inside the vertical arm
      // towards a second body reports the L first (fraction 0), and raycastAll lists both.
      sat::BodyDef other;
      other.type = sat::BodyType::Static;
      other.x = 0.5f;
      other.y = 6.0f;
      sat::Polygon box;
      ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &box), sat::Status::Ok);
      BodyId b;
      ASSERT_EQ(world.createBody(other, box, &b), sat::Status::Ok);
      ASSERT_EQ(world.update(), sat::Status::Ok);
      ray.origin = {0.5f, 0.5f};
      ray.translation = {0.0f, 8.0f};
      ASSERT_EQ(world.raycastAll(ray, {}, all, 4), 2);
      EXPECT_EQ(all[0].body, l);
      EXPECT_EQ(all[0].fraction, 0.0f);
      EXPECT_EQ(all[1].body, b);
      EXPECT_NEAR(all[1].point.y, 5.5f, 1e-5f);
    }
  }
}

// Regression: with the grid and sort-and-sweep, bodies added (or enabled) after the last update() were invisible to
// queries until the next update(); the tree saw them. Every broad phase now answers as brute force does.
class WorldQueriesBeforeUpdate : public ::testing::TestWithParam<sat::BroadPhaseType> {};

TEST_P(WorldQueriesBeforeUpdate, NewBodiesAreFoundLikeBruteForce) {
  Rng rng(404);
  sat::WorldOptions opt;
  opt.broadPhase = GetParam();
  sat::World world(opt);
  std::vector<Body> bodies;
  auto add = [&](sat::BodyType type) {
    Body b;
    b.group = 1;
    b.sensor = false;
    b.shapes.push_back(sat::Shape(convex(rng, float(uni(rng, 0.3, 1.5)))));
    b.xf = sat::makeTransform(float(uni(rng, -30, 30)), float(uni(rng, -30, 30)), float(uni(rng, -3, 3)));
    sat::BodyDef def;
    def.type = type;
    def.x = b.xf.p.x;
    def.y = b.xf.p.y;
    def.angle = sat::angleOf(b.xf.q);
    ASSERT_EQ(world.createBody(def, b.shapes[0], &b.id), sat::Status::Ok);
    sat::Transform t;
    ASSERT_EQ(world.getTransform(b.id, &t), sat::Status::Ok);
    b.xf = t;
    bodies.push_back(b);
  };
  for (int i = 0; i < 100; ++i) add(i % 5 == 0 ? sat::BodyType::Static : sat::BodyType::Dynamic);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  // Added after the update: dynamic, kinematic and static; one body disabled and enabled again.
  for (int i = 0; i < 60; ++i) add(sat::BodyType(i % 3));
  ASSERT_EQ(world.setEnabled(bodies[7].id, false), sat::Status::Ok);
  ASSERT_EQ(world.setEnabled(bodies[7].id, true), sat::Status::Ok);
  std::vector<BodyId> got(400);
  int found = 0;
  for (int q = 0; q < 300; ++q) {
    Vec2 p{float(uni(rng, -32, 32)), float(uni(rng, -32, 32))};
    if (q % 2 == 0) p = bodies[size_t(q) % bodies.size()].xf.p + Vec2{float(uni(rng, -0.3, 0.3)), 0.0f};
    const float h = float(uni(rng, 0.1, 6));
    const sat::AABB box{{p.x - h, p.y - h}, {p.x + h, p.y + h}};
    int n = world.queryAABB(box, {}, got.data(), int(got.size()));
    std::set<BodyId> gotSet(got.begin(), got.begin() + n), want;
    for (const Body& b : bodies) {
      if (sat::overlaps(sat::computeAABB(b.shapes[0], b.xf), box)) want.insert(b.id);
    }
    ASSERT_EQ(gotSet, want) << "box " << q;
    n = world.queryPoint(p, {}, got.data(), int(got.size()));
    gotSet = std::set<BodyId>(got.begin(), got.begin() + n);
    want.clear();
    for (const Body& b : bodies) {
      if (sat::containsPoint(b.shapes[0], b.xf, p)) want.insert(b.id);
    }
    ASSERT_EQ(gotSet, want) << "point " << q;
    found += int(want.size());
    sat::RayCastInput ray;
    ray.origin = p;
    ray.translation = {float(uni(rng, -40, 40)), float(uni(rng, -40, 40))};
    std::set<BodyId> hitWant;
    float best = 2.0f;
    for (const Body& b : bodies) {
      sat::CastOutput out = sat::raycast(b.shapes[0], b.xf, ray);
      const bool inside = sat::containsPoint(b.shapes[0], b.xf, ray.origin);
      if (out.hit || inside) {
        hitWant.insert(b.id);
        best = std::min(best, inside ? 0.0f : out.fraction);
      }
    }
    std::vector<sat::RayHit> hits(200);
    n = world.raycastAll(ray, {}, hits.data(), int(hits.size()));
    std::set<BodyId> hitGot;
    for (int k = 0; k < n; ++k) hitGot.insert(hits[size_t(k)].body);
    ASSERT_EQ(hitGot, hitWant) << "ray " << q;
    sat::RayHit hit;
    ASSERT_EQ(world.raycastClosest(ray, {}, &hit), !hitWant.empty());
    if (!hitWant.empty()) {
      EXPECT_FLOAT_EQ(hit.fraction, best);
    }
  }
  EXPECT_GT(found, 100);
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldQueriesBeforeUpdate,
                         ::testing::Values(sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree,
                                           sat::BroadPhaseType::SortAndSweep));

// Regression: the residual after push-apart was measured only over the pairs that touched before the push, so an
// overlap the push itself created (B pushed out of the wall into C, a pair the broad phase had not seen) was not
// counted. Measured now after the push, over every pair, and checked here against the core's collide().
TEST(WorldPushApart, ResidualCountsOverlapsThePushCreated) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    opt.treeMargin = 0.0f;  // the tree's pair must not exist before the push either
    sat::World world(opt);
    sat::PushApartOptions push;
    push.enabled = true;
    push.iterations = 1;
    push.slop = 0.0f;
    world.setPushApart(push);
    sat::Polygon unit;
    ASSERT_EQ(sat::makeBox(1.0f, 1.0f, &unit), sat::Status::Ok);
    sat::BodyDef def;
    def.type = sat::BodyType::Static;
    BodyId wall, b, c;
    ASSERT_EQ(world.createBody(def, unit, &wall), sat::Status::Ok);
    def.type = sat::BodyType::Dynamic;
    def.x = 1.5f;  // overlaps the wall by 0.5
    ASSERT_EQ(world.createBody(def, unit, &b), sat::Status::Ok);
    def.x = 3.6f;  // 0.1 clear of b
    ASSERT_EQ(world.createBody(def, unit, &c), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    sat::Transform tb, tc;
    ASSERT_EQ(world.getTransform(b, &tb), sat::Status::Ok);
    ASSERT_EQ(world.getTransform(c, &tc), sat::Status::Ok);
    const sat::Manifold m = sat::collide(sat::Shape(unit), tb, sat::Shape(unit), tc);
    ASSERT_GT(m.pointCount, 0) << "the push should have moved b into c";
    EXPECT_EQ(world.stats().residualPairs, 1) << int(bp);
    EXPECT_NEAR(world.stats().residualDepth, m.depth, 1e-5f) << int(bp);
  }
}

}  // namespace

namespace {

// Push-apart relaxes the pairs the push itself creates within the same update: b pushed out of the wall into c is
// pushed out of c again (and so on) instead of being left there until the next update.
TEST(WorldPushApart, ResolvesOverlapsThePushCreatesInTheSameUpdate) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    opt.treeMargin = 0.0f;
    sat::World world(opt);
    sat::PushApartOptions push;
    push.enabled = true;
    push.iterations = 32;
    push.slop = 0.0f;
    world.setPushApart(push);
    sat::Polygon unit;
    ASSERT_EQ(sat::makeBox(1.0f, 1.0f, &unit), sat::Status::Ok);
    sat::BodyDef def;
    def.type = sat::BodyType::Static;
    BodyId wall, b, c;
    ASSERT_EQ(world.createBody(def, unit, &wall), sat::Status::Ok);
    def.type = sat::BodyType::Dynamic;
    def.x = 1.5f;
    ASSERT_EQ(world.createBody(def, unit, &b), sat::Status::Ok);
    def.x = 3.6f;
    ASSERT_EQ(world.createBody(def, unit, &c), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    sat::Transform tw, tb, tc;
    ASSERT_EQ(world.getTransform(wall, &tw), sat::Status::Ok);
    ASSERT_EQ(world.getTransform(b, &tb), sat::Status::Ok);
    ASSERT_EQ(world.getTransform(c, &tc), sat::Status::Ok);
    const sat::Shape s(unit);
    EXPECT_LT(sat::collide(s, tw, s, tb).depth, 1e-3f) << int(bp);
    const sat::Manifold bc = sat::collide(s, tb, s, tc);
    EXPECT_TRUE(bc.pointCount == 0 || bc.depth < 1e-3f) << int(bp);
    EXPECT_LT(world.stats().residualDepth, 1e-3f) << int(bp);
  }
}

// The settling figure of docs/world-api.md: 200 unit boxes (20 columns x 10 rows, spaced 1 - overlap, jittered) on a
// static floor, default push-apart (at most 24 iterations, slop 0.001); residual depth and push-apart time after
// each update. The residual must fall; with neighbours overlapping by 0.02 it is within 0.01 (1% of a box) by the
// fourth update.
TEST(WorldPushApart, PileOfTwoHundredBoxesSettles) {
  for (float overlap : {0.02f, 0.1f}) {
    Rng rng(1);
    sat::World world;
    sat::PushApartOptions push;
    push.enabled = true;
    world.setPushApart(push);
    sat::Polygon floor, unit;
    ASSERT_EQ(sat::makeBox(30.0f, 0.5f, &floor), sat::Status::Ok);
    ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &unit), sat::Status::Ok);
    sat::BodyDef fd;
    fd.type = sat::BodyType::Static;
    fd.y = -0.5f;
    BodyId id;
    ASSERT_EQ(world.createBody(fd, floor, &id), sat::Status::Ok);
    const float spacing = 1.0f - overlap, jitter = 1.5f * overlap;
    for (int r = 0; r < 10; ++r) {
      for (int c = 0; c < 20; ++c) {
        sat::BodyDef d;
        d.x = -9.5f + spacing * float(c) + float(uni(rng, -jitter, jitter));
        d.y = 0.5f - overlap + spacing * float(r) + float(uni(rng, -jitter, jitter));
        d.angle = float(uni(rng, -jitter, jitter));
        ASSERT_EQ(world.createBody(d, unit, &id), sat::Status::Ok);
      }
    }
    std::ostringstream figures, times;
    float first = 0.0f, fourth = 0.0f, last = 0.0f;
    for (int u = 1; u <= 16; ++u) {
      ASSERT_EQ(world.update(), sat::Status::Ok);
      last = world.stats().residualDepth;
      if (u == 1) first = last;
      if (u == 4) fourth = last;
      if (u <= 4 || u % 4 == 0) figures << " " << u << ": " << last;
      if (u <= 4) times << " " << world.stats().pushMs << " (" << world.stats().pushIterations << " sweeps)";
    }
    std::printf("[ settle   ] overlap %.2f, residual depth after update%s; push-apart ms, updates 1-4:%s\n",
                double(overlap), figures.str().c_str(), times.str().c_str());
    EXPECT_LT(last, 0.5f * first) << overlap;
    if (overlap == 0.02f) {
      EXPECT_LE(fourth, 0.01f);
    }
  }
}

// Push-apart stops as soon as a sweep moves nothing: a pair pushed apart in the first sweep costs one more sweep,
// not the whole budget; with no overlap at all, one sweep.
TEST(WorldPushApart, StopsWhenNothingOverlapsBeyondTheSlop) {
  auto sweepsFor = [](int iterations, float x) {
    sat::World world;
    sat::PushApartOptions push;
    push.enabled = true;
    push.iterations = iterations;
    world.setPushApart(push);
    sat::Polygon unit;
    EXPECT_EQ(sat::makeBox(0.5f, 0.5f, &unit), sat::Status::Ok);
    sat::BodyDef d;
    BodyId id;
    EXPECT_EQ(world.createBody(d, unit, &id), sat::Status::Ok);
    d.x = x;
    EXPECT_EQ(world.createBody(d, unit, &id), sat::Status::Ok);
    EXPECT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.stats().residualPairs, 0);
    EXPECT_EQ(world.stats().residualDepth, 0.0f);
    return world.stats().pushIterations;
  };
  EXPECT_EQ(sweepsFor(64, 0.8f), 2);
  EXPECT_EQ(sweepsFor(1, 0.8f), 1);
  EXPECT_EQ(sweepsFor(64, 0.9999f), 1);  // touching within the slop: nothing to push
}

}  // namespace

namespace {

// castShape, overlapShape and distance(a, b) against the core's per-shape queries over every body.
TEST(WorldShapeQueries, CastOverlapAndDistanceMatchPerShapeQueries) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    Rng rng(77);
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World world(opt);
    std::vector<Body> bodies;
    for (int i = 0; i < 120; ++i) {
      Body b;
      b.group = 1;
      b.sensor = false;
      b.shapes.push_back(sat::Shape(convex(rng, float(uni(rng, 0.3, 1.5)))));
      sat::BodyDef def;
      def.type = i % 4 == 0 ? sat::BodyType::Static : sat::BodyType::Dynamic;
      def.x = float(uni(rng, -25, 25));
      def.y = float(uni(rng, -25, 25));
      def.angle = float(uni(rng, -3, 3));
      ASSERT_EQ(world.createBody(def, b.shapes[0], &b.id), sat::Status::Ok);
      ASSERT_EQ(world.getTransform(b.id, &b.xf), sat::Status::Ok);
      bodies.push_back(b);
    }
    ASSERT_EQ(world.update(), sat::Status::Ok);
    int casts = 0, overlapsFound = 0;
    for (int q = 0; q < 150; ++q) {
      const sat::Shape probe(convex(rng, float(uni(rng, 0.3, 1.2))));
      const sat::Transform pxf = sat::makeTransform(float(uni(rng, -25, 25)), float(uni(rng, -25, 25)),
                                                    float(uni(rng, -3, 3)));
      // overlapShape: the set, and each entry's depth against collide() of its part.
      std::vector<sat::ShapeOverlap> got(200);
      const int n = world.overlapShape(probe, pxf, {}, got.data(), int(got.size()));
      std::set<BodyId> want, gotSet;
      for (const Body& b : bodies) {
        if (sat::overlap(probe, pxf, b.shapes[0], b.xf)) want.insert(b.id);
      }
      for (int k = 0; k < n; ++k) {
        gotSet.insert(got[size_t(k)].body);
        const Body* b = nullptr;
        for (const Body& x : bodies) {
          if (x.id == got[size_t(k)].body) b = &x;
        }
        ASSERT_NE(b, nullptr);
        const sat::Manifold m = sat::collide(probe, pxf, b->shapes[0], b->xf);
        EXPECT_FLOAT_EQ(got[size_t(k)].depth, std::max(m.depth, 0.0f));
        EXPECT_EQ(got[size_t(k)].normal.x, m.normal.x);
      }
      ASSERT_EQ(gotSet, want) << q;
      overlapsFound += n;
      // castShape: the earliest hit among the bodies, checked with the core's distance at the reported fraction.
      const Vec2 move{float(uni(rng, -15, 15)), float(uni(rng, -15, 15))};
      sat::RayHit hit;
      const bool any = world.castShape(probe, pxf, move, {}, &hit);
      float earliest = 2.0f;
      for (const Body& b : bodies) {
        if (sat::overlap(probe, pxf, b.shapes[0], b.xf)) {
          earliest = 0.0f;
          continue;
        }
        // Coarse reference: the first of 400 steps at which the shapes overlap.
        for (int step = 1; step <= 400; ++step) {
          sat::Transform t = pxf;
          t.p = pxf.p + (float(step) / 400.0f) * move;
          if (sat::overlap(probe, t, b.shapes[0], b.xf)) {
            earliest = std::min(earliest, float(step) / 400.0f);
            break;
          }
        }
      }
      if (earliest > 1.0f) {
        // Nothing within the sweep at the reference's resolution: a hit, if any, must be a graze (the shapes come
        // within a step's travel of each other there).
        if (any) {
          sat::Transform t = pxf;
          t.p = pxf.p + hit.fraction * move;
          for (const Body& b : bodies) {
            if (b.id == hit.body) {
              EXPECT_LT(sat::distance(probe, t, b.shapes[0], b.xf).distance, sat::length(move) / 400.0f + 1e-3f);
            }
          }
        }
        continue;
      }
      ASSERT_TRUE(any) << q;
      ++casts;
      if (earliest == 0.0f) {
        EXPECT_EQ(hit.fraction, 0.0f);
        continue;
      }
      EXPECT_LE(hit.fraction, earliest + 1e-4f) << q;
      EXPECT_GE(hit.fraction, earliest - 1.0f / 400.0f - 1e-4f) << q;
      EXPECT_NEAR(sat::length(hit.normal), 1.0f, 1e-4f);
    }
    EXPECT_GT(casts, 30);
    EXPECT_GT(overlapsFound, 10);
    // distance(a, b) against the core's distance of their shapes.
    for (int q = 0; q < 100; ++q) {
      const Body& a = bodies[size_t(q) % bodies.size()];
      const Body& b = bodies[size_t(q * 7 + 3) % bodies.size()];
      sat::BodyDistance d;
      ASSERT_EQ(world.distance(a.id, b.id, &d), sat::Status::Ok);
      const sat::DistanceOutput r = sat::distance(a.shapes[0], a.xf, b.shapes[0], b.xf);
      EXPECT_EQ(d.distance, r.distance);
      EXPECT_EQ(d.pointA.x, r.pointA.x);
      EXPECT_EQ(d.pointB.y, r.pointB.y);
    }
    sat::BodyDistance d;
    EXPECT_EQ(world.distance(bodies[0].id, 9999, &d), sat::kStatusUnknownBody);
  }
}

}  // namespace
