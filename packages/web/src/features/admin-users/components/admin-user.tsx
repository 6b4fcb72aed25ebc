import type { AdminUserDetail } from '@automate/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { getErrorMessage, isApiError } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSession } from '@/lib/session/session.ts';
import { readerClock } from '@/lib/vendor-time.ts';
import { type AdminUserAction, useAdminUser, useAdminUserAction } from '../api/admin-users.ts';
import { UserStateChips } from './admin-users.tsx';

const fullName = (user: AdminUserDetail) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** An action's button: what it says, whether it asks first, and what it does. */
type ActionSpec = {
  label: string;
  action: AdminUserAction;
  shown: boolean;
  confirm?: { title: string; message: string; confirmText: string; destructive?: boolean };
  /** Why it cannot be used (shown as the button's title), if it cannot. */
  refusal?: string;
};

function actionsFor(user: AdminUserDetail, isSelf: boolean): ActionSpec[] {
  const name = fullName(user);
  const superAdmin = user.roles.includes('SuperAdmin');
  const self = isSelf ? 'You cannot change this on your own account.' : undefined;
  return [
    {
      label: 'Resend confirmation',
      action: { kind: 'verification' },
      shown: !user.emailVerified && !user.disabled,
    },
    { label: 'Send password reset', action: { kind: 'password-reset' }, shown: !user.disabled },
    { label: 'Unlock', action: { kind: 'unlock' }, shown: user.lockedOut },
    {
      label: superAdmin ? 'Revoke SuperAdmin' : 'Grant SuperAdmin',
      action: { kind: 'superadmin', superAdmin: !superAdmin },
      shown: true,
      refusal: self,
      confirm: superAdmin
        ? {
            title: `Revoke SuperAdmin from ${name}?`,
            message: `${name} will no longer see the Super admin area or act as any vendor.`,
            confirmText: 'Revoke',
            destructive: true,
          }
        : {
            title: `Make ${name} a super admin?`,
            message: `${name} will see every vendor, user and setting of the platform and can act as any vendor.`,
            confirmText: 'Grant',
          },
    },
    {
      label: user.disabled ? 'Enable account' : 'Disable account',
      action: { kind: 'disabled', disabled: !user.disabled },
      shown: true,
      refusal: self,
      confirm: user.disabled
        ? {
            title: `Enable ${name}'s account?`,
            message: `${name} will be able to sign in again.`,
            confirmText: 'Enable',
          }
        : {
            title: `Disable ${name}'s account?`,
            message: `${name} is signed out everywhere at once and cannot sign in until the account is enabled again.`,
            confirmText: 'Disable',
            destructive: true,
          },
    },
  ];
}

function UserActions({ user }: { user: AdminUserDetail }) {
  const { user: me } = useSession();
  const act = useAdminUserAction(user.id);
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const run = async (spec: ActionSpec) => {
    if (spec.confirm && !(await confirm(spec.confirm))) return;
    act.mutate(spec.action, {
      onSuccess: ({ message }) => toast(message ?? 'Done.', 'success'),
      onError: (error) => toast(getErrorMessage(error, `${spec.label} failed.`), 'error'),
    });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actionsFor(user, me?.id === user.id)
        .filter((spec) => spec.shown)
        .map((spec) => (
          <span key={spec.label} title={spec.refusal}>
            <Button
              variant="outlined"
              color={spec.confirm?.destructive ? 'error' : 'primary'}
              disabled={spec.refusal !== undefined || act.isPending}
              loading={act.isPending && act.variables?.kind === spec.action.kind}
              onClick={() => void run(spec)}
            >
              {spec.label}
            </Button>
          </span>
        ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

function UserVendors({ user }: { user: AdminUserDetail }) {
  if (user.vendors.length === 0) {
    return <Typography color="text.secondary">{fullName(user)} belongs to no vendor.</Typography>;
  }
  return (
    <ScrollTable label="Vendors" size="small" head={[{ label: 'Vendor' }, { label: 'Role' }, { label: 'ServiceM8' }]}>
      {user.vendors.map((vendor) => (
        <TableRow key={vendor.vendorId}>
          <TableCell>
            <Link href={`/admin/vendors/${encodeURIComponent(vendor.vendorId)}`}>{vendor.name}</Link>
          </TableCell>
          <TableCell>{vendor.role}</TableCell>
          <TableCell>{vendor.sm8Connected ? 'Connected' : 'Not connected'}</TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}

/**
 * /admin/users/{id}: who the user is, their vendors and roles, their sign-in state, and what a super
 * admin can do to the account (never change their own role or account). `below` adds sections (the
 * audit log) under the vendors.
 */
export function AdminUser({ id, below }: { id: string; below?: ReactNode }) {
  const user = useAdminUser(id);
  if (user.isError) {
    return (
      <LoadError
        error={user.error}
        fallback="The user could not be loaded."
        onRetry={() => user.refetch()}
        {...(isApiError(user.error) && user.error.status === 404 ? { missingText: 'This user does not exist.' } : {})}
      />
    );
  }
  if (!user.data) return <Skeleton variant="rounded" height={240} data-testid="user-loading" />;
  const data = user.data;
  return (
    <>
      <title>{`${fullName(data)} · Users · Automate`}</title>
      <PageHeader title={fullName(data)} subtitle={data.email} chips={<UserStateChips user={data} />} />
      <Stack spacing={3}>
        <UserActions user={data} />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            <Fact label="Email">
              {data.emailVerified ? `${data.email} (confirmed)` : `${data.email} (not confirmed)`}
            </Fact>
            <Fact label="Last sign-in">{data.lastSignInAt ? readerClock(data.lastSignInAt) : 'Never'}</Fact>
            <Fact label="Joined">{readerClock(data.createdAt)}</Fact>
            <Fact label="Platform roles">{data.roles.length > 0 ? data.roles.join(', ') : 'None'}</Fact>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Vendors and roles
          </Typography>
          <UserVendors user={data} />
        </Paper>
        {below}
      </Stack>
    </>
  );
}
