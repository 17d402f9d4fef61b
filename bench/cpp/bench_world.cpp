// World benchmark: the seeded scene. N random convex 3-8-gons move with random velocities, bounce off
// the bounds, and each overlaps a few others on average. Per frame: move every body (bulk transform buffer),
// update the world, collect every touching pair with normal and depth. Prints the median ms/frame per N and per
// broad phase, and checks the pair count against a brute-force count (core overlap on every AABB-overlapping
// pair) on a few frames.
//
// Usage: bench_world [frames=120] [N...] [grid|tree|sap|naive...] [cell=X] [margin=X] [threads=N...]
//        (default: N = 1000 5000 20000, grid tree sap, threads=1)
// threads=N runs the World's update() on N threads (World::setThreads). Several counts (threads=1 threads=2) are run
// interleaved, `rounds=R` times each (default 1), for each N and broad phase, and a summary line gives each count's
// median of the rounds' medians and its ratio to the first count. With threads, read the wall-clock median: CPU
// time is the calling thread's only, and on a shared machine compare only runs interleaved in one invocation.
// naive: not the library. A peer written as a plain native program would be: every frame, world vertices of every
// body, a uniform grid of std::vector cells, and on every box-overlapping pair a SAT test over both polygons' edge
// normals giving the minimum-translation normal and depth. Same scene, frames and timing as the World.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "sat/sat.h"
#include "sat/world.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

// Counts heap allocations, to check that update() allocates nothing per frame once warmed up.
static long gAllocations = 0;
void* operator new(size_t size) {
  ++gAllocations;
  void* p = std::malloc(size ? size : 1);
  if (!p) std::abort();
  return p;
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of this thread: on a shared, loaded machine wall time mostly measures the neighbours.
double cpuMs() {
#if defined(__EMSCRIPTEN__)
  // Built with em++ for profiling under Node: Emscripten has no thread CPU clock, Node's process has one.
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  });
#else
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
#endif
}

struct Scene {
  std::vector<sat::Polygon> shapes;
  std::vector<float> x, y, angle, vx, vy, va;
  float half = 0.0f;
};

// Radii in [0.5, 1.5]; the area per body is chosen so that each body overlaps about three others.
Scene makeScene(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u01(0.0f, 1.0f);
  Scene s;
  const float areaPerBody = 2.6f;
  s.half = 0.5f * std::sqrt(areaPerBody * float(n));
  for (int i = 0; i < n; ++i) {
    const int count = 3 + int(u01(rng) * 6.0f);
    const float r = 0.5f + u01(rng);
    sat::Vec2 pts[8];
    for (int k = 0; k < count; ++k) {
      float a = 6.2831853f * (float(k) + 0.8f * u01(rng)) / float(count);
      float rk = r * (0.7f + 0.3f * u01(rng));
      pts[k] = {rk * std::cos(a), rk * std::sin(a)};
    }
    sat::Polygon p;
    if (sat::makePolygon(pts, count, &p) != sat::Status::Ok) {
      sat::makeBox(0.5f * r, 0.5f * r, &p);
    }
    s.shapes.push_back(p);
    s.x.push_back((2.0f * u01(rng) - 1.0f) * s.half);
    s.y.push_back((2.0f * u01(rng) - 1.0f) * s.half);
    s.angle.push_back(6.2831853f * u01(rng));
    float speed = 0.02f + 0.1f * u01(rng), dir = 6.2831853f * u01(rng);
    s.vx.push_back(speed * std::cos(dir));
    s.vy.push_back(speed * std::sin(dir));
    s.va.push_back(0.04f * (u01(rng) - 0.5f));
  }
  return s;
}

void step(Scene& s) {
  const size_t n = s.x.size();
  for (size_t i = 0; i < n; ++i) {
    s.x[i] += s.vx[i];
    s.y[i] += s.vy[i];
    s.angle[i] += s.va[i];
    if ((s.x[i] < -s.half && s.vx[i] < 0.0f) || (s.x[i] > s.half && s.vx[i] > 0.0f)) s.vx[i] = -s.vx[i];
    if ((s.y[i] < -s.half && s.vy[i] < 0.0f) || (s.y[i] > s.half && s.vy[i] > 0.0f)) s.vy[i] = -s.vy[i];
  }
}

// Independent count: sort by x, sweep, core overlap() on every pair whose AABBs overlap.
long bruteForcePairs(const Scene& s) {
  const size_t n = s.x.size();
  struct Item {
    sat::AABB box;
    size_t i;
  };
  std::vector<Item> items(n);
  std::vector<sat::Transform> xf(n);
  for (size_t i = 0; i < n; ++i) {
    xf[i] = sat::makeTransform(s.x[i], s.y[i], s.angle[i]);
    items[i] = {sat::computeAABB(sat::Shape(s.shapes[i]), xf[i]), i};
  }
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.box.lower.x < b.box.lower.x; });
  long count = 0;
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = a + 1; b < n && items[b].box.lower.x <= items[a].box.upper.x; ++b) {
      if (!sat::overlaps(items[a].box, items[b].box)) continue;
      const size_t i = items[a].i, j = items[b].i;
      if (sat::overlap(s.shapes[i], xf[i], s.shapes[j], xf[j])) ++count;
    }
  }
  return count;
}

struct Result {
  double medianMs = 0.0, p90Ms = 0.0, cpuMedianMs = 0.0;
  long pairs = 0, brute = 0;
  double avgCandidates = 0.0;
  double sync = 0, broad = 0, pairsMs = 0, narrow = 0, events = 0;
  long allocations = 0;  // heap allocations during the measured frames
  float checksum = 0.0f;
  sat::WorldMemory memory;  // after the last frame
};

// ---- the naive native peer ----------------------------------------------------------------------------------

struct NaiveWorld {
  std::vector<std::vector<sat::Vec2>> local;  // vertices as the World stores them (counter-clockwise)
  std::vector<float> wx, wy;                  // world vertices, 8 per body
  std::vector<int> count;
  std::vector<sat::AABB> box;
  std::vector<std::vector<int>> cells;
  float cell = 3.0f;
};

// Projection interval of polygon i on axis (nx, ny).
inline void project(const NaiveWorld& w, int i, float nx, float ny, float* lo, float* hi) {
  const float* x = &w.wx[size_t(i) * 8];
  const float* y = &w.wy[size_t(i) * 8];
  float mn = x[0] * nx + y[0] * ny, mx = mn;
  for (int k = 1; k < w.count[size_t(i)]; ++k) {
    const float d = x[k] * nx + y[k] * ny;
    mn = d < mn ? d : mn;
    mx = d > mx ? d : mx;
  }
  *lo = mn;
  *hi = mx;
}

// SAT over both polygons' edge normals: false if an axis separates them, else the axis of least overlap.
bool naiveSat(const NaiveWorld& w, int a, int b, float* nx, float* ny, float* depth) {
  float best = INFINITY;
  for (int pass = 0; pass < 2; ++pass) {
    const int p = pass == 0 ? a : b;
    const float* x = &w.wx[size_t(p) * 8];
    const float* y = &w.wy[size_t(p) * 8];
    const int n = w.count[size_t(p)];
    for (int k = 0; k < n; ++k) {
      const int k1 = k + 1 == n ? 0 : k + 1;
      float ex = x[k1] - x[k], ey = y[k1] - y[k];
      const float len = std::sqrt(ex * ex + ey * ey);
      const float ax = ey / len, ay = -ex / len;
      float loA, hiA, loB, hiB;
      project(w, a, ax, ay, &loA, &hiA);
      project(w, b, ax, ay, &loB, &hiB);
      const float o = std::fmin(hiA, hiB) - std::fmax(loA, loB);
      if (o < 0.0f) return false;
      if (o < best) {
        best = o;
        *nx = ax;
        *ny = ay;
      }
    }
  }
  *depth = best;
  return true;
}

Result runNaive(int n, int frames) {
  Scene s = makeScene(n, 42u);
  NaiveWorld w;
  for (const sat::Polygon& p : s.shapes) {
    w.local.emplace_back(p.vertices(), p.vertices() + p.count());
    w.count.push_back(p.count());
  }
  w.wx.resize(size_t(n) * 8);
  w.wy.resize(size_t(n) * 8);
  w.box.resize(size_t(n));
  std::vector<double> times, cpuTimes;
  Result r;
  const int warmup = 10;
  for (int f = 0; f < warmup + frames; ++f) {
    step(s);
    auto t0 = Clock::now();
    const double c0 = cpuMs();
    sat::AABB all{{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
    for (int i = 0; i < n; ++i) {
      const float c = std::cos(s.angle[size_t(i)]), sn = std::sin(s.angle[size_t(i)]);
      sat::AABB b{{INFINITY, INFINITY}, {-INFINITY, -INFINITY}};
      for (int k = 0; k < w.count[size_t(i)]; ++k) {
        const sat::Vec2 v = w.local[size_t(i)][size_t(k)];
        const float x = c * v.x - sn * v.y + s.x[size_t(i)], y = sn * v.x + c * v.y + s.y[size_t(i)];
        w.wx[size_t(i) * 8 + size_t(k)] = x;
        w.wy[size_t(i) * 8 + size_t(k)] = y;
        b.lower = {std::fmin(b.lower.x, x), std::fmin(b.lower.y, y)};
        b.upper = {std::fmax(b.upper.x, x), std::fmax(b.upper.y, y)};
      }
      w.box[size_t(i)] = b;
      all = sat::unionOf(all, b);
    }
    const int nx = int((all.upper.x - all.lower.x) / w.cell) + 1, ny = int((all.upper.y - all.lower.y) / w.cell) + 1;
    w.cells.resize(size_t(nx) * size_t(ny));
    for (auto& c : w.cells) c.clear();
    auto cx = [&](float x) { return int((x - all.lower.x) / w.cell); };
    auto cy = [&](float y) { return int((y - all.lower.y) / w.cell); };
    for (int i = 0; i < n; ++i) {
      for (int y = cy(w.box[size_t(i)].lower.y); y <= cy(w.box[size_t(i)].upper.y); ++y) {
        for (int x = cx(w.box[size_t(i)].lower.x); x <= cx(w.box[size_t(i)].upper.x); ++x) {
          w.cells[size_t(x) + size_t(nx) * size_t(y)].push_back(i);
        }
      }
    }
    long count = 0;
    float sum = 0.0f;
    for (int y = 0; y < ny; ++y) {
      for (int x = 0; x < nx; ++x) {
        const std::vector<int>& cell = w.cells[size_t(x) + size_t(nx) * size_t(y)];
        for (size_t i = 0; i < cell.size(); ++i) {
          for (size_t j = i + 1; j < cell.size(); ++j) {
            const sat::AABB& a = w.box[size_t(cell[i])];
            const sat::AABB& b = w.box[size_t(cell[j])];
            if (!sat::overlaps(a, b)) continue;
            // Reported once: from the cell holding the lower corner of the boxes' overlap.
            if (cx(std::fmax(a.lower.x, b.lower.x)) != x || cy(std::fmax(a.lower.y, b.lower.y)) != y) continue;
            float nxv, nyv, depth;
            if (naiveSat(w, cell[i], cell[j], &nxv, &nyv, &depth)) {
              ++count;
              sum += depth + nxv;
            }
          }
        }
      }
    }
    auto t1 = Clock::now();
    const double c1 = cpuMs();
    r.checksum += sum;
    if (f >= warmup) {
      times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      cpuTimes.push_back(c1 - c0);
    }
    if (f == warmup + frames - 1) r.brute = bruteForcePairs(s);
    r.pairs = count;
  }
  std::sort(times.begin(), times.end());
  r.medianMs = times[times.size() / 2];
  r.p90Ms = times[size_t(double(times.size()) * 0.9)];
  std::sort(cpuTimes.begin(), cpuTimes.end());
  r.cpuMedianMs = cpuTimes[cpuTimes.size() / 2];
  return r;
}

float gCellSize = 0.0f;    // grid cell size (0: automatic); set with cell=X on the command line
float gTreeMargin = -1.0f; // tree fattening (< 0: the default); set with margin=X
int gThreads = 1;          // World::setThreads of the run in progress (threads=N on the command line)

Result run(int n, sat::BroadPhaseType bp, int frames, bool checkBrute) {
  Scene s = makeScene(n, 42u);
  sat::WorldOptions opt;
  opt.broadPhase = bp;
  opt.capacity = n;
  opt.gridCellSize = gCellSize;
  if (gTreeMargin >= 0.0f) opt.treeMargin = gTreeMargin;
  sat::World world(opt);
  if (world.setThreads(gThreads) != sat::Status::Ok) {
    std::printf("threads=%d refused (this build takes 1 to %d)\n", gThreads, sat::World::maxThreads());
    std::exit(1);
  }
  std::vector<sat::BodyId> ids(static_cast<size_t>(n));
  sat::BodyDef def;
  for (int i = 0; i < n; ++i) {
    def.x = s.x[size_t(i)];
    def.y = s.y[size_t(i)];
    def.angle = s.angle[size_t(i)];
    if (world.createBody(def, sat::Shape(s.shapes[size_t(i)]), &ids[size_t(i)]) != sat::Status::Ok) std::abort();
  }
  world.update();
  std::vector<uint32_t> slots(static_cast<size_t>(n));  // stable for each body's life: looked up once, as the JS bulk path does
  for (int i = 0; i < n; ++i) slots[size_t(i)] = uint32_t(world.slotOf(ids[size_t(i)]));
  std::vector<double> times, cpuTimes;
  std::vector<double> stage[5];
  Result r;
  const int warmup = 10;
  long candidates = 0;
  for (int f = 0; f < warmup + frames; ++f) {
    step(s);
    const long allocBefore = gAllocations;
    auto t0 = Clock::now();
    const double c0 = cpuMs();
    // Move everything through the bulk buffer, as the JS path will.
    float* buf = world.transformBuffer();
    for (int i = 0; i < n; ++i) {
      float* b = buf + size_t(slots[size_t(i)]) * sat::kTransformStride;
      b[0] = s.x[size_t(i)];
      b[1] = s.y[size_t(i)];
      b[2] = s.angle[size_t(i)];
    }
    world.update();
    // Collect every touching pair with normal and depth.
    const sat::Contact* c = world.contacts();
    const int count = world.contactCount();
    float sum = 0.0f;
    for (int k = 0; k < count; ++k) sum += c[k].depth + c[k].normal.x;
    auto t1 = Clock::now();
    const double c1 = cpuMs();
    r.checksum += sum;
    if (f >= warmup) r.allocations += gAllocations - allocBefore;
    if (f >= warmup) {
      times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      cpuTimes.push_back(c1 - c0);
      candidates += world.stats().candidatePairs;
      stage[0].push_back(world.stats().syncMs);
      stage[1].push_back(world.stats().broadMs);
      stage[2].push_back(world.stats().pairsMs);
      stage[3].push_back(world.stats().narrowMs);
      stage[4].push_back(world.stats().eventsMs);
    }
    if (checkBrute && (f == warmup || f == warmup + frames - 1)) {
      long brute = bruteForcePairs(s);
      if (brute != count) std::printf("  frame %d: world %d pairs, brute force %ld\n", f, count, brute);
      r.brute = brute;
    }
    r.pairs = count;
  }
  r.memory = world.memory();
  std::sort(times.begin(), times.end());
  r.medianMs = times[times.size() / 2];
  r.p90Ms = times[size_t(double(times.size()) * 0.9)];
  std::sort(cpuTimes.begin(), cpuTimes.end());
  r.cpuMedianMs = cpuTimes[cpuTimes.size() / 2];
  r.avgCandidates = double(candidates) / frames;
  double* med[5] = {&r.sync, &r.broad, &r.pairsMs, &r.narrow, &r.events};
  for (int k = 0; k < 5; ++k) {
    std::sort(stage[k].begin(), stage[k].end());
    *med[k] = stage[k][stage[k].size() / 2];
  }
  return r;
}

const char* name(sat::BroadPhaseType t) {
  switch (t) {
    case sat::BroadPhaseType::Grid: return "grid";
    case sat::BroadPhaseType::Tree: return "tree";
    case sat::BroadPhaseType::SortAndSweep: return "sap";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  int frames = argc > 1 ? std::atoi(argv[1]) : 120;
  if (frames < 1) frames = 1;
  std::vector<int> sizes;
  std::vector<sat::BroadPhaseType> phases;
  bool naive = false;
  std::vector<int> threadCounts;
  int rounds = 1;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "grid") phases.push_back(sat::BroadPhaseType::Grid);
    else if (a == "tree") phases.push_back(sat::BroadPhaseType::Tree);
    else if (a == "sap") phases.push_back(sat::BroadPhaseType::SortAndSweep);
    else if (a == "naive") naive = true;
    else if (a.rfind("cell=", 0) == 0) gCellSize = float(std::atof(a.c_str() + 5));
    else if (a.rfind("margin=", 0) == 0) gTreeMargin = float(std::atof(a.c_str() + 7));
    else if (a.rfind("threads=", 0) == 0) threadCounts.push_back(std::atoi(a.c_str() + 8));
    else if (a.rfind("rounds=", 0) == 0) rounds = std::max(1, std::atoi(a.c_str() + 7));
    else sizes.push_back(std::atoi(argv[i]));
  }
  if (phases.empty() && !naive) {
    phases = {sat::BroadPhaseType::Grid, sat::BroadPhaseType::Tree, sat::BroadPhaseType::SortAndSweep};
  }
  if (sizes.empty()) sizes = {1000, 5000, 20000};
  if (threadCounts.empty()) threadCounts.push_back(1);
  std::printf("%-6s %-5s %10s %10s %10s %10s %12s %10s %10s\n", "N", "bp", "median ms", "cpu ms", "p90 ms", "pairs",
              "brute pairs", "cand/body", "bytes/body");
  for (int n : sizes) {
    for (sat::BroadPhaseType bp : phases) {
      std::vector<std::vector<double>> medians(threadCounts.size());
      for (int round = 0; round < rounds; ++round) {
        for (size_t t = 0; t < threadCounts.size(); ++t) {
          gThreads = threadCounts[t];
          Result r = run(n, bp, frames, bp == sat::BroadPhaseType::Grid && round == 0);
          medians[t].push_back(r.medianMs);
          const sat::WorldMemory& m = r.memory;
          std::printf("%-6d %-5s %10.3f %10.3f %10.3f %10ld %12s %10.2f %10.0f   (threads %d; median ms: sync %.2f broad %.2f pairs %.2f narrow %.2f events %.2f; allocations %ld; bytes/body: bodies %.0f shapes %.0f broad %.0f pairs %.0f outputs %.0f)\n",
                      n, name(bp), r.medianMs, r.cpuMedianMs, r.p90Ms, r.pairs,
                      bp == sat::BroadPhaseType::Grid && round == 0 ? std::to_string(r.brute).c_str() : "-",
                      r.avgCandidates / n, double(m.total()) / n, gThreads, r.sync, r.broad, r.pairsMs, r.narrow, r.events,
                      r.allocations, double(m.bodies) / n, double(m.shapes) / n, double(m.broadPhase) / n,
                      double(m.pairs) / n, double(m.outputs) / n);
          std::fflush(stdout);
        }
      }
      if (threadCounts.size() > 1 || rounds > 1) {
        double base = 0.0;
        for (size_t t = 0; t < threadCounts.size(); ++t) {
          std::vector<double>& v = medians[t];
          std::sort(v.begin(), v.end());
          const double med = v[v.size() / 2];
          if (t == 0) base = med;
          std::printf("summary N=%d %s threads=%d: median of %d rounds' medians %.3f ms, %.3fx threads=%d\n", n,
                      name(bp), threadCounts[t], rounds, med, med / base, threadCounts[0]);
        }
        std::fflush(stdout);
      }
    }
    if (naive) {
      const Result r = runNaive(n, frames);
      std::printf("%-6d %-5s %10.3f %10.3f %10.3f %10ld %12ld %10s %10s   (uniform grid of std::vector cells + SAT, not the library)\n",
                  n, "naive", r.medianMs, r.cpuMedianMs, r.p90Ms, r.pairs, r.brute, "-", "-");
      std::fflush(stdout);
    }
  }
  return 0;
}
