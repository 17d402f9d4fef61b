// sat-wasm bindings: the built-in types of Embind that the bindings use, registered here instead of by Emscripten's
// libembind (system/lib/embind/bind.cpp). The module links Embind's JavaScript runtime (embind.js, emval.js) but not
// that library: it registers every built-in type, std::wstring / std::u16string / std::u32string, 64-bit integers
// and twenty memory-view types among them, and each registration brings its JavaScript half into the glue; its
// __getTypeName formats with sprintf, which links libc's printf. Without them the SIMD module + glue is about 4 KB
// gzipped smaller (bench/README.md, "Binding layer").
//
// A type a binding uses must be registered here: a function whose signature names an unregistered type stays
// unbound and throws UnboundTypeError when called (tests/js/bindings_names.test.ts calls every registered name).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <climits>
#include <cstdint>
#include <limits>
#include <cstdlib>
#include <string>

using namespace emscripten::internal;

namespace {

// Typed-array kinds, as Embind's JavaScript runtime numbers them (embind.js `typeMapping`).
enum TypedArrayKind { kInt8 = 0, kUint8 = 1, kInt16 = 2, kUint16 = 3, kInt32 = 4, kUint32 = 5, kFloat32 = 6, kFloat64 = 7 };

template <typename T>
void registerInteger(const char* name) {
  _embind_register_integer(TypeID<T>::get(), name, sizeof(T), std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
}

template <typename T>
void registerMemoryView(TypedArrayKind kind, const char* name) {
  _embind_register_memory_view(TypeID<emscripten::memory_view<T>>::get(), kind, name);
}

}  // namespace

extern "C" {

/// A type's name for Embind's error messages (an unbound type): "type@<address of its type id>", in memory the
/// caller frees. The module has no RTTI names; this is what libembind prints without them, without printf.
EMSCRIPTEN_KEEPALIVE const char* __getTypeName(const void* typeId) {
  constexpr char kPrefix[] = "type@";
  char* name = static_cast<char*>(std::malloc(sizeof(kPrefix) + 10));
  if (!name) return nullptr;
  char* at = name;
  for (const char* p = kPrefix; *p; ++p) *at++ = *p;
  char digits[10];
  int n = 0;
  for (uintptr_t v = reinterpret_cast<uintptr_t>(typeId); n == 0 || v != 0; v /= 10) digits[n++] = char('0' + v % 10);
  while (n > 0) *at++ = digits[--n];
  *at = '\0';
  return name;
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(sat_embind_types) {
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  registerInteger<char>("char");
  registerInteger<signed char>("signed char");
  registerInteger<unsigned char>("unsigned char");
  registerInteger<short>("short");
  registerInteger<unsigned short>("unsigned short");
  registerInteger<int>("int");
  registerInteger<unsigned int>("unsigned int");
  registerInteger<long>("long");
  registerInteger<unsigned long>("unsigned long");
  _embind_register_float(TypeID<float>::get(), "float", sizeof(float));
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
  // Status messages.
  _embind_register_std_string(TypeID<std::string>::get(), "std::string");
  // The views the bindings return (scratch, buffer, batch, world transforms and info), each as an emscripten::val
  // (a memory_view returned by value does not match its registered signature in Embind 3.1.6).
  _embind_register_emval(TypeID<emscripten::val>::get(), "emscripten::val");
  registerMemoryView<int32_t>(kInt32, "memory_view<int32_t>");
  registerMemoryView<uint32_t>(kUint32, "memory_view<uint32_t>");
  registerMemoryView<uint8_t>(kUint8, "memory_view<uint8_t>");
  registerMemoryView<float>(kFloat32, "memory_view<float>");
}
