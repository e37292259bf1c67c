import { messages } from '../../../components/messages';

/**
 * The title page's shape while it loads: backdrop, poster, names, facts, buttons, plot. MUI
 * Skeleton's look (.p-skel in theme/catalogue.css), laid out by theme/title.css.
 */
export function TitleSkeleton() {
  return (
    // At least a screen tall: the footer must not show and then jump away when the title arrives.
    <div role="status" aria-busy="true" aria-label={messages.loading} data-testid="title-skeleton" className="p-title-skel">
      <div className="p-title-skel__hero">
        <span className="p-skel p-title-skel__backdrop" />
        <div className="p-container p-container--xl p-title-skel__grid">
          <span className="p-skel p-skel--rounded p-title-skel__poster" />
          <div className="p-title-skel__names">
            <span className="p-skel p-skel--text p-title-skel__name" />
            <span className="p-skel p-skel--text p-title-skel__en" />
            <span className="p-skel p-skel--text p-title-skel__facts" />
            <div className="p-title-skel__buttons">
              {[120, 160, 110, 170].map((w) => (
                <span key={w} className="p-skel p-skel--rounded p-title-skel__button" style={{ width: w, height: 42 }} />
              ))}
            </div>
          </div>
        </div>
      </div>
      <div className="p-container p-container--xl p-title-skel__body">
        <span className="p-skel p-skel--text p-title-skel__heading" style={{ width: '20%' }} />
        {[100, 96, 90, 60].map((w, i) => (
          <span key={i} className="p-skel p-skel--text" style={{ width: `${w}%` }} />
        ))}
      </div>
    </div>
  );
}
