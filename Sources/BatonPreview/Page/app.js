// The page of `baton preview`. It draws what the server's JSON API answers (docs/PREVIEW.md)
// and sends the user's taps back as API requests: every decision about what the flow shows,
// what a step does and whether a value fits is the server's, read from the runtime. Plain
// JavaScript, no build step, nothing fetched from elsewhere.
"use strict";

const page = {
  view: null,      // the last GET /api/state answer
  graph: null,     // the last GET /api/graph answer
  lint: null,      // the last GET /api/lint answer
  shownFlowRevision: 0,
  openForm: null,  // the event whose payload form is open
};

const $ = (id) => document.getElementById(id);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let json = null;
  try { json = await response.json(); } catch (_) { json = null; }
  return { ok: response.ok, status: response.status, json };
}

// MARK: Requests that change the run

async function change(path, body, context) {
  const answer = await api("POST", path, body);
  if (answer.ok) {
    clearErrors();
    if (answer.json && answer.json.steps && answer.json.steps.length) showResult(answer.json.steps[answer.json.steps.length - 1]);
    else if (path !== "/api/step") showNote(typeof context === "string" ? context : "");
    if (answer.json && answer.json.view) render(answer.json.view);
    return answer;
  }
  const error = (answer.json && answer.json.error) || { message: "the server answered " + answer.status };
  showRefusal(error, context);
  return answer;
}

function step(body, context) {
  return change("/api/step", body, context);
}

function showResult(report) {
  const box = $("step-result");
  box.dataset.result = report.result;
  box.className = "step-result result-" + report.result;
  box.replaceChildren(...[
    element("strong", { text: report.step + " → " + report.result }),
    report.message ? element("span", { text: ": " + report.message }) : null,
    ...report.nested.map(nestedLine),
  ].filter(Boolean));
}

// A log entry recorded inside a step: an outcome handled, a result handed back, a held link.
function nestedLine(entry) {
  return element("div", { class: "nested", text: "↳ " + entry.trigger + " → " + entry.result + (entry.message ? ": " + entry.message : "") });
}

function showNote(text) {
  const box = $("step-result");
  box.dataset.result = "";
  box.className = "step-result";
  box.textContent = text;
}

// A request the server refused: the message at the form or setting it came from, and each
// field's problem at the field.
function showRefusal(error, context) {
  const box = $("step-result");
  box.dataset.result = "refused";
  box.className = "step-result result-rejected";
  box.replaceChildren(element("strong", { text: "refused" }), element("span", { text: ": " + error.message }));
  const scope = context && context.scope ? context.scope : document;
  if (error.fields) {
    for (const [path, message] of Object.entries(error.fields)) {
      const target = scope.querySelector(`[data-error-for="${cssEscape(path)}"]`);
      if (target) target.textContent = message;
    }
  } else if (context && context.scope) {
    const target = context.scope.querySelector("[data-error-for]");
    if (target) target.textContent = error.message;
  }
}

function clearErrors() {
  for (const node of document.querySelectorAll("[data-error-for]")) node.textContent = "";
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, "\\$&");
}

// MARK: Rendering the run

function render(view) {
  page.view = view;
  $("file").textContent = view.file;
  $("status").textContent = view.loadProblems ? "the file on disk does not load" : "flow revision " + view.flowRevision;
  $("status").className = "status" + (view.loadProblems ? " bad" : "");
  renderBanner(view);
  renderLoadProblems(view.loadProblems);
  renderPhone(view);
  renderControls(view);
  renderSettings(view.settings);
  renderHistory(view.history);
  renderLog(view.log);
  highlightGraph();
  if (view.flowRevision !== page.shownFlowRevision || (view.loadProblems ? 1 : 0) !== page.shownProblems) {
    page.shownFlowRevision = view.flowRevision;
    page.shownProblems = view.loadProblems ? 1 : 0;
    loadGraph();
    loadLint();
  }
}

function renderBanner(view) {
  const banner = $("banner");
  const lines = [];
  if (view.reload) {
    lines.push(element("strong", { text: view.reload.summary }));
    for (const line of view.reload.notKept) lines.push(element("div", { class: "not-kept", text: "not kept: " + line }));
    for (const line of view.reload.notes) lines.push(element("div", { text: line }));
  }
  for (const note of view.notes) lines.push(element("div", { class: "note", text: note }));
  banner.hidden = lines.length === 0;
  banner.dataset.revision = view.reload ? view.reload.revision : "";
  banner.dataset.kept = view.reload ? String(view.reload.keptPlace) : "";
  banner.replaceChildren(...lines);
}

function renderLoadProblems(problems) {
  const box = $("load-problems");
  box.hidden = !problems;
  if (!problems) return box.replaceChildren();
  box.replaceChildren(
    element("strong", { text: "The file on disk does not load; the preview runs the last version that did." }),
    element("ul", {}, problems.map(diagnosticItem))
  );
}

function renderPhone(view) {
  const phone = $("phone");
  const state = view.state;
  phone.dataset.top = state.top || "";
  phone.dataset.stack = (state.stack || []).join(",");
  phone.dataset.tab = state.tab || "";
  phone.dataset.presented = state.presented || "";
  phone.dataset.presentation = state.presentation || "";
  phone.dataset.finished = state.finished || "";
  const screen = element("div", { class: "phone-screen" });
  if (view.scene.finished) {
    screen.append(element("div", { class: "finished", "data-testid": "finished" },
      element("p", { text: "The flow finished: " + view.scene.finished }),
      element("button", { text: "Restart", onclick: () => change("/api/restart") })));
  }
  const layers = view.scene.layers;
  layers.forEach((layer, number) => {
    const top = number === layers.length - 1;
    screen.append(renderLayer(layer, number, top, top ? view.events : []));
  });
  phone.replaceChildren(element("div", { class: "phone-notch" }), screen);
}

function renderLayer(layer, number, top, events) {
  const kind = layer.presentation || "base";
  const node = element("div", {
    class: `layer layer-${kind}` + (top ? " layer-top" : " layer-under"),
    "data-testid": `layer-${number}`,
    dataset: { screen: layer.screen || "", presentation: layer.presentation || "" },
  });
  if (!top) node.inert = true;
  if ((layer.presentation === "popover" || layer.presentation === "confirm") && top) {
    // A tap outside a popover closes it; outside a confirmation dialog it sends its cancel.
    node.addEventListener("click", (event) => { if (event.target === node) step({ dismiss: true }, "tapped outside"); });
  }
  const card = element("div", { class: "card" });
  if (layer.presentation === "sheet" && layer.detents.length) {
    // The sheet rests at its lowest detent: medium is half the screen, a fraction its share.
    const heights = layer.detents.map((detent) => detent === "medium" ? 0.5 : detent === "large" ? 1 : Number(detent));
    node.style.top = `calc(42px + ${Math.round((1 - Math.min(...heights)) * 100)}%)`;
    node.title = "detents: " + layer.detents.join(", ");
  }
  if (layer.presentation === "sheet" || layer.presentation === "popover") {
    const grabber = element("div", { class: "grabber", "data-testid": top ? "sheet-grabber" : null,
      title: layer.dismissible ? "Drag down to dismiss" : "Presented with dismissible: false: it cannot be swiped away" });
    if (top && layer.dismissible) makeSwipeable(grabber, card);
    card.append(grabber);
  }
  card.append(renderNavigationBar(layer, top));
  const body = element("div", { class: "screen-body" },
    element("div", { class: "screen-title", "data-testid": top ? "screen-title" : null, text: layer.title || "" }),
    element("div", { class: "screen-id", text: layer.screen ? "screen " + layer.screen : "nothing shown" }),
    layer.input !== undefined ? element("pre", { class: "input", "data-testid": top ? "screen-input" : null, text: JSON.stringify(layer.input, null, 1) }) : null,
    layer.received ? element("div", { class: "received", "data-testid": "received",
      text: "handed back: " + layer.received.result + (layer.received.payload !== undefined ? " " + JSON.stringify(layer.received.payload) : "") }) : null);
  if (top) body.append(renderEvents(events));
  card.append(body);
  for (const bar of layer.tabBars.slice().reverse()) card.append(renderTabBar(bar, top));
  node.append(card);
  return node;
}

function renderNavigationBar(layer, top) {
  const bar = element("div", { class: "nav-bar" });
  if (layer.canGoBack) {
    const previous = layer.stack[layer.stack.length - 2];
    bar.append(element("button", {
      class: "nav-back", "data-testid": top ? "nav-back" : null, text: "‹ " + previous,
      onclick: () => step({ back: true }, "back"),
    }));
  }
  bar.append(element("span", { class: "nav-title", text: layer.title || "" }));
  const crumbs = element("div", { class: "breadcrumbs", "data-testid": top ? "breadcrumbs" : null, text: layer.stack.join(" › ") });
  return element("div", { class: "nav" }, bar, crumbs);
}

function renderTabBar(bar, top) {
  return element("nav", { class: "tab-bar", dataset: { flow: bar.flow } },
    bar.tabs.map((tab) => element("button", {
      class: "tab" + (tab.selected ? " selected" : ""),
      "data-testid": top ? `tab-${tab.id}` : null,
      "data-tab": tab.id,
      "aria-pressed": tab.selected ? "true" : "false",
      title: tab.icon ? "icon: " + tab.icon : null,
      text: tab.title,
      onclick: () => step({ tab: tab.id }, "tab " + tab.id),
    })));
}

// Dragging a sheet down by its grabber past a threshold is the user's swipe (`dismiss`).
function makeSwipeable(grabber, card) {
  let start = null;
  grabber.addEventListener("pointerdown", (event) => {
    start = event.clientY;
    grabber.setPointerCapture(event.pointerId);
  });
  grabber.addEventListener("pointermove", (event) => {
    if (start === null) return;
    card.style.transform = `translateY(${Math.max(0, event.clientY - start)}px)`;
  });
  const end = (event) => {
    if (start === null) return;
    const distance = event.clientY - start;
    start = null;
    card.style.transform = "";
    if (distance > 60) step({ dismiss: true }, "swiped down");
  };
  grabber.addEventListener("pointerup", end);
  grabber.addEventListener("pointercancel", () => { start = null; card.style.transform = ""; });
}

// MARK: Events and payload forms

function renderEvents(events) {
  const list = element("div", { class: "events" });
  for (const event of events) {
    const button = element("button", {
      class: "event", "data-testid": `event-${event.event}`, text: event.event + (event.payload ? " …" : ""),
      title: event.payload ? "payload: " + event.payload.type : "no payload",
    });
    list.append(button);
    if (!event.payload) {
      button.addEventListener("click", () => step({ send: `${event.screen}.${event.event}` }, event.event));
      continue;
    }
    const form = payloadForm(event);
    form.hidden = page.openForm !== event.event;
    button.addEventListener("click", () => {
      form.hidden = !form.hidden;
      page.openForm = form.hidden ? null : event.event;
    });
    list.append(form);
  }
  return list;
}

function payloadForm(event) {
  const form = element("form", { class: "payload-form", "data-testid": `form-${event.event}` },
    element("div", { class: "form-type", text: event.event + ": " + event.payload.type + (event.payload.required ? "" : " (may be left out)") }),
    element("div", { class: "field-error", "data-error-for": "" }),
    fieldsFor(event.payload, ""),
    element("button", { type: "submit", "data-testid": `send-${event.event}`, text: "Send " + event.event }));
  form.addEventListener("submit", async (submitted) => {
    submitted.preventDefault();
    const value = collect(event.payload, "", form);
    const body = { send: `${event.screen}.${event.event}` };
    if (value.present || event.payload.required) body.payload = value.present ? value.value : {};
    // A sent form closes; a refused one stays open with its problems (nothing is drawn again).
    page.openForm = null;
    const answer = await step(body, { scope: form });
    if (!answer.ok) page.openForm = event.event;
  });
  return form;
}

// The inputs for a value of `form` (the server's description of a declared type).
function fieldsFor(form, path) {
  if (form.kind === "record") {
    return element("fieldset", { class: "record" },
      path ? element("legend", { text: form.type }) : null,
      form.fields.map((field) => {
        const inner = path ? `${path}.${field.name}` : field.name;
        return element("label", { class: "field" },
          element("span", { class: "field-name", text: field.name + (field.form.required ? " *" : "") }),
          field.form.kind === "record" ? fieldsFor(field.form, inner) : input(field.form, inner),
          element("span", { class: "field-type", text: field.form.type }),
          element("span", { class: "field-error", "data-error-for": inner }));
      }));
  }
  return element("label", { class: "field" }, input(form, path), element("span", { class: "field-type", text: form.type }));
}

function input(form, path) {
  const attributes = { "data-field": path, "data-kind": form.kind, "aria-label": path || form.type };
  if (form.kind === "bool") {
    return element("select", attributes,
      element("option", { value: "", text: "—" }), element("option", { value: "true", text: "true" }),
      element("option", { value: "false", text: "false" }));
  }
  if (form.kind === "json") return element("textarea", { ...attributes, rows: 2, placeholder: "JSON" });
  return element("input", { ...attributes, placeholder: form.kind });
}

// The value the inputs hold, each read by its kind; text that does not read as the kind is
// sent as it is, so that the server's check says what is wrong with it.
function collect(form, path, root) {
  if (form.kind === "record") {
    const record = {};
    for (const field of form.fields) {
      const inner = path ? `${path}.${field.name}` : field.name;
      const value = collect(field.form, inner, root);
      if (value.present) record[field.name] = value.value;
    }
    return { present: Object.keys(record).length > 0, value: record };
  }
  const node = root.querySelector(`[data-field="${cssEscape(path)}"]`);
  const text = node ? node.value.trim() : "";
  if (text === "") return { present: false };
  switch (form.kind) {
    case "int": return { present: true, value: /^[-+]?\d+$/.test(text) ? parseInt(text, 10) : text };
    case "double": return { present: true, value: /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : text };
    case "bool": return { present: true, value: text === "true" };
    case "json": try { return { present: true, value: JSON.parse(text) }; } catch (_) { return { present: true, value: text }; }
    default: return { present: true, value: text };
  }
}

// MARK: Controls, settings, history, log

function renderControls(view) {
  $("dismiss").disabled = !view.canDismiss;
  $("history-back").disabled = !view.history.canGoBack;
  $("history-forward").disabled = !view.history.canGoForward;
}

function renderSettings(settings) {
  const none = (what) => element("div", { class: "note", text: `The flow declares no ${what}.` });
  $("flags").replaceChildren(...settings.flags.map((flag) => settingRow("flags", flag.name, flag.type, flag.type === "variant" ? "variant" : flag.type,
    flag.value, flag.values, (flag.overridden ? "overridden" : "default " + JSON.stringify(flag.defaultValue)))));
  if (!settings.flags.length) $("flags").replaceChildren(none("flags"));
  $("context").replaceChildren(...settings.context.map((fact) => settingRow("context", fact.name, fact.type, fact.kind,
    fact.value, null, fact.required ? "required" : "has a default")));
  if (!settings.context.length) $("context").replaceChildren(none("context facts"));
}

function settingRow(scope, name, type, kind, value, values, note) {
  const key = `${scope}.${name}`;
  const row = element("div", { class: "setting", "data-testid": `${scope === "flags" ? "flag" : "fact"}-${name}` });
  const apply = (given) => step({ set: { [scope]: { [name]: given } } }, { scope: row });
  let control;
  if (kind === "bool") {
    control = element("input", { type: "checkbox", "aria-label": key });
    control.checked = value === true;
    control.addEventListener("change", () => apply(control.checked));
  } else if (kind === "variant") {
    control = element("select", { "aria-label": key }, values.map((option) => element("option", { value: option, text: option })));
    control.value = value;
    control.addEventListener("change", () => apply(control.value));
  } else {
    control = element("input", { "aria-label": key, value: value === undefined || value === null ? "" : (typeof value === "string" ? value : JSON.stringify(value)) });
    const set = element("button", { text: "Set", onclick: () => apply(collect({ kind: kind === "string" || kind === "url" ? "string" : kind === "record" ? "json" : kind }, "", row).value) });
    control.dataset.field = "";
    control = element("span", {}, control, set);
  }
  row.append(element("span", { class: "setting-name", text: name }), control,
    element("span", { class: "setting-type", text: type + " · " + note }),
    element("span", { class: "field-error", "data-error-for": key }));
  return row;
}

function renderHistory(history) {
  $("history").replaceChildren(...history.entries.map((entry) => element("li", {
    class: "history-entry" + (entry.number === history.cursor ? " current" : "") + (entry.number > history.cursor ? " ahead" : ""),
    "data-testid": `history-${entry.number}`,
    title: "Go to this step (restores its snapshot)",
    text: (entry.step || "start") + (entry.result !== "handled" && entry.result !== "start" ? ` (${entry.result})` : "") + " → " + (entry.top || "nothing"),
    onclick: () => change("/api/history", { to: entry.number }, "went to step " + entry.number),
  })));
}

function renderLog(lines) {
  const log = $("log");
  let steps = 0;
  log.replaceChildren(...lines.map((line) => line.kind === "note"
    ? element("li", { class: "log-note", text: line.text })
    : element("li", { class: "log-step result-" + line.report.result, value: String(++steps) },
        element("span", { text: line.report.step + " → " + line.report.result + (line.report.message ? ": " + line.report.message : "") }),
        ...line.report.nested.map(nestedLine))));
  log.scrollTop = log.scrollHeight;
}

// MARK: The graph

async function loadGraph() {
  const answer = await api("GET", "/api/graph");
  if (!answer.ok) return;
  page.graph = answer.json;
  const box = $("graph");
  $("graph-note").textContent = page.graph.note || "";
  box.dataset.format = page.graph.format;
  $("graph-zoom").hidden = page.graph.format !== "svg";
  if (page.graph.format === "svg") {
    box.innerHTML = page.graph.svg;
    const nodes = new Map();
    for (const cluster of page.graph.clusters) for (const screen of cluster.screens) nodes.set(screen.node, { cluster, screen });
    for (const group of box.querySelectorAll("g.node")) {
      const title = group.querySelector("title");
      const found = title && nodes.get(title.textContent);
      if (!found) continue;
      group.dataset.node = found.screen.node;
      group.classList.add(found.screen.reachable ? "reachable" : "unreachable");
      if (found.screen.reachable) group.addEventListener("click", () => jump(found.cluster.flow, found.screen.screen));
    }
    zoomGraph();
  } else {
    box.replaceChildren(...page.graph.clusters.map((cluster) => element("div", { class: "cluster" },
      element("div", { class: "cluster-title", text: `${cluster.title} · ${cluster.kind}` }),
      cluster.screens.map((screen) => element("button", {
        class: "graph-screen " + (screen.reachable ? "reachable" : "unreachable"),
        "data-node": screen.node, text: screen.screen, disabled: !screen.reachable,
        onclick: () => jump(cluster.flow, screen.screen),
      })))));
  }
  highlightGraph();
}

// Scrolls the graph so that `node` is in the middle of what shows.
function centre(box, node) {
  const frame = box.getBoundingClientRect();
  const place = node.getBoundingClientRect();
  box.scrollLeft += place.left + place.width / 2 - (frame.left + frame.width / 2);
  box.scrollTop += place.top + place.height / 2 - (frame.top + frame.height / 2);
}

function jump(flow, screen) {
  return change("/api/jump", { flow, screen }, `went to ${screen} in ${flow}`);
}

function highlightGraph() {
  const box = $("graph");
  if (!page.view) return;
  for (const node of box.querySelectorAll(".current, .visited")) node.classList.remove("current", "visited");
  const { current, path } = page.view.highlight;
  for (const name of path) {
    const node = box.querySelector(`[data-node="${cssEscape(name)}"]`);
    if (node) node.classList.add("visited");
  }
  if (current) {
    const node = box.querySelector(`[data-node="${cssEscape(current)}"]`);
    if (node) {
      node.classList.add("current");
      if (box.classList.contains("actual-size")) centre(box, node);
    }
  }
  const edges = new Set();
  for (let index = 1; index < path.length; index++) edges.add(path[index - 1] + "->" + path[index]);
  for (const edge of box.querySelectorAll("g.edge")) {
    const title = edge.querySelector("title");
    if (title && edges.has(title.textContent)) edge.classList.add("visited");
  }
}

// MARK: Lint

async function loadLint() {
  const answer = await api("GET", "/api/lint");
  if (!answer.ok) return;
  page.lint = answer.json;
  const list = page.lint.diagnostics;
  $("lint-summary").textContent = list.length === 0 ? "no problems" : `${list.length} finding${list.length === 1 ? "" : "s"}`
    + ` · ${page.lint.statesExplored} states explored` + (page.lint.explorationComplete ? "" : " (bounded)");
  $("lint").replaceChildren(...list.map((diagnostic, number) => diagnosticItem(diagnostic, number)));
}

function diagnosticItem(diagnostic, number) {
  const location = diagnostic.location;
  const place = location ? `${location.file}:${location.startLine}:${location.startColumn}` : null;
  return element("li", { class: "diagnostic severity-" + diagnostic.severity, "data-testid": typeof number === "number" ? `finding-${number}` : null },
    element("span", { class: "severity", text: diagnostic.severity }), " ",
    place ? element("a", { href: "#", class: "place", text: place, onclick: (event) => { event.preventDefault(); showSource(location); } }) : null,
    " ", element("span", { text: diagnostic.message + (diagnostic.suggestion ? "; " + diagnostic.suggestion : "") }),
    element("code", { text: " [" + diagnostic.code + "]" }),
    diagnostic.trace && typeof number === "number" ? element("button", {
      class: "show-me", "data-testid": `show-${number}`, text: "Show me",
      title: "Replay: " + diagnostic.trace.steps.map((item) => item.text).join("; "),
      onclick: () => change("/api/show", { finding: number }, "replayed " + diagnostic.code),
    }) : null);
}

async function showSource(location) {
  const response = await fetch("/api/source?file=" + encodeURIComponent(location.file));
  const box = $("source");
  box.hidden = false;
  if (!response.ok) { box.textContent = "cannot show " + location.file; return; }
  const lines = (await response.text()).split("\n");
  const first = Math.max(1, location.startLine - 3);
  const last = Math.min(lines.length, location.endLine + 3);
  box.replaceChildren(...lines.slice(first - 1, last).map((text, offset) => {
    const line = first + offset;
    const marked = line >= location.startLine && line <= location.endLine;
    return element("div", { class: marked ? "marked" : null, text: `${String(line).padStart(4)}  ${text}` });
  }));
}

// MARK: The scenario

async function copyScenario() {
  const answer = await api("GET", "/api/scenario");
  if (!answer.ok) return;
  $("scenario").hidden = false;
  $("scenario-text").textContent = answer.json.text;
  const check = $("scenario-check");
  check.dataset.passes = String(answer.json.passes);
  let copied = "";
  try {
    await navigator.clipboard.writeText(answer.json.text);
    copied = "Copied. ";
  } catch (_) {
    copied = "Select the text below to copy it. ";
  }
  check.textContent = copied + (answer.json.passes ? "✓ baton test passes it; save it beside the flow as NAME.test.yaml."
    : "✗ baton test would fail it: " + answer.json.failure);
}

// MARK: Start

$("system-back").addEventListener("click", () => step({ back: true }, "back"));
$("dismiss").addEventListener("click", () => step({ dismiss: true }, "dismiss"));
$("restart").addEventListener("click", () => change("/api/restart", undefined, "started again"));
$("history-back").addEventListener("click", () => page.view && change("/api/history", { to: page.view.history.cursor - 1 }, "stepped back"));
$("history-forward").addEventListener("click", () => page.view && change("/api/history", { to: page.view.history.cursor + 1 }, "stepped forward"));
$("copy-scenario").addEventListener("click", copyScenario);
$("graph-zoom").addEventListener("click", () => {
  page.zoomed = !page.zoomed;
  zoomGraph();
  highlightGraph();
});

// Fitted to the panel, or zoomed to where its labels read (and scrolled to the current screen).
function zoomGraph() {
  const box = $("graph");
  const svg = box.querySelector("svg");
  box.classList.toggle("actual-size", Boolean(page.zoomed));
  $("graph-zoom").textContent = page.zoomed ? "Fit" : "Zoom in";
  if (!svg) return;
  svg.style.width = page.zoomed && svg.viewBox.baseVal ? `${Math.round(svg.viewBox.baseVal.width * 0.8)}px` : "";
}
$("link-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const url = $("link").value.trim();
  if (url) step({ open: url }, "open " + url);
});

async function refresh() {
  const answer = await api("GET", "/api/state");
  if (answer.ok) render(answer.json);
}

// The server raises its revision whenever the run or the flow changes (a reload after an
// edit on disk included): poll it and draw again when it moved.
async function poll() {
  try {
    const answer = await api("GET", "/api/revision");
    if (answer.ok && page.view && answer.json.revision !== page.view.revision) await refresh();
    document.body.classList.remove("offline");
  } catch (_) {
    document.body.classList.add("offline");
  }
  setTimeout(poll, 500);
}

refresh().then(poll);
