// The web board's page: draws a game from its data (game.json), steps through its turns,
// pans and zooms by mouse, keys and touch, and follows the game live (Server-Sent Events).
// Plain JavaScript, no build step, nothing fetched from elsewhere.

const body = document.body;
const token = body.dataset.token;
const V = body.dataset.version;
const lang = body.dataset.lang;
const S = JSON.parse(document.getElementById("strings").textContent);
const $ = (id) => document.getElementById(id);
const fmt = (s, args) => s.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
const el = (tag, cls) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
};

/** CSS pixels per cell at zoom 1. */
const C = 96;
const board = $("board");
const world = $("world");
const slider = $("turn");

let view = null;
let frame = 0;
/** Tiles left of each kind at each frame (the frames give what changed). */
let counts = [];
const tileEls = new Map();
const layer = el("img", "layer");
layer.alt = "";
layer.draggable = false;
let marks = [];
const cam = { x: 0, y: 0, s: 1 };

function apply() {
  world.style.transform = `translate(${cam.x}px, ${cam.y}px) scale(${cam.s})`;
}

function tileKey(t) {
  return t.join(",");
}

function tileEl(t, i) {
  const key = tileKey(t) + "#" + i;
  let e = tileEls.get(key);
  if (!e) {
    const [id, x, y, r, g] = t;
    e = el("img", "tile");
    e.src = `/art/${V}/tile/${g ? "g" : "p"}/${encodeURIComponent(id)}.png`;
    e.alt = `${id} ${x},${y}`;
    e.draggable = false;
    e.dataset.tile = id;
    e.dataset.at = `${x},${y}`;
    e.dataset.index = String(i);
    e.style.left = `${x * C}px`;
    e.style.top = `${y * C}px`;
    e.style.width = `${C}px`;
    e.style.height = `${C}px`;
    e.style.transform = `rotate(${r * 90}deg)`;
    tileEls.set(key, e);
  }
  return e;
}

/** Shows frame `k`: its tiles, figures, outlines, panel and line. */
function show(k) {
  if (!view) return;
  const last = view.frames.length - 1;
  frame = Math.max(0, Math.min(k, last));
  const f = view.frames[frame];
  // Exactly the tiles placed by then.
  const want = new Set();
  view.tiles.slice(0, f.n).forEach((t, i) => {
    const e = tileEl(t, i);
    want.add(e);
    if (e.parentNode !== world) world.insertBefore(e, layer.parentNode === world ? layer : null);
  });
  for (const e of [...world.querySelectorAll("img.tile")]) if (!want.has(e)) e.remove();
  // The figures, drawn by the server as on the pictures.
  layer.src = `/g/${token}/layer/${view.rev}/${frame}.png`;
  layer.style.left = `${f.lo[0] * C}px`;
  layer.style.top = `${f.lo[1] * C}px`;
  layer.style.width = `${(f.hi[0] - f.lo[0] + 1) * C}px`;
  layer.style.height = `${(f.hi[1] - f.lo[1] + 1) * C}px`;
  if (layer.parentNode !== world) world.appendChild(layer);
  // The last round's moves, each in its player's colour with its number.
  for (const m of marks) m.remove();
  marks = [];
  const round = [];
  for (let j = frame; j > 0 && round.length < view.seats.length; j--) {
    const a = view.frames[j];
    const b = view.frames[j - 1];
    if (a.n > b.n && a.seat !== null) round.unshift([a.n - 1, a.seat]);
  }
  round.forEach(([i, seat], order) => {
    const t = view.tiles[i];
    const m = el("div", "recent");
    m.style.left = `${t[1] * C}px`;
    m.style.top = `${t[2] * C}px`;
    m.style.width = `${C}px`;
    m.style.height = `${C}px`;
    m.style.borderColor = view.seats[seat].hex;
    const badge = el("span", "badge");
    badge.textContent = String(order + 1);
    badge.style.borderColor = view.seats[seat].hex;
    m.appendChild(badge);
    world.appendChild(m);
    marks.push(m);
  });
  // On the last frame, the cells a set's own step waits on (an abbey's holes, a wagon's tiles).
  if (frame === last) {
    for (const [x, y] of view.asked || []) {
      const m = el("div", "asked");
      m.style.left = `${x * C}px`;
      m.style.top = `${y * C}px`;
      m.style.width = `${C}px`;
      m.style.height = `${C}px`;
      world.appendChild(m);
      marks.push(m);
    }
  }
  panel(f);
  $("line").textContent = f.line;
  slider.max = String(last);
  slider.value = String(frame);
  $("turnno").textContent = frame === 0 ? S["web-start"] : fmt(S["web-turn"], { n: frame, total: last });
  $("prev").disabled = frame === 0;
  $("next").disabled = frame === last;
  body.dataset.frame = String(frame);
  body.dataset.tiles = String(f.n);
}

// Icons with counts (what a seat holds, what lies on the table) into `box`.
function held(box, items) {
  for (const [sprite, n] of items || []) {
    const h = el("span", "held");
    const img = el("img");
    img.src = `/art/${V}/sprite/${view.sprites[sprite]}.png`;
    img.alt = "";
    const c = el("span");
    c.textContent = String(n);
    h.append(img, c);
    box.appendChild(h);
  }
}

function panel(f) {
  const seats = $("seats");
  seats.replaceChildren();
  view.seats.forEach((s, i) => {
    const li = el("li", "seat");
    li.style.borderLeftColor = s.hex;
    const icon = el("img", "icon");
    icon.src = `/art/${V}/sprite/${s.icon}.png`;
    icon.alt = s.colour;
    const name = el("span", "name");
    name.textContent = s.name;
    const score = el("span", "score");
    score.textContent = String(f.scores[i] ?? 0);
    score.dataset.seat = String(i);
    const hold = el("span", "hold");
    held(hold, f.hold[i]);
    li.append(icon, name, score, hold);
    seats.appendChild(li);
  });
  $("left").textContent = fmt(S["web-tiles-left"], { n: f.left });
  $("left").dataset.left = String(f.left);
  // What the sets keep on the table for all (the bag of sheep).
  const table = $("table");
  table.replaceChildren();
  held(table, f.table);
  table.hidden = !(f.table && f.table.length);
  const list = $("kindlist");
  list.replaceChildren();
  view.kinds.forEach((id, i) => {
    const n = counts[frame][i] || 0;
    if (!n) return;
    const k = el("span", "kind");
    const img = el("img");
    img.src = `/art/${V}/tile/p/${encodeURIComponent(id)}.png`;
    img.alt = id;
    img.loading = "lazy";
    const c = el("span");
    c.textContent = `×${n}`;
    k.append(img, c);
    list.appendChild(k);
  });
}

/** Frames the placed tiles (the whole board, or on a small screen the last move). */
function fit(opening) {
  if (!view || !view.tiles.length) return;
  const f = view.frames[frame];
  const shown = view.tiles.slice(0, Math.max(1, f.n));
  const xs = shown.map((t) => t[1]);
  const ys = shown.map((t) => t[2]);
  const lo = [Math.min(...xs) - 0.5, Math.min(...ys) - 0.5];
  const hi = [Math.max(...xs) + 1.5, Math.max(...ys) + 1.5];
  const w = board.clientWidth;
  const h = board.clientHeight;
  let s = Math.min(w / ((hi[0] - lo[0]) * C), h / ((hi[1] - lo[1]) * C), 1.5);
  // Cells too small to read: open at a readable size around the last move (a phone needs
  // larger cells than a desktop screen).
  const least = (w < 700 ? 44 : 30) / C;
  if (opening && s < least) {
    s = least;
    const t = shown[shown.length - 1];
    cam.s = s;
    cam.x = w / 2 - (t[1] + 0.5) * C * s;
    cam.y = h / 2 - (t[2] + 0.5) * C * s;
    apply();
    return;
  }
  s = Math.max(s, 0.05);
  cam.s = s;
  cam.x = w / 2 - ((lo[0] + hi[0]) / 2) * C * s;
  cam.y = h / 2 - ((lo[1] + hi[1]) / 2) * C * s;
  apply();
}

function zoomAt(px, py, factor) {
  const s = Math.max(0.05, Math.min(4, cam.s * factor));
  cam.x = px - ((px - cam.x) * s) / cam.s;
  cam.y = py - ((py - cam.y) * s) / cam.s;
  cam.s = s;
  apply();
}

function pan(dx, dy) {
  cam.x += dx;
  cam.y += dy;
  apply();
}

/** What lies at a point of the board (client coordinates), as text. */
function infoAt(cx, cy) {
  if (!view) return null;
  const r = board.getBoundingClientRect();
  const wx = (cx - r.left - cam.x) / cam.s / C;
  const wy = (cy - r.top - cam.y) / cam.s / C;
  const x = Math.floor(wx);
  const y = Math.floor(wy);
  const f = view.frames[frame];
  const i = view.tiles.slice(0, f.n).findIndex((t) => t[1] === x && t[2] === y);
  if (i < 0) return null;
  const t = view.tiles[i];
  let turn = 0;
  while (turn < view.frames.length && view.frames[turn].n <= i) turn++;
  const lines = [fmt(S["web-tile"], { tile: t[0], x, y, turn })];
  const placer = view.frames[turn] && view.frames[turn].seat;
  if (placer !== null && placer !== undefined && view.seats[placer]) lines[0] += ` · ${view.seats[placer].name}`;
  const on = f.on.filter(([ti]) => ti === i).map(([, words]) => words);
  lines.push(...(on.length ? on : [S["web-nothing"]]));
  return lines;
}

function showInfo(cx, cy) {
  const box = $("info");
  const lines = infoAt(cx, cy);
  if (!lines) {
    box.hidden = true;
    return;
  }
  box.replaceChildren(...lines.map((l) => {
    const p = el("p");
    p.textContent = l;
    return p;
  }));
  box.hidden = false;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  box.style.left = `${Math.max(4, Math.min(cx + 12, window.innerWidth - w - 4))}px`;
  box.style.top = `${Math.max(4, Math.min(cy + 12, window.innerHeight - h - 4))}px`;
}

// Pointers: one drags, two pinch; a touch that does not move shows what is on the tile.
const pointers = new Map();
let moved = 0;
let pinch = null;
board.addEventListener("pointerdown", (e) => {
  try {
    board.setPointerCapture(e.pointerId);
  } catch {
    // A pointer the browser does not track (made up by a script): follow it without capture.
  }
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  moved = 0;
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  }
});
board.addEventListener("pointermove", (e) => {
  const p = pointers.get(e.pointerId);
  if (!p) {
    if (e.pointerType === "mouse") showInfo(e.clientX, e.clientY);
    return;
  }
  const dx = e.clientX - p.x;
  const dy = e.clientY - p.y;
  p.x = e.clientX;
  p.y = e.clientY;
  moved += Math.abs(dx) + Math.abs(dy);
  if (pointers.size === 1) {
    pan(dx, dy);
  } else if (pointers.size === 2 && pinch) {
    const [a, b] = [...pointers.values()];
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const r = board.getBoundingClientRect();
    pan(mx - pinch.mx, my - pinch.my);
    if (pinch.d > 0) zoomAt(mx - r.left, my - r.top, d / pinch.d);
    pinch = { d, mx, my };
  }
  $("info").hidden = true;
});
const release = (e) => {
  const was = pointers.size;
  pointers.delete(e.pointerId);
  if (pointers.size < 2) pinch = null;
  if (was === 1 && moved < 6 && e.type === "pointerup") showInfo(e.clientX, e.clientY);
};
board.addEventListener("pointerup", release);
board.addEventListener("pointercancel", release);
board.addEventListener("pointerleave", (e) => {
  if (e.pointerType === "mouse" && !pointers.size) $("info").hidden = true;
});
board.addEventListener(
  "wheel",
  (e) => {
    e.preventDefault();
    const r = board.getBoundingClientRect();
    zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * 0.0015));
  },
  { passive: false },
);

// Keys: ◀ ▶ step through the turns, Shift with arrows (or ↑ ↓) pans, + − zoom, 0 fits.
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  const step = 80;
  const mid = () => [board.clientWidth / 2, board.clientHeight / 2];
  switch (e.key) {
    case "ArrowLeft":
      if (e.shiftKey) pan(step, 0);
      else show(frame - 1);
      break;
    case "ArrowRight":
      if (e.shiftKey) pan(-step, 0);
      else show(frame + 1);
      break;
    case "ArrowUp":
      pan(0, step);
      break;
    case "ArrowDown":
      pan(0, -step);
      break;
    case "Home":
      show(0);
      break;
    case "End":
      show(Infinity);
      break;
    case "+":
    case "=":
      zoomAt(...mid(), 1.25);
      break;
    case "-":
      zoomAt(...mid(), 0.8);
      break;
    case "0":
      fit(false);
      break;
    default:
      return;
  }
  e.preventDefault();
});

slider.addEventListener("input", () => show(Number(slider.value)));
$("prev").addEventListener("click", () => show(frame - 1));
$("next").addEventListener("click", () => show(frame + 1));
$("zin").addEventListener("click", () => zoomAt(board.clientWidth / 2, board.clientHeight / 2, 1.25));
$("zout").addEventListener("click", () => zoomAt(board.clientWidth / 2, board.clientHeight / 2, 0.8));
$("fit").addEventListener("click", () => fit(false));
$("lang").addEventListener("change", (e) => {
  const u = new URL(location.href);
  u.searchParams.set("lang", e.target.value);
  location.href = u.toString();
});

function gone() {
  $("status").textContent = S["web-gone"];
  $("conn").textContent = "";
  body.dataset.gone = "1";
  if (events) events.close();
}

let loading = null;
let again = false;
/** Reads the game's data again and shows it; a page on the last turn follows new turns. */
async function load() {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    try {
      const r = await fetch(`/g/${token}/game.json?lang=${encodeURIComponent(lang)}`, { cache: "no-store" });
      if (r.status === 404) return gone();
      if (!r.ok) return;
      const v = await r.json();
      const opening = !view;
      const atEnd = !view || frame >= view.frames.length - 1;
      view = v;
      let now = v.kinds.map(() => 0);
      counts = v.frames.map((f) => {
        now = now.slice();
        for (const [k, n] of f.count) now[k] = n;
        return now;
      });
      $("status").textContent = v.status;
      body.dataset.rev = v.rev;
      show(atEnd ? v.frames.length - 1 : frame);
      if (opening) fit(true);
      if (!v.live && events) {
        events.close();
        $("conn").textContent = "";
      }
    } finally {
      loading = null;
    }
  })();
  await loading;
  if (again) {
    again = false;
    await load();
  }
}

let events = null;
function follow() {
  events = new EventSource(`/g/${token}/events`);
  events.addEventListener("rev", (e) => {
    $("conn").textContent = view && view.live === false ? "" : `● ${S["web-live"]}`;
    $("conn").className = "live";
    if (!view || e.data !== view.rev) load();
  });
  events.addEventListener("gone", gone);
  events.onerror = () => {
    if (body.dataset.gone) return;
    $("conn").textContent = S["web-reconnecting"];
    $("conn").className = "lost";
  };
}

window.addEventListener("resize", () => {
  if (view && !pointers.size) apply();
});
load().then(follow);
