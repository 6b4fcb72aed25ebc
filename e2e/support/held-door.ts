import type { AddressInfo } from 'node:net';
import net from 'node:net';

/**
 * A door in front of a receiver on loopback: it accepts the first connection and holds it without
 * reading a byte (the request never reaches the receiver), and passes every later connection through
 * to the receiver's port. `held` resolves once a connection is being held.
 */
export async function startHeldDoor(receiverPort: number) {
  let holding = true;
  let markHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (holding) {
      holding = false;
      socket.pause();
      markHeld();
      return;
    }
    const onward = net.connect(receiverPort, '127.0.0.1');
    onward.on('error', () => socket.destroy());
    socket.pipe(onward).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
