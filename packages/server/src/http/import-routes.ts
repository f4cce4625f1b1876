/**
 * Game import (docs/API.md, "Game import"; issue 28): a record pasted or
 * uploaded (the club's PGN, xqbase Xiangqi PGN in WXF or ICCS, Kakao .gib)
 * is read by the pure importer (@youzai/game/analysis); the legal part comes
 * back with the error, if any, naming its line and move. Saved, the club's
 * own PGN of it is stored under a short id that the analysis board opens
 * (`/i/{id}`) and that exports again as PGN. Reading counts against the
 * `import` quota, saving against `import-save`.
 */
import { importRecord, importedToWire, makeImportedPgn, type ImportedWire } from '@youzai/game/analysis';
import { decodeBody } from '@youzai/protocol';
import { isVariantKey, VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import { z } from 'zod';
import { randomId } from '../service/ids.ts';
import { UniqueViolation } from '../store/types.ts';
import { ID, fail, isAnonymous, type Ctx } from './route.ts';
import type { Route } from './deps.ts';
import { readBody, sendJson } from './util.ts';

/** The largest body read (a long Janggi game with comments and variations is some 20 kB; JSON escapes add a little). */
export const MAX_IMPORT_BYTES = 64 * 1024;
/** Short links' ids: 8 base-62 characters. */
const IMPORT_ID_LENGTH = 8;

/** The record as JSON text (the API takes JSON only: a form could post anything else cross-site), with the board's game as a guess. */
const ImportBody = z.object({ text: z.string().max(MAX_IMPORT_BYTES), variant: z.enum(VARIANT_KEYS).optional() }).strict();

async function recordOf(ctx: Ctx): Promise<{ text: string; hint: VariantKey | undefined }> {
  const r = decodeBody(ImportBody, await readBody(ctx.req, MAX_IMPORT_BYTES));
  if (!r.ok) fail(r.code, r.message);
  return { text: r.value.text, hint: r.value.variant };
}

/** The wire form of a stored import, read again (the club's own PGN always reads back; a row that does not is a bug, answered 500). */
function storedGame(pgn: string, variant: string): ImportedWire {
  const r = importRecord(pgn, isVariantKey(variant) ? variant : undefined);
  if (r.error && r.game.tree.size === 0) throw new Error(`stored import does not read back: ${r.error.code} ${r.error.message}`);
  return importedToWire(r.game);
}

export const IMPORT_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: /^\/api\/import$/,
    handler: async (ctx, { limits, imports, clock }) => {
      const save = ctx.url.searchParams.get('save') === '1';
      await limits.enforce('import', { user: ctx.user.id, addr: ctx.addr });
      const { text, hint } = await recordOf(ctx);
      const r = importRecord(text, hint);
      const game = importedToWire(r.game);
      let id: string | null = null;
      // The legal part is saved even when a later move is wrong: the error comes back beside the link.
      if (save) {
        if (isAnonymous(ctx.user)) fail('auth.required', 'Saving needs a session');
        if (r.game.tree.size === 0) fail(r.error?.code ?? 'import.empty', r.error?.message ?? 'There is no move to save');
        await limits.enforce('import-save', { user: ctx.user.id, addr: ctx.addr });
        const row = { variant: r.game.variant, pgn: makeImportedPgn(r.game), userId: ctx.user.id, createdAt: clock.now() };
        for (let tries = 0; id === null; tries++) {
          const candidate = randomId(IMPORT_ID_LENGTH);
          try {
            await imports.saveImport({ id: candidate, ...row });
            id = candidate;
          } catch (e) {
            if (!(e instanceof UniqueViolation) || tries >= 3) throw e;
          }
        }
      }
      if (r.error) {
        const { code, message, line, move } = r.error;
        sendJson(ctx.res, 400, { ok: false, code, message, line, move, game, ...(id ? { id } : {}) });
        return;
      }
      sendJson(ctx.res, 200, { ok: true, game, ...(id ? { id } : {}) });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/import/${ID}$`),
    anonymous: true,
    handler: async (ctx, { imports }) => {
      const row = await imports.importById(ctx.params[0]!);
      if (!row) fail('import.not-found', 'No saved game has this link');
      sendJson(ctx.res, 200, { ok: true, id: row.id, createdAt: row.createdAt, game: storedGame(row.pgn, row.variant) });
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/import/${ID}\\.pgn$`),
    anonymous: true,
    handler: async (ctx, { imports }) => {
      const row = await imports.importById(ctx.params[0]!);
      if (!row) fail('import.not-found', 'No saved game has this link');
      ctx.res.writeHead(200, {
        'content-type': 'application/x-chess-pgn; charset=utf-8',
        'content-disposition': `attachment; filename="youzai-import-${row.id}.pgn"`,
        'cache-control': 'no-store',
      });
      ctx.res.end(row.pgn);
    },
  },
];
