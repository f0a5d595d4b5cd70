import * as Ariakit from '@ariakit/react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, MultiSelectBar } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/MultiSelectBar',
  tags: ['autodocs'],
  component: MultiSelectBar,
  args: { count: 3, onClose: fn(), onTrash: fn(), onMove: fn(), onDownload: fn(), onRestore: fn(), onDelete: fn() },
})

export const Playground = meta.story({})

const all = { onTrash: () => {}, onMove: () => {}, onDownload: () => {}, onRestore: () => {}, onDelete: () => {} }

/** Outside trash, in media (no Move), in trash, one item, many, custom actions, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="files: trash, move, download">
        <MultiSelectBar count={3} onClose={() => {}} {...all} />
      </State>
      <State label="media: no move">
        <MultiSelectBar count={12} onClose={() => {}} inMedia {...all} />
      </State>
      <State label="trash: restore, delete">
        <MultiSelectBar count={1} onClose={() => {}} inTrash {...all} />
      </State>
      <State label="many">
        <MultiSelectBar count={10_000} onClose={() => {}} {...all} />
      </State>
      <State label="custom actions">
        <MultiSelectBar
          count={2}
          onClose={() => {}}
          actions={
            <Ariakit.ToolbarItem
              render={
                <Button size="small" icon="share">
                  Share
                </Button>
              }
            />
          }
        />
      </State>
      <State label="narrow (240 px)">
        <div style={{ width: 240 }}>
          <MultiSelectBar count={128} onClose={() => {}} {...all} />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): texts, dates and sizes. */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** One tab stop; arrows walk the toolbar; the count is a status that announces changes. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('3 selected')
    await userEvent.tab()
    const close = canvas.getByRole('button', { name: 'Clear selection' })
    await expect(close).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('button', { name: 'Trash' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{Enter}')
    await expect(args.onMove).toHaveBeenCalledOnce()
    await userEvent.keyboard('{End}{Enter}')
    await expect(args.onDownload).toHaveBeenCalledOnce()
    await userEvent.keyboard('{Home}{Enter}')
    await expect(args.onClose).toHaveBeenCalledOnce()
  },
})

/** In trash only Restore and Delete show. */
export const Trash = meta.story({
  args: { inTrash: true },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Move' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Download' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }))
    await expect(args.onDelete).toHaveBeenCalledOnce()
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }))
    await expect(args.onRestore).toHaveBeenCalledOnce()
  },
})
