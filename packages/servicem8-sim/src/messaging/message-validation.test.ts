import { describe, expect, it } from 'vitest';
import { countSmsCredits, validateEmail, validateSms } from './message-validation.ts';

describe('validateSms', () => {
  it.each([
    [{ to: '+61412345678', message: 'Your plumber is on the way' }, undefined],
    [{ to: '+14155550123', message: 'Price: $95 (inc. GST) @ 9am; reply YES/NO? ~ok~ €5 {x} [y]' }, undefined],
    [{ message: 'hi' }, 'to is required'],
    [{ to: '0412345678', message: 'hi' }, 'to must be a phone number in E.164 format, e.g. +61412345678'],
    [{ to: '+61 412 345 678', message: 'hi' }, 'to must be a phone number in E.164 format, e.g. +61412345678'],
    [{ to: '+61412345678' }, 'message is required'],
    [{ to: '+61412345678', message: 'x'.repeat(1601) }, 'message must be at most 1600 characters'],
    [
      { to: '+61412345678', message: 'Thanks 👍' },
      'message contains a special character that cannot be sent by SMS: "👍"',
    ],
    [
      { to: '+61412345678', message: 'It’s done' },
      'message contains a special character that cannot be sent by SMS: "’"',
    ],
  ])('%o → %s', (input, expected) => {
    expect(validateSms(input)).toBe(expected);
  });

  it('accepts exactly 1600 characters', () => {
    expect(validateSms({ to: '+61412345678', message: 'x'.repeat(1600) })).toBeUndefined();
  });

  it('counts credits: more than 153 characters per part beyond one message', () => {
    expect(countSmsCredits('x'.repeat(160))).toBe(1);
    expect(countSmsCredits('x'.repeat(161))).toBe(2);
    expect(countSmsCredits('x'.repeat(307))).toBe(3);
  });
});

describe('validateEmail', () => {
  it.each([
    [{ to: 'a@example.com', subject: 'Quote', htmlBody: '<p>Hi</p>' }, undefined],
    [{ to: 'a@example.com, b@example.com', subject: 'Quote', textBody: 'Hi' }, undefined],
    [{ subject: 'Quote', textBody: 'Hi' }, 'to is required'],
    [{ to: 'not-an-email', subject: 'Quote', textBody: 'Hi' }, 'to must be a valid email address'],
    [{ to: 'a@example.com', textBody: 'Hi' }, 'subject is required'],
    [{ to: 'a@example.com', subject: 'Quote' }, 'htmlBody or textBody is required'],
    [
      { to: 'a@example.com', subject: 'Quote', htmlBody: '', textBody: 'Hi' },
      'htmlBody and textBody must not be empty strings; leave one out instead',
    ],
    [{ to: 'a@example.com', subject: 'Quote', textBody: 'Hi', cc: 'nope' }, 'cc must be a valid email address'],
    [
      { to: 'a@example.com', subject: 'Quote', textBody: 'Hi', replyTo: 'nope' },
      'replyTo must be a valid email address',
    ],
  ])('%o → %s', (input, expected) => {
    expect(validateEmail(input)).toBe(expected);
  });
});
