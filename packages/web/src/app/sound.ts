/**
 * Move and capture sounds, synthesised with Web Audio (no sound files to
 * download or license): a short wooden click for a move, a lower, longer
 * knock for a capture, two soft tones at the end of a game.
 */
import { changeSettings, settings } from './settings.ts';

export type SoundName = 'move' | 'capture' | 'check' | 'end';

export class Sound {
  private ctx: AudioContext | null = null;

  /** Whether sounds are off: one of the visitor's settings (app/settings.ts). */
  get muted(): boolean {
    return !settings().sound;
  }

  setMuted(m: boolean): void {
    changeSettings({ sound: !m });
  }

  play(name: SoundName): void {
    if (this.muted || typeof AudioContext === 'undefined') return;
    try {
      this.ctx ??= new AudioContext();
      const ctx = this.ctx;
      if (ctx.state === 'suspended') void ctx.resume();
      const t0 = ctx.currentTime;
      const knock = (freq: number, dur: number, gain: number, at = 0) => {
        const osc = ctx.createOscillator();
        const g = ctx.createGain();
        osc.type = 'triangle';
        osc.frequency.setValueAtTime(freq, t0 + at);
        osc.frequency.exponentialRampToValueAtTime(freq * 0.5, t0 + at + dur);
        g.gain.setValueAtTime(gain, t0 + at);
        g.gain.exponentialRampToValueAtTime(0.001, t0 + at + dur);
        osc.connect(g).connect(ctx.destination);
        osc.start(t0 + at);
        osc.stop(t0 + at + dur);
      };
      if (name === 'move') knock(900, 0.07, 0.25);
      else if (name === 'capture') {
        knock(420, 0.12, 0.35);
        knock(700, 0.05, 0.2, 0.02);
      } else if (name === 'check') knock(1200, 0.1, 0.2);
      else {
        knock(523, 0.25, 0.15);
        knock(659, 0.35, 0.15, 0.2);
      }
    } catch {
      // Sound is a nicety: a browser that refuses audio plays silently.
    }
  }
}
