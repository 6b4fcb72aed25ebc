import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/seed/seed-ids.ts';
import { DEFAULT_API_KEY } from '../src/simulator-options.ts';
import { startSimulator } from './support/sim-harness.ts';

const apiKey = DEFAULT_API_KEY;

describe('attachments: metadata, then the .file', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  async function createAttachment(call: Awaited<ReturnType<typeof startSimulator>>['call']): Promise<string> {
    const created = await call('/api_1.0/attachment.json', {
      apiKey,
      json: {
        related_object: 'job',
        related_object_uuid: SEED_IDS.jobs.workOrderBurstPipe,
        attachment_name: 'After.png',
        file_type: '.png',
      },
    });
    return created.headers.get('x-record-uuid') ?? '';
  }

  it('uploads the raw body and serves it back through a 302 to storage', async () => {
    const { baseUrl, call } = await startSimulator();
    const uuid = await createAttachment(call);
    const upload = await call(`/api_1.0/attachment/${uuid}.file`, {
      apiKey,
      body: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(upload.status).toBe(200);
    const download = await call(`/api_1.0/attachment/${uuid}.file`, { apiKey, redirect: 'manual' });
    expect(download.status).toBe(302);
    const location = download.headers.get('location') ?? '';
    expect(location.startsWith(`${baseUrl}/__files/${uuid}/`)).toBe(true);
    const stored = await fetch(location);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(png);
  });

  it('uploads the multipart part named "file"', async () => {
    const { call } = await startSimulator({ attachments: { download: 'bytes' } });
    const uuid = await createAttachment(call);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'After.png');
    expect((await call(`/api_1.0/attachment/${uuid}.file`, { apiKey, body: form })).status).toBe(200);
    const download = await call(`/api_1.0/attachment/${uuid}.file`, { apiKey });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(png);
  });

  it('refuses a .file for an attachment that does not exist, and a multipart body without "file"', async () => {
    const { call } = await startSimulator();
    expect(
      (await call('/api_1.0/attachment/00000000-0000-4000-8000-000000000000.file', { apiKey, body: png })).status,
    ).toBe(404);
    const uuid = await createAttachment(call);
    const form = new FormData();
    form.append('other', 'x');
    expect((await call(`/api_1.0/attachment/${uuid}.file`, { apiKey, body: form })).status).toBe(400);
  });
});
