// three.js ships no types (they are a separate package): the part of its API the 3D scenes use, as three.js
// 0.187 documents it. Only drawing goes through three.js; every shape and number comes from sat-wasm/3d.
declare module 'three' {
  export const DoubleSide: number;

  export class Vector2 {
    constructor(x?: number, y?: number);
    x: number;
    y: number;
  }
  export class Vector3 {
    constructor(x?: number, y?: number, z?: number);
    x: number;
    y: number;
    z: number;
    set(x: number, y: number, z: number): this;
    setScalar(s: number): this;
    copy(v: Vector3): this;
    clone(): Vector3;
    add(v: Vector3): this;
    addScaledVector(v: Vector3, s: number): this;
    subVectors(a: Vector3, b: Vector3): this;
    divideScalar(s: number): this;
    normalize(): this;
    negate(): this;
    dot(v: Vector3): number;
    length(): number;
    lengthSq(): number;
    project(camera: Camera): this;
    applyMatrix4(m: Matrix4): this;
    setFromMatrixColumn(m: Matrix4, index: number): this;
  }
  export class Quaternion {
    constructor(x?: number, y?: number, z?: number, w?: number);
    x: number;
    y: number;
    z: number;
    w: number;
    set(x: number, y: number, z: number, w: number): this;
    setFromAxisAngle(axis: Vector3, angle: number): this;
    setFromUnitVectors(from: Vector3, to: Vector3): this;
    multiply(q: Quaternion): this;
    normalize(): this;
  }
  export class Matrix4 {
    makeScale(x: number, y: number, z: number): this;
    setPosition(x: number, y: number, z: number): this;
    compose(position: Vector3, quaternion: Quaternion, scale: Vector3): this;
  }
  export class Color {
    constructor(color?: string | number);
    set(color: string | number): this;
    setHSL(h: number, s: number, l: number): this;
  }
  export class Plane {
    setFromNormalAndCoplanarPoint(normal: Vector3, point: Vector3): this;
  }
  export class Ray {
    constructor(origin?: Vector3, direction?: Vector3);
    origin: Vector3;
    direction: Vector3;
    intersectPlane(plane: Plane, target: Vector3): Vector3 | null;
  }
  export class Raycaster {
    ray: Ray;
    setFromCamera(coords: Vector2, camera: Camera): void;
  }

  export class BufferAttribute {
    constructor(array: ArrayLike<number>, itemSize: number);
    needsUpdate: boolean;
  }
  export class Float32BufferAttribute extends BufferAttribute {}
  export class InstancedBufferAttribute extends BufferAttribute {}
  export class BufferGeometry {
    setAttribute(name: string, attribute: BufferAttribute): this;
    setIndex(index: number[]): this;
    toNonIndexed(): BufferGeometry;
    computeVertexNormals(): void;
    dispose(): void;
  }
  export class CylinderGeometry extends BufferGeometry {
    constructor(radiusTop?: number, radiusBottom?: number, height?: number, radialSegments?: number);
  }
  export class ConeGeometry extends BufferGeometry {
    constructor(radius?: number, height?: number, radialSegments?: number);
  }
  export class SphereGeometry extends BufferGeometry {
    constructor(radius?: number, widthSegments?: number, heightSegments?: number);
  }
  export class BoxGeometry extends BufferGeometry {
    constructor(width?: number, height?: number, depth?: number);
  }
  export class EdgesGeometry extends BufferGeometry {
    constructor(geometry: BufferGeometry);
  }

  export interface MaterialParameters {
    color?: string | number;
    transparent?: boolean;
    opacity?: number;
    side?: number;
    depthTest?: boolean;
    depthWrite?: boolean;
    polygonOffset?: boolean;
    polygonOffsetFactor?: number;
    flatShading?: boolean;
    roughness?: number;
  }
  export class Material {
    dispose(): void;
  }
  export class MeshBasicMaterial extends Material {
    constructor(parameters?: MaterialParameters);
    color: Color;
  }
  export class MeshStandardMaterial extends Material {
    constructor(parameters?: MaterialParameters);
    color: Color;
  }
  export class LineBasicMaterial extends Material {
    constructor(parameters?: MaterialParameters);
  }

  export class Object3D {
    position: Vector3;
    quaternion: Quaternion;
    scale: Vector3;
    visible: boolean;
    renderOrder: number;
    matrixWorld: Matrix4;
    add(...objects: Object3D[]): this;
    remove(...objects: Object3D[]): this;
    traverse(fn: (o: Object3D) => void): void;
    updateMatrixWorld(force?: boolean): void;
    lookAt(target: Vector3): void;
  }
  export class Group extends Object3D {}
  export class Scene extends Object3D {}
  export class Mesh extends Object3D {
    constructor(geometry?: BufferGeometry, material?: Material);
    geometry: BufferGeometry;
    material: Material | Material[];
  }
  export class LineSegments extends Mesh {}
  export class InstancedMesh extends Mesh {
    constructor(geometry: BufferGeometry, material: Material, count: number);
    count: number;
    instanceMatrix: InstancedBufferAttribute;
    instanceColor: InstancedBufferAttribute | null;
    setMatrixAt(index: number, matrix: Matrix4): void;
    setColorAt(index: number, color: Color): void;
    dispose(): void;
  }
  export class Light extends Object3D {}
  export class HemisphereLight extends Light {
    constructor(sky?: string | number, ground?: string | number, intensity?: number);
  }
  export class DirectionalLight extends Light {
    constructor(color?: string | number, intensity?: number);
  }
  export class Camera extends Object3D {}
  export class PerspectiveCamera extends Camera {
    constructor(fov?: number, aspect?: number, near?: number, far?: number);
    aspect: number;
    updateProjectionMatrix(): void;
  }
  export class WebGLRenderer {
    constructor(parameters?: { canvas?: HTMLCanvasElement; antialias?: boolean });
    renderLists: { dispose(): void };
    setClearColor(color: string | number, alpha?: number): void;
    setSize(width: number, height: number, updateStyle?: boolean): void;
    render(scene: Object3D, camera: Camera): void;
  }
}
