// Scene 4, "Raycast": rays fan out from the pointer (or a finger) and world.raycast() returns the closest hit of
// each: the point, the surface normal facing the ray, the body and which convex part of it was hit.
import type { SAT, Shape, Vec2, World, WorldRayHit } from 'sat-wasm';
import { View, arrow, fmt, label, type Scene } from '../view.js';
import { UpdatePerf } from '../perf.js';

interface Obstacle {
  id: number;
  x: number;
  y: number;
  angle: number;
  spin: number;
  color: string;
  /** drawing: convex outlines (local), or circle / capsule */
  polys: Vec2[][];
  round: { p: Vec2; q: Vec2; r: number } | null;
}

const PALETTE = ['#2f6fdf', '#e8772e', '#7b4fd6', '#1f9d55', '#c2410c', '#0e7490', '#be185d'];

export function createRaycastScene(sat: SAT, view: View, panel: HTMLElement): Scene {
  view.fit(-16, -10, 16, 10);
  const world: World = sat.createWorld({ broadPhase: 'tree' });
  const perf = new UpdatePerf();
  const obstacles: Obstacle[] = [];
  const shapes: Shape[] = [];
  let seed = 99;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  const colorOf = (k: number) => PALETTE[k % PALETTE.length];

  const place: [number, number][] = [
    [-10, 5], [-3, 6.5], [5, 6], [11, 4.5], [-11, -1], [-5, -5.5], [3, -6], [10, -4], [0.5, 0.5], [-6, 1.5], [7, 0.5],
  ];
  place.forEach(([x, y], k) => {
    const angle = rand() * Math.PI;
    const spin = (rand() - 0.5) * 0.6;
    const kind = k % 5;
    let shape: Shape | null = null;
    let ob: Obstacle;
    if (kind === 0) {
      const pts: Vec2[] = [];
      for (let i = 0; i < 9; i++) pts.push({ x: (rand() - 0.5) * 4, y: (rand() - 0.5) * 3.4 });
      shape = sat.hull(pts);
      ob = { id: 0, x, y, angle, spin, color: colorOf(k), polys: [shape.vertices], round: null };
    } else if (kind === 1) {
      shape = sat.box(3.2, 1.2);
      ob = { id: 0, x, y, angle, spin, color: colorOf(k), polys: [shape.vertices], round: null };
    } else if (kind === 2) {
      shape = sat.circle(1.3);
      ob = { id: 0, x, y, angle, spin, color: colorOf(k), polys: [], round: { p: { x: 0, y: 0 }, q: { x: 0, y: 0 }, r: 1.3 } };
    } else if (kind === 3) {
      shape = sat.capsule({ x: -1.5, y: 0 }, { x: 1.5, y: 0 }, 0.6);
      ob = { id: 0, x, y, angle, spin, color: colorOf(k), polys: [], round: { p: { x: -1.5, y: 0 }, q: { x: 1.5, y: 0 }, r: 0.6 } };
    } else {
      // A concave L, added as one body; the world splits it into convex parts.
      const outline = [{ x: -1.6, y: -1.6 }, { x: 1.6, y: -1.6 }, { x: 1.6, y: -0.6 }, { x: -0.6, y: -0.6 }, { x: -0.6, y: 1.6 }, { x: -1.6, y: 1.6 }];
      ob = { id: 0, x, y, angle, spin, color: colorOf(k), polys: [outline], round: null };
      ob.id = world.addConcave(outline, { type: 'kinematic', x, y, angle });
      obstacles.push(ob);
      return;
    }
    shapes.push(shape);
    ob.id = world.add({ shape, type: 'kinematic', x, y, angle });
    obstacles.push(ob);
  });
  world.update();

  let rayCount = 72;
  let animate = true;
  let origin: Vec2 = { x: -1.5, y: -2.2 };
  const reach = 40;
  let hits: (WorldRayHit | null)[] = [];
  let lastHitCount = 0;

  panel.innerHTML = `
    <h2>Raycast: rays from the pointer</h2>
    <p class="hint">Move the mouse (or drag a finger) over the scene. Each ray asks <code>world.raycast(x1, y1, x2, y2)</code> for its closest hit: the dot is the hit point, the short arrow the surface normal there (facing the ray).</p>
    <div class="controls">
      <label for="rays">rays</label><input id="rays" type="range" min="4" max="720" step="4" />
      <label>count</label><b id="raysLabel"></b>
      <div class="row"><button id="anim">rotate bodies: on</button></div>
    </div>
    <h2>Numbers</h2>
    <table class="kv">
      <tr><td>rays cast</td><td class="num" id="nRays" data-testid="ray-count"></td></tr>
      <tr><td>rays that hit</td><td class="num" id="nHits" data-testid="ray-hits"></td></tr>
      <tr><td>time for all rays</td><td class="num" id="rayMs"></td></tr>
      <tr><td>nearest hit</td><td class="num" id="nearest"></td></tr>
    </table>
    <h2>Legend</h2>
    <div class="legend">
      <div class="sw" style="border-top:2px solid rgba(232,119,46,.8);height:0"></div><span>ray up to its hit</span>
      <div class="sw" style="border-top:1px solid rgba(95,107,125,.35);height:0"></div><span>ray that hits nothing</span>
      <div class="sw" style="background:#d62f2f;border-radius:50%;width:10px;height:10px"></div><span>hit point</span>
      <div class="sw" style="border-top:2px solid #111827;height:0"></div><span>surface normal at the hit</span>
    </div>
  `;
  const $ = <T extends HTMLElement>(id: string) => panel.querySelector<T>(`#${id}`)!;
  const raysIn = $<HTMLInputElement>('rays');
  raysIn.value = String(rayCount);
  const animBtn = $<HTMLButtonElement>('anim');
  const labels = () => {
    $('raysLabel').textContent = String(rayCount);
    animBtn.textContent = `rotate bodies: ${animate ? 'on' : 'off'}`;
    animBtn.classList.toggle('on', animate);
  };
  raysIn.addEventListener('input', () => {
    rayCount = Number(raysIn.value);
    labels();
  });
  animBtn.addEventListener('click', () => {
    animate = !animate;
    labels();
  });
  labels();

  const onMove = (e: PointerEvent) => {
    const p = view.eventPos(e);
    origin = view.toWorld(p.x, p.y);
  };
  view.canvas.addEventListener('pointermove', onMove);
  view.canvas.addEventListener('pointerdown', onMove);

  let rayMs = 0;
  let panelAt = 0;

  function castAll(): void {
    const t0 = performance.now();
    hits.length = rayCount;
    let n = 0;
    for (let i = 0; i < rayCount; i++) {
      const a = (i / rayCount) * Math.PI * 2;
      const h = world.raycast(origin.x, origin.y, origin.x + Math.cos(a) * reach, origin.y + Math.sin(a) * reach);
      hits[i] = h;
      if (h) n++;
    }
    rayMs = performance.now() - t0;
    lastHitCount = n;
  }

  function drawObstacle(ctx: CanvasRenderingContext2D, ob: Obstacle): void {
    const c = Math.cos(ob.angle);
    const s = Math.sin(ob.angle);
    const W = (v: Vec2) => ({ x: view.sx(ob.x + c * v.x - s * v.y), y: view.sy(ob.y + s * v.x + c * v.y) });
    ctx.beginPath();
    for (const poly of ob.polys) {
      poly.forEach((v, k) => {
        const p = W(v);
        if (k) ctx.lineTo(p.x, p.y);
        else ctx.moveTo(p.x, p.y);
      });
      ctx.closePath();
    }
    if (ob.round) {
      const p = W(ob.round.p);
      const q = W(ob.round.q);
      const r = ob.round.r * view.scale;
      const a = Math.atan2(q.y - p.y, q.x - p.x);
      ctx.moveTo(q.x + r * Math.cos(a - Math.PI / 2), q.y + r * Math.sin(a - Math.PI / 2));
      ctx.arc(q.x, q.y, r, a - Math.PI / 2, a + Math.PI / 2);
      ctx.arc(p.x, p.y, r, a + Math.PI / 2, a + (3 * Math.PI) / 2);
      ctx.closePath();
    }
    ctx.fillStyle = ob.color + '2a';
    ctx.fill();
    ctx.strokeStyle = ob.color;
    ctx.lineWidth = 2;
    ctx.stroke();
  }

  function draw(): void {
    const ctx = view.ctx;
    view.clear('#fbfbfd');
    for (const ob of obstacles) drawObstacle(ctx, ob);
    const o = view.toScreen(origin);
    // Rays.
    ctx.lineWidth = 1;
    for (let i = 0; i < rayCount; i++) {
      const h = hits[i];
      const a = (i / rayCount) * Math.PI * 2;
      ctx.strokeStyle = h ? 'rgba(232,119,46,0.8)' : 'rgba(95,107,125,0.3)';
      ctx.beginPath();
      ctx.moveTo(o.x, o.y);
      if (h) ctx.lineTo(view.sx(h.point.x), view.sy(h.point.y));
      else ctx.lineTo(view.sx(origin.x + Math.cos(a) * reach), view.sy(origin.y + Math.sin(a) * reach));
      ctx.stroke();
    }
    // Hits and normals.
    const showNormals = rayCount <= 240;
    for (let i = 0; i < rayCount; i++) {
      const h = hits[i];
      if (!h) continue;
      const p = view.toScreen(h.point);
      if (showNormals) {
        ctx.strokeStyle = '#111827';
        ctx.fillStyle = '#111827';
        ctx.lineWidth = 1.5;
        arrow(ctx, p.x, p.y, p.x + h.normal.x * 16, p.y - h.normal.y * 16, 5);
      }
      ctx.fillStyle = '#d62f2f';
      ctx.beginPath();
      ctx.arc(p.x, p.y, 2.8, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = '#1d2330';
    ctx.beginPath();
    ctx.arc(o.x, o.y, 5, 0, Math.PI * 2);
    ctx.fill();
    label(ctx, 'ray origin (follows the pointer)', o.x + 9, o.y - 10, '#1d2330');
  }

  return {
    update(dt) {
      const t0 = performance.now();
      if (animate) {
        for (const ob of obstacles) {
          ob.angle += ob.spin * dt;
          world.setTransform(ob.id, ob.x, ob.y, ob.angle);
        }
      }
      perf.pageMs += performance.now() - t0;
      perf.addWorld(world.update(), world.bodyCount);
    },
    perf,
    draw() {
      // The rays follow the pointer even while time is paused.
      castAll();
      draw();
      const now = performance.now();
      if (now - panelAt > 150) {
        panelAt = now;
        let nearest: WorldRayHit | null = null;
        for (let i = 0; i < rayCount; i++) {
          const h = hits[i];
          if (h && (!nearest || h.fraction < nearest.fraction)) nearest = h;
        }
        $('nRays').textContent = String(rayCount);
        $('nHits').textContent = String(lastHitCount);
        $('rayMs').textContent = `${fmt(rayMs, 2)} ms (${fmt((rayMs * 1000) / Math.max(1, rayCount), 1)} µs per ray)`;
        $('nearest').textContent = nearest ? `obstacle ${obstacles.findIndex((o) => o.id === nearest!.body) + 1} of ${obstacles.length}, part ${nearest.shape}, distance ${fmt(nearest.fraction * reach, 2)}` : '—';
      }
    },
    dispose() {
      view.canvas.removeEventListener('pointermove', onMove);
      view.canvas.removeEventListener('pointerdown', onMove);
      world.dispose();
      for (const s of shapes) s.dispose();
    },
    hooks: {
      get rays() {
        return rayCount;
      },
      get hits() {
        return lastHitCount;
      },
      get origin() {
        return { ...origin };
      },
      /** Copies of the hits of the last frame (null for a miss). */
      hitList() {
        return hits.slice(0, rayCount).map((h) => (h ? { point: h.point, normal: h.normal, fraction: h.fraction, body: h.body, shape: h.shape } : null));
      },
    },
  };
}
