// Convex hull of a point cloud: Andrew's monotone chain with exact (double) orientation tests, then the same
// welding and collinear cleaning as makePolygon.
#include <algorithm>
#include <vector>

#include "geometry.h"
#include "index_sort.h"
#include "polygon_build.h"
#include "sat/shapes.h"

namespace sat {

Status makeHull(const Vec2* points, int count, Polygon* out) {
  if (out == nullptr) return Status::InvalidArgument;
  Status s = detail::checkPoints(points, count);
  if (s != Status::Ok) return s;
  if (count > kMaxHullInput) return Status::TooManyPoints;
  if (count < 3) return Status::TooFewPoints;

  float size = detail::pointSetSize(points, count);
  float weldTol = kWeldRelative * size;
  // Lexicographic order (x, then y); points that compare equal (-0 and +0) keep their input order.
  std::vector<uint32_t> order(static_cast<size_t>(count));
  detail::sortIndices(order.data(), order.size(), [](const void* context, uint32_t i, uint32_t j) {
    const Vec2 a = static_cast<const Vec2*>(context)[i], b = static_cast<const Vec2*>(context)[j];
    return a.x < b.x || (a.x == b.x && a.y < b.y);
  }, points);
  std::vector<Vec2> pts(order.size());
  for (size_t i = 0; i < pts.size(); ++i) pts[i] = points[order[i]];
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  if (pts.size() < 3) return Status::TooFewPoints;

  std::vector<Vec2> hull(2 * pts.size());
  size_t k = 0;
  for (size_t i = 0; i < pts.size(); ++i) {  // lower chain
    while (k >= 2 && detail::orient(hull[k - 2], hull[k - 1], pts[i]) <= 0.0) --k;
    hull[k++] = pts[i];
  }
  for (size_t i = pts.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && detail::orient(hull[k - 2], hull[k - 1], pts[i]) <= 0.0) --k;
    hull[k++] = pts[i];
  }
  hull.resize(k > 1 ? k - 1 : k);  // the last point repeats the first
  if (detail::weldRing(hull, weldTol) < 3) {
    // Fewer than three points survive welding: distinguish coincident from collinear input.
    return hull.size() < 2 ? Status::TooFewPoints : Status::ZeroArea;
  }
  if (detail::dropCollinear(hull, weldTol, kCollinearRelative * size) < 3) return Status::ZeroArea;  // no spikes
  if (int(hull.size()) > kMaxPolygonVertices) return Status::TooManyPoints;
  double area2 = detail::signedArea2(hull);
  if (!(area2 > 1.0e-12 * double(size) * size)) return Status::ZeroArea;
  return buildPolygon(hull.data(), int(hull.size()), out);
}

}  // namespace sat
