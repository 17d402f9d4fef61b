// `npm start`: builds what the browser demo needs (the WebAssembly module and the TypeScript package: the
// 'wasm' step of scripts/build.mjs), then serves web-demo/ with Vite on localhost and prints the URL.
//
//   npm start                       dev server (http://127.0.0.1:5173/, or the next free port)
//   npm start -- --port 8080        another port (also SAT_DEMO_PORT)
//   npm start -- --host 0.0.0.0     listen on every interface (to open the demo from a phone on the same network)
//   npm start -- --prod             production build of the demo (build/web-demo) served by `vite preview`
//
// The demo imports the package as `sat-wasm`, resolved to this repository's dist/ (web-demo/vite.config.ts).
import { banner, repoPath } from './lib.mjs';
import { buildStep } from './build.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

async function main() {
  await buildStep('wasm');

  const vite = await import('vite');
  const configFile = repoPath('web-demo', 'vite.config.ts');
  const port = Number(option('port', process.env.SAT_DEMO_PORT || 5173));
  const host = option('host', '127.0.0.1');
  const prod = process.argv.includes('--prod');

  let server;
  if (prod) {
    banner('build demo: vite build web-demo -> build/web-demo');
    await vite.build({ configFile, logLevel: 'warn' });
    banner('serve demo (production build)');
    server = await vite.preview({ configFile, preview: { port, host, strictPort: false } });
  } else {
    banner('serve demo (Vite dev server)');
    server = await vite.createServer({ configFile, server: { port, host, strictPort: false } });
    await server.listen();
  }
  const urls = server.resolvedUrls ?? { local: [], network: [] };
  const local = urls.local[0] ?? `http://${host}:${port}/`;
  console.log('');
  console.log(`  sat-wasm demo: ${local}`);
  for (const u of urls.network ?? []) console.log(`  on your network: ${u}`);
  console.log('  scenes: #sat (SAT explained), #stress, #tunnel, #raycast, #game; 3D: #sat3d, #hull3d, #stress3d. Press Ctrl+C to stop.');
  console.log('');

  const stop = async () => {
    await server.close?.();
    await server.httpServer?.close?.();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  await main();
} catch (err) {
  console.error(`start: ${err.message}`);
  process.exitCode = 1;
}
