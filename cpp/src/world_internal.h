// Private: the world's storage. Per-body data is struct-of-arrays indexed by slot; polygon shapes keep their
// world-space vertices and normals in one pool, recomputed once per frame for bodies that moved, so the narrow
// phase runs SAT on ready world-space data (detail::collideCores) without transforming per pair.
#pragma once

#include <cstdint>
#include <vector>

#include "broadphase.h"
#include "id_map.h"
#include "placement.h"
#include "stage_clock.h"
#include "worker_pool.h"
#include "sat/dynamic_tree.h"
#include "sat/world.h"

namespace sat {

namespace detail {

enum BodyFlags : uint8_t {
  kAlive = 1,
  kEnabled = 2,
  kSensor = 4,
  kBullet = 8,
  kDirty = 16,     // transform or filter changed outside the buffer: resync at the next update
  kTeleport = 32,  // the next accepted transform change is a jump: not swept by CCD
  kNew = 64,       // added since the last update: a bullet's first sweep starts where it was created
  kMoved = 128,    // its transform changed at the last update (set by syncRange, cleared at the next one)
};

/// A bit per slot in 64-bit words (the per-frame slot sets of the pair search, read where a BodyHot record would
/// cost a cache line per slot).
inline void clearSlotBits(std::vector<uint64_t>& bits, uint32_t slotCount) {
  bits.assign((size_t(slotCount) + 63) / 64, 0u);
}
inline void setSlotBit(std::vector<uint64_t>& bits, uint32_t slot) { bits[slot >> 6] |= uint64_t(1) << (slot & 63u); }
inline bool hasSlotBit(const std::vector<uint64_t>& bits, uint32_t slot) {
  return (bits[slot >> 6] >> (slot & 63u)) & 1u;
}

/// Hot per-body data read by the pair loop: one cache line per body (the pair loop reaches body B at random).
struct alignas(64) BodyHot {
  AABB box;                 // tight world bounds
  AABB fat;                 // tree broad phase: the fattened bounds of its proxy (statics: the tight ones)
  BodyId id = 0;            // of the body in this slot (of the last one, for a free slot)
  uint32_t group = 0;
  uint32_t mask = 0;
  uint32_t shapeBegin = 0;
  uint16_t shapeCount = 0;
  BodyType type = BodyType::Static;
  uint8_t flags = 0;
  // The first shape's polygon data (a copy of its ShapeHot fields), so single-polygon pairs skip ShapeHot.
  uint32_t vert0 = 0;
  uint16_t count0 = 0;  // 0: the first shape is not a polygon
  uint8_t reversed0 = 0;
  float size0 = 0.0f;
};

/// Hot per-shape data. Polygons: world vertices at [vert, vert + count) of the pool, normals right after them.
/// Its world bounds and size are its body's (BodyHot::box, size0) when the body has one shape, else in
/// World::Impl::partBounds (see World::Impl::shapeBox).
struct ShapeHot {
  uint32_t vert = 0;     // pool offset (polygons), in both pools (local and world space)
  uint32_t local = 0;    // index into localPolygons (polygons) or smallShapes (the other shapes)
  uint32_t bounds = 0;   // bodies of several shapes: index into partBounds
  uint16_t count = 0;    // vertex count (polygons), 0 otherwise
  uint8_t type = 0;      // ShapeType
  uint8_t reversed = 0;  // mirrored transform: pool holds the ring reversed
  float localSize = 0.0f;  // world size for the contact tolerance (detail::placedSize) at unit scale
};

/// World bounds and size (for the contact tolerance, detail::placedSize) of one shape of a body of several.
struct PartBounds {
  AABB box;
  float size = 0.0f;
};

/// What the world keeps of a polygon shape besides its local vertices and normals (those are in the local pool):
/// the rest of a Polygon.
struct LocalPolygon {
  Vec2 centroid{0.0f, 0.0f};
  float boundingRadius = 0.0f;
  float area = 0.0f;
  AABB bounds{};
};

/// Polygon's private members, for the World's polygons that read the local pool in place instead of holding their
/// vertices (a Polygon keeps room for kInlineVertices inline: 176 bytes, where the pool holds 16 per vertex).
struct PolygonAccess {
  static LocalPolygon local(const Polygon& p) { return {p.centroid_, p.boundingRadius_, p.area_, p.bounds_}; }
  /// Makes *p (holding no vertices of its own) read `count` vertices and then their normals at `pool`.
  static void borrow(Polygon* p, const Vec2* pool, int count, const LocalPolygon& l) {
    p->heap_ = const_cast<Vec2*>(pool);  // never written through: the Polygon is const to its users
    p->count_ = count;
    p->centroid_ = l.centroid;
    p->boundingRadius_ = l.boundingRadius;
    p->area_ = l.area;
    p->bounds_ = l.bounds;
  }
  /// Undoes borrow(), so that *p frees nothing.
  static void unborrow(Polygon* p) {
    p->heap_ = nullptr;
    p->count_ = 0;
  }
};

/// A pair of bodies whose broad-phase boxes overlap.
struct Pair {
  uint32_t a = 0, b = 0;  // slots, a < b (a slot keeps its body's id until the pairs of a destroyed body ended)
  SatCache cache;         // shape pair (0, 0)
  uint8_t touching = 0;
  uint8_t fresh = 1;      // created this frame: must be tested even if neither body moved
  int32_t contact = -1;   // touching: its index in this frame's contacts in pair order (eventIndex maps it to
                          // the contact's place in event order); from mergeCandidates to the narrow phase, for a
                          // touching pair whose bodies did not move: its last contact's index in heldContacts
  uint64_t key() const { return (uint64_t(a) << 32) | b; }
};

/// Time of impact of two shapes moving from xf0 to xf1 (linear in position, angle and scale), by conservative
/// advancement on sat::distance. hit false when they do not come within `target` for t in [0, 1] or when they
/// already overlap at t = 0.
struct ToiResult {
  float t = 1.0f;
  bool hit = false;
  Vec2 normal{0.0f, 0.0f};  // from A to B at the time of impact
  Vec2 point{0.0f, 0.0f};
};
ToiResult timeOfImpact(const Shape& a, const Transform& a0, const Transform& a1, const Shape& b, const Transform& b0,
                       const Transform& b1, float target);
Transform interpolate(const Transform& x0, const Transform& x1, float t);

}  // namespace detail

struct World::Impl {
  WorldOptions options;
  PushApartOptions push;
  PairFilter pairFilter = nullptr;
  void* pairFilterContext = nullptr;
  uint32_t frame = 0;

  // ---- bodies, by slot
  detail::IdMap slotOfId;   // live bodies only
  BodyId lastId = 0;        // ids are issued in order: anything above this was never issued
  std::vector<detail::BodyHot> hot;
  std::vector<float> buffer;  // kTransformStride per slot: what the game writes
  // The last accepted buffer entry is xf's position and scale (kept as given) and lastAngle (xf keeps the rotation
  // as its cosine and sine): a buffer entry that differs from it in any bit is a change.
  std::vector<Transform> xf;
  std::vector<float> lastAngle;
  std::vector<int32_t> proxy;     // tree proxy (static tree for statics, moving tree otherwise) or -1
  std::vector<uint32_t> userIds;
  std::vector<float> mass;     // as given (kept while the body is not dynamic)
  std::vector<float> invMass;  // push-apart weight: 1 / mass for dynamic bodies, else 0
  std::vector<uint32_t> freeSlots;
  std::vector<uint32_t> pendingFree;  // destroyed since the last update: not reused until pairs are ended
  std::vector<uint32_t> created;      // added since the last update (kNew)
  int aliveCount = 0;
  uint32_t slotCount = 0;  // high-water mark

  // ---- shapes, by index (a body's are [shapeBegin, shapeBegin + shapeCount)); local: body frame, offsets baked in
  std::vector<detail::ShapeHot> shapeHot;
  std::vector<detail::PartBounds> partBounds;  // by ShapeHot::bounds, for bodies of several shapes
  std::vector<uint32_t> shapeUserData;
  std::vector<detail::LocalPolygon> localPolygons;  // by ShapeHot::local
  std::vector<Shape> smallShapes;  // circles, capsules, segments, by ShapeHot::local
  std::vector<Vec2> localVerts;    // local pool: per polygon, its vertices then its normals
  std::vector<Vec2> verts;         // world-space pool, laid out as the local one
  size_t deadShapes = 0, deadVerts = 0;

  // ---- broad phase
  DynamicTree staticTree;
  DynamicTree movingTree;  // Tree mode only
  detail::GridBroadPhase grid;
  detail::SapBroadPhase sap;
  bool membershipChanged = true;
  std::vector<uint32_t> moving;  // enabled non-static bodies this frame
  std::vector<detail::BoxEntry> movingBoxes;  // their boxes, gathered for the grid / sort-and-sweep
  std::vector<uint32_t> moved;   // bodies whose transform changed this frame
  std::vector<uint32_t> queryList;  // tree: proxies to query for new pairs
  std::vector<uint64_t> queryKeys, queryScratch;  // orderQueries scratch
  std::vector<uint64_t> queried;  // findTreePairs scratch: a bit per slot, set for the proxies it queries
  std::vector<uint32_t> staticMoved;
  std::vector<uint32_t> unbuilt;  // grid / sort-and-sweep: moving bodies added or enabled since the last rebuild

  // ---- pairs: sorted by key (a, b); this frame's broad-phase candidates are radix-sorted and merged in
  std::vector<detail::Pair> pairs, nextPairs;

  // This frame's candidate keys are candidates[0, candidateCount): the vector is raw storage (its size is its
  // capacity), so the grid can write keys without a capacity check per key.
  std::vector<uint64_t> candidates, candidateScratch;
  size_t candidateCount = 0;

  // ---- outputs
  std::vector<BodyPair> touchEvents;  // as contacts: the begin events [0, beginCount), then the stay events
  size_t beginCount = 0;
  std::vector<BodyPair> ends;
  std::vector<Contact> contacts;     // event order (after buildEvents)
  std::vector<uint32_t> eventIndex;  // pair-order index -> index in contacts
  // Scratch of two stages, both over contacts: from mergeCandidates to the narrow phase, last frame's contacts of
  // the touching pairs whose bodies did not move (the pair loop writes this frame's contacts over last frame's);
  // in buildEvents, the smaller of the begins and the stays while the other moves into place.
  std::vector<Contact> heldContacts;
  std::vector<uint64_t> movedBits;  // mergeCandidates: a bit per slot, set for the bodies in `moved`
  std::vector<ShapeContact> shapeContacts;
  // Part events (buildPartEvents). Touching pairs with a compound body keep their touching part pairs from frame
  // to frame as sorted keys (shapeA | shapeB << 16); single-shape pairs are told by their body events.
  struct PartTouch {
    uint64_t key;  // the pair's slots, as Pair::key()
    BodyId idA, idB;
    uint32_t first, count;  // narrowPhase: into shapeContacts; after buildPartEvents: into partKeys
    bool began;
  };
  std::vector<PartTouch> partTouch, prevPartTouch;  // by key
  std::vector<uint32_t> partKeys, prevPartKeys;
  std::vector<uint64_t> singleBeginKeys;   // narrowPhase: keys of the single-shape pairs that began (part events)
  std::vector<uint64_t> endKeys;           // narrowPhase: the key of each end event
  std::vector<PartEvent> partBegins, partEnds;
  uint32_t prefetchSink = 0;

  // ---- threads (setThreads): the pair loop and the geometry of moved bodies run over chunks, one task each.
  // A chunk writes its results to its own arrays (chunk 0 to the world's); they are joined in chunk order, so that
  // every output is what one thread would have written.
  int threads = 1;
  detail::WorkerPool pool;
  static constexpr size_t kChunksPerThread = 4;
  size_t minChunk = 0;  // World::setMinChunk; 0: the stage's own minimum
  /// Where the pair loop over one range of pairs writes, in pair order.
  struct NarrowOutput {
    std::vector<Contact>* contacts;
    std::vector<ShapeContact>* shapeContacts;
    std::vector<BodyPair>* ends;
    std::vector<uint64_t>* endKeys;
    std::vector<PartTouch>* partTouch;
    std::vector<uint64_t>* singleBeginKeys;
    int tests = 0;
    size_t began = 0;      // touching pairs that did not touch last frame
    size_t kept = 0;       // pairs kept, compacted to the front of the range
    uint32_t touched = 0;  // see prefetch() (world.cpp)
  };
  // Chunks start on cache lines of their own: two threads filling neighbouring chunks must not write to one line
  // (each push_back writes the chunk's array headers).
  struct alignas(64) NarrowChunk {
    size_t begin = 0, end = 0;                 // its range of nextPairs
    size_t pairAt = 0, contactAt = 0, shapeContactAt = 0;  // where its results go in the joined arrays
    std::vector<Contact> contacts;
    std::vector<ShapeContact> shapeContacts;
    std::vector<BodyPair> ends;
    std::vector<uint64_t> endKeys;
    std::vector<PartTouch> partTouch;
    std::vector<uint64_t> singleBeginKeys;
    NarrowOutput out{};
  };
  /// A moved bullet and its pose before this frame's change: CCD sweeps it from there (only bullets keep their
  /// previous pose).
  struct BulletMove {
    uint32_t slot;
    Transform from;
  };
  /// Where syncTransforms over one range of slots writes, in slot order.
  struct SyncOutput {
    std::vector<uint32_t>* moved;
    std::vector<uint32_t>* moving;
    std::vector<uint32_t>* queryList;
    std::vector<uint32_t>* staticMoved;
    std::vector<RejectedBody>* rejected;
    std::vector<BulletMove>* bullets;
  };
  struct alignas(64) SyncChunk {
    uint32_t begin = 0, end = 0;  // its range of slots
    std::vector<uint32_t> moved, moving, queryList, staticMoved;
    std::vector<RejectedBody> rejected;
    std::vector<BulletMove> bullets;
    SyncOutput out{};
  };
  std::vector<NarrowChunk> narrowChunks;  // sized by setThreads, never shrunk: no allocation per frame
  std::vector<SyncChunk> syncChunks;
  /// How many chunks a stage of `items` items is split into: 1 (the single-thread path) without workers or for
  /// small stages.
  int chunkCount(size_t items, size_t minPerChunk) const;  // keeps the WebAssembly stand-in for prefetches (world.cpp) from being optimized out
  std::vector<RejectedBody> rejected;
  UpdateStats stats;

  // ---- CCD
  struct SweptHit {
    uint32_t bullet, other;
    float toi;
    Vec2 normal, point;
  };
  std::vector<SweptHit> swept;
  std::vector<int32_t> sweptOf;  // per slot: index into swept of this bullet's hit, or -1
  struct BulletHit {
    float t = 2.0f;  // > 1: no hit
    uint32_t other = 0;
    detail::ToiResult result;
  };
  std::vector<BulletMove> bullets;     // syncTransforms: the moved bullets; sweepBullets keeps those it sweeps
  std::vector<BulletHit> bulletHits;   // and the first hit of each
  int bulletChunks = 1;

  // ---- query scratch
  mutable std::vector<uint32_t> queryStamp;
  mutable uint32_t queryCounter = 0;

  // world.cpp
  BodyId idOf(uint32_t slot) const { return hot[slot].id; }
  /// Ok with the body's slot, kStatusUnknownBody or kStatusRemovedBody.
  Status findBody(BodyId id, uint32_t* slot) const;
  // Body creation and shape edits, in stages (world_bodies.cpp).
  Status bakeShapes(const ShapeDef* defs, int count, std::vector<Shape>* baked) const;
  void compactShapePools();
  uint32_t allocateSlot();
  void initBody(uint32_t slot, const BodyDef& def);
  void appendShapes(uint32_t slot, std::vector<Shape>& baked, const ShapeDef* defs);
  void retireShapes(uint32_t slot);
  void refreshAfterEdit(uint32_t slot, bool shapesChanged);

  // world.cpp
  float worldSize(uint32_t shape, const detail::Stretch& stretch) const;

  Status checkId(BodyId id) const {
    uint32_t slot;
    return findBody(id, &slot);
  }
  void computeGeometry(uint32_t slot);
  /// World bounds and size of shape k of body h (a single shape's are the body's).
  const AABB& shapeBox(uint32_t k, const detail::BodyHot& h) const {
    return h.shapeCount == 1 ? h.box : partBounds[shapeHot[k].bounds].box;
  }
  float shapeSize(uint32_t k, const detail::BodyHot& h) const {
    return h.shapeCount == 1 ? h.size0 : partBounds[shapeHot[k].bounds].size;
  }
  AABB fatten(const AABB& b) const;
  void addProxy(uint32_t slot);
  void removeProxy(uint32_t slot);
  bool shouldCollide(uint32_t a, uint32_t b) const;
  void addPair(uint32_t a, uint32_t b);
  void sortCandidates();
  void syncTransforms();
  NarrowOutput ownNarrowOutput();
  SyncOutput ownSyncOutput();
  void syncRange(uint32_t begin, uint32_t end, const SyncOutput& out);
  void syncChunked(int chunks);
  void updateBroadPhase();
  void orderQueries();
  void findPairs();
  void findTreePairs();
  void mergeCandidates();
  void holdContact(detail::Pair& p);
  int sweptHitOf(uint32_t a, uint32_t b) const;
  bool testPair(detail::Pair& p, int sweptIndex, Contact& c, int* tests, std::vector<ShapeContact>* shapeOut);
  void fetchAhead(size_t i, size_t end, uint32_t* touched) const;
  void narrowPhase();
  void narrowRange(size_t begin, size_t end, NarrowOutput& out);
  void narrowChunked(int chunks);
  void joinNarrowChunks(int chunks);
  void copyNarrowChunk(int chunk);
  void buildEvents();
  void collectPartTouch(const detail::Pair& p, const Contact& c, bool compound, NarrowOutput& out) const;
  void buildPartEvents();
  void diffParts(const PartTouch* prev, const PartTouch* cur);
  bool touchesNow(uint64_t key, BodyId a, BodyId b) const;
  void beginFrame();
  void finishFrame();

  /// Grid / sort-and-sweep: gathers the moving bodies' boxes and rebuilds.
  void rebuildMoving();
  void setBufferFromXf(uint32_t slot, const Transform& t, float angle);
  /// The last accepted buffer entry of a slot (kTransformStride floats).
  void lastEntry(uint32_t slot, float* out) const {
    const Transform& t = xf[slot];
    out[0] = t.p.x;
    out[1] = t.p.y;
    out[2] = lastAngle[slot];
    out[3] = t.scale.x;
    out[4] = t.scale.y;
  }

  // world_narrow.cpp
  /// Collides two shapes of two bodies on their current world data.
  Manifold collideShapes(uint32_t sa, uint32_t sb, uint32_t bodyA, uint32_t bodyB, SatCache* cache) const;
  bool collideSingle(uint32_t a, uint32_t b, SatCache* cache, Contact* out) const;
  /// Body-level collision: fills the contact (normal, depth, points) and appends its shape contacts to
  /// shapeOut (none when null); false when apart.
  bool collideBodies(uint32_t a, uint32_t b, SatCache* cache, Contact* out,
                     std::vector<ShapeContact>* shapeOut) const;
  /// Compound bodies: the smallest translation of B along one of the candidate normals that separates every
  /// shape pair (re-tested), into out->normal / out->depth.
  void resolveCompound(uint32_t a, uint32_t b, const Vec2* directions, int directionCount, Contact* out) const;
  void project(uint32_t shape, uint32_t body, Vec2 n, float* lo, float* hi) const;

  // toi.cpp (sweeps) and world_response.cpp
  void sweepBullets();
  void findBulletHit(size_t i);
  void stopBullets();
  void pushApart();
  void measureResidual();
  bool pushable(uint32_t a, uint32_t b) const;  // a pair push-apart acts on
  void gatherPushedPairs();
  bool relaxPairs();
  bool relaxPair(uint32_t a, uint32_t b, SatCache* cache);
  void pushBody(uint32_t slot, Vec2 delta);
  std::vector<uint64_t> pushKeys;               // pushApart scratch: the pairs it relaxes
  std::vector<uint32_t> pushStamp;  // per slot: frame in which push-apart last moved the body
  std::vector<uint32_t> pushed;     // bodies push-apart moved this frame

  // world_query.cpp. The visitor is a function pointer and its context, not a template parameter: one copy of
  // each walk (trees, grid, sort-and-sweep) serves every query (cold code; the WebAssembly module's size counts).
  using SlotVisit = void (*)(void* context, uint32_t slot);
  using RaySlotVisit = float (*)(void* context, uint32_t slot);  // returns the ray's new maxFraction
  void forEachCandidate(const AABB& box, SlotVisit visit, void* context) const;
  void forEachRayCandidate(Vec2 origin, Vec2 translation, float maxFraction, RaySlotVisit visit, void* context) const;
  bool passes(uint32_t slot, const QueryFilter& filter) const;
};

/// One of the world's shapes as a Shape, for the core's functions. A small shape is copied; a polygon reads its
/// vertices and normals in the world's local pool (no copy), so a view must not outlive a change to the world's
/// shapes.
namespace detail {
class ShapeView {
 public:
  ShapeView(const World::Impl& w, uint32_t shape);
  ~ShapeView() {
    if (shape_.type == ShapeType::Polygon) detail::PolygonAccess::unborrow(&shape_.polygon);
  }
  ShapeView(const ShapeView&) = delete;
  ShapeView& operator=(const ShapeView&) = delete;
  const Shape& shape() const { return shape_; }

 private:
  Shape shape_;
};
}  // namespace detail

}  // namespace sat
