// sat-wasm 3D bindings: the 3D module (sat3d-<variant>.{mjs,wasm}), separate from the 2D one so that 2D-only users
// never load it. Plain wasm exports as in 2D (bindings/binding_common.h says why): numbers in, numbers out;
// shapes live here behind integer handles; transforms and results cross through a scratch block whose layout is
// published by sat_3d_layout(), so TypeScript reads the numbers instead of copying them.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "sat/sat3d.h"
#include "shape_store3.h"

namespace {

// ----- layout (32-bit slots of the scratch block) -----
constexpr int kXfFloats = 10;      ///< px, py, pz, qx, qy, qz, qw, sx, sy, sz
constexpr int kInXfA = 0;
constexpr int kInXfB = 10;
constexpr int kInExtra = 20;       ///< ray: origin xyz, translation xyz, maxFraction
constexpr int kOut = 32;
constexpr int kPointFloats = 5;    ///< contact: x, y, z, depth, id (uint32 bits)
constexpr int kManifoldFloats = 4 + 4 * kPointFloats;  ///< normal xyz, depth, then 4 contacts
constexpr int kOutError = 60;      ///< int32: index of the bad element after a failed bulk call
constexpr int kScratchSlots = 64;
constexpr int kCacheWords = 2;     ///< per pair in the bulk call: kind | indexA << 16, indexB
constexpr int kDebugHeader = 15;   ///< sat_3d_collide_debug: floats before its manifold

alignas(16) float gScratch[kScratchSlots];
const int32_t gLayout[] = {1, kXfFloats, kInXfA, kInXfB, kInExtra, kOut, kPointFloats, kManifoldFloats, kOutError,
                           kCacheWords, sat::kMaxHullVertices, sat::kDefaultHullVertexLimit, kDebugHeader};

int32_t errorCode(sat::Status status, int argument) { return -(int32_t(status) | (argument << 8)); }

// ----- shape store: handle = generation << 20 | slot -----
struct Slot {
  sat::Shape3 shape;
  uint32_t generation = 1;
  bool live = false;
};
std::vector<Slot> gSlots;
std::vector<int32_t> gFree;
int gLive = 0;

const sat::Shape3* findShape(int32_t handle) {
  if (handle <= 0) return nullptr;
  const uint32_t slot = uint32_t(handle) & 0xFFFFFu, gen = uint32_t(handle) >> 20;
  if (slot >= gSlots.size() || !gSlots[slot].live || gSlots[slot].generation != gen) return nullptr;
  return &gSlots[slot].shape;
}

int32_t store(sat::Status status, sat::Shape3&& shape) {
  if (status != sat::Status::Ok) return errorCode(status, 0);
  int32_t slot;
  if (!gFree.empty()) {
    slot = gFree.back();
    gFree.pop_back();
  } else {
    if (gSlots.size() >= 0xFFFFFu) return errorCode(sat::Status::InvalidArgument, 0);
    slot = int32_t(gSlots.size());
    gSlots.emplace_back();
  }
  Slot& s = gSlots[size_t(slot)];
  s.shape = static_cast<sat::Shape3&&>(shape);
  s.live = true;
  ++gLive;
  return int32_t((s.generation << 20) | uint32_t(slot));
}

sat::Transform3 readTransform(const float* f) {
  return {{f[0], f[1], f[2]}, {f[3], f[4], f[5], f[6]}, {f[7], f[8], f[9]}};
}

void writeManifold(const sat::Manifold3& m, float* out) {
  out[0] = m.normal.x, out[1] = m.normal.y, out[2] = m.normal.z, out[3] = m.depth;
  for (int i = 0; i < 4; ++i) {
    float* p = out + 4 + kPointFloats * i;
    const bool valid = i < m.pointCount;
    p[0] = valid ? m.points[i].point.x : 0.0f;
    p[1] = valid ? m.points[i].point.y : 0.0f;
    p[2] = valid ? m.points[i].point.z : 0.0f;
    p[3] = valid ? m.points[i].depth : 0.0f;
    const uint32_t id = valid ? m.points[i].id : 0u;
    std::memcpy(p + 4, &id, 4);
  }
}

// Resolves two handles and the two transforms of the scratch block; 0 or an error code.
int32_t readPair(int32_t ha, int32_t hb, const sat::Shape3** a, const sat::Shape3** b, sat::Transform3* xa,
                 sat::Transform3* xb) {
  *a = findShape(ha);
  if (!*a) return errorCode(sat::Status::InvalidArgument, 0);
  *b = findShape(hb);
  if (!*b) return errorCode(sat::Status::InvalidArgument, 1);
  *xa = readTransform(gScratch + kInXfA);
  *xb = readTransform(gScratch + kInXfB);
  if (sat::checkTransform(*xa) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 0);
  if (sat::checkTransform(*xb) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 1);
  return 0;
}

}  // namespace

const sat::Shape3* sat3dFindShape(int32_t handle) { return findShape(handle); }

extern "C" {

EMSCRIPTEN_KEEPALIVE float* sat_3d_scratch() { return gScratch; }
EMSCRIPTEN_KEEPALIVE const int32_t* sat_3d_layout() { return gLayout; }
EMSCRIPTEN_KEEPALIVE int sat_3d_layout_length() { return int(sizeof gLayout / sizeof gLayout[0]); }
EMSCRIPTEN_KEEPALIVE int sat_3d_live_shapes() { return gLive; }
EMSCRIPTEN_KEEPALIVE void* sat_3d_malloc(uint32_t bytes) { return std::malloc(bytes); }
EMSCRIPTEN_KEEPALIVE void sat_3d_free(void* p) { std::free(p); }
EMSCRIPTEN_KEEPALIVE const char* sat_3d_status_message(int status) {
  return sat::statusMessage(sat::Status(status));
}

/// points: `count` (x, y, z) floats.
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_make_hull(const float* points, int count, int maxVertices) {
  if (count < 0 || (count > 0 && !points)) return errorCode(sat::Status::InvalidArgument, 0);
  sat::Hull3 hull;
  const sat::Status s = sat::makeHull(reinterpret_cast<const sat::Vec3*>(points), count, &hull, maxVertices);
  return store(s, sat::Shape3(static_cast<sat::Hull3&&>(hull)));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_make_box(float hx, float hy, float hz) {
  sat::Box3 box;
  return store(sat::makeBox({hx, hy, hz}, &box), sat::Shape3(box));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_make_sphere(float cx, float cy, float cz, float radius) {
  sat::Sphere sphere;
  return store(sat::makeSphere({cx, cy, cz}, radius, &sphere), sat::Shape3(sphere));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_make_capsule(float x1, float y1, float z1, float x2, float y2, float z2, float r) {
  sat::Capsule3 capsule;
  return store(sat::makeCapsule({x1, y1, z1}, {x2, y2, z2}, r, &capsule), sat::Shape3(capsule));
}
EMSCRIPTEN_KEEPALIVE int sat_3d_release(int32_t handle) {
  if (!findShape(handle)) return 0;
  Slot& s = gSlots[uint32_t(handle) & 0xFFFFFu];
  s.shape = sat::Shape3{};
  s.live = false;
  s.generation = s.generation >= 2047u ? 1u : s.generation + 1u;
  gFree.push_back(int32_t(uint32_t(handle) & 0xFFFFFu));
  --gLive;
  return 1;
}

/// scratch[kOut..]: type, vertex count, face count (ints), volume, centroid xyz, bounding radius.
EMSCRIPTEN_KEEPALIVE int sat_3d_shape_info(int32_t handle) {
  const sat::Shape3* s = findShape(handle);
  if (!s) return errorCode(sat::Status::InvalidArgument, 0);
  int32_t* io = reinterpret_cast<int32_t*>(gScratch + kOut);
  float* out = gScratch + kOut;
  std::memset(out, 0, 8 * sizeof(float));
  io[0] = int32_t(s->type);
  if (s->type == sat::ShapeType3::Hull) {
    io[1] = s->hull.vertexCount();
    io[2] = s->hull.faceCount();
    out[3] = s->hull.volume();
    out[4] = s->hull.centroid().x, out[5] = s->hull.centroid().y, out[6] = s->hull.centroid().z;
    out[7] = s->hull.boundingRadius();
  }
  return io[0];
}

/// A hull's mesh: vertices (3 floats each) to outVertices, then per face its vertex count to outCounts and the
/// indices (counter-clockwise from outside) to outIndices. Pass null outputs to learn the sizes: returns
/// vertexCount | faceCount << 8 | indexCount << 18.
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_hull_mesh(int32_t handle, float* outVertices, int32_t* outCounts, int32_t* outIndices) {
  const sat::Shape3* s = findShape(handle);
  if (!s || s->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Hull3& h = s->hull;
  int indices = 0;
  for (int f = 0; f < h.faceCount(); ++f) {
    int n = 0, e = h.faces()[f].edge;
    do {
      if (outIndices) outIndices[indices + n] = h.halfEdges()[e].origin;
      ++n;
      e = h.halfEdges()[e].next;
    } while (e != h.faces()[f].edge);
    if (outCounts) outCounts[f] = n;
    indices += n;
  }
  if (outVertices) std::memcpy(outVertices, h.vertices(), sizeof(sat::Vec3) * size_t(h.vertexCount()));
  return h.vertexCount() | (h.faceCount() << 8) | (indices << 18);
}

/// Manifold of two shapes under the scratch transforms, at scratch[kOut..]; returns the point count or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_collide(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  const sat::Manifold3 m = sat::collide(*a, xa, *b, xb);
  writeManifold(m, gScratch + kOut);
  return m.pointCount;
}
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_overlap(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  return sat::overlap(*a, xa, *b, xb) ? 1 : 0;
}
/// scratch[kOut..]: pointA xyz, pointB xyz, normal xyz, distance.
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_distance(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  const sat::DistanceOutput3 d = sat::distance(*a, xa, *b, xb);
  float* o = gScratch + kOut;
  o[0] = d.pointA.x, o[1] = d.pointA.y, o[2] = d.pointA.z;
  o[3] = d.pointB.x, o[4] = d.pointB.y, o[5] = d.pointB.z;
  o[6] = d.normal.x, o[7] = d.normal.y, o[8] = d.normal.z;
  o[9] = d.distance;
  return 0;
}
/// Ray at scratch[kInExtra..], transform A; scratch[kOut..]: point xyz, normal xyz, fraction. Returns 1 on a hit.
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_raycast(int32_t handle) {
  const sat::Shape3* s = findShape(handle);
  if (!s) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Transform3 xf = readTransform(gScratch + kInXfA);
  if (sat::checkTransform(xf) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 0);
  const float* r = gScratch + kInExtra;
  const sat::CastOutput3 c = sat::raycast(*s, xf, {{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, r[6]});
  float* o = gScratch + kOut;
  o[0] = c.point.x, o[1] = c.point.y, o[2] = c.point.z;
  o[3] = c.normal.x, o[4] = c.normal.y, o[5] = c.normal.z;
  o[6] = c.fraction;
  return c.hit ? 1 : 0;
}

/// Hull - hull query with what decided it (sat::collideDebug), for viewers. Writes kDebugHeader + kManifoldFloats floats to out:
/// kind, indexA, indexB (as floats), axis xyz, separation, minA, maxA, minB, maxB, the two vertex indices of A's
/// and of B's deciding edge (an edge pair only, else -1), then the manifold (kManifoldFloats). Returns the point count, or an error (InvalidArgument when a shape is not a hull).
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_collide_debug(int32_t ha, int32_t hb, float* out) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  if (a->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 0);
  if (b->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 1);
  if (!out) return errorCode(sat::Status::InvalidArgument, 2);
  const sat::SatDebug3 d = sat::collideDebug(a->hull, xa, b->hull, xb);
  out[0] = float(d.kind), out[1] = float(d.indexA), out[2] = float(d.indexB);
  out[3] = d.axis.x, out[4] = d.axis.y, out[5] = d.axis.z, out[6] = d.separation;
  out[7] = d.minA, out[8] = d.maxA, out[9] = d.minB, out[10] = d.maxB;
  const bool edges = d.kind == sat::SatAxis3::EdgePair;
  const sat::HullHalfEdge* ea = a->hull.halfEdges();
  const sat::HullHalfEdge* eb = b->hull.halfEdges();
  out[11] = edges ? float(ea[d.indexA].origin) : -1.0f, out[12] = edges ? float(ea[d.indexA ^ 1].origin) : -1.0f;
  out[13] = edges ? float(eb[d.indexB].origin) : -1.0f, out[14] = edges ? float(eb[d.indexB ^ 1].origin) : -1.0f;
  writeManifold(d.manifold, out + kDebugHeader);
  return d.manifold.pointCount;
}

/// Bulk narrow phase: shapes[handles[i]] under xforms[i * kXfFloats ..]; pairs (i, j) index into them. Writes
/// counts[p] and manifolds[p * kManifoldFloats ..] for every pair; caches (kCacheWords per pair, zero at first)
/// carry the SAT cache from call to call when not null. Returns the number of touching pairs, or an error (the
/// bad element's index at scratch[kOutError]).
EMSCRIPTEN_KEEPALIVE int32_t sat_3d_collide_many(const int32_t* handles, int shapeCount, const float* xforms,
                                               const int32_t* pairs, int pairCount, int32_t* counts,
                                               float* manifolds, uint32_t* caches) {
  int32_t* err = reinterpret_cast<int32_t*>(gScratch + kOutError);
  if (shapeCount < 0 || pairCount < 0 || (shapeCount && (!handles || !xforms)) ||
      (pairCount && (!pairs || !counts || !manifolds))) {
    return errorCode(sat::Status::InvalidArgument, 2);
  }
  for (int i = 0; i < shapeCount; ++i) {
    if (!findShape(handles[i])) return *err = i, errorCode(sat::Status::InvalidArgument, 0);
    if (sat::checkTransform(readTransform(xforms + kXfFloats * i)) != sat::Status::Ok) {
      return *err = i, errorCode(sat::Status::InvalidTransform, 0);
    }
  }
  int touching = 0;
  for (int p = 0; p < pairCount; ++p) {
    const int32_t i = pairs[2 * p], j = pairs[2 * p + 1];
    if (i < 0 || j < 0 || i >= shapeCount || j >= shapeCount) return *err = p, errorCode(sat::Status::InvalidArgument, 1);
    sat::SatCache3 cache;
    if (caches) {
      cache.kind = sat::SatAxis3(caches[2 * p] & 0xFFu);
      cache.indexA = uint16_t(caches[2 * p] >> 16);
      cache.indexB = uint16_t(caches[2 * p + 1]);
    }
    const sat::Manifold3 m = sat::collide(*findShape(handles[i]), readTransform(xforms + kXfFloats * i),
                                          *findShape(handles[j]), readTransform(xforms + kXfFloats * j),
                                          caches ? &cache : nullptr);
    if (caches) {
      caches[2 * p] = uint32_t(cache.kind) | (uint32_t(cache.indexA) << 16);
      caches[2 * p + 1] = cache.indexB;
    }
    counts[p] = m.pointCount;
    writeManifold(m, manifolds + size_t(kManifoldFloats) * size_t(p));
    touching += m.pointCount > 0;
  }
  return touching;
}

}  // extern "C"
