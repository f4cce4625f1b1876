/**
 * Moderation: players report players (with the game), admins (ADMINS, see
 * auth/admins.ts) act: mute in every chat for a while, ban (the account and
 * every session, its sockets closed on every node), close an account, void a
 * game's rating effect, mark a cheater (every counted rated game of theirs
 * voided, so their opponents get their points back, and no later game of
 * theirs counts). Every action is logged with the admin's name. Everything
 * lives in the store and on the bus, so every node of a club agrees.
 */
import { err, ok, type Result, type RuleError } from '@youzai/rules';
import type { Bus } from '../bus/bus.ts';
import { userTopic } from '../bus/topics.ts';
import { randomId } from '../service/ids.ts';
import type { Clock } from '../service/time.ts';
import type { ModerationStore, ModLogRow, RatedGameRow, ReportRow, UserRow, UserStore } from '../store/types.ts';

export const REPORT_REASONS = ['cheat', 'abuse', 'sandbag', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Open reports one player may have standing at once (a flood of reports helps nobody). */
export const OPEN_REPORTS_MAX = 10;
/** The longest chat mute, minutes (a week). */
export const MUTE_MAX_MINUTES = 7 * 24 * 60;

/** Bus message on a user's topic: close every socket of this user (ban, closed account). */
export interface Kick {
  readonly kick: string;
}
export const isKick = (m: unknown): m is Kick => typeof m === 'object' && m !== null && typeof (m as Kick).kick === 'string';

export type AdminAction =
  | { readonly type: 'mute'; readonly user: string; readonly minutes: number }
  | { readonly type: 'ban'; readonly user: string; readonly on: boolean }
  | { readonly type: 'close'; readonly user: string }
  | { readonly type: 'cheater'; readonly user: string; readonly on: boolean }
  | { readonly type: 'void'; readonly game: string }
  | { readonly type: 'resolve'; readonly report: string };

export interface ModerationDeps {
  readonly store: ModerationStore & Pick<UserStore, 'userByName' | 'userById'>;
  readonly bus: Bus;
  readonly clock: Clock;
  /** Tells every node's chat that a user is silenced until then (null: no longer). */
  readonly silence: (userId: string, until: number | null) => void;
  /** A moderators' message for a player, in both languages (their bell: a `moderation` notification, which cannot be turned off). */
  readonly tell?: (userId: string, text: { readonly vi: string; readonly en: string }) => void;
}

export class Moderation {
  constructor(private readonly deps: ModerationDeps) {}

  sanctions(userId: string) {
    return this.deps.store.sanctions(userId);
  }

  reports(openOnly: boolean, limit: number): Promise<ReportRow[]> {
    return this.deps.store.reports(openOnly, limit);
  }

  log(limit: number): Promise<ModLogRow[]> {
    return this.deps.store.moderationLog(limit);
  }

  /** Why this account may not log in now, or null. */
  async loginRefusal(userId: string): Promise<RuleError | null> {
    const s = await this.deps.store.sanctions(userId);
    if (s.closedAt !== null) return { code: 'auth.closed', message: 'This account is closed' };
    if (s.bannedAt !== null) return { code: 'auth.banned', message: 'This account is banned' };
    return null;
  }

  async report(
    reporter: UserRow,
    input: { readonly user: string; readonly game?: string | undefined; readonly reason: ReportReason; readonly text: string },
  ): Promise<Result<ReportRow, RuleError>> {
    if (reporter.username === null) return err('auth.account-required', 'Register to report a player');
    const target = await this.deps.store.userByName(input.user);
    if (!target) return err('user.not-found', 'No such player');
    if (target.id === reporter.id) return err('report.self', 'You cannot report yourself');
    const mine = (await this.deps.store.reports(true, 10_000)).filter((r) => r.reporterId === reporter.id);
    if (mine.length >= OPEN_REPORTS_MAX) return err('report.too-many', `At most ${OPEN_REPORTS_MAX} of your reports can wait at once`);
    const row: ReportRow = {
      id: randomId(12),
      reporterId: reporter.id,
      reportedId: target.id,
      gameId: input.game ?? null,
      reason: input.reason,
      text: input.text,
      createdAt: this.deps.clock.now(),
      resolvedAt: null,
      resolvedBy: null,
    };
    await this.deps.store.addReport(row);
    return ok(row);
  }

  /** An admin's action, done then logged. */
  async act(admin: UserRow, a: AdminAction, note = ''): Promise<Result<{ readonly detail: string }, RuleError>> {
    const now = this.deps.clock.now();
    const s = this.deps.store;
    let targetId: string | null = null;
    let gameId: string | null = null;
    let detail: string;
    if (a.type === 'void') {
      gameId = a.game;
      const g = await s.voidRatedGame(a.game, now);
      if (!g) return err('moderation.not-voidable', 'This game changed no rating, or was voided already');
      detail = `rating changes taken back: ${fmt(g.deltas[0])} / ${fmt(g.deltas[1])}`;
    } else if (a.type === 'resolve') {
      if (!(await s.resolveReport(a.report, admin.username ?? admin.id, now))) return err('report.not-found', 'No such open report');
      detail = `report ${a.report}`;
    } else {
      const u = await s.userByName(a.user);
      if (!u) return err('user.not-found', 'No such player');
      targetId = u.id;
      switch (a.type) {
        case 'mute': {
          const until = a.minutes === 0 ? null : now + a.minutes * 60_000;
          await s.setSanctions(u.id, { mutedUntil: until });
          this.deps.silence(u.id, until);
          detail = a.minutes === 0 ? 'unmuted' : `muted for ${a.minutes} min`;
          this.deps.tell?.(
            u.id,
            a.minutes === 0
              ? { vi: 'Người điều hành đã cho bạn trò chuyện lại.', en: 'The moderators lifted your chat mute.' }
              : {
                  vi: `Người điều hành đã tạm khoá trò chuyện của bạn trong ${a.minutes} phút.${note ? ` Lý do: ${note}` : ''}`,
                  en: `The moderators muted you in every chat for ${a.minutes} minutes.${note ? ` Reason: ${note}` : ''}`,
                },
          );
          break;
        }
        case 'ban': {
          await s.setSanctions(u.id, { bannedAt: a.on ? now : null });
          detail = a.on ? `banned; ${await this.endSessions(u.id, 'banned')} sessions ended` : 'ban lifted';
          break;
        }
        case 'close': {
          await s.setSanctions(u.id, { closedAt: now });
          detail = `closed; ${await this.endSessions(u.id, 'closed')} sessions ended`;
          break;
        }
        case 'cheater': {
          await s.setSanctions(u.id, { cheaterAt: a.on ? now : null });
          const voided = a.on ? await this.voidAll(u.id, now) : [];
          detail = a.on ? `marked a cheater; ${voided.length} rated games voided` : 'cheater mark lifted';
          break;
        }
      }
    }
    if (note) detail += ` — ${note}`;
    const entry: ModLogRow = { id: randomId(12), at: now, admin: admin.username ?? admin.id, action: a.type, targetId, gameId, detail };
    await s.logModeration(entry);
    return ok({ detail });
  }

  private async endSessions(userId: string, why: string): Promise<number> {
    const n = await this.deps.store.deleteUserSessions(userId);
    const kick: Kick = { kick: why };
    this.deps.bus.publish(userTopic(userId), kick);
    return n;
  }

  /** Every counted rated game of the player, voided: their opponents get back what they lost. */
  private async voidAll(userId: string, now: number): Promise<RatedGameRow[]> {
    const out: RatedGameRow[] = [];
    for (;;) {
      const games = await this.deps.store.ratedGamesOf(userId, 500);
      for (const g of games) {
        const v = await this.deps.store.voidRatedGame(g.gameId, now);
        if (v) out.push(v);
      }
      if (games.length < 500) return out;
    }
  }
}

const fmt = (d: number): string => `${d >= 0 ? '+' : ''}${Math.round(d)}`;
