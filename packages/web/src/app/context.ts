/** What every page gets: the socket, who we are, navigation, sounds. One per browser tab. */
import type { Identity } from '@youzai/protocol';
import type { Socket } from '../net/socket.ts';
import type { Sound } from './sound.ts';

export interface AppContext {
  readonly socket: Socket;
  me: Identity | null;
  readonly sound: Sound;
  navigate(path: string, replace?: boolean): void;
  /** Re-renders the current page (after a language switch or login). */
  refresh(): void;
  /** Shows a short message at the top of the page. */
  toast(text: string): void;
  refreshMe(): Promise<void>;
}

/** A mounted page: its root element and what to undo when leaving it. */
export interface Page {
  readonly el: HTMLElement;
  readonly title: string;
  destroy?(): void;
}
