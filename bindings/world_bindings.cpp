// sat-wasm bindings: the collision world (sat::World) as plain wasm exports, for the same reason as the narrow
// phase (binding_common.h): numbers in, numbers out, one call per frame on the hot path.
//
// A world crosses as the address of a WorldBox (a World plus an info block). update() fills the info block with
// the addresses and counts of the event and contact arrays and the frame's stats, so JavaScript reads everything
// from memory after one call. Body definitions, transforms and query inputs cross through the scratch block;
// variable-size inputs and outputs through the growable buffer. Layouts are mirrored by bindings/ts/world.ts.
#include <emscripten/emscripten.h>

#include <cstdlib>
#include <cstring>
#include <new>

#include "binding_common.h"
#include "sat/world.h"

using namespace satjs;

namespace {

// Info block, in 32-bit words (mirrored by the I_* constants of world.ts).
// Begin, stay and end events: address and count each, in that order from kInfoBegin (words 0-1, 2-3, 4-5).
constexpr int kInfoBegin = 0;
constexpr int kInfoContacts = 6;        ///< contacts
constexpr int kInfoShapeContacts = 8;   ///< shape contacts
constexpr int kInfoRejected = 10;       ///< rejected bodies
constexpr int kInfoStatsInt = 12;       ///< moved, candidates, touching, narrow tests, swept, rejected, residual pairs
constexpr int kInfoStatsFloat = 19;     ///< residual depth, sync, broad, ccd, pairs, narrow, events, push (ms)
constexpr int kInfoBlockBytes = 27;     ///< bytes of the blocks holding begin, stay and end events
constexpr int kInfoWords = 32;

/// A grow-only copy of one event array. JavaScript keeps one view per block and re-makes it only when the block
/// grows (capacity doubles), so reading events allocates nothing per frame whatever the world does with its own
/// arrays. The copy costs 8 bytes per event.
struct EventBlock {
  sat::BodyPair* data = nullptr;
  uint32_t capacity = 0;
  ~EventBlock() { std::free(data); }
  bool assign(const sat::BodyPair* from, int count) {
    const uint32_t n = uint32_t(count);
    if (n > capacity) {
      uint32_t grown = capacity * 2 > n ? capacity * 2 : n;
      if (grown < 64) grown = 64;
      void* p = std::malloc(size_t(grown) * sizeof(sat::BodyPair));
      if (!p) return false;
      std::free(data);
      data = static_cast<sat::BodyPair*>(p);
      capacity = grown;
    }
    if (n) std::memcpy(data, from, size_t(n) * sizeof(sat::BodyPair));
    return true;
  }
};

struct WorldBox {
  sat::World world;
  EventBlock begin, stay, end;
  uint32_t info[kInfoWords] = {};
  explicit WorldBox(const sat::WorldOptions& options) : world(options) {}
};

// The JavaScript layer reads these structs word by word.
static_assert(sizeof(sat::BodyPair) == 8, "BodyPair: two ids");
static_assert(sizeof(sat::Contact) == 4 * sat::kContactWords, "Contact: 16 words");
static_assert(sizeof(sat::ShapeContact) == 60, "ShapeContact: 15 words");
static_assert(sizeof(sat::RejectedBody) == 8, "RejectedBody: id, status (low byte)");
static_assert(sizeof(sat::RayHit) == 28, "RayHit: 7 words");
static_assert(sizeof(sat::BodyId) == 4, "ids are uint32");
static_assert(sizeof(sat::ShapeOverlap) == 20, "ShapeOverlap: 5 words");
static_assert(sizeof(sat::BodyDistance) == 36, "BodyDistance: 9 words");

uint32_t address(const void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }

void putFloat(uint32_t* info, int i, float v) { std::memcpy(info + i, &v, 4); }

void fillInfo(WorldBox* box) {
  const sat::World& w = box->world;
  uint32_t* info = box->info;
  // Out of memory for a copy: report no events of that kind rather than a stale block.
  EventBlock* blocks[3] = {&box->begin, &box->stay, &box->end};
  const sat::BodyPair* from[3] = {w.beginEvents(), w.stayEvents(), w.endEvents()};
  const int counts[3] = {w.beginCount(), w.stayCount(), w.endCount()};
  for (int k = 0; k < 3; ++k) {
    const bool ok = blocks[k]->assign(from[k], counts[k]);
    info[kInfoBegin + 2 * k] = address(blocks[k]->data);
    info[kInfoBegin + 2 * k + 1] = ok ? uint32_t(counts[k]) : 0u;
    info[kInfoBlockBytes + k] = blocks[k]->capacity * uint32_t(sizeof(sat::BodyPair));
  }
  info[kInfoContacts] = address(w.contacts());
  info[kInfoContacts + 1] = uint32_t(w.contactCount());
  info[kInfoShapeContacts] = address(w.shapeContacts());
  info[kInfoShapeContacts + 1] = uint32_t(w.shapeContactCount());
  info[kInfoRejected] = address(w.rejected());
  info[kInfoRejected + 1] = uint32_t(w.rejectedCount());
  const sat::UpdateStats& s = w.stats();
  info[kInfoStatsInt + 0] = uint32_t(s.movedBodies);
  info[kInfoStatsInt + 1] = uint32_t(s.candidatePairs);
  info[kInfoStatsInt + 2] = uint32_t(s.touchingPairs);
  info[kInfoStatsInt + 3] = uint32_t(s.narrowTests);
  info[kInfoStatsInt + 4] = uint32_t(s.sweptBodies);
  info[kInfoStatsInt + 5] = uint32_t(s.rejected);
  info[kInfoStatsInt + 6] = uint32_t(s.residualPairs);
  putFloat(info, kInfoStatsFloat + 0, s.residualDepth);
  putFloat(info, kInfoStatsFloat + 1, s.syncMs);
  putFloat(info, kInfoStatsFloat + 2, s.broadMs);
  putFloat(info, kInfoStatsFloat + 3, s.ccdMs);
  putFloat(info, kInfoStatsFloat + 4, s.pairsMs);
  putFloat(info, kInfoStatsFloat + 5, s.narrowMs);
  putFloat(info, kInfoStatsFloat + 6, s.eventsMs);
  putFloat(info, kInfoStatsFloat + 7, s.pushMs);
}

sat::World& W(WorldBox* box) { return box->world; }

// The pair filter calls into JavaScript: the TypeScript layer installs Module.satPairFilter(world, a, b), which
// dispatches to the world's own callback (and never throws: errors are kept and rethrown after update()).
EM_JS(int, sat_js_pair_filter, (uint32_t world, uint32_t a, uint32_t b), {
  return Module['satPairFilter'](world >>> 0, a >>> 0, b >>> 0) ? 1 : 0;
});

bool jsPairFilter(void* context, sat::BodyId a, sat::BodyId b) {
  return sat_js_pair_filter(address(context), a, b) != 0;
}

/// The body definition the JavaScript layer wrote at scratch[0..10]: type, x, y, angle, scaleX, scaleY (floats),
/// userId, group, mask (uint32), flags (1 sensor, 2 enabled, 4 bullet), mass.
sat::BodyDef readDef() {
  const float* f = scratch();
  uint32_t u[11];
  std::memcpy(u, f, sizeof(u));
  sat::BodyDef def;
  def.type = u[0] == 0 ? sat::BodyType::Static : u[0] == 1 ? sat::BodyType::Kinematic : sat::BodyType::Dynamic;
  def.x = f[1];
  def.y = f[2];
  def.angle = f[3];
  def.scaleX = f[4];
  def.scaleY = f[5];
  def.userId = u[6];
  def.group = u[7];
  def.mask = u[8];
  def.sensor = (u[9] & 1u) != 0;
  def.enabled = (u[9] & 2u) != 0;
  def.bullet = (u[9] & 4u) != 0;
  def.mass = f[10];
  return def;
}

sat::QueryFilter makeFilter(uint32_t group, uint32_t mask, int sensors) {
  sat::QueryFilter filter;
  filter.group = group;
  filter.mask = mask;
  filter.includeSensors = sensors != 0;
  return filter;
}

int32_t status(sat::Status s) { return static_cast<int32_t>(s); }

/// Words per shape in the shape lists of sat_world_add / sat_world_set_shapes: handle, offset x, offset y, angle,
/// userData (mirrored by SHAPE_ENTRY_WORDS in world.ts).
constexpr int kShapeWords = 5;

/// The shape definitions of a shape list: small bodies on the stack, large ones (rare) on the heap.
struct ShapeDefs {
  sat::ShapeDef local[8];
  sat::ShapeDef* data = local;
  ~ShapeDefs() {
    if (data != local) delete[] data;
  }
  sat::Status read(const float* shapes, int count) {
    if (count > 8) data = new (std::nothrow) sat::ShapeDef[size_t(count)];
    if (!data) {
      data = local;
      return sat::kStatusWorldFull;
    }
    for (int i = 0; i < count; ++i) {
      const float* w = shapes + kShapeWords * i;
      int32_t handle;
      std::memcpy(&handle, w, 4);
      const sat::Shape* shape = findShape(handle);
      if (!shape) return sat::Status::InvalidArgument;
      data[i].shape = *shape;
      data[i].offset = {w[1], w[2]};
      data[i].angle = w[3];
      std::memcpy(&data[i].userData, w + 4, 4);
    }
    return sat::Status::Ok;
  }
};

void writeId(sat::BodyId id) { std::memcpy(scratch() + kOut, &id, 4); }

}  // namespace

extern "C" {

/// A new world; returns its address (0 when memory cannot grow). broadPhase: 0 grid, 1 tree, 2 sort-and-sweep.
/// flags: 1 time the stages (WorldOptions::timeStages), 2 kinematic pairs (WorldOptions::kinematicPairs).
EMSCRIPTEN_KEEPALIVE WorldBox* sat_world_create(int broadPhase, float treeMargin, float gridCellSize, int capacity,
                                                int flags) {
  sat::WorldOptions options;
  options.broadPhase = broadPhase == 1   ? sat::BroadPhaseType::Tree
                       : broadPhase == 2 ? sat::BroadPhaseType::SortAndSweep
                                         : sat::BroadPhaseType::Grid;
  options.treeMargin = treeMargin;
  options.gridCellSize = gridCellSize;
  options.capacity = capacity > 0 ? capacity : 0;
  options.timeStages = (flags & 1) != 0;
  options.kinematicPairs = (flags & 2) != 0;
  WorldBox* box = new (std::nothrow) WorldBox(options);
  if (box) fillInfo(box);
  return box;
}

EMSCRIPTEN_KEEPALIVE void sat_world_destroy(WorldBox* box) { delete box; }

/// Address of the world's info block (stable for the world's life).
EMSCRIPTEN_KEEPALIVE uint32_t* sat_world_info(WorldBox* box) { return box->info; }

/// A body of `count` shapes: kShapeWords words each at `shapes` (handle, offset x, offset y, angle, userData); the
/// definition in the scratch block (readDef). Returns a status; the id at scratch[kOut] (uint32).
EMSCRIPTEN_KEEPALIVE int32_t sat_world_add(WorldBox* box, const float* shapes, int count) {
  if (count <= 0 || count > 0xFFFF || !shapes) return status(sat::Status::InvalidArgument);
  const sat::BodyDef def = readDef();
  sat::BodyId id = sat::kNullBody;
  ShapeDefs defs;
  sat::Status s = defs.read(shapes, count);
  if (s == sat::Status::Ok) s = W(box).createBody(def, defs.data, count, &id);
  writeId(id);
  fillInfo(box);  // the event arrays do not move, but keep the block exact
  return status(s);
}

/// Replaces a body's shapes (same layout as sat_world_add).
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_shapes(WorldBox* box, uint32_t id, const float* shapes, int count) {
  if (count <= 0 || count > 0xFFFF || !shapes) return status(sat::Status::InvalidArgument);
  ShapeDefs defs;
  sat::Status s = defs.read(shapes, count);
  if (s == sat::Status::Ok) s = W(box).setShapes(id, defs.data, count);
  return status(s);
}

/// type: 0 static, 1 kinematic, 2 dynamic.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_type(WorldBox* box, uint32_t id, int type) {
  if (type < 0 || type > 2) return status(sat::Status::InvalidArgument);
  return status(W(box).setType(id, sat::BodyType(type)));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_scale(WorldBox* box, uint32_t id, float scaleX, float scaleY) {
  return status(W(box).setScale(id, scaleX, scaleY));
}

/// The userData of shape `shape` of the body at scratch[kOut] (uint32); a status.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_shape_user_data(WorldBox* box, uint32_t id, int shape) {
  sat::Status s = W(box).check(id);
  if (s != sat::Status::Ok) return status(s);
  if (shape < 0 || shape >= W(box).shapeCount(id)) return status(sat::Status::InvalidArgument);
  const uint32_t u = W(box).shapeUserData(id, shape);
  std::memcpy(scratch() + kOut, &u, 4);
  return 0;
}

/// A body from a simple outline of `count` (x, y) points, decomposed into convex parts.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_add_concave(WorldBox* box, const float* points, int count) {
  if (count < 0 || (count > 0 && !points)) return status(sat::Status::InvalidArgument);
  const sat::BodyDef def = readDef();
  sat::BodyId id = sat::kNullBody;
  sat::Status s = W(box).createConcaveBody(def, reinterpret_cast<const sat::Vec2*>(points), count, &id);
  writeId(id);
  return status(s);
}

EMSCRIPTEN_KEEPALIVE int32_t sat_world_remove(WorldBox* box, uint32_t id) { return status(W(box).destroyBody(id)); }
EMSCRIPTEN_KEEPALIVE int32_t sat_world_check(WorldBox* box, uint32_t id) { return status(W(box).check(id)); }
EMSCRIPTEN_KEEPALIVE int sat_world_body_count(WorldBox* box) { return W(box).bodyCount(); }

/// The slot of a live body (>= 0), or minus the status (UnknownBody, RemovedBody).
EMSCRIPTEN_KEEPALIVE int32_t sat_world_slot_of(WorldBox* box, uint32_t id) {
  const int slot = W(box).slotOf(id);
  return slot >= 0 ? slot : -status(W(box).check(id));
}

/// teleport != 0: CCD does not sweep this change.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_transform(WorldBox* box, uint32_t id, float x, float y, float angle,
                                                     float scaleX, float scaleY, int teleport) {
  return status(W(box).setTransform(id, x, y, angle, scaleX, scaleY, teleport != 0));
}

/// The transform as of the last update at scratch[kOut..]: x, y, angle (as set), scaleX, scaleY.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_get_transform(WorldBox* box, uint32_t id) {
  return status(W(box).getTransform(id, scratch() + kOut));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_enabled(WorldBox* box, uint32_t id, int enabled) {
  return status(W(box).setEnabled(id, enabled != 0));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_filter(WorldBox* box, uint32_t id, uint32_t group, uint32_t mask) {
  return status(W(box).setFilter(id, group, mask));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_sensor(WorldBox* box, uint32_t id, int sensor) {
  return status(W(box).setSensor(id, sensor != 0));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_bullet(WorldBox* box, uint32_t id, int bullet) {
  return status(W(box).setBullet(id, bullet != 0));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_mass(WorldBox* box, uint32_t id, float mass) {
  return status(W(box).setMass(id, mass));
}
EMSCRIPTEN_KEEPALIVE int32_t sat_world_set_user_id(WorldBox* box, uint32_t id, uint32_t userId) {
  return status(W(box).setUserId(id, userId));
}

/// At scratch[kOut..]: userId, type (0 static, 1 kinematic, 2 dynamic), shape count (uint32), bounds (4 floats).
EMSCRIPTEN_KEEPALIVE int32_t sat_world_body_info(WorldBox* box, uint32_t id) {
  const sat::World& w = W(box);
  sat::Status s = w.check(id);
  if (s != sat::Status::Ok) return status(s);
  float* out = scratch() + kOut;
  uint32_t u[3] = {w.userId(id), uint32_t(w.type(id)), uint32_t(w.shapeCount(id))};
  std::memcpy(out, u, sizeof(u));
  sat::AABB b{};
  w.bounds(id, &b);
  out[3] = b.lower.x;
  out[4] = b.lower.y;
  out[5] = b.upper.x;
  out[6] = b.upper.y;
  return 0;
}

EMSCRIPTEN_KEEPALIVE float* sat_world_transforms(WorldBox* box) { return W(box).transformBuffer(); }
EMSCRIPTEN_KEEPALIVE int sat_world_capacity(WorldBox* box) { return W(box).transformCapacity(); }

EMSCRIPTEN_KEEPALIVE void sat_world_set_push_apart(WorldBox* box, int enabled, int iterations, float slop) {
  sat::PushApartOptions o;
  o.enabled = enabled != 0;
  o.iterations = iterations;
  o.slop = slop;
  W(box).setPushApart(o);
}

/// on != 0: update() asks Module.satPairFilter(world, a, b) about every pair about to enter the pair cache.
EMSCRIPTEN_KEEPALIVE void sat_world_set_pair_filter(WorldBox* box, int on) {
  if (on) {
    W(box).setPairFilter(jsPairFilter, box);
  } else {
    W(box).setPairFilter(nullptr, nullptr);
  }
}

/// The frame: one call. Fills the info block; returns the update's status (Ok, or the first refused body's).
EMSCRIPTEN_KEEPALIVE int32_t sat_world_update(WorldBox* box) {
  sat::Status s = W(box).update();
  fillInfo(box);
  return status(s);
}

/// Ray from scratch[0..1] along scratch[2..3]. capacity 0: closest hit at scratch[kOut] (7 words), returns 1 / 0.
/// Otherwise every hit into `out` (up to capacity), returns the total. -1 for a bad ray.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_raycast(WorldBox* box, uint32_t group, uint32_t mask, int sensors,
                                               sat::RayHit* out, int capacity) {
  const float* in = scratch();
  sat::RayCastInput ray;
  ray.origin = {in[0], in[1]};
  ray.translation = {in[2], in[3]};
  ray.maxFraction = 1.0f;
  if (!sat::isInRange(ray.origin) || !sat::isInRange(ray.translation)) return -1;
  const sat::QueryFilter filter = makeFilter(group, mask, sensors);
  if (capacity <= 0) {
    sat::RayHit hit;
    if (!W(box).raycastClosest(ray, filter, &hit)) return 0;
    std::memcpy(scratch() + kOut, &hit, sizeof(hit));
    return 1;
  }
  return W(box).raycastAll(ray, filter, out, capacity);
}

EMSCRIPTEN_KEEPALIVE int32_t sat_world_query_point(WorldBox* box, float x, float y, uint32_t group, uint32_t mask,
                                                   int sensors, sat::BodyId* out, int capacity) {
  const sat::Vec2 p{x, y};
  if (!sat::isInRange(p)) return -1;
  return W(box).queryPoint(p, makeFilter(group, mask, sensors), out, capacity);
}

/// Box lower x/y, upper x/y at scratch[0..3].
EMSCRIPTEN_KEEPALIVE int32_t sat_world_query_aabb(WorldBox* box, uint32_t group, uint32_t mask, int sensors,
                                                  sat::BodyId* out, int capacity) {
  const float* in = scratch();
  sat::AABB b{{in[0], in[1]}, {in[2], in[3]}};
  if (!sat::isInRange(b.lower) || !sat::isInRange(b.upper) || !(b.lower.x <= b.upper.x) || !(b.lower.y <= b.upper.y))
    return -1;
  return W(box).queryAABB(b, makeFilter(group, mask, sensors), out, capacity);
}

/// Shape `handle` under the scratch transform A. Returns the total, or an error code for a bad transform.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_query_shape(WorldBox* box, int32_t handle, uint32_t group, uint32_t mask,
                                                   int sensors, sat::BodyId* out, int capacity) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  sat::Transform xf = readTransform(scratch() + kInXfA);
  sat::Status s = sat::checkTransform(xf);
  if (s != sat::Status::Ok) return errorCode(s, 1);
  return W(box).queryShape(*shape, xf, makeFilter(group, mask, sensors), out, capacity);
}

/// Shape `handle` under the scratch transform A, swept along scratch[kInExtra..+1]. 1 with the hit at
/// scratch[kOut] (7 words, as a ray hit), 0 for none, or an error code for a bad transform / translation.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_cast_shape(WorldBox* box, int32_t handle, uint32_t group, uint32_t mask,
                                                  int sensors) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  sat::Transform xf = readTransform(scratch() + kInXfA);
  sat::Status s = sat::checkTransform(xf);
  if (s != sat::Status::Ok) return errorCode(s, 1);
  const sat::Vec2 move{scratch()[kInExtra], scratch()[kInExtra + 1]};
  if (!sat::isInRange(move) || !sat::isInRange(xf.p + move)) return errorCode(sat::Status::OutOfRange, 2);
  sat::RayHit hit;
  if (!W(box).castShape(*shape, xf, move, makeFilter(group, mask, sensors), &hit)) return 0;
  std::memcpy(scratch() + kOut, &hit, sizeof(hit));
  return 1;
}

/// Bodies overlapping shape `handle` under the scratch transform A: 5 words each (body, shape, normal x/y, depth)
/// into `out`, up to capacity; returns the total, or an error code for a bad transform.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_overlap_shape(WorldBox* box, int32_t handle, uint32_t group, uint32_t mask,
                                                     int sensors, sat::ShapeOverlap* out, int capacity) {
  const sat::Shape* shape = findShape(handle);
  if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
  sat::Transform xf = readTransform(scratch() + kInXfA);
  sat::Status s = sat::checkTransform(xf);
  if (s != sat::Status::Ok) return errorCode(s, 1);
  return W(box).overlapShape(*shape, xf, makeFilter(group, mask, sensors), out, capacity);
}

/// Closest points of two bodies at scratch[kOut..]: point A, point B, normal (x, y each), distance, shape A,
/// shape B (int32). Returns a status.
EMSCRIPTEN_KEEPALIVE int32_t sat_world_distance(WorldBox* box, uint32_t a, uint32_t b) {
  sat::BodyDistance d;
  sat::Status s = W(box).distance(a, b, &d);
  if (s == sat::Status::Ok) std::memcpy(scratch() + kOut, &d, sizeof(d));
  return status(s);
}

EMSCRIPTEN_KEEPALIVE int sat_world_validate(WorldBox* box) { return W(box).validate() ? 1 : 0; }

/// The message of a core or world status (UnknownBody, RemovedBody, WorldFull beyond the core's): the address of a
/// NUL-terminated ASCII string in static memory.
EMSCRIPTEN_KEEPALIVE const char* sat_world_status_message(int status) {
  return sat::worldStatusMessage(static_cast<sat::Status>(status));
}

}  // extern "C"
