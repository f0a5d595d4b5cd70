import addonA11y from '@storybook/addon-a11y'
import addonDocs from '@storybook/addon-docs'
import { definePreview } from '@storybook/react-vite'
import addonMsw from 'msw-storybook-addon'
import { useLayoutEffect } from 'react'
import { deMessages, LocaleProvider, type ThemeName, themeAttribute, themeNames } from '../lib/index.ts'
// Inter: optional for consumers (@cumulus/ui/fonts.css), always on in stories and their baselines.
import '../lib/theme/fonts.css.ts'
import { frame } from './preview.css.ts'

export default definePreview({
  addons: [addonDocs(), addonA11y(), addonMsw()],
  parameters: {
    layout: 'fullscreen',
    // Any axe violation fails the story in the test runner (and in the UI's test widget).
    a11y: { test: 'error' },
    controls: { expanded: true },
    // Docs show each story's source as written. The default ('dynamic') re-renders every story to
    // JSX text on each render, even outside docs: 100,000 gallery items took it past the runner's timeout.
    docs: { source: { type: 'code' } },
    // App screen stories (stories/app) show a phone at 390×844; the test runner sizes its page to
    // parameters.visual.viewport for the same stories (.storybook/test-runner.ts).
    viewport: {
      options: { phone: { name: 'Phone 390×844', styles: { width: '390px', height: '844px' }, type: 'mobile' } },
    },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme (sets data-theme on <html>)',
      toolbar: { title: 'Theme', icon: 'mirror', items: [...themeNames], dynamicTitle: true },
    },
    locale: {
      description: 'Texts, dates and sizes (LocaleProvider)',
      toolbar: { title: 'Locale', icon: 'globe', items: ['en-US', 'de-DE'], dynamicTitle: true },
    },
    dir: {
      description: 'Text direction (sets dir on <html>)',
      toolbar: { title: 'Direction', icon: 'transfer', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' satisfies ThemeName, locale: 'en-US', dir: 'ltr' },
  decorators: [
    (Story, { globals, parameters }) => {
      const theme: ThemeName = globals.theme === 'dark' ? 'dark' : 'light'
      const german = globals.locale === 'de-DE'
      const dir = globals.dir === 'rtl' ? 'rtl' : 'ltr'
      // On <html>, so portals (dialogs, menus, toasts) outside the story root take the theme and direction too.
      useLayoutEffect(() => {
        document.documentElement.setAttribute(themeAttribute, theme)
        document.documentElement.setAttribute('dir', dir)
        document.documentElement.setAttribute('lang', german ? 'de' : 'en')
      }, [theme, dir, german])
      // App screens are whole pages: no frame padding around them (parameters.appScreen).
      const story = parameters.appScreen ? (
        <Story />
      ) : (
        <div className={frame}>
          <Story />
        </div>
      )
      return german ? (
        <LocaleProvider locale="de-DE" messages={deMessages}>
          {story}
        </LocaleProvider>
      ) : (
        story
      )
    },
  ],
})
