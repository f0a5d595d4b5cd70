import type { KeyboardEvent } from 'react'
import { logicalArrow } from './direction.ts'

/**
 * Arrow keys over rows of action buttons, each marked `data-row` (its row) and `data-action` (its
 * column): Up and Down to the same action of the row above or below, Left and Right along the row
 * (mirrored in right-to-left), Home and End to the first and last row. A key with a modifier, or
 * from anything else, is left alone.
 */
export function moveInActionGrid(
  event: KeyboardEvent<HTMLElement>,
  actions: readonly string[],
  rowCount: number,
): void {
  const target = event.target as HTMLElement
  const action = target.dataset.action
  const row = Number(target.dataset.row)
  if (!action || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
  const column = actions.indexOf(action)
  const moves: Record<string, [number, number] | undefined> = {
    ArrowUp: [row - 1, column],
    ArrowDown: [row + 1, column],
    ArrowLeft: [row, column - 1],
    ArrowRight: [row, column + 1],
    Home: [0, column],
    End: [rowCount - 1, column],
  }
  const move = moves[logicalArrow(event.key, target)]
  if (!move) return
  event.preventDefault()
  const [toRow, toColumn] = move
  const next = actions[toColumn]
  if (toRow < 0 || toRow >= rowCount || !next) return
  event.currentTarget.querySelector<HTMLElement>(`[data-row="${toRow}"][data-action="${next}"]`)?.focus()
}
