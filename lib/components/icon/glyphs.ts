// Hand-drawn 24×24 glyphs. `stroke` paths are outlined with the icon's stroke; `fill` paths are solid.
// A circle of radius r at (x, y) is written as two arcs: `M x-r y a r r 0 1 0 2r 0 a r r 0 1 0 -2r 0`.

/** One icon's drawing. */
export interface Glyph {
  stroke?: string
  fill?: string
}

// Only string literals below, no shared constants spliced in with `${…}`: a consumer's bundler
// (esbuild) cannot drop an unused table whose values are templates over long strings. The folder
// outline is shared by `folder` and `move`, the tray by `download` and `upload`.
export const glyphs = {
  'arrow-left': { stroke: 'M19 12H5M11 6l-6 6 6 6' },
  check: { stroke: 'M5 12.5l4.5 4.5L19 7.5' },
  'chevron-down': { stroke: 'M5 9l7 7 7-7' },
  'chevron-left': { stroke: 'M15 5l-7 7 7 7' },
  'chevron-right': { stroke: 'M9 5l7 7-7 7' },
  close: { stroke: 'M6 6l12 12M18 6L6 18' },
  copy: {
    stroke:
      'M9 8h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3',
  },
  download: { stroke: 'M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5M4 15.5v3A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5v-3' },
  error: {
    stroke: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M12 7.5v5.5',
    fill: 'M10.75 16.5a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z',
  },
  file: { stroke: 'M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM14 3v5h5' },
  folder: {
    stroke:
      'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5z',
  },
  grid: { stroke: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z' },
  home: { stroke: 'M3.5 11L12 4l8.5 7M6 9.5V20h4.5v-5.5h3V20H18V9.5' },
  info: {
    stroke: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M12 11v5.5',
    fill: 'M10.75 7.5a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z',
  },
  link: {
    stroke: 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  },
  list: {
    stroke: 'M9 6h11M9 12h11M9 18h11',
    fill: 'M3.5 6a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zM3.5 12a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0zM3.5 18a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z',
  },
  menu: { stroke: 'M4 7h16M4 12h16M4 17h16' },
  minimize: { stroke: 'M6 18h12' },
  'more-vertical': {
    fill: 'M10.25 5a1.75 1.75 0 1 0 3.5 0a1.75 1.75 0 1 0-3.5 0zM10.25 12a1.75 1.75 0 1 0 3.5 0a1.75 1.75 0 1 0-3.5 0zM10.25 19a1.75 1.75 0 1 0 3.5 0a1.75 1.75 0 1 0-3.5 0z',
  },
  // A pair of eighth notes: the stand-in for a song without cover art.
  music: {
    stroke: 'M9 17.5V5.5l11-2v12',
    fill: 'M3.5 17.5a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0-5.5 0zM14.5 15.5a2.75 2.75 0 1 0 5.5 0a2.75 2.75 0 1 0-5.5 0z',
  },
  move: {
    stroke:
      'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2.5h8.5A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5zM9 13.5h6.5M13 11l2.5 2.5-2.5 2.5',
  },
  // Two bars, filled like `play` (its pair on upload rows).
  pause: {
    fill: 'M6.5 5.5a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1zM13.5 5.5a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1z',
  },
  play: { fill: 'M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.6-6.8a.8.8 0 0 0 0-1.4L9.2 4.5a.8.8 0 0 0-1.2.7z' },
  plus: { stroke: 'M12 5v14M5 12h14' },
  restore: { stroke: 'M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9M4.5 4.5V9H9' },
  // `restore` mirrored: a clockwise arrow.
  retry: { stroke: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3L19.5 9M19.5 4.5V9H15' },
  search: { stroke: 'M4.5 11a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0M16 16l4.5 4.5' },
  settings: {
    stroke:
      'M18.94 10.08L21.38 10.47L21.38 13.53L18.94 13.92L18.26 15.55L19.71 17.55L17.55 19.71L15.55 18.26L13.92 18.94L13.53 21.38L10.47 21.38L10.08 18.94L8.45 18.26L6.45 19.71L4.29 17.55L5.74 15.55L5.06 13.92L2.62 13.53L2.62 10.47L5.06 10.08L5.74 8.45L4.29 6.45L6.45 4.29L8.45 5.74L10.08 5.06L10.47 2.62L13.53 2.62L13.92 5.06L15.55 5.74L17.55 4.29L19.71 6.45L18.26 8.45Z' +
      'M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0',
  },
  share: {
    stroke:
      'M15.5 5.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M3.5 12a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M15.5 18.5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1',
  },
  // Transport controls stay as drawn in a right-to-left page: time runs left to right there too.
  'skip-back': {
    stroke: 'M6 5.5v13',
    fill: 'M17.7 5.4a.8.8 0 0 1 1.3.6v12a.8.8 0 0 1-1.3.6l-7.6-6a.8.8 0 0 1 0-1.2z',
  },
  'skip-forward': {
    stroke: 'M18 5.5v13',
    fill: 'M6.3 5.4a.8.8 0 0 0-1.3.6v12a.8.8 0 0 0 1.3.6l7.6-6a.8.8 0 0 0 0-1.2z',
  },
  'sort-asc': { stroke: 'M7 20V4M3.5 7.5L7 4l3.5 3.5M13 7h3M13 12h5M13 17h7' },
  'sort-desc': { stroke: 'M7 4v16M3.5 16.5L7 20l3.5-3.5M13 7h7M13 12h5M13 17h3' },
  trash: { stroke: 'M4 7h16M9.5 7V4.5h5V7M6 7l1 13h10l1-13M10 11v5.5M14 11v5.5' },
  upload: { stroke: 'M12 14.5v-11M7.5 8L12 3.5 16.5 8M4 15.5v3A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5v-3' },
  // Two people, the one in front on the start side: shared items and groups.
  users: {
    stroke:
      'M5.5 8a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0M3 20v-1a5 5 0 0 1 5-5h2a5 5 0 0 1 5 5v1M15.5 4.6a3.4 3.4 0 0 1 0 6.8M17.5 14.2a4.8 4.8 0 0 1 3.5 4.6V20',
  },
  volume: { stroke: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11' },
  'volume-off': { stroke: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4zM15.5 9.5l5 5M20.5 9.5l-5 5' },
  warning: { stroke: 'M12 3.5L2.5 20h19zM12 9.5v5', fill: 'M10.75 17.25a1.25 1.25 0 1 0 2.5 0a1.25 1.25 0 1 0-2.5 0z' },
} satisfies Record<string, Glyph>
