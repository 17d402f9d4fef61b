// Names and messages of Status codes, and transform validation.
#include "sat/shapes.h"

namespace sat {

const char* statusName(Status status) {
  switch (status) {
    case Status::Ok: return "Ok";
    case Status::TooFewPoints: return "TooFewPoints";
    case Status::TooManyPoints: return "TooManyPoints";
    case Status::NonFinite: return "NonFinite";
    case Status::OutOfRange: return "OutOfRange";
    case Status::ZeroArea: return "ZeroArea";
    case Status::SelfIntersecting: return "SelfIntersecting";
    case Status::Concave: return "Concave";
    case Status::InvalidRadius: return "InvalidRadius";
    case Status::ZeroLength: return "ZeroLength";
    case Status::InvalidTransform: return "InvalidTransform";
    case Status::InvalidArgument: return "InvalidArgument";
    case Status::Coplanar: return "Coplanar";
    case Status::ZeroVolume: return "ZeroVolume";
    case Status::Degenerate: return "Degenerate";
  }
  return "Unknown";
}

const char* statusMessage(Status status) {
  switch (status) {
    case Status::Ok: return "no error: the operation succeeded";
    case Status::TooFewPoints: return "a polygon needs at least 3 distinct points";
    case Status::TooManyPoints: return "too many points: a polygon holds at most 256 vertices after cleaning";
    case Status::NonFinite: return "a coordinate or radius is NaN or infinite";
    case Status::OutOfRange: return "a magnitude exceeds the supported range of 1e6 world units";
    case Status::ZeroArea: return "the points are collinear or coincident: the shape has no area";
    case Status::SelfIntersecting: return "the outline crosses itself";
    case Status::Concave: return "the outline is concave: use the hull maker or a convex decomposition";
    case Status::InvalidRadius: return "the radius must be greater than zero";
    case Status::ZeroLength: return "the capsule's end points coincide: use a circle";
    case Status::InvalidTransform: return "the transform is non-finite, out of range or collapses the shape (zero scale)";
    case Status::InvalidArgument: return "invalid argument (null pointer or negative count)";
    case Status::Coplanar: return "the points lie on one plane: a hull needs volume";
    case Status::ZeroVolume: return "the points lie on one line, or a size is zero: the shape has no volume";
    case Status::Degenerate: return "degenerate input: coincident segment or consecutive chain points, or no valid closed convex mesh";
  }
  return "unknown status";
}

Status checkTransform(const Transform& xf) {
  return isValid(xf) ? Status::Ok : Status::InvalidTransform;
}

Status checkTransform(const Affine& m) {
  return isValid(m) ? Status::Ok : Status::InvalidTransform;
}

}  // namespace sat
