import './admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { watchColorScheme } from '../theme/color-scheme';
import { AdminApp } from './app/app';

/**
 * The operators' panel (`/admin/*`, admin.html): an app of its own beside the site's, sharing
 * only the theme, the API client and the generic parts (docs/decisions/0032). It is never
 * server-rendered: every screen of it needs a signed-in operator, so it simply draws itself.
 */
watchColorScheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
