import type { Trigger, TriggerTemplate } from '@automate/contract';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSaveTrigger } from '../api/save-trigger.ts';
import { useTemplateCopier } from './use-template-copier.tsx';

/**
 * "Turn on": copies the template onto the vendor's records (through the mapping dialog when needed) and
 * enables the copy. `onDone` gets the enabled trigger.
 */
export function useTurnOn({ vendorId, onDone }: { vendorId: string; onDone?: (trigger: Trigger) => void }) {
  const save = useSaveTrigger();
  const { toast } = useNotifications();
  const enable = async (trigger: Trigger, template: TriggerTemplate) => {
    try {
      const { data } = await save.mutateAsync({
        vendorId,
        triggerId: trigger.id,
        definition: { ...trigger.definition, enabled: true },
      });
      toast(`“${template.title}” is on.`, 'success');
      onDone?.(data);
    } catch (error) {
      toast(
        `“${template.title}” was added, switched off: ${getErrorMessage(error, 'it could not be switched on.')}`,
        'error',
      );
    }
  };
  const copier = useTemplateCopier({ vendorId, confirmText: 'Turn on', onCopied: enable });
  return { ...copier, busy: copier.copying !== null || save.isPending };
}
