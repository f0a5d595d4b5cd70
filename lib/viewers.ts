// `@cumulus/ui/viewers`: the file viewers that carry a heavy engine (pdf.js, a highlighter, a
// Markdown renderer) or are only needed once a file is opened. A separate entry, so the main
// entry's cost doesn't grow for pages that never open one; load it with `import()` when opened.
// Each viewer fills the stage of a `MediaViewer` (its `stage` prop) or stands on its own.
export {
  AudioPlayer,
  type AudioPlayerLabels,
  type AudioPlayerProps,
  defaultAudioPlayerLabels,
  formatPlayTime,
} from './components/audio-player/index.ts'
export * from './components/pdf-viewer/index.ts'
// TextViewer: plain text, code, Markdown and CSV
export {
  codeLanguages,
  defaultTextViewerLabels,
  HIGHLIGHT_LIMIT,
  TextViewer,
  textKindOf,
  textModes,
  type CodeLanguage,
  type TextKind,
  type TextMode,
  type TextViewerLabels,
  type TextViewerProps,
} from './components/text-viewer/index.ts'
