// sat-wasm bindings: value objects registered from tables of fields. Embind's value_object<T>::field() makes a
// getter and a setter per class and field type and allocates each field's member pointer on the heap; the code of
// one field's registration is a ten-argument call. Here a field is a row of data (name, byte offset, type), its
// getter and setter are shared by every field of that type (the offset is their context), and one loop registers
// the rows. What JavaScript sees is the same: a plain object with these properties, read and written field by field.
#pragma once

#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>

namespace satjs {

/// Reads and writes a field of type T at a byte offset of a value object, in Embind's wire form.
template <typename T>
struct FieldAccess {
  using Binding = emscripten::internal::BindingType<T>;
  using Wire = typename Binding::WireType;
  static Wire get(uintptr_t offset, const char* object) {
    return Binding::toWireType(*reinterpret_cast<const T*>(object + offset));
  }
  static void set(uintptr_t offset, char* object, Wire value) {
    *reinterpret_cast<T*>(object + offset) = Binding::fromWireType(value);
  }
};

/// Registers one field of type T of the value object `owner`.
template <typename T>
void registerField(emscripten::internal::TYPEID owner, const char* name, uintptr_t offset) {
  using namespace emscripten::internal;
  auto get = &FieldAccess<T>::get;
  auto set = &FieldAccess<T>::set;
  void* context = reinterpret_cast<void*>(offset);
  _embind_register_value_object_field(owner, name, TypeID<T>::get(), getSignature(get),
                                      reinterpret_cast<GenericFunction>(get), context, TypeID<T>::get(),
                                      getSignature(set), reinterpret_cast<GenericFunction>(set), context);
}

/// A field of a value object: its JavaScript name, its byte offset and how its type registers.
struct Field {
  const char* name;
  uintptr_t offset;
  void (*registerAs)(emscripten::internal::TYPEID owner, const char* name, uintptr_t offset);
};

/// The field `member` of `Class`, under the member's own name.
#define SAT_FIELD(Class, member)                                                         \
  ::satjs::Field {                                                                       \
#member, offsetof(Class, member), &::satjs::registerField < decltype(Class::member)> \
  }

/// Registers T as the value object `name` with these fields.
template <typename T, int N>
void registerValueObject(const char* name, const Field (&fields)[N]) {
  using namespace emscripten::internal;
  auto construct = &raw_constructor<T>;
  auto destroy = &raw_destructor<T>;
  const TYPEID type = TypeID<T>::get();
  _embind_register_value_object(type, name, getSignature(construct), reinterpret_cast<GenericFunction>(construct),
                                getSignature(destroy), reinterpret_cast<GenericFunction>(destroy));
  for (const Field& field : fields) field.registerAs(type, field.name, field.offset);
  _embind_finalize_value_object(type);
}

}  // namespace satjs
