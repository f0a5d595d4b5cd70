// Name clashes of an upload (DESIGN.md §8 "Versions"): before files are sent, the names are checked
// against the files the destination folder already holds, the way the server compares them, and
// the user chooses per clash (or for all) to replace, keep both or skip. Files without a clash go
// with `conflict: fail`, so a name someone else takes meanwhile comes back as 409 NAME_EXISTS and
// is asked about then (start-uploads.ts).
import type { ConflictJson } from '../../../server/schemas/versions.ts'
import { folderFileNames } from '../../api/files.ts'
import { askConflict, type ConflictChoice } from '../../state/upload-conflicts.ts'

/**
 * The key two names clash by, as the server decides a clash (`files.named` in
 * server/repositories/files.ts, after checkName's trim): the exact name. Case and Unicode form
 * count there ("Report.pdf" and "report.pdf" are two files; so are "Café" in NFC and NFD), so they
 * count here: the app never asks about a name the server would store beside the other.
 */
export const clashKey = (name: string) => name.trim()

/** "a.txt" → "a (n).txt", "notes" → "notes (n)": the server's numbered names for Keep both. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  return `${stem} (${n})${ext}`
}

/** The name Keep both stores `name` under: the first numbered one not in `taken` (keys), which it joins. */
export function keptBothName(name: string, taken: Set<string>): string {
  let n = 1
  while (taken.has(clashKey(numberedName(name, n)))) n++
  const kept = numberedName(name, n)
  taken.add(clashKey(kept))
  return kept
}

/** How one picked file goes: with its `conflict` rule, or not at all (skipped). */
export type FilePlan =
  { file: File; skip: true } | { file: File; skip: false; conflict: ConflictJson; clashed: boolean; savedAs?: string }

const asRule = (choice: Exclude<ConflictChoice, 'skip'>): ConflictJson => choice

/**
 * Checks `files` against the folder `parent` and asks about each clash (one dialog at a time;
 * "Do this for all" settles the rest). Null when the user called the upload off. When the folder
 * cannot be read, every file goes with `fail` and clashes are asked about as the server reports them.
 */
export async function planFileUploads(files: readonly File[], parent: string): Promise<FilePlan[] | null> {
  let existing: string[] = []
  try {
    existing = await folderFileNames(parent)
  } catch (error) {
    console.warn('Reading the folder before uploading failed', error)
  }
  const held = new Set(existing.map(clashKey))
  // Keep both's names skip what the folder holds and what this upload brings.
  const taken = new Set([...held, ...files.map((f) => clashKey(f.name))])
  const clashes = files.filter((f) => held.has(clashKey(f.name)))
  const answers = new Map<File, ConflictChoice>()
  for (let i = 0; i < clashes.length; i++) {
    const file = clashes[i]!
    const keptName = keptBothName(file.name, new Set(taken))
    const answer = await askConflict({ name: file.name, count: clashes.length - i, keptName }).answer
    if (!answer) return null
    for (const settled of answer.forAll ? clashes.slice(i) : [file]) answers.set(settled, answer.choice)
    if (answer.forAll) break
  }
  return files.map((file): FilePlan => {
    const choice = answers.get(file)
    if (choice === undefined) return { file, skip: false, conflict: 'fail', clashed: false }
    if (choice === 'skip') return { file, skip: true }
    const savedAs = choice === 'keep-both' ? keptBothName(file.name, taken) : undefined
    return { file, skip: false, conflict: asRule(choice), clashed: true, savedAs }
  })
}
