// Scene 1, "SAT explained": two shapes you drag and rotate. Every axis SAT tests is drawn at the feature it
// comes from; the selected one (hovered, else the one that decides the answer) gets both projection intervals
// drawn beside the shapes. The library's answer (overlap, depth, normal, contacts) is in the panel and drawn as
// the MTV arrow, a ghost of B pushed out, and contact dots.
import type { AxisCache, DistanceResult, ExplainedAxis, Explanation, Manifold, SAT, Shape, Vec2 } from 'sat-wasm';
import { centerOf, dot, placePiece, project, supportPoints, transformPoint, type Axis, type Piece } from '../geometry.js';
import { View, arrow, el, fmt, label, type Scene } from '../view.js';

type Kind = 'polygon' | 'box' | 'circle' | 'capsule' | 'concave';

interface Body {
  name: 'A' | 'B';
  color: string;
  fill: string;
  kind: Kind;
  sides: number;
  /** concave outline in local coordinates (kind 'concave') */
  outline: Vec2[];
  parts: Shape[];
  /** how the parts were made, shown in the panel */
  partsNote: string;
  xf: { x: number; y: number; angle: number };
  /** distance of the rotation handle from the body origin */
  reach: number;
}

const COLORS = {
  A: { color: '#2f6fdf', fill: 'rgba(47,111,223,0.16)' },
  B: { color: '#e8772e', fill: 'rgba(232,119,46,0.16)' },
  overlap: '#d62f2f',
  gap: '#1f9d55',
  axis: '#7b4fd6',
  axisFaint: 'rgba(123,79,214,0.55)',
  mtv: '#111827',
  contact: '#b0122b',
};

/** A star-ish concave outline used until someone draws their own. */
const DEFAULT_OUTLINE: Vec2[] = [
  { x: -2, y: -1.4 }, { x: 2, y: -1.4 }, { x: 2, y: 1.6 }, { x: 0.9, y: 1.6 }, { x: 0.9, y: -0.3 }, { x: -0.9, y: -0.3 }, { x: -0.9, y: 1.6 }, { x: -2, y: 1.6 },
];

interface PairResult {
  overlap: boolean;
  manifold: Manifold | null;
  distance: DistanceResult | null;
  partA: number;
  partB: number;
  pieceA: Piece;
  pieceB: Piece;
  axes: Axis[];
  minAxis: Axis | null;
  sepAxis: Axis | null;
  /** the module's step-by-step SAT of the pair shown (sat.explain) */
  explanation: Explanation;
  /** index into axes of the deciding axis */
  deciding: number;
}

export function createSatScene(sat: SAT, view: View, panel: HTMLElement): Scene {
  const bodies: [Body, Body] = [
    { name: 'A', ...COLORS.A, kind: 'polygon', sides: 5, outline: DEFAULT_OUTLINE, parts: [], partsNote: '', xf: { x: -3.2, y: 0, angle: 0.2 }, reach: 2.6 },
    { name: 'B', ...COLORS.B, kind: 'box', sides: 6, outline: DEFAULT_OUTLINE, parts: [], partsNote: '', xf: { x: 3.2, y: 0.4, angle: -0.35 }, reach: 2.6 },
  ];
  let error = '';
  let result: PairResult | null = null;
  let hoveredAxis: string | null = null;
  let dirty = true;
  let drawing: { body: Body; points: Vec2[] } | null = null;
  let drag: { body: Body; mode: 'move' | 'rotate'; dx: number; dy: number; angle0: number; pointerAngle0: number } | null = null;
  let pointer: Vec2 | null = null;
  const cache: AxisCache = { type: 0, index: 0 };
  let cacheParts: [Shape | null, Shape | null] = [null, null];
  /** Step-through: null when off; else 0 = AABB pre-check, 1..N = axis N, N + 1 = the verdict. */
  let stage: number | null = null;

  function rebuild(body: Body): void {
    const old = body.parts;
    try {
      switch (body.kind) {
        case 'polygon': {
          const pts: Vec2[] = [];
          for (let i = 0; i < body.sides; i++) {
            const t = (i / body.sides) * Math.PI * 2 + Math.PI / 2;
            pts.push({ x: Math.cos(t) * 1.9, y: Math.sin(t) * 1.9 });
          }
          body.parts = [sat.polygon(pts)];
          body.partsNote = `sat.polygon(${body.sides} points)`;
          break;
        }
        case 'box':
          body.parts = [sat.box(3.4, 2.2)];
          body.partsNote = 'sat.box(3.4, 2.2)';
          break;
        case 'circle':
          body.parts = [sat.circle(1.5)];
          body.partsNote = 'sat.circle(1.5)';
          break;
        case 'capsule':
          body.parts = [sat.capsule({ x: -1.4, y: 0 }, { x: 1.4, y: 0 }, 0.85)];
          body.partsNote = 'sat.capsule(…, radius 0.85)';
          break;
        case 'concave': {
          body.parts = sat.decompose(body.outline);
          body.partsNote = `${body.parts.length} convex parts (sat.decompose)`;
          break;
        }
      }
      for (const s of old) s.dispose();
      error = '';
    } catch (e) {
      body.parts = old;
      error = `${body.name}: ${(e as Error).message}`;
      throw e;
    }
    let reach = 0;
    for (const p of body.parts) {
      const b = p.localBounds;
      reach = Math.max(reach, Math.hypot(b.lower.x, b.lower.y), Math.hypot(b.upper.x, b.upper.y));
    }
    body.reach = reach + 0.7;
    dirty = true;
  }

  // ---- computing the result -----------------------------------------------------------------------------------

  function compute(): PairResult {
    const [A, B] = bodies;
    let best: { i: number; j: number; m: Manifold | null; d: DistanceResult | null } | null = null;
    for (let i = 0; i < A.parts.length; i++) {
      for (let j = 0; j < B.parts.length; j++) {
        const m = sat.collide(A.parts[i], A.xf, B.parts[j], B.xf);
        if (m) {
          if (!best || !best.m || m.depth > best.m.depth) best = { i, j, m, d: null };
        } else if (!best || !best.m) {
          const d = sat.distance(A.parts[i], A.xf, B.parts[j], B.xf);
          if (!best || (best.d && d.distance < best.d.distance)) best = { i, j, m: null, d };
        }
      }
    }
    const { i, j, m, d } = best!;
    const pieceA = placePiece(A.parts[i], A.xf);
    const pieceB = placePiece(B.parts[j], B.xf);
    // The axis cache belongs to one pair of parts, kept across recomputes as the World keeps it across frames.
    if (cacheParts[0] !== A.parts[i] || cacheParts[1] !== B.parts[j]) {
      cacheParts = [A.parts[i], B.parts[j]];
      cache.type = 0;
      cache.index = 0;
    }
    const explanation = sat.explain(A.parts[i], A.xf, B.parts[j], B.xf, cache);
    const axes = explanation.axes.map((ax) => axisOf(ax, pieceA, pieceB));
    const deciding = explanation.deciding;
    const minAxis = explanation.overlap ? axes[deciding] : null;
    const sepAxis = explanation.overlap ? null : axes[deciding];
    return { overlap: !!m, manifold: m, distance: d, partA: i, partB: j, pieceA, pieceB, axes, minAxis, sepAxis, explanation, deciding };
  }

  /** A module axis as the page draws it: a name, what it comes from, and where to put its arrow. */
  function axisOf(ax: ExplainedAxis, pieceA: Piece, pieceB: Piece): Axis {
    const owner = ax.source === 'faceOfB' ? 'B' : 'A';
    const piece = owner === 'A' ? pieceA : pieceB;
    let name = 'AB';
    let source = 'line between the closest points of the cores';
    let at: Vec2;
    if (ax.source === 'closestPoints') {
      const ca = centerOf(pieceA);
      const cb = centerOf(pieceB);
      at = { x: (ca.x + cb.x) / 2, y: (ca.y + cb.y) / 2 };
    } else if (piece.kind === 'poly') {
      const v0 = piece.verts[ax.index];
      const v1 = piece.verts[(ax.index + 1) % piece.verts.length];
      name = `${owner}${ax.index + 1}`;
      source = `normal of ${owner}'s edge ${ax.index + 1}`;
      at = { x: (v0.x + v1.x) / 2, y: (v0.y + v1.y) / 2 };
    } else {
      name = `${owner}side${ax.index + 1}`;
      source = `side normal ${ax.index + 1} of ${owner}'s capsule`;
      at = { x: (piece.p.x + piece.q.x) / 2 + ax.normal.x * piece.r, y: (piece.p.y + piece.q.y) / 2 + ax.normal.y * piece.r };
    }
    return { dir: ax.normal, name, source, owner, at, minA: ax.minA, maxA: ax.maxA, minB: ax.minB, maxB: ax.maxB, overlap: -ax.separation };
  }

  // ---- drawing ------------------------------------------------------------------------------------------------

  function pathPiece(ctx: CanvasRenderingContext2D, piece: Piece): void {
    ctx.beginPath();
    if (piece.kind === 'poly') {
      piece.verts.forEach((v, k) => (k ? ctx.lineTo(view.sx(v.x), view.sy(v.y)) : ctx.moveTo(view.sx(v.x), view.sy(v.y))));
      ctx.closePath();
      return;
    }
    const p = view.toScreen(piece.p);
    const q = view.toScreen(piece.q);
    const r = piece.r * view.scale;
    const a = Math.atan2(q.y - p.y, q.x - p.x);
    ctx.arc(q.x, q.y, r, a - Math.PI / 2, a + Math.PI / 2);
    ctx.arc(p.x, p.y, r, a + Math.PI / 2, a + (3 * Math.PI) / 2);
    ctx.closePath();
  }

  function drawBody(ctx: CanvasRenderingContext2D, body: Body, highlightPart: number, ghost?: Vec2): void {
    const xf = ghost ? { ...body.xf, x: body.xf.x + ghost.x, y: body.xf.y + ghost.y } : body.xf;
    const pieces = body.parts.map((p) => placePiece(p, xf));
    if (ghost) {
      ctx.setLineDash([5, 4]);
      ctx.strokeStyle = body.color;
      ctx.lineWidth = 1.5;
      for (const pc of pieces) {
        pathPiece(ctx, pc);
        ctx.stroke();
      }
      ctx.setLineDash([]);
      return;
    }
    if (body.kind === 'concave') {
      // Parts: light fill with their seams dashed; the outline solid.
      pieces.forEach((pc, k) => {
        pathPiece(ctx, pc);
        ctx.fillStyle = k === highlightPart ? body.fill.replace('0.16', '0.3') : body.fill;
        ctx.fill();
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = body.color;
        ctx.lineWidth = 1;
        ctx.stroke();
        ctx.setLineDash([]);
      });
      ctx.beginPath();
      body.outline.forEach((v, k) => {
        const w = view.toScreen(transformPoint(xf, v));
        if (k) ctx.lineTo(w.x, w.y);
        else ctx.moveTo(w.x, w.y);
      });
      ctx.closePath();
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = body.color;
      ctx.stroke();
    } else {
      for (const pc of pieces) {
        pathPiece(ctx, pc);
        ctx.fillStyle = body.fill;
        ctx.fill();
        ctx.lineWidth = 2.5;
        ctx.strokeStyle = body.color;
        ctx.stroke();
      }
    }
    // Origin, name and rotation handle.
    const o = view.toScreen(xf);
    const h = handlePos(body);
    ctx.strokeStyle = body.color;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(o.x, o.y);
    ctx.lineTo(h.x, h.y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(h.x, h.y, 8, 0, Math.PI * 2);
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(h.x, h.y, 4, -Math.PI * 0.9, Math.PI * 0.4);
    ctx.stroke();
    label(ctx, body.name, o.x, o.y, body.color, 'center', 'bold 18px system-ui, sans-serif');
  }

  function handlePos(body: Body): Vec2 {
    const a = body.xf.angle + Math.PI / 2;
    return view.toScreen({ x: body.xf.x + Math.cos(a) * body.reach, y: body.xf.y + Math.sin(a) * body.reach });
  }

  function selectedAxis(r: PairResult): Axis | null {
    if (stage !== null) {
      if (stage === 0) return null;
      return stage <= r.axes.length ? r.axes[stage - 1] : r.axes[r.deciding];
    }
    if (hoveredAxis) {
      const h = r.axes.find((a) => a.name === hoveredAxis);
      if (h) return h;
    }
    return r.minAxis ?? r.sepAxis;
  }

  function axisMarker(ax: Axis): [Vec2, Vec2] {
    const p0 = view.toScreen(ax.at);
    const L = 34;
    return [p0, { x: p0.x + ax.dir.x * L, y: p0.y - ax.dir.y * L }];
  }

  function drawAxes(ctx: CanvasRenderingContext2D, r: PairResult, sel: Axis | null): void {
    // Stepping: only the axes tested so far.
    const shown = stage === null || stage > r.axes.length ? r.axes : r.axes.slice(0, stage);
    for (const ax of shown) {
      const [p0, p1] = axisMarker(ax);
      const isSel = ax === sel;
      ctx.strokeStyle = isSel ? COLORS.axis : COLORS.axisFaint;
      ctx.fillStyle = ctx.strokeStyle;
      ctx.lineWidth = isSel ? 2.5 : 1.25;
      arrow(ctx, p0.x, p0.y, p1.x, p1.y, isSel ? 9 : 6);
      label(ctx, ax.name, p1.x + ax.dir.x * 9, p1.y - ax.dir.y * 9, isSel ? COLORS.axis : COLORS.axisFaint, 'center', isSel ? 'bold 12px system-ui, sans-serif' : '11px system-ui, sans-serif');
    }
  }

  /** Both projection intervals on the selected axis, drawn on a line beside the shapes. */
  function drawProjection(ctx: CanvasRenderingContext2D, r: PairResult, ax: Axis): void {
    const u = ax.dir;
    const p = { x: -u.y, y: u.x };
    let [aLo, aHi] = project(r.pieceA, p);
    const [bLo, bHi] = project(r.pieceB, p);
    // Keep the rotation handles clear of the projection line.
    for (const b of bodies) {
      const a = b.xf.angle + Math.PI / 2;
      const d = (b.xf.x + Math.cos(a) * b.reach) * p.x + (b.xf.y + Math.sin(a) * b.reach) * p.y;
      const r = 16 / view.scale;
      aLo = Math.min(aLo, d - r);
      aHi = Math.max(aHi, d + r);
    }
    const tmin = Math.min(ax.minA, ax.minB) - 1.2;
    const tmax = Math.max(ax.maxA, ax.maxB) + 1.2;
    const vis = view.visible();
    const vc = { x: (vis.x0 + vis.x1) / 2, y: (vis.y0 + vis.y1) / 2 };
    const inset = (q: Vec2) => Math.min(q.x - vis.x0, vis.x1 - q.x, q.y - vis.y0, vis.y1 - q.y);
    const sides = [
      { sign: 1, c: Math.max(aHi, bHi) + 0.9 },
      { sign: -1, c: Math.min(aLo, bLo) - 0.9 },
    ].map((s) => {
      const mid = { x: u.x * (tmin + tmax) / 2 + p.x * s.c, y: u.y * (tmin + tmax) / 2 + p.y * s.c };
      const ends = [tmin, tmax].map((t) => ({ x: u.x * t + p.x * (s.c + s.sign * 0.45), y: u.y * t + p.y * (s.c + s.sign * 0.45) }));
      return { ...s, score: Math.min(inset(mid), ...ends.map(inset)) - 0.01 * Math.hypot(mid.x - vc.x, mid.y - vc.y) };
    });
    const side = sides[0].score >= sides[1].score ? sides[0] : sides[1];
    const at = (t: number, off: number) => view.toScreen({ x: u.x * t + p.x * (side.c + side.sign * off), y: u.y * t + p.y * (side.c + side.sign * off) });

    // The axis line.
    const l0 = at(tmin, 0);
    const l1 = at(tmax, 0);
    ctx.strokeStyle = COLORS.axis;
    ctx.fillStyle = COLORS.axis;
    ctx.lineWidth = 1.5;
    arrow(ctx, l0.x, l0.y, l1.x, l1.y, 10);
    label(ctx, `axis ${ax.name}`, l1.x + u.x * 14, l1.y - u.y * 14, COLORS.axis, 'center', 'bold 12px system-ui, sans-serif');

    // Guides from the shapes' extreme points to their interval ends.
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 4]);
    const guides: [Piece, number, string][] = [
      [r.pieceA, 0.16, COLORS.A.color],
      [r.pieceB, 0.36, COLORS.B.color],
    ];
    for (const [piece, off, color] of guides) {
      ctx.strokeStyle = color;
      for (const sp of supportPoints(piece, u)) {
        const from = view.toScreen(sp);
        const to = at(dot(sp, u), off);
        ctx.beginPath();
        ctx.moveTo(from.x, from.y);
        ctx.lineTo(to.x, to.y);
        ctx.stroke();
      }
    }
    ctx.setLineDash([]);

    // Overlap (red) or gap (green) band across both bars.
    const lo = Math.max(ax.minA, ax.minB);
    const hi = Math.min(ax.maxA, ax.maxB);
    const bandColor = ax.overlap >= 0 ? 'rgba(214,47,47,0.25)' : 'rgba(31,157,85,0.25)';
    const q = [at(Math.min(lo, hi), 0.05), at(Math.max(lo, hi), 0.05), at(Math.max(lo, hi), 0.47), at(Math.min(lo, hi), 0.47)];
    ctx.fillStyle = bandColor;
    ctx.beginPath();
    q.forEach((pt, k) => (k ? ctx.lineTo(pt.x, pt.y) : ctx.moveTo(pt.x, pt.y)));
    ctx.closePath();
    ctx.fill();

    // The intervals.
    ctx.lineCap = 'round';
    const bars: [number, number, number, string, string][] = [
      [ax.minA, ax.maxA, 0.16, COLORS.A.color, 'A'],
      [ax.minB, ax.maxB, 0.36, COLORS.B.color, 'B'],
    ];
    for (const [t0, t1, off, color, name] of bars) {
      const s0 = at(t0, off);
      const s1 = at(t1, off);
      ctx.strokeStyle = color;
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.moveTo(s0.x, s0.y);
      ctx.lineTo(s1.x, s1.y);
      ctx.stroke();
      const lab = at(t0 - 0.35, off);
      label(ctx, name, lab.x, lab.y, color, 'center', 'bold 11px system-ui, sans-serif');
    }
    ctx.lineCap = 'butt';
    const mid = at((lo + hi) / 2, 0.75);
    const text = ax.overlap >= 0 ? `overlap ${fmt(ax.overlap, 2)}` : `gap ${fmt(-ax.overlap, 2)}`;
    label(ctx, text, mid.x, mid.y, ax.overlap >= 0 ? COLORS.overlap : COLORS.gap, 'center', 'bold 12px system-ui, sans-serif');
  }

  function drawResult(ctx: CanvasRenderingContext2D, r: PairResult): void {
    const m = r.manifold;
    const B = bodies[1];
    if (m) {
      // Ghost of B pushed out by the MTV, and the arrow from B to it.
      drawBody(ctx, B, -1, { x: m.normal.x * m.depth, y: m.normal.y * m.depth });
      const c = m.contacts.length ? m.contacts.reduce((s, k) => ({ x: s.x + k.x / m.contacts.length, y: s.y + k.y / m.contacts.length }), { x: 0, y: 0 }) : B.xf;
      const from = view.toScreen(c);
      const Lpx = Math.max(m.depth * view.scale, 36);
      const to = { x: from.x + m.normal.x * Lpx, y: from.y - m.normal.y * Lpx };
      ctx.strokeStyle = COLORS.mtv;
      ctx.fillStyle = COLORS.mtv;
      ctx.lineWidth = 3;
      arrow(ctx, from.x, from.y, to.x, to.y, 11);
      label(ctx, `MTV  depth ${fmt(m.depth, 2)}`, to.x + m.normal.x * 10, to.y - m.normal.y * 10 - 10, COLORS.mtv, m.normal.x < -0.3 ? 'right' : 'left', 'bold 12px system-ui, sans-serif');
      m.contacts.forEach((k, i) => {
        const s = view.toScreen(k);
        ctx.fillStyle = COLORS.contact;
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(s.x, s.y, 5.5, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        label(ctx, `c${i + 1}`, s.x + 8, s.y + 10, COLORS.contact, 'left', 'bold 11px system-ui, sans-serif');
      });
    } else if (r.distance) {
      const a = view.toScreen(r.distance.pointA);
      const b = view.toScreen(r.distance.pointB);
      ctx.strokeStyle = COLORS.gap;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([6, 4]);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
      ctx.setLineDash([]);
      for (const s of [a, b]) {
        ctx.fillStyle = COLORS.gap;
        ctx.beginPath();
        ctx.arc(s.x, s.y, 3.5, 0, Math.PI * 2);
        ctx.fill();
      }
      label(ctx, `distance ${fmt(r.distance.distance, 2)}`, (a.x + b.x) / 2, (a.y + b.y) / 2 - 12, COLORS.gap, 'center');
    }
  }

  /** The two parts' bounding boxes, as the module computes them (Shape.bounds): the broad phase's pre-check. */
  function drawBoxes(ctx: CanvasRenderingContext2D, r: PairResult): void {
    const hit = r.explanation.aabbOverlap;
    [[bodies[0], r.partA], [bodies[1], r.partB]].forEach(([b, part]) => {
      const body = b as Body;
      const box = body.parts[part as number].bounds(body.xf);
      ctx.strokeStyle = body.color;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([6, 4]);
      ctx.strokeRect(view.sx(box.lower.x), view.sy(box.upper.y), (box.upper.x - box.lower.x) * view.scale, (box.upper.y - box.lower.y) * view.scale);
      ctx.setLineDash([]);
    });
    const c = view.toScreen({ x: (bodies[0].xf.x + bodies[1].xf.x) / 2, y: Math.max(bodies[0].xf.y, bodies[1].xf.y) });
    label(ctx, hit ? 'bounding boxes overlap: test the axes' : 'bounding boxes apart: rejected before SAT', c.x, Math.max(56, c.y - 120), hit ? COLORS.axis : COLORS.gap, 'center', 'bold 13px system-ui, sans-serif');
  }

  function drawGrid(ctx: CanvasRenderingContext2D): void {
    const v = view.visible();
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#eef1f5';
    ctx.beginPath();
    for (let x = Math.ceil(v.x0); x <= v.x1; x++) {
      ctx.moveTo(view.sx(x), 0);
      ctx.lineTo(view.sx(x), view.height);
    }
    for (let y = Math.ceil(v.y0); y <= v.y1; y++) {
      ctx.moveTo(0, view.sy(y));
      ctx.lineTo(view.width, view.sy(y));
    }
    ctx.stroke();
  }

  function drawOutlineInProgress(ctx: CanvasRenderingContext2D): void {
    if (!drawing) return;
    const pts = drawing.points.map((p) => view.toScreen(p));
    ctx.strokeStyle = drawing.body.color;
    ctx.fillStyle = drawing.body.color;
    ctx.lineWidth = 2;
    ctx.beginPath();
    pts.forEach((p, k) => (k ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
    if (pointer && pts.length) ctx.lineTo(pointer.x, pointer.y);
    ctx.stroke();
    pts.forEach((p, k) => {
      ctx.beginPath();
      ctx.arc(p.x, p.y, k === 0 ? 7 : 4, 0, Math.PI * 2);
      if (k === 0) ctx.stroke();
      else ctx.fill();
    });
    label(ctx, `Drawing ${drawing.body.name}: click to add corners; click the first corner (or Finish) to close`, 12, 22, drawing.body.color, 'left', 'bold 13px system-ui, sans-serif');
  }

  // ---- panel --------------------------------------------------------------------------------------------------

  const kindOptions = ['polygon', 'box', 'circle', 'capsule', 'concave']
    .map((k) => `<option value="${k}">${k === 'polygon' ? 'polygon (N vertices)' : k === 'concave' ? 'concave outline' : k}</option>`)
    .join('');
  panel.innerHTML = `
    <h2>Two shapes, one question: do they touch?</h2>
    <p class="hint">Drag a shape to move it. Drag its round handle (or scroll over it) to rotate. Hover (or tap) an axis arrow, or a row of the table, to see the shapes projected on it. Keyboard: arrows move B (Shift: A), Q / E rotate.</p>
    <div class="controls">
      <label for="kindA" style="color:${COLORS.A.color}">Shape A</label><select id="kindA" data-testid="kind-A">${kindOptions}</select>
      <label for="sidesA">A vertices</label><input id="sidesA" type="range" min="3" max="16" step="1" />
      <label for="kindB" style="color:${COLORS.B.color}">Shape B</label><select id="kindB" data-testid="kind-B">${kindOptions}</select>
      <label for="sidesB">B vertices</label><input id="sidesB" type="range" min="3" max="16" step="1" />
      <div class="row"><button id="drawA">Draw A's outline</button><button id="drawB">Draw B's outline</button></div>
      <div class="row" id="drawRow" hidden><button id="drawDone">Finish outline</button><button id="drawCancel">Cancel</button></div>
    </div>
    <p class="error" id="satError" data-testid="sat-error"></p>
    <div class="big" id="satState" data-testid="sat-state">…</div>
    <table class="kv">
      <tr><td>depth (MTV length)</td><td class="num" id="satDepth" data-testid="sat-depth"></td></tr>
      <tr><td>normal, from A to B</td><td class="num" id="satNormal" data-testid="sat-normal"></td></tr>
      <tr><td>contact points</td><td class="num" id="satContacts"></td></tr>
      <tr><td>separating axis</td><td class="num" id="satSep" data-testid="sat-separating"></td></tr>
      <tr><td>distance</td><td class="num" id="satDist"></td></tr>
      <tr><td>parts tested</td><td class="num" id="satParts"></td></tr>
      <tr><td>AABB pre-check</td><td class="num" id="satAabb" data-testid="sat-aabb"></td></tr>
      <tr><td>axis cache (last pose)</td><td class="num" id="satCache" data-testid="sat-cache"></td></tr>
    </table>
    <h2>Step through the test</h2>
    <p class="hint">One step at a time, as the library runs it: the bounding-box pre-check, then every axis with both projections and the separation so far, then the deciding axis and the push-out. The numbers are the module's own (<code>sat.explain()</code>).</p>
    <div class="controls"><div class="row">
      <button id="stepStart" data-testid="sat-step-start">step through</button>
      <button id="stepPrev" data-testid="sat-step-prev">◀ back</button>
      <button id="stepNext" data-testid="sat-step-next">next ▶</button>
      <button id="stepExit" data-testid="sat-step-exit">done</button>
    </div></div>
    <div class="stepcard" id="stepCard" data-testid="sat-step-card">Press “step through” to walk the test.</div>
    <h2>Every axis SAT tests</h2>
    <p class="hint">Each face normal of A and of B is an axis. On a face of A, the separation is how far B's nearest point lies beyond that face (<i>min B − max A</i>; on a face of B, <i>min A − max B</i>). If any axis shows a <b style="color:${COLORS.gap}">gap</b> (separation &gt; 0), they are apart: that axis separates them. Otherwise they touch, and the axis of the largest separation (the smallest overlap) gives the push-out (MTV). Round shapes add the line between their closest points.</p>
    <table class="axes"><thead><tr><th>axis</th><th>from</th><th style="text-align:right">overlap</th></tr></thead><tbody id="axisRows"></tbody></table>
    <h2>Legend</h2>
    <div class="legend" id="legend"></div>
    <p class="hint" id="satNote"></p>
  `;
  const $ = <T extends HTMLElement>(id: string) => panel.querySelector<T>(`#${id}`)!;
  const legend = $('legend');
  const legendItems: [string, string][] = [
    [`<div class="sw" style="background:${COLORS.A.fill};border:2px solid ${COLORS.A.color}"></div>`, 'shape A'],
    [`<div class="sw" style="background:${COLORS.B.fill};border:2px solid ${COLORS.B.color}"></div>`, 'shape B'],
    [`<div class="sw" style="border-top:2px solid ${COLORS.axisFaint};height:0"></div>`, 'candidate axis (edge normal, or round end to nearest point)'],
    [`<div class="sw" style="border-top:3px solid ${COLORS.axis};height:0"></div>`, 'selected axis, with both shapes projected on it'],
    [`<div class="sw" style="background:rgba(214,47,47,0.25)"></div>`, 'projections overlap on this axis'],
    [`<div class="sw" style="background:rgba(31,157,85,0.25)"></div>`, 'gap on this axis: it separates A and B'],
    [`<div class="sw" style="border-top:3px solid ${COLORS.mtv};height:0"></div>`, 'MTV: move B this way by depth to separate'],
    [`<div class="sw" style="border:1.5px dashed ${COLORS.B.color}"></div>`, 'B after the push-out'],
    [`<div class="sw" style="background:${COLORS.contact};width:10px;height:10px;border-radius:50%"></div>`, 'contact point'],
  ];
  legend.innerHTML = legendItems.map(([sw, t]) => `${sw}<span>${t}</span>`).join('');

  const kindSel = [$<HTMLSelectElement>('kindA'), $<HTMLSelectElement>('kindB')];
  const sides = [$<HTMLInputElement>('sidesA'), $<HTMLInputElement>('sidesB')];
  bodies.forEach((b, k) => {
    kindSel[k].value = b.kind;
    sides[k].value = String(b.sides);
    kindSel[k].addEventListener('change', () => {
      b.kind = kindSel[k].value as Kind;
      safeRebuild(b);
    });
    sides[k].addEventListener('input', () => {
      b.sides = Number(sides[k].value);
      if (b.kind !== 'polygon') {
        b.kind = 'polygon';
        kindSel[k].value = 'polygon';
      }
      safeRebuild(b);
    });
  });
  $('drawA').addEventListener('click', () => startDrawing(bodies[0]));
  $('drawB').addEventListener('click', () => startDrawing(bodies[1]));
  $('drawDone').addEventListener('click', () => finishDrawing());
  $('drawCancel').addEventListener('click', () => {
    drawing = null;
    $('drawRow').hidden = true;
    dirty = true;
  });

  function safeRebuild(b: Body): void {
    try {
      rebuild(b);
    } catch {
      /* shown in the panel */
    }
    dirty = true;
  }

  function startDrawing(b: Body): void {
    drawing = { body: b, points: [] };
    $('drawRow').hidden = false;
    dirty = true;
  }

  function finishDrawing(): void {
    if (!drawing) return;
    const { body, points } = drawing;
    drawing = null;
    $('drawRow').hidden = true;
    if (points.length < 3) {
      error = `${body.name}: an outline needs at least 3 corners`;
      dirty = true;
      return;
    }
    // The body's origin goes to the outline's centre; the outline is kept in the body frame.
    const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
    const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
    const prev = { outline: body.outline, kind: body.kind, xf: { ...body.xf } };
    body.outline = points.map((p) => ({ x: p.x - cx, y: p.y - cy }));
    body.kind = 'concave';
    body.xf = { x: cx, y: cy, angle: 0 };
    try {
      rebuild(body);
      kindSel[body.name === 'A' ? 0 : 1].value = 'concave';
    } catch {
      Object.assign(body, prev);
    }
    dirty = true;
  }

  function updatePanel(r: PairResult): void {
    $('satError').textContent = error;
    const state = $('satState');
    state.className = `big ${r.overlap ? 'overlap' : 'apart'}`;
    state.textContent = r.overlap ? 'OVERLAPPING' : 'APART';
    state.dataset.overlap = String(r.overlap);
    const m = r.manifold;
    $('satDepth').textContent = m ? fmt(m.depth) : '— (apart)';
    $('satNormal').textContent = m ? `(${fmt(m.normal.x)}, ${fmt(m.normal.y)})` : '—';
    $('satContacts').textContent = m ? m.contacts.map((c, i) => `c${i + 1} (${fmt(c.x, 2)}, ${fmt(c.y, 2)})`).join('  ') : '—';
    $('satSep').textContent = r.sepAxis ? `${r.sepAxis.name}: ${r.sepAxis.source}, gap ${fmt(-r.sepAxis.overlap)}` : '— (no axis separates them)';
    $('satDist').textContent = r.distance ? fmt(r.distance.distance) : '0 (touching)';
    const multi = bodies[0].parts.length > 1 || bodies[1].parts.length > 1;
    $('satParts').textContent = multi
      ? `A part ${r.partA + 1} of ${bodies[0].parts.length} × B part ${r.partB + 1} of ${bodies[1].parts.length} (${r.overlap ? 'deepest' : 'closest'} pair shown)`
      : '1 × 1 (both convex)';
    const sel = selectedAxis(r);
    $('axisRows').innerHTML = r.axes
      .map((ax) => {
        const cls = [ax === sel ? 'sel' : '', ax === r.minAxis ? 'min' : '', ax === r.sepAxis ? 'sep' : '', ax.overlap < 0 ? 'neg' : ''].join(' ');
        return `<tr class="${cls}" data-axis="${ax.name}"><td style="color:${ax.owner === 'A' ? COLORS.A.color : COLORS.B.color}">${ax.name}</td><td>${ax.source}</td><td class="num">${fmt(ax.overlap, 2)}</td></tr>`;
      })
      .join('');
    const notes = [`A: ${bodies[0].partsNote}`, `B: ${bodies[1].partsNote}`];
    const e = r.explanation;
    $('satAabb').textContent = e.aabbOverlap ? 'boxes overlap: SAT runs' : 'boxes apart: a World never runs SAT on this pair';
    $('satCache').textContent = cache.type === 0
      ? '—'
      : e.cacheHit
        ? `hit: face ${cache.type === 1 ? 'A' : 'B'}${cache.index + 1} still separates (1 projection instead of ${e.axes.length})`
        : `miss: now remembers face ${cache.type === 1 ? 'A' : 'B'}${cache.index + 1}`;
    $('satNote').textContent = `${notes.join('; ')}. Every number here comes from the module: the axes from sat.explain(), the answer from sat.collide() / sat.distance().`;
    updateStepCard(r);
  }

  /** The step-through card: what the test does at the current stage, in the module's numbers. */
  function updateStepCard(r: PairResult): void {
    const card = $('stepCard');
    const N = r.axes.length;
    ($('stepPrev') as HTMLButtonElement).disabled = stage === null || stage === 0;
    ($('stepNext') as HTMLButtonElement).disabled = stage === null || stage > N;
    ($('stepExit') as HTMLButtonElement).disabled = stage === null;
    card.dataset.stage = stage === null ? '' : String(stage);
    if (stage === null) {
      card.innerHTML = 'Press “step through” to walk the test.';
      card.dataset.axis = '';
      return;
    }
    const e = r.explanation;
    if (stage === 0) {
      card.dataset.axis = '';
      card.innerHTML = `<b>Step 0 · bounding boxes.</b> ${e.aabbOverlap ? 'The boxes around A and B overlap, so SAT has to look closer.' : 'The boxes around A and B do not even overlap: a World\'s broad phase rejects the pair here and no axis is tested.'}`;
      return;
    }
    if (stage <= N) {
      const ax = r.axes[stage - 1];
      let best = 0;
      for (let k = 1; k < stage; k++) if (-r.axes[k].overlap > -r.axes[best].overlap) best = k;
      const sepNow = -ax.overlap;
      card.dataset.axis = ax.name;
      card.innerHTML = `<b>Axis ${stage} of ${N} · ${ax.name}</b> (${ax.source}).<br>A projects to [${fmt(ax.minA, 2)}, ${fmt(ax.maxA, 2)}], B to [${fmt(ax.minB, 2)}, ${fmt(ax.maxB, 2)}].<br>Separation ${fmt(sepNow, 3)}: ${sepNow > e.tolerance ? `<b style="color:${COLORS.gap}">a gap: this axis separates them</b> (collide() stops at the first such face)` : `<b style="color:${COLORS.overlap}">overlap ${fmt(ax.overlap, 3)}</b>`}.<br>Largest separation so far: ${fmt(-r.axes[best].overlap, 3)} on ${r.axes[best].name}.`;
      return;
    }
    const d = r.axes[r.deciding];
    card.dataset.axis = d.name;
    card.innerHTML = e.overlap
      ? `<b>Decided by ${d.name}</b>: the largest separation, ${fmt(-d.overlap, 3)}, is not a gap, so they overlap. MTV: move B by depth ${fmt(e.depth, 3)} along (${fmt(e.normal.x, 3)}, ${fmt(e.normal.y, 3)}).`
      : `<b>Decided by ${d.name}</b>: a gap of ${fmt(-d.overlap, 3)} along (${fmt(e.normal.x, 3)}, ${fmt(e.normal.y, 3)}), so they are apart.`;
  }

  $('stepStart').addEventListener('click', () => setStage(0));
  $('stepPrev').addEventListener('click', () => setStage(Math.max(0, (stage ?? 0) - 1)));
  $('stepNext').addEventListener('click', () => setStage(Math.min((result?.axes.length ?? 0) + 1, (stage ?? -1) + 1)));
  $('stepExit').addEventListener('click', () => setStage(null));
  function setStage(k: number | null): void {
    stage = k;
    dirty = true;
    if (result) updatePanel(result);
  }

  panel.addEventListener('pointerover', onRowHover);
  panel.addEventListener('pointerleave', () => setHover(null));
  function onRowHover(e: Event): void {
    const row = (e.target as HTMLElement).closest<HTMLElement>('tr[data-axis]');
    setHover(row ? row.dataset.axis! : null);
  }
  function setHover(name: string | null): void {
    if (name !== hoveredAxis) {
      hoveredAxis = name;
      dirty = true;
    }
  }

  // ---- input ----------------------------------------------------------------------------------------------------

  const canvas = view.canvas;
  function bodyAt(p: Vec2): Body | null {
    const w = view.toWorld(p.x, p.y);
    for (const b of [bodies[1], bodies[0]]) {
      if (b.parts.some((s) => sat.containsPoint(s, b.xf, w))) return b;
    }
    return null;
  }
  function handleAt(p: Vec2): Body | null {
    for (const b of [bodies[1], bodies[0]]) {
      const h = handlePos(b);
      if (Math.hypot(h.x - p.x, h.y - p.y) < 16) return b;
    }
    return null;
  }
  function axisAt(p: Vec2): string | null {
    if (!result) return null;
    let best: string | null = null;
    let bestD = 10;
    for (const ax of result.axes) {
      const [a, b] = axisMarker(ax);
      const ab = { x: b.x - a.x, y: b.y - a.y };
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y)));
      const d = Math.hypot(a.x + ab.x * t - p.x, a.y + ab.y * t - p.y);
      if (d < bestD) {
        bestD = d;
        best = ax.name;
      }
    }
    return best;
  }

  const onDown = (e: PointerEvent) => {
    const p = view.eventPos(e);
    pointer = p;
    if (drawing) {
      const pts = drawing.points;
      if (pts.length >= 3) {
        const first = view.toScreen(pts[0]);
        if (Math.hypot(first.x - p.x, first.y - p.y) < 12) {
          finishDrawing();
          return;
        }
      }
      pts.push(view.toWorld(p.x, p.y));
      dirty = true;
      return;
    }
    const h = handleAt(p);
    const b = h ?? bodyAt(p);
    if (!b) {
      // Touch has no hover: a tap on an axis arrow selects it, a tap elsewhere goes back to the default axis.
      setHover(axisAt(p));
      return;
    }
    const w = view.toWorld(p.x, p.y);
    drag = {
      body: b,
      mode: h ? 'rotate' : 'move',
      dx: b.xf.x - w.x,
      dy: b.xf.y - w.y,
      angle0: b.xf.angle,
      pointerAngle0: Math.atan2(w.y - b.xf.y, w.x - b.xf.x),
    };
    canvas.setPointerCapture(e.pointerId);
    canvas.style.cursor = 'grabbing';
    e.preventDefault();
  };
  const onMove = (e: PointerEvent) => {
    const p = view.eventPos(e);
    pointer = p;
    if (drawing) {
      dirty = true;
      return;
    }
    if (drag) {
      const w = view.toWorld(p.x, p.y);
      const b = drag.body;
      if (drag.mode === 'move') {
        const v = view.visible();
        b.xf.x = Math.max(v.x0, Math.min(v.x1, w.x + drag.dx));
        b.xf.y = Math.max(v.y0, Math.min(v.y1, w.y + drag.dy));
      } else {
        b.xf.angle = drag.angle0 + Math.atan2(w.y - b.xf.y, w.x - b.xf.x) - drag.pointerAngle0;
      }
      dirty = true;
      return;
    }
    if (e.pointerType !== 'mouse') return;
    const ax = axisAt(p);
    setHover(ax);
    canvas.style.cursor = ax ? 'help' : handleAt(p) ? 'alias' : bodyAt(p) ? 'grab' : 'default';
  };
  const onUp = (e: PointerEvent) => {
    if (drag) {
      drag = null;
      canvas.style.cursor = 'default';
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    }
  };
  const onWheel = (e: WheelEvent) => {
    const b = bodyAt(view.eventPos(e));
    if (!b) return;
    e.preventDefault();
    b.xf.angle -= e.deltaY * 0.003;
    dirty = true;
  };
  const onLeave = (e: PointerEvent) => {
    pointer = null;
    if (!drag && e.pointerType === 'mouse') setHover(null);
  };
  // Keyboard: arrows move B (with Shift: A), Q / E rotate it.
  const onKey = (e: KeyboardEvent) => {
    const b = bodies[e.shiftKey ? 0 : 1];
    const step = 0.25;
    const moves: Record<string, [number, number, number]> = {
      ArrowLeft: [-step, 0, 0], ArrowRight: [step, 0, 0], ArrowUp: [0, step, 0], ArrowDown: [0, -step, 0],
      q: [0, 0, 0.08], Q: [0, 0, 0.08], e: [0, 0, -0.08], E: [0, 0, -0.08],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    b.xf.x += m[0];
    b.xf.y += m[1];
    b.xf.angle += m[2];
    dirty = true;
  };
  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', onKey);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('wheel', onWheel, { passive: false });

  for (const b of bodies) rebuild(b);
  let lastSize = '';
  let layout = '';
  /** Landscape: the shapes side by side; portrait (phones): one above the other, zoomed in. */
  function arrange(): void {
    const tall = view.height > view.width * 1.1;
    const key = tall ? 'tall' : 'wide';
    if (key === layout) return;
    const first = layout === '';
    layout = key;
    if (tall) view.fit(-6, -8.5, 6, 8.5);
    else view.fit(-10, -6.5, 10, 6.5);
    if (first && tall) {
      bodies[0].xf = { x: -1, y: 3.4, angle: 0.2 };
      bodies[1].xf = { x: 1, y: -3.2, angle: -0.35 };
    }
    const v = view.visible();
    for (const b of bodies) {
      b.xf.x = Math.max(v.x0 + 1, Math.min(v.x1 - 1, b.xf.x));
      b.xf.y = Math.max(v.y0 + 1, Math.min(v.y1 - 1, b.xf.y));
    }
  }

  /** The answer, large, in the canvas corner (on phones the panel is below the fold). */
  function drawBadge(ctx: CanvasRenderingContext2D, r: PairResult): void {
    const text = r.overlap ? `OVERLAPPING · depth ${fmt(r.manifold!.depth, 2)}` : `APART${r.sepAxis ? ` · axis ${r.sepAxis.name} separates them` : ''}`;
    ctx.font = 'bold 15px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 20;
    ctx.fillStyle = r.overlap ? '#fde8e8' : '#e3f5eb';
    ctx.beginPath();
    ctx.roundRect(10, 10, w, 30, 6);
    ctx.fill();
    ctx.fillStyle = r.overlap ? COLORS.overlap : COLORS.gap;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 20, 25);
  }

  return {
    // Nothing moves by itself here: the pair is recomputed when a shape is dragged, turned or replaced.
    update() {},
    perf: null,
    draw() {
      const size = `${view.width}x${view.height}`;
      if (size !== lastSize) {
        lastSize = size;
        arrange();
        dirty = true;
      }
      if (!dirty) return;
      dirty = false;
      result = compute();
      const ctx = view.ctx;
      view.clear();
      drawGrid(ctx);
      drawBody(ctx, bodies[0], result.partA);
      drawBody(ctx, bodies[1], result.partB);
      const sel = selectedAxis(result);
      drawAxes(ctx, result, sel);
      if (sel) drawProjection(ctx, result, sel);
      drawResult(ctx, result);
      if (stage === 0 || !result.explanation.aabbOverlap) drawBoxes(ctx, result);
      if (drawing) drawOutlineInProgress(ctx);
      else drawBadge(ctx, result);
      updatePanel(result);
    },
    dispose() {
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onUp);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('wheel', onWheel);
      for (const b of bodies) for (const s of b.parts) s.dispose();
      panel.innerHTML = '';
    },
    hooks: {
      get overlap() {
        return result?.overlap ?? null;
      },
      get depth() {
        return result?.manifold?.depth ?? 0;
      },
      get normal() {
        return result?.manifold?.normal ?? null;
      },
      get contacts() {
        return result?.manifold?.contacts ?? [];
      },
      get separatingAxis() {
        return result?.sepAxis ? { name: result.sepAxis.name, source: result.sepAxis.source, gap: -result.sepAxis.overlap } : null;
      },
      get axes() {
        return result?.axes.map((a) => ({ name: a.name, overlap: a.overlap })) ?? [];
      },
      /** Client (page) coordinates of a body's origin, for tests that drag it. */
      clientPosition(name: 'A' | 'B'): Vec2 {
        const b = bodies[name === 'A' ? 0 : 1];
        const r = canvas.getBoundingClientRect();
        const s = view.toScreen(b.xf);
        return { x: r.left + s.x, y: r.top + s.y };
      },
      bodyKinds() {
        return bodies.map((b) => `${b.kind}:${b.parts.length}`);
      },
      /** Client (page) coordinates of the middle of an axis arrow. */
      axisClientPosition(name: string): Vec2 | null {
        const ax = result?.axes.find((a) => a.name === name);
        if (!ax) return null;
        const [a, b] = axisMarker(ax);
        const r = canvas.getBoundingClientRect();
        return { x: r.left + (a.x + b.x) / 2, y: r.top + (a.y + b.y) / 2 };
      },
      /** The axis whose projections are drawn (hovered, else the MTV or separating axis). */
      get selectedAxis() {
        const a = result ? selectedAxis(result) : null;
        return a ? { name: a.name, overlap: a.overlap } : null;
      },
      get minAxis() {
        return result?.minAxis ? { name: result.minAxis.name, overlap: result.minAxis.overlap } : null;
      },
      /** The module's explanation of the pair shown: axis names in order, the deciding one, AABB and cache flags. */
      get explanation() {
        if (!result) return null;
        const e = result.explanation;
        return { axes: result.axes.map((a) => a.name), deciding: result.axes[result.deciding].name, overlap: e.overlap, depth: e.depth, aabbOverlap: e.aabbOverlap, cacheHit: e.cacheHit };
      },
      /** Step-through state: the stage (null: off) and the axis its card names. */
      get step() {
        const card = panel.querySelector<HTMLElement>('#stepCard')!;
        return { stage, axis: card.dataset.axis ?? '', text: card.textContent ?? '' };
      },
      /** Places a shape (world units, radians) and recomputes at once; returns what the panel then shows. */
      setPose(name: 'A' | 'B', x: number, y: number, angle: number) {
        bodies[name === 'A' ? 0 : 1].xf = { x, y, angle };
        result = compute();
        updatePanel(result);
        dirty = true;
        return {
          overlap: result.overlap,
          depth: result.manifold?.depth ?? 0,
          minAxis: result.minAxis ? { name: result.minAxis.name, overlap: result.minAxis.overlap } : null,
          sepAxis: result.sepAxis ? { name: result.sepAxis.name, gap: -result.sepAxis.overlap } : null,
          minOverlap: Math.min(...result.axes.map((a) => a.overlap)),
        };
      },
    },
  };
}
