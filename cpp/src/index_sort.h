// Private: the library's sorts, instead of one std::sort instantiation per element type and comparator (each about
// 1.5-2.5 KB of WebAssembly with its helpers; the module has a size budget): one index sort for the cold paths (hull
// points, the sort-and-sweep rebuild, the directions of the exact round-shape search) and one radix sort for the
// world's pair keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "growth.h"

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

/// Sorts pair keys (slot a in the high 32 bits, slot b in the low ones, both below `slotCount`) ascending: an LSD
/// radix sort on the bits the slots can use, or an insertion sort for a few dozen keys. `scratch` grows to n keys
/// once and is kept (nothing allocated per frame).
[[gnu::noinline]] inline void sortPairKeys(uint64_t* keys, size_t n, uint32_t slotCount, std::vector<uint64_t>* scratch) {
  if (n < 2) return;
  if (n < 64) {
    for (size_t i = 1; i < n; ++i) {
      const uint64_t k = keys[i];
      size_t j = i;
      for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1];
      keys[j] = k;
    }
    return;
  }
  int bits = 1;
  while ((1u << bits) < slotCount && bits < 31) ++bits;
  // Pack to a*2^bits + b so that fewer passes cover the key.
  for (size_t i = 0; i < n; ++i) keys[i] = ((keys[i] >> 32) << bits) | (keys[i] & 0xFFFFFFFFu);
  if (scratch->size() < n) resizeFor(*scratch, n);
  constexpr int kDigit = 11;
  uint32_t counts[1u << kDigit];
  uint64_t* src = keys;
  uint64_t* dst = scratch->data();
  for (int shift = 0; shift < 2 * bits; shift += kDigit) {
    std::memset(counts, 0, sizeof(counts));
    for (size_t i = 0; i < n; ++i) ++counts[(src[i] >> shift) & ((1u << kDigit) - 1)];
    uint32_t sum = 0;
    for (uint32_t& c : counts) {
      const uint32_t t = c;
      c = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; ++i) dst[counts[(src[i] >> shift) & ((1u << kDigit) - 1)]++] = src[i];
    uint64_t* t = src;
    src = dst;
    dst = t;
  }
  if (src != keys) std::memcpy(keys, src, n * sizeof(uint64_t));
  const uint64_t lowMask = (uint64_t(1) << bits) - 1;
  for (size_t i = 0; i < n; ++i) keys[i] = ((keys[i] >> bits) << 32) | (keys[i] & lowMask);
}

}  // namespace sat::detail
