/** localStorage, or null where the browser refuses it (private modes, disabled storage): settings are then not kept. */
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
