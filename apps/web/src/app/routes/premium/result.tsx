import { useSearchParams } from 'react-router';
import { ResultScreen } from '../../../features/premium/components/result-screen';
import { parsePaymentId } from '../../../features/premium/lib/result-state';
import { withMui } from '../../mui-scope';

/** `premium/result?payment={id}` (under RequireAuth): where the gateway sends the payer back. */
function PremiumResultRoute() {
  const [params] = useSearchParams();
  return <ResultScreen paymentId={parsePaymentId(params.get('payment'))} />;
}

export default withMui(PremiumResultRoute);
