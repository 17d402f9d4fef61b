// World queries: candidates from the broad phase (static tree plus the moving bodies' structure), each body
// visited once (stamped), filtered by group/mask, then tested exactly with the narrow-phase queries.
#include <algorithm>
#include <cfloat>

#include "world_internal.h"

namespace sat {

void World::Impl::forEachCandidate(const AABB& q, SlotVisit visit, void* context) const {
  if (queryStamp.size() < slotCount) queryStamp.resize(slotCount, 0);
  if (++queryCounter == 0) {
    std::fill(queryStamp.begin(), queryStamp.end(), 0u);
    queryCounter = 1;
  }
  const uint32_t stamp = queryCounter;
  auto once = [&](uint32_t slot) {
    if (queryStamp[slot] == stamp) return;
    queryStamp[slot] = stamp;
    if (overlaps(hot[slot].box, q)) visit(context, slot);
  };
  staticTree.query(q, [&](int p) {
    once(staticTree.userData(p));
    return true;
  });
  switch (options.broadPhase) {
    case BroadPhaseType::Tree:
      movingTree.query(q, [&](int p) {
        once(movingTree.userData(p));
        return true;
      });
      break;
    case BroadPhaseType::Grid: grid.query(q, once); break;
    case BroadPhaseType::SortAndSweep: sap.query(q, once); break;
  }
  for (uint32_t slot : unbuilt) once(slot);  // not in the grid / sort-and-sweep until the next update()
}

// Ray candidates, nearest structures first, each body once; visit(slot) returns the ray's new maxFraction (a hit
// clips the rest of the search). Trees prune by the segment; the grid is walked one cell-long piece of the ray at a
// time (each piece a box query, so cells are chosen exactly as bodies were binned) and stops past the best hit;
// sort-and-sweep takes the ray's box.
void World::Impl::forEachRayCandidate(Vec2 origin, Vec2 translation, float maxFraction, RaySlotVisit visit,
                                      void* context) const {
  if (queryStamp.size() < slotCount) queryStamp.resize(slotCount, 0);
  if (++queryCounter == 0) {
    std::fill(queryStamp.begin(), queryStamp.end(), 0u);
    queryCounter = 1;
  }
  const uint32_t stamp = queryCounter;
  float maxF = maxFraction;
  auto once = [&](uint32_t slot) {
    if (queryStamp[slot] == stamp) return;
    queryStamp[slot] = stamp;
    float f = visit(context, slot);
    if (f < maxF) maxF = f;
  };
  auto treeVisit = [&](const DynamicTree& tree) {
    tree.raycast(origin, translation, maxF, [&](float mf, int p) {
      once(tree.userData(p));
      return maxF < mf ? (maxF > 0.0f ? maxF : 0.0f) : mf;
    });
  };
  treeVisit(staticTree);
  if (!unbuilt.empty()) {  // not in the grid / sort-and-sweep until the next update()
    const AABB rayBox = looseSegmentBox(origin, origin + maxF * translation);
    for (uint32_t slot : unbuilt) {
      if (overlaps(hot[slot].box, rayBox)) once(slot);
    }
  }
  switch (options.broadPhase) {
    case BroadPhaseType::Tree: treeVisit(movingTree); break;
    case BroadPhaseType::Grid: {
      const float len = length(translation);
      if (!(len > 0.0f)) {
        grid.query(AABB{origin, origin}, once);
        break;
      }
      // Clip the ray to the grid's area (outside it the box queries would only revisit the edge cells).
      float t0 = 0.0f, t1 = maxF;
      const AABB area = grid.bounds();
      const float o[2] = {origin.x, origin.y}, d[2] = {translation.x, translation.y};
      const float lo[2] = {area.lower.x, area.lower.y}, hi[2] = {area.upper.x, area.upper.y};
      for (int k = 0; k < 2 && t0 <= t1; ++k) {
        if (d[k] == 0.0f) {
          if (o[k] < lo[k] || o[k] > hi[k]) t0 = t1 + 1.0f;
          continue;
        }
        float ta = (lo[k] - o[k]) / d[k], tb = (hi[k] - o[k]) / d[k];
        if (ta > tb) std::swap(ta, tb);
        t0 = ta > t0 ? ta : t0;
        t1 = tb < t1 ? tb : t1;
      }
      // Big bodies are not in cells: one query of the ray's box finds them (and whatever cells it covers first).
      const float step = grid.cellSize() / len;  // one cell along the ray, in fraction units
      grid.queryBig(looseSegmentBox(origin, origin + maxF * translation), once);
      if (t0 > t1) break;
      for (float t = t0 > 0.0f ? t0 : 0.0f; t <= maxF && t <= t1; t += step) {
        const float tEnd = t + step < maxF ? t + step : maxF;
        grid.query(looseSegmentBox(origin + t * translation, origin + tEnd * translation), once);
        if (tEnd >= maxF) break;
      }
      break;
    }
    case BroadPhaseType::SortAndSweep: {
      // Pieces about two bodies long: each is a cheap box query, and the walk stops past the best hit.
      const float len = length(translation);
      const float piece = 2.0f * sap.maxWidth();
      const float step = len > 0.0f && piece > 0.0f ? piece / len : maxF + 1.0f;
      for (float t = 0.0f; t <= maxF; t += step) {
        const float t1 = t + step < maxF ? t + step : maxF;
        sap.query(looseSegmentBox(origin + t * translation, origin + t1 * translation), once);
        if (t1 >= maxF) break;
      }
      break;
    }
  }
}

namespace {

bool isExcluded(BodyId id, const QueryFilter& filter) {
  if (filter.exclude == nullptr) return false;
  for (int i = 0; i < filter.excludeCount; ++i) {
    if (filter.exclude[i] == id) return true;
  }
  return false;
}

}  // namespace

bool World::Impl::passes(uint32_t slot, const QueryFilter& filter) const {
  const detail::BodyHot& h = hot[slot];
  constexpr uint8_t live = detail::kAlive | detail::kEnabled;
  if ((h.flags & live) != live) return false;
  if (!filter.includeSensors && (h.flags & detail::kSensor)) return false;
  if ((h.group & filter.mask) == 0 || (h.mask & filter.group) == 0) return false;
  return !isExcluded(idOf(slot), filter);
}

namespace {

// Calls a query's lambda through World::Impl's visitor pointer.
template <typename R, typename F>
R callVisit(void* context, uint32_t slot) {
  return (*static_cast<F*>(context))(slot);
}

bool validRay(const RayCastInput& ray) {
  return isInRange(ray.origin) && isValid(ray.translation) && isValid(ray.maxFraction) && ray.maxFraction >= 0.0f &&
         isInRange(ray.origin + ray.maxFraction * ray.translation);
}

}  // namespace

// A body's first hit along the ray, or hit.fraction = FLT_MAX. A ray that starts inside the body (in any of its
// shapes, boundary included) hits it at fraction 0, at the origin, with a zero normal: the seams between the
// convex parts of a compound or concave body are not surfaces, and the start is the only point of the body's
// boundary a ray from inside can name without tracing the outline of the union.
static RayHit bodyRayHit(const World::Impl& w, uint32_t slot, const RayCastInput& ray, bool* hit) {
  RayHit best;
  best.fraction = FLT_MAX;
  *hit = false;
  const detail::BodyHot& h = w.hot[slot];
  for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
    if (contains(w.shapeBox(k, h), ray.origin) &&
        containsPoint(detail::ShapeView(w, k).shape(), w.xf[slot], ray.origin)) {
      best.body = w.idOf(slot);
      best.shape = int(k - h.shapeBegin);
      best.point = ray.origin;
      best.normal = {0.0f, 0.0f};
      best.fraction = 0.0f;
      *hit = true;
      return best;
    }
  }
  for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
    CastOutput out = raycast(detail::ShapeView(w, k).shape(), w.xf[slot], ray);
    if (out.hit && out.fraction < best.fraction) {
      best.body = w.idOf(slot);
      best.shape = int(k - h.shapeBegin);
      best.point = out.point;
      best.normal = out.normal;
      best.fraction = out.fraction;
      *hit = true;
    }
  }
  return best;
}

bool World::raycastClosest(const RayCastInput& ray, const QueryFilter& filter, RayHit* out) const {
  const Impl& w = *impl_;
  if (out == nullptr || !validRay(ray)) return false;
  RayHit best;
  best.fraction = FLT_MAX;
  bool found = false;
  auto visit = [&](uint32_t slot) {
    if (w.passes(slot, filter)) {
      bool hit;
      RayHit h = bodyRayHit(w, slot, ray, &hit);
      if (hit && (h.fraction < best.fraction || (h.fraction == best.fraction && h.body < best.body))) {
        best = h;
        found = true;
      }
    }
    return found ? best.fraction : ray.maxFraction;
  };
  w.forEachRayCandidate(ray.origin, ray.translation, ray.maxFraction, callVisit<float, decltype(visit)>, &visit);
  if (found) *out = best;
  return found;
}

int World::raycastAll(const RayCastInput& ray, const QueryFilter& filter, RayHit* out, int capacity) const {
  const Impl& w = *impl_;
  if (!validRay(ray) || capacity < 0 || (capacity > 0 && out == nullptr)) return 0;
  int total = 0, written = 0;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return ray.maxFraction;
    bool hit;
    RayHit h = bodyRayHit(w, slot, ray, &hit);
    if (!hit) return ray.maxFraction;
    ++total;
    // Keep the `capacity` closest, sorted: insertion into the written prefix.
    if (written < capacity) {
      out[written++] = h;
    } else if (capacity > 0 && h.fraction < out[capacity - 1].fraction) {
      out[capacity - 1] = h;
    } else {
      return ray.maxFraction;
    }
    for (int i = written - 1; i > 0 && out[i].fraction < out[i - 1].fraction; --i) {
      RayHit t = out[i];
      out[i] = out[i - 1];
      out[i - 1] = t;
    }
    return ray.maxFraction;
  };
  w.forEachRayCandidate(ray.origin, ray.translation, ray.maxFraction, callVisit<float, decltype(visit)>, &visit);
  return total;
}

int World::queryPoint(Vec2 point, const QueryFilter& filter, BodyId* out, int capacity) const {
  const Impl& w = *impl_;
  if (!isInRange(point) || capacity < 0 || (capacity > 0 && out == nullptr)) return 0;
  int total = 0;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return;
    const detail::BodyHot& h = w.hot[slot];
    for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
      if (!contains(w.shapeBox(k, h), point)) continue;
      if (!containsPoint(detail::ShapeView(w, k).shape(), w.xf[slot], point)) continue;
      if (total < capacity) out[total] = w.idOf(slot);
      ++total;
      return;
    }
  };
  w.forEachCandidate(AABB{point, point}, callVisit<void, decltype(visit)>, &visit);
  return total;
}

int World::queryAABB(const AABB& box, const QueryFilter& filter, BodyId* out, int capacity) const {
  const Impl& w = *impl_;
  if (!isValid(box) || capacity < 0 || (capacity > 0 && out == nullptr)) return 0;
  int total = 0;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return;
    if (total < capacity) out[total] = w.idOf(slot);
    ++total;
  };
  w.forEachCandidate(box, callVisit<void, decltype(visit)>, &visit);
  return total;
}

int World::queryShape(const Shape& shape, const Transform& xf, const QueryFilter& filter, BodyId* out,
                      int capacity) const {
  const Impl& w = *impl_;
  if (!isValid(xf) || capacity < 0 || (capacity > 0 && out == nullptr)) return 0;
  if (shape.type == ShapeType::Polygon && shape.polygon.count() < 3) return 0;
  const AABB q = computeAABB(shape, xf);
  int total = 0;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return;
    const detail::BodyHot& h = w.hot[slot];
    for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
      if (!overlaps(w.shapeBox(k, h), q)) continue;
      if (!overlap(shape, xf, detail::ShapeView(w, k).shape(), w.xf[slot])) continue;
      if (total < capacity) out[total] = w.idOf(slot);
      ++total;
      return;
    }
  };
  w.forEachCandidate(q, callVisit<void, decltype(visit)>, &visit);
  return total;
}

namespace {

// Whether a shape centred at `centre` starts behind a one-sided chain segment placed by xf, and so passes
// through it (the chain rule's side test; a mirroring transform keeps the segment's local front).
bool behindOneSided(const Shape& part, const Transform& xf, Vec2 centre) {
  if (part.type != ShapeType::ChainSegment || (part.chain.flags & kChainOneSided) == 0) return false;
  const Vec2 p1 = transformPoint(xf, part.chain.segment.point1), p2 = transformPoint(xf, part.chain.segment.point2);
  const float side = dot(rightPerp(p2 - p1), centre - p1);
  return xf.scale.x * xf.scale.y < 0.0f ? side > 0.0f : side < 0.0f;
}

// The world size of a shape at a transform, for the time-of-impact tolerance: its box's larger side.
float boxSize(const AABB& b) {
  const float w = b.upper.x - b.lower.x, h = b.upper.y - b.lower.y;
  return w > h ? w : h;
}

}  // namespace

bool World::castShape(const Shape& shape, const Transform& xf, Vec2 translation, const QueryFilter& filter,
                      RayHit* out) const {
  const Impl& w = *impl_;
  if (out == nullptr || !isValid(xf) || !isValid(translation) || !isInRange(xf.p + translation)) return false;
  if (shape.type == ShapeType::Polygon && shape.polygon.count() < 3) return false;
  Transform end = xf;
  end.p = xf.p + translation;
  const AABB start = computeAABB(shape, xf);
  const float size = boxSize(start);
  const Vec2 centre = 0.5f * (start.lower + start.upper);
  RayHit best;
  best.fraction = FLT_MAX;
  bool found = false;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return;
    const detail::BodyHot& h = w.hot[slot];
    for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
      const detail::ShapeView view(w, k);
      if (behindOneSided(view.shape(), w.xf[slot], centre)) continue;
      RayHit hit;
      hit.body = w.idOf(slot);
      hit.shape = int(k - h.shapeBegin);
      if (overlaps(w.shapeBox(k, h), start) && overlap(shape, xf, view.shape(), w.xf[slot])) {
        hit.point = xf.p;
        hit.fraction = 0.0f;
      } else {
        const float target = 2.0e-4f * (size + boxSize(w.shapeBox(k, h)));
        const detail::ToiResult r = detail::timeOfImpact(shape, xf, end, view.shape(), w.xf[slot], w.xf[slot], target);
        if (!r.hit) continue;
        hit.point = r.point;
        hit.normal = -r.normal;
        hit.fraction = r.t;
      }
      if (hit.fraction < best.fraction || (hit.fraction == best.fraction && hit.body < best.body)) {
        best = hit;
        found = true;
      }
    }
  };
  w.forEachCandidate(unionOf(start, computeAABB(shape, end)), callVisit<void, decltype(visit)>, &visit);
  if (found) *out = best;
  return found;
}

int World::overlapShape(const Shape& shape, const Transform& xf, const QueryFilter& filter, ShapeOverlap* out,
                        int capacity) const {
  const Impl& w = *impl_;
  if (!isValid(xf) || capacity < 0 || (capacity > 0 && out == nullptr)) return 0;
  if (shape.type == ShapeType::Polygon && shape.polygon.count() < 3) return 0;
  const AABB q = computeAABB(shape, xf);
  int total = 0;
  auto visit = [&](uint32_t slot) {
    if (!w.passes(slot, filter)) return;
    const detail::BodyHot& h = w.hot[slot];
    ShapeOverlap deepest;
    bool any = false;
    for (uint32_t k = h.shapeBegin; k < h.shapeBegin + h.shapeCount; ++k) {
      if (!overlaps(w.shapeBox(k, h), q)) continue;
      const Manifold m = collide(shape, xf, detail::ShapeView(w, k).shape(), w.xf[slot]);
      if (m.pointCount == 0 || (any && !(m.depth > deepest.depth))) continue;
      deepest.body = w.idOf(slot);
      deepest.shape = int(k - h.shapeBegin);
      deepest.normal = m.normal;
      deepest.depth = m.depth > 0.0f ? m.depth : 0.0f;
      any = true;
    }
    if (!any) return;
    if (total < capacity) out[total] = deepest;
    ++total;
  };
  w.forEachCandidate(q, callVisit<void, decltype(visit)>, &visit);
  return total;
}

Status World::distance(BodyId a, BodyId b, BodyDistance* out) const {
  const Impl& w = *impl_;
  if (out == nullptr) return Status::InvalidArgument;
  uint32_t sa, sb;
  Status s = w.findBody(a, &sa);
  if (s != Status::Ok) return s;
  s = w.findBody(b, &sb);
  if (s != Status::Ok) return s;
  const detail::BodyHot& ha = w.hot[sa];
  const detail::BodyHot& hb = w.hot[sb];
  BodyDistance best;
  best.distance = FLT_MAX;
  for (uint32_t i = ha.shapeBegin; i < ha.shapeBegin + ha.shapeCount; ++i) {
    for (uint32_t j = hb.shapeBegin; j < hb.shapeBegin + hb.shapeCount; ++j) {
      const DistanceOutput d =
          sat::distance(detail::ShapeView(w, i).shape(), w.xf[sa], detail::ShapeView(w, j).shape(), w.xf[sb]);
      if (!(d.distance < best.distance)) continue;
      best.pointA = d.pointA;
      best.pointB = d.pointB;
      best.normal = d.normal;
      best.distance = d.distance;
      best.shapeA = int(i - ha.shapeBegin);
      best.shapeB = int(j - hb.shapeBegin);
    }
  }
  *out = best;
  return Status::Ok;
}

}  // namespace sat
