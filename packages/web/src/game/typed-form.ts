/**
 * The typed-move box (a keyboard's or a screen reader's way to play): a
 * labelled field and a button; the text is read by `readTypedMove`
 * (coordinates or any of the game's notations) on the position given now.
 * A move it cannot read is told through `problem`, in the reader's words.
 */
import { VARIANTS, type Position, type VariantKey } from '@youzai/rules';
import { h } from '../app/h.ts';
import { t, tMaybe } from '../i18n/index.ts';
import { typedPlaceholder } from './typed-hint.ts';
import { readTypedMove } from './typed-move.ts';

export interface TypedFormOptions {
  readonly variant: VariantKey;
  /** The position the move is played on; null: no move may be typed now. */
  readonly position: () => Position | null;
  readonly play: (uci: string) => void;
  readonly problem: (text: string) => void;
}

export function typedMoveForm(o: TypedFormOptions): HTMLFormElement {
  const input = h('input', {
    type: 'text',
    name: 'move',
    autocomplete: 'off',
    placeholder: typedPlaceholder(VARIANTS[o.variant]),
    'aria-label': t('game.typed.label'),
    'data-testid': 'typed-move',
  }) as HTMLInputElement;
  const form = h(
    'form.typed',
    null,
    h('label', null, t('game.typed.label'), input),
    h('button', { type: 'submit' }, t('game.typed.submit')),
  ) as HTMLFormElement;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const pos = o.position();
    if (!pos) return;
    const r = readTypedMove(pos, input.value);
    if (!r.ok) {
      o.problem(t('game.typed.invalid', { text: input.value, message: tMaybe(`err.${r.code}`, r.message) }));
      return;
    }
    input.value = '';
    o.play(r.uci);
  });
  return form;
}
