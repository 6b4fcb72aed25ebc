import type { Notice } from '@automate/contract';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiGet, apiPost } from '@/lib/api-client.ts';
import { lazySchema } from '@/lib/lazy-schema.ts';
import { useVendorClock } from '@/lib/vendor-time.ts';

const NOTICES_POLL_MS = 60_000;
const noticesKey = (vendorId: string) => ['notices', vendorId] as const;

/** `GET /api/vendor/{id}/notices`: the signed-in Admin's unread notices, looked at again every minute. */
function useNotices(vendorId: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: noticesKey(vendorId),
    queryFn: ({ signal }) => apiGet(`/vendor/${vendorId}/notices`, lazySchema('Notices'), { signal }),
    refetchInterval: NOTICES_POLL_MS,
  });
}

/** Marks one notice read, or all of them without an id. */
function useReadNotices(vendorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string | null) =>
      apiPost(
        noticeId ? `/vendor/${vendorId}/notices/${noticeId}/read` : `/vendor/${vendorId}/notices/read`,
        lazySchema('NoticesRead'),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey(vendorId) }),
  });
}

/**
 * The bell in the header, for an Admin of the current business: runs failing for a cause they can fix
 * and the daily digest (both also emailed to them), and the changes a restore did not automate, until
 * they read them. Opening one marks it read
 * and goes where it leads. While `enabled` is false it asks for none (the shell waits until the page is painted).
 */
export function NoticeBell({ vendorId, enabled = true }: { vendorId: string; enabled?: boolean }) {
  const clock = useVendorClock(vendorId);
  const notices = useNotices(vendorId, enabled);
  const read = useReadNotices(vendorId);
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = notices.data ?? [];
  const label = unread.length === 0 ? 'Notices' : `Notices (${unread.length} unread)`;

  const open = (notice: Notice) => {
    read.mutate(notice.id);
    setAnchor(null);
    navigate(notice.link);
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={(event) => setAnchor(event.currentTarget)} color="inherit">
          {/* No count at all rather than a hidden 0: a button's visible text must be part of its name. */}
          <Badge badgeContent={unread.length || undefined} color="error">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '100vw' }, role: 'dialog', 'aria-label': 'Notices' } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 700 }}>
            Notices
          </Typography>
          {unread.length > 0 ? (
            <Button size="small" onClick={() => read.mutate(null)} disabled={read.isPending}>
              Mark all read
            </Button>
          ) : null}
        </Box>
        {unread.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
            Nothing new. Failing automations, the daily digest and changes a restore did not automate show here.
          </Typography>
        ) : (
          <List dense aria-label="Unread notices" sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {unread.map((notice) => (
              <ListItemButton key={notice.id} onClick={() => open(notice)} divider alignItems="flex-start">
                <ListItemText
                  primary={notice.title}
                  secondary={
                    <>
                      {notice.body}
                      <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                        {clock(notice.createdAt)}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
