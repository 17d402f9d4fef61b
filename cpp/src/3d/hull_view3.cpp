// Hulls as the narrow phase sees them: scaled, or a box, or moved into A's frame; nothing allocated (the
// transformed arrays live in caller-provided scratch on the stack).
#include <cmath>

#include "hull_build3.h"
#include "narrow3.h"

namespace sat {
namespace detail {
namespace {

// Built once from the face loops (faces -x, +x, -y, +y, -z, +z, each counter-clockwise from outside), the same
// numbering as makeBoxHull's hull.
CubeTopology makeCubeTopology() {
  static const int loops[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  CubeTopology t{};
  int slot[8][8];
  for (auto& row : slot)
    for (int& s : row) s = -1;
  int count = 0;
  for (int f = 0; f < 6; ++f) {
    int first = -1, prev = -1;
    for (int k = 0; k < 4; ++k) {
      const int u = loops[f][k], w = loops[f][(k + 1) % 4];
      const int e = slot[w][u] >= 0 ? (slot[w][u] ^ 1) : (count += 2) - 2;
      slot[u][w] = e;
      t.edges[e].origin = uint8_t(u);
      t.edges[e].face = uint16_t(f);
      if (prev >= 0) t.edges[prev].next = uint16_t(e);
      if (first < 0) first = e;
      prev = e;
    }
    t.edges[prev].next = uint16_t(first);
    t.faces[f].edge = uint16_t(first);
  }
  for (int e = 0; e < 24; ++e) {
    for (int m = 0; m < 16; ++m) {
      const int f = t.edges[e].face;
      if (m & (1 << (f & 3))) t.edgeTable[16 * (f / 4) + m] |= uint64_t(1) << (e >> 1);
    }
    const int u = t.edges[e].origin, w = t.edges[e ^ 1].origin;
    if (w > u) t.along[u][(w ^ u) == 1 ? 0 : (w ^ u) == 2 ? 1 : 2] = uint8_t(e);
  }
  return t;
}

}  // namespace

const CubeTopology& cubeTopology() {
  static const CubeTopology topology = makeCubeTopology();
  return topology;
}

HullView scaledView(const Hull3& hull, Vec3 scale, HullScratch* s) {
  HullView h;
  h.faces = hull.faces();
  h.edges = hull.halfEdges();
  h.nv = hull.vertexCount();
  h.nf = hull.faceCount();
  h.nh = hull.halfEdgeCount();
  h.edgeTable = HullAccess::edgeTable(hull, h.nv, h.nf);  // topology: the same at any scale
  if (scale.x == 1.0f && scale.y == 1.0f && scale.z == 1.0f) {
    h.v = hull.vertices();
    h.planes = hull.planes();
    h.centroid = hull.centroid();
    h.radius = hull.boundingRadius();
    if (const float* c = HullAccess::columns(hull)) {
      const F4* blocks = reinterpret_cast<const F4*>(c);
      const int vb = (h.nv + 3) >> 2, pb = (h.nf + 3) >> 2;
      s->cols = {blocks, blocks + vb, blocks + 2 * vb, vb};
      s->planeCols = {{blocks + 3 * vb, blocks + 3 * vb + pb, blocks + 3 * vb + 2 * pb, pb}, blocks + 3 * vb + 3 * pb};
      h.cols = &s->cols;
      h.planeCols = &s->planeCols;
    }
    return h;
  }
  for (int i = 0; i < h.nv; ++i) s->v[i] = mulComponents(scale, hull.vertices()[i]);
  // Normals map by the inverse transpose of the scale (which keeps them outward, mirrored or not).
  const Vec3 inv{1.0f / scale.x, 1.0f / scale.y, 1.0f / scale.z};
  for (int f = 0; f < h.nf; ++f) {
    const Vec3 n = normalize(mulComponents(inv, hull.planes()[f].normal));
    s->planes[f] = {n, dot(n, s->v[h.edges[h.faces[f].edge].origin])};
  }
  h.v = s->v.data();
  h.planes = s->planes.data();
  h.centroid = mulComponents(scale, hull.centroid());
  h.radius = hull.boundingRadius() * scaleMax(scale);
  h.mirrored = scale.x * scale.y * scale.z < 0.0f;
  return h;
}

HullView boxView(Vec3 e, HullScratch* s) {
  const CubeTopology& t = cubeTopology();
  for (int i = 0; i < 8; ++i) s->v[i] = {(i & 1) ? e.x : -e.x, (i & 2) ? e.y : -e.y, (i & 4) ? e.z : -e.z};
  s->planes[0] = {{-1.0f, 0.0f, 0.0f}, e.x};
  s->planes[1] = {{1.0f, 0.0f, 0.0f}, e.x};
  s->planes[2] = {{0.0f, -1.0f, 0.0f}, e.y};
  s->planes[3] = {{0.0f, 1.0f, 0.0f}, e.y};
  s->planes[4] = {{0.0f, 0.0f, -1.0f}, e.z};
  s->planes[5] = {{0.0f, 0.0f, 1.0f}, e.z};
  HullView h;
  h.v = s->v.data();
  h.planes = s->planes.data();
  h.faces = t.faces;
  h.edges = t.edges;
  h.nv = 8;
  h.nf = 6;
  h.nh = 24;
  h.edgeTable = reinterpret_cast<const unsigned char*>(t.edgeTable);
  h.radius = length(e);
  return h;
}

HullView boxView(Vec3 e, const Mat3& r, Vec3 t, HullScratch* s) {
  HullView h = boxView(e, s);
  // Corners t +- r.cx e.x +- r.cy e.y +- r.cz e.z; faces along -+ each column.
  const Vec3 ax = e.x * r.cx, ay = e.y * r.cy, az = e.z * r.cz;
  for (int i = 0; i < 8; ++i) s->v[i] = t + ((i & 1) ? ax : -ax) + ((i & 2) ? ay : -ay) + ((i & 4) ? az : -az);
  const Vec3 cols[3] = {r.cx, r.cy, r.cz};
  const float ext[3] = {e.x, e.y, e.z};
  for (int k = 0; k < 3; ++k) {
    const float d = dot(cols[k], t);
    s->planes[2 * k] = {-cols[k], ext[k] - d};
    s->planes[2 * k + 1] = {cols[k], ext[k] + d};
  }
  h.centroid = t;
  return h;
}

HullView movedVertices(const HullView& h, const Mat3& r, Vec3 t, HullScratch* s, HullColumns* columns) {
  HullView m = h;
  m.cols = nullptr;
  if (columns == nullptr) {
    for (int i = 0; i < h.nv; ++i) s->v[i] = r * h.v[i] + t;
  } else {
    // Four vertices at a time, straight into columns (the last block padded with the last vertex): each lane sums
    // r * v + t in the scalar expression's order, so the bits are the same. The vertices come from h's columns
    // when it has them. The view gets no vertex array (writeVertices makes one from the columns).
    // The source columns' pointers are read once (the stores would otherwise make them be read again per block).
    const int blocks = (h.nv + 3) >> 2;
    const F4 rxx = splat4(r.cx.x), ryx = splat4(r.cy.x), rzx = splat4(r.cz.x), tx = splat4(t.x);
    const F4 rxy = splat4(r.cx.y), ryy = splat4(r.cy.y), rzy = splat4(r.cz.y), ty = splat4(t.y);
    const F4 rxz = splat4(r.cx.z), ryz = splat4(r.cy.z), rzz = splat4(r.cz.z), tz = splat4(t.z);
    const F4* cx = h.cols != nullptr ? h.cols->x : nullptr;
    const F4* cy = h.cols != nullptr ? h.cols->y : nullptr;
    const F4* cz = h.cols != nullptr ? h.cols->z : nullptr;
    SAT_UNROLL2
    for (int b = 0; b < blocks; ++b) {
      F4 x, y, z;
      if (cx != nullptr) {
        x = cx[b], y = cy[b], z = cz[b];
      } else {
        const int i = 4 * b, last = h.nv - 1;
        const Vec3 p0 = h.v[i], p1 = h.v[i + 1 <= last ? i + 1 : last], p2 = h.v[i + 2 <= last ? i + 2 : last],
                   p3 = h.v[i + 3 <= last ? i + 3 : last];
        x = F4{p0.x, p1.x, p2.x, p3.x}, y = F4{p0.y, p1.y, p2.y, p3.y}, z = F4{p0.z, p1.z, p2.z, p3.z};
      }
      const F4 mx = x * rxx + y * ryx + z * rzx + tx;
      const F4 my = x * rxy + y * ryy + z * rzy + ty;
      const F4 mz = x * rxz + y * ryz + z * rzz + tz;
      columns->sx[b] = mx, columns->sy[b] = my, columns->sz[b] = mz;
    }
    columns->x = columns->sx, columns->y = columns->sy, columns->z = columns->sz, columns->blocks = blocks;
    m.cols = columns;
  }
  m.v = columns == nullptr ? s->v.data() : nullptr;
  m.planes = nullptr;
  m.planeCols = nullptr;
  m.centroid = r * h.centroid + t;
  return m;
}

void writeVertices(const VertexColumns& c, int nv, Vec3* out) {
  // Whole blocks as three stores of x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3; the last, partial one lane by lane.
  static_assert(sizeof(Vec3) == 3 * sizeof(float), "Vec3 is three packed floats");
  float* f = &out[0].x;
  int b = 0;
  SAT_UNROLL2
  for (; 4 * b + 4 <= nv; ++b) {
    const F4 x = c.x[b], y = c.y[b], z = c.z[b];
    const F4 xy = __builtin_shufflevector(x, y, 0, 4, 1, 5);   // x0 y0 x1 y1
    const F4 yz = __builtin_shufflevector(y, z, 1, 5, 2, 6);   // y1 z1 y2 z2
    const F4 xy3 = __builtin_shufflevector(x, y, 3, 7, 3, 7);  // x3 y3 x3 y3
    const F4 o0 = __builtin_shufflevector(xy, z, 0, 1, 4, 2);  // x0 y0 z0 x1
    const F4 o1 = __builtin_shufflevector(yz, x, 0, 1, 6, 2);  // y1 z1 x2 y2
    const F4 o2 = __builtin_shufflevector(z, xy3, 2, 4, 5, 3);  // z2 x3 y3 z3
    __builtin_memcpy(f + 12 * b, &o0, sizeof(F4));
    __builtin_memcpy(f + 12 * b + 4, &o1, sizeof(F4));
    __builtin_memcpy(f + 12 * b + 8, &o2, sizeof(F4));
  }
  for (int i = 4 * b; i < nv; ++i) out[i] = {c.x[b][i & 3], c.y[b][i & 3], c.z[b][i & 3]};
}

void makePlaneColumns(const HullView& h, PlaneColumns* out) {
  static_assert(sizeof(Plane) == sizeof(F4), "a Plane is four packed floats");
  const int blocks = (h.nf + 3) >> 2;
  const int last = h.nf - 1;
  for (int b = 0; b < blocks; ++b) {
    const int f = 4 * b;
    F4 x, y, z, o;
    __builtin_memcpy(&x, &h.planes[f], sizeof(F4));
    __builtin_memcpy(&y, &h.planes[f + 1 <= last ? f + 1 : last], sizeof(F4));
    __builtin_memcpy(&z, &h.planes[f + 2 <= last ? f + 2 : last], sizeof(F4));
    __builtin_memcpy(&o, &h.planes[f + 3 <= last ? f + 3 : last], sizeof(F4));
    transpose4(x, y, z, o);
    out->sx[b] = x, out->sy[b] = y, out->sz[b] = z, out->soff[b] = o;
  }
  out->x = out->sx, out->y = out->sy, out->z = out->sz, out->off = out->soff, out->blocks = blocks;
}

void movePlanesReference(const HullView& h, const Mat3& r, Vec3 t, HullScratch* s, HullView* m) {
  for (int f = 0; f < h.nf; ++f) {
    const Vec3 n = r * h.planes[f].normal;
    s->planes[f] = {n, h.planes[f].offset + dot(n, t)};
  }
  m->planes = s->planes.data();
}

[[gnu::noinline]] void movePlanes(const HullView& h, const Mat3& r, Vec3 t, HullScratch* s, HullView* m,
                                  PlaneColumns* columns) {
  // Four planes at a time (a Plane is four packed floats): transposed to columns, moved lane by lane in the
  // reference's order of operations (the same bits), transposed back.
  static_assert(sizeof(Plane) == sizeof(F4), "a Plane is four packed floats");
  const F4 rxx = splat4(r.cx.x), ryx = splat4(r.cy.x), rzx = splat4(r.cz.x), tx = splat4(t.x);
  const F4 rxy = splat4(r.cx.y), ryy = splat4(r.cy.y), rzy = splat4(r.cz.y), ty = splat4(t.y);
  const F4 rxz = splat4(r.cx.z), ryz = splat4(r.cy.z), rzz = splat4(r.cz.z), tz = splat4(t.z);
  const Plane* in = h.planes;
  Plane* out = s->planes.data();
  const int nf = h.nf;
  // The source columns' pointers are read once (the stores would otherwise make them be read again per block).
  const PlaneColumnsView* src = h.planeCols;
  const F4* cx = src != nullptr ? src->x : nullptr;
  const F4* cy = src != nullptr ? src->y : nullptr;
  const F4* cz = src != nullptr ? src->z : nullptr;
  const F4* coff = src != nullptr ? src->off : nullptr;
  int f = 0;
  for (; f + 4 <= nf; f += 4) {
    F4 x, y, z, o;
    if (cx != nullptr) {  // the hull's own columns: no transpose in
      const int b = f >> 2;
      x = cx[b], y = cy[b], z = cz[b], o = coff[b];
    } else {
      __builtin_memcpy(&x, &in[f], sizeof(F4));
      __builtin_memcpy(&y, &in[f + 1], sizeof(F4));
      __builtin_memcpy(&z, &in[f + 2], sizeof(F4));
      __builtin_memcpy(&o, &in[f + 3], sizeof(F4));
      transpose4(x, y, z, o);
    }
    F4 nx = x * rxx + y * ryx + z * rzx;
    F4 ny = x * rxy + y * ryy + z * rzy;
    F4 nz = x * rxz + y * ryz + z * rzz;
    F4 no = o + (nx * tx + ny * ty + nz * tz);
    if (columns != nullptr) {
      const int b = f >> 2;
      columns->sx[b] = nx, columns->sy[b] = ny, columns->sz[b] = nz, columns->soff[b] = no;
    }
    transpose4(nx, ny, nz, no);
    __builtin_memcpy(static_cast<void*>(&out[f]), &nx, sizeof(F4));
    __builtin_memcpy(static_cast<void*>(&out[f + 1]), &ny, sizeof(F4));
    __builtin_memcpy(static_cast<void*>(&out[f + 2]), &nz, sizeof(F4));
    __builtin_memcpy(static_cast<void*>(&out[f + 3]), &no, sizeof(F4));
  }
  const int tail = f;
  for (; f < nf; ++f) {
    const Vec3 n = r * in[f].normal;
    out[f] = {n, in[f].offset + dot(n, t)};
  }
  m->planes = out;
  m->planeCols = nullptr;
  if (columns != nullptr) {
    columns->blocks = (nf + 3) >> 2;
    if (tail < nf) {  // the last block from the planes just written, padded with the last one
      const int b = tail >> 2;
      for (int l = 0; l < 4; ++l) {
        const Plane& p = out[tail + l < nf ? tail + l : nf - 1];
        columns->sx[b][l] = p.normal.x, columns->sy[b][l] = p.normal.y, columns->sz[b][l] = p.normal.z;
        columns->soff[b][l] = p.offset;
      }
    }
    columns->x = columns->sx, columns->y = columns->sy, columns->z = columns->sz, columns->off = columns->soff;
    m->planeCols = columns;
  }
}

HullView movedView(const HullView& h, const Mat3& r, Vec3 t, HullScratch* s, HullColumns* columns) {
  HullView m = movedVertices(h, r, t, s, columns);
  if (columns != nullptr) writeVertices(*columns, m.nv, s->v.data()), m.v = s->v.data();
  movePlanes(h, r, t, s, &m);
  return m;
}

RelativePose relativePoseReference(const Transform3& xfA, const Transform3& xfB) {
  RelativePose pose;
  pose.rA = toMat3(xfA.q);
  pose.r = toMat3(invMul(xfA.q, xfB.q));  // one matrix from the relative rotation: cheaper than rA^T rB
  pose.t = mulT(pose.rA, xfB.p - xfA.p);
  return pose;
}

namespace {
template <int I0, int I1, int I2, int I3>
inline F4 lanes4(F4 v) {
  return __builtin_shufflevector(v, v, I0, I1, I2, I3);
}
// invMul(q, r) = mul(conjugate(q), r) four lanes at a time (x, y, z, w), with mul's products summed in its order:
// lane k is ((q.w r.k +- q.x r.. ) +- q.y r..) +- q.z r.., each -b added as + (-b) (the same bits in IEEE
// arithmetic), the conjugate's signs folded into the sign vectors.
inline F4 invMul4(F4 q, F4 r) {
  const F4 qx = lanes4<0, 0, 0, 0>(q), qy = lanes4<1, 1, 1, 1>(q), qz = lanes4<2, 2, 2, 2>(q);
  const F4 qw = lanes4<3, 3, 3, 3>(q);
  // conjugate(q) = (-q.x, -q.y, -q.z, q.w): mul's signs for the x, y, z terms negated.
  return ((qw * r + (qx * lanes4<3, 2, 1, 0>(r)) * F4{-1.0f, 1.0f, -1.0f, 1.0f}) +
          (qy * lanes4<2, 3, 0, 1>(r)) * F4{-1.0f, -1.0f, 1.0f, 1.0f}) +
         (qz * lanes4<1, 0, 3, 2>(r)) * F4{1.0f, -1.0f, -1.0f, 1.0f};
}
// toMat3(q)'s columns (lane 3 zero) with toMat3's products and sums: column x is e_x + 2 (y (-y, x, -w) +
// z (-z, w, x)), column y e_y + 2 (x (y, -x, w) + z (-w, -z, y)), column z e_z + 2 (x (z, -w, -x) + y (w, z, -y)),
// where -(a + b) rounds as -a - b (the formula of collide_boxes3.cpp's rotationColumns). The identity is added
// with -0 off the diagonal, which leaves every value as it is: toMat3 adds nothing there, and 0 + (-0) would be
// +0 where toMat3 gives -0.
inline void rotationColumns4(F4 v, F4* c) {
  const F4 x = lanes4<0, 0, 0, 0>(v), y = lanes4<1, 1, 1, 1>(v), z = lanes4<2, 2, 2, 2>(v);
  const F4 two = splat4(2.0f);
  c[0] = F4{1.0f, -0.0f, -0.0f, -0.0f} + two * (y * (lanes4<1, 0, 3, 3>(v) * F4{-1.0f, 1.0f, -1.0f, 0.0f}) +
                                                z * (lanes4<2, 3, 0, 0>(v) * F4{-1.0f, 1.0f, 1.0f, 0.0f}));
  c[1] = F4{-0.0f, 1.0f, -0.0f, -0.0f} + two * (x * (lanes4<1, 0, 3, 3>(v) * F4{1.0f, -1.0f, 1.0f, 0.0f}) +
                                                z * (lanes4<3, 2, 1, 1>(v) * F4{-1.0f, -1.0f, 1.0f, 0.0f}));
  c[2] = F4{-0.0f, -0.0f, 1.0f, -0.0f} + two * (x * (lanes4<2, 3, 0, 0>(v) * F4{1.0f, -1.0f, -1.0f, 0.0f}) +
                                                y * (lanes4<3, 2, 1, 1>(v) * F4{1.0f, 1.0f, -1.0f, 0.0f}));
}
inline void store3(Vec3* out, F4 v) { __builtin_memcpy(static_cast<void*>(out), &v, sizeof(Vec3)); }
}  // namespace

RelativePose relativePose(const Transform3& xfA, const Transform3& xfB) {
  // relativePoseReference four lanes at a time: both rotations' columns, the relative quaternion, and
  // t = rA^T (pB - pA) from rA's rows, each lane summed as dot() does.
  static_assert(sizeof(Quat) == sizeof(F4), "a Quat is four packed floats");
  F4 qA, qB;
  __builtin_memcpy(&qA, &xfA.q, sizeof qA);
  __builtin_memcpy(&qB, &xfB.q, sizeof qB);
  F4 a[3], r[3];
  rotationColumns4(qA, a);
  rotationColumns4(invMul4(qA, qB), r);
  const Vec3 d = xfB.p - xfA.p;
  F4 r0 = a[0], r1 = a[1], r2 = a[2], r3 = splat4(0.0f);
  transpose4(r0, r1, r2, r3);  // rA's rows
  const F4 t = r0 * splat4(d.x) + r1 * splat4(d.y) + r2 * splat4(d.z);
  RelativePose pose;
  store3(&pose.rA.cx, a[0]), store3(&pose.rA.cy, a[1]), store3(&pose.rA.cz, a[2]);
  store3(&pose.r.cx, r[0]), store3(&pose.r.cy, r[1]), store3(&pose.r.cz, r[2]);
  store3(&pose.t, t);
  return pose;
}

}  // namespace detail
}  // namespace sat
