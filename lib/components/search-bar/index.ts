export { SearchBar, type SearchBarProps, type SearchSuggestion } from './search-bar.tsx'
