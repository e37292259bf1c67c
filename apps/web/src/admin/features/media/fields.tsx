import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminTitleMedia } from '@parde/contract';
import type { ChangeEvent } from 'react';
import { persianBytes } from './format';
import { mediaMessages as m } from './messages';

type Episode = AdminTitleMedia['episodes'][number];

export const episodeText = (e: Pick<Episode, 'seasonNumber' | 'episodeNumber' | 'nameFa' | 'nameEn'>) => m.episodeLabel(e.seasonNumber, e.episodeNumber, e.nameFa ?? e.nameEn);

/**
 * A file picker: a button people see and a real file input beside it (visually hidden, still
 * reachable by keyboard and labelled by the button's words), then the chosen file's name and size.
 */
export function FilePicker({ label, accept, testId, file, onChange, disabled, multiple = false }: { label: string; accept: string; testId: string; file: File | File[] | null; onChange: (files: File[]) => void; disabled?: boolean; multiple?: boolean }) {
  const files = file === null ? [] : Array.isArray(file) ? file : [file];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      {/* The label is not a control of its own (the input inside is): no role, not in the tab order. */}
      <Button component="label" role={undefined} tabIndex={-1} variant="outlined" color="inherit" disabled={disabled} sx={{ '&:focus-within': { outline: 2, outlineColor: 'text.primary', outlineOffset: 2 } }}>
        {label}
        <Box
          component="input"
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          data-testid={testId}
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            onChange(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', clipPath: 'inset(50%)', whiteSpace: 'nowrap', border: 0, p: 0, margin: '-1px' }}
        />
      </Button>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {files.length === 0
          ? m.noFile
          : files.map((f, i) => (
              <span key={`${f.name}-${i}`}>
                {i > 0 && '، '}
                <bdi>{f.name}</bdi> ({persianBytes(f.size)})
              </span>
            ))}
      </Typography>
    </Box>
  );
}

/** The episode an upload is for (a series only), as a native select: quick with the keyboard. */
export function EpisodeSelect({ episodes, value, onChange, testId, disabled }: { episodes: Episode[]; value: number | ''; onChange: (id: number | '') => void; testId: string; disabled?: boolean }) {
  return (
    <TextField
      select
      size="small"
      label={m.episode}
      value={value === '' ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      disabled={disabled}
      sx={{ minWidth: 260 }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true } }}
    >
      <option value="">{m.chooseEpisode}</option>
      {episodes.map((e) => (
        <option key={e.id} value={e.id}>
          {episodeText(e)}
        </option>
      ))}
    </TextField>
  );
}
