import { describe, expect, it } from 'vitest';
import { challengeOf, decodeBody, readDelivery, topicOf } from './parse-delivery.ts';

const JOB = 'a1b2c3d4-0000-4000-8000-00000000001a';
const RECORD = { uuid: JOB, status: 'Quote', company_uuid: 'c0ffee00-0000-4000-8000-000000000002' };
const OBJECT_DELIVERY = {
  object: 'Job',
  entry: [{ uuid: JOB, changed_fields: ['status'], time: '2026-03-04 05:06:07' }],
  resource_url: `https://api.servicem8.com/api_1.0/Job/${JOB}.json`,
};

describe('decodeBody', () => {
  it('reads JSON whatever the header said', () => {
    expect(decodeBody(JSON.stringify(OBJECT_DELIVERY))).toEqual(OBJECT_DELIVERY);
    expect(decodeBody(`\uFEFF  ${JSON.stringify({ a: 1 })}\n`)).toEqual({ a: 1 });
  });

  it('reads form fields, parsing the ones that hold JSON text', () => {
    const form = new URLSearchParams({
      object: 'job',
      entry: JSON.stringify(OBJECT_DELIVERY.entry),
      resource_url: OBJECT_DELIVERY.resource_url,
    });
    expect(decodeBody(form.toString())).toEqual({ ...OBJECT_DELIVERY, object: 'job' });
    expect(decodeBody('mode=subscribe&challenge=abc-123')).toEqual({ mode: 'subscribe', challenge: 'abc-123' });
    expect(decodeBody('data=%7Bnot+json')).toEqual({ data: '{not json' });
  });

  it('nests bracketed form fields and makes numbered ones lists', () => {
    const form = `object=job&entry[0][uuid]=${JOB}&entry[0][changed_fields][0]=status&entry[1][uuid]=other`;
    expect(decodeBody(form)).toEqual({
      object: 'job',
      entry: [{ uuid: JOB, changed_fields: ['status'] }, { uuid: 'other' }],
    });
    expect(decodeBody('a=1&a=2')).toEqual({ a: ['1', '2'] });
    const polluted = decodeBody('__proto__[admin]=1&constructor[prototype][admin]=1&x=1');
    expect(polluted).toEqual({ x: '1' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('keeps what is neither JSON nor a form as text, and JSON that is not an object under body', () => {
    expect(decodeBody('hello there')).toEqual({ text: 'hello there' });
    expect(decodeBody('{"broken": ')).toEqual({ text: '{"broken":' });
    expect(decodeBody('[1,2]')).toEqual({ body: [1, 2] });
    expect(decodeBody(JSON.stringify(JSON.stringify({ type: 'job.created' })))).toEqual({ type: 'job.created' });
    expect(decodeBody('')).toEqual({});
    expect(decodeBody(undefined)).toEqual({});
  });

  it('drops NUL characters and keeps JSON nested too deep as text', () => {
    expect(decodeBody('{"a\\u0000b": "c\\u0000d"}')).toEqual({ ab: 'cd' });
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(decodeBody(deep)).toEqual({ text: deep });
  });
});

describe('challengeOf', () => {
  it('is the challenge of mode=subscribe only', () => {
    expect(challengeOf({ mode: 'subscribe', challenge: 'x' })).toBe('x');
    expect(challengeOf({ mode: 'other', challenge: 'x' })).toBeUndefined();
    expect(challengeOf(OBJECT_DELIVERY)).toBeUndefined();
  });
});

describe('readDelivery', () => {
  const changedAt = new Date('2026-03-04T05:06:07Z');

  it('reads the documented object delivery, with when the change happened (UTC)', () => {
    expect(readDelivery(OBJECT_DELIVERY)).toEqual({ kind: 'object', object: 'job', uuids: [JOB], changedAt });
    expect(topicOf(readDelivery(OBJECT_DELIVERY))).toBe('job');
  });

  it('reads an object delivery inside an add-on envelope', () => {
    const envelope = { eventVersion: '1.0', eventName: 'webhook_subscription', eventArgs: OBJECT_DELIVERY };
    expect(readDelivery(envelope)).toEqual({ kind: 'object', object: 'job', uuids: [JOB], changedAt });
  });

  it('says nothing of when the change happened unless every entry gives a time it can read', () => {
    const entries = [
      { uuid: JOB, changed_fields: ['status'], time: '2026-03-04 05:06:07' },
      { uuid: JOB, changed_fields: ['badges'] },
    ];
    expect(readDelivery({ object: 'job', entry: entries })).toMatchObject({ changedAt: null });
    const odd = [{ uuid: JOB, changed_fields: ['status'], time: '4 March 2026' }];
    expect(readDelivery({ object: 'job', entry: odd })).toMatchObject({ changedAt: null });
  });

  // The layouts the simulator's eventBodyLayout acts out: each names job.created and the job.
  const layouts: Record<string, Record<string, unknown>> = {
    'type-data': { id: 'e1', type: 'job.created', createdAt: '2026-03-04T05:06:07.000Z', data: RECORD },
    'type-uuid': { id: 'e1', type: 'job.created', createdAt: '2026-03-04T05:06:07.000Z', data: { uuid: JOB } },
    'event-data': { event: 'job.created', timestamp: '2026-03-04T05:06:07.000Z', data: RECORD },
    'sdk-webhook-event': {
      event_type: 'job.created',
      timestamp: '2026-03-04T05:06:07.000Z',
      data: RECORD,
      metadata: { attempt: 1, signature: 'ab12' },
    },
    'addon-envelope': { eventVersion: '1.0', eventName: 'job.created', eventArgs: { jobUUID: JOB } },
  };

  it.each(Object.entries(layouts))('reads the %s event layout as the same event', (_layout, body) => {
    expect(readDelivery(body)).toEqual({ kind: 'event', event: 'job.created', uuid: JOB });
  });

  it('finds the record of each object under its own name, and in a resource_url', () => {
    const company = 'c0ffee00-0000-4000-8000-000000000099';
    expect(readDelivery({ eventName: 'company.created', eventArgs: { companyUUID: company } })).toEqual({
      kind: 'event',
      event: 'company.created',
      uuid: company,
    });
    expect(
      readDelivery({ eventName: 'form.response_created', eventArgs: { jobUUID: JOB, formResponseUUID: 'fr-1' } }),
    ).toMatchObject({ event: 'form.response_created', uuid: 'fr-1' });
    // An activity names its job in job_uuid: the job, not the activity, is what a job event is about.
    expect(readDelivery({ type: 'job.checked_in', data: { uuid: 'activity-1', job_uuid: JOB } })).toMatchObject({
      uuid: JOB,
    });
    expect(
      readDelivery({ type: 'job.quote_accepted', resource_url: `https://api.servicem8.com/api_1.0/Job/${JOB}.json` }),
    ).toMatchObject({ uuid: JOB });
    expect(readDelivery({ type: 'Job.Created', data: { job_uuid: JOB } })).toEqual({
      kind: 'event',
      event: 'job.created',
      uuid: JOB,
    });
  });

  it('reads an event without its record as an event with no uuid', () => {
    expect(readDelivery({ type: 'job.created', data: {} })).toEqual({
      kind: 'event',
      event: 'job.created',
      uuid: null,
    });
    expect(readDelivery({ type: 'job.created', data: { uuid: '../../x' } })).toMatchObject({ uuid: null });
  });

  it('calls anything else unknown', () => {
    for (const body of [
      { hello: 'world' },
      { type: 'Job' },
      { text: 'plain words' },
      { object: 'job', entry: [{ changed_fields: ['status'] }] },
      { type: 'job.created', data: 'not an object' },
    ]) {
      expect(readDelivery(body)).toEqual({ kind: 'unknown' });
    }
    expect(topicOf({ kind: 'unknown' })).toBe('unknown');
  });
});
