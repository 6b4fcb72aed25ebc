import type { EmailTemplate } from '@automate/contract';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { useCreateEmailTemplate } from '../api/create-email-template.ts';
import { useDeleteEmailTemplate } from '../api/delete-email-template.ts';
import { useUpdateEmailTemplate } from '../api/update-email-template.ts';
import { EMAIL_TEMPLATES_PATH, emailTemplatePath } from '../paths.ts';
import {
  emailTemplateFormValues,
  sameEmailTemplateValues,
  toEmailTemplateInput,
  validateEmailTemplate,
} from './email-template-form-values.ts';

/**
 * The email template editor: the shared record-editor behaviour on the vendor's templates. The
 * server refuses a subject or body with an unknown merge field (400) and a taken name (409, under
 * `name`); deleting a template a trigger still sends is a 409 whose sentence names the trigger.
 * A read-only editor never saves or deletes.
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
  const create = useCreateEmailTemplate();
  const update = useUpdateEmailTemplate();
  const remove = useDeleteEmailTemplate();
  return useRecordEditor({
    initial,
    canEdit,
    toValues: emailTemplateFormValues,
    sameValues: sameEmailTemplateValues,
    validate: validateEmailTemplate,
    toInput: toEmailTemplateInput,
    create: { mutateAsync: (input) => create.mutateAsync({ vendorId, input }), isPending: create.isPending },
    update: {
      mutateAsync: ({ id, input }) => update.mutateAsync({ vendorId, id, input }),
      isPending: update.isPending,
    },
    remove: { mutateAsync: (id) => remove.mutateAsync({ vendorId, id }), isPending: remove.isPending },
    pathOf: emailTemplatePath,
    listPath: EMAIL_TEMPLATES_PATH,
    messages: {
      created: (template) => `“${template.name}” was created.`,
      saved: (template) => `“${template.name}” was saved.`,
      deleted: (template) => `“${template.name}” was deleted.`,
      confirmDelete: (template) => ({
        title: 'Delete this email template?',
        message: `“${template.name}” will be deleted. This cannot be undone.`,
      }),
      saveFailed: 'The email template could not be saved.',
      deleteFailed: 'The email template could not be deleted.',
    },
  });
}
