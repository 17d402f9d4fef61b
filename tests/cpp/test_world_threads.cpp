// World::setThreads: update() on 2 and 4 threads gives the bytes one thread gives, for every output, over hundreds
// of frames of a seeded scene with everything the pair loop and the geometry stage branch on: polygons, circles,
// capsules, compound and concave bodies, statics, kinematics, sensors, bullets (CCD), group / mask filters,
// push-apart, invalid transforms, and bodies added, removed, disabled and reshaped mid-run; under each broad phase.
// setMinChunk splits even this small scene (and its dozen bullets a frame) into many chunks, so chunk boundaries
// fall everywhere.
//
// The reference is the one-thread run of the same script: the single-thread path is the plain loop over all
// pairs, the threaded one splits and joins, so a join in the wrong order, an index not moved by the chunks before
// it, or a race shows up as a differing byte (a frame and an output named in the failure).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat/world.h"

namespace {

using sat::BodyId;
using sat::Vec2;
using Rng = std::mt19937;

double uni(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
int uniInt(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

/// One frame's outputs, each as raw bytes.
struct Frame {
  std::vector<std::string> parts;
  std::vector<std::string> names;
  void add(const char* name, const void* data, size_t bytes) {
    names.emplace_back(name);
    parts.emplace_back(static_cast<const char*>(data), bytes);
  }
  template <typename T>
  void addValue(const char* name, const T& value) {
    add(name, &value, sizeof value);
  }
};

sat::Shape randomPart(Rng& rng, Vec2 offset) {
  const double kind = uni(rng, 0, 1);
  if (kind < 0.2) {
    sat::Circle c;
    sat::makeCircle(offset, float(uni(rng, 0.2, 0.7)), &c);
    return c;
  }
  if (kind < 0.35) {
    sat::Capsule c;
    const Vec2 d{float(uni(rng, -0.6, 0.6)), float(uni(rng, -0.6, 0.6))};
    if (sat::makeCapsule(offset - d, offset + d, float(uni(rng, 0.1, 0.4)), &c) == sat::Status::Ok) return c;
  }
  Vec2 pts[8];
  const int n = uniInt(rng, 3, 8);
  const double r = uni(rng, 0.3, 0.9);
  for (int k = 0; k < n; ++k) {
    const double a = 6.283185307 * (k + uni(rng, 0.0, 0.7)) / n;
    pts[k] = offset + Vec2{float(r * std::cos(a)), float(r * std::sin(a))};
  }
  sat::Polygon p;
  if (sat::makeHull(pts, n, &p) != sat::Status::Ok) sat::makeBox(0.4f, 0.3f, &p, offset);
  return p;
}

struct Mover {
  BodyId id = 0;
  double vx = 0, vy = 0, va = 0;
};

/// Runs the scripted scene on `threads` threads and returns every frame's outputs.
std::vector<Frame> runScene(sat::BroadPhaseType broadPhase, int threads, uint32_t seed, int frames, bool push) {
  sat::WorldOptions opt;
  opt.broadPhase = broadPhase;
  opt.timeStages = false;
  opt.kinematicPairs = (seed & 1u) != 0;
  sat::World world(opt);
  EXPECT_EQ(world.setThreads(threads), sat::Status::Ok);
  world.setMinChunk(2);
  if (push) world.setPushApart({true, 8, 0.001f});
  Rng rng(seed);
  const float half = 18.0f;
  std::vector<Mover> movers;

  auto addBody = [&]() {
    sat::BodyDef def;
    const double t = uni(rng, 0, 1);
    def.type = t < 0.1 ? sat::BodyType::Static : t < 0.2 ? sat::BodyType::Kinematic : sat::BodyType::Dynamic;
    def.x = float(uni(rng, -half, half));
    def.y = float(uni(rng, -half, half));
    def.angle = float(uni(rng, -3, 3));
    def.sensor = uni(rng, 0, 1) < 0.08;
    def.bullet = def.type != sat::BodyType::Static && uni(rng, 0, 1) < 0.06;
    def.group = 1u << uniInt(rng, 0, 3);
    def.mask = uni(rng, 0, 1) < 0.2 ? ~(1u << uniInt(rng, 0, 3)) : 0xFFFFFFFFu;
    def.mass = float(uni(rng, 0.5, 3.0));
    BodyId id = 0;
    const double shape = uni(rng, 0, 1);
    if (shape < 0.15) {
      // compound: two to four parts around the origin
      sat::ShapeDef defs[4];
      const int count = uniInt(rng, 2, 4);
      for (int k = 0; k < count; ++k) {
        defs[k].shape = randomPart(rng, Vec2{float(uni(rng, -0.8, 0.8)), float(uni(rng, -0.8, 0.8))});
      }
      EXPECT_EQ(world.createBody(def, defs, count, &id), sat::Status::Ok);
    } else if (shape < 0.22) {
      const Vec2 outline[6] = {{-1, -1}, {1, -1}, {1, 1}, {0.2f, 0.1f}, {-0.2f, 1.2f}, {-1, 1}};  // concave
      EXPECT_EQ(world.createConcaveBody(def, outline, 6, &id), sat::Status::Ok);
    } else {
      EXPECT_EQ(world.createBody(def, randomPart(rng, Vec2{0, 0}), &id), sat::Status::Ok);
    }
    if (def.type == sat::BodyType::Static) return;
    const double speed = def.bullet ? uni(rng, 1.5, 4.0) : uni(rng, 0.02, 0.25);
    const double dir = uni(rng, 0, 6.283185307);
    movers.push_back({id, speed * std::cos(dir), speed * std::sin(dir), uni(rng, -0.05, 0.05)});
  };
  for (int i = 0; i < 260; ++i) addBody();

  std::vector<Frame> out;
  for (int f = 0; f < frames; ++f) {
    // Edits, drawn from the same stream in every run.
    if (f % 7 == 3) {
      for (int k = 0; k < 3; ++k) addBody();
    }
    if (f % 11 == 5 && movers.size() > 10) {
      const size_t k = size_t(uniInt(rng, 0, int(movers.size()) - 1));
      EXPECT_EQ(world.destroyBody(movers[k].id), sat::Status::Ok);
      movers.erase(movers.begin() + std::ptrdiff_t(k));
    }
    if (f % 13 == 6) {
      const Mover& m = movers[size_t(uniInt(rng, 0, int(movers.size()) - 1))];
      world.setEnabled(m.id, (f / 13) % 2 == 0);
    }
    if (f % 17 == 8) {
      const Mover& m = movers[size_t(uniInt(rng, 0, int(movers.size()) - 1))];
      sat::ShapeDef defs[2];
      defs[0].shape = randomPart(rng, Vec2{-0.4f, 0});
      defs[1].shape = randomPart(rng, Vec2{0.4f, 0});
      world.setShapes(m.id, defs, uniInt(rng, 1, 2));
      world.setFilter(m.id, 1u << uniInt(rng, 0, 3), 0xFFFFFFFFu);
    }
    // Motion through the bulk buffer, bouncing off the bounds; now and then an invalid entry (refused).
    float* buf = world.transformBuffer();
    for (Mover& m : movers) {
      const int slot = world.slotOf(m.id);
      float* b = buf + size_t(slot) * sat::kTransformStride;
      if (b[0] < -half && m.vx < 0) m.vx = -m.vx;
      if (b[0] > half && m.vx > 0) m.vx = -m.vx;
      if (b[1] < -half && m.vy < 0) m.vy = -m.vy;
      if (b[1] > half && m.vy > 0) m.vy = -m.vy;
      b[0] += float(m.vx);
      b[1] += float(m.vy);
      b[2] += float(m.va);
    }
    if (f % 19 == 9) buf[size_t(world.slotOf(movers[0].id)) * sat::kTransformStride + 3] = NAN;
    world.update();

    Frame fr;
    fr.add("begins", world.beginEvents(), sizeof(sat::BodyPair) * size_t(world.beginCount()));
    fr.add("stays", world.stayEvents(), sizeof(sat::BodyPair) * size_t(world.stayCount()));
    fr.add("ends", world.endEvents(), sizeof(sat::BodyPair) * size_t(world.endCount()));
    fr.add("contacts", world.contacts(), sizeof(sat::Contact) * size_t(world.contactCount()));
    fr.add("shapeContacts", world.shapeContacts(), sizeof(sat::ShapeContact) * size_t(world.shapeContactCount()));
    fr.add("partBegins", world.partBeginEvents(), sizeof(sat::PartEvent) * size_t(world.partBeginCount()));
    fr.add("partEnds", world.partEndEvents(), sizeof(sat::PartEvent) * size_t(world.partEndCount()));
    std::vector<uint32_t> rejected;  // field by field: RejectedBody has padding bytes
    for (int k = 0; k < world.rejectedCount(); ++k) {
      rejected.push_back(world.rejected()[k].id);
      rejected.push_back(uint32_t(world.rejected()[k].status));
    }
    fr.add("rejected", rejected.data(), sizeof(uint32_t) * rejected.size());
    const sat::UpdateStats& s = world.stats();  // the counts (the stage times are off and stay 0)
    fr.addValue("stats", s);
    // Every body's transform after CCD and push-apart, and its bounds.
    std::vector<float> poses;
    for (const Mover& m : movers) {
      float t[sat::kTransformStride];
      world.getTransform(m.id, t);
      poses.insert(poses.end(), t, t + sat::kTransformStride);
      sat::AABB box;
      world.bounds(m.id, &box);
      poses.insert(poses.end(), {box.lower.x, box.lower.y, box.upper.x, box.upper.y});
    }
    fr.add("poses", poses.data(), sizeof(float) * poses.size());
    out.push_back(std::move(fr));
    EXPECT_TRUE(world.validate());
  }
  return out;
}

/// The first frame and output where two runs differ, or "" when every byte matches.
std::string firstDifference(const std::vector<Frame>& a, const std::vector<Frame>& b) {
  if (a.size() != b.size()) return "frame counts differ";
  for (size_t f = 0; f < a.size(); ++f) {
    for (size_t k = 0; k < a[f].parts.size(); ++k) {
      if (a[f].parts[k] != b[f].parts[k]) {
        return "frame " + std::to_string(f) + ", " + a[f].names[k] + " (" + std::to_string(a[f].parts[k].size()) +
               " vs " + std::to_string(b[f].parts[k].size()) + " bytes)";
      }
    }
  }
  return "";
}

struct ThreadCase {
  sat::BroadPhaseType broadPhase;
  bool push;
};

class WorldThreads : public ::testing::TestWithParam<ThreadCase> {};

TEST_P(WorldThreads, TwoAndFourThreadsGiveTheBytesOfOne) {
  const ThreadCase c = GetParam();
  for (uint32_t seed : {7u, 20u}) {
    const std::vector<Frame> one = runScene(c.broadPhase, 1, seed, 240, c.push);
    // The scene must exercise what it claims to: touching pairs, compound shape contacts, part events, swept
    // contacts and refused transforms appear.
    size_t contacts = 0, shapeContacts = 0, partEvents = 0, rejected = 0;
    for (const Frame& f : one) {
      contacts += f.parts[3].size();
      shapeContacts += f.parts[4].size();
      partEvents += f.parts[5].size() + f.parts[6].size();
      rejected += f.parts[7].size();
    }
    EXPECT_GT(contacts, 0u);
    EXPECT_GT(shapeContacts, 0u);
    EXPECT_GT(partEvents, 0u);
    EXPECT_GT(rejected, 0u);
    for (int threads : {2, 4}) {
      const std::vector<Frame> many = runScene(c.broadPhase, threads, seed, 240, c.push);
      EXPECT_EQ(firstDifference(one, many), "") << threads << " threads, seed " << seed;
    }
  }
}

std::string caseName(const ::testing::TestParamInfo<ThreadCase>& param) {
  static const char* const kNames[] = {"Grid", "Tree", "SortAndSweep"};
  return std::string(kNames[int(param.param.broadPhase)]) + (param.param.push ? "Push" : "");
}

INSTANTIATE_TEST_SUITE_P(BroadPhases, WorldThreads,
                         ::testing::Values(ThreadCase{sat::BroadPhaseType::Grid, false},
                                           ThreadCase{sat::BroadPhaseType::Tree, false},
                                           ThreadCase{sat::BroadPhaseType::SortAndSweep, false},
                                           ThreadCase{sat::BroadPhaseType::Grid, true},
                                           ThreadCase{sat::BroadPhaseType::Tree, true}),
                         caseName);

TEST(WorldThreads, SweptContactsAppearInTheScene) {
  // Bullets are fast enough to be stopped by CCD, and many sweep each frame (so their sweeps split across threads):
  // the threaded runs above compare swept contacts too.
  const std::vector<Frame> one = runScene(sat::BroadPhaseType::Grid, 1, 7u, 120, false);
  int swept = 0, mostSweeps = 0;
  for (const Frame& f : one) {
    sat::UpdateStats stats;
    std::memcpy(&stats, f.parts[8].data(), sizeof stats);
    mostSweeps = stats.sweptBodies > mostSweeps ? stats.sweptBodies : mostSweeps;
    const std::string& bytes = f.parts[3];
    for (size_t at = 0; at + sizeof(sat::Contact) <= bytes.size(); at += sizeof(sat::Contact)) {
      sat::Contact c;
      std::memcpy(&c, bytes.data() + at, sizeof c);
      swept += (c.flags & sat::kContactSwept) ? 1 : 0;
    }
  }
  EXPECT_GT(swept, 0);
  EXPECT_GE(mostSweeps, 8);
}

TEST(WorldThreads, BadCountsAreRefusedAndChangeNothing) {
  sat::World world;
  EXPECT_EQ(world.threads(), 1);
  EXPECT_EQ(world.setThreads(0), sat::Status::InvalidArgument);
  EXPECT_EQ(world.setThreads(-1), sat::Status::InvalidArgument);
  EXPECT_EQ(world.setThreads(sat::World::maxThreads() + 1), sat::Status::InvalidArgument);
  EXPECT_EQ(world.threads(), 1);
  EXPECT_EQ(sat::World::maxThreads(), sat::kMaxThreads);  // natively
  EXPECT_EQ(world.setThreads(3), sat::Status::Ok);
  EXPECT_EQ(world.threads(), 3);
  EXPECT_EQ(world.setThreads(0), sat::Status::InvalidArgument);
  EXPECT_EQ(world.threads(), 3);
  EXPECT_EQ(world.setThreads(1), sat::Status::Ok);  // back to the plain loop, workers stopped
  EXPECT_EQ(world.threads(), 1);
}

}  // namespace
