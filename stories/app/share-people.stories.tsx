// "Share with people" in the share dialog (issue #39): who has access with their roles, the people
// picker's suggestions as one types, and a refusal (already shared) said in words.
import { http } from 'msw'
import { screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { ben, carla, everyone, makeFile, makeFolder, memberShare } from '../../mocks/fixtures.ts'
import { apiError, driveHandlers, sharingHandlers } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, findCard, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Share with people',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: appBeforeEach,
})

const file = makeFile(1, { _id: 'f1', filename: 'Budget.xlsx', shared: true })
const folder = makeFolder(1, { _id: 'd1', name: 'Holidays', shared: true })
const shares = [
  memberShare(),
  memberShare({
    _id: 'm2',
    role: 'editor',
    recipient: { type: 'group', _id: 'everyone', displayName: 'Everyone' },
  }),
  memberShare({ _id: 'm3', itemType: 'folder', itemId: 'd1', role: 'editor' }),
]

const openShare = async (name: string) => {
  await userEvent.pointer({ keys: '[MouseRight]', target: await findCard(name) })
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }))
  return within(await screen.findByRole('dialog', { name: 'Share' }))
}

const handlers = () => [
  ...driveHandlers({ files: [file], folders: [folder] }),
  ...sharingHandlers({ shares: shares.map((s) => ({ ...s })), people: [ben, carla, everyone], sharedWithMe: [] }),
]

/** A file shared with Ben (view) and Everyone (edit). */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...handlers())
  },
  async play() {
    const dialog = await openShare('Budget.xlsx')
    await shown(await dialog.findByRole('combobox', { name: 'Role of Everyone' }))
  },
})

/** A folder's dialog: people above its links. */
export const StatesFolder = meta.story({
  beforeEach({ msw }) {
    msw.use(...handlers())
  },
  async play() {
    const dialog = await openShare('Holidays')
    await shown(await dialog.findByRole('combobox', { name: 'Role of Ben' }))
  },
})

/** Typing shows the people who match. */
export const StatesSearching = meta.story({
  beforeEach({ msw }) {
    msw.use(...handlers())
  },
  async play() {
    const dialog = await openShare('Budget.xlsx')
    await userEvent.type(dialog.getByRole('combobox', { name: 'Add people or groups' }), 'ca')
    await shown(await screen.findByRole('option', { name: /Carla/ }))
  },
})

/** The server refuses: the reason under the picker. */
export const StatesError = meta.story({
  beforeEach({ msw }) {
    // The first matching handler answers: the refusal goes before the drive's.
    msw.use(
      http.post('*/share-service/members', () => apiError(409, 'ALREADY_SHARED', 'Already shared')),
      ...handlers(),
    )
  },
  async play() {
    const dialog = await openShare('Budget.xlsx')
    await userEvent.type(dialog.getByRole('combobox', { name: 'Add people or groups' }), 'car')
    await userEvent.click(await screen.findByRole('option', { name: /Carla/ }))
    await shown(await dialog.findByRole('alert'))
    // A pick empties the field, and the debounced search of '' shows its spinner for 300 ms:
    // let it settle, so the shot never catches it half the time.
    await new Promise((resolve) => setTimeout(resolve, 500))
  },
})
