import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../auth';
import { messages } from '../messages';
import { useIsKids } from '../stores/profile-store';

/**
 * Buying screens (plans, joining, gifts): a kids profile is told to switch to a grown-up one
 * instead of being shown a purchase button (the API refuses the purchase too). Plain elements:
 * the public plans screen loads no MUI.
 */
export function NotForKids({ children }: { children: ReactNode }) {
  const kids = useIsKids();
  const member = useAuthStore((s) => Boolean(s.token && s.user));
  const { pathname, search } = useLocation();
  if (!kids || !member) return children;
  return (
    <section className="p-container" style={{ paddingBlock: 48, textAlign: 'center' }} data-testid="kids-no-buying">
      <p className="p-subtitle1" role="note">
        {messages.kids.noBuying}
      </p>
      <RouterLink to={paths.profiles.picker.getHref(pathname + search)} className="p-btn p-btn--outlined">
        {messages.kids.switch}
      </RouterLink>
    </section>
  );
}
