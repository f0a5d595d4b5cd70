// #region next-page
// app/files/page.tsx: a server component (no "use client" here); the kit's modules say it
// themselves, so it renders on the server and hydrates on the client.
import { type BrowserFile, FileGrid } from '@cumulus/ui'

async function loadFiles(): Promise<BrowserFile[]> {
  // Your data, read on the server: here 2,000 made-up files.
  return Array.from({ length: 2000 }, (_, i) => ({
    id: `f${i}`,
    name: `report-${i}.pdf`,
    size: 1024 * (i + 1),
    uploadDate: new Date(Date.UTC(2024, 2, 7, 12)),
  }))
}

export default async function FilesPage() {
  const files = await loadFiles()
  // initialItemCount: the first screenful is in the HTML; the rest is virtualised once measured.
  return <FileGrid title="Files" items={files} initialItemCount={24} style={{ height: '80vh' }} />
}
// #endregion next-page
