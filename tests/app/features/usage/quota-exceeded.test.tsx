import '../../helpers/setup.ts'
import { act, render, screen, within } from '@testing-library/react'
import { File as NodeFile } from 'node:buffer'
import { SWRConfig } from 'swr'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { quotaExceededReason } from '../../../../app/api/quota.ts'
import { startUploads } from '../../../../app/features/uploads/start-uploads.ts'
import { UploadPanelHost } from '../../../../app/features/uploads/upload-panel-host.tsx'
import { uploads } from '../../../../app/state/uploads.ts'
import { server } from '../../helpers/server.ts'
import { createTusServer, type TusServer } from '../../../../mocks/tus.ts'

vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

const GB = 1024 ** 3

describe('quotaExceededReason (DESIGN §7 507 QUOTA_EXCEEDED)', () => {
  it('says "This file (X) is larger than your free space (Y)" from the numbers the server sends, in the meter’s units', () => {
    const body = {
      statusCode: 507,
      code: 'QUOTA_EXCEEDED',
      message: 'whatever',
      size: 5 * 1024 ** 2,
      used: 2 * GB - 1.2 * 1024 ** 2,
      quota: 2 * GB,
    }
    expect(quotaExceededReason(507, body)).toBe('This file (5 MB) is larger than your free space (1.2 MB)')
  })

  it('without the size, "Storage full: X of Y used"', () => {
    expect(
      quotaExceededReason(507, {
        statusCode: 507,
        code: 'QUOTA_EXCEEDED',
        message: 'whatever',
        used: 1.5 * GB,
        quota: 2 * GB,
      }),
    ).toBe('Storage full: 1.5 GB of 2 GB used')
  })

  it('without the numbers, the server’s own message; without that, "Storage full"', () => {
    expect(quotaExceededReason(507, { code: 'QUOTA_EXCEEDED', message: 'Storage full: 10 MB of 10 MB used' })).toBe(
      'Storage full: 10 MB of 10 MB used',
    )
    expect(quotaExceededReason(507, undefined)).toBe('Storage full')
    expect(quotaExceededReason(507, '<html>Insufficient Storage</html>')).toBe('Storage full')
  })

  it('leaves every other refusal alone', () => {
    expect(quotaExceededReason(413, { message: 'File is larger than the limit' })).toBeUndefined()
    expect(quotaExceededReason(500, undefined)).toBeUndefined()
  })
})

describe('an upload refused for the quota (issue #20)', () => {
  let tus: TusServer
  beforeEach(() => {
    tus = createTusServer()
    server.use(...tus.handlers)
  })

  it('fails its row with the server’s message, and offers no Retry (the same file would be refused again)', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <UploadPanelHost />
      </SWRConfig>,
    )
    tus.refuse('big.bin', 507, 'Storage full: 1.99 GB of 2 GB used')
    const file = new NodeFile([new Uint8Array(10)], 'big.bin', {
      type: 'application/octet-stream',
      lastModified: 2,
    }) as unknown as File
    void startUploads([file], '/', () => {})
    const start = Date.now()
    while (uploads.value.find((u) => u.name === 'big.bin')?.state !== 'failed') {
      if (Date.now() - start > 3000) throw new Error('timed out')
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    }
    const panel = within(screen.getByRole('region', { name: 'Uploads' }))
    expect(panel.getByText('Storage full: 1.99 GB of 2 GB used')).toBeTruthy()
    expect(panel.queryByRole('button', { name: 'Retry big.bin' })).toBeNull()
  })
})
