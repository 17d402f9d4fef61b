// Private: one path from (shape, frame) pairs to the core routines, shared by the typed overloads, the Shape
// overloads and the Affine overloads, so every entry point applies the same placement, tolerance and early reject.
#pragma once

#include <type_traits>

#include "placement.h"
#include "sat/collide.h"

namespace sat::detail {

/// A non-owning reference to any concrete shape. Passed by const reference: a by-value copy in WebAssembly goes
/// through memory as one 8-byte load of a 1-byte and a 4-byte store, which the CPU cannot forward (a stall of
/// about 3% of the bulk narrow phase, measured).
struct ShapeRef {
  ShapeType type;
  const void* ptr;
  const Circle& circle() const { return *static_cast<const Circle*>(ptr); }
  const Capsule& capsule() const { return *static_cast<const Capsule*>(ptr); }
  const Polygon& polygon() const { return *static_cast<const Polygon*>(ptr); }
  const Segment& segment() const { return *static_cast<const Segment*>(ptr); }
  const ChainSegment& chain() const { return *static_cast<const ChainSegment*>(ptr); }
};
inline ShapeRef refOf(const Circle& c) { return {ShapeType::Circle, &c}; }
inline ShapeRef refOf(const Capsule& c) { return {ShapeType::Capsule, &c}; }
inline ShapeRef refOf(const Polygon& p) { return {ShapeType::Polygon, &p}; }
inline ShapeRef refOf(const Segment& g) { return {ShapeType::Segment, &g}; }
inline ShapeRef refOf(const ChainSegment& c) { return {ShapeType::ChainSegment, &c}; }
inline ShapeRef refOf(const Shape& s) {
  switch (s.type) {
    case ShapeType::Circle: return refOf(s.circle);
    case ShapeType::Capsule: return refOf(s.capsule);
    case ShapeType::Segment: return refOf(s.segment);
    case ShapeType::ChainSegment: return refOf(s.chain);
    case ShapeType::Polygon: break;
  }
  return refOf(s.polygon);
}

/// Bounding circle of a placed shape in the working frame, and its size for the tolerance.
struct Bound {
  Vec2 center;
  float radius;
};

inline Bound boundOf(ShapeRef s, const Placement& p) {
  switch (s.type) {
    case ShapeType::Circle: return {p.apply(s.circle().center), placedSize(s.circle(), p)};
    case ShapeType::Capsule: {
      const Capsule& c = s.capsule();
      return {p.apply(0.5f * (c.center1 + c.center2)), placedSize(c, p)};
    }
    case ShapeType::Segment: {
      const Segment& g = s.segment();
      return {p.apply(0.5f * (g.point1 + g.point2)), placedSize(g, p)};
    }
    case ShapeType::ChainSegment: {
      const Segment& g = s.chain().segment;
      return {p.apply(0.5f * (g.point1 + g.point2)), placedSize(g, p)};
    }
    case ShapeType::Polygon: break;
  }
  return {p.apply(s.polygon().centroid()), placedSize(s.polygon(), p)};
}

/// A polygon needs 3+ vertices; a default-constructed one is refused rather than read.
inline bool usable(ShapeRef s) { return s.type != ShapeType::Polygon || s.polygon().count() >= 3; }

/// The core of any shape but a circle: a polygon, or a capsule's or segment's 2-gon (a chain segment's plain
/// segment: its chain rule is applied by collideChainSegment).
inline CoreView placeCore(ShapeRef s, const Placement& p, CoreBuffer* buf) {
  switch (s.type) {
    case ShapeType::Capsule: return placeCapsule(s.capsule(), p, buf);
    case ShapeType::Segment: return placeSegment(s.segment(), p, buf);
    case ShapeType::ChainSegment: return placeSegment(s.chain().segment, p, buf);
    default: break;
  }
  return placePolygon(s.polygon(), p, buf);
}

// Pair-specific routines, each in its pair's file, all in the working frame.
Manifold collideCircles(Vec2 ca, float ra, Vec2 cb, float rb, float tol);  // collide_circles.cpp

/// Whether a shape under a placement leaves the circle/capsule routines: a rounded shape under a map that is not a
/// similarity is an ellipse (or a segment swept by one). collide_ellipse.cpp.
bool needsSupportPath(const ShapeRef& s, const Placement& p);
/// Any pair with such a shape, exact, in the working frame: the minimum over all directions of
/// h_A(n) + h_B(-n) (collide_ellipse.cpp). Empty when apart by more than tol.
Manifold collideSupportShapes(const ShapeRef& a, const Placement& pa, const ShapeRef& b, const Placement& pb,
                              float tol);
/// The minimum over unit n of h_A(n) + h_B(-n) for such a pair and its direction (A to B, working frame), searched
/// to the end (no early exit when apart): collideSupportShapes' depth and normal when it reports a contact.
struct SupportMinimum {
  double value = 0.0;
  Vec2 normal{1.0f, 0.0f};
};
SupportMinimum minimumSupportTranslation(const ShapeRef& a, const Placement& pa, const ShapeRef& b,
                                         const Placement& pb);
/// Distance of such a pair, in the working frame: the maximum over unit n of -(h_A(n) + h_B(-n)), its direction n
/// (A to B) and the closest points from both shapes' support features along it. Not apart (touching or
/// overlapping): distance 0 and one point, midway between the two deepest points along the minimum translation.
struct SupportDistance {
  bool apart = false;
  double distance = 0.0;
  Vec2 pointA{0.0f, 0.0f}, pointB{0.0f, 0.0f};
  Vec2 normal{1.0f, 0.0f};
};
SupportDistance distanceSupportShapes(const ShapeRef& a, const Placement& pa, const ShapeRef& b, const Placement& pb);
/// A chain segment's snapped contact with such a shape B: B pushed out along the segment's front normal n1 (p1 ->
/// p2 with n1 on its right), the depth from B's support value along -n1, the contact points from B's support
/// feature there clipped to the segment's extent. Segment features as collideChainSegment numbers them in that
/// order: its face 0, or the end (0 at p1, 1 at p2) that clipped a point.
Manifold collideSupportAlongFace(Vec2 p1, Vec2 p2, Vec2 n1, const ShapeRef& b, const Placement& pb, float tol);
/// Whether a placed pair takes collideSupportShapes.
inline bool supportPair(const ShapeRef& a, const Placement& pa, const ShapeRef& b, const Placement& pb) {
  return needsSupportPath(a, pa) || needsSupportPath(b, pb);
}

/// Two cores, as collideCores, except that two bare segments (2-gons of radius 0) are first tested by their
/// exact distance: collinear segments have a Minkowski difference with no area whose face normals miss the
/// end-on axis (collide_segment.cpp).
Manifold collideCoresOrSegments(const CoreView& a, const CoreView& b, float tol, SatCache* cache);
bool overlapCoresOrSegments(const CoreView& a, const CoreView& b, float tol, SatCache* cache);

struct PlacedPair {
  Placement pa, pb;
  Frame frame;
  Bound ba, bb;
  float tol;
  bool apart;
};

/// A chain segment (A) against any other shape but a chain segment (B), in the working frame: the plain
/// segment's manifold, kept, snapped to the segment's normal or dropped by the chain rule (collide_chain.cpp).
Manifold collideChainSegment(const ChainSegment& a, const ShapeRef& b, const PlacedPair& pp);

/// `checked`: both transforms already passed checkTransform (CheckedTransform), so the test is not repeated.
template <class Xf>
inline bool preparePair(const ShapeRef& a, const Xf& xfA, const ShapeRef& b, const Xf& xfB, PlacedPair* pp,
                        bool checked) {
  if ((!checked && (!isValid(xfA) || !isValid(xfB))) || !usable(a) || !usable(b)) return false;
  placePair(xfA, xfB, &pp->pa, &pp->pb, &pp->frame);
  pp->ba = boundOf(a, pp->pa);
  pp->bb = boundOf(b, pp->pb);
  pp->tol = contactTolerance(pp->ba.radius, pp->bb.radius);
  float reach = pp->ba.radius + pp->bb.radius + pp->tol;
  return distanceSquared(pp->ba.center, pp->bb.center) <= reach * reach;
}

/// Polygon against polygon under two unit-scale Transforms (collide_polygons.cpp): the general path's arithmetic
/// for that case (A used as stored, B rotated and moved into A's frame), written as one routine so that no
/// placement records pass through memory. Every game's common pair, and the bulk call's. Transforms are valid.
Manifold collideUnitPolygons(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                             SatCache* cache);
/// overlap() of the same pair, the same shortcut.
bool overlapUnitPolygons(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                         SatCache* cache);
/// Whether a pair takes the unit-polygon shortcut: two polygons under unit-scale Transforms (Affine frames never do).
inline bool unitPolygons(const ShapeRef& a, const Transform& xfA, const ShapeRef& b, const Transform& xfB) {
  return a.type == ShapeType::Polygon && b.type == ShapeType::Polygon && hasUnitScale(xfA) && hasUnitScale(xfB);
}

/// Any pair through the general placement (collidePlaced below, without its unit-polygon shortcut; the tests
/// compare the two bit for bit). A circle is not A unless B is one too.
template <class Xf>
Manifold collideGeneral(const ShapeRef& a, const Xf& xfA, const ShapeRef& b, const Xf& xfB, SatCache* cache,
                        bool checked) {
  PlacedPair pp;
  if (!preparePair(a, xfA, b, xfB, &pp, checked)) return {};
  CoreBuffer bufA, bufB;
  Manifold m;
  const bool circleA = a.type == ShapeType::Circle, circleB = b.type == ShapeType::Circle;  // not (A only)
  if (a.type == ShapeType::ChainSegment) {
    m = collideChainSegment(a.chain(), b, pp);
  } else if (supportPair(a, pp.pa, b, pp.pb)) {
    m = collideSupportShapes(a, pp.pa, b, pp.pb, pp.tol);
  } else if (circleA && circleB) {
    m = collideCircles(pp.ba.center, pp.ba.radius, pp.bb.center, pp.bb.radius, pp.tol);
  } else if (circleB) {
    m = collideCoreCircle(placeCore(a, pp.pa, &bufA), pp.bb.center, pp.bb.radius, pp.tol);
  } else {
    m = collideCoresOrSegments(placeCore(a, pp.pa, &bufA), placeCore(b, pp.pb, &bufB), pp.tol, cache);
  }
  manifoldToWorld(&m, pp.frame);
  return m;
}

template <class Xf>
Manifold collidePlaced(const ShapeRef& a, const Xf& xfA, const ShapeRef& b, const Xf& xfB, SatCache* cache,
                       bool checked = false) {
  if (a.type == ShapeType::Circle && b.type != ShapeType::Circle) {
    // Work in the other shape's frame: its features stay exact and only the circle's centre is transformed. In
    // the circle's frame a small polygon far from the centre would lose its shape to rounding (and with it the
    // direction of the normal).
    return flipManifold(collidePlaced(b, xfB, a, xfA, cache, checked));
  }
  if (a.type == ShapeType::ChainSegment || b.type == ShapeType::ChainSegment) {
    // The chain segment is A. Two chain segments (static level geometry) never collide.
    if (a.type == b.type) return {};
    if (b.type == ShapeType::ChainSegment) return flipManifold(collidePlaced(b, xfB, a, xfA, cache, checked));
  }
  if constexpr (std::is_same_v<Xf, Transform>) {
    if (unitPolygons(a, xfA, b, xfB)) {
      if (!checked && (!isValid(xfA) || !isValid(xfB))) return {};
      return collideUnitPolygons(a.polygon(), xfA, b.polygon(), xfB, cache);
    }
  }
  return collideGeneral(a, xfA, b, xfB, cache, checked);
}

/// overlapPlaced's general placement (no unit-polygon shortcut; compared with it in the tests). Cores only: pairs
/// with a circle or a chain segment take collidePlaced (overlapPlaced).
template <class Xf>
bool overlapGeneral(const ShapeRef& a, const Xf& xfA, const ShapeRef& b, const Xf& xfB, SatCache* cache,
                    bool checked) {
  PlacedPair pp;
  if (!preparePair(a, xfA, b, xfB, &pp, checked)) return false;
  if (supportPair(a, pp.pa, b, pp.pb)) return collideSupportShapes(a, pp.pa, b, pp.pb, pp.tol).pointCount > 0;
  CoreBuffer bufA, bufB;
  return overlapCoresOrSegments(placeCore(a, pp.pa, &bufA), placeCore(b, pp.pb, &bufB), pp.tol, cache);
}

template <class Xf>
bool overlapPlaced(const ShapeRef& a, const Xf& xfA, const ShapeRef& b, const Xf& xfB, SatCache* cache,
                   bool checked = false) {
  if (a.type == ShapeType::Circle || b.type == ShapeType::Circle || a.type == ShapeType::ChainSegment ||
      b.type == ShapeType::ChainSegment) {
    return collidePlaced(a, xfA, b, xfB, cache, checked).pointCount > 0;
  }
  if constexpr (std::is_same_v<Xf, Transform>) {
    if (unitPolygons(a, xfA, b, xfB)) {
      if (!checked && (!isValid(xfA) || !isValid(xfB))) return false;
      return overlapUnitPolygons(a.polygon(), xfA, b.polygon(), xfB, cache);
    }
  }
  return overlapGeneral(a, xfA, b, xfB, cache, checked);
}

}  // namespace sat::detail
