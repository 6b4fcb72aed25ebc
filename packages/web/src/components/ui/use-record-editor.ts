import { type FormEvent, type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';

type Mutation<Variables, Result> = { mutateAsync(variables: Variables): Promise<Result>; isPending: boolean };

export type RecordEditorOptions<Row extends { id: string }, Values, Input> = {
  /** The saved record; null writes a new one. */
  initial: Row | null;
  /** False for a reader who may look but not change: nothing is saved or deleted, nothing is dirty. */
  canEdit?: boolean;
  toValues(row: Row | null): Values;
  sameValues(a: Values, b: Values): boolean;
  validate(values: Values): FieldErrorMap;
  toInput(values: Values): Input;
  create: Mutation<Input, { data: Row }>;
  update: Mutation<{ id: string; input: Input }, { data: Row }>;
  remove: Mutation<string, unknown>;
  /** Where a created record lives, and where to go after deleting one. */
  pathOf(id: string): string;
  listPath: string;
  messages: {
    created(row: Row): string;
    saved(row: Row): string;
    deleted(row: Row): string;
    confirmDelete(row: Row): { title: string; message: string };
    saveFailed: string;
    deleteFailed: string;
  };
};

/**
 * The behaviour every record editor shares (articles, FAQ entries, email templates): form values
 * against the last saved record, field errors (ours and the server's), save (create, then open the
 * new record; or update), Ctrl/⌘+S, delete after confirming, and the guard against leaving with
 * unsaved changes.
 */
export function useRecordEditor<Row extends { id: string }, Values, Input>(
  options: RecordEditorOptions<Row, Values, Input>,
) {
  const canEdit = options.canEdit ?? true;
  const { toValues, messages } = options;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const [saved, setSaved] = useState<Row | null>(options.initial);
  const [values, setValues] = useState<Values>(() => toValues(options.initial));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const baseline = useMemo(() => toValues(saved), [saved, toValues]);
  const dirty = canEdit && !options.sameValues(values, baseline);
  const saving = options.create.isPending || options.update.isPending;
  const guard = useUnsavedChanges(dirty && !options.remove.isPending);

  /** Sets a field, or changes it from its current value (for a field that is itself edited in parts). */
  const set = useCallback(
    <K extends keyof Values>(field: K, value: Values[K] | ((current: Values[K]) => Values[K])) => {
      setValues((current) => ({
        ...current,
        [field]: typeof value === 'function' ? (value as (current: Values[K]) => Values[K])(current[field]) : value,
      }));
      setErrors((current) => withoutField(current, String(field)));
    },
    [],
  );

  /** Answers whether the values were saved. */
  const save = async (): Promise<boolean> => {
    if (!canEdit || saving) return false;
    const found = options.validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast('Check the highlighted fields, then save again.', 'error');
      return false;
    }
    const input = options.toInput(values);
    try {
      if (saved === null) {
        const { data } = await options.create.mutateAsync(input);
        toast(messages.created(data), 'success');
        guard.release();
        navigate(options.pathOf(data.id), { replace: true });
        return true;
      }
      const { data } = await options.update.mutateAsync({ id: saved.id, input });
      setSaved(data);
      setValues(toValues(data));
      toast(messages.saved(data), 'success');
      return true;
    } catch (error) {
      setErrors(apiFieldErrors(error));
      toast(getErrorMessage(error, messages.saveFailed), 'error');
      return false;
    }
  };

  const { submit, keyDown } = saveHandlers(save);

  const destroy = async () => {
    if (!canEdit || !saved) return;
    const confirmed = await confirm({ ...messages.confirmDelete(saved), confirmText: 'Delete', destructive: true });
    if (!confirmed) return;
    try {
      await options.remove.mutateAsync(saved.id);
      toast(messages.deleted(saved), 'success');
      guard.release();
      navigate(options.listPath);
    } catch (error) {
      toast(getErrorMessage(error, messages.deleteFailed), 'error');
    }
  };

  const deleting = options.remove.isPending;
  /**
   * The props that bind a text input to a field of the form: its value, its changes, and its error in
   * place of `help` when it has one.
   */
  const textField = <K extends keyof Values & string>(field: K, help: string) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as Values[K]),
    error: errors[field] !== undefined,
    helperText: errors[field] ?? help,
  });

  return {
    saved,
    values,
    errors,
    setErrors,
    dirty,
    saving,
    deleting,
    set,
    textField,
    submit,
    keyDown,
    destroy,
    /** Render it in the form: it asks before leaving with unsaved changes. */
    leavePrompt: guard.prompt,
  };
}

/**
 * A form's submit and Ctrl/⌘+S (which would otherwise open the browser's "Save page") both save. `save`
 * answers whether it saved; when it did not, the first highlighted field (`aria-invalid`) of the form is
 * scrolled to and focused, so "Check the highlighted fields" leads straight to them.
 */
export function saveHandlers(save: () => Promise<boolean>) {
  const saveFrom = (form: HTMLElement) => {
    void save().then((saved) => {
      if (!saved) focusFirstHighlighted(form);
    });
  };
  return {
    submit: (event: FormEvent<HTMLElement>) => {
      event.preventDefault();
      saveFrom(event.currentTarget);
    },
    keyDown: (event: KeyboardEvent<HTMLElement>) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveFrom(event.currentTarget);
      }
    },
  };
}

/** Scrolls to and focuses the first field of `form` marked invalid, once the marks are drawn. */
function focusFirstHighlighted(form: HTMLElement): void {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}
