// Umpire's live board: draws a game's map and counters in SVG from the view the server sends.
// Every text from the game is set with textContent (names are hostile); no innerHTML anywhere.
"use strict";

const NS = "http://www.w3.org/2000/svg";
const SQ3 = Math.sqrt(3);
const FEATURE_COLOURS = {river: "#2f6fc0", stream: "#6fa8dc", slope: "#9a6a3a", woods_edge: "#3e7d3a",
  cliff: "#5a4632", hedge: "#4f7a2a", wall: "#777"};
const state = {map: null, data: null, shown: null, phase: null, hexes: new Map(), selected: null,
  zoom: {x: 0, y: 0, w: 1, h: 1}, full: null};

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = String(text);
  return node;
}
function svg(tag, attrs, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

async function getJSON(path) {
  const r = await fetch(path, {credentials: "omit", cache: "no-store"});
  if (!r.ok) throw new Error((await r.text()).trim() || ("HTTP " + r.status));
  return r.json();
}

// --- geometry -----------------------------------------------------------------------------------
function corners(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 3 * i;
    pts.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return pts;
}
function centre(label) { const h = state.hexes.get(label); return h ? [h.x, h.y] : null; }
function hexsideEnds(a, b) {
  const ca = centre(a), cb = centre(b);
  if (!ca || !cb) return null;
  const mx = (ca[0] + cb[0]) / 2, my = (ca[1] + cb[1]) / 2;
  const dx = cb[0] - ca[0], dy = cb[1] - ca[1], len = Math.hypot(dx, dy) || 1;
  const px = -dy / len * 0.5, py = dx / len * 0.5;
  return [[mx + px, my + py], [mx - px, my - py]];
}

// --- the ground (drawn once per map) --------------------------------------------------------------
function drawGround(map) {
  const board = document.getElementById("board");
  clear(board);
  state.hexes = new Map(map.hexes.map(h => [h.l, h]));
  const xs = map.hexes.map(h => h.x), ys = map.hexes.map(h => h.y);
  state.full = {x: Math.min(...xs) - 1.2, y: Math.min(...ys) - 1.1, w: Math.max(...xs) - Math.min(...xs) + 2.4,
    h: Math.max(...ys) - Math.min(...ys) + 2.2};
  setZoom(Object.assign({}, state.full));
  const ground = svg("g", {id: "ground"});
  for (const h of map.hexes) {
    const poly = svg("polygon", {points: corners(h.x, h.y, 1).map(p => p.map(v => v.toFixed(3)).join(",")).join(" "),
      fill: h.f, class: "hex", "data-hex": h.l});
    ground.appendChild(poly);
    ground.appendChild(svg("text", {x: h.x, y: h.y - 0.62, class: "hexlabel"}, h.l));
  }
  const roads = svg("g", {class: "roads"});
  for (const [a, b] of map.roads) {
    const ca = centre(a), cb = centre(b);
    if (ca && cb) roads.appendChild(svg("line", {x1: ca[0], y1: ca[1], x2: cb[0], y2: cb[1]}));
  }
  ground.appendChild(roads);
  for (const [kind, sides] of Object.entries(map.hexsides)) {
    const g = svg("g", {class: "feature feature-" + kind, stroke: FEATURE_COLOURS[kind] || "#666"});
    for (const [a, b] of sides) {
      const e = hexsideEnds(a, b);
      if (e) g.appendChild(svg("line", {x1: e[0][0], y1: e[0][1], x2: e[1][0], y2: e[1][1]}));
    }
    ground.appendChild(g);
  }
  const bridges = svg("g", {class: "bridges"});
  for (const br of map.bridges) {
    const ca = centre(br.a), cb = centre(br.b);
    if (!ca || !cb) continue;
    const mx = (ca[0] + cb[0]) / 2, my = (ca[1] + cb[1]) / 2;
    const r = svg("rect", {x: mx - 0.16, y: my - 0.16, width: 0.32, height: 0.32, class: "bridge",
      "data-bridge": br.name});
    r.appendChild(svg("title", {}, br.name));
    bridges.appendChild(r);
  }
  ground.appendChild(bridges);
  const places = svg("g", {class: "places"});
  for (const [name, label] of map.places) {
    const c = centre(label);
    if (c) places.appendChild(svg("text", {x: c[0], y: c[1] + 0.78, class: "place"}, name));
  }
  ground.appendChild(places);
  board.appendChild(ground);
  board.appendChild(svg("g", {id: "marks"}));
  board.appendChild(svg("g", {id: "overlays"}));
  board.appendChild(svg("g", {id: "counters"}));
  board.appendChild(svg("polygon", {id: "selection", points: "", class: "selection"}));
}

// --- the game (drawn on every update) ---------------------------------------------------------------
function stacks(view) {
  const byHex = new Map();
  for (const u of view.units) {
    if (!u.hex) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  return byHex;
}
function valuesText(u) { return (u.values || []).join("-"); }

function drawCounters(view) {
  const layer = document.getElementById("counters");
  clear(layer);
  const colours = view.side_colours || {};
  for (const [label, units] of stacks(view)) {
    const c = centre(label);
    if (!c) continue;
    const g = svg("g", {class: "stack", "data-hex": label, "data-count": units.length});
    g.appendChild(svg("title", {}, label + ": " + units.map(u => u.name || u.id).join(", ")));
    const depth = Math.min(units.length - 1, 3);
    for (let i = depth; i >= 1; i--) {  // the units below, edges showing
      g.appendChild(svg("rect", {x: c[0] - 0.5 + i * 0.09, y: c[1] - 0.42 - i * 0.09, width: 1, height: 0.84,
        rx: 0.06, class: "counter under", fill: colours[units[i].side] || "#888"}));
    }
    const top = units[0];
    g.appendChild(svg("rect", {x: c[0] - 0.5, y: c[1] - 0.42, width: 1, height: 0.84, rx: 0.06,
      class: "counter" + (top.reduced ? " reduced" : ""), fill: colours[top.side] || "#888"}));
    g.appendChild(svg("text", {x: c[0], y: c[1] - 0.14, class: "cname"}, String(top.name || top.id).slice(0, 12)));
    g.appendChild(svg("text", {x: c[0], y: c[1] + 0.1, class: "csym"}, String(top.symbol || "").slice(0, 10)));
    g.appendChild(svg("text", {x: c[0], y: c[1] + 0.34, class: "cval"}, valuesText(top).slice(0, 16)));
    if ((top.markers || []).length) {
      g.appendChild(svg("text", {x: c[0], y: c[1] - 0.48, class: "cmark"}, top.markers.join(" ").slice(0, 24)));
    }
    if (units.length > 1) {
      g.appendChild(svg("circle", {cx: c[0] + 0.5, cy: c[1] - 0.42, r: 0.2, class: "badge"}));
      g.appendChild(svg("text", {x: c[0] + 0.5, y: c[1] - 0.36, class: "badgetext"}, units.length));
    }
    layer.appendChild(g);
  }
}

function drawMarks(view) {
  const layer = document.getElementById("marks");
  clear(layer);
  const bridges = new Map((state.map.bridges || []).map(b => [b.name, b]));
  for (const m of view.markers || []) {
    let at = null;
    if (m.hex) at = centre(m.hex);
    let side = m.hexside ? m.hexside.split("/") : null;
    if (!side && m.bridge && bridges.has(m.bridge)) side = [bridges.get(m.bridge).a, bridges.get(m.bridge).b];
    if (side) {
      const ca = centre(side[0]), cb = centre(side[1]);
      if (ca && cb) at = [(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2];
    }
    if (!at) continue;
    const g = svg("g", {class: "marker marker-" + String(m.kind).replace(/[^a-z0-9_]/gi, "")});
    g.appendChild(svg("rect", {x: at[0] - 0.42, y: at[1] + 0.44, width: 0.84, height: 0.26, rx: 0.05}));
    g.appendChild(svg("text", {x: at[0], y: at[1] + 0.63}, String(m.kind).replace(/_/g, " ").slice(0, 14)));
    layer.appendChild(g);
  }
}

function drawOverlays(view) {
  const layer = document.getElementById("overlays");
  clear(layer);
  let drawn = 0;
  for (const o of view.overlays || []) {
    const before = layer.childElementCount;
    const kind = String(o.kind || "");
    if (kind === "move" && Array.isArray(o.path)) {
      const pts = o.path.map(centre).filter(Boolean);
      if (pts.length > 1) {
        layer.appendChild(svg("polyline", {points: pts.map(p => p.join(",")).join(" "), class: "ov-move ov-" + o.side}));
        const end = pts[pts.length - 1];
        layer.appendChild(svg("circle", {cx: end[0], cy: end[1], r: 0.12, class: "ov-move-end"}));
      }
    } else if ((o.from || o.at) && (o.to || o.target)) {
      const a = centre(o.from || o.at), b = centre(o.to || o.target);
      if (a && b) layer.appendChild(svg("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1],
        class: "ov-fire " + (o.hit ? "ov-hit" : "ov-miss")}));
    } else if (o.hex) {
      const c = centre(o.hex);
      if (c) layer.appendChild(svg("circle", {cx: c[0], cy: c[1], r: 0.8, class: "ov-area ov-" + kind}));
    }
    if (layer.childElementCount > before) drawn += 1;
  }
  layer.dataset.count = String(drawn);
}

function drawView(view, data) {
  state.shown = view;
  drawMarks(view);
  drawOverlays(view);
  drawCounters(view);
  const title = document.getElementById("title");
  title.textContent = (view.title || "Umpire") + (data && data.id ? " #" + data.id : "");
  const phase = document.getElementById("phase");
  const who = view.to_act ? (view.sides[view.to_act] || view.to_act) + " to act" : "";
  const label = view.phase_map && state.phase !== null ? view.phase_map.title :
    "Turn " + view.turn + " of " + view.turns + " - " + (view.phase_name || view.phase);
  phase.textContent = label + (who && state.phase === null ? " - " + who : "");
  if (state.selected) openStack(state.selected);
}

// --- panels -------------------------------------------------------------------------------------------
function showTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("on", t.id === "tab-" + name);
}

function openStack(label) {
  state.selected = label;
  const h = state.hexes.get(label);
  const sel = document.getElementById("selection");
  if (h) sel.setAttribute("points", corners(h.x, h.y, 1).map(p => p.join(",")).join(" "));
  const box = document.getElementById("tab-stack");
  clear(box);
  box.appendChild(el("h2", {}, label + " - " + terrainText(label)));
  const units = (state.shown.units || []).filter(u => u.hex === label);
  if (!units.length) box.appendChild(el("p", {class: "hint"}, "No units here."));
  const list = el("ul", {class: "units"});
  const sides = state.shown.sides || {};
  for (const u of units) {
    const li = el("li", {class: "unit", "data-unit": u.id});
    li.appendChild(el("span", {class: "swatch"}));
    li.lastChild.style.background = (state.shown.side_colours || {})[u.side] || "#888";
    li.appendChild(el("b", {}, u.name || u.id));
    li.appendChild(el("span", {class: "uside"}, " " + (sides[u.side] || u.side)));
    const vals = el("div", {class: "uvals"}, (state.shown.values_label ? state.shown.values_label + ": " : "") +
      valuesText(u) + (u.reduced ? " (reduced)" : "") + (u.type ? " - " + u.type : "") + " - " + u.symbol);
    li.appendChild(vals);
    if ((u.markers || []).length) li.appendChild(el("div", {class: "umarks"}, "markers: " + u.markers.join(", ")));
    list.appendChild(li);
  }
  box.appendChild(list);
  showTab("stack");
}

function terrainText(label) {
  const h = state.hexes.get(label);
  if (!h) return "off the map";
  const names = state.map.terrain_names || {};
  let text = names[h.t] || h.t;
  if (h.e) text += ", elevation " + h.e;
  const place = (state.map.places || []).find(p => p[1] === label);
  if (place) text += " (" + place[0] + ")";
  const sides = [];
  for (const [kind, list] of Object.entries(state.map.hexsides || {})) {
    if (list.some(([a, b]) => a === label || b === label)) sides.push(kind.replace(/_/g, " "));
  }
  if (sides.length) text += "; hexsides: " + sides.join(", ");
  if ((state.map.roads || []).some(([a, b]) => a === label || b === label)) text += "; road";
  const effects = (state.data && state.data.terrain_effects) || {};
  if (effects[h.t]) text += " - " + effects[h.t];
  return text;
}

function drawLog(data) {
  const box = document.getElementById("tab-log");
  clear(box);
  if (data.log_total > data.log.length) {
    box.appendChild(el("p", {class: "hint"}, "The newest " + data.log.length + " of " + data.log_total + " entries."));
  }
  const list = el("ol", {class: "log"});
  for (const e of data.log.slice().reverse()) {
    const li = el("li", {class: "entry" + (e.undone ? " undone" : ""), "data-seq": e.seq});
    const head = el("div", {class: "ehead"}, "#" + e.seq + " " + e.kind + (e.by ? " by " + e.by : ""));
    if (e.phase) {
      const link = el("button", {type: "button", class: "phaselink", "data-phase": e.phase}, "phase " + e.phase);
      link.addEventListener("click", () => showPhase(e.phase));
      head.appendChild(link);
    }
    li.appendChild(head);
    for (const line of e.lines) li.appendChild(el("div", {class: "eline"}, line.text + (line.rule ? " [" + line.rule + "]" : "")));
    if (e.reason) li.appendChild(el("div", {class: "ereason"}, "reason: " + e.reason));
    list.appendChild(li);
  }
  box.appendChild(list);
}

function drawOrders(data) {
  const tab = document.getElementById("tab-orders");
  const button = document.querySelector('#tabs button[data-tab="orders"]');
  if (!data.orders) { button.hidden = true; return; }
  button.hidden = false;
  // a redraw (a live update) keeps the groups the player has open
  const open = new Set(Array.from(tab.querySelectorAll("details.ordergroup[open]"), d => d.dataset.key));
  clear(tab);
  const o = data.orders;
  if (!o.to_act) { tab.appendChild(el("p", {class: "hint"}, "Not your decision now.")); return; }
  tab.appendChild(el("p", {class: "hint"}, o.count + " orders are legal now" + (o.cut ? " (the first " + (o.count - o.cut) + " shown)" : "") + "."));
  for (const g of o.groups) {
    const key = g.order + "|" + (g.unit || "");
    const d = el("details", {class: "ordergroup", "data-key": key});
    if (open.has(key)) d.open = true;
    d.appendChild(el("summary", {}, g.order + (g.unit ? " " + g.unit : "") + " (" + g.commands.length + ")"));
    const ul = el("ul", {});
    for (const c of g.commands) {
      const li = el("li", {class: "order", "data-i": c.i}, c.text);
      const ask = el("button", {type: "button", class: "oddsbtn"}, "odds");
      ask.addEventListener("click", () => showOdds(li, c.i));
      li.appendChild(ask);
      ul.appendChild(li);
    }
    d.appendChild(ul);
    tab.appendChild(d);
  }
}

async function showOdds(li, index) {
  let out = li.querySelector(".odds");
  if (!out) { out = el("div", {class: "odds"}); li.appendChild(out); }
  out.textContent = "working it out…";
  try {
    const o = await getJSON("odds/" + state.data.version + "/" + index);
    clear(out);
    if (!o.draws) { out.textContent = "nothing is drawn: " + o.text.split(": ").slice(1).join(": "); return; }
    for (const [label, p] of o.outcomes) {
      const row = el("div", {class: "oddsrow"});
      row.appendChild(el("span", {class: "pct"}, (o.exact ? "" : "~") + Math.round(p * 100) + "%"));
      row.appendChild(el("span", {}, " " + label));
      out.appendChild(row);
    }
  } catch (err) { out.textContent = String(err.message).slice(0, 160); }
}

function drawGame(data) {
  const box = document.getElementById("tab-game");
  clear(box);
  const v = data.view;
  box.appendChild(el("h2", {}, v.title + " - " + v.scenario));
  box.appendChild(el("p", {}, data.status_line));
  const seats = el("ul", {});
  for (const [side, who] of Object.entries(data.seats)) seats.appendChild(el("li", {}, (v.sides[side] || side) + ": " + who));
  box.appendChild(seats);
  const score = el("ul", {class: "score"});
  for (const [k, val] of Object.entries(v.score || {})) score.appendChild(el("li", {}, k + ": " + JSON.stringify(val)));
  box.appendChild(score);
  if (v.last_random) box.appendChild(el("p", {}, "Last drawn: " + v.last_random));
  box.appendChild(el("p", {class: "seed"}, "Seed hash: " + data.seed.hash + (data.seed.seed !== null ? " - seed " + data.seed.seed : "")));
  const off = (v.units || []).filter(u => !u.hex);
  if (off.length) {
    box.appendChild(el("h3", {}, "Off the map"));
    const ul = el("ul", {class: "units"});
    for (const u of off) ul.appendChild(el("li", {class: "unit", "data-unit": u.id}, (u.name || u.id) + " - " + u.status + (u.why_out ? " (" + u.why_out + ")" : "") + (u.one_of ? " (" + u.one_of + ")" : "")));
    box.appendChild(ul);
  }
  const result = document.getElementById("result");
  if (v.result) {
    result.hidden = false;
    result.textContent = v.result.text + (v.result.reason ? " - " + v.result.reason : "") + (v.result.rule ? " [" + v.result.rule + "]" : "");
  } else result.hidden = true;
}

function drawCharts(data) {
  const box = document.getElementById("tab-charts");
  if (box.dataset.drawn === String(data.id)) return;  // charts do not change during a game
  clear(box);
  for (const c of data.charts || []) {
    const section = el("section", {class: "chart", "data-chart": c.key});
    section.appendChild(el("h3", {}, c.title + (c.rule ? " [" + c.rule + "]" : "")));
    const table = el("table", {});
    const head = el("tr", {});
    for (const col of c.columns) head.appendChild(el("th", {}, col));
    table.appendChild(head);
    for (const row of c.rows) {
      const tr = el("tr", {});
      for (const value of row) tr.appendChild(el("td", {}, value));
      table.appendChild(tr);
    }
    section.appendChild(table);
    for (const n of c.notes || []) section.appendChild(el("p", {class: "hint"}, n));
    box.appendChild(section);
  }
  box.dataset.drawn = String(data.id);
}

function drawStrip(data) {
  const strip = document.getElementById("strip");
  clear(strip);
  const now = el("button", {type: "button", class: "phase-now" + (state.phase === null ? " on" : "")}, "now");
  now.addEventListener("click", () => { state.phase = null; drawAll(state.data); });
  strip.appendChild(now);
  for (const p of data.phases.slice().reverse().slice(0, 300).reverse()) {
    const b = el("button", {type: "button", class: "phase-btn" + (state.phase === p.number ? " on" : ""), "data-phase": p.number}, p.number);
    b.title = "phase " + p.number + ": entries " + p.first + "-" + p.last;
    b.addEventListener("click", () => showPhase(p.number));
    strip.appendChild(b);
  }
}

async function showPhase(number) {
  try {
    const p = await getJSON("phase/" + number);
    state.phase = number;
    drawView(p.view, state.data);
    drawStrip(state.data);
    for (const li of document.querySelectorAll("#tab-log li.entry")) {
      const btn = li.querySelector(".phaselink");
      li.classList.toggle("inphase", !!btn && Number(btn.dataset.phase) === number);
    }
  } catch (err) { setLive("err", String(err.message).slice(0, 120)); }
}

function drawAll(data) {
  state.data = data;
  if (state.phase === null) drawView(data.view, data);
  drawLog(data);
  drawOrders(data);
  drawGame(data);
  drawCharts(data);
  drawStrip(data);
  document.body.dataset.version = data.version;
  document.body.dataset.ready = "1";
}

// --- zoom and pan -----------------------------------------------------------------------------------
function setZoom(z) {
  state.zoom = z;
  document.getElementById("board").setAttribute("viewBox", [z.x, z.y, z.w, z.h].map(v => v.toFixed(3)).join(" "));
}
function zoomBy(f, cx, cy) {
  const z = state.zoom;
  const w = Math.max(3, Math.min(state.full.w * 1.5, z.w * f)), h = w * z.h / z.w;
  cx = cx === undefined ? z.x + z.w / 2 : cx;
  cy = cy === undefined ? z.y + z.h / 2 : cy;
  setZoom({x: cx - (cx - z.x) * w / z.w, y: cy - (cy - z.y) * h / z.h, w, h});
}
function toBoard(evt) {
  const b = document.getElementById("board"), r = b.getBoundingClientRect(), z = state.zoom;
  const s = Math.max(z.w / r.width, z.h / r.height);
  const ox = (r.width * s - z.w) / 2, oy = (r.height * s - z.h) / 2;
  return [z.x - ox + (evt.clientX - r.left) * s, z.y - oy + (evt.clientY - r.top) * s];
}
function hexAt(p) {
  let best = null, bd = 1.0;
  for (const h of state.hexes.values()) {
    const d = Math.hypot(h.x - p[0], h.y - p[1]);
    if (d < bd) { bd = d; best = h.l; }
  }
  return best;
}

function wireBoard() {
  const board = document.getElementById("board"), tip = document.getElementById("tip");
  let drag = null;
  board.addEventListener("pointerdown", e => { drag = {x: e.clientX, y: e.clientY, z: Object.assign({}, state.zoom), moved: false}; });
  board.addEventListener("pointermove", e => {
    if (drag && (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 4)) {
      drag.moved = true;
      const r = board.getBoundingClientRect(), s = Math.max(drag.z.w / r.width, drag.z.h / r.height);
      setZoom({x: drag.z.x - (e.clientX - drag.x) * s, y: drag.z.y - (e.clientY - drag.y) * s, w: drag.z.w, h: drag.z.h});
      tip.hidden = true;
      return;
    }
    const label = hexAt(toBoard(e));
    if (!label) { tip.hidden = true; return; }
    tip.textContent = label + ": " + terrainText(label);
    const n = (state.shown.units || []).filter(u => u.hex === label).length;
    if (n) tip.textContent += " - " + n + (n === 1 ? " unit" : " units") + " (click to open)";
    const wrap = document.getElementById("board-wrap").getBoundingClientRect();
    tip.style.left = Math.min(e.clientX - wrap.left + 14, wrap.width - 260) + "px";
    tip.style.top = (e.clientY - wrap.top + 14) + "px";
    tip.hidden = false;
  });
  board.addEventListener("pointerleave", () => { tip.hidden = true; });
  board.addEventListener("pointerup", e => {
    const moved = drag && drag.moved;
    drag = null;
    if (moved) return;
    const label = hexAt(toBoard(e));
    if (label) openStack(label);
  });
  board.addEventListener("wheel", e => { e.preventDefault(); const p = toBoard(e); zoomBy(e.deltaY > 0 ? 1.2 : 1 / 1.2, p[0], p[1]); }, {passive: false});
  document.getElementById("zoom-in").addEventListener("click", () => zoomBy(1 / 1.4));
  document.getElementById("zoom-out").addEventListener("click", () => zoomBy(1.4));
  document.getElementById("zoom-fit").addEventListener("click", () => setZoom(Object.assign({}, state.full)));
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
}

// --- live -------------------------------------------------------------------------------------------------
function setLive(kind, text) {
  const live = document.getElementById("live");
  live.className = "live-" + kind;
  live.textContent = text;
}

function listen() {
  const source = new EventSource("events");
  source.addEventListener("game", e => {
    const data = JSON.parse(e.data);
    setLive("ok", "live");
    // the stream opens with the version the page has drawn already: redrawing it would close the
    // player's open groups and wipe the odds being shown
    if (state.data && data.version === state.data.version) return;
    drawAll(data);
  });
  // the link was revoked (or the game is gone): the server closes the stream; the page stops asking
  source.addEventListener("closed", e => { source.close(); setLive("err", e.data.slice(0, 200)); });
  source.onerror = () => { if (source.readyState !== EventSource.CLOSED) setLive("err", "connection lost - retrying"); };
  source.onopen = () => setLive("ok", "live");
}

async function start() {
  wireBoard();
  try {
    const [map, data] = await Promise.all([getJSON("map"), getJSON("data")]);
    state.map = map;
    drawGround(map);
    drawAll(data);
    document.body.dataset.drawn = String(performance.now());
    listen();
  } catch (err) {
    setLive("err", String(err.message).slice(0, 160));
  }
}

document.addEventListener("DOMContentLoaded", start);
