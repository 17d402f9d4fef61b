// World3's private state, shared by world3.cpp (bodies and the frame's stages), world3_query.cpp and
// world3_response.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "broadphase3.h"
#include "sat/3d/world3.h"

namespace sat {

/// Generations take the id bits above the slot; a slot whose generation would wrap is retired.
constexpr uint32_t kGeneration3Limit = 1u << (32 - kBody3SlotBits);

struct BodyShape3 {
  Shape3 shape;  ///< in the body frame
  AABB3 box{};   ///< world bounds as of the last sync
};

struct Body3 {
  BodyId id = kNullBody;  ///< kNullBody while the slot is free
  uint32_t generation = 0;
  BodyType type = BodyType::Dynamic;
  uint32_t userId = 0, group = 1, mask = 0xFFFFFFFFu;
  bool sensor = false;
  bool enabled = true;
  bool requery = false;  ///< look for new pairs at the next broad phase (new, re-inserted, enabled, refiltered)
  bool bullet = false;
  bool teleport = false;  ///< the next sync takes the transform without a sweep
  bool placed = false;    ///< an update() has taken the body (false: added since; its first sweep starts where it was created)
  float invMass = 1.0f;
  Transform3 xf{};  ///< the transform taken at the last update()
  Transform3 prevXf{};  ///< bullets: the transform before the last sync (the start of the sweep)
  AABB3 box{};      ///< union of the shapes' world bounds
  int proxy = BroadPhase3::kNull;
  uint64_t changeStamp = 0;  ///< World3::Impl::stamp when xf (or the shapes) last changed
  std::vector<BodyShape3> shapes;
};

/// A cached body pair: the fat boxes overlap and the filters pass. Slot a < slot b.
struct Pair3 {
  uint64_t key = 0;  ///< pairKey(a, b); 0 while the entry is free
  BodyId a = kNullBody, b = kNullBody;
  uint32_t cacheFirst = 0;  ///< SAT caches of the shape pairs, shapes(a) x shapes(b), in the cache pool
  uint32_t cacheCount = 0;
  uint64_t testStamp = 0;  ///< Impl::stamp when last collided
  Manifold3 manifold;      ///< the deepest touching shape pair's manifold (when touching)
  uint16_t shapeA = 0, shapeB = 0;
  bool touching = false;     ///< as reported at the last update()
  bool touchingNow = false;  ///< this update's narrow-phase verdict
  bool swept = false;        ///< this update's verdict came from a bullet's sweep (kContactSwept)
  bool remove = false;       ///< the narrow phase dropped the pair: the events stage frees it
};

/// World bounds of a hull, r = toMat3(xf.q): the same bits as computeAABB(hull, xf) (its reference), the vertices
/// placed three coordinates at a time.
AABB3 hullBounds(const Hull3& hull, const Transform3& xf, const Mat3& r);
/// World bounds of any shape: hullBounds for hulls, computeAABB for the rest.
AABB3 shapeBounds(const Shape3& shape, const Transform3& xf, const Mat3& r);

/// Ok when a shape holds what its maker would have made (queries take shapes from the caller).
Status checkShape3(const Shape3& shape);

inline uint64_t pairKey(BodyId a, BodyId b) {
  return (uint64_t(a) << 32) | uint64_t(b);
}

/// Open-addressing hash table from pair key to pair index (linear probing, backward-shift deletion): no allocation
/// except when it grows.
class PairTable3 {
 public:
  int find(uint64_t key) const;
  void insert(uint64_t key, uint32_t value);
  void erase(uint64_t key);
  int size() const { return count_; }

 private:
  struct Entry {
    uint64_t key = 0;
    uint32_t value = 0;
  };
  size_t slotOf(uint64_t key) const;
  void grow();
  std::vector<Entry> entries_;
  int count_ = 0;
};

struct World3::Impl {
  World3Options options;
  PushApartOptions push;
  std::vector<Body3> bodies;  ///< by slot; slot 0 unused so that no id is 0
  std::vector<uint32_t> freeSlots;
  std::vector<float> buffer;  ///< kTransform3Stride floats per slot
  int aliveCount = 0;
  uint64_t stamp = 1;
  BroadPhase3 broad;  ///< the tree or the hash grid (World3Options::broadPhase)

  std::vector<Pair3> pairs;
  std::vector<uint32_t> freePairs;
  PairTable3 pairTable;
  std::vector<SatCache3> cachePool;
  /// Free cache blocks, linked through the pool itself (a free block's first entry holds the next block, a large
  /// block's second entry its size), so releasing one never allocates: one list per small size, one for the rest.
  static constexpr int kCacheBuckets = 17;
  static constexpr uint32_t kNoBlock = 0xFFFFFFFFu;
  uint32_t freeCacheHeads[kCacheBuckets];
  uint32_t freeLargeCacheHead = kNoBlock;

  std::vector<uint32_t> requerySlots;  ///< the broad phase's move buffer
  std::vector<uint32_t> movedBullets;  ///< bullets whose transform the sync took (the sweeps' input)
  /// A bullet stopped by its sweep this update: the body it met and the closest points there.
  struct Sweep3 {
    uint32_t slot = 0;
    BodyId other = kNullBody;
    float toi = 1.0f;
    Vec3 normal{};  ///< unit, from the bullet towards the other body
    Vec3 pointBullet{}, pointOther{};
    uint16_t shapeBullet = 0, shapeOther = 0;
  };
  std::vector<Sweep3> sweeps;
  std::vector<BodyPair> begins, stays, ends;
  std::vector<Contact3> contacts;
  std::vector<RejectedBody3> rejectedBodies;
  UpdateStats3 stats;

  // Query scratch (queries are const but share it).
  mutable std::vector<BodyId> scratchIds;
  mutable std::vector<RayHit3> scratchHits;

  // ---- bodies ----
  Body3* find(BodyId id);
  const Body3* find(BodyId id) const;
  Status lookup(BodyId id) const;
  void writeBuffer(uint32_t slot, const Transform3& xf);
  Transform3 readBuffer(uint32_t slot) const;
  void computeBounds(Body3& body);
  AABB3 fatten(const AABB3& box) const;
  void insertProxy(uint32_t slot);
  void removeProxy(Body3& body);
  /// Re-inserts the proxy when the body's bounds left its fat box; true when it did.
  bool refreshProxy(uint32_t slot);
  bool shouldCollide(const Body3& a, const Body3& b) const;
  /// After a body's shapes changed: new bounds and proxy, and fresh SAT caches (sized shapes(a) x shapes(b)) for
  /// its pairs, which keep their touching state so that a pair still touching reports stay.
  void shapesChanged(uint32_t slot);

  // ---- the frame's stages ----
  void syncTransforms();
  void sweepBullets();
  void sweepBullet(uint32_t slot);
  bool applySweep(Pair3& pair) const;
  void updateBroadPhase();
  void addPair(uint32_t slotA, uint32_t slotB);
  void reservePairArrays(size_t count);
  void runNarrowPhase();
  void collidePair(Pair3& pair, const Body3& a, const Body3& b);
  void emitEvents();
  void freePair(uint32_t index);
  void pushApart();
  bool relaxContacts(bool recollide);
  float measureResidual() const;

  Impl();
  uint32_t link(uint32_t entry) const;
  void setLink(uint32_t entry, uint32_t value);
  uint32_t allocateCaches(uint32_t count);
  void releaseCaches(uint32_t first, uint32_t count);

  bool passes(const Body3& body, const QueryFilter& filter) const;
};

}  // namespace sat
