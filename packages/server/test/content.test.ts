import {
  ACTION_WORDS,
  Article,
  ArticleBySlug,
  CONDITION_WORDS,
  ErrorBody,
  Faq,
  type HelpSearchHit,
  searchPage,
  successEnvelope,
  TRIGGER_EVENT_LABELS,
  toSearchParams,
} from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;
let team: Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  services = await startTestServices();
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  team = await createVendorTeam(services.deps);
});
afterAll(() => services.cleanup());

const OneArticle = successEnvelope(Article);
const ArticlePage = successEnvelope(searchPage(Article));
const BySlug = successEnvelope(ArticleBySlug);
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  services.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

function multipartImage(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----automate-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('seeded help content', () => {
  it('has the changelog article the app shell opens, and null for an unknown slug', async () => {
    const changelog = BySlug.parse((await call('GET', '/api/Content/article/category/communication/changelog')).json());
    expect(changelog.data.article).toMatchObject({ title: "What's new in Automate 1.8", published: true });
    expect(changelog.data.article?.content).toContain('## 1.8.0');
    const missing = BySlug.parse((await call('GET', '/api/Content/article/category/communication/nothing')).json());
    expect(missing.data.article).toBeNull();
  });

  it('has the privacy policy and the terms the legal pages show, published and written', async () => {
    for (const [slug, title] of [
      ['privacy-policy', 'Privacy policy'],
      ['terms-and-conditions', 'Terms and conditions'],
    ]) {
      const { article } = BySlug.parse((await call('GET', `/api/Content/article/category/legal/${slug}`)).json()).data;
      expect(article).toMatchObject({ category: 'legal', slug, title, published: true });
      expect(article?.content.trim()).not.toBe('');
    }
  });

  it('serves a super admin’s edit of the changelog at once, as newer than before: the app shell opens it again', async () => {
    const path = '/api/Content/article/category/communication/changelog';
    const seeded = BySlug.parse((await call('GET', path)).json()).data.article;
    if (!seeded) throw new Error('The changelog article was not seeded.');
    const saved = await call('POST', `/api/Content/article/${seeded.id}`, superToken, {
      category: seeded.category,
      title: seeded.title,
      slug: seeded.slug,
      content: `## Release marker\n\n${seeded.content}`,
      published: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = BySlug.parse((await call('GET', path)).json()).data.article;
    expect(edited?.content).toMatch(/^## Release marker\n/);
    expect(Date.parse(edited?.updated ?? '')).toBeGreaterThan(Date.parse(seeded.updated));
  });

  it('explains every event, condition and action, and has at least 8 FAQ entries', async () => {
    // By the words the editor shows, never by the code name.
    const words: Array<[slug: string, labels: Record<string, string>]> = [
      ['events', TRIGGER_EVENT_LABELS],
      ['conditions', Object.fromEntries(Object.entries(CONDITION_WORDS).map(([code, { label }]) => [code, label]))],
      ['actions', Object.fromEntries(Object.entries(ACTION_WORDS).map(([code, { label }]) => [code, label]))],
    ];
    for (const [slug, labels] of words) {
      const article = BySlug.parse((await call('GET', `/api/Content/article/category/automations/${slug}`)).json()).data
        .article;
      for (const [code, label] of Object.entries(labels)) {
        expect({ slug, code, label: article?.content.includes(`**${label}**`) }).toEqual({ slug, code, label: true });
        expect({ slug, code, named: article?.content.includes(code) }).toEqual({ slug, code, named: false });
      }
    }
    const faqs = successEnvelope(searchPage(Faq)).parse((await call('GET', '/api/Content/faq/search')).json()).data;
    expect(faqs.total).toBeGreaterThanOrEqual(8);
    const orders = faqs.rows.map((faq) => faq.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe('articles', () => {
  it('generates a unique slug per category from the title, and refuses a taken slug', async () => {
    const create = (payload: object) => call('POST', '/api/Content/article', superToken, payload);
    const first = OneArticle.parse(
      (await create({ category: 'billing', title: 'Paying by card!', published: true })).json(),
    );
    const second = OneArticle.parse(
      (await create({ category: 'billing', title: 'Paying by card', published: true })).json(),
    );
    const elsewhere = OneArticle.parse((await create({ category: 'servicem8', title: 'Paying by card' })).json());
    expect([first.data.slug, second.data.slug, elsewhere.data.slug]).toEqual([
      'paying-by-card',
      'paying-by-card-2',
      'paying-by-card',
    ]);

    const taken = await create({ category: 'billing', title: 'Another', slug: 'paying-by-card' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      message: 'Another article in billing already uses the slug "paying-by-card".',
      errors: { slug: ['Slug: another article in this category uses it.'] },
    });
    const renamed = await call('POST', `/api/Content/article/${second.data.id}`, superToken, {
      category: 'billing',
      title: 'Paying by card, again',
      slug: 'card-payments',
      published: true,
    });
    expect(OneArticle.parse(renamed.json()).data.slug).toBe('card-payments');
    const bad = await create({ category: 'billing', title: 'x', slug: 'Not A Slug' });
    expect(errorOf(bad).errors?.slug).toEqual([
      'Slug: use lowercase words joined by hyphens, e.g. connecting-servicem8.',
    ]);
  });

  it('keeps drafts from everyone but super admins', async () => {
    const draft = OneArticle.parse(
      (
        await call('POST', '/api/Content/article', superToken, {
          category: 'getting-started',
          title: 'Secret draft',
          content: 'soon',
        })
      ).json(),
    ).data;
    expect(draft.published).toBe(false);
    const query = toSearchParams({ Filters: [{ action: 'ILike', field: 'title', value: 'secret draft' }] });
    const search = (token?: string) =>
      services.app.inject({
        method: 'GET',
        url: '/api/Content/article/search',
        query,
        headers: token ? bearer(token) : {},
      });
    expect(ArticlePage.parse((await search()).json()).data.total).toBe(0);
    expect(ArticlePage.parse((await search(team.adminToken)).json()).data.total).toBe(0);
    expect(ArticlePage.parse((await search(superToken)).json()).data.total).toBe(1);
    expect((await call('GET', `/api/Content/article/${draft.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/Content/article/${draft.id}/${draft.slug}`, team.userToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/Content/article/${draft.id}`, superToken)).statusCode).toBe(200);
    const bySlug = BySlug.parse(
      (await call('GET', `/api/Content/article/category/getting-started/${draft.slug}`)).json(),
    );
    expect(bySlug.data.article).toBeNull();
  });

  it('lets only super admins write: 403 for vendor users, 401 without a session', async () => {
    const article = OneArticle.parse(
      (
        await call('POST', '/api/Content/article', superToken, {
          category: 'billing',
          title: 'Refunds',
          published: true,
        })
      ).json(),
    ).data;
    const writes = [
      ['POST', '/api/Content/article', { category: 'billing', title: 'Hack' }],
      ['POST', `/api/Content/article/${article.id}`, { category: 'billing', title: 'Hacked' }],
      ['DELETE', `/api/Content/article/${article.id}`, undefined],
      ['POST', '/api/Content/faq', { question: 'Hack?' }],
    ] as const;
    for (const [method, url, payload] of writes) {
      for (const token of [team.adminToken, team.userToken]) {
        const response = await call(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
    const upload = await services.app.inject({
      method: 'POST',
      url: `/api/Content/article/${article.id}/image`,
      headers: { ...bearer(team.adminToken), ...multipartImage(PNG, 'a.png', 'image/png').headers },
      payload: multipartImage(PNG, 'a.png', 'image/png').payload,
    });
    expect(upload.statusCode).toBe(403);
    expect(OneArticle.parse((await call('GET', `/api/Content/article/${article.id}`)).json()).data.title).toBe(
      'Refunds',
    );
  });

  it('deletes an article', async () => {
    const article = OneArticle.parse(
      (
        await call('POST', '/api/Content/article', superToken, {
          category: 'billing',
          title: 'Temporary',
          published: true,
        })
      ).json(),
    ).data;
    expect((await call('DELETE', `/api/Content/article/${article.id}`, superToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/Content/article/${article.id}`, superToken)).statusCode).toBe(404);
  });
});

describe('content images', () => {
  let articleId: string;
  beforeAll(async () => {
    articleId = OneArticle.parse(
      (
        await call('POST', '/api/Content/article', superToken, {
          category: 'billing',
          title: 'With a picture',
          published: true,
        })
      ).json(),
    ).data.id;
  });
  const upload = (bytes: Buffer, filename: string, contentType: string) => {
    const { payload, headers } = multipartImage(bytes, filename, contentType);
    return services.app.inject({
      method: 'POST',
      url: `/api/Content/article/${articleId}/image`,
      headers: { ...bearer(superToken), ...headers },
      payload,
    });
  };

  it('stores an image and serves it with its content type', async () => {
    const response = await upload(PNG, 'diagram.png', 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const { url, contentType, size } = response.json().data;
    expect({ contentType, size }).toEqual({ contentType: 'image/png', size: PNG.length });
    const served = await services.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a file that is not an image, whatever it claims, with a clear message', async () => {
    const response = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe('Only PNG, JPEG, GIF and WebP images can be uploaded.');
  });

  it('refuses an image over 5 MB with a clear message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await upload(big, 'huge.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe('Images can be at most 5 MB. Make it smaller and upload it again.');
  });

  it('refuses an upload that is not multipart', async () => {
    const response = await call('POST', `/api/Content/article/${articleId}/image`, superToken, { file: 'x' });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).message).toBe('Send the image as multipart form data, in a field named file.');
  });

  it('answers 404 for an image that does not exist or a path that tries to escape', async () => {
    expect((await services.app.inject({ method: 'GET', url: '/api/Content/images/nothing.png' })).statusCode).toBe(404);
    expect(
      (await services.app.inject({ method: 'GET', url: '/api/Content/images/..%2F..%2Fsecret-key' })).statusCode,
    ).toBe(404);
  });
});

describe('FAQ', () => {
  it('creates, changes and deletes an entry; drafts stay hidden', async () => {
    const created = successEnvelope(Faq).parse(
      (
        await call('POST', '/api/Content/faq', superToken, {
          question: 'Can I pause a trigger?',
          answer: 'Yes.',
          sortOrder: 5,
        })
      ).json(),
    ).data;
    expect((await call('GET', `/api/Content/faq/${created.id}`)).statusCode).toBe(404);
    const published = await call('POST', `/api/Content/faq/${created.id}`, superToken, {
      question: 'Can I pause a trigger?',
      answer: 'Yes, switch it off.',
      sortOrder: 5,
      published: true,
    });
    expect(published.json().data).toMatchObject({ answer: 'Yes, switch it off.', published: true });
    const read = successEnvelope(Faq).parse((await call('GET', `/api/Content/faq/${created.id}`)).json()).data;
    expect(read.answer).toBe('Yes, switch it off.');
    expect((await call('DELETE', `/api/Content/faq/${created.id}`, superToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/Content/faq/${created.id}`, superToken)).statusCode).toBe(404);
  });
});

describe('searching the help over its whole text', () => {
  const hits = async (q: string) => {
    const response = await services.app.inject({ method: 'GET', url: '/api/Content/search', query: { q } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: HelpSearchHit[] }).data;
  };

  beforeAll(async () => {
    const article = (title: string, content: string, published = true) =>
      call('POST', '/api/Content/article', superToken, { category: 'billing', title, content, published });
    await article(
      'Paying the plumber by card',
      'When the **overdue invoices** pile up, a [reminder](https://example.com) goes out.',
    );
    await article('Overdue invoices explained', 'What happens when a client pays late.');
    await article('Zebra draft', 'Overdue invoices, secretly.', false);
    await call('POST', '/api/Content/faq', superToken, {
      question: 'Can a reminder wait?',
      answer: 'Yes: invoices that are overdue get a reminder after the delay you set.',
      published: true,
    });
  });

  it('finds the words in titles, bodies and answers, in any form, titles first, drafts never', async () => {
    const found = await hits('overdue invoice');
    expect(found.map((hit) => [hit.kind, hit.title])).toEqual([
      ['article', 'Overdue invoices explained'],
      ...found.slice(1).map((hit) => [hit.kind, hit.title]),
    ]);
    expect(found.map((hit) => hit.title).sort()).toEqual(
      ['Can a reminder wait?', 'Overdue invoices explained', 'Paying the plumber by card'].sort(),
    );
    const card = found.find((hit) => hit.title === 'Paying the plumber by card');
    expect(card).toMatchObject({ kind: 'article', category: 'billing', slug: 'paying-the-plumber-by-card' });
    expect(card?.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual([
      'overdue',
      'invoices',
    ]);
    // Markdown markup is not shown in the snippet.
    expect(card?.snippet.map((part) => part.text).join('')).not.toMatch(/\*\*|\]\(/);
  });

  it('quotes the seeded help in the editor’s words: a snippet names an event by its label, not its code', async () => {
    const snippets = (await hits('payment')).map((hit) => hit.snippet.map((part) => part.text).join(''));
    expect(snippets.some((snippet) => snippet.includes(TRIGGER_EVENT_LABELS.JobPaymentMade))).toBe(true);
    expect(snippets.filter((snippet) => snippet.includes('JobPaymentMade'))).toEqual([]);
  });

  it('matches the last word as the start of one while typing, and answers nothing for no words', async () => {
    expect((await hits('remind')).map((hit) => hit.title).sort()).toEqual([
      'Can a reminder wait?',
      'Paying the plumber by card',
    ]);
    expect(await hits('  ?! ')).toEqual([]);
    expect(await hits('nothing-like-this-anywhere')).toEqual([]);
  });
});
