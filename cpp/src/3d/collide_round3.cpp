// Spheres and capsules: against each other in closed form (closest points of points and segments), and against
// hulls and boxes: when the rounded shape's core (centre or segment) is outside the hull, the closest points of
// the two cores (GJK) give the normal and the depth is the radius minus their distance; when the core touches or
// enters the hull, SAT of the hull against the core (its face normals, and for a segment the cross products of
// the segment with the hull edges whose Gauss-map arcs cross the segment's great circle) gives the exact depth.
#include <cfloat>
#include <cmath>

#include "narrow3.h"

namespace sat {

using namespace detail;

namespace {

// A rounded shape's core in A's frame: one point (sphere) or two (capsule), and its radius.
struct Core {
  Vec3 p[2];
  int count = 1;
  float radius = 0.0f;
};

float radiusScale(const Transform3& xf) { return scaleMax(xf.scale); }

Core coreOf(const Sphere& s, const Transform3& xf) {
  Core c;
  c.p[0] = transformPoint(xf, s.center);
  c.radius = s.radius * radiusScale(xf);
  return c;
}
Core coreOf(const Capsule3& s, const Transform3& xf) {
  Core c;
  c.p[0] = transformPoint(xf, s.center1);
  c.p[1] = transformPoint(xf, s.center2);
  c.count = 2;
  c.radius = s.radius * radiusScale(xf);
  return c;
}
// The core moved into A's frame (A's rotation rA, position pA).
Core inFrame(Core c, const Mat3& rA, Vec3 pA) {
  for (int i = 0; i < c.count; ++i) c.p[i] = mulT(rA, c.p[i] - pA);
  return c;
}

float coreSize(const Core& c) { return c.radius + (c.count == 2 ? 0.5f * length(c.p[1] - c.p[0]) : 0.0f); }

uint32_t ids(uint16_t a, uint16_t b) { return (uint32_t(a) << 16) | b; }

// Two cores, both in the world (or both in any one frame): closed form.
Manifold3 collideCores(const Core& a, const Core& b) {
  Vec3 ca = a.p[0], cb = b.p[0];
  float s = 0.0f, t = 0.0f;
  if (a.count == 2 || b.count == 2) {
    const Vec3 qa = a.count == 2 ? a.p[1] : a.p[0], qb = b.count == 2 ? b.p[1] : b.p[0];
    closestSegmentSegment(a.p[0], qa, b.p[0], qb, &s, &t);
    ca = lerp(a.p[0], qa, s), cb = lerp(b.p[0], qb, t);
  }
  const float tol = kRelativeTolerance * (coreSize(a) + coreSize(b));
  const float r = a.radius + b.radius;
  const Vec3 d = cb - ca;
  const float dist = length(d);
  if (dist - r > tol) return {};
  Manifold3 m;
  if (dist > 1.0e-6f * (coreSize(a) + coreSize(b))) {
    m.normal = (1.0f / dist) * d;
  } else if (a.count == 2 && b.count == 2 && length(cross(a.p[1] - a.p[0], b.p[1] - b.p[0])) > 0.0f) {
    // Crossing segments: the flat parallelogram of their difference is left along its normal.
    m.normal = normalize(cross(a.p[1] - a.p[0], b.p[1] - b.p[0]));
  } else {
    // Coincident centres (or collinear segments): any direction perpendicular to the core is a minimum.
    const Vec3 axis = a.count == 2 ? a.p[1] - a.p[0] : b.count == 2 ? b.p[1] - b.p[0] : Vec3{0, 0, 1};
    m.normal = normalize(cross(axis, std::fabs(axis.x) < 0.9f * length(axis) ? Vec3{1, 0, 0} : Vec3{0, 1, 0}));
  }
  m.depth = r - dist;
  // Parallel segments that overlap along their length touch along a segment: its two ends.
  if (a.count == 2 && b.count == 2 && dist > 0.0f) {
    const Vec3 ua = a.p[1] - a.p[0];
    const Vec3 ub = b.p[1] - b.p[0];
    const float la = length(ua), lb = length(ub);
    if (length(cross(ua, ub)) < 1.0e-4f * la * lb) {
      const Vec3 dir = (1.0f / la) * ua;
      float t0 = dot(b.p[0] - a.p[0], dir), t1 = dot(b.p[1] - a.p[0], dir);
      const bool flipped = t0 > t1;
      if (flipped) std::swap(t0, t1);
      const float lo = std::fmax(t0, 0.0f), hi = std::fmin(t1, la);
      if (hi - lo > 1.0e-4f * la) {
        const float ends[2] = {lo, hi};
        for (int k = 0; k < 2; ++k) {
          const Vec3 pa = a.p[0] + ends[k] * dir;
          const Vec3 pb = pa + d;  // the other segment, parallel, at the same offset
          m.points[k].point = 0.5f * ((pa + a.radius * m.normal) + (pb - b.radius * m.normal));
          m.points[k].depth = m.depth;
          m.points[k].id = ids(makeFeature3(Feature3::Vertex, k), makeFeature3(Feature3::Vertex, k ^ int(flipped)));
        }
        m.pointCount = 2;
        return m;
      }
    }
  }
  m.points[0].point = 0.5f * ((ca + a.radius * m.normal) + (cb - b.radius * m.normal));
  m.points[0].depth = m.depth;
  const uint16_t fa = a.count == 2 ? (s <= 0.0f ? makeFeature3(Feature3::Vertex, 0) : s >= 1.0f ? makeFeature3(Feature3::Vertex, 1) : makeFeature3(Feature3::Edge, 0)) : 0;
  const uint16_t fb = b.count == 2 ? (t <= 0.0f ? makeFeature3(Feature3::Vertex, 0) : t >= 1.0f ? makeFeature3(Feature3::Vertex, 1) : makeFeature3(Feature3::Edge, 0)) : 0;
  m.points[0].id = ids(fa, fb);
  m.pointCount = 1;
  return m;
}

// Clips the segment p-q to face f's side planes: the parameters [t0, t1] of the part over the face.
bool clipToFace(const HullView& h, int f, Vec3 p, Vec3 q, float* t0, float* t1) {
  float lo = 0.0f, hi = 1.0f;
  const Vec3 n = h.planes[f].normal;
  const int start = h.faces[f].edge;
  int e = start;
  do {
    const Vec3 a = h.v[h.edges[e].origin], b = h.v[h.edges[h.edges[e].next].origin];
    Vec3 side = normalize(cross(b - a, n));
    if (h.mirrored) side = -side;
    const float dp = dot(side, p - a), dq = dot(side, q - a);
    if (dp > 0.0f && dq > 0.0f) return false;
    if (dp > 0.0f) lo = std::fmax(lo, dp / (dp - dq));
    if (dq > 0.0f) hi = std::fmin(hi, dp / (dp - dq));
    e = h.edges[e].next;
  } while (e != start);
  *t0 = lo, *t1 = hi;
  return lo <= hi;
}

// Hull (A, a view in A's frame) against a rounded core (in A's frame). The manifold stays in A's frame.
Manifold3 collideHullCore(const HullView& h, const Core& c) {
  const float tol = kRelativeTolerance * (h.radius + coreSize(c));
  const Proxy3 ph{h.v, h.nv, 0.0f}, pc{c.p, c.count, c.radius};
  const GjkOutput g = gjk(ph, pc);
  Manifold3 m;
  const Vec3 segment = c.count == 2 ? c.p[1] - c.p[0] : Vec3{};
  if (g.distance > 1.0e-5f * (h.radius + coreSize(c))) {
    // The core is outside the hull: closest points.
    const float sep = g.distance - c.radius;
    if (sep > tol) return {};
    m.normal = (1.0f / g.distance) * (g.pointB - g.pointA);
    m.depth = -sep;
    // A capsule lying flat on a face touches it along a segment: clip it to the face.
    if (c.count == 2 && std::fabs(dot(normalize(segment), m.normal)) < 1.0e-3f) {
      int face = -1;
      float bestDot = 0.9999f;
      for (int f = 0; f < h.nf; ++f) {
        const float d = dot(h.planes[f].normal, m.normal);
        if (d > bestDot) bestDot = d, face = f;
      }
      float t0, t1;
      if (face >= 0 && clipToFace(h, face, c.p[0], c.p[1], &t0, &t1) && t1 - t0 > 1.0e-4f) {
        const Plane pl = h.planes[face];
        const float ts[2] = {t0, t1};
        int k = 0;
        for (float t : ts) {
          const Vec3 x = lerp(c.p[0], c.p[1], t);
          const float d = signedDistance(pl, x);
          if (d - c.radius > tol) continue;
          m.points[k].point = x - (0.5f * (d + c.radius)) * pl.normal;
          m.points[k].depth = c.radius - d;
          m.points[k].id = ids(makeFeature3(Feature3::Face, face), makeFeature3(Feature3::Vertex, k));
          ++k;
        }
        if (k > 0) {
          m.pointCount = k;
          return m;
        }
      }
    }
    m.points[0].point = 0.5f * (g.pointA + (g.pointB - c.radius * m.normal));
    m.points[0].depth = m.depth;
    m.points[0].id = ids(0, 0);
    m.pointCount = 1;
    return m;
  }
  // The core touches or enters the hull: SAT of the hull against the core.
  FaceQuery fq;
  for (int f = 0; f < h.nf; ++f) {
    float s = signedDistance(h.planes[f], c.p[0]);
    if (c.count == 2) s = std::fmin(s, signedDistance(h.planes[f], c.p[1]));
    if (s > fq.separation) fq = {f, s};
  }
  EdgeQuery eq;
  if (c.count == 2) {
    for (int e = 0; e < h.nh; e += 2) {
      const Vec3 na = h.planes[h.edges[e].face].normal, nb = h.planes[h.edges[e ^ 1].face].normal;
      if (!(dot(na, segment) * dot(nb, segment) < 0.0f)) continue;
      const Vec3 p = h.v[h.edges[e].origin], q = h.v[h.edges[e ^ 1].origin];
      const Vec3 axisRaw = cross(q - p, segment);
      const float len = length(axisRaw);
      if (!(len > 1.0e-5f * length(q - p) * length(segment))) continue;
      Vec3 axis = (1.0f / len) * axisRaw;
      if (dot(axis, p - h.centroid) < 0.0f) axis = -axis;
      const float s = std::fmin(dot(axis, c.p[0]), dot(axis, c.p[1])) - dot(axis, p);
      if (s > eq.separation) eq.edgeA = e, eq.separation = s, eq.normal = axis;
    }
  }
  const float bias = 0.5f * tol;
  if (eq.edgeA >= 0 && eq.separation > fq.separation + bias) {
    if (eq.separation - c.radius > tol) return {};
    m.normal = eq.normal;
    m.depth = c.radius - eq.separation;
    const Vec3 p = h.v[h.edges[eq.edgeA].origin], q = h.v[h.edges[eq.edgeA ^ 1].origin];
    float s, t;
    closestSegmentSegment(p, q, c.p[0], c.p[1], &s, &t);
    const Vec3 x = lerp(c.p[0], c.p[1], t);
    m.points[0].point = x - (0.5f * (eq.separation + c.radius)) * m.normal;
    m.points[0].depth = m.depth;
    m.points[0].id = ids(makeFeature3(Feature3::Edge, eq.edgeA), makeFeature3(Feature3::Edge, 0));
    m.pointCount = 1;
    return m;
  }
  if (fq.separation - c.radius > tol) return {};
  const Plane pl = h.planes[fq.index];
  m.normal = pl.normal;
  m.depth = c.radius - fq.separation;
  float t0 = 0.0f, t1 = 0.0f;
  int k = 0;
  if (c.count == 2 && clipToFace(h, fq.index, c.p[0], c.p[1], &t0, &t1)) {
    const float ts[2] = {t0, t1};
    for (int j = 0; j < 2 && !(j == 1 && t1 - t0 < 1.0e-4f); ++j) {
      const Vec3 x = lerp(c.p[0], c.p[1], ts[j]);
      const float d = signedDistance(pl, x);
      if (d - c.radius > tol) continue;
      m.points[k].point = x - (0.5f * (d + c.radius)) * pl.normal;
      m.points[k].depth = c.radius - d;
      m.points[k].id = ids(makeFeature3(Feature3::Face, fq.index), makeFeature3(Feature3::Vertex, j));
      ++k;
    }
  }
  if (k == 0) {
    // A sphere, or a segment whose deepest end is not over the face: the deepest core point.
    Vec3 x = c.p[0];
    if (c.count == 2 && signedDistance(pl, c.p[1]) < signedDistance(pl, c.p[0])) x = c.p[1];
    const float d = signedDistance(pl, x);
    m.points[0].point = x - (0.5f * (d + c.radius)) * pl.normal;
    m.points[0].depth = c.radius - d;
    m.points[0].id = ids(makeFeature3(Feature3::Face, fq.index), 0);
    k = 1;
  }
  m.pointCount = k;
  return m;
}

Manifold3 hullCore(const HullView& h, const Transform3& xfA, const Core& worldCore) {
  const Mat3 rA = toMat3(xfA.q);
  return toWorld(collideHullCore(h, inFrame(worldCore, rA, xfA.p)), rA, xfA.p);
}

Vec3 boxExtents(const Box3& box, const Transform3& xf) { return vabs(mulComponents(xf.scale, box.halfExtents)); }

}  // namespace

Manifold3 collide(const Sphere& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  return collideCores(coreOf(a, xfA), coreOf(b, xfB));
}
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  return collideCores(coreOf(a, xfA), coreOf(b, xfB));
}
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  return collideCores(coreOf(a, xfA), coreOf(b, xfB));
}
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  return collideCores(coreOf(a, xfA), coreOf(b, xfB));
}

Manifold3 collide(const Hull3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch s;
  return hullCore(scaledView(a, xfA.scale, &s), xfA, coreOf(b, xfB));
}
Manifold3 collide(const Hull3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch s;
  return hullCore(scaledView(a, xfA.scale, &s), xfA, coreOf(b, xfB));
}
Manifold3 collide(const Box3& a, const Transform3& xfA, const Sphere& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch s;
  return hullCore(boxView(boxExtents(a, xfA), &s), xfA, coreOf(b, xfB));
}
Manifold3 collide(const Box3& a, const Transform3& xfA, const Capsule3& b, const Transform3& xfB) {
  if (!isValid(xfA) || !isValid(xfB)) return {};
  HullScratch s;
  return hullCore(boxView(boxExtents(a, xfA), &s), xfA, coreOf(b, xfB));
}
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB) {
  return flipManifold(collide(b, xfB, a, xfA));
}
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Hull3& b, const Transform3& xfB) {
  return flipManifold(collide(b, xfB, a, xfA));
}
Manifold3 collide(const Sphere& a, const Transform3& xfA, const Box3& b, const Transform3& xfB) {
  return flipManifold(collide(b, xfB, a, xfA));
}
Manifold3 collide(const Capsule3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB) {
  return flipManifold(collide(b, xfB, a, xfA));
}

}  // namespace sat
