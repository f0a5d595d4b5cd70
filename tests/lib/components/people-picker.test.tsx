import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  deMessages,
  LocaleProvider,
  PeoplePicker,
  type PeopleOption,
  type PeoplePickerProps,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const people: PeopleOption[] = [
  { type: 'user', id: 'u-ben', displayName: 'Ben Ryder', email: 'ben@example.com' },
  { type: 'user', id: 'u-carla', displayName: 'Carla', email: 'carla@example.com' },
  { type: 'group', id: 'everyone', name: 'Everyone', members: 5 },
  { type: 'group', id: 'g-solo', name: 'Solo', members: 1 },
]

// The app's side: it "fetches" at once (really debounced) and passes the matches in.
function Harness(props: Partial<PeoplePickerProps> & { found?: boolean }) {
  const { found = true, onSearch, ...rest } = props
  const [query, setQuery] = useState('')
  const matches = found
    ? people.filter((p) =>
        (p.type === 'user' ? `${p.displayName} ${p.email}` : p.name).toLowerCase().includes(query.toLowerCase()),
      )
    : []
  return (
    <PeoplePicker
      onSelect={() => {}}
      {...rest}
      options={query ? matches : []}
      onSearch={(q) => {
        setQuery(q)
        onSearch?.(q)
      }}
    />
  )
}

const names = () => screen.getAllByRole('option').map((o) => o.textContent)

describe('PeoplePicker', () => {
  it('is a combobox labelled "Share with people" with the placeholder "Name, email or group"', () => {
    setup(<PeoplePicker options={[]} onSearch={() => {}} onSelect={() => {}} />)
    const input = screen.getByRole('combobox', { name: 'Share with people' })
    expect(input.getAttribute('placeholder')).toBe('Name, email or group')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('given its own label and placeholder, then they win', () => {
    setup(<PeoplePicker options={[]} onSearch={() => {}} onSelect={() => {}} label="Invite" placeholder="Who?" />)
    expect(screen.getByRole('combobox', { name: 'Invite' }).getAttribute('placeholder')).toBe('Who?')
  })

  it('given typing, then each change reaches onSearch and each option shows an avatar, its name and second line', async () => {
    const onSearch = vi.fn()
    const { user } = setup(<Harness onSearch={onSearch} />)
    await user.type(screen.getByRole('combobox'), 'o')
    expect(onSearch.mock.calls).toEqual([['o']])
    const listbox = await screen.findByRole('listbox', { name: 'Share with people' })
    const [ben, carla, everyone, solo] = within(listbox).getAllByRole('option')
    // The avatar is decorative: the option's name is the person, not their initials.
    expect(ben?.textContent).toBe('BRBen Ryderben@example.com')
    expect(within(ben!).getByText('BR').getAttribute('aria-hidden')).toBe('true')
    expect(carla?.textContent).toBe('CCarlacarla@example.com')
    expect(everyone?.textContent).toBe('Everyone5 members')
    expect(everyone?.getAttribute('data-type')).toBe('group')
    expect(everyone?.querySelector('[data-part="avatar"] svg')).not.toBeNull()
    expect(solo?.textContent).toBe('Solo1 member')
    await expectNoAxeViolations()
  })

  it('given ids in exclude, then those are never offered', async () => {
    const { user } = setup(<Harness exclude={['u-ben', 'everyone']} />)
    await user.type(screen.getByRole('combobox'), 'o')
    await screen.findByRole('listbox')
    expect(names()).toEqual(['CCarlacarla@example.com', 'Solo1 member'])
  })

  it('given no match, then the list says "No one matches" as a disabled option', async () => {
    const { user } = setup(<Harness found={false} />)
    await user.type(screen.getByRole('combobox'), 'zz')
    const only = await screen.findByRole('option')
    expect(only.textContent).toBe('No one matches')
    expect(only.getAttribute('aria-disabled')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given everyone matching is excluded, then it says "No one matches" too', async () => {
    const { user } = setup(<Harness exclude={people.map((p) => p.id)} />)
    await user.type(screen.getByRole('combobox'), 'o')
    expect((await screen.findByRole('option')).textContent).toBe('No one matches')
  })

  it('given loading with nothing yet, then "Searching…" shows and the field is busy', async () => {
    const { user } = setup(<Harness found={false} loading />)
    const input = screen.getByRole('combobox')
    expect(input.getAttribute('aria-busy')).toBe('true')
    await user.type(input, 'b')
    expect((await screen.findByRole('option')).textContent).toBe('Searching…')
  })

  it('given typing, then the first match is highlighted and Enter picks it; the field empties', async () => {
    const onSelect = vi.fn()
    const onSearch = vi.fn()
    const { user } = setup(<Harness onSelect={onSelect} onSearch={onSearch} />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'carla')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Carla/ }).hasAttribute('data-active-item')).toBe(true),
    )
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith(people[1])
    expect(input).toHaveProperty('value', '')
    expect(onSearch).toHaveBeenLastCalledWith('')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    expect(document.activeElement).toBe(input)
  })

  it('given ArrowDown, then the next option is highlighted and Enter picks that one; Escape closes', async () => {
    const onSelect = vi.fn()
    const { user } = setup(<Harness onSelect={onSelect} />)
    await user.type(screen.getByRole('combobox'), 'o')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Carla/ }).hasAttribute('data-active-item')).toBe(true),
    )
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith(people[1])
    await user.keyboard('e')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  })

  it('given a click on a group, then onSelect gets the group', async () => {
    const onSelect = vi.fn()
    const { user } = setup(<Harness onSelect={onSelect} />)
    await user.type(screen.getByRole('combobox'), 'every')
    await user.click(await screen.findByRole('option', { name: /Everyone/ }))
    expect(onSelect).toHaveBeenCalledWith(people[2])
  })

  it('given disabled, then the field cannot be typed in', async () => {
    const onSearch = vi.fn()
    const { user } = setup(<PeoplePicker options={[]} onSearch={onSearch} onSelect={() => {}} disabled />)
    const input = screen.getByRole('combobox')
    expect(input).toHaveProperty('disabled', true)
    await user.type(input, 'x')
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('given hostile names, then they show as text, isolated, never as markup', async () => {
    const hostile: PeopleOption[] = [
      { type: 'user', id: 'x', displayName: '<script>alert(1)</script>', email: 'x@example.com' },
      { type: 'user', id: 'y', displayName: '\u202Eevil\u202E', email: 'y@example.com' },
    ]
    const { user, container } = setup(<PeoplePicker options={hostile} onSearch={() => {}} onSelect={() => {}} />)
    await user.type(screen.getByRole('combobox'), 'x')
    await screen.findByRole('listbox')
    expect(document.querySelector('script')).toBeNull()
    expect(container.ownerDocument.body.innerHTML).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    const flipped = screen.getByText('\u202Eevil\u202E')
    expect(flipped.tagName).toBe('BDI')
  })

  it('speaks German in a German LocaleProvider', async () => {
    const { user } = setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <Harness exclude={['u-ben', 'u-carla']} />
      </LocaleProvider>,
    )
    const input = screen.getByRole('combobox', { name: 'Mit Personen teilen' })
    expect(input.getAttribute('placeholder')).toBe('Name, E-Mail oder Gruppe')
    await user.type(input, 'o')
    await screen.findByRole('listbox')
    expect(names()).toEqual(['Everyone5 Mitglieder', 'Solo1 Mitglied'])
  })
})
