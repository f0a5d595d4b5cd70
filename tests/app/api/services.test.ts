import '../helpers/setup.ts'
import { http as msw, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import * as files from '../../../app/api/files.ts'
import * as folders from '../../../app/api/folders.ts'
import { navigateAway } from '../../../app/api/navigate.ts'
import * as user from '../../../app/api/user.ts'
import { folderEntries } from '../../../app/features/uploads/start-uploads.ts'
import { requests, server } from '../helpers/server.ts'

vi.mock('../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))

// Every call answers 200 with its own method and path, so each row checks what was sent.
const echo = msw.all('*', ({ request }) =>
  HttpResponse.json({ method: request.method, path: new URL(request.url).pathname }),
)

const item = { id: 'f1', type: 'file' as const }

const calls: Array<[string, () => Promise<unknown>, string, string, unknown?]> = [
  ['user', user.getUser, 'GET', '/user-service/user'],
  ['user-detailed', user.getUserDetailed, 'GET', '/user-service/user-detailed'],
  ['login', () => user.login('a@b.co', 'pw'), 'POST', '/user-service/login', { email: 'a@b.co', password: 'pw' }],
  [
    'create',
    () => user.createAccount('a@b.co', 'pw'),
    'POST',
    '/user-service/create',
    { email: 'a@b.co', password: 'pw' },
  ],
  ['logout', user.logout, 'POST', '/user-service/logout'],
  ['logout-all', user.logoutAll, 'POST', '/user-service/logout-all'],
  [
    'change-password',
    () => user.changePassword('old', 'new'),
    'PATCH',
    '/user-service/change-password',
    { oldPassword: 'old', newPassword: 'new' },
  ],
  ['resend-verify-email', user.resendVerifyEmail, 'PATCH', '/user-service/resend-verify-email'],
  ['verify-email', () => user.verifyEmail('t'), 'PATCH', '/user-service/verify-email', { emailToken: 't' }],
  [
    'send-password-reset',
    () => user.sendPasswordReset('a@b.co'),
    'PATCH',
    '/user-service/send-password-reset',
    { email: 'a@b.co' },
  ],
  [
    'reset-password',
    () => user.resetPassword('t', 'pw'),
    'PATCH',
    '/user-service/reset-password',
    { passwordToken: 't', password: 'pw' },
  ],
  ['file list', () => files.listFiles({ parent: '/', limit: 50 }), 'GET', '/file-service/list'],
  ['quick list', () => files.quickList(), 'GET', '/file-service/quick-list'],
  ['suggestions', () => files.listSuggestions({ search: 'x' }), 'GET', '/file-service/suggested-list'],
  ['stream token', files.getStreamVideoToken, 'GET', '/file-service/download/access-token-stream-video'],
  ['remove stream token', files.removeStreamVideoToken, 'DELETE', '/file-service/remove-stream-video-token'],
  ['public info', () => files.getPublicInfo('f1', 'tok'), 'GET', '/file-service/public/info/f1/tok'],
  ['trash', () => files.trashFile('f1'), 'PATCH', '/file-service/trash', { id: 'f1' }],
  ['trash-multi', () => files.trashFiles([item]), 'PATCH', '/file-service/trash-multi', { items: [item] }],
  ['restore', () => files.restoreFile('f1'), 'PATCH', '/file-service/restore', { id: 'f1' }],
  ['restore-multi', () => files.restoreFiles([item]), 'PATCH', '/file-service/restore-multi', { items: [item] }],
  ['rename', () => files.renameFile('f1', 'New'), 'PATCH', '/file-service/rename', { id: 'f1', title: 'New' }],
  ['make-public', () => files.makePublic('f1'), 'PATCH', '/file-service/make-public/f1'],
  ['make-one', () => files.makeOne('f1'), 'PATCH', '/file-service/make-one/f1'],
  ['remove-link', () => files.removeLink('f1'), 'PATCH', '/file-service/remove-link/f1'],
  ['move', () => files.moveFile('f1', '/'), 'PATCH', '/file-service/move', { id: 'f1', parentID: '/' }],
  [
    'move-multi',
    () => files.moveItems([item], 'd1'),
    'PATCH',
    '/file-service/move-multi',
    { items: [item], parentID: 'd1' },
  ],
  ['remove', () => files.removeFile('f1'), 'DELETE', '/file-service/remove', { id: 'f1' }],
  ['remove-multi', () => files.removeFiles([item]), 'DELETE', '/file-service/remove-multi', { items: [item] }],
  ['folder list', () => folders.listFolders({ parent: '/' }), 'GET', '/folder-service/list'],
  ['folder info', () => folders.getFolderInfo('d1'), 'GET', '/folder-service/info/d1'],
  [
    'move-folder-list',
    () => folders.moveFolderList({ parent: '/', folderIDs: ['d1'] }),
    'GET',
    '/folder-service/move-folder-list',
  ],
  [
    'create folder',
    () => folders.createFolder('Photos', '/'),
    'POST',
    '/folder-service/create',
    { name: 'Photos', parent: '/' },
  ],
  [
    'rename folder',
    () => folders.renameFolder('d1', 'New'),
    'PATCH',
    '/folder-service/rename',
    { id: 'd1', title: 'New' },
  ],
  ['trash folder', () => folders.trashFolder('d1'), 'PATCH', '/folder-service/trash', { id: 'd1' }],
  ['restore folder', () => folders.restoreFolder('d1'), 'PATCH', '/folder-service/restore', { id: 'd1' }],
  ['move folder', () => folders.moveFolder('d1', '/'), 'PATCH', '/folder-service/move', { id: 'd1', parentID: '/' }],
  ['remove folder', () => folders.removeFolder('d1'), 'DELETE', '/folder-service/remove', { id: 'd1' }],
]

describe('api: one typed function per call of SPEC §7', () => {
  it.each(calls)('%s → %s %s', async (_name, call, method, path, body) => {
    server.use(echo)
    await expect(call()).resolves.toEqual({ method, path })
    const [request] = requests
    expect(request).toMatchObject({ method, path, uuid: localStorage.getItem('browser-id') })
    if (body !== undefined) expect(request!.body).toEqual(body)
  })

  it('sends list queries as the spec names them, arrays as repeated keys', async () => {
    server.use(echo)
    await files.listFiles({
      parent: 'd1',
      sortBy: 'alp_asc',
      limit: 100,
      mediaMode: true,
      mediaFilter: 'photos',
      startAtDate: '2024-01-01',
      startAtName: 'a',
    })
    await folders.moveFolderList({ parent: '/', folderIDs: ['a', 'b'], currentParent: 'x' })
    expect(new URLSearchParams(requests[0]!.search).toString()).toBe(
      'parent=d1&sortBy=alp_asc&limit=100&mediaMode=true&mediaFilter=photos&startAtDate=2024-01-01&startAtName=a',
    )
    expect(new URLSearchParams(requests[1]!.search).getAll('folderIDs[]')).toEqual(['a', 'b'])
  })

  it('builds the navigation addresses: downloads, zips, thumbnails, streams, public downloads', async () => {
    expect(folders.zipDownloadUrl(['d1'], ['f1', 'f2'])).toBe(
      '/folder-service/download-zip?folderIDs%5B%5D=d1&fileIDs%5B%5D=f1&fileIDs%5B%5D=f2',
    )
    expect(files.thumbnailUrl('t1')).toBe('/file-service/thumbnail/t1')
    expect(files.fullThumbnailUrl('f1')).toBe('/file-service/full-thumbnail/f1')
    expect(files.streamVideoUrl('f1')).toBe('/file-service/stream-video/f1')
    expect(files.publicDownloadUrl('f1', 'tok')).toBe('/file-service/public/download/f1/tok')
    await files.downloadFile('f1')
    // SPEC §7: a refresh step first, then the navigation.
    expect(requests.map((r) => r.path)).toEqual(['/user-service/get-token'])
    expect(navigateAway).toHaveBeenCalledWith('/file-service/download/f1')
  })
})

describe('upload kind (SPEC §4 "Uploads")', () => {
  const withPath = (name: string, path: string) =>
    Object.defineProperty(new File(['x'], name), 'webkitRelativePath', { value: path })

  it('uses a folder upload only when every chosen file has a relative path', () => {
    expect(folderEntries([withPath('a', 'Pics/a'), withPath('b', 'Pics/sub/b')])?.map((e) => e.path)).toEqual([
      'Pics/a',
      'Pics/sub/b',
    ])
    expect(folderEntries([withPath('a', 'Pics/a'), new File(['x'], 'b')])).toBeNull()
    expect(folderEntries([new File(['x'], 'a')])).toBeNull()
  })
})
