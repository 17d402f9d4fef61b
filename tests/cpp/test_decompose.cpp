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

// "decompose-area" (docs/fuzzing.md), the first input of fuzz/crashes/decompose-area/: 48 points of an arc of radius
// 0.0056 with one vertex pulled out to x = 195.6. The fuzzer saw the parts' areas sum to 14 times the outline's and
// took it for overlapping parts; they do not overlap. The collinear tolerance (1e-5 of the size, 0.002) is a third
// of the arc's radius, so cleaning straightens the arc and widens the spike's base by up to the tolerance, and along
// an edge 195 long that is 0.5 of area: within the perimeter times the tolerance, the bound the cleaning promises.
// decompose tiles exactly the outline makePolygon cleans the points to.
TEST(Decompose, ThinSpikeTilesTheCleanedOutline) {
  const std::vector<Vec2> outline = {
      {0.00564856315f, 0.000103181315f}, {0.00564573612f, 0.000206331359f}, {0.00563443406f, 0.000412387424f}, 
      {0.00561561342f, 0.00061789318f}, {0.0055893003f, 0.000822574541f}, {0.00555552915f, 0.00102615834f}, 
      {0.0055143456f, 0.00122837292f}, {0.00546580413f, 0.0014289486f}, {0.00540996948f, 0.0016276174f}, 
      {0.00534691662f, 0.00182411459f}, {195.594467f, 0.00201795064f}, {0.00519950036f, 0.00220954837f}, 
      {0.00511533441f, 0.0023979703f}, {0.0050243428f, 0.00258319289f}, {0.00492664753f, 0.0027649689f}, 
      {0.00482237851f, 0.00294305524f}, {0.00471167499f, 0.00311721489f}, {0.00459468458f, 0.00328721502f}, 
      {0.00447156373f, 0.00345282885f}, {0.00434247591f, 0.0036138359f}, {0.00420759385f, 0.00377002102f}, 
      {0.00406709826f, 0.00392117584f}, {0.00392117538f, 0.00406709872f}, {0.00377002102f, 0.00420759432f}, 
      {0.00361383613f, 0.00434247591f}, {0.00345282885f, 0.00447156373f}, {0.00328721479f, 0.00459468458f}, 
      {0.00311721442f, 0.00471167499f}, {0.00294305454f, 0.00482237851f}, {0.0027649689f, 0.00492664753f}, 
      {0.00258319266f, 0.00502434326f}, {0.00239797006f, 0.00511533441f}, {0.00220954791f, 0.00519950083f}, 
      {0.00201817765f, 0.00527672889f}, {0.00182411447f, 0.00534691662f}, {0.0016276167f, 0.00540996995f}, 
      {0.00142894848f, 0.00546580413f}, {0.00122837303f, 0.0055143456f}, {0.00102615845f, 0.00555552915f}, 
      {0.000822574075f, 0.00558930077f}, {0.000617892772f, 0.00561561342f}, {0.000412387744f, 0.00563443406f}, 
      {0.000206331038f, 0.00564573612f}, {-2.46947712e-10f, 0.00564950518f}, {-0.000206332217f, 0.00564573612f}, 
      {-0.000412387511f, 0.00563443406f}, {-0.000617893296f, 0.00561561342f}, {-0.000822575239f, 0.0055893003f}};
  std::vector<sat::Polygon> parts;
  ASSERT_EQ(sat::decompose(outline.data(), int(outline.size()), &parts), sat::Status::Ok);
  double sum = 0.0;
  for (const sat::Polygon& p : parts) sum += p.area();
  sat::Polygon cleaned;  // cleaning leaves a triangle here: convex, so makePolygon takes it
  ASSERT_EQ(sat::makePolygon(outline.data(), int(outline.size()), &cleaned), sat::Status::Ok);
  EXPECT_NEAR(sum, cleaned.area(), 1e-4 * cleaned.area());

  double perimeter = 0.0;
  float x0 = outline[0].x, x1 = x0, y0 = outline[0].y, y1 = y0;
  for (size_t i = 0; i < outline.size(); ++i) {
    const Vec2 a = outline[i], b = outline[(i + 1) % outline.size()];
    perimeter += std::hypot(double(b.x) - a.x, double(b.y) - a.y);
    x0 = std::fmin(x0, a.x), x1 = std::fmax(x1, a.x), y0 = std::fmin(y0, a.y), y1 = std::fmax(y1, a.y);
  }
  const double size = std::hypot(double(x1) - x0, double(y1) - y0);
  EXPECT_LE(std::fabs(sum - std::fabs(shoelace(outline))), 2.0 * sat::kCollinearRelative * size * perimeter);
}

}  // namespace

// Thin spikes (decompose.h, docs/bad-input.md): a spike whose two sides come within the collinear tolerance of each
// other is refused as SelfIntersecting (to the tolerance its sides touch); a wider one is kept whole.
TEST(Decompose, SpikeThinnerThanTheToleranceIsRefusedAWiderOneKept) {
  auto squareWithSpike = [](float width) {
    // A unit square with a spike 9 units long out of its right side (size ~10: the tolerance is ~1e-4).
    return std::vector<Vec2>{{0.0f, 0.0f},  {1.0f, 0.0f}, {1.0f, 0.5f}, {10.0f, 0.5f + 0.5f * width},
                             {1.0f, 0.5f + width}, {1.0f, 1.0f}, {0.0f, 1.0f}};
  };
  std::vector<sat::Polygon> parts;
  for (const float thin : {1e-6f, 1e-5f, 1e-4f}) {
    const std::vector<Vec2> outline = squareWithSpike(thin);
    EXPECT_EQ(sat::decompose(outline.data(), int(outline.size()), &parts), sat::Status::SelfIntersecting) << thin;
    EXPECT_TRUE(parts.empty());
  }
  const std::vector<Vec2> outline = squareWithSpike(1e-3f);
  ASSERT_EQ(sat::decompose(outline.data(), int(outline.size()), &parts), sat::Status::Ok);
  double sum = 0.0;
  float reach = -1.0f;
  for (const sat::Polygon& p : parts) {
    sum += p.area();
    for (int i = 0; i < p.count(); ++i) reach = std::fmax(reach, p.vertex(i).x);
  }
  EXPECT_NEAR(sum, 1.0 + 0.5 * 9.0 * 1e-3, 1e-5) << "square plus spike";
  EXPECT_EQ(reach, 10.0f) << "the spike is kept to its tip";
}
