// Reference values for circles and capsules under a non-uniform scale. The core treats them exactly, as ellipses
// and stretched capsules; ref::core (reference.h) models a rounded shape by its enclosing circle, so for these
// shapes the fuzz targets measure with the support-function oracle of tests/cpp/ellipse_oracle.h instead.
#pragma once

#include <cmath>

#include "ellipse_oracle.h"
#include "reference.h"
#include "sat/sat.h"

namespace fuzz {

/// A circle or capsule whose transform scales its axes differently: an ellipse or a stretched capsule.
inline bool stretchedRound(const sat::Shape& s, const sat::Transform& xf) {
  return (s.type == sat::ShapeType::Circle || s.type == sat::ShapeType::Capsule) &&
         std::fabs(xf.scale.x) != std::fabs(xf.scale.y);
}

/// Penetration depth of the pair (negative: separation, minus the distance), exact for stretched round shapes.
inline double exactDepth(const sat::Shape& a, const sat::Transform& xfA, const sat::Shape& b,
                         const sat::Transform& xfB) {
  return ellipse_oracle::oracleDepth(ellipse_oracle::oracleShape(a, xfA), ellipse_oracle::oracleShape(b, xfB),
                                     nullptr, 4096);
}

/// Signed distance of p to the shape (negative inside): the oracle's for a stretched round shape, else core's.
inline double signedDistance(const sat::Shape& s, const sat::Transform& xf, const ref::Core& core, sat::Vec2 p) {
  if (stretchedRound(s, xf)) return ellipse_oracle::oracleSignedDistance(ellipse_oracle::oracleShape(s, xf), {p.x, p.y});
  return ref::pointSignedDistance(core, {p.x, p.y});
}

}  // namespace fuzz
