import { TRIGGER_LIMITS, type TriggerSummary } from '@automate/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useCreateTrigger } from '../api/create-trigger.ts';
import { useDeleteTrigger } from '../api/delete-trigger.ts';
import { getTriggerQueryOptions } from '../api/get-trigger.ts';
import { useSaveTrigger } from '../api/save-trigger.ts';
import { automationViewPath } from './automation-paths.ts';

const TOGGLE_FAILED = 'The automation could not be switched.';
const DUPLICATE_FAILED = 'The automation could not be copied.';
const DELETE_FAILED = 'The automation could not be deleted.';

/** "Copy of …", kept within the name limit. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, TRIGGER_LIMITS.nameMax).trim();
}

/**
 * What a row of the automation list can do: switch the trigger on or off (a new version of its whole
 * definition), copy it (switched off) and open the copy, or delete it after confirming. Failures show
 * the server's sentence in a toast.
 */
export function useTriggerActions(vendorId: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const save = useSaveTrigger();
  const create = useCreateTrigger();
  const remove = useDeleteTrigger();
  /** Trigger id → the enabled value being saved; the switch shows it until the list has reloaded. */
  const [switching, setSwitching] = useState<Readonly<Record<string, boolean>>>({});
  /** Trigger ids with a copy or delete under way. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const mark = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function setEnabled(row: TriggerSummary, enabled: boolean): Promise<void> {
    setSwitching((current) => ({ ...current, [row.id]: enabled }));
    try {
      // The whole definition as it is now (not a cached copy), with only `enabled` changed.
      const trigger = await client.fetchQuery({ ...getTriggerQueryOptions(vendorId, row.id), staleTime: 0 });
      await save.mutateAsync({ vendorId, triggerId: row.id, definition: { ...trigger.definition, enabled } });
      toast(enabled ? `“${row.name}” is on.` : `“${row.name}” is off.`, 'success');
    } catch (error) {
      toast(getErrorMessage(error, TOGGLE_FAILED), 'error');
    } finally {
      setSwitching(({ [row.id]: _done, ...rest }) => rest);
    }
  }

  async function duplicate(row: TriggerSummary): Promise<void> {
    mark(row.id, true);
    try {
      const trigger = await client.fetchQuery({ ...getTriggerQueryOptions(vendorId, row.id), staleTime: 0 });
      const { data } = await create.mutateAsync({
        vendorId,
        definition: { ...trigger.definition, name: copyName(trigger.definition.name), enabled: false },
      });
      toast(`Copied as “${data.definition.name}”. It is off until you switch it on.`, 'success');
      navigate(automationViewPath(data.id));
    } catch (error) {
      toast(getErrorMessage(error, DUPLICATE_FAILED), 'error');
    } finally {
      mark(row.id, false);
    }
  }

  async function deleteTrigger(row: TriggerSummary): Promise<void> {
    const confirmed = await confirm({
      title: 'Delete automation',
      message: `Delete “${row.name}”? Its versions and run history are deleted with it, and runs waiting on it will not happen.`,
      confirmText: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    mark(row.id, true);
    try {
      const { message } = await remove.mutateAsync({ vendorId, triggerId: row.id });
      toast(message ?? `“${row.name}” was deleted.`, 'success');
    } catch (error) {
      toast(getErrorMessage(error, DELETE_FAILED), 'error');
    } finally {
      mark(row.id, false);
    }
  }

  return {
    setEnabled,
    duplicate,
    deleteTrigger,
    /** The value the row's switch shows. */
    enabledOf: (row: TriggerSummary) => switching[row.id] ?? row.enabled,
    isSwitching: (row: TriggerSummary) => row.id in switching,
    isBusy: (row: TriggerSummary) => busy.has(row.id),
  };
}
