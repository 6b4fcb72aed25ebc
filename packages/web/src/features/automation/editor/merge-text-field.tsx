import { mergeFieldProblem, mergeFieldsFor } from '@automate/contract';
import { useDeferredValue } from 'react';
import { MergeTextField as TextWithMergeFields } from '@/components/ui/merge-text-field.tsx';
import { useEditorContext } from './editor-context.tsx';

/**
 * A text of an action (email, SMS, note): the shared merge-text field, small, offering the merge fields
 * the trigger's event gives a value. Its merge fields are checked as the person types, by the rule the
 * save applies (an unknown name, with the field most likely meant, as the email-template editor says
 * it; a field the event never fills): the field is highlighted with the sentence until it is put right.
 */
export function MergeTextField({
  label,
  value,
  onChange,
  error,
  multiline = false,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  multiline?: boolean;
  maxLength?: number;
}) {
  const { event } = useEditorContext();
  const typed = useDeferredValue(value);
  // Only closed tags are read: a tag still being typed ("{{ job.num") is no problem yet.
  const problem = mergeFieldProblem(event, typed);
  return (
    <TextWithMergeFields
      size="small"
      label={label}
      value={value}
      onChange={onChange}
      error={error ?? problem ?? undefined}
      rows={multiline ? 4 : undefined}
      maxLength={maxLength}
      fields={mergeFieldsFor(event)}
    />
  );
}
