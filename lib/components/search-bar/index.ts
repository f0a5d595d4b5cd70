export {
  defaultSearchBarLabels,
  SearchBar,
  type SearchBarLabels,
  type SearchBarProps,
  type SearchSuggestion,
} from './search-bar.tsx'
