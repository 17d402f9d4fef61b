// The world's frame: the pipeline of update() and the pair cache. Bodies are created, edited and read in
// world_bodies.cpp.
//
// update() runs its stages in order, each a function of World::Impl:
//   syncTransforms    take changed entries of the transform buffer (validated per body); recompute the world
//                     geometry of moved bodies once (vertices, normals, bounds).
//   updateBroadPhase  tree: reinsert proxies that left their fat box; grid / sort-and-sweep: rebuild.
//   sweepBullets      CCD of moved bullets against everything they pass (toi.cpp).
//   findPairs         broad-phase overlaps as candidate keys; mergeCandidates: new ones into the sorted pair cache.
//   narrowPhase       every cached pair whose boxes still overlap is re-tested if a body moved (reusing its
//                     SatCache); pairs whose boxes separated, or with a removed / disabled body, leave the cache.
//   buildEvents       begin / stay / end events, and the contacts in event order.
//   pushApart         optional (world_response.cpp).
// On several threads (World::setThreads), syncTransforms and narrowPhase run their range functions (syncRange,
// narrowRange) over contiguous chunks of slots and pairs on the worker pool, and join the chunks' outputs in chunk
// order (syncChunked, narrowChunked): what one thread would have written, byte for byte. One thread runs the same
// range function over everything. sweepBullets finds each bullet's hit on its own (findBulletHit, split across the
// threads the same way) before stopping any.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "growth.h"
#include "index_sort.h"
#include "world_internal.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace sat {

using detail::BodyHot;
using detail::Pair;
using detail::ShapeHot;

// ---- statuses ----------------------------------------------------------------------------------------------------

const char* worldStatusName(Status status) {
  if (status == kStatusUnknownBody) return "UnknownBody";
  if (status == kStatusRemovedBody) return "RemovedBody";
  if (status == kStatusWorldFull) return "WorldFull";
  return statusName(status);
}

const char* worldStatusMessage(Status status) {
  if (status == kStatusUnknownBody) return "The body id was never issued by this world.";
  if (status == kStatusRemovedBody) return "The body was destroyed; its id is stale.";
  if (status == kStatusWorldFull) return "The world holds as many bodies or shapes as it can.";
  return statusMessage(status);
}

// ---- helpers -----------------------------------------------------------------------------------------------------

namespace {

// A polygon's world vertices and normals under rotation and uniform scale (normals only rotate), and its
// bounds, in one pass. Box corners never hold -0: a min / max over equal values may keep either zero depending
// on the order of comparisons, and the SIMD and scalar paths compare in different orders; adding +0 folds -0
// into +0, so every build gives the same bits.
//   x = sc lx - ss ly + px,  y = ss lx + sc ly + py   (sc, ss: scale times cos, sin)
// The SIMD path places two vertices per 128-bit vector (x0, y0, x1, y1): v * sc + swap(v) * (-ss, ss) + p rounds
// exactly like the scalar expression (a - b == a + (-b), and the sums only commute). Its minima are f32x4.pmin /
// pmax: V8 compiles a scalar float `x < m ? x : m` into a branch, which mispredicts here, as the extreme vertex
// of a polygon depends on its angle (measured: the bounds loop was about 6% of a 20k-body frame in WASM).
AABB placeUniform(const Transform& t, const Vec2* lv, const Vec2* ln, int n, Vec2* wv, Vec2* wn) {
  const float c = t.q.c, sn = t.q.s, sc = t.scale.x * t.q.c, ss = t.scale.x * t.q.s;
  const float px = t.p.x, py = t.p.y;
#if defined(__wasm_simd128__)
  const v128_t vSc = wasm_f32x4_splat(sc), vSs = wasm_f32x4_make(-ss, ss, -ss, ss);
  const v128_t vC = wasm_f32x4_splat(c), vS = wasm_f32x4_make(-sn, sn, -sn, sn);
  const v128_t vP = wasm_f32x4_make(px, py, px, py);
  v128_t lo = wasm_f32x4_splat(INFINITY), hi = wasm_f32x4_splat(-INFINITY);
  // v * a + swap(v) * b, swap exchanging x and y within each vertex: one rotation of two vertices.
  auto rotate = [](v128_t v, v128_t a, v128_t b) {
    return wasm_f32x4_add(wasm_f32x4_mul(v, a), wasm_f32x4_mul(wasm_i32x4_shuffle(v, v, 1, 0, 3, 2), b));
  };
  int i = 0;
  for (; i + 1 < n; i += 2) {
    const v128_t w = wasm_f32x4_add(rotate(wasm_v128_load(lv + i), vSc, vSs), vP);
    wasm_v128_store(wv + i, w);
    wasm_v128_store(wn + i, rotate(wasm_v128_load(ln + i), vC, vS));
    lo = wasm_f32x4_pmin(lo, w);
    hi = wasm_f32x4_pmax(hi, w);
  }
  if (i < n) {  // odd count: the last vertex in both halves
    const v128_t w = wasm_f32x4_add(rotate(wasm_v128_load64_splat(lv + i), vSc, vSs), vP);
    wasm_v128_store64_lane(wv + i, w, 0);
    wasm_v128_store64_lane(wn + i, rotate(wasm_v128_load64_splat(ln + i), vC, vS), 0);
    lo = wasm_f32x4_pmin(lo, w);
    hi = wasm_f32x4_pmax(hi, w);
  }
  const v128_t zero = wasm_f32x4_splat(0.0f);
  lo = wasm_f32x4_add(wasm_f32x4_pmin(lo, wasm_i32x4_shuffle(lo, lo, 2, 3, 0, 1)), zero);
  hi = wasm_f32x4_add(wasm_f32x4_pmax(hi, wasm_i32x4_shuffle(hi, hi, 2, 3, 0, 1)), zero);
  return {{wasm_f32x4_extract_lane(lo, 0), wasm_f32x4_extract_lane(lo, 1)},
          {wasm_f32x4_extract_lane(hi, 0), wasm_f32x4_extract_lane(hi, 1)}};
#else
  float minX = INFINITY, minY = INFINITY, maxX = -INFINITY, maxY = -INFINITY;
  for (int i = 0; i < n; ++i) {
    const float x = sc * lv[i].x - ss * lv[i].y + px;
    const float y = ss * lv[i].x + sc * lv[i].y + py;
    wv[i] = {x, y};
    wn[i] = {c * ln[i].x - sn * ln[i].y, sn * ln[i].x + c * ln[i].y};
    minX = x < minX ? x : minX;
    maxX = x > maxX ? x : maxX;
    minY = y < minY ? y : minY;
    maxY = y > maxY ? y : maxY;
  }
  return {{minX + 0.0f, minY + 0.0f}, {maxX + 0.0f, maxY + 0.0f}};
#endif
}

// Starts loading the cache line at p. WebAssembly has no prefetch instruction (Emscripten drops
// __builtin_prefetch), so there it is a plain load whose byte goes to a sink the compiler must keep (narrowPhase
// issues these in batches, so that their misses overlap one another).
inline void prefetch(const void* p, uint32_t* sink) {
#if defined(__EMSCRIPTEN__)
  *sink += *static_cast<const volatile uint8_t*>(p);
#else
  (void)sink;
  __builtin_prefetch(p);
#endif
}

// Whether two transform-buffer entries differ in any bit (so -0 vs +0 and NaN payloads count as changes, as with
// memcmp). A fixed-size word compare inlines everywhere; Emscripten's memcmp is a call into a byte loop.
inline bool bitsDiffer(const float* a, const float* b) {
  uint32_t wa[kTransformStride], wb[kTransformStride];
  std::memcpy(wa, a, sizeof wa);
  std::memcpy(wb, b, sizeof wb);
  uint32_t diff = 0;
  for (int i = 0; i < kTransformStride; ++i) diff |= wa[i] ^ wb[i];
  return diff != 0;
}

}  // namespace

Status World::Impl::findBody(BodyId id, uint32_t* slot) const {
  if (id == kNullBody || id > lastId) return kStatusUnknownBody;
  const int64_t found = slotOfId.find(id);
  if (found < 0) return kStatusRemovedBody;  // issued, and no longer alive
  *slot = uint32_t(found);
  return Status::Ok;
}

void World::Impl::computeGeometry(uint32_t slot) {
  const Transform& t = xf[slot];
  BodyHot& h = hot[slot];
  const bool mirror = t.scale.x * t.scale.y < 0.0f;
  const bool uniform = t.scale.x == t.scale.y && t.scale.x > 0.0f;
  const detail::Stretch stretch = detail::stretchOf(t.scale);
  const float radiusScale = stretch.radiusScale;
  const bool uniformSize = stretch.uniform();
  AABB body{};
  float firstSize = 0.0f;
  for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
    ShapeHot& sk = shapeHot[k];
    AABB box;
    if (sk.count > 0) {
      const int n = sk.count;
      const Vec2* lv = &localVerts[sk.vert];
      const Vec2* ln = lv + n;
      Vec2* wv = &verts[sk.vert];
      Vec2* wn = wv + n;
      if (uniform) {
        box = placeUniform(t, lv, ln, n, wv, wn);
      } else {
        for (int i = 0; i < n; ++i) wv[i] = transformPoint(t, lv[mirror ? n - 1 - i : i]);
        // Normals from the local ones (direction of M^-T n, M = R diag(sx, sy)), not from the placed vertices: a
        // short edge of a stretched polygon can round to a single point in world space and still has a direction.
        // Mirrored, the pool holds the ring reversed (detail::mirroredEdge maps its edges to the local ones).
        const float sign = mirror ? -1.0f : 1.0f;
        for (int i = 0; i < n; ++i) {
          const int e = mirror ? detail::mirroredEdge(i, n) : i;
          const Vec2 m{t.scale.y * ln[e].x, t.scale.x * ln[e].y};
          wn[i] = sign * normalize(rotate(t.q, m));
        }
        float minX = wv[0].x, maxX = wv[0].x, minY = wv[0].y, maxY = wv[0].y;
        for (int i = 1; i < n; ++i) {
          minX = std::fmin(minX, wv[i].x);
          maxX = std::fmax(maxX, wv[i].x);
          minY = std::fmin(minY, wv[i].y);
          maxY = std::fmax(maxY, wv[i].y);
        }
        // fmin / fmax may return either zero of a -0 / +0 tie (libm differs): fold as placeUniform does.
        box = {{minX + 0.0f, minY + 0.0f}, {maxX + 0.0f, maxY + 0.0f}};
      }
      sk.reversed = mirror ? 1 : 0;
    } else {
      box = computeAABB(smallShapes[sk.local], t);
    }
    // collide()'s size (detail::scaledSize): the cached unit-scale size times the scale when that is exact.
    const float size = uniformSize ? sk.localSize * radiusScale : worldSize(k, stretch);
    if (h.shapeCount > 1) partBounds[sk.bounds] = {box, size};
    if (k == h.shapeBegin) {
      body = box;
      firstSize = size;
    } else {
      body = unionOf(body, box);
    }
  }
  const ShapeHot& first = shapeHot[h.shapeBegin];
  h.box = body;
  h.vert0 = first.vert;
  h.count0 = first.count;
  h.reversed0 = first.reversed;
  h.size0 = firstSize;
}

float World::Impl::worldSize(uint32_t shape, const detail::Stretch& stretch) const {
  return detail::scaledSize(detail::ShapeView(*this, shape).shape(), stretch);
}

detail::ShapeView::ShapeView(const World::Impl& w, uint32_t shape) {
  const ShapeHot& h = w.shapeHot[shape];
  if (h.count == 0) {
    shape_ = w.smallShapes[h.local];
    return;
  }
  shape_.type = ShapeType::Polygon;
  PolygonAccess::borrow(&shape_.polygon, &w.localVerts[h.vert], h.count, w.localPolygons[h.local]);
}

AABB World::Impl::fatten(const AABB& b) const {
  const float w = b.upper.x - b.lower.x, h = b.upper.y - b.lower.y;
  const float m = options.treeMargin * (w > h ? w : h);
  return {{b.lower.x - m, b.lower.y - m}, {b.upper.x + m, b.upper.y + m}};
}

void World::Impl::addProxy(uint32_t slot) {
  if (proxy[slot] >= 0) return;
  if (hot[slot].type == BodyType::Static) {
    hot[slot].fat = hot[slot].box;
    proxy[slot] = staticTree.createProxy(hot[slot].box, slot);
  } else if (options.broadPhase == BroadPhaseType::Tree) {
    hot[slot].fat = fatten(hot[slot].box);
    proxy[slot] = movingTree.createProxy(hot[slot].fat, slot);
  } else {
    proxy[slot] = 0;  // rebuilt per frame; 0 marks "in the broad phase"
    unbuilt.push_back(slot);  // queries find it here until the next rebuild
  }
  membershipChanged = true;
}

void World::Impl::removeProxy(uint32_t slot) {
  if (proxy[slot] < 0) return;
  if (hot[slot].type == BodyType::Static) {
    staticTree.destroyProxy(proxy[slot]);
  } else if (options.broadPhase == BroadPhaseType::Tree) {
    movingTree.destroyProxy(proxy[slot]);
  }
  proxy[slot] = -1;
  membershipChanged = true;
}

bool World::Impl::shouldCollide(uint32_t a, uint32_t b) const {
  const BodyHot& ha = hot[a];
  const BodyHot& hb = hot[b];
  constexpr uint8_t live = detail::kAlive | detail::kEnabled;
  if ((ha.flags & live) != live || (hb.flags & live) != live) return false;
  if (ha.type != BodyType::Dynamic && hb.type != BodyType::Dynamic) {
    if (ha.type == BodyType::Static && hb.type == BodyType::Static) return false;
    if (!options.kinematicPairs) return false;
  }
  return (ha.group & hb.mask) != 0 && (hb.group & ha.mask) != 0;
}

void World::Impl::addPair(uint32_t a, uint32_t b) {
  if (a == b) return;
  if (candidateCount == candidates.size()) {
    detail::resizeFor(candidates, candidates.size() < 64 ? 64 : candidates.size() + candidates.size() / 4);
  }
  candidates[candidateCount++] = a < b ? (uint64_t(a) << 32) | b : (uint64_t(b) << 32) | a;
}

void World::Impl::sortCandidates() { detail::sortPairKeys(candidates.data(), candidateCount, slotCount, &candidateScratch); }

void World::Impl::setBufferFromXf(uint32_t slot, const Transform& t, float angle) {
  float* b = &buffer[size_t(slot) * kTransformStride];
  b[0] = t.p.x;
  b[1] = t.p.y;
  b[2] = angle;
  b[3] = t.scale.x;
  b[4] = t.scale.y;
  lastAngle[slot] = angle;
}

// ---- frame -------------------------------------------------------------------------------------------------------

void World::Impl::syncTransforms() {
  moved.clear();
  moving.clear();
  queryList.clear();
  staticMoved.clear();
  bullets.clear();
  detail::reserveFor(moved, slotCount);  // each holds some of the slots, once
  detail::reserveFor(moving, slotCount);
  const int chunks = chunkCount(slotCount, 4096);
  if (chunks <= 1) {
    syncRange(0, slotCount, ownSyncOutput());
  } else {
    syncChunked(chunks);
  }
}

World::Impl::SyncOutput World::Impl::ownSyncOutput() {
  return {&moved, &moving, &queryList, &staticMoved, &rejected, &bullets};
}

// Slots [begin, end): takes each changed buffer entry (or refuses it) and places the body's world geometry. Writes
// only these slots' records and `out`.
void World::Impl::syncRange(uint32_t begin, uint32_t end, const SyncOutput& out) {
  const bool tree = options.broadPhase == BroadPhaseType::Tree;  // only the tree has a query list
  for (uint32_t slot = begin; slot < end; ++slot) {
    BodyHot& h = hot[slot];
    if (!(h.flags & detail::kAlive)) continue;
    float* b = &buffer[size_t(slot) * kTransformStride];
    float l[kTransformStride];
    lastEntry(slot, l);
    const bool dirty = (h.flags & detail::kDirty) != 0;
    bool changed = dirty;
    // Where CCD sweeps the body from: its pose before this change. A body flagged for a resync (filter change,
    // enable, push-apart) without a new transform has no motion to sweep, nor has a teleport.
    Transform from = xf[slot];
    if (bitsDiffer(b, l)) {
      const Transform next = makeTransform(b[0], b[1], b[2], b[3], b[4]);
      const Status s = std::isfinite(b[2]) ? checkTransform(next) : Status::InvalidTransform;
      if (s != Status::Ok) {
        out.rejected->push_back({idOf(slot), s});
        std::memcpy(b, l, sizeof(float) * kTransformStride);
      } else {
        if (h.flags & detail::kTeleport) from = next;
        xf[slot] = next;
        lastAngle[slot] = b[2];
        computeGeometry(slot);
        changed = true;
      }
    }
    h.flags &= uint8_t(~(detail::kDirty | detail::kTeleport | detail::kMoved));
    const bool enabled = (h.flags & detail::kEnabled) != 0;
    if (changed) {
      h.flags |= detail::kMoved;
      out.moved->push_back(slot);
      if (enabled && h.type == BodyType::Static) out.staticMoved->push_back(slot);
      if (dirty && enabled && tree) out.queryList->push_back(slot);
      if (h.flags & detail::kBullet) out.bullets->push_back({slot, from});
    }
    if (enabled && h.type != BodyType::Static) out.moving->push_back(slot);
  }
}

namespace {
template <typename T>
void append(std::vector<T>& to, const std::vector<T>& from) {
  to.insert(to.end(), from.begin(), from.end());
}
}  // namespace

// syncRange over equal ranges of slots on the workers; chunk 0 writes the world's lists, the others are appended
// in slot order.
void World::Impl::syncChunked(int chunks) {
  for (int k = 0; k < chunks; ++k) {
    SyncChunk& c = syncChunks[size_t(k)];
    c.begin = uint32_t(uint64_t(slotCount) * uint64_t(k) / uint64_t(chunks));
    c.end = uint32_t(uint64_t(slotCount) * uint64_t(k + 1) / uint64_t(chunks));
    c.moved.clear();
    c.moving.clear();
    c.queryList.clear();
    c.staticMoved.clear();
    c.rejected.clear();
    c.bullets.clear();
    c.out = k == 0 ? ownSyncOutput()
                   : SyncOutput{&c.moved, &c.moving, &c.queryList, &c.staticMoved, &c.rejected, &c.bullets};
  }
  pool.run(chunks, [](void* context, int k) {
    Impl& w = *static_cast<Impl*>(context);
    const SyncChunk& c = w.syncChunks[size_t(k)];
    w.syncRange(c.begin, c.end, c.out);
  }, this);
  for (int k = 1; k < chunks; ++k) {
    const SyncChunk& c = syncChunks[size_t(k)];
    append(moved, c.moved);
    append(moving, c.moving);
    append(queryList, c.queryList);
    append(staticMoved, c.staticMoved);
    append(rejected, c.rejected);
    append(bullets, c.bullets);
  }
}

int World::Impl::chunkCount(size_t items, size_t minPerChunk) const {
  // Constant in a build without threads, so the chunked stages and their joins are left out of it.
  if (!detail::WorkerPool::available() || threads <= 1) return 1;
  if (minChunk > 0) minPerChunk = minChunk;
  // A few chunks per thread, taken as the threads come free: a thread slowed by other work takes fewer.
  const size_t most = size_t(threads) * kChunksPerThread, byItems = items / minPerChunk;
  const size_t n = byItems < most ? byItems : most;
  return n < 2 ? 1 : int(n);
}

void World::Impl::updateBroadPhase() {
  for (uint32_t slot : moved) {
    if (proxy[slot] < 0) continue;
    if (hot[slot].type == BodyType::Static) {
      hot[slot].fat = hot[slot].box;
      staticTree.moveProxy(proxy[slot], hot[slot].box);
    } else if (options.broadPhase == BroadPhaseType::Tree && !contains(hot[slot].fat, hot[slot].box)) {
      // Only a body that left its fat box changes the tree; its new box is queried for pairs (findPairs).
      hot[slot].fat = fatten(hot[slot].box);
      movingTree.enlargeProxy(proxy[slot], hot[slot].fat);
      queryList.push_back(slot);
    }
  }
  if (options.broadPhase == BroadPhaseType::Tree) {
    movingTree.rebuild();
  } else {
    rebuildMoving();
  }
  membershipChanged = false;
}

void World::Impl::rebuildMoving() {
  unbuilt.clear();
  movingBoxes.clear();
  detail::reserveFor(movingBoxes, moving.size());
  for (uint32_t slot : moving) movingBoxes.push_back({hot[slot].box, slot});
  if (options.broadPhase == BroadPhaseType::Grid) {
    grid.build(movingBoxes.data(), int(movingBoxes.size()), options.gridCellSize);
  } else {
    sap.build(movingBoxes.data(), int(movingBoxes.size()), membershipChanged);
  }
}

namespace {
// Spreads the low 16 bits of v to the even bits.
inline uint32_t spreadBits(uint32_t v) {
  v &= 0xFFFFu;
  v = (v | (v << 8)) & 0x00FF00FFu;
  v = (v | (v << 4)) & 0x0F0F0F0Fu;
  v = (v | (v << 2)) & 0x33333333u;
  v = (v | (v << 1)) & 0x55555555u;
  return v;
}
}  // namespace

// Tree: puts the proxies to query in Morton (Z) order of their fat boxes' centers, so that successive queries walk
// mostly the same nodes while they are still in cache (in slot order each query starts cold: the tree walks were
// bound by cache misses on nodes). Only the order of the candidates changes, and they are sorted before use.
void World::Impl::orderQueries() {
  const size_t n = queryList.size();
  if (n < 64) return;
  AABB bounds = hot[queryList[0]].fat;
  for (uint32_t slot : queryList) bounds = unionOf(bounds, hot[slot].fat);
  const float w = bounds.upper.x - bounds.lower.x, h = bounds.upper.y - bounds.lower.y;
  const float sx = w > 0.0f ? 65535.0f / w : 0.0f, sy = h > 0.0f ? 65535.0f / h : 0.0f;
  queryKeys.resize(n);
  queryScratch.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const AABB& b = hot[queryList[i]].fat;
    const float cx = 0.5f * (b.lower.x + b.upper.x) - bounds.lower.x, cy = 0.5f * (b.lower.y + b.upper.y) - bounds.lower.y;
    const uint32_t qx = uint32_t(std::fmin(std::fmax(cx * sx, 0.0f), 65535.0f));
    const uint32_t qy = uint32_t(std::fmin(std::fmax(cy * sy, 0.0f), 65535.0f));
    queryKeys[i] = (uint64_t(spreadBits(qx) | (spreadBits(qy) << 1)) << 32) | queryList[i];
  }
  // LSD radix sort on the code (the high 32 bits), 8 bits a pass.
  uint64_t* src = queryKeys.data();
  uint64_t* dst = queryScratch.data();
  for (int shift = 32; shift < 64; shift += 8) {
    uint32_t counts[256] = {};
    for (size_t i = 0; i < n; ++i) ++counts[(src[i] >> shift) & 0xFFu];
    uint32_t sum = 0;
    for (uint32_t& c : counts) {
      const uint32_t t = c;
      c = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) dst[counts[(src[i] >> shift) & 0xFFu]++] = src[i];
    std::swap(src, dst);
  }
  for (size_t i = 0; i < n; ++i) queryList[i] = uint32_t(src[i] & 0xFFFFFFFFu);
}

// Tree: each proxy on the query list (it left its fat box, was flagged, or was stopped by CCD) is queried with its
// fat box against the moving tree and the static tree; each moved static body against the moving tree. A pair of
// two queried proxies is reported once, by the query of the smaller slot: the larger one skips queried partners of
// a lower slot (as Box2D v3 skips a moved proxy's moved partners of lower key), and the boxes are the same both
// ways, so the other query finds the pair. What is reported twice anyway (a pair already cached, a slot listed
// twice) the sort and merge drop.
void World::Impl::findTreePairs() {
  orderQueries();
  detail::clearSlotBits(queried, slotCount);
  auto queriesMovingTree = [this](uint32_t slot) { return proxy[slot] >= 0 && hot[slot].type != BodyType::Static; };
  for (uint32_t slot : queryList) {
    if (queriesMovingTree(slot)) detail::setSlotBit(queried, slot);
  }
  for (uint32_t slot : queryList) {
    if (!queriesMovingTree(slot)) continue;
    const AABB q = hot[slot].fat;
    movingTree.query(q, [&](int p) {
      const uint32_t other = movingTree.userData(p);
      if (other < slot ? !detail::hasSlotBit(queried, other) : other > slot) addPair(slot, other);
      return true;
    });
    staticTree.query(q, [&](int p) {
      addPair(slot, staticTree.userData(p));
      return true;
    });
  }
  for (uint32_t slot : staticMoved) {
    movingTree.query(hot[slot].box, [&](int p) {
      addPair(slot, movingTree.userData(p));
      return true;
    });
  }
}

void World::Impl::findPairs() {
  auto report = [this](uint32_t a, uint32_t b) { addPair(a, b); };
  // Tree: fat boxes (the pair must exist while the body moves inside its fat box unqueried); else tight boxes.
  const bool tree = options.broadPhase == BroadPhaseType::Tree;
  auto addWithStatic = [this, tree](uint32_t slot) {
    staticTree.query(tree ? hot[slot].fat : hot[slot].box, [&](int p) {
      addPair(slot, staticTree.userData(p));
      return true;
    });
  };
  if (tree) {
    findTreePairs();
    return;
  }
  if (options.broadPhase == BroadPhaseType::Grid) {
    candidateCount = grid.findPairs(&candidates, candidateCount);
    for (uint32_t slot : staticMoved) grid.query(hot[slot].box, [&](uint32_t o) { addPair(slot, o); });
  } else {
    sap.findPairs(report);
    for (uint32_t slot : staticMoved) sap.query(hot[slot].box, [&](uint32_t o) { addPair(slot, o); });
  }
  for (uint32_t slot : moved) {
    if (proxy[slot] >= 0 && hot[slot].type != BodyType::Static) addWithStatic(slot);
  }
}

// A touching pair whose bodies did not move keeps last frame's contact without a test: it is copied aside here,
// before the narrow phase writes this frame's contacts over last frame's, and the pair points to the copy.
__attribute__((always_inline)) inline void World::Impl::holdContact(Pair& p) {
  if (detail::hasSlotBit(movedBits, p.a) || detail::hasSlotBit(movedBits, p.b)) {
    p.contact = -1;
    return;
  }
  heldContacts.push_back(contacts[eventIndex[size_t(p.contact)]]);
  p.contact = int32_t(heldContacts.size() - 1);
}

// Merges this frame's sorted candidate keys into the sorted pair list: new keys the filters admit become fresh
// pairs, keys already cached keep their pair (and its SAT cache and touching state).
void World::Impl::mergeCandidates() {
  sortCandidates();
  nextPairs.clear();
  heldContacts.clear();
  detail::clearSlotBits(movedBits, slotCount);
  for (uint32_t slot : moved) detail::setSlotBit(movedBits, slot);
  const size_t pairCount = pairs.size();
  size_t pi = 0, ci = 0;
  for (;;) {
    if (pi < pairCount && (ci >= candidateCount || pairs[pi].key() <= candidates[ci])) {
      const uint64_t k = pairs[pi].key();
      while (ci < candidateCount && candidates[ci] == k) ++ci;  // already cached
      nextPairs.push_back(pairs[pi]);
      if (pairs[pi].touching) holdContact(nextPairs.back());
      ++pi;
    } else if (ci < candidateCount) {
      const uint64_t k = candidates[ci];
      while (ci < candidateCount && candidates[ci] == k) ++ci;
      const uint32_t ka = uint32_t(k >> 32), kb = uint32_t(k & 0xFFFFFFFFu);
      if (!shouldCollide(ka, kb)) continue;
      if (pairFilter != nullptr && !pairFilter(pairFilterContext, idOf(ka), idOf(kb))) continue;
      Pair fresh;
      fresh.a = ka;
      fresh.b = kb;
      fresh.contact = -1;
      nextPairs.push_back(fresh);
    } else {
      break;
    }
  }
  candidateCount = 0;
}

// The bullet hit CCD found for this pair, or -1.
__attribute__((always_inline)) inline int World::Impl::sweptHitOf(uint32_t a, uint32_t b) const {
  if (swept.empty()) return -1;
  const int32_t ka = sweptOf[a], kb = sweptOf[b];
  if (kb >= 0 && swept[size_t(kb)].other == a) return kb;
  if (ka >= 0 && swept[size_t(ka)].other == b) return ka;
  return -1;
}

// Tests one cached pair whose bodies moved (or that is new, compound or swept) into c; returns whether it touches.
// This and the pair loop's other helpers are forced inline: left as calls, the loop ran about 6% slower (g++ -O3,
// the 20,000-body scene of bench_world).
__attribute__((always_inline)) inline bool World::Impl::testPair(Pair& p, int sweptIndex, Contact& c, int* tests,
                                                                std::vector<ShapeContact>* shapeOut) {
  const BodyHot& ha = hot[p.a];
  const BodyHot& hb = hot[p.b];
  bool touching = false;
  if (overlaps(ha.box, hb.box)) {
    ++*tests;
    // A pair touching last frame most likely still touches: the cached axis would not separate it and trying
    // it first costs a face scan. Separated pairs use (and refresh) the cache.
    touching = collideBodies(p.a, p.b, p.touching ? nullptr : &p.cache, &c, shapeOut);
  }
  c.toi = 1.0f;
  if (sweptIndex >= 0) {
    const SweptHit& sh = swept[size_t(sweptIndex)];
    if (!touching) {
      // Stopped just short of contact: report the swept contact (normal from A to B).
      c.normal = sh.bullet == p.a ? sh.normal : -sh.normal;
      c.depth = 0.0f;
      c.pointCount = 1;
      c.points[0].point = sh.point;
      c.points[0].depth = 0.0f;
      c.points[0].id = 0;
      c.shapeContactCount = 0;
      touching = true;
    }
    c.toi = sh.toi;
  }
  c.a = ha.id;
  c.b = hb.id;
  uint8_t flags = sweptIndex >= 0 ? kContactSwept : 0u;
  if ((ha.flags | hb.flags) & detail::kSensor) flags |= kContactSensor;
  c.flags = flags;
  return touching;
}

// Loads body B's record and geometry of the pairs a little ahead of pair i, up to n, the end of its range (pairs
// past it may be another thread's, being rewritten) (see narrowPhase). Geometry: vertices then normals, 16 * count bytes (at most three cache lines): their first, middle and last points; only for bodies
// with polygon geometry, and only addresses inside the polygon's own data (in WebAssembly these are real loads).
__attribute__((always_inline)) inline void World::Impl::fetchAhead(size_t i, size_t n, uint32_t* touched) const {
  auto fetchGeometry = [&](const detail::BodyHot& hb) {
    if (hb.count0 == 0) return;
    const Vec2* v = verts.data() + hb.vert0;
    prefetch(v, touched);
    prefetch(v + hb.count0, touched);
    prefetch(v + 2 * hb.count0 - 1, touched);
  };
#if defined(__EMSCRIPTEN__)
  constexpr size_t kBatch = 32;
  if (i % kBatch == 0) {
    for (size_t k = i + 2 * kBatch, e = std::min(n, i + 3 * kBatch); k < e; ++k) prefetch(&hot[nextPairs[k].b], touched);
    for (size_t k = i + kBatch, e = std::min(n, i + 2 * kBatch); k < e; ++k) fetchGeometry(hot[nextPairs[k].b]);
  }
#else
  constexpr size_t kAheadBody = 12, kAheadGeometry = 6;
  if (i + kAheadBody < n) prefetch(&hot[nextPairs[i + kAheadBody].b], touched);
  if (i + kAheadGeometry < n) fetchGeometry(hot[nextPairs[i + kAheadGeometry].b]);
#endif
}

// Every cached pair, compacting survivors in place: a pair leaves when its boxes separate or a body is gone,
// disabled or filtered out. Touching pairs write their contact (in pair order, kContactBegan when the pair did not
// touch last frame); pairs that stop touching go to `ends`. A pair whose bodies did not move keeps last frame's
// contact without a test.
//
// Bodies are visited in slot order for A but at random for B: the loop is bound by memory latency, not
// arithmetic, so B's data is fetched ahead. Natively a prefetch a few pairs ahead does it. WebAssembly has no
// prefetch (Emscripten drops __builtin_prefetch) and its stand-in is a real load, which holds up the instructions
// behind it until it completes; so there the loads are batched: every kBatch pairs, one tight loop touches the
// bodies of the pairs two batches ahead and another the geometry of those one batch ahead. Loads issued back to
// back overlap, so a batch waits for about one memory latency instead of one per pair.
void World::Impl::narrowPhase() {
  ends.clear();
  endKeys.clear();
  singleBeginKeys.clear();
  prevPartTouch.swap(partTouch);
  partTouch.clear();
  prevPartKeys.swap(partKeys);
  contacts.clear();  // what the pair loop reuses of them is in heldContacts
  shapeContacts.clear();
  const size_t n = nextPairs.size();
  const int chunks = chunkCount(n, 2048);
  if (chunks <= 1) {
    NarrowOutput out = ownNarrowOutput();
    narrowRange(0, n, out);
    nextPairs.resize(out.kept);
    pairs.swap(nextPairs);
    prefetchSink = out.touched;
    stats.narrowTests = out.tests;
    beginCount = out.began;
  } else {
    narrowChunked(chunks);
  }
  stats.candidatePairs = int(pairs.size());
  stats.touchingPairs = int(contacts.size());
}

World::Impl::NarrowOutput World::Impl::ownNarrowOutput() {
  NarrowOutput out;
  out.contacts = &contacts;
  out.shapeContacts = &shapeContacts;
  out.ends = &ends;
  out.endKeys = &endKeys;
  out.partTouch = &partTouch;
  out.singleBeginKeys = &singleBeginKeys;
  return out;
}

// The pair loop over nextPairs[begin, end). Survivors are compacted in place to the front of the range; results go
// to `out` in pair order. Reads the world; writes only this range of pairs and `out` (so ranges can run at once).
void World::Impl::narrowRange(size_t begin, size_t end, NarrowOutput& out) {
  const bool tree = options.broadPhase == BroadPhaseType::Tree;
  int tests = 0;
  size_t kept = begin, began = 0;
  uint32_t touched = 0;  // see prefetch()
  std::vector<Contact>& contactsOut = *out.contacts;
  for (size_t i = begin; i < end; ++i) {
    fetchAhead(i, end, &touched);
    Pair p = nextPairs[i];
    const uint32_t a = p.a, b = p.b;
    // Slots are not reused before this loop has seen their pairs (pendingFree), so alive + enabled suffices.
    bool keep = shouldCollide(a, b);
    const int sweptIndex = keep ? sweptHitOf(a, b) : -1;
    const detail::BodyHot& ha = hot[a];
    const detail::BodyHot& hb = hot[b];
    if (keep && sweptIndex < 0) keep = tree ? overlaps(ha.fat, hb.fat) : overlaps(ha.box, hb.box);
    if (!keep) {
      if (p.touching) {
        out.ends->push_back({ha.id, hb.id});
        out.endKeys->push_back(p.key());
      }
      continue;
    }
    const bool needsTest = p.fresh || ((ha.flags | hb.flags) & detail::kMoved) ||
                           ha.shapeCount > 1 || hb.shapeCount > 1 || sweptIndex >= 0;
    const size_t at = contactsOut.size();
    detail::reserveFor(contactsOut, at + 1);  // not push_back's doubling
    bool touching = p.touching != 0;
    if (needsTest) {
      // The test writes its contact in place, dropped if apart: written field by field into a scratch record and
      // then copied whole, the copy stalled on store forwarding (as the pair record below did).
      touching = testPair(p, sweptIndex, contactsOut.emplace_back(), &tests, out.shapeContacts);
      if (!touching) contactsOut.pop_back();
    } else if (touching) {
      contactsOut.push_back(heldContacts[size_t(p.contact)]);  // see holdContact
    }
    p.contact = -1;
    if (touching) {
      Contact& c = contactsOut[at];
      c.flags = p.touching ? uint8_t(c.flags & ~kContactBegan) : uint8_t(c.flags | kContactBegan);
      p.contact = int32_t(at);
      began += p.touching ? 0 : 1;
      collectPartTouch(p, c, ha.shapeCount > 1 || hb.shapeCount > 1, out);
    } else if (p.touching) {
      out.ends->push_back({ha.id, hb.id});
      out.endKeys->push_back(p.key());
    }
    // Field by field: copying the whole record from the stack right after its byte fields were written there
    // stalls on store forwarding (a wide load over narrow pending stores; it was most of this loop's own time).
    Pair& keptPair = nextPairs[kept++];
    keptPair.a = a;
    keptPair.b = b;
    keptPair.cache = p.cache;
    keptPair.touching = touching ? 1 : 0;
    keptPair.fresh = 0;
    keptPair.contact = p.contact;
  }
  out.tests = tests;
  out.began = began;
  out.kept = kept - begin;
  out.touched = touched;
}

// narrowRange over equal ranges of pairs on the workers, then the chunks' results joined in pair order: chunk 0
// wrote the world's arrays, the others' are appended, their indices (a pair's contact, a contact's first shape
// contact) moved by the results of the chunks before them.
void World::Impl::narrowChunked(int chunks) {
  const size_t n = nextPairs.size();
  for (int k = 0; k < chunks; ++k) {
    NarrowChunk& c = narrowChunks[size_t(k)];
    c.begin = n * size_t(k) / size_t(chunks);
    c.end = n * size_t(k + 1) / size_t(chunks);
    c.contacts.clear();
    c.shapeContacts.clear();
    c.ends.clear();
    c.endKeys.clear();
    c.partTouch.clear();
    c.singleBeginKeys.clear();
    if (k == 0) {
      c.out = ownNarrowOutput();
    } else {
      c.out = NarrowOutput{};
      c.out.contacts = &c.contacts;
      c.out.shapeContacts = &c.shapeContacts;
      c.out.ends = &c.ends;
      c.out.endKeys = &c.endKeys;
      c.out.partTouch = &c.partTouch;
      c.out.singleBeginKeys = &c.singleBeginKeys;
    }
  }
  pool.run(chunks, [](void* context, int k) {
    Impl& w = *static_cast<Impl*>(context);
    NarrowChunk& c = w.narrowChunks[size_t(k)];
    w.narrowRange(c.begin, c.end, c.out);
  }, this);
  joinNarrowChunks(chunks);
}

void World::Impl::joinNarrowChunks(int chunks) {
  size_t pairAt = 0, contactAt = 0, shapeContactAt = 0;
  int tests = 0;
  size_t began = 0;
  uint32_t touched = 0;
  for (int k = 0; k < chunks; ++k) {
    NarrowChunk& c = narrowChunks[size_t(k)];
    c.pairAt = pairAt;
    c.contactAt = contactAt;
    c.shapeContactAt = shapeContactAt;
    pairAt += c.out.kept;
    contactAt += c.out.contacts->size();
    shapeContactAt += c.out.shapeContacts->size();
    tests += c.out.tests;
    began += c.out.began;
    touched += c.out.touched;
    if (k == 0) continue;
    for (const PartTouch& t : c.partTouch) {
      partTouch.push_back(t);
      if (t.count > 0) partTouch.back().first += uint32_t(c.shapeContactAt);
    }
    append(ends, c.ends);
    append(endKeys, c.endKeys);
    append(singleBeginKeys, c.singleBeginKeys);
  }
  // The bulk (pairs, contacts, shape contacts) is copied by the workers. The old pair list is free: it was merged
  // into nextPairs, which the chunks' survivors now go back to.
  detail::resizeFor(pairs, pairAt);
  detail::resizeFor(contacts, contactAt);
  detail::resizeFor(shapeContacts, shapeContactAt);
  pool.run(chunks, [](void* context, int k) { static_cast<Impl*>(context)->copyNarrowChunk(k); }, this);
  prefetchSink = touched;
  stats.narrowTests = tests;
  beginCount = began;
}

void World::Impl::copyNarrowChunk(int k) {
  const NarrowChunk& c = narrowChunks[size_t(k)];
  for (size_t i = 0; i < c.out.kept; ++i) {
    Pair& p = pairs[c.pairAt + i];
    p = nextPairs[c.begin + i];
    if (p.contact >= 0) p.contact += int32_t(c.contactAt);
  }
  if (k == 0) return;  // its contacts and shape contacts are the world's already
  for (size_t i = 0; i < c.contacts.size(); ++i) {
    Contact& to = contacts[c.contactAt + i];
    to = c.contacts[i];
    if (to.shapeContactCount > 0) to.firstShapeContact += uint32_t(c.shapeContactAt);
  }
  std::copy(c.shapeContacts.begin(), c.shapeContacts.end(), shapeContacts.begin() + ptrdiff_t(c.shapeContactAt));
}

// The frame's begin and stay events, and the contacts in event order: contact i belongs to begin event i for
// i < beginCount and to stay event i - beginCount after; begins and stays each in pair order (slot of A, then slot
// of B). The narrow phase wrote the contacts in pair order, flagged the begins and counted them. The smaller of
// the two groups is held aside in heldContacts while the other moves into place within the array (the stays
// towards the end by a backward pass, or the begins towards the front by a forward one, each over contacts already
// read), then goes into its own place: the scratch is at most half the contacts, and none in a frame where every
// pair begins. eventIndex maps each pair-order index to the contact's final index, for next frame's reuse of
// unmoved contacts. End events are the narrow phase's `ends` (in pair order).
void World::Impl::buildEvents() {
  const size_t n = contacts.size(), stayCount = n - beginCount;
  detail::resizeFor(touchEvents, n);
  detail::resizeFor(eventIndex, n);
  heldContacts.clear();
  auto put = [this](const Contact& c, size_t to) {  // contact and event at event place `to`
    touchEvents[to] = {c.a, c.b};
    contacts[to] = c;
  };
  auto place = [this](const Contact& c, size_t from, size_t to) {  // one moved within the array, read at `from`
    touchEvents[to] = {c.a, c.b};
    eventIndex[from] = uint32_t(to);
    if (to != from) contacts[to] = c;
  };
  if (beginCount <= stayCount) {
    size_t stay = n;
    for (size_t i = n; i-- > 0;) {
      const Contact& c = contacts[i];
      if (c.flags & kContactBegan) {
        eventIndex[i] = uint32_t(beginCount - 1 - heldContacts.size());
        heldContacts.push_back(c);  // the begins, last first
      } else {
        place(c, i, --stay);
      }
    }
    for (size_t k = 0; k < beginCount; ++k) put(heldContacts[beginCount - 1 - k], k);
  } else {
    size_t begin = 0;
    for (size_t i = 0; i < n; ++i) {
      const Contact& c = contacts[i];
      if (c.flags & kContactBegan) {
        place(c, i, begin++);
      } else {
        eventIndex[i] = uint32_t(beginCount + heldContacts.size());
        heldContacts.push_back(c);  // the stays, in order
      }
    }
    for (size_t k = 0; k < stayCount; ++k) put(heldContacts[k], beginCount + k);
  }
}

// ---- part events ---------------------------------------------------------------------------------------------
// A touching pair with a compound body records its touching part pairs (the narrow phase's shape contacts) as
// sorted keys; the next frame compares them with its own. Pairs of single-shape bodies need no record: their one
// part pair (0, 0) begins and ends with the body pair. Every list here is in pair order, so the events come out
// ordered by one merge, without sorting (std::sort instances cost the WebAssembly module kilobytes).

namespace {

constexpr uint32_t partKey(uint16_t shapeA, uint16_t shapeB) { return uint32_t(shapeA) << 16 | shapeB; }

PartEvent partEvent(BodyId a, BodyId b, uint32_t key) { return {a, b, uint16_t(key >> 16), uint16_t(key & 0xFFFFu)}; }

// Insertion sort: a pair's touching parts are a handful.
void sortKeys(uint32_t* keys, size_t n) {
  for (size_t i = 1; i < n; ++i) {
    const uint32_t k = keys[i];
    size_t j = i;
    for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1];
    keys[j] = k;
  }
}

}  // namespace

// Narrow phase, for a touching pair: a record of its parts (compound), or its part begin (single shapes).
void World::Impl::collectPartTouch(const Pair& p, const Contact& c, bool compound, NarrowOutput& out) const {
  const bool began = (c.flags & kContactBegan) != 0;
  if (compound) {
    out.partTouch->push_back({p.key(), c.a, c.b, c.firstShapeContact, c.shapeContactCount, began});
  } else if (began) {
    std::vector<uint64_t>& keys = *out.singleBeginKeys;
    detail::reserveFor(keys, keys.size() + 1);  // the first frame's begins: not push_back's doubling
    keys.push_back(p.key());
  }
}

// Whether the cached pair with this key and ids touches now.
bool World::Impl::touchesNow(uint64_t key, BodyId a, BodyId b) const {
  size_t lo = 0, hi = pairs.size();
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (pairs[mid].key() < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < pairs.size() && pairs[lo].key() == key && pairs[lo].touching && idOf(pairs[lo].a) == a &&
         idOf(pairs[lo].b) == b;
}

// The part events of one body pair from its touching parts last frame and now, in part order. A missing record
// stands for the pair's single-shape state: last frame, touching iff its contact now is a stay; now, touching iff
// its cached pair touches (a compound body edited into a single-shape one keeps its contact).
void World::Impl::diffParts(const PartTouch* prev, const PartTouch* cur) {
  static constexpr uint32_t kSinglePart = partKey(0, 0);
  const BodyId a = cur ? cur->idA : prev->idA, b = cur ? cur->idB : prev->idB;
  const uint32_t* before = &kSinglePart;
  size_t beforeCount = cur && !cur->began ? 1 : 0;
  if (prev) {
    before = prevPartKeys.data() + prev->first;
    beforeCount = prev->count;
  }
  const uint32_t* now = &kSinglePart;
  size_t nowCount = cur ? 0 : touchesNow(prev->key, a, b) ? 1 : 0;
  if (cur) {
    now = partKeys.data() + cur->first;
    nowCount = cur->count;
  }
  size_t i = 0, j = 0;
  while (i < beforeCount || j < nowCount) {
    if (j == nowCount || (i < beforeCount && before[i] < now[j])) {
      partEnds.push_back(partEvent(a, b, before[i++]));
    } else if (i == beforeCount || now[j] < before[i]) {
      partBegins.push_back(partEvent(a, b, now[j++]));
    } else {
      ++i;
      ++j;
    }
  }
}

// After the narrow phase: this frame's part begin and end events (see World::partBeginEvents). Four lists in
// pair order meet here: the begins of single-shape pairs, the ends (of single-shape pairs when they have no record
// of last frame), and last frame's and this frame's records. A pair is in one of them, or in both records.
void World::Impl::buildPartEvents() {
  partBegins.clear();
  partEnds.clear();
  partKeys.clear();
  detail::reserveFor(partBegins, singleBeginKeys.size());  // each begins a part pair
  for (PartTouch& t : partTouch) {  // this frame's records: their parts as sorted keys
    const size_t first = partKeys.size();
    for (uint32_t k = 0; k < t.count; ++k) {
      const ShapeContact& sc = shapeContacts[t.first + k];
      partKeys.push_back(partKey(sc.shapeA, sc.shapeB));
    }
    sortKeys(partKeys.data() + first, t.count);
    t.first = uint32_t(first);
  }
  size_t begin = 0, end = 0, prev = 0, cur = 0;
  for (;;) {
    bool any = false;
    uint64_t key = ~uint64_t(0);
    auto least = [&](bool has, uint64_t k) {
      if (has && (!any || k < key)) key = k;
      any |= has;
    };
    least(begin < singleBeginKeys.size(), begin < singleBeginKeys.size() ? singleBeginKeys[begin] : 0);
    least(end < endKeys.size(), end < endKeys.size() ? endKeys[end] : 0);
    least(prev < prevPartTouch.size(), prev < prevPartTouch.size() ? prevPartTouch[prev].key : 0);
    least(cur < partTouch.size(), cur < partTouch.size() ? partTouch[cur].key : 0);
    if (!any) break;
    const PartTouch* before = prev < prevPartTouch.size() && prevPartTouch[prev].key == key ? &prevPartTouch[prev++] : nullptr;
    const PartTouch* now = cur < partTouch.size() && partTouch[cur].key == key ? &partTouch[cur++] : nullptr;
    if (begin < singleBeginKeys.size() && singleBeginKeys[begin] == key) {
      partBegins.push_back({idOf(uint32_t(key >> 32)), idOf(uint32_t(key)), 0, 0});  // slots of a live pair
      ++begin;
    }
    if (end < endKeys.size() && endKeys[end] == key) {
      if (!before) partEnds.push_back({ends[end].a, ends[end].b, 0, 0});
      ++end;
    }
    if (before && now && (before->idA != now->idA || before->idB != now->idB)) {
      diffParts(before, nullptr);  // a slot reused by another body: two different pairs
      diffParts(nullptr, now);
    } else if (before || now) {
      diffParts(before, now);
    }
  }
}

void World::Impl::beginFrame() {
  ++frame;
  if (frame == 0) {  // wrapped: stamps from 2^32 frames ago must not look current
    std::fill(pushStamp.begin(), pushStamp.end(), 0u);
    frame = 1;
  }
  rejected.clear();
  stats = UpdateStats{};
}

void World::Impl::finishFrame() {
  stats.movedBodies = int(moved.size());
  stats.rejected = int(rejected.size());
  for (uint32_t slot : created) hot[slot].flags &= uint8_t(~detail::kNew);
  created.clear();
  // Lists sized by bodies created since the last frame, and the events of a frame where many pairs began or ended.
  detail::releaseBurst(created);
  detail::releaseBurst(unbuilt);
  detail::releaseBurst(singleBeginKeys);
  detail::releaseBurst(partBegins);
  detail::releaseBurst(ends);
  detail::releaseBurst(endKeys);
  detail::releaseBurst(partEnds);
  for (NarrowChunk& c : narrowChunks) {
    detail::releaseBurst(c.singleBeginKeys);
    detail::releaseBurst(c.ends);
    detail::releaseBurst(c.endKeys);
  }
  for (uint32_t slot : pendingFree) freeSlots.push_back(slot);
  pendingFree.clear();
  for (const SweptHit& s : swept) sweptOf[s.bullet] = -1;
  swept.clear();
}

Status World::update() {
  Impl& w = *impl_;
  w.beginFrame();
  detail::StageClock clock(w.options.timeStages);
  w.syncTransforms();
  w.stats.syncMs = clock.lap();
  w.updateBroadPhase();
  w.stats.broadMs = clock.lap();
  w.sweepBullets();
  w.stats.ccdMs = clock.lap();
  w.findPairs();
  w.mergeCandidates();
  w.stats.pairsMs = clock.lap();
  w.narrowPhase();
  w.stats.narrowMs = clock.lap();
  w.buildEvents();
  w.buildPartEvents();
  w.stats.eventsMs = clock.lap();
  if (w.push.enabled && w.push.iterations > 0) w.pushApart();
  w.stats.pushMs = clock.lap();
  w.finishFrame();
  return w.rejected.empty() ? Status::Ok : w.rejected.front().status;
}

const UpdateStats& World::stats() const { return impl_->stats; }

const PartEvent* World::partBeginEvents() const { return impl_->partBegins.data(); }
int World::partBeginCount() const { return int(impl_->partBegins.size()); }
const PartEvent* World::partEndEvents() const { return impl_->partEnds.data(); }
int World::partEndCount() const { return int(impl_->partEnds.size()); }
const BodyPair* World::beginEvents() const { return impl_->touchEvents.data(); }
int World::beginCount() const { return int(impl_->beginCount); }
const BodyPair* World::stayEvents() const { return impl_->touchEvents.data() + impl_->beginCount; }
int World::stayCount() const { return int(impl_->touchEvents.size() - impl_->beginCount); }
const BodyPair* World::endEvents() const { return impl_->ends.data(); }
int World::endCount() const { return int(impl_->ends.size()); }
const Contact* World::contacts() const { return impl_->contacts.data(); }
int World::contactCount() const { return int(impl_->contacts.size()); }
const ShapeContact* World::shapeContacts() const { return impl_->shapeContacts.data(); }
int World::shapeContactCount() const { return int(impl_->shapeContacts.size()); }
const RejectedBody* World::rejected() const { return impl_->rejected.data(); }
int World::rejectedCount() const { return int(impl_->rejected.size()); }

}  // namespace sat
