import { marked } from 'marked';
import { createLiquid } from '../../engine/messages/liquid-engine.ts';

export type RenderedEmail = { subject: string; text: string; html: string };

// Liquid cannot run code: templates only read the data they are given, within the engines' limits.
const plain = createLiquid({ strictFilters: true });
const escaped = createLiquid({ strictFilters: true, outputEscape: 'escape' });

/**
 * Renders an email template: the subject and the Markdown body with merge fields filled in as they
 * are (the text part), and the body with merge fields HTML-escaped, converted to HTML (the HTML part).
 * Throws a TemplateError (with a readable message) when a template does not parse.
 */
export async function renderEmail(
  template: { subject: string; body: string },
  data: Record<string, unknown>,
): Promise<RenderedEmail> {
  const [subject, text, markdownForHtml] = await Promise.all([
    plain.parseAndRender(template.subject, data),
    plain.parseAndRender(template.body, data),
    escaped.parseAndRender(template.body, data),
  ]);
  const html = await marked.parse(markdownForHtml, { async: true, gfm: true });
  return { subject: subject.replace(/\s+/g, ' ').trim(), text: text.trim(), html: wrapHtml(html) };
}

/** Parses both templates, so an edit with a syntax error is refused before it is saved. */
export function checkTemplate(template: {
  subject: string;
  body: string;
}): { field: 'subject' | 'body'; message: string } | null {
  for (const field of ['subject', 'body'] as const) {
    try {
      plain.parse(template[field]);
    } catch (error) {
      return { field, message: `The ${field} template has an error: ${(error as Error).message.split('\n')[0]}` };
    }
  }
  return null;
}

function wrapHtml(content: string): string {
  return `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;max-width:600px;margin:0 auto;padding:24px">${content}</body></html>`;
}
