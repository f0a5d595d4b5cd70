import * as Ariakit from '@ariakit/react'
import type { ReactNode } from 'react'
import * as css from './details-rows.css.ts'
import { defined } from '../../internal/defined.ts'

/** One fact of the details panel or `FileDetails`: a term and its value. */
export interface DetailsRow {
  /**
   * What names the row (its `data-row`): the built-in ones are `type`, `size`, `created`,
   * `uploaded`, `taken`, `dimensions` and `access`.
   */
  id: string
  /** The term, e.g. "Size". */
  term: ReactNode
  /** Its value, e.g. "2.4 MB". */
  value: ReactNode
  /**
   * Ariakit's `render` prop: the element that holds the row's term (`dt`) and value (`dd`),
   * given the kit's props; a `div` inside the list by default.
   */
  render?: Ariakit.RoleProps['render'] | undefined
}

/**
 * The rows a details view shows: `rows` given the built-in ones (to add to, drop, reorder or
 * re-render), else the built-in ones.
 */
export type DetailsRowsOption<Context extends unknown[] = []> = (
  rows: DetailsRow[],
  ...context: Context
) => readonly DetailsRow[]

/** The rows of a `dl`, each term and value grouped in a `div` that keeps the list's grid. */
export function DetailsRows({
  rows,
  termClassName,
  valueClassName,
}: {
  rows: readonly DetailsRow[]
  termClassName: string
  valueClassName: string
}) {
  return rows.map((row) => (
    <Ariakit.Role.div
      key={row.id}
      {...defined({ render: row.render })}
      data-part="details-row"
      data-row={row.id}
      className={css.row}
    >
      <dt className={termClassName}>{row.term}</dt>
      <dd className={valueClassName}>
        <bdi>{row.value}</bdi>
      </dd>
    </Ariakit.Role.div>
  ))
}
