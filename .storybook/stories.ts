// Which stories a Storybook build holds. The published docs (`npm run build:storybook`, the site
// embedders read and Chromatic's reviewers approve) are @cumulus/ui's alone: the kit's MDX guides,
// which sort first in the sidebar, and its library stories. The app's screens (stories/app, under
// "App/") join them only where they are worked on and tested here: `npm run storybook` and
// `npm run test:visual` set STORYBOOK_APP=1.
export function storyGlobs(withApp: boolean): string[] {
  const kit = ['../stories/guides/*.mdx', '../stories/guides/*.stories.@(ts|tsx)', '../stories/lib/*.stories.@(ts|tsx)']
  return withApp ? [...kit, '../stories/app/*.stories.@(ts|tsx)'] : kit
}

export const withAppScreens = (env: NodeJS.ProcessEnv = process.env): boolean => env.STORYBOOK_APP === '1'
