// sat-wasm: parts of Embind's JavaScript runtime (Emscripten 3.1.6's embind.js), replaced for what the bindings use.
// Linked after embind.js; each entry here takes the place of the runtime's entry of the same name.
//
// Smaller, for every build (the glue is most of the module's Embind cost):
// - Class handles carry delete() and isDeleted() only; clone(), isAliasOf() and deleteLater() (and the deletion
//   queue, Module.flushPendingDeletes / setDelayFunction / getInheritedInstanceCount / getLiveInheritedInstances)
//   are not bound: bindings/ts owns every handle and deletes it once.
// - A class pointer returned to JavaScript (a constructor's, World.create's) becomes a handle of its own class:
//   the classes have no base class and no smart pointer, and the module has no RTTI, so the runtime's downcast and
//   instance lookup always end there. Passing a pointer of a class with a base class or a smart pointer throws.
// - std::string is only returned (status messages), never passed in: JavaScript strings are not converted to it.
//
// Faster, without dynamic code generation (-sDYNAMIC_EXECUTION=0: the -nodyn glue, asm.js):
// With dynamic execution Embind writes one invoker per bound function with `new Function`: named parameters, each
// converted by its type, one call into the module. Without it, Emscripten 3.1.6 falls back to one generic invoker
// that copies `arguments` into arrays, calls through Function.prototype.apply and allocates a closure per call:
// about half the per-call rate of the generated invoker on `collide` (bench/README.md, "Binding layer"). The
// craftInvokerFunction below keeps the generated invoker's semantics (argument-count check, the types'
// toWireType / fromWireType, destructors) and, for the common case of up to four arguments whose types need no
// destructor (numbers, bools, class pointers), returns a closure with named parameters that does what the
// generated code does, without allocating. Other signatures take a generic path without the per-call closure.
mergeInto(LibraryManager.library, {
  $init_embind: function() {},

  $init_ClassHandle__deps: ['$ClassHandle_delete', '$ClassHandle_isDeleted'],
  $init_ClassHandle: function() {
    ClassHandle.prototype['delete'] = ClassHandle_delete;
    ClassHandle.prototype['isDeleted'] = ClassHandle_isDeleted;
  },

  $RegisteredPointer_fromWireType__deps: ['$makeClassHandle'],
  $RegisteredPointer_fromWireType: function(ptr) {
    if (!ptr) return null;
    return makeClassHandle(this.registeredClass.instancePrototype, { ptrType: this, ptr: ptr });
  },

  $genericPointerToWireType__deps: ['$throwBindingError'],
  $genericPointerToWireType: function(destructors, handle) {
    throwBindingError('Cannot pass a ' + this.name + ': classes with a base class or a smart pointer are not bound');
  },

  _embind_register_std_string__deps: ['$readLatin1String', '$registerType', '$simpleReadValueFromPointer',
                                      '$throwBindingError'],
  _embind_register_std_string: function(rawType, name) {
    registerType(rawType, {
      name: readLatin1String(name),
      'fromWireType': function(value) {
        var str = UTF8ToString(value + 4, HEAPU32[value >> 2]);
        _free(value);
        return str;
      },
      'toWireType': function(destructors, value) {
        throwBindingError('Cannot pass a string to ' + this.name + ': strings are only returned');
      },
      'argPackAdvance': 8,
      'readValueFromPointer': simpleReadValueFromPointer,
      destructorFunction: function(ptr) { _free(ptr); },
    });
  },
});

#if DYNAMIC_EXECUTION == 0
mergeInto(LibraryManager.library, {
  $craftInvokerFunction__deps: ['$throwBindingError', '$runDestructors'],
  $craftInvokerFunction: function(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    if (argTypes.length < 2) {
      throwBindingError("argTypes array size mismatch! Must at least get return value and 'this' types!");
    }
    var argCount = argTypes.length - 2;
    var isClassMethodFunc = argTypes[1] !== null && classType !== null;
    var retType = argTypes[0];
    var returns = retType.name !== 'void';
    var classParam = argTypes[1];
    // As the generated invoker: a type without destructorFunction needs the destructor stack; a type whose
    // destructorFunction is not null is destroyed after the call.
    var needsDestructorStack = false;
    var needsDestructors = false;
    for (var i = isClassMethodFunc ? 1 : 2; i < argTypes.length; ++i) {
      if (argTypes[i].destructorFunction === undefined) needsDestructorStack = true;
      else if (argTypes[i].destructorFunction !== null) needsDestructors = true;
    }
    function badCount(count) {
      throwBindingError('function ' + humanName + ' called with ' + count + ' arguments, expected ' + argCount +
                        ' args!');
    }
    function result(rv) {
      return returns ? retType.fromWireType(rv) : undefined;
    }
    var t0 = argTypes[2], t1 = argTypes[3], t2 = argTypes[4], t3 = argTypes[5];
    if (!needsDestructorStack && !needsDestructors && argCount <= 4) {
      var invoker = cppInvokerFunc, fn = cppTargetFunc;
      if (!isClassMethodFunc) {
        switch (argCount) {
          case 0: return function() {
            if (arguments.length !== 0) badCount(arguments.length);
            return result(invoker(fn));
          };
          case 1: return function(a) {
            if (arguments.length !== 1) badCount(arguments.length);
            return result(invoker(fn, t0.toWireType(null, a)));
          };
          case 2: return function(a, b) {
            if (arguments.length !== 2) badCount(arguments.length);
            return result(invoker(fn, t0.toWireType(null, a), t1.toWireType(null, b)));
          };
          case 3: return function(a, b, c) {
            if (arguments.length !== 3) badCount(arguments.length);
            return result(invoker(fn, t0.toWireType(null, a), t1.toWireType(null, b), t2.toWireType(null, c)));
          };
          default: return function(a, b, c, d) {
            if (arguments.length !== 4) badCount(arguments.length);
            return result(invoker(fn, t0.toWireType(null, a), t1.toWireType(null, b), t2.toWireType(null, c),
                                  t3.toWireType(null, d)));
          };
        }
      }
      switch (argCount) {
        case 0: return function() {
          if (arguments.length !== 0) badCount(arguments.length);
          return result(invoker(fn, classParam.toWireType(null, this)));
        };
        case 1: return function(a) {
          if (arguments.length !== 1) badCount(arguments.length);
          return result(invoker(fn, classParam.toWireType(null, this), t0.toWireType(null, a)));
        };
        case 2: return function(a, b) {
          if (arguments.length !== 2) badCount(arguments.length);
          return result(invoker(fn, classParam.toWireType(null, this), t0.toWireType(null, a), t1.toWireType(null, b)));
        };
        case 3: return function(a, b, c) {
          if (arguments.length !== 3) badCount(arguments.length);
          return result(invoker(fn, classParam.toWireType(null, this), t0.toWireType(null, a), t1.toWireType(null, b),
                                t2.toWireType(null, c)));
        };
        default: return function(a, b, c, d) {
          if (arguments.length !== 4) badCount(arguments.length);
          return result(invoker(fn, classParam.toWireType(null, this), t0.toWireType(null, a), t1.toWireType(null, b),
                                t2.toWireType(null, c), t3.toWireType(null, d)));
        };
      }
    }
    // Any other signature: the same steps over arrays.
    return function() {
      if (arguments.length !== argCount) badCount(arguments.length);
      var destructors = needsDestructorStack ? [] : null;
      var wired = [cppTargetFunc];
      if (isClassMethodFunc) wired.push(classParam.toWireType(destructors, this));
      for (var i = 0; i < argCount; ++i) wired.push(argTypes[i + 2].toWireType(destructors, arguments[i]));
      var rv = cppInvokerFunc.apply(null, wired);
      if (needsDestructorStack) {
        runDestructors(destructors);
      } else if (needsDestructors) {
        // wired holds the target, then `this` for a method, then the arguments: argTypes[k]'s value is wired[k]
        // for a method, wired[k - 1] otherwise.
        for (var k = isClassMethodFunc ? 1 : 2; k < argTypes.length; ++k) {
          var destroy = argTypes[k].destructorFunction;
          if (destroy !== null) destroy(wired[isClassMethodFunc ? k : k - 1]);
        }
      }
      return result(rv);
    };
  },
});
#endif

// Direct calls, in every glue: a free or static function whose parameters are `int`, `long`, `float` or `double`
// and whose result is one of those, `unsigned int`, `unsigned long`, `bool` or `void` (the per-call queries, the
// shape makers) is called as the WebAssembly function itself. For these types Embind's C++ invoker only passes the
// values through and their JavaScript conversions are the identity (the engine converts each number at the
// boundary, as it does for the invoker), so the invoker's own call and its indirect call to the target are
// skipped; the argument-count check and the result conversions (bool, unsigned) stay. Any other signature is left
// to the invoker made before this block (Embind's generated one, or the closures above without dynamic execution).
// With dynamic execution each direct function is generated on its own (a call site per function: the engine calls
// the target without a generic dispatch); without, one closure per argument count.
(function() {
  var crafted = LibraryManager.library.$craftInvokerFunction;
  var craftedDeps = LibraryManager.library.$craftInvokerFunction__deps || [];
  mergeInto(LibraryManager.library, {
    $craftInvokerFunctionPassing: crafted,
    $craftInvokerFunctionPassing__deps: craftedDeps,
    $craftInvokerFunction__deps: ['$craftInvokerFunctionPassing', '$getWasmTableEntry', '$throwBindingError'],
    $craftInvokerFunction: function(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
      var argCount = argTypes.length - 2;
      var direct = classType === null && argTypes[1] === null && argCount >= 0 && argCount <= 4;
      var identity = { 'int': 1, 'long': 1, 'float': 1, 'double': 1 };
      for (var i = 2; direct && i < argTypes.length; ++i) direct = identity[argTypes[i].name] === 1;
      var ret = direct ? argTypes[0].name : '';
      // 0: the value as it is, 1: a bool, 2: unsigned 32-bit, 3: nothing.
      var conversion = identity[ret] === 1 ? 0 : ret === 'bool' ? 1 : ret === 'unsigned int' || ret === 'unsigned long' ? 2 :
                       ret === 'void' ? 3 : -1;
      if (!direct || conversion < 0) {
        return craftInvokerFunctionPassing(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc);
      }
      var target = getWasmTableEntry(cppTargetFunc);
      function badCount(count) {
        throwBindingError('function ' + humanName + ' called with ' + count + ' arguments, expected ' + argCount +
                          ' args!');
      }
#if DYNAMIC_EXECUTION == 0
      function result(rv) {
        return conversion === 0 ? rv : conversion === 1 ? !!rv : conversion === 2 ? rv >>> 0 : undefined;
      }
      switch (argCount) {
        case 0: return function() {
          if (arguments.length !== 0) badCount(arguments.length);
          return result(target());
        };
        case 1: return function(a) {
          if (arguments.length !== 1) badCount(arguments.length);
          return result(target(a));
        };
        case 2: return function(a, b) {
          if (arguments.length !== 2) badCount(arguments.length);
          return result(target(a, b));
        };
        case 3: return function(a, b, c) {
          if (arguments.length !== 3) badCount(arguments.length);
          return result(target(a, b, c));
        };
        default: return function(a, b, c, d) {
          if (arguments.length !== 4) badCount(arguments.length);
          return result(target(a, b, c, d));
        };
      }
#else
      var params = ['a', 'b', 'c', 'd'].slice(0, argCount).join(',');
      var call = 'target(' + params + ')';
      var body = 'if(arguments.length!==' + argCount + ')badCount(arguments.length);' +
                 (conversion === 0 ? 'return ' + call : conversion === 1 ? 'return !!' + call :
                  conversion === 2 ? 'return ' + call + '>>>0' : call) + ';';
      return new Function('target', 'badCount', 'return function(' + params + '){' + body + '}')(target, badCount);
#endif
    },
  });
})();
