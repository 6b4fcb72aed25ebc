import { PASSWORD_POLICY, TimeZone } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert.tsx';
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset.tsx';
import { PasswordField } from '@/components/ui/password-field.tsx';
import { PendingButton } from '@/components/ui/pending-button.tsx';
import { useRegister } from '../api/register.ts';
import { FormFooterLink } from './auth-fields.tsx';
import {
  browserTimeZone,
  checkRequired,
  compact,
  type FieldErrors,
  hasErrors,
  MESSAGES,
  serverFieldError,
} from './form-rules.ts';
import { checkEmail, checkNewPassword } from './schema-rules.ts';

type Field = 'firstName' | 'lastName' | 'vendorName' | 'email' | 'password';

const EMPTY: Record<Field, string> = { firstName: '', lastName: '', vendorName: '', email: '', password: '' };

/** Sign-up: the person and their business. The server emails a confirmation link and says so. */
export function RegisterForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const register = useRegister();

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact<Field>({
      firstName: checkRequired(values.firstName, MESSAGES.firstNameRequired),
      lastName: checkRequired(values.lastName, MESSAGES.lastNameRequired),
      vendorName: checkRequired(values.vendorName, MESSAGES.vendorNameRequired),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
    });
    setErrors(found);
    if (hasErrors(found)) return;
    const zone = browserTimeZone();
    register.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      vendorName: values.vendorName.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(zone !== undefined && TimeZone.safeParse(zone).success ? { timeZone: zone } : {}),
    });
  };

  if (register.isSuccess) {
    return (
      <Stack spacing={2} role="status">
        <Alert severity="success" data-testid="register-success">
          {register.data.message}
        </Alert>
        <Typography variant="body2" color="text.secondary">
          No email after a few minutes? Check your spam folder, or sign in and ask for a new link.
        </Typography>
        <Button href="/auth/login" variant="contained">
          Go to sign in
        </Button>
      </Stack>
    );
  }

  const fieldError = (field: Field) => errors[field] ?? serverFieldError(register.error, field);
  const field = (name: Field, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={fieldError(name) !== undefined}
      helperText={fieldError(name)}
      required
      fullWidth
      {...extra}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create an account">
      <HydratedFieldset legend="Your business and your account">
        <Stack spacing={2}>
          <ErrorAlert
            error={register.error}
            fallback="Your account could not be created. Please try again."
            data-testid="register-error"
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('firstName', 'First name', { autoComplete: 'given-name' })}
            {field('lastName', 'Last name', { autoComplete: 'family-name' })}
          </Stack>
          {field('vendorName', 'Business name', { autoComplete: 'organization' })}
          {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={fieldError('password') !== undefined}
            helperText={fieldError('password') ?? PASSWORD_POLICY.message}
            required
            fullWidth
          />
          <PendingButton
            type="submit"
            variant="contained"
            size="large"
            pending={register.isPending}
            pendingText="Creating your account…"
          >
            Create account
          </PendingButton>
          <FormFooterLink question="Already have an account?" href="/auth/login">
            Sign in
          </FormFooterLink>
        </Stack>
      </HydratedFieldset>
    </Box>
  );
}
