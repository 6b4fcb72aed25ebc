import { useCallback, useMemo, useState } from 'react';
import { clearErrors, type FieldErrors } from './issue-paths.ts';
import type { DraftAction, DraftGroup, TriggerDraft } from './trigger-draft.ts';

/** Which problems an edit makes stale: a field, or an item with all its inputs. */
export type Clear = { key: string; withChildren?: boolean };

type ChangeDraft = (change: (current: TriggerDraft) => TriggerDraft) => void;

/**
 * The edits the editor's sections make to a draft held anywhere (`changeDraft`), each telling `clear`
 * which problems it makes stale.
 */
export function useDraftEdits(changeDraft: ChangeDraft, clear: (what: Clear | undefined) => void) {
  return useMemo(
    () => ({
      setField: <K extends keyof TriggerDraft>(field: K, value: TriggerDraft[K]) => {
        changeDraft((current) => ({ ...current, [field]: value }));
        clear({ key: field });
      },
      setDelay: (delay: TriggerDraft['delay']) => {
        changeDraft((current) => ({ ...current, delay }));
        clear({ key: 'delay', withChildren: true });
      },
      editConditions: (change: (root: DraftGroup) => DraftGroup, what?: Clear) => {
        changeDraft((current) => ({ ...current, conditions: change(current.conditions) }));
        clear(what);
      },
      editActions: (change: (actions: DraftAction[]) => DraftAction[], what?: Clear) => {
        changeDraft((current) => ({ ...current, actions: change(current.actions) }));
        clear(what);
      },
    }),
    [changeDraft, clear],
  );
}

export type DraftEdits = ReturnType<typeof useDraftEdits>;

/** A trigger's definition being edited: the draft, the problems under its inputs, and the edits. */
export function useDefinitionDraft(initial: () => TriggerDraft) {
  const [draft, setDraft] = useState<TriggerDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = useCallback((what: Clear | undefined) => {
    if (what) setErrors((current) => clearErrors(current, what.key, what.withChildren));
  }, []);
  const edits = useDraftEdits(setDraft, clear);
  return { draft, setDraft, errors, setErrors, ...edits };
}
