import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one line per text-showing operator, read the way a PDF reader does: each
 * compressed content stream inflated, and the hex strings of its `TJ` and `Tj` operators decoded (the
 * standard fonts' codes are Latin-1). Enough for the PDFs this server writes with its standard fonts.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/FlateDecode[^>]*>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>)\s*Tj/g)) {
      const hex = [...(shown[1] ?? shown[2] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
