import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type CollectionItemProps,
  type CollectionItemState,
  collectionViews,
  type MenuEntry,
  vars,
  VirtualCollection,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// VirtualCollection with items that are not files: a product's own records (here, people) in its
// own cards and rows, with the kit's virtualisation, keyboard, selection look and menu.
interface Person {
  id: string
  name: string
  role: string
}

const names = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Frances Allen',
  'Ken Thompson',
]
const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    name: i < names.length ? (names[i] as string) : `Person ${i + 1}`,
    role: i % 3 ? 'Editor' : 'Owner',
  }))
const personId = (person: Person) => person.id

const onMenu = fn()
const personMenu = (person: Person): MenuEntry[] => [
  { id: 'remove', label: 'Remove', icon: 'trash', tone: 'danger', onSelect: () => onMenu(person.id) },
]

function PersonCard({
  person,
  props,
  state,
}: {
  person: Person
  props: CollectionItemProps
  state: CollectionItemState
}) {
  return (
    <div
      {...props}
      style={{
        padding: vars.space.medium,
        borderRadius: vars.radius.medium,
        border: `${vars.borderWidth.thin} solid ${state.selected ? vars.color.accent : vars.color.border}`,
        background: state.selected ? vars.color.accentSubtle : vars.color.surface,
        color: vars.color.text,
      }}
    >
      <strong>{person.name}</strong> <span style={{ color: vars.color.textMuted }}>{person.role}</span>
    </div>
  )
}

function PersonRow({
  person,
  props,
  state,
}: {
  person: Person
  props: CollectionItemProps
  state: CollectionItemState
}) {
  return (
    <div
      {...props}
      style={{
        display: 'grid',
        gridTemplateColumns: '1fr 120px',
        padding: vars.space.small,
        background: state.selected ? vars.color.accentSubtle : undefined,
      }}
    >
      <div role="gridcell">{person.name}</div>
      <div role="gridcell">{person.role}</div>
    </div>
  )
}

const columns = (
  <div style={{ display: 'grid', gridTemplateColumns: '1fr 120px', padding: vars.space.small }}>
    <div role="columnheader">Name</div>
    <div role="columnheader">Role</div>
  </div>
)

const onItemOpen = fn()

// A generic component: the stories render it themselves (its required props are functions of the item type).
const meta = preview.meta({
  title: 'Library/VirtualCollection',
  tags: ['autodocs'],
  parameters: { controls: { disable: true } },
  beforeEach: () => {
    onMenu.mockClear()
    onItemOpen.mockClear()
  },
})

const grid = (height: number, items: Person[], selectedIds: string[] = [], loading = false) => (
  <VirtualCollection<Person>
    view="grid"
    title="People"
    items={items}
    getId={personId}
    selectedIds={selectedIds}
    loading={loading}
    minCellWidth={200}
    itemMenu={personMenu}
    renderItem={(person, props, state) => <PersonCard person={person} props={props} state={state} />}
    style={{ height, width: '100%' }}
  />
)

const list = (height: number, items: Person[], selectedIds: string[] = []) => (
  <VirtualCollection<Person>
    view="list"
    title="People"
    items={items}
    getId={personId}
    selectedIds={selectedIds}
    columns={columns}
    renderItem={(person, props, state) => <PersonRow person={person} props={props} state={state} />}
    style={{ height, width: '100%' }}
  />
)

export const Playground = meta.story({
  render: () => (
    <VirtualCollection<Person>
      view={collectionViews[0]}
      title="People"
      items={people(500)}
      getId={personId}
      minCellWidth={200}
      itemMenu={personMenu}
      renderItem={(person, props, state) => <PersonCard person={person} props={props} state={state} />}
      style={{ height: 320 }}
    />
  ),
})

/** Your own cards in a grid (two selected), your own rows under your own column headers, 10,000 items, empty and loading. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="grid of custom cards · selected (2)">{grid(170, people(8), ['p1', 'p4'])}</State>
      <State label="list of custom rows · selected (1)">{list(170, people(4), ['p2'])}</State>
      <State label="10,000 items (virtualised)">{grid(120, people(10_000))}</State>
      <State label="loading">{grid(80, [], [], true)}</State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Arrow keys move between your cards, Enter opens, the context menu key opens your menu. */
export const Keyboard = meta.story({
  render: () => (
    <VirtualCollection<Person>
      onItemOpen={onItemOpen}
      view="grid"
      title="People"
      items={people(12)}
      getId={personId}
      minCellWidth={200}
      itemMenu={personMenu}
      renderItem={(person, props, state) => <PersonCard person={person} props={props} state={state} />}
      style={{ height: 320 }}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    // Virtuoso renders the items once it has measured the grid.
    const first = await canvas.findByRole('option', { name: /Ada Lovelace/ })
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('option', { name: /Grace Hopper/ })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), expect.anything())
  },
})
