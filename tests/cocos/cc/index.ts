/**
 * A thin stand-in for Cocos Creator 3.8's `cc` module: only what the sat-wasm components use, modelled on the
 * engine's behaviour (names and semantics from cc.d.ts and the engine source), so the components can run in
 * Node under Vitest. Not a Cocos emulator: no rendering, no assets, no serialisation.
 *
 * Modelled: decorators (record only), Vec2/Vec3/Mat4/Color/Size/Rect, EventTarget, Node (hierarchy, TRS and
 * skew, worldMatrix, hasChangedFlags, events, active), Component lifecycle (onLoad/onEnable/start/update/
 * lateUpdate/onDisable/onDestroy, deferred destroy), UITransform, Graphics (records calls), System, director
 * (systems, tick order as Director.tick), game (inited, onPostProjectInitDelegate), sys.
 */

// ---- decorators -----------------------------------------------------------------------------------------------

type AnyCtor = new (...args: any[]) => any;
export const classNames = new Map<AnyCtor, string>();
const classByName = new Map<string, AnyCtor>();

function ccclass(name?: string): (ctor: any) => any;
function ccclass(ctor: AnyCtor): any;
function ccclass(arg?: any): any {
  const apply = (name: string) => (ctor: AnyCtor) => {
    classNames.set(ctor, name);
    classByName.set(name, ctor);
    return ctor;
  };
  return typeof arg === 'function' ? apply(arg.name)(arg) : apply(arg ?? '');
}

/** `@property` or `@property({...})` or `@property(Type)`: records nothing, changes nothing. */
function property(...args: any[]): any {
  if (args.length >= 2 && typeof args[1] === 'string') return undefined; // used bare on a field
  return () => undefined;
}
const classDecorator = (..._args: any[]): any => (ctor: any) => ctor;
const passThrough: any = (arg: any) => (typeof arg === 'function' ? arg : (ctor: any) => ctor);

export const _decorator = {
  ccclass,
  property,
  executeInEditMode: passThrough,
  disallowMultiple: passThrough,
  playOnFocus: passThrough,
  menu: classDecorator,
  requireComponent: classDecorator,
  executionOrder: classDecorator,
  help: classDecorator,
  icon: classDecorator,
  type: (..._a: any[]) => () => undefined,
  tooltip: (..._a: any[]) => () => undefined,
  visible: (..._a: any[]) => () => undefined,
  range: (..._a: any[]) => () => undefined,
  serializable: (..._a: any[]) => undefined,
  displayName: (..._a: any[]) => () => undefined,
};

export const CCInteger = 'Integer';
export const CCFloat = 'Float';
export const CCBoolean = 'Boolean';
export const CCString = 'String';
export function Enum<T extends object>(obj: T): T {
  return obj;
}
Enum.update = <T extends object>(obj: T): T => obj;
export function BitMask<T extends object>(obj: T): T {
  return obj;
}
export function ccenum(_obj: object): void {}

/** Project settings: empty unless a test overrides an entry. */
export const Settings = { Category: { PHYSICS: 'physics' } } as const;
const settingsStore = new Map<string, unknown>();
export const settings = {
  querySettings<T = unknown>(category: string, name: string): T | null {
    return (settingsStore.get(`${category}.${name}`) as T) ?? null;
  },
  overrideSettings(category: string, name: string, value: unknown): void {
    settingsStore.set(`${category}.${name}`, value);
  },
};

// ---- math -----------------------------------------------------------------------------------------------------

export class Vec2 {
  static ZERO = Object.freeze(new Vec2(0, 0));
  constructor(
    public x = 0,
    public y = 0,
  ) {}
  set(x: number | Vec2 = 0, y = 0): this {
    if (typeof x === 'object') {
      this.x = x.x;
      this.y = x.y;
    } else {
      this.x = x;
      this.y = y;
    }
    return this;
  }
  clone(): Vec2 {
    return new Vec2(this.x, this.y);
  }
  equals(o: { x: number; y: number }): boolean {
    return this.x === o.x && this.y === o.y;
  }
}

export class Vec3 {
  static ZERO = Object.freeze(new Vec3(0, 0, 0));
  constructor(
    public x = 0,
    public y = 0,
    public z = 0,
  ) {}
  set(x = 0, y = 0, z = 0): this {
    this.x = x;
    this.y = y;
    this.z = z;
    return this;
  }
  clone(): Vec3 {
    return new Vec3(this.x, this.y, this.z);
  }
}

/** Column-major 4x4 like cc.Mat4: (m00, m01) is the image of the x axis, (m12, m13) the translation. */
export class Mat4 {
  m00 = 1; m01 = 0; m02 = 0; m03 = 0;
  m04 = 0; m05 = 1; m06 = 0; m07 = 0;
  m08 = 0; m09 = 0; m10 = 1; m11 = 0;
  m12 = 0; m13 = 0; m14 = 0; m15 = 1;

  /** 2D affine: x' = a*x + c*y + tx, y' = b*x + d*y + ty */
  static affine(a: number, b: number, c: number, d: number, tx: number, ty: number, out = new Mat4()): Mat4 {
    out.m00 = a; out.m01 = b; out.m04 = c; out.m05 = d; out.m12 = tx; out.m13 = ty;
    return out;
  }
  /** out = x * y for the 2D affine part */
  static multiply(out: Mat4, x: Mat4, y: Mat4): Mat4 {
    const a = x.m00 * y.m00 + x.m04 * y.m01;
    const b = x.m01 * y.m00 + x.m05 * y.m01;
    const c = x.m00 * y.m04 + x.m04 * y.m05;
    const d = x.m01 * y.m04 + x.m05 * y.m05;
    const tx = x.m00 * y.m12 + x.m04 * y.m13 + x.m12;
    const ty = x.m01 * y.m12 + x.m05 * y.m13 + x.m13;
    return Mat4.affine(a, b, c, d, tx, ty, out);
  }
  static invert(out: Mat4, m: Mat4): Mat4 {
    const det = m.m00 * m.m05 - m.m01 * m.m04;
    const a = m.m05 / det, b = -m.m01 / det, c = -m.m04 / det, d = m.m00 / det;
    return Mat4.affine(a, b, c, d, -(a * m.m12 + c * m.m13), -(b * m.m12 + d * m.m13), out);
  }
  static copy(out: Mat4, m: Mat4): Mat4 {
    return Mat4.affine(m.m00, m.m01, m.m04, m.m05, m.m12, m.m13, out);
  }
}

export class Color {
  static WHITE = Object.freeze(new Color(255, 255, 255, 255));
  static RED = Object.freeze(new Color(255, 0, 0, 255));
  static GREEN = Object.freeze(new Color(0, 255, 0, 255));
  static BLUE = Object.freeze(new Color(0, 0, 255, 255));
  static YELLOW = Object.freeze(new Color(255, 255, 0, 255));
  static CYAN = Object.freeze(new Color(0, 255, 255, 255));
  static MAGENTA = Object.freeze(new Color(255, 0, 255, 255));
  constructor(
    public r = 255,
    public g = 255,
    public b = 255,
    public a = 255,
  ) {}
  clone(): Color {
    return new Color(this.r, this.g, this.b, this.a);
  }
}

export class Size {
  constructor(
    public width = 0,
    public height = 0,
  ) {}
}

export class Rect {
  constructor(
    public x = 0,
    public y = 0,
    public width = 0,
    public height = 0,
  ) {}
  get xMin(): number { return this.x; }
  get yMin(): number { return this.y; }
  get xMax(): number { return this.x + this.width; }
  get yMax(): number { return this.y + this.height; }
}

export const math = { Vec2, Vec3, Mat4, Color, Size, Rect };

// ---- events ---------------------------------------------------------------------------------------------------

type Listener = { cb: (...args: any[]) => void; target?: unknown; once: boolean };

export class EventTarget {
  private _listeners = new Map<string, Listener[]>();
  on(type: string, cb: (...args: any[]) => void, target?: unknown): typeof cb {
    const list = this._listeners.get(type) ?? [];
    list.push({ cb, target, once: false });
    this._listeners.set(type, list);
    return cb;
  }
  once(type: string, cb: (...args: any[]) => void, target?: unknown): typeof cb {
    this.on(type, cb, target);
    this._listeners.get(type)!.at(-1)!.once = true;
    return cb;
  }
  off(type: string, cb?: (...args: any[]) => void, target?: unknown): void {
    const list = this._listeners.get(type);
    if (!list) return;
    this._listeners.set(type, cb ? list.filter((l) => l.cb !== cb || (target !== undefined && l.target !== target)) : []);
  }
  targetOff(target: unknown): void {
    for (const [k, list] of this._listeners) this._listeners.set(k, list.filter((l) => l.target !== target));
  }
  hasEventListener(type: string): boolean {
    return (this._listeners.get(type)?.length ?? 0) > 0;
  }
  emit(type: string, ...args: any[]): void {
    const list = this._listeners.get(type);
    if (!list) return;
    for (const l of [...list]) {
      if (l.once) this.off(type, l.cb, l.target);
      l.cb.apply(l.target, args);
    }
  }
}

// ---- objects, nodes, components -------------------------------------------------------------------------------

let nextUuid = 1;

export class CCObject {
  static Flags = { DontSave: 1 << 3, LockedInEditor: 1 << 9, HideInHierarchy: 1 << 10 };
  _objFlags = 0;
  readonly uuid = `obj-${nextUuid++}`;
  name = '';
  hideFlags = 0;
  protected _valid = true;
  get isValid(): boolean {
    return this._valid;
  }
}

export function isValid(obj: unknown): boolean {
  return !!obj && (obj as CCObject).isValid !== false;
}

export enum TransformBit {
  NONE = 0,
  POSITION = 1,
  ROTATION = 2,
  SCALE = 4,
  SKEW = 8,
  RS = 6,
  RSS = 14,
  TRS = 7,
  TRS_MASK = -8,
}

const NodeEventType = { TRANSFORM_CHANGED: 'transform-changed', SIZE_CHANGED: 'size-changed', ANCHOR_CHANGED: 'anchor-changed' };
const destroyQueue: Array<Node | Component> = [];

export class Node extends CCObject {
  static EventType = NodeEventType;
  static TransformBit = TransformBit;
  /** every node alive, for resetHasChangedFlags */
  private static _all = new Set<Node>();

  private _parent: Node | null = null;
  children: Node[] = [];
  components: Component[] = [];
  private _active = true;
  private _events = new EventTarget();
  private _pos = new Vec3();
  private _angle = 0; // degrees about z
  private _scale = new Vec3(1, 1, 1);
  private _skew = new Vec2(); // degrees, as UISkew
  private _world = new Mat4();
  private _worldDirty = true;
  /** how many times worldMatrix was computed (tests check that unmoved nodes are not read) */
  worldMatrixReads = 0;
  hasChangedFlags = 0;
  layer = 1;

  constructor(name = 'New Node') {
    super();
    this.name = name;
    Node._all.add(this);
  }

  static resetHasChangedFlags(): void {
    for (const n of Node._all) n.hasChangedFlags = 0;
  }

  get parent(): Node | null {
    return this._parent;
  }
  set parent(p: Node | null) {
    this.setParent(p);
  }
  setParent(p: Node | null): void {
    const wasActive = this.activeInHierarchy;
    if (this._parent) this._parent.children = this._parent.children.filter((c) => c !== this);
    this._parent = p;
    if (p) p.children.push(this);
    this._invalidate(TransformBit.TRS);
    const nowActive = this.activeInHierarchy;
    if (wasActive !== nowActive) this._propagateActive(nowActive);
  }
  addChild(child: Node): void {
    child.setParent(this);
  }
  getChildByName(name: string): Node | null {
    return this.children.find((c) => c.name === name) ?? null;
  }

  get active(): boolean {
    return this._active;
  }
  set active(v: boolean) {
    if (v === this._active) return;
    const was = this.activeInHierarchy;
    this._active = v;
    const now = this.activeInHierarchy;
    if (was !== now) this._propagateActive(now);
  }
  get activeInHierarchy(): boolean {
    if (!this._active || !this._valid) return false;
    return this._parent ? this._parent.activeInHierarchy : this instanceof Scene;
  }
  private _propagateActive(active: boolean): void {
    for (const c of this.components) {
      if (active) c._activate();
      else c._deactivate();
    }
    for (const child of this.children) if (child._active) child._propagateActive(active);
  }

  // transform
  get position(): Readonly<Vec3> {
    return this._pos;
  }
  setPosition(x: number | Vec3, y?: number, z = 0): void {
    if (typeof x === 'object') this._pos.set(x.x, x.y, x.z);
    else this._pos.set(x, y ?? 0, z);
    this._invalidate(TransformBit.POSITION);
  }
  get angle(): number {
    return this._angle;
  }
  set angle(deg: number) {
    this._angle = deg;
    this._invalidate(TransformBit.ROTATION);
  }
  setRotationFromEuler(_x: number, _y: number, z: number): void {
    this.angle = z;
  }
  get scale(): Readonly<Vec3> {
    return this._scale;
  }
  setScale(x: number | Vec3, y?: number, z = 1): void {
    if (typeof x === 'object') this._scale.set(x.x, x.y, x.z);
    else this._scale.set(x, y ?? x, z);
    this._invalidate(TransformBit.SCALE);
  }
  /** UISkew's skew in degrees (x: the y axis leans towards x; y: the x axis leans towards y) */
  setSkew(x: number, y: number): void {
    this._skew.set(x, y);
    this._invalidate(TransformBit.SKEW);
  }
  get worldPosition(): Readonly<Vec3> {
    const m = this.worldMatrix;
    return new Vec3(m.m12, m.m13, 0);
  }
  set worldPosition(v: Readonly<Vec3>) {
    if (!this._parent) return this.setPosition(v.x, v.y, v.z);
    const inv = Mat4.invert(new Mat4(), this._parent.worldMatrix);
    this.setPosition(inv.m00 * v.x + inv.m04 * v.y + inv.m12, inv.m01 * v.x + inv.m05 * v.y + inv.m13, v.z);
  }
  setWorldPosition(x: number | Vec3, y = 0, z = 0): void {
    this.worldPosition = typeof x === 'object' ? x : new Vec3(x, y, z);
  }

  /** local: T * R * Skew * S (the order UISkew uses) */
  private _localMatrix(): Mat4 {
    const r = (this._angle * Math.PI) / 180;
    const cos = Math.cos(r), sin = Math.sin(r);
    const kx = Math.tan((this._skew.x * Math.PI) / 180), ky = Math.tan((this._skew.y * Math.PI) / 180);
    const rs = Mat4.affine(cos, sin, -sin, cos, this._pos.x, this._pos.y);
    const k = Mat4.affine(1, ky, kx, 1, 0, 0);
    const s = Mat4.affine(this._scale.x, 0, 0, this._scale.y, 0, 0);
    return Mat4.multiply(new Mat4(), Mat4.multiply(new Mat4(), rs, k), s);
  }
  get worldMatrix(): Readonly<Mat4> {
    this.worldMatrixReads++;
    if (this._worldDirty) {
      const local = this._localMatrix();
      if (this._parent) Mat4.multiply(this._world, this._parent.worldMatrix, local);
      else Mat4.copy(this._world, local);
      this._worldDirty = false;
    }
    return this._world;
  }
  getWorldMatrix(out = new Mat4()): Mat4 {
    return Mat4.copy(out, this.worldMatrix);
  }

  /** Cocos' invalidateChildren: marks the subtree dirty and changed this frame; the node itself emits. */
  private _invalidate(bit: TransformBit): void {
    const walk = (n: Node) => {
      n._worldDirty = true;
      n.hasChangedFlags |= bit;
      for (const c of n.children) walk(c);
    };
    walk(this);
    this._events.emit(NodeEventType.TRANSFORM_CHANGED, bit);
  }

  // events
  on(type: string, cb: (...a: any[]) => void, target?: unknown): typeof cb {
    return this._events.on(type, cb, target);
  }
  once(type: string, cb: (...a: any[]) => void, target?: unknown): typeof cb {
    return this._events.once(type, cb, target);
  }
  off(type: string, cb?: (...a: any[]) => void, target?: unknown): void {
    this._events.off(type, cb, target);
  }
  targetOff(target: unknown): void {
    this._events.targetOff(target);
  }
  emit(type: string, ...args: any[]): void {
    this._events.emit(type, ...args);
  }

  // components
  addComponent<T extends Component>(ctor: new () => T): T {
    const c = new ctor();
    (c as any).node = this;
    this.components.push(c);
    c._added();
    return c;
  }
  getComponent<T extends Component>(ctor: abstract new (...a: any[]) => T): T | null {
    return (this.components.find((c) => c instanceof ctor) as T) ?? null;
  }
  getComponents<T extends Component>(ctor: abstract new (...a: any[]) => T): T[] {
    return this.components.filter((c) => c instanceof ctor) as T[];
  }
  removeComponent(c: Component): void {
    c.destroy();
  }

  destroy(): boolean {
    if (!this._valid) return false;
    destroyQueue.push(this);
    return true;
  }
  /** immediate destruction (the deferred part of destroy()) */
  _destroyImmediate(): void {
    if (!this._valid) return;
    for (const child of [...this.children]) child._destroyImmediate();
    const wasActive = this.activeInHierarchy;
    for (const c of [...this.components]) c._destroyImmediate(wasActive);
    this._valid = false;
    if (this._parent) this._parent.children = this._parent.children.filter((c) => c !== this);
    Node._all.delete(this);
  }
}

export class Scene extends Node {}

export class Component extends CCObject {
  node!: Node;
  private _enabled = true;
  _loaded = false;
  _started = false;
  _isOnEnableCalled = false;

  get enabled(): boolean {
    return this._enabled;
  }
  set enabled(v: boolean) {
    if (v === this._enabled) return;
    this._enabled = v;
    if (!this.node?.activeInHierarchy) return;
    if (v) this._activate();
    else this._deactivate();
  }
  get enabledInHierarchy(): boolean {
    return this._enabled && !!this.node?.activeInHierarchy && this._valid;
  }
  getComponent<T extends Component>(ctor: abstract new (...a: any[]) => T): T | null {
    return this.node.getComponent(ctor);
  }
  addComponent<T extends Component>(ctor: new () => T): T {
    return this.node.addComponent(ctor);
  }
  destroy(): boolean {
    if (!this._valid) return false;
    destroyQueue.push(this);
    return true;
  }
  _added(): void {
    if (this.node.activeInHierarchy) this._activate();
  }
  _activate(): void {
    if (!this._valid) return;
    if (!this._loaded) {
      this._loaded = true;
      (this as any).onLoad?.();
    }
    if (this._enabled && !this._isOnEnableCalled && this.node.activeInHierarchy) {
      this._isOnEnableCalled = true;
      director._components.add(this);
      (this as any).onEnable?.();
    }
  }
  _deactivate(): void {
    if (this._isOnEnableCalled) {
      this._isOnEnableCalled = false;
      director._components.delete(this);
      (this as any).onDisable?.();
    }
  }
  _destroyImmediate(_wasActive = true): void {
    if (!this._valid) return;
    this._deactivate();
    if (this._loaded) (this as any).onDestroy?.();
    this._valid = false;
    this.node.components = this.node.components.filter((c) => c !== this);
  }
}

export class UITransform extends Component {
  contentSize = new Size(100, 100);
  anchorPoint = new Vec2(0.5, 0.5);
  setContentSize(w: number | Size, h = 0): void {
    this.contentSize = typeof w === 'object' ? new Size(w.width, w.height) : new Size(w, h);
    this.node.emit(NodeEventType.SIZE_CHANGED);
  }
  setAnchorPoint(x: number, y: number): void {
    this.anchorPoint = new Vec2(x, y);
    this.node.emit(NodeEventType.ANCHOR_CHANGED);
  }
  get width(): number {
    return this.contentSize.width;
  }
  get height(): number {
    return this.contentSize.height;
  }
}

export class Canvas extends Component {}
export class Sprite extends Component {
  spriteFrame: unknown = null;
  trim = true;
}

/** Records every drawing call as [name, ...args]. */
export class Graphics extends Component {
  calls: Array<[string, ...number[]]> = [];
  lineWidth = 1;
  private _strokeColor = new Color();
  private _fillColor = new Color();
  get strokeColor(): Color {
    return this._strokeColor;
  }
  set strokeColor(c: Color) {
    this._strokeColor = c.clone();
    this.calls.push(['strokeColor', c.r, c.g, c.b, c.a]);
  }
  get fillColor(): Color {
    return this._fillColor;
  }
  set fillColor(c: Color) {
    this._fillColor = c.clone();
    this.calls.push(['fillColor', c.r, c.g, c.b, c.a]);
  }
  clear(): void {
    this.calls = [['clear']];
  }
  moveTo(x: number, y: number): void {
    this.calls.push(['moveTo', x, y]);
  }
  lineTo(x: number, y: number): void {
    this.calls.push(['lineTo', x, y]);
  }
  circle(x: number, y: number, r: number): void {
    this.calls.push(['circle', x, y, r]);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.calls.push(['rect', x, y, w, h]);
  }
  close(): void {
    this.calls.push(['close']);
  }
  stroke(): void {
    this.calls.push(['stroke']);
  }
  fill(): void {
    this.calls.push(['fill']);
  }
}

// ---- director, systems, game, sys -----------------------------------------------------------------------------

export class System {
  static Priority = { LOW: 0, MEDIUM: 100, HIGH: 200, SCHEDULER: 2147483648 };
  id = '';
  priority = 0;
  init(): void {}
  update(_dt: number): void {}
  postUpdate(_dt: number): void {}
  destroy(): void {}
}

class Director extends EventTarget {
  static EVENT_INIT = 'director_init';
  static EVENT_AFTER_UPDATE = 'director_after_update';
  static EVENT_AFTER_DRAW = 'director_after_draw';
  _systems: System[] = [];
  _components = new Set<Component>();
  private _scene: Scene | null = null;
  totalFrames = 0;

  registerSystem(name: string, sys: System, priority: number): void {
    sys.id = name;
    sys.priority = priority;
    this._systems.push(sys);
    this._systems.sort((a, b) => b.priority - a.priority);
  }
  unregisterSystem(sys: System): void {
    this._systems = this._systems.filter((s) => s !== sys);
  }
  getSystem(name: string): System | undefined {
    return this._systems.find((s) => s.id === name);
  }
  getScene(): Scene | null {
    return this._scene;
  }
  /** A new empty scene replaces the old one (whose nodes are destroyed). */
  runSceneImmediate(scene: Scene): void {
    const old = this._scene;
    this._scene = scene;
    if (old) old._destroyImmediate();
    (scene as any)._propagateActive(true);
  }
  /** Director.tick's order: start, update, systems update, lateUpdate, deferred destroy, systems postUpdate,
   * then the frame's end (Node.resetHasChangedFlags). */
  tick(dt: number): void {
    const comps = () => [...this._components].filter((c) => c.enabledInHierarchy);
    for (const c of comps()) {
      if (!c._started) {
        c._started = true;
        (c as any).start?.();
      }
    }
    for (const c of comps()) (c as any).update?.(dt);
    for (const s of this._systems) s.update(dt);
    for (const c of comps()) (c as any).lateUpdate?.(dt);
    this.emit(Director.EVENT_AFTER_UPDATE);
    for (const obj of destroyQueue.splice(0)) obj._destroyImmediate();
    for (const s of this._systems) s.postUpdate(dt);
    this.emit(Director.EVENT_AFTER_DRAW);
    Node.resetHasChangedFlags();
    this.totalFrames++;
  }
}
export { Director };
export const director = new Director();

export class AsyncDelegate<T extends (...args: any) => Promise<void> | void = () => Promise<void> | void> {
  private _callbacks: T[] = [];
  add(cb: T): void {
    if (!this._callbacks.includes(cb)) this._callbacks.push(cb);
  }
  hasListener(cb: T): boolean {
    return this._callbacks.includes(cb);
  }
  remove(cb: T): void {
    this._callbacks = this._callbacks.filter((c) => c !== cb);
  }
  dispatch(...args: Parameters<T>): Promise<void[]> {
    return Promise.all(this._callbacks.map((cb) => cb(...(args as any[])))) as Promise<void[]>;
  }
}

class Game extends EventTarget {
  private _inited = false;
  readonly onPreProjectInitDelegate = new AsyncDelegate();
  readonly onPostProjectInitDelegate = new AsyncDelegate();
  get inited(): boolean {
    return this._inited;
  }
  /** The engine's init: project data, then the delegate the engine awaits before the first scene. */
  async init(): Promise<void> {
    await this.onPreProjectInitDelegate.dispatch();
    await this.onPostProjectInitDelegate.dispatch();
    this._inited = true;
  }
}
export const game = new Game();

const OS = {
  UNKNOWN: 'Unknown',
  IOS: 'iOS',
  ANDROID: 'Android',
  WINDOWS: 'Windows',
  LINUX: 'Linux',
  OSX: 'OS X',
} as const;
const Platform = {
  UNKNOWN: 'UNKNOWN',
  MOBILE_BROWSER: 'MOBILE_BROWSER',
  DESKTOP_BROWSER: 'DESKTOP_BROWSER',
  ANDROID: 'ANDROID',
  IOS: 'IOS',
  WECHAT_GAME: 'WECHAT_GAME',
} as const;

/** Writable so tests can pose as a platform. */
export const sys = {
  OS,
  Platform,
  isNative: false,
  isBrowser: true,
  isMobile: false,
  os: OS.LINUX as string,
  platform: Platform.DESKTOP_BROWSER as string,
};

export function find(path: string, reference?: Node): Node | null {
  let node: Node | null = reference ?? director.getScene();
  for (const part of path.split('/').filter(Boolean)) {
    node = node?.getChildByName(part) ?? null;
  }
  return node;
}

export const warn = (...a: unknown[]) => console.warn(...a);
export const error = (...a: unknown[]) => console.error(...a);
export const log = (...a: unknown[]) => console.log(...a);

/** No asset library in this stand-in: every load fails (the loader's editor plan reports it). */
export const assetManager = {
  loadAny(_request: unknown, onComplete: (err: Error | null, data: unknown) => void): void {
    onComplete(new Error('the cc stand-in has no asset library'), null);
  },
};
