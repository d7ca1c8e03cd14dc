// The board as a Discord Activity (issue 39): sign in through the Discord client, then open the board page
// of this channel's game for the signed-in user (their side, or the spectators' view). Every request goes
// to the board's own origin by a relative URL (Discord's proxy maps it; no third-party request): the
// SDK is bundled into static/vendor/ (tools/vendor_sdk.sh). The board page itself is board.html/board.js,
// the same as a link's, with the session in the link token's place.
import {DiscordSDK} from "./vendor/discord-sdk.mjs";

const said = document.getElementById("activity-said");
const list = document.getElementById("activity-games");
const live = document.getElementById("live");

function say(text, kind) {
  said.textContent = text;
  said.className = kind || "";
  live.textContent = kind === "err" ? "not signed in" : "signing in…";
  live.className = kind === "err" ? "live-err" : "live-wait";
}

async function post(body) {
  const r = await fetch("activity/session", {method: "POST", credentials: "omit", cache: "no-store",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const got = await r.json().catch(() => ({ok: false, reason: "HTTP " + r.status}));
  if (!got.ok) throw new Error(got.reason || ("HTTP " + r.status));
  return got;
}

function open(got) {
  say("Opening game #" + got.game + (got.viewer === "spectator" ? " (spectators' view)" : " as " + got.viewer) + "…");
  location.replace(got.path);  // relative: under Discord's proxy prefix too
}

function choose(got, channelId, guildId) {
  say("Several games are played here: which one?");
  live.textContent = "choose a game";
  list.hidden = false;
  list.replaceChildren();
  for (const g of got.choose) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.game = String(g.game);
    button.textContent = "#" + g.game + " " + g.title + " (" + g.status + ") " + g.players + (g.yours ? " - yours" : "");
    button.addEventListener("click", async () => {
      try { open(await post({ticket: got.ticket, channel_id: channelId, guild_id: guildId, game: g.game})); }
      catch (err) { say("Refused: " + String(err.message).slice(0, 200), "err"); }
    });
    const item = document.createElement("li");
    item.appendChild(button);
    list.appendChild(item);
  }
}

async function signIn() {
  const r = await fetch("activity/config", {credentials: "omit", cache: "no-store"});
  if (!r.ok) throw new Error("this board has no Discord Activity (HTTP " + r.status + ")");
  const clientId = (await r.json()).client_id;
  const sdk = new DiscordSDK(clientId, {disableConsoleLogOverride: true});
  await sdk.ready();
  const {code} = await sdk.commands.authorize({client_id: clientId, response_type: "code", state: "",
    prompt: "none", scope: ["identify", "guilds"]});
  if (!sdk.channelId) throw new Error("Discord did not say which channel this Activity is in");
  const got = await post({code: code, channel_id: sdk.channelId, guild_id: sdk.guildId || null});
  if (got.choose) choose(got, sdk.channelId, sdk.guildId || null); else open(got);
}

signIn().catch(err => say("Not signed in: " + String(err && err.message || err).slice(0, 200), "err"));
