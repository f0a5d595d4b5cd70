export {
  defaultItemPathLabels,
  ItemPath,
  itemPathRoots,
  type ItemPathLabels,
  type ItemPathProps,
  type ItemPathRoot,
  type PathCrumb,
} from './item-path.tsx'
export { normalizeMarks, TextSnippet, type TextSnippetProps, type TextSnippetValue } from './text-snippet.tsx'
