// `npm start`. At this stage: build the native example and run it (it collides two shapes and prints the
// manifold). The demo issue replaces the body of main() with "build the demo, then serve web-demo/ locally"
// (add a 'demo' step to scripts/build.mjs and call buildStep('demo') here).
import { builds, cmakeBuild, repoPath, run } from './lib.mjs';

async function main() {
  await cmakeBuild(builds.native, { targets: ['collide_two_shapes'] });
  const res = await run(repoPath(builds.native.dir, 'examples/collide_two_shapes'));
  return res.ok ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`start: ${err.message}`);
  process.exitCode = 1;
}
