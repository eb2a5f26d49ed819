// The Activity's entry point: Discord's Embedded App SDK shakes hands with the Discord client
// and asks it for an OAuth2 code; the board exchanges the code with Discord, learns who
// launched the Activity, and answers with the channel's game and, for a player, a new
// personal link to their seat. The secret is kept in this tab's session storage (never in an
// address) and the game's page opens.
//
// Outside Discord (no `frame_id` in the address: a developer's browser, the tests) the SDK's
// own mock stands in for the client, in the guild and channel the address names (`guild_id`,
// `channel_id`), handing over `mock_code`; the board exchanges that code with Discord like any
// other, so only a code Discord made for a user finds that user's seat.

const body = document.body;
// Discord's proxy may serve the Activity under a prefix: every path keeps it.
const R = location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
const S = JSON.parse(document.getElementById("strings").textContent);
const say = (text) => {
  document.getElementById("activitysay").textContent = text;
};

async function start() {
  const params = new URLSearchParams(location.search);
  const clientId = body.dataset.client;
  const { DiscordSDK, DiscordSDKMock } = window.DiscordEmbedded;
  let sdk;
  if (params.has("frame_id")) {
    sdk = new DiscordSDK(clientId);
  } else {
    sdk = new DiscordSDKMock(clientId, params.get("guild_id"), params.get("channel_id"), null);
    const code = params.get("mock_code");
    if (code) sdk._updateCommandMocks({ authorize: async () => ({ code }) });
  }
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const lang = encodeURIComponent(body.dataset.lang);
  const r = await fetch(`${R}/activity/session?lang=${lang}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, guild: sdk.guildId, channel: sdk.channelId }),
    cache: "no-store",
  });
  if (r.status === 404) {
    say(S["activity-no-game"]);
    return;
  }
  if (!r.ok) {
    say(S["activity-refused"]);
    return;
  }
  const seat = await r.json();
  try {
    if (seat.secret) sessionStorage.setItem("meeplebot-seat", seat.secret);
    else sessionStorage.removeItem("meeplebot-seat");
  } catch {
    // No storage in this frame: the page shows the game without moving for anyone.
  }
  body.dataset.seat = seat.secret ? "yes" : "none";
  location.replace(`${R}/activity/g/${encodeURIComponent(seat.token)}?lang=${lang}`);
}

start().catch(() => say(S["activity-failed"]));
