import { CategoriesScreen } from '../../features/catalogue/components/categories-screen';

/** `categories`: genres and countries, each opening a filtered list. */
export default function CategoriesRoute() {
  return <CategoriesScreen />;
}
