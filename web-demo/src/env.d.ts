// Vite's `?raw` imports: a file's text as a string (the code panel shows each scene's own source this way).
declare module '*?raw' {
  const text: string;
  export default text;
}

// Matter.js ships no types: the few calls the side-by-side comparison makes.
declare module 'matter-js' {
  interface MatterVector {
    x: number;
    y: number;
  }
  interface MatterBody {
    position: MatterVector;
  }
  interface MatterCollision {
    bodyA: MatterBody;
    bodyB: MatterBody;
    depth: number;
  }
  const Matter: {
    Body: {
      create(options: { vertices: MatterVector[]; position: MatterVector; collisionFilter?: { group: number } }): MatterBody;
      setPosition(body: MatterBody, position: MatterVector): void;
      setAngle(body: MatterBody, angle: number): void;
    };
    Detector: {
      create(options: { bodies: MatterBody[] }): object;
      collisions(detector: object): MatterCollision[];
      clear(detector: object): void;
    };
  };
  export default Matter;
}
