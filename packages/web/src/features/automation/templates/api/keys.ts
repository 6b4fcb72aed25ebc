import type { SearchQueryInput } from '@automate/contract';

/** Query keys of the template library; every view of it starts with `trigger-templates`. */
export const templateKeys = {
  all: ['trigger-templates'] as const,
  search: (query: SearchQueryInput) => ['trigger-templates', 'search', query] as const,
  onboarding: ['trigger-templates', 'onboarding'] as const,
  detail: (id: string) => ['trigger-templates', 'detail', id] as const,
};

const TEMPLATE_API = '/TriggerTemplate';
export const templateApiPath = (...segments: string[]) =>
  `${TEMPLATE_API}${segments.map((segment) => `/${encodeURIComponent(segment)}`).join('')}`;
