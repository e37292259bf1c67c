import { formatRating } from '@parde/persian';
import { formatPercent, formatRatingValue } from './format';
import { messages } from './messages';

type RottenTomatoes = { rtMeter: number | null; rtStatus: 'fresh' | 'rotten' | 'certified' | null };

type BadgeLook = {
  size?: 'small' | 'large';
  /** On an image: a fixed dark chip. Otherwise it follows the theme. */
  solid?: boolean;
  /** No space at the sides (lined up with the text around it). */
  flush?: boolean;
};

const badgeClass = (base: string, { size, solid, flush }: BadgeLook, inline = false) =>
  [base, 'p-rating', size === 'large' && 'p-rating--large', solid && 'p-rating--solid', flush && 'p-rating--flush', inline && 'p-rating--inline'].filter(Boolean).join(' ');

/**
 * IMDb rating with the whole part large and the decimal small (spec §2, search results).
 * Plain elements styled by theme/catalogue.css: a list shows one per card.
 */
export function ImdbRating({ rating, size = 'small', solid = false, flush = false }: { rating: number | null } & BadgeLook) {
  if (rating === null) return null;
  const { whole, decimal } = formatRating(rating);
  return (
    <span role="img" aria-label={messages.imdbRating(formatRatingValue(rating))} data-testid="imdb-rating" className={badgeClass('p-imdb', { size, solid, flush })}>
      <span aria-hidden="true" className="p-imdb__logo">
        {messages.imdb}
      </span>
      <span aria-hidden="true" className="p-imdb__value">
        {whole}
        <span className="p-imdb__decimal">٫{decimal}</span>
      </span>
    </span>
  );
}

function TomatoIcon({ status, size }: { status: RottenTomatoes['rtStatus']; size: number }) {
  if (status === 'rotten') {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2l2.2 4.6 5-1.6-2 4.8 4.8 2.2-4.8 2.2 2 4.8-5-1.6L12 22l-2.2-4.6-5 1.6 2-4.8L2 12l4.8-2.2-2-4.8 5 1.6z" fill="#0ac855" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="13.5" r="9" fill="#fa320a" />
      <path d="M8 4.5c1.5.3 2.7 1 4 2.2 1.3-1.2 2.5-1.9 4-2.2-.8 1.5-2 2.5-4 3-2-.5-3.2-1.5-4-3z" fill="#00912d" />
      {status === 'certified' && <path d="M8 13.5l3 3 5-6" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />}
    </svg>
  );
}

/** Rotten Tomatoes meter and status; `inline` sits in a line of text (a card's years). */
export function RottenTomatoesBadge({ rt, size = 'small', solid = false, flush = false, inline = false }: { rt: RottenTomatoes; inline?: boolean } & BadgeLook) {
  if (rt.rtMeter === null) return null;
  const status = rt.rtStatus ? (messages.rtStatus[rt.rtStatus] ?? '') : '';
  const large = size === 'large';
  return (
    <span
      role="img"
      aria-label={messages.rottenTomatoes(formatPercent(rt.rtMeter), status)}
      data-testid="rt-badge"
      data-status={rt.rtStatus ?? undefined}
      className={badgeClass('p-rt', { size, solid, flush }, inline)}
    >
      <TomatoIcon status={rt.rtStatus} size={large ? 22 : 15} />
      <span aria-hidden="true">{formatPercent(rt.rtMeter)}</span>
      {large && status && (
        <span aria-hidden="true" className="p-rt__status">
          {status}
        </span>
      )}
    </span>
  );
}
