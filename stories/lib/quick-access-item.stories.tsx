import type { ReactNode } from 'react'
import { expect, fn, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, QuickAccessItem, sprinkles } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const picture = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" fill="hsl(205,60%,60%)"/><circle cx="250" cy="50" r="24" fill="hsl(50,90%,88%)"/><path d="M0 160L110 70l80 70 50-35 80 55z" fill="hsl(220,40%,28%)"/></svg>',
)}`
const broken = 'data:image/png;base64,AAAA'
const file = (name: string, extra: Partial<BrowserFile> = {}): BrowserFile => ({
  id: name,
  name,
  size: 1,
  uploadDate: new Date(2024, 2, 7, 9, 5),
  ...extra,
})

const meta = preview.meta({
  title: 'Library/QuickAccessItem',
  tags: ['autodocs'],
  component: QuickAccessItem,
  args: { file: file('holiday.jpg', { thumbnailUrl: picture }), onClick: fn(), onContextMenu: fn() },
})

// A card takes its container's width.
const narrowBox = [(Story: () => ReactNode) => <div style={{ width: 160 }}>{Story()}</div>]

export const Playground = meta.story({ decorators: narrowBox })

/** A Quick Access strip: thumbnail, badge, selected, broken thumbnail, long name, disabled. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1}>
      <State label="strip">
        <div
          className={sprinkles({ display: 'grid', gap: 'small' })}
          style={{ gridTemplateColumns: 'repeat(5, 150px)' }}
        >
          <QuickAccessItem file={file('holiday.jpg', { thumbnailUrl: picture })} />
          <QuickAccessItem file={file('Quarterly report.pdf')} selected />
          <QuickAccessItem file={file('photo.png', { thumbnailUrl: broken })} />
          <QuickAccessItem file={file('A long name that does not fit the card.docx')} />
          <QuickAccessItem file={file('budget.xlsx')} disabled />
        </div>
      </State>
      <State label="narrow (110 px), thumbnails disabled">
        <div style={{ width: 110 }}>
          <QuickAccessItem file={file('holiday.jpg', { thumbnailUrl: picture })} thumbnailsDisabled />
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector(`img[src="${broken}"]`)).toBeNull())
    await waitFor(() => expect([...canvasElement.querySelectorAll('img')].every((i) => i.complete)).toBe(true))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** A button named by its text: Enter and Space click it; right-click reports a context menu. */
export const Keyboard = meta.story({
  decorators: narrowBox,
  play: async ({ canvas, userEvent, args }) => {
    const item = canvas.getByRole('button', { name: /^holiday\.jpg 03\/07\/24,\s09:05\sAM$/ })
    await expect(item).toHaveAttribute('aria-pressed', 'false')
    await userEvent.tab()
    await expect(item).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard(' ')
    await expect(args.onClick).toHaveBeenCalledTimes(2)
    await userEvent.pointer({ keys: '[MouseRight]', target: item })
    await expect(args.onContextMenu).toHaveBeenCalledOnce()
  },
})
