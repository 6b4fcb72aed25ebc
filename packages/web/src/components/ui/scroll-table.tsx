import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/**
 * A table with its header row that scrolls sideways inside its own box when the screen is narrower than
 * it (the box is focusable, so a keyboard can scroll it too), instead of widening the page.
 */
export function ScrollTable({
  label,
  head,
  size,
  children,
}: {
  label: string;
  head: ReadonlyArray<{ label: string; align?: 'right' }>;
  size?: 'small' | 'medium';
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <TableContainer tabIndex={0}>
      <Table size={size} aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
