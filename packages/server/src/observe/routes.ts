/** Operator routes on the club's port: /metrics (with METRICS_TOKEN only). */
import type { Route } from '../http/routes.ts';
import { sendError } from '../http/util.ts';
import { answerScrape } from './metrics-http.ts';
import type { Metrics } from './metrics.ts';

export function metricsRoutes(metrics: Metrics, token: string | undefined): Route[] {
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
  ];
}
