import {
  InviteVendorUserRequest,
  VENDOR_ROLES,
  type VendorMembership,
  type VendorRole,
  type VendorUser,
} from '@automate/contract';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { getErrorMessage } from '@/lib/api-client.ts';
import { apiFieldErrors, type FieldErrorMap, withoutField, zodFieldErrors } from '@/lib/form-errors.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useSession } from '@/lib/session/session.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';
import {
  useChangeRole,
  useInvitations,
  useInvite,
  useRemoveMember,
  useTeamMembers,
  useWithdrawInvitation,
} from '../api/team.ts';

const ROLE_HELP: Record<VendorRole, string> = {
  Admin: 'Admin: everything, including ServiceM8, the team and billing',
  User: 'User: automations, logs and templates',
};

/** Invite someone by email: they join once they accept the emailed invitation. */
function InviteForm({ vendorId }: { vendorId: string }) {
  const invite = useInvite(vendorId);
  const { toast } = useNotifications();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<VendorRole>('User');
  const [errors, setErrors] = useState<FieldErrorMap>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteVendorUserRequest.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast(message ?? `We emailed ${parsed.data.email} an invitation.`, 'success');
        setEmail('');
        setRole('User');
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          toast(getErrorMessage(error, 'The invitation could not be sent.'), 'error');
      },
    });
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      aria-label="Invite someone"
    >
      <TextField
        label="Email address"
        type="email"
        size="small"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((current) => withoutField(current, 'email'));
        }}
        error={errors.email !== undefined}
        helperText={errors.email ?? 'They get an email with a link to join.'}
        required
        sx={{ minWidth: 280 }}
      />
      <TextField
        select
        label="Role"
        size="small"
        value={role}
        onChange={(event) => setRole(event.target.value as VendorRole)}
        error={errors.role !== undefined}
        helperText={errors.role ?? ROLE_HELP[role]}
        sx={{ minWidth: 200 }}
      >
        {VENDOR_ROLES.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} loading={invite.isPending}>
        Invite
      </Button>
    </Stack>
  );
}

function MemberRow({ vendorId, member, isMe }: { vendorId: string; member: VendorUser; isMe: boolean }) {
  const clock = useVendorClock(vendorId);
  const changeRole = useChangeRole(vendorId);
  const remove = useRemoveMember(vendorId);
  const confirm = useConfirm();
  const { toast } = useNotifications();
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;

  const setRole = (role: VendorRole) =>
    changeRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => toast(`${name} is now ${role === 'Admin' ? 'an Admin' : 'a User'}.`, 'success'),
        onError: (error) => toast(getErrorMessage(error, 'The role could not be changed.'), 'error'),
      },
    );
  const removeMember = async () => {
    const confirmed = await confirm({
      title: `Remove ${name}?`,
      message: `${name} will no longer see this business. Their account stays, and you can invite them again later.`,
      confirmText: 'Remove',
      cancelText: 'Keep',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(member.id, {
      onSuccess: ({ message }) => toast(message ?? `${name} was removed.`, 'success'),
      onError: (error) => toast(getErrorMessage(error, 'The member could not be removed.'), 'error'),
    });
  };

  return (
    <TableRow data-testid="team-member">
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name}
          {isMe ? ' (you)' : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {member.email}
        </Typography>
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={member.role}
          onChange={(event) => setRole(event.target.value as VendorRole)}
          disabled={changeRole.isPending}
          slotProps={{ htmlInput: { 'aria-label': `Role of ${name}` } }}
        >
          {VENDOR_ROLES.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>{clock(member.joinedAt, 'date')}</TableCell>
      <TableCell align="right">
        <Button color="error" size="small" onClick={() => void removeMember()} loading={remove.isPending}>
          Remove
        </Button>
      </TableCell>
    </TableRow>
  );
}

function Invitations({ vendorId }: { vendorId: string }) {
  const clock = useVendorClock(vendorId);
  const invitations = useInvitations(vendorId);
  const withdraw = useWithdrawInvitation(vendorId);
  const { toast } = useNotifications();
  if (invitations.isError) {
    return (
      <LoadError
        error={invitations.error}
        fallback="The invitations could not be loaded."
        onRetry={() => invitations.refetch()}
      />
    );
  }
  const rows = invitations.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-label="Pending invitations" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Waiting to accept
      </Typography>
      <Stack spacing={1}>
        {rows.map((invitation) => (
          <Stack
            key={invitation.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            useFlexGap
            data-testid="team-invitation"
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {invitation.email}
            </Typography>
            <Chip size="small" label={invitation.role} />
            <Typography variant="body2" color="text.secondary">
              invitation valid until {clock(invitation.expiresAt)}
            </Typography>
            <Button
              size="small"
              onClick={() =>
                withdraw.mutate(invitation.id, {
                  onSuccess: ({ message }) => toast(message ?? 'The invitation was withdrawn.', 'success'),
                  onError: (error) => toast(getErrorMessage(error, 'The invitation could not be withdrawn.'), 'error'),
                })
              }
            >
              Withdraw
            </Button>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /app/account/team (vendor Admins): the people of the business with their roles, invitations waiting
 * to be accepted, and inviting someone. The last Admin cannot be removed or made a User (the server
 * says so).
 */
export function TeamPage({ vendor }: { vendor: VendorMembership }) {
  const members = useTeamMembers(vendor.vendorId);
  const me = useSession().user?.id;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-label="Invite someone" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Invite someone to {vendor.name}
        </Typography>
        <InviteForm vendorId={vendor.vendorId} />
      </Paper>
      <Invitations vendorId={vendor.vendorId} />
      <Paper variant="outlined" component="section" aria-label="Members">
        {members.isError ? (
          <LoadError
            error={members.error}
            fallback="The team could not be loaded."
            onRetry={() => members.refetch()}
            sx={{ m: 2 }}
          />
        ) : members.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Stack>
        ) : members.data.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            Nobody belongs to {vendor.name} yet.
          </Alert>
        ) : (
          <ScrollTable
            label="Members"
            head={[{ label: 'Person' }, { label: 'Role' }, { label: 'Joined' }, { label: 'Actions', align: 'right' }]}
          >
            {members.data.map((member) => (
              <MemberRow key={member.id} vendorId={vendor.vendorId} member={member} isMe={member.id === me} />
            ))}
          </ScrollTable>
        )}
      </Paper>
    </Stack>
  );
}
