import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { TrailerScreen } from '../../features/trailer/components/trailer-screen';
import { withMui } from '../mui-scope';

/** `watch/trailer/{imdb}`: trailers are free, so no session is needed. */
function TrailerRoute() {
  const { imdb = '' } = useParams();
  if (!/^tt\d{7,9}$/.test(imdb)) return <NotFoundPage />;
  return <TrailerScreen key={imdb} imdbId={imdb} />;
}

export default withMui(TrailerRoute);
