// The page of `analyzer serve`: forms built from /api/questions (the command line's own
// options), card pickers, jobs run through /api/jobs and polled until done.  No framework.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SYMBOL_SUIT = { "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C" };
const CARD_WIDGETS = ["cards", "card", "melds"];
const MAIN = new Set(["hand", "cards", "contract", "tricks", "upcard", "turned_down", "trump", "maker", "alone",
  "pile", "table", "taken", "discards", "received", "auction", "seat", "dealer", "score", "scores", "players",
  "deck", "deals", "seed", "play", "examples", "strategies", "games", "a", "b", "game", "over", "held", "bid"]);

let catalogue = null;
// the options a game's deck depends on (the game's registration, through /api/questions)
const deckOptions = game => (catalogue && catalogue.deck_options && catalogue.deck_options[game]) || [];
let spec = null;             // the chosen question's entry
let deck = [];               // [{card, copies}]
let activeCards = null;      // the name of the card field the picker fills
let deckRequest = 0;

// ------------------------------------------------------------------------------- cards

function normCard(token) {
  let t = token.replace(/\ufe0f/g, "").trim().toUpperCase();
  if (!t) return "";
  if (["JK", "JO", "JOKER"].includes(t)) return "JK";
  for (const [s, letter] of Object.entries(SYMBOL_SUIT)) t = t.split(s).join(letter);
  let rank, suit;
  if ("SHDC".includes(t.slice(-1)) && t.length >= 2) { rank = t.slice(0, -1); suit = t.slice(-1); }
  else if ("SHDC".includes(t[0]) && t.length >= 2) { rank = t.slice(1); suit = t[0]; }
  else return t;
  if (rank === "10") rank = "T";
  return rank + suit;
}

function cardTokens(text) {
  return (text || "").replace(/;/g, " ").split(/[\s,]+/).map(normCard).filter(Boolean);
}

function cardFace(card) {
  if (card === "JK") return "JK";
  const rank = card.slice(0, -1), suit = card.slice(-1);
  return (rank === "T" ? "10" : rank) + (SUIT_SYMBOL[suit] || suit);
}

function countOf(list) {
  const m = new Map();
  for (const c of list) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

function cardFields() {
  return spec ? spec.options.filter(o => CARD_WIDGETS.includes(o.widget)) : [];
}

function renderPicker() {
  const box = $("#picker-box"), picker = $("#picker");
  const fields = cardFields();
  if (!fields.length || !deck.length) { box.hidden = true; return; }
  box.hidden = false;
  if (!activeCards || !fields.some(o => o.name === activeCards)) activeCards = fields[0].name;
  const active = fields.find(o => o.name === activeCards);
  $("#picker-target").textContent = label(active);
  $$(".field").forEach(f => f.classList.toggle("active-cards", f.dataset.name === activeCards));
  const inActive = countOf(cardTokens(inputOf(activeCards).value));
  const elsewhere = countOf(fields.filter(o => o.name !== activeCards)
    .flatMap(o => cardTokens(inputOf(o.name).value)));
  picker.textContent = "";
  let row = null, suit = null;
  for (const { card, copies } of deck) {
    const s = card === "JK" ? "J" : card.slice(-1);
    if (s !== suit) { row = document.createElement("div"); row.className = "suit-row"; picker.appendChild(row); suit = s; }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card" + ("HD".includes(s) ? " red" : "");
    b.dataset.card = card;
    b.textContent = cardFace(card);
    const mine = inActive.get(card) || 0, other = elsewhere.get(card) || 0;
    if (mine) b.classList.add("in");
    if (mine > 1) { const n = document.createElement("span"); n.className = "n"; n.textContent = mine; b.appendChild(n); }
    if (other >= copies) { b.classList.add("used"); b.title = `${card}: used in another field`; }
    else if (other) b.title = `${card}: ${other} of ${copies} used in another field`;
    b.disabled = other >= copies && !mine;
    b.addEventListener("click", () => clickCard(card, copies));
    row.appendChild(b);
  }
}

function clickCard(card, copies) {
  const fields = cardFields();
  const active = fields.find(o => o.name === activeCards);
  if (!active) return;
  const input = inputOf(active.name);
  const elsewhere = fields.filter(o => o.name !== active.name).flatMap(o => cardTokens(inputOf(o.name).value))
    .filter(c => c === card).length;
  if (active.widget === "card") {
    input.value = cardTokens(input.value)[0] === card ? "" : card;
  } else {
    const text = input.value.trim();
    const mine = cardTokens(text).filter(c => c === card).length;
    if (mine + elsewhere < copies) {
      input.value = text ? text + " " + card : card;
    } else if (mine) {
      input.value = removeOne(text, card);
    }
  }
  clearError(active.name);
  renderPicker();
}

function removeOne(text, card) {
  // Take back the last copy of `card`, keeping the melds' ";" separators.
  const parts = text.split(/(\s*;\s*|[\s,]+)/);
  for (let i = parts.length - 1; i >= 0; i--) {
    if (normCard(parts[i]) === card && !/^[\s,;]*$/.test(parts[i])) { parts.splice(i, 1); break; }
  }
  return parts.join("").replace(/\s{2,}/g, " ").replace(/^\s+|\s+$/g, "").replace(/^;\s*|\s*;$/g, "");
}

async function refreshDeck() {
  if (!spec || !catalogue.decks[spec.game]) { deck = []; renderPicker(); return; }
  const params = new URLSearchParams({ game: spec.game });
  let special = false;
  for (const name of deckOptions(spec.game)) {
    const el = inputOf(name);
    if (el && el.value) { params.set(name, el.value); special = true; }
  }
  if (!special) { deck = catalogue.decks[spec.game]; renderPicker(); return; }
  const mine = ++deckRequest;
  try {
    const r = await fetch("/api/deck?" + params);
    const body = await r.json();
    if (mine === deckRequest && r.ok) { deck = body.deck; renderPicker(); }
  } catch (e) { /* keep the deck shown */ }
}

// ------------------------------------------------------------------------------- forms

function label(o) {
  return o.name.replace(/_+$/, "").replace(/_/g, " ");
}

function inputOf(name) {
  return document.getElementById("f-" + name);
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function fillSelects() {
  const game = $("#game");
  game.textContent = "";
  for (const g of catalogue.games) game.append(el("option", { value: g.game, textContent: g.title }));
}

function fillQuestions(game) {
  const q = $("#question");
  q.textContent = "";
  for (const e of catalogue.questions.filter(e => e.game === game)) {
    q.append(el("option", { value: e.question, textContent: e.question === e.game ? e.game : e.question }));
  }
}

function choose(game, question) {
  $("#game").value = game;
  fillQuestions(game);
  if (question) $("#question").value = question;
  buildForm();
}

function buildForm() {
  const game = $("#game").value, question = $("#question").value;
  spec = catalogue.questions.find(e => e.game === game && e.question === question);
  $("#question-help").textContent = spec ? spec.help : "";
  const main = $("#fields"), more = $("#more-fields");
  main.textContent = ""; more.textContent = "";
  activeCards = null;
  clearErrors();
  if (!spec) return;
  let extra = 0;
  for (const o of spec.options) {
    const row = buildField(o);
    if (o.required || MAIN.has(o.name) || CARD_WIDGETS.includes(o.widget)) main.append(row);
    else { more.append(row); extra++; }
  }
  $("#more").hidden = extra === 0;
  refreshDeck();
}

function buildField(o) {
  const id = "f-" + o.name;
  const head = el("label", { htmlFor: id }, label(o) + (o.required ? " *" : ""));
  head.append(el("span", { class: "flag", textContent: o.flag || "(argument)" }));
  const row = el("div", { class: "field", dataset: { name: o.name, widget: o.widget } }, head);
  const placeholder = o.placeholder || (o.metavar && o.metavar !== o.name.toUpperCase() ? o.metavar : "");
  let control;
  switch (o.widget) {
    case "cards": case "card": case "melds": {
      control = el("input", { type: "text", id, name: o.name, class: "wide cards-input",
        placeholder: o.widget === "melds" ? "5S 6S 7S; 8H 8D 8C" : (o.widget === "card" ? "one card, e.g. 9H" : "click the cards above, or type e.g. AH KH TS") });
      control.addEventListener("focus", () => { activeCards = o.name; renderPicker(); });
      control.addEventListener("input", () => { clearError(o.name); renderPicker(); });
      row.append(control);
      const pick = el("button", { type: "button", class: "pick-for", textContent: "pick cards" });
      pick.addEventListener("click", () => { activeCards = o.name; renderPicker(); $("#picker-box").scrollIntoView({ block: "nearest" }); });
      head.append(pick);
      if (o.widget === "melds") {
        const nm = el("button", { type: "button", class: "pick-for", textContent: "new meld" });
        nm.addEventListener("click", () => { if (control.value.trim()) control.value = control.value.trim() + "; "; activeCards = o.name; renderPicker(); });
        head.append(nm);
      }
      break;
    }
    case "auction":
      control = el("input", { type: "text", id, name: o.name, class: "wide", placeholder: "the calls so far, or use the buttons" });
      row.append(control, callButtons(control));
      break;
    case "score": {
      control = el("input", { type: "hidden", id, name: o.name });
      const box = el("span", { class: "scores" });
      const add = (v = "") => {
        const i = el("input", { type: "text", class: "score", inputMode: "numeric", value: v,
          placeholder: box.children.length === 0 ? "you" : (box.children.length === 1 ? "them" : "next") });
        i.addEventListener("input", () => { syncScore(control, box); clearError(o.name); });
        box.append(i);
      };
      add(); add();
      const more = el("button", { type: "button", class: "pick-for", textContent: "+ player", title: "one score per player or team, yours first" });
      more.addEventListener("click", () => add());
      control.setFromText = text => {
        box.textContent = "";
        const parts = (text || "").split(":");
        parts.forEach(p => add(p.trim()));
        while (box.children.length < 2) add();
        syncScore(control, box);
      };
      row.append(control, box, more);
      break;
    }
    case "suit":
      control = el("select", { id, name: o.name });
      control.append(el("option", { value: "", textContent: o.default ? `(default ${o.default})` : "(any)" }));
      for (const s of "SHDC") control.append(el("option", { value: s, textContent: `${SUIT_SYMBOL[s]} ${s}` }));
      row.append(control);
      break;
    case "checkbox":
      control = el("input", { type: "checkbox", id, name: o.name, checked: !!o.default });
      row.append(control);
      break;
    case "select":
      control = el("select", { id, name: o.name });
      if (o.default === null || o.default === undefined) control.append(el("option", { value: "", textContent: "(default)" }));
      for (const c of o.choices) control.append(el("option", { value: c, textContent: c }));
      if (o.default !== null && o.default !== undefined) control.value = String(o.default);
      row.append(control);
      break;
    case "number":
      control = el("input", { type: "text", inputMode: "numeric", id, name: o.name, class: "num",
        placeholder: placeholder || (o.default !== null && o.default !== undefined ? `default: ${o.default}` : "") });
      if (o.name === "seed" && o.default !== null) control.value = String(o.default);
      row.append(control);
      break;
    case "list":
      control = el("input", { type: "text", id, name: o.name, class: "wide", placeholder: "NAME=VALUE; NAME=VALUE" });
      row.append(control);
      break;
    default:
      control = el("input", { type: "text", id, name: o.name, class: o.name === "strategies" ? "wide" : "",
        placeholder: placeholder || (o.default !== null && o.default !== undefined ? `default: ${o.default}` : "") });
      row.append(control);
  }
  if (control.type !== "hidden") control.addEventListener("input", () => clearError(o.name));
  if (deckOptions(spec.game).includes(o.name)) control.addEventListener("change", refreshDeck);
  if (o.help) row.append(el("div", { class: "fhelp", textContent: o.help }));
  row.append(el("p", { class: "ferror", id: "err-" + o.name, role: "alert" }));
  return row;
}

function syncScore(hidden, box) {
  const parts = Array.from(box.children).map(i => i.value.trim());
  while (parts.length && !parts[parts.length - 1]) parts.pop();
  hidden.value = parts.some(Boolean) ? parts.join(":") : "";
}

function callButtons(input) {
  const box = el("div", { class: "calls" });
  const add = call => {
    input.value = (input.value.trim() + " " + call).trim();
    clearError(input.name);
  };
  const button = (text, call, title) => {
    const b = el("button", { type: "button", textContent: text, dataset: { call }, title: title || call });
    b.addEventListener("click", () => add(call));
    box.append(b);
  };
  if (spec.game === "five-hundred") {
    for (let level = 6; level <= 10; level++) {
      for (const s of ["S", "C", "D", "H", "NT"]) button(level + (SUIT_SYMBOL[s] || "NT"), level + s);
    }
    button("MIS", "MIS", "misère"); button("OPENMIS", "OPENMIS", "open misère");
  } else {
    const n = el("input", { type: "text", class: "score", inputMode: "numeric", placeholder: "bid" });
    const b = el("button", { type: "button", textContent: "bid" });
    b.addEventListener("click", () => { if (n.value.trim()) { add(n.value.trim()); n.value = ""; } });
    box.append(n, b);
  }
  button("pass", "pass");
  const undo = el("button", { type: "button", textContent: "undo", title: "take back the last call" });
  undo.addEventListener("click", () => { input.value = input.value.trim().split(/\s+/).slice(0, -1).join(" "); });
  box.append(undo);
  return box;
}

function values() {
  const out = {};
  for (const o of spec.options) {
    const c = inputOf(o.name);
    if (!c) continue;
    if (o.widget === "checkbox") { if (c.checked) out[o.name] = true; continue; }
    const v = c.value.trim();
    if (v !== "") out[o.name] = v;
  }
  return out;
}

function setValues(params) {
  for (const o of spec.options) {
    if (!params.has(o.name)) continue;
    const c = inputOf(o.name);
    const v = o.kind === "multiple" ? params.getAll(o.name).join("; ") : params.get(o.name);
    if (o.widget === "checkbox") c.checked = ["1", "true", "yes", "on"].includes(v.toLowerCase());
    else if (o.widget === "score") c.setFromText(v);
    else c.value = v;
  }
}

function defaultText(o) {
  return o.default === null || o.default === undefined ? "" : String(o.default);
}

function urlOf(game, question, vals) {
  const p = new URLSearchParams({ game, question });
  const opts = catalogue.questions.find(e => e.game === game && e.question === question).options;
  for (const o of opts) {
    if (!(o.name in vals)) continue;
    const v = vals[o.name];
    if (o.widget === "checkbox") { if (v) p.set(o.name, "1"); continue; }
    if (o.name !== "seed" && o.widget === "select" && String(v) === defaultText(o)) continue;
    p.set(o.name, v);
  }
  return "/?" + p.toString();
}

// ------------------------------------------------------------------------------- errors

function clearErrors() {
  $$(".field").forEach(f => f.classList.remove("invalid"));
  $$(".ferror").forEach(e => { e.textContent = ""; });
  $("#form-error").textContent = "";
}

function clearError(name) {
  const e = document.getElementById("err-" + name);
  if (e) { e.textContent = ""; e.closest(".field").classList.remove("invalid"); }
}

function showError(message, field, game, question) {
  const here = spec && spec.game === game && spec.question === question;
  const e = field && here ? document.getElementById("err-" + field) : null;
  if (e) {
    e.textContent = message;
    const row = e.closest(".field");
    row.classList.add("invalid");
    if (row.parentElement.id === "more-fields") $("#more").open = true;
  } else if (here || !game) {
    $("#form-error").textContent = message;
  }
}

// ------------------------------------------------------------------------------- jobs

async function run(pushUrl = true) {
  if (!spec) return;
  clearErrors();
  const game = spec.game, question = spec.question, vals = values();
  const url = urlOf(game, question, vals);
  if (pushUrl && location.pathname + location.search !== url) history.pushState(null, "", url);
  let r, body;
  try {
    r = await fetch("/api/jobs", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game, question, values: vals }) });
    body = await r.json();
  } catch (e) {
    showError("the server does not answer (is analyzer serve still running?)", null, game, question);
    return;
  }
  if (!r.ok) { showError(body.error, body.field, game, question); return; }
  const panel = jobPanel(body, url);
  poll(body.id, panel);
}

function jobPanel(job, url) {
  const node = $("#job-template").content.firstElementChild.cloneNode(true);
  node.dataset.job = job.id;
  const asked = Object.entries(job.values).filter(([k]) => CARD_WIDGETS.includes(widgetOf(job, k)))
    .map(([, v]) => v).join(" · ");
  $(".job-title", node).textContent = `${job.game} ${job.question === job.game ? "" : job.question}` + (asked ? ` — ${asked}` : "");
  const a = $(".permalink", node);
  a.href = url; a.textContent = location.origin + url;
  $(".cancel", node).addEventListener("click", async () => {
    $(".cancel", node).disabled = true;
    await fetch(`/api/jobs/${job.id}/cancel`, { method: "POST" });
  });
  $(".remove", node).addEventListener("click", () => { node.dataset.removed = "1"; node.remove(); });
  $("#jobs").prepend(node);
  update(node, job);
  return node;
}

function widgetOf(job, name) {
  const e = catalogue.questions.find(q => q.game === job.game && q.question === job.question);
  const o = e && e.options.find(o => o.name === name);
  return o ? o.widget : "";
}

async function poll(id, node) {
  let version = -1, failures = 0;
  while (!node.dataset.removed) {
    let job;
    try {
      const r = await fetch(`/api/jobs/${id}?since=${version}&wait=10`);
      if (r.status === 404) { update(node, { status: "error", error: "the server forgot this job (restarted?)" }); return; }
      job = await r.json();
      failures = 0;
    } catch (e) {
      if (++failures > 5) { update(node, { status: "error", error: "lost the server (is analyzer serve still running?)" }); return; }
      await new Promise(res => setTimeout(res, 1000));
      continue;
    }
    version = job.version;
    update(node, job);
    if (["error", "cancelled"].includes(job.status) || (job.status === "done" && !job.chart_pending)) return;
  }
}

function update(node, job) {
  node.classList.remove("starting", "compiling", "running", "done", "error", "cancelled");
  node.classList.add(job.status === "compiling" ? "starting" : job.status);
  node.dataset.status = job.status;
  const status = $(".job-status", node), text = $(".progress-text", node), bar = $(".progress .bar", node);
  const pct = job.total ? Math.round(100 * job.done / job.total) : 0;
  if (job.status === "starting" || job.status === "compiling") {
    status.textContent = job.status === "compiling" ? "compiling" : "starting";
    text.textContent = job.message || "starting (the first question of a game compiles its kernels: up to a minute, once)";
  } else if (job.status === "running") {
    status.textContent = `${pct}%`;
    bar.style.width = pct + "%";
    text.textContent = `${job.done.toLocaleString()} of ${job.total.toLocaleString()} deals` + (job.message ? ` — ${job.message}` : "");
  } else if (job.status === "done") {
    status.textContent = `done in ${job.elapsed.toFixed(1)} s`;
    bar.style.width = "100%";
    text.textContent = "";
    showAnswer(node, job);
  } else if (job.status === "cancelled") {
    status.textContent = "cancelled";
    text.textContent = "cancelled: nothing of this run is kept";
  } else if (job.status === "error") {
    status.textContent = "error";
    text.textContent = "";
    $(".job-error", node).textContent = job.error;
    showError(job.error, job.field, job.game, job.question);
  }
}

function showAnswer(node, job) {
  if (node.dataset.shown === String(job.version)) return;
  node.dataset.shown = String(job.version);
  const result = job.result || {};
  $(".recommendation", node).textContent = result.recommendation || "";
  const answer = $(".answer", node);
  answer.textContent = "";
  const display = job.display || {};
  const labels = display.labels || {};
  if (Array.isArray(result.options)) {
    answer.append(table(result.options, result.best, display.columns, labels));
    if (display.legend) answer.append(el("p", { class: "help", textContent: display.legend }));
    const facts = display.facts || [];
    if (facts.length) answer.append(el("p", { class: "help", textContent: facts.map(f => `${f.label}: ${f.text}`).join(" · ") }));
  } else {
    answer.append(record(result, labels));
  }
  const notes = $(".notes", node);
  notes.textContent = "";
  for (const n of result.notes || []) notes.append(el("li", { textContent: n }));
  showExamples($(".examples", node), result.examples || []);
  const img = $(".chart", node);
  if (job.chart && img.getAttribute("src") !== job.chart) { img.src = job.chart; img.hidden = false; }
}

// The deals behind the answer (--examples): the hands as a diagram, then for each of the
// two options what happened and its play, trick by trick.
function showExamples(box, examples) {
  // drawn once per answer: a later update of the job (its chart) keeps them
  const key = examples.map(e => `${e.seed}:${e.deal}`).join(",");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.textContent = "";
  box.hidden = examples.length === 0;
  if (!examples.length) return;
  box.append(el("h3", { textContent: "Deals behind the answer" }));
  examples.forEach((ex, k) => {
    const item = el("div", { class: "example" });
    item.append(el("h4", { textContent: `Example ${k + 1}: deal ${ex.deal.toLocaleString()} (seed ${ex.seed}) — ${ex.why}` }));
    if (ex.diagram) item.append(el("pre", { class: "diagram", textContent: ex.diagram }));
    if (ex.heard && ex.heard.length) item.append(el("p", { textContent: "calls heard: " + ex.heard.join(", ") }));
    for (const opt of ex.options || []) {
      item.append(el("p", { class: "example-option", textContent: opt.summary }));
      if (opt.play && opt.play.length) {
        const list = el("ol", { class: "tricks" });
        for (const t of opt.play) {
          const cards = t.cards.map(([seat, card]) => `${seat} ${card}`).join("  ");
          list.append(el("li", { textContent: cards + (t.winner ? `  → ${t.winner}` : "") }));
        }
        item.append(list);
      }
    }
    box.append(item);
  });
}

function fmt(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isInteger(v) ? v.toLocaleString() : (Math.abs(v) >= 100 ? v.toFixed(1) : v.toPrecision(4));
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

// A probability as the command line's tables show it: one decimal, and never "0.0" or
// "100.0" for a value that is neither (fmt.table_percent).
function percentText(p) {
  if (p === null || p === undefined || typeof p !== "number") return fmt(p);
  const x = 100 * p;
  let text = x.toFixed(1);
  if (x > 0 && x < 100 && (text === "0.0" || text === "100.0")) {
    text = x.toFixed(2);
    if (text === "0.00" || text === "100.00") text = x < 50 ? "<0.01" : ">99.99";
  }
  return text + "%";
}

// A difference of probabilities in percentage points, signed.
function pointsText(d) {
  if (d === null || d === undefined || typeof d !== "number") return fmt(d);
  const x = 100 * d;
  return (x > 0 ? "+" : "") + x.toFixed(1);
}

function cell(r, c) {
  const v = c.keys.map(k => r[k]);
  if (c.kind === "interval-percent") return `${percentText(v[0]).slice(0, -1)}–${percentText(v[1])}`;
  if (c.kind === "interval-points") return `${pointsText(v[0])} to ${pointsText(v[1])} pts`;
  if (c.kind === "points") return `${pointsText(v[0])} pts`;
  if (c.kind === "interval") return `${fmt(v[0])} to ${fmt(v[1])}`;
  if (c.kind === "percent") return percentText(v[0]);
  return fmt(v[0]);
}

// columns: the server's layout (web/columns.py: labels, intervals as one column); without
// it, one column a key under its label (display.labels) or its own name.
function table(rows, best, columns, labels) {
  if (!columns) {
    columns = [];
    for (const r of rows) for (const k of Object.keys(r)) if (!columns.some(c => c.keys[0] === k)) columns.push({ label: (labels || {})[k] || k, keys: [k], kind: "value" });
  }
  const text = c => typeof rows[0][c.keys[0]] === "string" ? "text" : "";
  const t = el("table", { class: "answer-table" });
  const head = el("tr");
  for (const c of columns) head.append(el("th", { textContent: c.label, title: c.keys.join(", "), class: text(c) }));
  t.append(el("thead", {}, head));
  const body = el("tbody");
  for (const r of rows) {
    const tr = el("tr");
    if (best !== undefined && best !== null && Object.values(r).some(v => v === best)) tr.className = "best";
    for (const c of columns) tr.append(el("td", { textContent: cell(r, c), class: text(c) }));
    body.append(tr);
  }
  t.append(body);
  return t;
}

function record(obj, labels) {
  labels = labels || {};
  if (Array.isArray(obj) && obj.length && obj.every(r => r && typeof r === "object" && !Array.isArray(r))) return table(obj, undefined, undefined, labels);
  const t = el("table", { class: "answer-table record" });
  for (const [k, v] of Object.entries(obj)) {
    const td = el("td", { class: "text" });
    if (v && typeof v === "object") td.append(record(v, labels)); else td.textContent = fmt(v);
    t.append(el("tr", {}, el("th", { class: "text", textContent: labels[k] || k }), td));
  }
  return t;
}

// ------------------------------------------------------------------------------- start

function fromUrl(runIt) {
  const params = new URLSearchParams(location.search);
  const game = params.get("game"), question = params.get("question") || params.get("game");
  const entry = game && catalogue.questions.find(e => e.game === game && e.question === question);
  if (!entry) {
    if (game) $("#form-error").textContent = `no question ${game} ${question || ""} here: choose one above`;
    choose(catalogue.games[0].game);
    return;
  }
  choose(game, question);
  setValues(params);
  refreshDeck();
  renderPicker();
  const missing = spec.options.filter(o => o.required && !values()[o.name]);
  if (runIt && !missing.length) run(false);
}

async function start() {
  try {
    catalogue = await (await fetch("/api/questions")).json();
  } catch (e) {
    $("#form-error").textContent = "cannot reach the server";
    return;
  }
  fillSelects();
  $("#game").addEventListener("change", () => { choose($("#game").value); });
  $("#question").addEventListener("change", buildForm);
  $("#form").addEventListener("submit", ev => { ev.preventDefault(); run(true); });
  $("#clear").addEventListener("click", () => { buildForm(); });
  window.addEventListener("popstate", () => fromUrl(true));
  fromUrl(true);
  document.body.dataset.ready = "1";
}

start();
