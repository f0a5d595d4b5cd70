// Drag and drop of files onto the file browser: an overlay while files hover, and a drop uploads
// them (a dropped folder as a folder upload) into the folder on screen.
import { css } from 'goober'
import { type DragEvent, type HTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react'
import { copy } from '../../copy-screens.ts'
import { vars } from '../../styles.ts'
import { toast } from '../toasts/toasts.tsx'
import { droppedJobs } from './dropped-files.ts'
import { runUploadJobs } from './start-uploads.ts'
import { useUploadRefetch } from './use-upload-refetch.ts'

// Fixed over the viewport and click-through, so the drop still lands on the zone under it.
const overlay = css`
  position: fixed;
  inset: 0;
  z-index: ${vars.zIndex.popover};
  display: flex;
  align-items: center;
  justify-content: center;
  pointer-events: none;
  background: ${vars.color.backdrop};
  color: ${vars.color.textOnMedia};
  font-size: ${vars.font.size.large};
  font-weight: ${vars.font.weight.semibold};
  outline: ${vars.borderWidth.thick} dashed ${vars.color.accent};
  outline-offset: calc(-1 * ${vars.space.large});
`

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files')

/**
 * Drop handlers for the area that accepts files, and the overlay to render inside it. `parent` is
 * null when the folder on screen does not exist: a drop there is refused up front, with a toast.
 */
export function useFileDrop(parent: string | null): { dropProps: HTMLAttributes<HTMLElement>; overlay: ReactNode } {
  const onUploaded = useUploadRefetch()
  const [hovering, setHovering] = useState(false)
  // dragenter/dragleave fire for every child crossed; the overlay goes when the count is back to 0.
  const depth = useRef(0)
  // A drag that started in this page (a card, a link, selected text) is not an upload, even when
  // the browser lists it with "Files" (Chromium does for dragged images).
  const internalDrag = useRef(false)

  useEffect(() => {
    const start = () => void (internalDrag.current = true)
    const end = () => void (internalDrag.current = false)
    // Files let go beside the drop zone (sidebar, header) would make the browser open the file in
    // place of the app: refuse them there. The zone's own handlers run first and mark theirs handled.
    const refuse = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || internalDrag.current || !carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none'
    }
    const onDrop = (event: globalThis.DragEvent) => {
      refuse(event)
      end()
    }
    document.addEventListener('dragstart', start)
    document.addEventListener('dragend', end)
    document.addEventListener('dragover', refuse)
    document.addEventListener('drop', onDrop)
    return () => {
      document.removeEventListener('dragstart', start)
      document.removeEventListener('dragend', end)
      document.removeEventListener('dragover', refuse)
      document.removeEventListener('drop', onDrop)
    }
  }, [])

  const accepts = (event: DragEvent) => !internalDrag.current && carriesFiles(event)

  const dropProps: HTMLAttributes<HTMLElement> = {
    onDragEnter(event) {
      if (!accepts(event)) return
      event.preventDefault()
      depth.current++
      setHovering(true)
    },
    onDragOver(event) {
      if (!accepts(event)) return
      // Cancelling dragover is what allows the drop.
      event.preventDefault()
      event.dataTransfer.dropEffect = 'copy'
    },
    onDragLeave(event) {
      if (!accepts(event)) return
      depth.current = Math.max(0, depth.current - 1)
      if (depth.current === 0) setHovering(false)
    },
    onDrop(event) {
      if (!accepts(event)) return
      // Without this the browser opens the dropped file in place of the app.
      event.preventDefault()
      depth.current = 0
      setHovering(false)
      const into = parent
      if (into === null) return void toast.error(copy.browser.folderMissingUpload)
      void droppedJobs(event.dataTransfer).then((jobs) => runUploadJobs(jobs, into, onUploaded))
    },
  }

  return {
    dropProps,
    overlay: hovering ? <div className={overlay}>{copy.browser.dropFiles}</div> : null,
  }
}
