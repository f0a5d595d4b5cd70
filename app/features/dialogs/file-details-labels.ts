// The texts of the library's FileDetails, shared by the public download page and the file details
// modal (SPEC §2: "Both show the same information").
import type { SharePermission } from '@cumulus/ui'
import { copy } from '../../copy-screens.ts'

const p = copy.publicDownload

export const fileDetailsLabels = {
  copyName: p.copyName,
  heading: p.details,
  access: p.access,
  size: p.size,
  uploaded: p.uploaded,
  taken: p.taken,
  download: p.download,
}

/** SPEC §2 access label: Temporary, Public or Private. */
export const fileAccessLabels: Record<SharePermission, string> = {
  one: p.temporary,
  public: p.public,
  private: p.private,
}
