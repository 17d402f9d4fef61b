// World3 CCD: bullets against thin walls, checked against an independent sweep that samples the motion densely and
// bisects the first overlap with the narrow phase's overlap() (no distance(), no conservative advancement).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "random3.h"
#include "sat/3d/world3.h"

using namespace testing_sat3;
using sat::BodyId;
using sat::Status;

namespace {

sat::Transform3 at(sat::Vec3 p, sat::Quat q = {}, sat::Vec3 scale = {1.0f, 1.0f, 1.0f}) {
  sat::Transform3 x;
  x.p = p;
  x.q = q;
  x.scale = scale;
  return x;
}

// The same motion the world sweeps: position and scale linear, rotation along the shortest arc.
sat::Transform3 along(const sat::Transform3& x0, const sat::Transform3& x1, double t) {
  sat::Quat d = sat::invMul(x0.q, x1.q);
  if (d.w < 0.0f) d = {-d.x, -d.y, -d.z, -d.w};
  const double s = std::sqrt(double(d.x) * d.x + double(d.y) * d.y + double(d.z) * d.z);
  sat::Transform3 x = x1;
  x.p = sat::lerp(x0.p, x1.p, float(t));
  x.scale = sat::lerp(x0.scale, x1.scale, float(t));
  if (s > 1e-7) {
    const double half = t * std::atan2(s, double(d.w));  // half of t * angle
    const double k = std::sin(half) / s;
    const sat::Quat step{float(d.x * k), float(d.y * k), float(d.z * k), float(std::cos(half))};
    x.q = sat::normalize(sat::mul(x0.q, step));
  } else {
    x.q = x0.q;
  }
  return x;
}

// First t in [0, 1] at which the moving shape overlaps the still one: 4,000 samples, then bisection. 2 for none.
double firstOverlap(const sat::Shape3& moving, const sat::Transform3& x0, const sat::Transform3& x1,
                    const sat::Shape3& still, const sat::Transform3& xs) {
  constexpr int kSamples = 4000;
  double prev = 0.0;
  for (int i = 1; i <= kSamples; ++i) {
    const double t = double(i) / kSamples;
    if (sat::overlap(moving, along(x0, x1, t), still, xs)) {
      double lo = prev, hi = t;
      for (int k = 0; k < 30; ++k) {
        const double mid = 0.5 * (lo + hi);
        (sat::overlap(moving, along(x0, x1, mid), still, xs) ? hi : lo) = mid;
      }
      return hi;
    }
    prev = t;
  }
  return 2.0;
}

struct Shot {
  sat::World3 world;
  BodyId wall = 0, bullet = 0;
};

// A thin static wall (0.01 thick) across the x axis at x = 0, and a body at x0 to be moved to x1.
void setUp(Shot& s, const sat::Shape3& shape, const sat::Transform3& x0, bool bullet) {
  sat::Box3 wall;
  ASSERT_EQ(sat::makeBox({0.005f, 3.0f, 3.0f}, &wall), Status::Ok);
  sat::BodyDef3 wd;
  wd.type = sat::BodyType::Static;
  ASSERT_EQ(s.world.createBody(wd, sat::Shape3(wall), &s.wall), Status::Ok);
  sat::BodyDef3 bd;
  bd.transform = x0;
  bd.bullet = bullet;
  ASSERT_EQ(s.world.createBody(bd, shape, &s.bullet), Status::Ok);
  ASSERT_EQ(s.world.update(), Status::Ok);
  ASSERT_EQ(s.world.contactCount(), 0);
}

TEST(World3Ccd, BulletStopsAtAThinWallThatAPlainBodyTunnels) {
  sat::Sphere ball;
  ASSERT_EQ(sat::makeSphere({}, 0.1f, &ball), Status::Ok);
  for (bool bullet : {false, true}) {
    Shot s;
    setUp(s, ball, at({-5.0f, 0.2f, 0.0f}), bullet);
    ASSERT_EQ(s.world.setTransform(s.bullet, at({5.0f, 0.2f, 0.0f})), Status::Ok);
    ASSERT_EQ(s.world.update(), Status::Ok);
    EXPECT_EQ(s.world.stats().sweptBodies, bullet ? 1 : 0);
    if (!bullet) {
      EXPECT_EQ(s.world.beginCount(), 0);  // the plain body jumped through the wall
      continue;
    }
    ASSERT_EQ(s.world.beginCount(), 1);
    ASSERT_EQ(s.world.contactCount(), 1);
    const sat::Contact3& c = s.world.contacts()[0];
    EXPECT_EQ(c.flags, sat::kContactBegan | sat::kContactSwept);
    EXPECT_EQ(c.pointCount, 1);
    // A is the wall (smaller slot): the normal points from the wall to the ball, -x.
    EXPECT_NEAR(c.normal.x, -1.0f, 1e-4f);
    EXPECT_LE(c.depth, 0.0f);
    EXPECT_GT(c.depth, -1e-3f);
    sat::Transform3 xf;
    ASSERT_EQ(s.world.getTransform(s.bullet, &xf), Status::Ok);
    EXPECT_NEAR(xf.p.x, -0.105f, 1e-3f);  // touching the wall's near face
    EXPECT_LE(xf.p.x, -0.105f);           // and not past it
    float buffer[sat::kTransform3Stride];
    std::copy_n(s.world.transformBuffer() + sat::body3Slot(s.bullet) * sat::kTransform3Stride, sat::kTransform3Stride,
                buffer);
    EXPECT_EQ(buffer[0], xf.p.x);  // the buffer holds the stopped pose

    // Not moved again: the swept contact is not kept, the pair is tested again and ends.
    ASSERT_EQ(s.world.update(), Status::Ok);
    EXPECT_EQ(s.world.endCount(), 1);
    EXPECT_EQ(s.world.contactCount(), 0);
  }
}

// A bullet added overlapping the wall and moved before its first update: its sweep starts where it was created,
// in the wall. The rule that a sweep ignores what it touches at its start (the last update reported that pair)
// had it report nothing; a bullet no update has seen yet hits that wall at time 0, stays where it was created
// and the pair begins. The next update saw it there: it moves out freely and the pair ends.
TEST(World3Ccd, BulletAddedInTheWallAndMovedBeforeItsFirstUpdateHitsIt) {
  sat::Sphere ball;
  ASSERT_EQ(sat::makeSphere({}, 0.1f, &ball), Status::Ok);
  for (float to : {-3.0f, 3.0f}) {  // back out, and through to the other side
    sat::World3 world;
    sat::Box3 wall;
    ASSERT_EQ(sat::makeBox({0.005f, 3.0f, 3.0f}, &wall), Status::Ok);
    sat::BodyDef3 wd;
    wd.type = sat::BodyType::Static;
    BodyId wallId, bullet;
    ASSERT_EQ(world.createBody(wd, sat::Shape3(wall), &wallId), Status::Ok);
    sat::BodyDef3 bd;
    bd.transform = at({-0.05f, 0.0f, 0.0f});  // the ball overlaps the wall
    bd.bullet = true;
    ASSERT_EQ(world.createBody(bd, ball, &bullet), Status::Ok);
    ASSERT_EQ(world.setTransform(bullet, at({to, 0.0f, 0.0f})), Status::Ok);
    ASSERT_EQ(world.update(), Status::Ok);
    ASSERT_EQ(world.beginCount(), 1) << "to " << to;
    EXPECT_GT(world.contacts()[0].depth, 0.0f);
    sat::Transform3 xf;
    ASSERT_EQ(world.getTransform(bullet, &xf), Status::Ok);
    EXPECT_EQ(xf.p.x, -0.05f);  // stayed where it was created
    ASSERT_EQ(world.setTransform(bullet, at({to, 0.0f, 0.0f})), Status::Ok);
    ASSERT_EQ(world.update(), Status::Ok);
    ASSERT_EQ(world.getTransform(bullet, &xf), Status::Ok);
    EXPECT_EQ(xf.p.x, to);
    EXPECT_EQ(world.endCount(), 1);
  }
}

TEST(World3Ccd, TeleportIsNotSwept) {
  sat::Sphere ball;
  ASSERT_EQ(sat::makeSphere({}, 0.1f, &ball), Status::Ok);
  Shot s;
  setUp(s, ball, at({-5.0f, 0.0f, 0.0f}), true);
  ASSERT_EQ(s.world.setTransform(s.bullet, at({5.0f, 0.0f, 0.0f}), true), Status::Ok);
  ASSERT_EQ(s.world.update(), Status::Ok);
  EXPECT_EQ(s.world.stats().sweptBodies, 0);
  EXPECT_EQ(s.world.contactCount(), 0);
  // The flag lasts one update: the next move is swept again.
  ASSERT_EQ(s.world.setTransform(s.bullet, at({-5.0f, 0.0f, 0.0f})), Status::Ok);
  ASSERT_EQ(s.world.update(), Status::Ok);
  EXPECT_EQ(s.world.stats().sweptBodies, 1);
  EXPECT_EQ(s.world.beginCount(), 1);
}

TEST(World3Ccd, BulletFlagRules) {
  sat::World3 w;
  sat::Sphere ball;
  ASSERT_EQ(sat::makeSphere({}, 0.5f, &ball), Status::Ok);
  sat::BodyDef3 d;
  d.type = sat::BodyType::Static;
  d.bullet = true;
  BodyId id = 0;
  EXPECT_EQ(w.createBody(d, ball, &id), Status::InvalidArgument);
  EXPECT_EQ(w.bodyCount(), 0);
  d.bullet = false;
  ASSERT_EQ(w.createBody(d, ball, &id), Status::Ok);
  EXPECT_EQ(w.setBullet(id, true), Status::InvalidArgument);
  ASSERT_EQ(w.setType(id, sat::BodyType::Kinematic), Status::Ok);
  EXPECT_EQ(w.setBullet(id, true), Status::Ok);
  ASSERT_EQ(w.setType(id, sat::BodyType::Static), Status::Ok);
  // Static again: no longer a bullet, so moving it is not swept.
  ASSERT_EQ(w.setTransform(id, at({3.0f, 0.0f, 0.0f})), Status::Ok);
  ASSERT_EQ(w.update(), Status::Ok);
  EXPECT_EQ(w.stats().sweptBodies, 0);
  EXPECT_EQ(w.setBullet(id + 1, true), sat::kStatusUnknownBody);
}

// Random shapes shot through the wall with random rotation and scale change on the way: wherever the dense sweep
// finds a first overlap, the world stops the bullet no later than that and not inside the wall.
TEST(World3Ccd, StopsNoLaterThanADenseSweepAndNeverInside) {
  std::mt19937 rng(2024);
  int hits = 0, misses = 0;
  const int cases = 60 * SAT3D_TEST_SCALE / 100 + 10;
  for (int n = 0; n < cases; ++n) {
    sat::Shape3 shape;
    switch (n % 4) {
      case 0: shape = sat::Shape3(randomHull(rng, 8 + int(rng() % 12))); break;
      case 1: {
        sat::Box3 b;
        ASSERT_EQ(sat::makeBox({uni(rng, 0.05f, 0.5f), uni(rng, 0.05f, 0.5f), uni(rng, 0.05f, 0.5f)}, &b), Status::Ok);
        shape = sat::Shape3(b);
        break;
      }
      case 2: {
        sat::Capsule3 c;
        ASSERT_EQ(sat::makeCapsule({0.0f, -0.4f, 0.0f}, {0.0f, 0.4f, 0.0f}, 0.1f, &c), Status::Ok);
        shape = sat::Shape3(c);
        break;
      }
      default: {
        sat::Sphere sp;
        ASSERT_EQ(sat::makeSphere({uni(rng, -0.3f, 0.3f), 0.0f, 0.0f}, 0.15f, &sp), Status::Ok);
        shape = sat::Shape3(sp);
      }
    }
    const float size = 0.3f;  // randomHull spans up to 5 units: scale it down to fit beside the wall
    const sat::Vec3 s0 = n % 4 == 0 ? sat::Vec3{size, size, size} : sat::Vec3{1.0f, 1.0f, 1.0f};
    const sat::Vec3 s1 = rng() % 3 == 0 ? sat::mulComponents(s0, {uni(rng, 0.7f, 1.4f), uni(rng, 0.7f, 1.4f), 1.0f}) : s0;
    sat::Transform3 x0 = at({uni(rng, -6.0f, -3.0f), uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f)}, randomQuat(rng), s0);
    sat::Transform3 x1 = at({uni(rng, 3.0f, 6.0f), uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f)}, randomQuat(rng), s1);
    if (n % 5 == 4) {  // every fifth passes beside the wall (|y| <= 3), farther than any shape reaches (under 4)
      x1.p.y = x0.p.y = 8.0f + uni(rng, 0.0f, 2.0f);
    }

    Shot s;
    setUp(s, shape, x0, true);
    if (testing::Test::HasFatalFailure()) return;
    sat::Box3 wallBox;
    ASSERT_EQ(sat::makeBox({0.005f, 3.0f, 3.0f}, &wallBox), Status::Ok);
    const sat::Shape3 wall(wallBox);
    const double expected = firstOverlap(shape, x0, x1, wall, at({}));
    ASSERT_EQ(s.world.setTransform(s.bullet, x1), Status::Ok);
    ASSERT_EQ(s.world.update(), Status::Ok);
    sat::Transform3 xf;
    ASSERT_EQ(s.world.getTransform(s.bullet, &xf), Status::Ok);
    const double t = double(xf.p.x - x0.p.x) / double(x1.p.x - x0.p.x);  // position is linear in t
    if (expected > 1.0) {
      ++misses;
      EXPECT_EQ(s.world.contactCount(), 0) << n;
      EXPECT_EQ(xf.p.x, x1.p.x) << n;
      continue;
    }
    ++hits;
    ASSERT_EQ(s.world.contactCount(), 1) << n << " expected toi " << expected;
    EXPECT_TRUE(s.world.contacts()[0].flags & sat::kContactSwept) << n;
    EXPECT_LE(t, expected + 1e-5) << n;                     // not later than the first overlap
    EXPECT_GT(t, expected - 0.02) << n;                     // and not stopped far before it
    EXPECT_FALSE(sat::overlap(shape, xf, wall, at({}))) << n << " t " << t << " expected " << expected;
  }
  EXPECT_GT(hits, cases / 2);
  EXPECT_GT(misses, 0);
}

}  // namespace
