/**
 * A TCP proxy for outage tests: forwards a local port to a service (the
 * shared PostgreSQL) until `cut()`, which drops every connection and refuses
 * new ones, as a database that went away would; `resume()` listens again on
 * the same port. The shared service itself is never touched. `stall()`
 * makes every open connection go silent without closing (a Wi-Fi drop);
 * `freeze()` also takes new connections and answers nothing on them (a
 * stopped database, a silent network), until `resume()`.
 */
import net from 'node:net';
import { freePort } from './server-process.ts';

export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  /** Every open connection goes silent: nothing is forwarded either way and neither end is closed; new connections forward as before. */
  stall(): void;
  /** stall(), and every new connection is accepted but nothing is forwarded on it, until resume(). */
  freeze(): void;
  /** Listens again after cut(); after freeze(), new connections forward again. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; stalled: boolean }>();
  let server: net.Server | null = null;
  let frozen = false;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        if (frozen) {
          // Taken, and never answered: read and dropped.
          sockets.add(client);
          client.on('close', () => sockets.delete(client));
          client.on('error', () => undefined);
          client.on('data', () => undefined);
          return;
        }
        const upstream = net.connect(targetPort, targetHost);
        for (const x of [client, upstream]) {
          sockets.add(x);
          x.on('close', () => sockets.delete(x));
          x.on('error', () => undefined);
        }
        const pair = { client, upstream, stalled: false };
        pairs.add(pair);
        client.pipe(upstream).pipe(client);
        // A stalled end says nothing to the other, not even that it closed.
        client.on('close', () => {
          pairs.delete(pair);
          if (!pair.stalled) upstream.destroy();
        });
        upstream.on('close', () => pair.stalled || client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
      server = s;
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const x of sockets) x.destroy();
    sockets.clear();
    if (s) await new Promise<void>((r) => s.close(() => r()));
  };
  const stall = () => {
    for (const p of pairs) {
      p.stalled = true;
      p.client.unpipe(p.upstream);
      p.upstream.unpipe(p.client);
      // Read and drop, so neither end sees its writes back up.
      for (const x of [p.client, p.upstream]) x.on('data', () => undefined);
    }
  };
  await listen();
  const resume = async () => {
    frozen = false;
    if (!server) await listen();
  };
  return {
    port,
    cut: stop,
    stall,
    freeze: () => {
      frozen = true;
      stall();
    },
    resume,
    close: stop,
  };
}
