import { createContainer, type StyleRule } from '@vanilla-extract/css'
import { vars } from '../theme/contract.css.ts'
import { state } from '../theme/states.ts'

/**
 * The frame every clickable card shares (file, folder, quick access): a bordered surface whose
 * border darkens on hover and turns accent when selected. Cards say "selected" differently (an
 * option's aria-selected, a toggle's aria-pressed), so each passes its selector and focus look.
 */
export const cardFrame = (selected: string, focusVisible: StyleRule): StyleRule => ({
  boxSizing: 'border-box',
  minWidth: 0,
  border: `${vars.borderWidth.thin} solid ${vars.color.border}`,
  cursor: 'pointer',
  userSelect: 'none',
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    [state.hover]: { borderColor: vars.color.borderStrong },
    [selected]: { borderColor: vars.color.accent, background: vars.color.accentSubtle },
    [state.focusVisible]: focusVisible,
    [state.disabled]: { opacity: 0.5, cursor: 'not-allowed' },
    [dropTarget]: dropTargetLook,
  },
})

/** An item that dragged items are over and would be dropped into (`data-drop-target`). */
export const dropTarget = '&[data-drop-target="true"]'
/** The drop target's look: an accent outline inside the item, on the accent's subtle tint. */
export const dropTargetLook: StyleRule = {
  borderColor: vars.color.accent,
  background: vars.color.accentSubtle,
  outline: `${vars.borderWidth.thick} dashed ${vars.color.accent}`,
  outlineOffset: `calc(-1 * ${vars.borderWidth.thick})`,
}

/** A card's focus ring, drawn inside its border so neighbours in a tight grid do not cover it. */
export const insetFocusRing = (ring: StyleRule): StyleRule => ({
  ...ring,
  outlineOffset: `calc(-1 * ${vars.borderWidth.thick})`,
})

/**
 * The file grid as a query container: on a phone-wide grid (two 180 px cards no longer fit) it
 * turns compact, and so do its cards. A container query, not the viewport, so it also holds beside
 * the sidebar; queries cannot read theme variables, so the width is in em (about 390 px).
 */
export const cardGrid = createContainer()
export const narrowCardGrid = `${cardGrid} (max-width: 28em)`
