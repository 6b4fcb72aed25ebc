import { z } from 'zod';
import { access } from '../../http/access.ts';

/**
 * What every `/vendor/{vendorId}/Trigger…` route shares: the trigger routes here and the automation
 * module's run and dry-run routes.
 */
export const TRIGGER_BASE = '/vendor/:vendorId/Trigger';
export const triggerRoute = { access: access.vendorMember('vendorId'), tags: ['Trigger'] };

export const VendorParams = z.object({ vendorId: z.string() });
// A uuid, so the static segments (`search`, `runs`) can never be taken for a trigger id.
export const TriggerParams = VendorParams.extend({ triggerId: z.uuid('triggerId is not a valid id.') });
