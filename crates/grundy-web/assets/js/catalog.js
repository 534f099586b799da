// What the server offers (`GET /api/games`): the playable rulesets and the server's limits.

/** The rulesets (`games`) and limits (`limits`, null until read). */
export const catalog = { games: [], limits: null };

/** Reads the catalog; on failure it stays empty. */
export async function loadGames() {
  try {
    const v = await (await fetch('/api/games')).json();
    catalog.games = v.games;
    catalog.limits = v.limits;
  } catch (e) {
    catalog.games = [];
  }
}
