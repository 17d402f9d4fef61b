// The C++ example of docs/3d-api.md: a hull and a box, their contacts and their distance.
#include <cstdio>
#include "sat/sat3d.h"

int main() {
  const sat::Vec3 points[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.2f, 0.2f, 0.2f}};
  sat::Hull3 rock;
  sat::Status s = sat::makeHull(points, 5, &rock);  // a tetrahedron; the inner point is dropped
  if (s != sat::Status::Ok) return std::printf("%s\n", sat::statusMessage(s)), 1;
  sat::Box3 box;
  sat::makeBox({1, 1, 1}, &box);

  sat::Transform3 xfBox{};                                   // identity
  sat::Transform3 xfRock{{0.5f, 0.5f, 0.9f}, sat::makeQuat({0, 0, 1}, 0.3f), {1, 1, 1}};
  sat::SatCache3 cache;                                      // keep one per pair across frames
  sat::Manifold3 m = sat::collide(sat::Shape3(box), xfBox, sat::Shape3(rock), xfRock, &cache);
  std::printf("depth %g normal (%g %g %g), %d points\n", m.depth, m.normal.x, m.normal.y, m.normal.z, m.pointCount);

  sat::DistanceOutput3 d = sat::distance(sat::Shape3(box), xfBox, sat::Shape3(rock), {{5, 0, 0}, {}, {1, 1, 1}});
  std::printf("apart by %g\n", d.distance);
}
