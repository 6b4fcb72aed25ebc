import Box from '@mui/material/Box';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Markdown rendered as HTML (loaded on demand through `MarkdownContent`), sanitised (articles, FAQ, the changelog come from people, not code), with
 * GitHub's additions: tables, task lists, strikethrough and bare links. A wide table scrolls inside the
 * text instead of widening the page on a phone.
 */
export default function MarkdownRenderer({ content }: { content: string }) {
  return (
    <Box
      className="markdown-content"
      sx={{
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1, & h2, & h3, & h4': { lineHeight: 1.3, mt: 3, mb: 1 },
        '& p, & ul, & ol': { lineHeight: 1.6 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& a': { color: 'primary.main' },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 2, borderRadius: 1 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', display: 'block', maxWidth: '100%', overflowX: 'auto' },
        '& li.task-list-item': { listStyle: 'none' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
      }}
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {content}
      </ReactMarkdown>
    </Box>
  );
}
