import { MoneyScreen } from '../../features/money/money-screen';

/** `/admin/money`. */
export default function AdminMoneyRoute() {
  return <MoneyScreen />;
}
