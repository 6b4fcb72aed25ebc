import type { EmailTemplate } from '@automate/contract';
import { type FormEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes.ts';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useCreateEmailTemplate } from '../api/create-email-template.ts';
import { useDeleteEmailTemplate } from '../api/delete-email-template.ts';
import { useUpdateEmailTemplate } from '../api/update-email-template.ts';
import { EMAIL_TEMPLATES_PATH, emailTemplatePath } from '../paths.ts';
import {
  type EmailTemplateFormValues,
  emailTemplateFormValues,
  sameEmailTemplateValues,
  toEmailTemplateInput,
  validateEmailTemplate,
} from './email-template-form-values.ts';

const SAVE_FAILED = 'The email template could not be saved.';
const DELETE_FAILED = 'The email template could not be deleted.';

/**
 * The editor's behaviour: values against the last saved template, field errors (the contract's and the
 * server's), save (create, then open the new template; or update), Ctrl/⌘+S, delete after confirming,
 * and the guard against leaving with unsaved changes. A read-only editor never saves or deletes.
 */
export function useEmailTemplateForm({
  vendorId,
  initial,
  canEdit,
}: {
  vendorId: string;
  initial: EmailTemplate | null;
  canEdit: boolean;
}) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const remove = useDeleteEmailTemplate();
  const [saved, setSaved] = useState<EmailTemplate | null>(initial);
  const [values, setValues] = useState<EmailTemplateFormValues>(() => emailTemplateFormValues(initial));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const baseline = useMemo(() => emailTemplateFormValues(saved), [saved]);
  const dirty = canEdit && !sameEmailTemplateValues(values, baseline);
  const saving = create.isPending || update.isPending;
  const deleting = remove.isPending;
  const guard = useUnsavedChanges(dirty && !deleting);

  const set = <K extends keyof EmailTemplateFormValues>(field: K, value: EmailTemplateFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  };

  const save = async () => {
    if (!canEdit || saving) return;
    const found = validateEmailTemplate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast('Check the highlighted fields, then save again.', 'error');
      return;
    }
    const input = toEmailTemplateInput(values);
    try {
      if (saved === null) {
        const { data } = await create.mutateAsync({ vendorId, input });
        toast(`“${data.name}” was created.`, 'success');
        guard.release();
        navigate(emailTemplatePath(data.id), { replace: true });
      } else {
        const { data } = await update.mutateAsync({ vendorId, id: saved.id, input });
        setSaved(data);
        setValues(emailTemplateFormValues(data));
        toast(`“${data.name}” was saved.`, 'success');
      }
    } catch (error) {
      // 400: a subject or body with an unknown merge field; 409: the name is taken (errors.name).
      setErrors(apiFieldErrors(error));
      toast(getErrorMessage(error, SAVE_FAILED), 'error');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  // Ctrl+S / ⌘S saves, as in any editor (and never opens the browser's "Save page").
  const keyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    }
  };

  const destroy = async () => {
    if (!canEdit || !saved) return;
    const confirmed = await confirm({
      title: 'Delete this email template?',
      message: `“${saved.name}” will be deleted. This cannot be undone.`,
      confirmText: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ vendorId, id: saved.id });
      toast(`“${saved.name}” was deleted.`, 'success');
      guard.release();
      navigate(EMAIL_TEMPLATES_PATH);
    } catch (error) {
      // A trigger still sending it: a 409 whose sentence names the trigger.
      toast(getErrorMessage(error, DELETE_FAILED), 'error');
    }
  };

  return { saved, values, errors, dirty, saving, deleting, set, submit, keyDown, destroy };
}
