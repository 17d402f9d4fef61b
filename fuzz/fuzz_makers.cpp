// Fuzz target: the shape makers fed arbitrary points (makePolygon, makeHull, decompose, makeBox, makeCircle,
// makeCapsule).
//
// Properties checked on every input:
// - a refusal is one of the named statuses, and non-finite input is always NonFinite, magnitudes beyond 1e6 always
//   OutOfRange (or NonFinite first);
// - an accepted polygon is stored counter-clockwise and strictly convex, 3..256 vertices, unit outward normals
//   perpendicular to their edges, positive area equal to the shoelace area, centroid inside, bounds around it;
// - every stored vertex comes from the input (within the weld tolerance);
// - a hull contains every input point, an accepted makePolygon outline lies on its polygon's boundary, both within
//   2e-5 of the size (twice the collinear tolerance; the "hull-cascade" bug broke this, fixed in 8df8d30);
// - a stored polygon fed back to makePolygon is accepted with the same vertices (the makers are idempotent);
// - decompose's parts are valid polygons whose areas sum to the outline's area, within what cleaning may move it.
#include <algorithm>
#include <vector>

#include "fuzz_common.h"
#include "sat/decompose.h"

namespace {

using fuzz::coord;
using sat::Status;
using sat::Vec2;

double orient2(Vec2 a, Vec2 b, Vec2 c) {
  return (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
}

double pointSize(const Vec2* p, int n) {
  double x0 = p[0].x, x1 = x0, y0 = p[0].y, y1 = y0;
  for (int i = 1; i < n; ++i) {
    x0 = std::min(x0, double(p[i].x)), x1 = std::max(x1, double(p[i].x));
    y0 = std::min(y0, double(p[i].y)), y1 = std::max(y1, double(p[i].y));
  }
  return std::hypot(x1 - x0, y1 - y0);
}

/// Signed distance of q outside the CCW polygon (max over edges of the outward offset).
double outside(const sat::Polygon& p, Vec2 q) {
  double worst = -1e300;
  for (int i = 0; i < p.count(); ++i) {
    Vec2 a = p.vertex(i), b = p.vertex((i + 1) % p.count());
    double ex = double(b.x) - a.x, ey = double(b.y) - a.y, len = std::hypot(ex, ey);
    double d = -((ex * (double(q.y) - a.y) - ey * (double(q.x) - a.x)) / len);
    worst = std::max(worst, d);
  }
  return worst;
}

void checkPolygon(const sat::Polygon& p, const Vec2* in, int n, const char* who) {
  const int c = p.count();
  FUZZ_CHECK(c >= 3 && c <= sat::kMaxPolygonVertices, "%s: count %d", who, c);
  const double size = pointSize(in, n);
  double area2 = 0.0;
  for (int i = 0; i < c; ++i) {
    Vec2 a = p.vertex(i), b = p.vertex((i + 1) % c), d = p.vertex((i + 2) % c);
    FUZZ_CHECK(sat::isInRange(a), "%s: vertex %d = (%g, %g) out of range", who, i, a.x, a.y);
    FUZZ_CHECK(orient2(a, b, d) > 0.0, "%s: vertices %d..%d not strictly CCW (orient %g)", who, i, i + 2,
               orient2(a, b, d));
    Vec2 nrm = p.normal(i);
    FUZZ_CHECK(std::fabs(sat::length(nrm) - 1.0f) < 1e-4f, "%s: normal %d length %g", who, i, sat::length(nrm));
    double ex = double(b.x) - a.x, ey = double(b.y) - a.y, el = std::hypot(ex, ey);
    FUZZ_CHECK(std::fabs((ex * nrm.x + ey * nrm.y) / el) < 1e-4, "%s: normal %d not perpendicular", who, i);
    FUZZ_CHECK(ey * nrm.x - ex * nrm.y > 0.0, "%s: normal %d points inward", who, i);
    area2 += double(a.x) * b.y - double(a.y) * b.x;
    // Every stored vertex is one of the input points (welding keeps one of the welded points).
    double nearest = 1e300;
    for (int k = 0; k < n; ++k) nearest = std::min(nearest, std::hypot(double(in[k].x) - a.x, double(in[k].y) - a.y));
    FUZZ_CHECK(nearest <= 1e-5 * size, "%s: vertex %d (%g, %g) is %g from every input point", who, i, a.x, a.y,
               nearest);
  }
  FUZZ_CHECK(p.area() > 0.0f, "%s: area %g", who, p.area());
  FUZZ_CHECK(std::fabs(0.5 * area2 - p.area()) <= 1e-4 * std::fabs(0.5 * area2) + 1e-6 * size * size,
             "%s: stored area %g, shoelace %g", who, p.area(), 0.5 * area2);
  FUZZ_CHECK(outside(p, p.centroid()) <= 1e-5 * size, "%s: centroid (%g, %g) outside", who, p.centroid().x,
             p.centroid().y);
  sat::AABB b = p.bounds();
  for (int i = 0; i < c; ++i) FUZZ_CHECK(sat::contains(b, p.vertex(i)), "%s: vertex %d outside bounds", who, i);
  FUZZ_CHECK(p.boundingRadius() > 0.0f && std::isfinite(p.boundingRadius()), "%s: bounding radius %g", who,
             p.boundingRadius());
}

bool anyNonFinite(const Vec2* p, int n) {
  for (int i = 0; i < n; ++i)
    if (!sat::isValid(p[i])) return true;
  return false;
}
bool anyOutOfRange(const Vec2* p, int n) {
  for (int i = 0; i < n; ++i)
    if (!sat::isInRange(p[i])) return true;
  return false;
}

void checkStatus(Status s, const Vec2* p, int n, const char* who) {
  FUZZ_CHECK(uint8_t(s) <= uint8_t(Status::InvalidArgument), "%s: unknown status %d", who, int(s));
  FUZZ_CHECK(std::strcmp(sat::statusName(s), "") != 0, "%s: status %d has no name", who, int(s));
  if (anyNonFinite(p, n)) FUZZ_CHECK(s == Status::NonFinite, "%s: non-finite input gave %s", who, sat::statusName(s));
  else if (anyOutOfRange(p, n))
    FUZZ_CHECK(s == Status::OutOfRange, "%s: out-of-range input gave %s", who, sat::statusName(s));
}

void checkIdempotent(const sat::Polygon& p, const char* who) {
  // The "remake" bug (docs/fuzzing.md, fixed): a 34-vertex hull of a fine arc came back with 33.
  sat::Polygon again;
  Status s = sat::makePolygon(p.vertices(), p.count(), &again);
  FUZZ_CHECK(s == Status::Ok, "%s: its own stored polygon (%d vertices) refused by makePolygon: %s", who, p.count(),
             sat::statusName(s));
  FUZZ_CHECK(again.count() == p.count(), "%s: remade polygon has %d vertices, not %d", who, again.count(), p.count());
  for (int i = 0; i < p.count(); ++i) {
    FUZZ_CHECK(again.vertex(i) == p.vertex(i), "%s: remade polygon's vertex %d is (%g, %g), not (%g, %g)", who, i,
               again.vertex(i).x, again.vertex(i).y, p.vertex(i).x, p.vertex(i).y);
  }
}

const Vec2* gPoints = nullptr;
int gCount = 0;
const sat::Polygon* gOut = nullptr;
void dump() {
  std::fprintf(stderr, "  input (%d points):", gCount);
  for (int i = 0; i < gCount; ++i) std::fprintf(stderr, " {%.9g, %.9g}", gPoints[i].x, gPoints[i].y);
  if (gOut) {
    std::fprintf(stderr, "\n  stored polygon (%d vertices):", gOut->count());
    for (int i = 0; i < gOut->count(); ++i) std::fprintf(stderr, " {%.9g, %.9g}", gOut->vertex(i).x, gOut->vertex(i).y);
  }
  std::fprintf(stderr, "\n");
}

double outlineTolerance() { return 2e-5; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const uint8_t op = in.ConsumeIntegral<uint8_t>();
  const bool hostile = (op & 0x80) != 0;
  const float scale = fuzz::logSize(in, -4.0f, 6.0f);
  int n = in.ConsumeIntegralInRange<int>(0, 40);
  if ((op & 0x70) == 0x70) n = in.ConsumeIntegralInRange<int>(0, 400);  // past kMaxPolygonVertices
  std::vector<Vec2> pts(size_t(n) + 1);
  const bool ring = (op & 0x08) != 0;
  for (int i = 0; i < n; ++i) {
    if (ring) {
      // Points around a circle, jittered: the hull keeps most of them (many vertices, nearly collinear edges).
      float t = 6.2831853f * (float(i) + 0.5f * in.ConsumeProbability<float>()) / float(n);
      float r = scale * (1.0f - 1e-3f * in.ConsumeProbability<float>());
      pts[size_t(i)] = {r * std::cos(t), r * std::sin(t)};
      if (hostile && in.ConsumeIntegral<uint8_t>() > 250) pts[size_t(i)].x = fuzz::rawFloat(in);
    } else {
      pts[size_t(i)] = {coord(in, scale, hostile), coord(in, scale, hostile)};
    }
  }
  const Vec2* p = pts.data();
  gPoints = p;
  gCount = n;
  gOut = nullptr;
  fuzz::dumpInput = dump;

  // decompose is quadratic or worse in the point count: keep its inputs small so executions stay fast (its
  // TooManyPoints refusal is checked by the hostile-input tests).
  if (op % 6 == 2 && n > 48) n = 48;
  switch (op % 6) {
    case 0: {
      sat::Polygon poly;
      Status s = sat::makePolygon(p, n, &poly);
      gOut = &poly;
      checkStatus(s, p, n, "makePolygon");
      if (s == Status::Ok) {
        checkPolygon(poly, p, n, "makePolygon");
        // Every input point lies on the polygon's boundary (welded or collinear points within tolerance).
        double sz = pointSize(p, n);
        for (int i = 0; i < n; ++i) {
          double d = outside(poly, p[i]);
          FUZZ_CHECK(std::fabs(d) <= outlineTolerance() * sz, "makePolygon: input point %d (%g, %g) is %g off the boundary", i,
                     p[i].x, p[i].y, d);
        }
        checkIdempotent(poly, "makePolygon");
      }
      FUZZ_CHECK(s != Status::Ok || n >= 3, "makePolygon accepted %d points", n);
      break;
    }
    case 1: {
      sat::Polygon poly;
      Status s = sat::makeHull(p, n, &poly);
      gOut = &poly;
      checkStatus(s, p, n, "makeHull");
      FUZZ_CHECK(s != Status::Concave && s != Status::SelfIntersecting, "makeHull: %s", sat::statusName(s));
      if (s == Status::Ok) {
        checkPolygon(poly, p, n, "makeHull");
        double sz = pointSize(p, n);
        for (int i = 0; i < n; ++i) {
          double d = outside(poly, p[i]);
          FUZZ_CHECK(d <= outlineTolerance() * sz, "makeHull: input point %d (%g, %g) is %g outside the hull (%.2g of the size)", i, p[i].x, p[i].y, d, d / sz);
        }
        checkIdempotent(poly, "makeHull");
      }
      break;
    }
    case 2: {
      std::vector<sat::Polygon> parts;
      Status s = sat::decompose(p, n, &parts);
      checkStatus(s, p, n, "decompose");
      FUZZ_CHECK(s != Status::Concave, "decompose said Concave");
      if (s == Status::Ok) {
        FUZZ_CHECK(!parts.empty(), "decompose: Ok with no parts");
        double sum = 0.0, sz = pointSize(p, n);
        for (const sat::Polygon& part : parts) {
          checkPolygon(part, p, n, "decompose part");
          sum += part.area();
        }
        double area2 = 0.0, perimeter = 0.0;
        for (int i = 0; i < n; ++i) {
          Vec2 a = p[i], b = p[(i + 1) % n];
          area2 += double(a.x) * b.y - double(a.y) * b.x;
          perimeter += std::hypot(double(b.x) - a.x, double(b.y) - a.y);
        }
        // Cleaning may move the outline by up to outlineTolerance() of the size (the bound makePolygon's outline is
        // held to above), and sliver parts that thin are dropped, so the boundary sweeps at most the perimeter
        // times that: the area's own slack. A fixed 1e-5 * size^2 was too tight for a long thin spike, whose
        // perimeter is twice the size ("decompose-area", docs/fuzzing.md: the parts did not overlap).
        const double area = 0.5 * std::fabs(area2);
        FUZZ_CHECK(std::fabs(sum - area) <= 1e-3 * area + outlineTolerance() * sz * perimeter,
                   "decompose: parts' area %g, outline's %g (perimeter %g)", sum, area, perimeter);
        // The array form agrees on the part count and reports the needed capacity when short.
        sat::Polygon few[2];
        int count = -1;
        Status s2 = sat::decompose(p, n, few, 2, &count);
        FUZZ_CHECK(count == int(parts.size()), "decompose(array) counted %d parts, vector form %d", count,
                   int(parts.size()));
        FUZZ_CHECK((s2 == Status::Ok) == (parts.size() <= 2), "decompose(array, 2): %s for %d parts",
                   sat::statusName(s2), int(parts.size()));
      }
      break;
    }
    case 3: {
      sat::Polygon box;
      float hw = n > 0 ? p[0].x : 1.0f, hh = n > 0 ? p[0].y : 1.0f;
      Vec2 c = n > 1 ? p[1] : Vec2{0.0f, 0.0f};
      float a = fuzz::angle(in, hostile);
      Status s = sat::makeBox(hw, hh, &box, c, a);
      if (s == Status::Ok) {
        FUZZ_CHECK(box.count() == 4, "makeBox: %d vertices", box.count());
        FUZZ_CHECK(std::isfinite(hw) && std::isfinite(hh) && std::isfinite(a) && sat::isValid(c),
                   "makeBox accepted non-finite input");
        Vec2 v[4] = {box.vertex(0), box.vertex(1), box.vertex(2), box.vertex(3)};
        checkPolygon(box, v, 4, "makeBox");
        double want = 4.0 * std::fabs(double(hw)) * std::fabs(double(hh));
        // Round-off of the corners: a few float ulps of the largest coordinate, times the perimeter.
        double mag = std::max(std::fabs(double(c.x)), std::fabs(double(c.y))) + std::fabs(hw) + std::fabs(hh);
        double slack = 1e-3 * want + 8.0 * 1.2e-7 * mag * 4.0 * (std::fabs(hw) + std::fabs(hh));
        FUZZ_CHECK(std::fabs(box.area() - want) <= slack, "makeBox: area %g, want %g", box.area(), want);
      } else {
        FUZZ_CHECK(uint8_t(s) <= uint8_t(Status::InvalidArgument), "makeBox: unknown status %d", int(s));
      }
      break;
    }
    case 4: {
      sat::Circle c;
      float r = n > 1 ? p[1].x : 1.0f;
      Vec2 center = n > 0 ? p[0] : Vec2{0.0f, 0.0f};
      Status s = sat::makeCircle(center, r, &c);
      bool ok = sat::isInRange(center) && std::isfinite(r) && r > 0.0f && r <= sat::kMaxCoordinate;
      FUZZ_CHECK((s == Status::Ok) == ok, "makeCircle((%g, %g), %g) = %s", center.x, center.y, r, sat::statusName(s));
      if (s == Status::Ok) FUZZ_CHECK(c.radius == r && c.center == center, "makeCircle changed its input");
      if (!sat::isValid(center) || !std::isfinite(r)) FUZZ_CHECK(s == Status::NonFinite, "makeCircle: %s", sat::statusName(s));
      break;
    }
    default: {
      sat::Capsule c;
      Vec2 a = n > 0 ? p[0] : Vec2{0.0f, 0.0f}, b = n > 1 ? p[1] : Vec2{1.0f, 0.0f};
      float r = n > 2 ? p[2].x : 0.5f;
      Status s = sat::makeCapsule(a, b, r, &c);
      if (s == Status::Ok) {
        FUZZ_CHECK(sat::isInRange(a) && sat::isInRange(b) && std::isfinite(r) && r > 0.0f,
                   "makeCapsule accepted (%g,%g)-(%g,%g) r=%g", a.x, a.y, b.x, b.y, r);
        FUZZ_CHECK(c.center1 != c.center2, "makeCapsule: coincident centres accepted");
      } else if (!sat::isValid(a) || !sat::isValid(b) || !std::isfinite(r)) {
        FUZZ_CHECK(s == Status::NonFinite, "makeCapsule: non-finite gave %s", sat::statusName(s));
      } else if (a == b && r > 0.0f && sat::isInRange(a) && r <= sat::kMaxCoordinate) {
        FUZZ_CHECK(s == Status::ZeroLength, "makeCapsule: coincident centres gave %s", sat::statusName(s));
      }
      break;
    }
  }
  return 0;
}
