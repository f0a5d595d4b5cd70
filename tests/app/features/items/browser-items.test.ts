// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../app/api/files.ts'
import { toBrowserFile } from '../../../../app/features/items/browser-items.ts'

const photo = (metadata: Partial<FileJson['metadata']>): FileJson => ({
  _id: 'p',
  filename: 'IMG_2041.jpg',
  length: 1000,
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: {
    parent: '/',
    size: 1000,
    hasThumbnail: true,
    isVideo: false,
    thumbnailID: 't-p',
    preview: 'image',
    ...metadata,
  },
})

describe('toBrowserFile', () => {
  it('given known pixels, then the gallery gets the true aspect ratio and the details panel the size', () => {
    const file = toBrowserFile(photo({ width: 3024, height: 4032, takenDate: '2023-08-19T18:40:00.000Z' }))
    expect(file).toMatchObject({ width: 3024, height: 4032, aspectRatio: 0.75, takenDate: '2023-08-19T18:40:00.000Z' })
    expect(file.thumbnailUrl).toBe('/file-service/thumbnail/t-p')
  })

  it('given unknown pixels, then there is no aspect ratio (the gallery shows a square)', () => {
    const file = toBrowserFile(photo({}))
    expect(file.aspectRatio).toBeUndefined()
    expect(file.width).toBeUndefined()
  })
})
