/** The parts of a `multipart/form-data` body (enough for the `file` part of an upload). */
export type MultipartPart = {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
  data: Buffer;
};

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2]?.trim();
}

export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const contentStart = start + delimiter.length;
    if (body.subarray(contentStart, contentStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, contentStart);
    if (next === -1) break;
    // each part: CRLF headers CRLF CRLF data CRLF
    const part = body.subarray(contentStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
          contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim(),
          data: Buffer.from(part.subarray(headerEnd + 4)),
        });
      }
    }
    start = next;
  }
  return parts;
}
