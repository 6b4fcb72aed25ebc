/**
 * An HTTP/2 proxy over TLS in front of the demo server, as a deployment puts one (a reverse proxy or CDN
 * speaking HTTP/2 to browsers, HTTP/1.1 to Automate): `npm run lighthouse` measures through it when
 * `LIGHTHOUSE_HTTP2=1`. Browsers speak HTTP/2 only over TLS, so it makes a self-signed certificate for
 * 127.0.0.1 with the system's `openssl` (Chromium is then started with `--ignore-certificate-errors`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2): they describe one HTTP/1.1 connection. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** Starts the proxy to `target` (an `http://host:port` origin); answers its `https://` origin. */
export async function startHttp2Proxy(target: string): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-lighthouse-tls-'));
  const upstream = new URL(target);
  const server = http2.createSecureServer({ ...selfSignedCertificate(dir), allowHTTP1: true }, (request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name)),
    );
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...headers, host: upstream.host },
      },
      (answer) => {
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) response.setHeader(name, value);
        }
        response.writeHead(answer.statusCode ?? 502);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
