import ArrowForwardIcon from 'plain-icon:ArrowForward';
import DownloadIcon from 'plain-icon:Download';
import InfoOutlinedIcon from 'plain-icon:InfoOutlined';
import LoginIcon from 'plain-icon:Login';
import WorkspacePremiumIcon from 'plain-icon:WorkspacePremium';
import type { DownloadItem, MediaFile } from '@parde/contract';
import { formatDuration, formatNumber, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { paths } from '../../../config/paths';
import { PillButton } from '../../../components/pill-button';
import { EmptyState } from '../../../components/empty-state';
import { formatFileSize } from '../../../components/format';
import { InlineError, QueryErrorPage } from '../../../components/query-error';
import { EnglishName } from '../../../components/title-card';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useTitle } from '../api/get-title';
import { needsPremium, useTitleAccess } from '../api/get-title-access';
import { downloadFor, useTitleDownloads } from '../api/get-title-downloads';
import { useTitleFiles } from '../api/get-title-files';
import { groupFiles, type EpisodeGroup, type SeasonGroup } from '../lib/group-files';
import { messages } from '../messages';
import { PremiumGate } from './premium-gate';

const f = messages.files;

/** 423012 → «۴۱۳ کیلوبایت», 4.3e8 → «۴۱۰ مگابایت»: a download's exact size. */
function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0)} کیلوبایت`;
  return formatFileSize(Math.max(1, Math.round(bytes / 1024 / 1024)));
}

function subtitlesLabel(codes: string[]): string {
  if (codes.length === 0) return f.noSubtitles;
  return codes.map((c) => messages.subtitleLanguage[c] ?? c).join('، ');
}

function Fact({ label, children, ltr = false }: { label: string; children: React.ReactNode; ltr?: boolean }) {
  return (
    <span className="p-fact">
      <span className="p-fact__label">{label}:</span>
      <span dir={ltr ? 'ltr' : undefined} className={ltr ? 'p-fact__value p-latin' : 'p-fact__value'}>
        {children}
      </span>
    </span>
  );
}

/**
 * What a row offers, decided once for the page: the member's download links (a list, maybe
 * still empty), or the one thing a visitor lacks, a sign-in for a free title, premium for the rest.
 */
type RowAccess = { kind: 'download'; downloads: DownloadItem[] } | { kind: 'sign-in'; href: string } | { kind: 'premium' };

function FileRow({ file, access, originalName }: { file: MediaFile; access: RowAccess; originalName: string | null }) {
  const download = access.kind === 'download' ? downloadFor(access.downloads, file) : undefined;
  const edition = file.audio.kind === 'dub' ? f.dub(file.audio.studio) : f.original(originalName);
  const what = `${file.quality}، ${edition}`;
  return (
    <li data-testid="media-file" className="p-file">
      <Fact label={f.audio}>
        <span className="p-bold">{edition}</span>
      </Fact>
      <Fact label={f.size}>{formatFileSize(file.sizeMb)}</Fact>
      <Fact label={f.codec} ltr>
        {file.codec} • {file.source}
      </Fact>
      <Fact label={f.subtitles}>{subtitlesLabel(file.subtitles)}</Fact>
      {download ? (
        <a
          href={download.url}
          download
          data-testid="download-link"
          aria-label={f.downloadLabel(`${what}، ${formatBytes(download.bytes)}`)}
          className="p-btn p-btn--contained p-btn--small p-btn--lift p-file__action"
        >
          <DownloadIcon fontSize="small" className="p-start-icon" />
          {f.download} ({formatBytes(download.bytes)})
        </a>
      ) : access.kind === 'sign-in' ? (
        <RouterLink to={access.href} data-testid="download-sign-in" aria-label={f.signInToDownloadLabel(what)} className="p-btn p-btn--outlined p-btn--small p-file__action">
          <LoginIcon fontSize="small" className="p-start-icon" />
          {f.signInToDownload}
        </RouterLink>
      ) : access.kind === 'premium' ? (
        <RouterLink to={paths.premium.plans.getHref()} data-testid="download-premium" aria-label={f.premiumOnlyLabel(what)} className="p-btn p-btn--outlined p-btn--small p-file__action">
          <WorkspacePremiumIcon fontSize="small" className="p-start-icon" />
          {f.premiumOnly}
        </RouterLink>
      ) : (
        <button type="button" disabled className="p-btn p-btn--outlined p-btn--small p-file__action">
          <DownloadIcon fontSize="small" className="p-start-icon" />
          {f.downloadSoon}
        </button>
      )}
    </li>
  );
}

interface RowProps {
  access: RowAccess;
  originalName: string | null;
}

function Qualities({ group, headingLevel: Heading, access, originalName }: { group: EpisodeGroup; headingLevel: 'h2' | 'h3' | 'h4' } & RowProps) {
  return (
    <div className="p-qualities">
      {group.qualities.map((q) => (
        <div key={q.quality} data-testid="quality-group" data-quality={q.quality}>
          <Heading className="p-quality">
            {f.quality}
            <span dir="ltr" className="p-quality__name p-latin">
              {q.quality}
            </span>
            <span className="p-quality__count">({f.total(formatNumber(q.files.length, 0))})</span>
          </Heading>
          <ul className="p-files">
            {q.files.map((file) => (
              <FileRow key={file.id} file={file} access={access} originalName={originalName} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function SeriesFiles({ seasons, ...rows }: { seasons: SeasonGroup[] } & RowProps) {
  const [chosen, setChosen] = useState(seasons[0]?.seasonNumber ?? null);
  const season = seasons.find((s) => s.seasonNumber === chosen) ?? seasons[0]!;
  return (
    <>
      <div role="group" aria-label={messages.seasonsLabel} className="p-files-seasons">
        {seasons.map((s) => {
          const on = s.seasonNumber === season.seasonNumber;
          return (
            <PillButton key={String(s.seasonNumber)} pressed={on} onClick={() => setChosen(s.seasonNumber)} data-testid="files-season-button">
              {messages.season(toPersianDigits(s.seasonNumber ?? 0))}
            </PillButton>
          );
        })}
      </div>
      <section aria-label={messages.season(toPersianDigits(season.seasonNumber ?? 0))} data-testid="files-season" className="p-files-season">
        {season.episodes.map((ep, i) => {
          const name = ep.name;
          return (
            <details key={String(ep.episodeNumber)} open={i === 0} data-testid="files-episode" className="p-episode-files">
              <summary className="p-episode-files__summary">
                <h2 className="p-episode-files__name">
                  {messages.episode(toPersianDigits(ep.episodeNumber ?? 0))}
                  {name && (
                    <span className="p-episode-files__title">
                      {' — '}
                      <bdi>{name}</bdi>
                    </span>
                  )}
                </h2>
                <span className="p-episode-files__count">{f.total(formatNumber(ep.fileCount, 0))}</span>
              </summary>
              <div className="p-episode-files__body">
                <Qualities group={ep} headingLevel="h3" {...rows} />
              </div>
            </details>
          );
        })}
      </section>
    </>
  );
}

function FilesSkeleton() {
  return (
    <div aria-hidden="true" data-testid="files-skeleton" className="p-files-skeleton">
      <span className="p-skel p-skel--text p-files-skeleton__heading" />
      {[0, 1, 2, 3].map((i) => (
        <span key={i} className="p-skel p-skel--rounded p-files-skeleton__row" />
      ))}
    </div>
  );
}

/**
 * `titles/{id}/files`: the media files grouped by season, episode and quality. Plain elements
 * (theme/pages.css), drawn by the server for a visitor: the page waits for none of MUI's code.
 */
export function FilesScreen({ id, isMember = false }: { id: number; isMember?: boolean }) {
  const title = useTitle(id);
  const files = useTitleFiles(id);
  const access = useTitleAccess(id, isMember, title.data ? !title.data.isFree : false);
  const mayDownload = isMember && (title.data?.isFree || access.data?.canWatch === true);
  const downloads = useTitleDownloads(id, Boolean(mayDownload));
  const t = title.data;
  // A free title asks a visitor only to sign in; any other title needs premium.
  const rowAccess: RowAccess = mayDownload
    ? { kind: 'download', downloads: downloads.data ?? [] }
    : t?.isFree && !isMember
      ? { kind: 'sign-in', href: paths.auth.login.getHref(paths.titleFiles.getHref(id)) }
      : { kind: 'premium' };
  const rows: RowProps = { access: rowAccess, originalName: t?.languages[0]?.nameFa ?? null };
  const name = t ? (t.titleFa ?? t.titleEn) : null;
  useDocumentTitle(name ? f.heading(name) : f.headingFallback);

  if (title.isError) return <QueryErrorPage error={title.error} onRetry={() => void title.refetch()} />;
  const groups = files.data ? groupFiles(files.data) : null;
  const duration = files.data?.find((x) => x.durationSec)?.durationSec;

  return (
    <div className="p-container p-files-page">
      {t && (
        <RouterLink to={t.path} className="p-btn p-btn--small p-btn--inherit p-files-page__back">
          <ArrowForwardIcon fontSize="small" className="p-start-icon" />
          {f.back}
        </RouterLink>
      )}
      <div className="p-files-page__head">
        <div className="p-files-page__poster">
          {t ? <ArtImage src={t.poster} alt="" priority /> : <span className="p-skel p-files-page__poster-skel" />}
        </div>
        <div className="p-files-page__names">
          <h1 className="p-files-page__title">{name ? f.heading(name) : f.headingFallback}</h1>
          {t?.titleFa && <EnglishName className="p-latin p-muted p-en--below">{t.titleEn}</EnglishName>}
          <p className="p-files-page__count">
            {files.data ? f.total(formatNumber(files.data.length, 0)) : '\u00a0'}
            {t?.type === 'movie' && duration ? `، ${duration < 60 ? f.seconds(toPersianDigits(duration)) : formatDuration(duration / 60)}` : ''}
          </p>
        </div>
      </div>
      {t && !t.isFree && needsPremium(access.data) ? (
        <div className="p-files-page__gate">
          <PremiumGate reason={access.data.reason} />
        </div>
      ) : (
        <div role="alert" data-testid="files-note" className="p-alert p-alert--info p-alert--outlined p-files-page__note">
          <InfoOutlinedIcon aria-hidden="true" className="p-alert__icon" />
          <div className="p-alert__text">
            {t?.isFree ? (
              rowAccess.kind === 'sign-in' ? (
                <>
                  {f.freeSignIn}{' '}
                  <RouterLink to={rowAccess.href} className="p-link">
                    {f.freeSignInLink}
                  </RouterLink>
                </>
              ) : downloads.data?.length ? (
                f.freeDownloads
              ) : (
                f.freeSoon
              )
            ) : downloads.data?.length ? (
              f.premiumDownloads
            ) : access.data?.canWatch ? (
              f.premiumActive
            ) : (
              f.premiumNote
            )}
          </div>
        </div>
      )}
      {files.isPending || title.isPending ? (
        <FilesSkeleton />
      ) : files.isError ? (
        <InlineError error={files.error} onRetry={() => void files.refetch()} />
      ) : !groups || groups.length === 0 ? (
        <EmptyState message={f.empty} />
      ) : t && t.type === 'series' && groups.some((g) => g.seasonNumber !== null) ? (
        <SeriesFiles seasons={groups.filter((g) => g.seasonNumber !== null)} {...rows} />
      ) : (
        <section aria-label={f.movie} data-testid="files-movie">
          {groups.map((g) =>
            g.episodes.map((ep) => <Qualities key={`${g.seasonNumber}-${ep.episodeNumber}`} group={ep} headingLevel="h2" {...rows} />),
          )}
        </section>
      )}
    </div>
  );
}
