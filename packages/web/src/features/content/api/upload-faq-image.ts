import { UploadedImage } from '@automate/contract';
import { apiPost } from '@/lib/api-client.ts';
import type { UploadedImageData } from './upload-article-image.ts';

/** `POST /api/Content/faq/{id}/image` (super admins): as for articles, the image in the multipart field `file`. */
export async function uploadFaqImage(id: string, file: File): Promise<UploadedImageData> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost(`/Content/faq/${encodeURIComponent(id)}/image`, UploadedImage, { body: form });
}
