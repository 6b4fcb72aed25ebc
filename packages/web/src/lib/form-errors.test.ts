import { ArticleInput } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { apiFieldErrors, withoutField, zodFieldErrors } from './form-errors.ts';

describe('field errors', () => {
  it('takes the contract’s first sentence for each field', () => {
    const parsed = ArticleInput.safeParse({ category: 'Bad Category', title: '  ', slug: 'No Spaces' });
    if (parsed.success) throw new Error('expected a failure');
    expect(zodFieldErrors(parsed.error)).toEqual({
      category: 'category must be lowercase words joined by hyphens.',
      title: 'title is required.',
      slug: 'slug must be lowercase words joined by hyphens, e.g. connecting-servicem8.',
    });
  });

  it('reads the server’s field errors from a refused request', () => {
    const error = new ApiError({
      message: 'Another article in billing already uses the slug "plans".',
      status: 409,
      code: 'CONFLICT',
      method: 'POST',
      path: '/Content/article',
      fieldErrors: { slug: ['This slug is taken in this category.', 'second'], 'body.title': ['title is required.'] },
    });
    expect(apiFieldErrors(error)).toEqual({
      slug: 'This slug is taken in this category.',
      title: 'title is required.',
    });
    expect(apiFieldErrors(new Error('plain'))).toEqual({});
  });

  it('drops a field once it is changed', () => {
    const errors = { title: 'a', slug: 'b' };
    expect(withoutField(errors, 'slug')).toEqual({ title: 'a' });
    expect(withoutField(errors, 'summary')).toBe(errors);
  });
});
