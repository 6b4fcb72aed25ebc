import { describe, expect, it } from 'vitest';
import { Sm8Error } from '../../integrations/servicem8/sm8-http.ts';
import { type ActionEnv, UncertainOutcome } from './action-executor.ts';
import { alreadyInDiary, findInDiary } from './message-diary.ts';

const JOB = '7a1e0c1b-0000-4000-8000-000000000001';
const TEXT = { recipient: '+61411555201', text: 'On our way' };

describe('findInDiary', () => {
  it.each([
    ['to / message', { to: '+61411555201', message: 'On our way' }],
    ['to_address / body', { to_address: '+61 411 555 201', body: 'On our way ' }],
    ['recipient / text_body', { recipient: '+61411555201', text_body: 'On our way' }],
    ['mobile / message_body', { mobile: '+61411555201', message_body: 'On our way' }],
    ['email / content', { email: '+61411555201', content: 'On our way' }],
  ])('finds the message whose fields are named %s', (_names, record) => {
    expect(findInDiary([record], TEXT)).toEqual({ found: true });
  });

  it('rules out entries that differ in a field it can read', () => {
    expect(findInDiary([{ to: '+61411555201', message: 'Something else' }], TEXT)).toEqual({
      found: false,
      unreadable: 0,
    });
    expect(findInDiary([{ to: '+61400000000', sms_text: '?' }], TEXT)).toEqual({ found: false, unreadable: 0 });
  });

  it('counts entries it cannot read as unreadable', () => {
    expect(findInDiary([{ uuid: 'x', direction: 'outbound' }, { to: '+61411555201' }], TEXT)).toEqual({
      found: false,
      unreadable: 2,
    });
  });

  it('compares an email by recipient (with a name), subject and attachment', () => {
    const record = { to: 'Emma Ellis <emma@example.net>', subject: 'Quote', attachments: '["a1","a2"]' };
    expect(findInDiary([record], { recipient: 'emma@example.net', subject: 'Quote', attachments: 'a2' })).toEqual({
      found: true,
    });
    expect(findInDiary([record], { recipient: 'emma@example.net', subject: 'Quote', attachments: 'a3' })).toEqual({
      found: false,
      unreadable: 0,
    });
  });
});

function envListing(list: () => Promise<Record<string, unknown>[]>): ActionEnv & { filters: string[] } {
  const filters: string[] = [];
  const client = {
    list: async (_object: string, _schema: unknown, options: { filter: string }) => {
      filters.push(options.filter);
      return list();
    },
  };
  return { client, filters } as unknown as ActionEnv & { filters: string[] };
}

describe('alreadyInDiary', () => {
  it('filters on the job and outbound only, and compares the rest itself', async () => {
    const env = envListing(async () => [
      { direction: 'outbound', related_object_uuid: JOB, to: '+61411555201', message: 'On our way' },
    ]);
    expect(await alreadyInDiary(env, 'sms', JOB, TEXT)).toBe(true);
    expect(env.filters).toEqual([`related_object_uuid eq '${JOB}' and direction eq 'outbound'`]);
  });

  it('ignores entries of other jobs or inbound ones when ServiceM8 answers every record', async () => {
    const env = envListing(async () => [
      { direction: 'inbound', related_object_uuid: JOB, to: '+61411555201', message: 'On our way' },
      { direction: 'outbound', related_object_uuid: 'other', to: '+61411555201', message: 'On our way' },
      { direction: 'outbound', related_object_uuid: 'other', note: 'unreadable' },
    ]);
    expect(await alreadyInDiary(env, 'sms', JOB, TEXT)).toBe(false);
  });

  it('is uncertain with no job to look in, without asking ServiceM8', async () => {
    const env = envListing(async () => []);
    await expect(alreadyInDiary(env, 'sms', '', TEXT)).rejects.toThrow(UncertainOutcome);
    await expect(alreadyInDiary(env, 'sms', '', TEXT)).rejects.toThrow(/with no job there is no diary to look in/);
    expect(env.filters).toEqual([]);
  });

  it('is uncertain when an entry of the job cannot be read', async () => {
    const env = envListing(async () => [{ direction: 'outbound', related_object_uuid: JOB, uuid: 'x' }]);
    await expect(alreadyInDiary(env, 'email', JOB, { recipient: 'a@example.net', subject: 'Hi' })).rejects.toThrow(
      /an entry in the job diary could not be read/,
    );
  });

  it('is uncertain when ServiceM8 refuses the diary, and lets a transient failure through', async () => {
    const refused = envListing(async () => {
      throw new Sm8Error('ServiceM8 answered 403: read_sms scope required', 403, false);
    });
    await expect(alreadyInDiary(refused, 'sms', JOB, TEXT)).rejects.toThrow(UncertainOutcome);
    // In people's words, not the raw answer.
    await expect(alreadyInDiary(refused, 'sms', JOB, TEXT)).rejects.toThrow(
      'ServiceM8 would not show the diary (it said “read_sms scope required”); it was not sent again.',
    );
    const busy = envListing(async () => {
      throw new Sm8Error('Service temporarily unavailable', 503, true);
    });
    await expect(alreadyInDiary(busy, 'sms', JOB, TEXT)).rejects.toThrow(Sm8Error);
  });
});
