import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DownloadItem, MediaFile, TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber, toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
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
import { ACCENT_SOLID } from '../../../components/accent';

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
    <Box sx={{ display: 'flex', gap: 0.75, fontSize: '0.85rem', minWidth: 0 }}>
      <Box component="span" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}:
      </Box>
      <Box component="span" dir={ltr ? 'ltr' : undefined} sx={{ fontFamily: ltr ? 'Rubik, sans-serif' : undefined, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {children}
      </Box>
    </Box>
  );
}

function FileRow({ file, downloads }: { file: MediaFile; downloads?: DownloadItem[] }) {
  // Without the member's downloads (a visitor, no premium) the button says who may download.
  const locked = downloads === undefined;
  const download = downloadFor(downloads, file);
  return (
    <Box
      component="li"
      data-testid="media-file"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.3fr) auto' },
        alignItems: 'center',
        gap: { xs: 0.75, md: 2 },
        p: { xs: 1.5, md: 1.75 },
        borderRadius: 1.5,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Fact label={f.audio}>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {file.audio.kind === 'dub' ? f.dub(file.audio.studio) : f.original}
        </Box>
      </Fact>
      <Fact label={f.size}>{formatFileSize(file.sizeMb)}</Fact>
      <Fact label={f.codec} ltr>
        {file.codec} • {file.source}
      </Fact>
      <Fact label={f.subtitles}>{subtitlesLabel(file.subtitles)}</Fact>
      {download ? (
        <Button
          component="a"
          href={download.url}
          download
          variant="contained"
          size="small"
          startIcon={<DownloadIcon />}
          data-testid="download-link"
          aria-label={f.downloadLabel(`${file.quality}، ${file.audio.kind === 'dub' ? f.dub(file.audio.studio) : f.original}، ${formatBytes(download.bytes)}`)}
          sx={{ justifySelf: { xs: 'stretch', md: 'end' }, mt: { xs: 0.5, md: 0 }, whiteSpace: 'nowrap' }}
        >
          {f.download} ({formatBytes(download.bytes)})
        </Button>
      ) : (
        <Button variant="outlined" color="inherit" size="small" disabled startIcon={<DownloadIcon />} sx={{ justifySelf: { xs: 'stretch', md: 'end' }, mt: { xs: 0.5, md: 0 }, whiteSpace: 'nowrap' }}>
          {locked ? f.premiumOnly : f.downloadSoon}
        </Button>
      )}
    </Box>
  );
}

function Qualities({ group, headingLevel, downloads }: { group: EpisodeGroup; headingLevel: 'h2' | 'h3' | 'h4'; downloads?: DownloadItem[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {group.qualities.map((q) => (
        <Box key={q.quality} data-testid="quality-group" data-quality={q.quality}>
          <Typography component={headingLevel} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '0.95rem', mb: 1 }}>
            {f.quality}
            <Box component="span" dir="ltr" sx={{ fontFamily: 'Rubik, sans-serif', bgcolor: ACCENT_SOLID, color: '#fff', borderRadius: 1, px: 1, py: 0.1, fontSize: '0.85rem' }}>
              {q.quality}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: '0.8rem' }}>
              ({f.total(formatNumber(q.files.length, 0))})
            </Box>
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {q.files.map((file) => (
              <FileRow key={file.id} file={file} downloads={downloads} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function episodeName(title: TitleDetail, season: number | null, episode: number | null): string | null {
  const e = title.seasons.find((s) => s.number === season)?.episodes.find((x) => x.number === episode);
  return e ? (e.nameFa ?? e.nameEn) : null;
}

function SeriesFiles({ seasons, title, downloads }: { seasons: SeasonGroup[]; title: TitleDetail; downloads?: DownloadItem[] }) {
  const [chosen, setChosen] = useState(seasons[0]?.seasonNumber ?? null);
  const season = seasons.find((s) => s.seasonNumber === chosen) ?? seasons[0]!;
  return (
    <>
      <Box role="group" aria-label={messages.seasonsLabel} sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 2 }}>
        {seasons.map((s) => {
          const on = s.seasonNumber === season.seasonNumber;
          return (
            <PillButton key={String(s.seasonNumber)} pressed={on} onClick={() => setChosen(s.seasonNumber)} data-testid="files-season-button">
              {messages.season(toPersianDigits(s.seasonNumber ?? 0))}
            </PillButton>
          );
        })}
      </Box>
      <Box component="section" aria-label={messages.season(toPersianDigits(season.seasonNumber ?? 0))} data-testid="files-season" sx={{ display: 'grid', gap: 1.5 }}>
        {season.episodes.map((ep, i) => {
          const name = episodeName(title, season.seasonNumber, ep.episodeNumber);
          return (
            <Box component="details" key={String(ep.episodeNumber)} open={i === 0} data-testid="files-episode" sx={{ borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover', '&[open] > summary': { borderBottom: 1, borderColor: 'divider' } }}>
              <Box component="summary" sx={{ cursor: 'pointer', p: 1.75, display: 'flex', alignItems: 'center', gap: 1.5, listStyle: 'none', '&::-webkit-details-marker': { display: 'none' }, '&::before': { content: '"▸"', transform: 'scaleX(-1)', color: 'text.secondary' }, '[open] > &::before': { transform: 'rotate(90deg)' } }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                  {messages.episode(toPersianDigits(ep.episodeNumber ?? 0))}
                  {name && (
                    <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                      {' — '}
                      <bdi>{name}</bdi>
                    </Box>
                  )}
                </Typography>
                <Box component="span" sx={{ marginInlineStart: 'auto', fontSize: '0.8rem', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {f.total(formatNumber(ep.fileCount, 0))}
                </Box>
              </Box>
              <Box sx={{ p: { xs: 1.25, md: 2 } }}>
                <Qualities group={ep} headingLevel="h3" downloads={downloads} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </>
  );
}

function FilesSkeleton() {
  return (
    <Box aria-hidden="true" sx={{ display: 'grid', gap: 1, alignContent: 'start', minHeight: '100vh' }} data-testid="files-skeleton">
      <Skeleton width={160} sx={{ fontSize: '1rem' }} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" sx={{ height: { xs: 150, md: 58 } }} />
      ))}
    </Box>
  );
}

/** `titles/{id}/files`: the media files grouped by season, episode and quality. */
export function FilesScreen({ id, isMember = false }: { id: number; isMember?: boolean }) {
  const title = useTitle(id);
  const files = useTitleFiles(id);
  const access = useTitleAccess(id, isMember, title.data ? !title.data.isFree : false);
  const mayDownload = isMember && (title.data?.isFree || access.data?.canWatch === true);
  const downloads = useTitleDownloads(id, Boolean(mayDownload));
  // Rows know whether their member may download (a list, maybe still empty) or not (none).
  const rowDownloads = mayDownload ? (downloads.data ?? []) : undefined;
  const t = title.data;
  const name = t ? (t.titleFa ?? t.titleEn) : null;
  useDocumentTitle(name ? f.heading(name) : f.headingFallback);

  if (title.isError) return <QueryErrorPage error={title.error} onRetry={() => void title.refetch()} />;
  const groups = files.data ? groupFiles(files.data) : null;
  const duration = files.data?.find((x) => x.durationSec)?.durationSec;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      {t && (
        <Button component={RouterLink} to={t.path} color="inherit" size="small" startIcon={<ArrowForwardIcon />} sx={{ mb: 2 }}>
          {f.back}
        </Button>
      )}
      <Box sx={{ display: 'flex', gap: { xs: 2, md: 3 }, alignItems: 'center', mb: 3 }}>
        <Box sx={{ width: { xs: 72, md: 96 }, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden' }}>
          {t ? <ArtImage src={t.poster} alt="" priority /> : <Skeleton variant="rectangular" sx={{ height: 'auto', aspectRatio: '2 / 3' }} />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.3rem', md: '1.9rem' } }}>
            {name ? f.heading(name) : f.headingFallback}
          </Typography>
          {t?.titleFa && <EnglishName className="p-latin p-muted p-en--below">{t.titleEn}</EnglishName>}
          <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mt: 0.5 }}>
            {files.data ? f.total(formatNumber(files.data.length, 0)) : '\u00a0'}
            {t?.type === 'movie' && duration ? `، ${duration < 60 ? f.seconds(toPersianDigits(duration)) : formatDuration(duration / 60)}` : ''}
          </Typography>
        </Box>
      </Box>
      {t && !t.isFree && needsPremium(access.data) ? (
        <Box sx={{ mb: 3 }}>
          <PremiumGate reason={access.data.reason} />
        </Box>
      ) : (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          {downloads.data?.length ? f.premiumDownloads : access.data?.canWatch ? f.premiumActive : f.premiumNote}
        </Alert>
      )}
      {files.isPending || title.isPending ? (
        <FilesSkeleton />
      ) : files.isError ? (
        <InlineError error={files.error} onRetry={() => void files.refetch()} />
      ) : !groups || groups.length === 0 ? (
        <EmptyState message={f.empty} />
      ) : t && t.type === 'series' && groups.some((g) => g.seasonNumber !== null) ? (
        <SeriesFiles seasons={groups.filter((g) => g.seasonNumber !== null)} title={t} downloads={rowDownloads} />
      ) : (
        <Box component="section" aria-label={f.movie} data-testid="files-movie">
          {groups.map((g) =>
            g.episodes.map((ep) => <Qualities key={`${g.seasonNumber}-${ep.episodeNumber}`} group={ep} headingLevel="h2" downloads={rowDownloads} />),
          )}
        </Box>
      )}
    </Container>
  );
}
