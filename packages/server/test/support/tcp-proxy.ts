import net from 'node:net';

/**
 * A TCP relay in front of a server (the test's PostgreSQL), which a test can cut: every open
 * connection is dropped and new ones are refused, as when the database host goes away, until it is
 * restored on the same port.
 */
export type TcpProxy = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server = createRelay();
  function createRelay(): net.Server {
    return net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      server = createRelay();
      await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}

/**
 * For `startAutomationHarness({ databaseUrl })`: the database URL through a new relay, which is handed
 * to `started` so the test can cut and restore it.
 */
export function throughTcpProxy(started: (proxy: TcpProxy) => void): (url: string) => Promise<string> {
  return async (url) => {
    const parsed = new URL(url);
    const proxy = await startTcpProxy({ host: parsed.hostname, port: Number(parsed.port || 5432) });
    started(proxy);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(proxy.port);
    return parsed.toString();
  };
}
