import addonA11y from '@storybook/addon-a11y'
import { definePreview } from '@storybook/react-vite'
import addonMsw from 'msw-storybook-addon'
import { useLayoutEffect } from 'react'
import { type ThemeName, themeAttribute, themeNames } from '../lib/index.ts'
// Inter: optional for consumers (@cumulus/ui/fonts.css), always on in stories and their baselines.
import '../lib/theme/fonts.css.ts'
import { frame } from './preview.css.ts'

export default definePreview({
  addons: [addonA11y(), addonMsw()],
  parameters: {
    layout: 'fullscreen',
    // Any axe violation fails the story in the test runner (and in the UI's test widget).
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme (sets data-theme on <html>)',
      toolbar: { title: 'Theme', icon: 'mirror', items: [...themeNames], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' satisfies ThemeName },
  decorators: [
    (Story, { globals }) => {
      const theme: ThemeName = globals.theme === 'dark' ? 'dark' : 'light'
      // On <html>, so portals (dialogs, menus, toasts) outside the story root take the theme too.
      useLayoutEffect(() => {
        document.documentElement.setAttribute(themeAttribute, theme)
      }, [theme])
      return (
        <div className={frame}>
          <Story />
        </div>
      )
    },
  ],
})
