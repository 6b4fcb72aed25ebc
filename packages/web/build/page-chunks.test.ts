import { describe, expect, it } from 'vitest';
import { type ModuleGraph, misplacedPageChunks, pageChunkMembers } from './page-chunks.ts';

/**
 * An entry that lazily loads a sign-in page, a help page and the signed-in shell; the shell lazily loads the
 * dashboard and a dialog; help lazily loads a markdown renderer.
 */
const IMPORTS: Record<string, { static?: string[]; lazy?: string[]; entry?: true }> = {
  main: { entry: true, static: ['react'], lazy: ['login', 'help', 'shell', 'dashboard'] },
  react: {},
  login: { static: ['button', 'text-field'] },
  help: { static: ['query', 'button'], lazy: ['markdown'] },
  markdown: { static: ['list'] },
  shell: { static: ['react', 'app-bar', 'list', 'query', 'button'], lazy: ['dialog'] },
  'app-bar': { static: ['toolbar'] },
  toolbar: {},
  list: {},
  query: {},
  button: {},
  'text-field': {},
  dialog: { static: ['modal'] },
  modal: {},
  dashboard: { static: ['chart', 'app-bar', 'query', 'text-field'] },
  chart: {},
};

const graph: ModuleGraph = {
  ids: Object.keys(IMPORTS),
  staticImports: (id) => IMPORTS[id]?.static ?? [],
  dynamicImports: (id) => IMPORTS[id]?.lazy ?? [],
  isEntry: (id) => IMPORTS[id]?.entry === true,
  isLazy: (id) => Object.values(IMPORTS).some((module) => module.lazy?.includes(id)),
};
const isPublic = (id: string) => id === 'login' || id === 'help';

describe('page chunks', () => {
  it('takes what only signed-in pages import, never what a public page or what it loads later needs', () => {
    const members = pageChunkMembers(graph, [{ name: 'signed-in', pages: ['shell'], keepOutOf: isPublic }]);
    // `list` is the markdown renderer's too (help loads it later), `query` and `button` help's own.
    expect(Object.fromEntries(members)).toEqual({ 'app-bar': 'signed-in', toolbar: 'signed-in' });
  });

  it('leaves the entry’s modules and lazily loaded modules in their own files', () => {
    const members = pageChunkMembers(graph, [{ name: 'everything', pages: ['main', 'shell'], keepOutOf: () => false }]);
    expect(members.has('react')).toBe(false);
    expect(members.has('shell')).toBe(false);
    expect(members.has('dialog')).toBe(false);
    expect(members.get('list')).toBe('everything');
  });

  it('fills chunks in order: a later chunk takes only what the earlier ones left', () => {
    const members = pageChunkMembers(graph, [
      { name: 'signed-in', pages: ['shell'], keepOutOf: isPublic },
      { name: 'dashboard-page', pages: ['dashboard'], keepOutOf: isPublic },
      { name: 'shell-shared', pages: ['shell'], keepOutOf: (id) => id === 'login' },
    ]);
    expect(Object.fromEntries(members)).toEqual({
      'app-bar': 'signed-in',
      toolbar: 'signed-in',
      chart: 'dashboard-page',
      list: 'shell-shared',
      query: 'shell-shared',
    });
    // The sign-in page's button stays out of every chunk, as does the text field the dashboard shares with it.
    expect(members.has('button')).toBe(false);
    expect(members.has('text-field')).toBe(false);
  });

  it('takes, with `sharedWith`, only what each of those pages imports too, so they load nothing they do not use', () => {
    const members = pageChunkMembers(graph, [
      { name: 'with-sign-in', pages: ['dashboard'], sharedWith: [['login']] },
      { name: 'with-help', pages: ['dashboard', 'shell'], sharedWith: [['help']] },
    ]);
    // The text field is the sign-in page's too; `query` and `button` are help's; the chart and the app bar nobody else's.
    expect(Object.fromEntries(members)).toEqual({
      'text-field': 'with-sign-in',
      query: 'with-help',
      button: 'with-help',
    });
  });

  it('takes, with `keepOutOfFirstLoad`, what a page only loads later, but nothing its first visit needs', () => {
    const members = pageChunkMembers(graph, [
      { name: 'later-for-help', pages: ['shell'], keepOutOfFirstLoad: (id) => id === 'help' },
    ]);
    // The list is help's markdown renderer's, loaded after help shows; `query` and `button` help's own.
    expect(Object.fromEntries(members)).toEqual({
      'app-bar': 'later-for-help',
      toolbar: 'later-for-help',
      list: 'later-for-help',
    });
  });

  it('names a page the build does not have', () => {
    expect(() => pageChunkMembers(graph, [{ name: 'admin', pages: ['admin-page'], keepOutOf: isPublic }])).toThrow(
      'The page chunk admin names admin-page, which the build does not have.',
    );
    expect(() => pageChunkMembers(graph, [{ name: 'admin', pages: ['shell'], sharedWith: [['sign-up']] }])).toThrow(
      'The page chunk admin names sign-up, which the build does not have.',
    );
  });
});

describe('checking the built chunks', () => {
  const chunk = (
    name: string,
    facadeModuleId: string | null,
    imports: string[] = [],
    dynamicImports: string[] = [],
  ) => ({
    name,
    fileName: `${name}.js`,
    isEntry: name === 'index',
    facadeModuleId,
    imports,
    dynamicImports,
  });
  const keptOut = [{ chunk: 'signed-in', pages: ['login', 'help'], later: true }];

  it('passes a build where no page a chunk is kept out of loads it, the entry’s lazy pages aside', () => {
    const built = [
      chunk('index', 'main', ['framework.js'], ['login.js', 'shell.js']),
      chunk('framework', null),
      chunk('login', 'login', ['index.js', 'framework.js']),
      chunk('help', 'help', ['framework.js'], ['markdown.js']),
      chunk('markdown', 'markdown'),
      chunk('shell', 'shell', ['signed-in.js']),
      chunk('signed-in', null, ['framework.js']),
    ];
    expect(misplacedPageChunks(built, keptOut)).toEqual([]);
  });

  it('names a kept-out page that loads the chunk, at once or later, and an entry that loads a page chunk', () => {
    const built = [
      chunk('index', 'main', ['signed-in.js'], ['login.js', 'shell.js']),
      chunk('login', 'login', ['form.js']),
      chunk('form', null, ['signed-in.js']),
      chunk('help', 'help', [], ['markdown.js']),
      chunk('markdown', 'markdown', ['signed-in.js']),
      chunk('shell', 'shell', ['signed-in.js']),
      chunk('signed-in', null),
    ];
    expect(misplacedPageChunks(built, keptOut)).toEqual([
      "The app's entry loads the page chunk signed-in, so every page would.",
      'login loads the page chunk signed-in, which is kept out of it.',
      'help loads the page chunk signed-in, which is kept out of it.',
    ]);
  });

  it('lets a page load later, not at once, a chunk kept out of its first visit only', () => {
    const firstVisit = [{ chunk: 'schemas', pages: ['login'], later: false }];
    const later = [
      chunk('index', 'main', [], ['login.js']),
      chunk('login', 'login', [], ['send.js']),
      chunk('send', 'send', ['schemas.js']),
      chunk('schemas', null),
    ];
    expect(misplacedPageChunks(later, firstVisit)).toEqual([]);
    const atOnce = [
      chunk('index', 'main', [], ['login.js']),
      chunk('login', 'login', ['schemas.js']),
      chunk('schemas', null),
    ];
    expect(misplacedPageChunks(atOnce, firstVisit)).toEqual([
      'login loads the page chunk schemas, which is kept out of it.',
    ]);
  });
});
