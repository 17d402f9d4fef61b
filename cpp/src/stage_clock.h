// Private: per-stage timing of a world update (World and World3 both report their stages' wall-clock times).
#pragma once

#include <chrono>

namespace sat::detail {

/// Wall-clock milliseconds between successive lap() calls; all 0 when off (no clock reads).
class StageClock {
 public:
  explicit StageClock(bool on) : on_(on) {
    if (on_) last_ = std::chrono::steady_clock::now();
  }
  /// Milliseconds since construction or the previous lap (0 when off).
  float lap() {
    if (!on_) return 0.0f;
    const auto now = std::chrono::steady_clock::now();
    const float ms = std::chrono::duration<float, std::milli>(now - last_).count();
    last_ = now;
    return ms;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace sat::detail
