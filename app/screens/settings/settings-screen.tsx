// SPEC §2 "Settings page": a left menu (HOME link, Account, General, and Users and Server for admins
// (DESIGN §7, §8 "Operations"); collapsible on mobile) and the chosen section.
import { Header, Icon } from '@cumulus/ui'
import { css } from 'goober'
import { useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { copy } from '../../copy-screens.ts'
import { linkLook } from '../../features/forms/form.tsx'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { cx, mq, vars } from '../../styles.ts'
import { useUser } from '../../hooks/use-user.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { AccountSection } from './account-section.tsx'
import { GeneralSection } from './general-section.tsx'
import { ServerSection } from './server-section.tsx'
import { settingsCopy } from './settings-copy.ts'
import { UsersSection } from './users-section.tsx'

type Section = 'account' | 'general' | 'users' | 'server'

const adminOnly: readonly Section[] = ['users', 'server']

const page = css`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`

const body = css`
  flex: 1;
  display: flex;
  flex-direction: column;
  ${mq.desktop} {
    flex-direction: row;
  }
`

const menu = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  padding: ${vars.space.large};
  border-bottom: ${vars.borderWidth.thin} solid ${vars.color.border};
  background: ${vars.color.surface};
  ${mq.desktop} {
    width: 240px;
    border-bottom: 0;
    border-right: ${vars.borderWidth.thin} solid ${vars.color.border};
  }
`

const menuItem = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.small};
  padding: ${vars.space.small} ${vars.space.medium};
  border: 0;
  border-radius: ${vars.radius.medium};
  background: none;
  color: ${vars.color.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${vars.color.hover};
  }
  &[aria-current='page'] {
    background: ${vars.color.accentSubtle};
    color: ${vars.color.accentText};
    font-weight: ${vars.font.weight.semibold};
  }
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
    outline-offset: 1px;
  }
`

const homeLink = css`
  font-size: ${vars.font.size.small};
  margin-bottom: ${vars.space.small};
`

const menuToggle = css`
  display: inline-flex;
  align-items: center;
  gap: ${vars.space.small};
  margin: ${vars.space.medium} ${vars.space.large} 0;
  font-size: ${vars.font.size.medium};
`

const content = css`
  flex: 1;
  max-width: 760px;
  padding: ${vars.space.xlarge} ${vars.space.large};
`

export function SettingsScreen() {
  const [, navigate] = useLocation()
  const isDesktop = useIsDesktop()
  const [sectionShown, setSectionShown] = useState<Section>('account')
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const showMenu = isDesktop || menuOpen
  // The detailed record is the fresh one (a role changed since sign-in); the sign-in reply stands in.
  const { data: detailed } = useUserDetailed()
  const { data: user } = useUser()
  const isAdmin = (detailed?.role ?? user?.role) === 'admin'
  const shown = adminOnly.includes(sectionShown) && !isAdmin ? 'account' : sectionShown

  const choose = (next: Section) => {
    setSectionShown(next)
    setMenuOpen(false)
  }

  return (
    <div className={page}>
      <Header layout={isDesktop ? 'desktop' : 'mobile'} onLogo={() => navigate('/')} />
      <div className={body}>
        {!isDesktop ? (
          <button
            type="button"
            className={cx(linkLook, menuToggle)}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <Icon name="menu" size="small" />
            {copy.settings.menu}
          </button>
        ) : null}
        {showMenu ? (
          <nav id={menuId} className={menu} aria-label={copy.settings.title}>
            <Link href="/home" className={cx(linkLook, homeLink)}>
              {copy.settings.home}
            </Link>
            <button
              type="button"
              className={menuItem}
              aria-current={shown === 'account' ? 'page' : undefined}
              onClick={() => choose('account')}
            >
              {copy.settings.account}
            </button>
            <button
              type="button"
              className={menuItem}
              aria-current={shown === 'general' ? 'page' : undefined}
              onClick={() => choose('general')}
            >
              {copy.settings.general}
            </button>
            {isAdmin ? (
              <button
                type="button"
                className={menuItem}
                aria-current={shown === 'users' ? 'page' : undefined}
                onClick={() => choose('users')}
              >
                {settingsCopy.users}
              </button>
            ) : null}
            {isAdmin ? (
              <button
                type="button"
                className={menuItem}
                aria-current={shown === 'server' ? 'page' : undefined}
                onClick={() => choose('server')}
              >
                {settingsCopy.server.menu}
              </button>
            ) : null}
          </nav>
        ) : null}
        <main className={content}>
          {shown === 'account' ? (
            <AccountSection />
          ) : shown === 'general' ? (
            <GeneralSection />
          ) : shown === 'server' ? (
            <ServerSection />
          ) : (
            <UsersSection currentUserId={detailed?._id ?? user?._id} />
          )}
        </main>
      </div>
    </div>
  )
}
