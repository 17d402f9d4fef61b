// The component tests again on the asm.js build, on a platform without WebAssembly (as iOS native): the loader
// must pick asm.js by itself.
import { vi } from 'vitest';
import { defineComponentTests } from './components.suite';

vi.hoisted(() => {
  // before any module of the extension loads
  Object.defineProperty(globalThis, 'WebAssembly', { value: undefined, configurable: true, writable: true });
});

defineComponentTests('asmjs');
