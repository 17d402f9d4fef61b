// World3 in-place edits: a hull rebuilt from moved points and a body's shapes replaced keep the id, keep a pair that
// still touches as a stay, and give the contact the narrow phase gives the new shape (checked by collide() on a hull
// made independently from the same points).
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "random3.h"
#include "sat/3d/world3.h"

using namespace testing_sat3;
using sat::BodyId;
using sat::Status;

namespace {

std::vector<sat::Vec3> cloud(std::mt19937& rng, int n, float radius) {
  std::vector<sat::Vec3> pts;
  for (int i = 0; i < n; ++i) {
    // In a shell 0.1 thick: some points inside, so that 256 of them make fewer than kMaxHullVertices vertices.
    pts.push_back(sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}) *
                  (radius * uni(rng, 0.9f, 1.0f)));
  }
  return pts;
}

struct Scene {
  sat::World3 world;
  BodyId floor = 0, rock = 0;
  sat::Transform3 rockXf{};
};

// A static slab whose top is y = 0 and a rock of radius 0.45 to 0.5 whose centre is 0.4 above it.
void build(Scene& s, const std::vector<sat::Vec3>& pts) {
  sat::Box3 slab;
  ASSERT_EQ(sat::makeBox({5.0f, 0.5f, 5.0f}, &slab), Status::Ok);
  sat::BodyDef3 fd;
  fd.type = sat::BodyType::Static;
  fd.transform.p = {0.0f, -0.5f, 0.0f};
  ASSERT_EQ(s.world.createBody(fd, sat::Shape3(slab), &s.floor), Status::Ok);
  sat::Hull3 hull;
  ASSERT_EQ(sat::makeHull(pts.data(), int(pts.size()), &hull, sat::kMaxHullVertices), Status::Ok);
  sat::BodyDef3 rd;
  rd.transform.p = {0.0f, 0.4f, 0.0f};
  s.rockXf = rd.transform;
  ASSERT_EQ(s.world.createBody(rd, sat::Shape3(hull), &s.rock), Status::Ok);
  ASSERT_EQ(s.world.update(), Status::Ok);
  ASSERT_EQ(s.world.beginCount(), 1);
}

TEST(World3Edit, RebuiltHullKeepsItsIdAndAStillTouchingPairStays) {
  std::mt19937 rng(11);
  for (int n : {64, 256}) {
    Scene s;
    build(s, cloud(rng, n, 0.5f));
    if (HasFatalFailure()) return;
    const std::vector<sat::Vec3> grown = cloud(rng, n, 0.55f);
    ASSERT_EQ(s.world.rebuildHull(s.rock, 0, grown.data(), n, sat::kMaxHullVertices), Status::Ok);
    EXPECT_TRUE(s.world.isAlive(s.rock));
    ASSERT_EQ(s.world.update(), Status::Ok);
    EXPECT_EQ(s.world.beginCount(), 0) << n;
    EXPECT_EQ(s.world.endCount(), 0) << n;
    ASSERT_EQ(s.world.stayCount(), 1) << n;
    ASSERT_EQ(s.world.contactCount(), 1);
    // The oracle: the hull of the same points made on its own, collided directly.
    sat::Hull3 expected;
    ASSERT_EQ(sat::makeHull(grown.data(), n, &expected, sat::kMaxHullVertices), Status::Ok);
    sat::Box3 slab;
    ASSERT_EQ(sat::makeBox({5.0f, 0.5f, 5.0f}, &slab), Status::Ok);
    sat::Transform3 floorXf;
    floorXf.p = {0.0f, -0.5f, 0.0f};
    const sat::Manifold3 m = sat::collide(sat::Shape3(slab), floorXf, sat::Shape3(expected), s.rockXf);
    const sat::Contact3& c = s.world.contacts()[0];
    EXPECT_EQ(c.depth, m.depth);
    EXPECT_EQ(c.normal, m.normal);
    EXPECT_EQ(int(c.pointCount), m.pointCount);
    EXPECT_EQ(s.world.shape(s.rock, 0)->hull.vertexCount(), expected.vertexCount());

    // Shrunk out of reach: the pair ends.
    const std::vector<sat::Vec3> small = cloud(rng, n, 0.2f);
    ASSERT_EQ(s.world.rebuildHull(s.rock, 0, small.data(), n, sat::kMaxHullVertices), Status::Ok);
    ASSERT_EQ(s.world.update(), Status::Ok);
    EXPECT_EQ(s.world.endCount(), 1);
    EXPECT_EQ(s.world.contactCount(), 0);
    EXPECT_TRUE(s.world.validate());
  }
}

TEST(World3Edit, SetShapesChangesTheShapeCountAndKeepsThePair) {
  std::mt19937 rng(12);
  Scene s;
  build(s, cloud(rng, 32, 0.5f));
  if (HasFatalFailure()) return;
  sat::Sphere ball;
  ASSERT_EQ(sat::makeSphere({}, 0.3f, &ball), Status::Ok);
  sat::Box3 cube;
  ASSERT_EQ(sat::makeBox({0.5f, 0.5f, 0.5f}, &cube), Status::Ok);
  sat::ShapeDef3 parts[2];
  parts[0].shape = sat::Shape3(ball);
  parts[0].offset = {0.0f, 1.0f, 0.0f};  // clear of the floor
  parts[1].shape = sat::Shape3(cube);    // 0.1 into the floor
  ASSERT_EQ(s.world.setShapes(s.rock, parts, 2), Status::Ok);
  EXPECT_EQ(s.world.shapeCount(s.rock), 2);
  ASSERT_EQ(s.world.update(), Status::Ok);
  ASSERT_EQ(s.world.stayCount(), 1);
  ASSERT_EQ(s.world.contactCount(), 1);
  const sat::Contact3& c = s.world.contacts()[0];
  EXPECT_EQ(c.shapeB, 1);  // the cube touches
  EXPECT_NEAR(c.depth, 0.1f, 1e-5f);
  EXPECT_TRUE(s.world.validate());
  // Back to one shape: the pair's caches shrink with it.
  ASSERT_EQ(s.world.setShapes(s.rock, parts, 1), Status::Ok);
  ASSERT_EQ(s.world.update(), Status::Ok);
  EXPECT_EQ(s.world.endCount(), 1);
  EXPECT_TRUE(s.world.validate());
}

TEST(World3Edit, BadEditsChangeNothing) {
  std::mt19937 rng(13);
  Scene s;
  build(s, cloud(rng, 32, 0.5f));
  if (HasFatalFailure()) return;
  const int vertices = s.world.shape(s.rock, 0)->hull.vertexCount();
  const sat::Vec3 three[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  EXPECT_EQ(s.world.rebuildHull(s.rock, 0, three, 3), Status::TooFewPoints);
  const std::vector<sat::Vec3> flat = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5f, 0.2f, 0}};
  EXPECT_EQ(s.world.rebuildHull(s.rock, 0, flat.data(), int(flat.size())), Status::Coplanar);
  const std::vector<sat::Vec3> ok = cloud(rng, 16, 0.5f);
  EXPECT_EQ(s.world.rebuildHull(s.rock, 1, ok.data(), 16), Status::InvalidArgument);
  EXPECT_EQ(s.world.rebuildHull(s.rock, -1, ok.data(), 16), Status::InvalidArgument);
  EXPECT_EQ(s.world.setShapes(s.rock, nullptr, 1), Status::InvalidArgument);
  sat::ShapeDef3 bad;
  bad.shape = s.world.shape(s.rock, 0)->hull;
  bad.rotation = {0.0f, 0.0f, 0.0f, 2.0f};
  EXPECT_EQ(s.world.setShapes(s.rock, &bad, 1), Status::InvalidTransform);
  EXPECT_EQ(s.world.shape(s.rock, 0)->hull.vertexCount(), vertices);
  ASSERT_EQ(s.world.update(), Status::Ok);
  EXPECT_EQ(s.world.stayCount(), 1);  // still the same body, still touching
  ASSERT_EQ(s.world.destroyBody(s.rock), Status::Ok);
  EXPECT_EQ(s.world.rebuildHull(s.rock, 0, ok.data(), 16), sat::kStatusRemovedBody);
}

}  // namespace
