// The binding layer's names, three ways: what bindings/*.cpp registers (read from the EMSCRIPTEN_BINDINGS blocks),
// what the TypeScript layer declares it uses (BINDINGS in module.ts, the constant and enum lists of layout.ts) and
// what the loaded module really holds. Any name added, renamed or dropped on one side only fails here. The same for
// the 3D module: bindings/3d/*.cpp, module3.ts, load3D().
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowsCodeGeneration, loadSAT } from '../../dist/index.js';
import * as moduleJs from '../../dist/module.js';
import { CORE_CONSTANTS, ENUMS, EXPLAIN_CONSTANTS, WORLD_CONSTANTS } from '../../dist/layout.js';
import { load3D } from '../../dist/3d.js';
import * as module3Js from '../../dist/module3.js';
import type * as ModuleSource from '../../bindings/ts/module.js';
import type * as Module3Source from '../../bindings/ts/module3.js';
import type { SAT } from '../../dist/index.js';
import type { SAT3D } from '../../dist/3d.js';

// BINDINGS, BINDINGS_3D and the modules behind SAT and SAT3D are internal: the package's declarations leave them
// out, so their types are taken from the sources while the values come from the built package.
const { BINDINGS } = moduleJs as unknown as typeof ModuleSource;
const { BINDINGS_3D, CONSTANTS_3D, ENUMS_3D, WORLD3_CONSTANTS, WORLD3_ENUMS } = module3Js as unknown as typeof Module3Source;
const moduleOf = (sat: SAT) => (sat as unknown as { _m: ModuleSource.SATModule })._m;
const module3Of = (sat3: SAT3D) => (sat3 as unknown as { _m: Module3Source.SAT3DModule })._m;

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (dir: string) =>
  readdirSync(`${root}/${dir}`)
    .filter((f) => f.endsWith('.cpp'))
    .map((f) => ({ file: `${dir}/${f}`.replace(/^bindings\//, ''), text: readFileSync(`${root}/${dir}/${f}`, 'utf8') }));
const sources = [...read('bindings'), ...read('bindings/3d')];

/** The chain of calls after a registration, up to its closing semicolon. */
function chain(text: string, at: number): string {
  return text.slice(at, text.indexOf(';', at));
}

interface Registered {
  functions: Set<string>;
  constants: Set<string>;
  classes: Map<string, { static: Set<string>; methods: Set<string> }>;
  enums: Map<string, Set<string>>;
  valueObjects: Map<string, Set<string>>;
}

function registered(files: string[]): Registered {
  const r: Registered = { functions: new Set(), constants: new Set(), classes: new Map(), enums: new Map(), valueObjects: new Map() };
  for (const { file, text } of sources) {
    if (!files.includes(file)) continue;
    const body = text.slice(text.indexOf('EMSCRIPTEN_BINDINGS('));
    for (const m of body.matchAll(/(?<![.\w])function\("(\w+)"/g)) r.functions.add(m[1]);
    // Constants are registered from tables of {"NAME", value} (registerConstants in binding_common.h).
    for (const m of body.matchAll(/\{"(\w+)", double\(/g)) r.constants.add(m[1]);
    for (const m of body.matchAll(/class_<[^>]+>\("(\w+)"\)/g)) {
      const c = chain(body, m.index!);
      r.classes.set(m[1], {
        static: new Set([...c.matchAll(/\.class_function\("(\w+)"/g)].map((x) => x[1])),
        methods: new Set([...c.matchAll(/\.function\("(\w+)"/g)].map((x) => x[1])),
      });
    }
    for (const m of body.matchAll(/enum_<[^>]+>\("(\w+)"\)/g)) {
      r.enums.set(m[1], new Set([...chain(body, m.index!).matchAll(/\.value\("(\w+)"/g)].map((x) => x[1])));
    }
    // Value objects are registered from tables of fields (registerValueObject in value_object.h): SAT_FIELD(Class,
    // member) rows, named after the member, or {"name", offset, ...} rows.
    for (const m of body.matchAll(/registerValueObject<[^>]+>\("(\w+)", (\w+)\)/g)) {
      const table = body.indexOf(`Field ${m[2]}[] = {`);
      const rows = table < 0 ? '' : chain(body, table);
      const fields = [...rows.matchAll(/SAT_FIELD\([\w:]+, (\w+)\)|\{"(\w+)", offsetof/g)].map((x) => x[1] ?? x[2]);
      r.valueObjects.set(m[1], new Set(fields));
    }
  }
  return r;
}

const FULL = sources.map((s) => s.file).filter((f) => f !== 'explain.cpp' && !f.startsWith('3d/'));
const MODULE_3D = sources.map((s) => s.file).filter((f) => f.startsWith('3d/'));
const NARROW = ['core_info.cpp', 'narrow_phase.cpp', 'shape_store.cpp', 'explain.cpp'];
// The 3D module's narrow-phase-only flavour (bindings/CMakeLists.txt, SAT3D_NARROW_BINDING_SOURCES).
const NARROW_3D = ['3d/sat3d_bindings.cpp'];
const sorted = (s: Iterable<string>) => [...s].sort();

describe('registered names = the names the TypeScript layer uses', () => {
  const all = registered([...new Set([...FULL, ...NARROW])]);

  it('the sources register something (the parser sees the bindings)', () => {
    expect(all.functions.size).toBeGreaterThan(4);
    expect(all.classes.size).toBe(3);
    expect(all.constants.size).toBeGreaterThan(60);
  });

  it('functions', () => {
    expect(sorted(all.functions)).toEqual(sorted(BINDINGS.functions));
  });

  it('classes, their static functions and methods', () => {
    expect(sorted(all.classes.keys())).toEqual(sorted(Object.keys(BINDINGS.classes)));
    for (const [name, c] of Object.entries(BINDINGS.classes)) {
      expect(sorted(all.classes.get(name)!.static), name).toEqual(sorted(c.static));
      expect(sorted(all.classes.get(name)!.methods), name).toEqual(sorted(c.methods));
    }
  });

  it('enums and their values', () => {
    expect(sorted(all.enums.keys())).toEqual(sorted(Object.keys(ENUMS)));
    for (const [name, values] of Object.entries(ENUMS)) expect(sorted(all.enums.get(name)!), name).toEqual(sorted(values));
  });

  it('constants', () => {
    expect(sorted(all.constants)).toEqual(sorted([...CORE_CONSTANTS, ...WORLD_CONSTANTS, ...EXPLAIN_CONSTANTS]));
  });

  it('value objects and their fields', () => {
    expect(sorted(all.valueObjects.keys())).toEqual(sorted(Object.keys(BINDINGS.valueObjects)));
    for (const [name, fields] of Object.entries(BINDINGS.valueObjects)) {
      expect(sorted(all.valueObjects.get(name)!), name).toEqual(sorted(fields));
    }
  });

  it('every declared name is used by the TypeScript sources, and every layout constant they read is declared', () => {
    const ts = ['api.ts', 'batch.ts', 'world.ts', 'explain.ts', 'loader.ts']
      .map((f) => readFileSync(`${root}/bindings/ts/${f}`, 'utf8'))
      .join('\n');
    const unused: string[] = [];
    for (const f of BINDINGS.functions) if (!new RegExp(`\\.${f}\\(`).test(ts)) unused.push(f);
    for (const [name, c] of Object.entries(BINDINGS.classes)) {
      if (!ts.includes(name)) unused.push(name);
      for (const m of [...c.static, ...c.methods]) if (!new RegExp(`\\.${m}\\(`).test(ts)) unused.push(`${name}.${m}`);
    }
    const constants = [...CORE_CONSTANTS, ...WORLD_CONSTANTS, ...EXPLAIN_CONSTANTS] as string[];
    for (const k of constants) if (!ts.includes(`K.${k}`)) unused.push(k);
    expect(unused).toEqual([]);
    const read = new Set([...ts.matchAll(/\bK\.(\w+)/g)].map((m) => m[1]));
    expect(sorted(read).filter((k) => !constants.includes(k))).toEqual([]);
  });
});

describe.each([
  ['default build', true],
  ['build without dynamic execution', false],
] as const)('the loaded module holds every registered name (%s)', (_, dynamicExecution) => {
  // The default build cannot load where code generation is refused (the js-nodyn suite): not run there.
  it.skipIf(dynamicExecution && !allowsCodeGeneration()).each([
    ['full module', false],
    ['narrow-phase-only flavour', true],
  ] as const)('%s', async (_flavour, narrow) => {
    const sat = await loadSAT({ prefer: 'simd', narrowPhaseOnly: narrow, dynamicExecution });
    expect(sat.dynamicExecution).toBe(dynamicExecution);
    const m = moduleOf(sat) as unknown as Record<string, unknown>;
    const r = registered(narrow ? NARROW : FULL);
    for (const f of r.functions) expect(typeof m[f], f).toBe('function');
    for (const k of r.constants) expect(typeof m[k], k).toBe('number');
    for (const [name, values] of r.enums) {
      const e = m[name] as Record<string, { value: number }>;
      for (const v of values) expect(typeof e[v]?.value, `${name}.${v}`).toBe('number');
    }
    for (const [name, c] of r.classes) {
      const cls = m[name] as { prototype: Record<string, unknown> } & Record<string, unknown>;
      expect(typeof cls, name).toBe('function');
      for (const s of c.static) expect(typeof cls[s], `${name}.${s}`).toBe('function');
      for (const f of c.methods) expect(typeof cls.prototype[f], `${name}.prototype.${f}`).toBe('function');
    }
    // The value objects the module returns carry exactly their registered fields.
    const fields = (o: object) => sorted(Object.keys(o));
    const box = sat.box(2, 1);
    const h = box.handle;
    const store = moduleOf(sat).ShapeStore;
    expect(fields(store.info(h))).toEqual(sorted(r.valueObjects.get('ShapeInfo')!));
    expect(fields(store.info(h).localBounds)).toEqual(sorted(r.valueObjects.get('AABB')!));
    expect(fields(store.info(h).centroid)).toEqual(sorted(r.valueObjects.get('Vec2')!));
    expect(fields(store.bounds(h, { x: 0, y: 0, angle: 0, scaleX: 1, scaleY: 1 }))).toEqual(sorted(r.valueObjects.get('BoundsResult')!));
    expect(fields(moduleOf(sat).distance(h, h))).toEqual(sorted(r.valueObjects.get('DistanceResult')!));
    expect(fields(moduleOf(sat).raycast(h))).toEqual(sorted(r.valueObjects.get('RayHit')!));
    if (narrow) {
      expect(fields(moduleOf(sat).explain!(h, h, 0, 0, 0))).toEqual(sorted(r.valueObjects.get('ExplainResult')!));
    } else {
      const world = sat.createWorld();
      const a = world.add({ shape: box, x: 0, y: 0 });
      world.add({ shapes: [{ shape: box }, { shape: box, offsetX: 3 }], x: 0.5, y: 0 });
      world.update();
      const native = (world as unknown as { _w: import('../../dist/module.js').NativeWorld })._w;
      expect(fields(native.bodyInfo(a))).toEqual(sorted(r.valueObjects.get('BodyInfo')!));
      expect(fields(native.distance(a, a + 1))).toEqual(sorted(r.valueObjects.get('BodyDistance')!));
      const contact = native.shapeContact(0);
      expect(fields(contact)).toEqual(sorted(r.valueObjects.get('ShapeContact')!));
      expect(fields(contact.manifold)).toEqual(sorted(r.valueObjects.get('Manifold')!));
      expect(fields(contact.manifold.point0)).toEqual(sorted(r.valueObjects.get('ManifoldPoint')!));
      world.dispose();
    }
    box.dispose();
  });

  // Functions of numbers only (int, long, float, double; results also bool, unsigned, void) are called as the
  // WebAssembly function itself (embind_runtime.js), without Embind's C++ invoker: the calls must convert and check
  // as the module's invokers do for every other signature.
  it.skipIf(dynamicExecution && !allowsCodeGeneration())('numbers-only functions: conversions and checks', async () => {
    const sat = await loadSAT({ prefer: 'simd', dynamicExecution });
    const m = moduleOf(sat) as unknown as {
      collide(...args: unknown[]): unknown;
      Status: { InvalidArgument: { value: number } };
      ERROR_ARGUMENT_SHIFT: number;
      ShapeStore: { live(...args: unknown[]): unknown; release(...args: unknown[]): unknown; box(...args: number[]): number };
    };
    const badB = -(m.Status.InvalidArgument.value | (1 << m.ERROR_ARGUMENT_SHIFT));
    const h = m.ShapeStore.box(1, 1, 0, 0, 0);
    expect(h).toBeGreaterThan(0);
    const live = m.ShapeStore.live();
    expect(typeof live).toBe('number');
    // An int result; a non-number argument converts to 0 (no live handle), as the engine converts it for any invoker.
    expect(m.collide(h, 0)).toBe(badB);
    expect(m.collide(h, 'x')).toBe(badB);
    expect(m.collide(h, 1.5)).toBe(badB);
    expect(() => m.collide(h)).toThrow(/^function collide called with 1 arguments, expected 2 args!$/);
    expect(() => m.collide(h, h, h)).toThrow(/called with 3 arguments, expected 2 args!/);
    expect(() => m.ShapeStore.live(1)).toThrow(/called with 1 arguments, expected 0 args!/);
    // A bool result stays a bool.
    expect(m.ShapeStore.release(h)).toBe(true);
    expect(m.ShapeStore.release(h)).toBe(false);
    expect(m.ShapeStore.live()).toBe((live as number) - 1);
  });
});

describe('the 3D module: registered names = the names the TypeScript layer uses', () => {
  const all = registered(MODULE_3D);

  it('the sources register something (the parser sees the bindings)', () => {
    expect(MODULE_3D.length).toBeGreaterThan(1);
    expect(all.functions.size).toBeGreaterThan(4);
    expect(all.classes.size).toBe(3);
    expect(all.constants.size).toBeGreaterThan(60);
  });

  it('functions, classes, enums, constants', () => {
    expect(sorted(all.functions)).toEqual(sorted(BINDINGS_3D.functions));
    expect(sorted(all.classes.keys())).toEqual(sorted(Object.keys(BINDINGS_3D.classes)));
    for (const [name, c] of Object.entries(BINDINGS_3D.classes)) {
      expect(sorted(all.classes.get(name)!.static), name).toEqual(sorted(c.static));
      expect(sorted(all.classes.get(name)!.methods), name).toEqual(sorted(c.methods));
    }
    const enums = { ...ENUMS_3D, ...WORLD3_ENUMS };
    expect(sorted(all.enums.keys())).toEqual(sorted(Object.keys(enums)));
    for (const [name, values] of Object.entries(enums)) expect(sorted(all.enums.get(name)!), name).toEqual(sorted(values));
    expect(sorted(all.constants)).toEqual(sorted([...CONSTANTS_3D, ...WORLD3_CONSTANTS]));
    expect(all.valueObjects.size).toBe(0);
  });

  it('every declared name is used by the TypeScript sources, and every layout constant they read is declared', () => {
    const ts = ['3d.ts', 'batch3.ts', 'world3.ts', 'module3.ts'].map((f) => readFileSync(`${root}/bindings/ts/${f}`, 'utf8')).join('\n');
    const unused: string[] = [];
    for (const f of BINDINGS_3D.functions) if (!new RegExp(`\\.${f}\\(`).test(ts)) unused.push(f);
    for (const [name, c] of Object.entries(BINDINGS_3D.classes)) {
      if (!ts.includes(name)) unused.push(name);
      for (const m of [...c.static, ...c.methods]) if (!new RegExp(`\\.${m}\\(`).test(ts)) unused.push(`${name}.${m}`);
    }
    const constants = [...CONSTANTS_3D, ...WORLD3_CONSTANTS] as string[];
    for (const k of constants) if (!ts.includes(`K3.${k}`)) unused.push(k);
    for (const [name, values] of Object.entries({ ...ENUMS_3D, ...WORLD3_ENUMS })) {
      // Every status reaches the error table; the other enums are read value by value.
      if (name !== 'Status') for (const v of values) if (!ts.includes(`.${v}`)) unused.push(`${name}.${v}`);
    }
    expect(unused).toEqual([]);
    const read = new Set([...ts.matchAll(/\bK3\.(\w+)/g)].map((m) => m[1]));
    expect(sorted(read).filter((k) => !constants.includes(k))).toEqual([]);
  });

  it('the narrow-phase-only flavour registers everything but World3: its constants and enums', () => {
    const cmake = readFileSync(`${root}/bindings/CMakeLists.txt`, 'utf8');
    const list = /set\(SAT3D_NARROW_BINDING_SOURCES ([^)]*)\)/.exec(cmake)?.[1] ?? '';
    const files = [...list.matchAll(/\/(3d\/\w+\.cpp)/g)].map((m) => m[1]);
    expect(files).toEqual(NARROW_3D);
    const narrow = registered(NARROW_3D);
    expect(sorted(narrow.functions)).toEqual(sorted(BINDINGS_3D.functions));
    expect(sorted(narrow.classes.keys())).toEqual(sorted(Object.keys(BINDINGS_3D.classes).filter((c) => c !== 'World3')));
    expect(sorted(narrow.enums.keys())).toEqual(sorted(Object.keys(ENUMS_3D)));
    expect(sorted(narrow.constants)).toEqual(sorted(CONSTANTS_3D));
  });

  describe.each([
    ['default build', true],
    ['build without dynamic execution', false],
  ] as const)('the loaded 3D module holds every registered name (%s)', (_, dynamicExecution) => {
    // The default build cannot load where code generation is refused (the js-nodyn suite): not run there.
    it.skipIf(dynamicExecution && !allowsCodeGeneration()).each([
      ['full module', false],
      ['narrow-phase-only flavour', true],
    ] as const)('%s', async (_flavour, narrow) => {
      const sat3 = await load3D({ prefer: 'simd', dynamicExecution, narrowPhaseOnly: narrow });
      expect(sat3.dynamicExecution).toBe(dynamicExecution);
      expect(sat3.narrowPhaseOnly).toBe(narrow);
      const m = module3Of(sat3) as unknown as Record<string, unknown>;
      const all = registered(narrow ? NARROW_3D : MODULE_3D);
      if (narrow) expect(m.World3).toBeUndefined();
      for (const f of all.functions) expect(typeof m[f], f).toBe('function');
      for (const k of all.constants) expect(typeof m[k], k).toBe('number');
      for (const [name, values] of all.enums) {
        const e = m[name] as Record<string, { value: number }>;
        for (const v of values) expect(typeof e[v]?.value, `${name}.${v}`).toBe('number');
      }
      for (const [name, c] of all.classes) {
        const cls = m[name] as { prototype: Record<string, unknown> } & Record<string, unknown>;
        expect(typeof cls, name).toBe('function');
        for (const s of c.static) expect(typeof cls[s], `${name}.${s}`).toBe('function');
        for (const f of c.methods) expect(typeof cls.prototype[f], `${name}.prototype.${f}`).toBe('function');
      }
    });
  });
});
