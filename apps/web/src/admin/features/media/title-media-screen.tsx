import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { subtitleLanguage, subtitleLanguageLabels, type AdminIngest, type AdminTitleMedia, type SubtitleLanguage } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { adminKeys } from '../api/keys';
import { AdminPage } from '../components/admin-page';
import { adminDateTime } from '../lib/format';
import { adminMessages } from '../messages';
import { useIngests, useTitleMedia } from './api';
import { EpisodeSelect, episodeText, FilePicker } from './fields';
import { persianBytes, persianDuration } from './format';
import { FailureReason, IngestStatus } from './ingest-status';
import { mediaMessages as m } from './messages';
import { UploadProgress } from './upload-progress';
import { useTusUpload } from './use-tus-upload';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: { xs: 2, md: 2.5 }, mb: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const episodeOf = (e: AdminTitleMedia['assets'][number]['episode']) => (e ? episodeText(e) : m.movie);

function AssetsTable({ media }: { media: AdminTitleMedia }) {
  if (media.assets.length === 0) return <EmptyState message={m.noAssets} compact />;
  return (
    <TableContainer>
      <Table size="small" aria-label={m.assets}>
        <TableHead>
          <TableRow>
            {media.title.type === 'series' && <TableCell>{m.episode}</TableCell>}
            <TableCell>{m.qualities}</TableCell>
            <TableCell>{m.audio}</TableCell>
            <TableCell>{m.subtitles}</TableCell>
            <TableCell>{m.duration}</TableCell>
            <TableCell>{m.size}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {media.assets.map((a) => (
            <TableRow key={a.id} data-testid="admin-media-asset">
              {media.title.type === 'series' && <TableCell>{episodeOf(a.episode)}</TableCell>}
              <TableCell>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {a.renditions.map((r) => (
                    <Chip key={r.label} size="small" label={toPersianDigits(r.label)} />
                  ))}
                  {a.location === 'seed' && <Chip size="small" variant="outlined" label={m.demo} />}
                </Box>
              </TableCell>
              <TableCell>{a.audio.map((x) => x.label).join('، ')}</TableCell>
              <TableCell data-testid="admin-media-subtitles">{a.subtitles.length ? a.subtitles.map((s) => s.label).join('، ') : m.none}</TableCell>
              <TableCell>{persianDuration(a.durationSec)}</TableCell>
              <TableCell>{persianBytes(a.totalBytes)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function IngestHistory({ jobs }: { jobs: AdminIngest[] }) {
  if (jobs.length === 0) return <Typography color="text.secondary">{m.noIngests}</Typography>;
  return (
    <TableContainer sx={{ mt: 2 }}>
      <Table size="small" aria-label={m.ingestHistory}>
        <TableHead>
          <TableRow>
            <TableCell>{m.when}</TableCell>
            <TableCell>{m.file}</TableCell>
            <TableCell>{m.episode}</TableCell>
            <TableCell>{m.audio}</TableCell>
            <TableCell>{m.status}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((j) => (
            <TableRow key={j.id} data-testid="admin-ingest-row" data-status={j.status}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDateTime(j.createdAt)}</TableCell>
              <TableCell>{j.fileName ? <bdi>{j.fileName}</bdi> : '—'}</TableCell>
              <TableCell>{episodeOf(j.episode)}</TableCell>
              <TableCell>{j.audio.map((a) => (a.kind === 'dub' ? `${m.dub} — ${a.studio ?? ''}` : m.original)).join('، ')}</TableCell>
              <TableCell>
                {m.ingestStatus[j.status]}
                {j.status === 'running' || j.status === 'queued' ? ` — ${toPersianDigits(j.progress)}٪` : ''}
                {j.status === 'failed' && j.error && (
                  <Box sx={{ color: 'error.main', fontSize: '0.8rem', mt: 0.5 }}>
                    <FailureReason error={j.error} />
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VideoUpload({ media, onStarted }: { media: AdminTitleMedia; onStarted: (ingestId: number | null) => void }) {
  const isSeries = media.title.type === 'series';
  const [file, setFile] = useState<File | null>(null);
  const [episode, setEpisode] = useState<number | ''>('');
  const [edition, setEdition] = useState<'original' | 'dub'>('original');
  const [studio, setStudio] = useState('');
  const [tried, setTried] = useState(false);
  const { state, start, pause, resume, cancel, reset } = useTusUpload();
  const busy = state.phase === 'uploading' || state.phase === 'paused' || state.phase === 'checking';
  const studioError = edition === 'dub' && studio.trim().length < 2;
  const missingEpisode = isSeries && episode === '';

  const submit = () => {
    setTried(true);
    if (!file || studioError || missingEpisode) return;
    const metadata: Record<string, string> = { kind: 'video', title_id: String(media.title.id), edition };
    if (episode !== '') metadata.episode_id = String(episode);
    if (edition === 'dub') metadata.studio = studio.trim();
    start(file, metadata, (done) => {
      notifySuccess(m.ingestStarted);
      setFile(null);
      onStarted(done.ingestId);
    });
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {m.videoUploadHint(persianBytes(media.maxUploadBytes))}
      </Typography>
      {isSeries && (
        <Box>
          <EpisodeSelect episodes={media.episodes} value={episode} onChange={setEpisode} testId="admin-video-episode" disabled={busy} />
          {tried && missingEpisode && (
            <Typography color="error" sx={{ fontSize: '0.8rem', mt: 0.5 }}>
              {m.chooseEpisode}
            </Typography>
          )}
        </Box>
      )}
      <Box>
        <FormLabel id="admin-edition-label">{m.edition}</FormLabel>
        <RadioGroup row aria-labelledby="admin-edition-label" value={edition} onChange={(e) => setEdition(e.target.value as 'original' | 'dub')}>
          <FormControlLabel value="original" control={<Radio disabled={busy} slotProps={{ input: { 'data-testid': 'admin-edition-original' } as object }} />} label={m.original} />
          <FormControlLabel value="dub" control={<Radio disabled={busy} slotProps={{ input: { 'data-testid': 'admin-edition-dub' } as object }} />} label={m.dub} />
        </RadioGroup>
        {edition === 'dub' && (
          <TextField
            size="small"
            label={m.studio}
            value={studio}
            onChange={(e) => setStudio(e.target.value)}
            disabled={busy}
            error={tried && studioError}
            helperText={tried && studioError ? m.studioRequired : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'admin-edition-studio', maxLength: 80 } }}
            sx={{ mt: 1, minWidth: 260 }}
          />
        )}
      </Box>
      <FilePicker label={m.chooseVideo} accept="video/*,.mkv,.ts,.m2ts" testId="admin-video-input" file={file} onChange={(f) => (setFile(f[0] ?? null), reset())} disabled={busy} />
      <Box>
        <Button type="submit" variant="contained" disabled={!file || busy} data-testid="admin-video-upload">
          {m.upload}
        </Button>
      </Box>
      <UploadProgress state={state} onPause={pause} onResume={resume} onCancel={() => void cancel()} />
    </Box>
  );
}

function SubtitleUpload({ media }: { media: AdminTitleMedia }) {
  const client = useQueryClient();
  const isSeries = media.title.type === 'series';
  const withVideo = media.episodes.filter((e) => media.assets.some((a) => a.episode?.id === e.id && a.location === 'data'));
  const movieReady = media.assets.some((a) => a.episode === null && a.location === 'data');
  const [file, setFile] = useState<File | null>(null);
  const [episode, setEpisode] = useState<number | ''>('');
  const [language, setLanguage] = useState<SubtitleLanguage>('fa');
  const { state, start, pause, resume, cancel, reset } = useTusUpload();
  const busy = state.phase === 'uploading' || state.phase === 'checking';
  const ready = isSeries ? withVideo.length > 0 : movieReady;

  const submit = () => {
    if (!file || (isSeries && episode === '')) return;
    const metadata: Record<string, string> = { kind: 'subtitle', title_id: String(media.title.id), language };
    if (episode !== '') metadata.episode_id = String(episode);
    start(file, metadata, () => {
      notifySuccess(m.subtitleAttached(subtitleLanguageLabels[language]));
      setFile(null);
      void client.invalidateQueries({ queryKey: adminKeys.one('title-media', media.title.id) });
    });
  };

  if (!ready) return <Alert severity="info">{m.subtitleNeedsVideo}</Alert>;
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {m.subtitleHint}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {isSeries && <EpisodeSelect episodes={withVideo} value={episode} onChange={setEpisode} testId="admin-subtitle-episode" disabled={busy} />}
        <TextField
          select
          size="small"
          label={m.language}
          value={language}
          onChange={(e) => setLanguage(e.target.value as SubtitleLanguage)}
          disabled={busy}
          sx={{ minWidth: 180 }}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'admin-subtitle-language' }, inputLabel: { shrink: true } }}
        >
          {subtitleLanguage.options.map((l) => (
            <option key={l} value={l}>
              {subtitleLanguageLabels[l]}
            </option>
          ))}
        </TextField>
      </Box>
      <FilePicker label={m.chooseSubtitle} accept=".srt,.vtt" testId="admin-subtitle-input" file={file} onChange={(f) => (setFile(f[0] ?? null), reset())} disabled={busy} />
      <Box>
        <Button type="submit" variant="contained" disabled={!file || busy || (isSeries && episode === '')} data-testid="admin-subtitle-upload">
          {m.upload}
        </Button>
      </Box>
      <UploadProgress state={state} onPause={pause} onResume={resume} onCancel={() => void cancel()} testId="admin-subtitle-progress" />
    </Box>
  );
}

/** `/admin/titles/:id/media`: the title's video per episode, uploads with tus, live packaging, subtitles. */
export function TitleMediaScreen() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const media = useTitleMedia(id);
  // The job an upload of this visit started: followed until it ends, even before the list shows it.
  const [tracked, setTracked] = useState<number | null>(null);
  const ingests = useIngests(id, tracked);
  const jobs = ingests.data ?? media.data?.ingests ?? [];
  const current = (tracked !== null ? jobs.find((j) => j.id === tracked) : undefined) ?? jobs.find((j) => j.status === 'queued' || j.status === 'running');
  const lastStatus = useRef<{ id: number; status: string } | null>(null);

  // A job that finished changes what the title has: ask for its assets again.
  useEffect(() => {
    if (!current) return;
    const before = lastStatus.current?.id === current.id ? lastStatus.current.status : null;
    const ended = current.status === 'done' || current.status === 'failed';
    if (ended && before !== current.status && (before !== null || current.id === tracked)) void client.invalidateQueries({ queryKey: adminKeys.one('title-media', id) });
    lastStatus.current = { id: current.id, status: current.status };
  }, [current, client, id, tracked]);

  if (media.isError) return <QueryErrorPage error={media.error} onRetry={() => void media.refetch()} />;
  if (media.isPending) return <ProgressBar label={adminMessages.loading} />;
  const data = media.data;
  const name = data.title.titleFa ?? data.title.titleEn;
  return (
    <AdminPage
      title={m.heading(name)}
      intro={m.intro}
      testId="admin-title-media"
      actions={
        <Button component={RouterLink} to={paths.admin.title.getHref(id)} variant="outlined" color="inherit">
          {m.backToTitle}
        </Button>
      }
    >
      <Section title={m.assets}>
        <AssetsTable media={data} />
      </Section>
      <Section title={m.videoUpload}>
        <VideoUpload
          media={data}
          onStarted={(ingestId) => {
            setTracked(ingestId);
            void client.invalidateQueries({ queryKey: adminKeys.list('ingests', { titleId: id }) });
          }}
        />
        {current && <IngestStatus job={current} episodeLabel={current.episode ? episodeText(current.episode) : null} />}
      </Section>
      <Section title={m.subtitleUpload}>
        <SubtitleUpload media={data} />
      </Section>
      <Section title={m.ingestHistory}>
        <IngestHistory jobs={jobs} />
      </Section>
    </AdminPage>
  );
}
