// Chains: a point list, open or closed, cut into segments that each carry their neighbours' far points.
#include "sat/shapes.h"

namespace sat {

Status makeChain(const Vec2* points, int count, bool loop, bool oneSided, ChainSegment* out) {
  if (points == nullptr || out == nullptr || count < 0) return Status::InvalidArgument;
  if (count < (loop ? 3 : 2)) return Status::TooFewPoints;
  if (count > kMaxChainPoints) return Status::TooManyPoints;
  for (int i = 0; i < count; ++i) {
    if (!isValid(points[i])) return Status::NonFinite;
    if (!isInRange(points[i])) return Status::OutOfRange;
  }
  const int segments = chainSegmentCount(count, loop);
  // Every segment first, so a refused chain leaves `out` with no half-built entries that look valid.
  for (int i = 0; i < segments; ++i) {
    Segment s;
    const Status st = makeSegment(points[i], points[(i + 1) % count], &s);
    if (st != Status::Ok) return st;
  }
  const uint8_t sided = oneSided ? kChainOneSided : 0;
  for (int i = 0; i < segments; ++i) {
    ChainSegment& c = out[i];
    c.segment = {points[i], points[(i + 1) % count]};
    c.flags = sided;
    const bool hasPrev = loop || i > 0, hasNext = loop || i + 2 < count;
    c.ghost1 = hasPrev ? points[(i + count - 1) % count] : c.segment.point1;
    c.ghost2 = hasNext ? points[(i + 2) % count] : c.segment.point2;
    if (hasPrev) c.flags |= kChainGhost1;
    if (hasNext) c.flags |= kChainGhost2;
  }
  return Status::Ok;
}

}  // namespace sat
