import ArrowForwardIcon from 'plain-icon:ArrowForward';
import { toPersianDigits } from '@parde/persian';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { EmptyState } from '../../../components/empty-state';
import { QueryErrorPage } from '../../../components/query-error';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useScreenshots, type Screenshot } from '../api/get-screenshots';
import { useTitle } from '../api/get-title';
import { messages } from '../messages';
import { ScreenshotViewer } from './screenshot-viewer';
import './screenshots.css';

const SKELETON_TILES = 8;

/** The grid's shape while the addresses load: the same boxes, so nothing moves when they come. */
function GridSkeleton() {
  return (
    <ul className="p-shots__grid" aria-hidden="true" data-testid="screenshots-skeleton">
      {Array.from({ length: SKELETON_TILES }, (_, i) => (
        <li key={i}>
          <span className="p-skel p-skel--rounded p-shots__skel" />
        </li>
      ))}
    </ul>
  );
}

function Gallery({ shots, label }: { shots: Screenshot[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  // Focus goes back once the viewer is gone and the page is no longer inert: to the thumbnail
  // of the image last seen, so a keyboard user carries on from where they were.
  const returnTo = useRef<number | null>(null);
  useEffect(() => {
    if (open !== null || returnTo.current === null) return;
    thumbs.current[returnTo.current]?.focus();
    returnTo.current = null;
  }, [open]);

  const total = toPersianDigits(shots.length);
  return (
    <>
      <ul className="p-shots__grid" data-testid="screenshots-grid">
        {shots.map((shot, i) => (
          <li key={shot.url}>
            <button
              type="button"
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              className="p-bare-btn p-shots__thumb"
              aria-haspopup="dialog"
              data-testid="screenshot-thumb"
              onClick={() => setOpen(i)}
            >
              <ArtImage src={shot.thumbUrl} alt={messages.shot(toPersianDigits(i + 1), total)} kind="backdrop" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <ScreenshotViewer
          shots={shots}
          index={open}
          label={label}
          onNavigate={setOpen}
          onClose={() => {
            returnTo.current = open;
            setOpen(null);
          }}
        />
      )}
    </>
  );
}

/**
 * `screenshots/{id}` (members only; the router's guard sends a visitor to login): a title's
 * screenshots as a grid of 16:9 thumbnails, each opening the large view.
 */
export function ScreenshotsScreen({ id }: { id: number }) {
  const title = useTitle(id);
  const shots = useScreenshots(id);
  const t = title.data;
  const name = t ? (t.titleFa ?? t.titleEn) : null;
  useDocumentTitle(name ? messages.heading(name) : messages.headingFallback);

  if (title.isError) return <QueryErrorPage error={title.error} onRetry={() => void title.refetch()} />;
  if (shots.isError) return <QueryErrorPage error={shots.error} onRetry={() => void shots.refetch()} />;

  return (
    <div className="p-container p-shots" aria-busy={!t || !shots.data}>
      <div className="p-shots__head">
        <div className="p-shots__names">
          {t && name ? (
            <>
              <h1 className="p-shots__title">{messages.heading(name)}</h1>
              {t.titleFa && <EnglishName className="p-latin p-muted p-en--start p-en--below">{t.titleEn}</EnglishName>}
            </>
          ) : (
            <h1 className="p-shots__title">
              <span className="p-skel p-skel--text p-shots__skel-name" aria-hidden="true" />
              <span className="visually-hidden">{messages.loading}</span>
            </h1>
          )}
          <p className="p-muted p-shots__count">{shots.data ? messages.count(toPersianDigits(shots.data.length)) : '\u00a0'}</p>
        </div>
        {t && (
          <RouterLink to={t.path} className="p-btn p-btn--outlined p-btn--inherit p-shots__back">
            <ArrowForwardIcon className="p-start-icon" />
            {messages.back}
          </RouterLink>
        )}
      </div>
      {!shots.data ? (
        <GridSkeleton />
      ) : shots.data.length === 0 ? (
        <EmptyState message={messages.empty} />
      ) : (
        <Gallery shots={shots.data} label={name ? messages.viewer(name) : messages.viewerFallback} />
      )}
    </div>
  );
}
