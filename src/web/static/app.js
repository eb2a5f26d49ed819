// The web board's page: draws a game from its data (game.json), steps through its turns,
// pans and zooms by mouse, keys and touch, and follows the game live (Server-Sent Events).
// On a seat's personal page (`/p/<secret>`) it also takes that seat's turns: the cells where
// the drawn tile fits, its legal rotations, the figure and the sets' choices, each sent only
// when confirmed. Plain JavaScript, no build step, nothing fetched from elsewhere.

const body = document.body;
const token = body.dataset.token;
const V = body.dataset.version;
/** The prefix of every path: none, or the one Discord's proxy serves the Activity under. */
const R = body.dataset.activity && location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
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
  // What keeps a target the same size on screen at every zoom.
  world.style.setProperty("--inv", String(1 / cam.s));
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
    e.src = `${R}/art/${V}/tile/${g ? "g" : "p"}/${encodeURIComponent(id)}.png`;
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
  layer.src = `${R}/g/${token}/layer/${view.rev}/${frame}.png`;
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
  if (frame === last) showPlay();
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
    img.src = `${R}/art/${V}/sprite/${view.sprites[sprite]}.png`;
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
    icon.src = `${R}/art/${V}/sprite/${s.icon}.png`;
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
    img.src = `${R}/art/${V}/tile/p/${encodeURIComponent(id)}.png`;
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
  if (was === 1 && moved < 6 && e.type === "pointerup") {
    if (tapAt(e.clientX, e.clientY)) return;
    showInfo(e.clientX, e.clientY);
  }
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

// Keys: ◀ ▶ step through the turns, Shift with arrows (or ↑ ↓) pans, + − zoom, 0 fits; on the
// seat's turn arrows take the tile from cell to cell (playKey).
document.addEventListener("keydown", (e) => {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  if (playKey(e)) {
    e.preventDefault();
    return;
  }
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
      const r = await fetch(`${R}/g/${token}/game.json?lang=${encodeURIComponent(lang)}`, { cache: "no-store" });
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
      if (!v.live) loadReview();
      if (v.tournament) loadTournament();
      if (playing) readTurn();
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

// ---- A finished game's review: its turning points marked on the slider, the computer's move
// drawn on the board when one is picked. ----

let review = null;
async function loadReview() {
  if (review) return;
  review = { points: [] };
  try {
    const r = await fetch(`${R}/g/${token}/review.json?lang=${encodeURIComponent(lang)}`, { cache: "no-store" });
    if (!r.ok) return;
    review = await r.json();
  } catch {
    return;
  }
  if (!review.points.length) return;
  const ticks = el("datalist");
  ticks.id = "turning";
  for (const p of review.points) {
    const o = el("option");
    o.value = String(p.turn);
    ticks.appendChild(o);
  }
  body.appendChild(ticks);
  slider.setAttribute("list", "turning");
  const box = el("section");
  box.id = "review";
  const say = el("p");
  say.textContent = S["web-review"];
  const list = el("ol");
  review.points.forEach((p, i) => {
    const li = el("li");
    const b = el("button");
    b.type = "button";
    b.dataset.point = String(i);
    b.dataset.turn = String(p.turn);
    b.textContent = p.line.replace(/\*\*/g, "");
    b.style.borderLeftColor = view.seats[p.seat] ? view.seats[p.seat].hex : "";
    b.addEventListener("click", () => suggest(p));
    li.appendChild(b);
    list.appendChild(li);
  });
  box.append(say, list);
  document.querySelector(".steps").after(box);
  body.dataset.review = String(review.points.length);
}

// ---- A tournament table's page: the tournament's standings and its round's tables, read
// again as the game changes. ----

async function loadTournament() {
  let t;
  try {
    const r = await fetch(`${R}/g/${token}/tournament.json?lang=${encodeURIComponent(lang)}`, { cache: "no-store" });
    if (!r.ok) return;
    t = await r.json();
  } catch {
    return;
  }
  if (!t.name) return;
  let box = document.getElementById("tournament");
  if (!box) {
    box = el("section");
    box.id = "tournament";
    document.querySelector(".steps").after(box);
  }
  box.textContent = "";
  const head = el("h2");
  head.textContent = fmt(S["web-tournament"], { name: t.name });
  const about = el("p");
  about.textContent = `${t.about} · ${fmt(S["web-tournament-round"], { round: t.round, rounds: t.rounds })}`;
  box.append(head, about);
  if (t.winner) {
    const w = el("p", "winner");
    w.textContent = fmt(S["web-tournament-winner"], { name: t.winner });
    box.appendChild(w);
  }
  const table = el("ol", "standings");
  for (const [rank, name, points, buchholz, diff, dropped] of t.standings) {
    const li = el("li");
    li.value = rank;
    li.textContent = `${name}: ${points} · ${buchholz} · ${diff > 0 ? "+" : ""}${diff}${dropped ? " ✕" : ""}`;
    table.appendChild(li);
  }
  box.appendChild(table);
  box.appendChild(tableList(t.tables, []));
  t.earlier.forEach((r, i) => {
    const d = el("details", "earlier");
    const sum = el("summary");
    sum.textContent = fmt(S["web-tournament-earlier"], { round: t.round - 1 - i });
    d.append(sum, tableList(r.tables, r.byes));
    box.appendChild(d);
  });
  body.dataset.tournament = String(t.standings.length);
}

/** A round's tables (each linked to its Discord thread; this game's in bold) and its byes. */
function tableList(tables, byes) {
  const list = el("ul", "tables");
  for (const tb of tables) {
    const li = el("li");
    const who = tb.names.map((n, k) =>
      `${n}${tb.scores.length ? ` ${tb.scores[k]}` : ""}${tb.forfeit[k] ? " ✕" : ""}`);
    const text = `${who.join(" · ")}${tb.decided ? " ✓" : ""}`;
    if (tb.thread) {
      const a = el("a");
      a.href = tb.thread;
      a.target = "_blank";
      a.rel = "noopener";
      a.textContent = text;
      li.appendChild(a);
    } else {
      li.textContent = text;
    }
    if (tb.here) li.className = "here";
    list.appendChild(li);
  }
  if (byes.length) {
    const li = el("li", "bye");
    li.textContent = fmt(S["web-tournament-bye"], { names: byes.join(", ") });
    list.appendChild(li);
  }
  return list;
}

/** Shows the position before turning point `p`, with the tile the computer would have placed. */
function suggest(p) {
  show(p.turn - 1);
  if (!p.tile) return;
  const [id, x, y, r] = p.tile;
  const g = el("img", "ghost");
  g.src = `${R}/art/${V}/tile/p/${encodeURIComponent(id)}.png`;
  g.alt = fmt(S["web-review-move"], { gain: p.gain });
  g.draggable = false;
  g.style.left = `${x * C}px`;
  g.style.top = `${y * C}px`;
  g.style.width = `${C}px`;
  g.style.height = `${C}px`;
  g.style.transform = `rotate(${r * 90}deg)`;
  const seat = view.seats[p.seat];
  if (seat) g.style.outlineColor = seat.hex;
  const tag = el("span", "ghosttag");
  tag.textContent = fmt(S["web-review-move"], { gain: p.gain });
  tag.style.left = `${x * C}px`;
  tag.style.top = `${(y + 1) * C}px`;
  world.append(g, tag);
  // Gone with the next frame shown.
  marks.push(g, tag);
  body.dataset.suggested = `${x},${y}`;
  $("line").textContent = p.line.replace(/\*\*/g, "");
}

let events = null;
function follow() {
  events = new EventSource(`${R}/g/${token}/events`);
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

// ---- Playing: a seat's personal page. ----

/** The page's seat's secret (from its address; sent only in a header), or null. */
/** The seat's secret: in a personal page's address, or (in the Activity) in the tab's storage. */
function seatSecret() {
  if (!body.dataset.play) return null;
  if (!body.dataset.activity) return location.pathname.split("/")[2] || null;
  try {
    return sessionStorage.getItem("meeplebot-seat");
  } catch {
    return null;
  }
}
const secret = seatSecret();
const playing = !!secret;
/** What the seat may do now (`/play/turn`). */
let turnNow = null;
/** The move being made: a placement (cell and rotation), its choices, the choice taken. */
let pick = null;
let acts = null;
let chosen = null;
/** The number of the move being sent (kept until it is answered: a repeat is made once). */
let moveId = null;
let sending = false;
const playMarks = [];
/** When the last touch on the board picked something: the click that follows it is the same tap. */
let tapped = -Infinity;

/**
 * What the page says about the last request when it went wrong (a lost connection, a limit):
 * kept until the player acts again or the turn changes, over the step's own prompt.
 */
let kept = null;

/** Says the step's prompt (unless a message about the last request is held). */
function say(text) {
  if (kept === null) $("playsay").textContent = text;
}

/** Says what went wrong with the last request, and holds it there. */
function tell(text) {
  kept = text;
  $("playsay").textContent = text;
}

/** The player acts again: a held message has had its say. */
function act() {
  kept = null;
}

async function ask(path, data) {
  const r = await fetch(`${R}${path}?lang=${encodeURIComponent(lang)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Seat-Key": secret },
    body: JSON.stringify(data || {}),
    cache: "no-store",
  });
  let answer = {};
  try {
    answer = await r.json();
  } catch {
    // Not JSON (a limit's or a gateway's answer): its status says enough.
  }
  return { status: r.status, answer, wait: Number(r.headers.get("Retry-After")) || 0 };
}

/** How long to wait before asking again after a 429: its Retry-After, from 1 s to a minute. */
function retryAfter(got) {
  return Math.min(Math.max(got.wait, 1), 60) * 1000;
}

/** Reads what the seat may do now and shows it (the move being made starts again). */
async function readTurn() {
  if (!playing || sending) return;
  if (view && !view.live) {
    // The game is over: nothing more to play.
    turnNow = null;
    body.dataset.turn = "none";
    $("play").hidden = true;
    showPlay();
    return;
  }
  let got;
  try {
    got = await ask("/play/turn");
  } catch {
    tell(S["web-play-lost"]);
    return;
  }
  if (got.status === 404) {
    // The seat is no longer this link's to move (the game ended, the seat changed hands):
    // the page goes on showing the game.
    turnNow = null;
    body.dataset.turn = "none";
    $("play").hidden = true;
    showPlay();
    return;
  }
  if (got.status === 429) {
    // Over the link's limit: said, and read again once the limit allows.
    tell(S["web-play-slow"]);
    setTimeout(readTurn, retryAfter(got));
    return;
  }
  if (got.status !== 200) return;
  const changed = !turnNow || turnNow.version !== got.answer.version;
  turnNow = got.answer;
  if (changed) {
    kept = null;
    pick = null;
    acts = null;
    chosen = null;
  }
  $("play").hidden = false;
  body.dataset.turn = turnNow.you ? "you" : "wait";
  body.dataset.move = turnNow.version;
  if (turnNow.you && changed) show(Infinity);
  else showPlay();
}

/** The ways to place the tile at cell `c`: its plain rotations, then a set's ways (a bridge). */
function ways(c) {
  return [...c.r.map((r, i) => ({ r, s: c.s[i] || [] })), ...(c.w || []).map((w) => ({ r: w.r, way: w.id, label: w.label, s: w.s || [] }))];
}

/** The way of placing in hand. */
function way() {
  return ways(pick.cell)[pick.r];
}

/** What `scores` (seat and points) say: "+8 · Bob +4" (this seat first, without its name). */
function scoresText(scores) {
  if (!scores || !scores.length || !view) return "";
  const mine = scores.find((x) => x[0] === turnNow.seat);
  const parts = mine ? [`+${mine[1]}`] : [];
  for (const [seat, n] of scores) {
    if (seat !== turnNow.seat && view.seats[seat]) parts.push(`${view.seats[seat].name} +${n}`);
  }
  return parts.join(" · ");
}

function cellEl(c) {
  const m = el("div", "legal");
  m.style.left = `${c.x * C}px`;
  m.style.top = `${c.y * C}px`;
  m.style.width = `${C}px`;
  m.style.height = `${C}px`;
  m.dataset.legal = `${c.x},${c.y}`;
  m.tabIndex = 0;
  m.setAttribute("role", "button");
  m.setAttribute("aria-label", `${c.x},${c.y}`);
  m.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      if (pick && pick.cell === c) confirm();
      else choose(c);
    }
  });
  // A click made without a pointer (a script's, an assistive tool's).
  m.addEventListener("click", () => {
    if (performance.now() - tapped > 400) choose(c);
  });
  return m;
}

/** Shows the seat's take-back control, and another seat's request to take back a move. */
function showUndo() {
  const t = turnNow;
  $("undo").hidden = !t || !t.undo || !!pick || sending;
  const v = t && t.vote;
  $("vote").hidden = !v;
  $("agree").hidden = !v;
  $("refuse").hidden = !v;
  if (v) $("votesay").textContent = `${S["web-play-vote"].replace("{name}", v.asker)} `;
}

/** The number of the take-back request (or answer) being sent (kept until it is answered). */
let undoId = null;

/** Asks to take back the seat's last move (`agree` null), or answers another's request. */
async function undoAsk(agree) {
  if (!turnNow || sending) return;
  act();
  const body = {
    id: undoId === null ? (undoId = newMove()) : undoId,
    agree,
    turns: agree === null || !turnNow.vote ? 0 : turnNow.vote.turns,
  };
  sending = true;
  let got;
  try {
    got = await ask("/play/undo", body);
  } catch {
    sending = false;
    tell(S["web-play-lost"]);
    return;
  }
  sending = false;
  if (got.status === 429) {
    tell(S["web-play-slow"]);
    return;
  }
  undoId = null;
  const why = got.status === 200 ? S["web-play-sent"] : got.answer.error || S["web-play-changed"];
  turnNow = null;
  pick = null;
  acts = null;
  chosen = null;
  await readTurn();
  if (got.status === 200) say(why);
  else tell(why);
  if (got.status === 200) load();
}

/** Draws the seat's choices: the cells, the tile being placed, the choices and controls. */
function showPlay() {
  if (!playing) return;
  showUndo();
  for (const m of playMarks) m.remove();
  playMarks.length = 0;
  const t = turnNow;
  const last = view ? view.frames.length - 1 : 0;
  const mine = t && t.you && frame === last;
  const box = $("choices");
  box.replaceChildren();
  $("rotate").hidden = true;
  $("back").hidden = true;
  $("confirm").hidden = true;
  if (!t) return;
  if (!t.you) {
    say(S["web-play-wait"]);
    return;
  }
  if (!mine) return;
  if (!acts) {
    // Where the tile goes (or, for a set's step, its choices).
    for (const c of t.cells) {
      if (pick && pick.cell === c) continue;
      const m = cellEl(c);
      world.appendChild(m);
      playMarks.push(m);
    }
    if (pick) {
      const [name, other] = t.tile;
      const g = el("img", "ghost");
      g.src = `${R}/art/${V}/tile/${other ? "g" : "p"}/${encodeURIComponent(name)}.png`;
      g.alt = name;
      g.draggable = false;
      g.style.left = `${pick.cell.x * C}px`;
      g.style.top = `${pick.cell.y * C}px`;
      g.style.width = `${C}px`;
      g.style.height = `${C}px`;
      g.style.transform = `rotate(${way().r}deg)`;
      const w = way();
      g.dataset.placed = `${pick.cell.x},${pick.cell.y},${w.r}`;
      if (w.way !== undefined) {
        g.dataset.way = String(w.way);
        g.title = w.label;
        g.classList.add("way");
      }
      world.appendChild(g);
      playMarks.push(g);
      $("rotate").hidden = ways(pick.cell).length < 2;
      $("confirm").hidden = false;
      $("confirm").textContent = S["web-play-place"];
      $("back").hidden = false;
      say([S["web-play-choose"], w.label || "", scoresText(w.s)].filter((x) => x).join(" · "));
    } else if (t.cells.length) {
      say(S["web-play-you"]);
    }
    if (!pick) choiceButtons(t.choices);
    if (!pick && !t.cells.length) say(S["web-play-choose"]);
    if (!pick && chosen !== null) {
      $("confirm").hidden = false;
      $("confirm").textContent = S["web-play-confirm"];
    }
  } else {
    // The placement is made: the figure choices on it.
    const g = el("img", "ghost");
    const [name, other] = t.tile;
    g.src = `${R}/art/${V}/tile/${other ? "g" : "p"}/${encodeURIComponent(name)}.png`;
    g.alt = name;
    g.style.left = `${pick.cell.x * C}px`;
    g.style.top = `${pick.cell.y * C}px`;
    g.style.width = `${C}px`;
    g.style.height = `${C}px`;
    g.style.transform = `rotate(${way().r}deg)`;
    world.appendChild(g);
    playMarks.push(g);
    // Each figure's place as a target on the tile (several at one place side by side).
    const seen = new Map();
    for (const c of acts) {
      if (!c.at) continue;
      const key = c.at.join(",");
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      const t = el("button", "target");
      t.type = "button";
      t.dataset.choice = String(c.id);
      const points = scoresText(c.s);
      t.setAttribute("aria-label", points ? `${c.label} · ${points}` : c.label);
      t.title = t.getAttribute("aria-label");
      t.setAttribute("aria-pressed", chosen === c.id ? "true" : "false");
      t.style.left = `${(c.at[0] + n * 0.28) * C}px`;
      t.style.top = `${c.at[1] * C}px`;
      t.addEventListener("click", () => {
        if (performance.now() - tapped > 400) take(c.id);
      });
      world.appendChild(t);
      playMarks.push(t);
    }
    choiceButtons(acts);
    $("back").hidden = false;
    $("confirm").hidden = chosen === null;
    $("confirm").textContent = S["web-play-confirm"];
    say(S["web-play-choose"]);
  }
}

function choiceButtons(list) {
  const box = $("choices");
  for (const c of list) {
    const b = el("button", "choice");
    b.type = "button";
    const points = scoresText(c.s);
    b.textContent = points ? `${c.label} · ${points}` : c.label;
    b.dataset.choice = String(c.id);
    b.setAttribute("aria-pressed", chosen === c.id ? "true" : "false");
    b.addEventListener("click", () => take(c.id));
    box.appendChild(b);
  }
}

/** Takes choice `id` (sent when confirmed). */
function take(id) {
  act();
  chosen = id;
  showPlay();
  $("confirm").focus();
}

/** Picks cell `c` for the tile; picked again, the tile turns to its next legal rotation. */
function choose(c) {
  if (!turnNow || !turnNow.you || acts) return;
  act();
  if (pick && pick.cell === c) pick.r = (pick.r + 1) % ways(c).length;
  else pick = { cell: c, r: 0 };
  chosen = null;
  showPlay();
  keepVisible(c);
}

/** A tap on the board: on a cell where the tile fits (or on the tile placed), picks it. */
function tapAt(cx, cy) {
  if (!playing || !turnNow || !turnNow.you) return false;
  if (acts) {
    // A figure's target on the tile.
    const hit = document.elementFromPoint(cx, cy);
    const t = hit && hit.closest(".target");
    if (!t) return false;
    tapped = performance.now();
    take(Number(t.dataset.choice));
    return true;
  }
  if (!turnNow.cells.length) return false;
  const r = board.getBoundingClientRect();
  const x = Math.floor((cx - r.left - cam.x) / cam.s / C);
  const y = Math.floor((cy - r.top - cam.y) / cam.s / C);
  const c = turnNow.cells.find((c) => c.x === x && c.y === y);
  if (!c) return false;
  tapped = performance.now();
  choose(c);
  return true;
}

function newMove() {
  const a = crypto.getRandomValues(new Uint32Array(2));
  return (a[0] % 2 ** 21) * 2 ** 32 + a[1];
}

/** Confirms the step in hand: the placement (then its choices are asked), or the move. */
async function confirm() {
  if (!turnNow || !turnNow.you || sending) return;
  act();
  if (pick && !acts) {
    const place = [pick.cell.x, pick.cell.y, way().r];
    let got;
    try {
      got = await ask("/play/acts", { place, way: way().way ?? null });
    } catch {
      tell(S["web-play-lost"]);
      return;
    }
    if (got.status === 200) {
      acts = got.answer.choices;
      chosen = acts.length === 1 ? acts[0].id : null;
      showPlay();
    } else if (got.status === 429) {
      // The placement in hand stays: confirm again in a moment.
      tell(S["web-play-slow"]);
    } else {
      const why = got.answer.error || S["web-play-changed"];
      await readTurn();
      tell(why);
    }
    return;
  }
  if (chosen === null) return;
  const move = {
    version: turnNow.version,
    id: moveId === null ? (moveId = newMove()) : moveId,
    place: pick ? [pick.cell.x, pick.cell.y, way().r] : null,
    way: pick ? way().way ?? null : null,
    choice: chosen,
  };
  sending = true;
  $("confirm").disabled = true;
  let got;
  try {
    got = await ask("/play/move", move);
  } catch {
    // Nothing known: the same move (its number kept) may be sent again.
    sending = false;
    $("confirm").disabled = false;
    tell(S["web-play-lost"]);
    return;
  }
  sending = false;
  $("confirm").disabled = false;
  if (got.status === 429) {
    // Not made: the move in hand stays, to confirm again in a moment.
    tell(S["web-play-slow"]);
    return;
  }
  moveId = null;
  if (got.status === 200) {
    pick = null;
    acts = null;
    chosen = null;
    body.dataset.turn = "sent";
    say(S["web-play-sent"]);
    for (const m of playMarks) m.remove();
    playMarks.length = 0;
    $("choices").replaceChildren();
    $("confirm").hidden = true;
    $("rotate").hidden = true;
    $("back").hidden = true;
    load();
  } else {
    const why = got.answer.error || S["web-play-changed"];
    turnNow = null;
    await readTurn();
    tell(why);
  }
}

function back() {
  act();
  if (acts) acts = null;
  else pick = null;
  chosen = null;
  showPlay();
}

function rotate() {
  if (pick && !acts) choose(pick.cell);
}

/** Pans the board so that cell `c` is on screen (with half a cell to spare). */
function keepVisible(c) {
  const m = C * cam.s;
  const x = cam.x + c.x * m;
  const y = cam.y + c.y * m;
  const w = board.clientWidth;
  const h = board.clientHeight;
  const dx = x < 0 ? m / 2 - x : x + m > w ? w - x - 1.5 * m : 0;
  const dy = y < 0 ? m / 2 - y : y + m > h ? h - y - 1.5 * m : 0;
  if (dx || dy) pan(dx, dy);
}

/**
 * An arrow key on the seat's turn: the tile goes to the nearest marked cell that way from the
 * cell in hand (the first marked cell when none is), and the board follows it.
 */
function stepCell(key) {
  const cells = turnNow.cells;
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  let next = null;
  if (!pick) {
    next = cells[0];
  } else {
    let best = Infinity;
    for (const c of cells) {
      const ax = c.x - pick.cell.x;
      const ay = c.y - pick.cell.y;
      const along = ax * dx + ay * dy;
      if (along <= 0) continue;
      const d = along + 2 * Math.abs(ax * dy - ay * dx);
      if (d < best) {
        best = d;
        next = c;
      }
    }
  }
  if (!next) return;
  pick = null;
  choose(next);
}

/**
 * The keys of playing: arrows take the tile from marked cell to marked cell, R turns it, Enter
 * confirms, Escape steps back.
 */
function playKey(e) {
  if (!playing || !turnNow || !turnNow.you) return false;
  const t = e.target;
  if (t instanceof HTMLButtonElement && (e.key === "Enter" || e.key === " ")) return false;
  switch (e.key) {
    case "ArrowLeft":
    case "ArrowRight":
    case "ArrowUp":
    case "ArrowDown":
      // Shift with an arrow still pans; on the figure's step arrows do what they did.
      if (e.shiftKey || acts || !turnNow.cells.length || !view || frame !== view.frames.length - 1) return false;
      stepCell(e.key);
      return true;
    case "r":
    case "R":
      rotate();
      return true;
    case "Enter":
      confirm();
      return true;
    case "Escape":
      back();
      return true;
    default:
      return false;
  }
}

if (playing) {
  $("confirm").addEventListener("click", confirm);
  $("rotate").addEventListener("click", rotate);
  $("back").addEventListener("click", back);
  $("undo").addEventListener("click", () => undoAsk(null));
  $("agree").addEventListener("click", () => undoAsk(true));
  $("refuse").addEventListener("click", () => undoAsk(false));
}

load().then(follow);
