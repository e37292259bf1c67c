import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { datasetKindOf, importFullReasonLabels, importPhaseLabels, type AdminImport } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { adminKeys } from '../api/keys';
import { AdminPage } from '../components/admin-page';
import { adminDateTime, adminNumber } from '../lib/format';
import { adminMessages } from '../messages';
import { useDatasetUploads, useImports, useStartImport } from './api';
import { FilePicker } from './fields';
import { persianBytes } from './format';
import { FailureReason } from './ingest-status';
import { mediaMessages } from './messages';
import { UploadProgress } from './upload-progress';
import { useTusUpload } from './use-tus-upload';

const m = mediaMessages.imports;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 2.5 }, mb: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Dataset files, one after another through tus; a refused one (wrong columns) says why and the rest go on. */
function DatasetUpload() {
  const client = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [queue, setQueue] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const { state, start, pause, resume, cancel, reset } = useTusUpload();
  const busy = queue.length > 0;
  const unknown = files.filter((f) => !datasetKindOf(f.name));

  const next = (rest: File[]) => {
    setQueue(rest);
    void client.invalidateQueries({ queryKey: adminKeys.area('uploads') });
    const file = rest[0];
    if (!file) return;
    start(
      file,
      { kind: 'dataset' },
      () => next(rest.slice(1)),
      (message) => {
        setRefused((r) => [...r, `${file.name}: ${message}`]);
        next(rest.slice(1));
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), setRefused([]), setFiles([]), next(files))} sx={{ display: 'grid', gap: 2 }}>
      <FilePicker label={m.choose} accept=".tsv,.gz,.json" testId="admin-dataset-input" file={files} multiple onChange={(f) => (setFiles(f), reset())} disabled={busy} />
      {unknown.length > 0 && (
        <Alert severity="warning">
          {m.unknownNames(unknown.map((f) => f.name).join('، '))}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={files.length === 0 || unknown.length > 0 || busy} data-testid="admin-dataset-upload">
          {m.uploadAll}
        </Button>
      </Box>
      <UploadProgress
        state={state}
        onPause={pause}
        onResume={resume}
        onCancel={() => {
          void cancel();
          setQueue([]);
        }}
      />
      {refused.map((r) => (
        <Alert key={r} severity="error">
          {r}
        </Alert>
      ))}
    </Box>
  );
}

function ReadyFiles() {
  const uploads = useDatasetUploads();
  const startImport = useStartImport();
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  if (uploads.isPending) return <ProgressBar label={adminMessages.loading} />;
  if (uploads.isError) return <Alert severity="error">{getErrorMessage(uploads.error)}</Alert>;
  const ready = uploads.data;
  if (ready.length === 0) return <Typography color="text.secondary">{m.noneReady}</Typography>;
  const chosen = ready.filter((u) => !unchecked.has(u.id));
  const hasBasics = chosen.some((u) => u.dataset === 'title.basics');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ready.map((u) => (
          <Box component="li" key={u.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Checkbox
              checked={!unchecked.has(u.id)}
              onChange={(e) =>
                setUnchecked((s) => {
                  const n = new Set(s);
                  if (e.target.checked) n.delete(u.id);
                  else n.add(u.id);
                  return n;
                })
              }
              slotProps={{ input: { 'aria-label': m.select(u.fileName) } }}
            />
            <Typography dir="auto">{u.fileName}</Typography>
            <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
              {persianBytes(u.size)} — {adminDateTime(u.completedAt)}
            </Typography>
          </Box>
        ))}
      </Box>
      {!hasBasics && <Alert severity="info">{m.needBasics}</Alert>}
      <Box>
        <Button
          variant="contained"
          data-testid="admin-import-start"
          disabled={!hasBasics || startImport.isPending}
          onClick={() =>
            startImport.mutate(
              chosen.map((u) => u.id),
              { onSuccess: () => notifySuccess(m.started), onError: (err) => notifyError(getErrorMessage(err)) },
            )
          }
        >
          {m.start}
        </Button>
      </Box>
    </Box>
  );
}

const seconds = (s: number | null) => toPersianDigits((s ?? 0).toFixed(1).replace('.', '٫'));

/** What a finished import did: full or daily (and why full), per-file changes, removed titles and what hangs on them. */
export function ImportReport({ i }: { i: AdminImport }) {
  if (!i.mode) return null;
  const changes = Object.entries(i.changes ?? {});
  const removed = i.removedTitles ?? [];
  return (
    <Box component="details" data-testid="admin-import-report" sx={{ fontSize: '0.85rem', '& summary': { cursor: 'pointer', color: 'primary.main' } }}>
      <Box component="summary">{m.report}</Box>
      {/* One column no wider than the page: the text wraps, and only the table scrolls sideways on a phone. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, mt: 1 }}>
        <Typography sx={{ fontSize: 'inherit' }}>{i.mode === 'daily' ? m.modeDaily(seconds(i.seconds)) : m.modeFull(seconds(i.seconds))}</Typography>
        {i.mode === 'full' && i.fullReason && (
          <Typography sx={{ fontSize: 'inherit' }} color="text.secondary">
            {m.whyFull}: {importFullReasonLabels[i.fullReason]}
          </Typography>
        )}
        {changes.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={m.changesCaption} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, md: 2 } }, '& caption': { px: { xs: 0.75, md: 2 } } }}>
              <caption>{m.changesCaption}</caption>
              <TableHead>
                <TableRow>
                  <TableCell>{m.file}</TableCell>
                  <TableCell>{m.added}</TableCell>
                  <TableCell>{m.changed}</TableCell>
                  <TableCell>{m.removed}</TableCell>
                  <TableCell>{m.unchanged}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {changes.map(([kind, c]) => (
                  <TableRow key={kind}>
                    <TableCell dir="ltr">{kind}</TableCell>
                    <TableCell>{adminNumber(c.added)}</TableCell>
                    <TableCell>{adminNumber(c.changed)}</TableCell>
                    <TableCell>{adminNumber(c.removed)}</TableCell>
                    <TableCell>{adminNumber(c.unchanged)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {i.mode === 'daily' &&
          (removed.length === 0 ? (
            <Typography sx={{ fontSize: 'inherit' }}>{m.noneRemoved}</Typography>
          ) : (
            <Box component="section" aria-label={m.removedTitles(adminNumber(removed.length))}>
              <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>{m.removedTitles(adminNumber(removed.length))}</Typography>
              <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
                {removed.map((t) => (
                  <li key={t.id} data-testid="admin-import-removed">
                    <span dir="auto">{t.titleFa ?? t.titleEn}</span> (<span dir="ltr">{t.imdbId}</span>){!t.wasPublished && ` — ${m.alreadyHidden}`}:{' '}
                    {m.hanging(adminNumber(t.watchlist), adminNumber(t.comments), adminNumber(t.requests), adminNumber(t.history), adminNumber(t.media))}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        {(i.issueSamples ?? []).length > 0 && (
          <Box>
            <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>{m.issueSamples}</Typography>
            <Box component="ul" dir="ltr" sx={{ m: 0, ps: 2.5, fontFamily: 'monospace', fontSize: '0.8rem' }}>
              {i.issueSamples!.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}

function ImportPercent({ i }: { i: AdminImport }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress variant="determinate" value={i.percent} sx={{ flex: 1, height: 6, borderRadius: 3 }} aria-label={`${m.progress} ${toPersianDigits(i.id)}`} aria-valuetext={`${toPersianDigits(i.percent)}٪`} color={i.status === 'failed' ? 'error' : 'primary'} />
      <span>{toPersianDigits(i.percent)}٪</span>
    </Box>
  );
}

function ImportStatus({ i }: { i: AdminImport }) {
  return <Chip size="small" label={m.status[i.status]} color={i.status === 'done' ? 'success' : i.status === 'failed' ? 'error' : 'default'} />;
}

/** What it counted, its issues, and why it failed. */
function ImportOutcome({ i }: { i: AdminImport }) {
  return (
    <>
      {i.counts ? m.countsText(adminNumber(i.counts.titles), adminNumber(i.counts.episodes), adminNumber(i.counts.people)) : '—'}
      {i.issues > 0 && (
        <Typography component="div" color="text.secondary" sx={{ fontSize: '0.8rem' }}>
          {m.issues(adminNumber(i.issues))}
        </Typography>
      )}
      {i.status === 'failed' && i.error && (
        <Box sx={{ color: 'error.main', fontSize: '0.8rem', mt: 0.5 }}>
          <FailureReason error={i.error} />
        </Box>
      )}
    </>
  );
}

const fileKinds = (i: AdminImport) => (i.files.length > 0 ? i.files.map((f) => f.kind).join(', ') : '—');

const IMPORT_COLUMNS = 8;

/** One import in the wide table; its report, once it has one, on a row of its own across the table. */
export function ImportRow({ i }: { i: AdminImport }) {
  const reported = Boolean(i.mode);
  return (
    <>
      <TableRow data-testid="admin-import-row" data-status={i.status} sx={reported ? { '& > td': { borderBottom: 0 } } : undefined}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDateTime(i.createdAt)}</TableCell>
        <TableCell>
          <ImportStatus i={i} />
        </TableCell>
        <TableCell>{importPhaseLabels[i.phase] ?? i.phase}</TableCell>
        <TableCell sx={{ minWidth: 160 }}>
          <ImportPercent i={i} />
        </TableCell>
        <TableCell>{adminNumber(i.rowsRead)}</TableCell>
        <TableCell>
          <ImportOutcome i={i} />
        </TableCell>
        <TableCell>
          <Typography component="span" dir="ltr" sx={{ fontSize: '0.8rem' }}>
            {fileKinds(i)}
          </Typography>
        </TableCell>
        <TableCell>
          <ImportStarter i={i} />
        </TableCell>
      </TableRow>
      {reported && (
        <TableRow>
          <TableCell colSpan={IMPORT_COLUMNS} sx={{ pt: 0 }}>
            <ImportReport i={i} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** One import on a narrow screen: the table's columns as lines of a card, the report below them. */
export function ImportCard({ i }: { i: AdminImport }) {
  return (
    <Box component="li" data-testid="admin-import-card" data-status={i.status} sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1, fontSize: '0.875rem', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <span>{adminDateTime(i.createdAt)}</span>
        <ImportStatus i={i} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {m.phase}
        </Typography>
        <span>{importPhaseLabels[i.phase] ?? i.phase}</span>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {m.progress}
        </Typography>
        <ImportPercent i={i} />
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {m.rows}
        </Typography>
        <span>{adminNumber(i.rowsRead)}</span>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {m.counts}
        </Typography>
        <Box>
          <ImportOutcome i={i} />
        </Box>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {mediaMessages.file}
        </Typography>
        <Typography component="span" dir="ltr" sx={{ fontSize: '0.8rem', textAlign: 'start', overflowWrap: 'anywhere' }}>
          {fileKinds(i)}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ fontSize: 'inherit' }}>
          {m.by}
        </Typography>
        <span>
          <ImportStarter i={i} />
        </span>
      </Box>
      <ImportReport i={i} />
    </Box>
  );
}

/** Who started it: the operator, or `npm run import` on a server (with no uploaded files), marked as such. */
export function ImportStarter({ i }: { i: AdminImport }) {
  if (i.source !== 'command') return <>{i.createdBy?.name ?? '—'}</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid="admin-import-command"
      label={m.fromCommand}
      title={i.host ? m.fromCommandOn(i.host) : m.fromCommand}
      aria-label={i.host ? m.fromCommandOn(i.host) : m.fromCommand}
    />
  );
}

/** `/admin/imports`: upload IMDb dataset files, start an import, follow it, and see earlier ones. */
export function ImportsScreen() {
  const [params] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const imports = useImports(page);
  if (imports.isError && !imports.data) return <QueryErrorPage error={imports.error} onRetry={() => void imports.refetch()} />;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-imports">
      <Section title={m.files}>
        <DatasetUpload />
      </Section>
      <Section title={m.ready}>
        <ReadyFiles />
      </Section>
      <Section title={m.history}>
        {imports.isPending ? (
          <ProgressBar label={adminMessages.loading} />
        ) : imports.data.data.length === 0 ? (
          <EmptyState message={m.noImports} compact />
        ) : (
          <>
            <Box component="ul" aria-label={m.history} sx={{ display: { xs: 'grid', md: 'none' }, gap: 1.5, m: 0, p: 0 }}>
              {imports.data.data.map((i) => (
                <ImportCard key={i.id} i={i} />
              ))}
            </Box>
            <TableContainer sx={{ display: { xs: 'none', md: 'block' } }}>
              <Table size="small" aria-label={m.history}>
                <TableHead>
                  <TableRow>
                    <TableCell>{mediaMessages.when}</TableCell>
                    <TableCell>{mediaMessages.status}</TableCell>
                    <TableCell>{m.phase}</TableCell>
                    <TableCell>{m.progress}</TableCell>
                    <TableCell>{m.rows}</TableCell>
                    <TableCell>{m.counts}</TableCell>
                    <TableCell>{mediaMessages.file}</TableCell>
                    <TableCell>{m.by}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {imports.data.data.map((i) => (
                    <ImportRow key={i.id} i={i} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
        {imports.data && imports.data.meta.lastPage > 1 && (
          <ListPagination page={imports.data.meta.currentPage} lastPage={imports.data.meta.lastPage} hrefFor={(p) => `${paths.admin.imports.getHref()}?page=${p}`} />
        )}
      </Section>
    </AdminPage>
  );
}
