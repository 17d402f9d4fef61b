// 3D narrow-phase and quickhull benchmarks (Google Benchmark). Rates are pairs per second over fixed, seeded sets
// of pairs: `items_per_second` in the output. Run a Release build: build/native/bench/bench_3d.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "sat/sat3d.h"

namespace {

float uni(std::mt19937& rng, float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); }

sat::Quat randomQuat(std::mt19937& rng) {
  std::normal_distribution<float> g;
  return sat::normalize(sat::Quat{g(rng), g(rng), g(rng), g(rng)});
}

struct Pair {
  sat::Transform3 xa, xb;
  int a, b;
  sat::SatCache3 cache;
};

// Pairs at centre distances drawn so that about `overlapShare` of them overlap (the rest are near misses, as a
// broad phase would hand them over).
std::vector<Pair> makePairs(std::mt19937& rng, int count, int shapes, float reach) {
  std::vector<Pair> pairs;
  for (int i = 0; i < count; ++i) {
    Pair p;
    p.a = int(rng() % uint32_t(shapes));
    p.b = int(rng() % uint32_t(shapes));
    p.xa = {{uni(rng, -100, 100), uni(rng, -100, 100), uni(rng, -100, 100)}, randomQuat(rng), {1, 1, 1}};
    const sat::Vec3 dir = sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
    p.xb = {p.xa.p + uni(rng, 0.2f, 1.0f) * reach * dir, randomQuat(rng), {1, 1, 1}};
    pairs.push_back(p);
  }
  return pairs;
}

void reportRate(benchmark::State& state, size_t pairs, long contacts) {
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(pairs));
  state.counters["touching"] = double(contacts) / double(state.iterations() * pairs);
}

// Box - box takes no cache (its 15 axes cost less than trying a cached one first): every call is cold.
void BoxBoxManifold(benchmark::State& state) {
  std::mt19937 rng(1);
  std::vector<sat::Box3> boxes(16);
  for (auto& b : boxes) sat::makeBox({uni(rng, 0.5f, 1.0f), uni(rng, 0.5f, 1.0f), uni(rng, 0.5f, 1.0f)}, &b);
  std::vector<Pair> pairs = makePairs(rng, 4096, 16, 2.4f);
  long contacts = 0;
  for (auto _ : state) {
    for (Pair& p : pairs) {
      sat::Manifold3 m = sat::collide(boxes[size_t(p.a)], p.xa, boxes[size_t(p.b)], p.xb);
      contacts += m.pointCount > 0;
      benchmark::DoNotOptimize(m);
    }
  }
  reportRate(state, pairs.size(), contacts);
}
BENCHMARK(BoxBoxManifold);

// One pass over the hull pairs, with or without their caches (a function of its own, so that callgrind can count
// one pass: --toggle-collect='*hullPass*').
[[gnu::noinline]] long hullPass(const std::vector<sat::Hull3>& hulls, std::vector<Pair>& pairs, bool useCache) {
  long contacts = 0;
  for (Pair& p : pairs) {
    sat::Manifold3 m = sat::collide(hulls[size_t(p.a)], p.xa, hulls[size_t(p.b)], p.xb, useCache ? &p.cache : nullptr);
    contacts += m.pointCount > 0;
    benchmark::DoNotOptimize(m);
  }
  return contacts;
}

// 20-vertex hulls (points on a stretched sphere). cached:0 is the cold case (no cache); cached:1 keeps one SatCache3
// per pair across iterations, the steady state of a world whose pairs do not move (filled before the timing).
void Hull20Manifold(benchmark::State& state) {
  std::mt19937 rng(2);
  std::vector<sat::Hull3> hulls;
  while (hulls.size() < 16) {
    std::vector<sat::Vec3> pts;
    const sat::Vec3 s{uni(rng, 0.6f, 1.2f), uni(rng, 0.6f, 1.2f), uni(rng, 0.6f, 1.2f)};
    for (int i = 0; i < 20; ++i) pts.push_back(sat::mulComponents(s, sat::normalize(sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)})));
    sat::Hull3 h;
    if (sat::makeHull(pts.data(), 20, &h) == sat::Status::Ok && h.vertexCount() == 20) hulls.push_back(h);
  }
  std::vector<Pair> pairs = makePairs(rng, 4096, 16, 2.4f);
  const bool useCache = state.range(0) != 0;
  if (useCache) {
    for (Pair& p : pairs) sat::collide(hulls[size_t(p.a)], p.xa, hulls[size_t(p.b)], p.xb, &p.cache);
  }
  long contacts = 0;
  for (auto _ : state) contacts += hullPass(hulls, pairs, useCache);
  reportRate(state, pairs.size(), contacts);
}
BENCHMARK(Hull20Manifold)->ArgName("cached")->Arg(0)->Arg(1);

void Quickhull1000(benchmark::State& state) {
  std::mt19937 rng(3);
  std::vector<sat::Vec3> pts;
  for (int i = 0; i < 1000; ++i) pts.push_back({uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
  sat::Hull3 h;
  for (auto _ : state) {
    sat::Status s = sat::makeHull(pts.data(), 1000, &h, sat::kMaxHullVertices);
    benchmark::DoNotOptimize(s);
  }
  state.counters["vertices"] = h.vertexCount();
  state.counters["faces"] = h.faceCount();
}
BENCHMARK(Quickhull1000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
