// Umpire's live board: draws a game's map and counters in SVG from the view the server sends.
// Every text from the game is set with textContent (names are hostile); no innerHTML anywhere.
"use strict";

const NS = "http://www.w3.org/2000/svg";
const SQ3 = Math.sqrt(3);
const FEATURE_COLOURS = {river: "#2f6fc0", stream: "#6fa8dc", slope: "#9a6a3a", woods_edge: "#3e7d3a",
  cliff: "#5a4632", hedge: "#4f7a2a", wall: "#777"};
const state = {map: null, data: null, shown: null, phase: null, hexes: new Map(), selected: null,
  zoom: {x: 0, y: 0, w: 1, h: 1}, full: null,
  unit: null, unitOrders: null, pending: false, nonces: new Map(),  // the order being chosen by clicks
  groupOpen: new Map()};  // order groups the player opened or closed (kept through redraws)
const MAX_PICKS = 300;  // units listed to pick in the Orders tab

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
  board.appendChild(svg("g", {id: "plots"}));
  board.appendChild(svg("g", {id: "targets"}));
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
  if (state.selected) openStack(state.selected, false);
}

// --- panels -------------------------------------------------------------------------------------------
function showTab(name) {
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  for (const t of document.querySelectorAll(".tab")) t.classList.toggle("on", t.id === "tab-" + name);
}

function openStack(label, show = true) {
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
    const n = myOrders(u.id);
    if (n) {
      const pick = el("button", {type: "button", class: "pickunit", "data-unit": u.id,
        "aria-label": "Orders of " + (u.name || u.id)}, n + (n === 1 ? " order" : " orders"));
      pick.addEventListener("click", () => selectUnit(u.id));
      li.appendChild(pick);
    }
    list.appendChild(li);
  }
  box.appendChild(list);
  if (state.unit && units.some(u => u.id === state.unit)) drawUnitOrders(box);
  if (show) showTab("stack");
  return units.filter(u => myOrders(u.id));
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
  if (!data.orders) { button.hidden = true; return; }  // the spectators' page gives no order
  button.hidden = false;
  // a redraw (a live update) keeps the groups as the player left them: read from the page itself, as
  // a toggle's event may not have run yet
  for (const d of tab.querySelectorAll("details.ordergroup")) state.groupOpen.set(d.dataset.key, d.open);
  clear(tab);
  const o = data.orders;
  const undo = el("button", {type: "button", id: "undo", class: "undo"}, "Undo my last order");
  undo.addEventListener("click", () => send("undo", {}, "undo"));
  const line = String(data.status_line || ""), cut = line.indexOf(". ");  // the game's own line: SAF's dice
  tab.appendChild(el("p", {class: "status", title: line}, cut > 0 ? line.slice(0, cut + 1) : line));
  drawPlots(tab, data.plots || []);
  if (o.why_not) {  // the bot holds this side, or nobody does yet: the page gives nothing
    tab.appendChild(el("p", {class: "hint why-not"}, o.why_not));
    return;
  }
  if (!o.to_act) {
    tab.appendChild(el("p", {class: "hint"}, "Not your decision now."));
    tab.appendChild(undo);
    return;
  }
  tab.appendChild(el("p", {class: "hint"}, o.count + " orders are legal now" + (o.cut ? " (the first " + (o.count - o.cut) + " listed; pick a unit for all of its own)" : "") + "."));
  tab.appendChild(undo);
  // orders with no unit (draw, take, pass, ready, end, SAF's dice): a button each, in sight
  const plain = o.groups.filter(g => !g.unit);
  if (plain.length) {
    const box = el("div", {class: "plainorders"});
    for (const g of plain) for (const c of g.commands) box.appendChild(plainOrder(c));
    tab.appendChild(box);
  }
  // every unit with an order now (the listing below may be cut; this never is): pick it, its orders on the map
  const units = Object.entries(o.units || {});
  if (units.length) {
    tab.appendChild(el("h3", {}, "Units with orders (" + units.length + ")"));
    const box = el("div", {class: "unitpicks"});
    for (const [id, n] of units.slice(0, MAX_PICKS)) {
      const pick = el("button", {type: "button", class: "pickunit" + (state.unit === id ? " on" : ""), "data-unit": id,
        "aria-label": "Orders of " + id}, id + " (" + n + ")");
      pick.addEventListener("click", () => selectUnit(id));
      box.appendChild(pick);
    }
    tab.appendChild(box);
    if (units.length > MAX_PICKS) tab.appendChild(el("p", {class: "hint"}, "The first " + MAX_PICKS + " units; click the others on the map."));
  }
  if (state.unitOrders) drawUnitOrders(tab);
  // the groups the player opened stay open through a redraw, the ones they closed closed
  const groups = o.groups.filter(g => g.unit);
  for (const g of groups) {
    const key = g.order + "|" + g.unit;
    const d = el("details", {class: "ordergroup", "data-key": key});
    d.open = state.groupOpen.has(key) ? state.groupOpen.get(key) : groups.length <= 3;
    d.addEventListener("toggle", () => { state.groupOpen.set(key, d.open); });
    d.appendChild(el("summary", {}, g.order + " " + g.unit + " (" + g.commands.length + ")"));
    const ul = el("ul", {});
    for (const c of g.commands) ul.appendChild(orderItem(c));
    d.appendChild(ul);
    tab.appendChild(d);
  }
}

function plainOrder(c) {
  const give = el("button", {type: "button", class: "give plain", "data-i": c.i, "data-kind": c.kind,
    "aria-label": "Give " + c.label, title: c.text}, c.label);
  give.addEventListener("click", () => send("order", {index: c.i}, c.label));
  return give;
}

function drawPlots(box, plots) {  // the side's own secret orders (PL's indirect fire): on its page alone
  if (!plots.length) return;
  const section = el("section", {class: "plots"});
  section.appendChild(el("h3", {}, "Secret orders (only your side sees them)"));
  const ul = el("ul", {});
  for (const p of plots) ul.appendChild(el("li", {class: "plot", "data-hex": p.hex}, p.text + (p.rule ? " [" + p.rule + "]" : "")));
  section.appendChild(ul);
  box.appendChild(section);
}

function drawPlotMarks(plots) {
  const layer = document.getElementById("plots");
  if (!layer) return;
  clear(layer);
  for (const p of (state.phase === null ? plots : [])) {
    const c = centre(p.hex);
    if (!c) continue;
    const g = svg("g", {class: "plotmark", "data-hex": p.hex});
    g.appendChild(svg("circle", {cx: c[0], cy: c[1], r: 0.72}));
    g.appendChild(svg("text", {x: c[0], y: c[1] - 0.5}, ("plot " + p.unit).slice(0, 14)));
    g.appendChild(svg("title", {}, p.text));
    layer.appendChild(g);
  }
  layer.dataset.count = String(layer.childElementCount);
}

// --- orders by clicks ------------------------------------------------------------------------------
function myOrders(unitId) {
  const o = state.data && state.data.orders;
  return o && o.to_act && !o.why_not && state.phase === null ? (o.units || {})[unitId] || 0 : 0;
}

function orderItem(c) {
  const li = el("li", {class: "order", "data-i": c.i});
  const give = el("button", {type: "button", class: "give", "data-i": c.i, "aria-label": "Give " + c.label}, "Give");
  give.addEventListener("click", () => send("order", {index: c.i}, c.label));
  li.appendChild(give);
  li.appendChild(el("span", {class: "olabel", title: c.text}, " " + c.label));
  if (c.cost) li.appendChild(el("span", {class: "ocost"}, " - costs " + c.cost));
  if (c.odds && !/^[^;%]* to \w+$/.test(c.odds)) li.appendChild(el("span", {class: "oshort"}, " - " + c.odds));  // not 'X to 0104' again
  const ask = el("button", {type: "button", class: "oddsbtn", "aria-label": "Odds of " + c.label}, "odds");
  ask.addEventListener("click", () => showOdds(li, c.i));
  li.appendChild(ask);
  return li;
}

async function selectUnit(unitId) {
  hideConfirm();
  if (state.phase !== null) { state.phase = null; drawView(state.data.view, state.data); drawStrip(state.data); }  // orders are now's
  state.unit = unitId;
  state.unitOrders = null;
  markPicked();
  drawTargets();
  try {
    const got = await getJSON("orders/" + state.data.version + "?unit=" + encodeURIComponent(unitId));
    if (state.unit !== unitId || got.version !== state.data.version) return;  // another click, or the game moved
    state.unitOrders = got;
    document.body.dataset.picked = unitId;  // its orders are in: the map shows them
    drawTargets();
    fitSmall(got);
    if (state.selected) openStack(state.selected, false);
    drawOrders(state.data);
    const where = got.orders.filter(c => c.hex).length;
    say("ok", "Orders of " + unitId + ": " + (where ? "click a highlighted hex to choose one" : "give one from its list") +
      (got.orders.length > where ? " (" + (got.orders.length - where) + " with no hex are listed under the hex)" : "") + ".");
  } catch (err) { say("err", String(err.message).slice(0, 200)); }
}

function fitSmall(got) {
  // on a small screen (a phone) the whole map is too small to tap a hex: zoom to the unit and its hexes
  const board = document.getElementById("board");
  if (board.getBoundingClientRect().width >= 600) return;
  const at = (state.shown.units || []).find(u => u.id === got.unit);
  const pts = got.orders.map(c => c.hex).concat(at && at.hex ? [at.hex] : []).map(centre).filter(Boolean);
  if (!pts.length) return;
  const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]), r = board.getBoundingClientRect();
  let w = Math.max(9, Math.max(...xs) - Math.min(...xs) + 3), h = Math.max(9, Math.max(...ys) - Math.min(...ys) + 3);
  if (w / h < r.width / r.height) w = h * r.width / r.height; else h = w * r.height / r.width;
  if (w >= state.full.w) return;  // no nearer than the whole map
  setZoom({x: (Math.min(...xs) + Math.max(...xs)) / 2 - w / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 - h / 2, w, h});
}

function clearUnit() {
  state.unit = null;
  state.unitOrders = null;
  markPicked();
  drawTargets();
  hideConfirm();
  document.body.dataset.picked = "";
}

function markPicked() {
  for (const b of document.querySelectorAll("button.pickunit")) b.classList.toggle("on", b.dataset.unit === state.unit);
  document.body.dataset.unit = state.unit || "";
}

function drawTargets() {
  const layer = document.getElementById("targets");
  if (!layer) return;
  clear(layer);
  const got = state.unitOrders;
  if (!got) { layer.dataset.count = "0"; return; }
  const at = (state.shown.units || []).find(u => u.id === got.unit);
  const home = at && at.hex ? state.hexes.get(at.hex) : null;
  if (home) layer.appendChild(svg("polygon", {class: "picked", points: corners(home.x, home.y, 1).map(p => p.join(",")).join(" ")}));
  const byHex = new Map();
  for (const c of got.orders) if (c.hex) { if (!byHex.has(c.hex)) byHex.set(c.hex, []); byHex.get(c.hex).push(c); }
  for (const [label, orders] of byHex) {
    const h = state.hexes.get(label);
    if (!h) continue;
    const kinds = Array.from(new Set(orders.map(c => c.kind))).join(" ");
    const g = svg("g", {class: "target", "data-hex": label, "data-kinds": kinds});
    g.appendChild(svg("polygon", {points: corners(h.x, h.y, 0.9).map(p => p.join(",")).join(" ")}));
    const chance = orders.map(c => c.odds || "").find(w => /\d%/.test(w));
    const cost = orders.length === 1 && !chance ? orders[0].cost || "" : "";
    if (cost) g.dataset.cost = cost;
    // a chance, else a move's cost (in up to two short lines: "1 ACT of 3" / "0.5 of 2 MP"), else how many
    const words = chance ? [chance.match(/[~]?\d+%/)[0]] : cost ? costLines(cost) :
      (orders.length > 1 ? [orders.length + " orders"] : []);
    words.forEach((w, n) => g.appendChild(svg("text", {x: h.x, y: h.y + 0.62 - 0.22 * (words.length - 1 - n),
      class: "tword"}, w)));
    g.appendChild(svg("title", {}, orders.map(orderWords).join("\n")));
    layer.appendChild(g);
  }
  layer.dataset.count = String(byHex.size);
}

function orderWords(c) {  // an order as a hex's title and the confirm bar say it: its cost and odds beside it
  return c.label + (c.cost ? " - costs " + c.cost : "") + (c.odds && !/^[^;%]* to \w+$/.test(c.odds) ? " - " + c.odds : "");
}

function costLines(cost) {  // a cost on a hex: its parts ("1 ACT of 3; 1 hex"), each cut to fit, two at most
  return String(cost).split("; ").slice(0, 2).map(w => w.length > 16 ? w.slice(0, 15) + "…" : w);
}

function drawUnitOrders(box) {
  const got = state.unitOrders;
  if (!got) return;
  box.appendChild(el("h3", {}, "Orders of " + got.unit + " (" + got.count + ")"));
  if (got.cut) box.appendChild(el("p", {class: "hint"}, "The first " + (got.count - got.cut) + " are listed."));
  const ul = el("ul", {class: "unitorders"});
  for (const c of got.orders) ul.appendChild(orderItem(c));
  box.appendChild(ul);
}

function confirmAt(label) {
  const got = state.unitOrders;
  const here = got ? got.orders.filter(c => c.hex === label) : [];
  if (!here.length) return false;
  const bar = document.getElementById("confirm");
  clear(bar);
  bar.appendChild(el("div", {class: "chead"}, got.unit + " at " + label + ":"));
  for (const c of here) {
    const row = el("div", {class: "crow"});
    const give = el("button", {type: "button", class: "give", "data-i": c.i, "aria-label": "Give " + c.label}, "Give");
    give.addEventListener("click", () => send("order", {index: c.i}, c.label));
    row.appendChild(give);
    row.appendChild(el("span", {}, " " + orderWords(c)));
    bar.appendChild(row);
  }
  const cancel = el("button", {type: "button", class: "cancel"}, "Cancel");
  cancel.addEventListener("click", clearUnit);
  bar.appendChild(cancel);
  bar.hidden = false;
  return true;
}
function hideConfirm() { const bar = document.getElementById("confirm"); if (bar) { bar.hidden = true; clear(bar); } }

// the page is always .../<game>/<viewer>/<token>/: its token is its path's last part, wherever the path
// begins (a board under the operator's own path, https://example.org/umpire/b/...)
function token() { return location.pathname.split("/").filter(Boolean).pop() || ""; }

function nonceFor(key) {  // one nonce per order shown at a version: a double click gives one order
  if (!state.nonces.has(key)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    state.nonces.set(key, Array.from(bytes, b => b.toString(16).padStart(2, "0")).join(""));
  }
  return state.nonces.get(key);
}

async function send(route, body, words) {
  if (state.pending || !state.data) return;
  state.pending = true;
  document.body.dataset.pending = "1";
  const version = state.data.version;
  const payload = Object.assign({version: version, nonce: nonceFor(route + ":" + version + ":" + (body.index ?? ""))}, body);
  say("wait", "Giving: " + words + "…");
  try {
    const r = await fetch(route, {method: "POST", credentials: "omit", cache: "no-store",
      headers: {"Content-Type": "application/json", "X-Umpire-Token": token()}, body: JSON.stringify(payload)});
    const got = await r.json().catch(() => ({ok: false, reason: "HTTP " + r.status}));
    if (got.ok) {
      document.body.dataset.given = String(got.version);  // the version the order made (tests wait for it)
      say("ok", (got.repeated ? "Given once already: " : "") + got.order + (got.lines.length ? " - " + got.lines.join(" ") : ""));
      clearUnit();
      await refresh();
    } else {
      say("err", "Refused: " + got.reason + (got.rule ? " [" + got.rule + "]" : ""));
      if (got.stale) { clearUnit(); await refresh(); }
    }
  } catch (err) {
    say("err", "Not sent: " + String(err.message).slice(0, 160));
  } finally {
    state.pending = false;
    document.body.dataset.pending = "0";
    document.body.dataset.sent = String(Number(document.body.dataset.sent || 0) + 1);
  }
}

async function refresh() {
  try {
    const data = await getJSON("data");
    if (!state.data || data.version > state.data.version) drawAll(data);  // never back to an older one
  } catch (err) { say("err", String(err.message).slice(0, 160)); }
}

function say(kind, text) {
  const box = document.getElementById("said");
  if (!box) return;
  box.hidden = false;
  box.className = "said-" + kind;
  box.textContent = String(text).slice(0, 600);
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
    for (const u of off) {
      const li = el("li", {class: "unit", "data-unit": u.id}, (u.name || u.id) + " - " + u.status + (u.why_out ? " (" + u.why_out + ")" : "") + (u.one_of ? " (" + u.one_of + ")" : ""));
      const n = myOrders(u.id);
      if (n) {
        const pick = el("button", {type: "button", class: "pickunit", "data-unit": u.id, "aria-label": "Orders of " + (u.name || u.id)},
          n + (n === 1 ? " order" : " orders"));
        pick.addEventListener("click", () => selectUnit(u.id));
        li.appendChild(pick);
      }
      ul.appendChild(li);
    }
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
    clearUnit();  // a past phase's map takes no order
    state.phase = number;
    drawView(p.view, state.data);
    drawPlotMarks([]);  // nor shows now's secret plots
    drawStrip(state.data);
    for (const li of document.querySelectorAll("#tab-log li.entry")) {
      const btn = li.querySelector(".phaselink");
      li.classList.toggle("inphase", !!btn && Number(btn.dataset.phase) === number);
    }
  } catch (err) { setLive("err", String(err.message).slice(0, 120)); }
}

function drawAll(data) {
  if (state.data && state.data.version !== data.version) {  // the game moved: choices of the last version go
    state.unit = null; state.unitOrders = null; state.nonces.clear(); hideConfirm();
    document.body.dataset.picked = "";
  }
  state.data = data;
  if (state.phase === null) drawView(data.view, data);
  drawLog(data);
  drawOrders(data);
  drawGame(data);
  drawCharts(data);
  drawStrip(data);
  drawTargets();
  drawPlotMarks(data.plots || []);
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
  let drag = null, pinch = null;
  const fingers = new Map();  // pointers down on the map: two make a pinch (zoom), one a drag or a tap
  const spread = () => { const [a, b] = Array.from(fingers.values()); return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1; };
  board.addEventListener("pointerdown", e => {
    fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (fingers.size === 2) {
      const [a, b] = Array.from(fingers.values());
      pinch = {d: spread(), z: Object.assign({}, state.zoom), at: toBoard({clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2})};
      drag = null;
      return;
    }
    drag = {x: e.clientX, y: e.clientY, z: Object.assign({}, state.zoom), moved: false, slack: e.pointerType === "touch" ? 10 : 4};
  });
  board.addEventListener("pointermove", e => {
    if (fingers.has(e.pointerId)) fingers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && fingers.size === 2) {
      const f = Math.max(0.2, Math.min(5, pinch.d / spread()));
      const z = pinch.z, w = Math.max(3, Math.min(state.full.w * 1.5, z.w * f)), h = w * z.h / z.w;
      const [cx, cy] = pinch.at;
      setZoom({x: cx - (cx - z.x) * w / z.w, y: cy - (cy - z.y) * h / z.h, w, h});
      return;
    }
    if (drag && (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > drag.slack)) {
      drag.moved = true;
      const r = board.getBoundingClientRect(), s = Math.max(drag.z.w / r.width, drag.z.h / r.height);
      setZoom({x: drag.z.x - (e.clientX - drag.x) * s, y: drag.z.y - (e.clientY - drag.y) * s, w: drag.z.w, h: drag.z.h});
      tip.hidden = true;
      return;
    }
    if (e.pointerType === "touch") return;  // no hover on a phone: a tap opens the hex
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
  const lift = e => {
    fingers.delete(e.pointerId);
    if (pinch) { if (!fingers.size) pinch = null; drag = null; return true; }  // the end of a pinch is no tap
    return false;
  };
  board.addEventListener("pointercancel", e => { lift(e); drag = null; });
  board.addEventListener("pointerleave", () => { tip.hidden = true; });
  board.addEventListener("pointerup", e => {
    if (lift(e)) return;
    const moved = drag && drag.moved;
    drag = null;
    if (moved) return;
    const label = hexAt(toBoard(e));
    if (!label) return;
    if (state.unitOrders && confirmAt(label)) return;  // a destination or target of the chosen unit
    hideConfirm();
    const mine = openStack(label);
    if (mine.length === 1 && state.unit !== mine[0].id) selectUnit(mine[0].id);  // one unit of mine: its orders at once
    else if (!mine.some(u => u.id === state.unit)) clearUnit();
  });
  board.addEventListener("wheel", e => { e.preventDefault(); const p = toBoard(e); zoomBy(e.deltaY > 0 ? 1.2 : 1 / 1.2, p[0], p[1]); }, {passive: false});
  document.getElementById("zoom-in").addEventListener("click", () => zoomBy(1 / 1.4));
  document.getElementById("zoom-out").addEventListener("click", () => zoomBy(1.4));
  document.getElementById("zoom-fit").addEventListener("click", () => setZoom(Object.assign({}, state.full)));
  for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  document.addEventListener("keydown", e => { if (e.key === "Escape") clearUnit(); });  // the choice dropped
}

// --- live -------------------------------------------------------------------------------------------------
function setLive(kind, text) {
  const live = document.getElementById("live");
  live.className = "live-" + kind;
  live.textContent = text;
}

function onGame(data) {
  // the stream opens with the version the page has drawn already: redrawing it would close the player's
  // open groups and wipe the odds being shown. An older version never replaces a newer one: the page
  // fetches the game after its own order while the stream may still bring the version before it, and a
  // page drawn back to it would offer orders the server refuses as stale
  if (state.data && data.version <= state.data.version) return;
  drawAll(data);
}

function listen() {
  const source = new EventSource("events");
  source.addEventListener("game", e => { setLive("ok", "live"); onGame(JSON.parse(e.data)); });
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
