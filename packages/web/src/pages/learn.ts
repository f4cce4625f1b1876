/**
 * Learn: a short course per game for newcomers (packages/web/src/learn). The
 * index lists the lessons with the ones finished; a lesson page is a board
 * where each exercise is judged by the rules library, with stars on the
 * squares to reach, and "next" once it is done. Progress stays in the browser
 * and, for an account, on the server (learn/progress.ts).
 */
import { isVariantKey, VARIANT_KEYS, type VariantKey } from '@youzai/rules';
import type { AppContext, Page } from '../app/context.ts';
import { fill, h } from '../app/h.ts';
import { roleName, sideName, variantName } from '../app/names.ts';
import { Board, orientationOf } from '../board/board.ts';
import { inPlaceButtons } from '../board/in-place.ts';
import { toKey } from '../board/keys.ts';
import './pages.css';
import { choosePromotion } from '../board/promotion.ts';
import { refereePanel } from '../game/referee-panel.ts';
import { typedMoveForm } from '../game/typed-form.ts';
import { wireReferee } from '@youzai/protocol';
import { lang, t } from '../i18n/index.ts';
import { COURSES, findLesson } from '../learn/courses/index.ts';
import { playLearner, startAttempt, type Attempt, type Lesson, type Text } from '../learn/lessons.ts';
import { finishLesson, isDone, loadProgress, onProgress, type Progress } from '../learn/progress.ts';

const say = (x: Text): string => x[lang()];

/** A lesson's title: a piece lesson is named by the piece's name in the texts, the others carry their own. */
export function lessonTitle(variant: VariantKey, l: Lesson): string {
  return l.role ? roleName(variant, l.role) : l.title ? say(l.title) : l.id;
}

/** A five-pointed star in the 100×100 box chessgroundx gives a custom shape on its square. */
const STAR_SVG =
  '<polygon points="50,14 59,39 86,39 64,55 72,82 50,66 28,82 36,55 14,39 41,39" fill="#f5c518" stroke="#8a6d00" stroke-width="3" opacity="0.9"/>';

function tabs(current: VariantKey | null): HTMLElement {
  return h(
    'nav.tabs',
    { 'aria-label': t('rules.choose') },
    ...VARIANT_KEYS.map((k) =>
      h('a', { href: `/learn/${k}`, class: k === current ? 'active' : '', 'aria-current': k === current ? 'page' : null }, variantName(k)),
    ),
  );
}

/** One game's course card: its lessons, the finished ones ticked. */
function courseCard(g: VariantKey, progress: Progress): HTMLElement {
  const lessons = COURSES[g].lessons;
  const done = lessons.filter((l) => isDone(progress, g, l.id)).length;
  return h(
    'section.card',
    { 'data-testid': `learn-course-${g}` },
    h('h2', null, variantName(g, true)),
    h('p.muted', null, t('learn.progress', { done, total: lessons.length })),
    h(
      'ol.learn-lessons',
      null,
      ...lessons.map((l) =>
        h(
          'li',
          { class: isDone(progress, g, l.id) ? 'done' : '' },
          h('a', { href: `/learn/${g}/${l.id}`, 'data-testid': `lesson-${g}-${l.id}` }, lessonTitle(g, l)),
          isDone(progress, g, l.id) ? h('span.learn-done', { 'aria-label': t('learn.finished') }, ' ✓') : null,
        ),
      ),
    ),
    h('p', null, h('a', { href: `/rules/${g}` }, t('nav.rules'))),
  );
}

function indexPage(variant: VariantKey | null): Page {
  const games = variant ? [variant] : VARIANT_KEYS;
  const courses = h('div.learn-courses');
  const show = (p: Progress) => fill(courses, ...games.map((g) => courseCard(g, p)));
  show(loadProgress());
  // An account's progress may arrive after the page opened (the merge at login).
  const off = onProgress(show);
  const el = h(
    'div.page.learn',
    { 'data-testid': 'learn-page' },
    h('h1', null, t('learn.title')),
    h('p.intro', null, t('learn.intro')),
    tabs(variant),
    courses,
  );
  return { el, title: variant ? `${t('learn.title')} · ${variantName(variant)}` : t('learn.title'), destroy: off };
}

function lessonPage(app: AppContext, variant: VariantKey, lesson: Lesson): Page {
  const lessons = COURSES[variant].lessons;
  const nextLesson = lessons[lessons.indexOf(lesson) + 1] ?? null;
  let index = 0;
  let attempt: Attempt = startAttempt(variant, lesson.exercises[0]!);
  const boardEl = h('div.board-holder', { 'data-testid': 'board' });
  const promptEl = h('p.learn-prompt', { 'data-testid': 'learn-prompt' });
  const stepEl = h('p.muted', { 'data-testid': 'learn-step' });
  const statusEl = h('p.status', { 'aria-live': 'polite', 'data-testid': 'status' });
  const special = h('div.special');
  // An exercise judged by the referee shows its runs and counters as the game page does.
  const refHolder = h('div.learn-referee');
  const actions = h('div.controls');
  const board = new Board(boardEl, { variant, orientation: orientationOf(attempt.learner), onMove: (uci) => play(uci), choose: choosePromotion });

  // A move typed (the keyboard's and screen readers' way to play), as on the game page; what it cannot read, in the status.
  let typedProblem = '';
  const typedForm = typedMoveForm({
    variant,
    position: () => (attempt.status === 'playing' ? attempt.pos : null),
    play: (uci) => play(uci),
    problem: (text) => {
      typedProblem = text;
      render();
    },
  });

  function play(uci: string): void {
    typedProblem = '';
    const next = playLearner(attempt, uci);
    if (next) {
      attempt = next;
      app.sound.play('move');
      if (attempt.status === 'solved' && index === lesson.exercises.length - 1) finishLesson(variant, lesson.id);
    }
    render();
  }

  function load(i: number): void {
    index = i;
    typedProblem = '';
    attempt = startAttempt(variant, lesson.exercises[i]!);
    render();
  }

  const button = (label: string, testid: string, run: () => void): HTMLElement => {
    const b = h('button', { type: 'button', 'data-testid': testid }, label);
    b.addEventListener('click', run);
    return b;
  };

  function render(): void {
    const ex = lesson.exercises[index]!;
    board.set({
      pos: attempt.pos,
      lastUci: attempt.moves[attempt.moves.length - 1] ?? attempt.lastBefore ?? undefined,
      movable: attempt.status === 'playing' ? orientationOf(attempt.learner) : null,
    });
    board.setStars(attempt.stars.map((s) => ({ key: toKey(s), svg: STAR_SVG })));
    promptEl.textContent = say(ex.prompt);
    stepEl.textContent = t('learn.step', { n: index + 1, total: lesson.exercises.length, moves: Math.max(0, ex.maxMoves - attempt.played) });
    statusEl.textContent = typedProblem
      ? typedProblem
      : attempt.status === 'solved'
        ? t('learn.solved')
        : attempt.status === 'failed'
          ? t(`learn.failed.${attempt.fail ?? 'moves'}`)
          : t('game.turnOf', { side: sideName(variant, attempt.pos.turn as 0 | 1) });
    statusEl.dataset.state = attempt.status;
    typedForm.hidden = attempt.status !== 'playing';
    fill(refHolder, ...(attempt.referee ? [refereePanel(variant, wireReferee(attempt.referee.state()), null)] : []));
    fill(special, ...(attempt.status === 'playing' ? inPlaceButtons(board.inPlaceMoves(), play) : []));
    const items: HTMLElement[] = [button(t('learn.retry'), 'learn-retry', () => load(index))];
    if (attempt.status === 'solved') {
      if (index + 1 < lesson.exercises.length) items.push(button(t('learn.next'), 'learn-next', () => load(index + 1)));
      else if (nextLesson)
        items.push(
          h(
            'a.button',
            { href: `/learn/${variant}/${nextLesson.id}`, 'data-testid': 'learn-next' },
            t('learn.nextLesson', { title: lessonTitle(variant, nextLesson) }),
          ),
        );
      else items.push(h('a.button', { href: `/learn/${variant}`, 'data-testid': 'learn-next' }, t('learn.courseDone')));
    }
    fill(actions, ...items);
  }

  const el = h(
    'div.game-layout.learn',
    { 'data-testid': 'learn-lesson' },
    h('div.board-col', null, boardEl),
    h(
      'aside.side-col',
      null,
      h('p.learn-back', null, h('a', { href: `/learn/${variant}` }, `← ${t('learn.title')} · ${variantName(variant)}`)),
      h('h1', null, lessonTitle(variant, lesson)),
      h('p.learn-intro', { 'data-testid': 'learn-intro' }, say(lesson.intro)),
      stepEl,
      promptEl,
      statusEl,
      typedForm,
      special,
      actions,
      refHolder,
    ),
  );
  render();
  return {
    el,
    title: `${lessonTitle(variant, lesson)} · ${t('learn.title')}`,
    destroy() {
      board.destroy();
    },
  };
}

export function learnPage(app: AppContext, params: Record<string, string>): Page {
  const v = params.variant;
  const variant = v && isVariantKey(v) ? v : null;
  if (variant && params.lesson) {
    const lesson = findLesson(variant, params.lesson);
    if (lesson) return lessonPage(app, variant, lesson);
    return {
      el: h('div.page', null, h('h1', null, t('learn.title')), h('p', null, t('learn.noLesson')), h('a', { href: `/learn/${variant}` }, t('common.back'))),
      title: t('learn.title'),
    };
  }
  return indexPage(variant);
}
