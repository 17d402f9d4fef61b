// World3 against brute force: pair sets and begin / stay / end over random motion, contacts, queries,
// determinism, bad input, ids, and no allocation per frame in steady state.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>

#include "3d/world3_internal.h"
#include "world3_scene.h"

#if defined(__GNUC__) && !defined(__clang__)
// The replacement delete frees what the replacement new took from malloc; GCC cannot see the pairing.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

// Counts every allocation of the test executable, so a test can assert that a stretch of code made none.
namespace {
std::atomic<long> gAllocations{0};
}
void* operator new(std::size_t size) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  std::abort();  // the tests are built without exceptions
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

using namespace testing_sat3;
using sat::BodyId;
using sat::Status;

namespace {

void expectFrameMatchesOracle(const Scene3& scene, const std::set<IdPair>& before, const std::set<IdPair>& now,
                              int frame) {
  const sat::World3& w = scene.world;
  std::set<IdPair> begin, stay, end;
  for (const auto& p : now) (before.count(p) ? stay : begin).insert(p);
  for (const auto& p : before) {
    if (!now.count(p)) end.insert(p);
  }
  EXPECT_EQ(toSet(w.beginEvents(), w.beginCount()), begin) << "frame " << frame;
  EXPECT_EQ(toSet(w.stayEvents(), w.stayCount()), stay) << "frame " << frame;
  EXPECT_EQ(toSet(w.endEvents(), w.endCount()), end) << "frame " << frame;
  EXPECT_EQ(size_t(w.beginCount()), begin.size());  // no duplicates
  EXPECT_EQ(size_t(w.stayCount()), stay.size());
  EXPECT_EQ(size_t(w.endCount()), end.size());

  // Contacts: one per touching pair; the deepest shape pair's manifold as the narrow phase gives it.
  ASSERT_EQ(size_t(w.contactCount()), now.size()) << "frame " << frame;
  for (int i = 0; i < w.contactCount(); ++i) {
    const sat::Contact3& c = w.contacts()[i];
    ASSERT_TRUE(now.count({c.a, c.b}));
    EXPECT_EQ((c.flags & sat::kContactBegan) != 0, begin.count({c.a, c.b}) == 1);
    const OracleBody* a = scene.find(c.a);
    const OracleBody* b = scene.find(c.b);
    ASSERT_TRUE(a && b);
    EXPECT_EQ((c.flags & sat::kContactSensor) != 0, a->sensor || b->sensor);
    sat::Manifold3 m;
    ASSERT_TRUE(scene.touching(*a, *b, &m));
    EXPECT_NEAR(c.depth, m.depth, 1e-4f * (1.0f + std::fabs(m.depth))) << "frame " << frame;
    EXPECT_NEAR(sat::dot(c.normal, m.normal), 1.0f, 1e-3f) << "frame " << frame;
    EXPECT_GE(c.pointCount, 1);
    EXPECT_LE(c.pointCount, 4);
  }
}

sat::World3Options withBroadPhase(sat::BroadPhase3Type type) {
  sat::World3Options o;
  o.broadPhase = type;
  return o;
}

void runPairSetScenario(uint32_t seed, int bodies, int frames, bool structural,
                        sat::BroadPhase3Type broadPhase = sat::BroadPhase3Type::Tree) {
  Scene3 scene(seed, 6.0f, withBroadPhase(broadPhase));
  for (int i = 0; i < bodies; ++i) scene.add();
  std::set<IdPair> before;
  for (int f = 0; f < frames; ++f) {
    if (f > 0) scene.step(structural);
    ASSERT_EQ(scene.world.update(), Status::Ok);
    ASSERT_TRUE(scene.world.validate()) << "frame " << f;
    const std::set<IdPair> now = scene.bruteForcePairs();
    expectFrameMatchesOracle(scene, before, now, f);
    if (::testing::Test::HasFailure()) return;
    before = now;
  }
}

}  // namespace

TEST(World3, PairsAndEventsMatchBruteForceUnderRandomMotion) {
  const int seeds = int(scaled(8));
  for (int s = 0; s < seeds; ++s) {
    SCOPED_TRACE(s);
    runPairSetScenario(1000u + uint32_t(s), 60, 25, false);
    if (HasFailure()) return;
  }
}

TEST(World3, EventsMatchBruteForceWithCreateDestroyDisableRefilter) {
  const int seeds = int(scaled(8));
  for (int s = 0; s < seeds; ++s) {
    SCOPED_TRACE(s);
    runPairSetScenario(2000u + uint32_t(s), 50, 40, true);
    if (HasFailure()) return;
  }
}

TEST(World3, GridBroadPhasePairsAndEventsMatchBruteForce) {
  const int seeds = int(scaled(8));
  for (int s = 0; s < seeds; ++s) {
    SCOPED_TRACE(s);
    runPairSetScenario(1000u + uint32_t(s), 60, 25, false, sat::BroadPhase3Type::Grid);
    if (HasFailure()) return;
    runPairSetScenario(2000u + uint32_t(s), 50, 40, true, sat::BroadPhase3Type::Grid);
    if (HasFailure()) return;
  }
}

TEST(World3, DestroyedBodyPairsEndWithItsStaleId) {
  sat::World3 w;
  sat::Box3 box;
  ASSERT_EQ(sat::makeBox({1, 1, 1}, &box), Status::Ok);
  sat::BodyDef3 def;
  BodyId a = 0, b = 0;
  ASSERT_EQ(w.createBody(def, sat::Shape3(box), &a), Status::Ok);
  def.transform.p = {1.5f, 0, 0};
  ASSERT_EQ(w.createBody(def, sat::Shape3(box), &b), Status::Ok);
  w.update();
  ASSERT_EQ(w.beginCount(), 1);
  EXPECT_NEAR(w.contacts()[0].depth, 0.5f, 1e-5f);
  EXPECT_NEAR(w.contacts()[0].normal.x, 1.0f, 1e-6f);
  w.update();
  ASSERT_EQ(w.stayCount(), 1);
  ASSERT_EQ(w.destroyBody(b), Status::Ok);
  EXPECT_EQ(w.check(b), sat::kStatusRemovedBody);
  // The slot comes back with a new id at once; the old pair still ends with the old id.
  BodyId c = 0;
  ASSERT_EQ(w.createBody(def, sat::Shape3(box), &c), Status::Ok);
  EXPECT_EQ(sat::body3Slot(c), sat::body3Slot(b));
  EXPECT_NE(c, b);
  w.update();
  ASSERT_EQ(w.endCount(), 1);
  EXPECT_EQ(w.endEvents()[0].b, b);
  ASSERT_EQ(w.beginCount(), 1);
  EXPECT_EQ(w.beginEvents()[0].b, c);
  EXPECT_TRUE(w.validate());
}

TEST(World3, CompoundBodiesReportTheirDeepestShapePair) {
  sat::World3 w;
  sat::Sphere s;
  ASSERT_EQ(sat::makeSphere({0, 0, 0}, 1.0f, &s), Status::Ok);
  sat::ShapeDef3 parts[2];
  parts[0].shape = sat::Shape3(s);
  parts[0].offset = {-3, 0, 0};
  parts[1].shape = sat::Shape3(s);
  parts[1].offset = {3, 0, 0};
  sat::BodyDef3 def;
  BodyId a = 0, b = 0;
  ASSERT_EQ(w.createBody(def, parts, 2, &a), Status::Ok);
  def.transform.p = {4.5f, 0, 0};  // overlaps part 1 of a by 0.5
  ASSERT_EQ(w.createBody(def, sat::Shape3(s), &b), Status::Ok);
  w.update();
  ASSERT_EQ(w.contactCount(), 1);
  EXPECT_EQ(w.contacts()[0].shapeA, 1);
  EXPECT_EQ(w.contacts()[0].shapeB, 0);
  EXPECT_NEAR(w.contacts()[0].depth, 0.5f, 1e-5f);
}

TEST(World3, QueriesMatchBruteForce) {
  const int seeds = int(scaled(5));
  for (int run = 0; run < 2 * seeds; ++run) {
    const int s = run / 2;
    const auto broadPhase = run % 2 ? sat::BroadPhase3Type::Grid : sat::BroadPhase3Type::Tree;
    SCOPED_TRACE(run % 2 ? "grid" : "tree");
    Scene3 scene(3000u + uint32_t(s), 8.0f, withBroadPhase(broadPhase));
    for (int i = 0; i < 120; ++i) scene.add();
    for (int f = 0; f < 3; ++f) {
      scene.step(true);
      scene.world.update();
    }
    const sat::World3& w = scene.world;
    std::mt19937& rng = scene.rng;
    std::vector<BodyId> out(512);
    std::vector<sat::RayHit3> hits(512);
    for (int q = 0; q < 200; ++q) {
      sat::QueryFilter filter;
      if (q % 3 == 1) filter.mask = 1u << (rng() % 3);
      if (q % 5 == 2) filter.includeSensors = false;
      auto visible = [&](const OracleBody& b) {
        return b.enabled && (b.group & filter.mask) && (b.mask & filter.group) && (filter.includeSensors || !b.sensor);
      };
      auto sortedIds = [](std::vector<BodyId> v) {
        std::sort(v.begin(), v.end(), [](BodyId x, BodyId y) { return sat::body3Slot(x) < sat::body3Slot(y); });
        return v;
      };

      // Point.
      const sat::Vec3 p{uni(rng, -9, 9), uni(rng, -9, 9), uni(rng, -9, 9)};
      std::vector<BodyId> expect;
      for (const auto& b : scene.bodies) {
        if (!visible(b)) continue;
        for (int i = 0; i < w.shapeCount(b.id); ++i) {
          if (sat::containsPoint(*w.shape(b.id, i), b.xf, p)) {
            expect.push_back(b.id);
            break;
          }
        }
      }
      int n = w.queryPoint(p, filter, out.data(), int(out.size()));
      ASSERT_GE(n, 0);
      EXPECT_EQ(std::vector<BodyId>(out.begin(), out.begin() + n), sortedIds(expect));

      // AABB.
      const sat::Vec3 c{uni(rng, -9, 9), uni(rng, -9, 9), uni(rng, -9, 9)};
      const sat::Vec3 h{uni(rng, 0.1f, 3), uni(rng, 0.1f, 3), uni(rng, 0.1f, 3)};
      const sat::AABB3 box{c - h, c + h};
      expect.clear();
      for (const auto& b : scene.bodies) {
        sat::AABB3 bb;
        if (visible(b) && w.bounds(b.id, &bb) && sat::overlaps(bb, box)) expect.push_back(b.id);
      }
      n = w.queryAABB(box, filter, out.data(), int(out.size()));
      EXPECT_EQ(std::vector<BodyId>(out.begin(), out.begin() + n), sortedIds(expect));

      // Shape (a random shape) and sphere.
      const sat::Shape3 shape = randomShape3(rng, uni(rng, 0.5f, 2.0f));
      const sat::Transform3 xf = randomPose(rng, 8.0f);
      expect.clear();
      for (const auto& b : scene.bodies) {
        if (!visible(b)) continue;
        for (int i = 0; i < w.shapeCount(b.id); ++i) {
          if (sat::collide(*w.shape(b.id, i), b.xf, shape, xf).pointCount > 0) {
            expect.push_back(b.id);
            break;
          }
        }
      }
      n = w.queryShape(shape, xf, filter, out.data(), int(out.size()));
      EXPECT_EQ(std::vector<BodyId>(out.begin(), out.begin() + n), sortedIds(expect));
      const float radius = uni(rng, 0.2f, 2.0f);
      sat::Sphere ball;
      sat::makeSphere(c, radius, &ball);
      expect.clear();
      for (const auto& b : scene.bodies) {
        if (!visible(b)) continue;
        for (int i = 0; i < w.shapeCount(b.id); ++i) {
          if (sat::collide(*w.shape(b.id, i), b.xf, sat::Shape3(ball), sat::Transform3{}).pointCount > 0) {
            expect.push_back(b.id);
            break;
          }
        }
      }
      n = w.querySphere(c, radius, filter, out.data(), int(out.size()));
      EXPECT_EQ(std::vector<BodyId>(out.begin(), out.begin() + n), sortedIds(expect));

      // Rays: every hit per body, the closest, and any.
      sat::RayCastInput3 ray;
      ray.origin = {uni(rng, -12, 12), uni(rng, -12, 12), uni(rng, -12, 12)};
      ray.translation = sat::Vec3{uni(rng, -24, 24), uni(rng, -24, 24), uni(rng, -24, 24)};
      ray.maxFraction = uni(rng, 0.3f, 1.0f);
      std::vector<sat::RayHit3> all;
      for (const auto& b : scene.bodies) {
        if (!visible(b)) continue;
        sat::RayHit3 best;
        bool any = false;
        for (int i = 0; i < w.shapeCount(b.id); ++i) {
          const sat::CastOutput3 o = sat::raycast(*w.shape(b.id, i), b.xf, ray);
          if (o.hit && (!any || o.fraction < best.fraction)) {
            best = {b.id, i, o.point, o.normal, o.fraction};
            any = true;
          }
        }
        if (any) all.push_back(best);
      }
      std::sort(all.begin(), all.end(), [](const sat::RayHit3& x, const sat::RayHit3& y) {
        return x.fraction != y.fraction ? x.fraction < y.fraction : sat::body3Slot(x.body) < sat::body3Slot(y.body);
      });
      n = w.raycastAll(ray, filter, hits.data(), int(hits.size()));
      ASSERT_EQ(size_t(n), all.size());
      for (int i = 0; i < n; ++i) {
        EXPECT_EQ(hits[size_t(i)].body, all[size_t(i)].body);
        EXPECT_EQ(hits[size_t(i)].shape, all[size_t(i)].shape);
        EXPECT_EQ(hits[size_t(i)].fraction, all[size_t(i)].fraction);
      }
      sat::RayHit3 closest, any;
      const bool hitClosest = w.raycastClosest(ray, filter, &closest);
      const bool hitAny = w.raycastAny(ray, filter, &any);
      ASSERT_EQ(hitClosest, !all.empty());
      ASSERT_EQ(hitAny, !all.empty());
      if (!all.empty()) {
        EXPECT_EQ(closest.body, all[0].body);
        EXPECT_EQ(closest.fraction, all[0].fraction);
        EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const sat::RayHit3& x) { return x.body == any.body; }));
      }
      if (HasFailure()) return;
    }
  }
}

TEST(World3, ContainsPointAgreesWithDistanceToASmallBall) {
  std::mt19937 rng(77);
  int checked = 0;
  for (int i = 0; i < int(scaled(4000)); ++i) {
    const sat::Shape3 shape = randomShape3(rng, 1.0f);
    const sat::Transform3 xf = randomPose(rng, 1.0f);
    const sat::Vec3 p = xf.p + sat::Vec3{uni(rng, -2, 2), uni(rng, -2, 2), uni(rng, -2, 2)};
    sat::Sphere dot;
    sat::makeSphere(p, 1e-3f, &dot);
    // GJK distance from the shape to a tiny ball at p: clearly inside or clearly outside, else not judged.
    const sat::DistanceOutput3 d = sat::distance(shape, xf, sat::Shape3(dot), sat::Transform3{});
    sat::Sphere probe;
    sat::makeSphere(p, 0.02f, &probe);
    const bool deepInside = d.distance == 0.0f && [&] {
      // every point of a 0.02 ball around p touches the shape: test its six extreme points
      for (sat::Vec3 dir : {sat::Vec3{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}) {
        sat::Sphere s;
        sat::makeSphere(p + 0.02f * dir, 1e-3f, &s);
        if (sat::distance(shape, xf, sat::Shape3(s), sat::Transform3{}).distance > 0.0f) return false;
      }
      return true;
    }();
    if (d.distance > 0.01f) {
      EXPECT_FALSE(sat::containsPoint(shape, xf, p)) << i;
      ++checked;
    } else if (deepInside) {
      EXPECT_TRUE(sat::containsPoint(shape, xf, p)) << i;
      ++checked;
    }
    if (HasFailure()) return;
  }
  EXPECT_GT(checked, int(scaled(4000)) / 2);
}

namespace {
struct Recording {
  std::vector<sat::BodyPair> events;
  std::vector<uint8_t> contactBytes;
  std::vector<float> transforms;
};

Recording record(uint32_t seed, bool push, sat::BroadPhase3Type broadPhase = sat::BroadPhase3Type::Tree) {
  Recording r;
  Scene3 scene(seed, 5.0f, withBroadPhase(broadPhase));
  sat::PushApartOptions po;
  po.enabled = push;
  scene.world.setPushApart(po);
  for (int i = 0; i < 80; ++i) scene.add();
  for (int f = 0; f < 20; ++f) {
    scene.step(true);
    scene.world.update();
    const sat::World3& w = scene.world;
    r.events.insert(r.events.end(), w.beginEvents(), w.beginEvents() + w.beginCount());
    r.events.insert(r.events.end(), w.stayEvents(), w.stayEvents() + w.stayCount());
    r.events.insert(r.events.end(), w.endEvents(), w.endEvents() + w.endCount());
    const auto* bytes = reinterpret_cast<const uint8_t*>(w.contacts());
    r.contactBytes.insert(r.contactBytes.end(), bytes, bytes + size_t(w.contactCount()) * sizeof(sat::Contact3));
  }
  float* buf = scene.world.transformBuffer();
  r.transforms.assign(buf, buf + size_t(scene.world.transformCapacity()) * sat::kTransform3Stride);
  return r;
}
}  // namespace

TEST(World3, SameInputsGiveTheSameOutputs) {
  for (int run = 0; run < 4; ++run) {
    const bool push = run % 2 == 1;
    const auto broadPhase = run < 2 ? sat::BroadPhase3Type::Tree : sat::BroadPhase3Type::Grid;
    const Recording a = record(4242, push, broadPhase), b = record(4242, push, broadPhase);
    ASSERT_EQ(a.events.size(), b.events.size());
    EXPECT_EQ(0, std::memcmp(a.events.data(), b.events.data(), a.events.size() * sizeof(sat::BodyPair)));
    ASSERT_EQ(a.contactBytes, b.contactBytes);
    ASSERT_EQ(a.transforms.size(), b.transforms.size());
    EXPECT_EQ(0, std::memcmp(a.transforms.data(), b.transforms.data(), a.transforms.size() * sizeof(float)));
    EXPECT_FALSE(a.events.empty());
  }
}

class World3Broad : public ::testing::TestWithParam<sat::BroadPhase3Type> {};

TEST_P(World3Broad, NoAllocationPerFrameInSteadyState) {
  Scene3 scene(5150, 6.0f, withBroadPhase(GetParam()));
  for (int i = 0; i < 150; ++i) scene.add();
  // Warm up: the pair pool (and every array sized with it) and the SAT-cache pool reach their high-water mark
  // within a few periods of the motion, which repeats, so they stay there.
  std::vector<sat::Transform3> home;
  for (const auto& b : scene.bodies) home.push_back(b.xf);
  auto frame = [&](int f) {
    for (size_t i = 0; i < scene.bodies.size(); ++i) {
      OracleBody& b = scene.bodies[i];
      if (b.type == sat::BodyType::Static) continue;
      sat::Transform3 xf = home[i];
      xf.p.x += 0.8f * std::sin(0.3f * float(f) + float(i));
      scene.world.setTransform(b.id, xf);
    }
    scene.world.update();
  };
  std::vector<BodyId> ids(64);
  for (int f = 0; f < 240; ++f) {
    frame(f);
    scene.world.queryPoint({0, 0, 0}, {}, ids.data(), 64);
  }
  const long before = gAllocations.load();
  for (int f = 240; f < 300; ++f) {
    frame(f);
    scene.world.queryPoint({0, 0, 0}, {}, ids.data(), 64);
  }
  EXPECT_EQ(gAllocations.load() - before, 0);
  EXPECT_GT(scene.world.stats().candidatePairs, 0);
}

INSTANTIATE_TEST_SUITE_P(BothBroadPhases, World3Broad,
                         ::testing::Values(sat::BroadPhase3Type::Tree, sat::BroadPhase3Type::Grid),
                         [](const ::testing::TestParamInfo<sat::BroadPhase3Type>& p) { return p.param == sat::BroadPhase3Type::Grid ? "grid" : "tree"; });

TEST(World3, BadInputGetsNamedStatusesAndChangesNothing) {
  sat::World3 w;
  sat::Box3 box;
  ASSERT_EQ(sat::makeBox({1, 1, 1}, &box), Status::Ok);
  sat::BodyDef3 def;
  BodyId id = 0;
  const float nan = std::numeric_limits<float>::quiet_NaN();

  EXPECT_EQ(w.createBody(def, nullptr, 1, &id), Status::InvalidArgument);
  sat::ShapeDef3 sd;
  sd.shape = sat::Shape3(box);
  EXPECT_EQ(w.createBody(def, &sd, 0, &id), Status::InvalidArgument);
  EXPECT_EQ(w.createBody(def, &sd, sat::kMaxShapesPerBody3 + 1, &id), Status::InvalidArgument);
  EXPECT_EQ(w.createBody(def, sat::Shape3(sat::Hull3{}), &id), Status::InvalidArgument);  // not from a maker
  sat::Sphere badSphere;                                                                  // radius 0
  EXPECT_EQ(w.createBody(def, sat::Shape3(badSphere), &id), Status::InvalidRadius);
  sat::BodyDef3 bad = def;
  bad.mass = 0.0f;
  EXPECT_EQ(w.createBody(bad, sat::Shape3(box), &id), Status::InvalidArgument);
  bad = def;
  bad.transform.p.x = nan;
  EXPECT_EQ(w.createBody(bad, sat::Shape3(box), &id), Status::InvalidTransform);
  bad = def;
  bad.transform.q = {0, 0, 0, 2};
  EXPECT_EQ(w.createBody(bad, sat::Shape3(box), &id), Status::InvalidTransform);
  sd.rotation = {1, 1, 0, 0};
  EXPECT_EQ(w.createBody(def, &sd, 1, &id), Status::InvalidTransform);
  EXPECT_EQ(w.bodyCount(), 0);

  ASSERT_EQ(w.createBody(def, sat::Shape3(box), &id), Status::Ok);
  sat::Transform3 xf;
  xf.p = {nan, 0, 0};
  EXPECT_EQ(w.setTransform(id, xf), Status::InvalidTransform);
  xf = {};
  xf.scale = {0, 1, 1};
  EXPECT_EQ(w.setTransform(id, xf), Status::InvalidTransform);
  EXPECT_EQ(w.setMass(id, -1.0f), Status::InvalidArgument);
  EXPECT_EQ(w.setType(id, static_cast<sat::BodyType>(9)), Status::InvalidArgument);

  // Unknown and removed ids.
  EXPECT_EQ(w.check(sat::kNullBody), sat::kStatusUnknownBody);
  EXPECT_EQ(w.check(id + 1), sat::kStatusUnknownBody);
  EXPECT_EQ(w.setTransform(12345678u, {}), sat::kStatusUnknownBody);
  EXPECT_EQ(w.check(id + (1u << sat::kBody3SlotBits)), sat::kStatusUnknownBody);  // a generation not issued yet

  // A NaN written into the buffer is refused at update(), reported and put back.
  w.update();
  float* f = w.transformBuffer() + sat::body3Slot(id) * sat::kTransform3Stride;
  f[1] = nan;
  EXPECT_EQ(w.update(), Status::InvalidTransform);
  ASSERT_EQ(w.rejectedCount(), 1);
  EXPECT_EQ(w.rejected()[0].id, id);
  EXPECT_FALSE(std::isnan(f[1]));
  sat::Transform3 got;
  ASSERT_EQ(w.getTransform(id, &got), Status::Ok);
  EXPECT_EQ(got.p.y, 0.0f);
  EXPECT_EQ(w.update(), Status::Ok);

  ASSERT_EQ(w.destroyBody(id), Status::Ok);
  EXPECT_EQ(w.destroyBody(id), sat::kStatusRemovedBody);
  EXPECT_EQ(w.setTransform(id, {}), sat::kStatusRemovedBody);
  EXPECT_EQ(w.setFilter(id, 1, 1), sat::kStatusRemovedBody);
  EXPECT_EQ(w.userId(id), 0u);
  EXPECT_EQ(w.shapeCount(id), 0);
  EXPECT_EQ(w.shape(id, 0), nullptr);

  // Queries.
  BodyId out[4];
  EXPECT_EQ(w.queryPoint({nan, 0, 0}, {}, out, 4), -int(Status::NonFinite));
  EXPECT_EQ(w.queryPoint({0, 0, 0}, {}, nullptr, 4), -int(Status::InvalidArgument));
  EXPECT_EQ(w.queryAABB({{1, 1, 1}, {0, 0, 0}}, {}, out, 4), -int(Status::InvalidArgument));
  EXPECT_EQ(w.querySphere({0, 0, 0}, -1.0f, {}, out, 4), -int(Status::InvalidRadius));
  sat::Transform3 badXf;
  badXf.q = {0, 0, 0, 0};
  EXPECT_EQ(w.queryShape(sat::Shape3(box), badXf, {}, out, 4), -int(Status::InvalidTransform));
  sat::RayCastInput3 ray;
  ray.translation = {nan, 0, 0};
  sat::RayHit3 hit;
  EXPECT_FALSE(w.raycastClosest(ray, {}, &hit));
  EXPECT_TRUE(w.validate());
}

TEST(World3, IdsAreNeverReissued) {
  sat::World3 w;
  sat::Sphere s;
  ASSERT_EQ(sat::makeSphere({0, 0, 0}, 1.0f, &s), Status::Ok);
  std::set<BodyId> seen;
  BodyId keep = 0;
  ASSERT_EQ(w.createBody({}, sat::Shape3(s), &keep), Status::Ok);
  seen.insert(keep);
  // More cycles than a slot has generations: the slot is retired and another one used.
  const int cycles = int(sat::kGeneration3Limit) + 100;
  for (int i = 0; i < cycles; ++i) {
    BodyId id = 0;
    ASSERT_EQ(w.createBody({}, sat::Shape3(s), &id), Status::Ok);
    ASSERT_TRUE(seen.insert(id).second) << "id reissued at cycle " << i;
    ASSERT_EQ(w.destroyBody(id), Status::Ok);
    ASSERT_EQ(w.check(id), sat::kStatusRemovedBody);
  }
  EXPECT_EQ(w.transformCapacity(), 4);  // slot 0 unused, `keep`, one retired slot, its successor
  EXPECT_EQ(w.check(keep), Status::Ok);
}

TEST(World3, PushApartSharesTheCorrectionByInverseMassAndNeverMovesStaticBodies) {
  sat::Box3 box;
  ASSERT_EQ(sat::makeBox({1, 1, 1}, &box), Status::Ok);
  for (sat::BodyType otherType : {sat::BodyType::Dynamic, sat::BodyType::Static, sat::BodyType::Kinematic}) {
    sat::World3 w;
    sat::PushApartOptions po;
    po.enabled = true;
    po.slop = 0.0f;
    w.setPushApart(po);
    sat::BodyDef3 def;
    def.mass = 1.0f;
    BodyId light = 0, heavy = 0;
    ASSERT_EQ(w.createBody(def, sat::Shape3(box), &light), Status::Ok);
    def.type = otherType;
    def.mass = 3.0f;
    def.transform.p = {1.6f, 0, 0};  // overlap 0.4 along x
    ASSERT_EQ(w.createBody(def, sat::Shape3(box), &heavy), Status::Ok);
    w.update();
    ASSERT_EQ(w.contactCount(), 1);
    sat::Transform3 a, b;
    w.getTransform(light, &a);
    w.getTransform(heavy, &b);
    if (otherType == sat::BodyType::Dynamic) {
      EXPECT_NEAR(a.p.x, -0.3f, 1e-5f);  // inverse masses 1 and 1/3: shares 3/4 and 1/4 of 0.4
      EXPECT_NEAR(b.p.x, 1.7f, 1e-5f);
    } else {
      EXPECT_NEAR(a.p.x, -0.4f, 1e-5f);
      EXPECT_EQ(b.p.x, 1.6f);
    }
    EXPECT_LE(w.stats().residualDepth, 1e-4f);
    // The buffer holds the pushed transforms, and the next frame sees them as they are (touching, no overlap).
    EXPECT_EQ(w.transformBuffer()[sat::body3Slot(light) * sat::kTransform3Stride], a.p.x);
    w.update();
    EXPECT_LE(w.contactCount() ? w.contacts()[0].depth : 0.0f, 1e-4f);
    EXPECT_TRUE(w.validate());
  }
}

TEST(World3, PushApartLeavesSensorsAndSensorPairsAlone) {
  sat::Sphere s;
  ASSERT_EQ(sat::makeSphere({0, 0, 0}, 1.0f, &s), Status::Ok);
  sat::World3 w;
  sat::PushApartOptions po;
  po.enabled = true;
  w.setPushApart(po);
  sat::BodyDef3 def;
  BodyId a = 0, b = 0;
  ASSERT_EQ(w.createBody(def, sat::Shape3(s), &a), Status::Ok);
  def.sensor = true;
  def.transform.p = {1, 0, 0};
  ASSERT_EQ(w.createBody(def, sat::Shape3(s), &b), Status::Ok);
  w.update();
  ASSERT_EQ(w.contactCount(), 1);
  EXPECT_TRUE(w.contacts()[0].flags & sat::kContactSensor);
  sat::Transform3 xa;
  w.getTransform(a, &xa);
  EXPECT_EQ(xa.p.x, 0.0f);
}

TEST(World3, PushApartSeparatesARandomPileBetterThanItFoundIt) {
  Scene3 scene(6060, 3.0f);
  sat::PushApartOptions po;
  po.enabled = true;
  po.iterations = 8;
  scene.world.setPushApart(po);
  for (int i = 0; i < 40; ++i) scene.add();
  float firstDeepest = 0.0f;
  for (int f = 0; f < 30; ++f) {
    scene.world.update();
    float deepest = 0.0f;
    for (int i = 0; i < scene.world.contactCount(); ++i) {
      const sat::Contact3& c = scene.world.contacts()[i];
      const bool pushable =
          scene.world.type(c.a) == sat::BodyType::Dynamic || scene.world.type(c.b) == sat::BodyType::Dynamic;
      if (pushable && !(c.flags & sat::kContactSensor)) deepest = std::max(deepest, c.depth);
    }
    if (f == 0) firstDeepest = deepest;
    if (f == 29) {
      EXPECT_LT(deepest, 0.5f * firstDeepest);
    }
  }
  EXPECT_GT(firstDeepest, 0.1f);
  EXPECT_TRUE(scene.world.validate());
}

// The world's bounds routine against its reference, computeAABB: the same bits for random hulls under random
// poses, mirrored and non-uniform scales included, far from the origin and near it.
TEST(World3, HullBoundsGiveTheSameBitsAsComputeAABB) {
  std::mt19937 rng(77);
  int hullsChecked = 0;
  for (int i = 0; i < 4000; ++i) {
    const float size = std::pow(10.0f, uni(rng, -2.0f, 2.0f));
    std::vector<sat::Vec3> pts;
    const int n = 4 + int(rng() % 60);
    for (int k = 0; k < n; ++k) pts.push_back(size * sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
    sat::Hull3 hull;
    if (sat::makeHull(pts.data(), n, &hull, sat::kMaxHullVertices) != Status::Ok) continue;
    ++hullsChecked;
    sat::Transform3 xf = randomPose(rng, std::pow(10.0f, uni(rng, -1.0f, 4.0f)));
    if (rng() % 3 == 0) {
      for (float* s : {&xf.scale.x, &xf.scale.y, &xf.scale.z}) *s = (rng() % 2 ? -1.0f : 1.0f) * uni(rng, 0.01f, 50.0f);
    }
    const sat::AABB3 fast = sat::hullBounds(hull, xf, sat::toMat3(xf.q));
    const sat::AABB3 ref = sat::computeAABB(hull, xf);
    ASSERT_EQ(std::memcmp(&fast, &ref, sizeof(sat::AABB3)), 0) << "case " << i;
    const sat::AABB3 viaShape = sat::shapeBounds(sat::Shape3(hull), xf, sat::toMat3(xf.q));
    ASSERT_EQ(std::memcmp(&viaShape, &ref, sizeof(sat::AABB3)), 0) << "case " << i;
  }
  EXPECT_GT(hullsChecked, 3000);
}

// A body's bounds after update() are the union of computeAABB over its shapes, to the bit, whatever their types.
TEST(World3, BodyBoundsAreTheUnionOfTheShapesReferenceBounds) {
  std::mt19937 rng(78);
  sat::World3 world;
  std::vector<std::vector<sat::Shape3>> shapes;
  std::vector<BodyId> ids;
  for (int i = 0; i < 200; ++i) {
    std::vector<sat::Shape3> s;
    std::vector<sat::ShapeDef3> defs;
    const int count = 1 + int(rng() % 3);
    for (int k = 0; k < count; ++k) {
      s.push_back(randomShape3(rng, 1.0f));
      defs.push_back({s.back(), {}, {}});  // no offset: the body keeps the shape as it is
    }
    sat::BodyDef3 def;
    def.transform = randomPose(rng, 20.0f);
    BodyId id = 0;
    ASSERT_EQ(world.createBody(def, defs.data(), count, &id), Status::Ok);
    ids.push_back(id);
    shapes.push_back(s);
  }
  for (int frame = 0; frame < 3; ++frame) {
    for (size_t i = 0; i < ids.size(); ++i) {
      sat::Transform3 xf = randomPose(rng, 20.0f);
      if (rng() % 4 == 0) xf.scale = {-xf.scale.x, xf.scale.y, -xf.scale.z};
      ASSERT_EQ(world.setTransform(ids[i], xf), Status::Ok);
    }
    ASSERT_EQ(world.update(), Status::Ok);
    for (size_t i = 0; i < ids.size(); ++i) {
      sat::Transform3 xf;
      ASSERT_EQ(world.getTransform(ids[i], &xf), Status::Ok);
      sat::AABB3 ref = sat::computeAABB(shapes[i][0], xf);
      for (const sat::Shape3& s : shapes[i]) ref = sat::unionOf(ref, sat::computeAABB(s, xf));
      sat::AABB3 got;
      ASSERT_TRUE(world.bounds(ids[i], &got));
      ASSERT_EQ(std::memcmp(&got, &ref, sizeof(sat::AABB3)), 0) << "body " << i << " frame " << frame;
    }
  }
}
