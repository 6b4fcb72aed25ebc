import { describeDefinition, NamedTriggerDefinition, TriggerDefinition } from '@automate/contract';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useEditorContext, useEditorLookups } from './editor-context.tsx';
import { draftToDefinition, type TriggerDraft } from './trigger-draft.ts';

/**
 * The definition being edited in one sentence, the same sentence a template's card shows, with the
 * vendor's records by name. Until every condition and action is filled in it says what is missing.
 */
export function TriggerSummary({ draft }: { draft: TriggerDraft }) {
  const { namedReferences } = useEditorContext();
  const { reference } = useEditorLookups();
  const sentence = useMemo(() => {
    const schema = namedReferences ? NamedTriggerDefinition : TriggerDefinition;
    // Whether it may be switched on is the save's question, not the sentence's.
    const parsed = schema.safeParse({ ...draftToDefinition(draft), enabled: false });
    if (!parsed.success) return null;
    const names = new Map(Object.values(reference).flatMap((items) => items.map((item) => [item.uuid, item.name])));
    return describeDefinition(parsed.data, (uuid) => names.get(uuid) ?? uuid);
  }, [draft, namedReferences, reference]);
  return (
    <Typography variant="body1" data-testid="trigger-summary" color={sentence ? 'text.primary' : 'text.secondary'}>
      {sentence ?? 'The sentence appears here once every condition and action is filled in.'}
    </Typography>
  );
}
