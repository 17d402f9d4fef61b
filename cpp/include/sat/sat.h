// sat-wasm: everything public in one include.
#pragma once

#include "sat/collide.h"
#include "sat/explain.h"
#include "sat/math.h"
#include "sat/query.h"
#include "sat/shapes.h"
