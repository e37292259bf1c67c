import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../components/admin-page';
import { DiscountsTab } from './discounts-tab';
import { GiftsTab } from './gifts-tab';
import { moneyMessages as m } from './messages';
import { PaymentsTab } from './payments-tab';
import { PlansTab } from './plans-tab';

const TABS = ['plans', 'discounts', 'gifts', 'payments'] as const;
type TabKey = (typeof TABS)[number];

/** `/admin/money`: plans, discount codes, gift codes and payments, one tab each (`?tab=`). */
export function MoneyScreen() {
  const [params, setParams] = useSearchParams();
  const given = params.get('tab');
  const tab: TabKey = TABS.includes(given as TabKey) ? (given as TabKey) : 'plans';
  // Each tab has its own filters: switching starts the new one clean.
  const pick = (next: TabKey) => setParams(new URLSearchParams({ tab: next }));

  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-money">
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs textColor="inherit" indicatorColor="secondary" value={tab} onChange={(_e, v: TabKey) => pick(v)} variant="scrollable" allowScrollButtonsMobile aria-label={m.heading}>
          {TABS.map((t) => (
            <Tab key={t} value={t} label={m.tabs[t]} id={`money-tab-${t}`} aria-controls={`money-panel-${t}`} data-testid={`admin-money-tab-${t}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`money-panel-${tab}`} aria-labelledby={`money-tab-${tab}`}>
        {tab === 'plans' && <PlansTab />}
        {tab === 'discounts' && <DiscountsTab />}
        {tab === 'gifts' && <GiftsTab />}
        {tab === 'payments' && <PaymentsTab />}
      </Box>
    </AdminPage>
  );
}
