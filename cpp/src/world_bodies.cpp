// The world's bodies: creating and destroying the world and its bodies, shape edits, the per-body setters and
// readers, and the checks of its bookkeeping (validate, memory). The frame that moves them is world.cpp.
//
// Per body change, not per frame: the WebAssembly build compiles this file for size (bindings/CMakeLists.txt).
#include <cmath>

#include "sat/decompose.h"
#include "growth.h"
#include "world_internal.h"

namespace sat {

using detail::BodyHot;
using detail::Pair;
using detail::ShapeHot;

namespace {

// The core's rule: any unusable transform (non-finite, out of range, collapsed) is InvalidTransform.
Status checkValues(float x, float y, float angle, float sx, float sy) {
  if (!std::isfinite(angle)) return Status::InvalidTransform;
  return checkTransform(makeTransform(x, y, angle, sx, sy));
}

// A shape moved into the body frame by a rigid offset (offsets are baked in at creation, so every shape of a body
// shares the body's transform and non-uniform scale never meets a rotated offset).
Status bakeShape(const ShapeDef& def, Shape* out) {
  if (!isValid(def.offset) || !isValid(def.angle)) return Status::NonFinite;
  if (!isInRange(def.offset)) return Status::OutOfRange;
  const bool identity = def.offset.x == 0.0f && def.offset.y == 0.0f && def.angle == 0.0f;
  const Transform t = makeTransform(def.offset.x, def.offset.y, def.angle);
  switch (def.shape.type) {
    case ShapeType::Circle: {
      Circle c;
      Status s = makeCircle(identity ? def.shape.circle.center : transformPoint(t, def.shape.circle.center),
                            def.shape.circle.radius, &c);
      if (s != Status::Ok) return s;
      *out = Shape(c);
      return Status::Ok;
    }
    case ShapeType::Capsule: {
      Capsule c;
      const Capsule& in = def.shape.capsule;
      Status s = identity ? makeCapsule(in.center1, in.center2, in.radius, &c)
                          : makeCapsule(transformPoint(t, in.center1), transformPoint(t, in.center2), in.radius, &c);
      if (s != Status::Ok) return s;
      *out = Shape(c);
      return Status::Ok;
    }
    case ShapeType::Segment: {
      Segment g;
      const Segment& in = def.shape.segment;
      Status s = identity ? makeSegment(in.point1, in.point2, &g)
                          : makeSegment(transformPoint(t, in.point1), transformPoint(t, in.point2), &g);
      if (s != Status::Ok) return s;
      *out = Shape(g);
      return Status::Ok;
    }
    case ShapeType::ChainSegment: {
      ChainSegment c = def.shape.chain;
      if (!identity) {
        c.segment.point1 = transformPoint(t, c.segment.point1);
        c.segment.point2 = transformPoint(t, c.segment.point2);
        c.ghost1 = transformPoint(t, c.ghost1);
        c.ghost2 = transformPoint(t, c.ghost2);
      }
      Segment g;  // the segment's own checks; the ghosts were checked with the chain
      Status s = makeSegment(c.segment.point1, c.segment.point2, &g);
      if (s != Status::Ok) return s;
      if (!isValid(c.ghost1) || !isValid(c.ghost2)) return Status::NonFinite;
      *out = Shape(c);
      return Status::Ok;
    }
    case ShapeType::Polygon: {
      const Polygon& p = def.shape.polygon;
      if (p.count() < 3) return Status::InvalidArgument;  // not made by a maker
      if (identity) {
        *out = Shape(p);
        return Status::Ok;
      }
      Vec2 pts[kMaxPolygonVertices];
      for (int i = 0; i < p.count(); ++i) pts[i] = transformPoint(t, p.vertex(i));
      Polygon moved;
      Status s = makePolygon(pts, p.count(), &moved);
      if (s != Status::Ok) return s;
      *out = Shape(static_cast<Polygon&&>(moved));
      return Status::Ok;
    }
  }
  return Status::InvalidArgument;
}

}  // namespace

// ---- World -------------------------------------------------------------------------------------------------------

World::World(const WorldOptions& options) : impl_(new Impl) {
  impl_->options = options;
  if (!(impl_->options.treeMargin >= 0.0f) || !std::isfinite(impl_->options.treeMargin)) {
    impl_->options.treeMargin = 0.25f;
  }
  if (!(impl_->options.gridCellSize >= 0.0f) || !std::isfinite(impl_->options.gridCellSize)) {
    impl_->options.gridCellSize = 0.0f;
  }
  if (options.capacity > 0) {
    // Every per-slot array at the expected count (grown one by one, each would end up to twice that), and room
    // for two pairs per body (a dense game scene has about two overlaps per body; more grows). Contacts grow with
    // the scene (growth.h).
    Impl& w = *impl_;
    const size_t n = size_t(options.capacity < kMaxBodies ? options.capacity : kMaxBodies);
    w.hot.reserve(n);
    w.buffer.reserve(n * kTransformStride);
    w.lastAngle.reserve(n);
    w.xf.reserve(n);
    w.proxy.reserve(n);
    w.userIds.reserve(n);
    w.mass.reserve(n);
    w.invMass.reserve(n);
    w.sweptOf.reserve(n);
    w.shapeHot.reserve(n);
    w.shapeUserData.reserve(n);
    w.pairs.reserve(2 * n);
    w.nextPairs.reserve(2 * n);
    w.candidates.reserve(2 * n);
  }
}

World::~World() { delete impl_; }

Status World::createBody(const BodyDef& def, const Shape& shape, BodyId* out) {
  ShapeDef sd;
  sd.shape = shape;
  return createBody(def, &sd, 1, out);
}

// ---- body creation and shape edits, in stages ---------------------------------------------------------------------

namespace {

Status checkBodyDef(const BodyDef& def) {
  if (uint8_t(def.type) > uint8_t(BodyType::Dynamic)) return Status::InvalidArgument;
  Status s = checkValues(def.x, def.y, def.angle, def.scaleX, def.scaleY);
  if (s != Status::Ok) return s;
  if (def.type == BodyType::Dynamic && !(std::isfinite(def.mass) && def.mass > 0.0f)) return Status::InvalidArgument;
  return Status::Ok;
}

}  // namespace

namespace {
// Entries of the world-space vertex pool that these shapes take: each polygon's vertices, then its normals.
size_t poolEntries(const std::vector<Shape>& shapes) {
  size_t n = 0;
  for (const Shape& s : shapes) n += s.type == ShapeType::Polygon ? 2 * size_t(s.polygon.count()) : 0;
  return n;
}
}  // namespace

// Every shape moved into the body frame first: a refused shape leaves the world untouched.
Status World::Impl::bakeShapes(const ShapeDef* defs, int count, std::vector<Shape>* baked) const {
  if (defs == nullptr || count <= 0 || count > 0xFFFF) return Status::InvalidArgument;
  baked->resize(size_t(count));
  for (int i = 0; i < count; ++i) {
    Status s = bakeShape(defs[i], &(*baked)[size_t(i)]);
    if (s != Status::Ok) return s;
  }
  if (shapeHot.size() + size_t(count) > 0x7FFFFFFFu || verts.size() + poolEntries(*baked) > 0x7FFFFFFFu) {
    return kStatusWorldFull;
  }
  return Status::Ok;
}

// Moves the live bodies' shapes to the front of the pools when destroyed or replaced shapes left more holes than
// live data.
void World::Impl::compactShapePools() {
  const size_t shapeCount = shapeHot.size();
  if (!((deadShapes > 64 && 2 * deadShapes > shapeCount) || (deadVerts > 4096 && 2 * deadVerts > verts.size()))) {
    return;
  }
  std::vector<ShapeHot> hot2;
  std::vector<detail::PartBounds> bounds2;
  std::vector<uint32_t> user2;
  std::vector<detail::LocalPolygon> polygons2;
  std::vector<Shape> small2;
  std::vector<Vec2> local2, verts2;
  hot2.reserve(shapeCount - deadShapes);
  user2.reserve(shapeCount - deadShapes);
  for (uint32_t slot = 0; slot < slotCount; ++slot) {
    BodyHot& h = hot[slot];
    if (!(h.flags & detail::kAlive)) continue;
    const uint32_t begin = uint32_t(hot2.size());
    for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
      ShapeHot sh = shapeHot[k];
      if (h.shapeCount > 1) {
        bounds2.push_back(partBounds[sh.bounds]);
        sh.bounds = uint32_t(bounds2.size() - 1);
      }
      if (sh.count > 0) {
        const uint32_t v = uint32_t(verts2.size());
        verts2.insert(verts2.end(), verts.begin() + sh.vert, verts.begin() + sh.vert + 2 * sh.count);
        local2.insert(local2.end(), localVerts.begin() + sh.vert, localVerts.begin() + sh.vert + 2 * sh.count);
        sh.vert = v;
        polygons2.push_back(localPolygons[sh.local]);
        sh.local = uint32_t(polygons2.size() - 1);
      } else {
        small2.push_back(static_cast<Shape&&>(smallShapes[sh.local]));
        sh.local = uint32_t(small2.size() - 1);
      }
      hot2.push_back(sh);
      user2.push_back(shapeUserData[k]);
    }
    h.shapeBegin = begin;
    if (h.shapeCount > 0) h.vert0 = hot2[begin].vert;
  }
  shapeHot.swap(hot2);
  partBounds.swap(bounds2);
  shapeUserData.swap(user2);
  localPolygons.swap(polygons2);
  smallShapes.swap(small2);
  localVerts.swap(local2);
  verts.swap(verts2);
  deadShapes = 0;
  deadVerts = 0;
}

// A free slot (a destroyed body's, once its pairs have ended) or a new one at the end of every per-slot array.
uint32_t World::Impl::allocateSlot() {
  if (!freeSlots.empty()) {
    const uint32_t slot = freeSlots.back();
    freeSlots.pop_back();
    return slot;
  }
  const uint32_t slot = slotCount++;
  hot.emplace_back();
  buffer.resize(size_t(slotCount) * kTransformStride, 0.0f);
  xf.emplace_back();
  lastAngle.push_back(0.0f);
  proxy.push_back(-1);
  userIds.push_back(0);
  mass.push_back(1.0f);
  invMass.push_back(0.0f);
  sweptOf.push_back(-1);
  return slot;
}

// The body's record from its definition (everything but shapes and geometry), under a new id.
void World::Impl::initBody(uint32_t slot, const BodyDef& def) {
  BodyHot& h = hot[slot];
  h = BodyHot{};
  h.id = ++lastId;
  slotOfId.insert(lastId, slot);
  h.group = def.group;
  h.mask = def.mask;
  h.type = def.type;
  h.flags = detail::kAlive | detail::kDirty | detail::kNew;
  created.push_back(slot);
  if (def.enabled) h.flags |= detail::kEnabled;
  if (def.sensor) h.flags |= detail::kSensor;
  if (def.bullet && def.type != BodyType::Static) h.flags |= detail::kBullet;
  userIds[slot] = def.userId;
  mass[slot] = std::isfinite(def.mass) && def.mass > 0.0f ? def.mass : 1.0f;
  invMass[slot] = def.type == BodyType::Dynamic ? 1.0f / def.mass : 0.0f;
  xf[slot] = makeTransform(def.x, def.y, def.angle, def.scaleX, def.scaleY);
  setBufferFromXf(slot, xf[slot], def.angle);
  proxy[slot] = -1;
}

// Appends the body's shapes at the end of the pools (its world geometry is computed by computeGeometry).
void World::Impl::appendShapes(uint32_t slot, std::vector<Shape>& baked, const ShapeDef* defs) {
  BodyHot& h = hot[slot];
  h.shapeBegin = uint32_t(shapeHot.size());
  h.shapeCount = uint16_t(baked.size());
  const size_t entries = poolEntries(baked);
  size_t polygonCount = 0;
  for (const Shape& s : baked) polygonCount += s.type == ShapeType::Polygon ? 1 : 0;
  detail::reserveMore(verts, entries);
  detail::reserveMore(localVerts, entries);
  detail::reserveMore(localPolygons, polygonCount);
  detail::reserveMore(smallShapes, baked.size() - polygonCount);
  detail::reserveMore(shapeHot, baked.size());
  detail::reserveMore(shapeUserData, baked.size());
  if (baked.size() > 1) detail::reserveMore(partBounds, baked.size());
  for (size_t i = 0; i < baked.size(); ++i) {
    ShapeHot sh;
    if (baked.size() > 1) {
      sh.bounds = uint32_t(partBounds.size());
      partBounds.emplace_back();
    }
    sh.type = uint8_t(baked[i].type);
    sh.localSize = detail::scaledSize(baked[i], detail::Stretch{});  // collide()'s size, not the distance from the origin
    if (baked[i].type == ShapeType::Polygon) {
      const Polygon& poly = baked[i].polygon;
      sh.count = uint16_t(poly.count());
      sh.vert = uint32_t(verts.size());
      sh.local = uint32_t(localPolygons.size());
      verts.resize(verts.size() + 2 * size_t(sh.count));
      localVerts.insert(localVerts.end(), poly.vertices(), poly.vertices() + 2 * poly.count());  // then the normals
      localPolygons.push_back(detail::PolygonAccess::local(poly));
    } else {
      sh.local = uint32_t(smallShapes.size());
      smallShapes.push_back(static_cast<Shape&&>(baked[i]));
    }
    shapeHot.push_back(sh);
    shapeUserData.push_back(defs[i].userData);
  }
}

// Marks the body's shapes as holes in the pools (compactShapePools reclaims them) and leaves it with none.
void World::Impl::retireShapes(uint32_t slot) {
  BodyHot& h = hot[slot];
  for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
    deadVerts += 2 * size_t(shapeHot[k].count);  // vertices and normals
  }
  deadShapes += h.shapeCount;
  h.shapeCount = 0;
}

Status World::createBody(const BodyDef& def, const ShapeDef* shapeDefs, int shapeCount, BodyId* out) {
  Impl& w = *impl_;
  if (out == nullptr) return Status::InvalidArgument;
  *out = kNullBody;
  // missing arguments before bad values: no shapes is InvalidArgument whatever the definition holds
  if (shapeDefs == nullptr || shapeCount <= 0) return Status::InvalidArgument;
  Status s = checkBodyDef(def);
  if (s != Status::Ok) return s;
  std::vector<Shape> baked;
  s = w.bakeShapes(shapeDefs, shapeCount, &baked);
  if (s != Status::Ok) return s;
  if ((w.freeSlots.empty() && w.slotCount >= uint32_t(kMaxBodies)) || w.lastId == kMaxBodyId) return kStatusWorldFull;
  w.compactShapePools();
  const uint32_t slot = w.allocateSlot();
  w.initBody(slot, def);
  w.appendShapes(slot, baked, shapeDefs);
  w.computeGeometry(slot);
  if (def.enabled) w.addProxy(slot);
  ++w.aliveCount;
  *out = w.idOf(slot);
  return Status::Ok;
}

Status World::createConcaveBody(const BodyDef& def, const Vec2* outline, int count, BodyId* out) {
  if (out == nullptr) return Status::InvalidArgument;
  *out = kNullBody;
  std::vector<Polygon> parts;
  Status s = decompose(outline, count, &parts);
  if (s != Status::Ok) return s;
  if (parts.size() > 0xFFFF) return kStatusWorldFull;
  std::vector<ShapeDef> defs(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) defs[i].shape = Shape(static_cast<Polygon&&>(parts[i]));
  return createBody(def, defs.data(), int(defs.size()), out);
}

Status World::createChainBody(const BodyDef& def, const Vec2* points, int count, bool loop, bool oneSided,
                              BodyId* out) {
  if (out == nullptr) return Status::InvalidArgument;
  *out = kNullBody;
  if (points == nullptr || count < 0) return Status::InvalidArgument;
  if (count < (loop ? 3 : 2)) return Status::TooFewPoints;
  if (count > kMaxChainPoints) return Status::TooManyPoints;
  std::vector<ChainSegment> segments(size_t(chainSegmentCount(count, loop)));
  Status s = makeChain(points, count, loop, oneSided, segments.data());
  if (s != Status::Ok) return s;
  std::vector<ShapeDef> defs(segments.size());
  for (size_t i = 0; i < segments.size(); ++i) defs[i].shape = Shape(segments[i]);
  return createBody(def, defs.data(), int(defs.size()), out);
}

Status World::destroyBody(BodyId id) {
  Impl& w = *impl_;
  uint32_t slot;
  Status s = w.findBody(id, &slot);
  if (s != Status::Ok) return s;
  w.removeProxy(slot);
  w.retireShapes(slot);
  w.hot[slot].flags = 0;
  w.slotOfId.erase(id);
  w.pendingFree.push_back(slot);
  w.membershipChanged = true;
  --w.aliveCount;
  return Status::Ok;
}

// Re-registers an edited body in the broad phase under its new box or type and has its pairs re-tested at the next
// update() (without a sweep: an edit is not a motion). Touching pairs stay touching if they still touch: a stay,
// not an end and a begin. The pairs' SAT caches name features of the old shapes, so they are cleared.
void World::Impl::refreshAfterEdit(uint32_t slot, bool shapesChanged) {
  if (hot[slot].flags & detail::kEnabled) {
    removeProxy(slot);
    addProxy(slot);
  }
  hot[slot].flags |= detail::kDirty;
  if (!shapesChanged) return;
  for (detail::Pair& p : pairs) {
    if (p.a == slot || p.b == slot) p.cache = SatCache{};
  }
}

Status World::setShapes(BodyId id, const ShapeDef* shapeDefs, int shapeCount) {
  Impl& w = *impl_;
  uint32_t slot;
  Status s = w.findBody(id, &slot);
  if (s != Status::Ok) return s;
  std::vector<Shape> baked;
  s = w.bakeShapes(shapeDefs, shapeCount, &baked);
  if (s != Status::Ok) return s;
  w.retireShapes(slot);
  w.compactShapePools();
  w.appendShapes(slot, baked, shapeDefs);
  w.computeGeometry(slot);
  w.refreshAfterEdit(slot, true);
  return Status::Ok;
}

Status World::setType(BodyId id, BodyType type) {
  Impl& w = *impl_;
  uint32_t slot;
  Status s = w.findBody(id, &slot);
  if (s != Status::Ok) return s;
  if (uint8_t(type) > uint8_t(BodyType::Dynamic)) return Status::InvalidArgument;
  BodyHot& h = w.hot[slot];
  if (h.type == type) return Status::Ok;
  const bool enabled = (h.flags & detail::kEnabled) != 0;
  if (enabled) w.removeProxy(slot);  // from the structure of its old type
  h.type = type;
  if (type == BodyType::Static) h.flags &= uint8_t(~detail::kBullet);
  w.invMass[slot] = type == BodyType::Dynamic ? 1.0f / w.mass[slot] : 0.0f;
  if (enabled) w.addProxy(slot);
  h.flags |= detail::kDirty;
  return Status::Ok;
}

Status World::setScale(BodyId id, float scaleX, float scaleY) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  const float* b = &impl_->buffer[size_t(slot) * kTransformStride];
  return setTransform(id, b[0], b[1], b[2], scaleX, scaleY);
}

uint32_t World::shapeUserData(BodyId id, int shape) const {
  uint32_t slot;
  if (impl_->findBody(id, &slot) != Status::Ok) return 0u;
  const detail::BodyHot& h = impl_->hot[slot];
  if (shape < 0 || shape >= int(h.shapeCount)) return 0u;
  return impl_->shapeUserData[h.shapeBegin + uint32_t(shape)];
}

Status World::check(BodyId id) const { return impl_->checkId(id); }
int World::bodyCount() const { return impl_->aliveCount; }

int World::slotOf(BodyId id) const {
  uint32_t slot;
  return impl_->findBody(id, &slot) == Status::Ok ? int(slot) : -1;
}

Status World::setTransform(BodyId id, float x, float y, float angle, float scaleX, float scaleY, bool teleport) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  s = checkValues(x, y, angle, scaleX, scaleY);
  if (s != Status::Ok) return s;
  BodyHot& h = impl_->hot[slot];
  h.flags = teleport ? uint8_t(h.flags | detail::kTeleport) : uint8_t(h.flags & ~detail::kTeleport);
  float* b = &impl_->buffer[size_t(slot) * kTransformStride];
  b[0] = x;
  b[1] = y;
  b[2] = angle;
  b[3] = scaleX;
  b[4] = scaleY;
  return Status::Ok;
}

Status World::setTransform(BodyId id, const Transform& t) {
  if (!isValid(t.q)) return Status::InvalidTransform;
  return setTransform(id, t.p.x, t.p.y, angleOf(t.q), t.scale.x, t.scale.y);
}

Status World::getTransform(BodyId id, Transform* out) const {
  if (out == nullptr) return Status::InvalidArgument;
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  *out = impl_->xf[slot];
  return Status::Ok;
}

Status World::getTransform(BodyId id, float out[kTransformStride]) const {
  if (out == nullptr) return Status::InvalidArgument;
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  impl_->lastEntry(slot, out);
  return Status::Ok;
}

Status World::setEnabled(BodyId id, bool enabled) {
  Impl& w = *impl_;
  uint32_t slot;
  Status s = w.findBody(id, &slot);
  if (s != Status::Ok) return s;
  BodyHot& h = w.hot[slot];
  if (((h.flags & detail::kEnabled) != 0) == enabled) return Status::Ok;
  if (enabled) {
    h.flags |= detail::kEnabled | detail::kDirty;
    w.addProxy(slot);
  } else {
    h.flags &= uint8_t(~detail::kEnabled);
    w.removeProxy(slot);
  }
  return Status::Ok;
}

Status World::setFilter(BodyId id, uint32_t group, uint32_t mask) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  BodyHot& h = impl_->hot[slot];
  h.group = group;
  h.mask = mask;
  h.flags |= detail::kDirty;  // find pairs the new filter admits
  return Status::Ok;
}

Status World::setSensor(BodyId id, bool sensor) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  BodyHot& h = impl_->hot[slot];
  if (((h.flags & detail::kSensor) != 0) == sensor) return Status::Ok;
  h.flags = sensor ? uint8_t(h.flags | detail::kSensor) : uint8_t(h.flags & ~detail::kSensor);
  h.flags |= detail::kDirty;  // touching pairs are re-tested, so their contacts carry the new sensor flag
  return Status::Ok;
}

Status World::setBullet(BodyId id, bool bullet) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  BodyHot& h = impl_->hot[slot];
  if (bullet && h.type == BodyType::Static) return Status::InvalidArgument;
  h.flags = bullet ? uint8_t(h.flags | detail::kBullet) : uint8_t(h.flags & ~detail::kBullet);
  return Status::Ok;
}

Status World::setMass(BodyId id, float mass) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  if (!(std::isfinite(mass) && mass > 0.0f)) return Status::InvalidArgument;
  impl_->mass[slot] = mass;  // kept for a later setType(Dynamic)
  if (impl_->hot[slot].type == BodyType::Dynamic) impl_->invMass[slot] = 1.0f / mass;
  return Status::Ok;
}

Status World::setUserId(BodyId id, uint32_t userId) {
  uint32_t slot;
  Status s = impl_->findBody(id, &slot);
  if (s != Status::Ok) return s;
  impl_->userIds[slot] = userId;
  return Status::Ok;
}

uint32_t World::userId(BodyId id) const {
  uint32_t slot;
  return impl_->findBody(id, &slot) == Status::Ok ? impl_->userIds[slot] : 0u;
}

BodyType World::type(BodyId id) const {
  uint32_t slot;
  return impl_->findBody(id, &slot) == Status::Ok ? impl_->hot[slot].type : BodyType::Static;
}

int World::shapeCount(BodyId id) const {
  uint32_t slot;
  return impl_->findBody(id, &slot) == Status::Ok ? int(impl_->hot[slot].shapeCount) : 0;
}

bool World::bounds(BodyId id, AABB* out) const {
  uint32_t slot;
  if (out == nullptr || impl_->findBody(id, &slot) != Status::Ok) return false;
  *out = impl_->hot[slot].box;
  return true;
}

float* World::transformBuffer() { return impl_->buffer.data(); }
const float* World::transformBuffer() const { return impl_->buffer.data(); }
int World::transformCapacity() const { return int(impl_->slotCount); }

void World::setPushApart(const PushApartOptions& options) {
  PushApartOptions o = options;
  if (o.iterations < 0) o.iterations = 0;
  if (o.iterations > 64) o.iterations = 64;
  if (!(o.slop >= 0.0f) || !std::isfinite(o.slop)) o.slop = 0.001f;
  impl_->push = o;
}

void World::setPairFilter(PairFilter filter, void* context) {
  impl_->pairFilter = filter;
  impl_->pairFilterContext = filter != nullptr ? context : nullptr;
  // Every body is resynced, so that pairs an earlier filter vetoed are found (and asked) again at the next update.
  for (uint32_t slot = 0; slot < impl_->slotCount; ++slot) {
    if (impl_->hot[slot].flags & detail::kAlive) impl_->hot[slot].flags |= detail::kDirty;
  }
}

Status World::setThreads(int threads) {
  if (threads < 1 || threads > maxThreads()) return Status::InvalidArgument;
  Impl& w = *impl_;
  if (threads == w.threads) return Status::Ok;
  if (!w.pool.start(threads - 1)) return Status::InvalidArgument;
  w.threads = threads;
  const size_t chunks = size_t(threads) * Impl::kChunksPerThread;
  if (w.narrowChunks.size() < chunks) w.narrowChunks.resize(chunks);
  if (w.syncChunks.size() < chunks) w.syncChunks.resize(chunks);
  return Status::Ok;
}

int World::threads() const { return impl_->threads; }
void World::setMinChunk(int items) { impl_->minChunk = items > 0 ? size_t(items) : 0; }

int World::maxThreads() {
#if !SAT_HAS_THREADS
  return 1;
#elif defined(__EMSCRIPTEN__)
  return SAT_PTHREAD_POOL_SIZE + 1 < kMaxThreads ? SAT_PTHREAD_POOL_SIZE + 1 : kMaxThreads;
#else
  return kMaxThreads;
#endif
}

namespace {
template <typename T>
size_t bytesOf(const std::vector<T>& v) {
  return v.capacity() * sizeof(T);
}
template <typename T, typename... Rest>
size_t bytesOf(const std::vector<T>& v, const Rest&... rest) {
  return bytesOf(v) + bytesOf(rest...);
}
}  // namespace

WorldMemory World::memory() const {
  const Impl& w = *impl_;
  WorldMemory m;
  m.bodies = bytesOf(w.hot, w.buffer, w.xf, w.lastAngle, w.proxy, w.userIds, w.mass, w.invMass,
                     w.freeSlots, w.pendingFree, w.created, w.sweptOf, w.queryStamp, w.pushStamp, w.bullets, w.bulletHits) +
             w.slotOfId.memoryBytes();
  m.shapes = bytesOf(w.shapeHot, w.partBounds, w.shapeUserData, w.localPolygons, w.smallShapes, w.localVerts, w.verts);
  m.broadPhase = w.staticTree.memoryBytes() + w.movingTree.memoryBytes() + w.grid.memoryBytes() +
                 w.sap.memoryBytes() +
                 bytesOf(w.moving, w.movingBoxes, w.moved, w.queryList, w.queryKeys, w.queryScratch, w.queried, w.staticMoved, w.unbuilt);
  m.pairs = bytesOf(w.pairs, w.nextPairs, w.candidates, w.candidateScratch, w.pushKeys, w.pushed);
  m.outputs = bytesOf(w.touchEvents, w.ends, w.contacts, w.eventIndex, w.heldContacts, w.movedBits,
                      w.shapeContacts, w.rejected, w.swept) +
              bytesOf(w.partTouch, w.prevPartTouch, w.partKeys, w.prevPartKeys, w.singleBeginKeys,
                      w.endKeys, w.partBegins, w.partEnds);
  for (const Impl::NarrowChunk& c : w.narrowChunks) {
    m.outputs += bytesOf(c.contacts, c.shapeContacts, c.ends, c.endKeys, c.partTouch,
                         c.singleBeginKeys);
  }
  for (const Impl::SyncChunk& c : w.syncChunks) {
    m.bodies += bytesOf(c.moved, c.moving, c.queryList, c.staticMoved, c.rejected, c.bullets);
  }
  return m;
}
bool World::validate() const {
  const Impl& w = *impl_;
  if (!w.staticTree.validate() || !w.movingTree.validate()) return false;
  for (size_t i = 0; i < w.pairs.size(); ++i) {
    const Pair& p = w.pairs[i];
    if (p.a >= p.b) return false;
    if (i > 0 && !(w.pairs[i - 1].key() < p.key())) return false;  // sorted, unique
  }
  int alive = 0;
  for (uint32_t slot = 0; slot < w.slotCount; ++slot) {
    const BodyHot& h = w.hot[slot];
    if (!(h.flags & detail::kAlive)) continue;
    ++alive;
    if (w.slotOfId.find(w.idOf(slot)) != int64_t(slot)) return false;
    const bool enabled = (h.flags & detail::kEnabled) != 0;
    if (enabled != (w.proxy[slot] >= 0)) return false;
    if (enabled && (h.type == BodyType::Static || w.options.broadPhase == BroadPhaseType::Tree)) {
      const DynamicTree& t = h.type == BodyType::Static ? w.staticTree : w.movingTree;
      if (t.userData(w.proxy[slot]) != slot) return false;
    }
  }
  return alive == w.aliveCount && w.slotOfId.size() == size_t(alive);
}

}  // namespace sat
