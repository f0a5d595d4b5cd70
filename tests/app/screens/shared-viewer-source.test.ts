// What a folder link's viewer loads for each kind of file: the link's preview route (the server's
// full-size image, HEIC converted; a video's or a song's stream) and a song's cover from the
// link's thumbnail route. Never the original's download, which a limited link would spend.
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../app/api/public-share.ts'
import { sharedViewerSource } from '../../../app/screens/public-share/shared-viewer-source.ts'

const base = '/share-service/public/tok'
const file = (metadata: Partial<FileJson['metadata']>): FileJson =>
  ({
    _id: 'f1',
    filename: 'x',
    length: 1,
    uploadDate: '2024-01-01T00:00:00.000Z',
    metadata: {
      parent: 'root',
      size: 1,
      hasThumbnail: false,
      isVideo: false,
      thumbnailID: '',
      preview: null,
      ...metadata,
    },
  }) as FileJson

describe('a folder link’s viewer source', () => {
  it('given a photo (a HEIC too), then the preview route, not the download', () => {
    expect(sharedViewerSource('tok', file({ preview: 'image', hasThumbnail: true }), true)).toEqual({
      kind: 'image',
      src: `${base}/preview/f1`,
    })
    // On a limited link too: the server hands out its converted image or the thumbnail, spending nothing.
    expect(sharedViewerSource('tok', file({ preview: 'image', hasThumbnail: true }), false)?.src).toBe(
      `${base}/preview/f1`,
    )
  })

  it('given a song, then the player streams the preview route with the thumbnail as its cover', () => {
    expect(sharedViewerSource('tok', file({ preview: 'audio', hasThumbnail: true }), true)).toEqual({
      kind: 'audio',
      src: `${base}/preview/f1`,
      coverUrl: `${base}/thumbnail/f1`,
    })
    expect(sharedViewerSource('tok', file({ preview: 'audio' }), true)).toEqual({
      kind: 'audio',
      src: `${base}/preview/f1`,
    })
    // A limited link plays nothing: the song downloads.
    expect(sharedViewerSource('tok', file({ preview: 'audio', hasThumbnail: true }), false)).toBeNull()
  })

  it('given a video, then it streams from the preview route, or shows its thumbnail on a limited link', () => {
    const video = file({ preview: 'video', isVideo: true, hasThumbnail: true })
    expect(sharedViewerSource('tok', video, true)).toEqual({ kind: 'video', src: `${base}/preview/f1` })
    expect(sharedViewerSource('tok', video, false)).toEqual({ kind: 'image', src: `${base}/thumbnail/f1` })
    expect(sharedViewerSource('tok', file({ preview: 'video', isVideo: true }), false)).toBeNull()
  })

  it('given a PDF, a text or a photo without its preview yet, then nothing: it downloads', () => {
    expect(sharedViewerSource('tok', file({ preview: 'pdf', hasThumbnail: true }), true)).toBeNull()
    expect(sharedViewerSource('tok', file({ preview: 'text' }), true)).toBeNull()
    expect(sharedViewerSource('tok', file({ preview: 'image' }), true)).toBeNull()
  })
})
