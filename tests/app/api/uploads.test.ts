import '../helpers/setup.ts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROGRESS_INTERVAL_MS, uploadFile, uploadFolder, xhrUpload } from '../../../app/api/uploads.ts'
import { sent } from '../helpers/server.ts'
import { FakeXhr } from '../helpers/fake-xhr.ts'

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  FakeXhr.all = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => vi.unstubAllGlobals())

describe('XHR uploader', () => {
  it('posts the multipart fields of SPEC §7 with the uuid header, and resolves to the stored file', async () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' })
    const handle = uploadFile(file, 'folder-1')
    const xhr = FakeXhr.all[0]!
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/file-service/upload')
    expect(xhr.headers.uuid).toBe(localStorage.getItem('browser-id'))
    const form = xhr.body as FormData
    expect([...form.keys()]).toEqual(['filename', 'parent', 'currentID', 'size', 'file'])
    expect(form.get('filename')).toBe('a.txt')
    expect(form.get('parent')).toBe('folder-1')
    expect(form.get('currentID')).toBe('folder-1')
    expect(form.get('size')).toBe('5')
    xhr.respond(201, { _id: 'f1', filename: 'a.txt' })
    await expect(handle.promise).resolves.toEqual({ _id: 'f1', filename: 'a.txt' })
  })

  it('reports progress at most every 200 ms, keeps the latest value, and never posts 100 before the answer', async () => {
    const seen: number[] = []
    const handle = xhrUpload('/file-service/upload', new FormData(), { onProgress: (p) => seen.push(p) })
    const xhr = FakeXhr.all[0]!
    xhr.progress(10)
    expect(seen).toEqual([10])
    xhr.progress(20)
    xhr.progress(35)
    expect(seen).toEqual([10])
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS)
    expect(seen).toEqual([10, 35])
    xhr.progress(100)
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS)
    expect(seen).toEqual([10, 35])
    xhr.respond(201, {})
    await handle.promise
    expect(PROGRESS_INTERVAL_MS).toBe(200)
  })

  it('cancel aborts the request and rejects with "canceled"', async () => {
    const handle = xhrUpload('/file-service/upload', new FormData())
    handle.cancel()
    expect(FakeXhr.all[0]!.aborted).toBe(true)
    await expect(handle.promise).rejects.toMatchObject({ message: 'canceled' })
    expect(handle.signal.aborted).toBe(true)
  })

  it('maps failures to the transport messages: status and network', async () => {
    const failing = xhrUpload('/file-service/upload', new FormData())
    FakeXhr.all[0]!.respond(413, { statusCode: 413 })
    await expect(failing.promise).rejects.toMatchObject({ message: 'Request failed with status code 413', status: 413 })
    const offline = xhrUpload('/file-service/upload', new FormData())
    FakeXhr.all[1]!.onerror?.()
    await expect(offline.promise).rejects.toMatchObject({ message: 'Network Error' })
  })

  it('given a 401, then it refreshes the token once, waits 150 ms and sends the upload again', async () => {
    const handle = xhrUpload('/file-service/upload', new FormData())
    FakeXhr.all[0]!.respond(401, { statusCode: 401 })
    for (let i = 0; i < 20 && FakeXhr.all.length < 2; i++) {
      await flush()
      await vi.advanceTimersByTimeAsync(10)
    }
    expect(sent('/user-service/get-token')).toHaveLength(1)
    expect(FakeXhr.all).toHaveLength(2)
    FakeXhr.all[1]!.respond(201, { _id: 'f1' })
    await expect(handle.promise).resolves.toEqual({ _id: 'f1' })
  })

  it('folder uploads send parent, total-files, then file-data before each file', () => {
    const a = new File(['1'], 'a.txt')
    const b = new File(['22'], 'b.txt')
    uploadFolder(
      [
        { file: a, path: 'Photos/a.txt' },
        { file: b, path: 'Photos/sub/b.txt' },
      ],
      '/',
    )
    const form = FakeXhr.all[0]!.body as FormData
    expect(FakeXhr.all[0]!.url).toBe('/folder-service/upload')
    expect([...form.keys()]).toEqual(['parent', 'total-files', 'file-data', 'file', 'file-data', 'file'])
    expect(form.get('total-files')).toBe('2')
    expect(JSON.parse(form.getAll('file-data')[1] as string)).toEqual({
      name: 'b.txt',
      size: 2,
      type: '',
      path: 'Photos/sub/b.txt',
      index: 1,
    })
  })
})
