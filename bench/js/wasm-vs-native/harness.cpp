// The same C++ narrow-phase loop built natively and as WebAssembly, to measure what the WebAssembly build itself
// costs (no JavaScript, no bindings): 4096 seeded 3-12-gon pairs, sat::collide with pre-made Transforms and with
// Transforms made from angles each time. Build and run from the repository root:
//   clang++ -std=c++17 -O3 -DNDEBUG -ffp-contract=off -fno-exceptions -Icpp/include \
//     bench/js/wasm-vs-native/harness.cpp cpp/src/*.cpp -o /tmp/harness && /tmp/harness
//   NODE_PATH=/usr/share/nodejs em++ -std=c++17 -O3 -flto -msimd128 -DNDEBUG -ffp-contract=off -fno-exceptions \
//     -Icpp/include bench/js/wasm-vs-native/harness.cpp cpp/src/*.cpp -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
//     -o /tmp/harness.js && node /tmp/harness.js
// Add --profiling-funcs to the em++ line and run node --cpu-prof for a per-function profile of the wasm.
#include "sat/sat.h"
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>
#include <ctime>
using namespace sat;
static double cpuNow() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
int main() {
  std::mt19937 rng(1234); std::uniform_real_distribution<float> U(0.f, 1.f);
  const int P = 4096;
  std::vector<Shape> shapes; std::vector<float> xf;
  for (int k = 0; k < 2 * P; k++) {
    int n = 3 + int(U(rng) * 10); float size = 0.5f + 1.5f * U(rng), st = 0.4f + 0.6f * U(rng), base = U(rng) * 6.283f;
    std::vector<Vec2> pts; for (int i = 0; i < n; i++) { float t = base + (i + 0.2f + 0.6f * U(rng)) / n * 6.283f; pts.push_back({size * std::cos(t), size * st * std::sin(t)}); }
    Polygon p; makeHull(pts.data(), n, &p); shapes.push_back(Shape(std::move(p)));
  }
  for (int k = 0; k < P; k++) { float x = (U(rng) - .5f) * 100, y = (U(rng) - .5f) * 100; xf.insert(xf.end(), {x, y, U(rng) * 6.f, 1, 1, x + (U(rng) - .5f) * 3, y + (U(rng) - .5f) * 3, U(rng) * 6.f, 1, 1}); }
  std::vector<Transform> pre; for (int i = 0; i < 2 * P; i++) pre.push_back(makeTransform(xf[5*i], xf[5*i+1], xf[5*i+2], 1, 1));
  for (int rep = 0; rep < 3; rep++) {
    int hits = 0; double t0 = cpuNow(); const int R = 100;
    for (int r = 0; r < R; r++) for (int k = 0; k < P; k++) hits += collide(shapes[2*k], pre[2*k], shapes[2*k+1], pre[2*k+1]).pointCount > 0;
    double t1 = cpuNow();
    for (int r = 0; r < R; r++) for (int k = 0; k < P; k++) {
      Transform a = makeTransform(xf[10*k], xf[10*k+1], xf[10*k+2], 1, 1), b = makeTransform(xf[10*k+5], xf[10*k+6], xf[10*k+7], 1, 1);
      hits += collide(shapes[2*k], a, shapes[2*k+1], b).pointCount > 0; }
    double t2 = cpuNow();
    printf("hits %d  pre-made transforms %.1f ns/pair   transforms from angles %.1f ns/pair\n", hits / (2 * R), (t1 - t0) * 1e9 / (R * P), (t2 - t1) * 1e9 / (R * P));
  }
}
