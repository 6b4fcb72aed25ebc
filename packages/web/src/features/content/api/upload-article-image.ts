import { UploadedImage } from '@automate/contract';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';

export type UploadedImageData = z.infer<typeof UploadedImage>;

/**
 * `POST /api/Content/article/{id}/image` (super admins), multipart with the image in `file`: PNG, JPEG,
 * GIF or WebP up to 5 MB (400/413/415 with a sentence otherwise). Answers where the image is served.
 */
export async function uploadArticleImage(id: string, file: File): Promise<UploadedImageData> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/Content/article/${encodeURIComponent(id)}/image`, UploadedImage, { body: form });
}
