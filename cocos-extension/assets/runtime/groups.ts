/**
 * Physics groups and the collision matrix from Project Settings → Physics, read the way PhysicsSystem2D reads
 * them when it starts: `collisionGroups` is a list of { name, index } (group value 1 << index) and
 * `collisionMatrix[index]` is the mask of groups that group `1 << index` meets.
 */
import { Enum, settings, Settings } from 'cc';

/** The group enum shown in the inspector, as PhysicsGroup2D: DEFAULT plus the project's named groups. */
export const SATGroup: Record<string, number> = Enum({ DEFAULT: 1 });

/** The physics section of the project's settings, as group values. */
export interface ProjectPhysics {
  /** named groups: name -> group value (a single bit) */
  groups: Record<string, number>;
  /** group value -> mask of the groups it meets */
  matrix: Record<number, number>;
}

/** Reads the project's physics groups and collision matrix (empty when the project has none). */
export function readProjectPhysics(): ProjectPhysics {
  const out: ProjectPhysics = { groups: {}, matrix: {} };
  const list = settings.querySettings<Array<{ name: string; index: number }>>(Settings.Category.PHYSICS, 'collisionGroups');
  if (Array.isArray(list)) {
    for (const g of list) {
      if (typeof g?.name === 'string' && Number.isInteger(g.index) && g.index >= 0 && g.index < 32) out.groups[g.name] = (1 << g.index) >>> 0;
    }
  }
  const matrix = settings.querySettings<Record<string, number>>(Settings.Category.PHYSICS, 'collisionMatrix');
  if (matrix && typeof matrix === 'object') {
    for (const key of Object.keys(matrix)) {
      const index = Number(key);
      if (Number.isInteger(index) && index >= 0 && index < 32) out.matrix[(1 << index) >>> 0] = matrix[key] >>> 0;
    }
  }
  return out;
}

/** Adds the project's named groups to SATGroup (the inspector's list). */
export function updateGroupEnum(groups: Record<string, number>): void {
  for (const name of Object.keys(groups)) SATGroup[name] = groups[name];
  Enum.update(SATGroup);
}

/**
 * A collision matrix (group value -> mask) whose every write or delete calls `changed`, so that a system applies
 * an edit made through `collisionMatrix[group] = mask` at its next update.
 */
export function watchedMatrix(changed: () => void): Record<number, number> {
  return new Proxy({} as Record<number, number>, {
    set: (obj, key, value) => {
      (obj as Record<string | symbol, unknown>)[key] = value;
      changed();
      return true;
    },
    deleteProperty: (obj, key) => {
      delete (obj as Record<string | symbol, unknown>)[key];
      changed();
      return true;
    },
  });
}

/**
 * Replaces `groups` and `matrix` with the project's (read as the engine's physics system reads them at start) and
 * adds the groups to SATGroup, the inspector's list.
 */
export function applyProjectPhysics(groups: Record<string, number>, matrix: Record<number, number>): void {
  const project = readProjectPhysics();
  for (const key of Object.keys(groups)) delete groups[key];
  Object.assign(groups, project.groups);
  updateGroupEnum(project.groups);
  for (const key of Object.keys(matrix)) delete matrix[Number(key)];
  for (const group of Object.keys(project.matrix)) matrix[Number(group)] = project.matrix[Number(group)];
}
