import { CONTENT_IMAGE_LIMITS } from '@automate/contract';
import { describe, expect, it } from 'vitest';
import { checkImageFile, formatBytes, imageMarkdown, insertBlock } from './markdown-text.ts';

describe('inserting a block of Markdown', () => {
  it('puts it where the cursor is, as a paragraph of its own', () => {
    expect(insertBlock('Before.After.', 7, 7, 'X')).toEqual({ text: 'Before.\n\nX\n\nAfter.', cursor: 10 });
  });

  it('adds no blank lines where there already are some', () => {
    expect(insertBlock('Top\n\n\n\nEnd', 5, 5, 'X').text).toBe('Top\n\nX\n\nEnd');
    expect(insertBlock('Line\n', 5, 5, 'X').text).toBe('Line\n\nX');
  });

  it('replaces a selection, and works on empty text', () => {
    expect(insertBlock('keep DROP keep', 5, 9, 'X').text).toBe('keep \n\nX\n\n keep');
    expect(insertBlock('', 0, 0, 'X')).toEqual({ text: 'X', cursor: 1 });
  });

  it('clamps a cursor beyond the text', () => {
    expect(insertBlock('abc', 10, 12, 'X').text).toBe('abc\n\nX');
  });
});

describe('image Markdown', () => {
  it('is ![](url), with characters that would end the link escaped', () => {
    expect(imageMarkdown('/api/Content/images/a.png')).toBe('![](/api/Content/images/a.png)');
    expect(imageMarkdown('/x/a (1).png', 'A [b]')).toBe('![A b](/x/a%20%281%29.png)');
  });
});

describe('checking an image before upload', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 5 MB', () => {
    for (const type of CONTENT_IMAGE_LIMITS.types) {
      expect(checkImageFile({ name: 'a', type, size: CONTENT_IMAGE_LIMITS.maxBytes }, CONTENT_IMAGE_LIMITS)).toBeNull();
    }
  });

  it('refuses a file that is not an image, saying which types work', () => {
    expect(checkImageFile({ name: 'notes.txt', type: 'text/plain', size: 10 }, CONTENT_IMAGE_LIMITS)).toBe(
      '“notes.txt” is not an image that can be uploaded: choose a PNG, JPEG, GIF or WebP file.',
    );
    expect(checkImageFile({ name: 'logo.svg', type: 'image/svg+xml', size: 10 }, CONTENT_IMAGE_LIMITS)).toMatch(
      /not an image that can be uploaded/,
    );
  });

  it('refuses a file over 5 MB, saying how big it is', () => {
    expect(checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 6.5 * 1024 * 1024 }, CONTENT_IMAGE_LIMITS)).toBe(
      '“big.jpg” is 6.5 MB: images can be at most 5 MB. Make it smaller and try again.',
    );
  });

  it('refuses an empty file', () => {
    expect(checkImageFile({ name: 'empty.png', type: 'image/png', size: 0 }, CONTENT_IMAGE_LIMITS)).toBe(
      '“empty.png” is empty.',
    );
  });

  it('formats sizes for people', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(12)).toBe('12 bytes');
  });
});
