import type { ComponentProps, ComponentType } from 'react'
import type { Components, Options, UrlTransform } from 'react-markdown'
import type { TextViewerLabels } from './labels.ts'
import * as css from './text-viewer.css.ts'

/** react-markdown's component, loaded with the viewer's Markdown mode. */
export type MarkdownComponent = ComponentType<Options>

/** Only web and mail addresses survive: no `javascript:`, `data:` or addresses relative to the page. */
export const safeUrl: UrlTransform = (url) => (/^(https?:|mailto:)/i.test(url.trim()) ? url : null)

/**
 * Markdown as a document: raw HTML in it is dropped (never parsed into elements), links open in a
 * new tab without the opener or a referrer, and images are never loaded: each becomes a link to
 * its address, so reading a file fetches nothing from elsewhere.
 */
export function MarkdownView({
  Markdown,
  text,
  labels,
}: {
  Markdown: MarkdownComponent
  text: string
  labels: TextViewerLabels
}) {
  const components: Components = {
    a: ({ href, children }) =>
      href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
    img: ({ src, alt }: ComponentProps<'img'>) =>
      typeof src === 'string' && src ? (
        <a href={src} target="_blank" rel="noopener noreferrer" data-part="image-link">
          {labels.image(alt ?? '')}
        </a>
      ) : (
        <span data-part="image-link">{labels.image(alt ?? '')}</span>
      ),
  }
  return (
    <div className={css.markdown} dir="auto" data-part="markdown">
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {text}
      </Markdown>
    </div>
  )
}
