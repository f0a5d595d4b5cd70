// The uploads' conflict dialog (DESIGN.md §8 "Versions"): shows the question an upload asked
// (state/upload-conflicts.ts), one at a time, and hands back the answer.
import { ConflictDialog } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { answerConflict, conflictQuestion } from '../../state/upload-conflicts.ts'
import { toastRegions } from '../toasts/toasts.tsx'
import { uploadCopy } from './upload-copy.ts'

const labels = uploadCopy.conflict

/** Render once (the upload panel host does). */
export function ConflictHost() {
  useSignals()
  const question = conflictQuestion.value
  if (!question) return null
  return (
    <ConflictDialog
      // Each question gets a dialog of its own, so "Do this for all" starts unticked.
      key={question.id}
      open
      name={question.name}
      count={question.count}
      keptName={question.keptName}
      labels={labels}
      onChoose={(choice, forAll) => answerConflict({ choice, forAll })}
      onCancel={() => answerConflict(null)}
      getPersistentElements={toastRegions}
    />
  )
}
