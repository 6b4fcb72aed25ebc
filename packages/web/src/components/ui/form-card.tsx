import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The card that holds a sign-in style page: a heading, an optional line under it, then the content. */
export function FormCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 480, borderRadius: 3 }}>
      <title>{`${title} · Automate`}</title>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 3 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}
