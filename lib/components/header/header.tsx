import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './header.css.ts'

/** Which controls show: by viewport width (responsive, in CSS), or pinned to the desktop set (cog) or the mobile one (menu). */
export const headerLayouts = ['responsive', 'desktop', 'mobile'] as const

/** One of `headerLayouts`. */
export type HeaderLayout = (typeof headerLayouts)[number]

/** Props of `Header`; other header attributes are forwarded. */
export interface HeaderProps extends Omit<ComponentPropsWithRef<'header'>, 'children'> {
  /** The search field (usually a `SearchBar`). */
  search?: ReactNode
  /** The logo's content; defaults to the Cumulus mark and name. */
  logo?: ReactNode
  /** Where the logo links; defaults to "/". */
  logoHref?: string
  /** Client-side navigation for the logo: a plain click calls this instead of loading the page. */
  onLogo?: () => void
  /** The settings cog (desktop). */
  onSettings?: () => void
  /** The menu button (mobile), which toggles the sidebar drawer. */
  onMenu?: () => void
  /** The drawer is open: the menu button reports it as expanded. */
  menuOpen?: boolean
  /** Which controls show; defaults to responsive (desktop from the `desktop` breakpoint). */
  layout?: HeaderLayout
  /** Accessible names; defaults "Menu", "Settings". */
  labels?: Partial<{ menu: string; settings: string }>
}

/** The Cumulus mark: a cloud. */
function CloudMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className={css.logoMark}>
      <path fill="currentColor" d="M7 19.5h10.75a4.75 4.75 0 0 0 .9-9.41A6.5 6.5 0 0 0 6.2 8.6 5.5 5.5 0 0 0 7 19.5z" />
    </svg>
  )
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** The top bar: the logo (a link to "/"), the search slot, the settings cog on desktop and the drawer's menu button on mobile. */
export function Header({
  search,
  logo,
  logoHref = '/',
  onLogo,
  onSettings,
  onMenu,
  menuOpen,
  layout = 'responsive',
  labels: labelOverrides,
  className,
  ...props
}: HeaderProps) {
  const labels = { menu: 'Menu', settings: 'Settings', ...labelOverrides }
  return (
    <header data-part="header" {...props} className={cx(css.header, className)}>
      {onMenu && layout !== 'desktop' ? (
        <span className={css.slot({ responsive: layout === 'responsive', show: 'mobile' })}>
          <IconButton icon="menu" label={labels.menu} aria-expanded={menuOpen ?? false} onClick={onMenu} />
        </span>
      ) : null}
      <a
        href={logoHref}
        className={css.logo}
        onClick={(event) => {
          // A modified click (new tab, …) stays the browser's.
          if (!onLogo || !plainClick(event)) return
          event.preventDefault()
          onLogo()
        }}
      >
        {logo ?? (
          <>
            <CloudMark />
            Cumulus
          </>
        )}
      </a>
      <div className={css.search}>{search}</div>
      <div className={css.end}>
        {onSettings && layout !== 'mobile' ? (
          <span className={css.slot({ responsive: layout === 'responsive', show: 'desktop' })}>
            <IconButton icon="settings" label={labels.settings} onClick={onSettings} />
          </span>
        ) : null}
      </div>
    </header>
  )
}
