import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { messages } from '../messages';
import { activeItemKey, drawerNavItems, type NavSession } from './nav-items';
import { NavBadge, NewNotificationsNote } from './nav-badge';
import { ThemeModeSwitch } from './theme-mode-switch';
import { withMui } from '../mui-scope';

type Props = { id: string; open: boolean; onClose: () => void; session: NavSession };

/** The side menu of the mobile layout (spec §2); opens from the start (right) edge. */
function MobileDrawer({ id, open, onClose, session }: Props) {
  const { pathname, search } = useLocation();
  const items = drawerNavItems(session);
  const active = activeItemKey(items, pathname, search);
  const titleId = `${id}-title`;
  return (
    <Drawer
      // MUI mirrors horizontal anchors under direction rtl: "left" is the start edge, the right.
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id, role: 'dialog', 'aria-labelledby': titleId, sx: { width: 280, maxWidth: '85vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Logo />
        <Typography id={titleId} component="h2" className="visually-hidden">
          {messages.drawer.title}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ThemeModeSwitch />
        <IconButton onClick={onClose} aria-label={messages.drawer.close} color="inherit">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-label={messages.header.mainNav} data-testid="side-menu">
        <List>
          {items.map((item) => (
            <ListItem key={item.key} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.href}
                onClick={onClose}
                selected={item.key === active}
                aria-current={item.key === active ? 'page' : undefined}
                data-nav={item.key}
              >
                <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>
                  <NavBadge dot={item.dot}>{item.icon}</NavBadge>
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {item.label}
                      <NewNotificationsNote show={item.dot} />
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}

export default withMui(MobileDrawer);
