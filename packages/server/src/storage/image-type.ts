/** The image type the bytes really are (by their signature), whatever the upload claimed; null if none we accept. */
export function detectImageType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { contentType: 'image/png', extension: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { contentType: 'image/gif', extension: 'gif' };
  const riff = starts(0x52, 0x49, 0x46, 0x46);
  const webp = bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
  if (riff && webp) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
