// Raw design tokens: the only place in the library where literal colours and sizes live.
// Components never import this file; they read the CSS variables of `contract.css.ts`.

/** Letters that key the extension palette (colour by the extension's first letter). */
export const badgeLetters = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
  'j',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
  'q',
  'r',
  's',
  't',
  'u',
  'v',
  'w',
  'x',
  'y',
  'z',
] as const

export type BadgeLetter = (typeof badgeLetters)[number]

// Every swatch keeps white badge text at WCAG AA (>= 4.5:1), so one palette serves both themes.
const badge: Record<BadgeLetter | 'default', string> = {
  a: '#b3261e',
  b: '#8e24aa',
  c: '#00796b',
  d: '#1d4ed8',
  e: '#5e35b1',
  f: '#ad1457',
  g: '#2e7d32',
  h: '#c2410c',
  i: '#6d4c41',
  j: '#b45309',
  k: '#37474f',
  l: '#4d7c0f',
  m: '#7b1fa2',
  n: '#00695c',
  o: '#bf360c',
  p: '#c62828',
  q: '#455a64',
  r: '#6a1b9a',
  s: '#0e7490',
  t: '#546e7a',
  u: '#3949ab',
  v: '#7c3aed',
  w: '#1565c0',
  x: '#1b7f3b',
  y: '#9a3412',
  z: '#92400e',
  // The default badge colour: a light-blue hue, deep enough for white text.
  default: '#0277bd',
}

const lightColor = {
  bg: '#f7f8fa',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#eef1f5',
  border: '#d8dde4',
  borderStrong: '#a9b2bf',
  text: '#1b2330',
  textMuted: '#5b6676',
  textOnAccent: '#ffffff',
  // On the danger fill (a Delete button): its own token, so a light brand accent that takes dark
  // text on it leaves the red button white-on-red.
  textOnDanger: '#ffffff',
  // Over pictures and the dark backdrop (the video play mark, captions, the viewer's arrows):
  // white in both themes whatever the accent.
  textOnMedia: '#ffffff',
  accent: '#2563eb',
  accentHover: '#1d4ed8',
  accentActive: '#1e40af',
  accentSubtle: '#e8effd',
  accentText: '#1d4ed8',
  danger: '#c62828',
  dangerHover: '#a51f1f',
  dangerSubtle: '#fdecec',
  dangerText: '#b3261e',
  success: '#1b7f3b',
  successSubtle: '#e7f5ec',
  warning: '#a15c00',
  warningSubtle: '#fff4e0',
  hover: 'rgba(27, 35, 48, 0.06)',
  pressed: 'rgba(27, 35, 48, 0.12)',
  focusRing: '#2563eb',
  backdrop: 'rgba(15, 23, 42, 0.48)',
  // Behind a photo or video in the viewer: black in both themes, as a picture frame is.
  media: '#000000',
  badgeText: '#ffffff',
  badge,
}

export type ColorTokens = typeof lightColor

const darkColor: ColorTokens = {
  bg: '#0f1115',
  surface: '#171a21',
  surfaceRaised: '#1f232c',
  surfaceSunken: '#2a2f3a',
  border: '#2e3440',
  borderStrong: '#4a5362',
  text: '#e6e9ef',
  textMuted: '#a0a8b6',
  textOnAccent: '#ffffff',
  textOnDanger: '#ffffff',
  textOnMedia: '#ffffff',
  accent: '#2563eb',
  accentHover: '#3b6fe0',
  accentActive: '#1d4ed8',
  accentSubtle: '#1c2a4a',
  accentText: '#7aa7ff',
  danger: '#dc2626',
  dangerHover: '#e04444',
  dangerSubtle: '#3a1c1f',
  dangerText: '#ff8a80',
  success: '#3fb56a',
  successSubtle: '#16301f',
  warning: '#f0a020',
  warningSubtle: '#3a2c12',
  hover: 'rgba(230, 233, 239, 0.08)',
  pressed: 'rgba(230, 233, 239, 0.14)',
  focusRing: '#7aa7ff',
  backdrop: 'rgba(0, 0, 0, 0.64)',
  media: '#000000',
  badgeText: '#ffffff',
  badge,
}

const lightShadow = {
  small: '0 1px 2px rgba(16, 24, 40, 0.08)',
  medium: '0 4px 12px rgba(16, 24, 40, 0.12)',
  large: '0 16px 40px rgba(16, 24, 40, 0.2)',
}

const darkShadow: typeof lightShadow = {
  small: '0 1px 2px rgba(0, 0, 0, 0.5)',
  medium: '0 4px 12px rgba(0, 0, 0, 0.5)',
  large: '0 16px 40px rgba(0, 0, 0, 0.6)',
}

// Tokens that do not change with the colour scheme.
const shared = {
  space: {
    none: '0',
    xxsmall: '2px',
    xsmall: '4px',
    small: '8px',
    medium: '12px',
    large: '16px',
    xlarge: '24px',
    xxlarge: '32px',
  },
  radius: {
    small: '4px',
    medium: '8px',
    large: '12px',
    full: '9999px',
  },
  font: {
    family: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    // Code and plain text (the text viewer): the system's monospaced face.
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
    size: {
      xsmall: '11px',
      small: '12px',
      medium: '14px',
      large: '16px',
      xlarge: '20px',
    },
    // Only these two weights are bundled (theme/fonts.css).
    weight: {
      regular: '400',
      semibold: '600',
    },
    lineHeight: {
      tight: '1.25',
      normal: '1.5',
    },
  },
  borderWidth: {
    thin: '1px',
    thick: '2px',
  },
  // Component dimensions, so a component's .css.ts never writes a pixel value itself.
  size: {
    control: { small: '28px', medium: '36px', large: '44px' },
    icon: { small: '16px', medium: '20px', large: '24px' },
    badge: { small: '32px', medium: '44px', large: '64px' },
    progress: '6px',
    menu: '184px',
    select: '160px',
    popover: '300px',
    toast: '340px',
    dialog: { small: '380px', medium: '480px', large: '640px' },
    // Dialogs and app chrome (fixed sizes).
    header: '60px',
    sidebar: '240px',
    // The search field is at most 700 px wide; its suggestions at most 400 px tall, in 47 px rows.
    search: { width: '700px', suggestions: '400px', row: '47px' },
    // The move dialog's folder list is 230 px tall.
    moveList: '230px',
    // The upload panel is at most 300 px tall.
    uploadPanel: { width: '360px', maxHeight: '300px' },
    // The audio player: cover art at most 240 px square, the player 420 px wide, its volume 80 px.
    audioPlayer: { cover: '240px', width: '420px', volume: '80px' },
    // Empty-state illustrations are 96 px square; their text column at most 360 px wide.
    emptyState: { illustration: '96px', text: '360px' },
    // The media viewer's info pane beside the photo.
    infoPane: '300px',
  },
  motion: {
    duration: {
      fast: '120ms',
      // Modals take 200 ms to close.
      modal: '200ms',
      spin: '800ms',
      indeterminate: '1400ms',
    },
    easing: {
      standard: 'cubic-bezier(0.2, 0, 0, 1)',
    },
  },
  zIndex: {
    popover: '1000',
    modal: '1100',
    toast: '1200',
  },
}

/** The light theme's values: also the shape of the theme contract. */
export const lightTokens = { color: lightColor, shadow: lightShadow, ...shared }

/** Every theme fills the same shape. */
export type ThemeTokens = typeof lightTokens

/** The dark theme's values. */
export const darkTokens: ThemeTokens = { color: darkColor, shadow: darkShadow, ...shared }

/**
 * Values that `prefers-reduced-motion: reduce` swaps in: animations finish at once. Transitions
 * keep 1 ms, not 0: with no transition at all Ariakit sometimes never marks an opening dialog as
 * entered, leaving it invisible behind its backdrop.
 */
export const reducedMotionDurations: Record<keyof ThemeTokens['motion']['duration'], string> = {
  fast: '1ms',
  modal: '1ms',
  spin: '0ms',
  indeterminate: '0ms',
}

/** Viewport widths (px) where the responsive sprinkles conditions start; media queries cannot read CSS variables. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const
