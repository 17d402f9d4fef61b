// Narrow-phase throughput: sat::collide / sat::overlap on pairs as a broad phase hands them over (polygon pairs;
// and polygon against a circle or capsule, uniformly and non-uniformly scaled).
//
// Each benchmark walks a pre-generated array of kPairs pairs of seeded random convex polygons (3-12 vertices, or
// 32) with random rotations, placed so that the pair's fattened world AABBs overlap; about half of them actually
// overlap (the "hit%" counter). items_per_second is pairs per second. The *Cached variants keep one SatCache per
// pair across iterations, as a world does from frame to frame with bodies that barely move.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "sat/sat.h"

namespace {

constexpr int kPairs = 4096;
constexpr float kPi = 3.14159265358979f;
/// Each AABB is fattened on every side by this fraction of its half perimeter (width + height).
constexpr float kFatMargin = 0.1f;

struct Pair {
  sat::Polygon a, b;
  sat::Transform xfA, xfB;
};

struct PairSet {
  std::vector<Pair> pairs;
  double hitFraction = 0.0;
};

// A convex polygon with `count` vertices: points at jittered angles on a circle of random radius, stretched into
// an ellipse (which keeps every point on the hull), then sat::makeHull.
sat::Polygon randomConvex(std::mt19937& rng, int count) {
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const float radius = 0.5f + 1.5f * unit(rng);
  const float sx = radius * (0.6f + 0.8f * unit(rng));
  const float sy = radius * (0.6f + 0.8f * unit(rng));
  std::vector<sat::Vec2> points(count);
  for (int i = 0; i < count; ++i) {
    const float angle = 2.0f * kPi * (static_cast<float>(i) + 0.6f * unit(rng)) / static_cast<float>(count);
    points[i] = {sx * std::cos(angle), sy * std::sin(angle)};
  }
  sat::Polygon polygon;
  if (sat::makeHull(points.data(), count, &polygon) != sat::Status::Ok) {
    std::fprintf(stderr, "bench: makeHull refused a random polygon\n");
    std::abort();
  }
  return polygon;
}

// Pairs as a broad phase hands them over: B is placed uniformly over every position where the pair's world AABBs,
// each fattened by kFatMargin (as a dynamic AABB tree stores them), overlap. About half of them truly overlap.
PairSet makePairs(int minVertices, int maxVertices, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> vertexCount(minVertices, maxVertices);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  auto between = [&](float lo, float hi) { return lo + (hi - lo) * unit(rng); };
  PairSet set;
  set.pairs.reserve(kPairs);
  int hits = 0;
  while (static_cast<int>(set.pairs.size()) < kPairs) {
    Pair p;
    p.a = randomConvex(rng, vertexCount(rng));
    p.b = randomConvex(rng, vertexCount(rng));
    p.xfA = sat::makeTransform(between(-50.0f, 50.0f), between(-50.0f, 50.0f), between(0.0f, 2.0f * kPi));
    const float angleB = between(0.0f, 2.0f * kPi);
    const sat::AABB boxA = sat::computeAABB(sat::Shape(p.a), p.xfA);
    const sat::AABB boxB = sat::computeAABB(sat::Shape(p.b), sat::makeTransform(0.0f, 0.0f, angleB));
    const sat::Vec2 extentA = boxA.upper - boxA.lower, extentB = boxB.upper - boxB.lower;
    const float margin = kFatMargin * 0.5f * (extentA.x + extentA.y + extentB.x + extentB.y);
    p.xfB = sat::makeTransform(between(boxA.lower.x - boxB.upper.x - margin, boxA.upper.x - boxB.lower.x + margin),
                               between(boxA.lower.y - boxB.upper.y - margin, boxA.upper.y - boxB.lower.y + margin),
                               angleB);
    hits += sat::overlap(p.a, p.xfA, p.b, p.xfB) ? 1 : 0;
    set.pairs.push_back(std::move(p));
  }
  set.hitFraction = static_cast<double>(hits) / kPairs;
  return set;
}

const PairSet& smallPolygons() {
  static const PairSet set = makePairs(3, 12, 12345u);
  return set;
}
const PairSet& polygons32() {
  static const PairSet set = makePairs(32, 32, 67890u);
  return set;
}

void report(benchmark::State& state, const PairSet& set) {
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(set.pairs.size()));
  state.counters["hit%"] = 100.0 * set.hitFraction;
}

template <const PairSet& (*Pairs)()>
void BM_Collide(benchmark::State& state) {
  const PairSet& set = Pairs();
  for (auto _ : state) {
    int points = 0;
    for (const Pair& p : set.pairs) points += sat::collide(p.a, p.xfA, p.b, p.xfB).pointCount;
    benchmark::DoNotOptimize(points);
  }
  report(state, set);
}

template <const PairSet& (*Pairs)()>
void BM_CollideCached(benchmark::State& state) {
  const PairSet& set = Pairs();
  std::vector<sat::SatCache> caches(set.pairs.size());
  for (auto _ : state) {
    int points = 0;
    for (size_t i = 0; i < set.pairs.size(); ++i) {
      const Pair& p = set.pairs[i];
      points += sat::collide(p.a, p.xfA, p.b, p.xfB, &caches[i]).pointCount;
    }
    benchmark::DoNotOptimize(points);
  }
  report(state, set);
}

template <const PairSet& (*Pairs)()>
void BM_Overlap(benchmark::State& state) {
  const PairSet& set = Pairs();
  for (auto _ : state) {
    int hits = 0;
    for (const Pair& p : set.pairs) hits += sat::overlap(p.a, p.xfA, p.b, p.xfB) ? 1 : 0;
    benchmark::DoNotOptimize(hits);
  }
  report(state, set);
}

// Rounded shapes: a polygon (3-12 vertices) against a circle or capsule, placed as above. The same pairs under a
// uniform scale (the circle / capsule routines) and under a non-uniform one (the exact ellipse path): the ratio
// of the two is the cost of exactness.
struct RoundedPair {
  sat::Shape a, b;
  sat::Transform xfA, xfB;
};
struct RoundedSet {
  std::vector<RoundedPair> pairs;
  double hitFraction = 0.0;
};

RoundedSet makeRoundedPairs(bool capsule, float scaleX, float scaleY, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> vertexCount(3, 12);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  auto between = [&](float lo, float hi) { return lo + (hi - lo) * unit(rng); };
  RoundedSet set;
  int hits = 0;
  while (static_cast<int>(set.pairs.size()) < kPairs) {
    RoundedPair p;
    p.a = sat::Shape(randomConvex(rng, vertexCount(rng)));
    const float r = 0.5f + 1.0f * unit(rng);
    if (capsule) {
      sat::Capsule c;
      if (sat::makeCapsule({-r, 0.0f}, {r, 0.0f}, 0.5f * r, &c) != sat::Status::Ok) std::abort();
      p.b = c;
    } else {
      sat::Circle c;
      if (sat::makeCircle({0.0f, 0.0f}, r, &c) != sat::Status::Ok) std::abort();
      p.b = c;
    }
    p.xfA = sat::makeTransform(between(-50.0f, 50.0f), between(-50.0f, 50.0f), between(0.0f, 2.0f * kPi));
    const float angleB = between(0.0f, 2.0f * kPi);
    const sat::AABB boxA = sat::computeAABB(p.a, p.xfA);
    const sat::AABB boxB = sat::computeAABB(p.b, sat::makeTransform(0.0f, 0.0f, angleB, scaleX, scaleY));
    const sat::Vec2 extentA = boxA.upper - boxA.lower, extentB = boxB.upper - boxB.lower;
    const float margin = kFatMargin * 0.5f * (extentA.x + extentA.y + extentB.x + extentB.y);
    p.xfB = sat::makeTransform(between(boxA.lower.x - boxB.upper.x - margin, boxA.upper.x - boxB.lower.x + margin),
                               between(boxA.lower.y - boxB.upper.y - margin, boxA.upper.y - boxB.lower.y + margin),
                               angleB, scaleX, scaleY);
    hits += sat::overlap(p.a, p.xfA, p.b, p.xfB) ? 1 : 0;
    set.pairs.push_back(std::move(p));
  }
  set.hitFraction = static_cast<double>(hits) / kPairs;
  return set;
}

const RoundedSet& circles() {
  static const RoundedSet set = makeRoundedPairs(false, 1.5f, 1.5f, 2468u);
  return set;
}
const RoundedSet& ellipses() {
  static const RoundedSet set = makeRoundedPairs(false, 3.0f, 0.75f, 2468u);
  return set;
}
const RoundedSet& capsules() {
  static const RoundedSet set = makeRoundedPairs(true, 1.5f, 1.5f, 1357u);
  return set;
}
const RoundedSet& stretchedCapsules() {
  static const RoundedSet set = makeRoundedPairs(true, 3.0f, 0.75f, 1357u);
  return set;
}

template <const RoundedSet& (*Pairs)()>
void BM_CollideRounded(benchmark::State& state) {
  const RoundedSet& set = Pairs();
  for (auto _ : state) {
    int points = 0;
    for (const RoundedPair& p : set.pairs) points += sat::collide(p.a, p.xfA, p.b, p.xfB).pointCount;
    benchmark::DoNotOptimize(points);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(set.pairs.size()));
  state.counters["hit%"] = 100.0 * set.hitFraction;
}

BENCHMARK_TEMPLATE(BM_Collide, smallPolygons)->Name("Collide/3-12gons");
BENCHMARK_TEMPLATE(BM_CollideCached, smallPolygons)->Name("CollideCached/3-12gons");
BENCHMARK_TEMPLATE(BM_Overlap, smallPolygons)->Name("Overlap/3-12gons");
BENCHMARK_TEMPLATE(BM_Collide, polygons32)->Name("Collide/32gons");
BENCHMARK_TEMPLATE(BM_CollideCached, polygons32)->Name("CollideCached/32gons");
BENCHMARK_TEMPLATE(BM_Overlap, polygons32)->Name("Overlap/32gons");

}  // namespace

BENCHMARK_TEMPLATE(BM_CollideRounded, circles)->Name("CollideRounded/circle-polygon");
BENCHMARK_TEMPLATE(BM_CollideRounded, ellipses)->Name("CollideRounded/ellipse-polygon");
BENCHMARK_TEMPLATE(BM_CollideRounded, capsules)->Name("CollideRounded/capsule-polygon");
BENCHMARK_TEMPLATE(BM_CollideRounded, stretchedCapsules)->Name("CollideRounded/stretched-capsule-polygon");

BENCHMARK_MAIN();
