import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './theme/fonts.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // Off the critical path: the worker registers once the page has loaded.
  window.addEventListener('load', () => {
    void import('./lib/service-worker').then((m) => m.registerServiceWorker());
  });
}
