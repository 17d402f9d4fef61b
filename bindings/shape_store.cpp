// sat-wasm bindings: the shape store, the makers and shape inspection.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

#include "binding_common.h"
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

void* buffer(uint32_t bytes) {
  if (bytes <= gBufferBytes) return gBuffer;
  uint32_t grown = gBufferBytes * 2 > bytes ? gBufferBytes * 2 : bytes;
  grown = (grown + 15u) & ~15u;
  std::free(gBuffer);
  gBuffer = std::malloc(grown);
  gBufferBytes = gBuffer ? grown : 0;
  return gBuffer;
}

}  // namespace satjs

using namespace satjs;

namespace {

int32_t store(sat::Status status, sat::Shape&& shape) {
  if (status != sat::Status::Ok) return errorCode(status, 0);
  return addShape(static_cast<sat::Shape&&>(shape));
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE float* sat_scratch() { return scratch(); }
EMSCRIPTEN_KEEPALIVE void* sat_buffer(uint32_t bytes) { return buffer(bytes); }
EMSCRIPTEN_KEEPALIVE int sat_live_shapes() { return liveShapeCount(); }

/// points: `count` (x, y) float pairs. hull != 0 takes the convex hull instead of requiring a convex outline.
EMSCRIPTEN_KEEPALIVE int32_t sat_make_polygon(const float* points, int count, int hull) {
  if (count < 0 || (count > 0 && !points)) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Vec2* vertices = reinterpret_cast<const sat::Vec2*>(points);
  sat::Polygon polygon;
  sat::Status status = hull ? sat::makeHull(vertices, count, &polygon) : sat::makePolygon(vertices, count, &polygon);
  return store(status, sat::Shape(static_cast<sat::Polygon&&>(polygon)));
}

/// Splits a simple (possibly concave) outline of `count` (x, y) points into convex parts and stores each as a
/// shape; their handles go to `outHandles` (room for `capacity`). Returns the part count or an error; on error
/// nothing is stored.
EMSCRIPTEN_KEEPALIVE int32_t sat_decompose(const float* points, int count, int32_t* outHandles, int capacity) {
  if (count < 0 || (count > 0 && !points) || !outHandles) return errorCode(sat::Status::InvalidArgument, 0);
  std::vector<sat::Polygon> parts;
  sat::Status status = sat::decompose(reinterpret_cast<const sat::Vec2*>(points), count, &parts);
  if (status != sat::Status::Ok) return errorCode(status, 0);
  int n = static_cast<int>(parts.size());
  if (n > capacity) return errorCode(sat::Status::TooManyPoints, 0);
  for (int i = 0; i < n; ++i) {
    int32_t handle = addShape(sat::Shape(static_cast<sat::Polygon&&>(parts[i])));
    if (handle < 0) {
      for (int j = 0; j < i; ++j) releaseShape(outHandles[j]);
      return handle;
    }
    outHandles[i] = handle;
  }
  return n;
}

EMSCRIPTEN_KEEPALIVE int32_t sat_make_box(float halfWidth, float halfHeight, float cx, float cy, float angle) {
  sat::Polygon polygon;
  sat::Status status = sat::makeBox(halfWidth, halfHeight, &polygon, {cx, cy}, angle);
  return store(status, sat::Shape(static_cast<sat::Polygon&&>(polygon)));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_make_circle(float cx, float cy, float radius) {
  sat::Circle circle;
  sat::Status status = sat::makeCircle({cx, cy}, radius, &circle);
  return store(status, sat::Shape(circle));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_make_capsule(float x1, float y1, float x2, float y2, float radius) {
  sat::Capsule capsule;
  sat::Status status = sat::makeCapsule({x1, y1}, {x2, y2}, radius, &capsule);
  return store(status, sat::Shape(capsule));
}

EMSCRIPTEN_KEEPALIVE int sat_release(int32_t handle) { return releaseShape(handle) ? 1 : 0; }

/// Writes the shape's description at scratch[kOut..]: type (int), vertex count (int), radius, centroid x/y,
/// area, local bounds (4), then circle centre or capsule centres (4). Returns the type or an error.
EMSCRIPTEN_KEEPALIVE int sat_shape_info(int32_t handle) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  float* out = scratch() + kOut;
  std::memset(out, 0, 14 * sizeof(float));
  int32_t type = static_cast<int32_t>(shape->type);
  int32_t count = 0;
  sat::AABB bounds = sat::localBounds(*shape);
  switch (shape->type) {
    case sat::ShapeType::Circle:
      out[2] = shape->circle.radius;
      out[3] = shape->circle.center.x;
      out[4] = shape->circle.center.y;
      out[5] = 3.14159265358979f * shape->circle.radius * shape->circle.radius;
      out[10] = shape->circle.center.x;
      out[11] = shape->circle.center.y;
      break;
    case sat::ShapeType::Capsule: {
      const sat::Capsule& c = shape->capsule;
      out[2] = c.radius;
      sat::Vec2 mid = 0.5f * (c.center1 + c.center2);
      out[3] = mid.x;
      out[4] = mid.y;
      out[5] = 3.14159265358979f * c.radius * c.radius + 2.0f * c.radius * sat::distance(c.center1, c.center2);
      out[10] = c.center1.x;
      out[11] = c.center1.y;
      out[12] = c.center2.x;
      out[13] = c.center2.y;
      break;
    }
    case sat::ShapeType::Polygon:
      count = shape->polygon.count();
      out[3] = shape->polygon.centroid().x;
      out[4] = shape->polygon.centroid().y;
      out[5] = shape->polygon.area();
      break;
  }
  std::memcpy(out + 0, &type, 4);
  std::memcpy(out + 1, &count, 4);
  out[6] = bounds.lower.x;
  out[7] = bounds.lower.y;
  out[8] = bounds.upper.x;
  out[9] = bounds.upper.y;
  return type;
}

/// World-space bounds of a stored shape under the scratch transform A: lower x/y, upper x/y at scratch[kOut..].
/// Returns 0, or an error for a bad handle (argument 0) or transform (argument 1).
EMSCRIPTEN_KEEPALIVE int32_t sat_shape_bounds(int32_t handle) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  const sat::Transform xf = readTransform(scratch() + kInXfA);
  const sat::Status status = sat::checkTransform(xf);
  if (status != sat::Status::Ok) return errorCode(status, 1);
  const sat::AABB bounds = sat::computeAABB(*shape, xf);
  float* out = scratch() + kOut;
  out[0] = bounds.lower.x;
  out[1] = bounds.lower.y;
  out[2] = bounds.upper.x;
  out[3] = bounds.upper.y;
  return 0;
}

/// Copies a polygon's vertices then normals (2 * count floats each) to `out`. Returns count or an error.
EMSCRIPTEN_KEEPALIVE int sat_shape_vertices(int32_t handle, float* out) {
  const sat::Shape* shape = findShape(handle);
  if (!shape || !out) return errorCode(sat::Status::InvalidArgument, 0);
  if (shape->type != sat::ShapeType::Polygon) return 0;
  const sat::Polygon& p = shape->polygon;
  int n = p.count();
  std::memcpy(out, p.vertices(), static_cast<size_t>(n) * sizeof(sat::Vec2));
  std::memcpy(out + 2 * n, p.normals(), static_cast<size_t>(n) * sizeof(sat::Vec2));
  return n;
}

}  // extern "C"
