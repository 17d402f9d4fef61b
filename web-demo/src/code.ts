// The code panel: the TypeScript a scene runs, as Vite's `?raw` import of the scene's own module file (so it
// cannot drift from what runs), with the calls into sat-wasm marked, and the API reference sections it uses,
// cut from docs/*.md the same way.
import worldApi from '../../docs/world-api.md?raw';
import jsApi from '../../docs/js-api.md?raw';

const DOCS: Record<string, { file: string; text: string }> = {
  world: { file: 'docs/world-api.md', text: worldApi },
  js: { file: 'docs/js-api.md', text: jsApi },
};

/** Adds a document that lazily loaded scenes cite (the 3D scenes bring the 3D docs with them). */
export function registerDoc(key: string, file: string, text: string): void {
  DOCS[key] = { file, text };
}

/** A section of an API document, named by its heading. */
export interface DocRef {
  /** 'world', 'js', or a key given to registerDoc */
  doc: string;
  heading: string;
}

/** The section under `heading` (up to the next heading of the same or a higher level), or '' when absent. */
export function docSection(ref: DocRef): string {
  const lines = DOCS[ref.doc].text.split('\n');
  const start = lines.findIndex((l) => /^#+ /.test(l) && l.replace(/^#+ /, '').trim() === ref.heading);
  if (start < 0) return '';
  const level = lines[start].match(/^#+/)![0].length;
  let end = start + 1;
  while (end < lines.length && !(/^#+ /.test(lines[end]) && lines[end].match(/^#+/)![0].length <= level)) end++;
  return lines.slice(start, end).join('\n').trim();
}

/** GitHub-style anchor of a heading. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Calls into the package: sat.x(...), world.x(...), w.x(...), and the `sat-wasm` import. */
const API_CALL = /\b(sat|sat3|world|w|side\.world|s\.world)\.(\w+)\s*\(|from 'sat-wasm(\/3d)?'/;

/** Fills `root` with the source and its doc sections. */
export function renderCode(root: HTMLElement, file: string, source: string, refs: DocRef[]): void {
  const lines = source.replace(/\n$/, '').split('\n');
  const apiLines = lines.filter((l) => API_CALL.test(l)).length;
  const body = lines
    .map((l, i) => `<span class="ln${API_CALL.test(l) ? ' api' : ''}" data-line="${i + 1}">${escape(l) || ' '}</span>`)
    .join('\n');
  const docs = refs
    .map((r) => {
      const text = docSection(r);
      return `<details class="doc" data-testid="code-doc"><summary>${escape(DOCS[r.doc].file)} § <a href="#${anchor(r.heading)}" onclick="return false">${escape(r.heading)}</a></summary><pre>${escape(text || '(section not found)')}</pre></details>`;
    })
    .join('');
  root.innerHTML = `
    <p class="hint">The source of this scene, <code data-testid="code-file">${escape(file)}</code> (${lines.length} lines), as the page runs it. Highlighted: the ${apiLines} lines that call into sat-wasm.</p>
    <h2>API reference it uses</h2>
    ${docs}
    <h2>Source</h2>
    <pre class="source" data-testid="code-source">${body}</pre>`;
}
