import { ComingSoonScreen } from '../../features/catalogue/components/coming-soon-screen';

/** `comingsoon`: titles not out yet, with expected dates in the Jalali calendar. */
function ComingSoonRoute() {
  return <ComingSoonScreen />;
}

export default ComingSoonRoute;
