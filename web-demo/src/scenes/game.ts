// Scene 5, "Game": a small top-down shooter built only on the world. Walls are static bodies; the player is a
// dynamic circle that push-apart keeps out of the walls; coins are sensors, collected on their begin event;
// bullets are CCD bodies (`bullet: true`), so they cannot pass through the thin walls; a sentry watches the player
// with world.raycast() (line of sight) and fires back. Group / mask filters decide who can hit whom.
import type { SAT, Shape, World } from 'sat-wasm';
import { View, arrow, el, label, type Scene } from '../view.js';
import { UpdatePerf } from '../perf.js';

// Collision groups (one bit each) and what each collides with.
const WALL = 1;
const PLAYER = 2;
const COIN = 4;
const SHOT = 8; // the player's bullets
const ENEMY_SHOT = 16;
const SENTRY = 32;
const MASKS: Record<number, number> = {
  [WALL]: 0xffffffff,
  [PLAYER]: WALL | COIN | ENEMY_SHOT,
  [COIN]: PLAYER,
  [SHOT]: WALL | SENTRY,
  [ENEMY_SHOT]: WALL | PLAYER,
  [SENTRY]: WALL | SHOT,
};

const HALF_W = 16;
const HALF_H = 10;
const PLAYER_R = 0.55;
const PLAYER_SPEED = 7;
const SHOT_SPEED = 45; // 0.75 units a step against walls 0.5 thick: only CCD stops them
const ENEMY_SHOT_SPEED = 14;
const SPAWN = { x: -12, y: -6 };

type Role = 'wall' | 'player' | 'coin' | 'shot' | 'enemyShot' | 'sentry';

interface Bullet {
  id: number;
  vx: number;
  vy: number;
  age: number;
}

export function createGameScene(sat: SAT, view: View, panel: HTMLElement): Scene {
  /** Fits the arena with a strip below it for the on-screen pad (185 CSS pixels), so the pad covers no play. */
  let fitted = '';
  function arrange(): void {
    const key = `${view.width}x${view.height}`;
    if (key === fitted) return;
    fitted = key;
    let below = 0;
    for (let k = 0; k < 3; k++) {
      view.fit(-HALF_W - 0.5, -HALF_H - 0.5 - below, HALF_W + 0.5, HALF_H + 0.5);
      below = 185 / view.scale;
    }
  }
  arrange();
  const shapes: Shape[] = [];
  const keep = <T extends Shape>(s: T) => (shapes.push(s), s);
  const playerShape = keep(sat.circle(PLAYER_R));
  const coinShape = keep(sat.circle(0.4));
  const shotShape = keep(sat.circle(0.12));
  const sentryShape = keep(sat.polygon([{ x: 0.8, y: 0 }, { x: 0, y: 0.8 }, { x: -0.8, y: 0 }, { x: 0, y: -0.8 }]));

  // Walls as [centre x, centre y, width, height]: the border and a few rooms.
  const WALLS: [number, number, number, number][] = [
    [0, HALF_H, 2 * HALF_W, 0.5], [0, -HALF_H, 2 * HALF_W, 0.5], [-HALF_W, 0, 0.5, 2 * HALF_H], [HALF_W, 0, 0.5, 2 * HALF_H],
    [-4, -4, 0.5, 12], [-9, 2, 10, 0.5], [4, 3, 0.5, 14], [9, -3, 10, 0.5], [10, 5, 0.5, 6],
  ];
  const COINS: [number, number][] = [[-9, -6], [-13, 5], [-6, 6], [0, -7], [1, 6], [7, -7], [13, -6], [7, 1], [13, 8]];
  const SENTRY_AT = { x: 13, y: 1 };

  let world!: World;
  const roles = new Map<number, Role>();
  let player = 0;
  let sentry = 0;
  const coins = new Map<number, { x: number; y: number }>();
  let bullets = new Map<number, Bullet>();
  let facing = { x: 1, y: 0 };
  let collected = 0;
  let wallBumps = 0;
  let shotsOnWalls = 0;
  let sentryHits = 0;
  let playerHits = 0;
  let sentryCooldown = 1;
  let sees = false;
  let sightEnd = { x: 0, y: 0 };
  let sparks: { x: number; y: number; age: number; color: string }[] = [];
  let flash = 0;
  let lastWallHit: { x: number; y: number } | null = null;
  let stepCounts = '';
  const log: string[] = [];

  function reset(): void {
    world?.dispose();
    world = sat.createWorld({ broadPhase: 'tree', pushApart: { enabled: true, iterations: 4 } });
    roles.clear();
    coins.clear();
    bullets = new Map();
    const add = (role: Role, group: number, def: Parameters<World['add']>[0]) => {
      const id = world.add({ ...def, group, mask: MASKS[group] });
      roles.set(id, role);
      return id;
    };
    for (const [x, y, w, h] of WALLS) {
      const box = sat.box(w, h);
      add('wall', WALL, { shape: box, x, y, type: 'static' });
      box.dispose(); // the world keeps its own copy of the geometry
    }
    for (const [x, y] of COINS) coins.set(add('coin', COIN, { shape: coinShape, x, y, type: 'static', sensor: true }), { x, y });
    player = add('player', PLAYER, { shape: playerShape, x: SPAWN.x, y: SPAWN.y });
    sentry = add('sentry', SENTRY, { shape: sentryShape, x: SENTRY_AT.x, y: SENTRY_AT.y, type: 'static' });
    collected = wallBumps = shotsOnWalls = sentryHits = playerHits = 0;
    facing = { x: 1, y: 0 };
    sentryCooldown = 1;
    sparks = [];
    lastWallHit = null;
    log.length = 0;
    stepCounts = '';
  }

  // ---- input: keyboard, pointer (aim and fire), on-screen buttons (touch) -------------------------------------
  const held = new Set<string>();
  let fireQueued = 0;
  const KEYMAP: Record<string, string> = {
    arrowleft: 'left', a: 'left', arrowright: 'right', d: 'right', arrowup: 'up', w: 'up', arrowdown: 'down', s: 'down', ' ': 'fire', j: 'fire',
  };
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
    const k = KEYMAP[e.key.toLowerCase()];
    if (!k) return;
    e.preventDefault();
    if (e.type === 'keydown') {
      if (k === 'fire' && !e.repeat) fireQueued++;
      else held.add(k);
    } else held.delete(k);
  };
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', onKey);
  const onPointer = (e: PointerEvent) => {
    // A click or tap on the field aims at that point and fires.
    const p = view.eventPos(e);
    const w = view.toWorld(p.x, p.y);
    const pos = world.getTransform(player);
    const dx = w.x - pos.x;
    const dy = w.y - pos.y;
    const l = Math.hypot(dx, dy);
    if (l > 1e-3) facing = { x: dx / l, y: dy / l };
    fireQueued++;
  };
  view.canvas.addEventListener('pointerdown', onPointer);

  const pad = el('div', { class: 'gamepad', 'data-testid': 'game-pad' });
  const padButtons: [string, string][] = [['up', '▲'], ['left', '◀'], ['right', '▶'], ['down', '▼'], ['fire', 'fire']];
  for (const [k, text] of padButtons) {
    const b = el('button', { class: `pad-${k}`, 'data-key': k, 'aria-label': k, text });
    const press = (e: PointerEvent) => {
      e.preventDefault();
      if (k === 'fire') fireQueued++;
      else held.add(k);
    };
    const release = () => held.delete(k);
    b.addEventListener('pointerdown', press);
    b.addEventListener('pointerup', release);
    b.addEventListener('pointercancel', release);
    b.addEventListener('pointerleave', release);
    pad.append(b);
  }
  view.canvas.parentElement!.append(pad);

  // ---- panel ----------------------------------------------------------------------------------------------
  panel.innerHTML = `
    <h2>A small game on the world</h2>
    <p class="hint">Collect the coins, stun the sentry. Move: arrows or WASD (or the on-screen pad). Fire: Space or J, or click / tap where to shoot.</p>
    <table class="kv">
      <tr><td>coins</td><td class="num" id="gCoins" data-testid="game-coins"></td></tr>
      <tr><td>bumps into walls</td><td class="num" id="gBumps"></td></tr>
      <tr><td>shots stopped by walls</td><td class="num" id="gShotWalls" data-testid="game-shot-walls"></td></tr>
      <tr><td>sentry stunned</td><td class="num" id="gSentry"></td></tr>
      <tr><td>hits taken</td><td class="num" id="gHits"></td></tr>
    </table>
    <div class="controls"><div class="row"><button id="gReset">restart</button></div></div>
    <h2>What each rule uses</h2>
    <p class="hint"><b>Walls</b>: static bodies. <b>Player</b>: a dynamic circle; the page moves it each step and push-apart (<code>pushApart: true</code>) moves it back out of any wall. <b>Coins</b>: <code>sensor: true</code> bodies; a begin event between player and coin collects it. <b>Bullets</b>: <code>bullet: true</code> (CCD): at 0.75 units a step against walls 0.5 thick they would tunnel without it. <b>Filters</b>: group / mask bits, so your bullets pass through coins and you, and the sentry's pass through coins. <b>Line of sight</b>: <code>world.raycast()</code> from the sentry to you, masked to walls and the player; it fires only when the first hit is you.</p>
    <h2>Event log</h2>
    <p class="hint">Newest first: the begin and end events this page acts on, with body ids and the contact depth.</p>
    <div class="eventlog" id="gLog" data-testid="game-log"></div>
  `;
  const $ = (id: string) => panel.querySelector<HTMLElement>(`#${id}`)!;
  $('gReset').addEventListener('click', () => reset());

  function note(text: string): void {
    log.unshift(text);
    if (log.length > 8) log.pop();
  }

  // ---- the step --------------------------------------------------------------------------------------------
  const perf = new UpdatePerf();

  function fire(from: { x: number; y: number }, dir: { x: number; y: number }, speed: number, enemy: boolean, reach: number): void {
    const x = from.x + dir.x * reach;
    const y = from.y + dir.y * reach;
    const group = enemy ? ENEMY_SHOT : SHOT;
    // Up against a wall the muzzle is inside it: a ray from the shooter to the muzzle finds that wall first.
    const blocked = world.raycast(from.x, from.y, x, y, { group, mask: WALL });
    if (blocked) {
      sparks.push({ x: blocked.point.x, y: blocked.point.y, age: 0, color: '#5f6b7d' });
      lastWallHit = { ...blocked.point };
      if (!enemy) shotsOnWalls++;
      note(`raycast: muzzle blocked by wall ${blocked.body} → no bullet`);
      return;
    }
    const id = world.add({ shape: shotShape, x, y, bullet: true, group, mask: MASKS[group] });
    roles.set(id, enemy ? 'enemyShot' : 'shot');
    bullets.set(id, { id, vx: dir.x * speed, vy: dir.y * speed, age: 0 });
  }

  function removeBody(id: number): void {
    if (!world.has(id)) return;
    world.remove(id);
    roles.delete(id);
    bullets.delete(id);
  }

  function step(dt: number): void {
    let mark = performance.now();
    // The player: velocity from the input; push-apart keeps it out of walls.
    const mx = (held.has('right') ? 1 : 0) - (held.has('left') ? 1 : 0);
    const my = (held.has('up') ? 1 : 0) - (held.has('down') ? 1 : 0);
    const pos = world.getTransform(player);
    if (mx || my) {
      const l = Math.hypot(mx, my);
      facing = { x: mx / l, y: my / l };
      world.setTransform(player, pos.x + (mx / l) * PLAYER_SPEED * dt, pos.y + (my / l) * PLAYER_SPEED * dt);
    }
    while (fireQueued > 0) {
      fireQueued--;
      fire(pos, facing, SHOT_SPEED, false, PLAYER_R + 0.2);
    }
    for (const b of bullets.values()) {
      const t = world.getTransform(b.id);
      world.setTransform(b.id, t.x + b.vx * dt, t.y + b.vy * dt);
      b.age += dt;
    }
    // The sentry: looks at the player along a ray that only walls and the player can stop.
    const me = world.getTransform(player);
    const hit = world.raycast(SENTRY_AT.x, SENTRY_AT.y, me.x, me.y, { group: ENEMY_SHOT, mask: WALL | PLAYER });
    sees = hit !== null && hit.body === player;
    sightEnd = hit ? hit.point : me;
    sentryCooldown -= dt;
    if (sees && sentryCooldown <= 0) {
      sentryCooldown = 1.4;
      const dx = me.x - SENTRY_AT.x;
      const dy = me.y - SENTRY_AT.y;
      const l = Math.hypot(dx, dy);
      fire(SENTRY_AT, { x: dx / l, y: dy / l }, ENEMY_SHOT_SPEED, true, 1.1);
    }
    perf.pageMs += performance.now() - mark;
    perf.addWorld(world.update(), world.bodyCount);
    mark = performance.now();

    // Begin events: who met whom, with the depth from the contact. Collected first, acted on after (removing bodies
    // while iterating would not do).
    const met: [number, number, number][] = [];
    world.contacts.forEach((c) => {
      if (c.began) met.push([c.a, c.b, c.depth]);
    });
    const ev = world.events;
    ev.forEachEnd((a, b) => {
      const ra = roles.get(a);
      const rb = roles.get(b);
      if ((ra === 'player' && rb === 'wall') || (ra === 'wall' && rb === 'player')) note(`end: player × wall ${ra === 'wall' ? a : b} (left it)`);
    });
    if (ev.beginCount + ev.endCount > 0) stepCounts = `last events: ${ev.beginCount} begin · ${ev.stayCount} stay · ${ev.endCount} end`;
    for (const [a, b, depth] of met) {
      const ra = roles.get(a);
      const rb = roles.get(b);
      const pair = (x: Role, y: Role) => (ra === x && rb === y ? [a, b] : ra === y && rb === x ? [b, a] : null);
      let p: number[] | null;
      if ((p = pair('player', 'coin'))) {
        const c = coins.get(p[1]);
        removeBody(p[1]);
        coins.delete(p[1]);
        collected++;
        if (c) sparks.push({ ...c, age: 0, color: '#d6a62f' });
        note(`begin: player ${p[0]} × coin ${p[1]} (sensor), depth ${depth.toFixed(3)} → collected`);
      } else if ((p = pair('player', 'wall'))) {
        wallBumps++;
        note(`begin: player ${p[0]} × wall ${p[1]}, depth ${depth.toFixed(3)} → pushed apart`);
      } else if ((p = pair('shot', 'wall')) || (p = pair('enemyShot', 'wall'))) {
        const t = world.getTransform(p[0]);
        sparks.push({ x: t.x, y: t.y, age: 0, color: '#5f6b7d' });
        lastWallHit = { x: t.x, y: t.y };
        if (roles.get(p[0]) === 'shot') shotsOnWalls++;
        removeBody(p[0]);
        note(`begin: bullet ${p[0]} × wall ${p[1]} (swept, CCD) → removed`);
      } else if ((p = pair('shot', 'sentry'))) {
        sentryHits++;
        sentryCooldown = 3;
        removeBody(p[0]);
        sparks.push({ ...SENTRY_AT, age: 0, color: '#1f9d55' });
        note(`begin: bullet × sentry → stunned for 3 s`);
      } else if ((p = pair('enemyShot', 'player'))) {
        playerHits++;
        flash = 0.3;
        removeBody(p[0]);
        note(`begin: sentry bullet × player → hit`);
      }
    }
    for (const b of [...bullets.values()]) if (b.age > 3) removeBody(b.id);
    for (const s of sparks) s.age += dt;
    sparks = sparks.filter((s) => s.age < 0.5);
    flash = Math.max(0, flash - dt);
    perf.pageMs += performance.now() - mark;
  }

  // ---- drawing --------------------------------------------------------------------------------------------
  function draw(): void {
    arrange();
    const ctx = view.ctx;
    view.clear(flash > 0 ? '#fdeaea' : '#fbfbfd');
    const s = view.scale;
    ctx.fillStyle = '#1d2330';
    for (const [x, y, w, h] of WALLS) ctx.fillRect(view.sx(x - w / 2), view.sy(y + h / 2), w * s, h * s);
    for (const c of coins.values()) {
      ctx.fillStyle = '#e9b526';
      ctx.strokeStyle = '#a67c00';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(view.sx(c.x), view.sy(c.y), 0.4 * s, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    // Line of sight: red when the sentry sees the player, grey up to the wall that blocks it.
    ctx.strokeStyle = sees ? 'rgba(214,47,47,0.8)' : 'rgba(95,107,125,0.45)';
    ctx.lineWidth = sees ? 2 : 1;
    ctx.setLineDash([6, 5]);
    ctx.beginPath();
    ctx.moveTo(view.sx(SENTRY_AT.x), view.sy(SENTRY_AT.y));
    ctx.lineTo(view.sx(sightEnd.x), view.sy(sightEnd.y));
    ctx.stroke();
    ctx.setLineDash([]);
    const st = world.getTransform(sentry);
    ctx.fillStyle = sentryCooldown > 1.5 ? '#1f9d55' : '#d62f2f';
    ctx.beginPath();
    ctx.moveTo(view.sx(st.x + 0.8), view.sy(st.y));
    ctx.lineTo(view.sx(st.x), view.sy(st.y + 0.8));
    ctx.lineTo(view.sx(st.x - 0.8), view.sy(st.y));
    ctx.lineTo(view.sx(st.x), view.sy(st.y - 0.8));
    ctx.closePath();
    ctx.fill();
    for (const b of bullets.values()) {
      const t = world.getTransform(b.id);
      ctx.fillStyle = roles.get(b.id) === 'shot' ? '#2f6fdf' : '#d62f2f';
      ctx.beginPath();
      ctx.arc(view.sx(t.x), view.sy(t.y), Math.max(2.5, 0.12 * s), 0, Math.PI * 2);
      ctx.fill();
    }
    const p = world.getTransform(player);
    ctx.fillStyle = '#2f6fdf';
    ctx.beginPath();
    ctx.arc(view.sx(p.x), view.sy(p.y), PLAYER_R * s, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.fillStyle = '#fff';
    ctx.lineWidth = 2;
    arrow(ctx, view.sx(p.x), view.sy(p.y), view.sx(p.x + facing.x * PLAYER_R * 0.9), view.sy(p.y + facing.y * PLAYER_R * 0.9), 5);
    for (const sp of sparks) {
      ctx.strokeStyle = sp.color;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(view.sx(sp.x), view.sy(sp.y), (0.3 + sp.age * 2) * s, 0, Math.PI * 2);
      ctx.stroke();
    }
    label(ctx, `coins ${collected} / ${COINS.length} · sentry stunned ${sentryHits} · hits taken ${playerHits}`, 10, 14, '#1d2330', 'left', 'bold 13px system-ui, sans-serif');
    $('gCoins').textContent = `${collected} / ${COINS.length}`;
    $('gBumps').textContent = String(wallBumps);
    $('gShotWalls').textContent = String(shotsOnWalls);
    $('gSentry').textContent = String(sentryHits);
    $('gHits').textContent = String(playerHits);
    const logText = [stepCounts, ...log].join('\n');
    if ($('gLog').textContent !== logText) $('gLog').textContent = logText;
  }

  reset();

  return {
    perf,
    update(dt) {
      step(dt);
    },
    draw,
    dispose() {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      view.canvas.removeEventListener('pointerdown', onPointer);
      pad.remove();
      world.dispose();
      for (const s of shapes) s.dispose();
    },
    hooks: {
      get player() {
        const t = world.getTransform(player);
        return { x: t.x, y: t.y, radius: PLAYER_R };
      },
      get collected() {
        return collected;
      },
      get wallBumps() {
        return wallBumps;
      },
      get shotsOnWalls() {
        return shotsOnWalls;
      },
      /** Where the last shot of anyone was stopped by a wall (null before the first). */
      get lastWallHit() {
        return lastWallHit;
      },
      get sentryHits() {
        return sentryHits;
      },
      get sees() {
        return sees;
      },
      get bullets() {
        return bullets.size;
      },
      /** Walls as [centre x, centre y, width, height]. */
      walls: WALLS,
      /** Client (page) coordinates of a world point, for tests that click to aim. */
      clientOf(x: number, y: number) {
        const r = view.canvas.getBoundingClientRect();
        return { x: r.left + view.sx(x), y: r.top + view.sy(y) };
      },
      coinPositions() {
        return [...coins.values()];
      },
      reset,
    },
  };
}
