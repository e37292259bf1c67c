import { CategoriesScreen } from '../../features/catalogue/components/categories-screen';

/** `categories`: genres and countries, each opening a filtered list. */
function CategoriesRoute() {
  return <CategoriesScreen />;
}

export default CategoriesRoute;
