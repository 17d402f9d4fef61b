// sat-wasm 3D bindings: class World3 (sat::World3), in the 3D module. Each method is one call into the module.
// Each world has an info block (a Uint32Array view, fixed address): the addresses and counts of its event, contact
// and rejected arrays, its transform buffer and the last update's stats, rewritten by every call that may move those
// arrays, so a frame is one call and reading it is plain memory reads. Small inputs (a transform, a ray, a box)
// come through the scratch block of sat3d_bindings.cpp; query results are published in the info block.
#include <emscripten/bind.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

#include "binding3_common.h"
#include "sat/3d/world3.h"

using namespace satjs3;

namespace {

// ----- the info block (32-bit words; stats: ints, then floats) -----
enum Info : int {
  kInfoBegin,
  kInfoBeginCount,
  kInfoStay,
  kInfoStayCount,
  kInfoEnd,
  kInfoEndCount,
  kInfoContacts,
  kInfoContactCount,
  kInfoRejected,
  kInfoRejectedCount,
  kInfoTransforms,
  kInfoTransformCapacity,
  kInfoMoved,
  kInfoReinserted,
  kInfoCandidatePairs,
  kInfoTouchingPairs,
  kInfoNarrowTests,
  kInfoSweptBodies,
  kInfoSyncMs,
  kInfoCcdMs,
  kInfoBroadMs,
  kInfoNarrowMs,
  kInfoEventsMs,
  kInfoPushMs,
  kInfoResidualDepth,
  kInfoResult,       ///< address of the last query's results
  kInfoResultCount,
  kInfoValue,        ///< a single result: a new body's id, a user id
  kInfoWords
};

// A contact (sat::Contact3), in 32-bit words.
constexpr int kContactA = 0, kContactB = 1, kContactNormal = 2, kContactDepth = 5;
constexpr int kContactInfo = 6;   ///< pointCount | flags << kContactFlagsShift
constexpr int kContactFlagsShift = 8;
constexpr int kContactShapes = 7; ///< shapeA | shapeB << 16
constexpr int kContactPoints = 8; ///< 4 points of x, y, z, depth, id
static_assert(offsetof(sat::Contact3, normal) == 4 * kContactNormal && offsetof(sat::Contact3, depth) == 4 * kContactDepth &&
                  offsetof(sat::Contact3, pointCount) == 4 * kContactInfo && offsetof(sat::Contact3, shapeA) == 4 * kContactShapes &&
                  offsetof(sat::Contact3, points) == 4 * kContactPoints,
              "the contact layout registered below is sat::Contact3's");
constexpr int kEventWords = 2;     ///< a, b
constexpr int kRejectedWords = 2;  ///< id, status
// A ray hit (sat::RayHit3), in 32-bit words.
constexpr int kRayHitWords = 9, kRayHitBody = 0, kRayHitShape = 1, kRayHitPoint = 2, kRayHitNormal = 5,
              kRayHitFraction = 8;
static_assert(sizeof(sat::RayHit3) == 4 * kRayHitWords && offsetof(sat::RayHit3, fraction) == 4 * kRayHitFraction,
              "the ray hit layout registered below is sat::RayHit3's");
// A shape definition in the buffer: shape handle (int32), offset xyz, rotation xyzw.
constexpr int kShapeDefWords = 8, kShapeDefHandle = 0, kShapeDefOffset = 1, kShapeDefRotation = 4;
// raycast() modes and query() kinds
constexpr int kRayClosest = 0, kRayAny = 1, kRayAll = 2;
constexpr int kQueryPoint = 0, kQueryAABB = 1, kQuerySphere = 2, kQueryShape = 3;

int32_t fail(sat::Status status, int argument = 0) { return errorCode(status, argument); }
int32_t result(sat::Status status) { return status == sat::Status::Ok ? 0 : fail(status); }

int32_t address(const void* p) { return int32_t(reinterpret_cast<uintptr_t>(p)); }

template <class T>
emscripten::val view(size_t n, const T* data) {
  return emscripten::val(emscripten::typed_memory_view(n, data));
}

/// Reads kShapeDefWords words per shape from the buffer; 0 or the failure code (bad handle: argument 3 + index).
int32_t readShapeDefs(int count, std::vector<sat::ShapeDef3>* defs) {
  if (count < 1 || count > sat::kMaxShapesPerBody3 || uint64_t(count) * 4u * kShapeDefWords > bufferBytes()) {
    return fail(sat::Status::InvalidArgument, 1);
  }
  const int32_t* words = static_cast<const int32_t*>(bufferData());
  defs->resize(size_t(count));
  for (int i = 0; i < count; ++i) {
    const int32_t* d = words + kShapeDefWords * i;
    const sat::Shape3* shape = findShape(d[kShapeDefHandle]);
    if (!shape) return fail(sat::Status::InvalidArgument, 3 + i);
    float f[7];
    std::memcpy(f, d + kShapeDefOffset, sizeof f);
    static_assert(kShapeDefRotation == kShapeDefOffset + 3, "offset then rotation");
    sat::ShapeDef3& def = (*defs)[size_t(i)];
    def.shape = *shape;
    def.offset = {f[0], f[1], f[2]};
    def.rotation = {f[3], f[4], f[5], f[6]};
  }
  return 0;
}

sat::QueryFilter filterOf(uint32_t group, uint32_t mask, bool sensors) {
  sat::QueryFilter f;
  f.group = group, f.mask = mask, f.includeSensors = sensors;
  return f;
}

/// The registered class World3: a sat::World3 with its info block and query result arrays.
class World3Binding {
 public:
  explicit World3Binding(const sat::World3Options& o) : world_(o) { publish(); }

  /// nullptr (JavaScript null) for refused options or when memory cannot grow. treeMargin < 0: the C++ default.
  /// broadPhase: a BroadPhase3Kind value; gridCellSize 0: automatic.
  static World3Binding* create(int broadPhase, float treeMargin, float gridCellSize, int capacity, bool timeStages) {
    if (!(treeMargin <= 10.0f) || capacity < 0 || capacity > sat::kMaxBodies) return nullptr;
    if (!(gridCellSize >= 0.0f) || !std::isfinite(gridCellSize)) return nullptr;
    if (broadPhase != int(sat::BroadPhase3Type::Tree) && broadPhase != int(sat::BroadPhase3Type::Grid)) return nullptr;
    sat::World3Options o;
    o.broadPhase = sat::BroadPhase3Type(broadPhase);
    o.gridCellSize = gridCellSize;
    if (treeMargin >= 0.0f) o.treeMargin = treeMargin;
    o.capacity = capacity, o.timeStages = timeStages;
    return new (std::nothrow) World3Binding(o);
  }

  emscripten::val info() const { return view(size_t(kInfoWords), info_); }
  emscripten::val transforms() { return view(size_t(sat::kTransform3Stride) * size_t(world_.transformCapacity()), world_.transformBuffer()); }
  emscripten::val contacts() const { return view(size_t(sat::kContact3Words) * size_t(world_.contactCount()), reinterpret_cast<const uint32_t*>(world_.contacts())); }
  emscripten::val beginEvents() const { return view(size_t(kEventWords) * size_t(world_.beginCount()), reinterpret_cast<const uint32_t*>(world_.beginEvents())); }
  emscripten::val stayEvents() const { return view(size_t(kEventWords) * size_t(world_.stayCount()), reinterpret_cast<const uint32_t*>(world_.stayEvents())); }
  emscripten::val endEvents() const { return view(size_t(kEventWords) * size_t(world_.endCount()), reinterpret_cast<const uint32_t*>(world_.endEvents())); }

  /// A body of `count` shape definitions (the buffer), at the scratch transform A. The id goes to the info block.
  int32_t createBody(int type, uint32_t group, uint32_t mask, bool sensor, bool enabled, bool bullet, float mass,
                     uint32_t userId, int count) {
    if (type < 0 || type > 2) return fail(sat::Status::InvalidArgument, 2);
    if (const int32_t r = readShapeDefs(count, &defs_)) return r;
    sat::BodyDef3 def;
    def.type = sat::BodyType(type);
    def.transform = readTransform(scratch() + kInXfA);
    def.group = group, def.mask = mask, def.userId = userId, def.mass = mass;
    def.sensor = sensor, def.enabled = enabled, def.bullet = bullet;
    sat::BodyId id = 0;
    const sat::Status st = world_.createBody(def, defs_.data(), count, &id);
    publish();
    if (st != sat::Status::Ok) return fail(st);
    info_[kInfoValue] = id;
    return 0;
  }

  /// Replaces a body's shapes with `count` shape definitions from the buffer.
  int32_t setShapes(uint32_t id, int count) {
    if (const int32_t r = readShapeDefs(count, &defs_)) return r;
    const int32_t r = result(world_.setShapes(id, defs_.data(), count));
    publish();
    return r;
  }

  int32_t destroyBody(uint32_t id) { return result(world_.destroyBody(id)); }
  int32_t check(uint32_t id) const { return result(world_.check(id)); }
  int bodyCount() const { return world_.bodyCount(); }
  /// Transform at scratch transform A; teleport: the next update does not sweep a bullet along the way.
  int32_t setTransform(uint32_t id, bool teleport) {
    return result(world_.setTransform(id, readTransform(scratch() + kInXfA), teleport));
  }
  /// The transform to scratch[kOut..] (kXfFloats floats).
  int32_t getTransform(uint32_t id) const {
    sat::Transform3 xf;
    const sat::Status st = world_.getTransform(id, &xf);
    if (st != sat::Status::Ok) return fail(st);
    const float v[kXfFloats] = {xf.p.x, xf.p.y, xf.p.z, xf.q.x, xf.q.y, xf.q.z, xf.q.w, xf.scale.x, xf.scale.y, xf.scale.z};
    std::memcpy(scratch() + kOut, v, sizeof v);
    return 0;
  }
  int32_t setEnabled(uint32_t id, bool on) { return result(world_.setEnabled(id, on)); }
  int32_t setSensor(uint32_t id, bool on) { return result(world_.setSensor(id, on)); }
  int32_t setBullet(uint32_t id, bool on) { return result(world_.setBullet(id, on)); }
  int32_t setType(uint32_t id, int type) { return result(world_.setType(id, sat::BodyType(type < 0 || type > 2 ? 255 : type))); }
  int32_t setMass(uint32_t id, float mass) { return result(world_.setMass(id, mass)); }
  int32_t setUserId(uint32_t id, uint32_t userId) { return result(world_.setUserId(id, userId)); }
  int32_t setFilter(uint32_t id, uint32_t group, uint32_t mask) { return result(world_.setFilter(id, group, mask)); }
  /// The body's BodyType, its user id in the info block; or an error.
  int32_t bodyInfo(uint32_t id) {
    const sat::Status st = world_.check(id);
    if (st != sat::Status::Ok) return fail(st);
    info_[kInfoValue] = world_.userId(id);
    return int32_t(world_.type(id));
  }

  int32_t setPushApart(bool enabled, int iterations, float slop) {
    if (iterations < 1 || iterations > 64 || !(slop >= 0.0f && slop < 1.0e6f)) return fail(sat::Status::InvalidArgument, 1);
    sat::PushApartOptions o;
    o.enabled = enabled, o.iterations = iterations, o.slop = slop;
    world_.setPushApart(o);
    return 0;
  }

  /// One frame: 0 or the refusal of the first refused body; the info block is rewritten either way.
  int32_t update() {
    const sat::Status st = world_.update();
    publish();
    return result(st);
  }

  bool validate() const { return world_.validate(); }

  /// Ray at scratch[kInExtra..] (origin xyz, translation xyz, maxFraction); mode kRay*. Hits (sat::RayHit3) at
  /// the info block's result address, their number returned.
  int32_t raycast(int mode, uint32_t group, uint32_t mask, bool sensors) {
    const float* r = scratch() + kInExtra;
    const sat::RayCastInput3 ray{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, r[6]};
    const sat::QueryFilter filter = filterOf(group, mask, sensors);
    if (hits_.size() < 16) hits_.resize(16);
    int n;
    if (mode == kRayClosest) {
      n = world_.raycastClosest(ray, filter, hits_.data()) ? 1 : 0;
    } else if (mode == kRayAny) {
      n = world_.raycastAny(ray, filter, hits_.data()) ? 1 : 0;
    } else if (mode == kRayAll) {
      n = world_.raycastAll(ray, filter, hits_.data(), int(hits_.size()));
      if (n > int(hits_.size())) {
        hits_.resize(size_t(n));
        n = world_.raycastAll(ray, filter, hits_.data(), n);
      }
    } else {
      return fail(sat::Status::InvalidArgument, 1);
    }
    info_[kInfoResult] = address(hits_.data()), info_[kInfoResultCount] = n;
    return n;
  }

  /// kind kQueryPoint (scratch extra xyz), kQueryAABB (lower xyz, upper xyz), kQuerySphere (centre xyz, radius),
  /// kQueryShape (handle `shape` at scratch transform A). Ids at the info block's result address, their number
  /// returned.
  int32_t query(int kind, int32_t shape, uint32_t group, uint32_t mask, bool sensors) {
    const float* e = scratch() + kInExtra;
    const sat::QueryFilter filter = filterOf(group, mask, sensors);
    const sat::Shape3* sh = nullptr;
    if (kind == kQueryShape && !(sh = findShape(shape))) return fail(sat::Status::InvalidArgument, 1);
    if (kind < kQueryPoint || kind > kQueryShape) return fail(sat::Status::InvalidArgument, 2);
    const sat::Transform3 xf = readTransform(scratch() + kInXfA);
    auto run = [&](sat::BodyId* out, int capacity) {
      switch (kind) {
        case kQueryPoint:
          return world_.queryPoint({e[0], e[1], e[2]}, filter, out, capacity);
        case kQueryAABB:
          return world_.queryAABB({{e[0], e[1], e[2]}, {e[3], e[4], e[5]}}, filter, out, capacity);
        case kQuerySphere:
          return world_.querySphere({e[0], e[1], e[2]}, e[3], filter, out, capacity);
        default:
          return world_.queryShape(*sh, xf, filter, out, capacity);
      }
    };
    if (ids_.size() < 64) ids_.resize(64);
    int n = run(ids_.data(), int(ids_.size()));
    if (n > int(ids_.size())) {
      ids_.resize(size_t(n));
      n = run(ids_.data(), int(ids_.size()));
    }
    if (n < 0) return n;
    info_[kInfoResult] = address(ids_.data()), info_[kInfoResultCount] = n;
    return n;
  }

 private:
  /// Addresses and counts of the world's arrays and the last update's stats: valid until the next call that
  /// changes the world.
  void publish() {
    const sat::World3& w = world_;
    info_[kInfoBegin] = address(w.beginEvents()), info_[kInfoBeginCount] = w.beginCount();
    info_[kInfoStay] = address(w.stayEvents()), info_[kInfoStayCount] = w.stayCount();
    info_[kInfoEnd] = address(w.endEvents()), info_[kInfoEndCount] = w.endCount();
    info_[kInfoContacts] = address(w.contacts()), info_[kInfoContactCount] = w.contactCount();
    info_[kInfoRejected] = address(w.rejected()), info_[kInfoRejectedCount] = w.rejectedCount();
    info_[kInfoTransforms] = address(world_.transformBuffer()), info_[kInfoTransformCapacity] = w.transformCapacity();
    const sat::UpdateStats3& s = w.stats();
    info_[kInfoMoved] = s.movedBodies, info_[kInfoReinserted] = s.reinserted;
    info_[kInfoCandidatePairs] = s.candidatePairs, info_[kInfoTouchingPairs] = s.touchingPairs;
    info_[kInfoNarrowTests] = s.narrowTests, info_[kInfoSweptBodies] = s.sweptBodies;
    const float ms[] = {s.syncMs, s.ccdMs, s.broadMs, s.narrowMs, s.eventsMs, s.pushMs, s.residualDepth};
    static_assert(kInfoResidualDepth - kInfoSyncMs + 1 == sizeof ms / sizeof ms[0], "the float stats are contiguous");
    std::memcpy(info_ + kInfoSyncMs, ms, sizeof ms);
  }

  sat::World3 world_;
  alignas(16) uint32_t info_[kInfoWords] = {};
  std::vector<sat::ShapeDef3> defs_;  ///< createBody / setShapes input
  std::vector<sat::BodyId> ids_;      ///< query results
  std::vector<sat::RayHit3> hits_;    ///< ray query results
};

}  // namespace

EMSCRIPTEN_BINDINGS(sat3d_world) {
  using namespace emscripten;
  using satjs::Constant;
  enum_<sat::BroadPhase3Type>("BroadPhase3Kind")
      .value("Tree", sat::BroadPhase3Type::Tree)
      .value("Grid", sat::BroadPhase3Type::Grid);
  enum_<sat::BodyType>("BodyType")
      .value("Static", sat::BodyType::Static)
      .value("Kinematic", sat::BodyType::Kinematic)
      .value("Dynamic", sat::BodyType::Dynamic);
  class_<World3Binding>("World3")
      .class_function("create", &World3Binding::create, allow_raw_pointers())
      .function("info", &World3Binding::info)
      .function("transforms", &World3Binding::transforms)
      .function("contacts", &World3Binding::contacts)
      .function("beginEvents", &World3Binding::beginEvents)
      .function("stayEvents", &World3Binding::stayEvents)
      .function("endEvents", &World3Binding::endEvents)
      .function("createBody", &World3Binding::createBody)
      .function("setShapes", &World3Binding::setShapes)
      .function("destroyBody", &World3Binding::destroyBody)
      .function("check", &World3Binding::check)
      .function("bodyCount", &World3Binding::bodyCount)
      .function("setTransform", &World3Binding::setTransform)
      .function("getTransform", &World3Binding::getTransform)
      .function("setEnabled", &World3Binding::setEnabled)
      .function("setSensor", &World3Binding::setSensor)
      .function("setBullet", &World3Binding::setBullet)
      .function("setType", &World3Binding::setType)
      .function("setMass", &World3Binding::setMass)
      .function("setUserId", &World3Binding::setUserId)
      .function("setFilter", &World3Binding::setFilter)
      .function("bodyInfo", &World3Binding::bodyInfo)
      .function("setPushApart", &World3Binding::setPushApart)
      .function("update", &World3Binding::update)
      .function("validate", &World3Binding::validate)
      .function("raycast", &World3Binding::raycast)
      .function("query", &World3Binding::query);
  static const Constant kWorld3[] = {
    {"MAX_SHAPES_PER_BODY", double(sat::kMaxShapesPerBody3)},
    {"BODY_SLOT_BITS", double(sat::kBody3SlotBits)},
    {"WORLD_TRANSFORM_STRIDE", double(sat::kTransform3Stride)},
    {"INFO_BEGIN", double(kInfoBegin)},
    {"INFO_BEGIN_COUNT", double(kInfoBeginCount)},
    {"INFO_STAY", double(kInfoStay)},
    {"INFO_STAY_COUNT", double(kInfoStayCount)},
    {"INFO_END", double(kInfoEnd)},
    {"INFO_END_COUNT", double(kInfoEndCount)},
    {"INFO_CONTACTS", double(kInfoContacts)},
    {"INFO_CONTACT_COUNT", double(kInfoContactCount)},
    {"INFO_REJECTED", double(kInfoRejected)},
    {"INFO_REJECTED_COUNT", double(kInfoRejectedCount)},
    {"INFO_TRANSFORMS", double(kInfoTransforms)},
    {"INFO_TRANSFORM_CAPACITY", double(kInfoTransformCapacity)},
    {"INFO_MOVED", double(kInfoMoved)},
    {"INFO_REINSERTED", double(kInfoReinserted)},
    {"INFO_CANDIDATE_PAIRS", double(kInfoCandidatePairs)},
    {"INFO_TOUCHING_PAIRS", double(kInfoTouchingPairs)},
    {"INFO_NARROW_TESTS", double(kInfoNarrowTests)},
    {"INFO_SWEPT_BODIES", double(kInfoSweptBodies)},
    {"INFO_SYNC_MS", double(kInfoSyncMs)},
    {"INFO_CCD_MS", double(kInfoCcdMs)},
    {"INFO_BROAD_MS", double(kInfoBroadMs)},
    {"INFO_NARROW_MS", double(kInfoNarrowMs)},
    {"INFO_EVENTS_MS", double(kInfoEventsMs)},
    {"INFO_PUSH_MS", double(kInfoPushMs)},
    {"INFO_RESIDUAL_DEPTH", double(kInfoResidualDepth)},
    {"INFO_RESULT", double(kInfoResult)},
    {"INFO_VALUE", double(kInfoValue)},
    {"EVENT_WORDS", double(kEventWords)},
    {"REJECTED_WORDS", double(kRejectedWords)},
    {"CONTACT_WORDS", double(sat::kContact3Words)},
    {"CONTACT_A", double(kContactA)},
    {"CONTACT_B", double(kContactB)},
    {"CONTACT_NORMAL", double(kContactNormal)},
    {"CONTACT_DEPTH", double(kContactDepth)},
    {"CONTACT_INFO", double(kContactInfo)},
    {"CONTACT_FLAGS_SHIFT", double(kContactFlagsShift)},
    {"CONTACT_SHAPES", double(kContactShapes)},
    {"CONTACT_POINTS", double(kContactPoints)},
    {"CONTACT_FLAG_BEGAN", double(sat::kContactBegan)},
    {"CONTACT_FLAG_SENSOR", double(sat::kContactSensor)},
    {"CONTACT_FLAG_SWEPT", double(sat::kContactSwept)},
    {"RAY_HIT_WORDS", double(kRayHitWords)},
    {"RAY_HIT_BODY", double(kRayHitBody)},
    {"RAY_HIT_SHAPE", double(kRayHitShape)},
    {"RAY_HIT_POINT", double(kRayHitPoint)},
    {"RAY_HIT_NORMAL", double(kRayHitNormal)},
    {"RAY_HIT_FRACTION", double(kRayHitFraction)},
    {"SHAPE_DEF_WORDS", double(kShapeDefWords)},
    {"SHAPE_DEF_HANDLE", double(kShapeDefHandle)},
    {"SHAPE_DEF_OFFSET", double(kShapeDefOffset)},
    {"SHAPE_DEF_ROTATION", double(kShapeDefRotation)},
    {"RAY_CLOSEST", double(kRayClosest)},
    {"RAY_ANY", double(kRayAny)},
    {"RAY_ALL", double(kRayAll)},
    {"QUERY_POINT", double(kQueryPoint)},
    {"QUERY_AABB", double(kQueryAABB)},
    {"QUERY_SPHERE", double(kQuerySphere)},
    {"QUERY_SHAPE", double(kQueryShape)},
  };
  satjs::registerConstants(kWorld3);
}
