/**
 * Route name → page, each loaded on demand: every page is a chunk of its
 * own in the build, so a player opening a game downloads the shell and the
 * game page, not the tournaments, analysis, Learn or moderation pages
 * (issue 30, item 7). What pages share (the board, chessgroundx, the game
 * views) goes into shared chunks that the build fetches beside the page.
 */
import type { AppContext, Page } from '../app/context.ts';
import type { RouteName } from '../app/router.ts';
import { notFoundPage } from './not-found.ts';

export type PageFactory = (app: AppContext, params: Record<string, string>) => Page;
export type PageLoader = () => Promise<PageFactory>;

export const PAGES: Record<RouteName | 'not-found', PageLoader> = {
  home: async () => (await import('./home.ts')).homePage,
  game: async () => (await import('./game.ts')).gamePage,
  invite: async () => (await import('./invite.ts')).invitePage,
  live: async () => (await import('./live.ts')).livePage,
  tv: async () => (await import('./live.ts')).tvPage,
  profile: async () => (await import('./profile.ts')).profilePage,
  leaderboard: async () => (await import('./leaderboard.ts')).leaderboardPage,
  rooms: async () => (await import('./rooms.ts')).roomsPage,
  room: async () => (await import('./rooms.ts')).roomPage,
  solo: async () => (await import('./solo.ts')).soloPage,
  analysis: async () => (await import('./analysis.ts')).analysisPage,
  imported: async () => (await import('./imported.ts')).importedPage,
  editor: async () => (await import('./editor.ts')).editorPage,
  rules: async () => (await import('./rules.ts')).rulesPage,
  puzzles: async () => (await import('./puzzles.ts')).puzzlesPage,
  puzzle: async () => (await import('./puzzles.ts')).puzzlesPage,
  learn: async () => (await import('./learn.ts')).learnPage,
  login: async () => {
    const { authPage } = await import('./auth.ts');
    return (app) => authPage(app, 'login');
  },
  register: async () => {
    const { authPage } = await import('./auth.ts');
    return (app) => authPage(app, 'register');
  },
  tournaments: async () => (await import('./tournaments.ts')).tournamentsPage,
  tournament: async () => (await import('./tournaments.ts')).tournamentPage,
  moderation: async () => (await import('./moderation.ts')).moderationPage,
  ops: async () => (await import('./ops.ts')).opsPage,
  bots: async () => (await import('./bots.ts')).botsPage,
  tokens: async () => (await import('./tokens.ts')).tokensPage,
  // Tiny, and shown without a round trip.
  'not-found': async () => notFoundPage,
};
