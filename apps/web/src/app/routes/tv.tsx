import { TitleListScreen } from '../../features/catalogue/components/title-list-screen';

const SERIES = { type: 'series' } as const;

/** `/tv`: the series list — the home list with the type fixed. */
export default function TvRoute() {
  return <TitleListScreen fixed={SERIES} />;
}
