import {
  SavableTriggerDefinition,
  type Trigger,
  type TriggerAttachment,
  type TriggerDefinition,
} from '@automate/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { saveHandlers } from '@/components/ui/use-record-editor.ts';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes.tsx';
import { getErrorMessage, isApiError } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useCreateTrigger } from '../api/create-trigger.ts';
import { useDeleteTrigger } from '../api/delete-trigger.ts';
import { useSaveTrigger } from '../api/save-trigger.ts';
import { deleteAttachment } from './api/delete-attachment.ts';
import { mapIssues, mapServerErrors } from './issue-paths.ts';
import { AUTOMATION_SEARCH_PATH, automationViewPath } from './paths.ts';
import { draftFromDefinition, draftToDefinition, emptyDraft, sameDefinition } from './trigger-draft.ts';
import { useDefinitionDraft } from './use-definition-draft.ts';

const SAVE_FAILED = 'The trigger could not be saved.';
const DELETE_FAILED = 'The trigger could not be deleted.';
const CHECK_FIELDS = 'Check the highlighted fields, then save again.';

function attachmentIdsOf(definition: TriggerDefinition | undefined): Set<string> {
  const ids = new Set<string>();
  for (const action of definition?.actions ?? []) {
    if (action.type === 'Job_SendAttachment') ids.add(action.params.attachmentId);
  }
  return ids;
}

/**
 * The trigger editor's state and behaviour: the draft against the last saved trigger, problems from
 * the contract (checked before anything is sent) and from the server under their inputs, save
 * (create, then change), Ctrl/⌘+S, delete after confirming, uploaded files, and the guard against
 * leaving with unsaved changes.
 */
export function useTriggerForm({ vendorId, trigger }: { vendorId: string; trigger: Trigger | null }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const [saved, setSaved] = useState<Trigger | null>(trigger);
  const { draft, setDraft, errors, setErrors, setField, setDelay, editConditions, editActions } = useDefinitionDraft(
    () => (trigger ? draftFromDefinition(trigger.definition) : emptyDraft()),
  );
  const [attachments, setAttachments] = useState<TriggerAttachment[]>(trigger?.attachments ?? []);
  // Files the saved trigger still names but the draft no longer does: deleted once a save drops them.
  const releasedAttachments = useRef(new Set<string>());

  const create = useCreateTrigger();
  const update = useSaveTrigger();
  const remove = useDeleteTrigger();
  const baseline = useMemo(() => (saved ? draftFromDefinition(saved.definition) : emptyDraft()), [saved]);
  const dirty = !sameDefinition(draft, baseline);
  const saving = create.isPending || update.isPending;
  const deleting = remove.isPending;
  const guard = useUnsavedChanges(dirty && !deleting);

  /** The definition when the contract accepts it; otherwise null, with every problem under its input. */
  const validate = (): TriggerDefinition | null => {
    const parsed = SavableTriggerDefinition.safeParse(draftToDefinition(draft));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(mapIssues(parsed.error.issues, draft));
    return null;
  };

  const showServerErrors = (error: unknown) => {
    setErrors(isApiError(error) ? mapServerErrors(error.fieldErrors, draft) : {});
  };

  const addAttachment = useCallback((attachment: TriggerAttachment) => {
    setAttachments((current) => [...current.filter((item) => item.id !== attachment.id), attachment]);
  }, []);

  const dropAttachment = useCallback(
    (attachmentId: string, triggerId: string | null) => {
      const attachment = attachments.find((item) => item.id === attachmentId);
      if (!attachment) return;
      deleteAttachment({ vendorId, triggerId, actionId: attachment.actionId, attachmentId }).catch(() => {
        // The file stays stored; nothing uses it, and deleting the trigger removes it.
      });
    },
    [attachments, vendorId],
  );

  const releaseAttachment = useCallback(
    (attachmentId: string) => {
      if (attachmentId === '') return;
      // A file of a trigger not saved yet is nobody else's: it goes at once.
      if (!saved) dropAttachment(attachmentId, null);
      else if (attachmentIdsOf(saved.definition).has(attachmentId)) releasedAttachments.current.add(attachmentId);
      else dropAttachment(attachmentId, saved.id);
    },
    [saved, dropAttachment],
  );

  /** Answers whether the trigger was saved. */
  const save = async (): Promise<boolean> => {
    if (saving) return false;
    const definition = validate();
    if (!definition) {
      toast(CHECK_FIELDS, 'error');
      return false;
    }
    try {
      if (saved === null) {
        const { data } = await create.mutateAsync({ vendorId, definition });
        toast(`“${data.definition.name}” was created.`, 'success');
        guard.release();
        navigate(automationViewPath(data.id), { replace: true });
        return true;
      }
      const { data } = await update.mutateAsync({ vendorId, triggerId: saved.id, definition });
      const stillUsed = attachmentIdsOf(data.definition);
      for (const attachmentId of releasedAttachments.current) {
        if (!stillUsed.has(attachmentId)) dropAttachment(attachmentId, data.id);
      }
      releasedAttachments.current.clear();
      setSaved(data);
      setDraft((current) => draftFromDefinition(data.definition, current));
      setAttachments((current) => [
        ...data.attachments,
        ...current.filter((item) => !data.attachments.some((known) => known.id === item.id)),
      ]);
      toast(`“${data.definition.name}” was saved.`, 'success');
      return true;
    } catch (error) {
      showServerErrors(error);
      toast(getErrorMessage(error, SAVE_FAILED), 'error');
      return false;
    }
  };

  const { submit, keyDown } = saveHandlers(save);

  const destroy = async () => {
    if (!saved) return;
    const confirmed = await confirm({
      title: 'Delete this trigger?',
      message: `“${saved.definition.name}” will be deleted with its history of runs and its files; runs waiting for their delay will not happen. This cannot be undone.`,
      confirmText: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ vendorId, triggerId: saved.id });
      toast(`“${saved.definition.name}” was deleted.`, 'success');
      guard.release();
      navigate(AUTOMATION_SEARCH_PATH);
    } catch (error) {
      toast(getErrorMessage(error, DELETE_FAILED), 'error');
    }
  };

  return {
    saved,
    draft,
    errors,
    dirty,
    saving,
    deleting,
    attachments,
    setField,
    setDelay,
    editConditions,
    editActions,
    validate,
    showServerErrors,
    addAttachment,
    releaseAttachment,
    submit,
    keyDown,
    destroy,
    /** Render it in the form: it asks before leaving with unsaved changes. */
    leavePrompt: guard.prompt,
  };
}
