// Command-line options of the benchmark scripts: `--name=value` gives the string value, a bare `--name` gives true.
// Later occurrences win. Arguments not starting with `--` are ignored (run.mjs takes benchmark names itself).
export function parseOptions(argv = process.argv.slice(2)) {
  const options = {};
  for (const a of argv) {
    if (!a.startsWith('--') || a === '--') continue;
    const eq = a.indexOf('=');
    if (eq < 0) options[a.slice(2)] = true;
    else options[a.slice(2, eq)] = a.slice(eq + 1);
  }
  return options;
}
