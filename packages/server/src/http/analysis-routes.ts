/**
 * Computer analysis of a finished game (docs/API.md, "Computer analysis"):
 * asked for by anyone who opens the game, guest or account, once it is over.
 * A few analyses at once per player (the service's cap) and per address
 * (limits/open.ts: many guests behind one address share its places).
 */
import type { GameAnalysisView } from '@youzai/protocol';
import { OpenLimitError } from '../limits/open.ts';
import { ID, fail } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

const NOT_ASKED: GameAnalysisView = { state: 'none', progress: 0 };
const waiting = (state: string | undefined): boolean => state === 'queued' || state === 'running';

export const ANALYSIS_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/analysis$`),
    handler: async (ctx, { analyses, limits }) => {
      if (!analyses) fail('server.no-engine', 'The engine is not available on this server');
      const id = ctx.params[0]!;
      // One asked for already (and not failed) is answered as it is: it takes no new place.
      const there = await analyses.view(id);
      if (there && there.state !== 'failed') return sendJson(ctx.res, 202, { ok: true, state: there.state, progress: there.progress });
      // A place counts while its analysis waits or runs.
      const slot = await limits.open.reserve('analysis', ctx.addr, async (ids) => Promise.all(ids.map(async (g) => waiting((await analyses.view(g))?.state))));
      if (!slot.ok) throw new OpenLimitError(slot.error);
      const r = await analyses.request(id, ctx.user.id).catch(async (e: unknown) => {
        await slot.value.cancel();
        throw e;
      });
      if (!r.ok) {
        await slot.value.cancel();
        fail(r.error.code, r.error.message);
      }
      if (waiting(r.value.state)) await slot.value.commit(id);
      else await slot.value.cancel();
      sendJson(ctx.res, 202, { ok: true, state: r.value.state, progress: r.value.progress });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/games/${ID}/analysis$`),
    anonymous: true,
    handler: async (ctx, { analyses }) => {
      const a = analyses ? await analyses.view(ctx.params[0]!) : null;
      // Not asked for yet is the usual state of a game, not an error (issue 33, item 8.9: every game page logged a 404).
      sendJson(ctx.res, 200, { ok: true, ...(a ?? NOT_ASKED) });
    },
  },
];
