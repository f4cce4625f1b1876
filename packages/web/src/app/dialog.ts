/** A small modal: a question and buttons; resolves with the chosen value (null when dismissed). */
import { trapFocus } from './focus-trap.ts';
import { h } from './h.ts';
import { t } from '../i18n/index.ts';

/** Dismissers of the dialogs now open. */
const openDialogs = new Set<() => void>();

/** Dismisses every open dialog: called when leaving a page, so an answer given later cannot act on the page left (a resignation, a move). */
export function closeDialogs(): void {
  for (const dismiss of [...openDialogs]) dismiss();
}

export function choose<T>(title: string, body: string, options: readonly { label: string; value: T; primary?: boolean }[]): Promise<T | null> {
  return new Promise((resolve) => {
    const done = (v: T | null) => {
      openDialogs.delete(dismiss);
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      release();
      resolve(v);
    };
    const dismiss = () => done(null);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done(null);
    };
    const buttons = options.map((o) => {
      const b = h(`button${o.primary ? '.primary' : ''}`, { type: 'button' }, o.label);
      b.addEventListener('click', () => done(o.value));
      return b;
    });
    const cancel = h('button', { type: 'button' }, t('common.cancel'));
    cancel.addEventListener('click', () => done(null));
    const box = h(
      'div.dialog',
      { role: 'dialog', 'aria-modal': 'true', 'aria-label': title },
      h('h2', null, title),
      body ? h('p', null, body) : null,
      h('div.dialog-buttons', null, ...buttons, cancel),
    );
    const overlay = h('div.overlay', null, box);
    overlay.addEventListener('click', (e) => {
      if (e.target === overlay) done(null);
    });
    document.addEventListener('keydown', onKey);
    openDialogs.add(dismiss);
    document.body.append(overlay);
    // aria-modal: the keyboard stays inside until it closes, then goes back where it was.
    const release = trapFocus(box);
    buttons[0]?.focus();
  });
}

export async function confirmBox(title: string, body: string, yes: string): Promise<boolean> {
  return (await choose(title, body, [{ label: yes, value: true, primary: true }])) === true;
}

/**
 * A modal holding `content` (a form that acts as it changes) and a close button; closed by the button, Escape or a
 * click outside. The keyboard stays inside while it is open; on close the focus goes back to the control that opened
 * it (`opener`, found again by its data-testid if the page drew it anew meanwhile).
 */
export function showPanel(title: string, content: HTMLElement, testid: string): void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const openerId = opener?.dataset.testid;
  const done = () => {
    openDialogs.delete(done);
    overlay.remove();
    document.removeEventListener('keydown', onKey);
    release();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') done();
  };
  const close = h('button.primary', { type: 'button', 'data-testid': `${testid}-close` }, t('common.close'));
  close.addEventListener('click', done);
  const box = h(
    'div.dialog.panel',
    { role: 'dialog', 'aria-modal': 'true', 'aria-label': title, 'data-testid': testid },
    h('h2', null, title),
    content,
    h('div.dialog-buttons', null, close),
  );
  const overlay = h('div.overlay', null, box);
  overlay.addEventListener('click', (e) => {
    if (e.target === overlay) done();
  });
  document.addEventListener('keydown', onKey);
  openDialogs.add(done);
  document.body.append(overlay);
  const release = trapFocus(box, () => (openerId ? document.querySelector<HTMLElement>(`[data-testid="${openerId}"]`) : null));
  box.querySelector<HTMLElement>('select, input, button')?.focus();
}
