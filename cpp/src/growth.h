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

/// Room for `extra` items more than v holds, with reserveFor's growth.
template <typename T>
inline void reserveMore(std::vector<T>& v, size_t extra) {
  reserveFor(v, v.size() + extra);
}

/// v.resize(count) with reserveFor's growth.
template <typename T>
inline void resizeFor(std::vector<T>& v, size_t count) {
  reserveFor(v, count);
  v.resize(count);
}

/// Gives back the room a burst left in v: a world's first frame (every pair begins there) or bodies created in
/// bulk fill some arrays once, which then hold a small part of it. When v holds under a quarter of its capacity
/// (and that capacity is more than a few hundred items), it is reallocated with room for twice what it holds. An
/// array whose use only wavers keeps its room, so a steady state reallocates nothing.
template <typename T>
[[gnu::noinline]] void reallocateWithRoomForTwice(std::vector<T>& v) {
  std::vector<T> smaller;
  smaller.reserve(2 * v.size());
  smaller.assign(v.begin(), v.end());
  v.swap(smaller);
}

template <typename T>
inline void releaseBurst(std::vector<T>& v) {
  if (v.capacity() <= 4 * v.size() + 256) return;
  reallocateWithRoomForTwice(v);  // out of line: a frame rarely gets here, and each call site stays small
}

}  // namespace sat::detail
