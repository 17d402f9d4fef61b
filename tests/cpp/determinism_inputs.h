// Inputs and checksums of the determinism tests (tests/cpp/test_determinism.cpp, tests/cpp/3d/test_determinism3.cpp),
// written the same way by their JavaScript twins (tests/js/helpers.ts: xorshift32, WordHash): a xorshift32 stream of
// doubles in [0, 1) and FNV-1a over 32-bit words.
#pragma once

#include <cstdint>
#include <cstring>

namespace sat_test {

/// xorshift32 (Marsaglia 2003): each draw a double in [0, 1), the same in C++ and JavaScript.
struct Xorshift32 {
  uint32_t s;
  explicit Xorshift32(uint32_t seed) : s(seed) {}
  double next() {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return double(s) / 4294967296.0;
  }
  /// lo + (hi - lo) * next(), in double.
  double range(double lo, double hi) { return lo + (hi - lo) * next(); }
};

/// FNV-1a over 32-bit words; floats by their bits.
struct Fnv1a {
  uint32_t h = 2166136261u;
  void add(uint32_t w) {
    h ^= w;
    h *= 16777619u;
  }
  void add(float f) {
    uint32_t w;
    std::memcpy(&w, &f, 4);
    add(w);
  }
};

}  // namespace sat_test
