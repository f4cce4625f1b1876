import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/bus.ts';
import { memoryStore } from '../store/memory/store.ts';
import { COMPUTER_RETRY_MS, ComputerPlayer, type ChooseMove } from './computer.ts';
import { GameService } from './game-service.ts';
import { FakeTime } from './time.ts';

const human = { id: 'uh', name: 'human', guest: true };

async function setup(choose: ChooseMove, color: 'first' | 'second') {
  const time = new FakeTime();
  const computer = new ComputerPlayer(choose, { clock: time, timers: time });
  const service = new GameService({ store: memoryStore(), bus: new MemoryBus(), clock: time, timers: time, onEngineTurn: computer.onEngineTurn });
  computer.attach(service);
  const c = await service.create(human, {
    variant: 'xiangqi',
    color,
    clock: { kind: 'fischer', minutes: 5, increment: 2 },
    opponent: { type: 'computer', level: 2 },
    rated: false,
  });
  if (!c.ok) throw new Error(c.error.message);
  return { service, id: c.value.id, time };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('computer player', () => {
  it('answers each human move through the service, at its level', async () => {
    const asked: number[] = [];
    const { service, id } = await setup(async (req) => {
      asked.push(req.level);
      return req.fen.includes(' b ') ? 'h10g8' : 'b1c3';
    }, 'first');
    expect((await service.act(id, 'uh', { type: 'move', uci: 'h3e3', ply: 0 })).ok).toBe(true);
    await settle();
    const v = (await service.view(id))!.view;
    expect(v.moves).toEqual(['h3e3', 'h10g8']);
    expect(asked).toEqual([2]);
  });

  it('moves first when it has the first seat', async () => {
    const { service, id } = await setup(async () => 'h3e3', 'second');
    await settle();
    expect((await service.view(id))!.view.moves).toEqual(['h3e3']);
  });

  it('an engine failure or an illegal answer never stops the game: a legal move is played', async () => {
    const failing = await setup(async () => {
      throw new Error('worker crashed');
    }, 'second');
    await settle();
    expect((await failing.service.view(failing.id))!.view.moves.length).toBe(1);
    const illegal = await setup(async () => 'a1a9', 'second');
    await settle();
    const moves = (await illegal.service.view(illegal.id))!.view.moves;
    expect(moves.length).toBe(1);
    expect(moves[0]).not.toBe('a1a9');
  });

  it('a turn it could not play (the store did not answer) is played a second later, not left waiting', async () => {
    const { service, id, time } = await setup(async () => 'h3e3', 'second');
    await settle();
    expect((await service.view(id))!.view.moves).toEqual(['h3e3']);
    // The next turn: the first read for it fails (a store call timed out under load), then the store answers again.
    const read = service.movesToAvoid.bind(service);
    let failures = 1;
    service.movesToAvoid = async (game) => {
      if (failures-- > 0) throw new Error('the store did not answer in time');
      return read(game);
    };
    expect((await service.act(id, 'uh', { type: 'move', uci: 'h10g8', ply: 1 })).ok).toBe(true);
    await settle();
    expect((await service.view(id))!.view.moves).toEqual(['h3e3', 'h10g8']);
    time.advance(COMPUTER_RETRY_MS);
    await settle();
    expect((await service.view(id))!.view.moves).toHaveLength(3);
  });
});
