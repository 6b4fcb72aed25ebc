import { ErrorBody } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactUrl } from '../src/app.ts';
import { AppError } from '../src/http/app-error.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;

beforeAll(async () => {
  services = await startTestServices();
  services.app.post(
    '/api/test/things',
    {
      schema: {
        body: z.object({
          name: z.string().min(1, 'name must not be empty.'),
          quantity: z.number().int().positive(),
        }),
      },
    },
    async (request) => ({ success: true, data: request.body }),
  );
  services.app.get('/api/test/conflict', async () => {
    throw new AppError('CONFLICT', 'A trigger with this name already exists.');
  });
  services.app.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
});
afterAll(() => services.cleanup());

describe('error bodies', () => {
  it('lists each invalid field of a validation error with a sentence', async () => {
    const response = await services.app.inject({ method: 'POST', url: '/api/test/things', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    const body = ErrorBody.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({ name: ['name must not be empty.'], quantity: ['quantity is required.'] });
    expect(body.message).toBe('The request has 2 problems: name must not be empty. quantity is required.');
  });

  it('accepts a valid body', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: '/api/test/things',
      payload: { name: 'Bolt', quantity: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { name: 'Bolt', quantity: 3 } });
  });

  it('answers an unknown API route with the JSON 404 body', async () => {
    const response = await services.app.inject({ method: 'DELETE', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'There is no API route DELETE /api/no/such/thing.',
    });
  });

  it('maps an application error code to its status', async () => {
    const response = await services.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'A trigger with this name already exists.',
    });
  });

  it('never leaks internals in a 5xx, and quotes the request id', async () => {
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'req-123' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('req-123');
    const body = ErrorBody.parse(response.json());
    expect(body).toMatchObject({ code: 'INTERNAL', requestId: 'req-123' });
    expect(body.message).toContain('req-123');
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('says so when the body is not JSON', async () => {
    const response = await services.app.inject({
      method: 'POST',
      url: '/api/test/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });
});

describe('request logs', () => {
  it('leave secrets in URLs out', () => {
    expect(redactUrl('/api/Webhook/sm8cb?vendor=v1&secret=abc123')).toBe(
      '/api/Webhook/sm8cb?vendor=v1&secret=[redacted]',
    );
    expect(redactUrl('/api/Auth/servicem8/tokenlogin?token=jwt.x.y')).toBe(
      '/api/Auth/servicem8/tokenlogin?token=[redacted]',
    );
    expect(redactUrl('/api/Auth/servicem8/callback?code=c&state=s')).toBe(
      '/api/Auth/servicem8/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/sm8/link?claim=c.l.m&token=t&userId=u')).toBe(
      '/sm8/link?claim=[redacted]&token=[redacted]&userId=u',
    );
    expect(redactUrl('/auth/verify/tok3n/0f0e-id?x=1')).toBe('/auth/verify/[redacted]/0f0e-id?x=1');
    expect(redactUrl('/auth/invitation/tok3n')).toBe('/auth/invitation/[redacted]');
    expect(redactUrl('/api/Auth/invitation/tok3n?x=1')).toBe('/api/Auth/invitation/[redacted]?x=1');
    expect(redactUrl('/api/Auth/invitation/accept')).toBe('/api/Auth/invitation/accept');
  });
});
