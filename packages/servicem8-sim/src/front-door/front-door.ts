import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * ServiceM8 serves every account at one address and tells them apart by the access token, while a
 * simulator is one account. The front door is that one address for several simulators: a call goes
 * to the simulator that issued its token, a token exchange to the one that issued the code or the
 * refresh token, and the consent page to the simulator named by `consentTo`. Anything else is
 * answered 401. Each server process may come in through an entrance of its own (`via`), so a test
 * can tell which process made which call.
 */
export type FrontDoor = {
  /** Point the server's SM8_API_URL and SM8_OAUTH_URL here. */
  url: string;
  /** The same door, with the calls through it counted as `name`'s: `${url}/via/${name}`. */
  entrance(name: string): string;
  /** The calls answered so far: who made them (the entrance; '' for `url`), and when (ms since epoch). */
  calls(): ForwardedCall[];
  /** Tokens the account issued without the door seeing them (e.g. through its control API). */
  learn(account: FrontDoorAccount, ...credentials: unknown[]): void;
  /** The next consents (`/oauth/authorize`) are this account's: it is the one connected. */
  consentTo(account: FrontDoorAccount): void;
  close(): Promise<void>;
};

/** A simulator behind the door: one in this process, or one running elsewhere, by its address. */
export type FrontDoorAccount = { baseUrl(): string };

type ForwardedCall = { via: string; method: string; path: string; status: number; answeredAt: number };

const HOP_BY_HOP = ['host', 'connection', 'content-length', 'content-encoding', 'transfer-encoding'];

export async function startFrontDoor(): Promise<FrontDoor> {
  /** Access tokens, refresh tokens and authorization codes, each with the account that issued it. */
  const issuers = new Map<string, FrontDoorAccount>();
  let consenting: FrontDoorAccount | undefined;
  const forwarded: ForwardedCall[] = [];
  const learn = (account: FrontDoorAccount, ...credentials: unknown[]) => {
    for (const credential of credentials) if (typeof credential === 'string') issuers.set(credential, account);
  };

  const server = http.createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const entrance = /^\/via\/([^/]+)(\/.*)$/.exec(request.url ?? '/');
      const via = entrance?.[1] ?? '';
      const path = entrance?.[2] ?? request.url ?? '/';
      const form = new URLSearchParams(body.toString());
      const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const account = path.startsWith('/oauth/authorize')
        ? consenting
        : issuers.get(bearer ?? form.get('code') ?? form.get('refresh_token') ?? '');
      if (!account) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errorCode: 401, message: 'No account behind the front door issued this.' }));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' && !HOP_BY_HOP.includes(name)) headers.set(name, value);
      }
      const answer = await fetch(`${account.baseUrl()}${path}`, {
        method: request.method,
        headers,
        body: body.length > 0 ? body : undefined,
        redirect: 'manual',
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const location = answer.headers.get('location');
      if (location) learn(account, new URL(location, account.baseUrl()).searchParams.get('code') ?? undefined);
      if (path.startsWith('/oauth/access_token') && answer.ok) {
        const tokens = JSON.parse(bytes.toString()) as { access_token?: unknown; refresh_token?: unknown };
        learn(account, tokens.access_token, tokens.refresh_token);
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.includes(name)) out[name] = value;
      });
      response.writeHead(answer.status, out);
      response.end(bytes);
      forwarded.push({
        via,
        method: request.method ?? 'GET',
        path: path.split('?')[0] ?? path,
        status: answer.status,
        answeredAt: Date.now(),
      });
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    entrance: (name) => `http://127.0.0.1:${port}/via/${encodeURIComponent(name)}`,
    calls: () => [...forwarded],
    learn,
    consentTo(account) {
      consenting = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
