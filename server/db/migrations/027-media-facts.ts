import type { Kysely } from 'kysely'

// What the viewer and the gallery learn about a file when its thumbnail is made (DESIGN.md §8
// "Previews"): width and height after orientation (images, videos, PDF first pages), so the
// gallery packs true aspect ratios; media_info, a small JSON of what the info pane and the audio
// player show (camera, lens, exposure, GPS; title, artist, album, duration). Null = not known yet.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('width', 'integer').execute()
  await db.schema.alterTable('files').addColumn('height', 'integer').execute()
  await db.schema.alterTable('files').addColumn('media_info', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['media_info', 'height', 'width']) await db.schema.alterTable('files').dropColumn(c).execute()
}
