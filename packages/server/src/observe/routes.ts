/** Operator routes on the club's port: /metrics (with METRICS_TOKEN only) and the admins' GET /api/admin/ops. */
import { isAdmin } from '../auth/admins.ts';
import type { Route } from '../http/deps.ts';
import { sendError, sendJson } from '../http/util.ts';
import { answerScrape } from './metrics-http.ts';
import type { Metrics } from './metrics.ts';
import type { OpsBoard } from './ops.ts';

export function metricsRoutes(metrics: Metrics, token: string | undefined, board: OpsBoard): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/metrics$/,
      anonymous: true,
      handler: async (ctx) => {
        // Without a token the metrics are not on this port at all (METRICS_PORT serves them apart).
        if (!token) return sendError(ctx.res, 404, 'http.not-found', 'Not found');
        await answerScrape(ctx.req, ctx.res, metrics, token);
      },
    },
    {
      // The operator's page: every node's figures and recent errors (admins only: ADMINS).
      method: 'GET',
      path: /^\/api\/admin\/ops$/,
      handler: async (ctx) => {
        if (!isAdmin(ctx.user.username)) return sendError(ctx.res, 403, 'admin.required', 'Only the club’s admins see this page');
        const nodes = await board.club();
        sendJson(ctx.res, 200, { ok: true, node: metrics.options.node, nodes });
      },
    },
  ];
}
