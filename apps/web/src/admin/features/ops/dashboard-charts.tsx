import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AdminStatsDay } from '@parde/contract';
import { BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip, type ChartOptions, type TooltipItem } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { FONT_FAMILY } from '../../../theme/media';
import { adminNumber } from '../lib/format';
import { axisNumber, dayLabel } from './lib';
import { opsMessages } from './messages';

/**
 * The dashboard's charts (chart.js through react-chartjs-2, docs/decisions/0020), loaded with the
 * dashboard only. Right to left: the newest day on the left end, the values' axis on the right,
 * Jalali days and Persian digits everywhere; each chart's numbers are also a table for readers.
 */
Chart.register(CategoryScale, LinearScale, LineElement, PointElement, BarElement, Tooltip, Legend, Filler);

const m = opsMessages.dashboard;
const TEXT = '#b8b8b8';
const GRID = 'rgba(255, 255, 255, 0.08)';
const SERIES_COLORS = { signups: '#4db6ac', plays: '#ffb74d', searches: '#64b5f6', premium: '#ba68c8', revenue: '#81c784' };

function options(kind: 'line' | 'bar', money = false): ChartOptions<'line' | 'bar'> {
  const font = { family: FONT_FAMILY, size: 12 };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    locale: 'fa-IR',
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: kind === 'line', rtl: true, textDirection: 'rtl', labels: { color: TEXT, font, boxWidth: 12 } },
      tooltip: {
        rtl: true,
        textDirection: 'rtl',
        titleFont: font,
        bodyFont: font,
        callbacks: {
          label: (item: TooltipItem<'line' | 'bar'>) => `${item.dataset.label ?? ''}: ${money ? `${adminNumber(Number(item.raw))} تومان` : adminNumber(Number(item.raw))}`,
        },
      },
    },
    scales: {
      x: { reverse: true, ticks: { color: TEXT, font, maxRotation: 0, autoSkip: true, autoSkipPadding: 12 }, grid: { color: GRID } },
      y: { position: 'right', beginAtZero: true, ticks: { color: TEXT, font, precision: 0, callback: (v) => axisNumber(Number(v)) }, grid: { color: GRID } },
    },
  };
}

type Series = { label: string; color: string; values: number[] };

/** The numbers behind a chart, for screen readers and for reading exact values. */
function DataTable({ labels, series, money }: { labels: string[]; series: Series[]; money?: boolean }) {
  return (
    <Box component="details" sx={{ mt: 1, fontSize: '0.85rem' }}>
      <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary' }}>
        {m.table}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Box component="table" sx={{ borderCollapse: 'collapse', mt: 0.5, '& th, & td': { px: 1, py: 0.25, textAlign: 'start', whiteSpace: 'nowrap' } }}>
          <thead>
            <tr>
              <th scope="col">{m.day}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((l, i) => (
              <tr key={l + i}>
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>{money ? `${adminNumber(s.values[i] ?? 0)} تومان` : adminNumber(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

function ChartCard({ title, kind, labels, series, money, testId }: { title: string; kind: 'line' | 'bar'; labels: string[]; series: Series[]; money?: boolean; testId: string }) {
  const summary = `${title}: ${series.map((s) => `${s.label} ${adminNumber(s.values.reduce((a, b) => a + b, 0))}`).join('، ')}`;
  const data = {
    labels,
    datasets: series.map((s) => ({
      label: s.label,
      data: s.values,
      borderColor: s.color,
      backgroundColor: kind === 'bar' ? s.color : `${s.color}33`,
      pointRadius: labels.length > 14 ? 0 : 2,
      pointHoverRadius: 4,
      borderWidth: 2,
      tension: 0.25,
      fill: kind === 'line' && series.length === 1,
    })),
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, borderRadius: 2, minWidth: 0 }} data-testid="admin-dashboard-chart" data-chart={testId}>
      <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1rem', mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ position: 'relative', height: { xs: 220, md: 260 } }}>
        {kind === 'line' ? (
          <Line data={data} options={options('line') as ChartOptions<'line'>} role="img" aria-label={summary} />
        ) : (
          <Bar data={data} options={options('bar', money) as ChartOptions<'bar'>} role="img" aria-label={summary} />
        )}
      </Box>
      <DataTable labels={labels} series={series} money={money} />
    </Paper>
  );
}

/** Activity, premium members and (for admins) revenue per day. */
export default function DashboardCharts({ days }: { days: AdminStatsDay[] }) {
  const labels = days.map((d) => dayLabel(d.day));
  const withMoney = days.every((d) => d.revenue !== null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <ChartCard
          testId="activity"
          kind="line"
          title={m.chartActivity}
          labels={labels}
          series={[
            { label: m.signups, color: SERIES_COLORS.signups, values: days.map((d) => d.signups) },
            { label: m.plays, color: SERIES_COLORS.plays, values: days.map((d) => d.plays) },
            { label: m.searches, color: SERIES_COLORS.searches, values: days.map((d) => d.searches) },
          ]}
        />
      </Box>
      <ChartCard testId="premium" kind="line" title={m.chartPremium} labels={labels} series={[{ label: m.premiumNow, color: SERIES_COLORS.premium, values: days.map((d) => d.premium) }]} />
      {withMoney && <ChartCard testId="revenue" kind="bar" money title={m.chartRevenue} labels={labels} series={[{ label: m.revenue, color: SERIES_COLORS.revenue, values: days.map((d) => d.revenue ?? 0) }]} />}
    </Box>
  );
}
