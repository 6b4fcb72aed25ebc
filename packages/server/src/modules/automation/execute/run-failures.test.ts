import { describe, expect, it } from 'vitest';
import { ActionProblem } from '../../../engine/actions/action-executor.ts';
import { Sm8Error } from '../../../integrations/servicem8/sm8-http.ts';
import { Sm8ConnectionError } from '../../servicem8/sm8-access.ts';
import { classifyRunFailure } from './run-failures.ts';

describe('classifyRunFailure', () => {
  it('tells the Admins of what they can fix: ServiceM8 disconnected, a deleted template, a change ServiceM8 refuses', () => {
    const cases: Array<[unknown, string, boolean]> = [
      [new Sm8ConnectionError('Connect ServiceM8 again.'), 'servicem8-connection', true],
      [new Sm8Error('Unauthorized', 401, false), 'servicem8-connection', true],
      [new ActionProblem('The email template was deleted.', 'missing-template'), 'missing-template', true],
      [new Sm8Error('note is too long', 400, false), 'servicem8-refused', true],
      [
        new ActionProblem('The client has no contact with an email address.', 'missing-contact'),
        'missing-contact',
        false,
      ],
      [new Sm8Error('Not found', 404, false), 'record-deleted', false],
      [new ActionProblem('This run has no job to act on.'), 'other', false],
    ];
    for (const [error, cause, needsAdmin] of cases) {
      expect(classifyRunFailure(error)).toMatchObject({ kind: 'permanent', cause, needsAdmin });
    }
    expect(classifyRunFailure(new Sm8Error('Busy', 503, true)).kind).toBe('transient');
  });

  it('says a refused change in people’s words: what ServiceM8 said, that it is not tried again, what to do', () => {
    const locked = classifyRunFailure(new Sm8Error('ServiceM8 answered 400: Job is locked for editing', 400, false));
    expect(locked).toMatchObject({
      kind: 'permanent',
      reason:
        'ServiceM8 would not make the change: it said “Job is locked for editing”. It is not tried again by itself: put right what ServiceM8 objects to (in ServiceM8, or in the automation), then retry the run.',
    });
    const silent = classifyRunFailure(new Sm8Error('ServiceM8 answered 422', 422, false));
    expect(silent).toMatchObject({
      reason: expect.stringMatching(/^ServiceM8 would not make the change: it answered 422 without saying why\. /),
    });
  });

  it('says a failure that is tried again in people’s words, never quoting the raw answer', () => {
    const reasons = [
      new Sm8Error('ServiceM8 answered 503: Service Unavailable', 503, true),
      new Sm8Error('ServiceM8 answered 500', 500, true),
      new Sm8Error('ServiceM8 answered 429: Too many requests', 429, true),
      new Sm8Error('ServiceM8 could not be reached: no answer within 5 s', 0, true),
      new Sm8Error('ServiceM8 could not be reached: fetch failed', 0, true),
    ].map((error) => classifyRunFailure(error));
    expect(reasons).toEqual([
      { kind: 'transient', reason: 'ServiceM8 was busy or down: it said “Service Unavailable”' },
      { kind: 'transient', reason: 'ServiceM8 was busy or down: it answered 500 without saying why' },
      { kind: 'transient', reason: 'ServiceM8 said the account had sent it too many requests for now' },
      { kind: 'transient', reason: 'ServiceM8 did not answer within 5 s' },
      { kind: 'transient', reason: 'ServiceM8 could not be reached' },
    ]);
  });
});
