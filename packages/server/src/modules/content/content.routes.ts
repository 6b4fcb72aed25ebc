import {
  Article,
  ArticleBySlug,
  ArticleInput,
  CONTENT_IMAGE_LIMITS,
  Faq,
  FaqInput,
  HelpSearchHit,
  type SearchPage,
  SearchQuery,
  searchPage,
  successEnvelope,
  UploadedImage,
} from '@automate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, type Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import type { App } from '../../http/app-type.ts';
import { CONTENT_TYPE_BY_EXTENSION } from '../../storage/image-type.ts';
import {
  changeArticle,
  changeFaq,
  createArticle,
  createFaq,
  getArticle,
  getArticleBySlug,
  getFaq,
  listArticles,
  listFaqs,
  removeArticle,
  removeFaq,
  searchHelp,
  storeContentImage,
} from './content.service.ts';

const IdParams = z.object({ id: z.uuid('id is not a valid id.') });
const readers = { access: access.public };
const editors = { access: access.superAdmin };

/** The routes articles and FAQ entries share: search, read, create, change, delete, upload an image. */
type ContentResource = {
  path: 'article' | 'faq';
  noun: string;
  /** The answer's schema; responses are serialised through it. */
  row: z.ZodType;
  /** The body's schema; the service receives what it parsed. */
  input: z.ZodType;
  /** The content service's functions for this kind. */
  service: {
    list(deps: Deps, query: SearchQuery, caller: Caller | null): Promise<SearchPage<unknown>>;
    get(deps: Deps, id: string, caller: Caller | null): Promise<unknown>;
    create(deps: Deps, input: never): Promise<unknown>;
    change(deps: Deps, id: string, input: never): Promise<unknown>;
    remove(deps: Deps, id: string): Promise<void>;
  };
};

function registerResource(app: App, deps: Deps, resource: ContentResource): void {
  const { service } = resource;
  const base = `/Content/${resource.path}`;
  const tags = ['Content'];
  const drafts = 'Drafts are visible to super admins only.';
  app.get(
    `${base}/search`,
    {
      config: readers,
      schema: {
        tags,
        summary: `Search ${resource.noun}s`,
        description: drafts,
        querystring: SearchQuery,
        response: { 200: successEnvelope(searchPage(resource.row)) },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(deps, request.query, request.caller) }),
  );
  app.get(
    `${base}/:id`,
    {
      config: readers,
      schema: {
        tags,
        summary: `Read a ${resource.noun}`,
        description: drafts,
        params: IdParams,
        response: { 200: successEnvelope(resource.row) },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(deps, request.params.id, request.caller) }),
  );
  app.post(
    base,
    {
      config: { ...editors, document: { errors: ['CONFLICT'] } },
      schema: {
        tags,
        summary: `Create a ${resource.noun}`,
        body: resource.input,
        response: { 201: successEnvelope(resource.row) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await service.create(deps, request.body as never), message: 'Created.' }),
  );
  app.post(
    `${base}/:id`,
    {
      config: { ...editors, document: { errors: ['CONFLICT'] } },
      schema: {
        tags,
        summary: `Change a ${resource.noun}`,
        params: IdParams,
        body: resource.input,
        response: { 200: successEnvelope(resource.row) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.change(deps, request.params.id, request.body as never),
      message: 'Saved.',
    }),
  );
  app.delete(
    `${base}/:id`,
    {
      config: editors,
      schema: {
        tags,
        summary: `Delete a ${resource.noun}`,
        params: IdParams,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(deps, request.params.id);
      return { success: true as const, data: null, message: 'Deleted.' };
    },
  );
  app.post(
    `${base}/:id/image`,
    {
      config: {
        ...editors,
        document: { upload: { field: 'file', description: 'The image, in a field named `file`.' } },
      },
      schema: {
        tags,
        summary: `Upload an image for a ${resource.noun}`,
        description: `Multipart form data with the image in a field named \`file\`: PNG, JPEG, GIF or WebP, at most ${CONTENT_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`,
        params: IdParams,
        response: { 201: successEnvelope(UploadedImage) },
      },
    },
    async (request, reply) => {
      const bytes = await readUploadedFile(request);
      const data = await storeContentImage(deps, { kind: resource.path, id: request.params.id }, bytes);
      return reply.status(201).send({ success: true as const, data, message: 'The image was uploaded.' });
    },
  );
}

async function readUploadedFile(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart form data, in a field named file.');
  }
  const file = await request.file();
  if (!file) throw new AppError('BAD_REQUEST', 'The upload holds no file: send the image in a field named file.');
  try {
    return new Uint8Array(await file.toBuffer());
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Images can be at most 5 MB. Make it smaller and upload it again.');
    }
    throw error;
  }
}

/** Help articles (including the legal pages and the changelog) and FAQ entries. Super admins write. */
export function contentRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: CONTENT_IMAGE_LIMITS.maxBytes, files: 1, fields: 5 } });

    registerResource(app, deps, {
      path: 'article',
      noun: 'article',
      row: Article,
      input: ArticleInput,
      service: {
        list: listArticles,
        get: getArticle,
        create: createArticle,
        change: changeArticle,
        remove: removeArticle,
      },
    });
    registerResource(app, deps, {
      path: 'faq',
      noun: 'FAQ entry',
      row: Faq,
      input: FaqInput,
      service: { list: listFaqs, get: getFaq, create: createFaq, change: changeFaq, remove: removeFaq },
    });

    app.get(
      '/Content/search',
      {
        config: readers,
        schema: {
          tags: ['Content'],
          summary: 'Search the published articles and FAQ entries over their whole text',
          description:
            'Every word must match (English word forms: "invoices" finds "invoice"; the last word also as the start of a longer one). Titles and questions weigh more than the text. Best match first, at most 20, each with a snippet whose matching words are marked.',
          querystring: z.object({
            q: z.string({ error: 'q must be text.' }).max(200, 'q can have at most 200 characters.').default(''),
          }),
          response: { 200: successEnvelope(z.array(HelpSearchHit)) },
        },
      },
      async (request) => ({ success: true as const, data: await searchHelp(deps, request.query.q) }),
    );

    app.get(
      '/Content/article/:id/:slug',
      {
        config: readers,
        schema: {
          tags: ['Content'],
          summary: 'Read an article by id (the slug is for readable links)',
          params: IdParams.extend({ slug: z.string() }),
          response: { 200: successEnvelope(Article) },
        },
      },
      async (request) => ({ success: true as const, data: await getArticle(deps, request.params.id, request.caller) }),
    );

    app.get(
      '/Content/article/category/:category/:slug',
      {
        config: readers,
        schema: {
          tags: ['Content'],
          summary: 'Read an article by category and slug',
          description:
            '`data.article` is null when there is no such published article (the changelog uses communication/changelog).',
          params: z.object({ category: z.string(), slug: z.string() }),
          response: { 200: successEnvelope(ArticleBySlug) },
        },
      },
      async (request) => ({
        success: true as const,
        data: { article: await getArticleBySlug(deps, request.params.category, request.params.slug, request.caller) },
      }),
    );

    app.get(
      '/Content/images/:name',
      {
        config: {
          ...readers,
          document: {
            file: { mediaTypes: Object.values(CONTENT_TYPE_BY_EXTENSION), description: 'The image, as uploaded.' },
          },
        },
        schema: { tags: ['Content'], summary: 'An uploaded content image', params: z.object({ name: z.string() }) },
      },
      async (request, reply) => {
        const bytes = await deps.files.get(request.params.name);
        const type = CONTENT_TYPE_BY_EXTENSION[request.params.name.split('.').pop() ?? ''];
        if (!bytes || !type) throw new AppError('NOT_FOUND', 'Image was not found.');
        return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(Buffer.from(bytes));
      },
    );
  };
}
