// Entry point of `npm run bench` for JavaScript (scripts/bench.mjs runs `node bench/js/run.mjs [args]`).
// Runs each JS benchmark in turn; add further peer comparisons (world / broad phase) as their own files here.
await import('./narrow_phase.mjs');
