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
  UploadedImage,
} from '@automate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, type Caller } from '../../http/access.ts';
import { answerRoute, replyRoute } from '../../http/answer-route.ts';
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
type ContentResource<Row extends z.ZodType, Input extends z.ZodType> = {
  path: 'article' | 'faq';
  noun: string;
  /** The answer's schema; responses are serialised through it. */
  row: Row;
  /** The body's schema; the service receives what it parsed. */
  input: Input;
  /** The content service's functions for this kind. */
  service: {
    list(deps: Deps, query: SearchQuery, caller: Caller | null): Promise<SearchPage<z.output<Row>>>;
    get(deps: Deps, id: string, caller: Caller | null): Promise<z.output<Row>>;
    create(deps: Deps, input: z.output<Input>): Promise<z.output<Row>>;
    change(deps: Deps, id: string, input: z.output<Input>): Promise<z.output<Row>>;
    remove(deps: Deps, id: string): Promise<void>;
  };
};

function registerResource<Row extends z.ZodType, Input extends z.ZodType>(
  app: App,
  deps: Deps,
  resource: ContentResource<Row, Input>,
): void {
  const { service, noun } = resource;
  // Fastify has parsed the body with `resource.input`; the type provider cannot follow a generic schema.
  const parsedBody = (body: unknown) => body as z.output<Input>;
  const base = `/Content/${resource.path}`;
  const tags = ['Content'];
  const drafts = 'Drafts are visible to super admins only.';
  answerRoute(app, {
    method: 'GET',
    url: `${base}/search`,
    ...readers,
    tags,
    summary: `Search ${noun}s`,
    description: drafts,
    querystring: SearchQuery,
    data: searchPage(resource.row),
    answer: (request) => service.list(deps, request.query, request.caller),
  });
  answerRoute(app, {
    method: 'GET',
    url: `${base}/:id`,
    ...readers,
    tags,
    summary: `Read a ${noun}`,
    description: drafts,
    params: IdParams,
    data: resource.row,
    answer: (request) => service.get(deps, request.params.id, request.caller),
  });
  answerRoute(app, {
    method: 'POST',
    url: base,
    ...editors,
    document: { errors: ['CONFLICT'] },
    tags,
    summary: `Create a ${noun}`,
    body: resource.input,
    data: resource.row,
    status: 201,
    message: 'Created.',
    answer: (request) => service.create(deps, parsedBody(request.body)),
  });
  answerRoute(app, {
    method: 'POST',
    url: `${base}/:id`,
    ...editors,
    document: { errors: ['CONFLICT'] },
    tags,
    summary: `Change a ${noun}`,
    params: IdParams,
    body: resource.input,
    data: resource.row,
    message: 'Saved.',
    answer: (request) => service.change(deps, request.params.id, parsedBody(request.body)),
  });
  answerRoute(app, {
    method: 'DELETE',
    url: `${base}/:id`,
    ...editors,
    tags,
    summary: `Delete a ${noun}`,
    params: IdParams,
    data: z.null(),
    message: 'Deleted.',
    answer: async (request) => {
      await service.remove(deps, request.params.id);
      return null;
    },
  });
  answerRoute(app, {
    method: 'POST',
    url: `${base}/:id/image`,
    ...editors,
    document: { upload: { field: 'file', description: 'The image, in a field named `file`.' } },
    tags,
    summary: `Upload an image for a ${noun}`,
    description: `Multipart form data with the image in a field named \`file\`: PNG, JPEG, GIF or WebP, at most ${CONTENT_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`,
    params: IdParams,
    data: UploadedImage,
    status: 201,
    message: 'The image was uploaded.',
    answer: async (request) =>
      storeContentImage(deps, { kind: resource.path, id: request.params.id }, await readUploadedFile(request)),
  });
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

    answerRoute(app, {
      method: 'GET',
      url: '/Content/search',
      ...readers,
      tags: ['Content'],
      summary: 'Search the published articles and FAQ entries over their whole text',
      description:
        'Every word must match (English word forms: "invoices" finds "invoice"; the last word also as the start of a longer one). Titles and questions weigh more than the text. Best match first, at most 20, each with a snippet whose matching words are marked.',
      querystring: z.object({
        q: z.string({ error: 'q must be text.' }).max(200, 'q can have at most 200 characters.').default(''),
      }),
      data: z.array(HelpSearchHit),
      answer: (request) => searchHelp(deps, request.query.q),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Content/article/:id/:slug',
      ...readers,
      tags: ['Content'],
      summary: 'Read an article by id (the slug is for readable links)',
      params: IdParams.extend({ slug: z.string() }),
      data: Article,
      answer: (request) => getArticle(deps, request.params.id, request.caller),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Content/article/category/:category/:slug',
      ...readers,
      tags: ['Content'],
      summary: 'Read an article by category and slug',
      description:
        '`data.article` is null when there is no such published article (the changelog uses communication/changelog).',
      params: z.object({ category: z.string(), slug: z.string() }),
      data: ArticleBySlug,
      answer: async (request) => ({
        article: await getArticleBySlug(deps, request.params.category, request.params.slug, request.caller),
      }),
    });

    replyRoute(app, {
      method: 'GET',
      url: '/Content/images/:name',
      ...readers,
      document: {
        file: { mediaTypes: Object.values(CONTENT_TYPE_BY_EXTENSION), description: 'The image, as uploaded.' },
      },
      tags: ['Content'],
      summary: 'An uploaded content image',
      params: z.object({ name: z.string() }),
      reply: async (request, reply) => {
        const bytes = await deps.files.get(request.params.name);
        const type = CONTENT_TYPE_BY_EXTENSION[request.params.name.split('.').pop() ?? ''];
        if (!bytes || !type) throw new AppError('NOT_FOUND', 'Image was not found.');
        return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(Buffer.from(bytes));
      },
    });
  };
}
