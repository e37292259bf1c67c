import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { roleLabels } from '@parde/contract';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../../components/progress-bar';
import { StatusPage } from '../../../components/status-page';
import { paths } from '../../../config/paths';
import { useNoticeStore } from '../../../lib/notifications';
import { useAuthStore } from '../../../features/auth';
import { adminMessages as m } from '../messages';
import { adminSections, isStaff, mayOpen, type StaffRole } from '../nav';

const SIDEBAR = 248;
// The site's one notice (a write's outcome), fetched when one is first raised.
const Toaster = lazy(() => import('../../../components/toaster'));

function SideMenu({ role, onPick }: { role: StaffRole; onPick?: () => void }) {
  return (
    <Box component="nav" aria-label={m.menu} sx={{ py: 2 }}>
      <Typography component="p" sx={{ px: 2.5, pb: 1.5, fontWeight: 800, fontSize: '1.05rem' }}>
        {m.panel}
      </Typography>
      <List dense disablePadding>
        {adminSections
          .filter((s) => mayOpen(role, s))
          .map((s) => (
            <ListItem key={s.key} disablePadding>
              <ListItemButton
                component={NavLink}
                to={s.href}
                end={s.end}
                onClick={onPick}
                data-testid={`admin-nav-${s.key}`}
                sx={{ mx: 1, borderRadius: 2, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
              >
                <ListItemText primary={s.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
              </ListItemButton>
            </ListItem>
          ))}
      </List>
      <Box sx={{ px: 2, pt: 2 }}>
        {/* The site is the other app (admin.html is the panel's): reached by loading its page. */}
        <Button href={paths.home.getHref()} variant="outlined" color="inherit" size="small" fullWidth data-testid="admin-back-to-site">
          {m.backToSite}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The panel's frame: a side menu (a drawer on phones) and the section. A member who is not an
 * operator sees why instead; an editor opening an admin-only section too. The API checks the
 * same roles on every call: the screens only spare a pointless trip.
 */
export function AdminLayout() {
  const user = useAuthStore((s) => s.user);
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const hasNotice = useNoticeStore((s) => s.current !== null);
  const role = user?.role;
  if (!isStaff(role)) return <StatusPage code="۴۰۳" title={m.staffOnlyTitle} body={m.staffOnlyBody} />;
  const section = adminSections.filter((s) => (s.end ? location.pathname === s.href : location.pathname.startsWith(s.href))).at(-1);
  const forbidden = section && !mayOpen(role, section);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }} data-testid="admin-layout">
      <Box component="aside" sx={{ display: { xs: 'none', md: 'block' }, width: SIDEBAR, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider' }}>
        <Box sx={{ position: 'sticky', top: 0 }}>
          <SideMenu role={role} />
        </Box>
      </Box>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' } }} slotProps={{ paper: { sx: { width: SIDEBAR } } }}>
        <SideMenu role={role} onPick={() => setOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1.5, md: 3 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
        >
          <IconButton aria-label={m.openMenu} onClick={() => setOpen(true)} sx={{ display: { md: 'none' } }} data-testid="admin-menu-button">
            <MenuIcon />
          </IconButton>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>{section?.label ?? m.panel}</Typography>
          <Typography color="text.secondary" sx={{ fontSize: '0.875rem' }} data-testid="admin-user">
            {m.signedInAs(String(user?.name ?? ''), roleLabels[role])}
          </Typography>
        </Box>
        <Box component="main" id="main" sx={{ px: { xs: 1.5, md: 3 }, py: { xs: 2, md: 3 } }}>
          {forbidden ? (
            <StatusPage code="۴۰۳" title={m.adminOnlyTitle} body={m.adminOnlyBody} />
          ) : (
            <Suspense fallback={<ProgressBar label={m.loading} />}>
              <Outlet />
            </Suspense>
          )}
        </Box>
      </Box>
      {hasNotice && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </Box>
  );
}
