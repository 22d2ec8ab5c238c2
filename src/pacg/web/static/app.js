// pacg's page (issue 14): the lobby that makes a game or a campaign, the links to share, the table a seat plays
// at, kept live over the server's WebSocket, and a campaign's page between its games (issue 28). Plain JavaScript, no library, no build step; the contract is in web/app.py.

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MOST_MS = 5000;
const CLOSED_FOR_GOOD = {
  4404: "There is no such game: check the link.",
  4401: "This link's token is no seat's of this game: check the link.",
};

// --- small helpers ------------------------------------------------------------------------------------------

const $ = (selector) => document.querySelector(selector);

/** An element with its attributes ("text", "class", "on<event>" handled) and children (strings or nodes). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/** Put these children (strings or nodes; null, undefined and false left out) in place of the node's own. */
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

function showScreen(id) {
  for (const screen of document.querySelectorAll(".screen")) screen.hidden = screen.id !== id;
}

/** A 4xx answer's words: its "detail", or each of a validation error's messages. */
function detailOf(body, status) {
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((error) => `${(error.loc || []).filter((part) => part !== "body").join(".")}: ${error.msg}`)
      .join("; ");
  }
  return `the server answered ${status}`;
}

/** Fetch JSON; an answer that isn't 2xx throws an Error with the server's detail. */
async function request(method, url, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw Object.assign(new Error(detailOf(data, response.status)), { status: response.status });
  return data;
}

/** A chance ("7/12") in whole percents, rounded half to even, as the terminal shows it (narrate.percent):
 * never 0% or 100% unless it is exactly that. */
function percent(fraction) {
  const [top, bottom = "1"] = String(fraction).split("/");
  const numerator = BigInt(top) * 100n;
  const denominator = BigInt(bottom);
  if (numerator === 0n) return "0%";
  if (numerator === denominator * 100n) return "100%";
  let whole = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && whole % 2n === 1n)) whole += 1n;
  const clamped = whole < 1n ? 1n : whole > 99n ? 99n : whole;
  return `${clamped}%`;
}

function chanceValue(fraction) {
  const [top, bottom = "1"] = String(fraction).split("/");
  return Number(top) / Number(bottom);
}

// --- cards' text (GET /api/cards/{name}, each asked once) ---------------------------------------------------

const cardTexts = new Map();

function cardText(name) {
  if (!cardTexts.has(name)) {
    cardTexts.set(name, request("GET", `/api/cards/${encodeURIComponent(name)}`).catch(() => null));
  }
  return cardTexts.get(name);
}

/** A card's type, traits and check in one line: "weapon · Bow, Ranged · Dexterity or Ranged 8". */
function cardLine(card) {
  return [card.type, (card.traits || []).join(", "), card.check].filter(Boolean).join(" · ");
}

function showCard(name) {
  const body = $("#card-dialog-body");
  fill(body, el("h2", { text: name }), el("p", { class: "muted", text: "…" }));
  $("#card-dialog").showModal();
  cardText(name).then((card) => {
    if (!card) {
      fill(body, el("h2", { text: name }), el("p", { class: "muted", text: "No text for this card." }));
      return;
    }
    fill(body, el("h2", { text: card.name }), el("p", { class: "card-line", text: cardLine(card) }),
      ...(card.powers || []).map((power) => el("p", { class: "power", text: power })));
  });
}

/** A card's name as a small button that shows its text. */
function chip(words, extra = "", name = words) {
  return el("button", { type: "button", class: `chip ${extra}`, "data-testid": "card-chip", "data-name": name,
    text: words, onclick: () => showCard(name) });
}

/** A pile of face-up cards, its count beside its name; copies of a card shown once, with their number. */
function chips(label, names, testid) {
  if (!names || names.length === 0) return null;
  const copies = new Map();
  for (const name of names) copies.set(name, (copies.get(name) || 0) + 1);
  return el("div", { class: "pile", "data-testid": testid },
    el("span", { class: "pile-label", text: `${label} (${names.length})` }),
    [...copies].map(([name, count]) => chip(count > 1 ? `${name} ×${count}` : name, "", name)));
}

/** Powers' text filled in when the card's text arrives. */
function powersOf(name, className) {
  const list = el("div", { class: className, "data-testid": "card-powers" });
  cardText(name).then((card) => {
    if (card) fill(list, ...(card.powers || []).map((power) => el("p", { class: "power", text: power })));
  });
  return list;
}

// --- the lobby ----------------------------------------------------------------------------------------------

const lobby = { setup: null };

async function openLobby() {
  showScreen("lobby");
  try {
    lobby.setup = await request("GET", "/api/setup");
  } catch (error) {
    return lobbyError(`Can't read what a game is made of: ${error.message}`);
  }
  const { scenarios, characters, agents } = lobby.setup;
  const scenario = $("#scenario");
  fill(scenario, ...scenarios.map((name) => el("option", { value: name, text: name })));
  scenario.value = scenarios.includes("The Godless Ones") ? "The Godless Ones" : scenarios[0];
  fill($("#agent"), ...agents.map((name) => el("option", { value: name, text: name })));
  $("#agent").value = lobby.setup.default_agent;
  const stories = [...lobby.setup.adventures.map((name) => el("option", { value: name, text: name })),
    ...lobby.setup.adventure_paths.map((name) => el("option", { value: `path:${name}`,
      text: `${name} (the Adventure Path)` }))];
  fill($("#story"), ...stories);
  if (lobby.setup.adventures.includes("Into the Worldwound")) $("#story").value = "Into the Worldwound";
  fill($("#party"));
  for (const name of characters.slice(0, Math.min(2, lobby.setup.most_characters))) addSlot(name);
  $("#add-character").onclick = () => addSlot(characters.find((name) => !partyNames().includes(name)));
  for (const radio of document.querySelectorAll("input[name=kind]")) radio.onchange = showKind;
  showKind();
  $("#lobby-form").onsubmit = makeGame;
  renderYourGames();
}

/** "game" or "campaign": what the lobby's form makes. */
function lobbyKind() {
  const checked = document.querySelector("input[name=kind]:checked");
  return checked ? checked.value : "game";
}

/** The form's fields for what it makes: a game's scenario, open hands and mythic paths, or a campaign's name and
 * story. */
function showKind() {
  const kind = lobbyKind();
  for (const node of document.querySelectorAll("#lobby-form [data-for]")) node.hidden = node.dataset.for !== kind;
  $("#create").textContent = kind === "campaign" ? "Make the campaign" : "Make the game";
}

// --- the games this browser has a seat in ---------------------------------------------------------------------

const YOUR_GAMES = "pacg.games"; // localStorage: the seats opened in this browser, the latest first
const MOST_REMEMBERED = 20;

function yourGames() {
  try {
    const kept = JSON.parse(localStorage.getItem(YOUR_GAMES) || "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

/** Keep the seat's link in this browser, so the lobby can take the player back to it (a lost link is a lost seat). */
function remember(message) {
  if (!message.seat || !table.token) return;
  const entry = { game: message.game, seat: message.seat, scenario: message.scenario,
    link: `/games/${encodeURIComponent(message.game)}#token=${encodeURIComponent(table.token)}`,
    over: Boolean(message.view.outcome) };
  const others = yourGames().filter((kept) => !(kept.game === entry.game && kept.seat === entry.seat));
  const kept = JSON.stringify([entry, ...others].slice(0, MOST_REMEMBERED));
  try {
    if (localStorage.getItem(YOUR_GAMES) !== kept) localStorage.setItem(YOUR_GAMES, kept);
  } catch {
    // storage full or refused (a private window): the link is still in the address bar
  }
}

function renderYourGames() {
  const games = yourGames();
  const panel = $("#your-games");
  panel.hidden = games.length === 0;
  fill($("#your-games-list"), ...games.map((kept) => el("li", { "data-testid": "your-game" },
    el("a", { href: kept.link, text: `${kept.seat} in ${kept.scenario}` }),
    el("span", { class: "muted", text: kept.over ? " · over" : " · under way" }))));
}

function partyNames() {
  return [...document.querySelectorAll("#party .slot [data-testid=slot-character]")].map((select) => select.value);
}

/** One seat of the party: its character and whether an AI player plays it. */
function addSlot(name) {
  const select = el("select", { "data-testid": "slot-character", "aria-label": "Character" },
    lobby.setup.characters.map((character) => el("option", { value: character, text: character })));
  select.value = name || lobby.setup.characters[0];
  const path = el("select", { "data-testid": "slot-mythic-path", "aria-label": "Mythic path", "data-for": "game",
    hidden: lobbyKind() !== "game" },
  el("option", { value: "", text: "No mythic path" }),
  lobby.setup.mythic_paths.map((name) => el("option", { value: name, text: name })));
  const slot = el("li", { class: "slot", "data-testid": "party-slot" },
    el("span", { class: "slot-number" }), select, path,
    el("label", { class: "ai-toggle" }, el("input", { type: "checkbox", "data-testid": "slot-ai" }), " AI plays"),
    el("button", { type: "button", class: "icon secondary", "data-testid": "remove-character",
      "aria-label": "Remove", text: "✕", onclick: () => { slot.remove(); renumberSlots(); } }));
  $("#party").append(slot);
  renumberSlots();
}

function renumberSlots() {
  const slots = [...document.querySelectorAll("#party .slot")];
  slots.forEach((slot, index) => {
    slot.querySelector(".slot-number").textContent = `${index + 1}.`;
    slot.querySelector("[data-testid=remove-character]").disabled = slots.length === 1;
  });
  $("#add-character").disabled = slots.length >= lobby.setup.most_characters;
}

function lobbyError(message) {
  const error = $("#lobby-error");
  error.textContent = message.charAt(0).toUpperCase() + message.slice(1);
  error.hidden = !message;
}

async function makeGame(event) {
  event.preventDefault();
  lobbyError("");
  const slots = [...document.querySelectorAll("#party .slot")];
  const characterOf = (slot) => slot.querySelector("[data-testid=slot-character]").value;
  const characters = slots.map(characterOf);
  const ai = slots.filter((slot) => slot.querySelector("[data-testid=slot-ai]").checked).map(characterOf);
  const campaign = lobbyKind() === "campaign";
  let body;
  if (campaign) {
    const story = $("#story").value;
    body = { name: $("#campaign-name").value.trim(), characters, ai, agent: $("#agent").value };
    if (story.startsWith("path:")) body.adventure_path = true; else body.adventure = story;
    if (!body.name) return lobbyError("Give the campaign a name.");
  } else {
    const mythicPaths = {};
    for (const slot of slots) {
      const path = slot.querySelector("[data-testid=slot-mythic-path]").value;
      if (path) mythicPaths[characterOf(slot)] = path;
    }
    body = { scenario: $("#scenario").value, characters, ai, agent: $("#agent").value,
      open_hands: $("#open-hands").checked, mythic_paths: mythicPaths };
  }
  const seed = $("#seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) return lobbyError("The seed is a whole number, 0 or more (or nothing: a random one).");
    body.seed = Number(seed);
  }
  $("#create").disabled = true;
  try {
    showLinks(await request("POST", campaign ? "/api/campaigns" : "/api/games", body), characters, ai, campaign);
  } catch (error) {
    lobbyError(error.message);
  } finally {
    $("#create").disabled = false;
  }
}

// --- the links to share -------------------------------------------------------------------------------------

/** Each seat in turn order: a person's link to share and open, or a word that an AI player plays it. */
function showLinks(made, party, ai, campaign = false) {
  const seats = party.map((seat) => (ai.includes(seat)
    ? el("div", { class: "link-row" }, el("strong", { text: seat }),
      el("span", { class: "muted", text: "played by an AI player" }))
    : linkRow(seat, new URL(made.links[seat], location.origin).href, campaign ? `Open as ${seat}` : `Play as ${seat}`)));
  fill($("#seat-links"), el("h2", { text: campaign ? "Seats: each link is the seat's for the whole campaign" : "Seats" }),
    seats);
  fill($("#spectate-link"), linkRow(null, new URL(campaign ? made.watch : made.spectate, location.origin).href, "Watch"));
  showScreen("links");
}

function linkRow(seat, url, open) {
  const field = el("input", { type: "text", readonly: true, value: url, "data-seat": seat,
    "data-testid": seat ? "seat-link" : "spectate-link", "aria-label": seat ? `${seat}'s link` : "The spectators' link",
    onfocus: (event) => event.target.select() });
  const copy = el("button", { type: "button", class: "secondary", "data-testid": "copy", text: "Copy",
    onclick: () => copyText(field, copy) });
  return el("div", { class: "link-row", "data-seat": seat },
    seat ? el("strong", { text: seat }) : null,
    el("div", { class: "link-field" }, field, copy,
      el("a", { class: "button primary", href: url, target: "_blank", rel: "noopener",
        "data-testid": seat ? "play-as" : "watch", "data-seat": seat, text: open })));
}

async function copyText(field, button) {
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();
    document.execCommand("copy"); // where the clipboard API is not allowed (a page served over plain http)
  }
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = "Copy"; }, 1500);
}

// --- the table ----------------------------------------------------------------------------------------------

const table = {
  game: null,
  token: null,
  socket: null,
  retries: 0,
  message: null, // the last {"type": "view"} message rendered
  sending: false, // an answer sent and its view not yet come
  chosen: new Set(), // the options toggled on, in a decision of several options
  chosenFor: null, // the version those were toggled at
  opened: new Set(), // the folded parts (<details>) a player opened, kept open across views
  error: "",
  campaign: null,
};

function openTable(game) {
  table.game = game;
  const hash = new URLSearchParams(location.hash.slice(1));
  table.token = hash.get("token");
  table.campaign = hash.get("campaign"); // a campaign's game: its end leads back to the campaign
  showScreen("table");
  $("#title-scenario").textContent = "Joining the game…";
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = table.token ? `?token=${encodeURIComponent(table.token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(table.game)}/ws${query}`);
  table.socket = socket;
  connection("connecting", "Connecting…");
  socket.onopen = () => connection("live", "Live");
  socket.onmessage = (event) => received(JSON.parse(event.data));
  socket.onclose = (event) => closed(event);
}

function connection(state, words) {
  const node = $("#connection");
  node.dataset.state = state;
  node.textContent = words;
}

function received(message) {
  if (message.type === "view") {
    table.retries = 0;
    render(message);
  } else if (message.type === "error") {
    table.sending = false;
    table.error = message.detail;
    if (table.message) render(table.message);
  }
}

/** A socket closed: for good when the game or the token is wrong, else opened again after a growing wait (the
 * server sends the current view on connecting). */
function closed(event) {
  table.socket = null;
  table.sending = false;
  const fatal = CLOSED_FOR_GOOD[event.code] || (event.code >= 4000 && event.code < 5000 ? event.reason : null);
  if (fatal) {
    connection("closed", "Not connected");
    $("#fatal").textContent = fatal;
    $("#fatal").hidden = false;
    $("#title-scenario").textContent = "Can't join this game";
    return;
  }
  const wait = Math.min(RECONNECT_FIRST_MS * 2 ** table.retries, RECONNECT_MOST_MS);
  table.retries += 1;
  connection("reconnecting", `Reconnecting in ${Math.round(wait / 1000) || 1} s…`);
  if (table.message) render(table.message);
  setTimeout(connect, wait);
}

/** Answer the decision of the view at `version`: over the socket, or over HTTP while it is down. */
async function answer(action, version) {
  if (table.sending) return;
  table.sending = true;
  table.error = "";
  render(table.message);
  if (table.socket && table.socket.readyState === WebSocket.OPEN) {
    table.socket.send(JSON.stringify({ action, version }));
    return;
  }
  try {
    const view = await request("POST", `/api/games/${encodeURIComponent(table.game)}/actions`, { action, version },
      table.token);
    render({ type: "view", ...view });
  } catch (error) {
    table.sending = false;
    table.error = error.message;
    render(table.message);
  }
}

async function undo() {
  const message = table.message;
  try {
    const view = await request("POST", `/api/games/${encodeURIComponent(table.game)}/undo`,
      { version: message.version }, table.token);
    table.error = "";
    render({ type: "view", ...view });
  } catch (error) {
    table.error = error.message;
    render(table.message);
  }
}

function render(message) {
  if (table.message && message.version < table.message.version) return; // an older view, overtaken
  if (!table.message || message.version > table.message.version) {
    table.sending = false;
    if (table.message) table.error = "";
  }
  table.message = message;
  remember(message);
  const { view } = message;
  const following = logAtBottom();
  if (table.chosenFor !== message.version) {
    table.chosen = new Set();
    table.chosenFor = message.version;
  }
  $("#fatal").hidden = true;
  renderTitle(message);
  renderEnd(view);
  renderLocations(view);
  renderCharacters(view, message.seat);
  renderDecision(message);
  renderCheck(view.check, Boolean(view.outcome));
  renderEncounters(view.encounters);
  renderLog(view.log, following);
  const root = $("#table");
  root.dataset.version = message.version;
  root.dataset.state = view.outcome ? "ended" : table.sending ? "sending" : view.decision ? "mine" : "waiting";
  root.dataset.waitingFor = view.waiting_for || "";
  root.dataset.waitingAi = String(message.seats[view.waiting_for] === "ai");
  root.dataset.seat = message.seat || "";
}

function renderTitle(message) {
  const { view } = message;
  document.title = `${view.scenario || message.scenario}: pacg`;
  $("#title-scenario").textContent = view.scenario || message.scenario;
  const lastBlessing = view.blessings.discard[0];
  const facts = [
    el("span", { "data-testid": "turn", text: `Turn ${view.turn}` }),
    view.turn_of && !view.outcome ? el("span", { "data-testid": "turn-of", text: `${view.turn_of}'s turn` }) : null,
    el("span", { "data-testid": "blessings", text: `Blessings deck: ${view.blessings.deck}` }),
    lastBlessing ? el("span", {}, "Last flipped: ", chip(lastBlessing)) : null,
    el("span", { class: "seat-badge", "data-testid": "seat",
      text: message.seat ? `You play ${message.seat}` : "Watching" }),
  ];
  fill($("#title-facts"), ...facts);
}

/** A folded part that stays open across views once the player opened it. */
function folded(key, summary, ...content) {
  const details = el("details", { open: table.opened.has(key) }, el("summary", { text: summary }), ...content);
  details.addEventListener("toggle", () => {
    if (details.open) table.opened.add(key); else table.opened.delete(key);
  });
  return details;
}

function renderLocations(view) {
  const mine = view.characters.find((character) => character.name === view.seat);
  fill($("#locations"), ...view.locations.map((location) => {
    const status = location.closed ? "closed" : location.temporarily_closed ? "temporarily closed" : "open";
    return el("article", { class: `location ${mine && mine.location === location.name ? "here" : ""}`,
      "data-testid": "location", "data-name": location.name, "data-status": status },
    el("header", {}, el("h3", {}, chip(location.name, "title-chip")),
      el("span", { class: `status ${status.replace(" ", "-")}`, "data-testid": "location-status", text: status })),
    el("p", { class: "deck-count", "data-testid": "location-deck",
      text: `${plural(location.deck, "card")} left` }),
    location.characters.length ? el("p", { class: "here-now" }, "Here: ",
      location.characters.map((name) => el("span", { class: "who", text: name }))) : null,
    chips("Face up", location.face_up, "face-up"),
    chips("Known on top", location.known_top, "known-top"),
    chips("Displayed", location.displayed, "location-displayed"),
    powersOf(location.name, "powers location-powers"));
  }));
}

function renderCharacters(view, seat) {
  const order = [...view.characters].sort((a, b) => (b.name === seat) - (a.name === seat));
  fill($("#characters"), ...order.map((character) => characterPanel(character, view, seat)));
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** A character's panel: who and where, the hand (the seat's own, or all at a table with open hands), the decks'
 * counts, the face-up piles, the skills and the powers. */
function characterPanel(character, view, seat) {
  const mine = character.name === seat;
  const theirTurn = view.turn_of === character.name && !view.outcome;
  const classes = ["character", mine && "mine", !character.alive && "dead", theirTurn && "their-turn"];
  return el("article", { class: classes.filter(Boolean).join(" "), "data-testid": "character",
    "data-name": character.name },
  el("header", {},
    el("h3", {}, chip(character.name, "title-chip")),
    mine ? el("span", { class: "badge you", text: "You" }) : null,
    theirTurn ? el("span", { class: "badge turn", text: "Their turn" }) : null,
    character.alive ? null : el("span", { class: "badge dead", "data-testid": "dead", text: "Dead" }),
    character.role ? el("span", { class: "badge", text: character.role }) : null,
    mythicBadge(character)),
  el("p", { class: "facts" },
    character.location ? el("span", { text: `At ${character.location}` }) : null,
    el("span", { "data-testid": "hand-count", text: `Hand ${character.hand_count}/${character.hand_size}` }),
    el("span", { "data-testid": "deck-count", text: `Deck ${character.deck}` })),
  character.hand ? handOf(character) : null,
  chips("Known on top of the deck", character.known_top, "character-known-top"),
  chips("Displayed", character.displayed, "displayed"),
  chips("Discard", character.discard, "discard"),
  chips("Buried", character.buried, "buried"),
  el("dl", { class: "skills", "data-testid": "skills" }, Object.entries(character.skills).map(([skill, die]) =>
    el("div", {}, el("dt", { text: skill }), el("dd", { text: die })))),
  folded(`powers:${character.name}`, "Powers",
    ...character.powers.map((power) => el("p", { class: "power", text: power }))));
}

function mythicBadge(character) {
  const charges = plural(character.mythic_charges, "mythic charge");
  if (!character.mythic_path && !character.mythic_charges) return null;
  return el("span", { class: "badge", "data-testid": "mythic",
    text: character.mythic_path ? `${character.mythic_path}: ${charges}` : charges });
}

/** The hand a seat may see, each card showing its text; a click shows it whole. */
function handOf(character) {
  if (character.hand.length === 0) return el("p", { class: "muted", "data-testid": "hand", text: "No cards in hand." });
  return el("div", { class: "hand", "data-testid": "hand" }, character.hand.map((name) => {
    const line = el("span", { class: "card-line" });
    cardText(name).then((card) => { if (card) line.textContent = cardLine(card); });
    return el("button", { type: "button", class: "card", "data-testid": "hand-card", "data-name": name,
      onclick: () => showCard(name) }, el("strong", { class: "card-name", text: name }), line,
    powersOf(name, "card-text"));
  }));
}

/** The odds of each option, when the context gives them: a skill decision's one per option, and a play
 * decision's [the chance now, then one per play], its first option being "Done" (which keeps the chance now), so
 * in both the i-th chance is the i-th option's; null for an option whose odds depend on what comes after it. */
function optionOdds(decision) {
  const odds = decision.context && decision.context.odds;
  return Array.isArray(odds) && odds.length === decision.options.length ? odds : null;
}

function renderDecision(message) {
  const { view } = message;
  const panel = $("#decision");
  panel.hidden = Boolean(view.outcome);
  panel.dataset.version = message.version;
  const decision = view.decision;
  const error = table.error
    ? el("p", { class: "error", "data-testid": "error", role: "alert", text: table.error }) : null;
  if (!decision) {
    panel.dataset.mine = "false";
    fill(panel, waiting(message), error, undoButton(message));
    return;
  }
  panel.dataset.mine = "true";
  panel.dataset.fewest = decision.choose ? decision.choose[0] : 1;
  panel.dataset.most = decision.choose ? decision.choose[1] : 1;
  const odds = optionOdds(decision);
  const now = decision.context.probability;
  const options = decision.choose ? severalOptions(decision, message.version) : decision.options.map((option, index) =>
    el("button", { type: "button", class: "option", "data-testid": "option", "data-id": option.id,
      "data-odds": odds && odds[index], disabled: table.sending,
      onclick: () => answer(option.id, message.version) },
    el("span", { class: "option-label", text: option.label }),
    odds && odds[index] !== null ? oddsBadge(odds[index], now) : null));
  fill(panel,
    el("h2", { class: "prompt", "data-testid": "prompt", text: decision.prompt }),
    decision.help ? el("p", { class: "help", "data-testid": "help", text: decision.help }) : null,
    el("div", { class: "options" }, options), error, undoButton(message));
}

function oddsBadge(chance, now) {
  const trend = now === undefined ? "" : chanceValue(chance) > chanceValue(now) ? "up"
    : chanceValue(chance) < chanceValue(now) ? "down" : "same";
  return el("span", { class: `odds ${trend}`, "data-testid": "option-odds", title: `${chance} to succeed`,
    text: percent(chance) });
}

/** A decision of several options: each a toggle, and Done sending the chosen ids joined by commas (or "none"). */
function severalOptions(decision, version) {
  const [fewest, most] = decision.choose;
  const count = table.chosen.size;
  const toggles = decision.options.map((option) => el("button", { type: "button", class: "option toggle",
    "data-testid": "option", "data-id": option.id, "aria-pressed": String(table.chosen.has(option.id)),
    disabled: table.sending, onclick: () => {
      if (table.chosen.has(option.id)) table.chosen.delete(option.id); else table.chosen.add(option.id);
      render(table.message);
    } }, el("span", { class: "option-label", text: option.label })));
  const action = decision.options.filter((option) => table.chosen.has(option.id)).map((option) => option.id).join(",");
  const done = el("button", { type: "button", class: "primary done", "data-testid": "choose-done",
    disabled: table.sending || count < fewest || count > most, onclick: () => answer(action || "none", version),
    text: count ? `Done (${count} chosen)` : "Done (none chosen)" });
  const hint = el("p", { class: "help", text: fewest === most ? `Choose ${fewest}.` : `Choose ${fewest} to ${most}.` });
  return [hint, ...toggles, done];
}

function waiting(message) {
  const { view } = message;
  if (view.outcome) return null;
  const who = view.waiting_for;
  const ai = who && message.seats[who] === "ai";
  const words = !who ? "Nothing to decide." : `Waiting for ${who}${ai ? " (AI player)" : ""}…`;
  return el("div", { class: "waiting", "data-testid": "waiting", "data-for": who, "data-ai": String(Boolean(ai)) },
    el("h2", { text: words }),
    message.seat ? null : el("p", { class: "help", text: "You are watching: no hand is shown." }));
}

function undoButton(message) {
  const { view } = message;
  if (!message.seat || !view.undo || !view.undo.possible) return null;
  return el("button", { type: "button", class: "secondary undo", "data-testid": "undo", text: "Undo my last answer",
    disabled: table.sending, onclick: undo });
}

function renderCheck(check, over) {
  const panel = $("#check");
  panel.hidden = over;
  if (!check) {
    panel.dataset.active = "false";
    fill(panel, el("h2", { text: "Check" }), el("p", { class: "muted", text: "No check under way." }));
    return;
  }
  panel.dataset.active = "true";
  const against = check.against ? ` against ${check.against}` : "";
  const purpose = check.purpose ? ` (to ${check.purpose})` : "";
  fill(panel,
    el("h2", { text: "Check" }),
    el("p", { class: "check-who", "data-testid": "check-who",
      text: `${check.character}'s ${check.skill || "check"}${against}${purpose}` }),
    el("div", { class: "check-numbers" },
      el("div", {}, el("span", { class: "label", text: "Dice" }),
        el("strong", { "data-testid": "check-pool", text: check.pool })),
      el("div", {}, el("span", { class: "label", text: "Difficulty" }),
        el("strong", { "data-testid": "check-difficulty", text: check.difficulty })),
      el("div", { class: "chance" }, el("span", { class: "label", text: "Chance" }),
        el("strong", { "data-testid": "check-probability", "data-odds": check.probability,
          title: `${check.probability} to succeed`, text: percent(check.probability) }))));
}

function renderEncounters(encounters) {
  const panel = $("#encounters");
  panel.hidden = encounters.length === 0;
  fill(panel, el("h2", { text: "Encounter" }), el("div", { class: "encounter-list" }, encounters.map((encounter) => {
    const line = el("p", { class: "card-line" });
    cardText(encounter.card).then((card) => { if (card) line.textContent = cardLine(card); });
    return el("article", { class: "encounter", "data-testid": "encounter", "data-name": encounter.card },
      el("h3", {}, chip(encounter.card, "title-chip")),
      el("p", { class: "muted",
        text: `${encounter.character} at ${encounter.location}${encounter.summoned ? " (summoned)" : ""}` }),
      line, powersOf(encounter.card, "powers"));
  })));
}

/** Whether the log shows its newest lines (or nothing yet): asked before a view changes the page's layout. */
function logAtBottom() {
  const log = $("#log");
  return log.childElementCount === 0 || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
}

/** The log, newest at the bottom, kept in sight unless the reader scrolled up to read older lines. */
function renderLog(lines, following) {
  const log = $("#log");
  fill(log, lines.map((line) => el("li", { class: /^Turn \d+:/.test(line) ? "turn-line" : "", text: line })));
  if (following) log.scrollTop = log.scrollHeight;
}

function renderEnd(view) {
  const panel = $("#end");
  const outcome = view.outcome;
  panel.hidden = !outcome;
  if (!outcome) return;
  panel.dataset.result = outcome.result;
  fill(panel,
    el("h2", { "data-testid": "end-result", class: `result ${outcome.result}`, text: `The party ${outcome.result}` }),
    el("p", { "data-testid": "end-reason", text: outcome.reason }),
    el("dl", { class: "end-facts" },
      el("div", {}, el("dt", { text: "Turns" }), el("dd", { "data-testid": "end-turns", text: outcome.turns })),
      el("div", {}, el("dt", { text: "Blessings left" }), el("dd", { text: outcome.blessings_left })),
      el("div", {}, el("dt", { text: "Dead" }),
        el("dd", { "data-testid": "end-dead", text: outcome.dead.length ? outcome.dead.join(", ") : "no one" }))),
    table.campaign
      ? el("a", { class: "button primary", "data-testid": "back-to-campaign", text: "Back to the campaign",
        href: `/campaigns/${encodeURIComponent(table.campaign)}${table.token ? `#token=${encodeURIComponent(table.token)}`
          : ""}` })
      : el("a", { class: "button primary", href: "/", text: "Make another game" }));
}

// --- a campaign (GET /api/campaigns/{id}, looked at again every few seconds) ----------------------------------

const CAMPAIGN_POLL_MS = 2000;
const campaignPage = { id: null, token: null, message: null, sending: false, error: "", timer: null };

function openCampaign(id) {
  campaignPage.id = id;
  campaignPage.token = new URLSearchParams(location.hash.slice(1)).get("token");
  showScreen("campaign");
  $("#campaign-title").textContent = "Opening the campaign…";
  refreshCampaign();
}

async function refreshCampaign() {
  clearTimeout(campaignPage.timer);
  try {
    renderCampaign(await request("GET", `/api/campaigns/${encodeURIComponent(campaignPage.id)}`, undefined,
      campaignPage.token));
  } catch (error) {
    if (error.status === 404 || error.status === 401) {
      $("#campaign-fatal").textContent = error.status === 404 ? "There is no such campaign: check the link."
        : "This link's token is no seat's of this campaign: check the link.";
      $("#campaign-fatal").hidden = false;
      $("#campaign-title").textContent = "Can't open this campaign";
      return;
    }
    campaignPage.error = error.message;
    if (campaignPage.message) renderCampaign(campaignPage.message);
  }
  campaignPage.timer = setTimeout(refreshCampaign, CAMPAIGN_POLL_MS);
}

/** The campaign's seat's link to its game under way: the same token, and the way back. */
function campaignGameLink(message) {
  const token = campaignPage.token ? `token=${encodeURIComponent(campaignPage.token)}&` : "";
  return `/games/${encodeURIComponent(message.game)}#${token}campaign=${encodeURIComponent(message.campaign)}`;
}

function renderCampaign(message) {
  if (campaignPage.message && message.version < campaignPage.message.version) return;
  if (!campaignPage.message || message.version > campaignPage.message.version) campaignPage.sending = false;
  campaignPage.message = message;
  rememberCampaign(message);
  const { summary } = message;
  document.title = `${summary.name}: pacg`;
  $("#campaign-title").textContent = `${summary.name}: ${summary.story}`;
  fill($("#campaign-facts"),
    el("span", { "data-testid": "campaign-completed",
      text: `Completed: ${summary.completed.length ? summary.completed.join(", ") : "none yet"}` }),
    el("span", { "data-testid": "campaign-next", text: summary.next ? `Next: ${summary.next}` : "Every scenario done" }),
    el("span", { class: "seat-badge", "data-testid": "seat",
      text: message.seat ? `You play ${message.seat}` : "Watching" }));
  renderCampaignNow(message);
  fill($("#campaign-party"), ...summary.characters.map((member) => el("article", {
    class: ["character", member.name === message.seat && "mine", !member.alive && "dead"].filter(Boolean).join(" "),
    "data-testid": "campaign-member", "data-name": member.name },
  el("header", {}, el("h3", {}, chip(member.name, "title-chip")),
    member.name === message.seat ? el("span", { class: "badge you", text: "You" }) : null,
    message.seats[member.name] === "ai" ? el("span", { class: "badge", text: "AI player" }) : null,
    member.alive ? null : el("span", { class: "badge dead", "data-testid": "dead", text: "Dead" }),
    member.mythic_path ? el("span", { class: "badge", "data-testid": "mythic", text: member.mythic_path }) : null),
  el("p", { class: "facts", "data-testid": "feats",
    text: `Feats: ${member.feats.length ? member.feats.join(", ") : "none yet"}` }),
  chips("Deck", member.deck, "campaign-deck"))));
  fill($("#campaign-games"), ...summary.games.map((game) => el("li", { "data-testid": "campaign-game" },
    el("strong", { text: game.scenario }), el("span", { class: "muted", text: ` · ${game.result}` }))));
  if (!summary.games.length) fill($("#campaign-games"), el("li", { class: "muted", text: "None yet." }));
  const root = $("#campaign");
  root.dataset.version = message.version;
  root.dataset.state = message.question ? "mine" : message.ready ? "ready" : message.game ? "playing"
    : summary.over ? "over" : "waiting";
}

/** What the party does now: the seat's question between scenarios, the next game to start, the game under way to
 * go to, or who is to answer. */
function renderCampaignNow(message) {
  const panel = $("#campaign-now");
  const { summary } = message;
  const error = campaignPage.error
    ? el("p", { class: "error", "data-testid": "error", role: "alert", text: campaignPage.error }) : null;
  const question = message.question;
  panel.dataset.mine = String(Boolean(question));
  if (question) {
    fill(panel, el("h2", { class: "prompt", "data-testid": "prompt", text: question.prompt }),
      question.help ? el("p", { class: "help", text: question.help }) : null,
      el("div", { class: "options" }, question.options.map((option) => el("button", { type: "button",
        class: "option", "data-testid": "option", "data-id": option.id, disabled: campaignPage.sending,
        onclick: () => answerCampaign(option.id, message.version) },
      el("span", { class: "option-label", text: option.label })))), error);
  } else if (message.game) {
    fill(panel, el("h2", { text: `${summary.next} is being played` }),
      message.seat ? el("a", { class: "button primary", "data-testid": "game-link", href: campaignGameLink(message),
        text: `Play ${summary.next}` })
        : el("a", { class: "button", "data-testid": "game-link", href: `/games/${encodeURIComponent(message.game)}`,
          text: `Watch ${summary.next}` }), error);
  } else if (message.ready) {
    fill(panel, el("h2", { text: `Next: ${summary.next}` }),
      message.seat ? el("button", { type: "button", class: "primary", "data-testid": "start-next",
        disabled: campaignPage.sending, onclick: () => startNext(message.version), text: `Play ${summary.next}` })
        : el("p", { class: "muted", text: "Waiting for a player to start it." }), error);
  } else if (summary.over) {
    fill(panel, el("h2", { "data-testid": "campaign-over", text: `The campaign is over: ${summary.story} is done` }),
      error);
  } else {
    const who = message.waiting_for;
    const ai = who && message.seats[who] === "ai";
    fill(panel, el("h2", { "data-testid": "waiting", text: who ? `Waiting for ${who}${ai ? " (AI player)" : ""}…`
      : "Waiting…" }), error);
  }
}

async function answerCampaign(action, version) {
  if (campaignPage.sending) return;
  campaignPage.sending = true;
  campaignPage.error = "";
  renderCampaign(campaignPage.message);
  try {
    renderCampaign(await request("POST", `/api/campaigns/${encodeURIComponent(campaignPage.id)}/actions`,
      { action, version }, campaignPage.token));
  } catch (error) {
    campaignPage.sending = false;
    campaignPage.error = error.message;
    renderCampaign(campaignPage.message);
  }
}

async function startNext(version) {
  if (campaignPage.sending) return;
  campaignPage.sending = true;
  campaignPage.error = "";
  renderCampaign(campaignPage.message);
  try {
    const message = await request("POST", `/api/campaigns/${encodeURIComponent(campaignPage.id)}/next`, { version },
      campaignPage.token);
    location.assign(campaignGameLink(message));
  } catch (error) {
    campaignPage.sending = false;
    campaignPage.error = error.message;
    renderCampaign(campaignPage.message);
  }
}

/** Keep the seat's campaign link in this browser, beside its games. */
function rememberCampaign(message) {
  if (!message.seat || !campaignPage.token) return;
  const entry = { game: `campaign:${message.campaign}`, seat: message.seat,
    scenario: `the campaign ${message.summary.name}`,
    link: `/campaigns/${encodeURIComponent(message.campaign)}#token=${encodeURIComponent(campaignPage.token)}`,
    over: Boolean(message.summary.over) };
  const others = yourGames().filter((kept) => kept.game !== entry.game);
  try {
    localStorage.setItem(YOUR_GAMES, JSON.stringify([entry, ...others].slice(0, MOST_REMEMBERED)));
  } catch {
    // storage full or refused: the link is still in the address bar
  }
}

// --- which screen ------------------------------------------------------------------------------------------

const gamePath = location.pathname.match(/^\/games\/([^/]+)\/?$/);
const campaignPath = location.pathname.match(/^\/campaigns\/([^/]+)\/?$/);
if (gamePath) openTable(decodeURIComponent(gamePath[1]));
else if (campaignPath) openCampaign(decodeURIComponent(campaignPath[1]));
else openLobby();
