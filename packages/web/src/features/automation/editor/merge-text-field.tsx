import { mergeFieldsFor } from '@automate/contract';
import { MergeTextField as TextWithMergeFields } from '@/components/ui/merge-text-field.tsx';
import { useEditorContext } from './editor-context.tsx';

/**
 * A text of an action (email, SMS, note): the shared merge-text field, small, offering the merge fields
 * the trigger's event gives a value.
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
  return (
    <TextWithMergeFields
      size="small"
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      rows={multiline ? 4 : undefined}
      maxLength={maxLength}
      fields={mergeFieldsFor(event)}
    />
  );
}
