/** Chat: plain text, length and rate limits, mutes. */
import { describe, expect, it } from 'vitest';
import { CHAT_MAX_LENGTH } from '@youzai/protocol';
import { gameChatTopic } from '../bus/topics.ts';
import { player, record, settle, socialSetup } from '../testing/social.ts';
import { cleanText } from './chat.ts';

const [alice, bob] = [player('alice'), player('bob')];
const target = { game: 'game0001', channel: 'spectators' } as const;

describe('chat', () => {
  it('is plain text: HTML goes through as inert characters; controls and bidi overrides do not', () => {
    const html = '<img src=x onerror="alert(1)"> & <script>alert("x")</script>';
    expect(cleanText(html)).toBe(html);
    expect(cleanText('  a\u0000b\nc\r\nd\u202ee\u2066f\u0085g  ')).toBe('a b c d e f g');
    expect(cleanText('Cu\u0300o\u0302\u0301c')).toBe('C\u00f9\u1ed1c');
  });

  it('forwards the line as a JSON string, unchanged, to the channel\u2019s topic and its log', async () => {
    const s = await socialSetup([alice, bob]);
    const heard = record(s.bus, gameChatTopic('game0001', 'spectators'));
    const players = record(s.bus, gameChatTopic('game0001', 'players'));
    const html = '<b onclick="steal()">gg</b>';
    const r = await s.chat.post(alice, target, html);
    expect(r).toMatchObject({ ok: true, value: { text: html, user: { id: 'alice' } } });
    expect(heard).toEqual([
      { t: 'chat', game: 'game0001', channel: 'spectators', user: { id: 'alice', name: 'alice', guest: false }, text: html, at: s.time.now() },
    ]);
    expect(players).toEqual([]);
    expect(s.chat.log(target).map((l) => l.text)).toEqual([html]);
  });

  it('length limit: 300 characters (code points, after clean-up); empty lines are refused', async () => {
    const s = await socialSetup([alice]);
    expect((await s.chat.post(alice, target, '国'.repeat(CHAT_MAX_LENGTH))).ok).toBe(true);
    s.time.advance(1000);
    expect((await s.chat.post(alice, target, '😀'.repeat(CHAT_MAX_LENGTH))).ok).toBe(true);
    s.time.advance(1000);
    expect(await s.chat.post(alice, target, 'x'.repeat(CHAT_MAX_LENGTH + 1))).toMatchObject({ ok: false, error: { code: 'chat.too-long' } });
    expect(await s.chat.post(alice, target, ' \n\u0000 ')).toMatchObject({ ok: false, error: { code: 'chat.empty' } });
  });

  it('rate limit: one line a second per player across chats, bursts of three', async () => {
    const s = await socialSetup([alice, bob]);
    for (let i = 0; i < 3; i++) expect((await s.chat.post(alice, i === 1 ? { room: 'room0001' } : target, `l${i}`)).ok).toBe(true);
    expect(await s.chat.post(alice, target, 'flood')).toMatchObject({ ok: false, error: { code: 'chat.rate-limited' } });
    expect((await s.chat.post(bob, target, 'me too')).ok).toBe(true);
    s.time.advance(999);
    expect((await s.chat.post(alice, target, 'flood')).ok).toBe(false);
    s.time.advance(1);
    expect((await s.chat.post(alice, target, 'later')).ok).toBe(true);
    expect((await s.chat.post(alice, target, 'again')).ok).toBe(false);
    // Reconnecting does not reset it.
    s.presence.connect('alice');
    s.presence.disconnect('alice');
    expect((await s.chat.post(alice, target, 'again')).ok).toBe(false);
  });

  it('mutes: per player, persisted, and applied again when they come back', async () => {
    const s = await socialSetup([alice, bob]);
    s.presence.connect('alice');
    await settle();
    expect(await s.chat.mute('alice', 'alice', true)).toMatchObject({ ok: false, error: { code: 'mute.self' } });
    expect(await s.chat.mute('alice', 'nobody', true)).toMatchObject({ ok: false, error: { code: 'user.not-found' } });
    expect((await s.chat.mute('alice', 'bob', true)).ok).toBe(true);
    expect(s.chat.isMuted('alice', 'bob')).toBe(true);
    expect(s.chat.isMuted('bob', 'alice')).toBe(false);
    await s.chat.post(bob, target, 'spam');
    expect(s.chat.log(target, 'alice')).toEqual([]);
    expect(s.chat.log(target, 'bob').map((l) => l.text)).toEqual(['spam']);
    s.presence.disconnect('alice');
    expect(s.chat.isMuted('alice', 'bob')).toBe(false); // forgotten while away...
    expect(await s.store.mutes('alice')).toEqual(['bob']);
    s.presence.connect('alice');
    await settle();
    expect(s.chat.isMuted('alice', 'bob')).toBe(true); // ...and back from the store
    await s.chat.mute('alice', 'bob', false);
    expect(s.chat.isMuted('alice', 'bob')).toBe(false);
    expect(await s.store.mutes('alice')).toEqual([]);
  });
});
