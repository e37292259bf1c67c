import type { AccessReason } from '@parde/contract';
import WorkspacePremiumIcon from 'plain-icon:WorkspacePremium';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { messages } from '../messages';

const p = messages.premiumGate;

/**
 * Why the full title is locked, and the way in: the go-premium page (a visitor passes through
 * login on the way). `onDark` for the title page's always-dark hero. Plain elements styled by
 * theme/title.css (.p-gate).
 */
export function PremiumGate({ reason, onDark = false, withButton = true }: { reason: AccessReason; onDark?: boolean; withButton?: boolean }) {
  return (
    <div role="note" data-testid="premium-gate" data-reason={reason} className={onDark ? 'p-gate p-gate--dark' : 'p-gate'}>
      <div className="p-gate__text">
        <WorkspacePremiumIcon aria-hidden="true" className="p-gate__icon" />
        <span>{reason === 'UNAUTHENTICATED' ? p.visitor : p.member}</span>
      </div>
      {withButton && (
        <RouterLink to={paths.goPremium.getHref()} tabIndex={0} data-testid="premium-gate-cta" className="p-btn p-btn--contained p-btn--small p-btn--lift p-gate__cta">
          {p.cta}
        </RouterLink>
      )}
    </div>
  );
}
