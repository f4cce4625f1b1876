/**
 * The fields of a new game's terms (game, clock, side, rated), shared by the
 * home page's create form and a room's challenge form. Byo-yomi is offered
 * only where the variant has it; the side labels follow the variant's names.
 */
import { VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import { h } from '../app/h.ts';
import { sideName, variantName } from '../app/names.ts';
import { t, type MessageKey } from '../i18n/index.ts';
import { CORRESPONDENCE_DAYS, DEFAULT_INPUT, LIMITS, offersByoyomi, readTerms, type TermsField, type TermsInput, type TermsResult } from './game-terms.ts';

function field(label: string, control: HTMLElement, extra: Record<string, string> = {}): HTMLLabelElement {
  return h('label', extra, h('span', null, label), control);
}

function numberInput(name: string, value: string, limits: { readonly min: number; readonly max: number }, step: string): HTMLInputElement {
  return h('input', {
    type: 'number',
    name,
    value,
    min: limits.min,
    max: limits.max,
    step,
    inputmode: step === '1' ? 'numeric' : 'decimal',
    required: true,
  }) as HTMLInputElement;
}

export class TermsFields {
  readonly el: HTMLElement;
  private readonly variant: HTMLSelectElement;
  private readonly clockKind: HTMLSelectElement;
  private readonly minutes: HTMLInputElement;
  private readonly increment: HTMLInputElement;
  private readonly periods: HTMLInputElement;
  private readonly seconds: HTMLInputElement;
  private readonly color: HTMLSelectElement;
  private readonly rated: HTMLInputElement;
  private readonly days: HTMLSelectElement;
  private readonly daysLabel: HTMLLabelElement;
  private readonly minutesLabel: HTMLLabelElement;
  private readonly incrementLabel: HTMLLabelElement;
  private readonly byoyomiLabels: HTMLLabelElement[];
  private readonly ratedLabel: HTMLLabelElement;
  private readonly guestNote: HTMLElement;
  private canRate = false;
  private ratedOffered = true;

  /** `correspondence`: offer days per move too (challenges, seeks and invitations; not the computer). */
  constructor(
    initial: TermsInput = DEFAULT_INPUT,
    private correspondence = false,
  ) {
    this.variant = h(
      'select',
      { name: 'variant' },
      VARIANT_KEYS.map((v) => h('option', { value: v }, variantName(v))),
    ) as HTMLSelectElement;
    this.variant.value = VARIANT_KEYS.includes(initial.variant as VariantKey) ? initial.variant : DEFAULT_INPUT.variant;
    this.clockKind = h('select', { name: 'clockKind' }) as HTMLSelectElement;
    this.minutes = numberInput('minutes', initial.minutes, LIMITS.minutes, '0.5');
    this.increment = numberInput('increment', initial.increment, LIMITS.increment, '1');
    this.periods = numberInput('periods', initial.periods, LIMITS.periods, '1');
    this.seconds = numberInput('seconds', initial.seconds, LIMITS.seconds, '1');
    this.color = h('select', { name: 'color' }) as HTMLSelectElement;
    this.rated = h('input', { type: 'checkbox', name: 'rated' }) as HTMLInputElement;
    this.rated.checked = initial.rated;
    this.incrementLabel = field(t('form.increment'), this.increment);
    this.days = h(
      'select',
      { name: 'days' },
      CORRESPONDENCE_DAYS.map((d) => h('option', { value: String(d) }, t('clock.correspondence', { days: d }))),
    ) as HTMLSelectElement;
    this.days.value = initial.days ?? '3';
    this.daysLabel = field(t('form.days'), this.days);
    this.minutesLabel = field(t('form.minutes'), this.minutes);
    this.byoyomiLabels = [field(t('form.periods'), this.periods), field(t('form.seconds'), this.seconds)];
    this.ratedLabel = h('label.check', null, this.rated, h('span', null, t('form.rated'))) as HTMLLabelElement;
    this.guestNote = h('p.muted.guest-note', { 'data-testid': 'guest-note' }, t('home.guestNote'));
    this.el = h(
      'div.terms',
      null,
      h(
        'div.form-grid',
        null,
        field(t('form.variant'), this.variant),
        field(t('form.clockKind'), this.clockKind),
        this.minutesLabel,
        this.incrementLabel,
        this.daysLabel,
        ...this.byoyomiLabels,
        field(t('form.color'), this.color),
      ),
      this.ratedLabel,
      this.guestNote,
    );
    this.variant.addEventListener('change', () => this.variantChanged(null, null));
    this.clockKind.addEventListener('change', () => this.showClockFields());
    this.variantChanged(initial.clockKind, initial.color);
    this.update();
  }

  private variantChanged(kind: string | null, color: string | null): void {
    const v = this.variant.value as VariantKey;
    const keepKind = kind ?? this.clockKind.value;
    const keepColor = color ?? (this.color.value || 'random');
    const kinds: string[] = offersByoyomi(v) ? ['fischer', 'byoyomi'] : ['fischer'];
    if (this.correspondence) kinds.push('correspondence');
    const label: Record<string, MessageKey> = { fischer: 'form.fischer', byoyomi: 'form.byoyomi', correspondence: 'form.correspondence' };
    this.clockKind.replaceChildren(...kinds.map((k) => h('option', { value: k }, t(label[k]!))));
    this.clockKind.value = (kinds as readonly string[]).includes(keepKind) ? keepKind : 'fischer';
    this.clockKind.disabled = kinds.length === 1;
    this.color.replaceChildren(
      h('option', { value: 'random' }, t('form.color.random')),
      h('option', { value: 'first' }, t('form.color.first', { side: sideName(v, 0) })),
      h('option', { value: 'second' }, t('form.color.second', { side: sideName(v, 1) })),
    );
    this.color.value = ['random', 'first', 'second'].includes(keepColor) ? keepColor : 'random';
    this.showClockFields();
  }

  private showClockFields(): void {
    const byo = this.clockKind.value === 'byoyomi';
    const corr = this.clockKind.value === 'correspondence';
    this.incrementLabel.hidden = byo || corr;
    this.minutesLabel.hidden = corr;
    this.daysLabel.hidden = !corr;
    for (const l of this.byoyomiLabels) l.hidden = !byo;
  }

  private update(): void {
    this.ratedLabel.hidden = !(this.ratedOffered && this.canRate);
    this.guestNote.hidden = !(this.ratedOffered && !this.canRate);
  }

  /** Whether days per move are offered (the home page's computer mode has none). */
  setCorrespondenceOffered(on: boolean): void {
    if (on === this.correspondence) return;
    this.correspondence = on;
    this.variantChanged(null, null);
  }

  /** Accounts may play rated; guests see why they cannot. */
  setCanRate(on: boolean): void {
    this.canRate = on;
    this.update();
  }

  /** Whether this kind of game can be rated at all (not against the computer). */
  setRatedOffered(on: boolean): void {
    this.ratedOffered = on;
    this.update();
  }

  values(): TermsInput {
    return {
      variant: this.variant.value,
      clockKind: this.clockKind.value,
      minutes: this.minutes.value,
      increment: this.increment.value,
      periods: this.periods.value,
      seconds: this.seconds.value,
      color: this.color.value,
      rated: this.rated.checked,
      days: this.days.value,
    };
  }

  read(): TermsResult {
    for (const el of this.el.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    const r = readTerms(this.values(), this.canRate && this.ratedOffered);
    if (!r.ok) this.control(r.field).setAttribute('aria-invalid', 'true');
    return r;
  }

  private control(f: TermsField): HTMLElement {
    return { variant: this.variant, minutes: this.minutes, increment: this.increment, periods: this.periods, seconds: this.seconds, color: this.color }[f];
  }
}
