#!/usr/bin/env node
// Browser end-to-end tests of the demo (web-demo/) in Debian's Chromium, driven by playwright-core.
//
//   node tests/e2e/run.mjs [--report <file.json>] [--docs] [--full-bench] [name filter...]
//
// Starts its own Vite dev server on a free port (the demo imports the built package: run
// `node scripts/build-wasm.mjs` first, as `npm test` does), runs every test in a fresh browser context, saves
// screenshots to test-results/e2e/, prints one line per test and ends with a machine-readable line
//   E2E-RESULT {"passed":N,"failed":N,"tests":[...]}
// also written to --report when given. With --docs, the screenshots named in DOC_SHOTS are also written to docs/
// as JPEG (the demo's pictures in the documentation). With --full-bench the side-by-side test measures every
// scene of web-demo/README.md's table (slower). Exit code 1 when any test failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = path.join(root, 'test-results', 'e2e');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * WebGL in headless Chromium without a GPU runs on a CPU rasterizer: SwiftShader (built into Chromium, through
 * ANGLE's Vulkan backend), or Mesa's llvmpipe (through ANGLE's GL backend on EGL) where Mesa is installed. For the
 * stress scene's bodies llvmpipe takes about 60% of SwiftShader's CPU time, so it is used when present; the page
 * is composited in software either way. E2E_GL=swiftshader or E2E_GL=llvmpipe chooses.
 */
function glArgs() {
  const libs = ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((a) => `/usr/lib/${a}`);
  const mesa = libs.some((d) => existsSync(`${d}/libEGL_mesa.so.0`) && existsSync(`${d}/dri/swrast_dri.so`));
  const want = process.env.E2E_GL || (mesa ? 'llvmpipe' : 'swiftshader');
  if (want === 'llvmpipe') return ['--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist', '--disable-gpu-compositing'];
  if (want === 'swiftshader') return ['--disable-gpu'];
  throw new Error(`E2E_GL should be llvmpipe or swiftshader, not '${want}'`);
}
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  ...glArgs(),
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const args = process.argv.slice(2);
const reportIdx = args.indexOf('--report');
const reportFile = reportIdx >= 0 ? path.resolve(args[reportIdx + 1]) : null;
const filters = args.filter((a, i) => !a.startsWith('--') && (reportIdx < 0 || i !== reportIdx + 1));

// ---------------------------------------------------------------------------------------------------------------
// A tiny harness: named async tests, each with a fresh browser context, run in order.

const tests = [];
function test(name, fn, { viewport = { width: 1280, height: 800 }, mobile = false, touch = false } = {}) {
  tests.push({ name, fn, viewport, mobile, touch });
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Opens a scene in a page, collects console errors and page errors, waits until the scene drew frames. */
async function openScene(ctx, scene, { minFrames = 3, url = baseUrl } = {}) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  await page.goto(`${url}/#${scene}`, { waitUntil: 'load' });
  await page.waitForFunction(
    ({ scene, minFrames }) => {
      const d = window.__demo;
      return (d && d.errors.length > 0) || (d && d.ready && d.sceneId === scene && d.frames >= minFrames);
    },
    { scene, minFrames },
    { timeout: 20000 },
  );
  const demoErrors = await page.evaluate(() => window.__demo.errors);
  errors.push(...demoErrors);
  return { page, errors };
}

/**
 * How much of the scene is drawn, as a person sees it: a screenshot of the stage (the WebGL layer, the 2D canvas
 * and the overlay together), sampled for the share of pixels that differ from the corner colour, and colours.
 */
async function canvasInk(page) {
  const png = await page.locator('.stage').screenshot({ type: 'png' });
  return page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bmp = await createImageBitmap(blob);
    const { width, height } = bmp;
    const c = new OffscreenCanvas(width, height);
    const g = c.getContext('2d');
    g.drawImage(bmp, 0, 0);
    const data = g.getImageData(0, 0, width, height).data;
    const bg = [data[0], data[1], data[2]];
    let ink = 0;
    let samples = 0;
    const colours = new Set();
    const step = Math.max(2, Math.floor(Math.sqrt((width * height) / 40000)));
    for (let y = 0; y < height; y += step) {
      for (let x = 0; x < width; x += step) {
        const i = (y * width + x) * 4;
        samples++;
        const d = Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]);
        if (d > 24) ink++;
        colours.add((data[i] >> 4) * 256 + (data[i + 1] >> 4) * 16 + (data[i + 2] >> 4));
      }
    }
    return { ink: ink / samples, colours: colours.size, width, height };
  }, png.toString('base64'));
}

async function expectDrawn(page, what, minInk = 0.01) {
  const r = await canvasInk(page);
  assert(r.width > 10 && r.height > 10, `${what}: canvas is ${r.width}x${r.height}`);
  assert(r.ink >= minInk && r.colours >= 4, `${what}: canvas looks blank (ink ${(r.ink * 100).toFixed(2)}%, ${r.colours} colours)`);
  return r;
}

function expectNoErrors(errors, what) {
  assert(errors.length === 0, `${what}: ${errors.length} error(s): ${errors.slice(0, 3).join(' | ')}`);
}

/** Screenshots that also go to docs/ with --docs: e2e screenshot name -> docs file. */
const DOC_SHOTS = {
  'sat-step-verdict': 'demo-sat.jpg',
  'sat-aabb-reject': 'demo-sat-aabb.jpg',
  'stress-webgl-20000': 'demo-stress.jpg',
  'stress-side-by-side': 'demo-side-by-side.jpg',
  'code-panel-stress': 'demo-code.jpg',
  tunnel: 'demo-tunnel.jpg',
  raycast: 'demo-raycast.jpg',
  game: 'demo-game.jpg',
  'phone-game': 'demo-phone-game.jpg',
  'sat3d-edge-pair': 'demo-3d-sat.jpg',
  'hull3d-added': 'demo-3d-hull.jpg',
  'stress3d-sat-wasm': 'demo-3d-stress.jpg',
  'stress3d-cannon': 'demo-3d-cannon.jpg',
  'phone-sat3d': 'demo-3d-phone.jpg',
};
const writeDocs = args.includes('--docs');
/** --full-bench: the side-by-side test runs every scene of the README's table, 30 steps each. */
const fullBench = args.includes('--full-bench');

async function shot(page, name) {
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file });
  if (writeDocs && DOC_SHOTS[name]) await page.screenshot({ path: path.join(root, 'docs', DOC_SHOTS[name]), type: 'jpeg', quality: 80 });
  return file;
}

const satState = (page) =>
  page.evaluate(() => {
    const s = window.__demo.scene;
    const el = document.querySelector('[data-testid="sat-state"]');
    return {
      overlap: s.overlap,
      depth: s.depth,
      separatingAxis: s.separatingAxis,
      panelText: el?.textContent ?? '',
      panelOverlap: el?.dataset.overlap ?? '',
      panelDepth: document.querySelector('[data-testid="sat-depth"]')?.textContent ?? '',
      panelSeparating: document.querySelector('[data-testid="sat-separating"]')?.textContent ?? '',
    };
  });

async function mouseDrag(page, from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
  await page.waitForTimeout(100);
}

/** A one-finger drag as real touch input (Chromium turns it into pointer events of type 'touch'). */
async function touchDrag(page, from, to, steps = 10) {
  const cdp = await page.context().newCDPSession(page);
  const point = (p) => [{ x: p.x, y: p.y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(150);
}

// ---------------------------------------------------------------------------------------------------------------
// The tests.

test('demo type-checks (tsc -p web-demo)', async () => {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'web-demo', 'tsconfig.json')], { encoding: 'utf8' });
  assert(r.status === 0, `tsc failed:\n${(r.stdout + r.stderr).slice(0, 2000)}`);
});

for (const scene of ['sat', 'stress', 'tunnel', 'raycast', 'game']) {
  test(`scene ${scene}: loads without console errors and draws`, async (ctx) => {
    const { page, errors } = await openScene(ctx, scene, { minFrames: 10 });
    await page.waitForTimeout(600);
    await expectDrawn(page, scene);
    const panel = await page.textContent('[data-testid="panel"]');
    assert(panel.trim().length > 20, `${scene}: the side panel is empty`);
    await shot(page, `scene-${scene}`);
    expectNoErrors(errors, scene);
  });
}

test('sat: dragging A onto B reports overlap with depth > 0, dragging it away reports apart', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat');
  const before = await satState(page);
  assert(before.overlap === false && before.panelText.includes('APART'), `shapes should start apart, got ${JSON.stringify(before)}`);

  const a = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
  const b = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  await mouseDrag(page, a, { x: b.x - 40, y: b.y + 10 });
  const on = await satState(page);
  assert(on.overlap === true, `after dragging A onto B the scene should overlap: ${JSON.stringify(on)}`);
  assert(on.panelOverlap === 'true' && on.panelText.includes('OVERLAPPING'), `panel should say OVERLAPPING: ${on.panelText}`);
  assert(on.depth > 0 && Number(on.panelDepth) > 0, `depth should be > 0: hooks ${on.depth}, panel '${on.panelDepth}'`);
  await shot(page, 'sat-overlap');

  const a2 = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
  const box = await page.locator('canvas#view').boundingBox();
  await mouseDrag(page, a2, { x: box.x + box.width * 0.12, y: box.y + box.height * 0.2 });
  const off = await satState(page);
  assert(off.overlap === false && off.panelText.includes('APART'), `after dragging A away the panel should say APART: ${JSON.stringify(off)}`);
  assert(off.separatingAxis && off.separatingAxis.gap > 0, `a separating axis with a gap should be reported: ${JSON.stringify(off)}`);
  assert(/gap/.test(off.panelSeparating), `panel should name the separating axis: '${off.panelSeparating}'`);
  await shot(page, 'sat-apart');

  // Keyboard: arrows move B.
  const b0 = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  await page.focus('canvas#view');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(50);
  const b1 = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  assert(b1.x < b0.x - 10 && Math.abs(b1.y - b0.y) < 1, `ArrowLeft should move B left: ${JSON.stringify(b0)} -> ${JSON.stringify(b1)}`);
  expectNoErrors(errors, 'sat drag');
});

test('sat: every shape kind pairs with every other, and rotating by the handle changes the answer', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat');
  const kinds = ['polygon', 'box', 'circle', 'capsule', 'concave'];
  for (const ka of kinds) {
    for (const kb of kinds) {
      await page.selectOption('[data-testid="kind-A"]', ka);
      await page.selectOption('[data-testid="kind-B"]', kb);
      await page.waitForTimeout(40);
      const s = await page.evaluate(() => ({ axes: window.__demo.scene.axes.length, kinds: window.__demo.scene.bodyKinds(), err: document.querySelector('[data-testid="sat-error"]').textContent }));
      assert(s.err === '', `${ka} vs ${kb}: error '${s.err}'`);
      assert(s.kinds[0].startsWith(ka) && s.kinds[1].startsWith(kb), `${ka} vs ${kb}: scene has ${s.kinds}`);
      assert(s.axes >= 1, `${ka} vs ${kb}: no candidate axis`);
    }
  }
  // Capsule A next to box B: overlap them, then rotate A with its handle until the answer changes.
  await page.selectOption('[data-testid="kind-A"]', 'capsule');
  await page.selectOption('[data-testid="kind-B"]', 'box');
  const a = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
  const b = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  await mouseDrag(page, a, { x: b.x - 95, y: b.y });
  const d0 = (await satState(page)).depth;
  await page.mouse.move(b.x - 95, b.y);
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(100);
  const d1 = (await satState(page)).depth;
  assert(Math.abs(d1 - d0) > 1e-3, `rotating A should change the depth (was ${d0}, now ${d1})`);
  await shot(page, 'sat-capsule-box');
  expectNoErrors(errors, 'shape kinds');
});

test('sat: a concave outline drawn by clicking is split into convex parts', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat');
  await page.click('#drawB');
  const box = await page.locator('canvas#view').boundingBox();
  const cx = box.x + box.width * 0.68;
  const cy = box.y + box.height * 0.5;
  // A U shape (concave), clockwise on screen.
  const pts = [[-90, -80], [-40, -80], [-40, 30], [40, 30], [40, -80], [90, -80], [90, 80], [-90, 80]];
  for (const [dx, dy] of pts) {
    await page.mouse.click(cx + dx, cy + dy);
  }
  await page.mouse.click(cx + pts[0][0], cy + pts[0][1]);  // close on the first corner
  await page.waitForTimeout(100);
  const kinds = await page.evaluate(() => window.__demo.scene.bodyKinds());
  assert(/^concave:\d+$/.test(kinds[1]) && Number(kinds[1].split(':')[1]) >= 2, `B should be concave with >= 2 parts: ${kinds}`);
  const a = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
  // Into the notch of the U: apart from the U's inner walls? Put A over the U's left arm instead: overlap.
  await mouseDrag(page, a, { x: cx - 65, y: cy });
  const on = await satState(page);
  assert(on.overlap === true && on.depth > 0, `A on the U's arm should overlap: ${JSON.stringify(on)}`);
  await shot(page, 'sat-concave');

  // A self-intersecting outline (a bow tie) is refused with the library's named error; B stays as it was.
  await page.click('#drawB');
  for (const [dx, dy] of [[-80, -60], [80, 60], [80, -60], [-80, 60]]) await page.mouse.click(cx + dx, cy + dy);
  await page.click('#drawDone');
  await page.waitForTimeout(100);
  const after = await page.evaluate(() => ({ kinds: window.__demo.scene.bodyKinds(), err: document.querySelector('[data-testid="sat-error"]').textContent }));
  assert(/SelfIntersecting|intersect/i.test(after.err), `a bow tie should be refused with a named error, got '${after.err}'`);
  assert(after.kinds[1] === kinds[1], `B should keep its previous outline: ${after.kinds[1]} vs ${kinds[1]}`);
  console.log(`     bow tie refused: ${after.err}`);
  // The page reports the refusal in the panel, not as an uncaught error.
  expectNoErrors(errors, 'concave');
});

test('sat: hovering an axis in the table shows its projections; the drawn axes agree with sat.collide on random poses', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat');
  const rows = page.locator('table.axes tr[data-axis]');
  const count = await rows.count();
  assert(count >= 7, `pentagon vs box should list at least 7 axes, got ${count}`);
  const name = await rows.nth(2).getAttribute('data-axis');
  await rows.nth(2).hover();
  await page.waitForTimeout(100);
  const sel = await page.evaluate(() => window.__demo.scene.selectedAxis);
  assert(sel && sel.name === name, `hovering row ${name} should select it, selected ${JSON.stringify(sel)}`);
  await shot(page, 'sat-hover-axis');

  // The picture must tell the same story as the library: overlap <=> no axis shows a gap; apart => a gap is
  // shown; for two polygons the smallest overlap is the library's depth (the MTV axis).
  const report = await page.evaluate(() => {
    const s = window.__demo.scene;
    const kinds = ['polygon', 'box', 'circle', 'capsule', 'concave'];
    let seed = 1;
    const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296);
    const bad = [];
    let cases = 0;
    let overlaps = 0;
    for (const ka of kinds) {
      for (const kb of kinds) {
        for (const [sel, k] of [['[data-testid="kind-A"]', ka], ['[data-testid="kind-B"]', kb]]) {
          const e = document.querySelector(sel);
          e.value = k;
          e.dispatchEvent(new Event('change'));
        }
        s.setPose('A', 0, 0, 0);
        for (let i = 0; i < 200; i++) {
          const poseA = [0, 0, rand() * 6.3];
          const poseB = [(rand() - 0.5) * 8, (rand() - 0.5) * 8, rand() * 6.3];
          s.setPose('A', ...poseA);
          const r = s.setPose('B', ...poseB);
          const at = `A at ${JSON.stringify(poseA)}, B at ${JSON.stringify(poseB)}`;
          cases++;
          if (r.overlap) overlaps++;
          const tol = 2e-3;
          if (r.overlap && r.minOverlap < -tol) bad.push(`${ka}/${kb} #${i}: library overlaps but axis shows gap ${-r.minOverlap}`);
          if (!r.overlap && !(r.sepAxis && r.sepAxis.gap > -tol)) bad.push(`${ka}/${kb} #${i}: apart but no separating axis (${JSON.stringify(r.sepAxis)})`);
          const polys = ['polygon', 'box'];
          if (r.overlap && polys.includes(ka) && polys.includes(kb) && Math.abs(r.minAxis.overlap - r.depth) > tol) {
            bad.push(`${ka}/${kb} #${i}: smallest axis overlap ${r.minAxis.overlap} (${r.minAxis.name}) != library depth ${r.depth} (${at})`);
          }
        }
      }
    }
    return { cases, overlaps, bad };
  });
  console.log(`     ${report.cases} random poses, ${report.overlaps} overlapping: ${report.bad.length} disagreements`);
  assert(report.overlaps > 100 && report.cases - report.overlaps > 100, `poses should mix overlap and apart: ${report.overlaps} of ${report.cases}`);
  assert(report.bad.length === 0, `${report.bad.length} disagreements, first: ${report.bad.slice(0, 3).join(' | ')}`);
  expectNoErrors(errors, 'axes vs library');
});

test(
  'sat on a phone: touch drag onto B overlaps, the panel sits under the canvas',
  async (ctx) => {
    const { page, errors } = await openScene(ctx, 'sat');
    await expectDrawn(page, 'phone sat');
    const layout = await page.evaluate(() => {
      const c = document.querySelector('canvas#view').getBoundingClientRect();
      const p = document.querySelector('#panel').getBoundingClientRect();
      return { canvas: { w: c.width, h: c.height, bottom: c.bottom }, panelTop: p.top, docW: document.documentElement.scrollWidth, winW: innerWidth };
    });
    assert(layout.panelTop >= layout.canvas.bottom - 1, `panel should be under the canvas on a phone: ${JSON.stringify(layout)}`);
    assert(layout.docW <= layout.winW + 1, `page should not scroll sideways: ${JSON.stringify(layout)}`);
    assert(layout.canvas.w >= 300 && layout.canvas.h >= 250, `canvas too small on a phone: ${JSON.stringify(layout)}`);
    const a = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
    const b = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
    await touchDrag(page, a, { x: b.x - 12, y: b.y });
    const on = await satState(page);
    assert(on.overlap === true && on.depth > 0, `touch drag should make them overlap: ${JSON.stringify(on)}`);
    await shot(page, 'sat-phone');
    // No hover on touch: tapping an axis arrow selects it.
    const axes = await page.evaluate(() => window.__demo.scene.axes.map((a) => a.name));
    let tapped = null;
    for (const name of axes) {
      const sel = await page.evaluate(() => window.__demo.scene.selectedAxis?.name);
      if (name === sel) continue;
      const at = await page.evaluate((n) => window.__demo.scene.axisClientPosition(n), name);
      const owner = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id, at);
      if (owner !== 'view') continue;
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForTimeout(100);
      tapped = { name, selected: await page.evaluate(() => window.__demo.scene.selectedAxis?.name) };
      if (tapped.selected === name) break;
    }
    assert(tapped && tapped.selected === tapped.name, `tapping an axis arrow should select it: ${JSON.stringify(tapped)}`);
    expectNoErrors(errors, 'phone');
  },
  { viewport: { width: 390, height: 844 }, mobile: true },
);

test(
  'phone: every scene fits a 390 px wide screen and draws',
  async (ctx) => {
    for (const scene of ['stress', 'tunnel', 'raycast', 'game']) {
      const { page, errors } = await openScene(ctx, scene, { minFrames: 5 });
      await page.waitForTimeout(300);
      await expectDrawn(page, `phone ${scene}`);
      const w = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: innerWidth }));
      assert(w.doc <= w.win + 1, `phone ${scene}: the page scrolls sideways (${w.doc} > ${w.win})`);
      await shot(page, `phone-${scene}`);
      expectNoErrors(errors, `phone ${scene}`);
      await page.close();
    }
  },
  { viewport: { width: 390, height: 844 }, mobile: true },
);

test('stress: 5,000 bodies report the update time split by stage, and the panel shows it', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  // Choose 5,000 on the slider, as a person would.
  await page.evaluate(() => {
    const input = document.querySelector('[data-testid="stress-count"]');
    input.value = String(window.__demo.scene.counts.indexOf(5000));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => window.__demo.scene.bodies === 5000 && window.__demo.scene.stats.frames >= 20, null, { timeout: 30000 });
  await page.waitForTimeout(400);
  const s = await page.evaluate(() => ({ ...window.__demo.scene.stats, inWorld: window.__demo.scene.bodyCountInWorld }));
  assert(s.inWorld === 5000, `world should hold 5000 bodies, has ${s.inWorld}`);
  assert(s.avgUpdateMs > 0 && Number.isFinite(s.avgUpdateMs), `update time should be reported: ${s.avgUpdateMs}`);
  assert(s.broadMs + s.pairsMs > 0 && s.narrowMs > 0, `broad (${s.broadMs}+${s.pairsMs}) and narrow (${s.narrowMs}) times should be > 0`);
  assert(s.candidatePairs > 0 && s.touchingPairs > 0, `pairs should be counted: ${s.candidatePairs} candidates, ${s.touchingPairs} touching`);
  assert(s.fps > 0, `FPS should be measured: ${s.fps}`);
  const panelText = await page.textContent('[data-testid="stress-stats"]');
  assert(/5,000/.test(panelText) && /update\(\) total\s*[\d.]+ ms/.test(panelText), `stats panel should show N and the update time: ${panelText}`);
  console.log(`     5,000 bodies: update ${s.avgUpdateMs.toFixed(2)} ms (broad ${(s.broadMs + s.pairsMs).toFixed(2)}, narrow+events ${s.narrowMs.toFixed(2)}), ${s.candidatePairs} candidate pairs, ${s.touchingPairs} touching, ${s.fps.toFixed(0)} FPS`);
  await shot(page, 'stress-5000');

  // Push-apart on and the broad-phase view: still updating, residual overlap reported.
  await page.click('[data-testid="stress-push"]');
  await page.click('[data-testid="stress-broad"]');
  await page.mouse.move(640, 400);
  const f0 = await page.evaluate(() => window.__demo.scene.stats.frames);
  await page.waitForFunction((f0) => window.__demo.scene.stats.frames > f0 + 20, f0, { timeout: 30000 });
  const p = await page.evaluate(() => ({ ...window.__demo.scene.stats, push: window.__demo.scene.pushApart }));
  assert(p.push && p.pushMs > 0, `push-apart should run and be timed: ${p.pushMs}`);
  await shot(page, 'stress-5000-pushapart-broadphase');
  expectNoErrors(errors, 'stress');
});

test('stress: 20,000 bodies run with every broad phase', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  for (const bp of ['grid', 'tree', 'sap']) {
    await page.selectOption('[data-testid="stress-bp"]', bp);
    await page.evaluate(() => window.__demo.scene.setCount(20000));
    await page.waitForFunction(() => window.__demo.scene.bodies === 20000 && window.__demo.scene.stats.frames >= 8, null, { timeout: 60000 });
    const s = await page.evaluate(() => window.__demo.scene.stats);
    assert(s.avgUpdateMs > 0 && s.candidatePairs > 0, `${bp}: update ${s.avgUpdateMs} ms, ${s.candidatePairs} pairs`);
    console.log(`     20,000 bodies, ${bp}: update ${s.avgUpdateMs.toFixed(2)} ms (last frame: sync ${s.syncMs.toFixed(2)}, broad ${(s.broadMs + s.pairsMs).toFixed(2)}, narrow+events ${s.narrowMs.toFixed(2)}), ${s.candidatePairs} candidate pairs`);
  }
  await shot(page, 'stress-20000');
  expectNoErrors(errors, 'stress 20k');
});

test('stress threads: the page is cross-origin isolated, sat-simd-mt loads in it, and 2 threads give the contacts of 1', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  const env = await page.evaluate(() => ({ isolated: crossOriginIsolated, sab: typeof SharedArrayBuffer }));
  assert(env.isolated && env.sab === 'function', `the dev server should make the page cross-origin isolated: ${JSON.stringify(env)}`);
  // Paused, so that only runSteps() moves the world; 20,000 bodies, so that every threaded stage splits.
  await page.keyboard.press('p');
  await page.waitForFunction(() => window.__demo.paused);
  const steps = 30;
  const run = () => page.evaluate((k) => {
    window.__demo.scene.setCount(20000);  // the same bodies and velocities again (the scene's seed)
    return { threads: window.__demo.scene.threads, digests: window.__demo.scene.runSteps(k) };
  }, steps);
  const one = await run();
  assert(!one.threads.on && one.threads.build === 'sat-simd' && one.threads.maxThreads === 1, `threads off: the page's single-thread build: ${JSON.stringify(one.threads)}`);
  assert(await page.isEnabled('[data-testid="stress-threads"]'), 'the threads switch should be enabled on an isolated page');
  await page.click('[data-testid="stress-threads"]');
  await page.waitForFunction(() => window.__demo.scene.threads.on || /failed/.test(window.__demo.scene.threads.status), null, { timeout: 20000 });
  const two = await run();
  assert(two.threads.on && two.threads.build === 'sat-simd-mt' && two.threads.moduleThreads === 2 && two.threads.maxThreads >= 2, `threads on: the threaded build, 2 threads: ${JSON.stringify(two.threads)}`);
  const label = await page.textContent('[data-testid="stress-build"]');
  assert(/sat-simd-mt, 2 threads/.test(label), `the panel should name the threaded build: '${label}'`);
  // The scene must have contacts that change from step to step, or equal digests would prove little.
  assert(one.digests.every((d) => d.count > 1000) && new Set(one.digests.map((d) => d.checksum)).size === steps, `every step should have its own contacts: ${JSON.stringify(one.digests.slice(0, 3))}`);
  for (let k = 0; k < steps; k++) {
    assert(JSON.stringify(one.digests[k]) === JSON.stringify(two.digests[k]), `step ${k + 1}: 1 thread ${JSON.stringify(one.digests[k])}, 2 threads ${JSON.stringify(two.digests[k])}`);
  }
  console.log(`     20,000 bodies, ${steps} steps: the same ${one.digests[steps - 1].count} contacts (checksum ${one.digests[steps - 1].checksum.toString(16)}) on sat-simd and on sat-simd-mt with 2 threads`);
  await page.keyboard.press('p');
  await page.waitForFunction(() => !window.__demo.paused && window.__demo.frames > 3);
  await shot(page, 'stress-threads');
  // Off again: back to the page's build.
  await page.click('[data-testid="stress-threads"]');
  await page.waitForFunction(() => !window.__demo.scene.threads.on);
  const back = await page.evaluate(() => window.__demo.scene.threads.build);
  assert(back === 'sat-simd', `threads off again: the page's build, got ${back}`);
  expectNoErrors(errors, 'stress threads');
});

test('stress threads: on a page that is not cross-origin isolated the switch is off and disabled', async (ctx) => {
  // The same server without the isolation headers.
  await ctx.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  const { page, errors } = await openScene(ctx, 'stress');
  const state = await page.evaluate(() => ({ isolated: crossOriginIsolated, threads: window.__demo.scene.threads }));
  assert(!state.isolated && !state.threads.available && !state.threads.on, `without COOP / COEP: ${JSON.stringify(state)}`);
  assert(await page.isDisabled('[data-testid="stress-threads"]'), 'the threads switch should be disabled');
  // A page fulfilled by the test counts as public to Chromium, which then refuses its connection to the dev
  // server's live-reload socket on 127.0.0.1: that is the route's doing, not the demo's.
  expectNoErrors(errors.filter((e) => !/WebSocket connection|\[vite\] failed to connect|your current setup|Check out your Vite/.test(e)), 'stress threads, not isolated');
});

test('tunnel: without CCD bullets pass through the thin wall, with CCD none does', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'tunnel');
  await page.waitForFunction(() => window.__demo.scene.on.fired >= 10 && window.__demo.scene.off.through + window.__demo.scene.off.stopped >= 8, null, { timeout: 60000 });
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => ({ off: window.__demo.scene.off, on: window.__demo.scene.on }));
  assert(r.on.through === 0, `CCD on: no bullet may tunnel, ${r.on.through} did`);
  assert(r.on.stopped >= 6, `CCD on: bullets should be stopped by the wall: ${JSON.stringify(r.on)}`);
  assert(r.on.lastToi !== null && r.on.lastToi >= 0 && r.on.lastToi <= 1, `CCD on: time of impact in [0, 1]: ${r.on.lastToi}`);
  assert(r.off.through > r.off.stopped, `CCD off: most bullets should tunnel: ${JSON.stringify(r.off)}`);
  const panel = await page.evaluate(() => [document.querySelector('[data-testid="tunnel-through-on"]').textContent, document.querySelector('[data-testid="tunnel-through-off"]').textContent]);
  assert(panel[0] === '0' && Number(panel[1]) > 0, `panel counts: through on ${panel[0]}, off ${panel[1]}`);
  await shot(page, 'tunnel');
  expectNoErrors(errors, 'tunnel');
});

test('raycast: rays from the pointer hit bodies, normals face the rays', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'raycast');
  const box = await page.locator('canvas#view').boundingBox();
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.55);
  await page.waitForTimeout(200);
  const r = await page.evaluate(() => ({ rays: window.__demo.scene.rays, hits: window.__demo.scene.hits, origin: window.__demo.scene.origin, list: window.__demo.scene.hitList() }));
  assert(r.hits > 0 && r.hits <= r.rays, `some rays should hit: ${r.hits} of ${r.rays}`);
  for (const h of r.list) {
    if (!h) continue;
    if (h.fraction === 0) {
      // A ray starting inside a body hits it at its start, with a zero normal (docs/world-api.md).
      assert(h.normal.x === 0 && h.normal.y === 0, `a hit at fraction 0 has a zero normal: ${JSON.stringify(h.normal)}`);
      continue;
    }
    const dx = h.point.x - r.origin.x;
    const dy = h.point.y - r.origin.y;
    assert(dx * h.normal.x + dy * h.normal.y <= 1e-4, `normal ${JSON.stringify(h.normal)} should face the ray from ${JSON.stringify(r.origin)} to ${JSON.stringify(h.point)}`);
    assert(Math.abs(Math.hypot(h.normal.x, h.normal.y) - 1) < 1e-3, `normal should be unit: ${JSON.stringify(h.normal)}`);
  }
  const panelHits = Number(await page.textContent('[data-testid="ray-hits"]'));
  assert(panelHits > 0, `panel should count hits: ${panelHits}`);
  await shot(page, 'raycast');
  expectNoErrors(errors, 'raycast');
});

test("sat: stepping through shows one axis per edge normal, in the module's order, and ends on its deciding axis", async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat');
  const step = () => page.evaluate(() => window.__demo.scene.step);
  for (const [ka, kb, sides, edges] of [['polygon', 'box', 5, 9], ['polygon', 'polygon', 7, 14], ['box', 'capsule', 0, 6]]) {
    await page.selectOption('[data-testid="kind-A"]', ka);
    await page.selectOption('[data-testid="kind-B"]', kb);
    if (sides) {
      await page.evaluate((n) => {
        for (const id of ['sidesA', 'sidesB']) {
          const input = document.getElementById(id);
          if (document.querySelector(`[data-testid="kind-${id.slice(-1)}"]`).value !== 'polygon') continue;
          input.value = String(n);
          input.dispatchEvent(new Event('input'));
        }
      }, sides);
    }
    // Overlapping, so that every axis is tested.
    await page.evaluate(() => {
      window.__demo.scene.setPose('A', 0, 0, 0.3);
      window.__demo.scene.setPose('B', 1.2, 0.4, -0.2);
    });
    const ex = await page.evaluate(() => window.__demo.scene.explanation);
    assert(ex.overlap, `${ka}/${kb}: the pose should overlap`);
    // A polygon has one face normal per edge, a capsule two (its sides), a circle none; the module adds the
    // closest-points axis only for rounded shapes that are not clearly overlapping.
    assert(ex.axes.length === edges, `${ka}/${kb}: the module tested ${ex.axes.length} axes, the pair has ${edges} edge normals`);
    await page.click('[data-testid="sat-step-start"]');
    const s0 = await step();
    assert(s0.stage === 0 && /bounding boxes/i.test(s0.text), `${ka}/${kb}: step 0 should be the bounding-box pre-check: ${JSON.stringify(s0)}`);
    const seen = [];
    for (let k = 1; k <= edges; k++) {
      await page.click('[data-testid="sat-step-next"]');
      const s = await step();
      assert(s.stage === k && new RegExp(`Axis ${k} of ${edges}`).test(s.text), `${ka}/${kb}: step ${k}: ${JSON.stringify(s)}`);
      seen.push(s.axis);
    }
    assert(JSON.stringify(seen) === JSON.stringify(ex.axes), `${ka}/${kb}: stepped ${seen} but the module tested ${ex.axes}`);
    await page.click('[data-testid="sat-step-next"]');
    const last = await step();
    assert(last.axis === ex.deciding && /Decided by/.test(last.text) && /MTV/.test(last.text), `${ka}/${kb}: the last step should name the module's deciding axis ${ex.deciding}: ${JSON.stringify(last)}`);
    const nextDisabled = await page.isDisabled('[data-testid="sat-step-next"]');
    assert(nextDisabled, `${ka}/${kb}: nothing after the verdict`);
    if (ka === 'polygon' && kb === 'box') await shot(page, 'sat-step-verdict');
    await page.click('[data-testid="sat-step-exit"]');
  }

  // The AABB pre-check rejecting a pair, and the axis cache hitting when a separated pair moves a little.
  await page.selectOption('[data-testid="kind-A"]', 'box');
  await page.selectOption('[data-testid="kind-B"]', 'box');
  const far = await page.evaluate(() => {
    window.__demo.scene.setPose('A', -6, 0, 0);
    window.__demo.scene.setPose('B', 6, 0, 0);
    return { ex: window.__demo.scene.explanation, text: document.querySelector('[data-testid="sat-aabb"]').textContent };
  });
  assert(!far.ex.aabbOverlap && /apart/.test(far.text), `far apart: the AABB pre-check should reject: ${JSON.stringify(far)}`);
  await page.click('[data-testid="sat-step-start"]');
  await shot(page, 'sat-aabb-reject');
  const reject = await step();
  assert(/do not even overlap/.test(reject.text), `step 0 should say the boxes reject the pair: ${reject.text}`);
  await page.click('[data-testid="sat-step-exit"]');
  const cached = await page.evaluate(() => {
    const s = window.__demo.scene;
    s.setPose('A', 0, 0, 0);
    s.setPose('B', 3.0, 2.4, Math.PI / 4);
    const first = s.explanation;
    s.setPose('B', 3.03, 2.41, Math.PI / 4);
    return { first, second: s.explanation, text: document.querySelector('[data-testid="sat-cache"]').textContent };
  });
  assert(cached.first.aabbOverlap && !cached.first.overlap, `the boxes' AABBs should overlap while the boxes do not: ${JSON.stringify(cached.first)}`);
  assert(!cached.first.cacheHit && cached.second.cacheHit && /hit/.test(cached.text), `the second pose should hit the axis cache: ${JSON.stringify(cached)}`);
  await shot(page, 'sat-cache-hit');
  expectNoErrors(errors, 'sat step-through');
});

test('game: a scripted run collects a coin, bumps into a wall, shoots one; the touch pad moves the player', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'game');
  const g = () => page.evaluate(() => {
    const s = window.__demo.scene;
    return { player: s.player, collected: s.collected, wallBumps: s.wallBumps, shotsOnWalls: s.shotsOnWalls, coins: s.coinPositions().length };
  });
  const start = await g();
  // The on-screen pad sits below the arena, covering none of it.
  const layout = await page.evaluate(() => {
    const bottom = window.__demo.scene.clientOf(0, -10.25).y;
    return { bottom, tops: [...document.querySelectorAll('.gamepad button')].map((b) => b.getBoundingClientRect().top) };
  });
  assert(layout.tops.every((t) => t >= layout.bottom - 1), `the pad should be below the arena (bottom ${layout.bottom}): ${layout.tops}`);
  // The spawn point has a coin to its right and then a wall (its left face at x = -4.25).
  await page.keyboard.down('ArrowRight');
  await page.waitForFunction(() => window.__demo.scene.wallBumps > 0, null, { timeout: 15000 });
  await page.waitForTimeout(300);
  await page.keyboard.up('ArrowRight');
  const after = await g();
  assert(after.collected === start.collected + 1 && after.coins === start.coins - 1, `walking right should collect the coin: ${JSON.stringify(after)}`);
  assert(after.player.x < -4.25 - after.player.radius + 0.05 && after.player.x > -4.25 - after.player.radius - 0.3, `push-apart should hold the player at the wall: x = ${after.player.x}`);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__demo.scene.shotsOnWalls > 0, null, { timeout: 5000 });
  const hitAt = await page.evaluate(() => window.__demo.scene.lastWallHit);
  assert(hitAt && Math.abs(hitAt.x + 4.25) < 0.3, `the shot should stop at the wall in front of the player (x = -4.25): ${JSON.stringify(hitAt)}`);
  // Step back and shoot again: now the bullet flies (CCD) and the same wall stops it.
  await page.keyboard.down('ArrowLeft');
  await page.waitForTimeout(400);
  await page.keyboard.up('ArrowLeft');
  const shots = await page.evaluate(() => window.__demo.scene.shotsOnWalls);
  // Aim with the mouse at a point right of the player: a click fires there.
  const aim = await page.evaluate(() => {
    const p = window.__demo.scene.player;
    return window.__demo.scene.clientOf(p.x + 3, p.y);
  });
  await page.mouse.click(aim.x, aim.y);
  await page.waitForFunction((n) => window.__demo.scene.shotsOnWalls > n, shots, { timeout: 5000 });
  const flewTo = await page.evaluate(() => window.__demo.scene.lastWallHit);
  assert(flewTo.x < -3.75 && flewTo.x > -5, `a bullet must not pass the wall at x = -4: stopped at ${JSON.stringify(flewTo)}`);
  const log = await page.textContent('[data-testid="game-log"]');
  assert(/coin .*depth/.test(log) && /wall/.test(log) && /begin · \d+ stay/.test(log), `the event log should list the coin and the wall with depths: ${log}`);
  await shot(page, 'game');

  // Touch: hold the pad's "up" button with a finger.
  const up = await page.locator('.gamepad .pad-up').boundingBox();
  const y0 = (await g()).player.y;
  const cdp = await page.context().newCDPSession(page);
  const at = [{ x: up.x + up.width / 2, y: up.y + up.height / 2, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at });
  await page.waitForTimeout(500);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const y1 = (await g()).player.y;
  assert(y1 > y0 + 1, `holding the touch pad's up button should move the player up: ${y0} -> ${y1}`);
  expectNoErrors(errors, 'game');
}, { touch: true });

const SCENE_FILES = {
  sat: 'web-demo/src/scenes/sat.ts',
  stress: 'web-demo/src/scenes/stress.ts',
  tunnel: 'web-demo/src/scenes/tunnel.ts',
  raycast: 'web-demo/src/scenes/raycast.ts',
  game: 'web-demo/src/scenes/game.ts',
  sat3d: 'web-demo/src/scenes/sat3d.ts',
  hull3d: 'web-demo/src/scenes/hull3d.ts',
  stress3d: 'web-demo/src/scenes/stress3d.ts',
};

test("code panel: every scene shows its own module's source, line for line, and the API sections it uses", async (ctx) => {
  for (const [scene, file] of Object.entries(SCENE_FILES)) {
    const { page, errors } = await openScene(ctx, scene);
    await page.click('[data-testid="code-tab"]');
    const shown = await page.evaluate(() => ({
      file: document.querySelector('[data-testid="code-file"]').textContent,
      lines: [...document.querySelectorAll('[data-testid="code-source"] .ln')].map((l) => l.textContent),
      docs: [...document.querySelectorAll('[data-testid="code-doc"]')].map((d) => d.textContent),
      visible: !document.querySelector('[data-testid="code"]').hidden,
    }));
    const onDisk = readFileSync(path.join(root, file), 'utf8').replace(/\n$/, '').split('\n');
    assert(shown.visible, `${scene}: the code panel should show after clicking Code`);
    assert(shown.file === file, `${scene}: code panel names ${shown.file}, expected ${file}`);
    assert(shown.lines.length === onDisk.length, `${scene}: code panel has ${shown.lines.length} lines, ${file} has ${onDisk.length}`);
    const differs = shown.lines.findIndex((l, i) => l.trimEnd() !== onDisk[i].trimEnd());
    assert(differs < 0, `${scene}: line ${differs + 1} differs from ${file}: '${shown.lines[differs]}' vs '${onDisk[differs]}'`);
    assert(shown.docs.length >= 1 && shown.docs.every((d) => d.length > 80 && !d.includes('(section not found)')), `${scene}: API doc sections missing: ${shown.docs.map((d) => d.slice(0, 60))}`);
    if (scene === 'stress') await shot(page, 'code-panel-stress');
    expectNoErrors(errors, `code panel ${scene}`);
    await page.close();
  }
});

test('time: pause stops every scene, one step is exactly one update, slow motion runs a quarter of the steps', async (ctx) => {
  for (const scene of Object.keys(SCENE_FILES)) {
    const { page, errors } = await openScene(ctx, scene, { minFrames: 5 });
    await page.focus('body');
    await page.keyboard.press('p');
    const u0 = await page.evaluate(() => ({ u: window.__demo.updates, f: window.__demo.frames, paused: window.__demo.paused }));
    await page.waitForTimeout(300);
    // A scene drawn by a software rasterizer (the 3D stress scene on SwiftShader or llvmpipe) may take longer for 4 frames.
    await page.waitForFunction((f) => window.__demo.frames > f + 3, u0.f, { timeout: 20000 }).catch(() => {});
    const u1 = await page.evaluate(() => ({ u: window.__demo.updates, f: window.__demo.frames }));
    assert(u0.paused, `${scene}: P should pause`);
    assert(u1.u === u0.u && u1.f > u0.f + 3, `${scene}: paused, frames should be drawn (${u0.f} -> ${u1.f}) but no update run (${u0.u} -> ${u1.u})`);
    await page.keyboard.press('.');
    await page.waitForTimeout(200);
    const u2 = await page.evaluate(() => window.__demo.updates);
    assert(u2 === u1.u + 1, `${scene}: one step should run exactly one update (${u1.u} -> ${u2})`);
    await page.click('[data-testid="step"]');
    await page.waitForTimeout(200);
    const u3 = await page.evaluate(() => window.__demo.updates);
    assert(u3 === u2 + 1, `${scene}: the step button should run exactly one update (${u2} -> ${u3})`);
    expectNoErrors(errors, `time ${scene}`);
    await page.close();
  }

  // Stress: a step moves every body by its velocity times the step (bodies bouncing off a wall aside), and the
  // world's contacts follow the new positions.
  const { page, errors } = await openScene(ctx, 'stress', { minFrames: 5 });
  await page.keyboard.press('p');
  await page.waitForTimeout(100);
  const before = await page.evaluate(() => window.__demo.scene.snapshot(200));
  await page.keyboard.press('.');
  await page.waitForTimeout(150);
  const after = await page.evaluate(() => window.__demo.scene.snapshot(200));
  const moved = before.filter((b, i) => Math.abs(after[i].x - (b.x + b.vx / 60)) < 1e-3 && Math.abs(after[i].y - (b.y + b.vy / 60)) < 1e-3).length;
  assert(moved >= 190, `one step should move bodies by v / 60: ${moved} of 200 did`);
  // Slow motion: a quarter of the frames run an update.
  await page.keyboard.press('4');
  await page.keyboard.press('p');
  const s0 = await page.evaluate(() => ({ u: window.__demo.updates, f: window.__demo.frames, rate: window.__demo.rate }));
  await page.waitForTimeout(1500);
  const s1 = await page.evaluate(() => ({ u: window.__demo.updates, f: window.__demo.frames }));
  const ratio = (s1.u - s0.u) / (s1.f - s0.f);
  assert(s0.rate === 0.25 && Math.abs(ratio - 0.25) < 0.05, `at 1/4 speed a quarter of the frames should update: ${s1.u - s0.u} updates in ${s1.f - s0.f} frames`);
  await page.keyboard.press('1');
  expectNoErrors(errors, 'time stress');
});

test('overlay: the frame splits into the world stages, page JS and drawing, which add up to within 10% of it', async (ctx) => {
  // Asserted where the world does real work (stress); printed for the small scenes, whose frames of well under a
  // millisecond are dominated by the fixed cost of the calls themselves.
  for (const [scene, count, asserted] of [['stress', 5000, true], ['stress', 20000, true], ['tunnel', 0, false], ['raycast', 0, false]]) {
    const { page, errors } = await openScene(ctx, scene, { minFrames: 5 });
    if (count) {
      await page.evaluate((n) => {
        window.__demo.scene.setRenderer('off');
        window.__demo.scene.setCount(n);
      }, count);
    }
    await page.waitForFunction(() => window.__demo.updates >= 60, null, { timeout: 90000 });
    // The overlay's mean is over the last 30 updates. On a busy machine the page's thread can be switched out in
    // the middle of an update, which adds to the frame and to no part: up to three windows, the closest kept
    // (the parts are measured the same way in each; a part left out shows in every window).
    const measure = () => page.evaluate(() => window.__demo.meanFrame());
    const gap = (m) => Math.abs(m.frameMs - (m.sync + m.broad + m.pairs + m.narrow + m.push + m.page + m.draw)) / m.frameMs;
    let m = await measure();
    for (let w = 1; w < 3 && asserted && gap(m) > 0.1; w++) {
      const u0 = await page.evaluate(() => window.__demo.updates);
      await page.waitForFunction((u0) => window.__demo.updates >= u0 + 30, u0, { timeout: 90000 });
      const next = await measure();
      if (gap(next) < gap(m)) m = next;
    }
    const stages = m.sync + m.broad + m.pairs + m.narrow + m.push;
    const parts = stages + m.page + m.draw;
    console.log(`     ${scene}${count ? ` ${count}` : ''}: frame ${m.frameMs.toFixed(3)} ms = world ${stages.toFixed(3)} (sync ${m.sync.toFixed(3)}, broad ${m.broad.toFixed(3)}, pairs ${m.pairs.toFixed(3)}, narrow ${m.narrow.toFixed(3)}, push ${m.push.toFixed(3)}) + page ${m.page.toFixed(3)} + draw ${m.draw.toFixed(3)} + unaccounted ${m.unaccounted.toFixed(3)}`);
    assert(m.bodies > 0 && stages > 0, `${scene}: the world's stages should be timed: ${JSON.stringify(m)}`);
    assert(!asserted || Math.abs(m.frameMs - parts) <= 0.1 * m.frameMs, `${scene}: measured parts ${parts.toFixed(3)} ms should be within 10% of the frame ${m.frameMs.toFixed(3)} ms`);
    await shot(page, `overlay-${scene}${count ? `-${count}` : ''}`);
    expectNoErrors(errors, `overlay ${scene}`);
    await page.close();
  }
});

test('stress side by side: the same bodies through Matter.js, detect-collisions and box2d-wasm, timed next to world.update()', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  // Each library once on a scene of each kind of shape it gets (polygons, circles and capsules as outlines,
  // concave bodies as parts); --full-bench adds the large scene of the README's table and 30-step means.
  const scenes = fullBench ? [['mixed', 5000], ['boxes', 20000], ['concave', 5000]] : [['mixed', 5000], ['concave', 2000]];
  const steps = fullBench ? 30 : 10;
  for (const [preset, count] of scenes) {
    for (const peer of ['matter', 'check2d', 'box2d']) {
      await page.evaluate(({ preset, count, peer }) => {
        const s = window.__demo.scene;
        s.setRenderer('off');
        if (s.preset !== preset) s.setPreset(preset);
        if (s.bodies !== count) s.setCount(count);
        s.setPeer(peer);
      }, { preset, count, peer });
      await page.waitForFunction((steps) => (window.__demo.scene.peer?.steps ?? 0) >= steps, steps, { timeout: 90000 });
      const r = await page.evaluate(() => window.__demo.scene.peer);
      console.log(`     BENCH side by side, ${preset} ${count.toLocaleString('en-US')}, mean of ${r.steps} steps: sat-wasm update() ${r.oursMs.toFixed(2)} ms (${r.ourPairs} touching), ${r.label} ${r.theirsMs.toFixed(2)} ms (${r.theirPairs} touching)`);
      assert(r.theirsMs > 0 && r.oursMs > 0, `${peer}: both should be timed: ${JSON.stringify(r)}`);
      // The same scene: the pair counts agree up to the polygonal stand-ins for circles and capsules (and Box2D's
      // skin of 0.01 around polygons, which counts near misses as touching).
      assert(Math.abs(r.theirPairs - r.ourPairs) <= 0.2 * r.ourPairs, `${peer}: touching pairs ${r.theirPairs} vs ours ${r.ourPairs}`);
    }
  }
  await page.evaluate(() => window.__demo.scene.setRenderer('webgl'));
  await page.waitForTimeout(300);
  await shot(page, 'stress-side-by-side');
  await page.evaluate(() => window.__demo.scene.setPeer(null));
  expectNoErrors(errors, 'side by side');
});

test('stress: WebGL draws the bodies where Canvas 2D (the reference) does, for every preset', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  const webgl = await page.evaluate(() => !document.querySelector('[data-testid="stress-renderer"] option[value="webgl"]').disabled);
  assert(webgl, 'this Chromium should offer WebGL2 to the stress scene');
  await page.evaluate(() => window.__demo.scene.setCount(1000));
  await page.keyboard.press('p');
  for (const preset of ['mixed', 'boxes', 'big', 'concave']) {
    await page.evaluate((p) => window.__demo.scene.setPreset(p), preset);
    // One update after the rebuild, so that the touching flags are set; then the same pose in both renderers.
    await page.keyboard.press('.');
    const ink = {};
    for (const r of ['canvas', 'webgl']) {
      await page.evaluate((r) => window.__demo.scene.setRenderer(r), r);
      // Two frames on screen (WebGL draws in a worker: count its frames).
      const f0 = await page.evaluate(() => ({ page: window.__demo.frames, gl: window.__demo.scene.glFrames }));
      await page.waitForFunction((f0) => window.__demo.frames >= f0.page + 2 && window.__demo.scene.glFrames >= f0.gl + (window.__demo.scene.renderer === 'webgl' ? 2 : 0), f0);
      ink[r] = await inkMask(page);
      if (preset === 'mixed') await shot(page, `stress-${r}-1000`);
    }
    // Per pixel: body (either colour) or background. Edges may differ by a pixel (coverage rules, the mask's
    // resolution); anything else (a body drawn elsewhere, turned, another shape or colour) shows as a mismatch.
    let both = 0;
    let either = 0;
    let sameColour = 0;
    for (let i = 0; i < ink.canvas.length; i++) {
      const a = ink.canvas.charCodeAt(i) - 48;
      const b = ink.webgl.charCodeAt(i) - 48;
      if (a || b) either++;
      if (a && b) {
        both++;
        if (a === b) sameColour++;
      }
    }
    const agree = both / Math.max(1, either);
    console.log(`     ${preset}: WebGL and Canvas 2D agree on ${(agree * 100).toFixed(1)}% of body pixels (${either} in either), colour on ${((sameColour / Math.max(1, both)) * 100).toFixed(1)}%`);
    assert(either > 5000, `${preset}: too few body pixels to compare: ${either}`);
    assert(agree > 0.85, `${preset}: WebGL and Canvas 2D should cover the same pixels: ${(agree * 100).toFixed(1)}% agree`);
    assert(sameColour / both > 0.97, `${preset}: WebGL and Canvas 2D should colour the same bodies red: ${((sameColour / both) * 100).toFixed(1)}%`);
  }
  expectNoErrors(errors, 'stress WebGL vs Canvas 2D');
});

/**
 * Body pixels of the stage (the WebGL layer, the 2D canvas and the overlay as a person sees them) in the middle of
 * the arena, away from the labels and the overlay: a string with one character a pixel, '0' background or arena,
 * '1' a resting body (blue), '2' a touching one (red).
 */
async function inkMask(page) {
  const png = await page.locator('.stage').screenshot({ type: 'png' });
  return page.evaluate(async (b64) => {
    const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
    const bmp = await createImageBitmap(blob);
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const g = c.getContext('2d');
    g.drawImage(bmp, 0, 0);
    const d = g.getImageData(0, 0, bmp.width, bmp.height).data;
    const x0 = Math.floor(bmp.width * 0.05), x1 = Math.floor(bmp.width * 0.6), y0 = Math.floor(bmp.height * 0.15), y1 = Math.floor(bmp.height * 0.9);
    const out = new Uint8Array((x1 - x0) * (y1 - y0));
    let k = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = 4 * (y * bmp.width + x);
        const r = d[i], b = d[i + 2];
        out[k++] = b - r > 40 ? 49 : r - b > 40 ? 50 : 48;
      }
    }
    return new TextDecoder().decode(out);
  }, png.toString('base64'));
}

/** CPU time (ms) used so far by this run's Chromium processes, by process type; null where /proc is not there. */
function chromiumCpu() {
  if (!existsSync('/proc/self/stat')) return null;
  const procs = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid: Number(d), ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch {
      /* gone */
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) if (!ours.has(p.pid) && ours.has(p.ppid)) grew = ours.add(p.pid);
  }
  const out = { gpu: 0, renderer: 0, browser: 0 };
  for (const p of procs) {
    if (p.pid === process.pid || !ours.has(p.pid) || !p.cmd.includes('chromium')) continue;
    if (p.cmd.includes('--type=gpu-process')) out.gpu += p.ms;
    else if (p.cmd.includes('--type=renderer')) out.renderer += p.ms;
    else out.browser += p.ms;
  }
  return out;
}

test('stress benchmark: frames per second at 20,000 and 50,000 bodies, WebGL drawing on (printed, not asserted)', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress');
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  // On a software rasterizer the scene times WebGL against the CPU sprites after a rebuild and keeps the faster.
  await page.evaluate(() => window.__demo.scene.setCount(20000));
  await page.waitForFunction(() => !window.__demo.scene.choosing, null, { timeout: 60000 });
  const gl = await page.evaluate(() => ({ renderer: window.__demo.scene.renderer, gl: window.__demo.scene.glRenderer, trial: window.__demo.scene.trial }));
  const timed = gl.trial ? ` after timing 20,000 bodies: WebGL ${gl.trial.webglMs.toFixed(1)} ms a frame, CPU sprites ${gl.trial.spritesMs.toFixed(1)} ms` : '';
  console.log(`     WebGL here: ${gl.gl}; the scene chose ${gl.renderer}${timed}`);
  // WebGL at both sizes is the figure; drawing off is the world's own cost in the same run, CPU sprites the
  // other drawing a software rasterizer may prefer.
  for (const [n, r] of [[20000, 'webgl'], [20000, 'off'], [20000, 'sprites'], [50000, 'webgl'], [50000, 'off'], [50000, 'sprites']]) {
    await page.evaluate(({ n, r }) => {
      window.__demo.scene.setRenderer(r);
      if (window.__demo.scene.bodies !== n) window.__demo.scene.setCount(n);
    }, { n, r });
    // Settle (the first steps after a rebuild insert every body), then count frames.
    await page.waitForTimeout(700);
    const c0 = chromiumCpu();
    // Frames on screen: with WebGL, the frames its worker drew (the page's thread may run more).
    const f0 = await page.evaluate(() => ({ f: window.__demo.frames, g: window.__demo.scene.glFrames, t: performance.now() }));
    await page.waitForTimeout(1500);
    const m = await page.evaluate(({ f0, r }) => {
      const s = (performance.now() - f0.t) / 1000;
      const frames = r === 'webgl' ? window.__demo.scene.glFrames - f0.g : window.__demo.frames - f0.f;
      return { frames, fps: frames / s, pageFps: (window.__demo.frames - f0.f) / s, frame: window.__demo.meanFrame() };
    }, { f0, r });
    const c1 = chromiumCpu();
    const world = m.frame.sync + m.frame.broad + m.frame.pairs + m.frame.narrow + m.frame.push;
    const cpu = c0 && c1 && m.frames ? `; CPU a frame: page ${((c1.renderer - c0.renderer) / m.frames).toFixed(1)} ms, GPU process ${((c1.gpu - c0.gpu) / m.frames).toFixed(1)} ms` : '';
    const drawing = r === 'webgl' ? 'WebGL' : r === 'off' ? 'drawing off' : 'CPU sprites';
    const pageFps = r === 'webgl' ? `, page ${m.pageFps.toFixed(1)} fps` : '';
    console.log(`     BENCH stress ${n.toLocaleString('en-US')} bodies, ${drawing}: ${m.fps.toFixed(1)} fps${pageFps} (world ${world.toFixed(2)} ms, page JS ${m.frame.page.toFixed(2)} ms, draw call ${m.frame.draw.toFixed(2)} ms${cpu}; load ${load})`);
    if (r === 'webgl') await shot(page, `stress-webgl-${n}`);
  }
  expectNoErrors(errors, 'stress benchmark');
});

// ---------------------------------------------------------------------------------------------------------------
// The 3D scenes (three.js on a software rasterizer here: slow frames, so the waits are generous and fps is printed only).

/** Rotates a point by a unit quaternion. */
function rotate(q, v) {
  const [x, y, z] = v;
  const tx = 2 * (q.y * z - q.z * y), ty = 2 * (q.z * x - q.x * z), tz = 2 * (q.x * y - q.y * x);
  return [x + q.w * tx + (q.y * tz - q.z * ty), y + q.w * ty + (q.z * tx - q.x * tz), z + q.w * tz + (q.x * ty - q.y * tx)];
}
/** A hull's world vertices from its local ones (flat) and a pose. */
function worldVertices(local, pose) {
  const out = [];
  for (let i = 0; i < local.length; i += 3) {
    const r = rotate(pose.rotation, [local[i], local[i + 1], local[i + 2]]);
    out.push([r[0] + pose.x, r[1] + pose.y, r[2] + pose.z]);
  }
  return out;
}
const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Checks what the 3D SAT scene shows against the hulls themselves: the intervals are the vertices' projections
 * on the axis, the separation is minB - maxA, an edge pair's axis is perpendicular to both edges. */
async function checkSat3d(page, what) {
  const s = await page.evaluate(() => {
    const h = window.__demo.scene;
    return { r: h.result, A: { v: h.vertices('A'), pose: h.pose('A') }, B: { v: h.vertices('B'), pose: h.pose('B') }, readout: h.readout };
  });
  const { r } = s;
  assert(r && r.kind !== 'none', `${what}: no deciding axis: ${JSON.stringify(r)}`);
  const axis = [r.axis.x, r.axis.y, r.axis.z];
  const wa = worldVertices(s.A.v, s.A.pose), wb = worldVertices(s.B.v, s.B.pose);
  const pa = wa.map((v) => dot3(v, axis)), pb = wb.map((v) => dot3(v, axis));
  const tol = 2e-4 * 4;
  for (const [name, got, want] of [['minA', r.minA, Math.min(...pa)], ['maxA', r.maxA, Math.max(...pa)], ['minB', r.minB, Math.min(...pb)], ['maxB', r.maxB, Math.max(...pb)]]) {
    assert(Math.abs(got - want) < tol, `${what}: ${name} ${got} but the vertices project to ${want}`);
  }
  assert(Math.abs(r.separation - (r.minB - r.maxA)) < tol, `${what}: separation ${r.separation} vs minB - maxA ${r.minB - r.maxA}`);
  if (Math.abs(r.separation) > 1e-3) assert((r.manifold !== null) === (r.separation < 0), `${what}: verdict and separation disagree: ${JSON.stringify(r)}`);
  if (r.kind === 'edgePair') {
    const ea = [wa[r.edgeA[1]][0] - wa[r.edgeA[0]][0], wa[r.edgeA[1]][1] - wa[r.edgeA[0]][1], wa[r.edgeA[1]][2] - wa[r.edgeA[0]][2]];
    const eb = [wb[r.edgeB[1]][0] - wb[r.edgeB[0]][0], wb[r.edgeB[1]][1] - wb[r.edgeB[0]][1], wb[r.edgeB[1]][2] - wb[r.edgeB[0]][2]];
    const na = Math.hypot(...ea), nb = Math.hypot(...eb);
    assert(Math.abs(dot3(ea, axis)) < 1e-3 * na && Math.abs(dot3(eb, axis)) < 1e-3 * nb, `${what}: edge × edge axis is not perpendicular to both edges`);
  }
  // The panel shows these numbers (3 decimals), not others.
  const fmt3 = (v) => (Math.abs(v) < 5e-4 ? 0 : v).toFixed(3);
  assert(s.readout.includes(`[${fmt3(r.minA)}, ${fmt3(r.maxA)}]`) && s.readout.includes(`[${fmt3(r.minB)}, ${fmt3(r.maxB)}]`), `${what}: the panel should show the module's intervals: ${s.readout}`);
  return r;
}

for (const scene of ['sat3d', 'hull3d', 'stress3d']) {
  test(`3D scene ${scene}: loads three.js and the 3D module lazily, draws with WebGL, no console errors`, async (ctx) => {
    const { page, errors } = await openScene(ctx, scene, { minFrames: 5 });
    await page.waitForTimeout(500);
    const r = await expectDrawn(page, scene, 0.05);
    const gl = await page.evaluate(() => {
      const c = document.querySelector('canvas#gl3');
      return { present: !!c && !c.hidden, status: document.querySelector('[data-testid="status"]').textContent, fps: window.__demo.fps };
    });
    assert(gl.present, `${scene}: the three.js canvas should be shown`);
    assert(/sat-wasm\/3d simd/.test(gl.status), `${scene}: status should name the 3D module: ${gl.status}`);
    console.log(`     ${scene}: ${(r.ink * 100).toFixed(0)}% ink, ${r.colours} colours, ${gl.fps.toFixed(1)} fps (software WebGL)`);
    await shot(page, `scene-${scene}`);
    // Back to a 2D scene: the WebGL canvas goes away.
    await page.evaluate(() => (location.hash = '#sat'));
    await page.waitForFunction(() => window.__demo.sceneId === 'sat' && window.__demo.scene !== null);
    const hidden = await page.evaluate(() => document.querySelector('canvas#gl3').hidden);
    assert(hidden, `${scene}: leaving for a 2D scene should hide the three.js canvas`);
    expectNoErrors(errors, scene);
  });
}

test('3D SAT: dragging and turning B change the deciding-axis readout; intervals, separation and edges match the hulls', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'sat3d', { minFrames: 3 });
  const r0 = await checkSat3d(page, 'start');
  const readout0 = await page.textContent('[data-testid="sat3-axis-kind"]') + (await page.textContent('[data-testid="sat3-axis"]'));
  // Drag B down and to the left, onto A.
  const b = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  const a = await page.evaluate(() => window.__demo.scene.clientPosition('A'));
  const pose0 = await page.evaluate(() => window.__demo.scene.pose('B'));
  await mouseDrag(page, b, { x: (a.x + b.x) / 2 + 10, y: b.y + 40 }, 16);
  await page.waitForTimeout(200);
  const pose1 = await page.evaluate(() => window.__demo.scene.pose('B'));
  assert(Math.hypot(pose1.x - pose0.x, pose1.y - pose0.y, pose1.z - pose0.z) > 0.3, `dragging B should move it: ${JSON.stringify(pose0)} -> ${JSON.stringify(pose1)}`);
  const r1 = await checkSat3d(page, 'after the drag');
  const readout1 = await page.textContent('[data-testid="sat3-axis-kind"]') + (await page.textContent('[data-testid="sat3-axis"]'));
  assert(readout1 !== readout0, `the deciding-axis readout should change with the drag: '${readout0}' stayed`);
  assert(r1.minB !== r0.minB, 'B\'s interval should change with the drag');
  // Turn B: drag it in turn mode (the touch-friendly switch), then with Q.
  await page.click('[data-testid="sat3-turn-mode"]');
  const b1 = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
  const q0 = (await page.evaluate(() => window.__demo.scene.pose('B'))).rotation;
  await mouseDrag(page, b1, { x: b1.x + 60, y: b1.y + 25 }, 12);
  const q1 = (await page.evaluate(() => window.__demo.scene.pose('B'))).rotation;
  assert(Math.abs(q0.x - q1.x) + Math.abs(q0.y - q1.y) + Math.abs(q0.z - q1.z) > 0.05, 'dragging in turn mode should turn B');
  await checkSat3d(page, 'after turning');
  const readout2 = await page.textContent('[data-testid="sat3-readout"]');
  await page.focus('canvas#view');
  for (let i = 0; i < 5; i++) await page.keyboard.press('q');
  await page.waitForTimeout(150);
  const readout3 = await page.textContent('[data-testid="sat3-readout"]');
  assert(readout3 !== readout2, 'Q should turn B and change the readout');
  await checkSat3d(page, 'after Q');
  // Sweep B's orientation near A: all three kinds of axis decide somewhere, each checked against the hulls.
  await page.evaluate(() => window.__demo.scene.setKind('A', 'box'));
  const kinds = {};
  let edgeNamed = false;
  /** for the picture: the edge-pair pose of least depth whose axis lies most across the view */
  let best = null;
  for (let k = 0; k < 60; k++) {
    await page.evaluate((k) => {
      const t = k * 0.61803;
      const ax = [Math.sin(3 * t), Math.cos(5 * t), Math.sin(7 * t + 1)];
      const l = Math.hypot(...ax), ang = 0.4 + 2.5 * ((k * 0.37) % 1), s = Math.sin(ang / 2);
      const dir = [Math.cos(t * 2.3), 0.6 * Math.sin(t * 1.7), Math.sin(t * 2.3)];
      const d = 1.55 + 0.5 * ((k * 0.23) % 1);
      window.__demo.scene.setPose('B', { x: dir[0] * d, y: dir[1] * d, z: dir[2] * d, rotation: { x: (s * ax[0]) / l, y: (s * ax[1]) / l, z: (s * ax[2]) / l, w: Math.cos(ang / 2) } });
    }, k);
    await page.waitForFunction(() => window.__demo.frames > 0 && window.__demo.scene.result !== null);
    await page.waitForTimeout(40);
    const r = await checkSat3d(page, `sweep ${k}`);
    kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
    if (r.kind === 'edgePair') {
      if (!edgeNamed) {
        const text = await page.textContent('[data-testid="sat3-axis-kind"]');
        assert(/edge × edge: A v\d+–v\d+, B v\d+–v\d+/.test(text), `an edge pair should be named with its edges: '${text}'`);
        edgeNamed = true;
      }
      const f = await page.evaluate(() => window.__demo.scene.viewDirection());
      const along = Math.abs(r.axis.x * f.x + r.axis.y * f.y + r.axis.z * f.z);
      const score = along + r.manifold?.depth;
      if (r.manifold && (!best || score < best.score)) best = { score, pose: await page.evaluate(() => window.__demo.scene.pose('B')) };
    }
  }
  if (best) {
    await page.evaluate((pose) => window.__demo.scene.setPose('B', pose), best.pose);
    await page.waitForTimeout(300);
    await checkSat3d(page, 'edge pair picture');
    await shot(page, 'sat3d-edge-pair');
  }
  console.log(`     deciding axes over 60 poses: ${JSON.stringify(kinds)}`);
  assert(kinds.faceA > 0 && kinds.faceB > 0 && kinds.edgePair > 0, `every kind of axis should decide in the sweep: ${JSON.stringify(kinds)}`);
  expectNoErrors(errors, 'sat3d');
});

test('3D hull: a click adds a point and the hull is rebuilt; vertex and face counts agree with quickhull3d', async (ctx) => {
  const quickhull = (await import('../../node_modules/quickhull3d/dist/quickhull3d.js')).default;
  const { page, errors } = await openScene(ctx, 'hull3d', { minFrames: 3 });
  await page.keyboard.press('p'); // hold the slow turn of the camera, so the click lands where aimed
  const read = () => page.evaluate(() => {
    const h = window.__demo.scene;
    const cell = (id) => document.querySelector(`[data-testid="${id}"]`).textContent;
    return { points: h.points, vertices: h.vertices, faces: h.faces, mesh: h.mesh, status: h.status, panel: { points: cell('hull3-points'), vertices: cell('hull3-vertices'), faces: cell('hull3-faces') } };
  });
  /** Our counts against quickhull3d's on the same points (as float32, what the module received). */
  const agree = (s, what) => {
    const pts = [];
    for (let i = 0; i < s.points.length; i += 3) pts.push([Math.fround(s.points[i]), Math.fround(s.points[i + 1]), Math.fround(s.points[i + 2])]);
    const tris = quickhull(pts);
    const used = new Set(tris.flat());
    const ourTris = s.mesh.faces.reduce((n, f) => n + f.length - 2, 0);
    assert(s.status === 'Ok', `${what}: status ${s.status}`);
    assert(used.size === s.vertices, `${what}: ${s.vertices} hull vertices, quickhull3d keeps ${used.size}`);
    assert(ourTris === tris.length, `${what}: our faces triangulate into ${ourTris} triangles, quickhull3d has ${tris.length}`);
    assert(s.panel.vertices === String(s.vertices) && s.panel.faces === String(s.faces) && s.panel.points === String(s.points.length / 3), `${what}: the panel should show the counts: ${JSON.stringify(s.panel)}`);
  };
  const s0 = await read();
  agree(s0, 'start');
  // Click well outside the hull (its points lie within 1.6 of the centre): the new point must become a vertex.
  const box = await page.locator('canvas#view').boundingBox();
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.22);
  await page.waitForTimeout(200);
  const s1 = await read();
  assert(s1.points.length === s0.points.length + 3, `a click should add one point: ${s0.points.length / 3} -> ${s1.points.length / 3}`);
  assert(s1.vertices !== s0.vertices || s1.faces !== s0.faces, `the hull should change: ${s0.vertices}/${s0.faces} -> ${s1.vertices}/${s1.faces}`);
  const last = s1.points.slice(-3);
  const kept = [];
  for (let i = 0; i < s1.mesh.vertices.length; i += 3) kept.push(s1.mesh.vertices.slice(i, i + 3));
  assert(kept.some((v) => Math.hypot(v[0] - last[0], v[1] - last[1], v[2] - last[2]) < 1e-5), 'the clicked point, far outside, should be a hull vertex');
  agree(s1, 'after the click');
  await shot(page, 'hull3d-added');
  // A drag orbits and adds nothing; 20 random points and undo keep agreeing.
  await mouseDrag(page, { x: box.x + box.width * 0.3, y: box.y + box.height * 0.5 }, { x: box.x + box.width * 0.5, y: box.y + box.height * 0.55 });
  assert((await read()).points.length === s1.points.length, 'a drag should orbit, not add a point');
  await page.click('text=+20 random');
  agree(await read(), 'after +20 random');
  await page.click('[data-testid="hull3-undo"]');
  agree(await read(), 'after undo');
  // A flat set gets its named status.
  await page.click('text=a flat square (Coplanar)');
  const flat = await read();
  assert(flat.status === 'Coplanar' && flat.vertices === 0, `a flat square should be refused as Coplanar: ${flat.status}`);
  expectNoErrors(errors, 'hull3d');
});

test('3D stress: the step is split into World3 stages; the cannon-es switch runs the same scene and shows its step time', async (ctx) => {
  const { page, errors } = await openScene(ctx, 'stress3d', { minFrames: 3 });
  await page.waitForFunction(() => window.__demo.scene.stages.steps >= 20, null, { timeout: 90000 });
  const ours = await page.evaluate(() => ({ st: window.__demo.scene.stages, ms: window.__demo.scene.satMs, n: window.__demo.scene.bodies, fps: window.__demo.fps, mean: window.__demo.meanFrame() }));
  console.log(`     BENCH 3D stress ${ours.n} hulls, sat-wasm World3: step ${ours.ms.toFixed(2)} ms (sync ${ours.st.sync.toFixed(2)}, broad ${ours.st.broad.toFixed(2)}, narrow + events ${ours.st.narrow.toFixed(2)}, page JS ${ours.st.page.toFixed(2)}), frame ${ours.mean.frameMs.toFixed(1)} ms, ${ours.fps.toFixed(1)} fps (software WebGL)`);
  assert(ours.st.sync > 0 && ours.st.broad > 0 && ours.st.narrow > 0, `World3's stages should be timed: ${JSON.stringify(ours.st)}`);
  assert(ours.mean.broad > 0 && ours.mean.narrow > 0 && ours.mean.touchingPairs > 0, `the overlay should get the stages: ${JSON.stringify(ours.mean)}`);
  const stageText = await page.textContent('[data-testid="stress3-stages"]');
  assert(/broad phase\s*\d+\.\d\d ms/.test(stageText) && /narrow \+ events\s*\d+\.\d\d ms/.test(stageText), `the panel should list the stage times: ${stageText}`);
  await shot(page, 'stress3d-sat-wasm');
  // The switch, as a person uses it.
  await page.selectOption('[data-testid="stress3-collider"]', 'cannon-es');
  await page.waitForFunction(() => window.__demo.scene.cannonSteps >= 15, null, { timeout: 120000 });
  await page.waitForTimeout(600);
  const theirs = await page.evaluate(() => ({ ms: window.__demo.scene.cannonMs, st: window.__demo.scene.stages, pairs: window.__demo.scene.touchingPairs, fps: window.__demo.fps }));
  const cannonText = await page.textContent('[data-testid="stress3-cannon-ms"]');
  console.log(`     BENCH 3D stress ${ours.n} hulls, cannon-es collision only: step ${theirs.ms.toFixed(2)} ms (upload ${theirs.st.sync.toFixed(2)}, SAP ${theirs.st.broad.toFixed(2)}, narrowphase ${theirs.st.narrow.toFixed(2)}), ${(theirs.ms / ours.ms).toFixed(1)}x sat-wasm's, ${theirs.fps.toFixed(1)} fps`);
  assert(theirs.ms > 0 && /\d+\.\d\d ms · \d+ touching/.test(cannonText), `the panel should show cannon-es's step time: '${cannonText}'`);
  assert(theirs.st.broad > 0 && theirs.st.narrow > 0, `cannon-es's stages should be timed: ${JSON.stringify(theirs.st)}`);
  await shot(page, 'stress3d-cannon');
  // Same bodies, same poses: the two libraries find the same touching pairs (up to how each treats grazing contact).
  await page.keyboard.press('p');
  const cmp = await page.evaluate(() => window.__demo.scene.compareNow());
  console.log(`     touching pairs on one pose: sat-wasm ${cmp.ours}, cannon-es ${cmp.theirs}; only ours ${cmp.onlyOurs}, only theirs ${cmp.onlyTheirs}`);
  assert(cmp.ours > 20, `the scene should have touching pairs: ${JSON.stringify(cmp)}`);
  assert(cmp.onlyOurs + cmp.onlyTheirs <= Math.max(2, 0.03 * cmp.ours), `the pair sets should agree: ${JSON.stringify(cmp)}`);
  expectNoErrors(errors, 'stress3d');
});

test(
  '3D on a phone: the panel sits under the canvas, a touch drag moves a hull, a tap adds a hull point',
  async (ctx) => {
    const { page, errors } = await openScene(ctx, 'sat3d', { minFrames: 3 });
    await expectDrawn(page, 'phone sat3d', 0.05);
    const layout = await page.evaluate(() => {
      const c = document.querySelector('canvas#view').getBoundingClientRect();
      const p = document.querySelector('#panel').getBoundingClientRect();
      return { canvas: { w: c.width, h: c.height, bottom: c.bottom }, panelTop: p.top, docW: document.documentElement.scrollWidth, winW: innerWidth };
    });
    assert(layout.panelTop >= layout.canvas.bottom - 1 && layout.docW <= layout.winW + 1, `phone layout: ${JSON.stringify(layout)}`);
    const b = await page.evaluate(() => window.__demo.scene.clientPosition('B'));
    const before = await page.textContent('[data-testid="sat3-readout"]');
    const pose0 = await page.evaluate(() => window.__demo.scene.pose('B'));
    await touchDrag(page, b, { x: b.x - 50, y: b.y + 20 });
    const pose1 = await page.evaluate(() => window.__demo.scene.pose('B'));
    assert(Math.hypot(pose1.x - pose0.x, pose1.y - pose0.y, pose1.z - pose0.z) > 0.2, 'a touch drag should move B');
    assert((await page.textContent('[data-testid="sat3-readout"]')) !== before, 'the readout should follow the touch drag');
    await checkSat3d(page, 'phone');
    await shot(page, 'phone-sat3d');
    await page.close();
    const hull = await openScene(ctx, 'hull3d', { minFrames: 3 });
    const n0 = await hull.page.evaluate(() => window.__demo.scene.points.length);
    const box = await hull.page.locator('canvas#view').boundingBox();
    await hull.page.touchscreen.tap(box.x + box.width * 0.85, box.y + box.height * 0.2);
    await hull.page.waitForTimeout(200);
    const n1 = await hull.page.evaluate(() => window.__demo.scene.points.length);
    assert(n1 === n0 + 3, `a tap should add a point: ${n0 / 3} -> ${n1 / 3}`);
    expectNoErrors([...errors, ...hull.errors], 'phone 3D');
  },
  { viewport: { width: 390, height: 844 }, mobile: true },
);

test('production build (vite build + preview): every scene loads the bundled .wasm and draws', async (ctx) => {
  const { build, preview } = await import('vite');
  const outDir = path.join(root, 'test-results', 'e2e-prod-build');
  const configFile = path.join(root, 'web-demo', 'vite.config.ts');
  await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({ configFile, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  try {
    // The 2D page's first load must not carry three.js: the 3D scenes are a chunk of their own.
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const entry = html.match(/src="\/?(assets\/[^"]+\.js)"/)?.[1];
    assert(entry, 'production build: no entry script in index.html');
    // What the first load fetches: the entry and the chunks it imports statically (the modulepreload links).
    const initial = [entry, ...[...html.matchAll(/rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1])];
    const initialJs = initial.map((f) => readFileSync(path.join(outDir, f), 'utf8'));
    const chunks = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const threeChunk = chunks.find((f) => readFileSync(path.join(outDir, 'assets', f), 'utf8').includes('WebGLRenderer'));
    console.log(`     first load: ${initial.join(', ')}, ${(initialJs.reduce((n, t) => n + t.length, 0) / 1024).toFixed(1)} KB of JS; three.js in ${threeChunk}`);
    assert(initialJs.every((t) => !t.includes('WebGLRenderer') && !t.includes('ConvexPolyhedron')), 'production build: three.js or cannon-es is in what the 2D page loads first');
    assert(threeChunk && !initial.includes(`assets/${threeChunk}`), 'production build: three.js should be in a lazily loaded chunk');
    for (const scene of ['sat', 'stress', 'tunnel', 'raycast', 'game', 'sat3d', 'hull3d', 'stress3d']) {
      const { page, errors } = await openScene(ctx, scene, { minFrames: 5, url: `http://127.0.0.1:${port}` });
      await expectDrawn(page, `production ${scene}`);
      const variant = await page.evaluate(() => window.__demo.variant);
      assert(variant === 'simd', `production ${scene}: expected the SIMD build in Chromium, got ${variant}`);
      if (scene === 'stress') {
        // The threaded build from the bundle: its worker script and glue, renamed by the build, still find each other.
        await page.click('[data-testid="stress-threads"]');
        await page.waitForFunction(() => window.__demo.scene.threads.on || /failed/.test(window.__demo.scene.threads.status), null, { timeout: 20000 });
        const t = await page.evaluate(() => ({ ...window.__demo.scene.threads, steps: window.__demo.scene.runSteps(2) }));
        assert(t.on && t.build === 'sat-simd-mt' && t.steps[1].count > 0, `production stress: threads on should run sat-simd-mt: ${JSON.stringify(t)}`);
      }
      expectNoErrors(errors, `production ${scene}`);
      await page.close();
    }
  } finally {
    await server.close();
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Runner.

let baseUrl = '';

async function main() {
  // Screenshots of an earlier run would mislead: a full run starts from an empty folder, a filtered run drops
  // only the old failure shots.
  if (filters.length === 0) rmSync(artifacts, { recursive: true, force: true });
  else if (existsSync(artifacts)) for (const f of readdirSync(artifacts)) if (f.startsWith('FAILED-')) rmSync(path.join(artifacts, f));
  mkdirSync(artifacts, { recursive: true });
  if (!existsSync(path.join(root, 'dist', 'index.js'))) {
    throw new Error('dist/index.js is missing: build the package first (node scripts/build-wasm.mjs)');
  }
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (apt-get install chromium)`);
  const { chromium } = await import('playwright-core');
  const { createServer } = await import('vite');

  const port = await freePort();
  const server = await createServer({
    configFile: path.join(root, 'web-demo', 'vite.config.ts'),
    logLevel: 'warn',
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false },
  });
  await server.listen();
  baseUrl = `http://127.0.0.1:${port}`;
  console.log(`e2e: demo served at ${baseUrl}`);

  // chromium.launch() runs each browser with a fresh temporary profile (its own --user-data-dir), removed on close.
  const results = [];
  let browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    // Warm Vite's transform cache once, so the first test does not pay for it.
    {
      const ctx = await browser.newContext();
      const { page } = await openScene(ctx, 'sat');
      await page.close();
      await ctx.close();
    }
    for (const t of tests) {
      if (filters.length && !filters.some((f) => t.name.includes(f))) continue;
      const started = Date.now();
      const ctx = await browser.newContext({
        viewport: t.viewport,
        deviceScaleFactor: t.mobile ? 2 : 1,
        isMobile: t.mobile,
        hasTouch: t.mobile || t.touch,
      });
      ctx.setDefaultTimeout(20000);
      let error = null;
      try {
        await t.fn(ctx);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        try {
          const pages = ctx.pages();
          if (pages.length) await pages[pages.length - 1].screenshot({ path: path.join(artifacts, `FAILED-${t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.png`) });
        } catch {
          /* no screenshot */
        }
      }
      await ctx.close();
      const seconds = (Date.now() - started) / 1000;
      results.push({ name: t.name, status: error ? 'failed' : 'passed', seconds, error });
      console.log(`${error ? 'FAIL' : 'ok  '} ${t.name} (${seconds.toFixed(1)} s)${error ? `\n     ${error}` : ''}`);
    }
  } finally {
    if (browser) await browser.close();
    await server.close();
  }
  return results;
}

let results;
try {
  results = await main();
} catch (err) {
  console.error(`e2e: ${err.stack || err.message}`);
  results = [{ name: 'e2e setup', status: 'failed', seconds: 0, error: err.message }];
}
const summary = {
  passed: results.filter((r) => r.status === 'passed').length,
  failed: results.filter((r) => r.status === 'failed').length,
  artifacts: path.relative(root, artifacts),
  tests: results,
};
if (summary.passed + summary.failed === 0) {
  summary.failed = 1;
  summary.tests.push({ name: 'e2e selection', status: 'failed', seconds: 0, error: `no test matched ${filters.join(' ')}` });
}
if (reportFile) {
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, JSON.stringify(summary, null, 2));
}
console.log(`e2e: ${summary.passed} passed, ${summary.failed} failed; screenshots in ${summary.artifacts}/`);
console.log(`E2E-RESULT ${JSON.stringify({ passed: summary.passed, failed: summary.failed })}`);
process.exitCode = summary.failed ? 1 : 0;
