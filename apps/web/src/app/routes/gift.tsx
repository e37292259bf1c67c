import { GiftScreen } from '../../features/premium/components/gift-screen';

/** `gift` (under RequireAuth): `?code=` prefills the redeem field, `?plan=` the plan to give. */
export default function GiftRoute() {
  return <GiftScreen />;
}
