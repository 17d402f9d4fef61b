// Private: cleaning steps shared by makePolygon and makeHull.
#pragma once

#include <vector>

#include "sat/shapes.h"

namespace sat {

Status buildPolygon(const Vec2* ccwHull, int count, Polygon* out);
/// Largest singular value of the linear part: how much a rounded shape's radius grows under m.
float radiusScale(const Affine& m);

namespace detail {
Status checkPoints(const Vec2* points, int count);
float pointSetSize(const Vec2* points, int count);
int weldRing(std::vector<Vec2>& ring, float weldTol);
int dropCollinear(std::vector<Vec2>& ring, float weldTol, float collinearTol);
bool isSimple(const std::vector<Vec2>& ring);
double signedArea2(const std::vector<Vec2>& ring);
}  // namespace detail

}  // namespace sat
