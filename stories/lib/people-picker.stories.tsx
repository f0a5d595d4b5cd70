import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { PeoplePicker, type PeopleOption } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const people: PeopleOption[] = [
  { type: 'user', id: 'u-ben', displayName: 'Ben Ryder', email: 'ben@example.com' },
  { type: 'user', id: 'u-carla', displayName: 'Carla Nowak', email: 'carla.nowak@example.com' },
  { type: 'group', id: 'everyone', name: 'Everyone', members: 5 },
  { type: 'group', id: 'g-family', name: 'Family', members: 1 },
  {
    type: 'user',
    id: 'u-long',
    displayName: 'Maximilian Alexander von Habsburg-Lothringen der Dritte',
    email: 'maximilian.alexander.von.habsburg-lothringen@a-very-long-domain.example.com',
  },
  // Other people's names are data: markup and bidi overrides show literally, isolated.
  { type: 'user', id: 'u-script', displayName: '<script>alert(1)</script>', email: 'mallory@example.com' },
  { type: 'user', id: 'u-bidi', displayName: '\u202Egnp.exe Eve', email: 'eve@example.com' },
  { type: 'user', id: 'u-rtl', displayName: 'שרה כהן', email: 'sara@example.com' },
]

const search = fn()
const select = fn()

const meta = preview.meta({
  title: 'Library/PeoplePicker',
  tags: ['autodocs'],
  component: PeoplePicker,
  args: { options: [], onSearch: search, onSelect: select },
  beforeEach: () => {
    search.mockClear()
    select.mockClear()
  },
  decorators: [
    (Story) => (
      <div style={{ width: 420, minHeight: 480 }}>
        <Story />
      </div>
    ),
  ],
})

/** The app's side: it filters the sample people for the text (really: debounced, fetched). */
function Live({ empty = false, loading = false, exclude }: { empty?: boolean; loading?: boolean; exclude?: string[] }) {
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const options =
    empty || q === ''
      ? []
      : people.filter((p) => (p.type === 'user' ? `${p.displayName} ${p.email}` : p.name).toLowerCase().includes(q))
  return (
    <PeoplePicker
      options={options}
      loading={loading}
      exclude={exclude}
      onSearch={(next) => {
        setQuery(next)
        search(next)
      }}
      onSelect={select}
    />
  )
}

export const Playground = meta.story({ render: () => <Live /> })

/** The closed field: default texts, the consumer's own, searching (spinner), disabled. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="default">
        <PeoplePicker options={[]} onSearch={search} onSelect={select} style={{ flexGrow: 1 }} />
      </State>
      <State label="own label and placeholder">
        <PeoplePicker
          options={[]}
          onSearch={search}
          onSelect={select}
          label="Invite to Holidays"
          placeholder="Who should see it?"
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="loading">
        <PeoplePicker
          options={[]}
          onSearch={search}
          onSelect={select}
          loading
          label="Loading"
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="disabled">
        <PeoplePicker
          options={[]}
          onSearch={search}
          onSelect={select}
          disabled
          label="Disabled"
          style={{ flexGrow: 1 }}
        />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** In German (`LocaleProvider` with `deMessages`). */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

const typeAndWait = async (userEvent: { type: (el: Element, text: string) => Promise<void> }, text: string) => {
  await userEvent.type(screen.getByRole('combobox'), text)
  const listbox = await screen.findByRole('listbox')
  await waitFor(() => expect(listbox).toHaveAttribute('data-enter'))
  return listbox
}

/** The list: users (initials, email) and groups (icon, member count), the first one highlighted. */
export const StatesOpen = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'e')
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('data-active-item'))
  },
})

export const StatesOpenDark = StatesOpen.extend({ globals: { theme: 'dark' } })

/** Right to left: the avatar on the right, names isolated (a Hebrew name, a U+202E override). */
export const StatesOpenRtl = StatesOpen.extend({ globals: { dir: 'rtl' } })

/** Hostile names show as text: `<script>` literally, a U+202E override only turns its own name. */
export const StatesHostileNames = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'example.com')
    await expect(within(listbox).getByText('<script>alert(1)</script>')).toBeVisible()
    await expect(document.querySelector('#storybook-root script')).toBeNull()
  },
})

/** Ids in `exclude` (people who already have access) are not offered. */
export const StatesExcluded = meta.story({
  render: () => <Live exclude={['u-ben', 'everyone']} />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'e')
    await expect(within(listbox).queryByText('Ben Ryder')).toBeNull()
    await expect(within(listbox).queryByText('Everyone')).toBeNull()
  },
})

/** No one left to suggest: "No one matches". */
export const StatesNoMatch = meta.story({
  render: () => <Live empty />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'zzz')
    await expect(within(listbox).getByRole('option')).toHaveTextContent('No one matches')
  },
})

export const StatesNoMatchDark = StatesNoMatch.extend({ globals: { theme: 'dark' } })

/** Fetching with nothing yet: "Searching…" and a spinner in the field. */
export const StatesSearching = meta.story({
  render: () => <Live empty loading />,
  play: async ({ userEvent }) => {
    const listbox = await typeAndWait(userEvent, 'be')
    await expect(within(listbox).getByRole('option')).toHaveTextContent('Searching…')
  },
})

export const StatesSearchingDark = StatesSearching.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab in, type, the first match is highlighted; ArrowDown and Enter pick; Escape closes. */
export const Keyboard = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await userEvent.tab()
    const input = screen.getByRole('combobox', { name: 'Share with people' })
    await expect(input).toHaveFocus()
    await userEvent.keyboard('ben')
    await screen.findByRole('listbox')
    await waitFor(() => expect(screen.getByRole('option', { name: /Ben Ryder/ })).toHaveAttribute('data-active-item'))
    await userEvent.keyboard('{Enter}')
    await expect(select).toHaveBeenCalledWith(people[0])
    await expect(input).toHaveValue('')
    await expect(search).toHaveBeenLastCalledWith('')
    await userEvent.keyboard('example')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(select).toHaveBeenLastCalledWith(people[1])
    await userEvent.keyboard('e')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    await expect(input).toHaveFocus()
  },
})

/** Pointer: click a group. */
export const Pointer = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await typeAndWait(userEvent, 'fam')
    await userEvent.click(screen.getByRole('option', { name: /Family/ }))
    await expect(select).toHaveBeenCalledWith(people[3])
  },
})
