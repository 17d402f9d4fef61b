// sat-wasm 3D world bindings: World3 behind integer handles, in the 3D module, with the same plain-export style as
// sat3d_bindings.cpp. Small inputs and outputs cross through one io block whose word offsets are published by
// sat_w3_layout(); bulk data (transforms in, events and contacts out) stays in the world's own arrays, whose
// addresses and counts update() writes to the io block, so a frame is one call.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "sat/3d/world3.h"
#include "shape_store3.h"

namespace {

// ----- io block (32-bit words) -----
enum Io : int {
  // frame: written by update() and by every call that may move the world's arrays
  kIoBegin = 0,
  kIoBeginCount,
  kIoStay,
  kIoStayCount,
  kIoEnd,
  kIoEndCount,
  kIoContacts,
  kIoContactCount,
  kIoRejected,
  kIoRejectedCount,
  kIoTransforms,
  kIoTransformCapacity,
  // stats of the last update (ints, then floats)
  kIoMoved,
  kIoReinserted,
  kIoCandidatePairs,
  kIoTouchingPairs,
  kIoNarrowTests,
  kIoSyncMs,
  kIoBroadMs,
  kIoNarrowMs,
  kIoEventsMs,
  kIoPushMs,
  kIoResidualDepth,
  // query results and single values
  kIoResult,
  kIoResultCount,
  kIoValue,
  kIoSweptBodies,  // stats added later keep the earlier offsets
  kIoCcdMs,
  // inputs: a transform (10 floats), then a ray (7) or a box (6) or a point / sphere (4)
  kIoIn = 32,
  kIoInExtra = 42,
  kIoWords = 64
};
constexpr int kShapeDefWords = 8;  ///< shape handle (int32), offset xyz, rotation xyzw
constexpr int kRayHitWords = 9;    ///< body, shape, point xyz, normal xyz, fraction

alignas(16) int32_t gIo[kIoWords];
float* ioF() {
  return reinterpret_cast<float*>(gIo);
}

const int32_t gLayout[] = {1,
                           sat::kTransform3Stride,
                           sat::kContact3Words,
                           sat::kContactBegan,
                           sat::kContactSensor,
                           kRayHitWords,
                           kShapeDefWords,
                           sat::kBody3SlotBits,
                           sat::kMaxShapesPerBody3,
                           kIoWords,
                           kIoBegin,
                           kIoBeginCount,
                           kIoStay,
                           kIoStayCount,
                           kIoEnd,
                           kIoEndCount,
                           kIoContacts,
                           kIoContactCount,
                           kIoRejected,
                           kIoRejectedCount,
                           kIoTransforms,
                           kIoTransformCapacity,
                           kIoMoved,
                           kIoReinserted,
                           kIoCandidatePairs,
                           kIoTouchingPairs,
                           kIoNarrowTests,
                           kIoSyncMs,
                           kIoBroadMs,
                           kIoNarrowMs,
                           kIoEventsMs,
                           kIoPushMs,
                           kIoResidualDepth,
                           kIoResult,
                           kIoResultCount,
                           kIoValue,
                           kIoIn,
                           kIoInExtra,
                           kIoSweptBodies,
                           kIoCcdMs,
                           sat::kContactSwept};

int32_t fail(sat::Status status, int argument = 0) {
  return -(int32_t(status) | (argument << 8));
}
int32_t result(sat::Status status) {
  return status == sat::Status::Ok ? 0 : fail(status);
}

struct WorldSlot {
  std::unique_ptr<sat::World3> world;
  std::vector<sat::BodyId> ids;    ///< query results
  std::vector<sat::RayHit3> hits;  ///< ray query results
};
std::vector<WorldSlot> gWorlds;  ///< handle = index + 1; handles are never reused

WorldSlot* findWorld(int32_t handle) {
  if (handle <= 0 || size_t(handle) > gWorlds.size() || !gWorlds[size_t(handle - 1)].world) return nullptr;
  return &gWorlds[size_t(handle - 1)];
}

sat::Transform3 readTransform(const float* f) {
  return {{f[0], f[1], f[2]}, {f[3], f[4], f[5], f[6]}, {f[7], f[8], f[9]}};
}

int32_t address(const void* p) {
  return int32_t(reinterpret_cast<uintptr_t>(p));
}

/// Addresses and counts of the world's arrays: valid until the next call that changes the world.
void publishFrame(const sat::World3& w) {
  gIo[kIoBegin] = address(w.beginEvents()), gIo[kIoBeginCount] = w.beginCount();
  gIo[kIoStay] = address(w.stayEvents()), gIo[kIoStayCount] = w.stayCount();
  gIo[kIoEnd] = address(w.endEvents()), gIo[kIoEndCount] = w.endCount();
  gIo[kIoContacts] = address(w.contacts()), gIo[kIoContactCount] = w.contactCount();
  gIo[kIoRejected] = address(w.rejected()), gIo[kIoRejectedCount] = w.rejectedCount();
  gIo[kIoTransforms] = address(const_cast<sat::World3&>(w).transformBuffer());
  gIo[kIoTransformCapacity] = w.transformCapacity();
  const sat::UpdateStats3& s = w.stats();
  gIo[kIoMoved] = s.movedBodies, gIo[kIoReinserted] = s.reinserted, gIo[kIoCandidatePairs] = s.candidatePairs;
  gIo[kIoTouchingPairs] = s.touchingPairs, gIo[kIoNarrowTests] = s.narrowTests, gIo[kIoSweptBodies] = s.sweptBodies;
  float* f = ioF();
  f[kIoCcdMs] = s.ccdMs;
  f[kIoSyncMs] = s.syncMs, f[kIoBroadMs] = s.broadMs, f[kIoNarrowMs] = s.narrowMs, f[kIoEventsMs] = s.eventsMs;
  f[kIoPushMs] = s.pushMs, f[kIoResidualDepth] = s.residualDepth;
}

sat::QueryFilter filterOf(uint32_t group, uint32_t mask, int includeSensors) {
  sat::QueryFilter f;
  f.group = group, f.mask = mask, f.includeSensors = includeSensors != 0;
  return f;
}

/// Runs a counting query into slot.ids, growing it when the answer does not fit; publishes the result.
template <class Query>
int32_t collectIds(WorldSlot& slot, Query&& query) {
  if (slot.ids.size() < 64) slot.ids.resize(64);
  int n = query(slot.ids.data(), int(slot.ids.size()));
  if (n > int(slot.ids.size())) {
    slot.ids.resize(size_t(n));
    n = query(slot.ids.data(), int(slot.ids.size()));
  }
  if (n < 0) return n;  // already -status
  gIo[kIoResult] = address(slot.ids.data()), gIo[kIoResultCount] = n;
  return n;
}

/// Reads kShapeDefWords words per shape into defs; 0 or the failure code (bad handle: argument 3 + index).
int32_t readShapeDefs(const int32_t* shapeDefs, int count, std::vector<sat::ShapeDef3>* defs) {
  if (count < 1 || count > sat::kMaxShapesPerBody3 || !shapeDefs) return fail(sat::Status::InvalidArgument, 1);
  defs->resize(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    const int32_t* d = shapeDefs + kShapeDefWords * i;
    const sat::Shape3* shape = sat3dFindShape(d[0]);
    if (!shape) return fail(sat::Status::InvalidArgument, 3 + i);
    float f[7];
    std::memcpy(f, d + 1, sizeof f);
    sat::ShapeDef3& def = (*defs)[size_t(i)];
    def.shape = *shape;
    def.offset = {f[0], f[1], f[2]};
    def.rotation = {f[3], f[4], f[5], f[6]};
  }
  return 0;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const int32_t* sat_w3_layout() {
  return gLayout;
}
EMSCRIPTEN_KEEPALIVE int sat_w3_layout_length() {
  return int(sizeof gLayout / sizeof gLayout[0]);
}
EMSCRIPTEN_KEEPALIVE int32_t* sat_w3_io() {
  return gIo;
}

/// treeMargin < 0: the C++ default.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_create(float treeMargin, int capacity, int timeStages) {
  if (!(treeMargin <= 10.0f) || capacity < 0 || capacity > sat::kMaxBodies) return fail(sat::Status::InvalidArgument);
  sat::World3Options o;
  if (treeMargin >= 0.0f) o.treeMargin = treeMargin;
  o.capacity = capacity, o.timeStages = timeStages != 0;
  gWorlds.push_back({std::make_unique<sat::World3>(o), {}, {}});
  publishFrame(*gWorlds.back().world);
  return int32_t(gWorlds.size());
}

EMSCRIPTEN_KEEPALIVE int sat_w3_destroy(int32_t h) {
  WorldSlot* s = findWorld(h);
  if (!s) return 0;
  *s = WorldSlot{};
  return 1;
}

/// Transform at io[kIoIn..]; shapeDefs: kShapeDefWords words per shape. The id goes to io[kIoValue].
/// flags: 1 sensor, 2 disabled, 4 bullet.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_create_body(int32_t h, int type, uint32_t group, uint32_t mask, int flags,
                                                float mass, uint32_t userId, const int32_t* shapeDefs, int count) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  if (type < 0 || type > 2) return fail(sat::Status::InvalidArgument, 2);
  std::vector<sat::ShapeDef3> defs;
  if (const int32_t r = readShapeDefs(shapeDefs, count, &defs)) return r;
  sat::BodyDef3 def;
  def.type = sat::BodyType(type);
  def.transform = readTransform(ioF() + kIoIn);
  def.group = group, def.mask = mask, def.userId = userId, def.mass = mass;
  def.sensor = (flags & 1) != 0, def.enabled = (flags & 2) == 0, def.bullet = (flags & 4) != 0;
  sat::BodyId id = 0;
  const sat::Status st = s->world->createBody(def, defs.data(), count, &id);
  if (st != sat::Status::Ok) return fail(st);
  std::memcpy(&gIo[kIoValue], &id, 4);
  publishFrame(*s->world);
  return 0;
}

/// shapeDefs as sat_w3_create_body.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_set_shapes(int32_t h, uint32_t id, const int32_t* shapeDefs, int count) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  std::vector<sat::ShapeDef3> defs;
  if (const int32_t r = readShapeDefs(shapeDefs, count, &defs)) return r;
  return result(s->world->setShapes(id, defs.data(), count));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_w3_destroy_body(int32_t h, uint32_t id) {
  WorldSlot* s = findWorld(h);
  return s ? result(s->world->destroyBody(id)) : fail(sat::Status::InvalidArgument);
}
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_check(int32_t h, uint32_t id) {
  WorldSlot* s = findWorld(h);
  return s ? result(s->world->check(id)) : fail(sat::Status::InvalidArgument);
}
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_body_count(int32_t h) {
  WorldSlot* s = findWorld(h);
  return s ? s->world->bodyCount() : fail(sat::Status::InvalidArgument);
}
/// Transform at io[kIoIn..]; teleport: the next update does not sweep a bullet along the way.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_set_transform(int32_t h, uint32_t id, int teleport) {
  WorldSlot* s = findWorld(h);
  return s ? result(s->world->setTransform(id, readTransform(ioF() + kIoIn), teleport != 0))
           : fail(sat::Status::InvalidArgument);
}
/// Transform to io[kIoIn..].
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_get_transform(int32_t h, uint32_t id) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  sat::Transform3 xf;
  const sat::Status st = s->world->getTransform(id, &xf);
  if (st != sat::Status::Ok) return fail(st);
  float* f = ioF() + kIoIn;
  const float v[10] = {xf.p.x, xf.p.y, xf.p.z, xf.q.x, xf.q.y, xf.q.z, xf.q.w, xf.scale.x, xf.scale.y, xf.scale.z};
  std::memcpy(f, v, sizeof v);
  return 0;
}
/// what: 0 enabled, 1 sensor, 2 type, 3 mass, 4 user id, 5 filter (a = group, b = mask), 6 bullet.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_set(int32_t h, uint32_t id, int what, uint32_t a, uint32_t b, float value) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  sat::World3& w = *s->world;
  switch (what) {
    case 0:
      return result(w.setEnabled(id, a != 0));
    case 1:
      return result(w.setSensor(id, a != 0));
    case 2:
      return result(w.setType(id, sat::BodyType(a > 2 ? 255 : a)));
    case 3:
      return result(w.setMass(id, value));
    case 4:
      return result(w.setUserId(id, a));
    case 5:
      return result(w.setFilter(id, a, b));
    case 6:
      return result(w.setBullet(id, a != 0));
    default:
      return fail(sat::Status::InvalidArgument, 1);
  }
}
/// io[kIoValue]: user id; returns the body type (0 static, 1 kinematic, 2 dynamic) or an error.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_body_info(int32_t h, uint32_t id) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  const sat::Status st = s->world->check(id);
  if (st != sat::Status::Ok) return fail(st);
  const uint32_t user = s->world->userId(id);
  std::memcpy(&gIo[kIoValue], &user, 4);
  return int32_t(s->world->type(id));
}

EMSCRIPTEN_KEEPALIVE int32_t sat_w3_set_push_apart(int32_t h, int enabled, int iterations, float slop) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  if (iterations < 1 || iterations > 64 || !(slop >= 0.0f && slop < 1.0e6f))
    return fail(sat::Status::InvalidArgument, 1);
  sat::PushApartOptions o;
  o.enabled = enabled != 0, o.iterations = iterations, o.slop = slop;
  s->world->setPushApart(o);
  return 0;
}

/// One frame: returns 0 or -(status of the first refused body); the frame block of io is filled either way.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_update(int32_t h) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  const sat::Status st = s->world->update();
  publishFrame(*s->world);
  return result(st);
}
/// Fills the frame block without updating (after createBody grew the transform buffer, for instance).
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_publish(int32_t h) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  publishFrame(*s->world);
  return 0;
}
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_validate(int32_t h) {
  WorldSlot* s = findWorld(h);
  return s ? (s->world->validate() ? 1 : 0) : fail(sat::Status::InvalidArgument);
}

/// Ray at io[kIoInExtra..] (origin xyz, translation xyz, maxFraction); mode 0 closest, 1 any, 2 all. Hits of
/// kRayHitWords words at io[kIoResult], their number returned.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_raycast(int32_t h, int mode, uint32_t group, uint32_t mask, int sensors) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  const float* r = ioF() + kIoInExtra;
  const sat::RayCastInput3 ray{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, r[6]};
  const sat::QueryFilter filter = filterOf(group, mask, sensors);
  if (s->hits.size() < 16) s->hits.resize(16);
  int n;
  if (mode == 0) {
    n = s->world->raycastClosest(ray, filter, s->hits.data()) ? 1 : 0;
  } else if (mode == 1) {
    n = s->world->raycastAny(ray, filter, s->hits.data()) ? 1 : 0;
  } else {
    n = s->world->raycastAll(ray, filter, s->hits.data(), int(s->hits.size()));
    if (n > int(s->hits.size())) {
      s->hits.resize(size_t(n));
      n = s->world->raycastAll(ray, filter, s->hits.data(), n);
    }
  }
  static_assert(sizeof(sat::RayHit3) == kRayHitWords * 4, "RayHit3 is read as kRayHitWords words");
  gIo[kIoResult] = address(s->hits.data()), gIo[kIoResultCount] = n;
  return n;
}
/// kind 0 point (io[kIoInExtra..] xyz), 1 box (lower xyz, upper xyz), 2 sphere (centre xyz, radius),
/// 3 shape (handle `shape`, transform at io[kIoIn..]). Ids at io[kIoResult], their number returned.
EMSCRIPTEN_KEEPALIVE int32_t sat_w3_query(int32_t h, int kind, int32_t shape, uint32_t group, uint32_t mask,
                                          int sensors) {
  WorldSlot* s = findWorld(h);
  if (!s) return fail(sat::Status::InvalidArgument);
  const sat::World3& w = *s->world;
  const float* e = ioF() + kIoInExtra;
  const sat::QueryFilter filter = filterOf(group, mask, sensors);
  const sat::Shape3* sh = nullptr;
  if (kind == 3 && !(sh = sat3dFindShape(shape))) return fail(sat::Status::InvalidArgument, 1);
  if (kind < 0 || kind > 3) return fail(sat::Status::InvalidArgument, 2);
  const sat::Transform3 xf = readTransform(ioF() + kIoIn);
  return collectIds(*s, [&](sat::BodyId* out, int capacity) {
    switch (kind) {
      case 0:
        return w.queryPoint({e[0], e[1], e[2]}, filter, out, capacity);
      case 1:
        return w.queryAABB({{e[0], e[1], e[2]}, {e[3], e[4], e[5]}}, filter, out, capacity);
      case 2:
        return w.querySphere({e[0], e[1], e[2]}, e[3], filter, out, capacity);
      default:
        return w.queryShape(*sh, xf, filter, out, capacity);
    }
  });
}

}  // extern "C"
