// Chain segment against any other shape: the segment's own manifold, then the chain rule.
//
// The rule (after Box2D's chain shapes and its "ghost collisions" note): a joint where the chain turns away from
// the front (convex) owns the normals between the two segments' normals, and each segment answers only for its
// part of them; a joint where the chain turns towards the front, or runs straight on (concave, within a small
// angle), owns no normal of its own: only the segment's face normal acts there. So a shape sliding along a flat
// or gently bent chain never gets the sideways normal that an internal vertex would give a lone segment.
//
// Stages, each a function below:
// 1. placeChain: the segment and its neighbours' far points (ghosts) in the working frame.
// 2. faceShape: which side B is on. One-sided segments drop shapes behind them; two-sided ones are turned
//    around so that B is in front.
// 3. the plain segment's manifold (the capsule routines at radius 0).
// 4. classifyNormal: keep it (admitted), drop it (the neighbour answers for that normal), or snap it.
// 5. collideAlongFace: the snapped contact: B pushed out along the segment's front normal, its points clipped
//    to the segment's extent.
// A stretched circle or capsule B (an ellipse, a stretched capsule) takes the same stages with its support
// function for stages 3 and 5 (collideChainSupport): exact, as every other query of such a shape.
#include <cfloat>
#include <cmath>

#include "dispatch.h"
#include "sat/collide.h"

namespace sat::detail {

namespace {

/// A joint counts as convex when it turns away from the front by more than this (sine of the angle).
constexpr float kConvexSin = 0.01f;
/// Slack of the admitted-normal test at a convex joint (sine of the angle).
constexpr float kConeSin = 0.01f;
/// A normal this close to the face normal is the face normal (rounding of a polygon's face normal).
constexpr float kFaceCos = 1.0f - 1.0e-6f;

/// A chain segment in the working frame: p1 -> p2 with its front on the right.
struct ChainFrame {
  Vec2 g1, p1, p2, g2;
  bool ghost1 = false, ghost2 = false;  // g1 / g2 are real neighbours (else free ends)
  Vec2 e1, n1;                          // unit direction and front normal
  Vec2 n0, n2;                          // front normals of the neighbours (at a free end: pointing along it)
  bool convex1 = true, convex2 = true;  // the joint at p1 / p2 turns away from the front
  bool reversed = false;                // p1, p2 are the chain segment's point2, point1
};

/// Direction, normal and joint convexity from the four points.
void shapeFrame(ChainFrame* f) {
  f->e1 = normalize(f->p2 - f->p1);
  f->n1 = rightPerp(f->e1);
  if (f->ghost1) {
    const Vec2 e0 = normalize(f->p1 - f->g1);
    f->n0 = rightPerp(e0);
    f->convex1 = cross(e0, f->e1) >= kConvexSin;
  } else {
    f->n0 = -f->e1;  // a free end owns every normal on its front side
    f->convex1 = true;
  }
  if (f->ghost2) {
    const Vec2 e2 = normalize(f->g2 - f->p2);
    f->n2 = rightPerp(e2);
    f->convex2 = cross(f->e1, e2) >= kConvexSin;
  } else {
    f->n2 = f->e1;
    f->convex2 = true;
  }
}

/// Walks the chain the other way: the front becomes the back.
void turnAround(ChainFrame* f) {
  const Vec2 g1 = f->g1, p1 = f->p1;
  const bool ghost1 = f->ghost1;
  f->g1 = f->g2;
  f->p1 = f->p2;
  f->ghost1 = f->ghost2;
  f->g2 = g1;
  f->p2 = p1;
  f->ghost2 = ghost1;
  f->reversed = !f->reversed;
  shapeFrame(f);
}

/// Stage 1. A mirroring placement maps the local right-hand side to the left: the chain is walked backwards
/// then, so that the front stays the side it is locally.
ChainFrame placeChain(const ChainSegment& c, const Placement& p) {
  ChainFrame f;
  f.p1 = p.apply(c.segment.point1);
  f.p2 = p.apply(c.segment.point2);
  f.ghost1 = (c.flags & kChainGhost1) != 0;
  f.ghost2 = (c.flags & kChainGhost2) != 0;
  f.g1 = f.ghost1 ? p.apply(c.ghost1) : f.p1;
  f.g2 = f.ghost2 ? p.apply(c.ghost2) : f.p2;
  shapeFrame(&f);
  if (p.det < 0.0f) turnAround(&f);
  return f;
}

/// Stage 2. false: B is behind a one-sided segment and passes through. B counts as in front when its centre is
/// in front of the segment, or of a convex neighbour (the wedge beyond a convex joint belongs to both).
bool faceShape(ChainFrame* f, Vec2 centre, bool oneSided) {
  const bool behind1 = dot(f->n1, centre - f->p1) < 0.0f;
  if (!behind1) return true;
  if (oneSided) {
    const bool behind0 = !(f->ghost1 && f->convex1) || dot(f->n0, centre - f->p1) < 0.0f;
    const bool behind2 = !(f->ghost2 && f->convex2) || dot(f->n2, centre - f->p2) < 0.0f;
    return !(behind0 && behind2);
  }
  turnAround(f);
  return true;
}

enum class Verdict { Admit, Snap, Skip };

/// Whether n lies on the short arc turning counter-clockwise from `from` to `to` (with kConeSin of slack).
bool onArc(Vec2 from, Vec2 to, Vec2 n) {
  return cross(from, n) >= -kConeSin && cross(n, to) >= -kConeSin && dot(n, from + to) > 0.0f;
}

/// Stage 4. The normal n (from the segment to B) of the plain manifold, judged at the joint it leans towards.
Verdict classifyNormal(const ChainFrame& f, Vec2 n) {
  if (dot(n, f.n1) >= kFaceCos) return Verdict::Admit;
  const bool towardsP1 = dot(n, f.e1) <= 0.0f;
  const bool convex = towardsP1 ? f.convex1 : f.convex2;
  if (!convex) return Verdict::Snap;  // a concave or straight joint: only the face normal acts
  if (towardsP1 ? onArc(f.n0, f.n1, n) : onArc(f.n1, f.n2, n)) return Verdict::Admit;
  // Past the neighbour's normal: the neighbour answers for it. Behind the face (B deep through it): push B
  // out of the front.
  return dot(n, f.n1) >= 0.0f ? Verdict::Skip : Verdict::Snap;
}

/// Stage 5. B (a core, or a circle: one vertex with a radius) pushed out along the front normal n1; its incident
/// edge clipped to the segment's extent along e1. Feature ids: the segment's face 0 and B's vertex (or its edge,
/// for a clipped end).
Manifold collideAlongFace(const ChainFrame& f, const CoreView& b, float tol) {
  const Vec2 n1 = f.n1;
  int deepest = 0;
  float low = FLT_MAX;
  for (int i = 0; i < b.count; ++i) {
    const float h = dot(n1, b.v[i] - f.p1);
    if (h < low) {
      low = h;
      deepest = i;
    }
  }
  if (low - b.radius > tol) return {};
  // Candidate points: the deepest vertex alone (a circle), or the incident edge: the deepest vertex's edge whose
  // normal is most anti-parallel to n1.
  Vec2 w[2] = {b.v[deepest], b.v[deepest]};
  int ids[2] = {b.srcVertex(deepest), b.srcVertex(deepest)};
  int edge = -1;
  int ends = 1;
  if (b.count >= 2) {
    const int prev = deepest == 0 ? b.count - 1 : deepest - 1;
    edge = dot(n1, b.n[prev]) < dot(n1, b.n[deepest]) ? prev : deepest;
    const int next = edge + 1 == b.count ? 0 : edge + 1;
    w[0] = b.v[edge];
    w[1] = b.v[next];
    ids[0] = b.srcVertex(edge);
    ids[1] = b.srcVertex(next);
    ends = 2;
  }
  const float lo = -tol, hi = dot(f.e1, f.p2 - f.p1) + tol;
  // The segment's feature of each point: its face (0), or the end that clipped it (vertex 0 or 1).
  uint32_t segFeature[2] = {0u, 0u};
  if (ends == 2) {
    // Clip [w0, w1] to the slab lo <= dot(e1, w - p1) <= hi; a clipped end names B's edge.
    const float s[2] = {dot(f.e1, w[0] - f.p1), dot(f.e1, w[1] - f.p1)};
    Vec2 clippedW[2] = {w[0], w[1]};
    for (int k = 0; k < 2; ++k) {
      const float bound = s[k] < lo ? lo : (s[k] > hi ? hi : s[k]);
      if (bound == s[k]) continue;
      const float other = s[1 - k];
      if ((other - bound) * (s[k] - bound) >= 0.0f) return {};  // the whole edge lies beyond this side
      clippedW[k] = w[k] + ((bound - s[k]) / (other - s[k])) * (w[1 - k] - w[k]);
      ids[k] = b.srcEdge(edge);
      segFeature[k] = bound == lo ? 0u : 1u;
    }
    w[0] = clippedW[0];
    w[1] = clippedW[1];
  } else {
    const float s = dot(f.e1, w[0] - f.p1);
    if (s < lo || s > hi) return {};
  }
  Manifold m;
  for (int k = 0; k < ends; ++k) {
    const float h = dot(n1, w[k] - f.p1);
    const float sep = h - b.radius;
    if (sep > tol) continue;
    ManifoldPoint& mp = m.points[m.pointCount++];
    mp.point = w[k] - (0.5f * (h + b.radius)) * n1;
    mp.depth = -sep;
    mp.id = makeFeatureId(segFeature[k], uint32_t(ids[k]));
    if (m.pointCount == 1 || mp.depth > m.depth) m.depth = mp.depth;
  }
  if (m.pointCount == 0) return {};
  m.normal = n1;
  return m;
}

/// The segment's half of a feature id in the segment's own order (k and 1 - k swap when walked backwards).
void restoreSegmentFeatures(Manifold* m, bool reversed) {
  if (!reversed) return;
  for (int i = 0; i < m->pointCount; ++i) {
    const uint32_t a = m->points[i].id >> 16;
    m->points[i].id = makeFeatureId(a <= 1 ? 1u - a : a, m->points[i].id & 0xFFFFu);
  }
}

/// Stages 3-5 for a stretched circle or capsule B (an ellipse, a stretched capsule): the plain segment's manifold
/// is the exact support-function one (collideSupportShapes, in the segment's own order), the snapped contact
/// measures B along the front normal by its support function (collideSupportAlongFace, in the walked order).
Manifold collideChainSupport(const ChainSegment& a, const ChainFrame& f, const ShapeRef& b, const PlacedPair& pp) {
  Manifold m = collideSupportShapes(refOf(a), pp.pa, b, pp.pb, pp.tol);
  if (m.pointCount == 0) return m;
  switch (classifyNormal(f, m.normal)) {
    case Verdict::Admit: return m;
    case Verdict::Skip: return {};
    case Verdict::Snap: break;
  }
  m = collideSupportAlongFace(f.p1, f.p2, f.n1, b, pp.pb, pp.tol);
  restoreSegmentFeatures(&m, f.reversed);
  return m;
}

}  // namespace

// Not inlined into the dispatch (one copy per frame type there otherwise): chain pairs are rare next to the rest.
[[gnu::noinline]] Manifold collideChainSegment(const ChainSegment& a, const ShapeRef& b, const PlacedPair& pp) {
  ChainFrame f = placeChain(a, pp.pa);
  if (!faceShape(&f, pp.bb.center, (a.flags & kChainOneSided) != 0)) return {};

  // The oriented segment as a 2-gon of radius 0: edge 0 faces front.
  CoreBuffer bufA, bufB;
  bufA.v[0] = f.p1;
  bufA.v[1] = f.p2;
  bufA.n[0] = f.n1;
  bufA.n[1] = -f.n1;
  CoreView seg;
  seg.v = bufA.v;
  seg.n = bufA.n;
  seg.count = 2;

  if (needsSupportPath(b, pp.pb)) return collideChainSupport(a, f, b, pp);

  CoreView core;
  if (b.type == ShapeType::Circle) {
    bufB.v[0] = pp.bb.center;
    core.v = bufB.v;
    core.n = bufB.n;
    core.count = 1;
    core.radius = pp.bb.radius;
  } else {
    core = placeCore(b, pp.pb, &bufB);
  }
  Manifold m = b.type == ShapeType::Circle ? collideCoreCircle(seg, core.v[0], core.radius, pp.tol)
                                           : collideCoresOrSegments(seg, core, pp.tol, nullptr);
  if (m.pointCount == 0) return m;
  switch (classifyNormal(f, m.normal)) {
    case Verdict::Admit: break;
    case Verdict::Skip: return {};
    case Verdict::Snap: m = collideAlongFace(f, core, pp.tol); break;
  }
  restoreSegmentFeatures(&m, f.reversed);
  return m;
}

}  // namespace sat::detail
