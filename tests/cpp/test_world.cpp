// World: broad + narrow phase pairs against a brute-force reference on random scenes of moving bodies (with
// teleports, adds, removes, enable/disable and filter changes between frames), event semantics, and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "sat/sat.h"
#include "sat/world.h"

namespace {

using sat::BodyId;
using sat::Vec2;
using Rng = std::mt19937;

double uni(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
int uniInt(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

sat::Polygon randomConvex(Rng& rng, float size) {
  for (;;) {
    int n = uniInt(rng, 3, 8);
    std::vector<Vec2> pts(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
      double a = 2.0 * M_PI * (i + uni(rng, 0.0, 0.8)) / n;
      double r = size * uni(rng, 0.5, 1.0);
      pts[size_t(i)] = {float(r * std::cos(a)), float(r * std::sin(a) * uni(rng, 0.6, 1.0))};
    }
    sat::Polygon p;
    if (sat::makePolygon(pts.data(), n, &p) == sat::Status::Ok) return p;
  }
}

sat::Shape randomShape(Rng& rng, float size) {
  int kind = uniInt(rng, 0, 9);
  if (kind == 0) {
    sat::Circle c;
    EXPECT_EQ(sat::makeCircle({float(uni(rng, -0.2, 0.2)), 0.0f}, size * float(uni(rng, 0.4, 1.0)), &c),
              sat::Status::Ok);
    return c;
  }
  if (kind == 1) {
    sat::Capsule c;
    EXPECT_EQ(sat::makeCapsule({-size * 0.6f, 0.0f}, {size * 0.6f, float(uni(rng, -0.3, 0.3))}, size * 0.4f, &c),
              sat::Status::Ok);
    return c;
  }
  return randomConvex(rng, size);
}

sat::Affine compose(const sat::Affine& p, const sat::Affine& c) {
  return {p.a * c.a + p.c * c.b, p.b * c.a + p.d * c.b, p.a * c.c + p.c * c.d,
          p.b * c.c + p.d * c.d, p.a * c.tx + p.c * c.ty + p.tx, p.b * c.tx + p.d * c.ty + p.ty};
}

// The test's own record of a body: its shapes as given (with offsets), and its pose.
struct Model {
  BodyId id = 0;
  sat::BodyType type = sat::BodyType::Dynamic;
  std::vector<sat::ShapeDef> shapes;
  float x = 0, y = 0, angle = 0, sx = 1, sy = 1;
  float vx = 0, vy = 0, va = 0;
  uint32_t group = 1, mask = 0xFFFFFFFFu;
  bool enabled = true;
  sat::Affine shapeAffine(size_t k) const {
    sat::Affine body = sat::toAffine(sat::makeTransform(x, y, angle, sx, sy));
    const sat::ShapeDef& d = shapes[k];
    return compose(body, sat::toAffine(sat::makeTransform(d.offset.x, d.offset.y, d.angle)));
  }
};

// A canonical key of an unordered pair (ids of destroyed bodies included, so not by slot).
uint64_t pairKey(BodyId a, BodyId b) {
  if (a > b) std::swap(a, b);
  return (uint64_t(a) << 32) | b;
}

bool filterPasses(const Model& a, const Model& b, bool kinematicPairs) {
  if (!a.enabled || !b.enabled) return false;
  if (a.type == sat::BodyType::Static && b.type == sat::BodyType::Static) return false;
  if (!kinematicPairs && a.type != sat::BodyType::Dynamic && b.type != sat::BodyType::Dynamic) return false;
  return (a.group & b.mask) && (b.group & a.mask);
}

// Reference: touching iff some shape pair overlaps (core overlap under affine frames, independent of the world's
// baked offsets and cached world-space data).
bool referenceTouching(const Model& a, const Model& b) {
  for (size_t i = 0; i < a.shapes.size(); ++i) {
    for (size_t j = 0; j < b.shapes.size(); ++j) {
      if (sat::overlap(a.shapes[i].shape, a.shapeAffine(i), b.shapes[j].shape, b.shapeAffine(j))) return true;
    }
  }
  return false;
}

// How clear-cut the verdict is: the deepest overlap or the smallest distance over the shape pairs.
float referenceMargin(const Model& a, const Model& b) {
  float deepest = -1e30f;
  for (size_t i = 0; i < a.shapes.size(); ++i) {
    sat::Affine fa = a.shapeAffine(i);
    for (size_t j = 0; j < b.shapes.size(); ++j) {
      sat::Affine fb = b.shapeAffine(j);
      sat::Manifold m = sat::collide(a.shapes[i].shape, fa, b.shapes[j].shape, fb);
      if (m.pointCount > 0) {
        deepest = std::max(deepest, m.depth);
      } else {
        deepest = std::max(deepest, -sat::distance(a.shapes[i].shape, fa, b.shapes[j].shape, fb).distance);
      }
    }
  }
  return std::fabs(deepest);
}

sat::AABB modelBounds(const Model& m) {
  sat::AABB box = sat::computeAABB(m.shapes[0].shape, m.shapeAffine(0));
  for (size_t k = 1; k < m.shapes.size(); ++k) box = sat::unionOf(box, sat::computeAABB(m.shapes[k].shape, m.shapeAffine(k)));
  const float pad = 1e-3f;
  box.lower = box.lower - sat::Vec2{pad, pad};
  box.upper = box.upper + sat::Vec2{pad, pad};
  return box;
}

class WorldScene : public ::testing::TestWithParam<sat::BroadPhaseType> {};

TEST_P(WorldScene, PairsAndEventsMatchBruteForceOverThousandFrames) {
  Rng rng(1234 + int(GetParam()));
  sat::WorldOptions opt;
  opt.broadPhase = GetParam();
  opt.kinematicPairs = GetParam() != sat::BroadPhaseType::Grid;  // both settings against the reference
  sat::World world(opt);
  std::map<BodyId, Model> models;
  const float half = 30.0f;

  auto addRandom = [&]() {
    Model m;
    int t = uniInt(rng, 0, 9);
    m.type = t == 0 ? sat::BodyType::Static : (t == 1 ? sat::BodyType::Kinematic : sat::BodyType::Dynamic);
    int shapeCount = uniInt(rng, 0, 5) == 0 ? uniInt(rng, 2, 3) : 1;
    // Mostly similar sizes, a few giants (they span many grid cells: the grid's oversize path).
    float size = uniInt(rng, 0, 49) == 0 ? float(uni(rng, 12, 25)) : float(uni(rng, 0.5, 2.5));
    for (int k = 0; k < shapeCount; ++k) {
      sat::ShapeDef d;
      d.shape = randomShape(rng, size);
      if (shapeCount > 1) {
        d.offset = {float(uni(rng, -size, size)), float(uni(rng, -size, size))};
        d.angle = float(uni(rng, -3, 3));
      }
      m.shapes.push_back(d);
    }
    m.x = float(uni(rng, -half, half));
    m.y = float(uni(rng, -half, half));
    m.angle = float(uni(rng, -3, 3));
    if (uniInt(rng, 0, 4) == 0) {
      m.sx = float(uni(rng, 0.5, 1.8)) * (uniInt(rng, 0, 3) == 0 ? -1.0f : 1.0f);
      m.sy = float(uni(rng, 0.5, 1.8));
    }
    if (m.type != sat::BodyType::Static) {
      m.vx = float(uni(rng, -0.6, 0.6));
      m.vy = float(uni(rng, -0.6, 0.6));
      m.va = float(uni(rng, -0.1, 0.1));
    }
    m.group = 1u << uniInt(rng, 0, 2);
    m.mask = uniInt(rng, 0, 3) == 0 ? ~(1u << uniInt(rng, 0, 2)) : 0xFFFFFFFFu;
    sat::BodyDef def;
    def.type = m.type;
    def.x = m.x;
    def.y = m.y;
    def.angle = m.angle;
    def.scaleX = m.sx;
    def.scaleY = m.sy;
    def.group = m.group;
    def.mask = m.mask;
    ASSERT_EQ(world.createBody(def, m.shapes.data(), int(m.shapes.size()), &m.id), sat::Status::Ok);
    models[m.id] = m;
  };
  for (int i = 0; i < 120; ++i) addRandom();

  std::set<uint64_t> prevTouching;
  std::set<BodyId> destroyedThisFrame, disabledThisFrame;
  int borderline = 0, checkedPairs = 0;
  const int frames = 1000;
  for (int frame = 0; frame < frames; ++frame) {
    // Changes between frames.
    std::vector<BodyId> ids;
    for (auto& kv : models) ids.push_back(kv.first);
    for (int k = 0; k < 2; ++k) {
      if (uniInt(rng, 0, 2) == 0 && !ids.empty()) {
        BodyId victim = ids[size_t(uniInt(rng, 0, int(ids.size()) - 1))];
        if (models.count(victim)) {
          ASSERT_EQ(world.destroyBody(victim), sat::Status::Ok);
          EXPECT_EQ(world.destroyBody(victim), sat::kStatusRemovedBody);
          models.erase(victim);
        }
      }
      if (uniInt(rng, 0, 2) == 0) addRandom();
    }
    for (auto& kv : models) {
      Model& m = kv.second;
      if (uniInt(rng, 0, 199) == 0) {
        m.enabled = !m.enabled;
        ASSERT_EQ(world.setEnabled(m.id, m.enabled), sat::Status::Ok);
      }
      if (uniInt(rng, 0, 499) == 0) {
        m.mask = uniInt(rng, 0, 1) ? 0xFFFFFFFFu : ~m.group;
        ASSERT_EQ(world.setFilter(m.id, m.group, m.mask), sat::Status::Ok);
      }
      if (m.type == sat::BodyType::Static) {
        if (uniInt(rng, 0, 299) == 0) {  // statics move rarely, by setTransform
          m.x = float(uni(rng, -half, half));
          ASSERT_EQ(world.setTransform(m.id, m.x, m.y, m.angle, m.sx, m.sy), sat::Status::Ok);
        }
        continue;
      }
      if (uniInt(rng, 0, 99) == 0) {  // teleport
        m.x = float(uni(rng, -half, half));
        m.y = float(uni(rng, -half, half));
      } else if (uniInt(rng, 0, 3) != 0) {  // most bodies move each frame
        m.x += m.vx;
        m.y += m.vy;
        m.angle += m.va;
        if (m.x < -half || m.x > half) m.vx = -m.vx;
        if (m.y < -half || m.y > half) m.vy = -m.vy;
      }
      // Half the bodies through the bulk buffer, half through setTransform.
      if (world.slotOf(m.id) % 2 == 0) {
        float* b = world.transformBuffer() + world.slotOf(m.id) * sat::kTransformStride;
        b[0] = m.x;
        b[1] = m.y;
        b[2] = m.angle;
        b[3] = m.sx;
        b[4] = m.sy;
      } else {
        ASSERT_EQ(world.setTransform(m.id, m.x, m.y, m.angle, m.sx, m.sy), sat::Status::Ok);
      }
    }
    ASSERT_EQ(world.update(), sat::Status::Ok);
    if (frame % 50 == 0 || frame < 10) {
      ASSERT_TRUE(world.validate()) << "frame " << frame;
    }

    // The world's touching set, from begin + stay; event semantics against the previous frame.
    std::set<uint64_t> touching;
    for (int i = 0; i < world.beginCount(); ++i) {
      uint64_t k = pairKey(world.beginEvents()[i].a, world.beginEvents()[i].b);
      EXPECT_EQ(prevTouching.count(k), 0u) << "begin for a pair already touching, frame " << frame;
      EXPECT_TRUE(touching.insert(k).second) << "duplicate event";
    }
    for (int i = 0; i < world.stayCount(); ++i) {
      uint64_t k = pairKey(world.stayEvents()[i].a, world.stayEvents()[i].b);
      EXPECT_EQ(prevTouching.count(k), 1u) << "stay without begin, frame " << frame;
      EXPECT_TRUE(touching.insert(k).second) << "duplicate event";
    }
    std::set<uint64_t> ended;
    for (int i = 0; i < world.endCount(); ++i) {
      uint64_t k = pairKey(world.endEvents()[i].a, world.endEvents()[i].b);
      EXPECT_EQ(prevTouching.count(k), 1u) << "end without begin, frame " << frame;
      EXPECT_EQ(touching.count(k), 0u) << "end of a pair still touching";
      ended.insert(k);
    }
    for (uint64_t k : prevTouching) {
      if (!touching.count(k)) {
        EXPECT_EQ(ended.count(k), 1u) << "pair stopped touching without end, frame " << frame;
      }
    }
    ASSERT_EQ(world.contactCount(), world.beginCount() + world.stayCount());
    int began = 0;
    for (int i = 0; i < world.contactCount(); ++i) {
      const sat::Contact& c = world.contacts()[i];
      EXPECT_TRUE(touching.count(pairKey(c.a, c.b)));
      EXPECT_NEAR(sat::length(c.normal), 1.0f, 1e-3f);
      EXPECT_GE(c.depth, -1e-3f);
      began += (c.flags & sat::kContactBegan) ? 1 : 0;
    }
    EXPECT_EQ(began, world.beginCount());

    // Brute force over all pairs.
    std::vector<const Model*> all;
    std::vector<sat::AABB> bounds;
    for (auto& kv : models) {
      all.push_back(&kv.second);
      bounds.push_back(modelBounds(kv.second));
    }
    for (size_t i = 0; i < all.size(); ++i) {
      for (size_t j = i + 1; j < all.size(); ++j) {
        const Model& a = *all[i];
        const Model& b = *all[j];
        bool ref = filterPasses(a, b, opt.kinematicPairs) && sat::overlaps(bounds[i], bounds[j]) && referenceTouching(a, b);
        bool got = touching.count(pairKey(a.id, b.id)) != 0;
        ++checkedPairs;
        if (ref != got) {
          // Only verdicts within float round-off of touching may differ (the world computes in world space).
          float margin = referenceMargin(a, b);
          ASSERT_LT(margin, 2e-3f) << "frame " << frame << " ref " << ref << " world " << got << " margin "
                                   << margin << " types " << int(a.type) << int(b.type) << " shapes "
                                   << a.shapes.size() << b.shapes.size() << " slots " << world.slotOf(a.id) << " "
                                   << world.slotOf(b.id);
          ++borderline;
        }
      }
    }
    prevTouching = touching;
  }
  EXPECT_LT(borderline, 10) << "of " << checkedPairs;
  // Everything ends when the bodies go.
  for (auto& kv : models) ASSERT_EQ(world.destroyBody(kv.first), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount() + world.stayCount(), 0);
  EXPECT_EQ(size_t(world.endCount()), prevTouching.size());
  EXPECT_TRUE(world.validate());
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldScene,
                         ::testing::Values(sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree,
                                           sat::BroadPhaseType::SortAndSweep));

sat::Polygon box(float hw, float hh) {
  sat::Polygon p;
  EXPECT_EQ(sat::makeBox(hw, hh, &p), sat::Status::Ok);
  return p;
}

TEST(WorldEvents, BeginStayEndOnSeparationRemovalAndDisable) {
  sat::World world;
  sat::BodyDef def;
  BodyId a, b, c;
  ASSERT_EQ(world.createBody(def, box(1, 1), &a), sat::Status::Ok);
  def.x = 1.5f;
  ASSERT_EQ(world.createBody(def, box(1, 1), &b), sat::Status::Ok);
  def.x = -1.5f;
  ASSERT_EQ(world.createBody(def, box(1, 1), &c), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount(), 2);
  EXPECT_EQ(world.stayCount(), 0);
  ASSERT_EQ(world.contactCount(), 2);
  for (int i = 0; i < 2; ++i) {
    const sat::Contact& k = world.contacts()[i];
    EXPECT_NEAR(k.depth, 0.5f, 1e-5f);
    EXPECT_EQ(k.a, a);  // smaller slot first
    EXPECT_EQ(k.pointCount, 2);
  }
  // Nothing moves: stays, no recomputation needed.
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount(), 0);
  EXPECT_EQ(world.stayCount(), 2);
  EXPECT_EQ(world.endCount(), 0);
  // b moves away: end for (a, b) only.
  ASSERT_EQ(world.setTransform(b, 5.0f, 0.0f, 0.0f), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.endCount(), 1);
  EXPECT_EQ(world.endEvents()[0].b, b);
  EXPECT_EQ(world.stayCount(), 1);
  // Disable c: end; enable again: begin.
  ASSERT_EQ(world.setEnabled(c, false), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.endCount(), 1);
  EXPECT_EQ(world.endEvents()[0].b, c);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.endCount() + world.beginCount() + world.stayCount(), 0);
  ASSERT_EQ(world.setEnabled(c, true), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount(), 1);
  // Remove a: end for (a, c) at the next update, with a's (now stale) id.
  ASSERT_EQ(world.destroyBody(a), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.endCount(), 1);
  EXPECT_EQ(world.endEvents()[0].a, a);
  EXPECT_EQ(world.endEvents()[0].b, c);
  EXPECT_EQ(world.beginCount() + world.stayCount(), 0);
}

// Stage timing off: no clock reads, stage times stay 0, and nothing else changes.
TEST(WorldStats, StageTimingCanBeTurnedOff) {
  sat::WorldOptions timedOptions, untimedOptions;
  untimedOptions.timeStages = false;
  sat::World timed(timedOptions), untimed(untimedOptions);
  sat::BodyDef def;
  for (int i = 0; i < 50; ++i) {
    def.x = float(i % 10) * 0.9f;
    def.y = float(i / 10) * 0.9f;
    def.angle = 0.1f * float(i);
    BodyId id;
    ASSERT_EQ(timed.createBody(def, box(0.5f, 0.5f), &id), sat::Status::Ok);
    ASSERT_EQ(untimed.createBody(def, box(0.5f, 0.5f), &id), sat::Status::Ok);
  }
  for (sat::World* w : {&timed, &untimed}) ASSERT_EQ(w->update(), sat::Status::Ok);
  const sat::UpdateStats& s = untimed.stats();
  EXPECT_EQ(s.syncMs + s.broadMs + s.ccdMs + s.pairsMs + s.narrowMs + s.eventsMs + s.pushMs, 0.0f);
  const sat::UpdateStats& t = timed.stats();
  for (float ms : {t.syncMs, t.broadMs, t.ccdMs, t.pairsMs, t.narrowMs, t.eventsMs, t.pushMs}) EXPECT_GE(ms, 0.0f);
  EXPECT_GT(t.syncMs + t.broadMs + t.ccdMs + t.pairsMs + t.narrowMs + t.eventsMs + t.pushMs, 0.0f);
  ASSERT_GT(timed.contactCount(), 0);
  ASSERT_EQ(untimed.contactCount(), timed.contactCount());
  for (int i = 0; i < timed.contactCount(); ++i) {
    EXPECT_EQ(untimed.contacts()[i].a, timed.contacts()[i].a);
    EXPECT_EQ(untimed.contacts()[i].b, timed.contacts()[i].b);
    EXPECT_EQ(untimed.contacts()[i].depth, timed.contacts()[i].depth);
  }
}

TEST(WorldEvents, FilterSensorAndStaticStatic) {
  sat::World world;
  sat::BodyDef def;
  def.type = sat::BodyType::Static;
  BodyId s1, s2, d, sensor;
  ASSERT_EQ(world.createBody(def, box(1, 1), &s1), sat::Status::Ok);
  ASSERT_EQ(world.createBody(def, box(1, 1), &s2), sat::Status::Ok);  // same place: never a pair
  def.type = sat::BodyType::Dynamic;
  def.group = 2;
  def.mask = ~1u;  // ignores group 1 (the statics)
  ASSERT_EQ(world.createBody(def, box(1, 1), &d), sat::Status::Ok);
  def.group = 1;
  def.mask = ~0u;
  def.sensor = true;
  ASSERT_EQ(world.createBody(def, box(0.5f, 0.5f), &sensor), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  // Pairs: s1-sensor, s2-sensor, d-sensor (d's mask admits group 1? no: ~1u excludes it) -> 2.
  EXPECT_EQ(world.beginCount(), 2);
  for (int i = 0; i < world.contactCount(); ++i) EXPECT_TRUE(world.contacts()[i].flags & sat::kContactSensor);
  ASSERT_EQ(world.setFilter(d, 2, ~0u), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.beginCount(), 3);  // d-s1, d-s2, d-sensor
  EXPECT_EQ(world.stayCount(), 2);
}

TEST(WorldBadInput, UnknownStaleAndInvalidTransformsAreRefusedAndChangeNothing) {
  sat::World world;
  sat::BodyDef def;
  BodyId a, b;
  ASSERT_EQ(world.createBody(def, box(1, 1), &a), sat::Status::Ok);
  def.x = 1.0f;
  ASSERT_EQ(world.createBody(def, box(1, 1), &b), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.setTransform(0, 0, 0, 0), sat::kStatusUnknownBody);
  EXPECT_EQ(world.setTransform(a + 12345, 0, 0, 0), sat::kStatusUnknownBody);
  EXPECT_EQ(world.setTransform(a, NAN, 0, 0), sat::Status::InvalidTransform);
  EXPECT_EQ(world.setTransform(a, 0, 0, INFINITY), sat::Status::InvalidTransform);
  EXPECT_EQ(world.setTransform(a, 0, 0, 0, 0.0f, 1.0f), sat::Status::InvalidTransform);
  EXPECT_EQ(world.setTransform(a, 1e9f, 0, 0), sat::Status::InvalidTransform);
  EXPECT_STREQ(sat::worldStatusName(sat::kStatusRemovedBody), "RemovedBody");
  sat::Transform t;
  ASSERT_EQ(world.getTransform(a, &t), sat::Status::Ok);
  EXPECT_EQ(t.p.x, 0.0f);

  // Bulk path: a NaN for a is refused at update, put back, and b's change still goes through.
  float* buf = world.transformBuffer();
  buf[world.slotOf(a) * sat::kTransformStride + 0] = NAN;
  buf[world.slotOf(b) * sat::kTransformStride + 0] = 1.5f;
  EXPECT_EQ(world.update(), sat::Status::InvalidTransform);
  ASSERT_EQ(world.rejectedCount(), 1);
  EXPECT_EQ(world.rejected()[0].id, a);
  EXPECT_EQ(buf[world.slotOf(a) * sat::kTransformStride + 0], 0.0f);
  ASSERT_EQ(world.getTransform(b, &t), sat::Status::Ok);
  EXPECT_EQ(t.p.x, 1.5f);
  EXPECT_EQ(world.stayCount(), 1);
  EXPECT_NEAR(world.contacts()[0].depth, 0.5f, 1e-5f);

  // Stale ids: destroyed bodies, and a new body in the same slot does not revive them.
  const int slotA = world.slotOf(a);
  ASSERT_EQ(world.destroyBody(a), sat::Status::Ok);
  EXPECT_EQ(world.slotOf(a), -1);
  EXPECT_EQ(world.setTransform(a, 0, 0, 0), sat::kStatusRemovedBody);
  EXPECT_EQ(world.setEnabled(a, false), sat::kStatusRemovedBody);
  EXPECT_EQ(world.destroyBody(a), sat::kStatusRemovedBody);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  BodyId c;
  ASSERT_EQ(world.createBody(def, box(1, 1), &c), sat::Status::Ok);
  EXPECT_EQ(world.slotOf(c), slotA);
  EXPECT_NE(c, a);
  EXPECT_EQ(world.check(a), sat::kStatusRemovedBody);
  EXPECT_EQ(world.check(c), sat::Status::Ok);
  EXPECT_EQ(world.userId(a), 0u);

  // Ids above the last one issued were never issued, whatever slot they would name.
  EXPECT_EQ(world.check(c + 1), sat::kStatusUnknownBody);
  EXPECT_EQ(world.check((c + 1) | (1u << 20)), sat::kStatusUnknownBody);
  EXPECT_EQ(world.check(0xFFFFFFFFu), sat::kStatusUnknownBody);

  // Bad definitions.
  BodyId bad = 77;
  sat::BodyDef nan;
  nan.x = NAN;
  EXPECT_EQ(world.createBody(nan, box(1, 1), &bad), sat::Status::InvalidTransform);
  EXPECT_EQ(bad, sat::kNullBody);
  sat::BodyDef massless;
  massless.mass = 0.0f;
  EXPECT_EQ(world.createBody(massless, box(1, 1), &bad), sat::Status::InvalidArgument);
  EXPECT_EQ(world.createBody(def, nullptr, 1, &bad), sat::Status::InvalidArgument);
  // missing shapes come before bad values (fuzz/crashes/world-null-shapes-after-bad-definition)
  EXPECT_EQ(world.createBody(nan, nullptr, 1, &bad), sat::Status::InvalidArgument);
  EXPECT_EQ(world.createBody(massless, nullptr, 0, &bad), sat::Status::InvalidArgument);
  sat::Shape empty{sat::Polygon()};
  EXPECT_EQ(world.createBody(def, empty, &bad), sat::Status::InvalidArgument);
  EXPECT_EQ(world.bodyCount(), 2);
  EXPECT_TRUE(world.validate());
}

}  // namespace

namespace {

// Event and contact arrays stay valid and unchanged while the game reacts to them (destroys, creates, moves,
// disables bodies); the reactions take effect at the next update().
TEST(WorldEvents, ChangesWhileReadingEventsTakeEffectAtTheNextUpdate) {
  sat::World world;
  sat::BodyDef def;
  std::vector<BodyId> ids;
  for (int i = 0; i < 10; ++i) {
    def.x = 1.5f * float(i);
    BodyId id;
    ASSERT_EQ(world.createBody(def, box(1, 1), &id), sat::Status::Ok);
    ids.push_back(id);
  }
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.beginCount(), 9);
  const sat::BodyPair* begins = world.beginEvents();
  const sat::Contact* contacts = world.contacts();
  std::vector<sat::BodyPair> copy(begins, begins + world.beginCount());
  for (int i = 0; i < world.beginCount(); ++i) {
    // React to each event: destroy one body, disable another, create a new one, move a third.
    sat::Status s = sat::Status::Ok;
    if (i == 2) s = world.destroyBody(begins[i].a);
    if (i == 5) s = world.setEnabled(begins[i].b, false);
    if (i == 7) s = world.setTransform(begins[i].b, 100.0f, 0.0f, 0.0f);
    ASSERT_EQ(s, sat::Status::Ok);
    BodyId extra;
    def.x = -50.0f - 3.0f * float(i);
    ASSERT_EQ(world.createBody(def, box(1, 1), &extra), sat::Status::Ok);
    EXPECT_EQ(world.beginEvents()[i].a, copy[size_t(i)].a);
    EXPECT_EQ(world.beginCount(), 9);
  }
  EXPECT_EQ(world.contacts(), contacts);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  // Destroyed body 2 ends (1,2) and (2,3); disabled 6 ends (5,6), (6,7); moved 8 ends (7,8), (8,9).
  EXPECT_EQ(world.endCount(), 6);
  EXPECT_EQ(world.stayCount(), 3);
  EXPECT_EQ(world.beginCount(), 0);
  EXPECT_TRUE(world.validate());
}

}  // namespace

namespace {

// Regression (fuzz_world, "world-tolerance" in docs/fuzzing.md): the world's contact tolerance for two polygons is
// collide()'s, kRelativeTolerance times the sum of their bounding radii. It used to add each polygon's distance
// from its body's origin, so a part placed 1,000 units from the origin got a tolerance of 0.01 and the world
// reported pairs 0.005 apart as touching while collide() called them apart. Same with the fuzz input: a triangle
// with scale (-5818, 1) reported touching 0.18 from its neighbour (world tolerance 0.22, collide()'s 0.13).
TEST(WorldContacts, PolygonFarFromItsBodyOriginTouchesAsInCollide) {
  // Two unit squares turned 45 degrees, edge to edge 0.005 apart along (1, 1) (so that their boxes overlap); the
  // first is 1,000 units from its body's origin.
  const float quarter = 0.785398163f, s = 1.005f / std::sqrt(2.0f);
  sat::Polygon far, unit;
  ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &far, {1000.0f, 0.0f}, quarter), sat::Status::Ok);  // in the body frame
  ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &unit, {0.0f, 0.0f}, quarter), sat::Status::Ok);
  const sat::Transform xfA = sat::makeTransform(-1000.0f, 0.0f), xfB = sat::makeTransform(s, s);
  ASSERT_EQ(sat::collide(far, xfA, unit, xfB).pointCount, 0) << "0.005 apart: beyond collide()'s tolerance";
  ASSERT_GT(sat::distance(sat::Shape(far), xfA, sat::Shape(unit), xfB).distance, 0.004f);
  sat::World world;
  sat::BodyDef a, b;
  a.x = xfA.p.x;
  b.x = b.y = s;
  BodyId ida, idb;
  ASSERT_EQ(world.createBody(a, far, &ida), sat::Status::Ok);
  ASSERT_EQ(world.createBody(b, unit, &idb), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.contactCount(), 0) << "depth " << (world.contactCount() ? world.contacts()[0].depth : 0.0f);

  // The fuzz input (non-uniform scale): a small triangle and one stretched 5818 times along x.
  const Vec2 ta[] = {{-1.0f, -1.0f}, {3.5f, -1.84374762f}, {3.75f, -0.25f}};
  const Vec2 tb[] = {{0.25f, 0.25f}, {0.0f, -3.75f}, {0.5f, -1.25f}};
  sat::Polygon pa, pb;
  ASSERT_EQ(sat::makePolygon(ta, 3, &pa), sat::Status::Ok);
  ASSERT_EQ(sat::makePolygon(tb, 3, &pb), sat::Status::Ok);
  const sat::Transform xfC = sat::makeTransform(-4.0f, -4.0f);
  const sat::Transform xfD = sat::makeTransform(-2.0f, -2.0f, 0.0f, -5818.05762f, 1.0f);
  const bool touching = sat::collide(pa, xfC, pb, xfD).pointCount > 0;
  sat::World world2;
  sat::BodyDef c, d;
  c.x = c.y = -4.0f;
  d.x = d.y = -2.0f;
  d.scaleX = -5818.05762f;
  ASSERT_EQ(world2.createBody(c, pa, &ida), sat::Status::Ok);
  ASSERT_EQ(world2.createBody(d, pb, &idb), sat::Status::Ok);
  ASSERT_EQ(world2.update(), sat::Status::Ok);
  EXPECT_EQ(world2.contactCount(), touching ? 1 : 0)
      << "collide() says " << (touching ? "touching" : "apart") << ", world depth "
      << (world2.contactCount() ? world2.contacts()[0].depth : 0.0f);
}

// Regression (fuzz_world, "world-stretched-scale" in docs/fuzzing.md): a shape's size for the contact tolerance
// is its bounding radius after the scale, in collide() and in the World. It was the bounding radius times the
// larger scale factor, which overstates a stretched shape's size by up to the scale ratio: a box 0.02 x 2 scaled
// (5000, 1) is 100 x 2 (size 50), not 5,000, and pairs 0.01 apart were reported touching (tolerance 0.05).
TEST(WorldContacts, StretchedShapesTouchWithinTheirStretchedSize) {
  sat::Polygon small, thin;
  const float quarter = 0.785398163f;
  ASSERT_EQ(sat::makeBox(0.5f, 0.5f, &small, {0.0f, 0.0f}, quarter), sat::Status::Ok);
  ASSERT_EQ(sat::makeBox(0.01f, 1.0f, &thin), sat::Status::Ok);
  const float sx = 5000.0f;
  // Independent of the library: the stretched box's half extents are (50, 1).
  const double sizeThin = std::hypot(0.01 * sx, 1.0), sizeSmall = std::hypot(0.5, 0.5);
  const double tol = double(sat::kRelativeTolerance) * (sizeSmall + sizeThin);
  ASSERT_LT(tol, 1e-3);
  for (const double gapInTol : {0.5, 20.0}) {
    const float gap = float(gapInTol * tol);
    const sat::Transform xfA = sat::makeTransform(0.0f, 0.0f);
    // Face to face along (1, 1) (so that the bodies' boxes overlap, as the World's broad phase needs): the thin
    // box turned -45 degrees, its long side facing the small one's upper-right side gap away.
    const float c = float((0.5 + 1.0 + double(gap)) / std::sqrt(2.0));
    const sat::Transform xfB = sat::makeTransform(c, c, -quarter, sx, 1.0f);
    const bool expect = gapInTol < 1.0;
    EXPECT_EQ(sat::collide(small, xfA, thin, xfB).pointCount > 0, expect) << "gap " << gap;
    EXPECT_EQ(sat::overlap(sat::Shape(small), xfA, sat::Shape(thin), xfB), expect) << "gap " << gap;
    sat::World world;
    sat::BodyDef a, b;
    b.x = xfB.p.x;
    b.y = xfB.p.y;
    b.angle = -quarter;
    b.scaleX = sx;
    BodyId ida, idb;
    ASSERT_EQ(world.createBody(a, small, &ida), sat::Status::Ok);
    ASSERT_EQ(world.createBody(b, thin, &idb), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.contactCount(), expect ? 1 : 0) << "gap " << gap;
  }
}

// Regression (fuzz_world, "world-zero-normal" in docs/fuzzing.md): the World placed a non-uniformly scaled
// polygon's normals from its world-space vertices, and an edge 2e-4 long stretched 5800 times along the other axis
// and placed ~3,000 units out rounds to a single point there: its normal came out (0, 0) and so did a contact's.
// Normals now come from the local ones (M^-T n), like collide()'s.
TEST(WorldContacts, StretchedPolygonWithAShortEdgeKeepsUnitNormals) {
  const Vec2 tri[] = {{3.5f, -1.5f}, {-3.75f, 0.5f}, {0.75f, -1.91400015f}};
  const Vec2 pent[] = {{-1.60089719f, -1.60089719f}, {-0.756697834f, -1.60089719f}, {0.800448596f, 0.800253153f},
                       {0.800448596f, 0.800448596f}, {-1.10061681f, 0.800448596f}};
  sat::Polygon a, b;
  ASSERT_EQ(sat::makePolygon(tri, 3, &a), sat::Status::Ok);
  ASSERT_EQ(sat::makePolygon(pent, 5, &b), sat::Status::Ok);
  ASSERT_EQ(b.count(), 5) << "the short edge must survive the maker for this test to mean something";
  for (const float sx : {-5797.52148f, 5797.52148f}) {
    const sat::Transform xfA = sat::makeTransform(-1.0f, -15.0f);
    const sat::Transform xfB = sat::makeTransform(2.0f, -15.0f, 3.92699f, sx, 1.0f);
    const sat::Manifold ref = sat::collide(a, xfA, b, xfB);
    ASSERT_GT(ref.pointCount, 0);
    sat::World world;
    sat::BodyDef da, db;
    da.x = xfA.p.x;
    da.y = xfA.p.y;
    db.type = sat::BodyType::Static;
    db.x = xfB.p.x;
    db.y = xfB.p.y;
    db.angle = 3.92699f;
    db.scaleX = sx;
    BodyId ida, idb;
    ASSERT_EQ(world.createBody(da, a, &ida), sat::Status::Ok);
    ASSERT_EQ(world.createBody(db, b, &idb), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.contactCount(), 1);
    const sat::Contact& c = world.contacts()[0];
    EXPECT_NEAR(sat::length(c.normal), 1.0f, 1e-5f) << "scale " << sx;
    EXPECT_GT(sat::dot(c.normal, ref.normal), 0.9999f) << "scale " << sx;
    EXPECT_NEAR(c.depth, ref.depth, 1e-3f * std::fabs(ref.depth) + 1e-3f) << "scale " << sx;
  }
}

// Regression (fuzz_world, "toi-mirror" in docs/fuzzing.md): a concave bullet whose scale changes sign during its
// sweep ((1.47, -1.26) to (1, 1)). The interpolated scale passed through zero, the degenerate pose at t = 0.56 read
// as touching the capsule it ends on, and the swept contact had the zero normal of that pose. A mirroring move is
// now taken like a teleport (not swept).
TEST(WorldCcd, MirroredBulletIsNotSweptThroughAZeroScale) {
  const Vec2 outline[] = {{-4.0f, -4.0f}, {3.0f, -4.0f}, {-1.5f, -0.25f}, {-1.96874952f, 2.5f}};
  sat::Capsule cap;
  ASSERT_EQ(sat::makeCapsule({-0.322547793f, -0.322547793f}, {0.609147012f, 0.473070115f}, 0.571984768f, &cap),
            sat::Status::Ok);
  for (const bool push : {false, true}) {
    sat::World world;
    sat::PushApartOptions pa;
    pa.enabled = push;
    world.setPushApart(pa);
    sat::BodyDef bullet;
    bullet.bullet = true;
    bullet.x = 5.86666679f;
    bullet.y = -15.0f;
    bullet.scaleX = 1.4666667f;
    bullet.scaleY = -1.26262307f;
    BodyId bulletId, capId;
    ASSERT_EQ(world.createConcaveBody(bullet, outline, 4, &bulletId), sat::Status::Ok);
    sat::BodyDef target;
    target.type = sat::BodyType::Static;
    target.x = 12.0f;
    target.y = -7.86523247f;
    target.angle = 1.42145f;
    ASSERT_EQ(world.createBody(target, cap, &capId), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.contactCount(), 0);
    ASSERT_EQ(world.setTransform(bulletId, 12.0f, -7.86523247f, 1.42145f, 1.0f, 1.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.stats().sweptBodies, 0) << "a mirroring move is not swept";
    for (int k = 0; k < world.contactCount(); ++k) {  // (at the new pose the two do not touch)
      const sat::Contact& c = world.contacts()[k];
      EXPECT_NEAR(sat::length(c.normal), 1.0f, 1e-5f) << "push-apart " << push;
      EXPECT_EQ(c.flags & sat::kContactSwept, 0);
    }
    // An ordinary move of the same bullet (no sign change) is still swept.
    ASSERT_EQ(world.setTransform(bulletId, 5.86666679f, -15.0f, 0.0f, 1.0f, 1.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.stats().sweptBodies, 1);
  }
}

}  // namespace

namespace {

// Regression: ids once packed a 12-bit generation over the slot, so 4095 add/remove cycles on one slot made an old
// id valid again for a new body. Ids are now issued in order and never reissued, whatever happens to slots.
TEST(WorldIds, NeverReissuedAcrossThousandsOfCyclesOnOneSlot) {
  sat::World world;
  sat::BodyDef def;
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.5f, &c), sat::Status::Ok);
  BodyId keep;
  ASSERT_EQ(world.createBody(def, c, &keep), sat::Status::Ok);
  std::set<BodyId> issued{keep};
  BodyId first = 0;
  int firstSlot = -1;
  for (int cycle = 0; cycle < 10000; ++cycle) {
    BodyId id;
    ASSERT_EQ(world.createBody(def, c, &id), sat::Status::Ok);
    ASSERT_TRUE(issued.insert(id).second) << "id " << id << " reissued at cycle " << cycle;
    if (cycle == 0) {
      first = id;
      firstSlot = world.slotOf(id);
    }
    EXPECT_EQ(world.slotOf(id), firstSlot);  // the same slot every time: the case that used to wrap
    ASSERT_EQ(world.destroyBody(id), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);  // frees the slot for the next cycle
    if (cycle % 1000 == 0) {
      EXPECT_EQ(world.check(first), sat::kStatusRemovedBody) << cycle;
    }
  }
  EXPECT_EQ(world.check(first), sat::kStatusRemovedBody);
  EXPECT_EQ(world.check(keep), sat::Status::Ok);
  for (BodyId id : issued) {
    if (id != keep) {
      EXPECT_EQ(world.check(id), sat::kStatusRemovedBody) << id;
    }
  }
  EXPECT_EQ(world.check(*issued.rbegin() + 1), sat::kStatusUnknownBody);
  EXPECT_TRUE(world.validate());
}

// Lookups stay right with many live bodies whose ids hash into the same runs (the id map's deletion path).
TEST(WorldIds, ManyBodiesAddedAndRemovedInRandomOrderKeepTheirIds) {
  Rng rng(91);
  sat::World world;
  sat::BodyDef def;
  sat::Circle c;
  ASSERT_EQ(sat::makeCircle({0, 0}, 0.5f, &c), sat::Status::Ok);
  std::vector<std::pair<BodyId, uint32_t>> live;  // id, userId
  std::vector<BodyId> dead;
  for (int step = 0; step < 20000; ++step) {
    if (live.empty() || uniInt(rng, 0, 2) != 0) {
      def.userId = uint32_t(step);
      def.x = float(uniInt(rng, -100, 100));
      BodyId id;
      ASSERT_EQ(world.createBody(def, c, &id), sat::Status::Ok);
      live.push_back({id, def.userId});
    } else {
      size_t k = size_t(uniInt(rng, 0, int(live.size()) - 1));
      ASSERT_EQ(world.destroyBody(live[k].first), sat::Status::Ok);
      dead.push_back(live[k].first);
      live[k] = live.back();
      live.pop_back();
    }
    if (step % 97 == 0) {
      ASSERT_EQ(world.update(), sat::Status::Ok);
    }
  }
  for (const auto& [id, user] : live) {
    EXPECT_EQ(world.userId(id), user);
  }
  for (BodyId id : dead) {
    EXPECT_EQ(world.check(id), sat::kStatusRemovedBody);
  }
  EXPECT_EQ(world.bodyCount(), int(live.size()));
  EXPECT_TRUE(world.validate());
}

}  // namespace

namespace {

// Regression: setSensor() did not mark the body for a resync, so a contact already touching kept its old sensor
// flag until a body moved.
TEST(WorldEvents, SetSensorUpdatesTouchingContactsAtTheNextUpdate) {
  for (int shapes : {1, 2}) {
    sat::World world;
    sat::BodyDef def;
    BodyId a, b;
    sat::ShapeDef parts[2];
    parts[0].shape = box(1, 1);
    parts[1].shape = box(1, 1);
    parts[1].offset = {0.0f, 3.0f};
    ASSERT_EQ(world.createBody(def, parts, shapes, &a), sat::Status::Ok);
    def.x = 0.5f;
    ASSERT_EQ(world.createBody(def, box(1, 1), &b), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.beginCount(), 1);
    EXPECT_EQ(world.contacts()[0].flags & sat::kContactSensor, 0);
    ASSERT_EQ(world.setSensor(b, true), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.stayCount(), 1);  // still touching: a stay, not end + begin
    ASSERT_EQ(world.contactCount(), 1);
    EXPECT_NE(world.contacts()[0].flags & sat::kContactSensor, 0) << shapes;
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_NE(world.contacts()[0].flags & sat::kContactSensor, 0) << shapes;
    ASSERT_EQ(world.setSensor(b, false), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.stayCount(), 1);
    EXPECT_EQ(world.contacts()[0].flags & sat::kContactSensor, 0) << shapes;
  }
}

}  // namespace

namespace {

// Regression: contacts were listed in pair order, so stays and begins were interleaved although the contract said
// begins first. Contact i is begin event i, then the stays follow in stay-event order; each list in pair order.
TEST(WorldContacts, BeginsThenStaysEachInPairOrderMatchingTheEvents) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    Rng rng(7);
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World world(opt);
    struct Mover {
      BodyId id;
      float x, y, vx, vy;
    };
    std::vector<Mover> movers;
    for (int i = 0; i < 150; ++i) {
      sat::BodyDef def;
      def.x = float(uni(rng, -10, 10));
      def.y = float(uni(rng, -10, 10));
      def.type = i % 10 == 0 ? sat::BodyType::Static : sat::BodyType::Dynamic;
      BodyId id;
      ASSERT_EQ(world.createBody(def, randomShape(rng, 0.8f), &id), sat::Status::Ok);
      if (def.type == sat::BodyType::Dynamic) {
        movers.push_back({id, def.x, def.y, float(uni(rng, -0.2, 0.2)), float(uni(rng, -0.2, 0.2))});
      }
    }
    auto slotKey = [&](const sat::BodyPair& p) {
      return (uint64_t(uint32_t(world.slotOf(p.a))) << 32) | uint32_t(world.slotOf(p.b));
    };
    int begins = 0, stays = 0, interleavedFrames = 0;
    for (int frame = 0; frame < 120; ++frame) {
      for (Mover& m : movers) {
        m.x += m.vx;
        m.y += m.vy;
        if (std::fabs(m.x) > 10) m.vx = -m.vx;
        if (std::fabs(m.y) > 10) m.vy = -m.vy;
        ASSERT_EQ(world.setTransform(m.id, m.x, m.y, 0.0f), sat::Status::Ok);
      }
      ASSERT_EQ(world.update(), sat::Status::Ok);
      const int nb = world.beginCount(), ns = world.stayCount();
      ASSERT_EQ(world.contactCount(), nb + ns);
      for (int i = 0; i < nb + ns; ++i) {
        const sat::Contact& c = world.contacts()[i];
        const sat::BodyPair& e = i < nb ? world.beginEvents()[i] : world.stayEvents()[i - nb];
        ASSERT_EQ(c.a, e.a) << frame << " " << i;
        ASSERT_EQ(c.b, e.b) << frame << " " << i;
        ASSERT_EQ((c.flags & sat::kContactBegan) != 0, i < nb) << frame << " " << i;
        ASSERT_LT(world.slotOf(c.a), world.slotOf(c.b));
      }
      for (int i = 1; i < nb; ++i) ASSERT_LT(slotKey(world.beginEvents()[i - 1]), slotKey(world.beginEvents()[i]));
      for (int i = 1; i < ns; ++i) ASSERT_LT(slotKey(world.stayEvents()[i - 1]), slotKey(world.stayEvents()[i]));
      for (int i = 1; i < world.endCount(); ++i) {
        ASSERT_LT(slotKey(world.endEvents()[i - 1]), slotKey(world.endEvents()[i]));
      }
      // The case the old order got wrong: a begin whose pair sorts after a stay's.
      if (nb > 0 && ns > 0 && slotKey(world.beginEvents()[nb - 1]) > slotKey(world.stayEvents()[0])) ++interleavedFrames;
      begins += nb;
      stays += ns;
    }
    EXPECT_GT(begins, 100);
    EXPECT_GT(stays, 1000);
    EXPECT_GT(interleavedFrames, 10);
  }
}

}  // namespace

namespace {

// A teleport is not swept: a bullet set through a wall with teleport = true lands there; the same move without it
// is stopped at the wall.
TEST(WorldCcd, TeleportSkipsTheSweep) {
  for (bool teleport : {false, true}) {
    sat::World world;
    sat::BodyDef def;
    def.bullet = true;
    sat::Circle c;
    ASSERT_EQ(sat::makeCircle({0, 0}, 0.1f, &c), sat::Status::Ok);
    BodyId bullet, wall;
    ASSERT_EQ(world.createBody(def, c, &bullet), sat::Status::Ok);
    sat::BodyDef wallDef;
    wallDef.type = sat::BodyType::Static;
    wallDef.x = 2.5f;
    ASSERT_EQ(world.createBody(wallDef, box(0.05f, 5.0f), &wall), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.setTransform(bullet, 5.0f, 0.0f, 0.0f, 1.0f, 1.0f, teleport), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    sat::Transform t;
    ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
    if (teleport) {
      EXPECT_EQ(t.p.x, 5.0f);
      EXPECT_EQ(world.stats().sweptBodies, 0);
      EXPECT_EQ(world.contactCount(), 0);
    } else {
      EXPECT_LT(t.p.x, 2.5f);
      EXPECT_EQ(world.stats().sweptBodies, 1);
      EXPECT_EQ(world.contactCount(), 1);
    }
    if (!teleport) continue;
    // The flag is for one change only: the move back through the wall is swept again.
    ASSERT_EQ(world.setTransform(bullet, -5.0f, 0.0f, 0.0f), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.getTransform(bullet, &t), sat::Status::Ok);
    EXPECT_GT(t.p.x, 2.5f);
  }
}

// getTransform's float form gives the values as set (the angle not wrapped), and after push-apart the pushed ones.
TEST(WorldTransforms, ValuesAsSetWithTheAngleUnwrapped) {
  sat::World world;
  sat::BodyDef def;
  def.angle = 7.5f;
  def.scaleX = -2.0f;
  BodyId id;
  ASSERT_EQ(world.createBody(def, box(1, 1), &id), sat::Status::Ok);
  float v[sat::kTransformStride];
  ASSERT_EQ(world.getTransform(id, v), sat::Status::Ok);
  EXPECT_EQ(v[2], 7.5f);
  EXPECT_EQ(v[3], -2.0f);
  ASSERT_EQ(world.setTransform(id, 1.0f, 2.0f, -9.0f, 1.0f, 3.0f), sat::Status::Ok);
  ASSERT_EQ(world.getTransform(id, v), sat::Status::Ok);
  EXPECT_EQ(v[0], 0.0f);  // as of the last update
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.getTransform(id, v), sat::Status::Ok);
  EXPECT_EQ(v[0], 1.0f);
  EXPECT_EQ(v[1], 2.0f);
  EXPECT_EQ(v[2], -9.0f);
  EXPECT_EQ(v[4], 3.0f);
  EXPECT_EQ(world.getTransform(id + 1, v), sat::kStatusUnknownBody);
}

// Pairs of two non-dynamic bodies are off by default (as in Box2D) and on with WorldOptions::kinematicPairs.
TEST(WorldEvents, KinematicStaticAndKinematicPairsOnlyWhenAsked) {
  for (bool on : {false, true}) {
    sat::WorldOptions opt;
    opt.kinematicPairs = on;
    sat::World world(opt);
    sat::BodyDef def;
    BodyId ground, kinA, kinB, dyn;
    def.type = sat::BodyType::Static;
    ASSERT_EQ(world.createBody(def, box(5, 1), &ground), sat::Status::Ok);
    def.type = sat::BodyType::Kinematic;
    def.y = 1.5f;
    ASSERT_EQ(world.createBody(def, box(1, 1), &kinA), sat::Status::Ok);
    def.x = 1.5f;
    ASSERT_EQ(world.createBody(def, box(1, 1), &kinB), sat::Status::Ok);
    def.type = sat::BodyType::Dynamic;
    def.x = -1.5f;
    ASSERT_EQ(world.createBody(def, box(1, 1), &dyn), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    std::set<uint64_t> got;
    for (int i = 0; i < world.beginCount(); ++i) got.insert(pairKey(world.beginEvents()[i].a, world.beginEvents()[i].b));
    std::set<uint64_t> want{pairKey(ground, dyn), pairKey(kinA, dyn)};
    if (on) {
      want.insert(pairKey(ground, kinA));
      want.insert(pairKey(ground, kinB));
      want.insert(pairKey(kinA, kinB));
    }
    EXPECT_EQ(got, want) << on;
  }
}

}  // namespace

namespace {

// Edits in place keep the id, the user id and a pair that still touches (a stay, no end + begin); a pair that stops
// touching ends; the result equals a body made with the new shapes from the start.
TEST(WorldEdits, SetShapesKeepsIdUserIdAndStillTouchingContacts) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World world(opt), fresh(opt);
    sat::BodyDef def;
    def.userId = 42;
    BodyId a, b;
    ASSERT_EQ(world.createBody(def, box(1, 1), &a), sat::Status::Ok);
    def.x = 1.5f;
    def.userId = 7;
    ASSERT_EQ(world.createBody(def, box(1, 1), &b), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.beginCount(), 1);
    const float depthBefore = world.contacts()[0].depth;

    // Grow a into two parts, still touching b: stay, deeper.
    sat::ShapeDef parts[2];
    parts[0].shape = box(1.2f, 1.0f);
    parts[0].userData = 100;
    parts[1].shape = box(0.5f, 0.5f);
    parts[1].offset = {0.0f, 3.0f};
    parts[1].userData = 101;
    ASSERT_EQ(world.setShapes(a, parts, 2), sat::Status::Ok);
    EXPECT_EQ(world.shapeCount(a), 2);
    EXPECT_EQ(world.userId(a), 42u);
    EXPECT_EQ(world.shapeUserData(a, 0), 100u);
    EXPECT_EQ(world.shapeUserData(a, 1), 101u);
    EXPECT_EQ(world.shapeUserData(a, 2), 0u);
    BodyId probe[4];
    EXPECT_EQ(world.queryPoint({0.0f, 3.2f}, {}, probe, 4), 1);  // queries see the new shapes at once
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.beginCount(), 0);
    EXPECT_EQ(world.endCount(), 0);
    ASSERT_EQ(world.stayCount(), 1);
    EXPECT_GT(world.contacts()[0].depth, depthBefore);
    // The same as bodies made with those shapes from the start.
    sat::BodyDef fa, fb;
    fb.x = 1.5f;
    BodyId ia, ib;
    ASSERT_EQ(fresh.createBody(fa, parts, 2, &ia), sat::Status::Ok);
    ASSERT_EQ(fresh.createBody(fb, box(1, 1), &ib), sat::Status::Ok);
    ASSERT_EQ(fresh.update(), sat::Status::Ok);
    ASSERT_EQ(fresh.contactCount(), 1);
    EXPECT_EQ(fresh.contacts()[0].depth, world.contacts()[0].depth);
    EXPECT_EQ(fresh.contacts()[0].normal.x, world.contacts()[0].normal.x);

    // Shrink a away from b: the pair ends.
    sat::ShapeDef small;
    small.shape = box(0.2f, 0.2f);
    ASSERT_EQ(world.setShapes(a, &small, 1), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.endCount(), 1);
    EXPECT_EQ(world.contactCount(), 0);
    // A refused shape leaves the body as it was.
    sat::ShapeDef bad;
    bad.shape = box(1, 1);
    bad.offset = {NAN, 0.0f};
    EXPECT_EQ(world.setShapes(a, &bad, 1), sat::Status::NonFinite);
    EXPECT_EQ(world.setShapes(a, nullptr, 1), sat::Status::InvalidArgument);
    EXPECT_EQ(world.shapeCount(a), 1);
    EXPECT_EQ(world.setShapes(a + 100, &small, 1), sat::kStatusUnknownBody);
    EXPECT_TRUE(world.validate());
  }
}

TEST(WorldEdits, SetTypeMovesTheBodyBetweenStructuresAndKeepsPairsThatStillCount) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World world(opt);
    sat::BodyDef def;
    def.type = sat::BodyType::Static;
    BodyId wall, body;
    ASSERT_EQ(world.createBody(def, box(1, 1), &wall), sat::Status::Ok);
    def.type = sat::BodyType::Dynamic;
    def.x = 1.5f;
    def.mass = 4.0f;
    def.userId = 9;
    ASSERT_EQ(world.createBody(def, box(1, 1), &body), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_EQ(world.beginCount(), 1);
    // Dynamic -> kinematic: kinematic-static pairs are off by default, so the pair ends.
    ASSERT_EQ(world.setType(body, sat::BodyType::Kinematic), sat::Status::Ok);
    EXPECT_EQ(world.type(body), sat::BodyType::Kinematic);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.endCount(), 1);
    // -> static: still no pair; queries still find it.
    ASSERT_EQ(world.setType(body, sat::BodyType::Static), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.contactCount(), 0);
    BodyId found[4];
    EXPECT_EQ(world.queryPoint({1.8f, 0.0f}, {}, found, 4), 1);
    // -> dynamic: the pair begins again, and push-apart uses the mass given at creation.
    ASSERT_EQ(world.setType(body, sat::BodyType::Dynamic), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.beginCount(), 1);
    EXPECT_EQ(world.userId(body), 9u);
    // The wall becomes dynamic while touching: a stay.
    ASSERT_EQ(world.setType(wall, sat::BodyType::Dynamic), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.stayCount(), 1);
    EXPECT_EQ(world.beginCount() + world.endCount(), 0);
    EXPECT_EQ(world.setType(body, sat::BodyType(7)), sat::Status::InvalidArgument);
    EXPECT_TRUE(world.validate());
  }
}

TEST(WorldEdits, SetScaleKeepsPositionAndAngleAndTheContact) {
  sat::World world;
  sat::BodyDef def;
  def.x = 0.0f;
  def.angle = 0.5f;
  BodyId a, b;
  ASSERT_EQ(world.createBody(def, box(1, 1), &a), sat::Status::Ok);
  def.x = 2.2f;
  def.angle = 0.0f;
  ASSERT_EQ(world.createBody(def, box(1, 1), &b), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(world.contactCount(), 1);
  ASSERT_EQ(world.setScale(a, 1.5f, 1.5f), sat::Status::Ok);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  EXPECT_EQ(world.stayCount(), 1);
  float v[sat::kTransformStride];
  ASSERT_EQ(world.getTransform(a, v), sat::Status::Ok);
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[2], 0.5f);
  EXPECT_EQ(v[3], 1.5f);
  EXPECT_EQ(world.setScale(a, 0.0f, 1.0f), sat::Status::InvalidTransform);
}

// A compound contact's first shape contact is its deepest part pair, and the contact carries its points.
TEST(WorldContacts, FirstShapeContactIsTheDeepest) {
  Rng rng(3);
  int checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    sat::World world;
    sat::ShapeDef parts[3];
    for (sat::ShapeDef& p : parts) {
      p.shape = randomShape(rng, 0.8f);
      p.offset = {float(uni(rng, -1, 1)), float(uni(rng, -1, 1))};
    }
    sat::BodyDef def;
    BodyId a, b;
    ASSERT_EQ(world.createBody(def, parts, 3, &a), sat::Status::Ok);
    def.x = float(uni(rng, -1, 1));
    def.y = float(uni(rng, -1, 1));
    ASSERT_EQ(world.createBody(def, parts, 2, &b), sat::Status::Ok);
    ASSERT_EQ(world.update(), sat::Status::Ok);
    if (world.contactCount() != 1) continue;
    const sat::Contact& c = world.contacts()[0];
    ASSERT_GT(c.shapeContactCount, 0);
    const sat::ShapeContact* sc = world.shapeContacts() + c.firstShapeContact;
    for (int k = 1; k < c.shapeContactCount; ++k) EXPECT_GE(sc[0].manifold.depth, sc[k].manifold.depth);
    EXPECT_EQ(c.points[0].point.x, sc[0].manifold.points[0].point.x);
    EXPECT_EQ(c.pointCount, sc[0].manifold.pointCount);
    if (c.shapeContactCount > 1) ++checked;
  }
  EXPECT_GT(checked, 20);
}

// Many shape edits on many bodies (the pools compact as they go) against bodies made fresh each time.
TEST(WorldEdits, RepeatedSetShapesMatchFreshBodies) {
  Rng rng(17);
  sat::World world;
  std::vector<BodyId> ids;
  std::vector<std::vector<sat::ShapeDef>> shapesOf;
  for (int i = 0; i < 40; ++i) {
    sat::BodyDef def;
    def.x = float(uni(rng, -6, 6));
    def.y = float(uni(rng, -6, 6));
    std::vector<sat::ShapeDef> parts(1);
    parts[0].shape = randomShape(rng, 1.0f);
    BodyId id;
    ASSERT_EQ(world.createBody(def, parts.data(), 1, &id), sat::Status::Ok);
    ids.push_back(id);
    shapesOf.push_back(parts);
  }
  for (int round = 0; round < 60; ++round) {
    for (int e = 0; e < 10; ++e) {
      const size_t k = size_t(uniInt(rng, 0, int(ids.size()) - 1));
      std::vector<sat::ShapeDef> parts(size_t(uniInt(rng, 1, 3)));
      for (sat::ShapeDef& p : parts) {
        p.shape = randomShape(rng, 1.0f);
        p.offset = {float(uni(rng, -1, 1)), float(uni(rng, -1, 1))};
      }
      ASSERT_EQ(world.setShapes(ids[k], parts.data(), int(parts.size())), sat::Status::Ok);
      shapesOf[k] = parts;
    }
    ASSERT_EQ(world.update(), sat::Status::Ok);
    ASSERT_TRUE(world.validate());
    // The reference: the same bodies made fresh (ids in the same order), one update.
    sat::World fresh;
    for (size_t k = 0; k < ids.size(); ++k) {
      sat::Transform t;
      ASSERT_EQ(world.getTransform(ids[k], &t), sat::Status::Ok);
      sat::BodyDef def;
      def.x = t.p.x;
      def.y = t.p.y;
      BodyId id;
      ASSERT_EQ(fresh.createBody(def, shapesOf[k].data(), int(shapesOf[k].size()), &id), sat::Status::Ok);
      ASSERT_EQ(id, ids[0] + BodyId(k));
    }
    ASSERT_EQ(fresh.update(), sat::Status::Ok);
    std::set<uint64_t> got, want;
    for (int i = 0; i < world.contactCount(); ++i) got.insert(pairKey(world.contacts()[i].a, world.contacts()[i].b));
    for (int i = 0; i < fresh.contactCount(); ++i) want.insert(pairKey(fresh.contacts()[i].a, fresh.contacts()[i].b));
    ASSERT_EQ(got, want) << round;
  }
}

}  // namespace

namespace {

// A pair filter vetoes exactly the pairs it refuses: the touching set equals the unfiltered world's minus those, in
// every broad phase; it sees only pairs that passed the broad phase and group / mask.
TEST(WorldPairFilter, VetoesExactlyTheRefusedPairs) {
  for (sat::BroadPhaseType bp :
       {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep}) {
    Rng rng(5);
    sat::WorldOptions opt;
    opt.broadPhase = bp;
    sat::World plain(opt), filtered(opt);
    struct Seen {
      const sat::World* world;
      long calls = 0;
      bool maskViolated = false;
    } seen{&filtered};
    auto refuse = [](BodyId a, BodyId b) { return (a + b) % 3 == 0; };
    filtered.setPairFilter(
        [](void* context, BodyId a, BodyId b) {
          Seen& s = *static_cast<Seen*>(context);
          ++s.calls;
          if (s.world->slotOf(a) >= s.world->slotOf(b)) s.maskViolated = true;
          return !((a + b) % 3 == 0);
        },
        &seen);
    std::vector<std::pair<BodyId, Vec2>> movers;
    for (int i = 0; i < 150; ++i) {
      sat::BodyDef def;
      def.x = float(uni(rng, -10, 10));
      def.y = float(uni(rng, -10, 10));
      def.group = i % 7 == 0 ? 2u : 1u;
      def.mask = i % 7 == 0 ? 2u : 0xFFFFFFFFu;  // group-2 bodies meet only each other
      const sat::Shape shape = randomShape(rng, 0.8f);
      BodyId a, b;
      ASSERT_EQ(plain.createBody(def, shape, &a), sat::Status::Ok);
      ASSERT_EQ(filtered.createBody(def, shape, &b), sat::Status::Ok);
      ASSERT_EQ(a, b);
      movers.push_back({a, {def.x, def.y}});
    }
    int compared = 0;
    for (int frame = 0; frame < 60; ++frame) {
      for (auto& [id, p] : movers) {
        p.x += float(uni(rng, -0.2, 0.2));
        p.y += float(uni(rng, -0.2, 0.2));
        ASSERT_EQ(plain.setTransform(id, p.x, p.y, 0.0f), sat::Status::Ok);
        ASSERT_EQ(filtered.setTransform(id, p.x, p.y, 0.0f), sat::Status::Ok);
      }
      ASSERT_EQ(plain.update(), sat::Status::Ok);
      ASSERT_EQ(filtered.update(), sat::Status::Ok);
      std::set<uint64_t> want, got;
      for (int i = 0; i < plain.contactCount(); ++i) {
        const sat::Contact& c = plain.contacts()[i];
        if (!refuse(c.a, c.b)) want.insert(pairKey(c.a, c.b));
      }
      for (int i = 0; i < filtered.contactCount(); ++i) got.insert(pairKey(filtered.contacts()[i].a, filtered.contacts()[i].b));
      ASSERT_EQ(got, want) << frame;
      compared += int(want.size());
    }
    EXPECT_GT(compared, 1000);
    EXPECT_GT(seen.calls, 0);
    EXPECT_FALSE(seen.maskViolated);
    filtered.setPairFilter(nullptr, nullptr);
    ASSERT_EQ(filtered.update(), sat::Status::Ok);
    ASSERT_EQ(plain.update(), sat::Status::Ok);
    EXPECT_EQ(filtered.contactCount(), plain.contactCount());
  }
}

}  // namespace

namespace {

// A grid of unit boxes 0.9 apart: each overlaps its eight neighbours, so the first update begins every pair.
void addDenseBoxes(sat::World& world, int side) {
  sat::Polygon box;
  EXPECT_EQ(sat::makeBox(0.5f, 0.5f, &box), sat::Status::Ok);
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      sat::BodyDef def;
      def.x = 0.9f * float(x);
      def.y = 0.9f * float(y);
      BodyId id;
      EXPECT_EQ(world.createBody(def, sat::Shape(box), &id), sat::Status::Ok);
    }
  }
}

}  // namespace

// The events of a frame where every pair began or ended give their room back once a later frame no longer needs it,
// and a steady state keeps what it holds.
TEST(WorldMemory, RoomOfABurstOfEventsIsGivenBackAndTheSteadyStateKeepsItsRoom) {
  sat::World world;
  const int side = 40;
  addDenseBoxes(world, side);
  ASSERT_EQ(world.update(), sat::Status::Ok);
  const size_t pairs = size_t(world.beginCount());
  ASSERT_GT(pairs, size_t(4000));
  // Every body moves far from its neighbours: every pair ends.
  float* buffer = world.transformBuffer();
  for (int i = 0; i < side * side; ++i) {
    buffer[i * sat::kTransformStride] *= 3.0f;
    buffer[i * sat::kTransformStride + 1] *= 3.0f;
  }
  ASSERT_EQ(world.update(), sat::Status::Ok);
  ASSERT_EQ(size_t(world.endCount()), pairs);
  const sat::WorldMemory ended = world.memory();
  ASSERT_EQ(world.update(), sat::Status::Ok);  // nothing moves, nothing touches
  ASSERT_EQ(world.endCount(), 0);
  const sat::WorldMemory quiet = world.memory();
  // At least the end events (8 bytes each), their keys (8) and their part events (12).
  EXPECT_LE(quiet.outputs + 28 * pairs, ended.outputs);
  for (int frame = 0; frame < 3; ++frame) {
    ASSERT_EQ(world.update(), sat::Status::Ok);
    EXPECT_EQ(world.memory().total(), quiet.total());
  }
}
