// Continuous collision for bullets: time of impact by conservative advancement (Mirtich 1996; Box2D v2.0's
// b2TimeOfImpact before the root finder). At each step the distance d between the shapes (sat::distance, GJK) and
// a bound on how fast it can shrink (relative speed along the separating normal, plus rotation and scale change
// times the shapes' extents) give a step t += d / bound that cannot pass the first contact.
// The distance is exact for every shape, an ellipse or stretched capsule included (sat::distance takes their
// support functions): the steps end within `target` of the true first contact, never past it. Should the
// iterations run out first (a sweep grazing along a surface), the last time reached is reported as the impact:
// it is short of the contact, so the sweep stops early rather than passes through.
#include <cmath>

#include "world_internal.h"

namespace sat {
namespace detail {

namespace {
constexpr int kMaxToiIterations = 64;

float angleDelta(Rot q0, Rot q1) { return angleOf(invMulRot(q0, q1)); }
}  // namespace

Transform interpolate(const Transform& x0, const Transform& x1, float t) {
  Transform x;
  x.p = lerp(x0.p, x1.p, t);
  x.q = makeRot(angleOf(x0.q) + t * angleDelta(x0.q, x1.q));
  x.scale = lerp(x0.scale, x1.scale, t);
  return x;
}

ToiResult timeOfImpact(const Shape& a, const Transform& a0, const Transform& a1, const Shape& b, const Transform& b0,
                       const Transform& b1, float target) {
  ToiResult r;
  const float sA = std::fmax(std::fmax(std::fabs(a0.scale.x), std::fabs(a0.scale.y)),
                             std::fmax(std::fabs(a1.scale.x), std::fabs(a1.scale.y)));
  const float sB = std::fmax(std::fmax(std::fabs(b0.scale.x), std::fabs(b0.scale.y)),
                             std::fmax(std::fabs(b1.scale.x), std::fabs(b1.scale.y)));
  const float eA = extentFromOrigin(a), eB = extentFromOrigin(b);
  const float rA = eA * sA, rB = eB * sB;
  const float wA = std::fabs(angleDelta(a0.q, a1.q)), wB = std::fabs(angleDelta(b0.q, b1.q));
  // A scale change moves a point at distance e from the origin by up to |delta scale| * e over the sweep.
  const float gA = std::fmax(std::fabs(a1.scale.x - a0.scale.x), std::fabs(a1.scale.y - a0.scale.y)) * eA;
  const float gB = std::fmax(std::fabs(b1.scale.x - b0.scale.x), std::fabs(b1.scale.y - b0.scale.y)) * eB;
  const Vec2 vRel = (b1.p - b0.p) - (a1.p - a0.p);  // B's motion as seen from A
  float t = 0.0f;
  DistanceOutput last;  // the previous step's distance (positive)
  float lastT = 0.0f;
  for (int iter = 0; iter < kMaxToiIterations; ++iter) {
    const Transform xa = iter == 0 ? a0 : interpolate(a0, a1, t);
    const Transform xb = iter == 0 ? b0 : interpolate(b0, b1, t);
    const DistanceOutput d = distance(a, xa, b, xb);
    if (d.distance <= 0.0f && iter == 0) return r;  // already overlapping: the narrow phase reports it
    if (d.distance <= 0.0f) {
      // Stepped into overlap (rounding of the interpolated poses): the last step short of contact is the impact;
      // an overlapping pair has no separating normal to report.
      r.hit = true;
      r.t = lastT;
      r.normal = last.normal;
      r.point = 0.5f * (last.pointA + last.pointB);
      return r;
    }
    last = d;
    lastT = t;
    const float closing = -dot(vRel, d.normal) + wA * rA + wB * rB + gA + gB;
    if (d.distance <= target) {
      // Touching now; a hit only if they are closing (a bullet resting against a wall and leaving is free).
      if (iter == 0 && -dot(vRel, d.normal) <= 0.0f) return r;
      r.hit = true;
      r.t = t;
      r.normal = d.normal;
      r.point = 0.5f * (d.pointA + d.pointB);
      return r;
    }
    if (!(closing > 0.0f)) return r;
    t += (d.distance - 0.5f * target) / closing;
    if (t > 1.0f) return r;
  }
  // Out of iterations, still closing, short of the contact: stop there.
  r.hit = true;
  r.t = lastT;
  r.normal = last.normal;
  r.point = 0.5f * (last.pointA + last.pointB);
  return r;
}

}  // namespace detail

namespace {

// A bullet's sweep ignores what it overlaps at its start: that pair touched at the last update, and its events
// and contact came from there. A bullet added since has no last update: a body it overlaps where it was created is
// its hit at time 0 (it is stopped there, and the pair begins), else moving away from a wall it was spawned in
// would report nothing, and moving through it neither.
detail::ToiResult overlapAtStart(const Shape& bullet, const Transform& x0, const Shape& other, const Transform& xo) {
  detail::ToiResult r;
  const Manifold m = collide(bullet, x0, other, xo);
  if (m.pointCount == 0) return r;
  r.hit = true;
  r.t = 0.0f;
  r.normal = m.normal;
  r.point = m.points[0].point;
  return r;
}

}  // namespace

// In two stages: every bullet's first hit against the world as the broad phase left it (findBulletHit, a bullet
// at a time, so the bullets can be split across threads), then the stops, in order (stopBullets). Bullets are never
// the other body of a sweep, so no bullet's hit depends on another's stop.
void World::Impl::sweepBullets() {
  swept.clear();
  size_t kept = 0;  // the moved bullets (syncTransforms) that are swept, compacted in place
  for (const BulletMove& m : bullets) {
    const detail::BodyHot& h = hot[m.slot];
    constexpr uint8_t need = detail::kAlive | detail::kEnabled | detail::kBullet;
    if ((h.flags & need) != need || h.type == BodyType::Static || (h.flags & detail::kSensor)) continue;
    const Transform x0 = m.from, x1 = xf[m.slot];
    if (x0.p == x1.p && x0.q.c == x1.q.c && x0.q.s == x1.q.s) continue;
    // A scale that changes sign (the body was mirrored) would pass through zero on the way: no sweep, the body
    // is taken at its new pose like a teleport (the "toi-mirror" bug: a degenerate pose read as a zero-normal hit).
    if (!(x0.scale.x * x1.scale.x > 0.0f) || !(x0.scale.y * x1.scale.y > 0.0f)) continue;
    bullets[kept++] = m;
  }
  bullets.resize(kept);
  stats.sweptBodies = int(bullets.size());
  bulletHits.resize(bullets.size());
  const int chunks = chunkCount(bullets.size(), 8);
  if (chunks <= 1) {
    for (size_t i = 0; i < bullets.size(); ++i) findBulletHit(i);
  } else {
    bulletChunks = chunks;
    pool.run(chunks, [](void* context, int k) {
      Impl& w = *static_cast<Impl*>(context);
      const size_t n = w.bullets.size(), chunkCount = size_t(w.bulletChunks);
      for (size_t i = n * size_t(k) / chunkCount, e = n * size_t(k + 1) / chunkCount; i < e; ++i) w.findBulletHit(i);
    }, this);
  }
  stopBullets();
}

// The first body bullets[i] hits on its way from its previous pose to its new one: into bulletHits[i] (t > 1
// for none). Reads the world only.
void World::Impl::findBulletHit(size_t i) {
  const uint32_t slot = bullets[i].slot;
  const detail::BodyHot& h = hot[slot];
  const Transform x0 = bullets[i].from, x1 = xf[slot];
  AABB sweep = hot[slot].box;
  for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
    sweep = unionOf(sweep, computeAABB(detail::ShapeView(*this, k).shape(), x0));
  }
  BulletHit hit;
  auto consider = [&](uint32_t other) {
    if (other == slot || !shouldCollide(slot, other)) return;
    const detail::BodyHot& ho = hot[other];
    if ((ho.flags & (detail::kBullet | detail::kSensor)) || !overlaps(sweep, hot[other].box)) return;
    const Transform xo = xf[other];  // others are taken at their final pose (Box2D's choice too)
    for (uint32_t sa = h.shapeBegin; sa < h.shapeBegin + h.shapeCount; ++sa) {
      for (uint32_t so = ho.shapeBegin; so < ho.shapeBegin + ho.shapeCount; ++so) {
        const float target = 2.0e-4f * (shapeSize(sa, h) + shapeSize(so, ho));
        const detail::ShapeView bulletShape(*this, sa), otherShape(*this, so);
        detail::ToiResult r = detail::timeOfImpact(bulletShape.shape(), x0, x1, otherShape.shape(), xo, xo, target);
        if (!r.hit && (h.flags & detail::kNew)) r = overlapAtStart(bulletShape.shape(), x0, otherShape.shape(), xo);
        if (r.hit && r.t < hit.t) {
          hit.t = r.t;
          hit.other = other;
          hit.result = r;
        }
      }
    }
  };
  staticTree.query(sweep, [&](int p) {
    consider(staticTree.userData(p));
    return true;
  });
  switch (options.broadPhase) {
    case BroadPhaseType::Tree:
      movingTree.query(sweep, [&](int p) {
        consider(movingTree.userData(p));
        return true;
      });
      break;
    case BroadPhaseType::Grid: grid.query(sweep, consider); break;
    case BroadPhaseType::SortAndSweep: sap.query(sweep, consider); break;
  }
  bulletHits[i] = hit;
}

// Stops each bullet that hit something at its time of impact, in order, and pairs it with what it hit.
void World::Impl::stopBullets() {
  bool rebuild = false;
  for (size_t i = 0; i < bullets.size(); ++i) {
    const BulletHit& hit = bulletHits[i];
    if (hit.t > 1.0f) continue;
    const uint32_t slot = bullets[i].slot;
    const Transform x0 = bullets[i].from, x1 = xf[slot];
    const Transform xt = detail::interpolate(x0, x1, hit.t);
    const float angle0 = angleOf(x0.q);
    xf[slot] = xt;
    computeGeometry(slot);
    setBufferFromXf(slot, xt, angle0 + hit.t * angleOf(invMulRot(x0.q, x1.q)));
    sweptOf[slot] = int32_t(swept.size());
    swept.push_back({slot, hit.other, hit.t, hit.result.normal, hit.result.point});
    if (options.broadPhase == BroadPhaseType::Tree) {
      if (!contains(hot[slot].fat, hot[slot].box)) {
        hot[slot].fat = fatten(hot[slot].box);
        movingTree.moveProxy(proxy[slot], hot[slot].fat);
      }
      queryList.push_back(slot);
    } else {
      rebuild = true;
    }
    addPair(slot, hit.other);
  }
  if (rebuild) rebuildMoving();
}

}  // namespace sat
