// The worker that draws the stress scene's bodies with WebGL2 on the page's WebGL layer (an OffscreenCanvas
// handed over by BodyLayer in gl-layer.ts). Without a GPU the browser composites the page in software and reads
// every WebGL frame back to the CPU, waiting for the drawing to finish; here that wait is this worker's, and the
// page's thread goes on with the next world update.
import { GLBodies, type GLCamera } from './gl-bodies.js';
import type { ToWorker, FromWorker } from './gl-layer.js';

interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let bodies: GLBodies | null = null;
let canvas: OffscreenCanvas | null = null;

function send(message: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = (e) => {
  const m = e.data;
  try {
    switch (m.kind) {
      case 'init': {
        canvas = m.canvas;
        bodies = GLBodies.create(canvas, m.stride);
        send(bodies ? { kind: 'ready' } : { kind: 'error', message: 'no WebGL2 in the worker' });
        break;
      }
      case 'size':
        if (canvas && (canvas.width !== m.width || canvas.height !== m.height)) {
          canvas.width = m.width;
          canvas.height = m.height;
        }
        break;
      case 'shapes':
        bodies?.setShapes(m.outlines);
        break;
      case 'bodies':
        bodies?.setBodies(m.slots, m.kinds, m.count);
        break;
      case 'frame': {
        bodies?.draw(m.cam as GLCamera, m.transforms, m.touching);
        // Answer after this task, once the frame has gone to the compositor (and, without a GPU, been read back).
        setTimeout(() => send({ kind: 'drawn', transforms: m.transforms, touching: m.touching }, [m.transforms.buffer, m.touching.buffer]), 0);
        break;
      }
    }
  } catch (err) {
    send({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
