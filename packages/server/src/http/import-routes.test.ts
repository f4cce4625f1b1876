/** Game import over the real app and memory storage (issue 28): read, the error's line and move with the legal part, save under a short link, read and export again, quotas and the size limit. */
import type { AddressInfo } from 'node:net';
import { importRecord, makeTreeText } from '@youzai/game/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { MemoryBus } from '../bus/bus.ts';
import { systemTimers } from '../service/time.ts';
import { memoryStore } from '../store/memory/store.ts';
import { TestClient } from '../testing/client.ts';

const GIB = `[대회명 "친선전"]
[초대국자 "김초"]
[한대국자 "이한"]
[대국결과 "초 완승"]
[초차림 "상마상마"]
[한차림 "마상상마"]

1. 79졸78 2. 12마33 3. 08마87 {좋은 수} 4. 한수쉼
`;
const WXF = '[Game "Chinese Chess"]\n[Format "WXF"]\n[Red "Hu"]\n\n1. C2.5 H8+7\n2. H2+3 R9.8 (2... P7+1) 3. R1+9 *\n';

describe('game import API', () => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    app = await createApp({
      store: memoryStore(),
      bus: new MemoryBus(),
      clock: { now: () => Date.UTC(2026, 0, 1) },
      timers: systemTimers,
      publicUrl: 'http://test',
      httpRate: 1000,
      limits: { 'import-save': { user: { points: 2, seconds: 3600 }, what: 'imported games saved' } },
    });
    await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads a .gib file: the game with its Korean tags', async () => {
    const c = new TestClient(base);
    const r = await c.http('POST', '/api/import', { text: GIB });
    expect(r.status).toBe(200);
    expect(r.json.game.variant).toBe('janggi');
    expect(r.json.game.moves).toBe('i4h4 b10c8 h1g3 e9e9');
    expect(r.json.game.tags).toContainEqual(['대회명', '친선전']);
    expect(r.json.game.result).toBe('1-0');
    expect(r.json.id).toBeUndefined();
  });

  it('an illegal move: 400 with its line and move, and the legal part', async () => {
    const c = new TestClient(base);
    const r = await c.http('POST', '/api/import', { text: WXF });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ ok: false, code: 'import.illegal', line: 6, move: 'R1+9' });
    expect(r.json.game.moves).toBe('h3e3 h10g8 h1g3 i10h10 (g7g6)');
  });

  it('saves under a short link that reads back and exports again; a quota per player', async () => {
    const c = new TestClient(base);
    const r = await c.http('POST', '/api/import?save=1', { text: GIB });
    expect(r.status).toBe(200);
    const id = r.json.id as string;
    expect(id).toMatch(/^[A-Za-z0-9]{8}$/);
    const back = await c.http('GET', `/api/import/${id}`);
    expect(back.status).toBe(200);
    expect(back.json.game.moves).toBe(r.json.game.moves);
    expect(back.json.game.comments).toEqual(r.json.game.comments);
    const anon = await new TestClient(base).http('GET', `/api/import/${id}.pgn`);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('content-type')).toContain('application/x-chess-pgn');
    const again = importRecord(anon.text);
    expect(again.error).toBeNull();
    expect(makeTreeText(again.game.tree)).toBe(r.json.game.moves);
    expect(anon.text).toContain('[초대국자 "김초"]');
    expect(anon.text).toContain('{좋은 수}');

    // A record with a wrong move is saved with its legal part, the error beside the link.
    const partial = await c.http('POST', '/api/import?save=1', { text: WXF });
    expect(partial.status).toBe(400);
    expect(partial.json.id).toMatch(/^[A-Za-z0-9]{8}$/);
    const third = await c.http('POST', '/api/import?save=1', { text: GIB });
    expect(third.status).toBe(429);
    expect(third.json.code).toBe('limit.import-save');
    expect((await c.http('GET', '/api/import/NoSuchId1')).status).toBe(404);
  });

  it('refuses a record over 64 KiB and a malformed JSON body', async () => {
    const c = new TestClient(base);
    const big = await c.http('POST', '/api/import', { text: `${GIB}{${'x'.repeat(70_000)}}` });
    expect(big.status).toBe(413);
    const text = await c.http('POST', '/api/import', undefined, { text: GIB, type: 'text/plain' });
    expect(text.status).toBe(415);
    const bad = await c.http('POST', '/api/import', { text: GIB, extra: 1 });
    expect(bad.status).toBe(400);
  });
});
