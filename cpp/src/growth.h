// Private: how the world's large arrays grow. std::vector doubles its capacity when it runs out (push_back and
// resize alike), so an array whose high-water mark lands just past a power of two keeps room for up to twice what
// it ever holds. These arrays grow by a quarter instead: their spare room stays under a fifth of their capacity,
// and a scene that grows a little reallocates a few more times on its way up (never in a steady state).
#pragma once

#include <cstddef>
#include <vector>

namespace sat::detail {

/// Room for `count` items in all: when v must grow, by at least a quarter of its capacity.
template <typename T>
inline void reserveFor(std::vector<T>& v, size_t count) {
  if (count > v.capacity()) v.reserve(count > v.capacity() + v.capacity() / 4 ? count : v.capacity() + v.capacity() / 4);
}

/// v.resize(count) with reserveFor's growth.
template <typename T>
inline void resizeFor(std::vector<T>& v, size_t count) {
  reserveFor(v, count);
  v.resize(count);
}

}  // namespace sat::detail
