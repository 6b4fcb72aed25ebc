import net from 'node:net';

/** A port held on 127.0.0.1 until `release`, so that nothing else takes it meanwhile. */
export type ReservedPort = { port: number; release(): Promise<void> };

/**
 * Takes a free TCP port on 127.0.0.1 and keeps it bound (refusing whatever connects) until `release`.
 * A port only looked up and let go can be taken before the server listens on it: the database's and
 * the queue's connections draw their local ports from the same range while a server starts.
 */
export function reservePort(): Promise<ReservedPort> {
  return new Promise((resolve, reject) => {
    const holder = net.createServer((socket) => socket.destroy());
    // A start that fails before it listens must not keep the test's process alive.
    holder.unref();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      const address = holder.address();
      if (typeof address !== 'object' || !address) {
        holder.close();
        reject(new Error('no port'));
        return;
      }
      resolve({
        port: address.port,
        release: () => new Promise<void>((released) => holder.close(() => released())),
      });
    });
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}
