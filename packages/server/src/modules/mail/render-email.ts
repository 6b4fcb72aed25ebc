import { marked } from 'marked';
import { createLiquid } from '../../engine/messages/liquid-engine.ts';
import { createStandInRenderer } from './stand-in-renderer.ts';

export type RenderedEmail = { subject: string; text: string; html: string };

// Liquid cannot run code: templates only read the data they are given, within the engines' limits.
const plain = createLiquid({ strictFilters: true });

/**
 * Renders an email template: the subject and the Markdown body with merge values filled in as they are
 * (the text part), and the body converted to HTML with the merge values put in afterwards, as text (the
 * HTML part). So the template's own Markdown becomes links and emphasis, while a value (a vendor's or a
 * person's name) is never read as Markdown or HTML and reads the same in both parts.
 * Throws a TemplateError (with a readable message) when a template does not parse.
 */
export async function renderEmail(
  template: { subject: string; body: string },
  data: Record<string, unknown>,
): Promise<RenderedEmail> {
  const standIns = createStandInRenderer({ strictFilters: true });
  const [subject, text, markdown] = await Promise.all([
    plain.parseAndRender(template.subject, data),
    plain.parseAndRender(template.body, data),
    standIns.liquid.parseAndRender(template.body, data),
  ]);
  const html = standIns.fill(await marked.parse(markdown, { async: true, gfm: true }));
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
