import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import RedeemIcon from '@mui/icons-material/Redeem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GiftRedeemResult, Plan } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accentText, solidAccent } from '../../../components/accent';
import { InlineError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useBuyGift } from '../api/buy-gift';
import { usePlans } from '../api/get-plans';
import { useRedeemGift } from '../api/redeem-gift';
import { useGatewayRedirect } from '../hooks/use-gateway-redirect';
import { holderProofBody, holderProofRefusal } from '../lib/holder-proof';
import { formFailure, type FieldErrors } from '../lib/field-errors';
import { compactGiftCode, GIFT_FIELDS, GIFT_MESSAGE_MAX, redeemFailure, toGiftInput, validateGiftCode, validateGiftForm, type GiftValues } from '../lib/gift-form';
import { formatPrice, priceView } from '../lib/price';
import { messages } from '../messages';
import { GiftList } from './gift-list';
import { PremiumPage } from './premium-page';

const g = messages.gift;
const ltrInput = { dir: 'ltr', style: { textAlign: 'right' }, spellCheck: false } as const;

function Panel({ title, intro, icon, children, testId }: { title: string; intro: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {icon}
        <Typography id={id} component="h2" sx={{ fontWeight: 800, fontSize: '1.2rem' }}>
          {title}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 0.75, mb: 2.5, lineHeight: 1.9, fontSize: '0.93rem' }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}

/** Redeem a code (a `?code=` from the gift mail fills it in). Unknown and used codes are said under the field. */
function RedeemForm({ initialCode }: { initialCode: string }) {
  const redeem = useRedeemGift();
  const [code, setCode] = useState(initialCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<GiftRedeemResult | null>(null);
  const ref = useRef<HTMLInputElement>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (redeem.isPending) return;
    setFormError(null);
    setDone(null);
    const local = validateGiftCode(code);
    setCodeError(local);
    if (local) return ref.current?.focus();
    redeem.mutate(
      { code: compactGiftCode(code) },
      {
        onSuccess: (result) => {
          setDone(result);
          setCode('');
        },
        onError: (error) => {
          const failure = redeemFailure(error);
          setCodeError(failure.code ?? null);
          setFormError(failure.form ?? null);
          if (failure.code) ref.current?.focus();
        },
      },
    );
  };

  const until = done ? (done.premium.premiumUntil ?? done.endsAt) : null;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={g.redeemHeading} sx={{ display: 'grid', gap: 1.5 }} data-testid="redeem-form">
      <TextField
        name="code"
        label={g.code}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (codeError) setCodeError(null);
        }}
        error={Boolean(codeError)}
        helperText={codeError ?? g.codeHelp}
        inputRef={ref}
        required
        autoComplete="off"
        fullWidth
        slotProps={{
          htmlInput: { ...ltrInput, 'data-testid': 'field-code', maxLength: 64, autoCapitalize: 'characters' },
          formHelperText: { 'data-testid': 'field-code-help' } as object,
        }}
      />
      {formError && (
        <Alert severity="error" role="alert" data-testid="redeem-error">
          {formError}
        </Alert>
      )}
      {done && until && (
        <Alert severity="success" role="status" data-testid="redeem-success">
          {g.redeemed(done.planName, formatNumber(done.days, 0), formatJalali(until, 'long'))}{' '}
          <Link component={RouterLink} to={paths.user.dashboard.getHref()} sx={{ color: 'inherit', fontWeight: 700, textDecoration: 'underline' }}>
            {messages.result.toDashboard}
          </Link>
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={redeem.isPending} sx={{ ...solidAccent, fontWeight: 700, px: 4 }} data-testid="redeem-button">
          {redeem.isPending ? g.redeeming : g.redeem}
        </Button>
      </Box>
    </Box>
  );
}

function PlanChoice({ plans, value, error, onChange }: { plans: Plan[]; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 1, '&.Mui-focused': { color: 'text.primary' } }}>
        {g.plan}
      </FormLabel>
      <RadioGroup name="plan_id" value={value} onChange={(e) => onChange(e.target.value)} sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 1 }}>
        {plans.map((p) => {
          const v = priceView(p);
          const on = value === String(p.id);
          return (
            <FormControlLabel
              key={p.id}
              value={String(p.id)}
              control={<Radio color="secondary" slotProps={{ input: { 'data-testid': `gift-plan-${p.id}` } as object }} />}
              sx={{ m: 0, p: 1, borderRadius: 2, border: 1, borderColor: on ? 'secondary.main' : 'divider', alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
              label={
                <Box>
                  <Box sx={{ fontWeight: 700 }}>
                    {p.name}
                    <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                      {'، '}
                      {v.days}
                    </Box>
                  </Box>
                  <Box sx={{ fontSize: '0.9rem' }}>
                    {v.original && (
                      <Box component="s" sx={{ color: 'text.secondary', marginInlineEnd: 1 }}>
                        <span className="visually-hidden">{messages.price.original}: </span>
                        {v.original}
                      </Box>
                    )}
                    <Box component="span" sx={{ fontWeight: 700 }}>
                      {v.final}
                    </Box>
                  </Box>
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText data-testid="field-plan_id-help">{error}</FormHelperText>}
    </FormControl>
  );
}

/** Buy a plan as a gift: the plan, who it is for and a message, an optional discount code, then the gateway. */
function BuyForm({ plans, initialPlan }: { plans: Plan[]; initialPlan: string | null }) {
  const buy = useBuyGift();
  const first = plans.find((p) => String(p.id) === initialPlan) ?? plans[0];
  const [values, setValues] = useState<GiftValues>({ plan_id: first ? String(first.id) : '', recipient_email: '', message: '', discount_code: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof GiftValues>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Asked when the API says this profile pays only with the holder's proof (not the main profile).
  const [proof, setProof] = useState<{ value: string; error: string | null } | null>(null);
  const gateway = useGatewayRedirect();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = buy.isPending || gateway.leaving;
  const chosen = plans.find((p) => String(p.id) === values.plan_id);

  const focusFirst = (e: FieldErrors<keyof GiftValues>) => {
    const name = GIFT_FIELDS.find((k) => e[k]);
    if (name) formRef.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  };
  const set = (name: keyof GiftValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const local = validateGiftForm(values);
    setErrors(local);
    if (Object.keys(local).length > 0) return focusFirst(local);
    buy.mutate({ ...toGiftInput(values), ...(proof ? holderProofBody(proof.value) : {}) }, {
      onSuccess: ({ url }) => {
        if (!gateway.leave(url)) setFormError(messages.join.badRedirect);
      },
      onError: (error) => {
        const refused = holderProofRefusal(error);
        if (refused) return setProof((p) => ({ value: p?.value ?? '', error: refused }));
        const failure = formFailure(error, GIFT_FIELDS);
        setErrors(failure.fields);
        setFormError(failure.form);
        focusFirst(failure.fields);
      },
    });
  };

  const text = (name: 'recipient_email' | 'message' | 'discount_code', label: string, extra: Partial<React.ComponentProps<typeof TextField>> & { help?: string; ltr?: boolean; max: number }) => {
    const { help, ltr, max, ...rest } = extra;
    return (
      <TextField
        name={name}
        label={label}
        value={values[name]}
        onChange={(e) => set(name)(e.target.value)}
        error={Boolean(errors[name])}
        helperText={errors[name] ?? help ?? ' '}
        fullWidth
        autoComplete="off"
        {...rest}
        slotProps={{
          htmlInput: { ...(ltr ? ltrInput : {}), 'data-testid': `field-${name}`, maxLength: max },
          formHelperText: { 'data-testid': `field-${name}-help` } as object,
        }}
      />
    );
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label={g.buyHeading} sx={{ display: 'grid', gap: 1.5 }} data-testid="gift-buy-form">
      <PlanChoice plans={plans} value={values.plan_id} error={errors.plan_id} onChange={set('plan_id')} />
      {text('recipient_email', g.recipient, { type: 'email', help: g.recipientHelp, ltr: true, max: 190 })}
      {text('message', g.message, { multiline: true, minRows: 3, max: GIFT_MESSAGE_MAX, help: g.messageHelp(formatNumber(Math.max(0, GIFT_MESSAGE_MAX - values.message.length), 0)) })}
      {text('discount_code', g.discount, { ltr: true, max: 40 })}
      {proof && (
        <TextField
          name="holder_proof"
          type="password"
          label={messages.join.holderProof}
          value={proof.value}
          onChange={(e) => setProof({ value: e.target.value, error: null })}
          error={Boolean(proof.error)}
          helperText={proof.error ?? messages.join.holderProofHelp}
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
      <Button type="submit" variant="contained" size="large" disabled={busy || !chosen} sx={{ ...solidAccent, fontWeight: 700, py: 1.25 }} data-testid="gift-pay-button">
        {busy ? g.paying : chosen ? `${g.pay} (${formatPrice(chosen.finalPrice)})` : g.pay}
      </Button>
    </Box>
  );
}

/** `gift`: buy a plan as a gift, redeem a code, and the gifts already bought. */
export function GiftScreen() {
  const [params] = useSearchParams();
  const plans = usePlans();
  const initialCode = params.get('code') ?? '';
  const initialPlan = params.get('plan');
  return (
    <PremiumPage title={g.heading} intro={g.intro} testId="gift-screen">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.35fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
        {/* A code from a mail puts redeeming first on a phone; on a wide screen both sit side by side. */}
        <Box sx={{ order: { xs: initialCode ? 2 : 1, md: 1 }, minWidth: 0 }}>
          <Panel title={g.buyHeading} intro={g.buyIntro} icon={<CardGiftcardIcon aria-hidden="true" sx={{ color: '#f2b01e' }} />} testId="gift-buy">
            {plans.isPending ? (
              <Skeleton variant="rounded" height={320} />
            ) : plans.isError ? (
              <InlineError error={plans.error} onRetry={() => void plans.refetch()} />
            ) : plans.data.length === 0 ? (
              <Typography color="text.secondary">{messages.plans.empty}</Typography>
            ) : (
              <BuyForm key={initialPlan ?? ''} plans={plans.data} initialPlan={initialPlan} />
            )}
          </Panel>
        </Box>
        <Box sx={{ order: { xs: initialCode ? 1 : 2, md: 2 }, minWidth: 0 }}>
          <Panel title={g.redeemHeading} intro={g.redeemIntro} icon={<RedeemIcon aria-hidden="true" sx={(t) => accentText(t)} />} testId="gift-redeem">
            <RedeemForm key={initialCode} initialCode={initialCode} />
          </Panel>
        </Box>
      </Box>
      <GiftList />
    </PremiumPage>
  );
}
