// sat-wasm: the 3D collision world. Bodies made of convex 3D shapes, an incremental broad phase (dynamic AABB
// tree of fat boxes), a pair cache keeping each shape pair's SAT cache, begin / stay / end events with contact
// manifolds, queries, and an optional push-apart response. Not a rigid-body solver: the game moves bodies.
//
// The 2D world's shape of API (sat/world.h), whose dimension-free types it shares: BodyId, BodyType, BodyPair,
// QueryFilter, PushApartOptions and the world statuses (kStatusUnknownBody, kStatusRemovedBody, kStatusWorldFull,
// named by worldStatusName / worldStatusMessage).
//
// Frame model:
//   1. The game writes transforms: setTransform(id, ...) or straight into transformBuffer() (bulk path).
//   2. update() runs its stages in order: syncTransforms (take changed, valid transforms; bounds of moved bodies),
//      sweepBullets (CCD: a moved bullet is stopped at its first time of impact), updateBroadPhase (re-insert only the proxies that left their fat box, find their new pairs),
//      runNarrowPhase (drop pairs whose fat boxes parted or whose bodies left; collide the others),
//      emitEvents (begin / stay / end and contacts from each pair's old and new state), then pushApart if on.
//   3. The game reads the event and contact arrays until the next update(). Changes made meanwhile (create,
//      destroy, move, disable, filter) take effect at the next update(); a destroyed body's pairs then end with
//      its stale id.
// Queries see the world as of the last update().
//
// Ids are never reissued: a destroyed body's slot comes back with a new generation, and a slot whose generation
// would wrap is retired instead.
//
// Shapes are placed in the body frame at creation (ShapeDef3 offset and rotation are baked into the shape: a box
// with an offset or rotation becomes a hull), so the body's transform, non-uniform scale included, applies to every
// shape exactly as it does to a lone shape in the narrow phase (sat/3d/collide3.h).
//
// Sign rules are the narrow phase's: a contact normal points from body A to body B; depth > 0 is overlap; moving B
// by normal * depth separates them. In every event and contact, A is the body with the smaller slot.
//
// Nothing allocates per frame in steady state (arrays grow to their high-water mark and stay there) and nothing
// throws. Bad input gets a Status and leaves the world as it was. A World3 is used from one thread at a time.
#pragma once

#include <cstdint>

#include "sat/3d/collide3.h"
#include "sat/3d/query3.h"
#include "sat/world.h"

namespace sat {

/// A World3 body id: its slot in the low kBody3SlotBits bits, a generation above. A slot whose generation would wrap
/// is retired, so an id is never issued twice in a world's life. 0 is never a valid id.
constexpr int kBody3SlotBits = 20;
constexpr uint32_t kBody3SlotMask = (1u << kBody3SlotBits) - 1u;
/// The dense slot of a World3 body.
inline uint32_t body3Slot(BodyId id) { return id & kBody3SlotMask; }

/// One shape of a body, placed in the body frame: rotated by `rotation`, then moved by `offset`.
struct ShapeDef3 {
  Shape3 shape;
  Vec3 offset{0.0f, 0.0f, 0.0f};
  Quat rotation{};
};

struct BodyDef3 {
  BodyType type = BodyType::Dynamic;
  Transform3 transform{};       ///< initial transform
  uint32_t userId = 0;          ///< user data: opaque to the world, returned by userId()
  uint32_t group = 1;           ///< category bits of this body
  uint32_t mask = 0xFFFFFFFFu;  ///< pair tested iff (a.group & b.mask) && (b.group & a.mask)
  bool sensor = false;          ///< reports events, never pushed apart
  bool enabled = true;          ///< a disabled body is in no pair and no query
  /// Swept along its motion at each update (CCD) against the non-bullet, non-sensor bodies at their new poses, and
  /// stopped at the first time of impact: it cannot tunnel through thin walls. Not for static bodies.
  bool bullet = false;
  float mass = 1.0f;            ///< push-apart weight of a dynamic body (finite, > 0)
};

/// Most shapes in one body.
constexpr int kMaxShapesPerBody3 = 256;
/// Floats per slot in transformBuffer(): position x y z, rotation x y z w, scale x y z.
constexpr int kTransform3Stride = 10;

/// A touching body pair this frame (one per begin or stay event), laid out as 28 four-byte words for bulk reads:
/// 0-1 ids, 2-4 normal, 5 depth, 6 pointCount (byte 0) / flags (byte 1), 7 shapeA (low 16 bits) / shapeB (high),
/// 8-27 four points of 5 words (x, y, z, depth, feature id).
/// Compound bodies: the manifold is the one of their deepest touching shape pair, named by shapeA / shapeB.
/// A pair whose bullet CCD stopped this frame short of the other body (kContactSwept) has one point, the midpoint
/// of the closest points, and a depth of minus their (small) distance.
struct Contact3 {
  BodyId a = 0;                   ///< body A (smaller slot)
  BodyId b = 0;                   ///< body B
  Vec3 normal{0.0f, 0.0f, 0.0f};  ///< unit, from A to B
  float depth = 0.0f;             ///< moving B by normal * depth separates the deepest shape pair
  uint8_t pointCount = 0;         ///< valid entries of points (1 to 4)
  uint8_t flags = 0;              ///< kContactBegan | kContactSensor | kContactSwept
  uint16_t reserved = 0;
  uint16_t shapeA = 0, shapeB = 0;  ///< shape indices (in creation order) of the reported manifold
  ManifoldPoint3 points[4];         ///< world contact points
};
static_assert(sizeof(ManifoldPoint3) == 5 * 4, "ManifoldPoint3: 5 words (x, y, z, depth, id)");
static_assert(sizeof(Contact3) == 28 * 4, "Contact3 is read as 28 four-byte words by the bulk path");
constexpr int kContact3Words = 28;

struct RayHit3 {
  BodyId body = 0;
  int shape = 0;                  ///< shape index within the body
  Vec3 point{0.0f, 0.0f, 0.0f};   ///< world hit point
  Vec3 normal{0.0f, 0.0f, 0.0f};  ///< surface normal facing the ray
  float fraction = 0.0f;          ///< point = origin + fraction * translation
};

/// A body refused by update(): its buffered transform was invalid and has been put back to the last valid one.
struct RejectedBody3 {
  BodyId id = 0;
  Status status = Status::Ok;
};

/// World3's broad phase. Both keep fat boxes and find new pairs only around the bodies that left theirs.
enum class BroadPhase3Type : uint8_t {
  Tree = 0,  ///< dynamic AABB tree (surface-area heuristic, rebalanced on the way up)
  Grid = 1,  ///< uniform hash grid: moving a box touches only the cells it leaves and enters
};

struct World3Options {
  BroadPhase3Type broadPhase = BroadPhase3Type::Tree;
  /// How much a proxy's box is fattened on each side, as a fraction of the body's largest half extent (in either
  /// broad phase). Larger: fewer re-insertions, more candidate pairs (docs/3d-world.md has measured figures).
  float treeMargin = 0.5f;
  /// Grid: cell size in world units; 0 picks the mean largest side of the fat boxes, and picks again (binning every
  /// box anew) when that mean has halved or doubled.
  float gridCellSize = 0.0f;
  /// Expected body count: arrays are reserved for it up front.
  int capacity = 0;
  /// Fill UpdateStats3's stage times (one clock read per stage).
  bool timeStages = true;
};

/// Counters of the last update().
struct UpdateStats3 {
  int movedBodies = 0;     ///< bodies whose transform changed
  int reinserted = 0;      ///< proxies that left their fat box (re-inserted and queried for new pairs)
  int candidatePairs = 0;  ///< pairs in the pair cache after the broad phase (fat boxes overlap)
  int touchingPairs = 0;
  int narrowTests = 0;  ///< shape-pair collide() calls
  int rejected = 0;
  int sweptBodies = 0;  ///< bullets swept (moved this update)
  float residualDepth = 0.0f;  ///< push-apart: largest overlap beyond slop left after the last iteration
  // Wall-clock milliseconds of the stages (0 when World3Options::timeStages is off).
  float syncMs = 0.0f, ccdMs = 0.0f, broadMs = 0.0f, narrowMs = 0.0f, eventsMs = 0.0f, pushMs = 0.0f;
};

class World3 {
 public:
  explicit World3(const World3Options& options = {});
  ~World3();
  World3(const World3&) = delete;
  World3& operator=(const World3&) = delete;

  // ---- bodies -------------------------------------------------------------------------------------------------
  /// A body of 1 to kMaxShapesPerBody3 shapes. Statuses: InvalidArgument (null pointers, bad count, a shape not
  /// made by a maker, mass not finite and > 0), InvalidTransform (def.transform), a maker's status for a shape
  /// that cannot be placed, kStatusWorldFull.
  Status createBody(const BodyDef3& def, const ShapeDef3* shapes, int shapeCount, BodyId* out);
  /// A body of one shape at the body origin.
  Status createBody(const BodyDef3& def, const Shape3& shape, BodyId* out);
  /// Replaces a body's shapes in place (1 to kMaxShapesPerBody3, placed as in createBody): the body keeps its id,
  /// options and pairs; at the next update() a pair that still touches reports stay, one that no longer does, end.
  /// Statuses as createBody; on any error the body is unchanged.
  Status setShapes(BodyId id, const ShapeDef3* shapes, int shapeCount);
  /// Rebuilds shape `shapeIndex` of a body as the convex hull of `points` (body frame): a deforming or destructible
  /// mesh. makeHull's statuses (the body is unchanged on error), InvalidArgument for a bad index.
  Status rebuildHull(BodyId id, int shapeIndex, const Vec3* points, int count, int maxVertices = kDefaultHullVertexLimit);
  /// Destroys a body. Its touching pairs report end at the next update(); its id is stale at once.
  Status destroyBody(BodyId id);

  /// Ok, kStatusUnknownBody or kStatusRemovedBody.
  Status check(BodyId id) const;
  bool isAlive(BodyId id) const { return check(id) == Status::Ok; }
  int bodyCount() const;

  /// Sets a body's transform (taken at the next update()). An invalid transform is refused, nothing changes.
  Status setTransform(BodyId id, const Transform3& xf);
  /// The transform as of the last update() (after push-apart).
  Status getTransform(BodyId id, Transform3* out) const;
  Status setEnabled(BodyId id, bool enabled);
  Status setFilter(BodyId id, uint32_t group, uint32_t mask);
  Status setSensor(BodyId id, bool sensor);
  /// Makes a body a bullet (CCD) or not. InvalidArgument for a static body.
  Status setBullet(BodyId id, bool bullet);
  /// Teleports: the next update() takes the transform without sweeping a bullet along the way.
  Status setTransform(BodyId id, const Transform3& xf, bool teleport);
  /// To static, a body stops being a bullet.
  Status setType(BodyId id, BodyType type);
  Status setMass(BodyId id, float mass);
  Status setUserId(BodyId id, uint32_t userId);
  uint32_t userId(BodyId id) const;  ///< 0 for an invalid id
  BodyType type(BodyId id) const;    ///< Static for an invalid id
  int shapeCount(BodyId id) const;   ///< 0 for an invalid id
  /// The body's shape i in the body frame (offset and rotation baked in); null for an invalid id or index.
  const Shape3* shape(BodyId id, int i) const;
  /// World bounds of the body as of the last update(); false for an invalid id.
  bool bounds(BodyId id, AABB3* out) const;

  // ---- bulk transforms ----------------------------------------------------------------------------------------
  /// kTransform3Stride floats per slot, indexed by body3Slot(id). Write any entries, then update(): changed entries
  /// are validated and taken. The pointer is stable until a createBody() grows the slot range
  /// (transformCapacity() changes); entries of free slots are ignored.
  float* transformBuffer();
  int transformCapacity() const;

  // ---- the frame ----------------------------------------------------------------------------------------------
  /// Push-apart at the end of update(): each touching non-sensor pair with a dynamic body is separated along its
  /// normal, the correction shared by inverse mass (static and kinematic bodies do not move).
  void setPushApart(const PushApartOptions& options);
  /// Runs the stages (see the top of this file). Ok, or the status of the first body refused (see rejected()).
  Status update();
  const UpdateStats3& stats() const;

  const BodyPair* beginEvents() const;
  int beginCount() const;
  const BodyPair* stayEvents() const;
  int stayCount() const;
  const BodyPair* endEvents() const;
  int endCount() const;
  /// One per touching pair (begin or stay), in pair-cache order; kContactBegan marks the begins.
  const Contact3* contacts() const;
  int contactCount() const;
  const RejectedBody3* rejected() const;
  int rejectedCount() const;

  // ---- queries (filtered per QueryFilter; the world as of the last update()) -----------------------------------
  // Counting queries write up to capacity ids and return the total, or -int(status) for bad input: NonFinite
  // (a NaN or infinite point, box or radius), InvalidRadius (radius <= 0), InvalidTransform, InvalidArgument (null
  // out with capacity > 0, negative capacity, an inverted box, a shape not made by a maker). Rays follow the narrow
  // phase's rule: an invalid ray (see RayCastInput3) hits nothing.
  /// Closest hit along the ray; false when nothing is hit (or the ray is invalid, see RayCastInput3).
  bool raycastClosest(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out) const;
  /// Some hit along the ray (the first found, not the closest): the cheapest "is the line of sight blocked".
  bool raycastAny(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out) const;
  /// Every body the ray hits (its closest shape hit), closest first, ties by slot. Writes up to capacity hits,
  /// returns the total.
  int raycastAll(const RayCastInput3& ray, const QueryFilter& filter, RayHit3* out, int capacity) const;
  /// Bodies with a shape containing the point (boundary included). Ids in slot order; returns the total.
  int queryPoint(Vec3 point, const QueryFilter& filter, BodyId* out, int capacity) const;
  /// Bodies whose bounds overlap the box.
  int queryAABB(const AABB3& box, const QueryFilter& filter, BodyId* out, int capacity) const;
  /// Bodies overlapping a ball.
  int querySphere(Vec3 center, float radius, const QueryFilter& filter, BodyId* out, int capacity) const;
  /// Bodies overlapping a shape placed at xf (overlap() of sat/3d/collide3.h).
  int queryShape(const Shape3& shape, const Transform3& xf, const QueryFilter& filter, BodyId* out, int capacity) const;

  /// For tests and tools: checks the internal invariants (tree, fat boxes, pair cache); false on the first violation.
  bool validate() const;

  struct Impl;

 private:
  Impl* impl_;
};

/// Whether a placed shape contains a point (boundary included, within float round-off): hulls and boxes in their
/// local frame (containment survives the affine map), spheres and capsules in world space with the radius scaled as
/// the narrow phase scales it.
bool containsPoint(const Shape3& shape, const Transform3& xf, Vec3 point);

}  // namespace sat
