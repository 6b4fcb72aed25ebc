/** Tiny server-side HTML helpers for the consent page and the browse/edit pages. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A template tag that escapes every interpolated value unless it is `raw(...)` HTML. */
export type RawHtml = { readonly html: string };

export function raw(html: string): RawHtml {
  return { html };
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      out += item && typeof item === 'object' && 'html' in item ? (item as RawHtml).html : escapeHtml(item);
    }
    out += strings[index + 1] ?? '';
  });
  return raw(out);
}

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1f2933; background: #f5f7fa; }
  header { background: #0b3d91; color: #fff; padding: 10px 24px; display: flex; gap: 20px; align-items: center; }
  header a { color: #fff; text-decoration: none; }
  header strong { margin-right: 12px; }
  main { padding: 20px 24px; max-width: 1200px; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { border-bottom: 1px solid #e4e7eb; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #eef2f7; font-weight: 600; }
  .badge { display: inline-block; background: #e0e8f9; color: #0b3d91; border-radius: 10px; padding: 0 8px; margin: 1px; font-size: 12px; }
  .status { font-weight: 600; }
  .muted { color: #7b8794; font-size: 13px; }
  form.inline { display: inline; }
  fieldset { border: 1px solid #cbd2d9; background: #fff; margin: 0 0 16px; padding: 12px 16px; }
  label { display: block; margin: 6px 0; }
  input[type=text], select, textarea { min-width: 320px; padding: 4px; }
  button { padding: 6px 14px; cursor: pointer; }
  .card { background: #fff; border: 1px solid #e4e7eb; padding: 16px 20px; max-width: 560px; margin: 40px auto; }
  .allow { background: #0b3d91; color: #fff; border: 0; }
  .error { color: #b00020; }
  pre { white-space: pre-wrap; word-break: break-all; background: #fff; padding: 8px; border: 1px solid #e4e7eb; }
`;

export function renderPage(title: string, body: RawHtml, options: { nav?: boolean } = {}): string {
  const nav =
    options.nav === false
      ? ''
      : html`<header><strong>ServiceM8 simulator</strong>
        <a href="/">Jobs</a><a href="/ui/clients">Clients</a><a href="/ui/badges">Badges</a>
        <a href="/ui/messages">Messages</a><a href="/ui/webhooks">Webhooks</a><a href="/ui/calls">API calls</a></header>`
          .html;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${nav}<main>${body.html}</main></body></html>`;
}
