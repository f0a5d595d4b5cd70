import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { description as descriptionClass, root, text, title as titleClass } from './empty-state.css.ts'
import { type EmptyStateIllustration, Illustration } from './illustrations.tsx'

/** Heading levels the title can take, so it fits the page's outline. */
export const emptyStateHeadingLevels = [2, 3, 4] as const

/** One of `emptyStateHeadingLevels`. */
export type EmptyStateHeadingLevel = (typeof emptyStateHeadingLevels)[number]

/** Props of `EmptyState`; other div attributes are forwarded. */
export interface EmptyStateProps extends Omit<ComponentPropsWithRef<'div'>, 'title' | 'children'> {
  /** The picture above the text; decorative (hidden from assistive technology). None when omitted. */
  illustration?: EmptyStateIllustration
  /** What is empty, as a heading: "Trash is empty". */
  title: ReactNode
  /** The next thing to do: "Drop files here or use ADD NEW". */
  description?: ReactNode
  /** A control for that next step (a button or link), shown below the text. */
  action?: ReactNode
  /** The title's heading level; defaults to 2. */
  headingLevel?: EmptyStateHeadingLevel
}

/** What a view shows when it has nothing to list: a picture, a heading, a hint and an action. */
export function EmptyState({
  illustration,
  title,
  description,
  action,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div data-part="empty-state" {...props} className={cx(root, className)}>
      {illustration ? <Illustration name={illustration} /> : null}
      <div className={text}>
        <Heading className={titleClass}>{title}</Heading>
        {description ? <p className={descriptionClass}>{description}</p> : null}
      </div>
      {action ?? null}
    </div>
  )
}
