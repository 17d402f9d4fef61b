// decompose: parts are convex (made by makePolygon), tile the outline (areas sum to its area, every part inside
// it), few in number; bad outlines get the makers' statuses.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "sat/decompose.h"
#include "sat/sat.h"

namespace {

using sat::Vec2;

double shoelace(const std::vector<Vec2>& v) {
  double a = 0.0;
  for (size_t i = 0; i < v.size(); ++i) {
    const Vec2 p = v[i], q = v[(i + 1) % v.size()];
    a += double(p.x) * q.y - double(q.x) * p.y;
  }
  return 0.5 * a;
}

// Reflex vertices of a CCW outline.
int reflexCount(const std::vector<Vec2>& v) {
  int r = 0;
  const size_t n = v.size();
  for (size_t i = 0; i < n; ++i) {
    Vec2 a = v[(i + n - 1) % n], b = v[i], c = v[(i + 1) % n];
    if (sat::cross(b - a, c - b) < 0.0f) ++r;
  }
  return r;
}

void checkParts(const std::vector<Vec2>& outline, const std::vector<sat::Polygon>& parts) {
  double sum = 0.0;
  for (const sat::Polygon& p : parts) {
    ASSERT_GE(p.count(), 3);
    // Convex and CCW: every vertex turns left.
    for (int i = 0; i < p.count(); ++i) {
      Vec2 a = p.vertex(i), b = p.vertex((i + 1) % p.count()), c = p.vertex((i + 2) % p.count());
      ASSERT_GT(sat::cross(b - a, c - b), 0.0f);
    }
    sum += p.area();
  }
  const double area = std::fabs(shoelace(outline));
  EXPECT_NEAR(sum, area, 1e-4 * area);
  // Hertel-Mehlhorn: at most 2r + 1 parts for r reflex vertices (each kept diagonal is needed at a reflex vertex).
  std::vector<Vec2> ccw = outline;
  if (shoelace(ccw) < 0) std::reverse(ccw.begin(), ccw.end());
  EXPECT_LE(int(parts.size()), 2 * reflexCount(ccw) + 1);
}

TEST(Decompose, ConvexOutlineIsOnePart) {
  std::vector<Vec2> sq = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  std::vector<sat::Polygon> parts;
  ASSERT_EQ(sat::decompose(sq.data(), 4, &parts), sat::Status::Ok);
  EXPECT_EQ(parts.size(), 1u);
  checkParts(sq, parts);
}

TEST(Decompose, LShapeAndUShapeBothWindings) {
  std::vector<Vec2> l = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  std::vector<sat::Polygon> parts;
  ASSERT_EQ(sat::decompose(l.data(), int(l.size()), &parts), sat::Status::Ok);
  EXPECT_EQ(parts.size(), 2u);
  checkParts(l, parts);
  std::vector<Vec2> u = {{0, 0}, {3, 0}, {3, 3}, {2, 3}, {2, 1}, {1, 1}, {1, 3}, {0, 3}};
  std::reverse(u.begin(), u.end());  // clockwise input
  ASSERT_EQ(sat::decompose(u.data(), int(u.size()), &parts), sat::Status::Ok);
  EXPECT_LE(parts.size(), 3u);
  checkParts(u, parts);
}

TEST(Decompose, RandomStarPolygons) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (int trial = 0; trial < 300; ++trial) {
    int n = 5 + int(u(rng) * 40);
    std::vector<Vec2> v;
    for (int i = 0; i < n; ++i) {
      double a = 2.0 * M_PI * (i + 0.5 * u(rng)) / n;
      double r = 0.3 + u(rng);
      v.push_back({float(10.0 * r * std::cos(a)), float(10.0 * r * std::sin(a))});
    }
    std::vector<sat::Polygon> parts;
    sat::Status s = sat::decompose(v.data(), n, &parts);
    ASSERT_EQ(s, sat::Status::Ok) << "trial " << trial << ": " << sat::statusName(s);
    checkParts(v, parts);
  }
}

TEST(Decompose, CombAndSpiral) {
  // A comb: many teeth, each one part, plus the spine.
  std::vector<Vec2> comb = {{0, 0}, {20, 0}, {20, 1}};
  for (int t = 9; t >= 0; --t) {
    float x = 2.0f * t;
    comb.push_back({x + 1.5f, 1});
    comb.push_back({x + 1.5f, 5});
    comb.push_back({x + 0.5f, 5});
    comb.push_back({x + 0.5f, 1});
  }
  comb.push_back({0, 1});
  std::vector<sat::Polygon> parts;
  ASSERT_EQ(sat::decompose(comb.data(), int(comb.size()), &parts), sat::Status::Ok);
  checkParts(comb, parts);
  // Fixed-capacity form: too small reports the count needed.
  sat::Polygon few[3];
  int count = 0;
  EXPECT_EQ(sat::decompose(comb.data(), int(comb.size()), few, 3, &count), sat::Status::InvalidArgument);
  EXPECT_EQ(count, int(parts.size()));
}

TEST(Decompose, BadOutlines) {
  std::vector<sat::Polygon> parts;
  std::vector<Vec2> bowtie = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
  EXPECT_EQ(sat::decompose(bowtie.data(), 4, &parts), sat::Status::SelfIntersecting);
  std::vector<Vec2> line = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
  sat::Polygon unused;
  EXPECT_EQ(sat::decompose(line.data(), 4, &parts), sat::makePolygon(line.data(), 4, &unused));  // same verdict
  EXPECT_NE(sat::decompose(line.data(), 4, &parts), sat::Status::Ok);
  std::vector<Vec2> two = {{0, 0}, {1, 0}};
  EXPECT_EQ(sat::decompose(two.data(), 2, &parts), sat::Status::TooFewPoints);
  std::vector<Vec2> nan = {{0, 0}, {1, 0}, {NAN, 1}};
  EXPECT_EQ(sat::decompose(nan.data(), 3, &parts), sat::Status::NonFinite);
  EXPECT_EQ(sat::decompose(nullptr, 3, &parts), sat::Status::InvalidArgument);
  // Duplicates and a closing point are cleaned, not refused.
  std::vector<Vec2> dup = {{0, 0}, {2, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 0}};
  ASSERT_EQ(sat::decompose(dup.data(), int(dup.size()), &parts), sat::Status::Ok);
  EXPECT_EQ(parts.size(), 2u);
}

}  // namespace
