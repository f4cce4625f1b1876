/** Rematch after a finished game (docs/API.md, "Rematch"). */
import { identityOf } from '../auth/sessions.ts';
import { z } from 'zod';
import { ID, body, fail } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

const Op = z.object({ op: z.enum(['offer', 'accept', 'decline']) }).strict();

export const REMATCH_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: new RegExp(`^/api/games/${ID}/rematch$`),
    anonymous: true,
    handler: async (ctx, { rematches }) => {
      sendJson(ctx.res, 200, { ok: true, rematch: rematches ? await rematches.get(ctx.params[0]!) : null });
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/games/${ID}/rematch$`),
    handler: async (ctx, { rematches, limits }) => {
      const { op } = await body(ctx, Op);
      if (!rematches) fail('server.unavailable', 'Rematches are not available on this server');
      // Each offer makes a game: an offer/decline loop made them without end (issue 31, item 10).
      if (op === 'offer') await limits.enforce('rematch', { user: ctx.user.id, addr: ctx.addr });
      const me = identityOf(ctx.user);
      const r = op === 'offer' ? await rematches.offer(ctx.params[0]!, me) : await rematches.answer(ctx.params[0]!, me, op === 'accept');
      if (!r.ok) fail(r.error.code, r.error.message);
      sendJson(ctx.res, 200, { ok: true, ...r.value });
    },
  },
];
