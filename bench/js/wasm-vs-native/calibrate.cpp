// Calibration for harness.cpp: a trivial scalar SAT kernel (8x8 face/vertex projections) with no sat-wasm code,
// built natively (clang++ -O3 -fno-vectorize) and as wasm (em++ -O3 -sSINGLE_FILE=1), to tell how much of the
// native/wasm gap is the engine rather than the core. Same build lines as harness.cpp, without cpp/src.
// Run the wasm with `node --no-liftoff`: this short program ends before V8 tiers its one hot function up to
// TurboFan, and the baseline (Liftoff) code is ~2x slower (measured: 243 ns default, 111 ns --no-liftoff, 85
// native). The long-running sat-wasm benchmarks tier up by themselves (--no-liftoff changes nothing there).
#include <chrono>
#include <cstdio>
#include <cmath>
struct V { float x, y; };
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
__attribute__((noinline)) float sat(const V* a, const V* an, int na, const V* b, int nb) {
  float best = -1e30f;
  for (int i = 0; i < na; i++) { float m = 1e30f; for (int j = 0; j < nb; j++) { float d = an[i].x * (b[j].x - a[i].x) + an[i].y * (b[j].y - a[i].y); m = d < m ? d : m; } best = m > best ? m : best; }
  return best;
}
int main() {
  V a[12], an[12], b[12];
  for (int i = 0; i < 12; i++) { float t = i * 0.5236f; a[i] = {std::cos(t), std::sin(t)}; an[i] = {std::cos(t + 0.26f), std::sin(t + 0.26f)}; b[i] = {std::cos(t) + 0.5f, std::sin(t)}; }
  volatile float sink = 0; double t0 = now();
  for (int r = 0; r < 2000000; r++) { b[r % 12].x += 1e-7f; sink = sink + sat(a, an, 8, b, 8); }
  printf("%.1f ns per 8x8 SAT\n", (now() - t0) * 1e9 / 2e6);
}
