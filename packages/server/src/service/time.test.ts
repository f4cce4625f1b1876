/**
 * ShiftedTime: the real time (here a FakeTime standing in for it) plus an offset that a test moves forward;
 * every(): a repeating timer on the given time.
 */
import { describe, expect, it } from 'vitest';
import { every, FakeTime, ShiftedTime } from './time.ts';

const T0 = 1_700_000_000_000;

function shifted() {
  const real = new FakeTime(T0);
  const time = new ShiftedTime(real);
  const fired: string[] = [];
  const mark = (name: string) => () => fired.push(`${name}@${time.now() - T0}`);
  return { real, time, fired, mark };
}

describe('ShiftedTime', () => {
  it('reads the real time plus the offset; advance raises the offset and answers the new now', () => {
    const { real, time } = shifted();
    expect(time.now()).toBe(T0);
    expect(time.advance(60_000)).toBe(T0 + 60_000);
    expect(time.offsetMs).toBe(60_000);
    real.advance(500);
    expect(time.now()).toBe(T0 + 60_500);
  });

  it('without an advance, timers fire with the real time', () => {
    const { real, time, fired, mark } = shifted();
    time.at(T0 + 1000, mark('a'));
    real.advance(999);
    expect(fired).toEqual([]);
    real.advance(1);
    expect(fired).toEqual(['a@1000']);
  });

  it('fires at once every timer the advance makes due, earliest first (equal times in the order armed), and no other', () => {
    const { real, time, fired, mark } = shifted();
    time.at(T0 + 30_000, mark('late'));
    time.at(T0 + 20_000, mark('second'));
    time.at(T0 + 10_000, mark('first'));
    time.at(T0 + 20_000, mark('second-again'));
    time.at(T0 + 90_000, mark('after'));
    time.advance(30_000);
    // Called during the advance: the time reads the new now, as a timer that ran late would.
    expect(fired).toEqual(['first@30000', 'second@30000', 'second-again@30000', 'late@30000']);
    real.advance(59_999);
    expect(fired).toHaveLength(4);
    real.advance(1);
    expect(fired.at(-1)).toBe('after@90000');
  });

  it('re-arms a timer not yet due for its shifted time: it fires after the rest of the wait, not the whole', () => {
    const { real, time, fired, mark } = shifted();
    time.at(T0 + 10_000, mark('x'));
    time.advance(4000);
    real.advance(5999);
    expect(fired).toEqual([]);
    real.advance(1);
    expect(fired).toEqual(['x@10000']);
    // Its old real timer (due at real T0 + 10 s) is gone: it fires once.
    real.advance(10_000);
    expect(fired).toEqual(['x@10000']);
  });

  it('a timer armed after an advance waits for the shifted time', () => {
    const { real, time, fired, mark } = shifted();
    time.advance(3_600_000);
    time.at(time.now() + 1000, mark('y'));
    real.advance(999);
    expect(fired).toEqual([]);
    real.advance(1);
    expect(fired).toEqual([`y@${3_600_000 + 1000}`]);
  });

  it('a cancelled timer never fires, nor one cancelled by an earlier callback of the same advance', () => {
    const { real, time, fired, mark } = shifted();
    const cancelA = time.at(T0 + 1000, mark('a'));
    cancelA();
    let cancelC = () => {};
    time.at(T0 + 2000, () => {
      fired.push('b');
      cancelC();
    });
    cancelC = time.at(T0 + 3000, mark('c'));
    time.advance(5000);
    real.advance(10_000);
    expect(fired).toEqual(['b']);
    cancelA();
    cancelC();
  });

  it('a callback that schedules the next one (a director pass every second) runs once per advance, then with the time', () => {
    const { real, time } = shifted();
    let passes = 0;
    const every = () => {
      time.at(time.now() + 1000, () => {
        passes++;
        every();
      });
    };
    every();
    time.advance(60_000);
    expect(passes).toBe(1);
    real.advance(1000);
    expect(passes).toBe(2);
  });

  it('fires the rest of the due timers when one throws, then throws the first failure', () => {
    const { time, fired, mark } = shifted();
    time.at(T0 + 1, () => {
      throw new Error('boom');
    });
    time.at(T0 + 2, mark('after'));
    expect(() => time.advance(10)).toThrow('boom');
    expect(fired).toEqual(['after@10']);
  });

  it('never moves back', () => {
    const { time } = shifted();
    expect(() => time.advance(-1)).toThrow(RangeError);
    expect(() => time.advance(1.5)).toThrow(RangeError);
    expect(time.advance(0)).toBe(T0);
  });

  it('on the real clock: a timer a few ms past the shifted now fires a few ms later', async () => {
    const time = new ShiftedTime();
    const before = Date.now();
    time.advance(86_400_000);
    expect(time.now() - Date.now()).toBe(86_400_000);
    const at = await new Promise<number>((resolve) => time.at(time.now() + 5, () => resolve(Date.now())));
    expect(at - before).toBeLessThan(1000);
  });
});

describe('every', () => {
  it('runs every period, the first one period from now, as the time advances', () => {
    const time = new FakeTime(T0);
    const runs: number[] = [];
    every(time, time, 1000, () => runs.push(time.now() - T0));
    time.advance(999);
    expect(runs).toEqual([]);
    time.advance(1);
    expect(runs).toEqual([1000]);
    time.advance(3500);
    expect(runs).toEqual([1000, 2000, 3000, 4000]);
  });

  it('a run that came late arms the next from when it ran: late runs do not bunch up', () => {
    const time = new FakeTime(T0);
    const runs: number[] = [];
    every(time, time, 1000, () => runs.push(time.now() - T0));
    // The event loop was busy for 2.5 s: the run due at 1 s happens at 2.5 s, once, and the next at 3.5 s.
    time.jump(2500);
    time.advance(0);
    expect(runs).toEqual([2500]);
    time.advance(999);
    expect(runs).toEqual([2500]);
    time.advance(1);
    expect(runs).toEqual([2500, 3500]);
  });

  it('stops when cancelled, also from within a run', () => {
    const time = new FakeTime(T0);
    let a = 0;
    const cancelA = every(time, time, 100, () => a++);
    let b = 0;
    const cancelB = every(time, time, 100, () => {
      if (++b === 3) cancelB();
    });
    time.advance(250);
    cancelA();
    time.advance(10_000);
    expect(a).toBe(2);
    expect(b).toBe(3);
    cancelA();
  });

  it('keeps running after a run that throws', () => {
    const time = new FakeTime(T0);
    let runs = 0;
    every(time, time, 1000, () => {
      if (++runs === 1) throw new Error('boom');
    });
    expect(() => time.advance(1000)).toThrow('boom');
    time.advance(2000);
    expect(runs).toBe(3);
  });

  it('on a ShiftedTime: a jump forward runs it once, then it goes on with the real time', () => {
    const { real, time } = shifted();
    let runs = 0;
    every(time, time, 1000, () => runs++);
    time.advance(3_600_000);
    expect(runs).toBe(1);
    real.advance(999);
    expect(runs).toBe(1);
    real.advance(1);
    expect(runs).toBe(2);
    real.advance(2000);
    expect(runs).toBe(4);
  });

  it('refuses a period that is not positive', () => {
    const time = new FakeTime(T0);
    expect(() => every(time, time, 0, () => undefined)).toThrow(RangeError);
    expect(() => every(time, time, -5, () => undefined)).toThrow(RangeError);
    expect(() => every(time, time, Number.NaN, () => undefined)).toThrow(RangeError);
  });
});
