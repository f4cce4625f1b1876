/**
 * Computer analysis of a finished game (docs/API.md, "Computer analysis"):
 * asked for by anyone who opens the game, guest or account, once it is over.
 */
import { ID, fail, type Route } from './routes.ts';
import { sendJson } from './util.ts';

export const ANALYSIS_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/analysis$`),
    handler: async (ctx, { analyses }) => {
      if (!analyses) fail('server.no-engine', 'The engine is not available on this server');
      const r = await analyses.request(ctx.params[0]!, ctx.user.id);
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 202, { ok: true, state: r.value.state, progress: r.value.progress });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/games/${ID}/analysis$`),
    anonymous: true,
    handler: async (ctx, { analyses }) => {
      const a = analyses ? await analyses.view(ctx.params[0]!) : null;
      if (!a) fail('analysis.not-found', 'This game has not been analysed: ask for an analysis first');
      sendJson(ctx.res, 200, { ok: true, ...a });
    },
  },
];
