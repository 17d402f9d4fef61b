// Rounded shapes under a non-uniform linear map: a circle becomes an ellipse, a capsule its mapped segment
// Minkowski-summed with that ellipse (a linear map distributes over Minkowski sums). Every pair with one of them is
// a pair of convex sets given by support functions, h(n) = max_i <v_i, n> + |L^T n| (core points v_i, ellipse
// L * unit disc; L = 0 for a polygon), and SAT holds over the continuum of axes: the minimum translation is the
// minimum over unit n of f(n) = h_A(n) + h_B(-n), and the pair is apart when that minimum is negative.
//
// Stages: the circle of directions splits at the cores' face normals (A's, and B's negated; plus the four axes so
// that no arc exceeds a quarter turn) into arcs on which both cores' support vertices are fixed and f is smooth
// (arcBoundaries); on each arc f is sampled with a step set by the ellipses' eccentricity and every sampled local
// minimum is refined by golden-section search (minimizeOnArc); the arc ends, the face normals where f has kinks,
// are candidates themselves. The contacts come from both shapes' support features along the normal found
// (supportFeature, clipFeatures): one point, or two where a flat side (a polygon face, a capsule's segment) meets
// another. Computed in double, with basic IEEE operations only (no libm trigonometry): the same bits everywhere.
//
// The same search, run to the end, serves distance() (distanceSupportShapes: for a separated pair the minimum is
// minus the distance, the closest points come from the support features along it) and explain()
// (minimumSupportTranslation); collideSupportAlongFace measures a shape along a chain segment's front normal.
#include <cfloat>
#include <cmath>

#include "dispatch.h"
#include "index_sort.h"

namespace sat::detail {
namespace {

struct D2 {
  double x, y;
};
inline D2 d2(Vec2 v) { return {double(v.x), double(v.y)}; }
inline double dotD(D2 a, D2 b) { return a.x * b.x + a.y * b.y; }
inline D2 unitD(D2 a) {
  const double len = std::sqrt(a.x * a.x + a.y * a.y);
  return {a.x / len, a.y / len};
}

/// A placed shape as a support function: the hull of the core's points plus the ellipse L * unit disc.
/// The core is placed by the linear part of the placement only, and its translation kept apart in double: a core
/// small against its distance from the working frame's origin (a 0.04-wide polygon 800 away) would otherwise be
/// rounded to float there, at about 3e-5, which can dent it, and the hill climb of supportVertex would then stop
/// at a vertex that is not the support.
struct SupportShape {
  CoreView core;               ///< polygon, segment (2 points) or point (1), relative to `origin`
  D2 origin{0.0, 0.0};         ///< the placement's translation: where the core's (0, 0) lies in the working frame
  double l00 = 0, l01 = 0;     ///< L, row-major; zero for a polygon
  double l10 = 0, l11 = 0;
  bool rounded = false;
  bool similar = true;  ///< L maps circles to circles (an unscaled or uniformly scaled circle or capsule)
  bool capsule = false;
  /// Support value of the ellipse part: |L^T n|.
  double ellipseSupport(D2 n) const {
    if (!rounded) return 0.0;
    const double ux = l00 * n.x + l10 * n.y, uy = l01 * n.x + l11 * n.y;
    return std::sqrt(ux * ux + uy * uy);
  }
  /// Support point of the ellipse part: L L^T n / |L^T n|.
  D2 ellipsePoint(D2 n) const {
    if (!rounded) return {0.0, 0.0};
    const double ux = l00 * n.x + l10 * n.y, uy = l01 * n.x + l11 * n.y;
    const double inv = 1.0 / std::sqrt(ux * ux + uy * uy);
    return {(l00 * ux + l01 * uy) * inv, (l10 * ux + l11 * uy) * inv};
  }
  /// Core vertex i in the working frame.
  D2 vertex(int i) const { return {origin.x + double(core.v[i].x), origin.y + double(core.v[i].y)}; }
  /// Index of the core's support vertex along n (a hill climb from `start`: the core is convex; the origin does not
  /// change which vertex is the support, so the climb reads the core as placed).
  int supportVertex(D2 n, int start) const {
    const int c = core.count;
    if (c == 1) return 0;
    int best = start;
    double bestDot = dotD(d2(core.v[best]), n);
    for (int i = 0; i < c; ++i) {  // at most c steps round the ring
      const int next = best + 1 == c ? 0 : best + 1, prev = best == 0 ? c - 1 : best - 1;
      const double dn = dotD(d2(core.v[next]), n), dp = dotD(d2(core.v[prev]), n);
      if (dn > bestDot) {
        best = next;
        bestDot = dn;
      } else if (dp > bestDot) {
        best = prev;
        bestDot = dp;
      } else {
        break;
      }
    }
    return best;
  }
  /// Source feature id of core vertex i (a capsule's cap index, a polygon's stored vertex index, a circle's 0).
  int vertexId(int i) const { return core.srcVertex(i); }
  /// Singular values of L (0 for a polygon).
  void singularValues(double* smin, double* smax) const {
    *smin = *smax = 0.0;
    if (!rounded) return;
    const double t = l00 * l00 + l01 * l01 + l10 * l10 + l11 * l11, det = std::fabs(l00 * l11 - l01 * l10);
    const double disc = t * t - 4.0 * det * det;
    *smax = std::sqrt(0.5 * (t + std::sqrt(disc > 0.0 ? disc : 0.0)));
    *smin = *smax > 0.0 ? det / *smax : 0.0;
  }
};

struct ShapeStore {
  CoreBuffer buf;
  Vec2 point;
};

SupportShape makeSupportShape(const ShapeRef& s, const Placement& p, ShapeStore* store) {
  SupportShape out;
  out.origin = d2(p.t);
  Placement linear = p;
  linear.t = {0.0f, 0.0f};
  float r = 0.0f;
  switch (s.type) {
    case ShapeType::Polygon: out.core = placePolygon(s.polygon(), linear, &store->buf); return out;
    case ShapeType::Segment:
    case ShapeType::ChainSegment: out.core = placeCore(s, linear, &store->buf); return out;  // a 2-gon, no radius
    case ShapeType::Capsule:
      out.core = placeCapsule(s.capsule(), linear, &store->buf);
      out.core.radius = 0.0f;
      out.capsule = true;
      r = s.capsule().radius;
      break;
    case ShapeType::Circle:
      store->point = linear.apply(s.circle().center);
      out.core.v = &store->point;
      out.core.n = nullptr;
      out.core.count = 1;
      r = s.circle().radius;
      break;
  }
  out.rounded = true;
  out.similar = isSimilarity(p);
  out.l00 = double(r) * p.m00;
  out.l01 = double(r) * p.m01;
  out.l10 = double(r) * p.m10;
  out.l11 = double(r) * p.m11;
  return out;
}

/// Monotone in the angle of a unit vector over [0, 4): orders directions without trigonometry.
inline double pseudoAngle(D2 d) {
  const double p = d.x / (std::fabs(d.x) + std::fabs(d.y));
  return d.y >= 0.0 ? 1.0 - p : 3.0 + p;
}

/// One direction of the search grid: an arc boundary (a face normal of a core, or an axis) or a sample.
struct GridDir {
  D2 d;
  double key;  ///< pseudoAngle(d)
  bool boundary;
};

constexpr int kGridSamples = 16;  // a divisor of 32 (uniformDir's table)
constexpr int kMaxGrid = 2 * kMaxPolygonVertices + 4 + 3 * kGridSamples;
/// cos(k pi / 16), k = 0..8: the uniform sample directions without trigonometry.
constexpr double kCos16[9] = {1.0,
                              0.98078528040323043,
                              0.92387953251128674,
                              0.83146961230254524,
                              0.70710678118654757,
                              0.55557023301960218,
                              0.38268343236508984,
                              0.19509032201612828,
                              0.0};

/// Unit vector at angle k * 2 pi / 32.
D2 uniformDir32(int k) {
  const int r = k % 8;
  D2 d = {kCos16[r], kCos16[8 - r]};
  for (int q = k / 8; q > 0; --q) d = {-d.y, d.x};
  return d;
}
/// Unit vector at angle k * 2 pi / kGridSamples.
D2 uniformDir(int k) { return uniformDir32(k * (32 / kGridSamples)); }

/// The directions searched, sorted counter-clockwise from +x: the arc boundaries (A's core face normals, B's
/// negated, the four axes: no arc exceeds a quarter turn, f is smooth inside each) and the samples. Samples are
/// uniform in angle, plus, for each ellipse, uniform in the angle of its unscaled circle (n = L^-T u / |L^-T u|):
/// an ellipse's support function has a valley about smin / smax wide across its minor axis, which the uniform
/// samples would step over and the ellipse's own samples cover densely, whatever its aspect ratio.
int searchGrid(const SupportShape& a, const SupportShape& b, GridDir* grid) {
  GridDir raw[kMaxGrid];
  int n = 0;
  auto add = [&](D2 d, bool boundary) { raw[n++] = {d, pseudoAngle(d), boundary}; };
  for (int k = 0; k < 4; ++k) add(uniformDir32(8 * k), true);
  if (a.core.count >= 2) {
    for (int i = 0; i < a.core.count; ++i) add(unitD(d2(a.core.n[i])), true);
  }
  if (b.core.count >= 2) {
    for (int i = 0; i < b.core.count; ++i) {
      const D2 d = unitD(d2(b.core.n[i]));
      add({-d.x, -d.y}, true);
    }
  }
  for (int k = 0; k < kGridSamples; ++k) add(uniformDir(k), false);
  for (const SupportShape* s : {&a, &b}) {
    if (!s->rounded || s->similar) continue;
    for (int k = 0; k < kGridSamples; ++k) {
      const D2 u = uniformDir(k);
      add(unitD({s->l11 * u.x - s->l10 * u.y, -s->l01 * u.x + s->l00 * u.y}), false);  // adj(L)^T u ~ L^-T u
    }
  }
  // Counter-clockwise, a boundary before a sample of the same direction; equal entries in the order added.
  uint32_t order[kMaxGrid];
  sortIndices(order, size_t(n), [](const void* context, uint32_t i, uint32_t j) {
    const GridDir* g = static_cast<const GridDir*>(context);
    return g[i].key < g[j].key || (g[i].key == g[j].key && g[i].boundary && !g[j].boundary);
  }, raw);
  // One entry per direction (a boundary over a sample): a repeated direction would make a sample's bracket empty.
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const GridDir& g = raw[order[i]];
    if (kept == 0 || g.key != grid[kept - 1].key) grid[kept++] = g;
  }
  return kept;
}

/// f on one arc: the core support vertices are fixed there, so f(n) = <p, n> + |L_A^T n| + |L_B^T n|.
struct ArcFunction {
  const SupportShape* a;
  const SupportShape* b;
  D2 p;  ///< A's support vertex minus B's
  double at(D2 n) const { return dotD(p, n) + a->ellipseSupport(n) + b->ellipseSupport(n); }
  /// f and its first two derivatives in the angle at n (t = n turned a quarter turn: dn/dangle).
  void derivatives(D2 n, double* f0, double* f1, double* f2) const {
    const D2 t = {-n.y, n.x};
    *f0 = dotD(p, n);
    *f1 = dotD(p, t);
    *f2 = -*f0;
    for (const SupportShape* s : {a, b}) {
      if (!s->rounded) continue;
      // e = |L^T n|: e' = <L^T n, L^T t> / e, e'' = (|L^T t|^2 - e^2) / e - e'^2 / e.
      const double ux = s->l00 * n.x + s->l10 * n.y, uy = s->l01 * n.x + s->l11 * n.y;
      const double vx = s->l00 * t.x + s->l10 * t.y, vy = s->l01 * t.x + s->l11 * t.y;
      const double e = std::sqrt(ux * ux + uy * uy), d1 = (ux * vx + uy * vy) / e;
      *f0 += e;
      *f1 += d1;
      *f2 += (vx * vx + vy * vy - e * e) / e - d1 * d1 / e;
    }
  }
};

struct Candidate {
  double value = DBL_MAX;
  D2 n{1.0, 0.0};
  int ia = 0, ib = 0;
};

inline D2 between(D2 d0, D2 d1, double t) { return unitD({(1.0 - t) * d0.x + t * d1.x, (1.0 - t) * d0.y + t * d1.y}); }
inline double chord(D2 d0, D2 d1) { return std::sqrt((d1.x - d0.x) * (d1.x - d0.x) + (d1.y - d0.y) * (d1.y - d0.y)); }

/// Golden-section search of f between directions d0 and d1 (less than a quarter turn apart): f is smooth there and
/// the bracket holds a sampled local minimum.
double goldenSection(const ArcFunction& f, D2 d0, D2 d1, D2* nOut) {
  constexpr double kInvPhi = 0.6180339887498949;
  double lo = 0.0, hi = 1.0;
  double x1 = hi - kInvPhi * (hi - lo), x2 = lo + kInvPhi * (hi - lo);
  double f1 = f.at(between(d0, d1, x1)), f2 = f.at(between(d0, d1, x2));
  for (int it = 0; it < 40; ++it) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - kInvPhi * (hi - lo);
      f1 = f.at(between(d0, d1, x1));
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + kInvPhi * (hi - lo);
      f2 = f.at(between(d0, d1, x2));
    }
  }
  *nOut = between(d0, d1, f1 <= f2 ? x1 : x2);
  return f1 <= f2 ? f1 : f2;
}

/// Whether n lies on the arc from d0 to d1 (less than a half turn), ends included.
inline bool onArc(D2 d0, D2 d1, D2 n) {
  return d0.x * n.y - d0.y * n.x >= 0.0 && n.x * d1.y - n.y * d1.x >= 0.0;
}

/// Newton's method on f' from the sample n0 inside the bracket [d0, d1] (f is smooth there): a step of -f'/f'' in
/// angle turns n by atan of it, which near the minimum is the step itself. Returns false (leaving the bracket to
/// goldenSection) when a step would leave the bracket, f'' is not positive, or f stops decreasing.
bool newtonRefine(const ArcFunction& f, D2 d0, D2 d1, D2 n0, double v0, double* vOut, D2* nOut) {
  D2 n = n0;
  double v = v0;
  for (int it = 0; it < 12; ++it) {
    double f0, f1, f2;
    f.derivatives(n, &f0, &f1, &f2);
    if (!(f2 > 0.0)) return false;
    const double step = -f1 / f2;
    const D2 next = unitD({n.x - step * n.y, n.y + step * n.x});
    if (!onArc(d0, d1, next)) return false;
    const double vn = f.at(next);
    if (vn > v + 1.0e-12 * (1.0 + std::fabs(v))) return false;
    if (vn <= v) {
      v = vn;
      n = next;
    }
    if (std::fabs(step) < 1.0e-9) break;
  }
  *vOut = v;
  *nOut = n;
  return true;
}

/// Minimum of f over one arc, given its grid directions dirs[0..count) (both boundaries included): every sampled
/// local minimum refined between its neighbours; the arc ends are candidates as they are (exact face normals,
/// where f has its kinks). A sampled minimum is refined only when its bracket can hold a value below the best so
/// far: inside an arc f + f'' is the radius of curvature of the Minkowski difference (at most `curvature`, the
/// sum of the ellipses' largest radii), so f'' <= curvature - f and the bracket's minimum lies at most
/// f'' h^2 / 2 below the sample (h: the larger neighbour spacing, in angle).
/// Returns false, with that sample as the best, as soon as a sample falls below `apart`: f there is a separating
/// axis's gap, so the pair is apart whatever the minimum.
bool minimizeOnArc(const ArcFunction& f, const D2* dirs, int count, double curvature, double apart, int ia, int ib,
                   Candidate* best) {
  double vals[kMaxGrid + 1];
  auto offer = [&](double v, D2 n) {
    if (v < best->value) {
      best->value = v;
      best->n = n;
      best->ia = ia;
      best->ib = ib;
    }
  };
  for (int j = 0; j < count; ++j) {
    vals[j] = f.at(dirs[j]);
    if (vals[j] < apart) {
      offer(vals[j], dirs[j]);
      return false;
    }
  }
  const int last = count - 1;
  for (int j = 0; j <= last; ++j) {
    const bool left = j == 0 || vals[j] < vals[j - 1];
    const bool right = j == last || vals[j] <= vals[j + 1];
    if (!left || !right) continue;
    if (j == 0 || j == last) offer(vals[j], dirs[j]);
    const D2 lo = dirs[j == 0 ? 0 : j - 1], hi = dirs[j == last ? last : j + 1];
    const double h = 1.1 * std::fmax(chord(lo, dirs[j]), chord(dirs[j], hi));  // angle <= 1.1 chord below pi / 2
    const double margin = 0.5 * (curvature + std::fabs(vals[j])) * h * h;
    if (vals[j] - margin > best->value) continue;
    if (j == 0 || j == last) {
      // An arc end (a kink of f) where f rises into the arc: the end is the arc's minimum near it.
      double f0, f1, f2;
      f.derivatives(dirs[j], &f0, &f1, &f2);
      if (j == 0 ? f1 >= 0.0 : f1 <= 0.0) continue;
    }
    D2 n;
    double v;
    if (!newtonRefine(f, lo, hi, dirs[j], vals[j], &v, &n)) v = goldenSection(f, lo, hi, &n);
    offer(v, n);
  }
  return true;
}

/// The minimum over all directions of h_A(n) + h_B(-n), with the core support vertices at the minimum; or, as soon
/// as a direction gives less than `apart`, that direction (the pair is apart).
Candidate minimumTranslation(const SupportShape& a, const SupportShape& b, double apart) {
  GridDir grid[kMaxGrid];
  const int count = searchGrid(a, b, grid);
  double minA, maxA, minB, maxB;
  a.singularValues(&minA, &maxA);
  b.singularValues(&minB, &maxB);
  const double curvature = (a.rounded ? maxA * maxA / minA : 0.0) + (b.rounded ? maxB * maxB / minB : 0.0);
  Candidate best;
  int ia = 0, ib = 0;
  D2 arc[kMaxGrid + 1];
  // grid[0] is the +x axis, a boundary; each arc runs from a boundary to the next (the last back to grid[0]).
  for (int i = 0; i < count;) {
    int j = i + 1;
    while (j < count && !grid[j].boundary) ++j;
    int m = 0;
    for (int k = i; k < j; ++k) arc[m++] = grid[k].d;
    arc[m++] = grid[j == count ? 0 : j].d;
    const D2 mid = unitD({arc[0].x + arc[m - 1].x, arc[0].y + arc[m - 1].y});
    ia = a.supportVertex(mid, ia);
    ib = b.supportVertex({-mid.x, -mid.y}, ib);
    ArcFunction f;
    f.a = &a;
    f.b = &b;
    const D2 va = a.vertex(ia), vb = b.vertex(ib);
    f.p = {va.x - vb.x, va.y - vb.y};
    if (!minimizeOnArc(f, arc, m, curvature, apart, ia, ib, &best)) break;
    i = j;
  }
  return best;
}

/// A shape's support feature along n: a point, or a segment when a core edge lies flat against n (within
/// kFlatSine). Endpoints carry their source vertex ids; `edge` the source edge id when it is a segment.
struct Feature {
  D2 p0, p1;
  int id0 = 0, id1 = 0;
  int edge = -1;
  bool segment = false;
};

constexpr double kFlatSine = 0.005;
/// For closest points: a core edge counts as flat along n only when n is its face normal up to float rounding
/// (the distance's maximum lies exactly on a face normal whenever a flat side is closest).
constexpr double kExactFlatSine = 1.0e-5;

Feature supportFeature(const SupportShape& s, int v, D2 n, double flatSine = kFlatSine) {
  Feature f;
  const D2 e = s.ellipsePoint(n);
  const D2 pv = s.vertex(v);
  f.p0 = f.p1 = {pv.x + e.x, pv.y + e.y};
  f.id0 = f.id1 = s.vertexId(v);
  const int c = s.core.count;
  if (c < 2) return f;
  // The two edges at v: from v (normal n[v]) and into v (normal n[v - 1]); a segment's only edge is 0 (both ways).
  const int prev = v == 0 ? c - 1 : v - 1, next = v + 1 == c ? 0 : v + 1;
  const int candidates[2] = {v, prev};
  for (int k = 0; k < 2; ++k) {
    const int edge = candidates[k];
    const D2 en = unitD(d2(s.core.n[edge]));
    if (dotD(en, n) < std::sqrt(1.0 - flatSine * flatSine)) continue;
    const int other = k == 0 ? next : prev;
    const D2 po = s.vertex(other);
    f.p1 = {po.x + e.x, po.y + e.y};
    f.id1 = s.vertexId(other);
    f.edge = c == 2 ? 0 : s.core.srcEdge(edge);
    f.segment = true;
    break;
  }
  return f;
}

/// Point of a segment feature at tangent coordinate u (the feature spans its endpoints' coordinates).
D2 atTangent(const Feature& f, D2 t, double u) {
  const double u0 = dotD(f.p0, t), u1 = dotD(f.p1, t);
  if (!f.segment || u1 == u0) return f.p0;
  double s = (u - u0) / (u1 - u0);
  s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
  return {f.p0.x + s * (f.p1.x - f.p0.x), f.p0.y + s * (f.p1.y - f.p0.y)};
}

/// Contact points from both support features: the ends of their overlap along the tangent when both are flat,
/// one point otherwise (at the point feature, projected onto the other). Each point is midway between the two
/// surfaces.
void clipFeatures(const Feature& fa, const Feature& fb, D2 n, double depth, float tol, Manifold* m) {
  const D2 t = {-n.y, n.x};
  auto emit = [&](double u, int idA, int idB) {
    const D2 pa = atTangent(fa, t, u), pb = atTangent(fb, t, u);
    ManifoldPoint& mp = m->points[m->pointCount];
    mp.point = {float(0.5 * (pa.x + pb.x)), float(0.5 * (pa.y + pb.y))};
    mp.depth = float(dotD({pa.x - pb.x, pa.y - pb.y}, n));
    mp.id = makeFeatureId(uint32_t(idA), uint32_t(idB));
    ++m->pointCount;
  };
  // One point by default: at the point-like feature, or for two flat sides meeting at an end (their tangent
  // ranges touching, not overlapping) where they meet.
  double u = !fa.segment ? dotD(fa.p0, t) : dotD(fb.p0, t);
  if (fa.segment && fb.segment) {
    const double a0 = dotD(fa.p0, t), a1 = dotD(fa.p1, t), b0 = dotD(fb.p0, t), b1 = dotD(fb.p1, t);
    const bool aUp = a0 <= a1, bUp = b0 <= b1;
    const double aLo = aUp ? a0 : a1, aHi = aUp ? a1 : a0, bLo = bUp ? b0 : b1, bHi = bUp ? b1 : b0;
    const double lo = aLo > bLo ? aLo : bLo, hi = aHi < bHi ? aHi : bHi;
    if (hi - lo > double(tol)) {
      emit(lo, aUp ? fa.id0 : fa.id1, bUp ? fb.id0 : fb.id1);
      emit(hi, aUp ? fa.id1 : fa.id0, bUp ? fb.id1 : fb.id0);
      // A tilted flat side: drop an end that is apart by more than the tolerance (it is not touching).
      if (m->points[1].depth < -tol) m->pointCount = 1;
      if (m->points[0].depth < -tol) {
        m->points[0] = m->points[1];
        --m->pointCount;
      }
      if (m->pointCount > 0) return;
    }
    m->pointCount = 0;
    u = 0.5 * (lo + hi);
  }
  const int idA = fa.segment ? fa.edge : fa.id0, idB = fb.segment ? fb.edge : fb.id0;
  emit(u, idA, idB);
  m->points[0].depth = float(depth);
}

/// Closest points of two support features facing each other along n (A's feature along n, B's along -n): the
/// point feature and its projection onto the other, or for two flat sides the middle of their overlap along the
/// tangent (their ranges' nearest ends when they do not overlap).
void closestOfFeatures(const Feature& fa, const Feature& fb, D2 n, D2* pa, D2* pb) {
  const D2 t = {-n.y, n.x};
  double u;
  if (fa.segment && fb.segment) {
    const double a0 = dotD(fa.p0, t), a1 = dotD(fa.p1, t), b0 = dotD(fb.p0, t), b1 = dotD(fb.p1, t);
    const double lo = std::fmax(std::fmin(a0, a1), std::fmin(b0, b1));
    const double hi = std::fmin(std::fmax(a0, a1), std::fmax(b0, b1));
    u = 0.5 * (lo + hi);
  } else {
    u = !fa.segment ? dotD(fa.p0, t) : dotD(fb.p0, t);
  }
  *pa = atTangent(fa, t, u);
  *pb = atTangent(fb, t, u);
}

}  // namespace

SupportMinimum minimumSupportTranslation(const ShapeRef& sa, const Placement& pa, const ShapeRef& sb,
                                         const Placement& pb) {
  ShapeStore storeA, storeB;
  const SupportShape a = makeSupportShape(sa, pa, &storeA);
  const SupportShape b = makeSupportShape(sb, pb, &storeB);
  const Candidate best = minimumTranslation(a, b, -DBL_MAX);
  SupportMinimum out;
  out.value = best.value;
  out.normal = {float(best.n.x), float(best.n.y)};
  return out;
}

SupportDistance distanceSupportShapes(const ShapeRef& sa, const Placement& pa, const ShapeRef& sb,
                                      const Placement& pb) {
  ShapeStore storeA, storeB;
  const SupportShape a = makeSupportShape(sa, pa, &storeA);
  const SupportShape b = makeSupportShape(sb, pb, &storeB);
  const Candidate best = minimumTranslation(a, b, -DBL_MAX);
  SupportDistance out;
  const D2 n = best.n;
  const D2 m = {-n.x, -n.y};
  const Feature fa = supportFeature(a, best.ia, n, kExactFlatSine);
  const Feature fb = supportFeature(b, best.ib, m, kExactFlatSine);
  D2 qa, qb;
  closestOfFeatures(fa, fb, n, &qa, &qb);
  out.apart = best.value < 0.0;
  out.distance = best.value < 0.0 ? -best.value : 0.0;
  out.normal = {float(n.x), float(n.y)};
  if (out.apart) {
    out.pointA = {float(qa.x), float(qa.y)};
    out.pointB = {float(qb.x), float(qb.y)};
  } else {
    const Vec2 mid = {float(0.5 * (qa.x + qb.x)), float(0.5 * (qa.y + qb.y))};
    out.pointA = out.pointB = mid;
  }
  return out;
}

/// The point of B's lower boundary (the side facing -n) at tangent coordinate u along e, measured from q1, for
/// a B whose lowest point along -n lies past u (beyond it when `high`, before it otherwise): the support
/// directions turn from -n towards -e (or +e) until their support point's tangent coordinate is u, by bisection;
/// a flat side met there is interpolated. False when B does not reach u.
bool boundaryAtTangent(const SupportShape& b, D2 n, D2 e, D2 q1, double u, bool high, D2* out, int* id) {
  const D2 down = {-n.x, -n.y}, side = high ? D2{-e.x, -e.y} : e;
  auto pointAt = [&](double phi, int* vertex) {  // phi in [0, 1]: a quarter turn from down to side
    const D2 d = unitD({(1.0 - phi) * down.x + phi * side.x, (1.0 - phi) * down.y + phi * side.y});
    *vertex = b.supportVertex(d, *vertex);
    const D2 ep = b.ellipsePoint(d), pv = b.vertex(*vertex);
    return D2{pv.x + ep.x, pv.y + ep.y};
  };
  auto tangent = [&](D2 p) { return dotD(e, {p.x - q1.x, p.y - q1.y}); };
  int vLo = 0, vHi = 0;
  double aLo = 0.0, aHi = 1.0;
  D2 pLo = pointAt(aLo, &vLo), pHi = pointAt(aHi, &vHi);
  const auto past = [&](double t) { return high ? t > u : t < u; };
  if (past(tangent(pHi))) return false;  // even B's extreme point along `side` lies past u: B misses the segment
  for (int it = 0; it < 60; ++it) {
    const double mid = 0.5 * (aLo + aHi);
    int v = vLo;
    const D2 p = pointAt(mid, &v);
    if (past(tangent(p))) {
      aLo = mid;
      pLo = p;
      vLo = v;
    } else {
      aHi = mid;
      pHi = p;
      vHi = v;
    }
  }
  // pLo and pHi straddle u: one point of a smooth arc, or the two ends of a flat side between them.
  const double tl = tangent(pLo), th = tangent(pHi);
  const double t = th == tl ? 0.0 : (u - tl) / (th - tl);
  *out = {pLo.x + t * (pHi.x - pLo.x), pLo.y + t * (pHi.y - pLo.y)};
  *id = b.vertexId(vHi);
  return true;
}

Manifold collideSupportAlongFace(Vec2 p1, Vec2 p2, Vec2 n1, const ShapeRef& sb, const Placement& pb, float tol) {
  ShapeStore store;
  const SupportShape b = makeSupportShape(sb, pb, &store);
  const D2 n = unitD(d2(n1)), back = {-n.x, -n.y};
  const D2 q1 = d2(p1);
  // B's lowest point above the face's line: minus its support value along -n1, from p1's level.
  const int v = b.supportVertex(back, 0);
  const double low = -(dotD(b.vertex(v), back) + b.ellipseSupport(back)) - dotD(n, q1);
  if (low > double(tol)) return {};
  // B's support feature along -n1 (a point, or a flat side of a capsule or polygon), clipped to the segment's
  // extent along its direction (with the tolerance).
  const Feature fb = supportFeature(b, v, back);
  const D2 e = {-n.y, n.x};  // the segment's direction p1 -> p2: n1 is its right-hand normal
  const double lo = -double(tol), hi = dotD(e, {double(p2.x) - q1.x, double(p2.y) - q1.y}) + double(tol);
  D2 w[2] = {fb.p0, fb.p1};
  int ids[2] = {fb.id0, fb.id1};
  uint32_t segFeature[2] = {0u, 0u};
  int ends = 1;
  if (fb.segment) {
    ends = 2;
    const double sv[2] = {dotD(e, {w[0].x - q1.x, w[0].y - q1.y}), dotD(e, {w[1].x - q1.x, w[1].y - q1.y})};
    D2 clipped[2] = {w[0], w[1]};
    for (int k = 0; k < 2; ++k) {
      const double bound = sv[k] < lo ? lo : (sv[k] > hi ? hi : sv[k]);
      if (bound == sv[k]) continue;
      const double other = sv[1 - k];
      if ((other - bound) * (sv[k] - bound) >= 0.0) return {};  // the whole side lies beyond this end
      const double t = (bound - sv[k]) / (other - sv[k]);
      clipped[k] = {w[k].x + t * (w[1 - k].x - w[k].x), w[k].y + t * (w[1 - k].y - w[k].y)};
      ids[k] = fb.edge;
      segFeature[k] = bound == lo ? 0u : 1u;
    }
    w[0] = clipped[0];
    w[1] = clipped[1];
  } else {
    const double sv = dotD(e, {w[0].x - q1.x, w[0].y - q1.y});
    if (sv < lo || sv > hi) {
      // The deepest point lies beyond the segment's end, which B may still cross: B's lowest point over the
      // segment is then on its boundary right at that end (B is convex).
      const bool high = sv > hi;
      if (!boundaryAtTangent(b, n, e, q1, high ? hi : lo, high, &w[0], &ids[0])) return {};
      segFeature[0] = high ? 1u : 0u;
    }
  }
  Manifold m;
  for (int k = 0; k < ends; ++k) {
    const double h = dotD(n, {w[k].x - q1.x, w[k].y - q1.y});
    if (h > double(tol)) continue;
    ManifoldPoint& mp = m.points[m.pointCount++];
    mp.point = {float(w[k].x - 0.5 * h * n.x), float(w[k].y - 0.5 * h * n.y)};
    mp.depth = float(-h);
    mp.id = makeFeatureId(segFeature[k], uint32_t(ids[k]));
    if (m.pointCount == 1 || mp.depth > m.depth) m.depth = mp.depth;
  }
  if (m.pointCount == 0) return {};
  m.normal = n1;
  return m;
}

bool needsSupportPath(const ShapeRef& s, const Placement& p) {
  return (s.type == ShapeType::Circle || s.type == ShapeType::Capsule) && !isSimilarity(p);
}

Manifold collideSupportShapes(const ShapeRef& sa, const Placement& pa, const ShapeRef& sb, const Placement& pb,
                              float tol) {
  ShapeStore storeA, storeB;
  const SupportShape a = makeSupportShape(sa, pa, &storeA);
  const SupportShape b = makeSupportShape(sb, pb, &storeB);
  const Candidate best = minimumTranslation(a, b, -double(tol));
  Manifold m;
  if (!(best.value >= -double(tol))) return m;  // apart (or NaN)
  const D2 n = best.n;
  m.normal = {float(n.x), float(n.y)};
  m.depth = float(best.value);
  const Feature fa = supportFeature(a, best.ia, n);
  const Feature fb = supportFeature(b, best.ib, {-n.x, -n.y});
  clipFeatures(fa, fb, n, best.value, tol, &m);
  return m;
}

}  // namespace sat::detail
