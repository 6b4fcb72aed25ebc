import type { EmailTemplate, TriggerAttachment, TriggerEvent } from '@automate/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { EMPTY_REFERENCE_DATA, type ReferenceData } from './api/get-reference-data.ts';
import type { FieldErrors } from './issue-paths.ts';

/**
 * What every input of the editor may need without it being handed down through the condition tree
 * and the action list: the vendor, the saved trigger's id, the uploaded files and the problems found
 * on the last save or test. The pickers' data is in `EditorLookups`.
 */
export type EditorContextValue = {
  vendorId: string;
  /** The draft's event: it decides which conditions, actions and merge fields are offered. */
  event: TriggerEvent;
  /** Null until the trigger is created (files uploaded before then wait for it to be saved). */
  triggerId: string | null;
  attachments: readonly TriggerAttachment[];
  addAttachment(attachment: TriggerAttachment): void;
  /** The file is no longer used by its action: deleted now, or after the next save if the saved trigger uses it. */
  releaseAttachment(attachmentId: string): void;
  errors: FieldErrors;
  /**
   * A template is being edited: its ServiceM8 records are written by name (any name, matched to each
   * vendor's records when copied), it has no switch, and its emails are written out.
   */
  namedReferences?: boolean;
};

const EditorContext = createContext<EditorContextValue>({
  vendorId: '',
  event: 'JobIsCreated',
  triggerId: null,
  attachments: [],
  addAttachment: () => {},
  releaseAttachment: () => {},
  errors: {},
});

export function EditorProvider({ value, children }: { value: EditorContextValue; children: ReactNode }) {
  return <EditorContext value={value}>{children}</EditorContext>;
}

export function useEditorContext(): EditorContextValue {
  return useContext(EditorContext);
}

/**
 * The vendor's ServiceM8 records and email templates that the pickers offer. They arrive after the
 * editor has shown, in a context of their own: only the inputs that read them redraw then, not the form.
 */
export type EditorLookups = {
  reference: ReferenceData;
  referenceLoading: boolean;
  emailTemplates: readonly EmailTemplate[];
  emailTemplatesLoading: boolean;
};

/** No records and no templates, none on the way: a template written by names (or a test) has none. */
const NO_LOOKUPS: EditorLookups = {
  reference: EMPTY_REFERENCE_DATA,
  referenceLoading: false,
  emailTemplates: [],
  emailTemplatesLoading: false,
};

const EditorLookupsContext = createContext<EditorLookups>(NO_LOOKUPS);

export function EditorLookupsProvider({ value, children }: { value: EditorLookups; children: ReactNode }) {
  return <EditorLookupsContext value={value}>{children}</EditorLookupsContext>;
}

export function useEditorLookups(): EditorLookups {
  return useContext(EditorLookupsContext);
}

/** The sentence to show under the input with this field key, if any. */
export function useFieldError(key: string): string | undefined {
  return useContext(EditorContext).errors[key];
}
