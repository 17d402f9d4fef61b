// sat-wasm bindings: the collision world (sat::World) as the registered class World (a World plus an info block).
// update() fills the info block, a typed memory view, with the addresses and counts of the event and contact
// arrays and the frame's stats, so JavaScript reads everything from memory after one call per frame; the transform
// buffer is a typed memory view too. Body definitions cross as a value object; shape lists and query outputs
// through the growable buffer; query transforms through the scratch block. Every layout is a registered constant.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "binding_common.h"
#include "value_object.h"
#include "sat/world.h"

using namespace satjs;

namespace {

// Info block, in 32-bit words.
// Begin, stay and end events: address and count each, in that order from kInfoBegin (words 0-1, 2-3, 4-5).
constexpr int kInfoBegin = 0;
constexpr int kInfoContacts = 6;        ///< contacts
constexpr int kInfoShapeContacts = 8;   ///< shape contacts
constexpr int kInfoRejected = 10;       ///< rejected bodies
// The frame's stats: uint32 counts, then floats (depth, stage times in ms).
enum InfoStat : int {
  kMovedBodies = 12,
  kCandidatePairs,
  kTouchingPairs,
  kNarrowTests,
  kSweptBodies,
  kRejected,
  kResidualPairs,
  kResidualDepth,
  kSyncMs,
  kBroadMs,
  kCcdMs,
  kPairsMs,
  kNarrowMs,
  kEventsMs,
  kPushMs,
};
constexpr int kInfoBlockBytes = 27;     ///< bytes of the blocks holding begin, stay and end events
constexpr int kInfoPartBegin = 30;      ///< part begin events (address, count)
constexpr int kInfoPartEnd = 32;        ///< part end events
constexpr int kInfoWords = 34;

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

// The ids the next queries leave out (QueryFilter::exclude), written by the JavaScript layer.
struct ExcludeList {
  sat::BodyId* ids = nullptr;
  int count = 0;
  int capacity = 0;
  ~ExcludeList() { std::free(ids); }
  /// Room for n ids (the count becomes n); null when memory cannot grow, with the list left empty.
  sat::BodyId* resize(int n) {
    if (n > capacity) {
      void* p = std::malloc(size_t(n) * sizeof(sat::BodyId));
      if (!p) {
        count = 0;
        return nullptr;
      }
      std::free(ids);
      ids = static_cast<sat::BodyId*>(p);
      capacity = n;
    }
    count = n;
    return ids;
  }
};

struct WorldBox {
  sat::World world;
  EventBlock begin, stay, end;
  ExcludeList exclude;
  uint32_t info[kInfoWords] = {};
  explicit WorldBox(const sat::WorldOptions& options) : world(options) {}
};

// The JavaScript layer reads these structs word by word.
static_assert(kPushMs < kInfoBlockBytes, "stats end before the block sizes");
static_assert(kInfoBlockBytes + 3 <= kInfoPartBegin, "part events after the block sizes");
static_assert(sizeof(sat::PartEvent) == 12, "PartEvent: ids, shapes (two 16-bit halves)");
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
  info[kInfoPartBegin] = address(w.partBeginEvents());
  info[kInfoPartBegin + 1] = uint32_t(w.partBeginCount());
  info[kInfoPartEnd] = address(w.partEndEvents());
  info[kInfoPartEnd + 1] = uint32_t(w.partEndCount());
  const sat::UpdateStats& s = w.stats();
  info[kMovedBodies] = uint32_t(s.movedBodies);
  info[kCandidatePairs] = uint32_t(s.candidatePairs);
  info[kTouchingPairs] = uint32_t(s.touchingPairs);
  info[kNarrowTests] = uint32_t(s.narrowTests);
  info[kSweptBodies] = uint32_t(s.sweptBodies);
  info[kRejected] = uint32_t(s.rejected);
  info[kResidualPairs] = uint32_t(s.residualPairs);
  putFloat(info, kResidualDepth, s.residualDepth);
  putFloat(info, kSyncMs, s.syncMs);
  putFloat(info, kBroadMs, s.broadMs);
  putFloat(info, kCcdMs, s.ccdMs);
  putFloat(info, kPairsMs, s.pairsMs);
  putFloat(info, kNarrowMs, s.narrowMs);
  putFloat(info, kEventsMs, s.eventsMs);
  putFloat(info, kPushMs, s.pushMs);
}


// The pair filter calls into JavaScript: the TypeScript layer installs Module.satPairFilter(world, a, b), which
// dispatches to the world's own callback (and never throws: errors are kept and rethrown after update()).
EM_JS(int, sat_js_pair_filter, (uint32_t world, uint32_t a, uint32_t b), {
  return Module['satPairFilter'](world >>> 0, a >>> 0, b >>> 0) ? 1 : 0;
});

bool jsPairFilter(void* context, sat::BodyId a, sat::BodyId b) {
  return sat_js_pair_filter(address(context), a, b) != 0;
}

/// A body definition as JavaScript passes it (sat::BodyDef with the type as a BodyType value).
struct BodyDefValue {
  int type = 2;
  float x = 0.0f, y = 0.0f, angle = 0.0f, scaleX = 1.0f, scaleY = 1.0f;
  uint32_t userId = 0, group = 1, mask = 0xFFFFFFFFu;
  bool sensor = false, enabled = true, bullet = false;
  float mass = 1.0f;
};

/// A refused type is InvalidArgument (createBody checks the rest).
bool readDef(const BodyDefValue& v, sat::BodyDef* def) {
  if (v.type < 0 || v.type > 2) return false;
  def->type = sat::BodyType(v.type);
  def->x = v.x;
  def->y = v.y;
  def->angle = v.angle;
  def->scaleX = v.scaleX;
  def->scaleY = v.scaleY;
  def->userId = v.userId;
  def->group = v.group;
  def->mask = v.mask;
  def->sensor = v.sensor;
  def->enabled = v.enabled;
  def->bullet = v.bullet;
  def->mass = v.mass;
  return true;
}

sat::QueryFilter makeFilter(const WorldBox& box, uint32_t group, uint32_t mask, int sensors) {
  sat::QueryFilter filter;
  filter.group = group;
  filter.mask = mask;
  filter.includeSensors = sensors != 0;
  filter.exclude = box.exclude.ids;
  filter.excludeCount = box.exclude.count;
  return filter;
}

int32_t status(sat::Status s) { return static_cast<int32_t>(s); }

// Flags of World.addChain.
constexpr int kChainLoop = 1;
constexpr int kChainOneSided = 2;

// Flags of World.create.
constexpr int kWorldTimeStages = 1;
constexpr int kWorldKinematicPairs = 2;

/// Words per shape in the shape lists of add() / setShapes(): handle (int32), offset x, offset y, angle, userData
/// (uint32).
constexpr int kShapeWords = 5;
constexpr int kShapeHandle = 0, kShapeOffset = 1, kShapeAngle = 3, kShapeUserData = 4;

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
      std::memcpy(&handle, w + kShapeHandle, 4);
      const sat::Shape* shape = findShape(handle);
      if (!shape) return sat::Status::InvalidArgument;
      data[i].shape = *shape;
      data[i].offset = {w[kShapeOffset], w[kShapeOffset + 1]};
      data[i].angle = w[kShapeAngle];
      std::memcpy(&data[i].userData, w + kShapeUserData, 4);
    }
    return sat::Status::Ok;
  }
};

/// The shape list of `count` entries at the start of the buffer, or nullptr when the buffer is shorter.
const float* shapeList(int count) {
  if (count <= 0 || count > 0xFFFF || uint64_t(count) * 4u * kShapeWords > bufferBytes()) return nullptr;
  return static_cast<const float*>(bufferData());
}

/// Results that are an unsigned 32-bit value or a status cross as a double: the value, or minus the status.
double valueOr(sat::Status s, uint32_t value) { return s == sat::Status::Ok ? double(value) : -double(int(s)); }

struct BodyInfo {
  int32_t status = 0;
  uint32_t userId = 0;
  int type = 0;
  int shapeCount = 0;
  sat::AABB bounds;
};

struct BodyDistanceResult {
  int32_t status = 0;
  sat::Vec2 pointA{0.0f, 0.0f};
  sat::Vec2 pointB{0.0f, 0.0f};
  sat::Vec2 normal{0.0f, 0.0f};
  float distance = 0.0f;
  int shapeA = 0;
  int shapeB = 0;
};

struct ShapeContactValue {
  uint32_t a = 0, b = 0;
  int shapeA = 0, shapeB = 0;
  sat::Manifold manifold;
};

/// The registered class World. Each method is one call into the module; ids are uint32.
class WorldHandle {
 public:
  /// nullptr (JavaScript null) when memory cannot grow. broadPhase: a BroadPhaseKind value; flags: WORLD_* bits.
  static WorldBox* create(int broadPhase, float treeMargin, float gridCellSize, int capacity, int flags) {
    sat::WorldOptions options;
    options.broadPhase = broadPhase == 1   ? sat::BroadPhaseType::Tree
                         : broadPhase == 2 ? sat::BroadPhaseType::SortAndSweep
                                           : sat::BroadPhaseType::Grid;
    options.treeMargin = treeMargin;
    options.gridCellSize = gridCellSize;
    options.capacity = capacity > 0 ? capacity : 0;
    options.timeStages = (flags & kWorldTimeStages) != 0;
    options.kinematicPairs = (flags & kWorldKinematicPairs) != 0;
    WorldBox* box = new (std::nothrow) WorldBox(options);
    if (box) fillInfo(box);
    return box;
  }

  static std::string statusMessage(int s) { return sat::worldStatusMessage(static_cast<sat::Status>(s)); }

  static emscripten::val info(WorldBox& box) { return emscripten::val(emscripten::typed_memory_view(size_t(kInfoWords), box.info)); }

  /// A body of `count` shapes (shape list in the buffer). The new id, or minus the status.
  static double add(WorldBox& box, const BodyDefValue& v, int count) {
    const float* shapes = shapeList(count);
    sat::BodyDef def;
    if (!shapes || !readDef(v, &def)) return valueOr(sat::Status::InvalidArgument, 0);
    sat::BodyId id = sat::kNullBody;
    ShapeDefs defs;
    sat::Status s = defs.read(shapes, count);
    if (s == sat::Status::Ok) s = box.world.createBody(def, defs.data, count, &id);
    fillInfo(&box);  // the event arrays do not move, but keep the block exact
    return valueOr(s, id);
  }

  /// A body from a simple outline of `count` (x, y) points at the start of the buffer, decomposed into convex parts.
  static double addConcave(WorldBox& box, const BodyDefValue& v, int count) {
    sat::BodyDef def;
    if (count < 0 || uint64_t(count) * 8u > bufferBytes() || !readDef(v, &def)) return valueOr(sat::Status::InvalidArgument, 0);
    sat::BodyId id = sat::kNullBody;
    sat::Status s = box.world.createConcaveBody(def, static_cast<const sat::Vec2*>(bufferData()), count, &id);
    return valueOr(s, id);
  }

  /// A chain body through `count` (x, y) points at the start of the buffer; flags: CHAIN_LOOP | CHAIN_ONE_SIDED.
  static double addChain(WorldBox& box, const BodyDefValue& v, int count, int flags) {
    sat::BodyDef def;
    if (count < 0 || uint64_t(count) * 8u > bufferBytes() || !readDef(v, &def)) return valueOr(sat::Status::InvalidArgument, 0);
    sat::BodyId id = sat::kNullBody;
    sat::Status s = box.world.createChainBody(def, static_cast<const sat::Vec2*>(bufferData()), count,
                                              (flags & kChainLoop) != 0, (flags & kChainOneSided) != 0, &id);
    fillInfo(&box);
    return valueOr(s, id);
  }

  static int32_t setShapes(WorldBox& box, uint32_t id, int count) {
    const float* shapes = shapeList(count);
    if (!shapes) return status(sat::Status::InvalidArgument);
    ShapeDefs defs;
    sat::Status s = defs.read(shapes, count);
    if (s == sat::Status::Ok) s = box.world.setShapes(id, defs.data, count);
    return status(s);
  }

  static int32_t setType(WorldBox& box, uint32_t id, int type) {
    if (type < 0 || type > 2) return status(sat::Status::InvalidArgument);
    return status(box.world.setType(id, sat::BodyType(type)));
  }

  static int32_t setScale(WorldBox& box, uint32_t id, float scaleX, float scaleY) {
    return status(box.world.setScale(id, scaleX, scaleY));
  }

  /// The userData of shape `shape` of the body, or minus the status.
  static double shapeUserData(WorldBox& box, uint32_t id, int shape) {
    sat::Status s = box.world.check(id);
    if (s != sat::Status::Ok) return valueOr(s, 0);
    if (shape < 0 || shape >= box.world.shapeCount(id)) return valueOr(sat::Status::InvalidArgument, 0);
    return valueOr(s, box.world.shapeUserData(id, shape));
  }

  static int32_t remove(WorldBox& box, uint32_t id) { return status(box.world.destroyBody(id)); }
  static int32_t check(WorldBox& box, uint32_t id) { return status(box.world.check(id)); }
  static int bodyCount(WorldBox& box) { return box.world.bodyCount(); }

  /// The slot of a live body (>= 0), or minus the status (UnknownBody, RemovedBody).
  static int32_t slotOf(WorldBox& box, uint32_t id) {
    const int slot = box.world.slotOf(id);
    return slot >= 0 ? slot : -status(box.world.check(id));
  }

  /// teleport: CCD does not sweep this change.
  static int32_t setTransform(WorldBox& box, uint32_t id, float x, float y, float angle, float scaleX, float scaleY,
                              bool teleport) {
    return status(box.world.setTransform(id, x, y, angle, scaleX, scaleY, teleport));
  }

  /// The transform as of the last update at scratch[kOut..] (x, y, angle as set, scaleX, scaleY); a status. Through
  /// the scratch block, not a value object: World.getTransform(id, out) promises no allocation.
  static int32_t getTransform(WorldBox& box, uint32_t id) { return status(box.world.getTransform(id, scratch() + kOut)); }

  static int32_t setEnabled(WorldBox& box, uint32_t id, bool enabled) { return status(box.world.setEnabled(id, enabled)); }
  static int32_t setFilter(WorldBox& box, uint32_t id, uint32_t group, uint32_t mask) {
    return status(box.world.setFilter(id, group, mask));
  }
  static int32_t setSensor(WorldBox& box, uint32_t id, bool sensor) { return status(box.world.setSensor(id, sensor)); }
  static int32_t setBullet(WorldBox& box, uint32_t id, bool bullet) { return status(box.world.setBullet(id, bullet)); }
  static int32_t setMass(WorldBox& box, uint32_t id, float mass) { return status(box.world.setMass(id, mass)); }
  static int32_t setUserId(WorldBox& box, uint32_t id, uint32_t userId) { return status(box.world.setUserId(id, userId)); }

  static BodyInfo bodyInfo(WorldBox& box, uint32_t id) {
    BodyInfo info;
    const sat::World& w = box.world;
    info.status = status(w.check(id));
    if (info.status) return info;
    info.userId = w.userId(id);
    info.type = int(w.type(id));
    info.shapeCount = w.shapeCount(id);
    w.bounds(id, &info.bounds);
    return info;
  }

  /// The transform buffer (TRANSFORM_FLOATS per slot) as a Float32Array.
  static emscripten::val transforms(WorldBox& box) {
    return emscripten::val(emscripten::typed_memory_view(size_t(kTransformFloats) * size_t(box.world.transformCapacity()),
                                                         box.world.transformBuffer()));
  }
  static int capacity(WorldBox& box) { return box.world.transformCapacity(); }

  /// Threads update() runs on: a status (InvalidArgument outside 1..maxThreads()).
  static int setThreads(WorldBox& box, int threads) { return int(box.world.setThreads(threads)); }
  static int maxThreads() { return sat::World::maxThreads(); }

  static void setPushApart(WorldBox& box, bool enabled, int iterations, float slop) {
    sat::PushApartOptions o;
    o.enabled = enabled;
    o.iterations = iterations;
    o.slop = slop;
    box.world.setPushApart(o);
  }

  /// on: update() asks Module.satPairFilter(world, a, b) about every pair about to enter the pair cache.
  static void setPairFilter(WorldBox& box, bool on) {
    if (on) {
      box.world.setPairFilter(jsPairFilter, &box);
    } else {
      box.world.setPairFilter(nullptr, nullptr);
    }
  }

  /// The world's address: the first argument of Module.satPairFilter.
  static uint32_t key(WorldBox& box) { return address(&box); }

  /// The frame: one call. Fills the info block; returns the update's status (Ok, or the first refused body's).
  static int32_t update(WorldBox& box) {
    sat::Status s = box.world.update();
    fillInfo(&box);
    return status(s);
  }

  /// The ids the following queries leave out: room for `count` of them (0 or less: none), whose address is
  /// returned for the caller to fill; 0 when memory cannot grow (the list is then empty).
  static uint32_t setQueryExclude(WorldBox& box, int count) {
    if (count <= 0) {
      box.exclude.count = 0;
      return 0;
    }
    return address(box.exclude.resize(count));
  }

  /// Ray from (x, y) along (dx, dy). capacity 0: the closest hit at scratch[kOut] (RAY_HIT layout), returns 1 / 0.
  /// Otherwise every hit into the buffer (up to capacity, clamped to what it holds), returns the total. -1 for a
  /// bad ray.
  static int32_t raycast(WorldBox& box, float x, float y, float dx, float dy, uint32_t group, uint32_t mask,
                         bool sensors, int capacity) {
    sat::RayCastInput ray;
    ray.origin = {x, y};
    ray.translation = {dx, dy};
    ray.maxFraction = 1.0f;
    if (!sat::isInRange(ray.origin) || !sat::isInRange(ray.translation)) return -1;
    const sat::QueryFilter filter = makeFilter(box, group, mask, sensors);
    if (capacity <= 0) {
      sat::RayHit hit;
      if (!box.world.raycastClosest(ray, filter, &hit)) return 0;
      std::memcpy(scratch() + kOut, &hit, sizeof(hit));
      return 1;
    }
    return box.world.raycastAll(ray, filter, static_cast<sat::RayHit*>(bufferData()), clamp<sat::RayHit>(capacity));
  }

  /// Body ids into the buffer (up to capacity); returns the total, or -1 for a bad point.
  static int32_t queryPoint(WorldBox& box, float x, float y, uint32_t group, uint32_t mask, bool sensors, int capacity) {
    const sat::Vec2 p{x, y};
    if (!sat::isInRange(p)) return -1;
    return box.world.queryPoint(p, makeFilter(box, group, mask, sensors), static_cast<sat::BodyId*>(bufferData()),
                                clamp<sat::BodyId>(capacity));
  }

  static int32_t queryAABB(WorldBox& box, float lowerX, float lowerY, float upperX, float upperY, uint32_t group,
                           uint32_t mask, bool sensors, int capacity) {
    sat::AABB b{{lowerX, lowerY}, {upperX, upperY}};
    if (!sat::isInRange(b.lower) || !sat::isInRange(b.upper) || !(b.lower.x <= b.upper.x) || !(b.lower.y <= b.upper.y))
      return -1;
    return box.world.queryAABB(b, makeFilter(box, group, mask, sensors), static_cast<sat::BodyId*>(bufferData()),
                               clamp<sat::BodyId>(capacity));
  }

  /// Shape `handle` under the scratch transform A; ids into the buffer. The total, or an error code.
  static int32_t queryShape(WorldBox& box, int32_t handle, uint32_t group, uint32_t mask, bool sensors, int capacity) {
    const sat::Shape* shape = findShape(handle);
    if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
    sat::Transform xf = readTransform(scratch() + kInXfA);
    sat::Status s = sat::checkTransform(xf);
    if (s != sat::Status::Ok) return errorCode(s, 1);
    return box.world.queryShape(*shape, xf, makeFilter(box, group, mask, sensors), static_cast<sat::BodyId*>(bufferData()),
                                clamp<sat::BodyId>(capacity));
  }

  /// Shape `handle` under the scratch transform A, swept along (dx, dy). 1 with the hit at scratch[kOut] (RAY_HIT
  /// layout), 0 for none, or an error code for a bad transform / translation.
  static int32_t castShape(WorldBox& box, int32_t handle, float dx, float dy, uint32_t group, uint32_t mask,
                           bool sensors) {
    const sat::Shape* shape = findShape(handle);
    if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
    sat::Transform xf = readTransform(scratch() + kInXfA);
    sat::Status s = sat::checkTransform(xf);
    if (s != sat::Status::Ok) return errorCode(s, 1);
    const sat::Vec2 move{dx, dy};
    if (!sat::isInRange(move) || !sat::isInRange(xf.p + move)) return errorCode(sat::Status::OutOfRange, 2);
    sat::RayHit hit;
    if (!box.world.castShape(*shape, xf, move, makeFilter(box, group, mask, sensors), &hit)) return 0;
    std::memcpy(scratch() + kOut, &hit, sizeof(hit));
    return 1;
  }

  /// Bodies overlapping shape `handle` under the scratch transform A, into the buffer (SHAPE_OVERLAP layout);
  /// the total, or an error code.
  static int32_t overlapShape(WorldBox& box, int32_t handle, uint32_t group, uint32_t mask, bool sensors, int capacity) {
    const sat::Shape* shape = findShape(handle);
    if (!shape) return errorCode(sat::Status::InvalidArgument, 0);
    sat::Transform xf = readTransform(scratch() + kInXfA);
    sat::Status s = sat::checkTransform(xf);
    if (s != sat::Status::Ok) return errorCode(s, 1);
    return box.world.overlapShape(*shape, xf, makeFilter(box, group, mask, sensors),
                                  static_cast<sat::ShapeOverlap*>(bufferData()), clamp<sat::ShapeOverlap>(capacity));
  }

  static BodyDistanceResult distance(WorldBox& box, uint32_t a, uint32_t b) {
    BodyDistanceResult r;
    sat::BodyDistance d;
    r.status = status(box.world.distance(a, b, &d));
    if (r.status) return r;
    r.pointA = d.pointA;
    r.pointB = d.pointB;
    r.normal = d.normal;
    r.distance = d.distance;
    r.shapeA = d.shapeA;
    r.shapeB = d.shapeB;
    return r;
  }

  /// Shape contact i of the last update (a copy; the caller checks the index).
  static ShapeContactValue shapeContact(WorldBox& box, int i) {
    ShapeContactValue v;
    if (i < 0 || i >= box.world.shapeContactCount()) return v;
    const sat::ShapeContact& c = box.world.shapeContacts()[i];
    v.a = c.a;
    v.b = c.b;
    v.shapeA = c.shapeA;
    v.shapeB = c.shapeB;
    v.manifold = c.manifold;
    return v;
  }

  static bool validate(WorldBox& box) { return box.world.validate(); }

 private:
  /// A caller's capacity, clamped to the entries of T the buffer holds.
  template <typename T>
  static int clamp(int capacity) {
    const int room = int(bufferBytes() / sizeof(T));
    return capacity < 0 ? 0 : capacity > room ? room : capacity;
  }
};

}  // namespace


EMSCRIPTEN_BINDINGS(sat_world) {
  using namespace emscripten;
  static const Field kBodyDefFields[] = {
      SAT_FIELD(BodyDefValue, type), SAT_FIELD(BodyDefValue, x), SAT_FIELD(BodyDefValue, y),
      SAT_FIELD(BodyDefValue, angle), SAT_FIELD(BodyDefValue, scaleX), SAT_FIELD(BodyDefValue, scaleY),
      SAT_FIELD(BodyDefValue, userId), SAT_FIELD(BodyDefValue, group), SAT_FIELD(BodyDefValue, mask),
      SAT_FIELD(BodyDefValue, sensor), SAT_FIELD(BodyDefValue, enabled), SAT_FIELD(BodyDefValue, bullet),
      SAT_FIELD(BodyDefValue, mass)
  };
  registerValueObject<BodyDefValue>("BodyDef", kBodyDefFields);
  static const Field kBodyInfoFields[] = {
      SAT_FIELD(BodyInfo, status), SAT_FIELD(BodyInfo, userId), SAT_FIELD(BodyInfo, type),
      SAT_FIELD(BodyInfo, shapeCount), SAT_FIELD(BodyInfo, bounds)
  };
  registerValueObject<BodyInfo>("BodyInfo", kBodyInfoFields);
  static const Field kBodyDistanceFields[] = {
      SAT_FIELD(BodyDistanceResult, status), SAT_FIELD(BodyDistanceResult, pointA),
      SAT_FIELD(BodyDistanceResult, pointB), SAT_FIELD(BodyDistanceResult, normal),
      SAT_FIELD(BodyDistanceResult, distance), SAT_FIELD(BodyDistanceResult, shapeA),
      SAT_FIELD(BodyDistanceResult, shapeB)
  };
  registerValueObject<BodyDistanceResult>("BodyDistance", kBodyDistanceFields);
  static const Field kManifoldPointFields[] = {
      SAT_FIELD(sat::ManifoldPoint, point), SAT_FIELD(sat::ManifoldPoint, depth), SAT_FIELD(sat::ManifoldPoint, id)
  };
  registerValueObject<sat::ManifoldPoint>("ManifoldPoint", kManifoldPointFields);
  // point0 / point1: the points array's two slots, of which the first pointCount are valid (as sat::Manifold).
  static const Field kManifoldFields[] = {
      SAT_FIELD(sat::Manifold, normal), SAT_FIELD(sat::Manifold, depth), SAT_FIELD(sat::Manifold, pointCount),
      {"point0", offsetof(sat::Manifold, points[0]), &registerField<sat::ManifoldPoint>},
      {"point1", offsetof(sat::Manifold, points[1]), &registerField<sat::ManifoldPoint>}
  };
  registerValueObject<sat::Manifold>("Manifold", kManifoldFields);
  static const Field kShapeContactFields[] = {
      SAT_FIELD(ShapeContactValue, a), SAT_FIELD(ShapeContactValue, b), SAT_FIELD(ShapeContactValue, shapeA),
      SAT_FIELD(ShapeContactValue, shapeB), SAT_FIELD(ShapeContactValue, manifold)
  };
  registerValueObject<ShapeContactValue>("ShapeContact", kShapeContactFields);

  class_<WorldBox>("World")
      .class_function("create", &WorldHandle::create, allow_raw_pointers())
      .class_function("statusMessage", &WorldHandle::statusMessage)
      .class_function("maxThreads", &WorldHandle::maxThreads)
      .function("info", &WorldHandle::info)
      .function("add", &WorldHandle::add)
      .function("addConcave", &WorldHandle::addConcave)
      .function("addChain", &WorldHandle::addChain)
      .function("setShapes", &WorldHandle::setShapes)
      .function("setType", &WorldHandle::setType)
      .function("setScale", &WorldHandle::setScale)
      .function("shapeUserData", &WorldHandle::shapeUserData)
      .function("remove", &WorldHandle::remove)
      .function("check", &WorldHandle::check)
      .function("bodyCount", &WorldHandle::bodyCount)
      .function("slotOf", &WorldHandle::slotOf)
      .function("setTransform", &WorldHandle::setTransform)
      .function("getTransform", &WorldHandle::getTransform)
      .function("setEnabled", &WorldHandle::setEnabled)
      .function("setFilter", &WorldHandle::setFilter)
      .function("setSensor", &WorldHandle::setSensor)
      .function("setBullet", &WorldHandle::setBullet)
      .function("setMass", &WorldHandle::setMass)
      .function("setUserId", &WorldHandle::setUserId)
      .function("bodyInfo", &WorldHandle::bodyInfo)
      .function("transforms", &WorldHandle::transforms)
      .function("capacity", &WorldHandle::capacity)
      .function("setThreads", &WorldHandle::setThreads)
      .function("setPushApart", &WorldHandle::setPushApart)
      .function("setPairFilter", &WorldHandle::setPairFilter)
      .function("key", &WorldHandle::key)
      .function("update", &WorldHandle::update)
      .function("setQueryExclude", &WorldHandle::setQueryExclude)
      .function("raycast", &WorldHandle::raycast)
      .function("queryPoint", &WorldHandle::queryPoint)
      .function("queryAABB", &WorldHandle::queryAABB)
      .function("queryShape", &WorldHandle::queryShape)
      .function("castShape", &WorldHandle::castShape)
      .function("overlapShape", &WorldHandle::overlapShape)
      .function("distance", &WorldHandle::distance)
      .function("shapeContact", &WorldHandle::shapeContact)
      .function("validate", &WorldHandle::validate);

  static const Constant kWorld[] = {
    {"MAX_BODIES", double(sat::kMaxBodies)},
    {"WORLD_TIME_STAGES", double(kWorldTimeStages)},
    {"WORLD_KINEMATIC_PAIRS", double(kWorldKinematicPairs)},
    {"CHAIN_LOOP", double(kChainLoop)},
    {"CHAIN_ONE_SIDED", double(kChainOneSided)},
    {"SHAPE_ENTRY_WORDS", double(kShapeWords)},
    {"SHAPE_ENTRY_HANDLE", double(kShapeHandle)},
    {"SHAPE_ENTRY_OFFSET", double(kShapeOffset)},
    {"SHAPE_ENTRY_ANGLE", double(kShapeAngle)},
    {"SHAPE_ENTRY_USER_DATA", double(kShapeUserData)},
    {"INFO_BEGIN", double(kInfoBegin)},
    {"INFO_STAY", double(kInfoBegin + 2)},
    {"INFO_END", double(kInfoBegin + 4)},
    {"INFO_CONTACTS", double(kInfoContacts)},
    {"INFO_SHAPE_CONTACTS", double(kInfoShapeContacts)},
    {"INFO_REJECTED", double(kInfoRejected)},
    {"INFO_PART_BEGIN", double(kInfoPartBegin)},
    {"INFO_PART_END", double(kInfoPartEnd)},
    {"INFO_MOVED_BODIES", double(int(kMovedBodies))},
    {"INFO_CANDIDATE_PAIRS", double(int(kCandidatePairs))},
    {"INFO_TOUCHING_PAIRS", double(int(kTouchingPairs))},
    {"INFO_NARROW_TESTS", double(int(kNarrowTests))},
    {"INFO_SWEPT_BODIES", double(int(kSweptBodies))},
    {"INFO_REJECTED_COUNT", double(int(kRejected))},
    {"INFO_RESIDUAL_PAIRS", double(int(kResidualPairs))},
    {"INFO_RESIDUAL_DEPTH", double(int(kResidualDepth))},
    {"INFO_SYNC_MS", double(int(kSyncMs))},
    {"INFO_BROAD_MS", double(int(kBroadMs))},
    {"INFO_CCD_MS", double(int(kCcdMs))},
    {"INFO_PAIRS_MS", double(int(kPairsMs))},
    {"INFO_NARROW_MS", double(int(kNarrowMs))},
    {"INFO_EVENTS_MS", double(int(kEventsMs))},
    {"INFO_PUSH_MS", double(int(kPushMs))},
    {"INFO_BEGIN_BYTES", double(kInfoBlockBytes)},
    {"INFO_STAY_BYTES", double(kInfoBlockBytes + 1)},
    {"INFO_END_BYTES", double(kInfoBlockBytes + 2)},
    {"TRANSFORM_STRIDE", double(sat::kTransformStride)},
    {"EVENT_WORDS", double(int(sizeof(sat::BodyPair) / 4))},
    {"PART_EVENT_WORDS", double(int(sizeof(sat::PartEvent) / 4))},
    {"PART_EVENT_SHAPES", double(int(offsetof(sat::PartEvent, shapeA) / 4))},
    {"REJECTED_WORDS", double(int(sizeof(sat::RejectedBody) / 4))},
    {"CONTACT_WORDS", double(sat::kContactWords)},
    {"CONTACT_A", double(int(offsetof(sat::Contact, a) / 4))},
    {"CONTACT_B", double(int(offsetof(sat::Contact, b) / 4))},
    {"CONTACT_NORMAL_X", double(int(offsetof(sat::Contact, normal) / 4))},
    {"CONTACT_NORMAL_Y", double(int(offsetof(sat::Contact, normal) / 4) + 1)},
    {"CONTACT_DEPTH", double(int(offsetof(sat::Contact, depth) / 4))},
    {"CONTACT_TOI", double(int(offsetof(sat::Contact, toi) / 4))},
    {"CONTACT_INFO", double(int(offsetof(sat::Contact, pointCount) / 4))},
    {"CONTACT_FIRST_SHAPE_CONTACT", double(int(offsetof(sat::Contact, firstShapeContact) / 4))},
    {"CONTACT_POINT0", double(int(offsetof(sat::Contact, points) / 4))},
    {"CONTACT_POINT1", double(int(offsetof(sat::Contact, points) / 4) + int(sizeof(sat::ManifoldPoint) / 4))},
    {"CONTACT_INFO_FLAGS_SHIFT", double(int(offsetof(sat::Contact, flags) - offsetof(sat::Contact, pointCount)) * 8)},
    {"CONTACT_INFO_SHAPE_CONTACTS_SHIFT", double(int(offsetof(sat::Contact, shapeContactCount) - offsetof(sat::Contact, pointCount)) * 8)},
    {"CONTACT_FLAG_BEGAN", double(int(sat::kContactBegan))},
    {"CONTACT_FLAG_SENSOR", double(int(sat::kContactSensor))},
    {"CONTACT_FLAG_SWEPT", double(int(sat::kContactSwept))},
    {"SHAPE_CONTACT_WORDS", double(int(sizeof(sat::ShapeContact) / 4))},
    {"SHAPE_CONTACT_SHAPES", double(int(offsetof(sat::ShapeContact, shapeA) / 4))},
    {"RAY_HIT_WORDS", double(int(sizeof(sat::RayHit) / 4))},
    {"RAY_HIT_BODY", double(int(offsetof(sat::RayHit, body) / 4))},
    {"RAY_HIT_SHAPE", double(int(offsetof(sat::RayHit, shape) / 4))},
    {"RAY_HIT_POINT", double(int(offsetof(sat::RayHit, point) / 4))},
    {"RAY_HIT_NORMAL", double(int(offsetof(sat::RayHit, normal) / 4))},
    {"RAY_HIT_FRACTION", double(int(offsetof(sat::RayHit, fraction) / 4))},
    {"SHAPE_OVERLAP_WORDS", double(int(sizeof(sat::ShapeOverlap) / 4))},
    {"SHAPE_OVERLAP_BODY", double(int(offsetof(sat::ShapeOverlap, body) / 4))},
    {"SHAPE_OVERLAP_SHAPE", double(int(offsetof(sat::ShapeOverlap, shape) / 4))},
    {"SHAPE_OVERLAP_NORMAL", double(int(offsetof(sat::ShapeOverlap, normal) / 4))},
    {"SHAPE_OVERLAP_DEPTH", double(int(offsetof(sat::ShapeOverlap, depth) / 4))},
  };
  registerConstants(kWorld);
}
