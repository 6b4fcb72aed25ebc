import { describe, expect, it } from 'vitest';
import { ActionProblem } from '../../engine/actions/action-executor.ts';
import { Sm8Error } from '../../integrations/servicem8/sm8-http.ts';
import { Sm8ConnectionError } from '../servicem8/sm8-access.ts';
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
});
