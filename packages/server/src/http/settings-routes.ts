/**
 * A player's display settings (docs/API.md, "Settings"): an account keeps
 * them on the server so that a second browser finds them at login. Guests
 * and readers without a session keep theirs in the browser only.
 */
import { Settings } from '@youzai/protocol';
import { body, fail, isAnonymous } from './route.ts';
import type { Route } from './deps.ts';
import { sendJson } from './util.ts';

export const SETTINGS_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: /^\/api\/settings$/,
    handler: async (ctx, { store }) => {
      if (isAnonymous(ctx.user) || ctx.user.username === null) return sendJson(ctx.res, 200, { ok: true, settings: null });
      // What an older server kept and this one no longer accepts reads as none: the browser's own stand.
      const saved = Settings.safeParse(await store.settingsOf(ctx.user.id));
      sendJson(ctx.res, 200, { ok: true, settings: saved.success ? saved.data : null });
    },
  },
  {
    method: 'PUT',
    path: /^\/api\/settings$/,
    handler: async (ctx, { store, clock, limits }) => {
      const settings = await body(ctx, Settings);
      if (ctx.user.username === null) fail('auth.required', 'Sign up to keep your settings on every browser');
      await limits.enforce('settings', { user: ctx.user.id, addr: ctx.addr });
      await store.saveSettings(ctx.user.id, settings, clock.now());
      sendJson(ctx.res, 200, { ok: true, settings });
    },
  },
];
