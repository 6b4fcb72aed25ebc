import { BackButton } from '@/components/ui/record-editor-page.tsx';
import { AUTOMATION_SEARCH_PATH } from './paths.ts';

/** The way back to the list of triggers, above the editor. */
export function BackToAutomations() {
  return <BackButton href={AUTOMATION_SEARCH_PATH}>Automations</BackButton>;
}
