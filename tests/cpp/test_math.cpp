// makeRot: libm-free cos/sin (the same bits in native, WASM and asm.js builds) must still be accurate.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sat/math.h"
#include "sat/shapes.h"

TEST(Math, MakeRotMatchesDoublePrecisionCosSinToFloatRounding) {
  std::mt19937 rng(2026);
  std::uniform_real_distribution<float> wide(-1000.0f, 1000.0f), narrow(-7.0f, 7.0f);
  double worst = 0.0;
  for (int i = 0; i < 200000; ++i) {
    float a = (i & 1) ? wide(rng) : narrow(rng);
    sat::Rot q = sat::makeRot(a);
    double c = std::cos(double(a)), s = std::sin(double(a));
    worst = std::fmax(worst, std::fmax(std::fabs(q.c - c), std::fabs(q.s - s)));
  }
  // One float rounding of values in [-1, 1] is at most 2^-25 ~ 3e-8; allow a few ulps for the reduction.
  EXPECT_LT(worst, 1.2e-7);
}

TEST(Math, MakeRotQuadrantsAndSymmetry) {
  const float halfPi = 1.57079632679f;
  for (int k = -8; k <= 8; ++k) {
    sat::Rot q = sat::makeRot(k * halfPi);
    double c = std::cos(double(k * halfPi)), s = std::sin(double(k * halfPi));
    EXPECT_NEAR(q.c, c, 1e-6) << "k = " << k;
    EXPECT_NEAR(q.s, s, 1e-6) << "k = " << k;
  }
  for (float a : {0.1f, 0.7f, 2.5f, 123.25f}) {
    sat::Rot p = sat::makeRot(a), n = sat::makeRot(-a);
    EXPECT_EQ(p.c, n.c);
    EXPECT_EQ(p.s, -n.s);
  }
  EXPECT_EQ(sat::makeRot(0.0f).c, 1.0f);
  EXPECT_EQ(sat::makeRot(0.0f).s, 0.0f);
}

TEST(Math, MakeRotRefusesNonFiniteAndAbsurdAngles) {
  EXPECT_FALSE(sat::isValid(sat::makeRot(NAN)));
  EXPECT_FALSE(sat::isValid(sat::makeRot(INFINITY)));
  EXPECT_FALSE(sat::isValid(sat::makeRot(2.0f * sat::kMaxAngle)));
  EXPECT_TRUE(sat::isValid(sat::makeRot(sat::kMaxAngle)));
  EXPECT_EQ(sat::checkTransform(sat::makeTransform(0, 0, 3.0e9f)), sat::Status::InvalidTransform);
}
