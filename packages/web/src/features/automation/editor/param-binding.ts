import type { Params } from './trigger-draft.ts';

const asText = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * Binds the inputs of one condition or action to its params: `text('badgeUuid')` is the value, the
 * change handler and the problem of that param, ready to spread into an input.
 */
export function bindParams(
  params: Params,
  errorOf: (param: string) => string | undefined,
  onChange: (params: Params, param: string) => void,
) {
  const set = (param: string, value: unknown) => onChange({ ...params, [param]: value }, param);
  return {
    set,
    error: errorOf,
    value: (param: string) => asText(params[param]),
    text: (param: string) => ({
      value: asText(params[param]),
      onChange: (value: string) => set(param, value),
      error: errorOf(param),
    }),
    list: (param: string) => ({
      value: asList(params[param]),
      onChange: (value: string[]) => set(param, value),
      error: errorOf(param),
    }),
  };
}

export type ParamBinding = ReturnType<typeof bindParams>;
