/**
 * Keeping the keyboard inside a modal (a dialog marked aria-modal): Tab on
 * its last control goes to its first, Shift+Tab on its first to its last;
 * the focus goes back where it was when the modal closes. The choice of the
 * next control is pure (`wrapTab`); the DOM part reads the controls.
 */

/** What a modal's controls can take focus with: enabled buttons, fields, links, and anything given a tabindex of 0 or more. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where Tab (or Shift+Tab, `back`) must send the focus to stay among `count`
 * controls, the focus now on the one at `index` (-1: none of them, e.g.
 * the dialog itself): the index to focus, or null to let the browser move
 * it (it stays inside).
 */
export function wrapTab(index: number, count: number, back: boolean): number | null {
  if (count === 0) return null;
  if (index < 0) return back ? count - 1 : 0;
  if (back && index === 0) return count - 1;
  if (!back && index === count - 1) return 0;
  return null;
}

/** The controls of `root` that Tab reaches, in document order (hidden ones left out). */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]') && el.getClientRects().length > 0);
}

/**
 * Keeps Tab inside `root` until the returned function is called; that
 * function gives the focus back to what had it before (`opener`, or the
 * element found by `reopen` if the opener left the page meanwhile: a header
 * drawn again).
 */
export function trapFocus(root: HTMLElement, reopen?: () => HTMLElement | null): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const items = focusables(root);
    const i = wrapTab(items.indexOf(document.activeElement as HTMLElement), items.length, e.shiftKey);
    if (i === null) return;
    e.preventDefault();
    items[i]!.focus();
  };
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('keydown', onKey);
    const back = opener?.isConnected ? opener : (reopen?.() ?? null);
    back?.focus();
  };
}
