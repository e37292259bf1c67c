import { MoneyScreen } from '../../../features/admin/money/money-screen';

/** `/admin/money`. */
export default function AdminMoneyRoute() {
  return <MoneyScreen />;
}
