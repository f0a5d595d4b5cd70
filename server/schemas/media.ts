// Wire type of GET /file-service/media-info/{id}: what the queue learnt about a file (MediaInfo in
// services/media/media-info.ts), for the viewer's info pane and players. Every field is optional.
import { Type, type Static } from 'typebox'

const PhotoInfoJson = Type.Object({
  camera: Type.Optional(Type.String()),
  lens: Type.Optional(Type.String()),
  exposureTime: Type.Optional(Type.Number()),
  fNumber: Type.Optional(Type.Number()),
  iso: Type.Optional(Type.Number()),
  focalLength: Type.Optional(Type.Number()),
  gps: Type.Optional(Type.Object({ latitude: Type.Number(), longitude: Type.Number() })),
})

const AudioInfoJson = Type.Object({
  title: Type.Optional(Type.String()),
  artist: Type.Optional(Type.String()),
  album: Type.Optional(Type.String()),
  duration: Type.Optional(Type.Number()),
  track: Type.Optional(Type.Number()),
})

export const MediaInfoReply = Type.Object({
  /** Pixels after orientation. */
  width: Type.Optional(Type.Number()),
  height: Type.Optional(Type.Number()),
  /** When the photo was taken (EXIF), ISO 8601; absent when only the upload date is known. */
  takenDate: Type.Optional(Type.String()),
  photo: Type.Optional(PhotoInfoJson),
  audio: Type.Optional(AudioInfoJson),
  codec: Type.Optional(Type.String()),
  pages: Type.Optional(Type.Number()),
})
export type MediaInfoReply = Static<typeof MediaInfoReply>
