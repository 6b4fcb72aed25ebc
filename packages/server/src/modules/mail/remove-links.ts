/** What a link in a sent email's stored copy becomes. */
export const LINK_REMOVED = '[link removed after sending]';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'()]+/gi;
const MARKDOWN_LINK = /\[([^\]]*)\]\(\s*https?:\/\/[^)\s]*\s*\)/gi;
const HTML_LINK = /<a\b[^>]*\bhref\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)[^>]*>([\s\S]*?)<\/a>/gi;

/**
 * The stored copy of a delivered email: its links (single-use tokens among them) replaced by a note,
 * so the outbox never holds a working link to someone else's account once the email is theirs.
 */
export function withoutLinks(mail: { text: string; html: string }): { text: string; html: string } {
  return {
    text: mail.text.replace(MARKDOWN_LINK, `$1 ${LINK_REMOVED}`).replace(URL_PATTERN, LINK_REMOVED),
    html: mail.html.replace(HTML_LINK, `$1 ${LINK_REMOVED}`).replace(URL_PATTERN, LINK_REMOVED),
  };
}
