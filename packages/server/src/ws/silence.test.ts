/**
 * The silence watch on fake time: a link heard every 5 s is never asked; a
 * silent one is asked after 6 s and ended at 12 s; an answer keeps it; a
 * jump in time asks first and judges only after the grace.
 */
import { describe, expect, it } from 'vitest';
import { FakeTime } from '../service/time.ts';
import { PROBE_AFTER_MS, PROBE_GRACE_MS, SILENCE_MS, SilenceWatch } from './silence.ts';

function watched() {
  const time = new FakeTime();
  const start = time.now();
  const probes: number[] = [];
  const lost: number[] = [];
  const watch = new SilenceWatch({
    clock: time,
    timers: time,
    probe: () => probes.push(time.now() - start),
    lost: () => lost.push(time.now() - start),
  });
  return { time, watch, probes, lost };
}

describe('SilenceWatch', () => {
  it('a link heard every 5 s (the client’s pings) is never asked nor ended', () => {
    const { time, watch, probes, lost } = watched();
    for (let i = 0; i < 24; i++) {
      time.advance(5000);
      watch.heard();
    }
    expect(probes).toEqual([]);
    expect(lost).toEqual([]);
  });

  it('a silent link is asked after 6 s and ended 12 s after it was last heard', () => {
    const { time, probes, lost } = watched();
    time.advance(60_000);
    expect(probes).toEqual([PROBE_AFTER_MS]);
    expect(lost).toEqual([SILENCE_MS]);
  });

  it('a link that answers the ping (a background tab whose own pings are late) is kept', () => {
    const { time, watch, probes, lost } = watched();
    // Heard only as the answers to its pings, each half a second after it is asked.
    time.advance(PROBE_AFTER_MS + 500);
    watch.heard();
    time.advance(PROBE_AFTER_MS + 500);
    watch.heard();
    time.advance(5000);
    // Asked 6 s after each answer; never ended.
    expect(probes).toEqual([6000, 12_500]);
    expect(lost).toEqual([]);
  });

  it('a jump in time (a test moving the server’s clock) asks first, and ends the link only if the ping goes unanswered for the grace', () => {
    const { time, watch, probes, lost } = watched();
    time.jump(30 * 60_000);
    time.advance(0);
    expect(probes).toEqual([30 * 60_000]);
    time.advance(PROBE_GRACE_MS - 1);
    expect(lost).toEqual([]);
    watch.heard();
    time.advance(PROBE_GRACE_MS);
    expect(lost).toEqual([]);
    // Unanswered this time: ended once the grace is over.
    time.jump(30 * 60_000);
    time.advance(0);
    time.advance(PROBE_GRACE_MS);
    expect(lost).toEqual([60 * 60_000 + PROBE_GRACE_MS - 1 + PROBE_GRACE_MS + PROBE_GRACE_MS]);
  });

  it('says nothing once stopped (the socket closed)', () => {
    const { time, watch, probes, lost } = watched();
    watch.stop();
    time.advance(60_000);
    expect(probes).toEqual([]);
    expect(lost).toEqual([]);
  });
});
