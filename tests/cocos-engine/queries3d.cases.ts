/**
 * The 3D manager's queries and debug drawing inside the engine: raycast / raycastClosest with `geometry.Ray`
 * against the 3D narrow phase's per-shape raycast over every collider (brute force), masks and triggers, and the
 * debug layer drawn through a real camera's GeometryRenderer.
 */
import { Camera, geometry, Vec3 } from 'cc';
import type { SATCollider3D } from './ext/index';
import { SATDrawFlags3D } from './ext/index';
import { step } from './helpers';
import { box3, capsule3, convex3, manager3, newScene3, node3, oracleShape, randomRotation, rng, sat3, sphere3 } from './helpers3d';

const ORIGIN = { x: 0, y: 0, z: 0 };

/** Every collider's hit by the oracle's per-shape raycast, closest first. */
function bruteForceHits(colliders: SATCollider3D[], ray: geometry.Ray, length: number): Array<{ name: string; distance: number }> {
  const out: Array<{ name: string; distance: number }> = [];
  for (const c of colliders) {
    const shape = oracleShape(c);
    try {
      const h = sat3().raycast(shape, ORIGIN, { origin: ray.o, translation: { x: ray.d.x * length, y: ray.d.y * length, z: ray.d.z * length } });
      if (h) out.push({ name: c.node.name, distance: h.fraction * length });
    } finally {
      shape.dispose();
    }
  }
  return out.sort((a, b) => a.distance - b.distance);
}

describe('queries3d', () => {
  test('raycast and raycastClosest with geometry.Ray against per-shape raycasts of every collider', () => {
    const r = rng(3);
    const root = newScene3();
    const colliders: SATCollider3D[] = [];
    for (let i = 0; i < 24; i++) {
      const p: [number, number, number] = [r() * 8 - 4, r() * 8 - 4, r() * 8 - 4];
      const c = i % 3 === 0 ? box3(root, `b${i}`, p, [0.5 + r(), 0.5 + r(), 0.5 + r()]) : i % 3 === 1 ? sphere3(root, `s${i}`, p, 0.3 + r() * 0.5) : capsule3(root, `c${i}`, p, 0.2, 0.8);
      c.node.setRotation(randomRotation(r));
      colliders.push(c);
    }
    step();
    const m = manager3();
    let hits = 0;
    for (let k = 0; k < 40; k++) {
      const o = new Vec3(r() * 16 - 8, r() * 16 - 8, r() * 16 - 8);
      const target = colliders[k % colliders.length].node.worldPosition;
      const ray = geometry.Ray.fromPoints(new geometry.Ray(), o, target);
      const expected = bruteForceHits(colliders, ray, 30);
      expect(m.raycast(ray, 0xffffffff, 30)).toBe(expected.length > 0);
      expect(m.raycastResults.map((h) => h.collider!.node.name)).toEqual(expected.map((h) => h.name));
      m.raycastResults.forEach((h, i) => {
        expect(h.distance).toBeCloseTo(expected[i].distance, 3);
        const p = new Vec3();
        Vec3.scaleAndAdd(p, ray.o, ray.d, h.distance);
        expect(Vec3.distance(p, h.hitPoint)).toBeLessThan(1e-3);
        expect(Vec3.dot(h.hitNormal, ray.d)).toBeLessThanOrEqual(1e-6); // faces the ray
      });
      expect(m.raycastClosest(ray, 0xffffffff, 30)).toBe(expected.length > 0);
      if (expected.length) {
        expect(m.raycastClosestResult.collider!.node.name).toBe(expected[0].name);
        expect(m.raycastClosestResult.distance).toBeCloseTo(expected[0].distance, 3);
      }
      hits += expected.length;
    }
    expect(hits).toBeGreaterThan(40);
  });

  test('raycast: the mask picks groups, queryTrigger leaves triggers out, maxDistance cuts the ray', () => {
    const root = newScene3();
    const near = box3(root, 'near', [2, 0, 0]);
    const far = box3(root, 'far', [5, 0, 0]);
    far.group = 2;
    const trigger = sphere3(root, 'trigger', [8, 0, 0]);
    trigger.isTrigger = true;
    step();
    const m = manager3();
    const ray = new geometry.Ray(0, 0, 0, 1, 0, 0);
    m.raycast(ray);
    expect(m.raycastResults.map((h) => [h.collider!.node.name, +h.distance.toFixed(4)])).toEqual([
      ['near', 1.5],
      ['far', 4.5],
      ['trigger', 7.5],
    ]);
    m.raycast(ray, 2);
    expect(m.raycastResults.map((h) => h.collider!.node.name)).toEqual(['far']);
    m.raycast(ray, 0xffffffff, 1e6, false);
    expect(m.raycastResults.map((h) => h.collider!.node.name)).toEqual(['near', 'far']);
    m.raycast(ray, 0xffffffff, 3);
    expect(m.raycastResults.map((h) => h.collider!.node.name)).toEqual(['near']);
    expect(m.raycastClosest(new geometry.Ray(0, 5, 0, 1, 0, 0))).toBe(false);
  });

  test('debug drawing reaches the camera geometry renderer: wireframes, bounds, contacts and the deciding axis', () => {
    const root = newScene3();
    const camNode = node3(root, 'Camera', 0, 0, 10);
    camNode.addComponent(Camera);
    const a = box3(root, 'A', [0, 0, 0]);
    convex3(root, 'B', [0.7, 0, 0], [[0.5, 0, 0], [-0.5, 0.5, 0], [-0.5, -0.5, 0.3], [0, 0, -0.5]]);
    sphere3(root, 'C', [0, 3, 0]);
    capsule3(root, 'D', [0, -3, 0]);
    step();
    const m = manager3();
    const renderer = m.findRenderer();
    expect(renderer).not.toBeNull();
    expect(renderer).toBe(camNode.getComponent(Camera)!.camera.geometryRenderer);
    // The geometry is drawn by the render pipeline, which jsdom's headless device cannot run: what reaches the
    // renderer is recorded (as copies: the drawing reuses its vectors) and not drawn.
    const render = jest.spyOn(renderer!, 'render').mockImplementation(() => undefined);
    const v = (p: Vec3) => [p.x, p.y, p.z];
    const seen: Record<string, number[][]> = { line: [], dashed: [], cross: [], box: [], sphere: [] };
    const spies = [
      jest.spyOn(renderer!, 'addLine').mockImplementation((a: Vec3, b: Vec3) => void seen.line.push([...v(a), ...v(b)])),
      jest.spyOn(renderer!, 'addDashedLine').mockImplementation((a: Vec3, b: Vec3) => void seen.dashed.push([...v(a), ...v(b)])),
      jest.spyOn(renderer!, 'addCross').mockImplementation((a: Vec3, size: number) => void seen.cross.push([...v(a), size])),
      jest.spyOn(renderer!, 'addBoundingBox').mockImplementation((b: geometry.AABB) => void seen.box.push([...v(b.center), ...v(b.halfExtents)])),
      jest.spyOn(renderer!, 'addSphere').mockImplementation((c: Vec3, r: number) => void seen.sphere.push([...v(c), r])),
      render,
    ];
    const clear = () => Object.values(seen).forEach((list) => (list.length = 0));
    /** Lines along a direction, as [length, start x, y, z]. */
    const along = (list: number[][], n: { x: number; y: number; z: number }) =>
      list
        .map(([x0, y0, z0, x1, y1, z1]) => ({ d: [x1 - x0, y1 - y0, z1 - z0], p: [x0, y0, z0] }))
        .filter(({ d }) => Math.abs(d[0] * n.x + d[1] * n.y + d[2] * n.z) > 0.999 * Math.hypot(...d))
        .map(({ d, p }) => [Math.hypot(...d), ...p]);
    try {
      m.debugDrawFlags = SATDrawFlags3D.Shape;
      step();
      // A: the box's 12 edges; B: a tetrahedron's 6; D: the capsule's segment
      const tetra = sat3().hull([0.5, 0, 0, -0.5, 0.5, 0, -0.5, -0.5, 0.3, 0, 0, -0.5]);
      const hullEdges = sat3().hullMesh(tetra).faces.flat().length / 2;
      tetra.dispose();
      expect(hullEdges).toBe(6);
      expect(seen.line).toHaveLength(12 + hullEdges + 1);
      expect(seen.sphere.map((s) => s.map((x) => +x.toFixed(4)))).toEqual([[0, 3, 0, 0.5], [0, -3.5, 0, 0.25], [0, -2.5, 0, 0.25]]); // C; D's ends
      expect(seen.box).toEqual([]);
      clear();
      m.debugDrawFlags = SATDrawFlags3D.Aabb | SATDrawFlags3D.Contact | SATDrawFlags3D.Axis;
      step();
      expect(seen.box).toHaveLength(4);
      expect(seen.box[0]).toEqual([0, 0, 0, 0.5, 0.5, 0.5]); // A, the unit box at the origin
      expect(seen.box[3].map((x) => +x.toFixed(4))).toEqual([0, -3, 0, 0.25, 0.75, 0.25]); // capsule D
      const pair = m.world!.contacts()[0];
      expect(m.world!.contacts()).toHaveLength(1); // A and B touch
      expect(seen.cross.map((c) => c.slice(0, 3))).toEqual(pair.points.map((p) => [p.x, p.y, p.z]));
      // the deciding axis: one dashed line along the pair's normal
      expect(seen.dashed).toHaveLength(1);
      expect(along(seen.dashed, pair.normal)).toHaveLength(1);
      // lines along the normal: one per contact point, starting there, and the MTV, as long as the depth
      const lines = along(seen.line, pair.normal);
      expect(lines).toHaveLength(pair.points.length + 1);
      for (const [i, p] of pair.points.entries()) expect(lines[i].slice(1)).toEqual([p.x, p.y, p.z]);
      expect(lines[pair.points.length][0]).toBeCloseTo(pair.depth, 5);
      expect(a.inWorld).toBe(true);
    } finally {
      m.debugDrawFlags = 0;
      step();
      for (const s of spies) s.mockRestore();
    }
  });
});
