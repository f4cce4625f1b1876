/** Route name → page. */
import type { AppContext, Page } from '../app/context.ts';
import type { RouteName } from '../app/router.ts';
import { authPage } from './auth.ts';
import { gamePage } from './game.ts';
import { homePage } from './home.ts';
import { invitePage } from './invite.ts';
import { learnPage } from './learn.ts';
import { leaderboardPage } from './leaderboard.ts';
import { livePage, tvPage } from './live.ts';
import { moderationPage } from './moderation.ts';
import { notFoundPage } from './not-found.ts';
import { opsPage } from './ops.ts';
import { profilePage } from './profile.ts';
import { puzzlesPage } from './puzzles.ts';
import { roomPage, roomsPage } from './rooms.ts';
import { rulesPage } from './rules.ts';
import { soloPage } from './solo.ts';
import { analysisPage } from './analysis.ts';
import { tournamentPage, tournamentsPage } from './tournaments.ts';

type PageFactory = (app: AppContext, params: Record<string, string>) => Page;

export const PAGES: Record<RouteName | 'not-found', PageFactory> = {
  home: homePage,
  game: gamePage,
  invite: invitePage,
  live: livePage,
  tv: tvPage,
  profile: profilePage,
  leaderboard: leaderboardPage,
  rooms: roomsPage,
  room: roomPage,
  solo: soloPage,
  analysis: analysisPage,
  rules: rulesPage,
  puzzles: puzzlesPage,
  puzzle: puzzlesPage,
  learn: learnPage,
  login: (app) => authPage(app, 'login'),
  register: (app) => authPage(app, 'register'),
  tournaments: tournamentsPage,
  tournament: tournamentPage,
  moderation: moderationPage,
  ops: opsPage,
  'not-found': notFoundPage,
};
