// Parameters read by .storybook/test-runner.ts for stories whose name starts with "States".

/** Screenshot the whole viewport instead of #storybook-root: for overlays portalled to <body>. */
export const viewportShot = { visual: { target: 'viewport' } } as const

/** Paint over what differs from machine to machine (Playwright selectors), e.g. a link with this server's origin. */
export const masked = (...selectors: string[]) => ({ visual: { mask: selectors } })
