// 3D world benchmark (Google Benchmark): a scene of N moving convex hulls (8-20 vertices, 64 distinct shapes) in a
// box they bounce around in, every body moved and turned every frame. One iteration = one frame: write all
// transforms into the world's buffer, then update() (broad phase, narrow phase, events). Reported per frame:
// real_time (ms), and counters for pairs and the stage split. Run a Release build: build/native/bench/bench_world3.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "sat/3d/world3.h"

namespace {

float uni(std::mt19937& rng, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(rng);
}

sat::Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<float> g;
  return sat::normalize(sat::Quat{g(rng), g(rng), g(rng), g(rng)});
}

struct Mover {
  sat::BodyId id = 0;
  sat::Vec3 p, v;
  sat::Quat q, spin;
};

void MovingHulls(benchmark::State& state) {
  const int count = int(state.range(0));
  std::mt19937 rng(2024);
  std::vector<sat::Hull3> hulls(64);
  for (auto& h : hulls) {
    for (;;) {
      std::vector<sat::Vec3> pts;
      const int n = 8 + int(rng() % 13);
      for (int i = 0; i < n; ++i)
        pts.push_back(sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}) *
                      uni(rng, 0.5f, 0.9f));
      if (sat::makeHull(pts.data(), n, &h) == sat::Status::Ok && h.vertexCount() >= 8) break;
    }
  }
  // About 40 cubic units per body: each hull touches one or two others at a time.
  const float half = 0.5f * std::cbrt(40.0f * float(count));
  sat::World3Options options;
  options.capacity = count;
  options.treeMargin = float(state.range(1)) / 100.0f;
  if (state.range(2) > 0) {
    options.broadPhase = sat::BroadPhase3Type::Grid;
    options.gridCellSize = float(state.range(2)) / 100.0f;  // 1: automatic
    if (state.range(2) == 1) options.gridCellSize = 0.0f;
  }
  sat::World3 world(options);
  std::vector<Mover> movers(static_cast<size_t>(count));
  for (Mover& m : movers) {
    m.p = {uni(rng, -half, half), uni(rng, -half, half), uni(rng, -half, half)};
    m.v = {uni(rng, -0.05f, 0.05f), uni(rng, -0.05f, 0.05f), uni(rng, -0.05f, 0.05f)};
    m.q = randomQuat(rng);
    m.spin = sat::makeQuat({uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}, uni(rng, 0.0f, 0.03f));
    sat::BodyDef3 def;
    def.transform = {m.p, m.q, {1, 1, 1}};
    world.createBody(def, sat::Shape3(hulls[rng() % hulls.size()]), &m.id);
  }
  auto step = [&]() {
    float* buffer = world.transformBuffer();
    for (Mover& m : movers) {
      m.p = m.p + m.v;
      if (std::fabs(m.p.x) > half) m.v.x = -m.v.x;
      if (std::fabs(m.p.y) > half) m.v.y = -m.v.y;
      if (std::fabs(m.p.z) > half) m.v.z = -m.v.z;
      m.q = sat::normalize(sat::mul(m.spin, m.q));
      float* f = buffer + sat::body3Slot(m.id) * sat::kTransform3Stride;
      f[0] = m.p.x, f[1] = m.p.y, f[2] = m.p.z, f[3] = m.q.x, f[4] = m.q.y, f[5] = m.q.z, f[6] = m.q.w;
    }
    world.update();
  };
  for (int i = 0; i < 30; ++i) step();  // warm up: arrays at their high-water mark
  double touching = 0, candidates = 0, reinserted = 0, narrow = 0, syncMs = 0, broadMs = 0, narrowMs = 0, eventsMs = 0;
  for (auto _ : state) {
    step();
    const sat::UpdateStats3& s = world.stats();
    touching += s.touchingPairs, candidates += s.candidatePairs, reinserted += s.reinserted, narrow += s.narrowTests;
    syncMs += s.syncMs, broadMs += s.broadMs, narrowMs += s.narrowMs, eventsMs += s.eventsMs;
  }
  const double n = double(state.iterations());
  state.counters["touching"] = touching / n;
  state.counters["candidates"] = candidates / n;
  state.counters["reinserted"] = reinserted / n;
  state.counters["narrowTests"] = narrow / n;
  state.counters["syncMs"] = syncMs / n;
  state.counters["broadMs"] = broadMs / n;
  state.counters["narrowMs"] = narrowMs / n;
  state.counters["eventsMs"] = eventsMs / n;
}
// Arguments: body count, fat-box margin in percent of a body's largest half extent, broad phase (0: tree; 1: grid
// with the automatic cell size; n > 1: grid with cells n / 100 wide).
BENCHMARK(MovingHulls)
    ->Args({1000, 50, 0})
    ->Args({1000, 50, 1})
    ->Args({5000, 20, 0})
    ->Args({5000, 50, 0})
    ->Args({5000, 100, 0})
    ->Args({5000, 20, 1})
    ->Args({5000, 50, 1})
    ->Args({5000, 100, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// A deforming body: one body of a 1,000-body scene gets its hull rebuilt from a new cloud of N points each iteration
// (quickhull, new bounds, the body's pairs' caches reset), then the world updates. Reported: the rebuild alone.
void RebuildHull(benchmark::State& state) {
  const int points = int(state.range(0));
  std::mt19937 rng(7);
  sat::World3 world;
  sat::Box3 crate;
  sat::makeBox({0.5f, 0.5f, 0.5f}, &crate);
  for (int i = 0; i < 1000; ++i) {
    sat::BodyDef3 def;
    def.transform.p = {uni(rng, -15, 15), uni(rng, -15, 15), uni(rng, -15, 15)};
    sat::BodyId id;
    world.createBody(def, sat::Shape3(crate), &id);
  }
  sat::BodyDef3 def;
  sat::BodyId body;
  world.createBody(def, sat::Shape3(crate), &body);
  world.update();
  std::vector<std::vector<sat::Vec3>> clouds(16);
  for (auto& c : clouds) {
    for (int i = 0; i < points; ++i)
      c.push_back(sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)}) * uni(rng, 0.8f, 1.0f));
  }
  size_t k = 0;
  for (auto _ : state) {
    const std::vector<sat::Vec3>& c = clouds[k++ % clouds.size()];
    const sat::Status st = world.rebuildHull(body, 0, c.data(), int(c.size()), sat::kMaxHullVertices);
    if (st != sat::Status::Ok) state.SkipWithError("rebuildHull failed");
    state.PauseTiming();
    world.update();
    state.ResumeTiming();
  }
}
// Argument: input points (every one on or near the hull's surface).
BENCHMARK(RebuildHull)->Arg(64)->Arg(256)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
