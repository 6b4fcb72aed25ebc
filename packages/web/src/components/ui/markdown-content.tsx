import { lazy, Suspense } from 'react';
import { ParagraphSkeleton } from './paragraph-skeleton.tsx';

/** The Markdown renderer and its plugins are a large download that most pages never need. */
const MarkdownRenderer = lazy(() => import('./markdown-renderer.tsx'));

/**
 * Markdown rendered as sanitised HTML with GitHub's tables, task lists and links (articles, FAQ, the
 * changelog); a paragraph skeleton while the renderer loads the first time.
 */
export function MarkdownContent({ content }: { content: string }) {
  return (
    <Suspense fallback={<ParagraphSkeleton rows={2} />}>
      <MarkdownRenderer content={content} />
    </Suspense>
  );
}
