import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Plan, PremiumStatus } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import { useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accentText, solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { usePlan } from '../api/get-plan';
import { usePremiumStatus } from '../api/get-premium-status';
import { useStartPurchase } from '../api/start-purchase';
import { holderProofBody, holderProofRefusal } from '../lib/holder-proof';
import { formFailure } from '../lib/field-errors';
import { formatPrice, priceView } from '../lib/price';
import { useGatewayRedirect } from '../hooks/use-gateway-redirect';
import { parseMode, previewPeriod, type PurchaseMode } from '../lib/purchase';
import { messages } from '../messages';
import { ActiveNote } from './active-note';
import { PremiumPage } from './premium-page';
import { PriceTag } from './price-tag';

const m = messages.join;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Summary({ plan, mode, status }: { plan: Plan; mode: PurchaseMode; status: PremiumStatus | undefined }) {
  const [now] = useState(() => new Date());
  const preview = previewPeriod(status, mode, plan.days, now);
  return (
    <Paper component="aside" aria-labelledby="join-summary" variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3 }} data-testid="join-summary">
      <Typography id="join-summary" component="h2" sx={{ fontWeight: 800, fontSize: '1.15rem', mb: 2 }}>
        {m.summary}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '12px 16px', m: 0, alignItems: 'baseline' }}>
        <Row label={m.plan}>{plan.name}</Row>
        <Row label={m.duration}>{priceView(plan).days}</Row>
        <Row label={m.price}>
          <PriceTag plan={plan} />
        </Row>
      </Box>
      <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', color: 'text.secondary', lineHeight: 2, fontSize: '0.92rem' }} data-testid="join-preview">
        <div>{preview.startsAt ? m.startsAt(formatJalali(preview.startsAt, 'long')) : m.startsNow}</div>
        <div>{m.endsAt(formatJalali(preview.endsAt, 'long'))}</div>
      </Box>
      <Link component={RouterLink} to={paths.premium.plans.getHref()} sx={(t) => ({ ...accentText(t), display: 'inline-block', mt: 2, fontWeight: 600 })}>
        {m.changePlan}
      </Link>
    </Paper>
  );
}

/**
 * `premium/join/{id}` (members only): what is being bought, join or reserve, an optional discount
 * code, and off to the gateway. A bad code is the server's 422, shown under the field.
 */
export function JoinScreen({ id, askHolderProof = false }: { id: number; /** A profile other than the main one pays only with the holder's proof. */ askHolderProof?: boolean }) {
  const [params, setParams] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const plan = usePlan(id);
  const status = usePremiumStatus();
  const start = useStartPurchase();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [proof, setProof] = useState('');
  const [proofError, setProofError] = useState<string | null>(null);
  const [proofAsked, setProofAsked] = useState(false);
  const showProof = askHolderProof || proofAsked;
  const gateway = useGatewayRedirect();
  const codeRef = useRef<HTMLInputElement>(null);

  const p = plan.data;
  if (plan.isError && !p) return <QueryErrorPage error={plan.error} onRetry={() => void plan.refetch()} />;
  const s = status.data;
  const busy = start.isPending || gateway.leaving;

  const setMode = (next: PurchaseMode) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next === 'reserve') q.set('mode', 'reserve');
        else q.delete('mode');
        return q;
      },
      { replace: true },
    );

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!p || busy) return;
    setFormError(null);
    setCodeError(null);
    setProofError(null);
    const discount = code.replace(/\s+/g, '');
    start.mutate(
      { mode, plan_id: p.id, discount_code: discount || undefined, ...(showProof ? holderProofBody(proof) : {}) },
      {
        onSuccess: ({ url }) => {
          if (!gateway.leave(url)) setFormError(m.badRedirect);
        },
        onError: (error) => {
          const refused = holderProofRefusal(error);
          if (refused) {
            setProofAsked(true);
            setProofError(refused);
            return;
          }
          const failure = formFailure(error, ['discount_code'] as const);
          setCodeError(failure.fields.discount_code ?? null);
          setFormError(failure.form);
          if (failure.fields.discount_code) codeRef.current?.focus();
        },
      },
    );
  };

  return (
    <PremiumPage title={mode === 'reserve' ? m.headingReserve : m.heading} intro={p ? p.name : '\u00a0'} testId="join-screen">
      {!p ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' }, gap: 3 }} aria-hidden="true">
          <Skeleton variant="rounded" height={300} />
          <Skeleton variant="rounded" height={360} />
        </Box>
      ) : (
        <>
          {s?.active && s.activeUntil && <ActiveNote>{m.currentUntil(formatJalali(s.activeUntil, 'long'))}</ActiveNote>}
          {/* What is being bought comes first, then how to pay for it. */}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' }, gap: 3, alignItems: 'start' }}>
            <Summary plan={p} mode={mode} status={s} />
            <Paper component="form" noValidate onSubmit={onSubmit} aria-label={mode === 'reserve' ? m.headingReserve : m.heading} variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3, display: 'grid', gap: 2.5 }} data-testid="join-form">
              <FormControl component="fieldset">
                <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 1, '&.Mui-focused': { color: 'text.primary' } }}>
                  {m.modeLabel}
                </FormLabel>
                <RadioGroup name="mode" value={mode} onChange={(e) => setMode(parseMode(e.target.value))} sx={{ gap: 1 }}>
                  {(
                    [
                      ['join', m.modeJoin, m.modeJoinHelp],
                      ['reserve', m.modeReserve, m.modeReserveHelp],
                    ] as const
                  ).map(([value, label, help]) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio color="secondary" slotProps={{ input: { 'data-testid': `mode-${value}` } as object }} />}
                      sx={{ alignItems: 'flex-start', m: 0, p: 1, borderRadius: 2, border: 1, borderColor: mode === value ? 'secondary.main' : 'divider', '& .MuiRadio-root': { mt: -0.5 } }}
                      label={
                        <Box>
                          <Box sx={{ fontWeight: 700 }}>{label}</Box>
                          <Box sx={{ color: 'text.secondary', fontSize: '0.88rem', lineHeight: 1.8 }}>
                            {help}
                          </Box>
                        </Box>
                      }
                    />
                  ))}
                </RadioGroup>
                {mode === 'reserve' && s && !s.active && (
                  <Alert severity="info" variant="outlined" sx={{ mt: 1.5 }} data-testid="reserve-inactive">
                    {m.reserveWithoutActive}
                  </Alert>
                )}
              </FormControl>
              <TextField
                name="discount_code"
                label={m.discount}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (codeError) setCodeError(null);
                }}
                error={Boolean(codeError)}
                helperText={codeError ?? m.discountHelp}
                inputRef={codeRef}
                autoComplete="off"
                fullWidth
                slotProps={{
                  htmlInput: { 'data-testid': 'field-discount_code', dir: 'ltr', style: { textAlign: 'right' }, maxLength: 40, spellCheck: false, autoCapitalize: 'characters' },
                  formHelperText: { 'data-testid': 'field-discount_code-help' } as object,
                }}
              />
              {showProof && (
                <TextField
                  name="holder_proof"
                  type="password"
                  label={m.holderProof}
                  value={proof}
                  onChange={(e) => {
                    setProof(e.target.value);
                    if (proofError) setProofError(null);
                  }}
                  error={Boolean(proofError)}
                  helperText={proofError ?? m.holderProofHelp}
                  autoComplete="current-password"
                  fullWidth
                  slotProps={{ htmlInput: { 'data-testid': 'field-holder_proof' } }}
                />
              )}
              {formError && (
                <Alert severity="error" role="alert" data-testid="form-error">
                  {formError}
                </Alert>
              )}
              <Box>
                <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} startIcon={<LockIcon />} data-testid="pay-button" sx={{ ...solidAccent, fontWeight: 700, py: 1.25 }}>
                  {busy ? m.paying : m.payAmount(formatPrice(p.finalPrice))}
                </Button>
                <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mt: 1, lineHeight: 1.8 }}>
                  {m.gatewayNote}
                </Typography>
              </Box>
            </Paper>
          </Box>
        </>
      )}
    </PremiumPage>
  );
}
