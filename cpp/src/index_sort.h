// Private: one sort for the library's cold paths (hull points, the sort-and-sweep rebuild), instead of one
// std::sort instantiation per element type and comparator (each about 1.5-2.5 KB of WebAssembly with its helpers;
// the module has a size budget).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sat::detail {

/// Strict weak order on element indices: whether element a goes before element b.
using IndexLess = bool (*)(const void* context, uint32_t a, uint32_t b);

/// Fills idx[0, n) with the permutation of 0..n-1 that orders the elements by `less`, equivalent elements by
/// index: the order a stable sort gives, the same on every platform. A heap sort (O(n log n), no allocation),
/// one out-of-line copy for all callers.
[[gnu::noinline]] inline void sortIndices(uint32_t* idx, size_t n, IndexLess less, const void* context) {
  auto before = [less, context](uint32_t a, uint32_t b) {
    return less(context, a, b) || (a < b && !less(context, b, a));
  };
  auto sift = [idx, &before](size_t i, size_t end) {
    const uint32_t v = idx[i];
    for (size_t c; (c = 2 * i + 1) < end; i = c) {
      if (c + 1 < end && before(idx[c], idx[c + 1])) ++c;
      if (!before(v, idx[c])) break;
      idx[i] = idx[c];
    }
    idx[i] = v;
  };
  for (size_t i = 0; i < n; ++i) idx[i] = uint32_t(i);
  for (size_t i = n / 2; i-- > 0;) sift(i, n);
  for (size_t end = n; end-- > 1;) {
    const uint32_t top = idx[0];
    idx[0] = idx[end];
    idx[end] = top;
    sift(0, end);
  }
}

}  // namespace sat::detail
