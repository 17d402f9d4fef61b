// Scene 3, "Tunneling": the same fast bullets fired at the same thin wall in two worlds side by side. On the left
// the bullets are plain bodies: in one frame they jump from in front of the wall to behind it, and no frame ever
// sees them overlap. On the right they are added with `bullet: true`: update() sweeps them along their motion
// (continuous collision detection), stops them at the time of impact and reports a swept contact.
import type { SAT, Shape, World } from 'sat-wasm';
import { View, arrow, fmt, label, type Scene } from '../view.js';
import { UpdatePerf } from '../perf.js';

const HALF_W = 11; // each world spans x in [-HALF_W, HALF_W]
const HALF_H = 8;
const WALL_X = 5;
const BULLET_R = 0.2;
/** half height of the wall */
const WALL_H = HALF_H - 3;

interface Bullet {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** positions of the last frames, for the trail */
  trail: number[];
  state: 'flying' | 'stopped' | 'through';
  age: number;
}

interface Side {
  ccd: boolean;
  world: World;
  wall: number;
  bullets: Bullet[];
  fired: number;
  stopped: number;
  through: number;
  /** points where CCD stopped a bullet (for drawing), newest last */
  hits: { x: number; y: number; toi: number; nx: number; ny: number }[];
  /** tunneling jumps: the last position seen before the wall and the first behind it, newest last */
  jumps: { x0: number; y0: number; x1: number; y1: number }[];
  /** where this world is drawn (offset of its origin) */
  ox: number;
  oy: number;
}

export function createTunnelScene(sat: SAT, view: View, panel: HTMLElement): Scene {
  let layout = '';
  /** Side by side on wide screens, one above the other on tall ones (phones). */
  function arrange(): void {
    const wideScale = Math.min(view.width / (4 * HALF_W + 1), view.height / (2 * HALF_H + 2));
    const tallScale = Math.min(view.width / (2 * HALF_W + 0.6), view.height / (4 * HALF_H + 1));
    const tall = tallScale > 1.3 * wideScale;
    const key = tall ? 'tall' : 'wide';
    if (key === layout) return;
    layout = key;
    if (tall) {
      view.fit(-HALF_W - 0.3, -2 * HALF_H - 0.5, HALF_W + 0.3, 2 * HALF_H + 0.5);
      sides[0].ox = 0;
      sides[0].oy = HALF_H + 0.2;
      sides[1].ox = 0;
      sides[1].oy = -HALF_H - 0.2;
    } else {
      view.fit(-2 * HALF_W - 0.5, -HALF_H - 1.5, 2 * HALF_W + 0.5, HALF_H + 0.5);
      sides[0].ox = -HALF_W;
      sides[0].oy = 0;
      sides[1].ox = HALF_W;
      sides[1].oy = 0;
    }
  }
  let speed = 360; // world units per second: ~6 units per frame at 60 FPS, the wall is 0.25 thick
  let wallThickness = 0.25;
  let wallShape: Shape = sat.box(wallThickness, 2 * WALL_H);
  const bulletShape = sat.circle(BULLET_R);
  let sides: Side[] = [];
  let spawnTimer = 0;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };

  function makeSide(ccd: boolean): Side {
    const world = sat.createWorld({ broadPhase: 'tree' });
    const wall = world.add({ shape: wallShape, type: 'static', x: WALL_X, y: 0 });
    world.update();
    return { ccd, world, wall, bullets: [], fired: 0, stopped: 0, through: 0, hits: [], jumps: [], ox: 0, oy: 0 };
  }

  function reset(): void {
    for (const s of sides) s.world.dispose();
    wallShape.dispose();
    wallShape = sat.box(wallThickness, 2 * WALL_H);
    seed = 7;
    sides = [makeSide(false), makeSide(true)];
    layout = '';
  }

  function fire(): void {
    // The same bullet on both sides: same start, same velocity.
    // From a random height on the left, aimed at a random point of the wall.
    const x = -HALF_W + 1;
    const y = (rand() - 0.5) * 2 * (HALF_H - 2.5);
    const ty = (rand() - 0.5) * 2 * (WALL_H - 0.6);
    const ang = Math.atan2(ty - y, WALL_X - x);
    const vx = Math.cos(ang) * speed;
    const vy = Math.sin(ang) * speed;
    for (const s of sides) {
      // group 2, mask 1: bullets collide with the wall (group 1), never with each other.
      const id = s.world.add({ shape: bulletShape, x, y, bullet: s.ccd, group: 2, mask: 1 });
      s.bullets.push({ id, x, y, vx, vy, trail: [x, y], state: 'flying', age: 0 });
      s.fired++;
    }
  }

  const perf = new UpdatePerf();
  /** One step of dt seconds (the shell's fixed step), the same for both worlds. */
  function step(dt: number): void {
    let mark = performance.now();
    spawnTimer -= dt;
    if (spawnTimer <= 0) {
      fire();
      spawnTimer = 0.25;
    }
    for (const s of sides) {
      const w = s.world;
      for (const b of s.bullets) {
        b.age += dt;
        if (b.state === 'stopped') continue;
        b.x += b.vx * dt;
        b.y += b.vy * dt;
        w.setTransform(b.id, b.x, b.y);
      }
      perf.pageMs += performance.now() - mark;
      perf.addWorld(w.update(), w.bodyCount);
      mark = performance.now();
      const byId = new Map(s.bullets.map((b) => [b.id, b]));
      w.contacts.forEach((c) => {
        if (c.a !== s.wall && c.b !== s.wall) return;
        const bullet = byId.get(c.a === s.wall ? c.b : c.a);
        if (!bullet || bullet.state !== 'flying') return;
        // The wall stopped it: by CCD (swept, at the time of impact) or because a frame caught it overlapping.
        bullet.state = 'stopped';
        s.stopped++;
        const t = w.getTransform(bullet.id);
        bullet.x = t.x;
        bullet.y = t.y;
        const sign = c.b === bullet.id ? 1 : -1;
        s.hits.push({ x: t.x, y: t.y, toi: c.toi, nx: sign * c.normalX, ny: sign * c.normalY });
        if (s.hits.length > 30) s.hits.shift();
      });
      for (const b of s.bullets) {
        b.trail.push(b.x, b.y);
        if (b.trail.length > 8) b.trail.splice(0, 2);
        const n = b.trail.length;
        // Crossed the wall's line between two frames and nothing stopped it: tunneled.
        if (b.state === 'flying' && n >= 4 && b.trail[n - 4] < WALL_X && b.x >= WALL_X) {
          b.state = 'through';
          s.through++;
          s.jumps.push({ x0: b.trail[n - 4], y0: b.trail[n - 3], x1: b.trail[n - 2], y1: b.trail[n - 1] });
          if (s.jumps.length > 12) s.jumps.shift();
        }
      }
      // Retire bullets that left the box or rested a while.
      s.bullets = s.bullets.filter((b) => {
        const gone = b.x > HALF_W + 1 || Math.abs(b.y) > HALF_H + 1 || (b.state === 'stopped' && b.age > 1.5);
        if (gone) w.remove(b.id);
        return !gone;
      });
    }
    perf.pageMs += performance.now() - mark;
  }

  panel.innerHTML = `
    <h2>Tunneling: fast bullets, thin wall</h2>
    <p class="hint">Both sides fire the same bullets at the same wall. A bullet moves about <b id="perFrame"></b> units per frame; the wall is <b id="thick"></b> thick. Checking positions frame by frame (left, or top) misses most hits: the bullet is in front of the wall in one frame and behind it in the next. With <code>bullet: true</code> (right, or bottom), <code>world.update()</code> sweeps each bullet along its motion and stops it at the time of impact.</p>
    <div class="controls">
      <label for="speed">speed</label><input id="speed" type="range" min="60" max="900" step="10" />
      <label for="thickness">wall thickness</label><input id="thickness" type="range" min="0.05" max="1.5" step="0.05" />
      <div class="row"><button id="reset">reset counts</button></div>
    </div>
    <h2>Results</h2>
    <table class="kv">
      <tr><td></td><td><b>CCD off</b></td><td><b>CCD on</b></td></tr>
      <tr><td>fired</td><td class="num" id="f0" data-testid="tunnel-fired-off"></td><td class="num" id="f1" data-testid="tunnel-fired-on"></td></tr>
      <tr><td>stopped by the wall</td><td class="num" id="s0" data-testid="tunnel-stopped-off"></td><td class="num" id="s1" data-testid="tunnel-stopped-on"></td></tr>
      <tr><td>tunneled through</td><td class="num" id="t0" data-testid="tunnel-through-off"></td><td class="num" id="t1" data-testid="tunnel-through-on"></td></tr>
    </table>
    <h2>Legend</h2>
    <div class="legend">
      <div class="sw" style="background:#2f6fdf;border-radius:50%;width:10px;height:10px"></div><span>bullet in flight, with its last frames</span>
      <div class="sw" style="background:#d62f2f;border-radius:50%;width:10px;height:10px"></div><span>bullet that went through the wall; dashed: its jump between two frames (blue: the frame before)</span>
      <div class="sw" style="background:#1f9d55;border-radius:50%;width:10px;height:10px"></div><span>bullet stopped at the wall (arrow: contact normal, toi: time of impact within the frame)</span>
    </div>
  `;
  const $ = <T extends HTMLElement>(id: string) => panel.querySelector<T>(`#${id}`)!;
  const speedIn = $<HTMLInputElement>('speed');
  const thickIn = $<HTMLInputElement>('thickness');
  speedIn.value = String(speed);
  thickIn.value = String(wallThickness);
  const labels = () => {
    $('perFrame').textContent = fmt(speed / 60, 1);
    $('thick').textContent = fmt(wallThickness, 2);
  };
  speedIn.addEventListener('input', () => {
    speed = Number(speedIn.value);
    labels();
  });
  thickIn.addEventListener('input', () => {
    wallThickness = Number(thickIn.value);
    labels();
    reset();
  });
  $('reset').addEventListener('click', () => reset());
  labels();
  reset();

  function draw(): void {
    const ctx = view.ctx;
    view.clear('#fbfbfd');
    for (const s of sides) {
      const X = (x: number) => view.sx(x + s.ox);
      const Y = (y: number) => view.sy(y + s.oy);
      // Frame of this world.
      ctx.strokeStyle = '#c9d0db';
      ctx.lineWidth = 1;
      ctx.strokeRect(X(-HALF_W + 0.2), Y(HALF_H), (2 * HALF_W - 0.4) * view.scale, 2 * HALF_H * view.scale);
      label(ctx, s.ccd ? 'CCD on: bullet: true' : 'CCD off: plain bodies', X(-HALF_W + 0.6), Y(HALF_H - 0.6), s.ccd ? '#1f9d55' : '#d62f2f', 'left', 'bold 15px system-ui, sans-serif');
      const rate = s.fired ? Math.round((100 * s.through) / Math.max(1, s.stopped + s.through)) : 0;
      label(ctx, `stopped ${s.stopped} · tunneled ${s.through} (${rate}%)`, X(-HALF_W + 0.6), Y(HALF_H - 1.5), '#1d2330', 'left', '13px system-ui, sans-serif');
      // Wall.
      const wh = WALL_H;
      ctx.fillStyle = '#1d2330';
      ctx.fillRect(X(WALL_X - wallThickness / 2), Y(wh), Math.max(1.5, wallThickness * view.scale), 2 * wh * view.scale);
      // Tunneling: the jump from the last frame in front of the wall to the first one behind it.
      for (const j of s.jumps) {
        ctx.strokeStyle = 'rgba(214,47,47,0.6)';
        ctx.lineWidth = 1.2;
        ctx.setLineDash([4, 3]);
        ctx.beginPath();
        ctx.moveTo(X(j.x0), Y(j.y0));
        ctx.lineTo(X(j.x1), Y(j.y1));
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = 'rgba(47,111,223,0.7)';
        ctx.beginPath();
        ctx.arc(X(j.x0), Y(j.y0), Math.max(2.5, BULLET_R * view.scale), 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = 'rgba(214,47,47,0.85)';
        ctx.beginPath();
        ctx.arc(X(j.x1), Y(j.y1), Math.max(2.5, BULLET_R * view.scale), 0, Math.PI * 2);
        ctx.fill();
      }
      if (!s.ccd && s.jumps.length) label(ctx, 'dashed: one frame in front of the wall, the next behind it', X(-HALF_W + 0.6), Y(HALF_H - 2.4), '#d62f2f', 'left');
      // CCD hits: where bullets were stopped, with the contact normal.
      for (const h of s.hits) {
        ctx.strokeStyle = '#1f9d55';
        ctx.fillStyle = '#1f9d55';
        ctx.lineWidth = 1.5;
        arrow(ctx, X(h.x), Y(h.y), X(h.x) + h.nx * 22, Y(h.y) - h.ny * 22, 6);
      }
      // Bullets with their trails (the positions the frames actually saw).
      for (const b of s.bullets) {
        const color = b.state === 'through' ? '#d62f2f' : b.state === 'stopped' ? '#1f9d55' : '#2f6fdf';
        ctx.strokeStyle = color;
        ctx.globalAlpha = 0.35;
        ctx.lineWidth = 1;
        ctx.beginPath();
        for (let k = 0; k < b.trail.length; k += 2) {
          const x = X(b.trail[k]);
          const y = Y(b.trail[k + 1]);
          if (k) ctx.lineTo(x, y);
          else ctx.moveTo(x, y);
        }
        ctx.stroke();
        ctx.fillStyle = color;
        for (let k = 0; k < b.trail.length - 2; k += 2) {
          ctx.beginPath();
          ctx.arc(X(b.trail[k]), Y(b.trail[k + 1]), BULLET_R * view.scale, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.globalAlpha = 1;
        ctx.beginPath();
        ctx.arc(X(b.x), Y(b.y), Math.max(2.5, BULLET_R * view.scale), 0, Math.PI * 2);
        ctx.fill();
      }
      const last = s.hits[s.hits.length - 1];
      if (s.ccd && last) label(ctx, `stopped at the time of impact; last toi ${fmt(last.toi, 2)} of the frame`, X(-HALF_W + 0.6), Y(HALF_H - 2.4), '#1f9d55', 'left');
    }
  }

  let shown = '';
  function updatePanel(): void {
    const key = sides.map((s) => `${s.fired},${s.stopped},${s.through}`).join(';');
    if (key === shown) return;
    shown = key;
    sides.forEach((s, k) => {
      $(`f${k}`).textContent = String(s.fired);
      $(`s${k}`).textContent = String(s.stopped);
      $(`t${k}`).textContent = String(s.through);
    });
  }

  return {
    update(dt) {
      step(dt);
    },
    draw() {
      arrange();
      draw();
      updatePanel();
    },
    perf,
    dispose() {
      for (const s of sides) s.world.dispose();
      wallShape.dispose();
      bulletShape.dispose();
    },
    hooks: {
      get off() {
        const s = sides[0];
        return { fired: s.fired, stopped: s.stopped, through: s.through };
      },
      get on() {
        const s = sides[1];
        return { fired: s.fired, stopped: s.stopped, through: s.through, lastToi: s.hits.length ? s.hits[s.hits.length - 1].toi : null };
      },
    },
  };
}
