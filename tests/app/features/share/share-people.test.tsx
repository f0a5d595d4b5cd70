import '../../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setFolderShareSelected, setShareSelected } from '../../../../app/state/selection.ts'
import { ben, carla, everyone, memberShare } from '../../../../mocks/fixtures.ts'
import { type Sharing, sharingHandlers } from '../../../../mocks/handlers.ts'
import { toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, sent, server } from '../../helpers/server.ts'
import { fileJson, folderJson, renderModals } from '../dialogs/harness.tsx'

function serve(over: Partial<Sharing> = {}): Sharing {
  const sharing: Sharing = { shares: [], people: [ben, carla, everyone], sharedWithMe: [], ...over }
  server.use(...sharingHandlers(sharing))
  return sharing
}

async function openFile() {
  setShareSelected(fileJson())
  const view = renderModals()
  const dialog = await screen.findByRole('dialog', { name: 'Share' })
  return { ...view, dialog: within(dialog) }
}

const picker = () => screen.getByRole('combobox', { name: 'Add people or groups' })
const accessList = () => within(screen.getByRole('list', { name: 'Who has access' }))

describe('share dialog: Share with people (issue #39)', () => {
  it('given a search, then the people show as typed (debounced) and picking one shares the file as viewer', async () => {
    const sharing = serve()
    const { user } = await openFile()
    expect(await screen.findByRole('heading', { name: 'Share with people' })).toBeTruthy()
    await user.type(picker(), 'be')
    await user.click(await screen.findByRole('option', { name: /Ben/ }))
    await waitFor(() => expect(sent('/share-service/members', 'POST')).toHaveLength(1))
    expect(sent('/share-service/members', 'POST')[0]!.body).toEqual({
      itemType: 'file',
      itemId: 'f1',
      userId: 'u3',
      role: 'viewer',
    })
    // Typing pauses before asking: one search for "be", none per letter.
    expect(sent('/share-service/people').map((r) => r.search)).toEqual(['?q=be'])
    expect(await accessList().findByText('Ben')).toBeTruthy()
    expect(sharing.shares).toHaveLength(1)
    expect(await toasts().findByText('Shared')).toBeTruthy()
  })

  it('given Can edit is chosen first, then a group is added as editor (groupId)', async () => {
    serve()
    const { user } = await openFile()
    await user.click(screen.getByRole('combobox', { name: 'Role' }))
    await user.click(await screen.findByRole('option', { name: 'Can edit' }))
    await user.type(picker(), 'every')
    await user.click(await screen.findByRole('option', { name: /Everyone/ }))
    await waitFor(() =>
      expect(sent('/share-service/members', 'POST')[0]?.body).toEqual({
        itemType: 'file',
        itemId: 'f1',
        groupId: 'everyone',
        role: 'editor',
      }),
    )
  })

  it('lists who has access; a role change sends PATCH, Remove sends DELETE and the entry goes', async () => {
    const sharing = serve({ shares: [memberShare()] })
    const { user } = await openFile()
    const role = await accessList().findByRole('combobox', { name: 'Role of Ben' })
    expect(role.textContent).toContain('Can view')
    await user.click(role)
    await user.click(await screen.findByRole('option', { name: 'Can edit' }))
    await waitFor(() => expect(sent('/share-service/members/m1', 'PATCH')[0]?.body).toEqual({ role: 'editor' }))
    expect(sharing.shares[0]!.role).toBe('editor')
    await user.click(accessList().getByRole('button', { name: 'Remove Ben' }))
    await waitFor(() => expect(sent('/share-service/members/m1', 'DELETE')).toHaveLength(1))
    await waitFor(() => expect(accessList().queryByText('Ben')).toBeNull())
  })

  it('someone who already has access is not offered again', async () => {
    serve({ shares: [memberShare()] })
    const { user } = await openFile()
    await accessList().findByText('Ben')
    await user.type(picker(), 'e')
    expect(await screen.findByRole('option', { name: /Carla/ })).toBeTruthy()
    expect(screen.queryByRole('option', { name: /Ben/ })).toBeNull()
  })

  it.each([
    ['ALREADY_SHARED', 409, 'Already shared with them'],
    ['OWNER_ONLY', 403, 'Only the owner can share this'],
  ])('given the server answers %s, then the dialog says why', async (code, status, text) => {
    serve()
    server.use(mock.post('*/share-service/members', () => apiError(status, code, 'refused')))
    const { user } = await openFile()
    await user.type(picker(), 'car')
    await user.click(await screen.findByRole('option', { name: /Carla/ }))
    expect((await screen.findByRole('alert')).textContent).toBe(text)
  })

  it('given the folder share dialog, then it has the same section for the folder', async () => {
    serve()
    setFolderShareSelected(folderJson('d1', 'Holidays'))
    const { user } = renderModals()
    await screen.findByRole('heading', { name: 'Share with people' })
    await user.type(picker(), 'ben')
    await user.click(await screen.findByRole('option', { name: /Ben/ }))
    await waitFor(() =>
      expect(sent('/share-service/members', 'POST')[0]?.body).toMatchObject({ itemType: 'folder', itemId: 'd1' }),
    )
    expect(sent('/share-service/members', 'GET')[0]!.search).toBe('?itemType=folder&itemId=d1')
  })
})
