// sat-wasm bindings: the shape store (class ShapeStore: the makers, release and inspection of the shapes this
// module instance holds), the scratch block and the growable buffer as typed memory views.
#include <emscripten/bind.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "binding_common.h"
#include "value_object.h"
#include "sat/decompose.h"

namespace satjs {
namespace {

struct Slot {
  int32_t nextFree = -1;
  sat::Shape shape;
};

std::vector<Slot> gSlots;
// Per slot: generation << 1 | live, the generation 1..2047 (bumped on release so stale handles stop matching). The
// handle check reads only this table: a bulk call checks every handle before its pairs, and with thousands of
// shapes the slots' own lines would be evicted again before the pairs read them (four bytes per shape here
// instead of a cache line).
std::vector<uint32_t> gTags;
constexpr uint32_t kLive = 1u;
int32_t gFirstFree = -1;
int gLive = 0;

alignas(16) float gScratch[kScratchSlots];
void* gBuffer = nullptr;
uint32_t gBufferBytes = 0;

int32_t slotOf(int32_t handle) { return static_cast<int32_t>(static_cast<uint32_t>(handle) & kSlotMask); }
uint32_t generationOf(int32_t handle) { return static_cast<uint32_t>(handle) >> kSlotBits; }

}  // namespace

const sat::Shape* findShape(int32_t handle) {
  if (handle <= 0) return nullptr;
  int32_t index = slotOf(handle);
  if (index >= static_cast<int32_t>(gTags.size())) return nullptr;
  if (gTags[index] != (generationOf(handle) << 1 | kLive)) return nullptr;
  return &gSlots[index].shape;
}

int32_t addShape(sat::Shape&& shape) {
  int32_t index;
  if (gFirstFree >= 0) {
    index = gFirstFree;
    gFirstFree = gSlots[index].nextFree;
  } else {
    if (static_cast<int>(gSlots.size()) >= kMaxShapes) return errorCode(sat::Status::InvalidArgument, 0);  // store full
    index = static_cast<int32_t>(gSlots.size());
    gSlots.emplace_back();
    gTags.push_back(1u << 1);  // generation 1, free
  }
  Slot& slot = gSlots[index];
  slot.shape = static_cast<sat::Shape&&>(shape);
  gTags[index] |= kLive;
  slot.nextFree = -1;
  ++gLive;
  return static_cast<int32_t>(((gTags[index] >> 1) << kSlotBits) | static_cast<uint32_t>(index));
}

bool releaseShape(int32_t handle) {
  if (!findShape(handle)) return false;
  int32_t index = slotOf(handle);
  Slot& slot = gSlots[index];
  slot.shape = sat::Shape{};  // frees a large polygon's vertex block now, not when the slot is reused
  const uint32_t generation = gTags[index] >> 1;
  gTags[index] = (generation >= 2047u ? 1u : generation + 1u) << 1;  // free
  slot.nextFree = gFirstFree;
  gFirstFree = index;
  --gLive;
  return true;
}

int liveShapeCount() { return gLive; }

float* scratch() { return gScratch; }

void* bufferData() { return gBuffer; }
uint32_t bufferBytes() { return gBufferBytes; }

void* buffer(uint32_t bytes) {
  return growBlock(&gBuffer, &gBufferBytes, bytes);
}

}  // namespace satjs

using namespace satjs;

namespace {

int32_t store(sat::Status status, sat::Shape&& shape) {
  if (status != sat::Status::Ok) return errorCode(status, 0);
  return addShape(static_cast<sat::Shape&&>(shape));
}

/// What a stored shape is (ShapeStore.info). For a circle center1 is its centre; for a capsule center1 and center2
/// are the cap centres; for a segment its two points.
struct ShapeInfo {
  int32_t status = 0;
  int kind = 0;  ///< a ShapeKind
  int vertexCount = 0;
  float radius = 0.0f;
  sat::Vec2 centroid{0.0f, 0.0f};
  float area = 0.0f;
  sat::AABB localBounds;
  sat::Vec2 center1{0.0f, 0.0f};
  sat::Vec2 center2{0.0f, 0.0f};
};

struct BoundsResult {
  int32_t status = 0;
  sat::AABB bounds;
};

/// The shape store's functions, grouped under one registered class (static functions: the store is this module
/// instance's, like every other global of the module).
struct ShapeStore {
  /// The scratch block as a Float32Array.
  static emscripten::val scratchView() { return emscripten::val(emscripten::typed_memory_view(kScratchSlots, scratch())); }

  /// The growable buffer, at least `bytes` long, as a Uint8Array (its byteOffset is its address); empty when memory
  /// cannot grow.
  static emscripten::val bufferView(uint32_t bytes) {
    uint8_t* data = static_cast<uint8_t*>(buffer(bytes));
    return emscripten::val(emscripten::typed_memory_view(data ? bufferBytes() : 0u, data));
  }

  static int live() { return liveShapeCount(); }

  /// A polygon from `count` (x, y) float pairs at the start of the buffer. hull != 0 takes the convex hull instead
  /// of requiring a convex outline.
  static int32_t polygon(int count, bool hull) {
    if (count < 0 || static_cast<uint64_t>(count) * 8u > bufferBytes()) return errorCode(sat::Status::InvalidArgument, 0);
    const sat::Vec2* vertices = static_cast<const sat::Vec2*>(bufferData());
    sat::Polygon polygon;
    sat::Status status = hull ? sat::makeHull(vertices, count, &polygon) : sat::makePolygon(vertices, count, &polygon);
    return store(status, sat::Shape(static_cast<sat::Polygon&&>(polygon)));
  }

  /// Splits a simple (possibly concave) outline of `count` (x, y) points at the start of the buffer into convex
  /// parts and stores each as a shape; their handles then replace the points at the start of the buffer (int32).
  /// Returns the part count or an error; on error nothing is stored.
  static int32_t decompose(int count) {
    if (count < 0 || static_cast<uint64_t>(count) * 8u > bufferBytes()) return errorCode(sat::Status::InvalidArgument, 0);
    std::vector<sat::Polygon> parts;
    sat::Status status = sat::decompose(static_cast<const sat::Vec2*>(bufferData()), count, &parts);
    if (status != sat::Status::Ok) return errorCode(status, 0);
    const int n = static_cast<int>(parts.size());
    // Ear clipping makes at most count - 2 parts: their handles fit where the points were.
    if (static_cast<uint64_t>(n) * 4u > bufferBytes()) return errorCode(sat::Status::TooManyPoints, 0);
    int32_t* out = static_cast<int32_t*>(bufferData());
    for (int i = 0; i < n; ++i) {
      int32_t handle = addShape(sat::Shape(static_cast<sat::Polygon&&>(parts[i])));
      if (handle < 0) {
        for (int j = 0; j < i; ++j) releaseShape(out[j]);
        return handle;
      }
      out[i] = handle;
    }
    return n;
  }

  static int32_t box(float halfWidth, float halfHeight, float cx, float cy, float angle) {
    sat::Polygon polygon;
    sat::Status status = sat::makeBox(halfWidth, halfHeight, &polygon, {cx, cy}, angle);
    return store(status, sat::Shape(static_cast<sat::Polygon&&>(polygon)));
  }

  static int32_t circle(float cx, float cy, float radius) {
    sat::Circle circle;
    sat::Status status = sat::makeCircle({cx, cy}, radius, &circle);
    return store(status, sat::Shape(circle));
  }

  static int32_t capsule(float x1, float y1, float x2, float y2, float radius) {
    sat::Capsule capsule;
    sat::Status status = sat::makeCapsule({x1, y1}, {x2, y2}, radius, &capsule);
    return store(status, sat::Shape(capsule));
  }

  static int32_t segment(float x1, float y1, float x2, float y2) {
    sat::Segment segment;
    sat::Status status = sat::makeSegment({x1, y1}, {x2, y2}, &segment);
    return store(status, sat::Shape(segment));
  }

  static bool release(int32_t handle) { return releaseShape(handle); }

  /// What a shape is; `status` is an error code for a handle that is not live.
  static ShapeInfo info(int32_t handle) {
    ShapeInfo info;
    const sat::Shape* shape = findShape(handle);
    if (!shape) {
      info.status = errorCode(sat::Status::InvalidArgument, 0);
      return info;
    }
    info.kind = static_cast<int>(shape->type);
    info.localBounds = sat::localBounds(*shape);
    switch (shape->type) {
      case sat::ShapeType::Circle:
        info.radius = shape->circle.radius;
        info.centroid = shape->circle.center;
        info.area = 3.14159265358979f * shape->circle.radius * shape->circle.radius;
        info.center1 = shape->circle.center;
        break;
      case sat::ShapeType::Capsule: {
        const sat::Capsule& c = shape->capsule;
        info.radius = c.radius;
        info.centroid = 0.5f * (c.center1 + c.center2);
        info.area = 3.14159265358979f * c.radius * c.radius + 2.0f * c.radius * sat::distance(c.center1, c.center2);
        info.center1 = c.center1;
        info.center2 = c.center2;
        break;
      }
      case sat::ShapeType::Segment:
      case sat::ShapeType::ChainSegment: {
        const sat::Segment& g = shape->type == sat::ShapeType::Segment ? shape->segment : shape->chain.segment;
        info.centroid = 0.5f * (g.point1 + g.point2);
        info.center1 = g.point1;
        info.center2 = g.point2;
        break;
      }
      case sat::ShapeType::Polygon:
        info.vertexCount = shape->polygon.count();
        info.centroid = shape->polygon.centroid();
        info.area = shape->polygon.area();
        break;
    }
    return info;
  }

  /// World-space bounds of a shape under a transform; `status` an error code for a bad handle (argument 0) or
  /// transform (argument 1).
  static BoundsResult bounds(int32_t handle, const TransformValue& t) {
    BoundsResult r;
    const sat::Shape* shape = findShape(handle);
    if (!shape) {
      r.status = errorCode(sat::Status::InvalidArgument, 0);
      return r;
    }
    const sat::Transform xf = sat::makeTransform(t.x, t.y, t.angle, t.scaleX, t.scaleY);
    const sat::Status status = sat::checkTransform(xf);
    if (status != sat::Status::Ok) {
      r.status = errorCode(status, 1);
      return r;
    }
    r.bounds = sat::computeAABB(*shape, xf);
    return r;
  }

  /// Copies a polygon's vertices then normals (2 * count floats each) to the start of the buffer. Returns count
  /// (0 for a circle or capsule) or an error (a handle that is not live, a buffer too small).
  static int32_t vertices(int32_t handle) {
    const sat::Shape* shape = findShape(handle);
    if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
    if (shape->type != sat::ShapeType::Polygon) return 0;
    const sat::Polygon& p = shape->polygon;
    const int n = p.count();
    if (static_cast<uint64_t>(n) * 16u > bufferBytes()) return errorCode(sat::Status::InvalidArgument, 1);
    float* out = static_cast<float*>(bufferData());
    std::memcpy(out, p.vertices(), static_cast<size_t>(n) * sizeof(sat::Vec2));
    std::memcpy(out + 2 * n, p.normals(), static_cast<size_t>(n) * sizeof(sat::Vec2));
    return n;
  }
};

}  // namespace

EMSCRIPTEN_BINDINGS(sat_shape_store) {
  using namespace emscripten;
  static const Field kShapeInfoFields[] = {
      SAT_FIELD(ShapeInfo, status), SAT_FIELD(ShapeInfo, kind), SAT_FIELD(ShapeInfo, vertexCount),
      SAT_FIELD(ShapeInfo, radius), SAT_FIELD(ShapeInfo, centroid), SAT_FIELD(ShapeInfo, area),
      SAT_FIELD(ShapeInfo, localBounds), SAT_FIELD(ShapeInfo, center1), SAT_FIELD(ShapeInfo, center2)
  };
  registerValueObject<ShapeInfo>("ShapeInfo", kShapeInfoFields);
  static const Field kBoundsResultFields[] = {SAT_FIELD(BoundsResult, status), SAT_FIELD(BoundsResult, bounds)};
  registerValueObject<BoundsResult>("BoundsResult", kBoundsResultFields);
  class_<ShapeStore>("ShapeStore")
      .class_function("scratch", &ShapeStore::scratchView)
      .class_function("buffer", &ShapeStore::bufferView)
      .class_function("live", &ShapeStore::live)
      .class_function("polygon", &ShapeStore::polygon)
      .class_function("decompose", &ShapeStore::decompose)
      .class_function("box", &ShapeStore::box)
      .class_function("circle", &ShapeStore::circle)
      .class_function("capsule", &ShapeStore::capsule)
      .class_function("segment", &ShapeStore::segment)
      .class_function("release", &ShapeStore::release)
      .class_function("info", &ShapeStore::info)
      .class_function("bounds", &ShapeStore::bounds)
      .class_function("vertices", &ShapeStore::vertices);
}
