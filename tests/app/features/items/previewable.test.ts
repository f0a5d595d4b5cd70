import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../app/api/files.ts'
import { isPreviewable } from '../../../../app/features/items/browser-items.ts'

const file = (metadata: Partial<FileJson['metadata']>): FileJson =>
  ({
    _id: 'f',
    filename: 'f',
    length: 1,
    uploadDate: '2026-01-01T00:00:00.000Z',
    metadata: {
      parent: '/',
      size: 1,
      hasThumbnail: false,
      isVideo: false,
      thumbnailID: '',
      preview: null,
      ...metadata,
    },
  }) as FileJson

describe('isPreviewable', () => {
  it('given a PDF, then it opens in the viewer with or without its first-page thumbnail', () => {
    expect(isPreviewable(file({ preview: 'pdf' }))).toBe(true)
    expect(isPreviewable(file({ preview: 'pdf', hasThumbnail: true, thumbnailID: 't' }))).toBe(true)
  })

  it('given a picture or a video, then by its thumbnail or video flag; given neither, then the details modal', () => {
    expect(isPreviewable(file({ preview: 'image', hasThumbnail: true, thumbnailID: 't' }))).toBe(true)
    expect(isPreviewable(file({ preview: 'video', isVideo: true }))).toBe(true)
    expect(isPreviewable(file({ preview: null }))).toBe(false)
    expect(isPreviewable(file({ preview: 'image' }))).toBe(false)
  })
})
