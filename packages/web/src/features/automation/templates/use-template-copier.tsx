import type { TemplateCopyRequest, Trigger, TriggerTemplate, UnresolvedReference } from '@automate/contract';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { unresolvedOf, useCopyTemplate } from './api/copy-template.ts';
import { MappingDialog } from './mapping-dialog.tsx';

const COPY_FAILED = 'The template could not be copied.';

/**
 * Copying a template for the vendor: straight away when every record it names matches one of the
 * vendor's, otherwise after the mapping dialog. `onCopied` gets the new (disabled) trigger. Render
 * `dialog` where the page is.
 */
export function useTemplateCopier({
  vendorId,
  confirmText,
  onCopied,
}: {
  vendorId: string;
  confirmText: string;
  onCopied: (trigger: Trigger, template: TriggerTemplate) => void | Promise<void>;
}) {
  const copy = useCopyTemplate();
  const { toast } = useNotifications();
  // What is still unmatched, and the choices already made (a form's fields are offered once it is picked).
  const [asking, setAsking] = useState<{
    template: TriggerTemplate;
    unresolved: UnresolvedReference[];
    chosen: TemplateCopyRequest;
  } | null>(null);
  const [copying, setCopying] = useState<string | null>(null);

  const run = async (template: TriggerTemplate, request: TemplateCopyRequest) => {
    setCopying(template.id);
    try {
      const { data } = await copy.mutateAsync({ templateId: template.id, vendorId, request });
      setAsking(null);
      await onCopied(data.trigger, template);
    } catch (error) {
      const unresolved = unresolvedOf(error);
      if (unresolved) setAsking({ template, unresolved, chosen: request });
      else toast(getErrorMessage(error, COPY_FAILED), 'error');
    } finally {
      setCopying(null);
    }
  };

  const dialog = asking ? (
    <MappingDialog
      key={asking.unresolved.map((item) => item.key).join('|')}
      title={asking.template.title}
      unresolved={asking.unresolved}
      busy={copying !== null}
      confirmText={confirmText}
      onCancel={() => setAsking(null)}
      onConfirm={(request) =>
        void run(asking.template, {
          mappings: { ...asking.chosen.mappings, ...request.mappings },
          createMissing: Boolean(asking.chosen.createMissing) || request.createMissing,
        })
      }
    />
  ) : null;

  return { start: (template: TriggerTemplate) => run(template, {}), copying, dialog };
}
