import { ArticleInput, PlanLimits } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiFieldErrors, withoutField, zodFieldErrors } from './form-errors.ts';

describe('field errors', () => {
  it('takes the contract’s first sentence for each field', () => {
    const parsed = ArticleInput.safeParse({ category: 'Bad Category', title: '  ', slug: 'No Spaces' });
    if (parsed.success) throw new Error('expected a failure');
    expect(zodFieldErrors(parsed.error)).toEqual({
      category: 'Category: use lowercase words joined by hyphens.',
      title: 'Title: give the article a title.',
      slug: 'Slug: use lowercase words joined by hyphens, e.g. connecting-servicem8.',
    });
  });

  it('reads the server’s field errors from a refused request', () => {
    const error = new ApiError({
      message: 'Another article in billing already uses the slug "plans".',
      status: 409,
      code: 'CONFLICT',
      method: 'POST',
      path: '/Content/article',
      fieldErrors: {
        slug: ['Slug: another article in this category uses it.', 'second'],
        'body.title': ['Title: give the article a title.'],
      },
    });
    expect(apiFieldErrors(error)).toEqual({
      slug: 'Slug: another article in this category uses it.',
      title: 'Title: give the article a title.',
    });
    expect(apiFieldErrors(new Error('plain'))).toEqual({});
  });

  it('files a problem inside a group of fields under the group and the field', () => {
    const parsed = PlanLimits.safeParse({
      activeTriggers: 5,
      runsPerMonth: -1,
      messagesPerMonth: 10,
      webAddressDeliveriesPerDay: 1.5,
    });
    if (parsed.success) throw new Error('expected a failure');
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['limits', ...issue.path] }));
    const error = { ...parsed.error, issues } as typeof parsed.error;
    expect(zodFieldErrors(error, ['limits'])).toEqual({
      'limits.runsPerMonth': 'The number of runs a month cannot be negative.',
      'limits.webAddressDeliveriesPerDay': 'The number of deliveries to web addresses a day must be a whole number.',
    });
    expect(Object.keys(zodFieldErrors(error))).toEqual(['limits']);
    const refused = new ApiError({
      message: 'The plan is not valid.',
      status: 400,
      code: 'VALIDATION_FAILED',
      method: 'POST',
      path: '/Accounting/product/subscription/update',
      fieldErrors: { 'body.limits.webAddressDeliveriesPerDay': ['must be a whole number'] },
    });
    expect(apiFieldErrors(refused, ['limits'])).toEqual({
      'limits.webAddressDeliveriesPerDay': 'must be a whole number',
    });
  });

  it('drops a field once it is changed', () => {
    const errors = { title: 'a', slug: 'b' };
    expect(withoutField(errors, 'slug')).toEqual({ title: 'a' });
    expect(withoutField(errors, 'summary')).toBe(errors);
  });
});
