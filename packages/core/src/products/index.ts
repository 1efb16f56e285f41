/** Products: the catalogue lines are priced from. Other features import from here, not from the files inside. */
export { type Product } from './product'
