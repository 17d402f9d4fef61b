// sat-wasm 3D bindings: the 3D module (sat3d-<variant>.{mjs,wasm}), separate from the 2D one so that 2D-only users
// never load it. The shape store (class ShapeStore3), the per-call queries, the bulk call (class PairBatch3), the
// enums and every layout constant of the scratch block and the manifold. Per-call queries take two shape handles
// and read the transforms from the scratch block: numbers in, numbers out, Embind's cheapest call.
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "binding3_common.h"
#include "sat/sat3d.h"
#include "sat/world.h"

using namespace satjs3;

// ----- scratch block, buffer and shape store -----

namespace {

alignas(16) float gScratch[kScratchSlots];
void* gBuffer = nullptr;
uint32_t gBufferBytes = 0;

/// A handle: bits 0..19 the slot, bits 20..30 a generation (never 0).
constexpr int kSlotBits = 20;
constexpr uint32_t kSlotMask = (1u << kSlotBits) - 1u;

struct Slot {
  sat::Shape3 shape;
  uint32_t generation = 1;
  bool live = false;
};
std::vector<Slot> gSlots;
std::vector<int32_t> gFree;
int gLive = 0;

int32_t store(sat::Status status, sat::Shape3&& shape) {
  if (status != sat::Status::Ok) return errorCode(status, 0);
  int32_t slot;
  if (!gFree.empty()) {
    slot = gFree.back();
    gFree.pop_back();
  } else {
    if (gSlots.size() >= kSlotMask) return errorCode(sat::Status::InvalidArgument, 0);
    slot = int32_t(gSlots.size());
    gSlots.emplace_back();
  }
  Slot& s = gSlots[size_t(slot)];
  s.shape = static_cast<sat::Shape3&&>(shape);
  s.live = true;
  ++gLive;
  return int32_t((s.generation << kSlotBits) | uint32_t(slot));
}

}  // namespace

float* satjs3::scratch() { return gScratch; }
void* satjs3::bufferData() { return gBuffer; }
uint32_t satjs3::bufferBytes() { return gBufferBytes; }

void* satjs3::buffer(uint32_t bytes) {
  return satjs::growBlock(&gBuffer, &gBufferBytes, bytes);
}

const sat::Shape3* satjs3::findShape(int32_t handle) {
  if (handle <= 0) return nullptr;
  const uint32_t slot = uint32_t(handle) & kSlotMask, gen = uint32_t(handle) >> kSlotBits;
  if (slot >= gSlots.size() || !gSlots[slot].live || gSlots[slot].generation != gen) return nullptr;
  return &gSlots[slot].shape;
}

// The 2D module registers its constants with this function too (core_info.cpp, not linked here).
void satjs::registerConstants(const Constant* table, int count) {
  for (int i = 0; i < count; ++i) emscripten::constant(table[i].name, table[i].value);
}

namespace {

// ----- the manifold, in 32-bit slots (at scratch[kOut..], in a batch's manifolds, after the debug header) -----
constexpr int kManifoldNormal = 0;   ///< normal xyz
constexpr int kManifoldDepth = 3;
constexpr int kManifoldPoints = 4;   ///< then 4 points of kPointFloats
constexpr int kPointFloats = 5;      ///< x, y, z, depth, id (uint32 bits)
constexpr int kMaxManifoldPoints = 4;
constexpr int kManifoldFloats = kManifoldPoints + kMaxManifoldPoints * kPointFloats;
static_assert(kOut + kManifoldFloats <= kScratchSlots, "the manifold fits in the scratch block");

// distance(): at scratch[kOut..]
constexpr int kDistancePointA = 0, kDistancePointB = 3, kDistanceNormal = 6, kDistanceValue = 9;
// raycast(): at scratch[kOut..]
constexpr int kRayPoint = 0, kRayNormal = 3, kRayFraction = 6;
// hullMesh(): the counts at scratch[kOut..] (int32); vertices, face sizes and indices in the buffer
constexpr int kMeshVertexCount = 0, kMeshFaceCount = 1, kMeshIndexCount = 2;
// collideDebug(): in the buffer, floats: kind, indexA, indexB, axis xyz, separation, minA, maxA, minB, maxB, the
// two vertex indices of A's and of B's deciding edge (an edge pair only, else -1), then the manifold
constexpr int kDebugKind = 0, kDebugIndexA = 1, kDebugIndexB = 2, kDebugAxis = 3, kDebugSeparation = 6,
              kDebugMinA = 7, kDebugMaxA = 8, kDebugMinB = 9, kDebugMaxB = 10, kDebugEdgeA = 11, kDebugEdgeB = 13,
              kDebugManifold = 15;
constexpr int kCacheWords = 2;  ///< per pair in a batch: kind | indexA << 16, indexB

static_assert(offsetof(sat::Manifold3, points) == 4 * kManifoldPoints &&
                  sizeof(sat::ManifoldPoint3) == 4 * kPointFloats &&
                  offsetof(sat::ManifoldPoint3, id) == 4 * (kPointFloats - 1) &&
                  sizeof(sat::Manifold3) >= 4 * kManifoldFloats,
              "the manifold's slots are the first kManifoldFloats words of Manifold3");
/// The manifold's words, those of the points past pointCount zeroed: its first kManifoldFloats words copied four at
/// a time, each masked by whether its point is used. One branch per point (what the selects of a field-by-field
/// copy compile to) mispredicts on the point count, which varies from pair to pair.
void writeManifold(const sat::Manifold3& m, float* out) {
  typedef int32_t Words __attribute__((vector_size(16)));
  // The point each word belongs to (-1: the normal and the depth, always written).
  alignas(16) static const int32_t kPointOfWord[kManifoldFloats] = {-1, -1, -1, -1, 0, 0, 0, 0, 0, 1, 1, 1,
                                                                     1,  1,  2,  2,  2, 2, 2, 3, 3, 3, 3, 3};
  const Words count{m.pointCount, m.pointCount, m.pointCount, m.pointCount};
  const unsigned char* from = reinterpret_cast<const unsigned char*>(&m);
  for (int b = 0; b < kManifoldFloats / 4; ++b) {
    Words words, point;
    std::memcpy(&words, from + 16 * b, sizeof words);
    std::memcpy(&point, kPointOfWord + 4 * b, sizeof point);
    words &= point < count;
    std::memcpy(out + 4 * b, &words, sizeof words);
  }
}

/// Resolves two handles and the two transforms of the scratch block; 0 or an error code.
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

// ----- per-call queries -----

/// Manifold of two shapes under the scratch transforms, at scratch[kOut..]; the point count or an error.
int32_t collide(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  const sat::Manifold3 m = sat::collide(*a, xa, *b, xb);
  writeManifold(m, gScratch + kOut);
  return m.pointCount;
}

/// 1 when the shapes touch, 0 when apart, or an error.
int32_t overlap(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  return sat::overlap(*a, xa, *b, xb) ? 1 : 0;
}

/// Closest points, normal and distance at scratch[kOut..] (kDistance*); 0 or an error.
int32_t distance(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  const sat::DistanceOutput3 d = sat::distance(*a, xa, *b, xb);
  float* o = gScratch + kOut;
  o[kDistancePointA] = d.pointA.x, o[kDistancePointA + 1] = d.pointA.y, o[kDistancePointA + 2] = d.pointA.z;
  o[kDistancePointB] = d.pointB.x, o[kDistancePointB + 1] = d.pointB.y, o[kDistancePointB + 2] = d.pointB.z;
  o[kDistanceNormal] = d.normal.x, o[kDistanceNormal + 1] = d.normal.y, o[kDistanceNormal + 2] = d.normal.z;
  o[kDistanceValue] = d.distance;
  return 0;
}

/// Ray at scratch[kInExtra..] against a shape under transform A; the hit at scratch[kOut..] (kRay*). 1 on a hit,
/// 0 on a miss, or an error.
int32_t raycast(int32_t handle) {
  const sat::Shape3* s = findShape(handle);
  if (!s) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Transform3 xf = readTransform(gScratch + kInXfA);
  if (sat::checkTransform(xf) != sat::Status::Ok) return errorCode(sat::Status::InvalidTransform, 0);
  const float* r = gScratch + kInExtra;
  const sat::CastOutput3 c = sat::raycast(*s, xf, {{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, r[6]});
  float* o = gScratch + kOut;
  o[kRayPoint] = c.point.x, o[kRayPoint + 1] = c.point.y, o[kRayPoint + 2] = c.point.z;
  o[kRayNormal] = c.normal.x, o[kRayNormal + 1] = c.normal.y, o[kRayNormal + 2] = c.normal.z;
  o[kRayFraction] = c.fraction;
  return c.hit ? 1 : 0;
}

/// Hull - hull query with what decided it (sat::collideDebug), for viewers: kDebug* floats at the start of the
/// buffer, the manifold after them. The point count, or an error (InvalidArgument when a shape is not a hull).
int32_t collideDebug(int32_t ha, int32_t hb) {
  const sat::Shape3 *a, *b;
  sat::Transform3 xa, xb;
  if (int32_t e = readPair(ha, hb, &a, &b, &xa, &xb)) return e;
  if (a->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 0);
  if (b->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 1);
  float* out = static_cast<float*>(buffer(4u * (kDebugManifold + kManifoldFloats)));
  if (!out) return errorCode(sat::Status::InvalidArgument, 2);
  const sat::SatDebug3 d = sat::collideDebug(a->hull, xa, b->hull, xb);
  out[kDebugKind] = float(d.kind), out[kDebugIndexA] = float(d.indexA), out[kDebugIndexB] = float(d.indexB);
  out[kDebugAxis] = d.axis.x, out[kDebugAxis + 1] = d.axis.y, out[kDebugAxis + 2] = d.axis.z;
  out[kDebugSeparation] = d.separation;
  out[kDebugMinA] = d.minA, out[kDebugMaxA] = d.maxA, out[kDebugMinB] = d.minB, out[kDebugMaxB] = d.maxB;
  const bool edges = d.kind == sat::SatAxis3::EdgePair;
  const sat::HullHalfEdge* ea = a->hull.halfEdges();
  const sat::HullHalfEdge* eb = b->hull.halfEdges();
  out[kDebugEdgeA] = edges ? float(ea[d.indexA].origin) : -1.0f;
  out[kDebugEdgeA + 1] = edges ? float(ea[d.indexA ^ 1].origin) : -1.0f;
  out[kDebugEdgeB] = edges ? float(eb[d.indexB].origin) : -1.0f;
  out[kDebugEdgeB + 1] = edges ? float(eb[d.indexB ^ 1].origin) : -1.0f;
  writeManifold(d.manifold, out + kDebugManifold);
  return d.manifold.pointCount;
}

std::string statusMessage(int status) { return sat::worldStatusMessage(sat::Status(status)); }

// ----- the shape store, as static functions of one registered class -----

struct ShapeStore3 {
  static emscripten::val scratchView() { return emscripten::val(emscripten::typed_memory_view(kScratchSlots, gScratch)); }

  /// The growable buffer, at least `bytes` long, as a Uint8Array (its byteOffset is its address); empty when
  /// memory cannot grow.
  static emscripten::val bufferView(uint32_t bytes) {
    uint8_t* data = static_cast<uint8_t*>(buffer(bytes));
    return emscripten::val(emscripten::typed_memory_view(data ? gBufferBytes : 0u, data));
  }

  static int live() { return gLive; }

  /// The hull of `count` (x, y, z) float triples at the start of the buffer.
  static int32_t hull(int count, int maxVertices) {
    if (count < 0 || uint64_t(count) * 12u > gBufferBytes) return errorCode(sat::Status::InvalidArgument, 0);
    sat::Hull3 h;
    const sat::Status s = sat::makeHull(static_cast<const sat::Vec3*>(gBuffer), count, &h, maxVertices);
    return store(s, sat::Shape3(static_cast<sat::Hull3&&>(h)));
  }
  static int32_t box(float hx, float hy, float hz) {
    sat::Box3 b;
    return store(sat::makeBox({hx, hy, hz}, &b), sat::Shape3(b));
  }
  static int32_t sphere(float cx, float cy, float cz, float radius) {
    sat::Sphere s;
    return store(sat::makeSphere({cx, cy, cz}, radius, &s), sat::Shape3(s));
  }
  static int32_t capsule(float x1, float y1, float z1, float x2, float y2, float z2, float r) {
    sat::Capsule3 c;
    return store(sat::makeCapsule({x1, y1, z1}, {x2, y2, z2}, r, &c), sat::Shape3(c));
  }

  static bool release(int32_t handle) {
    if (!findShape(handle)) return false;
    Slot& s = gSlots[uint32_t(handle) & kSlotMask];
    s.shape = sat::Shape3{};
    s.live = false;
    s.generation = s.generation >= 2047u ? 1u : s.generation + 1u;
    gFree.push_back(int32_t(uint32_t(handle) & kSlotMask));
    --gLive;
    return true;
  }

  /// The ShapeKind3 of a live shape, or an error.
  static int32_t kind(int32_t handle) {
    const sat::Shape3* s = findShape(handle);
    return s ? int32_t(s->type) : errorCode(sat::Status::InvalidArgument, 0);
  }

  /// A hull's mesh in the buffer: vertices (3 floats each), then per face its vertex count (int32), then the
  /// indices (counter-clockwise from outside); the three counts at scratch[kOut..] (kMesh*). 0 or an error.
  static int32_t hullMesh(int32_t handle) {
    const sat::Shape3* s = findShape(handle);
    if (!s || s->type != sat::ShapeType3::Hull) return errorCode(sat::Status::InvalidArgument, 0);
    const sat::Hull3& h = s->hull;
    int indices = 0;
    for (int f = 0; f < h.faceCount(); ++f) {
      int e = h.faces()[f].edge;
      do {
        ++indices;
        e = h.halfEdges()[e].next;
      } while (e != h.faces()[f].edge);
    }
    const int nv = h.vertexCount(), nf = h.faceCount();
    char* out = static_cast<char*>(buffer(uint32_t(12 * nv + 4 * nf + 4 * indices)));
    if (!out) return errorCode(sat::Status::InvalidArgument, 1);
    std::memcpy(out, h.vertices(), sizeof(sat::Vec3) * size_t(nv));
    int32_t* counts = reinterpret_cast<int32_t*>(out + 12 * nv);
    int32_t* index = counts + nf;
    for (int f = 0; f < nf; ++f) {
      int n = 0, e = h.faces()[f].edge;
      do {
        *index++ = h.halfEdges()[e].origin;
        ++n;
        e = h.halfEdges()[e].next;
      } while (e != h.faces()[f].edge);
      counts[f] = n;
    }
    int32_t* sizes = reinterpret_cast<int32_t*>(gScratch + kOut);
    sizes[kMeshVertexCount] = nv, sizes[kMeshFaceCount] = nf, sizes[kMeshIndexCount] = indices;
    return 0;
  }
};

/// The bulk narrow phase: one block holding a batch's inputs (shape handles, transforms kXfFloats per shape, index
/// pairs, per-pair SAT caches) and outputs (per pair: the contact count and the manifold), which JavaScript fills
/// and reads through typed memory views, and run() over all of it in one call. The block only grows; the views
/// stay valid until the next reserve() that grows it (or any growth of the WebAssembly memory).
class PairBatch3 {
 public:
  PairBatch3() = default;
  PairBatch3(const PairBatch3&) = delete;
  PairBatch3& operator=(const PairBatch3&) = delete;
  ~PairBatch3() { std::free(block_); }

  /// Room for `shapeCount` shapes and `pairCount` pairs. 1 when the block moved (views must be taken again), 0
  /// when it did not, -1 when memory cannot grow.
  int reserve(int shapeCount, int pairCount) {
    if (shapeCount < 0 || pairCount < 0) return -1;
    if (shapeCount <= shapeCap_ && pairCount <= pairCap_) return 0;
    const int shapes = shapeCount > shapeCap_ ? shapeCount : shapeCap_;
    const int pairs = pairCount > pairCap_ ? pairCount : pairCap_;
    const size_t words = size_t(shapes) * (1 + kXfFloats) + size_t(pairs) * (2 + 1 + kManifoldFloats + kCacheWords);
    void* block = std::malloc(words * 4);
    if (!block) return -1;
    std::free(block_);
    block_ = static_cast<uint32_t*>(block);
    shapeCap_ = shapes, pairCap_ = pairs;
    uint32_t* at = block_;
    handles_ = reinterpret_cast<int32_t*>(at), at += shapes;
    transforms_ = reinterpret_cast<float*>(at), at += size_t(shapes) * kXfFloats;
    pairs_ = reinterpret_cast<int32_t*>(at), at += 2 * size_t(pairs);
    counts_ = reinterpret_cast<int32_t*>(at), at += pairs;
    manifolds_ = reinterpret_cast<float*>(at), at += size_t(pairs) * kManifoldFloats;
    caches_ = at;
    return 1;
  }

  emscripten::val handles() const { return view(size_t(shapeCap_), handles_); }
  emscripten::val transforms() const { return view(size_t(shapeCap_) * kXfFloats, transforms_); }
  emscripten::val pairs() const { return view(2 * size_t(pairCap_), pairs_); }
  emscripten::val counts() const { return view(size_t(pairCap_), counts_); }
  emscripten::val manifolds() const { return view(size_t(pairCap_) * kManifoldFloats, manifolds_); }
  emscripten::val caches() const { return view(size_t(pairCap_) * kCacheWords, caches_); }
  /// After a failed run(): the index of the bad shape (argument 0) or pair (argument 1).
  int errorIndex() const { return errorIndex_; }

  /// Collides `pairCount` pairs of indices into the first `shapeCount` shapes. With `useCaches` each pair's SAT
  /// cache is read and updated (zero-filled at first): a pair that stays apart then usually costs one projection;
  /// answers never depend on it. Returns the number of touching pairs, or an error with the bad element's index
  /// in errorIndex(): argument 0 a shape handle or its transform, 1 a pair entry.
  int32_t run(int shapeCount, int pairCount, bool useCaches) {
    if (shapeCount < 0 || pairCount < 0 || shapeCount > shapeCap_ || pairCount > pairCap_) {
      return fail(sat::Status::InvalidArgument, 2, 0);
    }
    for (int i = 0; i < shapeCount; ++i) {
      if (!findShape(handles_[i])) return fail(sat::Status::InvalidArgument, 0, i);
      if (sat::checkTransform(readTransform(transforms_ + kXfFloats * i)) != sat::Status::Ok) {
        return fail(sat::Status::InvalidTransform, 0, i);
      }
    }
    int touching = 0;
    for (int p = 0; p < pairCount; ++p) {
      const int32_t i = pairs_[2 * p], j = pairs_[2 * p + 1];
      if (uint32_t(i) >= uint32_t(shapeCount) || uint32_t(j) >= uint32_t(shapeCount)) {
        return fail(sat::Status::InvalidArgument, 1, p);
      }
      sat::SatCache3 cache;
      uint32_t* c = caches_ + kCacheWords * size_t(p);
      if (useCaches) {
        cache.kind = sat::SatAxis3(c[0] & 0xFFu);
        cache.indexA = uint16_t(c[0] >> 16);
        cache.indexB = uint16_t(c[1]);
      }
      const sat::Manifold3 m = sat::collide(*findShape(handles_[i]), readTransform(transforms_ + kXfFloats * i),
                                            *findShape(handles_[j]), readTransform(transforms_ + kXfFloats * j),
                                            useCaches ? &cache : nullptr);
      if (useCaches) {
        c[0] = uint32_t(cache.kind) | (uint32_t(cache.indexA) << 16);
        c[1] = cache.indexB;
      }
      counts_[p] = m.pointCount;
      writeManifold(m, manifolds_ + size_t(kManifoldFloats) * size_t(p));
      touching += m.pointCount > 0;
    }
    return touching;
  }

 private:
  template <class T>
  static emscripten::val view(size_t n, T* data) {
    return emscripten::val(emscripten::typed_memory_view(n, data));
  }
  int32_t fail(sat::Status status, int argument, int index) {
    errorIndex_ = index;
    return errorCode(status, argument);
  }

  uint32_t* block_ = nullptr;
  int shapeCap_ = 0, pairCap_ = 0;
  int32_t* handles_ = nullptr;
  float* transforms_ = nullptr;
  int32_t* pairs_ = nullptr;
  int32_t* counts_ = nullptr;
  float* manifolds_ = nullptr;
  uint32_t* caches_ = nullptr;
  int errorIndex_ = 0;
};

}  // namespace

EMSCRIPTEN_BINDINGS(sat3d_narrow_phase) {
  using namespace emscripten;
  using satjs::Constant;
  enum_<sat::Status>("Status")
      .value("Ok", sat::Status::Ok)
      .value("TooFewPoints", sat::Status::TooFewPoints)
      .value("TooManyPoints", sat::Status::TooManyPoints)
      .value("NonFinite", sat::Status::NonFinite)
      .value("OutOfRange", sat::Status::OutOfRange)
      .value("InvalidRadius", sat::Status::InvalidRadius)
      .value("ZeroLength", sat::Status::ZeroLength)
      .value("InvalidTransform", sat::Status::InvalidTransform)
      .value("InvalidArgument", sat::Status::InvalidArgument)
      .value("Coplanar", sat::Status::Coplanar)
      .value("ZeroVolume", sat::Status::ZeroVolume)
      .value("Degenerate", sat::Status::Degenerate)
      .value("UnknownBody", sat::kStatusUnknownBody)
      .value("RemovedBody", sat::kStatusRemovedBody)
      .value("WorldFull", sat::kStatusWorldFull);
  enum_<sat::ShapeType3>("ShapeKind3")
      .value("Sphere", sat::ShapeType3::Sphere)
      .value("Capsule", sat::ShapeType3::Capsule)
      .value("Box", sat::ShapeType3::Box)
      .value("Hull", sat::ShapeType3::Hull);
  enum_<sat::SatAxis3>("SatAxis3")
      .value("None", sat::SatAxis3::None)
      .value("FaceA", sat::SatAxis3::FaceA)
      .value("FaceB", sat::SatAxis3::FaceB)
      .value("EdgePair", sat::SatAxis3::EdgePair);

  function("statusMessage", &statusMessage);
  function("collide", &collide);
  function("overlap", &overlap);
  function("distance", &distance);
  function("raycast", &raycast);
  function("collideDebug", &collideDebug);

  class_<ShapeStore3>("ShapeStore3")
      .class_function("scratch", &ShapeStore3::scratchView)
      .class_function("buffer", &ShapeStore3::bufferView)
      .class_function("live", &ShapeStore3::live)
      .class_function("hull", &ShapeStore3::hull)
      .class_function("box", &ShapeStore3::box)
      .class_function("sphere", &ShapeStore3::sphere)
      .class_function("capsule", &ShapeStore3::capsule)
      .class_function("release", &ShapeStore3::release)
      .class_function("kind", &ShapeStore3::kind)
      .class_function("hullMesh", &ShapeStore3::hullMesh);

  class_<PairBatch3>("PairBatch3")
      .constructor<>()
      .function("reserve", &PairBatch3::reserve)
      .function("handles", &PairBatch3::handles)
      .function("transforms", &PairBatch3::transforms)
      .function("pairs", &PairBatch3::pairs)
      .function("counts", &PairBatch3::counts)
      .function("manifolds", &PairBatch3::manifolds)
      .function("caches", &PairBatch3::caches)
      .function("errorIndex", &PairBatch3::errorIndex)
      .function("run", &PairBatch3::run);

  static const Constant kNarrowPhase3[] = {
    {"MAX_HULL_VERTICES", double(sat::kMaxHullVertices)},
    {"DEFAULT_HULL_VERTEX_LIMIT", double(sat::kDefaultHullVertexLimit)},
    {"ERROR_ARGUMENT_SHIFT", double(satjs::kErrorArgumentShift)},
    {"TRANSFORM_FLOATS", double(kXfFloats)},
    {"SCRATCH_IN_XF_A", double(kInXfA)},
    {"SCRATCH_IN_XF_B", double(kInXfB)},
    {"SCRATCH_IN_EXTRA", double(kInExtra)},
    {"SCRATCH_OUT", double(kOut)},
    {"MANIFOLD_NORMAL", double(kManifoldNormal)},
    {"MANIFOLD_DEPTH", double(kManifoldDepth)},
    {"MANIFOLD_POINTS", double(kManifoldPoints)},
    {"MANIFOLD_POINT_FLOATS", double(kPointFloats)},
    {"MANIFOLD_FLOATS", double(kManifoldFloats)},
    {"DISTANCE_POINT_A", double(kDistancePointA)},
    {"DISTANCE_POINT_B", double(kDistancePointB)},
    {"DISTANCE_NORMAL", double(kDistanceNormal)},
    {"DISTANCE_VALUE", double(kDistanceValue)},
    {"RAY_POINT", double(kRayPoint)},
    {"RAY_NORMAL", double(kRayNormal)},
    {"RAY_FRACTION", double(kRayFraction)},
    {"MESH_VERTEX_COUNT", double(kMeshVertexCount)},
    {"MESH_FACE_COUNT", double(kMeshFaceCount)},
    {"MESH_INDEX_COUNT", double(kMeshIndexCount)},
    {"DEBUG_KIND", double(kDebugKind)},
    {"DEBUG_INDEX_A", double(kDebugIndexA)},
    {"DEBUG_INDEX_B", double(kDebugIndexB)},
    {"DEBUG_AXIS", double(kDebugAxis)},
    {"DEBUG_SEPARATION", double(kDebugSeparation)},
    {"DEBUG_MIN_A", double(kDebugMinA)},
    {"DEBUG_MAX_A", double(kDebugMaxA)},
    {"DEBUG_MIN_B", double(kDebugMinB)},
    {"DEBUG_MAX_B", double(kDebugMaxB)},
    {"DEBUG_EDGE_A", double(kDebugEdgeA)},
    {"DEBUG_EDGE_B", double(kDebugEdgeB)},
    {"DEBUG_MANIFOLD", double(kDebugManifold)},
    {"CACHE_WORDS", double(kCacheWords)},
  };
  satjs::registerConstants(kNarrowPhase3);
}
