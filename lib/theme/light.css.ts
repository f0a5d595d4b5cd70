import { createGlobalTheme, globalStyle } from '@vanilla-extract/css'
import { vars } from './contract.css.ts'
import { schemeGroups } from './theme.ts'
import { lightTokens, reducedMotionDurations } from './tokens.ts'

// The light theme is the default: every variable is defined on :root. A subtree (or the page) can
// opt back into light colours under a dark page with data-theme="light".
createGlobalTheme(':root', vars, lightTokens)
createGlobalTheme('[data-theme="light"]', schemeGroups(vars), schemeGroups(lightTokens))
globalStyle(':root, [data-theme="light"]', { colorScheme: 'light' })

// Declared after the theme on the same selector, so it wins inside the media query.
globalStyle(':root', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: {
        [vars.motion.duration.fast]: reducedMotionDurations.fast,
        [vars.motion.duration.modal]: reducedMotionDurations.modal,
        [vars.motion.duration.spin]: reducedMotionDurations.spin,
        [vars.motion.duration.indeterminate]: reducedMotionDurations.indeterminate,
      },
    },
  },
})
