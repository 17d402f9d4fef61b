// Entry point of `npm run bench` for JavaScript (scripts/bench.mjs runs `node bench/js/run.mjs [args]`).
// Runs each JS benchmark in turn; add further peer comparisons (world / broad phase) as their own files here.
await import('./narrow_phase.mjs');
// The binding layer's costs (a --peer package adds the side-by-side columns; see bench/README.md).
await import('./bindings.mjs');
