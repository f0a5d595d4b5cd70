import * as Ariakit from '@ariakit/react'
import type { ReactElement } from 'react'
import { cx } from '../../internal/cx.ts'
import { popupSurface } from '../../internal/popup.css.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './menu.css.ts'
import type { MenuEntry } from './menu-entries.ts'
import { MenuItems } from './menu-items.tsx'
import { scopedPortal } from '../../internal/portal-scope.ts'
import { defined } from '../../internal/defined.ts'

/** Props of `Menu`; the rest go to the popup (Ariakit `Menu`). */
export interface MenuProps extends Omit<Ariakit.MenuProps, 'store' | 'children'> {
  /** Accessible name of the default trigger, e.g. "More actions". */
  label: string
  /** Actions and separators; hidden ones are left out. */
  items: readonly MenuEntry[]
  /** A custom trigger element (e.g. a `Button`); defaults to a "more" icon button named by `label`. */
  trigger?: ReactElement
  /** Controlled open state. */
  open?: boolean
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void
  /** Where the popup opens relative to the trigger; defaults to bottom-end. */
  placement?: Ariakit.MenuProviderProps['placement']
}

/** A menu button and its popup of actions (Ariakit Menu): arrow keys move, Enter selects, Escape closes and refocuses the button. */
export function Menu({
  label,
  items,
  trigger,
  open,
  onOpenChange,
  placement = 'bottom-end',
  className,
  ...props
}: MenuProps) {
  return (
    <Ariakit.MenuProvider {...defined({ open, setOpen: onOpenChange })} placement={placement}>
      <Ariakit.MenuButton render={trigger ?? <IconButton icon="more-vertical" label={label} />} />
      <Ariakit.Menu
        gutter={4}
        unmountOnHide
        portalElement={scopedPortal}
        data-part="menu"
        {...props}
        className={cx(popupSurface, css.menu, className)}
      >
        <MenuItems entries={items} />
      </Ariakit.Menu>
    </Ariakit.MenuProvider>
  )
}
