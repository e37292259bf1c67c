import Box from '@mui/material/Box';
import type { TitleSearchResult } from '@parde/contract';
import { toPersianDigits } from '../../../lib/persian';
import { messages } from '../messages';

type Rt = TitleSearchResult['rottenTomatoes'];
type Status = NonNullable<Rt['rtStatus']>;

const TOMATO = '#fa320a';
const LEAF = '#00912d';

/** Rotten Tomatoes' three marks, drawn small: a tomato, a green splat, a tomato with a seal. */
function StatusIcon({ status }: { status: Status }) {
  return (
    <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" sx={{ width: 16, height: 16, flexShrink: 0 }}>
      {status === 'rotten' ? (
        <path
          d="M12 2.5l1.9 4.2 4.2-2.1-1.2 4.4 4.6.9-3.6 3 3.2 3.3-4.6.3.6 4.6-4-2.4L12 22l-1.9-3.9-4 2.4.6-4.6-4.6-.3 3.2-3.3-3.6-3 4.6-.9-1.2-4.4 4.2 2.1z"
          fill="#6aa329"
        />
      ) : (
        <>
          <circle cx="12" cy="13.5" r="8.5" fill={TOMATO} />
          <path d="M12 6.2c-1.6-1.9-4-2-5.3-1.1 1.3.2 2.3.8 3 1.6-1.5 0-2.9.5-3.7 1.6 2-.4 4-.1 6 .8 2-.9 4-1.2 6-.8-.8-1.1-2.2-1.6-3.7-1.6.7-.8 1.7-1.4 3-1.6-1.3-.9-3.7-.8-5.3 1.1z" fill={LEAF} />
          {status === 'certified' && (
            <>
              <circle cx="18.5" cy="18.5" r="5" fill="#ffb600" stroke="#1b1b1b" strokeWidth="1" />
              <path d="M16.3 18.6l1.5 1.5 2.9-3" fill="none" stroke="#1b1b1b" strokeWidth="1.4" strokeLinecap="round" />
            </>
          )}
        </>
      )}
    </Box>
  );
}

/** The Tomatometer in Persian digits with its status mark and Persian status word. */
export function RottenTomatoes({ rt }: { rt: Rt }) {
  if (rt.rtMeter === null) return null;
  return (
    <Box
      component="span"
      data-testid="rt"
      data-status={rt.rtStatus ?? undefined}
      title={rt.rtStatus ? messages.rtStatus[rt.rtStatus] : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      <span className="visually-hidden">{messages.rtPrefix}</span>
      {rt.rtStatus && <StatusIcon status={rt.rtStatus} />}
      <span>{toPersianDigits(rt.rtMeter)}٪</span>
      {rt.rtStatus && <span>{messages.rtStatus[rt.rtStatus]}</span>}
    </Box>
  );
}
