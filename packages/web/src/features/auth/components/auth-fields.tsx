import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PlainTextField, type PlainTextFieldProps } from '@/components/ui/plain-text-field.tsx';

/** The email address someone signs in with, with its problem (if any) below it. */
export function EmailField({
  value,
  onChange,
  error,
  ...props
}: Omit<PlainTextFieldProps, 'label' | 'value' | 'onChange' | 'error'> & {
  label?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  return (
    <PlainTextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error}
      fullWidth
      {...props}
    />
  );
}

/** The line under a sign-in form that leads to the next one, e.g. "Already have an account? Sign in". */
export function FormFooterLink({ question, href, children }: { question: string; href: string; children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {`${question} `}
      <Link href={href}>{children}</Link>
    </Typography>
  );
}
