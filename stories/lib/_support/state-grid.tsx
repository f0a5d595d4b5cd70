import type { ReactNode } from 'react'
import { sprinkles } from '../../../lib/index.ts'

// Layout for "States" stories: one labelled cell per state, so a visual baseline shows them all.

/** A grid of labelled states; `fill` stretches the columns (for full-width parts such as progress bars). */
export function StateGrid({
  children,
  columns = 3,
  fill = false,
}: {
  children: ReactNode
  columns?: number
  fill?: boolean
}) {
  const track = fill ? 'minmax(0, 1fr)' : 'minmax(0, max-content)'
  return (
    <div
      className={sprinkles({ display: 'grid', gap: 'large' })}
      style={{ gridTemplateColumns: `repeat(${columns}, ${track})`, alignItems: 'start' }}
    >
      {children}
    </div>
  )
}

/** One state: a caption over the component. */
export function State({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <figure
      className={sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xsmall', margin: 'none' })}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <figcaption className={sprinkles({ fontSize: 'xsmall', color: 'muted' })}>{label}</figcaption>
      <div className={sprinkles({ display: 'flex', alignItems: 'center', gap: 'small', flexWrap: 'wrap' })}>
        {children}
      </div>
    </figure>
  )
}
