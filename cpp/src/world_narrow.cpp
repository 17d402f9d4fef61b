// The world's narrow phase: SAT on world-space data cached per body, and the body-level resolution vector of
// compound (concave) bodies.
//
// Compound bodies: the parts' own MTVs do not add up to a translation that separates the bodies (pushing out of
// one part can push into another). For each part pair's normal n we find the smallest shift d of B along n after
// which no part pair overlaps: re-test every part pair at the current d, and jump d past every pair still
// overlapping (to where n separates that pair's projections). A pair separated by n stays separated for larger d,
// so each jump retires at least one pair and the loop ends; the candidate with the smallest d wins. The result
// has been re-tested: applied, it leaves the bodies apart.
#include <cfloat>
#include <cmath>
#include <utility>

#include "world_internal.h"

namespace sat {

namespace {
constexpr int kMaxCandidates = 32;
}  // namespace

Manifold World::Impl::collideShapes(uint32_t sa, uint32_t sb, uint32_t bodyA, uint32_t bodyB,
                                    SatCache* cache) const {
  const detail::ShapeHot& ha = shapeHot[sa];
  const detail::ShapeHot& hb = shapeHot[sb];
  if (ha.count > 0 && hb.count > 0) {
    detail::CoreView va, vb;
    va.v = &verts[ha.vert];
    va.n = &verts[ha.vert + ha.count];
    va.count = ha.count;
    va.reversed = ha.reversed != 0;
    vb.v = &verts[hb.vert];
    vb.n = &verts[hb.vert + hb.count];
    vb.count = hb.count;
    vb.reversed = hb.reversed != 0;
    return detail::collideCores(va, vb, contactTolerance(shapeSize(sa, hot[bodyA]), shapeSize(sb, hot[bodyB])),
                                cache);
  }
  return collide(detail::ShapeView(*this, sa).shape(), xf[bodyA], detail::ShapeView(*this, sb).shape(), xf[bodyB],
                 cache);
}

void World::Impl::project(uint32_t shape, uint32_t body, Vec2 n, float* lo, float* hi) const {
  const detail::ShapeHot& h = shapeHot[shape];
  if (h.count > 0) {
    const Vec2* v = &verts[h.vert];
    float mn = dot(n, v[0]), mx = mn;
    for (int i = 1; i < h.count; ++i) {
      float d = dot(n, v[i]);
      mn = d < mn ? d : mn;
      mx = d > mx ? d : mx;
    }
    *lo = mn;
    *hi = mx;
    return;
  }
  const Shape& s = smallShapes[h.local];
  const Transform& t = xf[body];
  // A rounded shape's reach along n: radius * |M^T n| for M = R diag(scale) (an ellipse under non-uniform scale;
  // radius * |scale| when the scale is uniform).
  float rs;
  if (std::fabs(t.scale.x) == std::fabs(t.scale.y)) {
    rs = std::fabs(t.scale.x);
  } else {
    const Vec2 local = invRotate(t.q, n);
    rs = length(Vec2{t.scale.x * local.x, t.scale.y * local.y});
  }
  if (s.type == ShapeType::Circle) {
    float c = dot(n, transformPoint(t, s.circle.center)), r = s.circle.radius * rs;
    *lo = c - r;
    *hi = c + r;
  } else {
    // A capsule, or a segment (radius 0).
    const bool capsule = s.type == ShapeType::Capsule;
    const Segment g = s.type == ShapeType::Segment ? s.segment : s.chain.segment;
    float c1 = dot(n, transformPoint(t, capsule ? s.capsule.center1 : g.point1));
    float c2 = dot(n, transformPoint(t, capsule ? s.capsule.center2 : g.point2));
    float r = capsule ? s.capsule.radius * rs : 0.0f;
    *lo = (c1 < c2 ? c1 : c2) - r;
    *hi = (c1 > c2 ? c1 : c2) + r;
  }
}

// Two single-shape bodies: their one manifold is the contact.
__attribute__((always_inline)) inline bool World::Impl::collideSingle(uint32_t a, uint32_t b, SatCache* cache, Contact* out) const {
  const detail::BodyHot& ha = hot[a];
  const detail::BodyHot& hb = hot[b];
  Manifold m;
  if (ha.count0 > 0 && hb.count0 > 0) {
    // Two single-polygon bodies: straight from the body records to the SAT core.
    detail::CoreView va, vb;
    va.v = &verts[ha.vert0];
    va.n = va.v + ha.count0;
    va.count = ha.count0;
    va.reversed = ha.reversed0 != 0;
    vb.v = &verts[hb.vert0];
    vb.n = vb.v + hb.count0;
    vb.count = hb.count0;
    vb.reversed = hb.reversed0 != 0;
    m = detail::collideCores(va, vb, contactTolerance(ha.size0, hb.size0), cache);
  } else {
    m = collideShapes(ha.shapeBegin, hb.shapeBegin, a, b, cache);
  }
  if (m.pointCount == 0) return false;
  out->normal = m.normal;
  out->depth = m.depth;
  out->pointCount = uint8_t(m.pointCount);
  out->points[0] = m.points[0];
  out->points[1] = m.points[1];
  return true;
}

bool World::Impl::collideBodies(uint32_t a, uint32_t b, SatCache* cache, Contact* out,
                                std::vector<ShapeContact>* shapeOut) const {
  const detail::BodyHot& ha = hot[a];
  const detail::BodyHot& hb = hot[b];
  out->shapeContactCount = 0;
  out->firstShapeContact = 0;
  if (ha.shapeCount == 1 && hb.shapeCount == 1) return collideSingle(a, b, cache, out);
  // Compound: every overlapping part pair, the deepest giving the points; the body-level normal and depth from
  // resolveCompound.
  Vec2 directions[kMaxCandidates];
  int directionCount = 0;
  int touching = 0;
  float deepest = -FLT_MAX;
  const bool emitShapeContacts = shapeOut != nullptr;
  const uint32_t firstContact = emitShapeContacts ? uint32_t(shapeOut->size()) : 0u;
  for (uint32_t sa = ha.shapeBegin; sa < ha.shapeBegin + ha.shapeCount; ++sa) {
    for (uint32_t sb = hb.shapeBegin; sb < hb.shapeBegin + hb.shapeCount; ++sb) {
      if (!overlaps(shapeBox(sa, ha), shapeBox(sb, hb))) continue;
      Manifold m = collideShapes(sa, sb, a, b, nullptr);
      if (m.pointCount == 0) continue;
      ++touching;
      if (emitShapeContacts) {
        ShapeContact sc;
        sc.a = idOf(a);
        sc.b = idOf(b);
        sc.shapeA = uint16_t(sa - ha.shapeBegin);
        sc.shapeB = uint16_t(sb - hb.shapeBegin);
        sc.manifold = m;
        shapeOut->push_back(sc);
      }
      if (m.depth > deepest) {
        deepest = m.depth;
        out->pointCount = uint8_t(m.pointCount);
        out->points[0] = m.points[0];
        out->points[1] = m.points[1];
        // The deepest pair goes first, so that a contact's parts are its first shape contact's.
        if (emitShapeContacts && shapeOut->size() - firstContact > 1) {
          std::swap((*shapeOut)[firstContact], shapeOut->back());
        }
      }
      bool seen = false;
      for (int k = 0; k < directionCount; ++k) seen |= dot(directions[k], m.normal) > 0.99999f;
      if (!seen && directionCount < kMaxCandidates) directions[directionCount++] = m.normal;
    }
  }
  if (touching == 0) return false;
  if (emitShapeContacts) {
    out->firstShapeContact = firstContact;
    out->shapeContactCount = uint16_t(touching > 0xFFFF ? 0xFFFF : touching);
  }
  // Even one touching part pair needs the re-test: its MTV may push B into another part of A.
  resolveCompound(a, b, directions, directionCount, out);
  return true;
}

void World::Impl::resolveCompound(uint32_t a, uint32_t b, const Vec2* directions, int directionCount,
                                  Contact* out) const {
  const detail::BodyHot& ha = hot[a];
  const detail::BodyHot& hb = hot[b];
  // The margin past touching, per part pair: above the contact tolerance of the two parts (their world sizes),
  // not of the whole bodies (a long chain body would push every shape out by a margin of its own length).
  auto pairEps = [&](uint32_t sa, uint32_t sb) {
    return 8.0f * kRelativeTolerance * (shapeSize(sa, ha) + shapeSize(sb, hb)) + 1.0e-7f;
  };
  const int pairCount = int(ha.shapeCount) * int(hb.shapeCount);
  float bestD = FLT_MAX;
  Vec2 bestN = directions[0];
  for (int c = 0; c < directionCount; ++c) {
    const Vec2 n = directions[c];
    float d = 0.0f;
    bool apart = false;
    for (int iter = 0; iter <= pairCount + 1 && d < bestD; ++iter) {
      bool any = false;
      float next = d, eps = 0.0f;
      Transform shifted = xf[b];
      shifted.p = shifted.p + d * n;
      const Vec2 shift = d * n;
      for (uint32_t sb = hb.shapeBegin; sb < hb.shapeBegin + hb.shapeCount; ++sb) {
        const AABB bb{shapeBox(sb, hb).lower + shift, shapeBox(sb, hb).upper + shift};
        for (uint32_t sa = ha.shapeBegin; sa < ha.shapeBegin + ha.shapeCount; ++sa) {
          if (!overlaps(shapeBox(sa, ha), bb)) continue;
          if (!overlap(detail::ShapeView(*this, sa).shape(), xf[a], detail::ShapeView(*this, sb).shape(), shifted)) {
            continue;
          }
          any = true;
          float loA, hiA, loB, hiB;
          project(sa, a, n, &loA, &hiA);
          project(sb, b, n, &loB, &hiB);
          const float pe = pairEps(sa, sb);
          eps = pe > eps ? pe : eps;
          const float need = hiA - loB + pe;  // B's lowest point along n clears A's highest
          next = need > next ? need : next;
        }
      }
      if (!any) {
        apart = true;
        break;
      }
      d = next > d + eps ? next : d + eps;
    }
    if (apart && d < bestD) {
      bestD = d;
      bestN = n;
    }
  }
  if (bestD == FLT_MAX) {
    // Not reached (each jump retires a pair); kept as a guaranteed fallback: clear A entirely along n.
    float hiA = -FLT_MAX, loB = FLT_MAX, eps = 0.0f;
    for (uint32_t sa = ha.shapeBegin; sa < ha.shapeBegin + ha.shapeCount; ++sa) {
      float lo, hi;
      project(sa, a, bestN, &lo, &hi);
      hiA = hi > hiA ? hi : hiA;
      for (uint32_t sb = hb.shapeBegin; sb < hb.shapeBegin + hb.shapeCount; ++sb) {
        const float pe = pairEps(sa, sb);
        eps = pe > eps ? pe : eps;
      }
    }
    for (uint32_t sb = hb.shapeBegin; sb < hb.shapeBegin + hb.shapeCount; ++sb) {
      float lo, hi;
      project(sb, b, bestN, &lo, &hi);
      loB = lo < loB ? lo : loB;
    }
    bestD = hiA - loB + eps;
  }
  out->normal = bestN;
  out->depth = bestD;
}

}  // namespace sat
