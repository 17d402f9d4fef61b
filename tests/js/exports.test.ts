// What the Embind-bound module registers besides geometry, in both flavours of every build: the core's limits, the
// core's and the world's status messages carried by the errors, shape bounds under a transform, and what the
// narrow-phase-only flavour leaves out (the world).
import { beforeAll, describe, expect, it } from 'vitest';
import { SATError, loadSAT, type SAT } from '../../dist/index.js';
import { VARIANTS, satFor } from './helpers.js';

function thrown(fn: () => unknown): SATError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SATError);
    return e as SATError;
  }
  throw new Error('expected a throw');
}

describe.each(VARIANTS)('what the module registers (%s)', (variant) => {
  let sat: SAT;
  beforeAll(async () => {
    sat = await satFor(variant);
  });

  it('limits come from the core', () => {
    expect(sat.maxPolygonVertices).toBe(256);
    expect(sat.maxCoordinate).toBe(1e6);
  });

  it("errors carry the core's message for the status", () => {
    const e = thrown(() => sat.polygon([0, 0, 1, 0]));
    expect(e.code).toBe('TooFewPoints');
    expect(e.message).toContain('a polygon needs at least 3 distinct points (TooFewPoints)');
    const c = thrown(() => sat.polygon([0, 0, 2, 0, 1, 0.2, 2, 2, 0, 2]));
    expect(c.code).toBe('Concave');
    expect(c.message).toContain('the outline is concave: use the hull maker or a convex decomposition');
  });

  it("world errors carry the world's message for its own statuses", () => {
    const world = sat.createWorld();
    const box = sat.box(1, 1);
    const id = world.add({ shape: box, x: 0, y: 0 });
    world.remove(id);
    const e = thrown(() => world.remove(id));
    expect(e.code).toBe('RemovedBody');
    expect(e.message).toContain('The body was destroyed; its id is stale. (RemovedBody)');
    world.dispose();
    box.dispose();
  });

  it('bounds of a shape under a transform; a bad transform is refused', () => {
    const box = sat.box(2, 1);
    const b = box.bounds({ x: 1, y: 2 });
    expect(b.lower.x).toBeCloseTo(0, 6);
    expect(b.lower.y).toBeCloseTo(1.5, 6);
    expect(b.upper.x).toBeCloseTo(2, 6);
    expect(b.upper.y).toBeCloseTo(2.5, 6);
    expect(thrown(() => box.bounds({ x: 2e6, y: 0 })).code).toBe('InvalidTransform');
    box.dispose();
  });

  it('the narrow-phase-only flavour registers the same but the world', async () => {
    const narrow = await loadSAT({ prefer: variant, narrowPhaseOnly: true });
    expect(narrow.maxPolygonVertices).toBe(256);
    expect(thrown(() => narrow.polygon([0, 0, 1, 0])).message).toContain('a polygon needs at least 3 distinct points');
    expect(thrown(() => narrow.createWorld()).code).toBe('LoadFailed');
  });
});
