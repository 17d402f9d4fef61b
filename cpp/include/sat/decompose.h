// sat-wasm: splitting a simple concave outline into convex parts.
#pragma once

#include <vector>

#include "sat/shapes.h"

namespace sat {

/// Largest outline decompose accepts (after welding duplicates).
constexpr int kMaxDecomposeInput = 1024;

/// Splits a simple polygon (either winding, optionally closed, concave or not) into convex polygons: ear
/// clipping, then Hertel-Mehlhorn removal of every diagonal whose removal keeps both sides convex (at most
/// four times the optimal part count). The parts tile the outline: their areas sum to its area.
/// Thin features: an outline whose sides come within makePolygon's collinear tolerance (1e-5 of its size) of each
/// other, such as a spike thinner than that, is refused as SelfIntersecting (to the tolerance its sides touch).
/// A part of the triangulation that is still thinner than the tolerance cannot be a polygon and is dropped (its
/// area is below the tolerance times its length); refused (ZeroArea) only when nothing is left.
/// Same cleaning and refusals as makePolygon (TooFewPoints, NonFinite, OutOfRange, ZeroArea,
/// SelfIntersecting, TooManyPoints above kMaxDecomposeInput), never Concave. Allocates: call it when a shape is
/// made, not per frame. A convex outline comes back as one part.
Status decompose(const Vec2* points, int count, std::vector<Polygon>* parts);

/// The same into a caller's array. If capacity is too small, returns InvalidArgument with *partCount set to the
/// number of parts needed.
Status decompose(const Vec2* points, int count, Polygon* parts, int capacity, int* partCount);

}  // namespace sat
