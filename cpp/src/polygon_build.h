// Private: cleaning steps shared by makePolygon and makeHull.
#pragma once

#include <vector>

#include "sat/shapes.h"

namespace sat {

Status buildPolygon(const Vec2* ccwHull, int count, Polygon* out);
/// Largest singular value of the linear part: how much a rounded shape's radius grows under m.
float radiusScale(const Affine& m);
/// Whether m's linear part maps circles to circles: its singular values within 1e-5 relative (a rotation and one
/// scale factor, possibly mirrored, rounded off). Rounded shapes under other maps are ellipses / stretched capsules.
bool isSimilarity(const Affine& m);

namespace detail {
/// The validation and safe repairs every outline maker shares: finite, in range, welded, collinear points
/// dropped, simple, non-zero area; the ring comes back counter-clockwise. Convexity is the caller's question.
Status cleanOutline(const Vec2* points, int count, int maxVertices, std::vector<Vec2>* ring);
Status checkPoints(const Vec2* points, int count);
float pointSetSize(const Vec2* points, int count);
int weldRing(std::vector<Vec2>& ring, float weldTol);
/// Drops vertices lying between their neighbours; returns the count left, or -1 for a spike (the outline
/// doubling back on itself).
int dropCollinear(std::vector<Vec2>& ring, float weldTol, float collinearTol);
/// Whether every point lies within collinearTol of one line.
bool allCollinear(const std::vector<Vec2>& ring, float collinearTol);
bool isSimple(const std::vector<Vec2>& ring);
double signedArea2(const std::vector<Vec2>& ring);
}  // namespace detail

}  // namespace sat
