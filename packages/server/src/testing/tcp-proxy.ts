/**
 * A TCP proxy for outage tests: forwards a local port to a service (the
 * shared PostgreSQL) until `cut()`, which drops every connection and refuses
 * new ones, as a database that went away would; `resume()` listens again on
 * the same port. The shared service itself is never touched.
 */
import net from 'node:net';
import { freePort } from './server-process.ts';

export interface TcpProxy {
  readonly port: number;
  cut(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const x of [client, upstream]) {
          sockets.add(x);
          x.on('close', () => sockets.delete(x));
          x.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
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
  await listen();
  return { port, cut: stop, resume: listen, close: stop };
}
