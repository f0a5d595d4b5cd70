// Wire types of a file's versions (DESIGN.md §8 "Versions"): the contents a file had before it was
// written over, newest first. GET /file-service/{id}/versions, …/versions/{vid}/download,
// POST …/versions/{vid}/restore, DELETE …/versions/{vid}.
import { Type, type Static } from 'typebox'
import { PersonJson } from './files.ts'

export const VersionJson = Type.Object({
  _id: Type.String(),
  size: Type.Number(),
  /** When this content was uploaded (ISO 8601): what it was current from. */
  createdAt: Type.String(),
  /** Who uploaded this content; null when the owner did. */
  addedBy: Type.Union([PersonJson, Type.Null()]),
  sha256: Type.String(),
})
export type VersionJson = Static<typeof VersionJson>

export const VersionListReply = Type.Object({ versions: Type.Array(VersionJson) })
export type VersionListReply = Static<typeof VersionListReply>

/** What an upload does when its folder already holds the name (multipart field or tus metadata `conflict`). */
export const ConflictJson = Type.Union([Type.Literal('replace'), Type.Literal('keep-both'), Type.Literal('fail')])
export type ConflictJson = Static<typeof ConflictJson>
