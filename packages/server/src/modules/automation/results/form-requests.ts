import { FORM_REQUEST_WORDS, isClientFacingAction, type TriggerDefinition } from '@automate/contract';

const ASKS_FOR_A_FORM = new RegExp(`\\b(${FORM_REQUEST_WORDS.join('|')})\\b`, 'i');

/**
 * Whether the automation asks for a form: one of its messages to the client or the job's contact says
 * so in its words (its subject, body or text, or its email template's). `templateTexts` answers an email
 * template's subject and body, or null when it was deleted.
 */
export async function asksForForm(
  definition: Pick<TriggerDefinition, 'actions'>,
  templateTexts: (id: string) => Promise<{ subject: string; body: string } | null>,
): Promise<boolean> {
  for (const action of definition.actions) {
    if (!isClientFacingAction(action.type)) continue;
    const params = action.params as Record<string, unknown>;
    const texts = Object.values(params).filter((value): value is string => typeof value === 'string');
    if (typeof params.emailTemplateId === 'string') {
      const template = await templateTexts(params.emailTemplateId);
      if (template) texts.push(template.subject, template.body);
    }
    if (texts.some((text) => ASKS_FOR_A_FORM.test(text))) return true;
  }
  return false;
}
