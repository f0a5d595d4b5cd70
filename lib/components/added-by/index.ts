export { AddedBy, defaultAddedByLabels, type AddedByLabels, type AddedByProps } from './added-by.tsx'
