// The upload conflict question on screen (ConflictDialog, features/uploads/conflict-host.tsx) and
// those waiting for it: uploads ask one question at a time, in the order they asked.
import { signal } from '@preact/signals-react'
import type { ConflictChoice } from '@cumulus/ui'

export type { ConflictChoice }

/** What an upload asks about: the clashing name, how many clashes the answer may settle, Keep both's name. */
export interface ConflictQuestion {
  name: string
  count: number
  keptName?: string
}

/** The question on screen; `id` stays while its count grows (one dialog, its checkbox kept). */
export interface ShownQuestion extends ConflictQuestion {
  id: number
}

/** The answer: a choice (for all the clashes asked about when `forAll`), or null: the upload is called off. */
export type ConflictAnswer = { choice: ConflictChoice; forAll: boolean } | null

interface Asked extends ConflictQuestion {
  id: number
  resolve: (answer: ConflictAnswer) => void
}

/** The question the dialog shows, or null. */
export const conflictQuestion = signal<ShownQuestion | null>(null)

let lastId = 0
const show = (asked: Asked | null) =>
  asked && { id: asked.id, name: asked.name, count: asked.count, keptName: asked.keptName }

const waiting: Asked[] = []
let shown: Asked | null = null

function next(): void {
  shown = waiting.shift() ?? null
  conflictQuestion.value = show(shown)
}

/**
 * Asks the user; resolves once they answered (questions asked meanwhile wait their turn).
 * `recount` changes how many clashes the answer may settle while the question is open.
 */
export function askConflict(question: ConflictQuestion): {
  answer: Promise<ConflictAnswer>
  recount: (n: number) => void
} {
  const id = ++lastId
  let asked!: Asked
  const answer = new Promise<ConflictAnswer>((resolve) => {
    asked = { ...question, id, resolve }
    waiting.push(asked)
    if (!shown) next()
  })
  const recount = (count: number) => {
    asked.count = count
    if (shown === asked) conflictQuestion.value = show(asked)
  }
  return { answer, recount }
}

/** The user answered the question on screen; the next one waiting comes up. */
export function answerConflict(answer: ConflictAnswer): void {
  const current = shown
  if (!current) return
  next()
  current.resolve(answer)
}

/** Calls off every question, shown or waiting (logout, tests). */
export function resetConflictQuestions(): void {
  const all = [shown, ...waiting.splice(0)]
  shown = null
  conflictQuestion.value = null
  for (const asked of all) asked?.resolve(null)
}
