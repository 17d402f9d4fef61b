// sat-wasm: the collision world. Bodies made of convex shapes, an incremental broad phase, a pair cache with
// begin / stay / end events and contact manifolds, queries, continuous collision for bullets, and an optional
// push-apart response. Not a rigid-body solver: no velocities, gravity or friction; the game moves bodies.
//
// Frame model:
//   1. The game writes transforms: setTransform(id, ...) or straight into transformBuffer() (bulk path).
//   2. update() reads every changed transform, moves the broad phase, updates the pair cache and fills the
//      event and contact arrays; optionally sweeps bullets (CCD) and pushes overlapping bodies apart.
//   3. The game reads beginEvents() / stayEvents() / endEvents() / contacts() until the next update(). Changes
//      made meanwhile (create, destroy, move, disable) leave those arrays intact and take effect at the next
//      update(); a destroyed body's pairs then report end with its (now stale) id.
// Queries see the transforms as of the last update() and every body alive and enabled now (one created or enabled
// since is found at its initial transform, with every broad phase).
//
// CCD: a bullet is swept from its pose at the previous update() to the new one against the other (non-bullet,
// non-sensor) bodies at their new poses. If it would hit something, it is stopped at the time of impact (its
// transform, and its transformBuffer() entry, are set there) and the pair reports a contact with kContactSwept
// and that `toi`. Position, angle and scale are interpolated; a move that changes the sign of a scale (mirroring)
// is not swept: the bullet is taken at its new pose, like a teleport.
//
// Precision: the narrow phase runs on world-space float vertices cached per body, so contact verdicts carry the
// round-off of world coordinates (about 1e-7 of the largest coordinate); keep the scene near the origin when
// coordinates reach 1e4 and beyond. Per-pair queries (collide.h) work in A's frame and do not have this limit.
//
// Sign rules are the narrow phase's (collide.h): a contact normal points from body A to body B; depth > 0 is
// overlap; moving B by normal * depth (or A by the opposite) separates them. In every event and contact, A is the
// body with the smaller slot.
//
// Nothing allocates per frame in steady state (arrays grow to their high-water mark and stay there) and nothing
// throws. Bad input gets a Status and leaves the world as it was.
//
// Threads: a World is used from one thread at a time; queries are const but share scratch memory. setThreads(n)
// lets update() itself run on n threads: the calling thread and n - 1 workers the world starts and owns (std::thread;
// under Emscripten, pthreads: a build with -pthread). update() splits the world geometry of moved bodies, the CCD
// sweeps of bullets and the narrow phase into contiguous chunks of bodies, bullets and pairs, runs them on the
// threads, and joins their results in order: every output (events, contacts, shape contacts, part events, stats
// counts, transforms after CCD and push-apart) is bit-identical to one thread's. The other stages and the pair filter run on the calling thread;
// the workers only ever run inside update() and sleep between updates.
#pragma once

#include <cstdint>

#include "sat/collide.h"
#include "sat/math.h"
#include "sat/query.h"
#include "sat/shapes.h"

namespace sat {

/// A body handle. Ids are issued in order, 1, 2, 3, ..., and never reissued: a destroyed body's id stays invalid for
/// the world's life (kStatusRemovedBody), an id above the last one issued is kStatusUnknownBody. A world issues at
/// most kMaxBodyId ids over its life; createBody() then reports kStatusWorldFull. 0 is never an id.
using BodyId = uint32_t;
constexpr BodyId kMaxBodyId = 0xFFFFFFFFu;
/// Largest number of bodies alive at once.
constexpr int kMaxBodies = (1 << 20) - 1;
constexpr BodyId kNullBody = 0;

// World statuses, numbered after the core's sat::Status values (they cross into JavaScript the same way).
// Use worldStatusName / worldStatusMessage for them (they also cover the core's).
constexpr Status kStatusUnknownBody = static_cast<Status>(64);  ///< id never issued by this world (or null)
constexpr Status kStatusRemovedBody = static_cast<Status>(65);  ///< the body was destroyed: a stale id
constexpr Status kStatusWorldFull = static_cast<Status>(66);    ///< kMaxBodies alive, or a shape/part limit hit
const char* worldStatusName(Status status);
const char* worldStatusMessage(Status status);

enum class BodyType : uint8_t {
  Static = 0,     ///< never moves by itself; never tested against other static bodies
  Kinematic = 1,  ///< moved by the game; immovable by push-apart
  Dynamic = 2,    ///< moved by the game and by push-apart, in proportion to its inverse mass
};

enum class BroadPhaseType : uint8_t {
  Grid = 0,          ///< uniform grid rebuilt each frame over the moving bodies (default: fastest on the benchmark)
  Tree = 1,          ///< dynamic AABB tree of fattened boxes (Box2D's); a proxy leaving its fat box is reinserted
                     ///< and queried for new pairs, the others are not touched
  SortAndSweep = 2,  ///< sort on x (insertion sort, frame-coherent) and sweep
};

struct WorldOptions {
  BroadPhaseType broadPhase = BroadPhaseType::Grid;
  /// Tree: how much a moving proxy's box is fattened, as a fraction of the body's extent.
  float treeMargin = 0.25f;
  /// Grid: cell size in world units; 0 picks it each frame from the moving bodies' mean box size.
  float gridCellSize = 0.0f;
  /// Expected body count: arrays are reserved for it up front.
  int capacity = 0;
  /// Fill UpdateStats' stage times (syncMs ... pushMs). Eight clock reads per update(): nothing next to a world of
  /// thousands of bodies, but under Emscripten each read is a call out to JavaScript (performance.now(), about
  /// 0.1-0.3 us, and a boxed number): a small world updated very often may turn it off. Off: the times stay 0.
  bool timeStages = true;
  /// Pairs of two non-dynamic bodies (kinematic-static, kinematic-kinematic): off by default, as in Box2D (the game
  /// moves both; nothing can push either). On: they are tested and report events like any other pair. Static-static
  /// pairs are never tested.
  bool kinematicPairs = false;
};

/// One shape of a body, in the body's frame: the shape is placed at `offset`, rotated by `angle` (radians).
struct ShapeDef {
  Shape shape;
  Vec2 offset{0.0f, 0.0f};
  float angle = 0.0f;
  uint32_t userData = 0;  ///< opaque to the world; returned by shapeUserData()
};

struct BodyDef {
  BodyType type = BodyType::Dynamic;
  float x = 0.0f, y = 0.0f, angle = 0.0f, scaleX = 1.0f, scaleY = 1.0f;  ///< initial transform
  uint32_t userId = 0;             ///< opaque to the world; returned by userId()
  uint32_t group = 1;              ///< category bits of this body
  uint32_t mask = 0xFFFFFFFFu;     ///< categories it collides with: pair tested iff (a.group & b.mask) && (b.group & a.mask)
  bool sensor = false;             ///< reports events, never pushed apart
  bool enabled = true;             ///< a disabled body is in no pair and no query
  bool bullet = false;             ///< swept along its motion each update (CCD); dynamic or kinematic bodies only
  float mass = 1.0f;               ///< push-apart weight of a dynamic body (> 0)
};

/// A begin, stay or end event: two body ids, A with the smaller slot.
struct BodyPair {
  BodyId a = 0;
  BodyId b = 0;
};

/// A touching pair this frame (one per begin or stay event), laid out as 16 four-byte words for bulk reads:
/// words 0-1 ids, 2-3 normal, 4 depth, 5 toi, 6 pointCount (byte 0) / flags (byte 1) / shapeContactCount (bytes
/// 2-3), 7 firstShapeContact, 8-11 point 0, 12-15 point 1 (x, y, depth, feature id).
struct Contact {
  BodyId a = 0;                    ///< body A (smaller slot)
  BodyId b = 0;                    ///< body B
  Vec2 normal{0.0f, 0.0f};         ///< body-level resolution direction, unit, from A to B
  float depth = 0.0f;              ///< body-level resolution distance: moving B by normal * depth separates them
  float toi = 1.0f;                ///< CCD: fraction of the bullet's motion at first touch; 1 without CCD
  uint8_t pointCount = 0;          ///< valid entries of points
  uint8_t flags = 0;               ///< kContactBegan | kContactSensor | kContactSwept
  uint16_t shapeContactCount = 0;  ///< compound bodies: touching shape pairs, in shapeContacts()
  uint32_t firstShapeContact = 0;  ///< index of the first of them
  ManifoldPoint points[2];         ///< contact points of the deepest shape pair (world)
};
static_assert(sizeof(ManifoldPoint) == 16, "ManifoldPoint: 4 words (x, y, depth, id)");
static_assert(sizeof(Contact) == 16 * 4, "Contact is read as 16 four-byte words by the bulk path");
static_assert(sizeof(BodyPair) == 8, "BodyPair is read as 2 four-byte words by the bulk path");
constexpr uint8_t kContactBegan = 1u;   ///< this frame's begin (else a stay)
constexpr uint8_t kContactSensor = 2u;  ///< either body is a sensor
constexpr uint8_t kContactSwept = 4u;   ///< found by CCD: the bullet was stopped at time of impact `toi`
constexpr int kContactWords = 16;

/// One touching shape pair of a touching body pair in which either body has several shapes (compound and concave
/// bodies). Pairs of single-shape bodies carry their one manifold in the Contact itself (shapes 0 and 0). A
/// contact's shape contacts start with the deepest pair, whose points the Contact carries.
/// Bulk layout: 15 words: ids, shape indices (two 16-bit halves), manifold (normal, depth, 2 points, pointCount).
struct ShapeContact {
  BodyId a = 0, b = 0;
  uint16_t shapeA = 0, shapeB = 0;  ///< shape (part) indices within the bodies
  Manifold manifold;
};
static_assert(sizeof(ShapeContact) == 15 * 4, "ShapeContact is read as 15 four-byte words by the bulk path");

/// A part-level begin or end event: one shape (part) of body A and one of body B started or stopped touching.
/// Bulk layout: 3 words: ids, then shapeA (low 16 bits) and shapeB (high 16 bits).
struct PartEvent {
  BodyId a = 0, b = 0;              ///< as in the body pair's events (A with the smaller slot)
  uint16_t shapeA = 0, shapeB = 0;  ///< shape (part) indices within the bodies
};
static_assert(sizeof(PartEvent) == 3 * 4, "PartEvent is read as 3 four-byte words by the bulk path");

/// A body refused by update(): its transform in the buffer was invalid and has been put back to the last valid one.
struct RejectedBody {
  BodyId id = 0;
  Status status = Status::Ok;
};

/// Optional response run at the end of update().
struct PushApartOptions {
  bool enabled = false;
  /// Most relaxation sweeps per update (0..64); it stops after the first sweep that moves nothing.
  int iterations = 24;
  /// Overlap left alone (and allowed to remain), in world units.
  float slop = 0.001f;
};

/// Counters of the last update().
struct UpdateStats {
  int movedBodies = 0;
  int candidatePairs = 0;  ///< pairs in the pair cache (broad-phase overlaps)
  int touchingPairs = 0;
  int narrowTests = 0;     ///< shape-pair SAT tests run
  int sweptBodies = 0;     ///< bullets swept
  int rejected = 0;
  float residualDepth = 0.0f;  ///< push-apart: largest overlap beyond slop left after the last iteration
  int residualPairs = 0;       ///< push-apart: pairs still overlapping beyond slop
  int pushIterations = 0;      ///< push-apart: sweeps run (it stops early once no pair overlaps beyond the slop)
  // Wall-clock milliseconds of the update's stages (0 when WorldOptions::timeStages is off).
  float syncMs = 0.0f;    ///< taking transforms, world-space geometry of moved bodies
  float broadMs = 0.0f;   ///< broad-phase update
  float ccdMs = 0.0f;     ///< CCD sweeps of bullets
  float pairsMs = 0.0f;   ///< new pairs into the pair cache
  float narrowMs = 0.0f;  ///< pair loop: SAT tests and contacts
  float eventsMs = 0.0f;  ///< begin / stay / end events, contacts put in event order
  float pushMs = 0.0f;    ///< push-apart
};

/// Bytes a world holds, by part: the capacities of its arrays (what it has allocated, including room kept for
/// growth), not only what is in use. Polygons of more than kInlineVertices vertices add their own heap blocks,
/// which are not counted.
struct WorldMemory {
  size_t bodies = 0;      ///< per-body records, transform buffers, the id map
  size_t shapes = 0;      ///< local shapes, per-shape records, the world-space vertex pool
  size_t broadPhase = 0;  ///< trees, grid, sort-and-sweep and the per-frame body lists
  size_t pairs = 0;       ///< the pair cache and the candidate keys
  size_t outputs = 0;     ///< contacts, events and their scratch
  size_t total() const { return bodies + shapes + broadPhase + pairs + outputs; }
};

/// Which bodies a query sees: body passes iff (body.group & mask) && (body.mask & group). The query is filtered
/// like a body of this group and mask (Box2D v3's rule), so a body whose own mask is 0 is invisible to queries too.
struct QueryFilter {
  uint32_t group = 0xFFFFFFFFu;
  uint32_t mask = 0xFFFFFFFFu;
  bool includeSensors = true;
  /// Bodies the query never reports (e.g. the caster itself), `excludeCount` ids read from `exclude` (not copied:
  /// the array must live during the call). Ids of removed or unknown bodies are ignored; a null array or a count
  /// of 0 or less excludes nothing. Checked by a linear scan for bodies that pass group, mask and sensors: meant
  /// for a handful of ids.
  const BodyId* exclude = nullptr;
  int excludeCount = 0;
};

/// A ray's hit on a body. A ray that starts inside a body (boundary included) hits it at fraction 0, at the
/// origin, with a zero normal, and `shape` is the part holding the origin: the seams between the convex parts of
/// a compound or concave body are never hit from inside.
struct RayHit {
  BodyId body = 0;
  int shape = 0;            ///< shape (part) index within the body
  Vec2 point{0.0f, 0.0f};   ///< world hit point
  Vec2 normal{0.0f, 0.0f};  ///< surface normal facing the ray; zero for a ray starting inside the body
  float fraction = 0.0f;    ///< point = origin + fraction * translation
};

/// A body a query shape overlaps (overlapShape): the deepest of its parts against the shape.
struct ShapeOverlap {
  BodyId body = 0;
  int shape = 0;            ///< the body's part of the deepest overlap
  Vec2 normal{0.0f, 0.0f};  ///< unit, from the query shape to the body: moving the query shape by -normal * depth
                            ///< separates it from that part
  float depth = 0.0f;       ///< > 0, or 0 for shapes just touching
};

/// Closest points of two bodies (distance between bodies).
struct BodyDistance {
  Vec2 pointA{0.0f, 0.0f};  ///< on body A (world)
  Vec2 pointB{0.0f, 0.0f};  ///< on body B
  Vec2 normal{0.0f, 0.0f};  ///< unit, from A towards B; zero when they overlap
  float distance = 0.0f;    ///< >= 0; 0 when touching or overlapping
  int shapeA = 0, shapeB = 0;  ///< the parts the closest points are on
};

constexpr int kMaxThreads = 64;      ///< most threads a world runs update() on (World::setThreads)
constexpr int kTransformStride = 5;  ///< floats per body in transformBuffer(): x, y, angle, scaleX, scaleY

class World {
 public:
  explicit World(const WorldOptions& options = {});
  ~World();
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  // ---- bodies -------------------------------------------------------------------------------------------------
  /// A body of one or more convex shapes, each placed in the body frame. Shapes must come from the makers.
  Status createBody(const BodyDef& def, const ShapeDef* shapes, int shapeCount, BodyId* out);
  /// A body of one shape at the body origin.
  Status createBody(const BodyDef& def, const Shape& shape, BodyId* out);
  /// A body from a simple (possibly concave) outline, split by decompose() into convex parts.
  Status createConcaveBody(const BodyDef& def, const Vec2* outline, int count, BodyId* out);
  /// A body whose parts are the segments of a chain through `points` (makeChain: open, or closed with `loop`;
  /// `oneSided`: shapes behind a segment pass through). Part i is the segment from point i to point i + 1.
  /// Meant for static level geometry; two chain segments never collide with each other.
  Status createChainBody(const BodyDef& def, const Vec2* points, int count, bool loop, bool oneSided, BodyId* out);
  /// Destroys a body. Its touching pairs report end at the next update(); its id becomes stale at once.
  Status destroyBody(BodyId id);

  // Edits in place: the body keeps its id, slot, user id and pairs. At the next update() its pairs are re-tested
  // (not swept): a pair that still touches reports stay, one that no longer does reports end.
  /// Replaces the body's shapes (same rules as createBody). A refused shape leaves the body as it was.
  Status setShapes(BodyId id, const ShapeDef* shapes, int shapeCount);
  /// Changes how the body moves. To Dynamic: its push-apart weight is the last mass given (1 by default); to Static:
  /// it stops being a bullet.
  Status setType(BodyId id, BodyType type);
  /// Sets the scale, keeping the position and angle last set (setTransform() with those).
  Status setScale(BodyId id, float scaleX, float scaleY);
  /// The userData of a shape of the body (its index as in ShapeContact / RayHit); 0 for an invalid id or index.
  uint32_t shapeUserData(BodyId id, int shape) const;

  /// Ok, kStatusUnknownBody or kStatusRemovedBody.
  Status check(BodyId id) const;
  /// The dense slot of a live body (its index into transformBuffer(), times kTransformStride), stable for the
  /// body's life; -1 for an invalid id. Slots of destroyed bodies are reused by later bodies.
  int slotOf(BodyId id) const;
  bool isAlive(BodyId id) const { return check(id) == Status::Ok; }
  int bodyCount() const;

  /// Sets a body's transform (taken at the next update()). An invalid transform is refused, nothing changes.
  /// teleport: the body jumps there; a bullet is not swept along the way (CCD skips this change).
  Status setTransform(BodyId id, float x, float y, float angle, float scaleX = 1.0f, float scaleY = 1.0f,
                      bool teleport = false);
  Status setTransform(BodyId id, const Transform& xf);
  /// The transform as of the last update() (after CCD and push-apart).
  Status getTransform(BodyId id, Transform* out) const;
  /// The same as kTransformStride floats (x, y, angle, scaleX, scaleY), the angle as it was set (not wrapped), as
  /// the body's entry in transformBuffer() read right after the last update().
  Status getTransform(BodyId id, float out[kTransformStride]) const;
  Status setEnabled(BodyId id, bool enabled);
  Status setFilter(BodyId id, uint32_t group, uint32_t mask);
  Status setSensor(BodyId id, bool sensor);
  Status setBullet(BodyId id, bool bullet);
  /// Push-apart weight of a dynamic body; mass must be finite and > 0.
  Status setMass(BodyId id, float mass);
  Status setUserId(BodyId id, uint32_t userId);
  uint32_t userId(BodyId id) const;  ///< 0 for an invalid id
  BodyType type(BodyId id) const;
  int shapeCount(BodyId id) const;  ///< 0 for an invalid id
  /// World bounds of the body as of the last update(); false for an invalid id.
  bool bounds(BodyId id, AABB* out) const;

  // ---- bulk transforms ----------------------------------------------------------------------------------------
  /// kTransformStride floats per slot (x, y, angle, scaleX, scaleY), indexed by slotOf(id). Write any entries,
  /// then update(): changed entries are validated and taken. The pointer is stable until a createBody() grows
  /// the slot range (transformCapacity() changes); entries of free slots are ignored.
  float* transformBuffer();
  const float* transformBuffer() const;
  int transformCapacity() const;  ///< number of slots the buffer holds

  // ---- the frame ----------------------------------------------------------------------------------------------
  void setPushApart(const PushApartOptions& options);
  /// A game's veto on pairs: called with the two ids (A has the smaller slot) for a pair about to enter the pair
  /// cache, that is one whose boxes overlap and whose group / mask admit it; false keeps the pair out. An admitted
  /// pair is not asked again while it stays in the cache (until its boxes separate or a body is removed or
  /// disabled); a vetoed pair is asked again whenever the broad phase finds it again (the grid and sort-and-sweep:
  /// every update() while the boxes overlap). Called from update() only; it must not change the world. Setting a
  /// filter (or nullptr: none) keeps the pairs in the cache and has every other overlapping pair found and asked
  /// again at the next update().
  using PairFilter = bool (*)(void* context, BodyId a, BodyId b);
  void setPairFilter(PairFilter filter, void* context);
  /// Threads update() runs on (the calling thread included), 1 by default. Ok, or InvalidArgument when `threads` is
  /// outside 1..maxThreads() or, under Emscripten, when the module's pthread pool (shared by its worlds) has fewer
  /// than threads - 1 workers free; the world then keeps its count. Starts or stops workers: call it between
  /// updates, not in every frame.
  Status setThreads(int threads);
  int threads() const;
  /// The most threads setThreads() accepts in this build: 1 without thread support (Emscripten without
  /// -pthread); under Emscripten with threads, the workers its pool holds plus one (a thread beyond the pool
  /// would not start before update() returns, and update() would wait for it forever); else kMaxThreads.
  static int maxThreads();
  /// Takes the transforms, updates the broad phase and the pair cache, sweeps bullets, fills the event arrays and
  /// optionally pushes bodies apart. Returns Ok, or the status of the first body refused (see rejected()).
  Status update();
  const UpdateStats& stats() const;
  /// What the world holds in memory now (see WorldMemory).
  WorldMemory memory() const;

  const BodyPair* beginEvents() const;
  int beginCount() const;
  const BodyPair* stayEvents() const;
  int stayCount() const;
  const BodyPair* endEvents() const;
  int endCount() const;
  /// One per touching pair, in event order: contact i belongs to beginEvents()[i] for i < beginCount(), then to
  /// stayEvents()[i - beginCount()]. Begins and stays are each in pair order (slot of A, then slot of B), and so
  /// are ends. kContactBegan marks the begins.
  const Contact* contacts() const;
  int contactCount() const;
  /// Part-level events: a shape pair (shapeA of A, shapeB of B) that began / stopped touching this update. A pair
  /// of single-shape bodies has the part events of its body events, with shapes 0 and 0; in a pair with a compound
  /// or concave body each touching part pair has its own, while the body pair's own events follow the bodies (a
  /// body pair stays while any part pair touches). When a body pair ends, each of its touching part pairs ends. A
  /// compound pair found only by CCD (stopped before its parts overlap) has body events but no part events. Order:
  /// by body pair as the body events (slot of A, then slot of B), then by shapeA, then shapeB.
  const PartEvent* partBeginEvents() const;
  int partBeginCount() const;
  const PartEvent* partEndEvents() const;
  int partEndCount() const;
  const ShapeContact* shapeContacts() const;
  int shapeContactCount() const;
  /// Bodies whose buffered transform update() refused (kept at their last valid transform).
  const RejectedBody* rejected() const;
  int rejectedCount() const;

  // ---- queries (masks per QueryFilter; the world as of the last update()) ---------------------------------------
  /// Closest hit along the ray; false when nothing is hit.
  bool raycastClosest(const RayCastInput& ray, const QueryFilter& filter, RayHit* out) const;
  /// Every body the ray hits (first entry per body), closest first. Writes up to capacity hits, returns the total.
  int raycastAll(const RayCastInput& ray, const QueryFilter& filter, RayHit* out, int capacity) const;
  /// Bodies containing the point. Writes up to capacity ids, returns the total.
  int queryPoint(Vec2 point, const QueryFilter& filter, BodyId* out, int capacity) const;
  /// Bodies whose bounds overlap the box.
  int queryAABB(const AABB& box, const QueryFilter& filter, BodyId* out, int capacity) const;
  /// Bodies overlapping a shape placed at xf.
  int queryShape(const Shape& shape, const Transform& xf, const QueryFilter& filter, BodyId* out,
                 int capacity) const;

  /// The first body a shape placed at xf hits when swept along `translation` (no rotation): hit.fraction in [0, 1]
  /// of the translation, hit.point the contact point and hit.normal the body's surface normal facing the shape, at
  /// the time of impact. A shape that overlaps a body at the start hits it at fraction 0 with a zero normal (and
  /// point xf.p). False when nothing is hit or the input is invalid.
  bool castShape(const Shape& shape, const Transform& xf, Vec2 translation, const QueryFilter& filter,
                 RayHit* out) const;
  /// Bodies overlapping a shape placed at xf, with the deepest part's normal and depth. Writes up to capacity
  /// entries, returns the total.
  int overlapShape(const Shape& shape, const Transform& xf, const QueryFilter& filter, ShapeOverlap* out,
                   int capacity) const;
  /// Closest points of two bodies (over their parts), as of the last update(). Ok, or the id's status.
  Status distance(BodyId a, BodyId b, BodyDistance* out) const;

  /// For tests: the fewest bodies or pairs in a chunk of update()'s threaded stages (0: the defaults, thousands),
  /// so that small scenes are split across the threads too.
  void setMinChunk(int items);
  /// For tests and tools: checks the internal invariants (broad phase, pair cache); false on the first violation.
  bool validate() const;

  struct Impl;

 private:
  Impl* impl_;
};

}  // namespace sat
