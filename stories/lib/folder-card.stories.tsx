import type { ReactNode } from 'react'
import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { FolderCard } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const folder = (name: string) => ({ id: name, name, createdAt: new Date(2024, 2, 7) })

const meta = preview.meta({
  title: 'Library/FolderCard',
  tags: ['autodocs'],
  component: FolderCard,
  args: { folder: folder('Photos') },
})

export const Playground = meta.story({})

const cell = (children: ReactNode) => <div style={{ width: 200 }}>{children}</div>

/** Default, selected, long name and narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="default">{cell(<FolderCard folder={folder('Photos')} />)}</State>
      <State label="selected">{cell(<FolderCard folder={folder('Invoices')} selected />)}</State>
      <State label="long name">
        {cell(<FolderCard folder={folder('Scans from the old office, sorted by year and month')} />)}
      </State>
      <State label="narrow (120 px)">
        <div style={{ width: 120 }}>
          <FolderCard folder={folder('Documents')} />
        </div>
      </State>
      <State label="selected, long name">
        {cell(<FolderCard folder={folder('Scans from the old office, sorted by year')} selected />)}
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The whole name is kept as a tooltip when it is cut. */
export const LongName = meta.story({
  args: { folder: folder('Scans from the old office, sorted by year and month'), style: { width: 160 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Scans from/)).toHaveAttribute(
      'title',
      'Scans from the old office, sorted by year and month',
    )
  },
})

/** Touch (`openCue`): a selected folder says "Open" (a second tap enters it); not selected, nothing. */
export const StatesOpenCue = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="selected">{cell(<FolderCard folder={folder('Invoices')} selected openCue />)}</State>
      <State label="selected, long name">
        {cell(<FolderCard folder={folder('Scans from the old office, sorted by year')} selected openCue />)}
      </State>
      <State label="not selected: no cue">{cell(<FolderCard folder={folder('Photos')} openCue />)}</State>
    </StateGrid>
  ),
})

/** The people mark, icon only beside the name: "Shared by Ben" on a folder shared with me, "Shared with others" on mine. */
export const StatesPeople = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="shared with me">
        {cell(<FolderCard folder={{ ...folder('Holidays'), people: { owner: 'Ben' } }} />)}
      </State>
      <State label="mine, shared">
        {cell(<FolderCard folder={{ ...folder('Family photos'), people: { shared: true } }} />)}
      </State>
      <State label="long name and owner">
        {cell(
          <FolderCard
            folder={{
              ...folder('Scans from the old office, sorted by year'),
              people: { owner: 'Grandma Rose Carter' },
            }}
          />,
        )}
      </State>
      <State label="narrow (120 px)">
        <div style={{ width: 120 }}>
          <FolderCard folder={{ ...folder('Home'), people: { owner: 'Anna' } }} />
        </div>
      </State>
      <State label="selected">
        {cell(<FolderCard folder={{ ...folder('Recipes'), people: { owner: 'Cleo' } }} selected />)}
      </State>
    </StateGrid>
  ),
  play: async ({ canvas }) => {
    // Names that fit beside the icon keep every letter; the badge keeps the full sentence as its name.
    for (const name of ['Holidays', 'Family photos']) {
      const text = canvas.getByText(name)
      await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth)
    }
    await expect(canvas.getByRole('img', { name: 'Shared by Grandma Rose Carter' })).toBeVisible()
  },
})

export const StatesPeopleDark = StatesPeople.extend({ globals: { theme: 'dark' } })
export const StatesPeopleRtl = StatesPeople.extend({ globals: { dir: 'rtl' } })
