// The scope lives in components/ so that features can use it without reaching into app/;
// the route modules and the layout keep importing it from here.
export { MuiScope, withMui } from '../components/mui-scope';
