// sat-wasm 3D: everything public in one include (link the sat3d library).
#pragma once

#include "sat/3d/collide3.h"
#include "sat/3d/math3.h"
#include "sat/3d/query3.h"
#include "sat/3d/shapes3.h"
