// Determinism: a long seeded scene (500 bodies, 1000 frames) run through the World gives bit-identical events and
// contacts on every run and on every build. The same scene is built by tests/js/determinism.test.ts in the SIMD,
// baseline and asm.js builds; both pin the same checksum (docs/determinism.md describes the scene and the flags).
//
// Every input is computed in double from a xorshift32 stream (double arithmetic is the same in C++ and JavaScript)
// and rounded to float once; bodies are moved through the bulk transform buffer; the checksum is FNV-1a over the
// event counts, the begin and end pairs and every contact's words (ids, normal, depth, toi, flags, valid points).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "sat/sat.h"
#include "sat/world.h"
#include "determinism_inputs.h"

namespace {

/// The pinned checksum of the scene (native, WASM SIMD, WASM baseline and asm.js must all give it).
constexpr uint32_t kSceneChecksum = 0x504200ebu;

using Rng = sat_test::Xorshift32;
using Fnv = sat_test::Fnv1a;

struct SceneBody {
  sat::BodyId id = 0;
  bool isStatic = false;
  double x0 = 0, y0 = 0, vx = 0, vy = 0, a0 = 0, w = 0;
};

/// Reflects v into [-half, half] (a triangle wave), as the JS test does.
double bounce(double v, double half) {
  double p = v + half, period = 4.0 * half;
  double m = p - period * std::floor(p / period);
  if (m > 2.0 * half) m = period - m;
  return m - half;
}

struct SceneResult {
  uint32_t checksum = 0;
  long begins = 0, ends = 0, contacts = 0;
};

SceneResult runScene(int bodies, int frames, sat::BroadPhaseType broadPhase = sat::BroadPhaseType::Grid) {
  Rng rng(0x12345678u);
  sat::WorldOptions opts;
  opts.broadPhase = broadPhase;
  sat::World world(opts);
  const double half = 30.0;
  std::vector<SceneBody> scene(static_cast<size_t>(bodies));
  for (int i = 0; i < bodies; ++i) {
    SceneBody& b = scene[size_t(i)];
    const int kind = i % 4;
    const double size = 0.3 + 0.7 * rng.next();
    const double aspect = 0.5 + 0.5 * rng.next();
    sat::Shape shape;
    if (kind == 0) {
      sat::Polygon p;
      EXPECT_EQ(sat::makeBox(float(size), float(size * aspect), &p), sat::Status::Ok);
      shape = sat::Shape(p);
    } else if (kind == 1) {
      sat::Circle c;
      EXPECT_EQ(sat::makeCircle({0.0f, 0.0f}, float(size), &c), sat::Status::Ok);
      shape = sat::Shape(c);
    } else if (kind == 2) {
      sat::Capsule c;
      EXPECT_EQ(sat::makeCapsule({float(-size), 0.0f}, {float(size), 0.0f}, float(0.3 * size), &c), sat::Status::Ok);
      shape = sat::Shape(c);
    } else {
      static const double hex[6][2] = {{1, 0}, {0.5, 0.866}, {-0.5, 0.866}, {-1, 0}, {-0.5, -0.866}, {0.5, -0.866}};
      sat::Vec2 pts[6];
      for (int k = 0; k < 6; ++k) pts[k] = {float(size * hex[k][0]), float(size * aspect * hex[k][1])};
      sat::Polygon p;
      EXPECT_EQ(sat::makePolygon(pts, 6, &p), sat::Status::Ok);
      shape = sat::Shape(p);
    }
    b.isStatic = i % 10 == 0;
    b.x0 = -half + 2.0 * half * rng.next();
    b.y0 = -half + 2.0 * half * rng.next();
    b.vx = -0.1 + 0.2 * rng.next();
    b.vy = -0.1 + 0.2 * rng.next();
    b.a0 = -3.0 + 6.0 * rng.next();
    b.w = -0.05 + 0.1 * rng.next();
    sat::BodyDef def;
    def.type = b.isStatic ? sat::BodyType::Static : sat::BodyType::Dynamic;
    def.x = float(b.x0);
    def.y = float(b.y0);
    def.angle = float(b.a0);
    EXPECT_EQ(world.createBody(def, shape, &b.id), sat::Status::Ok);
  }

  SceneResult r;
  Fnv fnv;
  for (int f = 1; f <= frames; ++f) {
    float* buf = world.transformBuffer();
    for (const SceneBody& b : scene) {
      if (b.isStatic) continue;
      float* t = buf + size_t(world.slotOf(b.id)) * sat::kTransformStride;
      t[0] = float(bounce(b.x0 + b.vx * f, half));
      t[1] = float(bounce(b.y0 + b.vy * f, half));
      t[2] = float(b.a0 + b.w * f);
    }
    EXPECT_EQ(world.update(), sat::Status::Ok);
    fnv.add(uint32_t(world.beginCount()));
    fnv.add(uint32_t(world.stayCount()));
    fnv.add(uint32_t(world.endCount()));
    for (int i = 0; i < world.beginCount(); ++i) fnv.add(world.beginEvents()[i].a), fnv.add(world.beginEvents()[i].b);
    for (int i = 0; i < world.endCount(); ++i) fnv.add(world.endEvents()[i].a), fnv.add(world.endEvents()[i].b);
    static_assert(sizeof(sat::Contact) == 4 * sat::kContactWords, "Contact is 16 words");
    for (int i = 0; i < world.contactCount(); ++i) {
      uint32_t words[sat::kContactWords];
      std::memcpy(words, &world.contacts()[i], sizeof words);
      const int valid = 8 + 4 * int(world.contacts()[i].pointCount);
      for (int k = 0; k < valid; ++k) fnv.add(words[k]);
    }
    r.begins += world.beginCount();
    r.ends += world.endCount();
    r.contacts += world.contactCount();
  }
  r.checksum = fnv.h;
  return r;
}

TEST(Determinism, LongSceneSameBitsTwice) {
  SceneResult a = runScene(500, 1000);
  SceneResult b = runScene(500, 1000);
  std::printf("[ scene    ] 500 bodies x 1000 frames: checksum 0x%08x, %ld begins, %ld ends, %ld contacts\n",
              a.checksum, a.begins, a.ends, a.contacts);
  EXPECT_EQ(a.checksum, b.checksum);
  EXPECT_GT(a.begins, 1000);  // the scene is busy enough to mean something
  EXPECT_GT(a.contacts, 10000);
}

TEST(Determinism, LongSceneChecksumIsPinned) {
  SceneResult a = runScene(500, 1000);
  EXPECT_EQ(a.checksum, kSceneChecksum) << "got 0x" << std::hex << a.checksum
                                        << ": the scene's events or contacts changed bits (see docs/determinism.md)";
}

// The broad phase changes only the work done, not the answers: every broad phase gives the same events and contacts
// (pair order is by slot, not by discovery).
TEST(Determinism, BroadPhasesAgree) {
  SceneResult grid = runScene(300, 200, sat::BroadPhaseType::Grid);
  SceneResult tree = runScene(300, 200, sat::BroadPhaseType::Tree);
  SceneResult sap = runScene(300, 200, sat::BroadPhaseType::SortAndSweep);
  EXPECT_EQ(grid.checksum, tree.checksum);
  EXPECT_EQ(grid.checksum, sap.checksum);
}

}  // namespace
