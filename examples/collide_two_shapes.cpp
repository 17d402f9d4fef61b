// Collide a box with a rotated triangle and print the contact manifold; then show how a refused input looks.
// This is also the C++ example of the README: keep it short.
#include <cstdio>

#include "sat/sat.h"

int main() {
  // Shapes come only from the validating makers; each returns a Status.
  sat::Polygon box;
  sat::Polygon triangle;
  const sat::Vec2 corners[] = {{-0.5f, -0.4f}, {0.5f, -0.4f}, {0.0f, 0.6f}};  // either winding is fine
  if (sat::makeBox(1.0f, 0.5f, &box) != sat::Status::Ok || sat::makePolygon(corners, 3, &triangle) != sat::Status::Ok) {
    return 1;
  }

  // Place them: the box at the origin, the triangle up and to the right, turned by 0.3 rad.
  const sat::Transform xfBox = sat::makeTransform(0.0f, 0.0f);
  const sat::Transform xfTriangle = sat::makeTransform(1.2f, 0.75f, 0.3f);

  sat::Manifold m = sat::collide(box, xfBox, triangle, xfTriangle);
  if (m.pointCount == 0) {
    std::printf("apart\n");
  } else {
    // normal points from A (box) to B (triangle); moving B by normal * depth separates them.
    std::printf("overlap: depth %.4f, normal (%.4f, %.4f), %d contact point(s)\n", m.depth, m.normal.x, m.normal.y,
                m.pointCount);
    for (int i = 0; i < m.pointCount; ++i) {
      const sat::ManifoldPoint& p = m.points[i];
      std::printf("  point (%.4f, %.4f) depth %.4f id 0x%08x (feature %u of A, %u of B)\n", p.point.x, p.point.y,
                  p.depth, static_cast<unsigned>(p.id), static_cast<unsigned>(p.id >> 16),
                  static_cast<unsigned>(p.id & 0xFFFFu));
    }
  }

  // Bad input gets a named status, never a silent substitute: an L-shaped outline is concave.
  const sat::Vec2 lShape[] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  sat::Polygon polygon;
  sat::Status status = sat::makePolygon(lShape, 6, &polygon);
  std::printf("L-shaped outline: %s: %s\n", sat::statusName(status), sat::statusMessage(status));
  // Asking explicitly for the convex hull is the repair.
  status = sat::makeHull(lShape, 6, &polygon);
  std::printf("its convex hull: %s, %d vertices\n", sat::statusName(status), polygon.count());
  return 0;
}
