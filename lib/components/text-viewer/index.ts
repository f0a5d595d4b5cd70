export { TextViewer, type TextViewerProps, HIGHLIGHT_LIMIT } from './text-viewer.tsx'
export { defaultTextViewerLabels, type TextViewerLabels } from './labels.ts'
export { textKindOf, textModes, codeLanguages, type TextMode, type TextKind, type CodeLanguage } from './text-mode.ts'
