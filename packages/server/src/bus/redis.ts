/**
 * The bus between nodes: Redis pub/sub, one channel per topic (prefixed by
 * the club's key prefix). A node subscribes to a channel while at least one
 * of its handlers listens to the topic, so a game's events reach only the
 * nodes that have watchers of it. A node hears its own messages through
 * Redis too: every node, the publisher included, sees one order per topic.
 *
 * Frames that are already JSON text go as they are (tag "s"); other
 * messages (a chat line with its author) as JSON (tag "j").
 *
 * Messages published in one turn of the event loop leave in one write, in
 * publish order (a pipeline): the owner of a game sends a move's frame and
 * the answer to the node that forwarded it together, one system call and
 * one wake-up of Redis instead of two.
 */
import type { Redis } from 'ioredis';
import type { Bus } from './bus.ts';
import type { RedisLink } from '../cluster/redis.ts';

type Handler = (m: unknown) => void;

export class RedisBus implements Bus {
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<Handler>>();
  /** Topic → the SUBSCRIBE in flight or done. */
  private readonly subscribed = new Map<string, Promise<void>>();
  /** Messages that could not be published (Redis unreachable). */
  dropped = 0;
  /** Channel and payload of the messages published in this turn, sent together at its end. */
  private pending: [string, string][] = [];
  /** Writes sent (each holds the messages of one turn): for the tests and monitoring. */
  writes = 0;

  private readonly reconnected = new Set<() => void>();
  /** The subscriber's connection was lost since it was last ready. */
  private lost = false;

  constructor(private readonly link: RedisLink) {
    this.sub = link.duplicate();
    this.sub.on('messageBuffer', (channel: Buffer, payload: Buffer) => this.deliver(channel.toString(), payload));
    this.sub.on('close', () => {
      this.lost = true;
    });
    // ioredis has sent the SUBSCRIBEs again by the time 'ready' is heard: what is published from now on is heard.
    this.sub.on('ready', () => {
      if (!this.lost) return;
      this.lost = false;
      for (const fn of [...this.reconnected]) fn();
    });
  }

  /**
   * Resolves once the subscriber's connection is ready. A SUBSCRIBE sent
   * while it is still being checked (INFO) made ioredis close it ('only
   * subscriber commands may be used') and lose that subscription for good:
   * a node's first ones (its RPC topic) must wait for this.
   */
  connected(): Promise<void> {
    if (this.sub.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.sub.once('ready', () => resolve()));
  }

  onReconnected(fn: () => void): () => void {
    this.reconnected.add(fn);
    return () => this.reconnected.delete(fn);
  }

  publish(topic: string, message: unknown): void {
    const payload = typeof message === 'string' ? `s${message}` : `j${JSON.stringify(message)}`;
    // After the promises of this turn have run (nextTick runs once the microtasks drain): what they publish goes too.
    if (this.pending.push([this.link.prefix + topic, payload]) === 1) process.nextTick(this.flush);
  }

  /** Sends what this turn published, in one write. */
  private readonly flush = (): Promise<void> => {
    const batch = this.pending;
    if (batch.length === 0) return Promise.resolve();
    this.pending = [];
    this.writes++;
    const c = this.link.client;
    if (batch.length === 1) {
      const [channel, payload] = batch[0]!;
      return c.publish(channel, payload).then(
        () => undefined,
        () => {
          this.dropped++;
        },
      );
    }
    const p = c.pipeline();
    for (const [channel, payload] of batch) p.publish(channel, payload);
    return p.exec().then(
      (results) => {
        for (const [e] of results ?? []) if (e) this.dropped++;
      },
      () => {
        this.dropped += batch.length;
      },
    );
  };

  subscribe(topic: string, handler: Handler): () => void {
    let hs = this.handlers.get(topic);
    if (!hs) {
      hs = new Set();
      this.handlers.set(topic, hs);
      const channel = this.link.prefix + topic;
      this.subscribed.set(
        topic,
        this.sub.subscribe(channel).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    hs.add(handler);
    return () => {
      if (!hs.delete(handler) || hs.size > 0 || this.handlers.get(topic) !== hs) return;
      this.handlers.delete(topic);
      this.subscribed.delete(topic);
      this.sub.unsubscribe(this.link.prefix + topic).catch(() => undefined);
    };
  }

  whenSubscribed(topic: string): Promise<void> {
    return this.subscribed.get(topic) ?? Promise.resolve();
  }

  /** Topics this node listens to (for monitoring). */
  get topics(): number {
    return this.handlers.size;
  }

  async close(): Promise<void> {
    // What was published just before (a stopping node's handover) still leaves.
    await this.flush();
    this.handlers.clear();
    this.subscribed.clear();
    this.sub.disconnect();
  }

  private deliver(channel: string, payload: Buffer): void {
    if (!channel.startsWith(this.link.prefix)) return;
    const hs = this.handlers.get(channel.slice(this.link.prefix.length));
    if (!hs) return;
    // Decoded once, without the tag; a frame ("s") is passed on as the text it was published as.
    let message: unknown;
    if (payload[0] === 0x73) message = payload.toString('utf8', 1);
    else {
      try {
        message = JSON.parse(payload.toString('utf8', 1));
      } catch {
        return;
      }
    }
    for (const h of [...hs]) h(message);
  }
}
