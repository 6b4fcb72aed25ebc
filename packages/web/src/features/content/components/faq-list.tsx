import type { Faq, SearchQueryInput } from '@automate/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '@/components/ui/load-error.tsx';
import { MarkdownContent } from '@/components/ui/markdown-content.tsx';
import { useFaqSearch } from '../api/search-faqs.ts';
import type { HelpPaths } from '../help-paths.ts';
import { HelpSearchField } from './help-center.tsx';

/** Every published entry, in the editors' order. */
const PUBLISHED_FAQ: SearchQueryInput = {
  PageNumber: 1,
  PageSize: 500,
  SortBy: 'sortOrder',
  SortDir: 'Ascending',
  Filters: [{ action: 'Eq', field: 'published', value: true }],
};

const faqAnchor = (id: string) => `faq-${id}`;

/** Entries whose question or answer contains every word of `text` (case-insensitive). */
export function filterFaqs<T extends Pick<Faq, 'question' | 'answer'>>(entries: readonly T[], text: string): T[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const haystack = `${entry.question}\n${entry.answer}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The FAQ (/help/faq and /app/help/faq): the published questions as an accordion, answers rendered from
 * Markdown, with a filter box. A link to `#faq-{id}` opens that answer.
 */
export function FaqList({ paths }: { paths: HelpPaths }) {
  const { hash } = useLocation();
  const faqs = useFaqSearch(PUBLISHED_FAQ);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const id = hash.startsWith('#faq-') ? decodeURIComponent(hash.slice(5)) : '';
    return new Set(id === '' ? [] : [id]);
  });

  const toggle = (id: string) => (_event: unknown, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const shown = faqs.data ? filterFaqs(faqs.data.rows, text) : [];

  return (
    <Box>
      <title>Frequently asked questions · Help · Automate</title>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Frequently asked questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Quick answers about Automate, ServiceM8 and billing. For step-by-step guides, see the{' '}
        <Link href={paths.articles}>articles</Link>.
      </Typography>
      <Box role="search" sx={{ maxWidth: 720, mb: 3 }}>
        <HelpSearchField value={text} onChange={setText} label="Filter questions" placeholder="e.g. webhook, invoice" />
      </Box>

      {faqs.isPending ? (
        <Stack spacing={1} role="progressbar" aria-label="Loading questions">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <Skeleton key={index} variant="rounded" height={52} />
          ))}
        </Stack>
      ) : faqs.isError ? (
        <LoadError error={faqs.error} fallback={'The questions could not be loaded.'} onRetry={() => faqs.refetch()} />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {text.trim() === '' ? 'No questions have been published yet.' : `No questions match “${text.trim()}”.`}
        </Typography>
      ) : (
        <Box data-testid="faq-list">
          {shown.map((entry) => (
            <Accordion
              key={entry.id}
              id={faqAnchor(entry.id)}
              expanded={expanded.has(entry.id)}
              onChange={toggle(entry.id)}
              disableGutters
              variant="outlined"
              slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}
              sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {entry.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                {entry.answer.trim() === '' ? (
                  <Typography color="text.secondary">No answer has been written yet.</Typography>
                ) : (
                  <MarkdownContent content={entry.answer} />
                )}
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
    </Box>
  );
}
