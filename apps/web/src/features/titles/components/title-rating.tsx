import StarBorderIcon from 'plain-icon:StarBorder';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-route';
import { messages } from '../messages';
import type { MemberAccess } from './title-actions';

const r = messages.rating;
// The member's rating calls the API: its code is fetched for members only.
const MemberRating = lazyComponent<{ titleId: number }>(() => import('./member-title-controls').then((m) => ({ default: m.MemberRating })));

/**
 * The member's own 1–10 rating on the title page. A visitor gets a link to sign in that comes
 * back here (like the watchlist button). On the hero, which is dark whatever the theme: white on
 * near-black, white on the solid teal (theme/title.css).
 */
export function TitleRating({ titleId, access }: { titleId: number; access: MemberAccess }) {
  if (!access.isMember) {
    return (
      <div className="p-title-rating">
        <RouterLink to={access.loginHref} tabIndex={0} data-testid="rating-login" className="p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--member">
          <StarBorderIcon className="p-start-icon" />
          {r.login}
        </RouterLink>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <MemberRating titleId={titleId} />
    </Suspense>
  );
}
