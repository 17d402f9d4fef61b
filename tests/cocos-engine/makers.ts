/**
 * Collider makers and event recording, shared by the real-engine tests (helpers.ts) and the stand-in tests
 * (tests/cocos/harness.ts). Each suite reaches `cc` and the extension its own way (the engine's exports and
 * `./ext/index` inside the engine, the stand-in and the sources under Vitest), so the classes come in as arguments
 * and this file imports nothing at run time.
 */

/** The parts of a node the makers use. */
interface NodeLike {
  name: string;
  parent: unknown;
  setPosition(x: number, y: number, z?: number): void;
  addComponent<T>(type: new () => T): T;
  on(type: string, callback: (...args: any[]) => void): void;
}

interface EventSource {
  on(type: string, callback: (...args: any[]) => void): void;
  off(type: string, callback?: (...args: any[]) => void): void;
}

interface ColliderLike extends EventSource {
  node: NodeLike;
}

interface ContactLike {
  normal: { x: number; y: number };
  depth: number;
  points: ReadonlyArray<{ x: number; y: number }>;
}

/** What a suite gives: its `cc` classes, the extension's colliders and the collision system. */
export interface MakerKit<Box, Circle, Capsule, Polygon> {
  Node: new (name: string) => NodeLike;
  Size: new (width: number, height: number) => unknown;
  Vec2: new (x: number, y: number) => unknown;
  SATBox: new () => Box;
  SATCircle?: new () => Circle;
  SATCapsule?: new () => Capsule;
  SATPolygon?: new () => Polygon;
  manager: () => EventSource;
}

/** A copy of what a handler saw (contacts are reused objects). */
export interface Seen {
  source: string;
  type: string;
  self: string;
  other: string;
  normal: { x: number; y: number };
  depth: number;
  points: Array<{ x: number; y: number }>;
}

export function colliderMakers<Box extends ColliderLike, Circle extends ColliderLike, Capsule extends ColliderLike, Polygon extends ColliderLike>(
  kit: MakerKit<Box, Circle, Capsule, Polygon>,
) {
  const must = <T>(ctor: T | undefined, name: string): T => {
    if (!ctor) throw new Error(`colliderMakers: this suite gave no ${name}`);
    return ctor;
  };

  function node(parent: unknown, name: string, x = 0, y = 0): NodeLike {
    const n = new kit.Node(name);
    n.parent = parent;
    n.setPosition(x, y);
    return n;
  }

  function box(parent: unknown, name: string, x: number, y: number, w = 100, h = 100): Box {
    const c = node(parent, name, x, y).addComponent(kit.SATBox);
    (c as unknown as { size: unknown }).size = new kit.Size(w, h);
    return c;
  }

  function circle(parent: unknown, name: string, x: number, y: number, r = 10): Circle {
    const c = node(parent, name, x, y).addComponent(must(kit.SATCircle, 'SATCircle'));
    (c as unknown as { radius: number }).radius = r;
    return c;
  }

  function capsule(parent: unknown, name: string, x: number, y: number, radius: number, height: number): Capsule {
    const c = node(parent, name, x, y).addComponent(must(kit.SATCapsule, 'SATCapsule'));
    Object.assign(c as object, { radius, height });
    return c;
  }

  function polygon(parent: unknown, name: string, x: number, y: number, points: Array<[number, number]>): Polygon {
    const c = node(parent, name, x, y).addComponent(must(kit.SATPolygon, 'SATPolygon'));
    (c as unknown as { points: unknown[] }).points = points.map(([px, py]) => new kit.Vec2(px, py));
    return c;
  }

  const copy = (source: string, type: string, self: ColliderLike, other: ColliderLike, c: ContactLike): Seen => ({
    source,
    type,
    self: self.node.name,
    other: other.node.name,
    normal: { x: c.normal.x, y: c.normal.y },
    depth: c.depth,
    points: c.points.map((p) => ({ x: p.x, y: p.y })),
  });

  /**
   * Records the given event types of the manager and of the colliders and their nodes. `pairs()` lists the manager's
   * events as 'type A-B' with the names sorted: which collider is A is the world's choice.
   */
  function record(types: readonly string[], ...colliders: ColliderLike[]): { log: Seen[]; pairs: () => string[]; stop: () => void } {
    const log: Seen[] = [];
    const offs: Array<() => void> = [];
    for (const type of types) {
      const onManager = (a: ColliderLike, b: ColliderLike, c: ContactLike) => log.push(copy('manager', type, a, b, c));
      kit.manager().on(type, onManager);
      offs.push(() => kit.manager().off(type, onManager));
      for (const col of colliders) {
        const name = col.node.name;
        const onCollider = (s: ColliderLike, o: ColliderLike, c: ContactLike) => log.push(copy(`collider:${name}`, type, s, o, c));
        const onNode = (s: ColliderLike, o: ColliderLike, c: ContactLike) => log.push(copy(`node:${name}`, type, s, o, c));
        col.on(type, onCollider);
        col.node.on(type, onNode);
        offs.push(() => col.off(type, onCollider));
      }
    }
    const pairs = () => log.filter((r) => r.source === 'manager').map((r) => `${r.type} ${[r.self, r.other].sort().join('-')}`);
    return { log, pairs, stop: () => offs.forEach((f) => f()) };
  }

  return { node, box, circle, capsule, polygon, record };
}
