import { CategoriesScreen } from '../../features/catalogue/components/categories-screen';
import { withMui } from '../mui-scope';

/** `categories`: genres and countries, each opening a filtered list. */
function CategoriesRoute() {
  return <CategoriesScreen />;
}

export default withMui(CategoriesRoute);
