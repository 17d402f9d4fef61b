// sat-wasm fuzzing: turning libFuzzer's bytes into floats, shapes and transforms, and reporting a broken property.
//
// Numbers are decoded so that the interesting cases are common, not one in 2^32: a tag byte picks a small lattice
// value (duplicates, collinear points, exact touching), a smooth value in a chosen range, or the raw bits of a
// float (NaN, infinities, denormals, 3e38). Every decoder has a fixed byte cost, so the fuzzer's mutations stay
// local. A broken property prints the case and aborts: libFuzzer saves the input as a crash file.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sat/sat.h"

namespace fuzz {

/// Set by a target to print its decoded input when a check fails.
inline void (*dumpInput)() = nullptr;

/// A failed property: print (with the decoded input) and abort; libFuzzer saves the input as a crash file.
#define FUZZ_CHECK(cond, ...)                                                                    \
  do {                                                                                           \
    if (!(cond)) {                                                                               \
      std::fprintf(stderr, "\nFUZZ_CHECK failed at %s:%d: %s\n  ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, __VA_ARGS__);                                                         \
      std::fprintf(stderr, "\n");                                                                \
      if (::fuzz::dumpInput) ::fuzz::dumpInput();                                                \
      std::abort();                                                                              \
    }                                                                                            \
  } while (0)

/// Whether the known, reported bug `name` should be skipped: SAT_FUZZ_SKIP holds a comma-separated list of
/// names (see docs/fuzzing.md). Long runs skip open bugs so they keep exploring instead of re-finding them.
inline bool skipKnown(const char* name) {
  static const char* list = std::getenv("SAT_FUZZ_SKIP");
  if (list == nullptr) return false;
  const size_t n = std::strlen(name);
  for (const char* p = std::strstr(list, name); p != nullptr; p = std::strstr(p + 1, name)) {
    if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0')) return true;
  }
  return false;
}

inline float rawFloat(FuzzedDataProvider& in) {
  uint32_t bits = in.ConsumeIntegral<uint32_t>();
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

/// A coordinate of typical magnitude `scale`. Tag < 160: lattice k/8 * scale with k in [-16, 15] (exact
/// duplicates and collinear triples); < 240: smooth in [-scale, scale]; else raw float bits (only when `hostile`).
inline float coord(FuzzedDataProvider& in, float scale, bool hostile) {
  uint8_t tag = in.ConsumeIntegral<uint8_t>();
  if (tag < 160) return float(int(tag % 32) - 16) * 0.125f * scale;
  if (tag < 240 || !hostile) {
    uint16_t u = in.ConsumeIntegral<uint16_t>();
    return (float(u) / 32767.5f - 1.0f) * scale;
  }
  return rawFloat(in);
}

/// A positive size spread over decades: 10^e with e in [lo, hi] (exponent from one byte), times 1..2.
inline float logSize(FuzzedDataProvider& in, float lo, float hi) {
  uint8_t e = in.ConsumeIntegral<uint8_t>();
  uint8_t m = in.ConsumeIntegral<uint8_t>();
  float t = lo + (hi - lo) * float(e) / 255.0f;
  return std::pow(10.0f, t) * (1.0f + float(m) / 255.0f);
}

/// A finite angle in [-4pi, 4pi], or (rarely, when hostile) raw bits.
inline float angle(FuzzedDataProvider& in, bool hostile) {
  uint8_t tag = in.ConsumeIntegral<uint8_t>();
  if (hostile && tag >= 250) return rawFloat(in);
  uint16_t u = in.ConsumeIntegral<uint16_t>();
  if (tag < 64) return float(int(u % 16)) * 0.39269908f;  // multiples of pi/8: axis-aligned edges
  return (float(u) / 32767.5f - 1.0f) * 12.566371f;
}

/// A shape made by the public makers from fuzzed parameters of typical size `size`; false when refused.
inline bool makeShape(FuzzedDataProvider& in, float size, sat::Shape* out) {
  uint8_t kind = in.ConsumeIntegral<uint8_t>() % 4;
  if (kind == 0) {
    sat::Circle c;
    sat::Vec2 center{coord(in, size, false), coord(in, size, false)};
    if (sat::makeCircle(center, size * (0.05f + in.ConsumeProbability<float>()), &c) != sat::Status::Ok) return false;
    *out = sat::Shape(c);
    return true;
  }
  if (kind == 1) {
    sat::Capsule c;
    sat::Vec2 a{coord(in, size, false), coord(in, size, false)};
    sat::Vec2 b{coord(in, size, false), coord(in, size, false)};
    if (sat::makeCapsule(a, b, size * (0.02f + in.ConsumeProbability<float>()), &c) != sat::Status::Ok) return false;
    *out = sat::Shape(c);
    return true;
  }
  if (kind == 2) {
    sat::Polygon p;
    float hw = size * (0.05f + in.ConsumeProbability<float>()), hh = size * (0.05f + in.ConsumeProbability<float>());
    sat::Vec2 center{coord(in, size, false), coord(in, size, false)};
    if (sat::makeBox(hw, hh, &p, center, angle(in, false)) != sat::Status::Ok) return false;
    *out = sat::Shape(static_cast<sat::Polygon&&>(p));
    return true;
  }
  int n = 3 + in.ConsumeIntegralInRange<int>(0, 13);
  sat::Vec2 pts[16];
  for (int i = 0; i < n; ++i) pts[i] = {coord(in, size, false), coord(in, size, false)};
  sat::Polygon p;
  if (sat::makeHull(pts, n, &p) != sat::Status::Ok) return false;
  *out = sat::Shape(static_cast<sat::Polygon&&>(p));
  return true;
}

/// A transform: position within `spread` of `origin`, any angle, unit / uniform / non-uniform / mirrored scale.
inline sat::Transform makeXf(FuzzedDataProvider& in, sat::Vec2 origin, float spread) {
  float x = origin.x + coord(in, spread, false), y = origin.y + coord(in, spread, false);
  float a = angle(in, false);
  uint8_t s = in.ConsumeIntegral<uint8_t>();
  float sx = 1.0f, sy = 1.0f;
  if (s >= 128) {
    sx = 0.25f + 3.75f * in.ConsumeProbability<float>();
    sy = (s & 1) ? sx : 0.25f + 3.75f * in.ConsumeProbability<float>();
    if (s & 2) sx = -sx;
    if (s & 4) sy = -sy;
  }
  return sat::makeTransform(x, y, a, sx, sy);
}

inline bool finite(sat::Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

/// Every number of a manifold is finite, the normal is unit, pointCount in [0, 2].
inline bool sane(const sat::Manifold& m) {
  if (m.pointCount < 0 || m.pointCount > 2) return false;
  if (m.pointCount == 0) return true;
  if (!finite(m.normal) || !std::isfinite(m.depth)) return false;
  if (std::fabs(sat::length(m.normal) - 1.0f) > 1.0e-3f) return false;
  for (int i = 0; i < m.pointCount; ++i) {
    if (!finite(m.points[i].point) || !std::isfinite(m.points[i].depth)) return false;
  }
  return true;
}

}  // namespace fuzz
