import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Header, SearchBar } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('Header', () => {
  it('is the banner: a logo link to "/", the search slot, the settings cog and the menu button', async () => {
    setup(<Header search={<SearchBar onSubmit={() => {}} />} onSettings={() => {}} onMenu={() => {}} />)
    const banner = screen.getByRole('banner')
    expect(banner.contains(screen.getByRole('combobox', { name: 'Search' }))).toBe(true)
    expect(screen.getByRole('link', { name: 'Cumulus' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false')
    await expectNoAxeViolations()
  })

  it('given onLogo, then a plain click navigates in the app, a modified click is left to the browser', async () => {
    const onLogo = vi.fn()
    const { user } = setup(<Header onLogo={onLogo} />)
    const logo = screen.getByRole('link', { name: 'Cumulus' })
    await user.click(logo)
    expect(onLogo).toHaveBeenCalledOnce()
    const ctrlClick = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })
    fireEvent(logo, ctrlClick)
    expect(onLogo).toHaveBeenCalledOnce()
    expect(ctrlClick.defaultPrevented).toBe(false)
    // Keyboard: Enter on the focused link.
    logo.focus()
    await user.keyboard('{Enter}')
    expect(onLogo).toHaveBeenCalledTimes(2)
  })

  it('given the menu and settings buttons, then their callbacks run, by pointer and keyboard', async () => {
    const onMenu = vi.fn()
    const onSettings = vi.fn()
    const { user } = setup(<Header menuOpen onMenu={onMenu} onSettings={onSettings} logoHref="/home" />)
    const menu = screen.getByRole('button', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    await user.click(menu)
    expect(onMenu).toHaveBeenCalledOnce()
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }))
    await user.keyboard('{Enter}')
    expect(onSettings).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Cumulus' }).getAttribute('href')).toBe('/home')
  })

  it('given a pinned layout, then only that layout’s control is rendered (mobile: menu, desktop: cog)', () => {
    const { rerender } = setup(<Header layout="mobile" onMenu={() => {}} onSettings={() => {}} />)
    const shown = (name: string) => screen.queryByRole('button', { name }) !== null
    expect([shown('Menu'), shown('Settings')]).toEqual([true, false])
    rerender(<Header layout="desktop" onMenu={() => {}} onSettings={() => {}} />)
    expect([shown('Menu'), shown('Settings')]).toEqual([false, true])
  })

  it('given custom texts and logo, then it uses them', () => {
    setup(
      <Header
        logo="My Cloud"
        labels={{ menu: 'Navigation', settings: 'Réglages' }}
        onMenu={() => {}}
        onSettings={() => {}}
      />,
    )
    expect(screen.getByRole('link', { name: 'My Cloud' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Navigation' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Réglages' })).toBeTruthy()
  })
})
