// The component tests again on the asm.js build, posing as iOS native (no WebAssembly; the script the builder hook
// put into the data folder, read through jsb.fileUtils): the loader must pick asm.js by itself.
import { vi } from 'vitest';
import { defineComponentTests } from './components.suite';

await vi.hoisted(async () => {
  // before any module of the extension loads
  Object.defineProperty(globalThis, 'WebAssembly', { value: undefined, configurable: true, writable: true });
  const { sys } = await import('cc');
  sys.isNative = true;
  sys.os = sys.OS.IOS;
  sys.platform = sys.Platform.IOS;
});

defineComponentTests('asmjs');
