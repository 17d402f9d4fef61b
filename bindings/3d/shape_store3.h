// The 3D module's shape store, shared by the binding files linked into it.
#pragma once

#include <cstdint>

#include "sat/3d/collide3.h"

/// The shape behind a handle of sat_3d_make_*, or null for a released or malformed handle.
const sat::Shape3* sat3dFindShape(int32_t handle);
