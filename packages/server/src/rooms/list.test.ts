/**
 * The open rooms as `/rooms` lists them (issue 33, item 8.2: the page listed
 * none, for there was no list to ask), on one node's memory and on Redis (a
 * key prefix of its own), fake time.
 */
import { describe, expect, it } from 'vitest';
import { ROOMS_STATES, roomsSetup } from '../testing/rooms.ts';
import { player } from '../testing/social.ts';
import { ROOMS_LISTED } from './rooms.ts';

const [alice, bob, carol] = [player('alice'), player('bob'), player('carol')];

describe.each(ROOMS_STATES)('the open rooms (%s)', (kind) => {
  it('lists each open room with its players present and live games, most players first, then the newest', async () => {
    const s = await roomsSetup(kind, [alice, bob, carol]);
    const rooms = s.rooms;
    const made = async (owner: typeof alice, name: string): Promise<string> => {
      const r = await rooms.create(owner, name);
      if (!r.ok) throw new Error(r.error.message);
      s.time.advance(1000);
      return r.value.id;
    };
    const quiet = await made(alice, 'Phòng yên tĩnh');
    const busy = await made(bob, 'Cờ tướng Hà Nội');
    const fresh = await made(carol, 'Janggi');
    for (const u of [alice, bob, carol]) expect((await rooms.join(busy, u)).ok).toBe(true);
    expect((await rooms.join(quiet, alice)).ok).toBe(true);
    const listed = await rooms.list();
    expect(listed.map((r) => [r.name, r.members, r.games])).toEqual([
      ['Cờ tướng Hà Nội', 3, 0],
      ['Phòng yên tĩnh', 1, 0],
      ['Janggi', 0, 0],
    ]);
    expect(listed[0]).toMatchObject({ id: busy, owner: { id: 'bob', name: 'bob' } });
    expect(listed[2]!.id).toBe(fresh);
  });

  it('a closed room is not listed; no more than ROOMS_LISTED are', async () => {
    const s = await roomsSetup(kind, [alice]);
    const r = await s.rooms.create(alice, 'Sắp đóng');
    if (!r.ok) throw new Error(r.error.message);
    expect((await s.rooms.list()).map((x) => x.id)).toEqual([r.value.id]);
    s.time.advance(10 * 60_000);
    await s.rooms.idle();
    expect(await s.rooms.list()).toEqual([]);
    const many = await roomsSetup(
      kind,
      Array.from({ length: 11 }, (_, i) => player(`p${i}`)),
      { rooms: { maxRoomsPerOwner: 5 } },
    );
    for (let i = 0; i < 11; i++) for (let k = 0; k < 5; k++) expect((await many.rooms.create(player(`p${i}`))).ok).toBe(true);
    expect(await many.rooms.list()).toHaveLength(ROOMS_LISTED);
  });
});
