import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { danglingReferences, fileExists, referencesIn } from './doc-references.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the documentation names only what exists', () => {
  it('every file, folder and symbol a README or docs/ page names in a code span is in the repository', () => {
    const dangling = danglingReferences(root).map(
      (reference) => `${reference.doc}:${reference.line} ${reference.kind} \`${reference.text}\``,
    );
    expect(dangling).toEqual([]);
  });
});

describe('reading references out of a document', () => {
  it('takes files, folders and symbols from code spans, and leaves commands, addresses and fenced blocks alone', () => {
    const markdown = [
      'The queue lives in `src/queue/queue.ts` and `features/automation/`; `startServices()` builds it.',
      'Run `npm test`, open `/api/docs/json`, set `SMTP_URL`, read `vendor.json` and `DATA_DIR/spool`.',
      '```',
      '`src/gone.ts`',
      '```',
    ].join('\n');
    expect(referencesIn('docs/x.md', markdown).map(({ text, kind, line }) => [line, kind, text])).toEqual([
      [1, 'file', 'src/queue/queue.ts'],
      [1, 'file', 'features/automation/'],
      [1, 'symbol', 'startServices'],
      [2, 'symbol', 'SMTP_URL'],
    ]);
  });

  it('finds a file named from the root, from the doc, by the end of its path or through the web alias', () => {
    const files = ['packages/server/src/queue/queue.ts', 'docs/deploy.md', 'packages/web/src/lib/api-client.ts'];
    expect(fileExists('src/queue/queue.ts', 'README.md', files)).toBe(true);
    expect(fileExists('deploy.md', 'docs/ARCHITECTURE.md', files)).toBe(true);
    expect(fileExists('packages/server/src/queue/', 'README.md', files)).toBe(true);
    expect(fileExists('packages/web/src/lib/api-client.ts', 'README.md', files)).toBe(true);
    expect(fileExists('src/queue/jobs.ts', 'README.md', files)).toBe(false);
    expect(fileExists('ue/queue.ts', 'README.md', files)).toBe(false);
  });
});
