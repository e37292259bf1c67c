import Box from '@mui/material/Box';
import type { PaymentStatus } from '@parde/contract';

// Dark enough for white text at 4.5:1 and more, on the dark and the light theme alike.
const statusColor: Record<PaymentStatus, string> = {
  paid: '#1b5e20',
  pending: '#5d4037',
  verifying: '#5d4037',
  failed: '#b71c1c',
  cancelled: '#424242',
  expired: '#424242',
};

/** A payment's status as the API words it, on a colour that says the same. */
export function PaymentStatusChip({ status, label }: { status: PaymentStatus; label: string }) {
  return (
    <Box component="span" data-testid="payment-status" data-status={status} sx={{ display: 'inline-block', bgcolor: statusColor[status], color: '#fff', borderRadius: 1, px: 0.75, py: 0.1, fontSize: '0.78rem', fontWeight: 700, whiteSpace: 'nowrap' }}>
      {label}
    </Box>
  );
}
