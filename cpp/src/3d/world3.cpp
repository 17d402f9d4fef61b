// World3: bodies, the pair cache and the frame's stages (sync -> broad phase -> narrow phase -> events).
#include <algorithm>
#include <cstring>

#include "../stage_clock.h"
#include "world3_internal.h"

namespace sat {

// ---- pair table ----------------------------------------------------------------------------------------------

size_t PairTable3::slotOf(uint64_t key) const {
  // Fibonacci hashing of the 64-bit key: consecutive ids spread over the table.
  const uint64_t h = key * 0x9E3779B97F4A7C15ull;
  return size_t(h >> 32) & (entries_.size() - 1);
}

int PairTable3::find(uint64_t key) const {
  if (entries_.empty()) return -1;
  for (size_t i = slotOf(key);; i = (i + 1) & (entries_.size() - 1)) {
    if (entries_[i].key == key) return int(entries_[i].value);
    if (entries_[i].key == 0) return -1;
  }
}

void PairTable3::grow() {
  std::vector<Entry> old;
  old.swap(entries_);
  entries_.assign(old.empty() ? 64 : 2 * old.size(), Entry{});
  count_ = 0;
  for (const Entry& e : old) {
    if (e.key != 0) insert(e.key, e.value);
  }
}

void PairTable3::insert(uint64_t key, uint32_t value) {
  if (2 * (count_ + 1) > int(entries_.size())) grow();  // load factor <= 1/2
  size_t i = slotOf(key);
  while (entries_[i].key != 0) i = (i + 1) & (entries_.size() - 1);
  entries_[i] = {key, value};
  ++count_;
}

void PairTable3::erase(uint64_t key) {
  if (entries_.empty()) return;
  const size_t m = entries_.size() - 1;
  size_t i = slotOf(key);
  while (entries_[i].key != key) {
    if (entries_[i].key == 0) return;
    i = (i + 1) & m;
  }
  // Backward shift: pull later entries of the probe run into the hole when their home slot allows it.
  size_t hole = i;
  for (size_t j = (i + 1) & m; entries_[j].key != 0; j = (j + 1) & m) {
    const size_t home = slotOf(entries_[j].key);
    const bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
    if (movable) {
      entries_[hole] = entries_[j];
      hole = j;
    }
  }
  entries_[hole] = Entry{};
  --count_;
}

// ---- bodies --------------------------------------------------------------------------------------------------

World3::World3(const World3Options& options) : impl_(new Impl) {
  impl_->options = options;
  impl_->bodies.resize(1);  // slot 0 is never used
  impl_->buffer.resize(kTransform3Stride);
  impl_->broad.configure(options.broadPhase == BroadPhase3Type::Grid, options.gridCellSize);
  if (options.capacity > 0) {
    const size_t n = size_t(options.capacity) + 1;
    impl_->bodies.reserve(n);
    impl_->buffer.reserve(n * kTransform3Stride);
    impl_->broad.reserve(options.capacity);
    impl_->pairs.reserve(n);
    impl_->requerySlots.reserve(n);
  }
}

World3::~World3() {
  delete impl_;
}

Status World3::Impl::lookup(BodyId id) const {
  const uint32_t slot = body3Slot(id);
  if (id == kNullBody || slot == 0 || slot >= bodies.size()) return kStatusUnknownBody;
  const Body3& b = bodies[slot];
  if (b.id == id) return Status::Ok;
  // Generations only grow: an id of this slot with an older generation was issued and destroyed.
  const uint32_t generation = id >> kBody3SlotBits;
  const bool issued =
      generation != 0 && (generation < b.generation || (b.id == kNullBody && generation <= b.generation));
  return issued ? kStatusRemovedBody : kStatusUnknownBody;
}

Body3* World3::Impl::find(BodyId id) {
  return lookup(id) == Status::Ok ? &bodies[body3Slot(id)] : nullptr;
}
const Body3* World3::Impl::find(BodyId id) const {
  return lookup(id) == Status::Ok ? &bodies[body3Slot(id)] : nullptr;
}

void World3::Impl::writeBuffer(uint32_t slot, const Transform3& xf) {
  float* f = &buffer[size_t(slot) * kTransform3Stride];
  const float v[kTransform3Stride] = {xf.p.x, xf.p.y, xf.p.z,     xf.q.x,     xf.q.y,
                                      xf.q.z, xf.q.w, xf.scale.x, xf.scale.y, xf.scale.z};
  std::memcpy(f, v, sizeof(v));
}

Transform3 World3::Impl::readBuffer(uint32_t slot) const {
  const float* f = &buffer[size_t(slot) * kTransform3Stride];
  return {{f[0], f[1], f[2]}, {f[3], f[4], f[5], f[6]}, {f[7], f[8], f[9]}};
}

// ---- bounds --------------------------------------------------------------------------------------------------

namespace {
/// Four floats in one register (SIMD128 in the WebAssembly SIMD build, SSE natively; plain floats elsewhere).
typedef float Lanes4 __attribute__((vector_size(16)));
inline Lanes4 lanesOf(Vec3 v) { return Lanes4{v.x, v.y, v.z, 0.0f}; }
}  // namespace

AABB3 hullBounds(const Hull3& hull, const Transform3& xf, const Mat3& r) {
  // Per vertex, as computeAABB: w = p + ((s.x * cx + s.y * cy) + s.z * cz) with s = scale * v, then the running
  // min / max as vmin / vmax pick them (a < b ? a : b). x, y, z go in three lanes of one register.
  const Lanes4 p = lanesOf(xf.p), cx = lanesOf(r.cx), cy = lanesOf(r.cy), cz = lanesOf(r.cz);
  const Vec3* v = hull.vertices();
  const int n = hull.vertexCount();
  auto place = [&](Vec3 local) {
    const Vec3 s = mulComponents(xf.scale, local);
    return p + ((s.x * cx + s.y * cy) + s.z * cz);
  };
  Lanes4 lo = place(v[0]), hi = lo;
  for (int i = 1; i < n; ++i) {
    const Lanes4 w = place(v[i]);
    lo = lo < w ? lo : w;
    hi = hi > w ? hi : w;
  }
  return {{lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}};
}

AABB3 shapeBounds(const Shape3& shape, const Transform3& xf, const Mat3& r) {
  return shape.type == ShapeType3::Hull ? hullBounds(shape.hull, xf, r) : computeAABB(shape, xf);
}

void World3::Impl::computeBounds(Body3& body) {
  const Mat3 r = toMat3(body.xf.q);
  for (size_t i = 0; i < body.shapes.size(); ++i) {
    BodyShape3& s = body.shapes[i];
    s.box = shapeBounds(s.shape, body.xf, r);
    body.box = i == 0 ? s.box : unionOf(body.box, s.box);
  }
}

AABB3 World3::Impl::fatten(const AABB3& box) const {
  const Vec3 half = 0.5f * (box.upper - box.lower);
  const float m = options.treeMargin * maxComponent(half);
  const Vec3 margin{m, m, m};
  return {box.lower - margin, box.upper + margin};
}

void World3::Impl::insertProxy(uint32_t slot) {
  Body3& b = bodies[slot];
  b.proxy = broad.createProxy(fatten(b.box), slot);
  b.requery = true;
}

void World3::Impl::removeProxy(Body3& body) {
  if (body.proxy == BroadPhase3::kNull) return;
  broad.destroyProxy(body.proxy);
  body.proxy = BroadPhase3::kNull;
}

bool World3::Impl::refreshProxy(uint32_t slot) {
  Body3& b = bodies[slot];
  if (b.proxy == BroadPhase3::kNull) return false;
  const AABB3& fat = broad.fatBox(b.proxy);
  if (contains(fat, b.box.lower) && contains(fat, b.box.upper)) return false;
  broad.moveProxy(b.proxy, fatten(b.box));
  b.requery = true;
  return true;
}

bool World3::Impl::shouldCollide(const Body3& a, const Body3& b) const {
  if (a.type == BodyType::Static && b.type == BodyType::Static) return false;
  return (a.group & b.mask) != 0 && (b.group & a.mask) != 0;
}

namespace {

bool isIdentity(Vec3 offset, Quat rotation) {
  return offset == Vec3{} && rotation.x == 0.0f && rotation.y == 0.0f && rotation.z == 0.0f && rotation.w == 1.0f;
}

// The shape as the body holds it: def's rotation and offset applied to its geometry. The makers validate it again,
// so a Shape3 filled by hand with bad values is refused here too.
Status placeShape(const ShapeDef3& def, Shape3* out) {
  if (!isInRange(def.offset) || !isValid(def.rotation)) return Status::InvalidTransform;
  auto place = [&def](Vec3 v) { return def.offset + rotate(def.rotation, v); };
  const Shape3& s = def.shape;
  switch (s.type) {
    case ShapeType3::Sphere: {
      Sphere sphere;
      const Status st = makeSphere(place(s.sphere.center), s.sphere.radius, &sphere);
      if (st == Status::Ok) *out = Shape3(sphere);
      return st;
    }
    case ShapeType3::Capsule: {
      Capsule3 c;
      const Status st = makeCapsule(place(s.capsule.center1), place(s.capsule.center2), s.capsule.radius, &c);
      if (st == Status::Ok) *out = Shape3(c);
      return st;
    }
    case ShapeType3::Box: {
      if (isIdentity(def.offset, def.rotation)) {
        Box3 box;
        const Status st = makeBox(s.box.halfExtents, &box);
        if (st == Status::Ok) *out = Shape3(box);
        return st;
      }
      Hull3 hull;
      const Status st = makeBoxHull(s.box.halfExtents, &hull, def.offset, def.rotation);
      if (st == Status::Ok) *out = Shape3(static_cast<Hull3&&>(hull));
      return st;
    }
    case ShapeType3::Hull: {
      const int n = s.hull.vertexCount();
      if (n < 4 || s.hull.faceCount() < 4) return Status::InvalidArgument;
      if (isIdentity(def.offset, def.rotation)) {
        *out = s;
        return Status::Ok;
      }
      std::vector<Vec3> points(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) points[size_t(i)] = place(s.hull.vertex(i));
      Hull3 hull;
      const Status st = makeHull(points.data(), n, &hull, kMaxHullVertices);
      if (st == Status::Ok) *out = Shape3(static_cast<Hull3&&>(hull));
      return st;
    }
  }
  return Status::InvalidArgument;
}

}  // namespace

Status World3::createBody(const BodyDef3& def, const ShapeDef3* shapes, int shapeCount, BodyId* out) {
  if (out == nullptr || shapes == nullptr || shapeCount < 1 || shapeCount > kMaxShapesPerBody3)
    return Status::InvalidArgument;
  if (def.type != BodyType::Static && def.type != BodyType::Kinematic && def.type != BodyType::Dynamic)
    return Status::InvalidArgument;
  if (!(std::isfinite(def.mass) && def.mass > 0.0f)) return Status::InvalidArgument;
  if (def.bullet && def.type == BodyType::Static) return Status::InvalidArgument;
  const Status xfStatus = checkTransform(def.transform);
  if (xfStatus != Status::Ok) return xfStatus;

  std::vector<BodyShape3> placed(static_cast<size_t>(shapeCount));
  for (int i = 0; i < shapeCount; ++i) {
    const Status st = placeShape(shapes[i], &placed[size_t(i)].shape);
    if (st != Status::Ok) return st;
  }

  Impl& w = *impl_;
  uint32_t slot;
  if (!w.freeSlots.empty()) {
    slot = w.freeSlots.back();
    w.freeSlots.pop_back();
  } else {
    if (w.bodies.size() > size_t(kMaxBodies)) return kStatusWorldFull;
    slot = uint32_t(w.bodies.size());
    w.bodies.emplace_back();
    w.buffer.resize(w.bodies.size() * kTransform3Stride);
    w.requerySlots.reserve(w.bodies.capacity());
    w.rejectedBodies.reserve(w.bodies.capacity());
  }
  Body3& b = w.bodies[slot];
  b.generation += 1;
  b.id = slot | (b.generation << kBody3SlotBits);
  b.type = def.type;
  b.userId = def.userId;
  b.group = def.group;
  b.mask = def.mask;
  b.sensor = def.sensor;
  b.enabled = def.enabled;
  b.bullet = def.bullet;
  b.teleport = false;
  b.placed = false;
  b.invMass = 1.0f / def.mass;
  b.xf = def.transform;
  b.prevXf = def.transform;
  b.shapes.swap(placed);
  b.changeStamp = ++w.stamp;
  b.proxy = BroadPhase3::kNull;
  b.requery = false;
  w.computeBounds(b);
  w.writeBuffer(slot, b.xf);
  if (b.enabled) w.insertProxy(slot);
  ++w.aliveCount;
  *out = b.id;
  return Status::Ok;
}

Status World3::createBody(const BodyDef3& def, const Shape3& shape, BodyId* out) {
  ShapeDef3 sd;
  sd.shape = shape;
  return createBody(def, &sd, 1, out);
}

Status World3::setShapes(BodyId id, const ShapeDef3* shapes, int shapeCount) {
  Impl& w = *impl_;
  Body3* b = w.find(id);
  if (b == nullptr) return w.lookup(id);
  if (shapes == nullptr || shapeCount < 1 || shapeCount > kMaxShapesPerBody3) return Status::InvalidArgument;
  std::vector<BodyShape3> placed(static_cast<size_t>(shapeCount));
  for (int i = 0; i < shapeCount; ++i) {
    const Status st = placeShape(shapes[i], &placed[size_t(i)].shape);
    if (st != Status::Ok) return st;
  }
  b->shapes.swap(placed);
  w.shapesChanged(body3Slot(id));
  return Status::Ok;
}

Status World3::rebuildHull(BodyId id, int shapeIndex, const Vec3* points, int count, int maxVertices) {
  Impl& w = *impl_;
  Body3* b = w.find(id);
  if (b == nullptr) return w.lookup(id);
  if (shapeIndex < 0 || size_t(shapeIndex) >= b->shapes.size()) return Status::InvalidArgument;
  Hull3 hull;
  const Status st = makeHull(points, count, &hull, maxVertices);
  if (st != Status::Ok) return st;
  b->shapes[size_t(shapeIndex)].shape = Shape3(static_cast<Hull3&&>(hull));
  w.shapesChanged(body3Slot(id));
  return Status::Ok;
}

void World3::Impl::shapesChanged(uint32_t slot) {
  Body3& b = bodies[slot];
  b.changeStamp = ++stamp;
  computeBounds(b);
  if (b.proxy != BroadPhase3::kNull) {
    broad.moveProxy(b.proxy, fatten(b.box));  // a shrunk shape gets a tight fat box again
    b.requery = true;
  }
  for (Pair3& p : pairs) {
    if (p.key == 0 || (p.a != b.id && p.b != b.id)) continue;
    releaseCaches(p.cacheFirst, p.cacheCount);
    p.cacheCount = uint32_t(bodies[body3Slot(p.a)].shapes.size() * bodies[body3Slot(p.b)].shapes.size());
    p.cacheFirst = allocateCaches(p.cacheCount);
    for (uint32_t i = 0; i < p.cacheCount; ++i) cachePool[p.cacheFirst + i] = SatCache3{};
    p.testStamp = 0;
  }
}

Status World3::destroyBody(BodyId id) {
  Impl& w = *impl_;
  Body3* b = w.find(id);
  if (b == nullptr) return w.lookup(id);
  w.removeProxy(*b);
  b->id = kNullBody;
  b->shapes.clear();
  b->shapes.shrink_to_fit();  // a destroyed body's geometry goes now, not when its slot is reused
  b->requery = false;
  --w.aliveCount;
  // A slot whose next generation would not fit in the id is retired: ids are never issued twice.
  if (b->generation + 1 < kGeneration3Limit) w.freeSlots.push_back(body3Slot(id));
  return Status::Ok;
}

Status World3::check(BodyId id) const {
  return impl_->lookup(id);
}
int World3::bodyCount() const {
  return impl_->aliveCount;
}

Status World3::setTransform(BodyId id, const Transform3& xf) { return setTransform(id, xf, false); }

Status World3::setTransform(BodyId id, const Transform3& xf, bool teleport) {
  Impl& w = *impl_;
  Body3* b = w.find(id);
  if (b == nullptr) return w.lookup(id);
  const Status st = checkTransform(xf);
  if (st != Status::Ok) return st;
  w.writeBuffer(body3Slot(id), xf);
  b->teleport = teleport;
  return Status::Ok;
}

Status World3::getTransform(BodyId id, Transform3* out) const {
  const Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  if (out == nullptr) return Status::InvalidArgument;
  *out = b->xf;
  return Status::Ok;
}

Status World3::setEnabled(BodyId id, bool enabled) {
  Impl& w = *impl_;
  Body3* b = w.find(id);
  if (b == nullptr) return w.lookup(id);
  if (b->enabled == enabled) return Status::Ok;
  b->enabled = enabled;
  if (enabled) {
    w.computeBounds(*b);
    w.insertProxy(body3Slot(id));
  } else {
    w.removeProxy(*b);
  }
  return Status::Ok;
}

Status World3::setFilter(BodyId id, uint32_t group, uint32_t mask) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  b->group = group;
  b->mask = mask;
  b->requery = b->proxy != BroadPhase3::kNull;  // pairs the old filter refused may pass now
  return Status::Ok;
}

Status World3::setSensor(BodyId id, bool sensor) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  b->sensor = sensor;
  return Status::Ok;
}

Status World3::setBullet(BodyId id, bool bullet) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  if (bullet && b->type == BodyType::Static) return Status::InvalidArgument;
  b->bullet = bullet;
  return Status::Ok;
}

Status World3::setType(BodyId id, BodyType type) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  if (type != BodyType::Static && type != BodyType::Kinematic && type != BodyType::Dynamic)
    return Status::InvalidArgument;
  if (type == BodyType::Static) b->bullet = false;
  b->type = type;
  b->requery = b->proxy != BroadPhase3::kNull;
  return Status::Ok;
}

Status World3::setMass(BodyId id, float mass) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  if (!(std::isfinite(mass) && mass > 0.0f)) return Status::InvalidArgument;
  b->invMass = 1.0f / mass;
  return Status::Ok;
}

Status World3::setUserId(BodyId id, uint32_t userId) {
  Body3* b = impl_->find(id);
  if (b == nullptr) return impl_->lookup(id);
  b->userId = userId;
  return Status::Ok;
}

uint32_t World3::userId(BodyId id) const {
  const Body3* b = impl_->find(id);
  return b ? b->userId : 0u;
}
BodyType World3::type(BodyId id) const {
  const Body3* b = impl_->find(id);
  return b ? b->type : BodyType::Static;
}
int World3::shapeCount(BodyId id) const {
  const Body3* b = impl_->find(id);
  return b ? int(b->shapes.size()) : 0;
}
const Shape3* World3::shape(BodyId id, int i) const {
  const Body3* b = impl_->find(id);
  if (b == nullptr || i < 0 || i >= int(b->shapes.size())) return nullptr;
  return &b->shapes[size_t(i)].shape;
}
bool World3::bounds(BodyId id, AABB3* out) const {
  const Body3* b = impl_->find(id);
  if (b == nullptr || out == nullptr) return false;
  *out = b->box;
  return true;
}

float* World3::transformBuffer() {
  return impl_->buffer.data();
}
int World3::transformCapacity() const {
  return int(impl_->bodies.size());
}
void World3::setPushApart(const PushApartOptions& options) {
  impl_->push = options;
}
const UpdateStats3& World3::stats() const {
  return impl_->stats;
}
const BodyPair* World3::beginEvents() const {
  return impl_->begins.data();
}
int World3::beginCount() const {
  return int(impl_->begins.size());
}
const BodyPair* World3::stayEvents() const {
  return impl_->stays.data();
}
int World3::stayCount() const {
  return int(impl_->stays.size());
}
const BodyPair* World3::endEvents() const {
  return impl_->ends.data();
}
int World3::endCount() const {
  return int(impl_->ends.size());
}
const Contact3* World3::contacts() const {
  return impl_->contacts.data();
}
int World3::contactCount() const {
  return int(impl_->contacts.size());
}
const RejectedBody3* World3::rejected() const {
  return impl_->rejectedBodies.data();
}
int World3::rejectedCount() const {
  return int(impl_->rejectedBodies.size());
}

// ---- the frame -----------------------------------------------------------------------------------------------


Status World3::update() {
  Impl& w = *impl_;
  w.stats = UpdateStats3{};
  detail::StageClock clock(w.options.timeStages);
  w.syncTransforms();
  w.stats.syncMs = clock.lap();
  w.sweepBullets();
  w.stats.ccdMs = clock.lap();
  w.updateBroadPhase();
  w.stats.broadMs = clock.lap();
  w.runNarrowPhase();
  w.stats.narrowMs = clock.lap();
  w.emitEvents();
  w.stats.eventsMs = clock.lap();
  if (w.push.enabled) {
    w.pushApart();
    w.stats.pushMs = clock.lap();
  }
  w.stats.rejected = int(w.rejectedBodies.size());
  return w.rejectedBodies.empty() ? Status::Ok : w.rejectedBodies.front().status;
}

// Takes every changed buffer entry: valid ones become the body's transform (new bounds, proxy re-inserted when it
// left its fat box), invalid ones are put back and reported. Also collects the broad phase's move buffer, in slot
// order so that pairs are made in the same order on every run.
void World3::Impl::syncTransforms() {
  rejectedBodies.clear();
  requerySlots.clear();
  movedBullets.clear();
  for (uint32_t slot = 1; slot < bodies.size(); ++slot) {
    Body3& b = bodies[slot];
    if (b.id == kNullBody) continue;
    const Transform3 xf = readBuffer(slot);
    if (std::memcmp(&xf, &b.xf, sizeof(Transform3)) != 0) {
      const Status st = checkTransform(xf);
      if (st != Status::Ok) {
        rejectedBodies.push_back({b.id, st});
        writeBuffer(slot, b.xf);
      } else {
        if (b.bullet && !b.teleport) movedBullets.push_back(slot);  // sweepBullet marks it placed
        b.prevXf = b.xf;
        b.xf = xf;
        b.changeStamp = ++stamp;
        computeBounds(b);
        ++stats.movedBodies;
        if (refreshProxy(slot)) ++stats.reinserted;
      }
    }
    if (movedBullets.empty() || movedBullets.back() != slot) b.placed = true;
    b.teleport = false;
    if (b.requery) requerySlots.push_back(slot);
  }
}

// New pairs can only appear around proxies that moved in the tree (or were added or refiltered): query the tree
// with each of their fat boxes.
void World3::Impl::updateBroadPhase() {
  for (uint32_t slot : requerySlots) {
    Body3& b = bodies[slot];
    b.requery = false;
    if (b.proxy == BroadPhase3::kNull) continue;
    broad.query(broad.fatBox(b.proxy), [&](int proxy) {
      const uint32_t other = broad.userData(proxy);
      if (other != slot && shouldCollide(b, bodies[other])) addPair(slot, other);
      return true;
    });
  }
  stats.candidatePairs = pairTable.size();
}

World3::Impl::Impl() {
  for (uint32_t& head : freeCacheHeads) head = kNoBlock;
}

uint32_t World3::Impl::link(uint32_t entry) const {
  const SatCache3& c = cachePool[entry];
  return uint32_t(c.indexA) | (uint32_t(c.indexB) << 16);
}

void World3::Impl::setLink(uint32_t entry, uint32_t value) {
  cachePool[entry].indexA = uint16_t(value & 0xFFFFu);
  cachePool[entry].indexB = uint16_t(value >> 16);
}

uint32_t World3::Impl::allocateCaches(uint32_t count) {
  if (count < uint32_t(kCacheBuckets)) {
    const uint32_t first = freeCacheHeads[count];
    if (first != kNoBlock) {
      freeCacheHeads[count] = link(first);
      return first;
    }
  } else {
    for (uint32_t prev = kNoBlock, block = freeLargeCacheHead; block != kNoBlock; prev = block, block = link(block)) {
      if (link(block + 1) != count) continue;
      if (prev == kNoBlock) {
        freeLargeCacheHead = link(block);
      } else {
        setLink(prev, link(block));
      }
      return block;
    }
  }
  const uint32_t first = uint32_t(cachePool.size());
  cachePool.resize(cachePool.size() + count);
  return first;
}

void World3::Impl::releaseCaches(uint32_t first, uint32_t count) {
  if (count < uint32_t(kCacheBuckets)) {
    setLink(first, freeCacheHeads[count]);
    freeCacheHeads[count] = first;
  } else {
    setLink(first, freeLargeCacheHead);
    setLink(first + 1, count);
    freeLargeCacheHead = first;
  }
}

// Every array whose length is bounded by the number of pairs grows with the pair pool, so that once the pair count
// has reached its high-water mark no frame allocates, whatever the mix of begins, stays and ends.
void World3::Impl::reservePairArrays(size_t count) {
  pairs.reserve(count);
  freePairs.reserve(count);
  begins.reserve(count);
  stays.reserve(count);
  ends.reserve(count);
  contacts.reserve(count);
}

void World3::Impl::addPair(uint32_t slotA, uint32_t slotB) {
  if (slotA > slotB) std::swap(slotA, slotB);
  const Body3& a = bodies[slotA];
  const Body3& b = bodies[slotB];
  const uint64_t key = pairKey(a.id, b.id);
  if (pairTable.find(key) >= 0) return;
  uint32_t index;
  if (!freePairs.empty()) {
    index = freePairs.back();
    freePairs.pop_back();
  } else {
    if (pairs.size() == pairs.capacity()) reservePairArrays(pairs.empty() ? 64 : 2 * pairs.size());
    index = uint32_t(pairs.size());
    pairs.emplace_back();
  }
  Pair3& p = pairs[index];
  p = Pair3{};
  p.key = key;
  p.a = a.id;
  p.b = b.id;
  p.cacheCount = uint32_t(a.shapes.size() * b.shapes.size());
  p.cacheFirst = allocateCaches(p.cacheCount);
  for (uint32_t i = 0; i < p.cacheCount; ++i) cachePool[p.cacheFirst + i] = SatCache3{};
  pairTable.insert(key, index);
}

// Each cached pair: dropped when a body left (destroyed, disabled), the filter now refuses it or the fat boxes
// parted; otherwise collided again when either body changed since its last test.
void World3::Impl::runNarrowPhase() {
  for (Pair3& p : pairs) {
    if (p.key == 0) continue;
    const Body3& a = bodies[body3Slot(p.a)];
    const Body3& b = bodies[body3Slot(p.b)];
    const bool present = a.id == p.a && b.id == p.b && a.proxy != BroadPhase3::kNull && b.proxy != BroadPhase3::kNull;
    if (!present || !shouldCollide(a, b) || !overlaps(broad.fatBox(a.proxy), broad.fatBox(b.proxy))) {
      p.remove = true;
      p.touchingNow = false;
      continue;
    }
    if (p.testStamp != 0 && a.changeStamp <= p.testStamp && b.changeStamp <= p.testStamp) {
      p.touchingNow = p.touching;
      continue;
    }
    collidePair(p, a, b);
    p.swept = !p.touchingNow && !sweeps.empty() && applySweep(p);
    p.testStamp = p.swept ? 0 : stamp;  // a swept verdict is not the narrow phase's: test the pair again next time
  }
}

// Every shape pair whose world boxes overlap; the deepest touching one is the pair's manifold.
void World3::Impl::collidePair(Pair3& pair, const Body3& a, const Body3& b) {
  pair.touchingNow = false;
  float best = 0.0f;
  const size_t nb = b.shapes.size();
  for (size_t i = 0; i < a.shapes.size(); ++i) {
    for (size_t j = 0; j < nb; ++j) {
      if (!overlaps(a.shapes[i].box, b.shapes[j].box)) continue;
      ++stats.narrowTests;
      SatCache3* cache = &cachePool[pair.cacheFirst + i * nb + j];
      const Manifold3 m = collide(a.shapes[i].shape, a.xf, b.shapes[j].shape, b.xf, cache);
      if (m.pointCount == 0) continue;
      if (!pair.touchingNow || m.depth > best) {
        pair.touchingNow = true;
        best = m.depth;
        pair.manifold = m;
        pair.shapeA = uint16_t(i);
        pair.shapeB = uint16_t(j);
      }
    }
  }
}

void World3::Impl::freePair(uint32_t index) {
  Pair3& p = pairs[index];
  pairTable.erase(p.key);
  releaseCaches(p.cacheFirst, p.cacheCount);
  p.key = 0;
  freePairs.push_back(index);
}

// begin / stay / end from each pair's previous and new verdicts, in pair order; a contact per touching pair.
void World3::Impl::emitEvents() {
  begins.clear();
  stays.clear();
  ends.clear();
  contacts.clear();
  for (uint32_t index = 0; index < pairs.size(); ++index) {
    Pair3& p = pairs[index];
    if (p.key == 0) continue;
    const BodyPair ids{p.a, p.b};
    if (p.touching && !p.touchingNow) ends.push_back(ids);
    if (p.touchingNow) {
      (p.touching ? stays : begins).push_back(ids);
      Contact3 c;
      c.a = p.a;
      c.b = p.b;
      c.normal = p.manifold.normal;
      c.depth = p.manifold.depth;
      c.pointCount = uint8_t(p.manifold.pointCount);
      const Body3& a = bodies[body3Slot(p.a)];
      const Body3& b = bodies[body3Slot(p.b)];
      c.flags = uint8_t((p.touching ? 0u : kContactBegan) | (a.sensor || b.sensor ? kContactSensor : 0u) |
                        (p.swept ? kContactSwept : 0u));
      c.shapeA = p.shapeA;
      c.shapeB = p.shapeB;
      for (int k = 0; k < 4; ++k) c.points[k] = p.manifold.points[k];
      contacts.push_back(c);
    }
    p.touching = p.touchingNow;
    if (p.remove) freePair(index);
  }
  stats.touchingPairs = int(contacts.size());
}

bool World3::validate() const {
  const Impl& w = *impl_;
  if (!w.broad.validate()) return false;
  int proxies = 0, alive = 0;
  for (uint32_t slot = 1; slot < w.bodies.size(); ++slot) {
    const Body3& b = w.bodies[slot];
    if (b.id == kNullBody) {
      if (b.proxy != BroadPhase3::kNull) return false;
      continue;
    }
    ++alive;
    if (body3Slot(b.id) != slot || (b.proxy != BroadPhase3::kNull) != b.enabled) return false;
    if (b.proxy == BroadPhase3::kNull) continue;
    ++proxies;
    const AABB3& fat = w.broad.fatBox(b.proxy);
    if (w.broad.userData(b.proxy) != slot || !contains(fat, b.box.lower) || !contains(fat, b.box.upper)) return false;
  }
  if (proxies != w.broad.proxyCount() || alive != w.aliveCount) return false;
  int livePairs = 0;
  for (uint32_t i = 0; i < w.pairs.size(); ++i) {
    const Pair3& p = w.pairs[i];
    if (p.key == 0) continue;
    ++livePairs;
    if (w.pairTable.find(p.key) != int(i) || body3Slot(p.a) >= body3Slot(p.b)) return false;
  }
  return livePairs == w.pairTable.size();
}

}  // namespace sat
