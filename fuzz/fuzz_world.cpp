// Fuzz target: the World driven by a byte stream of operations, checked against a brute-force model.
//
// The first bytes pick the broad phase (grid / tree / sort-and-sweep) and the mode. Then each operation is one of:
// create a body (circle, capsule, box, hull, or a compound of two; any body type, sensor, filter bits, enabled or
// not), create a concave body, create with bad input (must be refused and change nothing), destroy (a live, stale
// or made-up id), setTransform (valid or not), a raw write into the transform buffer (NaN, 1e30, ...), toggles
// (enabled, filter, sensor), update, and queries (point, box, shape, ray).
//
// The model keeps every body's shapes, filter, flags and transform (the buffer as written, the transform as of the
// last update). After each update():
// - the touching pairs (begin + stay) equal the brute-force set (every pair of live enabled bodies that may collide,
//   sat::overlap on each shape pair), except pairs whose double-precision reference depth is within the touching
//   band, where either answer is right;
// - begin = touching now and not before, stay = both, end = before and not now (destroyed bodies end too);
// - contacts match begin + stay in order, with finite numbers, unit normals and depths no lower than minus the
//   pair's contact tolerance (relative to the shapes' size, collide.h);
// - refused buffer writes are exactly the invalid ones, and those bodies keep their last transform;
// - validate() holds; getTransform() returns what the model committed.
// Queries are checked against brute force over the model (again with the touching band).
// In "chaos" mode push-apart and bullets (CCD) move bodies, so only the invariants that do not need the model's
// transforms are checked (events, contacts, validate, finite transforms).
#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "fuzz_common.h"
#include "fuzz_exact.h"
#include "reference.h"
#include "sat/decompose.h"
#include "sat/world.h"

namespace {

using sat::BodyId;
using sat::Shape;
using sat::Status;
using sat::Transform;
using sat::Vec2;

struct MBody {
  BodyId id = 0;
  std::vector<Shape> shapes;  // in the body frame (offsets baked in)
  sat::BodyType type = sat::BodyType::Dynamic;
  uint32_t group = 1, mask = ~0u;
  bool enabled = true, sensor = false;
  float buffer[5] = {0, 0, 0, 1, 1};  // as written since the last update
  float committed[5] = {0, 0, 0, 1, 1};
  Transform xf;  // as of the last update
  bool fresh = true;  // created or re-enabled since the last update: queries may or may not see it yet
};

using Pair = std::pair<BodyId, BodyId>;

struct Model {
  std::vector<MBody> bodies;
  std::vector<BodyId> dead;  // destroyed ids (stale)
  std::set<Pair> touching;   // as reported by the world at the last update
  bool chaos = false;
  bool kinematicPairs = false;  // WorldOptions::kinematicPairs
};

bool validValues(const float* v) {
  return std::isfinite(v[2]) && sat::checkTransform(sat::makeTransform(v[0], v[1], v[2], v[3], v[4])) == Status::Ok;
}

MBody* find(Model& m, BodyId id) {
  for (MBody& b : m.bodies)
    if (b.id == id) return &b;
  return nullptr;
}

// Live bodies only (a destroyed body has no slot).
Pair ordered(const sat::World& w, BodyId a, BodyId b) {
  return w.slotOf(a) < w.slotOf(b) ? Pair{a, b} : Pair{b, a};
}

bool mayCollide(const Model& m, const MBody& a, const MBody& b) {
  if (!a.enabled || !b.enabled) return false;
  if (a.type == sat::BodyType::Static && b.type == sat::BodyType::Static) return false;
  // two non-dynamic bodies (kinematic-static, kinematic-kinematic) pair only when the world was told to
  if (a.type != sat::BodyType::Dynamic && b.type != sat::BodyType::Dynamic && !m.kinematicPairs) return false;
  return (a.group & b.mask) != 0 && (b.group & a.mask) != 0;
}

/// Brute force: 1 touching, 0 apart, -1 within the touching band (either answer is right).
int bruteTouch(const MBody& a, const MBody& b) {
  bool any = false, unsure = false;
  for (const Shape& sa : a.shapes) {
    const sat::AABB boxA = sat::computeAABB(sa, a.xf);
    for (const Shape& sb : b.shapes) {
      // Boxes clearly apart (by more than any band): apart, without the costly reference.
      const sat::AABB boxB = sat::computeAABB(sb, b.xf);
      const float margin = 1e-3f * (boxA.upper.x - boxA.lower.x + boxA.upper.y - boxA.lower.y + boxB.upper.x -
                                    boxB.lower.x + boxB.upper.y - boxB.lower.y) + 1e-4f;
      const sat::AABB grown{{boxA.lower.x - margin, boxA.lower.y - margin}, {boxA.upper.x + margin, boxA.upper.y + margin}};
      if (!sat::overlaps(grown, boxB)) continue;
      ref::Penetration r = ref::penetration(ref::core(sa, a.xf), ref::core(sb, b.xf));
      double band = 1.0e-4 * (r.sizeA + r.sizeB) + 4.0e-6 * r.magnitude;
      if (fuzz::stretchedRound(sa, a.xf) || fuzz::stretchedRound(sb, b.xf)) r.depth = fuzz::exactDepth(sa, a.xf, sb, b.xf);
      if (r.depth > band) any = true;
      else if (r.depth >= -band) unsure = true;
    }
  }
  return any ? 1 : (unsure ? -1 : 0);
}

// The model at a failed check (fuzz::dumpInput): every body, its flags, transform and shapes in the body frame.
const Model* gModel = nullptr;

void dumpModel() {
  if (gModel == nullptr) return;
  for (const MBody& b : gModel->bodies) {
    std::fprintf(stderr,
                 "body %u type %d enabled %d sensor %d group %x mask %x fresh %d xf p (%.9g, %.9g) q (%.9g, %.9g) "
                 "scale (%.9g, %.9g)\n",
                 b.id, int(b.type), int(b.enabled), int(b.sensor), b.group, b.mask, int(b.fresh), b.xf.p.x, b.xf.p.y,
                 b.xf.q.c, b.xf.q.s, b.xf.scale.x, b.xf.scale.y);
    for (const Shape& s : b.shapes) {
      if (s.type == sat::ShapeType::Circle) {
        std::fprintf(stderr, "  circle (%.9g, %.9g) r %.9g\n", s.circle.center.x, s.circle.center.y, s.circle.radius);
      } else if (s.type == sat::ShapeType::Capsule) {
        std::fprintf(stderr, "  capsule (%.9g, %.9g) (%.9g, %.9g) r %.9g\n", s.capsule.center1.x, s.capsule.center1.y,
                     s.capsule.center2.x, s.capsule.center2.y, s.capsule.radius);
      } else {
        std::fprintf(stderr, "  polygon");
        for (int i = 0; i < s.polygon.count(); ++i)
          std::fprintf(stderr, " (%.9g, %.9g)", s.polygon.vertex(i).x, s.polygon.vertex(i).y);
        std::fprintf(stderr, "\n");
      }
    }
  }
}

float pick(FuzzedDataProvider& in, float spread) { return fuzz::coord(in, spread, false); }

bool randomShape(FuzzedDataProvider& in, Shape* out, float size) { return fuzz::makeShape(in, size, out); }

// An upper bound of the world-space size the narrow phase gives a shape (collide.h: its bounding radius after the
// scale, at most the bounding radius times the larger scale factor): the contact tolerance is kRelativeTolerance
// times the sum of two shapes' sizes.
float shapeSize(const Shape& s, float radiusScale) {
  switch (s.type) {
    case sat::ShapeType::Circle: return s.circle.radius * radiusScale;
    case sat::ShapeType::Capsule:
      return (0.5f * sat::distance(s.capsule.center1, s.capsule.center2) + s.capsule.radius) * radiusScale;
    case sat::ShapeType::Polygon:
      return s.polygon.boundingRadius() * radiusScale;
  }
  return 0.0f;
}

float bodySize(const MBody& b, const Transform& now) {
  // The larger scale of the transforms before and after this update (a bullet's pair may be tested between them).
  const float rs = std::max(std::max(std::fabs(b.xf.scale.x), std::fabs(b.xf.scale.y)),
                            std::max(std::fabs(now.scale.x), std::fabs(now.scale.y)));
  float size = 0.0f;
  for (const Shape& s : b.shapes) size = std::max(size, shapeSize(s, rs));
  return size;
}

/// How far below zero a touching pair's contact depth may be: the contact tolerance of its largest shapes
/// (collide.h), with a little slack for the rounding of the tolerance itself.
float touchingBand(sat::World& w, Model& m, BodyId a, BodyId b) {
  const MBody* ma = find(m, a);
  const MBody* mb = find(m, b);
  Transform ta, tb;
  if (ma == nullptr || mb == nullptr || w.getTransform(a, &ta) != Status::Ok || w.getTransform(b, &tb) != Status::Ok)
    return 0.0f;
  // Plus the round-off of world coordinates, which world.h documents (about 1e-7 of the largest coordinate; a
  // pair 3,600 units out touched 6.5e-5 beyond the tolerance alone: "depth-band" at large coordinates).
  const float sizeA = bodySize(*ma, ta), sizeB = bodySize(*mb, tb);
  const float magnitude = std::max(std::max(std::fabs(ta.p.x), std::fabs(ta.p.y)) + sizeA,
                                   std::max(std::fabs(tb.p.x), std::fabs(tb.p.y)) + sizeB);
  return 1.001f * sat::contactTolerance(sizeA, sizeB) + 1.0e-6f * magnitude + 1.0e-7f;
}

// ---- checks after update --------------------------------------------------------------------------------------

void checkUpdate(sat::World& w, Model& m, const std::vector<BodyId>& destroyedSince,
                 const std::set<BodyId>& expectRejected) {
  FUZZ_CHECK(w.validate(), "World::validate() failed after update");
  FUZZ_CHECK(w.bodyCount() == int(m.bodies.size()), "bodyCount %d, model %d", w.bodyCount(), int(m.bodies.size()));

  std::set<Pair> now;
  for (int i = 0; i < w.beginCount(); ++i) {
    Pair p{w.beginEvents()[i].a, w.beginEvents()[i].b};
    FUZZ_CHECK(w.slotOf(p.first) < w.slotOf(p.second), "begin event with A's slot not the smaller");
    FUZZ_CHECK(now.insert(p).second, "duplicate begin/stay event");
    FUZZ_CHECK(!m.touching.count(p), "begin event for a pair that was already touching");
  }
  for (int i = 0; i < w.stayCount(); ++i) {
    Pair p{w.stayEvents()[i].a, w.stayEvents()[i].b};
    FUZZ_CHECK(now.insert(p).second, "duplicate begin/stay event");
    FUZZ_CHECK(m.touching.count(p), "stay event for a pair that was not touching");
  }
  std::set<Pair> ended;
  for (int i = 0; i < w.endCount(); ++i) {
    Pair p{w.endEvents()[i].a, w.endEvents()[i].b};
    FUZZ_CHECK(ended.insert(p).second, "duplicate end event");
    FUZZ_CHECK(m.touching.count(p) && !now.count(p), "end event for a pair that was not touching or still is");
  }
  for (const Pair& p : m.touching)
    FUZZ_CHECK(now.count(p) || ended.count(p), "pair (%u, %u) stopped touching without an end event", p.first,
               p.second);
  for (const Pair& p : now) {
    FUZZ_CHECK(find(m, p.first) && find(m, p.second), "event names a destroyed body (%u, %u)", p.first, p.second);
  }
  (void)destroyedSince;

  // Contacts: one per touching pair (in pair order), kContactBegan on the begins; finite, unit normal.
  FUZZ_CHECK(w.contactCount() == w.beginCount() + w.stayCount(), "%d contacts for %d begin + %d stay",
             w.contactCount(), w.beginCount(), w.stayCount());
  std::set<Pair> begun;
  for (int i = 0; i < w.beginCount(); ++i) begun.insert({w.beginEvents()[i].a, w.beginEvents()[i].b});
  std::set<Pair> contactPairs;
  for (int i = 0; i < w.contactCount(); ++i) {
    const sat::Contact& c = w.contacts()[i];
    Pair p{c.a, c.b};
    FUZZ_CHECK(now.count(p) && contactPairs.insert(p).second, "contact %d (%u, %u) is no event's pair or repeats", i,
               c.a, c.b);
    FUZZ_CHECK(((c.flags & sat::kContactBegan) != 0) == (begun.count(p) != 0), "contact %d began flag wrong", i);
    // A touching (not overlapping) pair carries a depth down to minus the contact tolerance, which is relative to
    // the shapes' size (collide.h): a separation of 0.14 is "touching" for a body 13,000 units long (a fixed bound
    // of -1e-3 failed on such bodies although the world was right).
    const float band = touchingBand(w, m, c.a, c.b);
    FUZZ_CHECK(fuzz::finite(c.normal) && std::isfinite(c.depth) && c.depth >= -band,
               "contact %d (%u, %u): normal (%g, %g) depth %g (band %g) toi %g flags %d points %d", i, c.a, c.b,
               c.normal.x, c.normal.y, c.depth, band, c.toi, c.flags, c.pointCount);
    FUZZ_CHECK(std::fabs(sat::length(c.normal) - 1.0f) < 1e-3f, "contact %d (%u, %u) normal length %g, toi %g flags %d",
               i, c.a, c.b, sat::length(c.normal), c.toi, c.flags);
    FUZZ_CHECK(c.pointCount <= 2, "contact %d has %d points", i, c.pointCount);
    for (int k = 0; k < c.pointCount; ++k) FUZZ_CHECK(fuzz::finite(c.points[k].point), "contact point not finite");
  }

  // Refused transforms.
  std::set<BodyId> rejected;
  for (int i = 0; i < w.rejectedCount(); ++i) rejected.insert(w.rejected()[i].id);
  if (!m.chaos) FUZZ_CHECK(rejected == expectRejected, "rejected %zu bodies, model %zu", rejected.size(),
                           expectRejected.size());

  for (MBody& b : m.bodies) {
    Transform t;
    FUZZ_CHECK(w.getTransform(b.id, &t) == Status::Ok, "getTransform of a live body failed");
    FUZZ_CHECK(sat::isValid(t), "body %u has an invalid transform after update", b.id);
    if (m.chaos) {
      b.xf = t;  // push-apart and CCD move bodies: follow the world
      continue;
    }
    FUZZ_CHECK(t.p == b.xf.p && t.scale == b.xf.scale, "body %u at (%g, %g), model (%g, %g)", b.id, t.p.x, t.p.y,
               b.xf.p.x, b.xf.p.y);
  }

  // Touching set against brute force (chaos mode too: the world's own transforms are the model's there).
  for (size_t i = 0; i < m.bodies.size(); ++i) {
    for (size_t j = i + 1; j < m.bodies.size(); ++j) {
      const MBody& a = m.bodies[i];
      const MBody& b = m.bodies[j];
      Pair p = ordered(w, a.id, b.id);
      bool world = now.count(p) != 0;
      if (!mayCollide(m, a, b)) {
        FUZZ_CHECK(!world, "pair (%u, %u) reported but filtered out / disabled / static-static", p.first, p.second);
        continue;
      }
      if (m.chaos) continue;  // after push-apart the world's transforms changed after the pair test
      int brute = bruteTouch(a, b);
      if (brute >= 0)
        FUZZ_CHECK(world == (brute == 1), "pair (%u, %u): world says %s, brute force %s", p.first, p.second,
                   world ? "touching" : "apart", brute ? "touching" : "apart");
    }
  }
  m.touching = now;
  for (MBody& b : m.bodies) b.fresh = false;
}

void checkQueries(FuzzedDataProvider& in, sat::World& w, Model& m) {
  if (m.chaos) return;
  sat::QueryFilter filter;
  if (in.ConsumeBool()) {
    filter.group = in.ConsumeIntegral<uint8_t>() & 7u;
    filter.mask = in.ConsumeIntegral<uint8_t>() & 7u;
    filter.includeSensors = in.ConsumeBool();
  }
  auto passes = [&](const MBody& b) {
    if (!b.enabled) return false;
    if (!filter.includeSensors && b.sensor) return false;
    return (b.group & filter.mask) != 0 && (b.mask & filter.group) != 0;
  };
  BodyId out[256];
  const uint8_t q = in.ConsumeIntegral<uint8_t>() % 4;
  if (q == 0) {
    Vec2 p{pick(in, 8.0f), pick(in, 8.0f)};
    int n = w.queryPoint(p, filter, out, 256);
    std::set<BodyId> got(out, out + std::min(n, 256));
    for (const MBody& b : m.bodies) {
      bool in2 = false, unsure = false;
      for (const Shape& s : b.shapes) {
        ref::Core c = ref::core(s, b.xf);
        double d = fuzz::signedDistance(s, b.xf, c, p);
        double tol = 1e-4 * ref::size(c) + 4e-6 * ref::magnitude(c);
        if (d < -tol) in2 = true;
        else if (d <= tol) unsure = true;
      }
      bool world = got.count(b.id) != 0;
      if (!passes(b)) FUZZ_CHECK(!world, "queryPoint returned a filtered body");
      else if (b.fresh) continue;
      else if (in2 || !unsure) FUZZ_CHECK(world == in2, "queryPoint(%g, %g): body %u world %d brute %d", p.x, p.y, b.id,
                                          int(world), int(in2));
    }
  } else if (q == 1) {
    Vec2 c{pick(in, 8.0f), pick(in, 8.0f)};
    Vec2 h{std::fabs(pick(in, 4.0f)), std::fabs(pick(in, 4.0f))};
    sat::AABB box{c - h, c + h};
    int n = w.queryAABB(box, filter, out, 256);
    std::set<BodyId> got(out, out + std::min(n, 256));
    for (const MBody& b : m.bodies) {
      sat::AABB bb;
      FUZZ_CHECK(w.bounds(b.id, &bb), "bounds of a live body failed");
      for (const Shape& s : b.shapes) {
        sat::AABB sb = sat::computeAABB(s, b.xf);
        // Round-off: the world transforms cached vertices, computeAABB the local ones.
        float tol = 1e-5f * (std::fabs(sb.upper.x - sb.lower.x) + std::fabs(sb.upper.y - sb.lower.y) +
                             std::fabs(sb.upper.x) + std::fabs(sb.upper.y) + std::fabs(sb.lower.x) + std::fabs(sb.lower.y));
        sat::AABB loose{{bb.lower.x - tol, bb.lower.y - tol}, {bb.upper.x + tol, bb.upper.y + tol}};
        FUZZ_CHECK(sat::contains(loose, sb) || !sat::isValid(sb),
                   "body bounds [%g %g, %g %g] do not contain a shape's box [%g %g, %g %g]", bb.lower.x, bb.lower.y,
                   bb.upper.x, bb.upper.y, sb.lower.x, sb.lower.y, sb.upper.x, sb.upper.y);
      }
      bool brute = passes(b) && sat::overlaps(bb, box);
      if (b.fresh && !(got.count(b.id) != 0 && !passes(b))) continue;
      FUZZ_CHECK((got.count(b.id) != 0) == brute, "queryAABB: body %u world %d brute %d", b.id,
                 int(got.count(b.id) != 0), int(brute));
    }
  } else if (q == 2) {
    Shape s;
    if (!randomShape(in, &s, 1.0f)) return;
    Transform xf = fuzz::makeXf(in, {0.0f, 0.0f}, 8.0f);
    int n = w.queryShape(s, xf, filter, out, 256);
    std::set<BodyId> got(out, out + std::min(n, 256));
    for (const MBody& b : m.bodies) {
      MBody probe;
      probe.shapes.push_back(s);
      probe.xf = xf;
      int brute = bruteTouch(probe, b);
      bool world = got.count(b.id) != 0;
      if (!passes(b)) FUZZ_CHECK(!world, "queryShape returned a filtered body");
      else if (b.fresh) continue;
      else if (brute >= 0) FUZZ_CHECK(world == (brute == 1), "queryShape: body %u world %d brute %d", b.id, int(world),
                                      brute);
    }
  } else {
    sat::RayCastInput ray;
    ray.origin = {pick(in, 10.0f), pick(in, 10.0f)};
    ray.translation = {pick(in, 20.0f), pick(in, 20.0f)};
    sat::RayHit hit;
    bool any = w.raycastClosest(ray, filter, &hit);
    float best = 2.0f;
    BodyId bestBody = 0;
    for (const MBody& b : m.bodies) {
      if (!passes(b)) continue;
      if (b.fresh) return;  // a body not yet seen by an update may or may not be hit
      for (const Shape& s : b.shapes) {
        // the world's rule for a ray that starts inside a body: a hit at fraction 0 (sat::raycast reports none)
        ref::Core core = ref::core(s, b.xf);
        double d = fuzz::signedDistance(s, b.xf, core, ray.origin);
        double tol = 1e-4 * ref::size(core) + 4e-6 * ref::magnitude(core);
        if (std::fabs(d) <= tol) return;  // the start on the boundary: either answer is right
        if (d < 0.0) {
          if (0.0f < best) best = 0.0f, bestBody = b.id;
          continue;
        }
        sat::CastOutput c = sat::raycast(s, b.xf, ray);
        if (c.hit && c.fraction < best) best = c.fraction, bestBody = b.id;
      }
    }
    FUZZ_CHECK(any == (best <= 1.0f), "raycastClosest (%.9g, %.9g) + (%.9g, %.9g): hit=%d, brute force %g (body %u)",
               ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y, int(any), best, bestBody);
    if (any) {
      FUZZ_CHECK(hit.fraction == best,
                 "raycastClosest (%.9g, %.9g) + (%.9g, %.9g): fraction %g (body %u), brute force %g (body %u)",
                 ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y, hit.fraction, hit.body, best,
                 bestBody);
      FUZZ_CHECK(fuzz::finite(hit.point) && fuzz::finite(hit.normal), "ray hit not finite");
      MBody* b = find(m, hit.body);
      FUZZ_CHECK(b != nullptr && passes(*b), "ray hit a dead or filtered body");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const uint8_t head = in.ConsumeIntegral<uint8_t>();
  sat::WorldOptions opts;
  opts.broadPhase = sat::BroadPhaseType(head % 3);
  if (head & 0x10) opts.gridCellSize = 0.5f + float(head >> 5);
  opts.kinematicPairs = (head & 0x04) != 0;
  Model m;
  m.chaos = (head & 0x08) != 0;
  m.kinematicPairs = opts.kinematicPairs;
  gModel = &m;
  fuzz::dumpInput = dumpModel;
  sat::World w(opts);
  if (m.chaos) {
    sat::PushApartOptions pa;
    pa.enabled = true;
    pa.iterations = 1 + (head >> 6);
    w.setPushApart(pa);
  }
  std::vector<BodyId> destroyedSince;
  static const bool trace = std::getenv("FUZZ_TRACE") != nullptr;
  if (trace) std::fprintf(stderr, "broad phase %d, chaos %d\n", int(opts.broadPhase), int(m.chaos));
  int ops = 0;
  while (in.remaining_bytes() > 0 && ops++ < 64) {
    const uint8_t op = in.ConsumeIntegral<uint8_t>() % 12;
    if (trace) std::fprintf(stderr, "op %d (%zu bodies)\n", op, m.bodies.size());
    switch (op) {
      case 0:
      case 1: {  // create a body of one or two shapes
        if (m.bodies.size() >= 32) break;
        sat::BodyDef def;
        def.type = sat::BodyType(in.ConsumeIntegral<uint8_t>() % 3);
        def.x = pick(in, 8.0f), def.y = pick(in, 8.0f), def.angle = fuzz::angle(in, false);
        if (in.ConsumeIntegral<uint8_t>() > 200) def.scaleX = 0.5f + in.ConsumeProbability<float>(), def.scaleY = -1.5f;
        uint8_t flags = in.ConsumeIntegral<uint8_t>();
        def.sensor = (flags & 1) != 0;
        def.enabled = (flags & 6) != 6;
        def.bullet = m.chaos && (flags & 8) != 0;
        def.group = 1u << (flags >> 4 & 3);
        def.mask = (flags & 0x40) ? 0x5u : 0xFFFFFFFFu;
        sat::ShapeDef defs[2];
        int count = op == 1 ? 2 : 1;
        MBody b;
        bool ok = true;
        for (int k = 0; k < count && ok; ++k) {
          ok = randomShape(in, &defs[k].shape, 0.3f + 2.0f * in.ConsumeProbability<float>());
          if (k == 1) {
            // The second shape is put in the body frame by the maker (its offset baked in by hand), so the model
            // and the world hold the same geometry.
            defs[k].offset = {0.0f, 0.0f};
          }
          b.shapes.push_back(defs[k].shape);
        }
        if (!ok) break;
        BodyId id;
        Status s = w.createBody(def, defs, count, &id);
        FUZZ_CHECK(s == Status::Ok, "createBody of valid shapes failed: %s", sat::worldStatusName(s));
        b.id = id;
        b.type = def.type;
        b.group = def.group;
        b.mask = def.mask;
        b.enabled = def.enabled;
        b.sensor = def.sensor;
        float v[5] = {def.x, def.y, def.angle, def.scaleX, def.scaleY};
        std::copy(v, v + 5, b.buffer);
        std::copy(v, v + 5, b.committed);
        b.xf = sat::makeTransform(v[0], v[1], v[2], v[3], v[4]);
        m.bodies.push_back(b);
        if (trace) std::fprintf(stderr, "  createBody %u type %d at (%g, %g, %g, %g, %g) %d shapes%s%s%s\n", id,
                                int(def.type), v[0], v[1], v[2], v[3], v[4], count, def.sensor ? " sensor" : "",
                                def.enabled ? "" : " disabled", def.bullet ? " bullet" : "");
        break;
      }
      case 2: {  // concave body
        if (m.bodies.size() >= 32) break;
        int n = in.ConsumeIntegralInRange<int>(0, 10);
        std::vector<Vec2> pts(size_t(n) + 1);
        for (int i = 0; i < n; ++i) pts[size_t(i)] = {pick(in, 2.0f), pick(in, 2.0f)};
        sat::BodyDef def;
        def.x = pick(in, 8.0f), def.y = pick(in, 8.0f);
        BodyId id;
        int before = w.bodyCount();
        Status s = w.createConcaveBody(def, pts.data(), n, &id);
        std::vector<sat::Polygon> parts;
        Status expect = sat::decompose(pts.data(), n, &parts);
        FUZZ_CHECK(s == expect, "createConcaveBody %s, decompose %s", sat::worldStatusName(s), sat::statusName(expect));
        if (s != Status::Ok) {
          FUZZ_CHECK(id == sat::kNullBody && w.bodyCount() == before, "refused concave body changed the world");
          break;
        }
        FUZZ_CHECK(w.shapeCount(id) == int(parts.size()), "concave body has %d shapes, decompose %d", w.shapeCount(id),
                   int(parts.size()));
        MBody b;
        b.id = id;
        for (sat::Polygon& p : parts) b.shapes.push_back(Shape(static_cast<sat::Polygon&&>(p)));
        float v[5] = {def.x, def.y, 0.0f, 1.0f, 1.0f};
        std::copy(v, v + 5, b.buffer);
        std::copy(v, v + 5, b.committed);
        b.xf = sat::makeTransform(v[0], v[1], 0.0f);
        m.bodies.push_back(b);
        if (trace)
          std::fprintf(stderr, "  createConcaveBody %u at (%g, %g), %zu parts\n", id, v[0], v[1], parts.size());
        break;
      }
      case 3: {  // bad input: refused, nothing changes
        int before = w.bodyCount();
        sat::BodyDef def;
        sat::ShapeDef sd;
        sat::makeBox(1.0f, 1.0f, &sd.shape.polygon);
        sd.shape.type = sat::ShapeType::Polygon;
        BodyId id = 12345;
        Status s;
        switch (in.ConsumeIntegral<uint8_t>() % 6) {
          case 0: def.x = fuzz::rawFloat(in); if (std::isfinite(def.x) && std::fabs(def.x) <= 1e6f) def.x = NAN; break;
          case 1: def.scaleY = 0.0f; break;
          case 2: def.mass = -1.0f; break;
          case 3: sd.offset = {NAN, 0.0f}; break;
          case 4: sd.shape = Shape(); sd.shape.type = sat::ShapeType::Polygon; break;  // never made by a maker
          default: sd.shape = Shape(sat::Circle{{0.0f, 0.0f}, -1.0f}); break;        // hand-filled bad radius
        }
        s = w.createBody(def, &sd, 1, &id);
        FUZZ_CHECK(s != Status::Ok, "bad body definition accepted");
        FUZZ_CHECK(id == sat::kNullBody && w.bodyCount() == before, "refused body changed the world");
        FUZZ_CHECK(w.createBody(def, nullptr, 1, &id) == Status::InvalidArgument, "null shapes accepted");
        FUZZ_CHECK(w.createBody(def, &sd, 0, &id) == Status::InvalidArgument, "zero shapes accepted");
        break;
      }
      case 4: {  // destroy: a live id, a stale id, or a made-up one
        uint8_t k = in.ConsumeIntegral<uint8_t>();
        if (!m.bodies.empty() && k < 170) {
          size_t i = k % m.bodies.size();
          BodyId id = m.bodies[i].id;
          FUZZ_CHECK(w.destroyBody(id) == Status::Ok, "destroyBody of a live body failed");
          FUZZ_CHECK(w.check(id) == sat::kStatusRemovedBody, "destroyed id not reported stale");
          m.dead.push_back(id);
          destroyedSince.push_back(id);
          m.bodies.erase(m.bodies.begin() + long(i));
          if (trace) std::fprintf(stderr, "  destroyBody(%u)\n", id);
        } else if (!m.dead.empty() && k < 220) {
          BodyId id = m.dead[k % m.dead.size()];
          Status s = w.destroyBody(id);
          FUZZ_CHECK(s == sat::kStatusRemovedBody || s == sat::kStatusUnknownBody, "stale destroy gave %s",
                     sat::worldStatusName(s));
          FUZZ_CHECK(w.setTransform(id, 0, 0, 0) != Status::Ok, "setTransform on a stale id accepted");
        } else {
          BodyId id = in.ConsumeIntegral<uint32_t>();
          if (find(m, id)) break;
          FUZZ_CHECK(w.destroyBody(id) != Status::Ok, "destroyBody of a made-up id %u accepted", id);
        }
        break;
      }
      case 5: {  // setTransform
        if (m.bodies.empty()) break;
        MBody& b = m.bodies[in.ConsumeIntegral<uint8_t>() % m.bodies.size()];
        float v[5] = {pick(in, 8.0f), pick(in, 8.0f), fuzz::angle(in, true), 1.0f, 1.0f};
        uint8_t s = in.ConsumeIntegral<uint8_t>();
        if (s > 200) v[3] = fuzz::coord(in, 2.0f, true), v[4] = fuzz::coord(in, 2.0f, true);
        if (s == 255) v[0] = fuzz::rawFloat(in);
        Status st = w.setTransform(b.id, v[0], v[1], v[2], v[3], v[4]);
        FUZZ_CHECK((st == Status::Ok) == validValues(v), "setTransform gave %s for (%g, %g, %g, %g, %g)",
                   sat::worldStatusName(st), v[0], v[1], v[2], v[3], v[4]);
        if (st == Status::Ok) std::copy(v, v + 5, b.buffer);
        if (trace) std::fprintf(stderr, "  setTransform(%u, %g, %g, %g, %g, %g) = %s\n", b.id, v[0], v[1], v[2], v[3],
                                v[4], sat::worldStatusName(st));
        break;
      }
      case 6: {  // raw buffer write
        if (m.bodies.empty()) break;
        MBody& b = m.bodies[in.ConsumeIntegral<uint8_t>() % m.bodies.size()];
        float* buf = w.transformBuffer() + size_t(w.slotOf(b.id)) * sat::kTransformStride;
        int field = in.ConsumeIntegralInRange<int>(0, 4);
        float v = fuzz::coord(in, field >= 3 ? 2.0f : 8.0f, true);
        buf[field] = v;
        b.buffer[field] = v;
        if (trace) std::fprintf(stderr, "  buffer[%u][%d] = %g\n", b.id, field, v);
        break;
      }
      case 7: {  // toggles
        if (m.bodies.empty()) break;
        MBody& b = m.bodies[in.ConsumeIntegral<uint8_t>() % m.bodies.size()];
        uint8_t t = in.ConsumeIntegral<uint8_t>();
        if (t % 3 == 0) {
          b.enabled = !b.enabled;
          b.fresh = true;
          FUZZ_CHECK(w.setEnabled(b.id, b.enabled) == Status::Ok, "setEnabled failed");
        } else if (t % 3 == 1) {
          b.group = 1u << (t >> 4 & 3);
          b.mask = (t & 0x40) ? 0x5u : 0xFFFFFFFFu;
          FUZZ_CHECK(w.setFilter(b.id, b.group, b.mask) == Status::Ok, "setFilter failed");
        } else {
          b.sensor = !b.sensor;
          FUZZ_CHECK(w.setSensor(b.id, b.sensor) == Status::Ok, "setSensor failed");
        }
        FUZZ_CHECK(w.setMass(b.id, NAN) != Status::Ok, "setMass(NaN) accepted");
        if (trace)
          std::fprintf(stderr, "  body %u: enabled %d group %x mask %x sensor %d\n", b.id, int(b.enabled), b.group,
                       b.mask, int(b.sensor));
        break;
      }
      case 8:
      case 9: {  // update
        std::set<BodyId> expectRejected;
        for (MBody& b : m.bodies) {
          if (std::equal(b.buffer, b.buffer + 5, b.committed)) continue;
          if (validValues(b.buffer)) {
            std::copy(b.buffer, b.buffer + 5, b.committed);
            b.xf = sat::makeTransform(b.buffer[0], b.buffer[1], b.buffer[2], b.buffer[3], b.buffer[4]);
          } else {
            expectRejected.insert(b.id);
            std::copy(b.committed, b.committed + 5, b.buffer);
          }
        }
        Status s = w.update();
        if (!m.chaos && (s == Status::Ok) != expectRejected.empty()) {
          std::fprintf(stderr, "status %s, model expects %zu rejected\n", sat::worldStatusName(s), expectRejected.size());
          for (int i = 0; i < w.rejectedCount(); ++i) std::fprintf(stderr, "world rejected %u\n", w.rejected()[i].id);
          for (MBody& b : m.bodies)
            std::fprintf(stderr, "body %u committed %g %g %g %g %g\n", b.id, b.committed[0], b.committed[1],
                         b.committed[2], b.committed[3], b.committed[4]);
        }
        FUZZ_CHECK(m.chaos || (s == Status::Ok) == expectRejected.empty(), "update returned %s",
                   sat::worldStatusName(s));
        checkUpdate(w, m, destroyedSince, expectRejected);
        destroyedSince.clear();
        if (m.chaos) {
          // The world moved bodies: take its buffer as the model's.
          for (MBody& b : m.bodies) {
            const float* buf = w.transformBuffer() + size_t(w.slotOf(b.id)) * sat::kTransformStride;
            std::copy(buf, buf + 5, b.buffer);
            std::copy(buf, buf + 5, b.committed);
          }
        }
        break;
      }
      default:
        checkQueries(in, w, m);
        break;
    }
  }
  gModel = nullptr;
  return 0;
}
