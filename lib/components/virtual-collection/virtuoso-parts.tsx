import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import type { ContextProp, GridItemProps, GridListProps, ItemProps, ListProps } from 'react-virtuoso'
import { cx } from '../../internal/cx.ts'

// The parts Virtuoso renders. They are module-level and stable (recreating them per render would
// remount every item); what changes per render reaches them through Virtuoso's `context`.

/** What the parts read from the collection. */
export interface PartsContext {
  renderAt: (
    index: number,
    base: { className?: string | undefined; style?: CSSProperties | undefined; [data: `data-${string}`]: unknown },
  ) => ReactNode
  listProps: HTMLAttributes<HTMLDivElement>
  footer: ReactNode
}

const GridList = ({ context, className, style, children, ref }: GridListProps & ContextProp<PartsContext>) => (
  <div
    ref={ref}
    {...context.listProps}
    className={cx(className, context.listProps.className)}
    style={{ ...context.listProps.style, ...style }}
  >
    {children}
  </div>
)

const GridItem = ({ context, className, style, 'data-index': index }: GridItemProps & ContextProp<PartsContext>) =>
  context.renderAt(index, { className, style })

const RowList = ({ context, style, children, ref }: ListProps & ContextProp<PartsContext>) => (
  <div ref={ref} {...context.listProps} style={{ ...context.listProps.style, ...style }}>
    {children}
  </div>
)

const RowItem = ({
  context,
  style,
  children: _children,
  item: _item,
  ...data
}: ItemProps<unknown> & ContextProp<PartsContext>) => context.renderAt(data['data-index'], { style, ...data })

const Footer = ({ context }: ContextProp<PartsContext>) => context.footer

/** Parts of the grid view (VirtuosoGrid). */
export const gridComponents = { List: GridList, Item: GridItem, Footer }
/** Parts of the list view (Virtuoso). */
export const listComponents = { List: RowList, Item: RowItem, Footer }

/** The item content lives in the Item part (which is the card or row itself), so Virtuoso's own content slot stays empty. */
export const noContent = () => null
