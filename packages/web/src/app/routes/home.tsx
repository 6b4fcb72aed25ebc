import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BoltIcon from '@mui/icons-material/Bolt';
import CableIcon from '@mui/icons-material/Cable';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const STEPS: ReadonlyArray<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <CableIcon />,
    title: 'Connect ServiceM8',
    text: 'Sign in with your ServiceM8 account and approve access. Your jobs, clients, badges and queues stay where they are.',
  },
  {
    icon: <BoltIcon />,
    title: 'Build triggers',
    text: 'Pick an event, add conditions, choose a delay and the actions to take: badges, notes, status changes, emails and texts.',
  },
  {
    icon: <TimelineIcon />,
    title: 'Watch every run',
    text: 'Each run is logged step by step. Conditions are checked again when a delay ends, so nothing goes out late or twice.',
  },
  {
    icon: <LibraryBooksIcon />,
    title: 'Start from templates',
    text: 'Quote follow-ups, review requests, overdue invoice reminders: copy a proven automation and adjust it to suit.',
  },
];

const EXAMPLE_TRIGGER: ReadonlyArray<{ label: string; text: string }> = [
  { label: 'When', text: 'a quote is sent' },
  { label: 'If', text: 'the job is in “Residential” and has no “Accepted” badge' },
  { label: 'Wait', text: '3 days' },
  { label: 'Then', text: 'email the client a friendly follow-up and add a job note' },
];

function ExampleTrigger() {
  return (
    <Paper elevation={6} sx={{ p: 3, borderRadius: 3 }} role="figure" aria-label="An example trigger">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Chip label="Enabled" color="ternary" size="small" />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          Quote follow-up
        </Typography>
      </Stack>
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {EXAMPLE_TRIGGER.map((step) => (
          <Stack component="li" key={step.label} direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
            <Typography
              variant="overline"
              component="span"
              sx={{ minWidth: 48, color: 'primary.main', fontWeight: 700, lineHeight: 1.6 }}
            >
              {step.label}
            </Typography>
            <Typography variant="body2">{step.text}</Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

export function HomeRoute() {
  return (
    <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
      <title>Automate · Automations for ServiceM8</title>
      <Box
        sx={(theme) => ({
          flexGrow: 1,
          background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.12)} 0%, ${theme.palette.background.default} 420px)`,
        })}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Grid container spacing={6} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Typography variant="overline" component="p" sx={{ color: 'ternary.main', fontWeight: 700 }}>
                Automations for ServiceM8
              </Typography>
              <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
                Put your ServiceM8 follow-ups on autopilot
              </Typography>
              <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4 }}>
                Automate watches your jobs, quotes, invoices and forms, and does the routine work for you: chase quotes,
                thank clients, tidy badges and queues, book the next visit. You set the rules once.
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button href="/auth/register" variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
                  Get started
                </Button>
                <Button href="/auth/login" variant="outlined" size="large">
                  Sign in
                </Button>
              </Stack>
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                Want to see how it works first? Browse the <Link href="/help">help center</Link> or the{' '}
                <Link href="/help/faq">frequently asked questions</Link>.
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <ExampleTrigger />
            </Grid>
          </Grid>
        </Container>

        <Container maxWidth="lg" component="section" aria-labelledby="how-it-works" sx={{ pb: { xs: 6, md: 10 } }}>
          <Typography id="how-it-works" variant="h4" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            How it works
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Event → conditions → delay → actions. Every automation follows the same four steps.
          </Typography>
          <Grid container spacing={3}>
            {STEPS.map((step) => (
              <Grid key={step.title} size={{ xs: 12, sm: 6, lg: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Box
                      sx={(theme) => ({
                        display: 'inline-grid',
                        placeItems: 'center',
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        mb: 2,
                        color: 'primary.main',
                        bgcolor: alpha(theme.palette.primary.main, 0.1),
                      })}
                    >
                      {step.icon}
                    </Box>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {step.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {step.text}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>
    </Box>
  );
}
