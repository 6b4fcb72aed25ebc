import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ChangeVendorUserRoleRequest,
  InviteVendorUserRequest,
  RegisterRequest,
  UpdateVendorRequest,
} from './accounts.ts';
import { EmailTemplateInput } from './automation.ts';
import { ArticleInput, FaqInput } from './content.ts';
import { placeOfPath, say } from './field-words.ts';
import { TemplateCategory } from './trigger-templates.ts';

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('placeOfPath', () => {
  it.each([
    [['actions', 2, 'params', 'emailTemplateId'], 'Action 3, '],
    [['definition', 'actions', '0', 'params', 'text'], 'Action 1, '],
    [['conditions', 'items', 1, 'params', 'badgeUuid'], 'Condition 2, '],
    [['conditions', 'items', 1, 'items', 0, 'params', 'status'], 'Condition 2.1, '],
    [['conditions', 'combiner'], ''],
    [['name'], ''],
  ] as const)('%j → %j', (path, place) => {
    expect(placeOfPath(path)).toBe(place);
  });

  it('puts the place in front of a message wherever the schema sits', () => {
    const Text = z.string(say('Note', 'write the note')).min(1, say('Note', 'write the note'));
    const Holder = z.object({ actions: z.array(z.object({ params: z.object({ text: Text }) })) });
    expect(messagesOf(Text.safeParse(''))).toEqual({ '': 'Note: write the note.' });
    expect(messagesOf(Holder.safeParse({ actions: [{ params: { text: 'ok' } }, { params: {} }] }))).toEqual({
      'actions.1.params.text': 'Action 2, Note: write the note.',
    });
  });
});

describe('the forms’ messages name the labels people see', () => {
  it.each([
    [
      'registering',
      RegisterRequest,
      { email: 'nope', password: 'short', firstName: ' ', lastName: 'Li', vendorName: '' },
      {
        email: 'Email: enter an email address such as name@example.com.',
        password: 'Password: use at least 10 characters, including at least one letter and one digit.',
        firstName: 'First name: enter the first name.',
        vendorName: 'Business name: enter the name of your business.',
      },
    ],
    [
      'inviting',
      InviteVendorUserRequest,
      { email: '', role: 'User' },
      { email: 'Email address: enter an email address such as name@example.com.' },
    ],
    ['a member’s role', ChangeVendorUserRoleRequest, { role: 'Owner' }, { role: 'Role: choose User or Admin.' }],
    [
      'the business settings',
      UpdateVendorRequest,
      { name: '', timeZone: 'Mars/Base' },
      {
        name: 'Business name: enter the name of your business.',
        timeZone: 'Time zone: choose a time zone such as Pacific/Auckland.',
      },
    ],
    [
      'an email template',
      EmailTemplateInput,
      { name: '', subject: 'x'.repeat(201), body: ' ' },
      {
        name: 'Name: give the template a name.',
        subject: 'Subject: use at most 200 characters.',
        body: 'Body: write the email.',
      },
    ],
    [
      'a template’s category',
      TemplateCategory,
      'Gardening',
      {
        '': 'Category: choose one of Bookings, Quotes, Invoices & payments, Reviews, Follow-ups, Forms, Other systems.',
      },
    ],
    ['an article', ArticleInput, { category: 'help', title: ' ' }, { title: 'Title: give the article a title.' }],
    [
      'an FAQ entry',
      FaqInput,
      { question: '', sortOrder: -1 },
      { question: 'Question: write the question.', sortOrder: 'Order: give 0 or more.' },
    ],
  ] as const)('%s', (_form, schema, input, expected) => {
    expect(messagesOf((schema as z.ZodType).safeParse(input))).toEqual(expected);
  });
});
