// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from './markdown-content.tsx';

const ARTICLE = `
| Event | When it runs |
| --- | --- |
| Job completed | the job's status becomes Completed |

- [x] Connect ServiceM8
- [ ] Turn on a reminder

Questions? See https://help.example.com/start or ~~call us~~.

<script>alert('x')</script><img src="x" onerror="alert(1)">
`;

describe('MarkdownContent', () => {
  it('renders tables, task lists, bare links and strikethrough as in GitHub', async () => {
    const { container } = render(<MarkdownContent content={ARTICLE} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'When it runs' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Job completed' })).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'https://help.example.com/start' }).getAttribute('href')).toBe(
      'https://help.example.com/start',
    );
    expect(container.querySelector('del')?.textContent).toBe('call us');
  });

  it('still drops scripts and event handlers', async () => {
    const { container } = render(<MarkdownContent content={ARTICLE} />);
    await screen.findByRole('table');
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
  });
});
