import { useState } from 'react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Header, headerLayouts, SearchBar } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const logo = fn()
const settings = fn()
const menu = fn()
const submit = fn()

const meta = preview.meta({
  title: 'Library/Header',
  tags: ['autodocs'],
  component: Header,
  args: {
    onLogo: logo,
    onSettings: settings,
    onMenu: menu,
    search: <SearchBar onSubmit={submit} />,
    layout: 'responsive',
  } as const,
  argTypes: { layout: { control: 'inline-radio', options: headerLayouts } },
  beforeEach: () => {
    logo.mockClear()
    settings.mockClear()
    menu.mockClear()
  },
})

export const Playground = meta.story({})

/** Desktop (cog), mobile (menu button, closed and open), other areas' placeholders, no search, a narrow viewport. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="desktop">
        <section aria-label="desktop" style={{ width: '100%' }}>
          <Header
            layout="desktop"
            search={<SearchBar aria-label="Search 1" onSubmit={submit} />}
            onSettings={settings}
            onMenu={menu}
            onLogo={logo}
          />
        </section>
      </State>
      <State label="desktop, media area, with a query">
        <section aria-label="desktop, media area, with a query" style={{ width: '100%' }}>
          <Header
            layout="desktop"
            search={
              <SearchBar aria-label="Search 2" placeholder="Search Media" defaultValue="beach" onSubmit={submit} />
            }
            onSettings={settings}
            onLogo={logo}
          />
        </section>
      </State>
      <State label="mobile, drawer closed">
        <section aria-label="mobile, drawer closed" style={{ width: 480 }}>
          <Header
            layout="mobile"
            search={<SearchBar aria-label="Search 3" placeholder="Search Trash" onSubmit={submit} />}
            onSettings={settings}
            onMenu={menu}
          />
        </section>
      </State>
      <State label="mobile, drawer open">
        <section aria-label="mobile, drawer open" style={{ width: 480 }}>
          <Header
            layout="mobile"
            menuOpen
            search={<SearchBar aria-label="Search 4" onSubmit={submit} />}
            onSettings={settings}
            onMenu={menu}
          />
        </section>
      </State>
      <State label="narrow viewport (320 px)">
        <section aria-label="narrow viewport (320 px)" style={{ width: 320 }}>
          <Header
            layout="mobile"
            search={<SearchBar aria-label="Search 5" defaultValue="quarterly" onSubmit={submit} />}
            onMenu={menu}
          />
        </section>
      </State>
      <State label="no search slot">
        <section aria-label="no search slot" style={{ width: '100%' }}>
          <Header layout="desktop" onSettings={settings} />
        </section>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: logo, search, cog in order; Enter on the logo navigates in the app. */
export const Keyboard = meta.story({
  args: { layout: 'desktop' },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Cumulus' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(logo).toHaveBeenCalledOnce()
    await userEvent.tab()
    await expect(canvas.getByRole('combobox', { name: 'Search' })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Settings' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(settings).toHaveBeenCalledOnce()
  },
})

/** Pointer (mobile): the menu button toggles the drawer and reports it as expanded. */
export const MenuToggle = meta.story({
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    return (
      <Header
        {...args}
        layout="mobile"
        menuOpen={open}
        onMenu={() => {
          menu()
          setOpen(!open)
        }}
      />
    )
  },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Menu' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(button)
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(button)
    await expect(menu).toHaveBeenCalledTimes(2)
    await expect(canvas.queryByRole('button', { name: 'Settings' })).toBeNull()
  },
})
