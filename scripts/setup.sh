#!/usr/bin/env bash
# The one set-up step behind every npm command (npm start, npm test, npm run build, npm run bench) and CI.
# It checks cheaply for each tool and installs only what is missing, so a second run is a quiet no-op:
#   - Debian packages: Emscripten (em++), cmake + make + g++, GoogleTest, Google Benchmark, Chromium, Mesa's
#     llvmpipe, clang + its runtime libraries (LeakSanitizer, libFuzzer). One `apt-get update`, only if something
#     is missing.
#   - npm packages: `npm ci` when node_modules is missing or older than package-lock.json.
# On a system without apt-get it cannot install Emscripten: it says to use emsdk and stops.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

have() { command -v "$1" >/dev/null 2>&1; }
# True when at least one path matches the glob (for files whose directory names carry a version).
any_file() { compgen -G "$1" >/dev/null 2>&1; }

# Each entry: Debian package, then whether it is essential for building (1) or only for some suites (0).
missing=()
essential_missing=()
need() {  # need <package> <essential 0|1>
  missing+=("$1")
  if [ "$2" = 1 ]; then essential_missing+=("$1"); fi
}

have em++ || need emscripten 1
have cmake || need cmake 1
have make || need make 1
have g++ || need g++ 1
[ -f /usr/include/gtest/gtest.h ] || need libgtest-dev 1
[ -f /usr/include/benchmark/benchmark.h ] || need libbenchmark-dev 0
[ -x /usr/bin/chromium ] || need chromium 0
# Mesa's llvmpipe behind EGL: the browser tests' WebGL runs on it (faster than Chromium's SwiftShader) when present.
any_file '/usr/lib/*-linux-gnu/libEGL_mesa.so.0' || need libegl-mesa0 0
any_file '/usr/lib/*-linux-gnu/dri/swrast_dri.so' || need libgl1-mesa-dri 0
have clang || need clang 0
any_file '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a' || need libclang-rt-14-dev 0
if ! have node || ! have npm; then need nodejs 1; need npm 1; fi

if [ ${#missing[@]} -gt 0 ]; then
  if ! have apt-get; then
    echo "setup: missing: ${missing[*]}" >&2
    if ! have em++; then
      echo "setup: this is not a Debian/apt system, so Emscripten cannot be installed here." >&2
      echo "setup: install it with emsdk (https://emscripten.org/docs/getting_started/downloads.html)," >&2
      echo "setup: activate it so em++ is on PATH, install the other tools above, and run this again." >&2
      exit 1
    fi
    if [ ${#essential_missing[@]} -gt 0 ]; then
      echo "setup: install these with your package manager and run this again: ${essential_missing[*]}" >&2
      exit 1
    fi
    echo "setup: continuing without them; the suites that need them will fail." >&2
  else
    SUDO=()
    if [ "$(id -u)" -ne 0 ]; then
      if have sudo; then
        SUDO=(sudo)
      else
        echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
        exit 1
      fi
    fi
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
fi

# npm packages. npm writes node_modules/.package-lock.json on every install, so it is newer than the lock file
# exactly when node_modules matches it. (-nt is also true when the right-hand file is missing.)
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
fi
