import { SEALED_PREFIX, type TriggerDefinition } from '@automate/contract';
import { decryptSecret, encryptSecret } from './encryption.ts';

/**
 * Secrets written into a trigger's definition (the values of a web address's extra headers): sealed
 * with the storage key for one vendor before the definition is stored, so the database, the trigger's
 * history, the activity log and the editor only ever hold the sealed form. A sealed value names its
 * vendor: copied into another vendor's trigger it does not open.
 */

/** `value` sealed for `vendorId`. */
function sealValue(key: Uint8Array, vendorId: string, value: string): string {
  return `${SEALED_PREFIX}${encryptSecret(key, JSON.stringify([vendorId, value]))}`;
}

/** The value `stored` holds for `vendorId`; null when it is not a value sealed for this vendor. */
export function openValue(key: Uint8Array, vendorId: string, stored: string): string | null {
  if (!stored.startsWith(SEALED_PREFIX)) return null;
  try {
    const [owner, value] = JSON.parse(decryptSecret(key, stored.slice(SEALED_PREFIX.length))) as [unknown, unknown];
    return owner === vendorId && typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The definition with every header value of its web address actions sealed (values sealed already are
 * kept), and the paths of values that look sealed but are not this vendor's (copied from elsewhere).
 */
export function sealDefinitionSecrets(
  key: Uint8Array,
  vendorId: string,
  definition: TriggerDefinition,
): { definition: TriggerDefinition; foreign: string[] } {
  const foreign: string[] = [];
  const actions = definition.actions.map((action, index) => {
    if (action.type !== 'SendToWebAddress') return action;
    const headers = action.params.headers.map((header, at) => {
      if (!header.value.startsWith(SEALED_PREFIX)) return { ...header, value: sealValue(key, vendorId, header.value) };
      if (openValue(key, vendorId, header.value) === null) foreign.push(`actions.${index}.params.headers.${at}.value`);
      return header;
    });
    return { ...action, params: { ...action.params, headers } };
  });
  return { definition: { ...definition, actions }, foreign };
}
