// Fuzz target: the 3D makers and narrow phase (makeHull, makeBox, collide / overlap / distance / raycast).
//
// Properties checked on every input:
// - makeHull's refusal is a named status; non-finite input is always NonFinite, magnitudes beyond 1e6 always
//   OutOfRange (or NonFinite first);
// - an accepted hull passes the independent mesh check (tests/cpp/3d/hull_checks3.h: closed, V - E + F = 2, planar
//   convex faces) and contains every input point within the tolerance;
// - hull - hull collide(): at most 4 points, unit normal, finite depth; against the double-precision SAT reference
//   (tests/cpp/3d/reference3.h) the depth agrees within 2e-4 of the size and overlapping pairs are not missed;
//   collide(B, A) gives the same depth; overlap() agrees with collide() away from touching;
// - spheres, capsules, distance and ray casts give finite results and never crash (invalid transforms: nothing).
#include <algorithm>
#include <vector>

#include "3d/hull_checks3.h"
#include "3d/reference3.h"
#include "fuzz_common.h"
#include "sat/sat3d.h"

namespace {

using sat::Status;
using sat::Vec3;

Vec3 point3(FuzzedDataProvider& in, float scale, bool hostile) {
  return {fuzz::coord(in, scale, hostile), fuzz::coord(in, scale, hostile), fuzz::coord(in, scale, hostile)};
}

sat::Transform3 transform3(FuzzedDataProvider& in, bool hostile) {
  sat::Transform3 xf;
  xf.p = point3(in, 4.0f, hostile);
  const uint8_t far = in.ConsumeIntegral<uint8_t>();
  if (far > 230) xf.p = xf.p + Vec3{1.0e4f, -1.0e4f, 5.0e3f};
  sat::Quat q{fuzz::coord(in, 1.0f, hostile), fuzz::coord(in, 1.0f, hostile), fuzz::coord(in, 1.0f, hostile),
              fuzz::coord(in, 1.0f, hostile)};
  xf.q = in.ConsumeBool() ? sat::normalize(q) : q;  // sometimes unnormalized: must be refused, never trusted
  const uint8_t sc = in.ConsumeIntegral<uint8_t>();
  if (sc > 200) xf.scale = {fuzz::logSize(in, -1, 1), fuzz::logSize(in, -1, 1), fuzz::logSize(in, -1, 1)};
  if (sc > 250) xf.scale.y = -xf.scale.y;
  return xf;
}

bool inputOk(const std::vector<Vec3>& pts, Status* expect) {
  for (Vec3 p : pts) {
    if (!sat::isValid(p)) return *expect = Status::NonFinite, false;
  }
  for (Vec3 p : pts) {
    if (!sat::isInRange(p)) return *expect = Status::OutOfRange, false;
  }
  return true;
}

std::vector<Vec3> gPoints;  ///< the cloud being made (printed when a maker check fails)
const sat::Hull3* gA = nullptr;
const sat::Hull3* gB = nullptr;

// A hull from fuzzed points, checked; false when refused.
bool fuzzHull(FuzzedDataProvider& in, bool hostile, sat::Hull3* out) {
  const int n = in.ConsumeIntegralInRange<int>(0, 24);
  const float scale = fuzz::logSize(in, -2, 2);
  std::vector<Vec3> pts;
  for (int i = 0; i < n; ++i) pts.push_back(point3(in, scale, hostile));
  gPoints = pts;
  gA = gB = nullptr;
  const Status s = sat::makeHull(pts.data(), n, out);
  Status expect = Status::Ok;
  if (!inputOk(pts, &expect)) {
    FUZZ_CHECK(s == expect, "bad input gave %s, expected %s", sat::statusName(s), sat::statusName(expect));
    return false;
  }
  FUZZ_CHECK(int(s) <= int(sat::kLastStatus), "unnamed status %d", int(s));
  if (s != Status::Ok) return false;
  const double size = testing_sat3::cloudSize(pts), tol = 4.0 * double(sat::kHullRelativeTolerance) * size;
  const std::string problem = testing_sat3::checkHull(*out, tol);
  FUZZ_CHECK(problem.empty(), "accepted hull is invalid: %s", problem.c_str());
  // The documented containment bound (docs/3d-api.md): 8 x the weld tolerance. A point is dropped within one
  // tolerance of a triangle; merging then moves a face by up to two more on either side, and refitting the merged
  // face's plane can tilt it slightly further (4.01 x was seen here; the unit tests' clouds stay within 4 x).
  const double containTol = 2.0 * tol;
  for (Vec3 p : pts) {
    FUZZ_CHECK(testing_sat3::outsideDistance(*out, p) <= containTol, "input point outside the hull by %g (bound %g)",
               testing_sat3::outsideDistance(*out, p), containTol);
  }
  return true;
}

void checkManifold(const sat::Manifold3& m) {
  FUZZ_CHECK(m.pointCount >= 0 && m.pointCount <= 4, "pointCount %d", m.pointCount);
  if (m.pointCount == 0) return;
  FUZZ_CHECK(std::isfinite(m.depth), "depth %g", m.depth);
  FUZZ_CHECK(std::fabs(sat::length(m.normal) - 1.0f) < 1e-4f, "normal length %g", sat::length(m.normal));
  for (int i = 0; i < m.pointCount; ++i) FUZZ_CHECK(sat::isValid(m.points[i].point), "non-finite point");
}

// The decoded input of the current run, printed when a check fails.
sat::Transform3 gXa, gXb;
void printHull(const char* name, const sat::Hull3* h) {
  if (!h) return;
  std::fprintf(stderr, "  %s: %d vertices:", name, h->vertexCount());
  for (int i = 0; i < h->vertexCount(); ++i) std::fprintf(stderr, " (%.9g, %.9g, %.9g)", h->vertex(i).x, h->vertex(i).y, h->vertex(i).z);
  std::fprintf(stderr, "\n");
}
void printXf(const char* name, const sat::Transform3& x) {
  std::fprintf(stderr, "  %s: p (%.9g, %.9g, %.9g) q (%.9g, %.9g, %.9g, %.9g) s (%.9g, %.9g, %.9g)\n", name, x.p.x, x.p.y,
               x.p.z, x.q.x, x.q.y, x.q.z, x.q.w, x.scale.x, x.scale.y, x.scale.z);
}
void dump() {
  std::fprintf(stderr, "  last cloud, %d points:", int(gPoints.size()));
  for (Vec3 p : gPoints) std::fprintf(stderr, " (%.9g, %.9g, %.9g)", p.x, p.y, p.z);
  std::fprintf(stderr, "\n");
  printHull("A", gA);
  printHull("B", gB);
  printXf("xfA", gXa);
  printXf("xfB", gXb);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  fuzz::dumpInput = dump;
  const bool hostile = in.ConsumeIntegral<uint8_t>() > 200;
  sat::Hull3 a, b;
  const bool okA = fuzzHull(in, hostile, &a);
  const bool okB = in.ConsumeBool() ? sat::makeBoxHull(point3(in, 2.0f, false), &b) == Status::Ok
                                    : fuzzHull(in, hostile, &b);
  const sat::Transform3 xa = transform3(in, hostile), xb = transform3(in, hostile);
  const bool valid = sat::isValid(xa) && sat::isValid(xb);
  gA = okA ? &a : nullptr, gB = okB ? &b : nullptr, gXa = xa, gXb = xb;
  fuzz::dumpInput = dump;
  if (okA && okB) {
    const sat::Manifold3 m = sat::collide(a, xa, b, xb);
    checkManifold(m);
    if (!valid) FUZZ_CHECK(m.pointCount == 0, "invalid transform gave contacts");
    const bool ov = sat::overlap(a, xa, b, xb);
    if (valid) {
      const ref3::Placed pa = ref3::place(a, xa), pb = ref3::place(b, xb);
      const double sizeAB = std::max(pa.radius, pb.radius);
      const ref3::SatRef r = ref3::sat(pa, pb);
      const double band = 2e-4 * sizeAB;
      if (r.depth > band) FUZZ_CHECK(m.pointCount > 0, "overlap by %g missed", r.depth);
      if (r.depth < -band) FUZZ_CHECK(m.pointCount == 0, "apart by %g but contacts reported", -r.depth);
      if (m.pointCount > 0) FUZZ_CHECK(std::fabs(m.depth - r.depth) <= band, "depth %g vs reference %g", m.depth, r.depth);
      if (std::fabs(r.depth) > band) FUZZ_CHECK(ov == (m.pointCount > 0), "overlap() disagrees with collide()");
      const sat::Manifold3 f = sat::collide(b, xb, a, xa);
      checkManifold(f);
      if (std::fabs(r.depth) > band) FUZZ_CHECK(f.pointCount > 0 == (m.pointCount > 0), "swap changed the answer");
      if (f.pointCount && m.pointCount) FUZZ_CHECK(std::fabs(f.depth - m.depth) <= band, "swap depth %g vs %g", f.depth, m.depth);
    }
    sat::SatDebug3 d = sat::collideDebug(a, xa, b, xb);
    checkManifold(d.manifold);
  }
  // Rounded shapes and queries against whatever hull came out (or a box).
  sat::Box3 box;
  if (sat::makeBox(point3(in, 2.0f, hostile), &box) != Status::Ok) box.halfExtents = {1, 1, 1};
  sat::Sphere sphere;
  sat::Capsule3 capsule;
  const float r = fuzz::logSize(in, -2, 1);
  const bool okS = sat::makeSphere(point3(in, 1.0f, hostile), r, &sphere) == Status::Ok;
  const bool okC = sat::makeCapsule(point3(in, 1.0f, hostile), point3(in, 1.0f, hostile), r, &capsule) == Status::Ok;
  const sat::Shape3 shapes[4] = {okA ? sat::Shape3(a) : sat::Shape3(box), sat::Shape3(box),
                                 okS ? sat::Shape3(sphere) : sat::Shape3(box),
                                 okC ? sat::Shape3(capsule) : sat::Shape3(box)};
  const int i = in.ConsumeIntegralInRange<int>(0, 3), j = in.ConsumeIntegralInRange<int>(0, 3);
  const sat::Manifold3 m = sat::collide(shapes[i], xa, shapes[j], xb);
  checkManifold(m);
  if (!valid) FUZZ_CHECK(m.pointCount == 0, "invalid transform gave contacts");
  const sat::DistanceOutput3 dist = sat::distance(shapes[i], xa, shapes[j], xb);
  FUZZ_CHECK(std::isfinite(dist.distance) && dist.distance >= 0.0f, "distance %g", dist.distance);
  sat::RayCastInput3 ray{point3(in, 8.0f, hostile), point3(in, 8.0f, hostile), 1.0f};
  const sat::CastOutput3 hit = sat::raycast(shapes[i], xa, ray);
  if (hit.hit) {
    FUZZ_CHECK(hit.fraction >= 0.0f && hit.fraction <= 1.0f, "fraction %g", hit.fraction);
    FUZZ_CHECK(sat::isValid(hit.point) && sat::isValid(hit.normal), "non-finite hit");
  }
  return 0;
}
