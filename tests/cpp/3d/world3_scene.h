// sat-wasm 3D tests: seeded random World3 scenes and a brute-force oracle that tests every body pair with the
// narrow phase directly (no broad phase, no pair cache, no SAT cache).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "random3.h"
#include "sat/3d/world3.h"

namespace testing_sat3 {

using IdPair = std::pair<sat::BodyId, sat::BodyId>;

inline sat::Shape3 randomShape3(std::mt19937& rng, float size) {
  const uint32_t k = rng() % 4;
  if (k == 0) {
    sat::Sphere s;
    sat::makeSphere({0, 0, 0}, size * uni(rng, 0.3f, 1.0f), &s);
    return sat::Shape3(s);
  }
  if (k == 1) {
    sat::Capsule3 c;
    const float h = size * uni(rng, 0.2f, 0.8f);
    sat::makeCapsule({0, -h, 0}, {0, h, 0}, size * uni(rng, 0.2f, 0.5f), &c);
    return sat::Shape3(c);
  }
  if (k == 2) {
    sat::Box3 b;
    sat::makeBox({size * uni(rng, 0.3f, 1.0f), size * uni(rng, 0.3f, 1.0f), size * uni(rng, 0.3f, 1.0f)}, &b);
    return sat::Shape3(b);
  }
  std::vector<sat::Vec3> pts;
  const int n = 8 + int(rng() % 13);
  for (int i = 0; i < n; ++i) pts.push_back(size * sat::Vec3{uni(rng, -1, 1), uni(rng, -1, 1), uni(rng, -1, 1)});
  sat::Hull3 h;
  if (sat::makeHull(pts.data(), n, &h) != sat::Status::Ok) return randomShape3(rng, size);
  return sat::Shape3(static_cast<sat::Hull3&&>(h));
}

inline sat::Transform3 randomPose(std::mt19937& rng, float extent) {
  sat::Transform3 xf;
  xf.p = {uni(rng, -extent, extent), uni(rng, -extent, extent), uni(rng, -extent, extent)};
  xf.q = randomQuat(rng);
  if (rng() % 6 == 0) xf.scale = {uni(rng, 0.5f, 1.5f), uni(rng, 0.5f, 1.5f), uni(rng, 0.5f, 1.5f)};
  return xf;
}

/// What the oracle knows of a body: the same inputs the world was given.
struct OracleBody {
  sat::BodyId id = 0;
  sat::BodyType type = sat::BodyType::Dynamic;
  uint32_t group = 1, mask = ~0u;
  bool sensor = false, enabled = true;
  sat::Transform3 xf;
};

/// A random scene driven identically through a World3 and kept for the oracle.
struct Scene3 {
  std::mt19937 rng;
  float extent;
  sat::World3 world;
  std::vector<OracleBody> bodies;

  explicit Scene3(uint32_t seed, float extent_ = 8.0f, sat::World3Options options = {})
      : rng(seed), extent(extent_), world(options) {}

  sat::BodyId add() {
    sat::BodyDef3 def;
    const uint32_t t = rng() % 10;
    def.type = t < 2 ? sat::BodyType::Static : (t < 4 ? sat::BodyType::Kinematic : sat::BodyType::Dynamic);
    def.transform = randomPose(rng, extent);
    def.group = 1u << (rng() % 3);
    def.mask = rng() % 4 == 0 ? ~def.group : ~0u;  // some bodies ignore their own group
    def.sensor = rng() % 8 == 0;
    def.mass = uni(rng, 0.5f, 4.0f);
    def.userId = rng();
    const int shapes = rng() % 5 == 0 ? 2 + int(rng() % 2) : 1;
    std::vector<sat::ShapeDef3> defs(static_cast<size_t>(shapes));
    for (auto& sd : defs) {
      sd.shape = randomShape3(rng, uni(rng, 0.4f, 1.5f));
      if (shapes > 1) {
        sd.offset = {uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f), uni(rng, -1.5f, 1.5f)};
        sd.rotation = randomQuat(rng);
      }
    }
    sat::BodyId id = 0;
    if (world.createBody(def, defs.data(), shapes, &id) != sat::Status::Ok) return 0;
    bodies.push_back({id, def.type, def.group, def.mask, def.sensor, true, def.transform});
    return id;
  }

  void move(OracleBody& b, bool teleport) {
    if (teleport) {
      b.xf.p = randomPose(rng, extent).p;
    } else {
      const float s = 0.3f;
      b.xf.p = b.xf.p + sat::Vec3{uni(rng, -s, s), uni(rng, -s, s), uni(rng, -s, s)};
      b.xf.q =
          sat::normalize(sat::mul(sat::makeQuat({uni(rng, -1, 1), uni(rng, -1, 1), 1}, uni(rng, -0.2f, 0.2f)), b.xf.q));
      if (!sat::isValid(b.xf.q)) b.xf.q = randomQuat(rng);
    }
    // Both paths of the world: the bulk buffer and setTransform.
    if (rng() % 2) {
      float* f = world.transformBuffer() + sat::body3Slot(b.id) * sat::kTransform3Stride;
      const float v[10] = {b.xf.p.x, b.xf.p.y, b.xf.p.z,     b.xf.q.x,     b.xf.q.y,
                           b.xf.q.z, b.xf.q.w, b.xf.scale.x, b.xf.scale.y, b.xf.scale.z};
      std::copy(v, v + 10, f);
    } else {
      world.setTransform(b.id, b.xf);
    }
  }

  /// One frame of random changes: most non-static bodies move, a few teleport; sometimes bodies are destroyed,
  /// created, disabled, enabled or refiltered.
  void step(bool structural) {
    for (auto& b : bodies) {
      if (b.type == sat::BodyType::Static) continue;
      const uint32_t r = rng() % 100;
      if (r < 70) move(b, r < 3);
    }
    if (!structural) return;
    const uint32_t r = rng() % 10;
    if (r < 2 && !bodies.empty()) {
      const size_t i = rng() % bodies.size();
      world.destroyBody(bodies[i].id);
      bodies.erase(bodies.begin() + long(i));
    } else if (r < 4) {
      add();
    } else if (r < 6 && !bodies.empty()) {
      OracleBody& b = bodies[rng() % bodies.size()];
      b.enabled = !b.enabled;
      world.setEnabled(b.id, b.enabled);
    } else if (r < 7 && !bodies.empty()) {
      OracleBody& b = bodies[rng() % bodies.size()];
      b.group = 1u << (rng() % 3);
      b.mask = rng() % 2 ? ~0u : ~b.group;
      world.setFilter(b.id, b.group, b.mask);
    }
  }

  static bool filterPasses(const OracleBody& a, const OracleBody& b) {
    if (a.type == sat::BodyType::Static && b.type == sat::BodyType::Static) return false;
    return (a.group & b.mask) != 0 && (b.group & a.mask) != 0;
  }

  /// The deepest touching shape pair of two bodies by the narrow phase alone; false when none touches.
  bool touching(const OracleBody& a, const OracleBody& b, sat::Manifold3* deepest = nullptr) const {
    bool any = false;
    float best = 0.0f;
    for (int i = 0; i < world.shapeCount(a.id); ++i) {
      for (int j = 0; j < world.shapeCount(b.id); ++j) {
        const sat::Manifold3 m = sat::collide(*world.shape(a.id, i), a.xf, *world.shape(b.id, j), b.xf);
        if (m.pointCount == 0) continue;
        if (!any || m.depth > best) {
          best = m.depth;
          if (deepest) *deepest = m;
        }
        any = true;
      }
    }
    return any;
  }

  /// Every touching pair, (smaller slot, larger slot).
  std::set<IdPair> bruteForcePairs() const {
    std::set<IdPair> out;
    for (size_t i = 0; i < bodies.size(); ++i) {
      for (size_t j = i + 1; j < bodies.size(); ++j) {
        const OracleBody *a = &bodies[i], *b = &bodies[j];
        if (!a->enabled || !b->enabled || !filterPasses(*a, *b)) continue;
        if (sat::body3Slot(a->id) > sat::body3Slot(b->id)) std::swap(a, b);
        if (touching(*a, *b)) out.insert({a->id, b->id});
      }
    }
    return out;
  }

  const OracleBody* find(sat::BodyId id) const {
    for (const auto& b : bodies) {
      if (b.id == id) return &b;
    }
    return nullptr;
  }
};

inline std::set<IdPair> toSet(const sat::BodyPair* p, int n) {
  std::set<IdPair> s;
  for (int i = 0; i < n; ++i) s.insert({p[i].a, p[i].b});
  return s;
}

}  // namespace testing_sat3
