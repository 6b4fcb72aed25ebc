import { describeDefinition, type TriggerTemplate } from '@automate/contract';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A template as the gallery and the onboarding show it: what it is for, and what it does in plain words.
 * Its title is an h3 under the gallery's category headings, an h2 where the cards sit right under the page's h1.
 */
export function TemplateCard({
  template,
  actions,
  headingLevel = 3,
}: {
  template: TriggerTemplate;
  actions: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const headingId = `template-${template.id}`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={headingId} variant="subtitle1" component={`h${headingLevel}`} sx={{ fontWeight: 600 }}>
          {template.title}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {template.description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="template-preview">
          {describeDefinition(template.definition)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{actions}</CardActions>
    </Card>
  );
}
