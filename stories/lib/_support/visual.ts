// Parameters read by .storybook/test-runner.ts for stories whose name starts with "States".

/** Screenshot the whole viewport instead of #storybook-root: for overlays portalled to <body>. */
export const viewportShot = { visual: { target: 'viewport' } } as const

/**
 * Meta parameters for components that open over the page (dialogs, menus, drawers): their docs
 * page renders each story in its own frame, so an open modal covers that story, not the page.
 */
export const overlayDocs = { docs: { story: { inline: false, height: '560px' } } } as const
/** Paint over what differs from machine to machine (Playwright selectors), e.g. a link with this server's origin. */
export const masked = (...selectors: string[]) => ({ visual: { mask: selectors } })
