// Box - box without hull machinery: the 15 axes in closed form (Gottschalk, "OBBTree", 1996) on B's pose in A's
// frame, three axes at a time, then contacts from the reference box's own frame, where its face and side planes
// are axis-aligned: the incident face is the other box's face centre plus or minus two half axes, four corners in
// four lanes, and its part inside the face's rectangle |x_l| <= h_l is found directly rather than by clipping plane
// after plane. Feature ids follow the cube topology of boxView and makeBoxHull, so the same boxes as hulls (the
// reference this path is tested against, through the general clipping) name the same features.
#include <cmath>
#include <cstddef>

#include "narrow3.h"

namespace sat {
namespace detail {

namespace {

inline F4 lanes(Vec3 v) { return F4{v.x, v.y, v.z, 0.0f}; }
inline Vec3 vec3(F4 v) { return {v[0], v[1], v[2]}; }
/// sign in lane k, +0 in the others: one compare and select, where three selects on k become a chain of branches
/// on a winning axis that no predictor can learn.
inline F4 unitAxis4(int k, float sign) {
  return (I4{0, 1, 2, 3} == I4{k, k, k, k}) ? F4{sign, sign, sign, sign} : F4{0.0f, 0.0f, 0.0f, 0.0f};
}
inline Vec3 unitAxis(int k, float sign) { return vec3(unitAxis4(k, sign)); }
/// (k + 1) mod 3 and (k + 2) mod 3 for k in 0..2, by shifts of a constant rather than selects that compile to
/// branches on an unpredictable axis.
inline int next3(int k) { return (0x09 >> (2 * k)) & 3; }
inline int prev3(int k) { return (0x12 >> (2 * k)) & 3; }
/// +1.0f or -1.0f as c is true or false (SAT_SELECT: a four-lane select in WebAssembly SIMD builds).
#define SAT_SIGN(c) SAT_SELECT((c), 1.0f, -1.0f)
/// -1.0f or +1.0f as bit is 0 or 1 (times x: -x or x, the same bits as a negation, without a branch). In
/// WebAssembly SIMD builds SAT_SIGN: clang folds float(2 * bit - 1) into an f32 select, which V8 makes a branch of.
inline float signOfBit(int bit) {
#if defined(__wasm_simd128__)
  return SAT_SIGN(bit != 0);
#else
  return float(2 * bit - 1);
#endif
}
/// *point = vec3(v) as one 16-byte store, lane 3 landing on the float after it, which the caller writes next.
inline void storeThenOverwriteNext(Vec3* point, F4 v) {
  __builtin_memcpy(reinterpret_cast<unsigned char*>(point), &v, sizeof v);
}
static_assert(offsetof(ManifoldPoint3, depth) == 12 && offsetof(Manifold3, depth) == 12,
              "a point and a normal are followed by their depth");
/// {v1, v2, v0, v3} and {v2, v0, v1, v3}: lane j takes lane j + 1 or j + 2 (mod 3).
inline F4 rotate1(F4 v) { return F4{v[1], v[2], v[0], v[3]}; }
inline F4 rotate2(F4 v) { return F4{v[2], v[0], v[1], v[3]}; }
/// Index of the largest of lanes 0..2, the first on a tie.
inline int argmax3(F4 v) {
  const bool above0 = v[1] > v[0];
  const bool above = v[2] > SAT_SELECT(above0, v[1], v[0]);
  return 2 * int(above) + (int(above0) & ~int(above));  // arithmetic: a branch on the winner mispredicts
}
/// splat4(hmax4(v)) with hmax4's pairing (max(max(v0, v1), max(v2, v3)), each max a > b ? a : b), so the same
/// value, signed zeros included, in every lane and without leaving the register.
inline F4 hmax4Splat(F4 v) {
  const F4 pairs = max4(v, __builtin_shufflevector(v, v, 1, 0, 3, 2));
  return max4(pairs, __builtin_shufflevector(pairs, pairs, 2, 3, 0, 1));
}
/// argmax3(v), and v[argmax3(v)] in *largest, from lanes taken by constant index. The index is made by arithmetic
/// on the two comparisons and the value by two selects (maxss natively): which lane wins is unpredictable, and
/// branches on it mispredict.
inline int argmax3(F4 v, float* largest) {
  const float v0 = v[0], v1 = v[1], v2 = v[2];
  const bool above0 = v1 > v0;
  const float m = SAT_SELECT(above0, v1, v0);
  const bool above = v2 > m;
  *largest = SAT_SELECT(above, v2, m);
  return 2 * int(above) + (int(above0) & ~int(above));
}

}  // namespace

namespace {

/// The same lanes shuffled: lane k of the result is lane Ik of v.
template <int I0, int I1, int I2, int I3>
inline F4 shuffle4(F4 v) {
  return __builtin_shufflevector(v, v, I0, I1, I2, I3);
}

/// toMat3(q)'s columns, lane 3 zero, with toMat3's products and sums (the same bits): column x is
/// e_x + 2 (y (-y, x, -w) + z (-z, w, x)), column y e_y + 2 (x (y, -x, w) + z (-w, -z, y)), column z
/// e_z + 2 (x (z, -w, -x) + y (w, z, -y)), where -(a + b) rounds as -a - b.
inline void rotationColumns(const Quat& q, F4* c) {
  F4 v;
  __builtin_memcpy(&v, &q, sizeof v);  // one load, where building the vector from four floats takes six shuffles
  const F4 x = shuffle4<0, 0, 0, 0>(v), y = shuffle4<1, 1, 1, 1>(v), z = shuffle4<2, 2, 2, 2>(v);
  const F4 two = splat4(2.0f);
  c[0] = F4{1.0f, 0.0f, 0.0f, 0.0f} + two * (y * (shuffle4<1, 0, 3, 3>(v) * F4{-1.0f, 1.0f, -1.0f, 0.0f}) +
                                             z * (shuffle4<2, 3, 0, 0>(v) * F4{-1.0f, 1.0f, 1.0f, 0.0f}));
  c[1] = F4{0.0f, 1.0f, 0.0f, 0.0f} + two * (x * (shuffle4<1, 0, 3, 3>(v) * F4{1.0f, -1.0f, 1.0f, 0.0f}) +
                                             z * (shuffle4<3, 2, 1, 1>(v) * F4{-1.0f, -1.0f, 1.0f, 0.0f}));
  c[2] = F4{0.0f, 0.0f, 1.0f, 0.0f} + two * (x * (shuffle4<2, 3, 0, 0>(v) * F4{1.0f, -1.0f, -1.0f, 0.0f}) +
                                             y * (shuffle4<3, 2, 1, 1>(v) * F4{1.0f, 1.0f, -1.0f, 0.0f}));
}

/// m^T v for m given as its rows (lane 3 zero): lane i is column i . v, summed x, y, z as dot() does.
inline F4 mulRows(const F4* rows, F4 v) {
  return rows[0] * shuffle4<0, 0, 0, 0>(v) + rows[1] * shuffle4<1, 1, 1, 1>(v) + rows[2] * shuffle4<2, 2, 2, 2>(v);
}

/// Columns to rows (or back) of a 3x3 matrix held as three vectors with lane 3 zero.
inline void transpose3(const F4* in, F4* out) {
  F4 r0 = in[0], r1 = in[1], r2 = in[2], r3 = splat4(0.0f);
  transpose4(r0, r1, r2, r3);
  out[0] = r0, out[1] = r1, out[2] = r2;
}

void finishBoxPair(F4 e, F4 f, F4 t, BoxPair* p) {
  p->e = e;
  p->f = f;
  p->t = t;
  SAT_UNROLL_FULL
  for (int i = 0; i < 3; ++i) p->absRow[i] = abs4(p->row[i]), p->absCol[i] = abs4(p->col[i]);
}

}  // namespace

static_assert(offsetof(Transform3, p) == 0 && sizeof(Transform3) >= 16, "makeBoxPair loads p as four floats");

namespace {
// makeBoxPair from the extents as four lanes (lane 3 zero), inlined into collide().
[[gnu::always_inline]] inline BoxPair boxPairOf(F4 e, F4 f, const Transform3& xfA, const Transform3& xfB) {
  BoxPair p;
  rotationColumns(xfA.q, p.axesA);
  rotationColumns(xfB.q, p.axesB);
  // rA's rows: lane i of row k is A's axis i, component k, so that row-weighted sums give dot products with A's axes.
  F4 rowsA[3];
  transpose3(p.axesA, rowsA);
  SAT_UNROLL_FULL
  for (int j = 0; j < 3; ++j) p.col[j] = mulRows(rowsA, p.axesB[j]);
  transpose3(p.col, p.row);
  // The first 16 bytes of each transform: its position and, in lane 3, a float that mulRows does not read.
  F4 pA, pB;
  __builtin_memcpy(&pA, &xfA, sizeof pA);
  __builtin_memcpy(&pB, &xfB, sizeof pB);
  finishBoxPair(e, f, mulRows(rowsA, pB - pA), &p);
  return p;
}
}  // namespace

BoxPair makeBoxPair(Vec3 e, Vec3 f, const Transform3& xfA, const Transform3& xfB) {
  return boxPairOf(lanes(e), lanes(f), xfA, xfB);
}

BoxPair makeBoxPairReference(Vec3 e, Vec3 f, const Transform3& xfA, const Transform3& xfB) {
  const Mat3 rA = toMat3(xfA.q), rB = toMat3(xfB.q);
  const Mat3 r = mulT(rA, rB);
  BoxPair p;
  p.axesA[0] = lanes(rA.cx), p.axesA[1] = lanes(rA.cy), p.axesA[2] = lanes(rA.cz);
  p.axesB[0] = lanes(rB.cx), p.axesB[1] = lanes(rB.cy), p.axesB[2] = lanes(rB.cz);
  p.col[0] = lanes(r.cx), p.col[1] = lanes(r.cy), p.col[2] = lanes(r.cz);
  p.row[0] = F4{r.cx.x, r.cy.x, r.cz.x, 0.0f};
  p.row[1] = F4{r.cx.y, r.cy.y, r.cz.y, 0.0f};
  p.row[2] = F4{r.cx.z, r.cy.z, r.cz.z, 0.0f};
  finishBoxPair(lanes(e), lanes(f), lanes(mulT(rA, xfB.p - xfA.p)), &p);
  return p;
}

namespace {
// The results for A's face axis ia and B's face axis jb (posB: A lies on B's -axis side, so that B's face toward A
// has normal -col_j and the axis from A to B is +col_j).
inline SatResult faceAResult(const BoxPair& p, int ia, float separation) {
  const bool pos = p.t[ia] >= 0.0f;
  return {SatAxis3::FaceA, 2 * ia + (pos ? 1 : 0), -1, separation, unitAxis(ia, SAT_SIGN(pos))};
}
inline SatResult faceBResult(const BoxPair& p, int jb, bool posB, float separation) {
  return {SatAxis3::FaceB, -1, 2 * jb + (posB ? 0 : 1), separation, SAT_SIGN(posB) * vec3(p.col[jb])};
}
// useB ? faceBResult(...) : faceAResult(...), built with selects: which of the two wins is unpredictable.
inline SatResult faceResult(const BoxPair& p, bool useB, int ia, float sepA, int jb, bool posB, float sepB) {
  const int posA = p.t[ia] >= 0.0f ? 1 : 0;
  const F4 normalA = unitAxis4(ia, signOfBit(posA)), normalB = splat4(signOfBit(posB ? 1 : 0)) * p.col[jb];
  const int b = useB ? 1 : 0;
  SatResult r;
  r.kind = b ? SatAxis3::FaceB : SatAxis3::FaceA;
  r.indexA = b ? -1 : 2 * ia + posA;
  r.indexB = b ? 2 * jb + (posB ? 0 : 1) : -1;
  r.separation = SAT_SELECT(b != 0, sepB, sepA);
  r.normal = vec3((I4{-b, -b, -b, -b} != I4{0, 0, 0, 0}) ? normalB : normalA);
  return r;
}
}  // namespace

// Face indices are the cube's (2k: -axis k, 2k + 1: +axis k); an edge pair names the two boxes' axes.
namespace {
// boxSat, inlined into collide() (its result then stays in registers rather than going through memory).
[[gnu::always_inline]] inline SatResult boxSatOf(const BoxPair& p, float tol) {
  // A's faces (lane i): the box's projection radius on axis i is e_i + sum_j f_j |R_ij|.
  const F4 faceA =
      abs4(p.t) - (p.e + splat4(p.f[0]) * p.absCol[0] + splat4(p.f[1]) * p.absCol[1] + splat4(p.f[2]) * p.absCol[2]);
  float sepA;
  const int ia = argmax3(faceA, &sepA);
  if (sepA > tol) return faceAResult(p, ia, sepA);
  // B's faces (lane j), with A's centre seen from B: tB_j = t . col_j.
  const F4 tB = splat4(p.t[0]) * p.row[0] + splat4(p.t[1]) * p.row[1] + splat4(p.t[2]) * p.row[2];
  const F4 faceB =
      abs4(tB) - (p.f + splat4(p.e[0]) * p.absRow[0] + splat4(p.e[1]) * p.absRow[1] + splat4(p.e[2]) * p.absRow[2]);
  float sepB;
  const int jb = argmax3(faceB, &sepB);
  if (sepB > tol) return faceBResult(p, jb, tB[jb] > 0.0f, sepB);
  // Edge axes e_i x col_j (lane j), of length sqrt(R_i1j^2 + R_i2j^2). Parallel edges (within 1e-5 rad) are
  // skipped: the face axes cover them.
  const F4 fRot1 = rotate1(p.f), fRot2 = rotate2(p.f);
  F4 sep[3];
  SAT_UNROLL_FULL
  for (int i = 0; i < 3; ++i) {
    const int i1 = i == 2 ? 0 : i + 1, i2 = i == 0 ? 2 : i - 1;
    const F4 len2 = p.row[i1] * p.row[i1] + p.row[i2] * p.row[i2];
    const F4 tl = splat4(p.t[i2]) * p.row[i1] - splat4(p.t[i1]) * p.row[i2];
    const F4 rA = splat4(p.e[i1]) * p.absRow[i2] + splat4(p.e[i2]) * p.absRow[i1];
    const F4 rB = fRot1 * rotate2(p.absRow[i]) + fRot2 * rotate1(p.absRow[i]);
    const F4 s = (abs4(tl) - (rA + rB)) / sqrt4(max4(len2, splat4(1.0e-10f)));
    sep[i] = len2 > splat4(1.0e-10f) ? s : splat4(-FLT_MAX);
  }
  const F4 bestLanes = hmax4Splat(max4(max4(sep[0], sep[1]), sep[2]));
  const float best = bestLanes[0];
  // As for hulls: faces before edges and A before B unless the other separates clearly more.
  const float bias = 0.5f * tol;
  const bool useB = sepB > sepA + bias;
  const float faceSep = SAT_SELECT(useB, sepB, sepA);
  if (best > tol || (best > -FLT_MAX && best > faceSep + bias)) {
    // The first (i, then j) that reaches the largest: four bits per i, lane 3 never matches (-FLT_MAX < best).
    const int hits = bits4(sep[0] == bestLanes) | bits4(sep[1] == bestLanes) << 4 | bits4(sep[2] == bestLanes) << 8;
    const int first = __builtin_ctz(unsigned(hits));
    const int bi = first >> 2, bj = first & 3;
    const Vec3 axis = cross(unitAxis(bi, 1.0f), vec3(p.col[bj]));
    const float tl = p.t[0] * axis.x + p.t[1] * axis.y + p.t[2] * axis.z;
    return {SatAxis3::EdgePair, bi, bj, best, SAT_SIGN(tl >= 0.0f) * normalize(axis)};
  }
  return faceResult(p, useB, ia, sepA, jb, tB[jb] > 0.0f, sepB);
}
}  // namespace

SatResult boxSat(const BoxPair& p, float tol) { return boxSatOf(p, tol); }

namespace {

// Per cube face, read once from cubeTopology: its loop's corners and half-edges, and the side plane of each
// half-edge as (tangent axis 0 or 1 of the face frame, sign).
struct BoxFaceTables {
  struct Side {
    uint8_t axis;  ///< 0: the face's u axis ((k + 1) mod 3), 1: its v axis ((k + 2) mod 3)
    uint8_t edge;  ///< the half-edge whose side plane this is
    float sign;    ///< the plane is sign * x_axis <= h_axis
  };
  Side sides[6][4];
  uint8_t outsideShift[6][4];  ///< side plane q's mask in outsideMasks' result: 4 * (2 * axis + (sign < 0))
  /// The face's loop corner q (cube corner, bit k = +axis k) as a Vertex feature, and the half-edge leaving it along
  /// the loop as an Edge feature.
  uint16_t cornerFeature[6][4], edgeFeature[6][4];
  F4 sign1[6], sign2[6];  ///< lane q: +-1 as loop corner q lies on the + or - side of the face's other two axes
  /// The face rectangle's corner between side planes q and q + 1 (mod 4): its (u, v) signs, and its id as clipPolygon
  /// names it, (Edge s, Corner r) for the planes of consecutive edges r, s ((Edge last, Corner first) for q = 3).
  float rectU[6][4], rectV[6][4];
  uint32_t rectId[6][4];
  uint8_t along[8][3];    ///< cubeTopology().along, here so that edge contacts need no call into another file
};

BoxFaceTables makeBoxFaceTables() {
  const CubeTopology& cube = cubeTopology();
  BoxFaceTables t{};
  for (int f = 0; f < 6; ++f) {
    const int k = f >> 1;
    int e = cube.faces[f].edge;
    for (int q = 0; q < 4; ++q) {
      const int u = cube.edges[e].origin, w = cube.edges[cube.edges[e].next].origin;
      const int side = 7 & ~((1 << k) | (u ^ w));  // the bit of the remaining axis
      const int l = side == 1 ? 0 : side == 2 ? 1 : 2;
      t.sides[f][q] = {uint8_t(l == (k == 2 ? 0 : k + 1) ? 0 : 1), uint8_t(e), (u & side) ? 1.0f : -1.0f};
      t.outsideShift[f][q] = uint8_t(4 * (2 * t.sides[f][q].axis + (t.sides[f][q].sign < 0.0f ? 1 : 0)));
      t.cornerFeature[f][q] = makeFeature3(Feature3::Vertex, u);
      t.edgeFeature[f][q] = makeFeature3(Feature3::Edge, e);
      const int j1 = k == 2 ? 0 : k + 1, j2 = k == 0 ? 2 : k - 1;
      t.sign1[f][q] = (u >> j1) & 1 ? 1.0f : -1.0f;
      t.sign2[f][q] = (u >> j2) & 1 ? 1.0f : -1.0f;
      e = cube.edges[e].next;
    }
  }
  for (int f = 0; f < 6; ++f) {
    for (int q = 0; q < 4; ++q) {
      const int r = q == 3 ? 0 : q + 1;
      const BoxFaceTables::Side sq = t.sides[f][q], sr = t.sides[f][r];
      t.rectU[f][q] = sq.axis ? sr.sign : sq.sign;
      t.rectV[f][q] = sq.axis ? sq.sign : sr.sign;
      const int first = q == 3 ? r : q, second = q == 3 ? q : r;
      t.rectId[f][q] = uint32_t(makeFeature3(Feature3::Edge, t.sides[f][second].edge)) << 16 |
                       makeFeature3(Feature3::Corner, t.sides[f][first].edge);
    }
  }
  for (int c = 0; c < 8; ++c) {
    for (int k = 0; k < 3; ++k) t.along[c][k] = cube.along[c][k];
  }
  return t;
}

const BoxFaceTables& boxFaceTables() {
  static const BoxFaceTables tables = makeBoxFaceTables();
  return tables;
}

}  // namespace

namespace {
// The first candidate whose value is the largest of `values` (one per candidate, blocks of four; lanes that must
// not win hold a value below every real one).
inline int firstLargest(const F4* values, int blocks) {
  F4 m = values[0];
  for (int b = 1; b < blocks; ++b) m = max4(m, values[b]);
  const F4 hi = hmax4Splat(m);
  // Every block's equal lanes in one mask (at most six blocks, 24 bits), so that the first is one ctz and not a
  // search whose length mispredicts.
  int hits = 0;
  for (int b = 0; b < blocks; ++b) hits |= bits4(values[b] == hi) << (4 * b);
  return __builtin_ctz(unsigned(hits));
}
inline I4 splat4i(int32_t s) { return I4{s, s, s, s}; }
inline F4 load4(const float* p) {
  F4 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
}  // namespace

int reduceBoxCandidates(const BoxCandidates& c, float normalZ, int* kept) {
  const int n = c.count;
  // Four or fewer are all kept (written as four, without a loop whose length mispredicts).
  kept[0] = 0, kept[1] = 1, kept[2] = 2, kept[3] = 3;
  if (n <= 4) return n;
  // reduceManifold's four steps, each a largest value over the candidates with the first of equals winning, as
  // its loops keep it: 1, the deepest point; 2, the farthest from it; 3, the largest triangle with them; 4, the
  // point adding the most area outside that triangle. Its areas dot(cross(x, y), (0, 0, normalZ)) are
  // (x_u y_v - x_v y_u) normalZ here (the two zero terms add nothing), each computed as it does.
  const int blocks = (n + 3) >> 2;
  const I4 lane{0, 1, 2, 3};
  F4 values[BoxCandidates::kMax / 4];
  I4 valid[BoxCandidates::kMax / 4];  // lanes that hold a candidate
  for (int b = 0; b < blocks; ++b) {
    valid[b] = splat4(float(n - 4 * b)) > __builtin_convertvector(lane, F4);
    values[b] = valid[b] ? load4(c.depth + 4 * b) : splat4(-FLT_MAX);
  }
  const int i0 = firstLargest(values, blocks);
  const F4 u0 = splat4(c.u[i0]), v0 = splat4(c.v[i0]), w0 = splat4(c.w[i0]);
  auto only = [&](int b, F4 x, int i, int j) {  // x where lane is a candidate other than i and j, else -1
    const I4 index = lane + splat4i(4 * b);
    return (valid[b] & (index != splat4i(i)) & (index != splat4i(j))) ? x : splat4(-1.0f);
  };
  for (int b = 0; b < blocks; ++b) {
    const F4 du = u0 - load4(c.u + 4 * b), dv = v0 - load4(c.v + 4 * b), dw = w0 - load4(c.w + 4 * b);
    values[b] = only(b, du * du + dv * dv + dw * dw, i0, i0);
  }
  const int i1 = firstLargest(values, blocks);
  const F4 eu = splat4(c.u[i1] - c.u[i0]), ev = splat4(c.v[i1] - c.v[i0]), nz = splat4(normalZ);
  F4 area[BoxCandidates::kMax / 4];
  for (int b = 0; b < blocks; ++b) {
    area[b] = (eu * (load4(c.v + 4 * b) - v0) - ev * (load4(c.u + 4 * b) - u0)) * nz;
    values[b] = only(b, abs4(area[b]), i0, i1);
  }
  const int i2 = firstLargest(values, blocks);
  // sign * (x * normalZ), both +-1, is x times their product: the same bits.
  const F4 sign = splat4(SAT_SIGN(!(area[i2 >> 2][i2 & 3] < 0.0f)) * normalZ);
  const int tri[3] = {i0, i1, i2};
  F4 tu[3], tv[3], du[3], dv[3];  // the triangle's edges, from corner tri[k] to the next
  for (int k = 0; k < 3; ++k) {
    const int p = tri[k], q = tri[k == 2 ? 0 : k + 1];
    tu[k] = splat4(c.u[p]), tv[k] = splat4(c.v[p]), du[k] = splat4(c.u[q] - c.u[p]), dv[k] = splat4(c.v[q] - c.v[p]);
  }
  for (int b = 0; b < blocks; ++b) {
    const F4 xu = load4(c.u + 4 * b), xv = load4(c.v + 4 * b);
    F4 best = splat4(0.0f);
    for (int k = 0; k < 3; ++k) best = max4(best, sign * ((xu - tu[k]) * dv[k] - (xv - tv[k]) * du[k]));
    const I4 index = lane + splat4i(4 * b);
    values[b] = (index != splat4i(i2)) ? only(b, best, i0, i1) : splat4(-1.0f);
  }
  const int i3 = firstLargest(values, blocks);
  kept[0] = i0, kept[1] = i1, kept[2] = i2;
  if (!(values[i3 >> 2][i3 & 3] > 0.0f)) return 3;
  kept[3] = i3;
  return 4;
}

namespace {

// The corners (lanes) beyond each of the face rectangle's side planes, d = sign * x - h > 0, as four 4-bit masks:
// +u, -u, +v, -v from bit 0 (the order of BoxFaceTables::outsideShift).
inline int outsideMasks(F4 cu, F4 cv, F4 hu, F4 hv) {
  const F4 zero = splat4(0.0f);
  return bits4(cu - hu > zero) | bits4(-cu - hu > zero) << 4 | bits4(cv - hv > zero) << 8 |
         bits4(-cv - hv > zero) << 12;
}

// Contacts of a face axis. In the reference box's frame: h its half extents, g the incident box's, axes[j] the
// incident box's axis j and t its centre, refFace the reference face. Writes up to four points (the clipped
// incident face, deeper than -tol, reduced) in the world (the reference box at `origin` with axes `world`) and
// returns their number. Inlined into boxManifold's one call.
[[gnu::always_inline]] inline int boxFaceContacts(F4 h, F4 g, const F4* axes, F4 t, int refFace, float tol,
                                                  bool refIsA, const F4* world, F4 origin, ManifoldPoint3* out) {
  const BoxFaceTables& tables = boxFaceTables();
  const int k = refFace >> 1, ku = next3(k), kv = prev3(k);
  const float sk = signOfBit(refFace & 1);
  // Incident face: the face of the other box most anti-parallel to the reference normal, n . (+-axis_j).
  const F4 cosines{axes[0][k], axes[1][k], axes[2][k], 0.0f};
  const int j = argmax3(abs4(cosines));
  const int incFace = 2 * j + (sk * cosines[j] < 0.0f ? 1 : 0);
  const int j1 = next3(j), j2 = prev3(j);
  const F4 centre = t + splat4(signOfBit(incFace & 1) * g[j]) * axes[j];
  const F4 half1 = splat4(g[j1]) * axes[j1], half2 = splat4(g[j2]) * axes[j2];
  // The four corners in loop order, one per lane, in (u, v, k) coordinates.
  const uint16_t* cornerFeature = tables.cornerFeature[incFace];
  const uint16_t* edgeFeature = tables.edgeFeature[incFace];
  const F4 s1 = tables.sign1[incFace], s2 = tables.sign2[incFace];
  const F4 cu = splat4(centre[ku]) + s1 * splat4(half1[ku]) + s2 * splat4(half2[ku]);
  const F4 cv = splat4(centre[kv]) + s1 * splat4(half1[kv]) + s2 * splat4(half2[kv]);
  const F4 ck = splat4(centre[k]) + s1 * splat4(half1[k]) + s2 * splat4(half2[k]);
  // The clipped polygon, incident quad within the face's rectangle |u| <= hu, |v| <= hv, is made of the quad's
  // corners inside the rectangle, the crossings of its edges with the side planes that lie inside the rectangle,
  // and the rectangle's corners inside the quad: all found four lanes at a time instead of clipping one plane
  // after the other. Features as clipPolygon names them (which depend on the order it clips in, the loop order):
  // a crossing of incident edge e with the side plane of reference edge r is (Edge r, Edge e); the rectangle's
  // corner between the side planes of consecutive reference edges r, s is (Edge s, Corner r), and between the
  // last and the first (Edge last, Corner first).
  const float hu = h[ku], hv = h[kv], hk = h[k];
  // outside[q]: the corners beyond side plane q (d = sign * x - h > 0); crossings need a corner on each side.
  const int masks = outsideMasks(cu, cv, splat4(hu), splat4(hv));
  int outside[4];
  SAT_UNROLL_FULL
  for (int q = 0; q < 4; ++q) outside[q] = (masks >> tables.outsideShift[refFace][q]) & 15;
  // Bit q: side plane q has a corner beyond it. The loops below visit only these planes (a set bit at a time, in
  // order): which planes cut the quad is unpredictable, and a test per plane mispredicts.
  int cut = 0;
  SAT_UNROLL_FULL
  for (int q = 0; q < 4; ++q) cut |= (outside[q] != 0 ? 1 : 0) << q;
  // Points in (u, v, k) coordinates until they are reduced. Left uninitialized: only written candidates are read.
  UninitArray<BoxCandidates, 1> store;
  BoxCandidates& pts = store[0];
  int count = 0;
  // A's feature in the id's high half, B's in the low half.
  // Ids are made reference feature first (high half) and swapped, when the reference box is B, for the points kept.
  // A candidate with its two features: kept (moved halfway to the reference face) when within tol.
  auto emit = [&](float u, float v, float w, uint32_t refFeatureHigh, uint16_t incFeature) {
    const float d = sk * w - hk;
    pts.u[count] = u, pts.v[count] = v, pts.w[count] = w - (0.5f * d) * sk;
    pts.depth[count] = -d;
    pts.id[count] = refFeatureHigh | incFeature;
    count += d <= tol ? 1 : 0;
  };
  const uint32_t refFaceFeature = makeFeature3(Feature3::Face, refFace);
  for (int in = ~(outside[0] | outside[1] | outside[2] | outside[3]) & 15; in != 0; in &= in - 1) {
    const int q = __builtin_ctz(unsigned(in));
    emit(cu[q], cv[q], ck[q], refFaceFeature << 16, cornerFeature[q]);
  }
  // Edge q of the quad runs from corner q to corner q + 1 (lanes rotated by one).
  const F4 nu{cu[1], cu[2], cu[3], cu[0]}, nv{cv[1], cv[2], cv[3], cv[0]}, nk{ck[1], ck[2], ck[3], ck[0]};
  const F4 cuv[2] = {cu, cv}, nuv[2] = {nu, nv};
  const F4 bound[2] = {splat4(hu), splat4(hv)};
  const F4 zero = splat4(0.0f), one = splat4(1.0f);
  for (int planes = cut; planes != 0; planes &= planes - 1) {
    const int q = __builtin_ctz(unsigned(planes));
    const BoxFaceTables::Side side = tables.sides[refFace][q];
    const int a = side.axis, o = 1 - a;
    const F4 sign = splat4(side.sign);
    const F4 d0 = sign * cuv[a] - bound[a], d1 = sign * nuv[a] - bound[a];
    const F4 den = d0 - d1;
    const F4 f = d0 / (den != zero ? den : one);
    const F4 xa = cuv[a] + f * (nuv[a] - cuv[a]), xo = cuv[o] + f * (nuv[o] - cuv[o]), xk = ck + f * (nk - ck);
    int cross = bits4((d0 <= zero) != (d1 <= zero)) & bits4(xo <= bound[o]) & bits4(-xo <= bound[o]);
    const uint32_t refEdge = uint32_t(makeFeature3(Feature3::Edge, side.edge)) << 16;
#if defined(__wasm_simd128__)
    // Which axis the plane cuts is unpredictable, and V8 makes a branch of every f32 select: the crossings' (u, v)
    // by one four-lane select per plane. (g++ chooses point by point natively.)
    const I4 alongV = splat4i(-a) != splat4i(0);
    const F4 atU = alongV ? xo : xa, atV = alongV ? xa : xo;
    for (; cross != 0; cross &= cross - 1) {
      const int e = __builtin_ctz(unsigned(cross));
      emit(atU[e], atV[e], xk[e], refEdge, edgeFeature[e]);
    }
#else
    for (; cross != 0; cross &= cross - 1) {
      const int e = __builtin_ctz(unsigned(cross));
      emit(a ? xo[e] : xa[e], a ? xa[e] : xo[e], xk[e], refEdge, edgeFeature[e]);
    }
#endif
  }
  // The rectangle's corners between two planes that both cut the quad (q and q + 1 mod 4), inside it: on the inner
  // side of its four edges (cross products of one sign, the quad's orientation seen along k). Most pairs have none.
  const int corners = cut & ((cut >> 1) | (cut << 3)) & 15;
  if (corners != 0) {
    const float orient = (cu[1] - cu[0]) * (cv[2] - cv[0]) - (cv[1] - cv[0]) * (cu[2] - cu[0]);
    const F4 eu = nu - cu, ev = nv - cv;
    for (int left = corners; left != 0; left &= left - 1) {
      const int q = __builtin_ctz(unsigned(left));
      const float u = tables.rectU[refFace][q] * hu, v = tables.rectV[refFace][q] * hv;
      const F4 side = eu * (splat4(v) - cv) - ev * (splat4(u) - cu);
      const int in = orient >= 0.0f ? bits4(side >= zero) : bits4(side <= zero);
      if (in != 15) continue;
      // Depth from the incident face's plane through the quad's centre.
      const float w = centre[k] - (axes[j][ku] * (u - centre[ku]) + axes[j][kv] * (v - centre[kv])) / axes[j][k];
      const uint32_t id = tables.rectId[refFace][q];
      emit(u, v, w, id & 0xFFFF0000u, uint16_t(id));
    }
  }
  if (count == 0) {
    // Round-off clipped everything away (the faces barely meet): the incident box's deepest corner.
    int bestC = 0;
    float lo = FLT_MAX;
    F4 bestP{};
    for (int c = 0; c < 8; ++c) {
      const F4 p = t + splat4((c & 1) ? g[0] : -g[0]) * axes[0] + splat4((c & 2) ? g[1] : -g[1]) * axes[1] +
                   splat4((c & 4) ? g[2] : -g[2]) * axes[2];
      const float d = sk * p[k] - hk;
      if (d < lo) lo = d, bestC = c, bestP = p;
    }
    pts.u[0] = bestP[ku], pts.v[0] = bestP[kv], pts.w[0] = bestP[k] - (0.5f * lo) * sk;
    pts.depth[0] = -lo;
    const uint32_t fr = refFaceFeature, fi = makeFeature3(Feature3::Vertex, bestC);
    pts.id[0] = (fr << 16) | fi;
    count = 1;
  }
  // (u, v, k) is right-handed, so the reference normal there is (0, 0, sk).
  pts.count = count;
  int kept[4];
  const int m = reduceBoxCandidates(pts, sk, kept);
  // Back from (u, v, k) coordinates to the world.
  const F4 wu = world[ku], wv = world[kv], wk = world[k], o = origin;
  // Ids were made reference feature first: when the reference box is B they are rotated by 16 bits (the halves
  // swapped), a rotation by 0 or 16 rather than a choice between two ids, which g++ made one branch on which box
  // is the reference (unpredictable) for the whole loop.
  const unsigned swap = refIsA ? 0u : 16u;
  // All four slots, those past m with the zeros clearManifold wrote: fewer mispredicted branches than a loop of m
  // iterations (g++ still branches on i < m here, but predicts the four tests better than the loop's end).
  SAT_UNROLL_FULL
  for (int i = 0; i < 4; ++i) {
    const bool used = i < m;
    const int c = used ? kept[i] : 0;  // candidate 0 always exists
    const F4 point = o + splat4(pts.u[c]) * wu + splat4(pts.v[c]) * wv + splat4(pts.w[c]) * wk;
    storeThenOverwriteNext(&out[i].point, (splat4i(used ? -1 : 0) != splat4i(0)) ? point : splat4(0.0f));
    out[i].depth = SAT_SELECT(used, pts.depth[c], 0.0f);
    const uint32_t id = pts.id[c];
    out[i].id = used ? (id << swap) | (id >> ((32u - swap) & 31u)) : 0u;
  }
  return m;
}

inline float clampTo(float x, float h) { return SAT_SELECT(x < -h, -h, SAT_SELECT(x > h, h, x)); }

// Closest points of A's edge centreA + s * (unit axis i), |s| <= hi, and B's edge centreB + u * dirB, |u| <= hj
// (closestSegmentSegment on these segments, in closed form): d = centreB - centreA, q1 = d_i, q2 = dirB . d and
// c = dirB_i, the cosine between the edges. Returns s; the caller takes u = clamp(c * s - q2).
inline float edgeParameters(float q1, float q2, float c, float hi, float hj) {
  const float den = 1.0f - c * c;
  const float s = clampTo((q1 - c * q2) / SAT_SELECT(den > 1.0e-12f, den, 1.0f), hi);
  const float u = c * s - q2;
  // Where B's closest point lies beyond its edge's end, A's point is the one closest to that end (a select, not a
  // branch: which case applies is unpredictable).
  const float sEnd = clampTo(q1 + c * clampTo(u, hj), hi);
  return SAT_SELECT(u < -hj || u > hj, sEnd, SAT_SELECT(den > 1.0e-12f, s, 0.0f));
}

// The supporting edge along box axis `axis` in direction d (box frame): its corner without that axis bit (bit k
// set where d_k > 0), from one comparison of all three lanes.
inline int supportEdgeStart(int axis, F4 d) { return bits4(d > splat4(0.0f)) & 7 & ~(1 << axis); }

}  // namespace

namespace {
/// emptyManifold() as six 16-byte stores and one 4-byte store of zeros into the result: g++ also clears the stack
/// array emptyManifold copies from when the copy is inlined here.
inline void clearManifold(Manifold3* m) {
  static_assert(sizeof(Manifold3) == 100, "clearManifold writes 96 + 4 bytes");
  const F4 zero = splat4(0.0f);
  unsigned char* bytes = reinterpret_cast<unsigned char*>(m);
  for (int i = 0; i < 6; ++i) __builtin_memcpy(bytes + 16 * i, &zero, sizeof zero);
  const int32_t none = 0;
  __builtin_memcpy(bytes + 96, &none, sizeof none);
}
}  // namespace

Manifold3 boxManifold(const BoxPair& p, const SatResult& sat, float tol, const Transform3& xfA,
                      const Transform3& xfB) {
  // The boxes' positions, lane 3 q.x: it only reaches lane 3 of the points, which their depth overwrites.
  F4 originA, originB;
  __builtin_memcpy(&originA, &xfA, sizeof originA);
  __builtin_memcpy(&originB, &xfB, sizeof originB);
  Manifold3 m;
  clearManifold(&m);
  const Vec3 n = sat.normal;
  storeThenOverwriteNext(&m.normal, splat4(n.x) * p.axesA[0] + splat4(n.y) * p.axesA[1] + splat4(n.z) * p.axesA[2]);
  m.depth = -sat.separation;
  if (sat.kind == SatAxis3::EdgePair) {
    // The supporting edges: A's along axis i, B's along its axis j (column j in A's frame), as centre + s * axis.
    const int i = sat.indexA, j = sat.indexB;
    const int a0 = supportEdgeStart(i, lanes(sat.normal));
    // -normal in B's frame: lane j is -(col_j . normal).
    const F4 nB = -(splat4(sat.normal.x) * p.row[0] + splat4(sat.normal.y) * p.row[1] + splat4(sat.normal.z) * p.row[2]);
    const int b0 = supportEdgeStart(j, nB);
    // Four lanes at a time, with the arithmetic of one coordinate at a time: A's edge centre (the corner a0's
    // coordinates, 0 along the edge), B's, and B's edge direction.
    const I4 laneBit{1, 2, 4, 8}, lane{0, 1, 2, 3};
    const I4 alongA = lane == I4{i, i, i, i};
    const F4 cA = alongA ? splat4(0.0f) : ((I4{a0, a0, a0, a0} & laneBit) != I4{0, 0, 0, 0} ? p.e : -p.e);
    const F4 dirB = p.col[j];
    const int j1 = next3(j), j2 = prev3(j);
    const F4 centreB = p.t + splat4(signOfBit((b0 >> j1) & 1) * p.f[j1]) * p.col[j1] +
                       splat4(signOfBit((b0 >> j2) & 1) * p.f[j2]) * p.col[j2];
    const F4 d = centreB - cA, dd = d * dirB;
    const float q2 = (dd[0] + dd[1]) + dd[2], c = dirB[i];
    const float s = edgeParameters(d[i], q2, c, p.e[i], p.f[j]);
    const float u = clampTo(c * s - q2, p.f[j]);
    const F4 mid = splat4(0.5f) * ((alongA ? splat4(s) : cA) + (centreB + splat4(u) * dirB));
    const BoxFaceTables& cube = boxFaceTables();
    storeThenOverwriteNext(&m.points[0].point, originA + (shuffle4<0, 0, 0, 0>(mid) * p.axesA[0] +
                                                                 shuffle4<1, 1, 1, 1>(mid) * p.axesA[1] +
                                                                 shuffle4<2, 2, 2, 2>(mid) * p.axesA[2]));
    m.points[0].depth = m.depth;
    m.points[0].id = (uint32_t(makeFeature3(Feature3::Edge, cube.along[a0][i])) << 16) |
                     makeFeature3(Feature3::Edge, cube.along[b0][j]);
    m.pointCount = 1;
    return m;
  }
  // A's face in A's frame; B's face the same in B's frame, where A's axes are R's rows and its centre is -R^T t.
  // One call with the arguments chosen, so that the contacts are inlined here once.
  const bool refIsA = sat.kind == SatAxis3::FaceA;
  const F4 t = refIsA ? p.t : -(splat4(p.t[0]) * p.row[0] + splat4(p.t[1]) * p.row[1] + splat4(p.t[2]) * p.row[2]);
  m.pointCount = boxFaceContacts(refIsA ? p.e : p.f, refIsA ? p.f : p.e, refIsA ? p.col : p.row, t,
                                 refIsA ? sat.indexA : sat.indexB, tol, refIsA, refIsA ? p.axesA : p.axesB,
                                 refIsA ? originA : originB, m.points);
  return m;
}

}  // namespace detail

using namespace detail;

namespace {
/// vabs(mulComponents(xf.scale, box.halfExtents)) as four lanes, lane 3 zero: the scale read with q.w (floats 6-9,
/// one load) and moved down a lane, q.w then multiplied by lanes(halfExtents)'s zero.
inline F4 boxExtents(const Box3& box, const Transform3& xf) {
  static_assert(offsetof(Transform3, scale) == 28 && sizeof(Transform3) == 40, "boxExtents loads floats 6-9");
  F4 wScale;
  __builtin_memcpy(&wScale, reinterpret_cast<const unsigned char*>(&xf) + 24, sizeof wScale);
  return abs4(shuffle4<1, 2, 3, 0>(wScale) * lanes(box.halfExtents));
}
/// kRelativeTolerance * (length(e) + length(f)) from the pair's extents, both lengths in two lanes at once with
/// length()'s products and sums ((x x + y y) + z z).
inline float boxTolerance(F4 e, F4 f) {
  const F4 ee = e * e, ff = f * f;
  const F4 xy = __builtin_shufflevector(ee, ff, 0, 4, 1, 5), z = __builtin_shufflevector(ee, ff, 2, 6, 3, 7);
  const F4 lengths = sqrt4((xy + __builtin_shufflevector(xy, xy, 2, 3, 2, 3)) + z);
  return kRelativeTolerance * (lengths[0] + lengths[1]);
}
}  // namespace

Manifold3 collide(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  (void)cache;
  if (!areValidTransforms4(xfA, xfB)) return emptyManifold();
  const F4 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const BoxPair p = boxPairOf(e, f, xfA, xfB);
  const float tol = boxTolerance(e, f);
  const SatResult r = boxSatOf(p, tol);
  if (r.separation > tol) return emptyManifold();
  return boxManifold(p, r, tol, xfA, xfB);
}

bool overlap(const Box3& a, const Transform3& xfA, const Box3& b, const Transform3& xfB, SatCache3* cache) {
  (void)cache;
  if (!areValidTransforms4(xfA, xfB)) return false;
  const F4 e = boxExtents(a, xfA), f = boxExtents(b, xfB);
  const float tol = boxTolerance(e, f);
  return boxSat(makeBoxPair(vec3(e), vec3(f), xfA, xfB), tol).separation <= tol;
}

}  // namespace sat
