import type { FastifyReply, FastifyRequest } from 'fastify';
import { OK_RESULT, restError } from '../http/sm8-error.ts';
import type { SimContext } from '../sim-context.ts';
import { boundaryOf, parseMultipart } from './multipart.ts';
import { objectType } from './object-types.ts';
import { findRecordOrThrow } from './record.service.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.mp4': 'video/mp4',
};

/**
 * POST /api_1.0/attachment/{uuid}.file: the bytes, either as the raw body or as
 * the `file` part of a multipart body. The attachment record must exist first.
 */
export function uploadAttachmentFile(context: SimContext, request: FastifyRequest, uuid: string): typeof OK_RESULT {
  const attachment = findRecordOrThrow(context.store, objectType('attachment'), uuid);
  const contentType = String(request.headers['content-type'] ?? '');
  let bytes: Buffer;
  let partType: string | undefined;
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const boundary = boundaryOf(contentType);
    const file =
      boundary && Buffer.isBuffer(request.body)
        ? parseMultipart(request.body, boundary).find((part) => part.name === 'file')
        : undefined;
    if (!file) throw restError(400, 'The multipart body has no part named "file"');
    bytes = file.data;
    partType = file.contentType;
  } else if (Buffer.isBuffer(request.body)) {
    bytes = request.body;
  } else if (typeof request.body === 'string') {
    bytes = Buffer.from(request.body);
  } else {
    throw restError(400, 'Send the file as the request body or as a multipart part named "file"');
  }
  if (bytes.length === 0) throw restError(400, 'The file is empty');
  const fileType = String(attachment.file_type).toLowerCase();
  const storedType =
    partType && partType !== 'application/octet-stream'
      ? partType
      : contentType && !contentType.startsWith('multipart/') && contentType !== 'application/octet-stream'
        ? contentType
        : (CONTENT_TYPES[fileType] ?? 'application/octet-stream');
  context.store.putFile(attachment.uuid, { bytes, contentType: storedType, uploadedAt: context.clock.now() });
  return OK_RESULT;
}

/** GET /api_1.0/attachment/{uuid}.file: a 302 to the storage URL (like S3), or the bytes. */
export function downloadAttachmentFile(context: SimContext, reply: FastifyReply, uuid: string): FastifyReply {
  const attachment = findRecordOrThrow(context.store, objectType('attachment'), uuid);
  const file = context.store.getFile(attachment.uuid);
  if (!file) throw restError(404, 'Resource not found: the attachment has no file');
  if (context.options.attachments.download === 'bytes') return reply.type(file.contentType).send(file.bytes);
  const name = encodeURIComponent(String(attachment.attachment_name || `${attachment.uuid}${attachment.file_type}`));
  return reply.redirect(`${context.baseUrl()}/__files/${attachment.uuid}/${name}`, 302);
}

/** GET /__files/{uuid}/{name}: the "storage" a download redirects to (no credentials, like a signed URL). */
export function serveStoredFile(context: SimContext, reply: FastifyReply, uuid: string): FastifyReply {
  const file = context.store.getFile(uuid);
  if (!file) return reply.code(404).type('text/plain').send('Not found');
  return reply.type(file.contentType).send(file.bytes);
}
