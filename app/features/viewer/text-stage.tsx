// The viewer's stage for text files (metadata.preview "text"): the kit's TextViewer, whose module
// (@cumulus/ui/viewers, with its highlighter and Markdown renderer) loads only when one is opened.
import { Spinner } from '@cumulus/ui'
import { lazy, Suspense } from 'react'
import type { FileJson } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { useTextPreview } from '../../hooks/use-text-preview.ts'

const TextViewer = lazy(() => import('@cumulus/ui/viewers').then((m) => ({ default: m.TextViewer })))

const errorStyle = { color: 'var(--cumulus-color-text-on-media)', margin: 'auto' } as const

export function TextStage({ file }: { file: FileJson }) {
  const { data, error } = useTextPreview(file._id)
  const loading = <Spinner label={copy.loading} size="large" />
  if (error)
    return (
      <p role="alert" style={errorStyle}>
        {copy.viewer.textError}
      </p>
    )
  if (!data) return loading
  return (
    <Suspense fallback={loading}>
      <TextViewer key={file._id} text={data.text} truncated={data.truncated} filename={file.filename} />
    </Suspense>
  )
}
