// World part events (World::partBeginEvents / partEndEvents) against brute force: every frame the set of touching
// part pairs is recomputed with sat::collide over all part pairs of all body pairs, and the world's part begins and
// ends must be exactly what entered and left that set.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "sat/sat.h"
#include "sat/world.h"

namespace {

using sat::BodyId;
using sat::Vec2;
using Rng = std::mt19937;
using PartPair = std::tuple<BodyId, int, BodyId, int>;  // smaller id first

double uni(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

struct Body {
  BodyId id = 0;
  std::vector<sat::Shape> parts;  // body-frame shapes (offsets baked in by hand)
  sat::Transform xf;
  bool isStatic = false;
};

sat::Shape makePart(Rng& rng, Vec2 offset) {
  if (uni(rng, 0, 1) < 0.3) {
    sat::Circle c;
    sat::makeCircle(offset, float(uni(rng, 0.3, 0.8)), &c);
    return c;
  }
  const float hx = float(uni(rng, 0.2, 0.9)), hy = float(uni(rng, 0.2, 0.9));
  const Vec2 pts[4] = {offset + Vec2{-hx, -hy}, offset + Vec2{hx, -hy}, offset + Vec2{hx, hy}, offset + Vec2{-hx, hy}};
  sat::Polygon p;
  sat::makePolygon(pts, 4, &p);
  return p;
}

PartPair ordered(BodyId a, int sa, BodyId b, int sb) {
  return a < b ? PartPair{a, sa, b, sb} : PartPair{b, sb, a, sa};
}

std::set<PartPair> bruteForce(const std::vector<Body>& bodies) {
  std::set<PartPair> out;
  for (size_t i = 0; i < bodies.size(); ++i) {
    for (size_t j = i + 1; j < bodies.size(); ++j) {
      const Body& a = bodies[i];
      const Body& b = bodies[j];
      if (a.isStatic && b.isStatic) continue;
      for (size_t sa = 0; sa < a.parts.size(); ++sa) {
        for (size_t sb = 0; sb < b.parts.size(); ++sb) {
          if (sat::collide(a.parts[sa], a.xf, b.parts[sb], b.xf).pointCount > 0) {
            out.insert(ordered(a.id, int(sa), b.id, int(sb)));
          }
        }
      }
    }
  }
  return out;
}

std::set<PartPair> eventSet(const sat::PartEvent* events, int count) {
  std::set<PartPair> out;
  for (int k = 0; k < count; ++k) out.insert(ordered(events[k].a, events[k].shapeA, events[k].b, events[k].shapeB));
  return out;
}

class WorldPartEvents : public ::testing::TestWithParam<sat::BroadPhaseType> {};

TEST_P(WorldPartEvents, MatchBruteForceWithAddsAndRemoves) {
  Rng rng(2024);
  sat::WorldOptions opt;
  opt.broadPhase = GetParam();
  sat::World world(opt);
  std::vector<Body> bodies;
  auto add = [&](bool isStatic) {
    Body b;
    b.isStatic = isStatic;
    const int count = 1 + int(uni(rng, 0, 3));  // 1 to 3 parts
    std::vector<sat::ShapeDef> defs;
    for (int k = 0; k < count; ++k) {
      b.parts.push_back(makePart(rng, Vec2{float(1.2 * k), float(uni(rng, -0.5, 0.5))}));
      sat::ShapeDef d;
      d.shape = b.parts.back();
      defs.push_back(d);
    }
    sat::BodyDef def;
    def.type = isStatic ? sat::BodyType::Static : sat::BodyType::Dynamic;
    def.x = float(uni(rng, -8, 8));
    def.y = float(uni(rng, -8, 8));
    def.angle = float(uni(rng, -3, 3));
    ASSERT_EQ(world.createBody(def, defs.data(), int(defs.size()), &b.id), sat::Status::Ok);
    b.xf = sat::makeTransform(def.x, def.y, def.angle);
    bodies.push_back(b);
  };
  for (int i = 0; i < 60; ++i) add(i % 8 == 0);
  std::set<PartPair> touching;
  int begins = 0, ends = 0, compoundStays = 0;
  for (int frame = 0; frame < 120; ++frame) {
    // Small moves, so that part pairs of touching bodies begin and end while their bodies keep touching.
    for (Body& b : bodies) {
      if (b.isStatic) continue;
      b.xf = sat::makeTransform(b.xf.p.x + float(uni(rng, -0.3, 0.3)), b.xf.p.y + float(uni(rng, -0.3, 0.3)),
                                sat::angleOf(b.xf.q) + float(uni(rng, -0.2, 0.2)));
      b.xf.p.x = std::clamp(b.xf.p.x, -9.0f, 9.0f);
      b.xf.p.y = std::clamp(b.xf.p.y, -9.0f, 9.0f);
      ASSERT_EQ(world.setTransform(b.id, b.xf), sat::Status::Ok);
    }
    std::set<BodyId> removed;
    if (frame % 10 == 5) {  // remove two bodies, add two
      for (int k = 0; k < 2; ++k) {
        const size_t at = size_t(uni(rng, 0, double(bodies.size())));
        removed.insert(bodies[at].id);
        ASSERT_EQ(world.destroyBody(bodies[at].id), sat::Status::Ok);
        bodies.erase(bodies.begin() + std::ptrdiff_t(at));
      }
      add(false);
      add(false);
    }
    ASSERT_EQ(world.update(), sat::Status::Ok);
    for (Body& b : bodies) ASSERT_EQ(world.getTransform(b.id, &b.xf), sat::Status::Ok);
    const std::set<PartPair> now = bruteForce(bodies);
    std::set<PartPair> wantBegin, wantEnd;
    std::set_difference(now.begin(), now.end(), touching.begin(), touching.end(),
                        std::inserter(wantBegin, wantBegin.end()));
    std::set_difference(touching.begin(), touching.end(), now.begin(), now.end(),
                        std::inserter(wantEnd, wantEnd.end()));
    const std::set<PartPair> gotBegin = eventSet(world.partBeginEvents(), world.partBeginCount());
    const std::set<PartPair> gotEnd = eventSet(world.partEndEvents(), world.partEndCount());
    ASSERT_EQ(size_t(world.partBeginCount()), gotBegin.size()) << "frame " << frame << ": duplicate part begins";
    ASSERT_EQ(size_t(world.partEndCount()), gotEnd.size()) << "frame " << frame << ": duplicate part ends";
    ASSERT_EQ(gotBegin, wantBegin) << "frame " << frame;
    ASSERT_EQ(gotEnd, wantEnd) << "frame " << frame;
    // Order: by body pair as the body events, then by part indices; every body begin has a part begin of its
    // pair and every body end ends all of its pair's parts.
    for (int k = 1; k < world.partBeginCount(); ++k) {
      const sat::PartEvent& x = world.partBeginEvents()[k - 1];
      const sat::PartEvent& y = world.partBeginEvents()[k];
      if (x.a == y.a && x.b == y.b) {
        EXPECT_LT(std::make_pair(x.shapeA, x.shapeB), std::make_pair(y.shapeA, y.shapeB));
      }
    }
    for (int k = 0; k < world.beginCount(); ++k) {
      const sat::BodyPair e = world.beginEvents()[k];
      const bool found = std::any_of(wantBegin.begin(), wantBegin.end(), [&](const PartPair& p) {
        return ordered(e.a, 0, e.b, 0) == ordered(std::get<0>(p), 0, std::get<2>(p), 0);
      });
      EXPECT_TRUE(found) << "body begin without a part begin, frame " << frame;
    }
    begins += world.partBeginCount();
    ends += world.partEndCount();
    for (int k = 0; k < world.contactCount(); ++k) {
      if (world.contacts()[k].shapeContactCount > 1) ++compoundStays;
    }
    touching = now;
    (void)removed;
  }
  // The scene exercised what it is for: many part events, and body pairs touching by several parts at once.
  EXPECT_GT(begins, 200);
  EXPECT_GT(ends, 200);
  EXPECT_GT(compoundStays, 50);
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldPartEvents,
                         ::testing::Values(sat::BroadPhaseType::Grid, sat::BroadPhaseType::SortAndSweep,
                                           sat::BroadPhaseType::Tree));

// A body edited in place from one part to three (setShapes) keeps its body contact: its part (0, 0) stays if it
// still touches, and the new parts that touch begin; back to one part, the others end.
TEST(WorldPartEventsEdit, SetShapesKeepsTouchingPartsAndReportsTheRest) {
  sat::World world;
  sat::Polygon floorBox, unit;
  const Vec2 floorPts[4] = {{-10, -1}, {10, -1}, {10, 0}, {-10, 0}};
  ASSERT_EQ(sat::makePolygon(floorPts, 4, &floorBox), sat::Status::Ok);
  const Vec2 unitPts[4] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
  ASSERT_EQ(sat::makePolygon(unitPts, 4, &unit), sat::Status::Ok);
  sat::BodyDef fd;
  fd.type = sat::BodyType::Static;
  BodyId floorId, box;
  ASSERT_EQ(world.createBody(fd, sat::Shape(floorBox), &floorId), sat::Status::Ok);
  sat::BodyDef bd;
  bd.y = 0.4f;  // overlaps the floor by 0.1
  ASSERT_EQ(world.createBody(bd, sat::Shape(unit), &box), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.partBeginCount(), 1);
  EXPECT_EQ(world.partBeginEvents()[0].shapeA, 0);
  EXPECT_EQ(world.partBeginEvents()[0].shapeB, 0);
  // Three parts: the first as before, one beside it on the floor, one above in the air.
  sat::ShapeDef parts[3];
  parts[0].shape = unit;
  parts[1].shape = unit;
  parts[1].offset = {2.0f, 0.0f};
  parts[2].shape = unit;
  parts[2].offset = {0.0f, 3.0f};
  ASSERT_EQ(world.setShapes(box, parts, 3), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount(), 0);
  EXPECT_EQ(world.stayCount(), 1);
  ASSERT_EQ(world.partBeginCount(), 1);
  const sat::PartEvent e = world.partBeginEvents()[0];
  EXPECT_EQ(e.a == box ? e.shapeA : e.shapeB, 1);  // the new part on the floor
  EXPECT_EQ(world.partEndCount(), 0);
  // Back to one part: part 1 ends, part 0 stays, the body pair stays.
  ASSERT_EQ(world.setShapes(box, parts, 1), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.stayCount(), 1);
  EXPECT_EQ(world.partBeginCount(), 0);
  ASSERT_EQ(world.partEndCount(), 1);
  const sat::PartEvent f = world.partEndEvents()[0];
  EXPECT_EQ(f.a == box ? f.shapeA : f.shapeB, 1);
  // Removing the box ends the one part pair left.
  ASSERT_EQ(world.destroyBody(box), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.endCount(), 1);
  ASSERT_EQ(world.partEndCount(), 1);
  EXPECT_EQ(world.partEndEvents()[0].shapeA, 0);
  EXPECT_EQ(world.partEndEvents()[0].shapeB, 0);
}

}  // namespace
